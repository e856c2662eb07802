"""Shared pieces of the templating checks (TPL*): the wording table, eras, sentence starts."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterator

from linter import tables
from linter.catalogue import CatalogueError, load
from linter.model import Ability, Card, Face

Span = tuple[int, int]


@functools.lru_cache(maxsize=1)
def data() -> dict:
    """rules_data/templating.yaml, schema-checked."""
    return load("templating")


def since(era: str | None) -> str:
    """' since Strixhaven (2021-04-23)' for an era key; '' for none."""
    if not era:
        return ""
    info = data()["eras"].get(era)
    if info is None:
        return ""
    return f" since {info['set']} ({info['date']})"


@dataclass(frozen=True)
class Phrasing:
    """One entry of the outdated-phrasing table."""

    id: str
    find: re.Pattern
    replace: str | None
    era: str | None
    safe: bool
    subject: tuple[str, ...]
    types: tuple[str, ...]
    after: re.Pattern | None
    note: str
    hints: tuple[str, ...] = ()
    rules: tuple[str, ...] = ("207.1",)


@functools.lru_cache(maxsize=1)
def phrasings() -> tuple[Phrasing, ...]:
    """The outdated-phrasing table, compiled once."""
    out = []
    for e in data()["phrasings"]:
        out.append(Phrasing(
            id=e["id"], find=re.compile(e["find"]), replace=e.get("replace"), era=e.get("era"),
            safe=bool(e["safe"]), subject=tuple(e.get("subject") or ()), types=tuple(e.get("types") or ()),
            after=re.compile(e["after"]) if e.get("after") else None, note=e["note"],
            hints=tuple(e.get("hints") or ()), rules=tuple(e.get("rules") or ("207.1",))))
    return tuple(out)


# -- places in rules text -------------------------------------------------------------

# Where a sentence starts: the text's start, a new line, after a full stop, a
# label's dash, a bullet, a cost's colon, an opening quote or parenthesis.
_STARTERS = re.compile(r"(?:^|\n|[.!?][\"”)]?\s+|[—–]\s+|•\s*|:\s+|[\"“(])\s*$")


def sentence_start(text: str, i: int) -> bool:
    """Whether position ``i`` of ``text`` starts a sentence."""
    return bool(_STARTERS.search(text, max(0, i - 4), i)) or i == 0


def cap(word: str, at_start: bool) -> str:
    return word[:1].upper() + word[1:] if at_start and word else word


#: the characters that end a sentence or the clause before it (a label's dash, a cost's colon)
_CLAUSE_ENDS = ".;:\n•—"


def sentence_before(text: str, i: int) -> str:
    """The text of the sentence (or clause after a label or cost) before position ``i``."""
    # a plain loop: the templating checks ask this of nearly every self-reference, and a
    # generator in max() costs more than the seven searches
    cut = -1
    for c in _CLAUSE_ENDS:
        at = text.rfind(c, 0, i)
        if at > cut:
            cut = at
    return text[cut + 1:i]


def line_before(text: str, i: int) -> str:
    return text[text.rfind("\n", 0, i) + 1:i]


# -- eras of a card ---------------------------------------------------------------------

def in_self_reference_window(card: Card) -> bool:
    """Whether the card's set came out while both self-reference styles were current."""
    rel = (card.released or "")[:10]
    if not rel:
        return False
    first, last = _window()
    return first <= rel <= last


@functools.lru_cache(maxsize=1)
def _window() -> tuple[str, str]:
    """The dates of self_reference.window, read once (every card with a self-reference asks)."""
    w = data()["self_reference"]["window"]
    return w["from"], w["until"]


# -- self-reference -----------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _nouns() -> tuple[tuple[str, str | None, str | None], ...]:
    return tuple((n["noun"], n.get("card_type"), n.get("subtype")) for n in data()["self_reference"]["nouns"])


def self_noun(face: Face) -> tuple[str | None, bool]:
    """The noun a permanent face uses for itself ("creature", "Vehicle"), and whether
    the choice is certain (an artifact land could say either)."""
    types, subs = face.card_types, face.subtypes
    chosen = None
    for noun, card_type, subtype in _nouns():
        if (card_type and card_type in types) or (subtype and subtype in subs):
            chosen = noun
            break
    if chosen is None:
        return None, False
    if chosen in ("land", "artifact", "enchantment"):
        plain = {"Land", "Artifact", "Enchantment"} & set(types)
        return chosen, len(plain) <= 1
    return chosen, True


