"""Typed, cached views of the rule catalogue in ``rules_data/``.

Everything the parser and the checks know about keywords, ability words,
keyword actions, types and rule numbers comes from here, so adding a keyword
or a subtype is a change to a YAML file.  Every accessor loads its file once
(through :func:`linter.catalogue.load`, which checks the schema) and returns
the same object afterwards: treat the results as read-only.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Iterable

from linter.catalogue import load

__all__ = [
    "Keyword", "keywords", "custom_keywords", "find_keyword", "split_keyword", "ability_words", "keyword_actions",
    "TypeTables", "types", "RuleEntry", "rule_index", "cr_edition", "Term", "glossary", "rule_titles",
    "term_rules",
]


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword ability of CR 702 (see rules_data/keywords.yaml for the fields)."""

    name: str
    rule: str
    parameter: str  # none, cost, number, number-cost, quality, type, name, other
    kind: str  # static, activated, triggered, spell, characteristic
    types: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    reminder: str | None = None
    written: tuple[str, ...] = ()

    def allowed_on(self, card_types: Iterable[str]) -> bool:
        """Whether a printed keyword line makes sense on a face with these types.

        ``card_types`` holds the face's card types and subtypes (any case).
        A keyword without a restriction is allowed everywhere.
        """
        if not self.types:
            return True
        have = {t.lower() for t in card_types}
        return any(t.lower() in have for t in self.types)


# A set's own mechanics, declared in its configuration (see linter/config.py).
# They overlay the catalogue for one run; every accessor that depends on them
# is cached per version, so extending returns new tables rather than mutating.
_extension_version = 0
_custom_keywords: tuple[Keyword, ...] = ()
_custom_ability_words: frozenset[str] = frozenset()
_custom_subtypes: dict[str, frozenset[str]] = {}  # card type ("*": any) -> the set's own subtypes
_custom_supertypes: frozenset[str] = frozenset()
_custom_actions: frozenset[str] = frozenset()  # lower case
_custom_zones: tuple[str, ...] = ()  # lower case

#: the rule a keyword action the set invents cites: keyword actions in general
CUSTOM_ACTION_RULE = "701.1"

#: the rule a keyword the set invents cites: keyword abilities in general
CUSTOM_KEYWORD_RULE = "702.1"


def extend(custom_keywords: Iterable[dict] = (), ability_words: Iterable[str] = (),
           symbols: Iterable[str] = (), subtypes: dict[str, Iterable[str]] | None = None,
           supertypes: Iterable[str] = (), keyword_actions: Iterable[str] = (),
           zones: Iterable[str] = ()) -> None:
    """Declare a set's own keywords, ability words, subtypes (by card type, "*" for any),
    supertypes, keyword actions and zones for this run.

    Each call replaces the previous declaration.  ``symbols`` is accepted for
    the configuration's convenience; symbol checks read it from the config.
    """
    global _extension_version, _custom_keywords, _custom_ability_words, _custom_subtypes
    global _custom_supertypes, _custom_actions, _custom_zones
    _custom_keywords = tuple(
        Keyword(name=k["name"], rule=CUSTOM_KEYWORD_RULE, parameter=k.get("parameter") or "none",
                kind=k.get("kind") or "static", reminder=k.get("reminder"))
        for k in custom_keywords
    )
    _custom_ability_words = frozenset(w.lower() for w in ability_words)
    _custom_subtypes = {t: frozenset(names) for t, names in (subtypes or {}).items()}
    _custom_supertypes = frozenset(supertypes)
    _custom_actions = frozenset(a.lower() for a in keyword_actions)
    _custom_zones = tuple(z.lower() for z in zones)
    _extension_version += 1


def extension_version() -> int:
    """Changes whenever a set's declaration (:func:`extend`) does: a cache key."""
    return _extension_version


def zones() -> tuple[str, ...]:
    """The zones the set invents (lower case), beside the game's own."""
    return _custom_zones


def reset_extensions() -> None:
    """Forget what :func:`extend` declared."""
    extend()


def is_custom(keyword: Keyword) -> bool:
    """Whether a keyword was declared by the set rather than the catalogue."""
    return keyword in _custom_keywords


def custom_keywords() -> tuple[Keyword, ...]:
    """The keywords the set declared (its configuration's ``keywords``)."""
    return _custom_keywords


def keywords() -> dict[str, Keyword]:
    """Lower-case keyword name or alias -> :class:`Keyword` (the set's own included)."""
    return _keywords_for(_extension_version)


@functools.lru_cache(maxsize=4)
def _keywords_for(version: int) -> dict[str, Keyword]:
    if not _custom_keywords:
        return _catalogue_keywords()
    table = dict(_catalogue_keywords())
    for kw in _custom_keywords:
        table.setdefault(kw.name.lower(), kw)
    return table


