"""TPL003: a card that names itself where current Oracle text says "this creature" (or the reverse)."""

from __future__ import annotations

import functools
import re
from typing import Iterable, Iterator

from linter import config
from linter.checks._templating import (
    ability_at, cap, card_in_zone, cast_time, data, in_self_reference_window, keep_name_before, keep_rule,
    legend_says_this, legend_this, self_noun, sentence_start, short_name, since,
)
from linter.checks import api
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card, Face

_PLACEHOLDERS = ("~", "CARDNAME")
_RETURN_BEFORE = re.compile(r"\b[Rr]eturn\s+$")


@functools.lru_cache(maxsize=1)
def _since() -> str:
    """Since when current Oracle text says "this creature" (worked out once)."""
    return since(data()["self_reference"]["oracle_era"])


class _Face:
    """What :meth:`SelfReferenceStyle._words_for` judges every self-reference of one face by:
    worked out once for the face, not once for each reference."""

    __slots__ = ("face", "legendary", "permanent", "subtypes", "keep_names", "placeholder_written", "name_kept",
                 "_noun")

    def __init__(self, card: Card, face: Face, legendary: bool, names: set[str]) -> None:
        self.face = face
        self.legendary = legendary
        self.permanent = face.is_permanent
        self.subtypes = face.subtypes
        self.keep_names = tuple(names) + _PLACEHOLDERS
        name = (face.name or card.name or "").strip()
        # "~" and "CARDNAME" as the name is written (a legend's short name)
        written = (short_name(name) or name) if legendary and name else name
        self.placeholder_written = (written, True) if name else None
        # a card whose current Oracle text keeps its name (keep_name rules on the name itself)
        self.name_kept = bool(name) and keep_rule("keep_name", name=name) is not None
        self._noun: tuple[str | None, bool] | None = None

    @property
    def noun(self) -> tuple[str | None, bool]:
        """:func:`self_noun` of the face (asked only where a reference needs it)."""
        if self._noun is None:
            self._noun = self_noun(self.face)
        return self._noun


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
    out between those dates may use either form and is not flagged, and
    neither are the few real cards whose current Oracle text still names
    them (``self_reference.keep_name`` in rules_data/templating.yaml).

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
    # both styles judge only the self-references the parse found
    needs = ("mark:self-ref",)
    message = "{found!r} refers to the card itself: {style} {want!r}{since}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        style = config.active().self_reference
        for view in api.card_faces(card):
            if style == "name":
                yield from self._name_style(card, view)
            else:
                yield from self._object_style(card, view)

    # -- "this creature" style -------------------------------------------------------------
    def _object_style(self, card: Card, view: api.FaceView) -> Iterator[Hit]:
        i, face, text = view.index, view.face, view.text
        if not view.self_refs:
            return  # the text never names itself
        # every name the face calls itself by is part of the face's or the card's name: a
        # reference that is part of neither is none of them, and the names (and whether the
        # face is legendary, whether its names are judged at all) are worked out only for a
        # face with a reference that may be one ("this creature" seldom is; half the faces
        # with a reference have only such words)
        spelled = (face.name or "", card.name or "")
        names: set[str] | None = None
        legendary = False
        # a token's names are not judged, nor those of a card whose set came out while both
        # styles were current (asked on the first reference by name)
        names_free: bool | None = None
        # what every reference of the face is judged by, worked out once for the face
        known: _Face | None = None
        for ref in view.self_refs:
            s, e, found = ref.start, ref.end, ref.text
            placeholder = ref.kind == "placeholder"
            if not placeholder:
                if found not in spelled[0] and found not in spelled[1]:
                    continue
                if names_free is None:
                    names_free = card.is_token or in_self_reference_window(card)
                if names_free:
                    continue
            if names is None:
                legendary = "Legendary" in face.supertypes
                names = self._names(view, legendary)
            if not placeholder and found not in names:
                continue
            if view.in_aside(s, e) or (not placeholder and keep_name_before(text, s)):
                continue
            if legendary and not placeholder and not legend_says_this(card, face, text, s, e, names):
                continue  # a legend's name is TPL004's to judge, but for "this spell" and "this card"
            if known is None:
                known = _Face(card, face, legendary, names)
            choice = self._words_for(known, text, s, e, placeholder)
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
                           style=style, want=want, since=_since() if style != "write" else "")

    @staticmethod
    def _names(view: api.FaceView, legendary: bool) -> set[str]:
        """The names by which the face's text calls itself, a legendary's short names too."""
        own = view.own_names
        names = set(own)
        if legendary:
            for n in own:  # short_name asked once a name
                short = short_name(n)
                if short:
                    names.add(short)
        return names

    @staticmethod
    def _words_for(known: "_Face", text: str, s: int, e: int, placeholder: bool) -> tuple[str, bool] | None:
        """The words for a self-reference at text[s:e] and whether the choice is certain."""
        face, legendary = known.face, known.legendary
        as_written = known.placeholder_written if placeholder else None
        if not placeholder and (known.name_kept or text[s:e] in known.subtypes):
            return as_written  # Oracle keeps this card's name; or the name is also a type
        spell = None if legendary else cast_time(face, text, s, e)
        if spell is False and not known.permanent:
            return as_written  # a spell's name for itself as the source of an effect, kept or not
        kept = keep_rule("keep_name", text=text, start=s, end=e, ability=ability_at(face, s),
                         names=known.keep_names)
        if kept is not None:
            return as_written  # Oracle keeps the name here
        if legendary:
            this = legend_this(face, text, s, e)
            return as_written if this is None else (this, this == "this spell")
        if spell:
            return "this spell", True
        if not known.permanent:
            return as_written
        if card_in_zone(text, s, e):
            return "this card", False
        noun, certain = known.noun
        if noun is None:
            return None
        # "return Name to its owner's hand": from the battlefield or from a graveyard?
        return f"this {noun}", certain and not _RETURN_BEFORE.search(text[max(0, s - 40):s])

    # -- "name" style --------------------------------------------------------------------------
    def _name_style(self, card: Card, view: api.FaceView) -> Iterator[Hit]:
        i, face = view.index, view.face
        name = (face.name or card.name or "").strip()
        if not name:
            return
        if "Legendary" in face.supertypes:
            name = short_name(name) or name
        nouns = {n["noun"] for n in data()["self_reference"]["nouns"]}
        for ref in view.self_refs:
            s, e, found = ref.start, ref.end, ref.text
            if view.in_aside(s, e):
                continue
            if ref.kind == "placeholder":
                fix = Fix(f"write {name!r}", [Edit(s, e, name)], safe=True, face=i, field="oracle_text")
            else:
                if ref.kind != "this" or found.split(" ", 1)[1] not in nouns:
                    continue
                fix = Fix(f"write {name!r}", [Edit(s, e, name)], safe=False, face=i, field="oracle_text")
            yield self.hit(face=i, field="oracle_text", start=s, end=e, fix=fix, found=found,
                           style="this set names its cards (self-reference = \"name\"): write", want=name,
                           since="")