def keep_name_before(text: str, start: int) -> bool:
    """A name right after "named", "transforms into" … names a card, not the object itself."""
    before = text[max(0, start - 24):start].rstrip().lower()
    return before.endswith(_keep_before())


@functools.lru_cache(maxsize=1)
def _keep_before() -> tuple[str, ...]:
    """self_reference.keep_before, as the tuple str.endswith takes."""
    return tuple(data()["self_reference"]["keep_before"])


@functools.lru_cache(maxsize=4096)
def short_name(name: str) -> str | None:
    """The conventional short name of a legendary ("Terra" for "Terra, Magical Adept");
    None for a name without a title, or one that lists several characters (worked out
    once per name: the checks ask it of every legendary face's names)."""
    if "," not in name or keep_rule("keep_full_name", name=name):
        return None
    short = _name_prefix().sub("", name.split(",", 1)[0].strip())  # "A-Kona, …" is Kona
    return short or None


@functools.lru_cache(maxsize=1)
def _name_prefix() -> re.Pattern:
    """Prefixes a file puts before a card's name that its text leaves out (Alchemy's "A-",
    a designer's collector code), as rules_data/self_reference.yaml lists them."""
    return re.compile("^(?:" + "|".join(load("self_reference")["name_prefixes"]) + ")")


@dataclass(frozen=True)
class KeepRule:
    """Where current Oracle text keeps a card's name (self_reference.keep_name)."""

    id: str
    where: str
    kinds: tuple[str, ...]
    pattern: str
    note: str
    #: literal strings one of which every match holds (none: the pattern always runs)
    hints: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # what search asks of the pattern, worked out once (frozen: set past __setattr__)
        object.__setattr__(self, "_self", "SELF" in self.pattern)
        object.__setattr__(self, "_names_as_written", self._self and "(?" + "i" not in self.pattern)
        object.__setattr__(self, "_plain", _keep_rx(self.pattern, ()))
        # the patterns of the quick tests below, looked up here once, not at every search
        object.__setattr__(self, "_tail", _after_self(self.pattern) if self._self else None)
        object.__setattr__(self, "_loose", _any_self(self.pattern) if self._self else None)
        # a match of _loose whose words for SELF are one of the names shows that the card's
        # pattern matches too, where SELF stands once and outside every group (as _after_self
        # reads the pattern): no repetition or alternation takes other words for it there, and
        # the rest of the pattern reads only the text
        object.__setattr__(self, "_witness", self._loose is not None and self._tail is not None)

    def rx(self, names: tuple[str, ...]) -> re.Pattern:
        # a pattern without SELF is compiled once, not once for every card's names
        return _keep_rx(self.pattern, names) if self._self and names else self._plain

    def search(self, names: tuple[str, ...], text: str) -> re.Match | None:
        """The pattern's first match in ``text``. Where none of the names stands in the
        text, SELF can match nothing there: the pattern without the names says the same,
        and is compiled once.  Where none of the rule's hints stands in the text, nothing
        matches, and the pattern is not run (most texts)."""
        names, _loose = self._names_to_try(names, text)
        return None if names is None else self.rx(names).search(text)

    def holds(self, names: tuple[str, ...], text: str) -> bool:
        """Whether the pattern matches in ``text`` (whether :meth:`search` finds a match), what
        :func:`keep_rule` asks.  Where the pattern with any words for SELF matches, and the
        words it took for SELF are one of the names, the pattern with the names matches too:
        the card's pattern (compiled once for each card, most of a rule's time) is compiled
        only where that does not tell."""
        names, loose = self._names_to_try(names, text)
        if names is None:
            return False
        if loose is not None and self._witness and loose.group("SELF") in names:
            return True
        return self.rx(names).search(text) is not None

    def _names_to_try(self, names: tuple[str, ...], text: str) -> tuple[tuple[str, ...] | None, re.Match | None]:
        """The names the pattern is to be tried with in ``text``, None where the quick tests
        show that it matches nothing there; and the match of the pattern with any words for
        SELF, where that test ran and found one."""
        if self.hints:
            for hint in self.hints:
                if hint in text:
                    break
            else:
                return None, None
        if not self._self:
            return (), None
        if names and self._names_as_written:
            if not any(n in text for n in names):
                names = ()
            else:
                tail = self._tail
                # where what follows SELF follows none of the names, the pattern with them
                # matches nothing, and need not be compiled for this card
                if tail is not None and not any(tail.match(text, at + len(n)) for n in names
                                                for at in _places(text, n)):
                    return None, None
        if names and self._loose is not None:
            # where the pattern matches nothing with any words at all for SELF, it matches
            # nothing with the card's names either: the card's pattern need not be compiled
            loose = self._loose.search(text)
            if loose is None:
                return None, None
            return names, loose
        return names, None


