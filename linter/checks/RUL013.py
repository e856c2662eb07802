"""RUL013: an instant or sorcery that puts itself onto the battlefield."""

from __future__ import annotations

import functools
import re
from typing import Iterable

from linter.catalogue import load
from linter.checks import api
from linter.checks._meaning import becomes_a_creature


# another object named between "this card" and "it": "it" may mean that one
_OTHER_OBJECT = re.compile(r"\b(?:creatures?|cards?|permanents?|artifacts?|enchantments?|lands?|tokens?|target)\b",
                           re.I)


_TO_BATTLEFIELD = re.compile(r"\b(?:onto|to) the battlefield\b")


@functools.lru_cache(maxsize=1)
def _reference_words() -> re.Pattern:
    """The words of an object that is a reference to another (rules_data/meaning.yaml): a
    pronoun, "that" or "those" (and the words of those determiners), a linked participle."""
    data = load("meaning")
    refs = data["references"]
    words = {*refs["pronouns"], *refs["that"]["words"], *refs["linked"]}
    for name in ("that", "those"):
        words.update(data["determiners"][name].get("words", [name]))
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b", re.I)


class SpellEntersBattlefield(api.FaceCheck):
    """An instant or sorcery whose text puts or returns the card itself onto the battlefield.

    ## What it does
    On an instant or sorcery face, reads each clause the parse finds that
    puts or returns an object onto the battlefield and reports it where that
    object is the card itself ("Return this card from your graveyard to the
    battlefield"). Cards with a permanent face (an adventurer, a modal
    double-faced card) and cards a keyword puts onto the battlefield as a
    creature (a set's own mechanic) are left alone.

    ## Why is this bad?
    Instants and sorceries can't enter the battlefield: one that would
    stays in the zone it was in (CR 304.4, 307.4). The ability does nothing;
    the card was probably meant to return to its owner's hand, or to be a
    permanent.

    ## Example
    ```yaml
    name: Phoenix Rite
    mana_cost: "{2}{R}"
    type_line: Sorcery
    oracle_text: "Phoenix Rite deals 3 damage to any target.\\nAt the beginning of your upkeep, if this card is in your graveyard, return it to the battlefield."
    ```

    ## Use instead
    ```yaml
    name: Phoenix Rite
    mana_cost: "{2}{R}"
    type_line: Sorcery
    oracle_text: "Phoenix Rite deals 3 damage to any target.\\nAt the beginning of your upkeep, if this card is in your graveyard, return it to your hand."
    ```

    ## Fix safety
    No automatic fix: where the card should go is the designer's call.
    """

    code = "RUL013"
    name = "spell-enters-battlefield"
    category = "rules"
    severity = "error"
    rules = ("304.4", "307.4")
    needs = ("type:Instant", "type:Sorcery")
    message = "{words!r} puts {kind} onto the battlefield, where it can never be: it stays where it is"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        masked = face.masked
        # "the battlefield" first: a plain search many times faster than the pattern's
        if not face.is_spell or "the battlefield" not in masked or not _TO_BATTLEFIELD.search(masked) \
                or not (face.self_refs or " it " in masked):
            return
        if any(f.is_permanent for f in face.card.faces) or not self._may_name_itself(face):
            return
        if not any(self._may_put_itself(face, a) for a in face.abilities):
            return  # no ability holds the words of a move onto the battlefield and of itself
        # the moves of the card itself first, whether it may become a creature only where there
        # is one (its patterns and keywords are read on every face that gets this far, a move
        # of the card itself is on few)
        kind = "an instant" if face.face.has_type("Instant") else "a sorcery"
        hits = []
        for view, clause in face.actions("put", "return"):
            if view.granted or clause.negated or clause.zone_to is None or clause.zone_to.zone != "battlefield":
                continue
            if any(self._itself(face, view.ability, o) for o in clause.objects):
                hits.append(face.hit(self, clause.start, clause.end, words=clause.text, kind=kind))
        if hits and not becomes_a_creature(face.card, face):
            yield from hits

    @staticmethod
    def _may_name_itself(face: api.FaceView) -> bool:
        """Whether an object of the text may be the card itself, asked before the meaning is
        read (see :meth:`_itself`): a self-reference outside reminder and quoted text, or words
        there that "it" may stand for ("this …", one of the face's names)."""
        if any(not face.in_aside(r.start, r.end) for r in face.self_refs):
            return True
        low = face.masked.casefold()
        return "this " in low or any(n.casefold() in low for n in face.self_names)

    @staticmethod
    def _may_put_itself(face: api.FaceView, ability: api.Ability) -> bool:
        """Whether a clause of the (not granted) ability may put the card itself onto the
        battlefield, asked before the meaning is read: its text holds "put" or "return" and
        "battlefield" (the clause lies within it), and a self-reference of the parse outside
        reminder and quoted text or a word of a reference (the object of the clause is one
        of them, see :meth:`_itself`)."""
        text = face.text
        low = text[ability.start:ability.end].lower()
        if "battlefield" not in low or ("put" not in low and "return" not in low):
            return False
        if any(s < ability.end and e > ability.start and not face.in_aside(s, e) for s, e in face.parsed.self_refs):
            return True
        return _reference_words().search(text, ability.start, ability.end) is not None

    @staticmethod
    def _itself(face: api.FaceView, ability: api.Ability, o: api.ObjectRef) -> bool:
        """Whether the object is the card itself: a self-reference outside quoted text, or "it"
        linked to one with no other object named between them."""
        if o.self_ref:
            return not face.in_aside(o.start, o.end)
        if o.reference is None:
            return False
        antecedent = ability.references[o.reference].antecedent
        if antecedent is None or face.in_aside(antecedent.start, antecedent.end):
            return False
        if not (face.is_self(antecedent.text) or face.self_at(antecedent.start, antecedent.end) is not None):
            return False
        return not _OTHER_OBJECT.search(face.masked, antecedent.end, o.start)
