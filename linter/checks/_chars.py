"""Type lines split into words with offsets, the conventional order of colors and mana
symbols, and characteristic-defining phrases: shared by the CHR, TYP and MAN checks."""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, TypeVar

from linter.catalogue import CatalogueError, load
from linter.checks.api import face_view, plain_text
from linter.diagnostics import Edit, Fix
from linter.model import COLORS, Card, Face, cost_symbols
from linter.tables import extension_version, types

T = TypeVar("T")

# -- the data ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class CharData:
    """rules_data/characteristics.yaml together with the type tables of types.yaml."""

    supertypes: frozenset[str]
    card_types: frozenset[str]
    subtypes: dict[str, frozenset[str]]  # card type -> subtypes (CR lists + additional)
    retired_types: dict[str, str]
    retired_subtypes: dict[str, str]
    odd_supertypes: frozenset[str]  # printed only outside the tournament card pool
    odd_card_types: dict[str, str]  # ... and the card type each stands for
    odd_subtypes: dict[str, frozenset[str]]
    markers: frozenset[str]
    summon_without_dash: frozenset[str]
    rank: dict[str, int]
    pt_subtypes: frozenset[str]
    creature_patterns: tuple[str, ...]
    pt_patterns: tuple[str, ...]
    x_patterns: tuple[re.Pattern, ...]
    multiword: tuple[str, ...] = field(default=())  # multi-word subtypes, longest first

    def types_of(self, subtype: str) -> frozenset[str]:
        """The card types a subtype belongs to (CR lists and additional ones)."""
        found = self._types_of.get(subtype)
        if found is None:
            found = self._types_of[subtype] = frozenset(t for t, names in self.subtypes.items() if subtype in names)
        return found

    def odd_types_of(self, subtype: str) -> frozenset[str]:
        found = self._odd_types_of.get(subtype)
        if found is None:
            found = self._odd_types_of[subtype] = frozenset(t for t, names in self.odd_subtypes.items()
                                                           if subtype in names)
        return found

    # the answers of types_of and odd_types_of already given (type lines repeat their words)
    @functools.cached_property
    def _types_of(self) -> dict[str, frozenset[str]]:
        return {}

    @functools.cached_property
    def _odd_types_of(self) -> dict[str, frozenset[str]]:
        return {}

    @functools.cached_property
    def all_subtypes(self) -> frozenset[str]:
        return frozenset().union(*self.subtypes.values())

    @functools.cached_property
    def all_odd_subtypes(self) -> frozenset[str]:
        return frozenset().union(*self.odd_subtypes.values()) if self.odd_subtypes else frozenset()

    def type_word(self, word: str) -> str | None:
        """The card type a word before the dash stands for (None if it is none)."""
        if word in self.card_types:
            return word
        return self.retired_types.get(word) or self.odd_card_types.get(word)

    def is_head_word(self, word: str) -> bool:
        """Whether a word may stand before the dash: a supertype, a card type, "Token"."""
        return (word == "Token" or word in self.supertypes or word in self.odd_supertypes
                or self.type_word(word) is not None or word in self.markers)


def char_data() -> CharData:
    """The type tables and characteristics.yaml (with the set's own subtypes and supertypes)."""
    return _char_data_for(extension_version())


