"""The check-author API: what a check reads about a card, computed once by the parse.

A check should judge what the spaCy pipeline found and never scan rules text
again with a private helper.  This module is the one place a check gets it
from:

* :class:`FaceView`: one face with its parse: the abilities (and those they
  grant), the text with reminder text and quoted abilities masked
  (``masked``, computed once per face in the parse), the reminder and quote
  spans, the self-references (the card's name, "this creature", "~"), the
  phrases with their CR numbers, and the meaning of each ability (its
  clauses, trigger, restrictions and references, read once per face on
  first use).
* :class:`CardContext`: what a check may need about the whole card (name,
  layout, token, set, release date, the other faces, whether a one-faced
  entry may be half of a card whose halves the file lists apart).
* :class:`FaceCheck`: a :class:`~linter.checks.base.Check` whose
  ``check_face`` is called once per parsed face, and which declares the
  configuration settings it reads (``settings``) instead of reading a global.
* :func:`face_facts`: what a face is and holds, as the facts checks declare they
  need (``needs``, see :data:`linter.checks.base.NEED_KINDS`), so that a run calls
  a check only on the faces it may have something to say about.

Spans are ``(start, end)`` character offsets into the face's ``oracle_text``
(also for granted abilities); a check reports them as they are.  See
``notes`` in the repository history and README "The parse" for the shape of
the structure.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator

import ahocorasick

from linter.checks.base import Check, Hit
from linter.model import (
    Ability, Card, Clause, CostPart, Face, ObjectRef, ParsedText, Phrase, PlayerRef, Reference, Trigger, ZoneRef,
    with_parents,
)
from linter.nlp.text import SortedSpans, mask, reminder_spans
from linter.tables import extension_version

if TYPE_CHECKING:  # pragma: no cover
    from linter.config import Config

Span = tuple[int, int]

#: characters beyond ASCII that a pattern may read as ASCII ones: white space and digits
#: (``\s``, ``\d``), and the case variants of ASCII letters (a case-blind "k" matches the
#: Kelvin sign, "s" the long s; "ß" folds to "ss", "ﬁ" to "fi" …; a test holds the list to
#: Python's case tables).  A text that holds none of them, whatever else beyond ASCII it holds
#: (dashes, bullets), keeps its offsets in lower case, where a case-blind pattern matches as
#: the same pattern in lower case does (:attr:`FaceView.folded`), and has a "text:" fact
#: exactly where its lower case holds the piece.
READ_AS_ASCII = re.compile(r"(?![\x00-\x7f])[\d\s\u00df\u0130\u0131\u0149\u017f\u01f0\u1e96-\u1e9a\u1e9e\u212a\ufb00-\ufb06]")

__all__ = [
    "AbilityView", "CardContext", "FaceCheck", "FaceView", "SelfRef", "SortedSpans", "Span", "at_line_starts",
    "card_faces", "face_facts",
    "face_view",
    "inside", "mask", "plain_text", "reminder_spans", "self_words", "setting_names",
]


class _kept:
    """A property of a view worked out on its first read and kept in the view's ``__dict__``
    (later reads find it there): :func:`functools.cached_property` without the lock that
    Python 3.11 takes on every first read, some microseconds each of the tens of thousands a
    run makes (a view is read by one thread; were two to race, both would work out the same)."""

    def __init__(self, func) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, view, owner=None):
        if view is None:
            return self
        value = view.__dict__[self.name] = self.func(view)
        return value


def at_line_starts(pattern: re.Pattern, text: str, holding: str = "", reach: int = 0) -> Iterator[re.Match]:
    """The matches of ``pattern``, which starts with "^" (multi-line), in ``text`` as
    finditer gives them: the pattern is tried only where a line starts, not at each
    character of the text (where "^" would turn it away).  With ``holding``, only at a
    line start with that text within ``reach`` characters of it (the caller knows that
    every match holds it there)."""
    end = start = 0
    while start >= 0:
        if start >= end and (not holding or text.find(holding, start, start + reach) >= 0):
            m = pattern.match(text, start)
            if m is not None:
                end = m.end()
                yield m
        start = text.find("\n", start)
        if start >= 0:
            start += 1


def inside(spans: Iterable[Span], start: int, end: int | None = None) -> bool:
    """Whether [start, end) lies within one of ``spans``."""
    end = start if end is None else end
    return any(a <= start and end <= b for a, b in spans)


def self_words(text: str) -> list[str]:
    """The words of any text (a declared reminder, a table's phrase) that the parse reads as
    an object's reference to itself: "this creature", "this Saga", "~", "CARDNAME"."""
    return list(_self_words(text))


@functools.lru_cache(maxsize=8192)
def _self_words(text: str) -> tuple[str, ...]:
    """:func:`self_words`, once per text (reminder texts repeat from card to card)."""
    from linter.nlp.selfref import self_spans

    return tuple(text[s:e] for s, e in self_spans(text, (), ()))


def plain_text(face: Face) -> str:
    """A face's rules text with its reminder text blanked (offsets kept): the parse's, or for
    a face not parsed (a check that runs without the parse) the parser's own reading of
    its reminder text."""
    if face.parsed is not None:
        return face.parsed.plain
    text = face.oracle_text or ""
    return mask(text, reminder_spans(text)) if "(" in text else text


@dataclass(frozen=True, slots=True)
class SelfRef:
    """Words of the text that name the object itself."""

    start: int
    end: int
    text: str
    kind: str  # "name" (the card's or face's name, a legendary's short name), "this" ("this creature"), "placeholder" ("~")
    noun: str | None = None  # for "this creature": "creature"


@dataclass(frozen=True, slots=True)
class AbilityView:
    """One ability with where it sits: its index in walk order and the ability granting it."""

    ability: Ability
    index: int  # position in FaceView.walk() (the numbering Antecedent.ability uses)
    parent: Ability | None  # the ability that grants it (quoted text), None at top level

    @property
    def granted(self) -> bool:
        return self.parent is not None


class CardContext:
    """What a check may need to know about the card as a whole."""

    def __init__(self, card: Card):
        self.card = card

    @property
    def name(self) -> str | None:
        return self.card.name

    @property
    def layout(self) -> str | None:
        return self.card.layout

    @property
    def is_token(self) -> bool:
        return self.card.is_token

    @property
    def set_code(self) -> str | None:
        return self.card.set_code

    @property
    def released(self) -> str | None:
        return self.card.released

    @property
    def source_format(self) -> str:
        return self.card.source.format if self.card.source is not None else ""

    @property
    def lone_entry(self) -> bool:
        """Whether this one-faced card may be half of a card whose file lists its halves apart
        (Cockatrice gives each face of a double-faced card an entry of its own)."""
        return len(self.card.faces) == 1 and self.source_format.lower().startswith("cockatrice")

    def face_names(self) -> list[str]:
        return [f.name for f in self.card.faces if f.name]


class FaceView:
    """One face of a card and everything the parse found in it."""

    def __init__(self, card: Card, index: int):
        self.card = card
        self.index = index
        self.face: Face = card.faces[index]
        self.context = CardContext(card)

    # -- text ------------------------------------------------------------------------------
    @property
    def parsed(self) -> ParsedText:
        return self.face.parsed if self.face.parsed is not None else ParsedText(self.face.oracle_text or "")

    @property
    def text(self) -> str:
        return self.face.oracle_text or ""

    @property
    def masked(self) -> str:
        """The text with reminder text and quoted (granted) abilities blanked, offsets kept."""
        p = self.face.parsed
        return p.masked if p is not None and p.masked else self.text

    @_kept
    def folded(self) -> str | None:
        """``masked`` in lower case (offsets kept) where it holds no character that patterns
        may read as an ASCII one (:data:`READ_AS_ASCII`), else None: a case-blind pattern
        may then be read as a case-sensitive one over this text."""
        masked = self.masked
        return masked.lower() if masked.isascii() or READ_AS_ASCII.search(masked) is None else None

    def mentions(self, *words: str) -> bool:
        """Whether ``masked`` may hold one of ``words`` (lower case), whatever their case:
        a quick test that decides whether a check need look further (a text with a
        character that patterns may read as an ASCII one always may)."""
        low = self.folded
        if low is None:
            return True
        for w in words:
            if w in low:
                return True
        return False

    @property
    def plain(self) -> str:
        """The text with reminder text blanked (quoted abilities kept), offsets kept."""
        return plain_text(self.face)

    @property
    def reminders(self) -> list[Span]:
        return list(self.parsed.reminders)

    @property
    def quotes(self) -> list[Span]:
        """Quoted abilities an effect grants, quotes included."""
        return list(self.parsed.quotes)

    @property
    def quoted(self) -> list[Span]:
        """Every quoted text outside reminder text: granted abilities, and quoted names or words."""
        return list(self.parsed.quoted)

    @property
    def holes(self) -> list[Span]:
        """Reminder text and quoted abilities: what ``masked`` blanks."""
        return list(self._holes)

    @_kept
    def _holes(self) -> list[Span]:
        return sorted(self.parsed.reminders + self.parsed.quotes)

    @_kept
    def asides(self) -> SortedSpans:
        """Reminder text and every quoted text (granted abilities, quoted names and words):
        what lies outside the face's own wording."""
        return SortedSpans(self.parsed.reminders + self.parsed.quoted)

    def in_aside(self, start: int, end: int | None = None) -> bool:
        return self.asides.covers(start, start if end is None else end)

    def in_reminder(self, start: int, end: int | None = None) -> bool:
        return inside(self.parsed.reminders, start, end)

    def in_quote(self, start: int, end: int | None = None) -> bool:
        return inside(self.parsed.quotes, start, end)

    def in_hole(self, start: int, end: int | None = None) -> bool:
        return inside(self._holes, start, end)

    # -- abilities -------------------------------------------------------------------------
    @property
    def abilities(self) -> list[Ability]:
        """The top-level abilities, in text order."""
        return self.parsed.abilities

    def walk(self) -> Iterator[AbilityView]:
        """Every ability, granted ones after the one granting them (the numbering of
        ``Antecedent.ability``)."""
        return iter(self._walk())

    @_kept
    def _walked(self) -> list[AbilityView]:
        return [AbilityView(a, k, parent) for k, (a, parent) in enumerate(with_parents(self.abilities))]

    def _walk(self) -> list[AbilityView]:
        return self._walked

    def ability(self, index: int) -> Ability:
        """The ability at an index of walk order (``Antecedent.ability``)."""
        return self._walked[index].ability

    def units(self) -> list[Span]:
        """The spans of the top-level abilities."""
        return [(a.start, a.end) for a in self.abilities]

    def keywords(self) -> list[Ability]:
        """The keyword abilities of the face."""
        return [v.ability for v in self._walked if v.ability.kind == "keyword"]

    def has_keyword(self, name: str) -> bool:
        low = name.lower()
        return any((a.keyword or "").lower() == low for a in self.keywords())

    # -- meaning ---------------------------------------------------------------------------
    def clauses(self) -> Iterator[tuple[AbilityView, Clause]]:
        """Every clause of every ability (trigger clauses excluded)."""
        for v in self._walked:
            for c in v.ability.clauses:
                yield v, c

    def actions(self, *names: str) -> Iterator[tuple[AbilityView, Clause]]:
        """Clauses whose action is one of ``names`` ("exile", "search", "draw" …), or any action."""
        for v, c in self.clauses():
            if c.action is not None and (not names or c.action.name in names):
                yield v, c

    def references(self, unresolved: bool | None = None) -> Iterator[tuple[AbilityView, Reference]]:
        """Every reference; ``unresolved=True`` only those linked to nothing."""
        for v in self._walked:
            for r in v.ability.references:
                if unresolved is None or unresolved == (r.antecedent is None):
                    yield v, r

    def sentences(self) -> list[Span]:
        """The spans of the sentences the meaning layer read (effects; trigger conditions apart)."""
        out: dict[tuple[int, int], list[int]] = {}
        for v, c in self.clauses():
            key = (v.index, c.sentence)
            if key in out:
                out[key][1] = max(out[key][1], c.end)
            else:
                out[key] = [c.start, c.end]
        return sorted((s, e) for s, e in out.values())

    # -- phrases and self-references ------------------------------------------------------
    def phrases(self, *labels: str, ids: Iterable[str] = ()) -> list[Phrase]:
        """The cited phrases (outside reminder text), optionally only those with these labels or pattern ids."""
        wanted = set(ids)
        return [p for p in self.parsed.phrases if (not labels or p.label in labels) and (not wanted or p.id in wanted)]

    @_kept
    def self_refs(self) -> list[SelfRef]:
        out = []
        text = self.text
        for s, e in self._self_spans():
            words = text[s:e]
            if words.lower().startswith("this "):
                out.append(SelfRef(s, e, words, "this", words.split(" ", 1)[1].lower()))
            elif words in ("~", "CARDNAME"):
                out.append(SelfRef(s, e, words, "placeholder"))
            else:
                out.append(SelfRef(s, e, words, "name"))
        return out

    def _self_spans(self) -> list[Span]:
        if self.face.parsed is not None:
            return self.face.parsed.self_refs
        # a face a check reads without the parse: the parser's own reading of its self-references
        from linter.nlp import selfref

        names = tuple(part.strip() for n in (self.card.name, self.face.name) if n for part in n.split("//")
                      if part.strip())
        short = tuple(s for n in names for s in selfref.short_names(n)) if "Legendary" in self.face.supertypes else ()
        return selfref.self_spans(self.text, names, short)

    @_kept
    def self_names(self) -> tuple[str, ...]:
        """The ways this face's text may name the object itself, longest first: its names
        (with a legendary's short name) and the self-references found in the text."""
        names = {"~", "CARDNAME"}
        for n in (self.face.name, self.card.name):
            if n:
                names.add(n.strip())
                names.update(p.strip() for p in n.split("//") if p.strip())
                if "," in n:
                    names.add(n.split(",", 1)[0].strip())
        names.update(r.text for r in self.self_refs)
        return tuple(sorted((n for n in names if n), key=len, reverse=True))

    @_kept
    def own_names(self) -> frozenset[str]:
        """The names by which the face's text calls itself: the face's name, and the card's
        name where the card has one face and no " // "."""
        names = set()
        if self.face.name and self.face.name.strip():
            names.add(self.face.name.strip())
        name = self.card.name
        if name and name.strip() and " // " not in name and len(self.card.faces) == 1:
            names.add(name.strip())
        return frozenset(names)

    def is_self(self, words: str) -> bool:
        """Whether ``words`` name the face's object itself ("this creature", its name, "~")."""
        w = words.strip().casefold()
        if w.startswith("this "):
            return True
        return any(w == n.casefold() for n in self.self_names)

    def self_at(self, start: int, end: int | None = None) -> SelfRef | None:
        """The self-reference covering [start, end), if any."""
        end = start if end is None else end
        return next((r for r in self.self_refs if r.start <= start and end <= r.end), None)

    # -- the face's characteristics ----------------------------------------------------------
    @property
    def card_types(self) -> tuple[str, ...]:
        return self.face.card_types

    @property
    def subtypes(self) -> tuple[str, ...]:
        return self.face.subtypes

    @property
    def is_permanent(self) -> bool:
        return self.face.is_permanent

    @property
    def is_spell(self) -> bool:
        """An instant or sorcery face (its effects are spell abilities)."""
        return self.face.has_type("Instant", "Sorcery") and not self.is_permanent

    # -- reporting -------------------------------------------------------------------------
    def hit(self, check: Check, start: int | None = None, end: int | None = None, **kw) -> Hit:
        """A hit of ``check`` on this face's rules text."""
        return check.hit(face=self.index, field="oracle_text", start=start, end=end, **kw)


def face_view(card: Card, face: Face) -> FaceView:
    """The view of one face of ``card`` (for helpers that are handed a card and a face)."""
    index = next((i for i, f in enumerate(card.faces) if f is face), None)
    if index is None:
        raise ValueError(f"{face.name!r} is no face of {card.name!r}")
    parsed = face.parsed
    if face.oracle_text and parsed is not None:  # the view card_faces shares
        view = parsed._view
        if view is None or view.card is not card or view.index != index:
            view = parsed._view = FaceView(card, index)
        return view
    return FaceView(card, index)


def card_faces(card: Card) -> Iterator[FaceView]:
    """Every face of ``card`` that has rules text the parser has read.

    The views are made once per face and shared by every check, so that what a
    view works out (the walk, the self-references, the holes) is worked out once."""
    for i, face in enumerate(card.faces):
        parsed = face.parsed
        if face.oracle_text and parsed is not None:
            view = parsed._view
            if view is None or view.card is not card or view.index != i:
                view = parsed._view = FaceView(card, i)
            yield view


class FaceReader:
    """Reads which of the facts a run looks for hold of a face (see :func:`face_facts`), as
    one int: each fact is given bits (a run: the checks that need it, one bit a check;
    :func:`face_facts`: one bit a fact), and a face's int holds the bits of every fact
    that holds of it, cheap to combine, compare and hash.  What a face's type line and the
    card's layout say is read once per (type line, layout, declaration of the set's own types),
    the pieces of a mana cost once per cost."""

    #: a bound on the type lines (and the mana costs) remembered (a long run meets some thousands)
    TYPE_LINES = 50_000

    def __init__(self, bits: dict[str, int]) -> None:
        by_kind: dict[str, dict[str, int]] = {}
        for fact, given in bits.items():
            kind, _sep, value = fact.partition(":")
            by_kind.setdefault(kind, {})[value] = given
        self.types = by_kind.get("type", {})
        self.type_words = by_kind.get("type-word", {})
        self.layouts = by_kind.get("layout", {})
        fields = dict(by_kind.get("field", {}))
        # the card's fields (a mana value also the face's), given where not None: 0 and none too
        self.mana_value = fields.pop("cmc", 0)
        self.identity = fields.pop("color_identity", 0)
        self.fields = tuple(fields.items())
        blanks = by_kind.get("blank", {})
        self.blank_type_line = blanks.get("type_line", 0)
        self.blank_cost = blanks.get("mana_cost", 0)
        self.abilities = by_kind.get("ability", {})
        self.keywords = by_kind.get("keyword", {})
        marks = by_kind.get("mark", {})
        self.adds_mana = marks.get("adds-mana", 0)
        self.marks = tuple((marks[m], m) for m in ("self-ref", "reminder", "quote") if m in marks)
        self.walks = bool(self.abilities or self.keywords or self.adds_mana)
        self.texts = TextPieces(by_kind.get("text", {}))
        self.costs = TextPieces(by_kind.get("cost", {}))
        self._by_type_line: dict[tuple[str | None, str | None, int], int] = {}
        #: the bits of the "cost:" pieces of each mana cost met (costs repeat from card to card)
        self._by_cost: dict[str, int] = {}

    def bits(self, card: Card, face: Face) -> int:
        """The bits of the facts that hold of one face of ``card``."""
        key = (face.type_line, card.layout, extension_version())
        bits = self._by_type_line.get(key)
        if bits is None:
            bits = self._characteristics(card, face)
            if len(self._by_type_line) >= self.TYPE_LINES:
                self._by_type_line.clear()
            self._by_type_line[key] = bits
        for name, bit in self.fields:
            if getattr(face, name):
                bits |= bit
        if self.mana_value and (card.cmc is not None or face.cmc is not None or "back_cmc" in card.extra):
            bits |= self.mana_value
        if self.identity and card.color_identity is not None:
            bits |= self.identity
        cost = face.mana_cost
        if cost is not None:
            if self.blank_cost and not cost.strip():
                bits |= self.blank_cost
            if cost and self.costs:
                held = self._by_cost.get(cost)
                if held is None:
                    if len(self._by_cost) >= self.TYPE_LINES:
                        self._by_cost.clear()
                    held = self._by_cost[cost] = self.costs.held(cost)
                bits |= held
        parsed = face.parsed
        if parsed is not None:
            if self.walks:
                abilities = list(parsed.abilities)
                while abilities:  # granted abilities too
                    a = abilities.pop()
                    bits |= self.abilities.get(a.kind, 0)
                    if a.keyword:
                        bits |= self.keywords.get(a.keyword.lower(), 0)
                    if a.adds_mana:
                        bits |= self.adds_mana
                    if a.granted:
                        abilities += a.granted
            for bit, mark in self.marks:
                if (parsed.self_refs if mark == "self-ref" else parsed.reminders if mark == "reminder"
                        else parsed.quoted or parsed.quotes):
                    bits |= bit
        text = face.oracle_text
        if text and self.texts:
            bits |= self.texts.held(text)
        return bits

    def _characteristics(self, card: Card, face: Face) -> int:
        """The facts of the face's type line and the card's layout."""
        bits = 0
        if self.types:
            get = self.types.get
            for t in (*face.supertypes, *face.card_types, *face.subtypes):
                bits |= get(t, 0)
        type_line = face.type_line
        if self.type_words and type_line:
            from linter.checks._chars import face_type_lines

            get = self.type_words.get
            for line in face_type_lines(face):
                for w in line.head:
                    bits |= get(w.text, 0)
                for w in line.subtypes:
                    bits |= get(w.key, 0)
        if self.blank_type_line and type_line is not None and not type_line.strip():
            bits |= self.blank_type_line
        if self.layouts and card.layout:
            bits |= self.layouts.get(card.layout.lower(), 0)
        return bits


class TextPieces:
    """The pieces of text of one kind that a run looks for (those of "text:" or "cost:" facts),
    each with its bits, found in one pass over a text: an Aho-Corasick automaton reports
    every piece a text holds in one scan, where testing each piece with ``in`` costs a scan
    (and a step of Python) a piece, some hundred of them a face.  A piece of one character
    ("{", "1", ":") is looked for with ``in`` instead: the automaton reports each of its
    occurrences, one step of Python each, and such pieces stand many times in most texts."""

    __slots__ = ("every", "_chars", "_find")

    def __init__(self, given: dict[str, int]) -> None:
        #: the bits of every piece
        self.every = 0
        for bit in given.values():
            self.every |= bit
        #: the pieces of one character, with their bits
        self._chars = tuple((piece, bit) for piece, bit in given.items() if len(piece) == 1)
        longer = [(piece, bit) for piece, bit in given.items() if len(piece) > 1]
        self._find = None
        if longer:
            automaton = ahocorasick.Automaton()
            for piece, bit in longer:
                automaton.add_word(piece, bit)
            automaton.make_automaton()
            self._find = automaton.iter

    def __bool__(self) -> bool:
        return bool(self.every)

    def held(self, text: str) -> int:
        """The bits of the pieces that ``text`` holds, whatever their case: of all of them
        where it holds a character that patterns may read as an ASCII one."""
        if not text.isascii() and READ_AS_ASCII.search(text) is not None:
            return self.every
        return self.held_in_lower_case(text.lower())

    def held_in_lower_case(self, low: str) -> int:
        """The bits of the pieces that ``low``, a text in lower case, holds as it is."""
        bits = 0
        for char, bit in self._chars:
            if char in low:
                bits |= bit
        if self._find is not None:
            for _end, bit in self._find(low):  # every occurrence of every longer piece
                bits |= bit
        return bits


@functools.lru_cache(maxsize=16)
def _fact_reader(wanted: frozenset[str]) -> tuple[tuple[str, ...], FaceReader]:
    """The facts ``wanted`` in order, and the reader giving each its bit (made once)."""
    facts = tuple(sorted(wanted))
    return facts, FaceReader({fact: 1 << k for k, fact in enumerate(facts)})


def face_facts(card: Card, face: Face, wanted: frozenset[str]) -> frozenset[str]:
    """Which of the facts ``wanted`` hold of one face of ``card``: the facts a check may
    declare it needs (``needs``; :data:`linter.checks.base.NEED_KINDS` says what each kind
    means).  They are read from the face's type line and fields, the card's layout and
    fields, and the parse (the kinds of the abilities, granted ones too, their keywords,
    the marks): a face not parsed has no fact of the parse; a rules text (a mana cost)
    with a character that patterns may read as an ASCII one (:data:`READ_AS_ASCII`) has
    every "text:" ("cost:") fact, as they read more there than its lower case shows.  A
    run reads them with a :class:`FaceReader` of its own."""
    facts, reader = _fact_reader(wanted)
    bits = reader.bits(card, face)
    return frozenset(fact for k, fact in enumerate(facts) if bits >> k & 1)


@functools.lru_cache(maxsize=1)
def setting_names() -> frozenset[str]:
    """The configuration settings a check may declare (kebab-case, as in the file)."""
    from dataclasses import fields as dc_fields

    from linter.config import Config

    skip = {"path", "select", "ignore", "extend_select", "per_file_ignores", "per_card_ignores", "severity",
            "cache_dir"}
    return frozenset(f.name.replace("_", "-") for f in dc_fields(Config) if f.name not in skip)


class FaceCheck(Check):
    """A check that looks at one parsed face at a time.

    Subclasses implement :meth:`check_face` and list the configuration
    settings they read in ``settings`` (kebab-case names of the
    configuration file: ``"self-reference"``, ``"set-kind"``, ``"keywords"``,
    ``"symbols"``, ``"ability-words"``, ``"cr-edition"``); :meth:`setting`
    returns a declared setting's value for the run.  The engine may hand a
    check the run's configuration (``check.config = …``); otherwise the
    active one is used.
    """

    abstract = True
    settings: ClassVar[tuple[str, ...]] = ()
    config: "Config | None" = None

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        unknown = [s for s in cls.__dict__.get("settings", ()) if s not in setting_names()]
        if unknown:
            from linter.checks.base import CheckError

            raise CheckError(f"{cls.__module__}.{cls.__name__}: unknown settings {unknown} "
                             f"(known: {', '.join(sorted(setting_names()))})")

    def setting(self, name: str) -> Any:
        """The value of a setting this check declared."""
        if name not in self.settings:
            raise KeyError(f"{type(self).__name__} reads setting {name!r} without declaring it in `settings`")
        config = self.config
        if config is None:
            from linter.config import active

            config = active()
        return getattr(config, name.replace("-", "_"))

    def check_card(self, card: Card) -> Iterable[Hit]:
        # a run calls check_face on the views itself (linter.lint.Plan.calls); this serves
        # a caller that hands the check a whole card
        for view in card_faces(card):
            yield from self.check_face(view)

    def check_face(self, face: FaceView) -> Iterable[Hit]:
        return ()


# re-exported for check authors: the elements of the structure
__all__ += ["Ability", "Card", "Clause", "CostPart", "Face", "Hit", "ObjectRef", "Phrase", "PlayerRef", "Reference", "Trigger",
            "ZoneRef"]