@functools.lru_cache(maxsize=None)
def _catalogue_keywords() -> dict[str, Keyword]:
    table: dict[str, Keyword] = {}
    for entry in load("keywords")["keywords"]:
        kw = Keyword(
            name=entry["name"],
            rule=entry["rule"],
            parameter=entry["parameter"],
            kind=entry["kind"],
            types=tuple(entry.get("types") or ()),
            aliases=tuple(entry.get("aliases") or ()),
            reminder=entry.get("reminder"),
            written=tuple(entry.get("written") or ()),
        )
        for key in (kw.name, *kw.aliases):
            table.setdefault(key.lower(), kw)
    return table


def _names_longest_first() -> dict[str, tuple[str, ...]]:
    """The keyword names and aliases by their first letter, each group longest first."""
    return _names_for(_extension_version)


@functools.lru_cache(maxsize=4)
def _names_for(version: int) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for name in sorted(keywords(), key=len, reverse=True):
        out.setdefault(name[:1], []).append(name)
    return {initial: tuple(names) for initial, names in out.items()}


# Keywords whose variable part is written inside the word: "desertwalk",
# "wizardcycling", "snow landwalk", "Goblin offering".
_EMBEDDED = (
    (re.compile(r"[a-z][\w'’ -]*?walk\b", re.I), "landwalk"),
    (re.compile(r"[a-z][\w'’ -]*?cycling\b", re.I), "typecycling"),
    (re.compile(r"[a-z][\w'’ -]*? offering\b", re.I), "offering"),
)
_END = re.compile(r"$|[\s,;:.—–(]")


def find_keyword(text: str) -> tuple[Keyword, int] | None:
    """The keyword that ``text`` starts with, and how many characters name it.

    The longest name or alias wins ("hexproof from" over "hexproof"); the
    name must be followed by the end of the text, a space, a dash or
    punctuation.  The remaining characters are the keyword's parameter.
    """
    low = text.lower()
    table = keywords()
    for name in _names_longest_first().get(low[:1], ()):  # a name starts with the text's letter
        if low.startswith(name) and _END.match(low, len(name)):
            return table[name], len(name)
    for pattern, key in _EMBEDDED:
        m = pattern.match(text)
        if m and _END.match(low, m.end()) and len(m.group(0).split()) <= 3:
            return table[key], m.end()
    return None


_DASH = r"\s*[—–-]\s*"
_SHAPES = {
    "none": re.compile(r"\s*"),
    "number": re.compile(r"\s+(\d+|X)\s*"),
    # "{2}{R}", "—Pay 3 life", "legendary creature {1}" (a quality, then a mana cost at the end)
    "cost": re.compile(rf"(\s+\{{.*|{_DASH}\S.*|\s+[^{{\s][^{{.]*\s(\{{[^}}]+\}})+\s*)"),
    "number-cost": re.compile(rf"\s+(\d+|X){_DASH}\S.*"),
    "quality": re.compile(r"\s+\S.*"),
    "type": re.compile(r"\s+\S.*"),
    "name": re.compile(r"\s+\S.*"),
    "other": re.compile(rf"({_DASH}|\s+)\S.*"),
}
_QUALITY_NUMBER = re.compile(r"\s+([^\s\d][^,;]*\s+)?(\d+|X)\s*")


def split_keyword(item: str) -> tuple[Keyword, str] | None:
    """A whole keyword-line item as (keyword, parameter text), or None.

    Unlike :func:`find_keyword` the rest of ``item`` must fit the keyword's
    parameter shape: "Flying" and "Crew 3" fit, "Flying creatures you control
    get +1/+1" does not.  Reminder text must be removed first.
    """
    item = item.strip().rstrip(".")
    found = find_keyword(item)
    if found is None:
        return None
    kw, length = found
    rest = item[length:]
    embedded = kw.parameter in ("type", "cost") and any(w.startswith("[type]") for w in kw.written)
    if embedded and rest.strip() == "" and kw.parameter == "type":
        return kw, item[:length]  # "Desertwalk": the type is inside the word
    if not rest.strip() and (kw.name.lower() in (w.lower() for w in kw.written) or kw.parameter == "none"):
        return kw, ""
    if any(item.lower() == w.lower() for w in kw.written if "[" not in w):
        return kw, rest.strip().lstrip("—–-").strip()  # a form written out in full: "Modular—Sunburst"
    shape = _SHAPES[kw.parameter]
    if kw.parameter == "number" and any("[quality] [N]" in w for w in kw.written):
        shape = _QUALITY_NUMBER  # "Devour Food 3"
    if shape.fullmatch(rest):
        return kw, rest.strip().lstrip("—–-").strip()
    return None


def ability_words() -> frozenset[str]:
    """The ability words of CR 207.2c, lower-case (``"council's dilemma"``), and the set's own."""
    return _ability_words_for(_extension_version)


@functools.lru_cache(maxsize=4)
def _ability_words_for(version: int) -> frozenset[str]:
    return _catalogue_ability_words() | _custom_ability_words


@functools.lru_cache(maxsize=None)
def _catalogue_ability_words() -> frozenset[str]:
    return frozenset(w.lower() for w in load("ability_words")["ability_words"])