@functools.lru_cache(maxsize=4)
def _char_data_for(version: int) -> CharData:
    data = load("characteristics")
    tables = types()
    subtypes = {t: set(names) for t, names in tables.subtypes.items()}
    for t, names in (data["additional_subtypes"] or {}).items():
        subtypes.setdefault(t, set()).update(names)
    rank: dict[str, int] = {}
    for k, group in enumerate(data["order"]):
        for word in group:
            rank[word] = k
    pt_patterns = tuple(data["cda"]["power_toughness"])
    creature_patterns = tuple(data["printed_pt"]["becomes_creature"] or ())
    for where, patterns in (("cda.power_toughness", pt_patterns), ("printed_pt.becomes_creature", creature_patterns)):
        for p in patterns:
            try:
                re.compile(p.replace("SELF", "x"))
            except re.error as exc:
                raise CatalogueError("characteristics.yaml", where, str(exc)) from None
    try:
        x_patterns = tuple(re.compile(p, re.I) for p in data["cda"]["x"])
    except re.error as exc:
        raise CatalogueError("characteristics.yaml", "cda.x", str(exc)) from None
    all_sub = set().union(*subtypes.values())
    odd_sub = {t: frozenset(n) for t, n in (data["nontraditional"]["subtypes"] or {}).items()}
    multi = {s for s in all_sub | set().union(*odd_sub.values()) if " " in s}
    return CharData(
        supertypes=tables.supertypes,
        card_types=tables.card_types,
        subtypes={t: frozenset(n) for t, n in subtypes.items()},
        retired_types=dict(data["retired"]["card_types"] or {}),
        retired_subtypes=dict(data["retired"]["subtypes"] or {}),
        odd_supertypes=frozenset(data["nontraditional"]["supertypes"] or ()),
        odd_card_types=dict(data["nontraditional"]["card_types"] or {}),
        odd_subtypes=odd_sub,
        markers=frozenset(data["markers"] or ()),
        summon_without_dash=frozenset(data["nontraditional"].get("summon_without_dash") or ()),
        rank=rank,
        pt_subtypes=frozenset(data["printed_pt"]["subtypes"] or ()),
        creature_patterns=creature_patterns,
        pt_patterns=pt_patterns,
        x_patterns=x_patterns,
        multiword=tuple(sorted(multi, key=len, reverse=True)),
    )


# -- type lines -------------------------------------------------------------------------

#: the separator between types and subtypes, in every form seen in card files
_SEPARATOR = re.compile(r"\s*[—–]+\s*|\s+-{1,3}\s+|\s+-{1,3}(?=\S)|(?<=\S)-{2,3}\s*")
_WORD = re.compile(r"\S+")


@dataclass
class Word:
    text: str
    start: int
    end: int

    @property
    def key(self) -> str:
        """The word with typographic apostrophes made plain (as the tables write them)."""
        return self.text.replace("’", "'")


@dataclass
class TypeLine:
    """One type line (of one face) split into words with their offsets.

    ``head`` holds the words before the separator, ``subtypes`` the subtypes after
    it (multi-word subtypes as one word).  When the separator is missing but
    known subtypes follow the types, ``subtypes`` holds them and ``dashless`` is
    True.
    """

    text: str
    offset: int  # where this face's part starts in the field (for "A // B" lines)
    head: list[Word]
    separator: Word | None
    subtypes: list[Word]
    dashless: bool = False

    def card_types(self, data: CharData | None = None) -> set[str]:
        """The card types the head words stand for (retired and nontraditional names mapped)."""
        data = data or char_data()
        out = set()
        for w in self.head:
            t = data.type_word(w.text)
            if t:
                out.add(t)
        return out

    def unknown_head(self, data: CharData | None = None) -> list[Word]:
        data = data or char_data()
        return [w for w in self.head if not data.is_head_word(w.text)]

    def is_marker(self, data: CharData | None = None) -> bool:
        """An entry that is no game card with a type line (art card, emblem, counter)."""
        data = data or char_data()
        return any(w.text in data.markers for w in self.head)


def split_parts(type_line: str) -> list[tuple[str, int]]:
    """The parts of a type line written "A // B", each with its offset."""
    out = []
    pos = 0
    for part in type_line.split("//"):
        lead = len(part) - len(part.lstrip())
        out.append((part.strip(), pos + lead))
        pos += len(part) + 2
    return out