def _places(text: str, word: str) -> Iterator[int]:
    at = text.find(word)
    while at != -1:
        yield at
        at = text.find(word, at + 1)


# what makes a pattern match less where a part of it matches more: a negative lookaround,
# an atomic group or possessive quantifier, a backreference, a conditional group
_NOT_MONOTONE = re.compile(r"\(\?<?!|\(\?>|\(\?\(|\(\?P=|\\[1-9]|[*+?}]\+")


@functools.lru_cache(maxsize=64)
def _any_self(pattern: str) -> re.Pattern | None:
    """A keep rule's pattern with any text at all for SELF, which matches wherever the pattern
    with a card's names does; None where that does not hold or the pattern cannot be read so.
    Where SELF stands once, the group "SELF" holds the words a match took for it."""
    if _NOT_MONOTONE.search(pattern):
        return None
    anything = r"(?P<SELF>[\s\S]*?)" if pattern.count("SELF") == 1 else r"(?:[\s\S]*?)"
    try:
        return re.compile(pattern.replace("SELF", anything))
    except re.error:
        return None


@functools.lru_cache(maxsize=64)
def _after_self(pattern: str) -> re.Pattern | None:
    """The part of a keep rule's pattern after SELF, where SELF stands once, outside any
    group and alternation ("A SELF B": a match puts B right after one of the names);
    None for any other pattern."""
    if pattern.count("SELF") != 1:
        return None
    head, tail = pattern.split("SELF")
    if not (_top_level_plain(head) and _top_level_plain(tail)):
        return None
    try:
        re.compile(head)
        return re.compile(tail)
    except re.error:
        return None


def _top_level_plain(part: str) -> bool:
    """Whether ``part`` of a pattern closes every group it opens and has no "|" outside them."""
    depth, i, n = 0, 0, len(part)
    while i < n:
        ch = part[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":  # a character class: up to its closing bracket
            i += 1
            if i < n and part[i] == "^":
                i += 1
            if i < n and part[i] == "]":
                i += 1
            while i < n and part[i] != "]":
                i += 2 if part[i] == "\\" else 1
            if i >= n:
                return False
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return False
        elif ch == "|" and depth == 0:
            return False
        i += 1
    return depth == 0


@functools.lru_cache(maxsize=2)
def keep_rules(table: str) -> tuple[KeepRule, ...]:
    return tuple(_keep_rule_of(table, e) for e in data()["self_reference"][table])


@functools.lru_cache(maxsize=2)
def _name_rules(table: str) -> tuple[KeepRule, ...]:
    """The rules of ``table`` on the name itself (``where: name``), in the table's order."""
    return tuple(rule for rule in keep_rules(table) if rule.where == "name")


def _keep_rule_of(table: str, entry: dict) -> KeepRule:
    """One keep rule of the data: its pattern, or for ``names`` (``where: name`` only) the
    pattern of exactly those names, each name its own hint."""
    names = tuple(entry.get("names") or ())
    if bool(names) == ("pattern" in entry) or (names and entry["where"] != "name"):
        raise CatalogueError("templating.yaml", f"self_reference.{table}.{entry['id']}",
                             "a keep rule has a pattern or, with where: name, names (not both)")
    pattern = "^(?:" + "|".join(map(re.escape, names)) + ")$" if names else entry["pattern"]
    return KeepRule(entry["id"], entry["where"], tuple(entry.get("kinds") or ()), pattern, entry["note"],
                    tuple(entry.get("hints") or names))


@functools.lru_cache(maxsize=4096)
def _keep_rx(pattern: str, names: tuple[str, ...]) -> re.Pattern:
    if "SELF" in pattern:
        alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) or "(?!)"
        pattern = pattern.replace("SELF", f"(?:{alternation})")
    return re.compile(pattern)


