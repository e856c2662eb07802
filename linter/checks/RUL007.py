"""RUL007: a type change that makes a permanent lose its card types without saying it keeps them."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks import api
from linter.checks._meaning import CARD_TYPES, retains
from linter.model import ObjectRef

_PERMANENT_TYPES = CARD_TYPES - {"kindred"}
#: the card types a permanent made a creature is expected to keep: real cards that make a
#: planeswalker, an enchantment or a creature into something else do it on purpose (a
#: planeswalker's dragon form, a hidden enchantment that springs out as a creature, a creature
#: turned into a Treasure), but an animated land or artifact always stays one
_KEPT = frozenset({"land", "artifact"})


# where the description of what the object becomes ends: "a 3/3 creature with haste and …"
_DESCRIPTION_END = re.compile(r"\s(?:with|and|that|until|for|named)\s|,")
_WORD = re.compile(r"[a-z]+")
_BECOMES_CREATURE = re.compile(r"\bbecomes? [^.]{0,80}?\bcreatures?\b", re.I)
_LAND_OR_ARTIFACT = re.compile(r"\b(?:lands?|artifacts?)\b", re.I)
#: "creature" or "creatures" as :func:`_card_type_words` reads words (runs of letters)
_CREATURE_WORD = re.compile(r"(?<![a-z])creatures?(?![a-z])")


def _card_type_words(description: str) -> set[str]:
    """The card types named in what an object becomes ("a 2/2 artifact creature")."""
    head = _DESCRIPTION_END.split(description.lower(), 1)[0]
    return {w.rstrip("s") if w.rstrip("s") in CARD_TYPES else w for w in _WORD.findall(head)} & CARD_TYPES


class TypeChangeDropsCardTypes(api.FaceCheck):
    """A permanent that becomes a creature (or another card type) and so stops being what it was.

    ## What it does
    Reads each clause whose action is "become" and whose subject is the
    object itself or an object of known card types ("this land", "target
    artifact you control"). Where a land or an artifact becomes a creature
    ("a 3/3 Elemental creature") without its old card type, and the ability
    does not keep it ("It's still a land", "that's still a land", "in
    addition to its other types"), the clause is reported. Copy effects,
    changes of subtype only ("becomes an Island"), and the planeswalkers,
    enchantments and creatures that real cards turn into something else on
    purpose are left alone.

    ## Why is this bad?
    An effect that sets an object's card type replaces all its old card
    types unless it says the object keeps them (CR 205.1a, 205.1b). A land
    that "becomes a 3/3 Elemental creature" is no longer a land: it cannot
    be tapped for mana as a land, a land-count effect ignores it, and
    "destroy target land" cannot target it. The text almost always meant
    "It's still a land." (of several objects: "They're still lands."). The
    message quotes the card's words from "become" to the end of what the
    object becomes, and agrees with a plural subject.

    ## Example
    ```yaml
    name: Stirring Bluff
    type_line: Land
    oracle_text: "{T}: Add {R}.\\n{2}{R}: Until end of turn, this land becomes a 3/3 red Elemental creature with haste."
    ```

    ## Use instead
    ```yaml
    name: Stirring Bluff
    type_line: Land
    oracle_text: "{T}: Add {R}.\\n{2}{R}: Until end of turn, this land becomes a 3/3 red Elemental creature with haste. It's still a land."
    ```

    ## Fix safety
    No automatic fix: whether the permanent keeps its types is the designer's
    call (add "It's still a [type]." where it should).
    """

    code = "RUL007"
    name = "type-change-drops-card-types"
    category = "rules"
    severity = "warning"
    rules = ("205.1a", "205.1b")
    needs = ("text:become",)
    message = "{subject} {becomes}, which replaces {whose} card types: {lost} ({hint})"

    @staticmethod
    def _keeps_types(face: api.FaceView, ability: api.Ability, own: set[str]) -> bool:
        """Whether the ability, read before its meaning, cannot make a land or an artifact lose
        that type: the meaning layer reads no clause of it (a keyword), its effect has no
        "become" outside reminder text (the clauses of an ability are those of its effect) or
        no "creature" after one, or it keeps each card type of _KEPT that it may take away:
        the face's own where a self-reference of the parse stands before the last "become"
        (the subject of a clause stands before its verb), and those its words name there; a
        type it names before each "creature" after a "become" stays (:meth:`_named_before`)."""
        if ability.kind in ("keyword", "level", "unknown"):
            return True  # the meaning layer reads no clause of these
        text = face.text
        plain = face.plain
        body = ability.effect_start if ability.effect_start is not None else ability.start
        low = plain[body:ability.end].lower()
        last = low.rfind("bec")
        if last < 0:
            return True
        if "creature" not in low[low.find("bec"):]:
            return True  # what an object becomes is named after its verb
        # the subject of a "becomes" stands before its verb: a type named only after the last
        # one is what an object becomes ("becomes an artifact creature"), not what it was
        before = body + last if low.isascii() else ability.end
        itself = any(s < before and e > ability.start for s, e in face.parsed.self_refs)
        own_text = face.masked[ability.start:ability.end]
        creatures = [body + m.start() for m in _CREATURE_WORD.finditer(low, low.find("bec"))] if low.isascii() else []
        # its words: the letters of the type anywhere before the verb (a line glued to the one
        # before may start with the subject: "typesArtifact creature becomes …")
        named = text[ability.start:before].lower()
        return all(retains(own_text, {t}) or TypeChangeDropsCardTypes._named_before(text, creatures, t)
                   for t in sorted(_KEPT) if t in own and itself or t in named)

    @staticmethod
    def _named_before(text: str, creatures: list[int], kind: str) -> bool:
        """Whether the card type ``kind`` is the word before each "creature" at ``creatures``
        (those after a "become" of the effect), a word of its own: "becomes a 3/3 artifact
        creature".  What an object becomes is an object phrase that holds its "creature"; the
        phrase the parse reads holds the card type before it too (the meaning layer reads both
        as nouns, and an object phrase goes on over its nouns), so it stays that type."""
        if not creatures:
            return False
        n = len(kind)
        for at in creatures:
            start = at - n - 1
            if start < 1 or text[start:at].lower() != kind + " " or not text[start - 1].isspace():
                return False
        return True

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        masked = face.masked
        own = {t.lower() for t in face.card_types} & _PERMANENT_TYPES
        if not face.mentions("become") or not _BECOMES_CREATURE.search(masked) or not (own & _KEPT or _LAND_OR_ARTIFACT.search(masked)):
            return  # nothing becomes a creature, or nothing that is a land or an artifact
        if all(self._keeps_types(face, view.ability, own) for view in face.walk()):
            return  # every ability that may turn one into a creature says it stays one
        for view, clause in face.actions("become"):
            subject = clause.subject
            if clause.negated or not isinstance(subject, ObjectRef) or "copy" in clause.text.lower():
                continue
            became = next((o for o in clause.objects if o.start >= clause.action.end), None)
            new = _card_type_words(became.text) if became is not None else set()
            if not new:
                continue  # a subtype, a color, a copy: the card types stay
            if subject.self_ref:
                old = own
            elif subject.determiner in ("pronoun", "that", "those"):
                continue  # what it stands for is not certain
            else:
                old = {t.lower() for t in (*subject.types, subject.noun or "")} & _PERMANENT_TYPES
            lost = (old - new) & _KEPT
            if not lost or "creature" not in new or subject.alternatives or " or " in subject.text:
                continue
            ability = view.ability
            if retains(face.masked[ability.start:ability.end], lost):
                continue
            # the card's own words, from the verb to the end of what the object becomes
            becomes = face.text[clause.action.start:max(became.end, clause.action.end)]
            types = sorted(lost)
            if clause.action.verb.lower() == "become":  # "lands you control become …": they
                lost_words = " or ".join(f"{t}s" for t in types)
                whose, lost_clause = "their", f"they stop being {lost_words}"
                hint = f"write \"They're still {types[0]}s.\" if they should stay {lost_words}"
            else:
                lost_words = " or ".join(f"{'an' if t[0] in 'aeiou' else 'a'} {t}" for t in types)
                whose, lost_clause = "its", f"it stops being {lost_words}"
                hint = f"write \"It's still {lost_words.split(' or ')[0]}.\" if it should stay one"
            yield face.hit(self, clause.start, clause.end, subject=subject.text, becomes=becomes, whose=whose,
                           lost=lost_clause, hint=hint)