def parse_type_line(text: str, offset: int = 0, *, plane: bool | None = None) -> TypeLine:
    """Split one face's type line (no "//") into head words, separator and subtypes."""
    data = char_data()
    m = _SEPARATOR.search(text)
    if m is not None:
        left, right = text[:m.start()], text[m.end():]
        head = [Word(w.group(), offset + w.start(), offset + w.end()) for w in _WORD.finditer(left)]
        sep = Word(m.group(), offset + m.start(), offset + m.end())
        right_off = offset + m.end()
        is_plane = plane if plane is not None else any(w.text == "Plane" for w in head)
        return TypeLine(text, offset, head, sep, _subtype_words(right, right_off, data, is_plane))
    words = [Word(w.group(), offset + w.start(), offset + w.end()) for w in _WORD.finditer(text)]
    # no separator: the head ends at the first word that is no type word but a known subtype
    for k, w in enumerate(words):
        if w.text in data.summon_without_dash and k + 1 < len(words) and not data.is_head_word(words[k + 1].text):
            # "Summon Licid": the old creature cards printed their subtypes without a dash
            rest = words[k + 1:]
            subs = _subtype_words(text[rest[0].start - offset:], rest[0].start, data, False)
            return TypeLine(text, offset, words[:k + 1], None, subs)
        if data.is_head_word(w.text):
            continue
        if k > 0 and is_known_subtype(w.key, data):
            rest = words[k:]
            right_text = text[rest[0].start - offset:]
            subs = _subtype_words(right_text, rest[0].start, data, any(x.text == "Plane" for x in words[:k]))
            return TypeLine(text, offset, words[:k], None, subs, dashless=True)
        break
    return TypeLine(text, offset, words, None, [])


def _subtype_words(text: str, offset: int, data: CharData, plane: bool) -> list[Word]:
    stripped = text.strip()
    if not stripped:
        return []
    if plane:  # all words after the dash are one planar type (CR 205.3b)
        lead = len(text) - len(text.lstrip())
        return [Word(stripped, offset + lead, offset + lead + len(stripped))]
    words = [Word(w.group(), offset + w.start(), offset + w.end()) for w in _WORD.finditer(text)]
    starts = _multiword_by_first_word(data)
    out: list[Word] = []
    k = 0
    while k < len(words):
        joined = None
        for multi in starts.get(words[k].key, ()):
            n = multi.count(" ") + 1
            if k + n <= len(words) and " ".join(x.key for x in words[k:k + n]) == multi:
                joined = Word(text[words[k].start - offset:words[k + n - 1].end - offset],
                              words[k].start, words[k + n - 1].end)
                k += n
                break
        if joined is None:
            joined = words[k]
            k += 1
        out.append(joined)
    return out


@functools.lru_cache(maxsize=None)
def _multiword_by_first_word(data: CharData) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for multi in data.multiword:  # longest first
        out.setdefault(multi.split(" ", 1)[0], []).append(multi)
    return {k: tuple(v) for k, v in out.items()}


def is_known_subtype(word: str, data: CharData | None = None) -> bool:
    data = data or char_data()
    return word in data.all_subtypes or word in data.all_odd_subtypes or word in data.retired_subtypes


def face_type_lines(face: Face) -> tuple[TypeLine, ...]:
    """The type line of a face, split; a face whose type line holds "A // B" gives two.
    (The result is shared between calls: do not change it.)"""
    if not face.type_line:
        return ()
    return _split_type_line(face.type_line, extension_version())


#: the type lines each cache of a type line's reading keeps
_TYPE_LINES_KEPT = 8192


def work_out_type_lines(faces: Iterable[Face]) -> None:
    """Have the faces' type lines read now, each distinct one once (as many as the caches
    keep): split, without the parts that are no game card's, and their card types.
    Processes forked after this one find them in the caches, instead of each reading
    again the type lines of its cards."""
    version = extension_version()
    seen: set[str] = set()
    for face in faces:
        line = face.type_line
        if not line or line in seen:
            continue
        if len(seen) == _TYPE_LINES_KEPT:
            break
        seen.add(line)
        try:
            _game_type_lines(line, version)
            _effective_types(line, version)
        except Exception:  # pragma: no cover - the check that reads the face reports it
            pass


@functools.lru_cache(maxsize=_TYPE_LINES_KEPT)
def _game_type_lines(type_line: str, version: int = 0) -> tuple[TypeLine, ...]:
    """The split type line without the parts that are no game card's (see :func:`type_lines`)."""
    data = _char_data_for(version)
    return tuple(tl for tl in _split_type_line(type_line, version) if not tl.is_marker(data))


