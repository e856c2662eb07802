"""TPL003: a card that names itself where current Oracle text says "this creature" (or the reverse)."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from linter import config
from linter.checks._templating import (
    cap, data, face_names, holes, in_self_reference_window, inside, keep_name_before, self_noun,
    sentence_before, sentence_start, short_name, since,
)
from linter.checks._textutil import parsed_faces
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card, Face

_PLACEHOLDERS = ("~", "CARDNAME")
# the object on the stack: "Name costs {1} less", "cast Name", "Name can't be countered"
_SPELL_AFTER = re.compile(r"^(?:\s+costs?\b|\s+can't be countered\b|\s+was (?:kicked|bargained|cast)\b)")
_SPELL_BEFORE = re.compile(r"\b(?:[Cc]ast|[Cc]opy|[Cc]ounter)\s+$")
_FROM_ZONE_AFTER = re.compile(r"^\s+from (?:your|a|its owner's|their) (?:graveyard|hand|library)\b|^\s+from exile\b")
# the card in a hidden zone or the graveyard
_CARD_BEFORE = re.compile(r"\b(?:[Dd]iscard|[Rr]eveal|[Cc]ycle|[Ss]huffle)\s+$")
_CARD_AFTER = re.compile(r"^(?:'s?)?\s+(?:is|was) (?:in|put into) (?:your|a|its owner's|their|an opponent's) (?:graveyard|hand|library)|^\s+is in exile\b")
_ZONE_WORDS = re.compile(r"\b(?:graveyard|your hand|library|exile)\b")
# a characteristic-defining ability keeps the name ("Name's power is equal to …")
_CDA_AFTER = re.compile(r"^'s? (?:power|toughness)\b[^.\n]*\bequal")
_CLAUSE_SPLIT = re.compile(r"[.;:\n]")
_THIS = re.compile(r"[Tt]his (?P<noun>\w+)")


class SelfReferenceStyle(Check):
    """A card that refers to itself by name (or "~", "CARDNAME") where current Oracle text says "this creature".

    ## What it does
    With the setting ``self-reference = "this-object"`` (the default), finds a
    non-legendary card's own name and the placeholders "~" and "CARDNAME" in
    its rules text, outside reminder text and quoted abilities, and names the
    words current Oracle text uses: "this creature", "this artifact", "this
    Vehicle", "this Equipment", "this Aura", "this Saga", "this land" and so
    on from the card's types; "this card" where the ability works from the
    graveyard, the hand or the library; "this spell" for the object being cast
    ("this spell costs {1} less"). An instant or sorcery keeps its name where
    it is the source of an effect ("Name deals 3 damage"), as current Oracle
    text does, and so does a characteristic-defining ability ("Name's power is
    equal to …"). With ``self-reference = "name"`` (sets that keep names) it
    finds "~", "CARDNAME" and "this creature"-style words instead.

    Foundations (2024-11-15) printed new cards this way; the Oracle text of
    older cards followed with Aetherdrift (2025-02-14). A card whose set came
    out between those dates may use either form and is not flagged.

    ## Why is this bad?
    Text that refers to the object it is on by name means that object
    (CR 201.5), and so does "this creature" (CR 700.7): the meaning is the
    same, but a set reads alike only with one style.

    ## Example
    ```yaml
    name: Ember Pup
    type_line: Creature — Elemental Dog
    oracle_text: "When Ember Pup enters, it deals 1 damage to any target."
    ```

    ## Use instead
    ```yaml
    oracle_text: "When this creature enters, it deals 1 damage to any target."
    ```

    ## Fix safety
    The fix is safe where the words are certain: the card's one permanent type
    or subtype, "this spell" for the object being cast, the name for "~".
    "This card" (chosen from words about zones) and the noun of an object
    with two possible types (an artifact land) are unsafe, and so is turning
    "this creature" back into a name.
    """

    code = "TPL003"
    name = "self-reference-off-style"
    category = "templating"
    severity = "warning"
    rules = ("201.5", "700.7")
    fixable = True
    message = "{found!r} refers to the card itself: {style} {want!r}{since}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        style = config.active().self_reference
        for i, face in parsed_faces(card):
            text = face.oracle_text
            if style == "name":
                yield from self._name_style(card, i, face, text)
            else:
                yield from self._object_style(card, i, face, text)

    # -- "this creature" style -------------------------------------------------------------
    def _object_style(self, card: Card, i: int, face: Face, text: str) -> Iterator[Hit]:
        names = face_names(card, face)
        legendary = "Legendary" in face.supertypes
        window = in_self_reference_window(card)
        skip = holes(text)
        when = since(data()["self_reference"]["oracle_era"])
        for s, e in face.parsed.self_refs:
            found = text[s:e]
            placeholder = found in _PLACEHOLDERS
            if not placeholder and (found not in names or legendary or card.is_token or window):
                continue
            if inside(skip, s, e) or (not placeholder and keep_name_before(text, s)):
                continue
            choice = self._words_for(card, face, text, s, e, placeholder)
            if choice is None:
                continue
            want, safe = choice
            if want == found:
                continue
            if want.startswith("this ") and sentence_start(text, s):
                want = cap(want, True)
            fix = Fix(f"write {want!r}", [Edit(s, e, want)], safe=safe, face=i, field="oracle_text")
            style = "current Oracle text says" if want.lower().startswith("this ") else "write"
            yield self.hit(face=i, field="oracle_text", start=s, end=e, fix=fix, found=found,
                           style=style, want=want, since=when if style != "write" else "")

    def _words_for(self, card: Card, face: Face, text: str, s: int, e: int,
                   placeholder: bool) -> tuple[str, bool] | None:
        """The words for a self-reference at text[s:e] and whether the choice is certain."""
        before, after = text[max(0, s - 40):s], text[e:e + 80]
        name = (face.name or card.name or "").strip()
        if "Legendary" in face.supertypes:
            return (short_name(name) or name, True) if placeholder and name else None
        if _CDA_AFTER.match(after):
            return (name, True) if placeholder and name else None
        if _SPELL_AFTER.match(after) or (_SPELL_BEFORE.search(before) and not _FROM_ZONE_AFTER.match(after)):
            return "this spell", True
        if not face.is_permanent:
            return (name, True) if placeholder and name else None
        clause = sentence_before(text, s) + _CLAUSE_SPLIT.split(text[e:e + 60], 1)[0]
        if _CARD_BEFORE.search(before) or _CARD_AFTER.match(after) or _FROM_ZONE_AFTER.match(after) \
                or (_ZONE_WORDS.search(clause) and not re.match(r"^(?:'s)?\s+(?:enters|dies|deals|attacks|blocks|gets)", after)):
            return "this card", False
        noun, certain = self_noun(face)
        if noun is None:
            return None
        return f"this {noun}", certain

    # -- "name" style --------------------------------------------------------------------------
    def _name_style(self, card: Card, i: int, face: Face, text: str) -> Iterator[Hit]:
        name = (face.name or card.name or "").strip()
        if not name:
            return
        if "Legendary" in face.supertypes:
            name = short_name(name) or name
        skip = holes(text)
        nouns = {n["noun"] for n in data()["self_reference"]["nouns"]}
        for s, e in face.parsed.self_refs:
            found = text[s:e]
            if inside(skip, s, e):
                continue
            if found in _PLACEHOLDERS:
                fix = Fix(f"write {name!r}", [Edit(s, e, name)], safe=True, face=i, field="oracle_text")
            else:
                m = _THIS.fullmatch(found)
                if m is None or m.group("noun") not in nouns:
                    continue
                fix = Fix(f"write {name!r}", [Edit(s, e, name)], safe=False, face=i, field="oracle_text")
            yield self.hit(face=i, field="oracle_text", start=s, end=e, fix=fix, found=found,
                           style="this set names its cards (self-reference = \"name\"): write", want=name,
                           since="")
