"""The card model every reader fills and every check reads.

It is shaped after Scryfall's card object.  Every field is optional and an
absent field (``None``) is not an empty one: a check never reports a
mismatch against a field the file does not have.  ``locs`` remembers where
each field's value stands in the source file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from linter.source import Loc, SourceFile

COLORS = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})
CARD_TYPES = frozenset({
    "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
    "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery",
    "Tribal", "Vanguard", "Emblem",
})
PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})

_TYPE_DASH = re.compile(r"\s+[—–-]{1,3}\s+|\s+[—–]\s*|\s*[—–]\s+")


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], bool]:
    """Split a single face's type line into supertypes, card types, subtypes.

    Accepts the em dash and the plain hyphen that some exports use.  The last
    element says whether the line starts with "Token".
    """
    parts = _TYPE_DASH.split(type_line.strip(), maxsplit=1)
    left = parts[0].split()
    right = parts[1].split() if len(parts) > 1 else []
    token = False
    supers: list[str] = []
    types: list[str] = []
    for word in left:
        if word == "Token":
            token = True
        elif word in SUPERTYPES:
            supers.append(word)
        else:
            types.append(word)
    return tuple(supers), tuple(types), tuple(right), token


@dataclass(slots=True)
class CostPart:
    """One part of an activated ability's cost."""

    kind: str  # mana, tap, untap, loyalty, sacrifice, discard, life, exile, counters, tap-creatures, other
    text: str
    start: int
    end: int


@dataclass(slots=True)
class Phrase:
    """A phrase of rules text that invokes Comprehensive Rules numbers."""

    label: str
    text: str
    start: int
    end: int
    rules: tuple[str, ...]


@dataclass(slots=True)
class Ability:
    """One ability (or keyword) of a face's rules text.

    Offsets are character offsets into the face's ``oracle_text``, also for
    granted abilities (quoted text inside another ability).
    """

    kind: str  # keyword, activated, loyalty, triggered, chapter, static, spell, level, unknown
    text: str
    start: int
    end: int
    keyword: str | None = None  # canonical keyword name for kind == "keyword"
    parameter: str | None = None  # the keyword's parameter as written ("{2}", "from red")
    ability_word: str | None = None
    cost: list[CostPart] = field(default_factory=list)
    effect_start: int | None = None  # where the effect starts (after "cost:" or the trigger)
    mana_ability: bool = False
    adds_mana: bool = False
    has_target: bool = False
    chapters: tuple[int, ...] = ()
    rules: tuple[str, ...] = ()
    phrases: list[Phrase] = field(default_factory=list)
    granted: list["Ability"] = field(default_factory=list)
    modes: list[tuple[int, int]] = field(default_factory=list)  # bullet choices
    line: int = 0  # index of the text line the ability is on

    def walk(self) -> Iterator["Ability"]:
        """This ability and every ability it grants, depth first."""
        yield self
        for g in self.granted:
            yield from g.walk()


@dataclass(slots=True)
class ParsedText:
    """What the NLP pipeline found in one face's rules text."""

    text: str
    abilities: list[Ability] = field(default_factory=list)
    self_refs: list[tuple[int, int]] = field(default_factory=list)
    reminders: list[tuple[int, int]] = field(default_factory=list)
    phrases: list[Phrase] = field(default_factory=list)

    def walk(self) -> Iterator[Ability]:
        for a in self.abilities:
            yield from a.walk()

    def in_reminder(self, start: int, end: int | None = None) -> bool:
        end = start if end is None else end
        return any(s <= start and end <= e for s, e in self.reminders)


@dataclass(eq=False)
class Face:
    name: str | None = None
    mana_cost: str | None = None  # Oracle form: "{1}{R}"; "" means the face has no mana cost
    type_line: str | None = None
    oracle_text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: tuple[str, ...] | None = None
    color_indicator: tuple[str, ...] | None = None
    cmc: float | None = None
    flavor_text: str | None = None
    locs: dict[str, Loc] = field(default_factory=dict, repr=False)
    parsed: ParsedText | None = field(default=None, repr=False)
    _types: tuple | None = field(default=None, repr=False)

    def _split(self) -> tuple:
        if self._types is None:
            self._types = split_type_line(self.type_line or "")
        return self._types

    @property
    def supertypes(self) -> tuple[str, ...]:
        return self._split()[0]

    @property
    def card_types(self) -> tuple[str, ...]:
        return self._split()[1]

    @property
    def subtypes(self) -> tuple[str, ...]:
        return self._split()[2]

    def has_type(self, *types: str) -> bool:
        return any(t in self.card_types for t in types)

    @property
    def is_permanent(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.card_types)