@functools.lru_cache(maxsize=_TYPE_LINES_KEPT)
def _split_type_line(type_line: str, version: int = 0) -> tuple[TypeLine, ...]:
    return tuple(parse_type_line(part, off) for part, off in split_parts(type_line) if part)


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.75) -> str | None:
    """The candidate a misspelt word most likely means (case-insensitive), or None."""
    pool = sorted(set(candidates))
    lower = {c.lower(): c for c in pool}
    if word.lower() in lower:
        return lower[word.lower()]
    found = difflib.get_close_matches(word.lower(), list(lower), n=1, cutoff=cutoff)
    return lower[found[0]] if found else None


def effective_types(face: Face) -> set[str] | None:
    """The card types of a face (retired and nontraditional names mapped), or None when
    the face has no type line, is no game card (art card, emblem, counter), or holds a
    word that is neither a supertype nor a card type (another check reports that)."""
    if not face.type_line:
        return None
    found = _effective_types(face.type_line, extension_version())
    return None if found is None else set(found)


@functools.lru_cache(maxsize=_TYPE_LINES_KEPT)
def _effective_types(type_line: str, version: int) -> frozenset[str] | None:
    """:func:`effective_types`, worked out once per type line (type lines repeat from card to card)."""
    lines = _split_type_line(type_line, version)
    if not lines:
        return None
    data = _char_data_for(version)
    out: set[str] = set()
    for tl in lines:
        if tl.is_marker(data) or tl.unknown_head(data):
            return None
        out |= tl.card_types(data)
    return frozenset(out)


def face_subtypes(face: Face) -> set[str]:
    return {w.key for tl in face_type_lines(face) for w in tl.subtypes}


# -- text -------------------------------------------------------------------------------


def self_alternation(card: Card, face: Face) -> str:
    """A regex alternation matching the ways a face's text names the object itself: its
    names (and a legendary's short name), "~", "CARDNAME" and the self-references the
    parse found ("this creature", "this Vehicle")."""
    names = face_view(card, face).self_names
    return "(?:" + "|".join(re.escape(n) for n in names) + ")"


def defines_power_toughness(card: Card, face: Face, text: str | None = None) -> bool:
    """Whether the text has an ability that defines or sets the face's power or
    toughness (CR 208.2a, 208.2b)."""
    text = plain_text(face) if text is None else text
    if not text.strip():
        return False
    me = self_alternation(card, face)
    for p in char_data().pt_patterns:
        if re.search(p.replace("SELF", me), text, re.I):
            return True
    return False


def becomes_creature(card: Card, face: Face) -> bool:
    """Whether the face's own text, reminder text included, makes it a creature ("This
    Vehicle becomes an artifact creature", "It's an artifact creature at 8+")."""
    text = face.oracle_text or ""
    if not text.strip():
        return False
    patterns = char_data().creature_patterns
    first = _without_self(patterns)
    if first is not None and not any(rx.search(text) for rx in first):
        return False  # no pattern can match, whatever the face's names: most faces
    me = self_alternation(card, face)
    return any(re.search(p.replace("SELF", me), text, re.I) for p in patterns)


@functools.lru_cache(maxsize=8)
def _without_self(patterns: tuple[str, ...]) -> tuple[re.Pattern, ...] | None:
    """Patterns that open with ``(?:SELF|``, with SELF left out, compiled once: where the
    face's own pattern matches the names at [i, j), the rest of it matches from j, and so
    does this one. A quick first test, as the face's own patterns are compiled for each face
    (its names are in them); None where a pattern has another shape."""
    if not all(p.startswith("(?:SELF|") and p.count("SELF") == 1 for p in patterns):
        return None
    return tuple(re.compile(p.replace("SELF", "", 1), re.I) for p in patterns)


def defines_x(text: str) -> bool:
    return any(p.search(text) for p in char_data().x_patterns)


# -- colors and mana costs --------------------------------------------------------------


