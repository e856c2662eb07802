"""RUL011: "that creature" (or "that card", "those permanents") with nothing before it to refer to."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks import api
from linter.model import ObjectRef

#: the nouns of an object "that …" may refer back to (not players, types, names or colors)
_OBJECT_NOUNS = frozenset({"creature", "card", "permanent", "artifact", "enchantment", "land", "planeswalker",
                           "token", "battle", "aura", "equipment", "vehicle"})
# (the word boundary before "that" is tested after its first letter: the search skips at
# once to the next "T" or "t")
_THAT = re.compile(r"[Tt](?<!\w[Tt])h(?:at|ose) (?:creature|card|permanent|artifact|enchantment|land|planeswalker|token|"
                   r"battle|Aura|Equipment|Vehicle)s?\b")
# words before it that introduce an object the parse may not have read as one
_INTRODUCERS = re.compile(
    r"\b(?:target|creatures?|cards?|permanents?|artifacts?|enchantments?|lands?|planeswalkers?|tokens?|"
    r"battles?|spells?|enchanted|equipped|fortified|attached|attacking|blocking|sources?|it|they|them|"
    r"each|another|other|named|copy|copies)\b", re.I)


#: actions whose result an ability may go on to call "that creature" without naming it first
#: ("manifest dread, then put three +1/+1 counters on that creature")
_PRODUCING = frozenset({"create", "put", "return", "search", "reveal", "look", "draw", "mill", "discard", "cast",
                        "play", "exile", "sacrifice", "choose", "copy"})


class ThatObjectNeverIntroduced(api.FaceCheck):
    """"That creature" (or "that card", "those permanents") where nothing before it names one.

    ## What it does
    Finds each "that creature", "that card", "those permanents" … that the
    parse links to nothing, and reports it when no object at all stands
    before it on the face: no target, no trigger's subject, no cost that
    spends one, no object named in an earlier clause or ability (a creature
    type included), and no word that names an object ("enchanted",
    "attacking", "spell"). Only such a reference surely refers to nothing.

    ## Why is this bad?
    "That creature" refers back to an object the ability (or the effect
    that created it) already named (CR 608.2c). With nothing named before
    it, the ability has no object to act on and does nothing; the sentence
    that named the object was usually lost or reworded.

    ## Example
    ```yaml
    name: Cruel Reckoning
    mana_cost: "{1}{B}"
    type_line: Instant
    oracle_text: "Destroy that creature. You gain 2 life."
    ```

    ## Use instead
    ```yaml
    name: Cruel Reckoning
    mana_cost: "{1}{B}"
    type_line: Instant
    oracle_text: "Destroy target creature. You gain 2 life."
    ```

    ## Fix safety
    No automatic fix: the object meant is the designer's.
    """

    code = "RUL011"
    name = "that-object-never-introduced"
    category = "rules"
    severity = "error"
    rules = ("608.2c",)
    needs = ("text:that", "text:those")
    message = "{words!r} refers back to an object, but nothing before it on the card names one"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        if not face.mentions("that ", "those "):
            return  # no "that …" or "those …": most faces
        masked = face.masked
        first = _THAT.search(masked)
        if first is None or _INTRODUCERS.search(masked, 0, first.start()):
            return  # an object may be named before the first "that …": the parse need not be read
        for view, ref in face.references(unresolved=True):
            if ref.kind != "that" or ref.needs == "player":
                continue
            words = ref.text.lower().split(" ", 1)
            noun = words[-1].rstrip("s")
            if words[0] == "that" and words[-1].endswith("s"):
                continue  # "damage that creatures would deal": a relative "that"
            if noun not in _OBJECT_NOUNS or _INTRODUCERS.search(masked, 0, ref.start):
                continue
            if self._object_before(face, ref.start) or self._produced(view.ability, ref.start):
                continue
            yield face.hit(self, ref.start, ref.end, words=ref.text)

    @staticmethod
    def _produced(ability: api.Ability, pos: int) -> bool:
        """Whether an object of the ability stands before the reference or in its modes (the
        modes may name the targets "those cards" are), or an earlier action of it makes or
        finds one."""
        for clause in ability.clauses:
            if (clause.mode is not None or clause.end <= pos) and any(
                    isinstance(o, ObjectRef) and o.reference is None and o.determiner not in ("that", "those", "pronoun")
                   for o in (clause.subject, *clause.objects)):
                return True
            action = clause.action
            if clause.end <= pos and action is not None and (action.keyword_action or action.name in _PRODUCING):
                return True
        return bool(ability.modes)

    @staticmethod
    def _object_before(face: api.FaceView, pos: int) -> bool:
        """Whether the parse read an object anywhere on the face before ``pos``."""
        for view in face.walk():
            ability = view.ability
            if ability.start >= pos:
                break
            found: list = [o for o in ability.cost_objects if o is not None]
            trigger = ability.trigger
            if trigger is not None and trigger.clause is not None:
                found += [trigger.clause.subject, *trigger.clause.objects]
            for clause in ability.clauses:
                found += [clause.subject, *clause.objects]
            if any(isinstance(o, ObjectRef) and o.start < pos for o in found):
                return True
        return False