@dataclass(eq=False)
class Card:
    """A card: one or more faces and the card-level fields."""

    name: str | None = None
    layout: str | None = None  # normal, transform, modal_dfc, split, adventure, flip, meld, saga, token, ...
    faces: list[Face] = field(default_factory=list)
    color_identity: tuple[str, ...] | None = None
    cmc: float | None = None
    keywords: tuple[str, ...] | None = None
    is_token: bool = False
    set_code: str | None = None
    released: str | None = None  # ISO date of the set, where the file says
    # what the file says of the product the card comes from (Scryfall's names), where it says
    set_type: str | None = None  # "expansion", "funny", "alchemy", "memorabilia", ...
    digital: bool | None = None
    border_color: str | None = None  # "black", "silver", "gold", ...
    security_stamp: str | None = None  # "oval", "acorn", "triangle", ...
    promo_types: tuple[str, ...] | None = None  # "playtest", "prerelease", ...
    source: SourceFile | None = field(default=None, repr=False)
    loc: Loc | None = field(default=None, repr=False)  # where the card's entry starts
    locs: dict[str, Loc] = field(default_factory=dict, repr=False)
    extra: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def front(self) -> Face:
        return self.faces[0]

    def field_loc(self, face: int | None, name: str | None) -> Loc | None:
        """The location of a field, falling back to the face's and the card's start."""
        if face is not None and 0 <= face < len(self.faces):
            f = self.faces[face]
            if name and name in f.locs:
                return f.locs[name]
            if "name" in f.locs:
                return f.locs["name"]
        if name and name in self.locs:
            return self.locs[name]
        return self.loc


# Mana cost helpers ---------------------------------------------------------

SYMBOL_RE = re.compile(r"\{([^{}]*)\}")


def cost_symbols(cost: str) -> list[str]:
    """The symbols of a braced mana cost ("{2}{G/W}" -> ["2", "G/W"])."""
    return SYMBOL_RE.findall(cost or "")


def symbol_mana_value(symbol: str) -> float:
    """The mana value of one mana symbol (CR 202.3): X counts 0, hybrid its
    largest part, Phyrexian one, half mana one half."""
    s = symbol.upper()
    if s.isdigit():
        return float(int(s))
    if s in ("X", "Y", "Z"):
        return 0.0
    if s.startswith("H"):
        return 0.5
    if s == "½":
        return 0.5
    if s == "∞":
        return float("inf")
    if "/" in s:
        parts = [p for p in s.split("/") if p != "P"]
        if not parts:
            return 1.0
        return max(symbol_mana_value(p) for p in parts)
    if s in ("W", "U", "B", "R", "G", "C", "S"):
        return 1.0
    return 0.0


def mana_value(cost: str | None) -> float:
    return sum(symbol_mana_value(s) for s in cost_symbols(cost or ""))


def symbol_colors(symbol: str) -> set[str]:
    """The colors a mana symbol carries (hybrid and Phyrexian included)."""
    s = symbol.upper()
    if len(s) == 2 and s[0] == "H" and s[1] in COLORS:  # half mana, {HR}
        return {s[1]}
    return {c for c in s.split("/") if c in COLORS}


def cost_colors(cost: str | None) -> set[str]:
    out: set[str] = set()
    for s in cost_symbols(cost or ""):
        out |= symbol_colors(s)
    return out


def order_colors(colors) -> tuple[str, ...]:
    present = set(colors)
    return tuple(c for c in COLORS if c in present)


__all__ = [
    "Ability", "Card", "CostPart", "Face", "Loc", "ParsedText", "Phrase", "SourceFile",
    "COLORS", "COLOR_NAMES", "cost_symbols", "cost_colors", "mana_value", "order_colors",
    "split_type_line", "symbol_colors", "symbol_mana_value",
]