def color_order(colors: Iterable[str]) -> list[str]:
    """The colors in the order mana costs print them.

    Two colors: the shorter way round the color wheel (W U B R G), so allied pairs
    read clockwise ({W}{U}, {G}{W}) and enemy pairs from the color two steps
    behind ({W}{B}, {R}{W}). Three adjacent colors from the first of the run
    ({G}{W}{U}); three with a gap from the color whose neighbours are both
    enemies' partners ({W}{B}{G}, {U}{R}{W}). Four colors start after the
    missing one; five read W U B R G.
    """
    have = [c for c in COLORS if c in set(colors)]
    idx = [COLORS.index(c) for c in have]
    n = len(have)
    if n <= 1 or n == 5:
        return have
    if n == 4:
        missing = next(i for i in range(5) if i not in idx)
        return [COLORS[(missing + k) % 5] for k in range(1, 5)]
    if n == 2:
        a, b = idx
        return [COLORS[a], COLORS[b]] if (b - a) % 5 <= 2 else [COLORS[b], COLORS[a]]
    for step in (1, 2):  # a run of three, then a wedge
        for s in idx:
            if {(s + step * k) % 5 for k in range(3)} == set(idx):
                return [COLORS[(s + step * k) % 5] for k in range(3)]
    return have  # pragma: no cover - every set of three is a run or a wedge


def _symbol_colors(symbol: str) -> list[str]:
    s = symbol.upper()
    if s.startswith("H") and len(s) == 2:
        s = s[1]
    return [c for c in s.split("/") if c in COLORS]


def symbol_sort_key(symbol: str, order: list[str]) -> tuple[int, int, int]:
    """Where a symbol goes in a conventionally ordered mana cost: variables, then the
    generic number, then {C} and {S}, then the colored symbols in color order (a
    hybrid symbol by its first color in that order, after a plain symbol of that
    color)."""
    s = symbol.upper()
    if s in ("X", "Y", "Z"):
        return (0, 0, 0)
    if s.isdigit() or s in ("½", "∞"):
        return (1, 0, 0)
    if s in ("C", "S"):
        return (2, 0, 0)
    cols = _symbol_colors(s)
    if not cols:
        return (2, 0, 0)
    plain = 0 if s in COLORS else 1
    return (3, min(order.index(c) for c in cols), plain)


_STANDARD = re.compile(r"(?:\d+|[XYZCS½∞]|H?[WUBRG]|(?:[WUBRG2C]/)?[WUBRG](?:/P)?|[WUBRG]/P)")


def braced(symbols: Iterable[str]) -> str:
    """Mana symbols written as a cost: ["2", "G"] -> "{2}{G}"."""
    return "".join("{" + s + "}" for s in symbols)


def conventional_cost(cost: str) -> list[str] | None:
    """The symbols of a braced cost in the conventional order, or None when the cost
    holds something other than braced standard symbols (a set's own symbols have no
    conventional place; the symbol checks report malformed ones)."""
    found = _conventional_cost(cost)
    return None if found is None else list(found)


@functools.lru_cache(maxsize=4096)
def _conventional_cost(cost: str) -> tuple[str, ...] | None:
    """:func:`conventional_cost`, worked out once per cost (files repeat their costs)."""
    symbols = cost_symbols(cost)
    if braced(symbols) != cost:
        return None
    if not all(_STANDARD.fullmatch(s.upper()) for s in symbols):
        return None
    colors = {c for s in symbols for c in _symbol_colors(s)}
    order = color_order(colors)
    return tuple(sorted(symbols, key=lambda s: symbol_sort_key(s, order)))


def type_lines(card: Card, *, skip_markers: bool = True):
    """Every (face index, face, split type line) of a card, leaving out entries that are no
    game card with a type line (art cards, emblems, counters) when ``skip_markers``."""
    version = extension_version()
    for i, face in enumerate(card.faces):
        if not face.type_line:
            continue
        lines = _game_type_lines(face.type_line, version) if skip_markers else _split_type_line(face.type_line, version)
        for tl in lines:
            yield i, face, tl


def judged_type_lines(card: Card, judge: Callable[[TypeLine, CharData], Iterable[T]]) -> Iterator[tuple[int, T]]:
    """(face index, finding) of each finding ``judge`` makes of a game card's type line of
    the card (as :func:`type_lines` gives them). ``judge(type_line, data)`` must read
    nothing but the split type line and the type tables: what it finds is then worked out
    once per type line and tables, not once per card (type lines repeat from card to card)."""
    version = extension_version()
    for i, face in enumerate(card.faces):
        if face.type_line:
            for finding in _judged(judge, face.type_line, version):
                yield i, finding