def keep_rule(table: str, *, name: str = "", text: str = "", start: int = 0, end: int = 0,
              ability: Ability | None = None, names: tuple[str, ...] = ()) -> KeepRule | None:
    """The first rule of ``table`` by which text[start:end], a card's own name, stays a
    name; with only ``name`` given, the rules that look at the name itself."""
    if not text:
        # only a rule on the name itself reads anything here (the checks ask this of every
        # face's name): the rest of the table need not be gone through
        for rule in _name_rules(table):
            if rule.holds(names, name):
                return rule
        return None
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    # the text each kind of rule reads, cut once for every rule of the table
    before = text[line_start:start]
    after = text[end:line_end]
    own = text[ability.start:ability.end] if ability is not None else ""
    for rule in keep_rules(table):
        if rule.where == "name":
            if rule.holds(names, name):
                return rule
            continue
        if rule.kinds and (ability is None or ability.kind not in rule.kinds):
            continue
        if rule.where == "before":
            hit = rule.holds(names, before)
        elif rule.where == "after":
            hit = rule.holds(names, after)
        elif ability is None:
            hit = False
        elif rule.where == "ability":
            hit = rule.holds(names, own)
        else:  # granted
            hit = any(rule.holds(names, text[g.start:g.end]) for g in ability.walk() if g is not ability)
        if hit:
            return rule
    return None


def ability_at(face: Face, start: int) -> Ability | None:
    """The top-level ability of a face that holds position ``start``."""
    if face.parsed is None:
        return None
    for a in face.parsed.abilities:
        if a.start <= start < a.end:
            return a
    return None


@functools.lru_cache(maxsize=1)
def _spell_words() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    d = data()["self_reference"]
    return re.compile(d["spell_after"]), re.compile(d["instant_spell_after"]), re.compile(d["spell_before"])


# the name opens its clause ("Name costs {1} less", "If Name was kicked"), as the spell
# being cast does; "Spells that target Name cost {2} more" names a permanent
_SUBJECT_START = re.compile(r"^\s*(?:(?:[Ii]f|[Ww]hen|[Ww]henever|[Aa]s long as)\s+(?:[^.]*,\s*)?)?$")
FROM_ZONE_AFTER = re.compile(r"^\s+from (?:your|a|its owner's|their) (?:graveyard|hand|library)\b|^\s+from exile\b")


# the card in a hidden zone or the graveyard ("this card")
_CARD_BEFORE = re.compile(r"\b(?:[Dd]iscard|[Rr]eveal|[Cc]ycle|[Ss]huffle)\s+$")
_CARD_AFTER = re.compile(r"^(?:'s?)?\s+(?:is|was) (?:in|put into) (?:your|a|its owner's|their|an opponent's) "
                         r"(?:opening hand|graveyard(?! from the battlefield)|hand|library)|^\s+is in exile\b")
_ZONE_WORDS = re.compile(r"\b(?:graveyard|your hand|library|(?:in|from|into) exile|remains exiled)\b")


@functools.lru_cache(maxsize=4)
def _set_zones(zones: tuple[str, ...]) -> re.Pattern | None:
    if not zones:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(z) for z in sorted(zones, key=len, reverse=True)) + r")\b", re.I)


def _zone_words(text: str) -> bool:
    """Words about a zone other than the battlefield, the set's own zones included."""
    if _ZONE_WORDS.search(text):
        return True
    # the zones are asked at each call (a run declares a set's own); most sets invent none
    zones = tables.zones()
    own = _set_zones(zones) if zones else None
    return own is not None and own.search(text) is not None