def keyword_actions() -> dict[str, str]:
    """Lower-case keyword action (CR 701.x) -> its rule number (the set's own included)."""
    return _actions_for(_extension_version)


@functools.lru_cache(maxsize=4)
def _actions_for(version: int) -> dict[str, str]:
    table = {e["name"].lower(): e["rule"] for e in load("keyword_actions")["keyword_actions"]}
    for name in _custom_actions:
        table.setdefault(name, CUSTOM_ACTION_RULE)
    return table


@dataclass(frozen=True, slots=True)
class TypeTables:
    """Supertypes, card types and subtypes as printed on type lines (capitalised)."""

    supertypes: frozenset[str]
    card_types: frozenset[str]
    subtypes: dict[str, frozenset[str]]  # card type -> its subtypes
    basic_land_types: frozenset[str] = field(default_factory=frozenset)

    def all_subtypes(self) -> frozenset[str]:
        return frozenset().union(*self.subtypes.values())

    def subtypes_of(self, card_type: str) -> frozenset[str]:
        return self.subtypes.get(card_type.capitalize(), frozenset())

    def card_types_of(self, subtype: str) -> frozenset[str]:
        """The card types a subtype belongs to (empty when it is no subtype)."""
        return frozenset(t for t, names in self.subtypes.items() if subtype in names)


def types() -> TypeTables:
    """The type tables of the rules (and the set's own subtypes and supertypes)."""
    return _types_for(_extension_version)


@functools.lru_cache(maxsize=4)
def _types_for(version: int) -> TypeTables:
    data = load("types")
    subtypes: dict[str, set[str]] = {}
    for family in data["subtypes"].values():
        for card_type in family["card_types"]:
            subtypes.setdefault(card_type, set()).update(family["names"])
    card_types = frozenset(data["card_types"])
    for card_type, names in _custom_subtypes.items():
        for t in (card_types if card_type == "*" else (card_type,)):
            subtypes.setdefault(t, set()).update(names)
    return TypeTables(
        supertypes=frozenset(data["supertypes"]) | _custom_supertypes,
        card_types=card_types,
        subtypes={t: frozenset(n) for t, n in subtypes.items()},
        basic_land_types=frozenset(data.get("basic_land_types") or ()),
    )


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """A rule the project cites: its number, a title and a summary in our words."""

    number: str
    title: str
    summary: str
    cr_title: bool = False  # the title is the CR's own heading for this number


@functools.lru_cache(maxsize=None)
def rule_index() -> dict[str, RuleEntry]:
    """CR number -> :class:`RuleEntry`, for every number the project cites."""
    return {
        e["number"]: RuleEntry(e["number"], e["title"], e["summary"], bool(e.get("cr_title", False)))
        for e in load("rules_index")["rules"]
    }


@functools.lru_cache(maxsize=None)
def cr_edition() -> str:
    """The ISO date of the CR edition the catalogue was verified against."""
    return str(load("edition")["effective"])


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary term of the Comprehensive Rules (see rules_data/vocabulary.yaml)."""

    term: str  # the CR's headword
    names: tuple[str, ...]  # lower-case names the headword lists
    rules: tuple[str, ...]  # the rules its definition points to, or those of the entries it refers to
    see: tuple[str, ...] = ()
    obsolete: bool = False


@functools.lru_cache(maxsize=None)
def glossary() -> dict[str, Term]:
    """Headword -> :class:`Term` for every glossary entry of the pinned CR edition.

    A term whose definition only refers to other entries ("Deal": see
    Damage) takes their rules.
    """
    entries = load("vocabulary")["terms"]
    own = {e["term"]: tuple(e.get("rules") or ()) for e in entries}
    see = {e["term"]: tuple(e.get("see") or ()) for e in entries}

    def resolved(term: str, seen: tuple[str, ...] = ()) -> tuple[str, ...]:
        if own.get(term):
            return own[term]
        out: list[str] = []
        for other in see.get(term, ()):
            if other not in seen:
                out.extend(r for r in resolved(other, (*seen, term)) if r not in out)
        return tuple(out)

    return {
        e["term"]: Term(e["term"], tuple(e["names"]), resolved(e["term"]), see[e["term"]], bool(e.get("obsolete")))
        for e in entries
    }


@functools.lru_cache(maxsize=None)
def rule_titles() -> dict[str, str]:
    """CR number -> the CR's own title, for every titled rule of the pinned edition."""
    return dict(load("vocabulary")["titles"])


def term_rules(name: str) -> tuple[str, ...]:
    """The rules of a glossary headword or of a titled rule's title ("Upkeep Step", "Drawing a Card").

    Raises KeyError for a name that is neither, or a title that several rules share.
    """
    found = glossary().get(name)
    if found is not None:
        return found.rules
    numbers = [n for n, t in rule_titles().items() if t == name]
    if len(numbers) != 1:
        raise KeyError(f"{name!r} is no glossary term and no unique CR title")
    return (numbers[0],)