@functools.lru_cache(maxsize=1 << 14)
def _judged(judge: Callable, type_line: str, version: int) -> tuple:
    data = _char_data_for(version)
    return tuple(finding for tl in _game_type_lines(type_line, version) for finding in judge(tl, data))


def nontraditional_type_words(card: Card):
    """Every (face index, word, kind) of a type line that only cards outside the tournament
    card pool print: a supertype, card type or subtype the CR's lists do not hold that
    rules_data/characteristics.yaml lists as nontraditional."""
    version = extension_version()
    for i, face in enumerate(card.faces):
        if face.type_line:
            for w, kind in _odd_words(face.type_line, version):
                yield i, w, kind


@functools.lru_cache(maxsize=8192)
def _odd_words(type_line: str, version: int) -> tuple[tuple[Word, str], ...]:
    """(word, kind) of each word of a type line that only cards outside the tournament card
    pool print (see :func:`nontraditional_type_words`), worked out once per type line."""
    data = _char_data_for(version)
    out = []
    for tl in _game_type_lines(type_line, version):
        for w in tl.head:
            if w.text in data.odd_supertypes:
                out.append((w, "supertype"))
            elif w.text in data.odd_card_types:
                out.append((w, "card type"))
        for w in tl.subtypes:
            if w.key in data.all_odd_subtypes and not data.types_of(w.key):
                out.append((w, "subtype"))
    return tuple(out)


def nontraditional_card_type_word(type_line: str) -> Word | None:
    """The first supertype or card type of ``type_line`` that only cards outside the
    tournament card pool print (see :func:`nontraditional_type_words`; subtypes left out,
    as some of them also stand on tournament cards), or None: what
    :func:`linter.checks._products.non_tournament` asks of every face, answered from
    :func:`_odd_words`'s table without walking a card's words."""
    return _odd_head(type_line, extension_version())


@functools.lru_cache(maxsize=8192)
def _odd_head(type_line: str, version: int) -> Word | None:
    return next((w for w, kind in _odd_words(type_line, version) if kind != "subtype"), None)


#: what a file writes in a stat field that the card does not have ("NA", "-")
_NOT_APPLICABLE = frozenset({"NA", "N/A", "N.A.", "-", "—", "–", "NONE"})


def stated(value: str | None) -> bool:
    """Whether a power, toughness, loyalty or defense field states a value: not blank and
    not a file's word for "not applicable"."""
    return bool(value and value.strip() and value.strip().upper() not in _NOT_APPLICABLE)


def not_a_card(card: Card) -> bool:
    """An entry of a card file that is no card: its type line is there but blank on every
    face, and it is kept as a token (a set's notes, a deck's header), has no rules text (a
    placeholder in a skeleton; a list of symbols counts as none), or has nothing of a card beside its text (no mana cost,
    power, toughness, loyalty or defense: a decklist, a pronunciation guide)."""
    faces = card.faces
    if not faces or any(f.type_line is None or f.type_line.strip() for f in faces):
        return False
    if card.is_token or not any(_WORDS_OUTSIDE_BRACES.search(f.oracle_text or "") for f in faces):
        return True  # no rules text, or only a list of symbols ("{V}\n{VW}\n{VU}")
    return not any(f.mana_cost or f.power or f.toughness or f.loyalty or f.defense for f in faces)


_WORDS_OUTSIDE_BRACES = re.compile(r"(?:^|(?<=[^{\w]))[A-Za-z]{2,}")


def subtype_families(word: str, data: CharData | None = None) -> frozenset[str]:
    """The card types a subtype word belongs to, whatever list it is on (empty: unknown)."""
    data = data or char_data()
    out = data.types_of(word) | data.odd_types_of(word)
    if word in data.retired_subtypes:
        out |= data.types_of(data.retired_subtypes[word])
    return out


def cost_fix(face: int, cost: str, good: str, title: str, *, safe: bool = True) -> Fix:
    """A fix that writes ``good`` over a face's whole mana cost ``cost`` (a file that writes
    costs without braces takes it without them: :class:`linter.fixes_codecs.ManaCostText`)."""
    return Fix(title, [Edit(0, len(cost), good)], safe=safe, face=face, field="mana_cost")