# what the object does or has on the battlefield, whatever zone words stand near
_ON_BATTLEFIELD_AFTER = re.compile(
    r"^(?:'s)?\s+(?:enters|dies|deals|attacks|blocks|gets|gains|has|can't|leaves the battlefield"
    r"|is put into (?:a|your|its owner's) graveyard from the battlefield)\b")
_RETURN_BEFORE = re.compile(r"\b[Rr]eturn\s+$")
_ON_BATTLEFIELD_BEFORE = re.compile(r"\b(?:counters? on|attached to)\s+$")
# the phrase around a name, for words about zones: "…, where X is the number of times
# Name was kicked" says nothing of the graveyard the sentence's start mentions
_PHRASE_START = re.compile(r",\s")
_PHRASE_END = re.compile(r"[.;:\n,]")


def card_in_zone(text: str, s: int, e: int) -> bool:
    """Whether text[s:e], a card's name for itself, names the card in a graveyard, a hand,
    a library or exile ("this card"): "discard Name", "Return Name from your graveyard",
    "if Name is in your opening hand", words about those zones in the same phrase."""
    before, after = text[max(0, s - 40):s], text[e:e + 80]
    if _CARD_BEFORE.search(before) or _CARD_AFTER.match(after) or FROM_ZONE_AFTER.match(after):
        return True
    sentence = sentence_before(text, s)
    if _RETURN_BEFORE.search(before) and _zone_words(sentence):
        return True  # "When Name is put into a graveyard …, return Name to its owner's hand"
    phrase = _PHRASE_START.split(sentence)[-1] + _PHRASE_END.split(text[e:e + 60], 1)[0]
    return _zone_words(phrase) and not (_ON_BATTLEFIELD_AFTER.match(after)
                                                     or _ON_BATTLEFIELD_BEFORE.search(before))


_LEGEND_CARD_BEFORE = re.compile(r"\b(?:[Dd]iscard|[Rr]eveal)\s+$")
_LEGEND_CAST_BEFORE = re.compile(r"\b[Cc]ast\s+$")


def legend_this(face: Face, text: str, s: int, e: int) -> str | None:
    """"this spell" or "this card" where current Oracle text writes one of them for a
    legendary card's name (else it keeps its short name, also in a graveyard or exile):
    the spell whose cost changes or that can't be countered; the card cast from a zone,
    discarded or revealed."""
    after_rx, _instant_rx, _before_rx = _spell_words()
    before, after = text[max(0, s - 40):s], text[e:e + 80]
    if after_rx.match(after) and _SUBJECT_START.match(sentence_before(text, s)):
        return "this spell"
    if _LEGEND_CARD_BEFORE.search(before) or (_LEGEND_CAST_BEFORE.search(before) and FROM_ZONE_AFTER.match(after)):
        return "this card"
    return None


def legend_says_this(card: Card, face: Face, text: str, s: int, e: int, names) -> bool:
    """Whether a legendary card's name for itself at text[s:e] is one that current Oracle
    text writes "this spell" or "this card" (TPL003's finding, not TPL004's), unless a
    keep_name rule keeps the name there."""
    if legend_this(face, text, s, e) is None:
        return False
    return keep_rule("keep_name", text=text, start=s, end=e, ability=ability_at(face, s),
                     names=tuple(names)) is None


def cast_time(face: Face, text: str, s: int, e: int) -> bool:
    """Whether text[s:e], a card's name for itself, names the spell being cast ("this
    spell"): the subject of a cost change or of "can't be countered", on an instant or
    sorcery of "if … was kicked", or what "copy" copies (self_reference.spell_after,
    instant_spell_after and spell_before)."""
    after_rx, instant_rx, before_rx = _spell_words()
    before, after = text[max(0, s - 40):s], text[e:e + 80]
    # the face's types are asked last: the words after the name seldom are "was kicked"
    if after_rx.match(after) or (instant_rx.match(after) and not face.is_permanent):
        return bool(_SUBJECT_START.match(sentence_before(text, s)))
    return bool(before_rx.search(before)) and not card_in_zone(text, s, e)  # "cast this card from exile"


def small_numbers() -> tuple[str, ...]:
    return tuple(data()["small_numbers"])
