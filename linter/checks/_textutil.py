"""Small text helpers shared by the checks: reminder and quoted spans, masking, self names,
stray spacing."""

from __future__ import annotations

import bisect
import functools
import re
from typing import Iterable, Iterator

from linter.model import Ability, Card, Face

Span = tuple[int, int]

_OPEN_QUOTES = {'"': '"', "“": "”"}


def paren_spans(text: str) -> list[Span]:
    """Spans of parenthesised text (reminder text), parentheses included."""
    if "(" not in text:
        return []
    return list(_paren_spans(text))


@functools.lru_cache(maxsize=2048)  # many checks ask for the same face's spans in a row
def _paren_spans(text: str) -> tuple[Span, ...]:
    spans: list[Span] = []
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i + 1))
    if depth:
        spans.append((start, len(text)))
    return tuple(spans)


def quote_spans(text: str) -> list[Span]:
    """Spans of double-quoted text (abilities an effect grants), quotes included."""
    if '"' not in text and "“" not in text:
        return []
    return list(_quote_spans(text))


@functools.lru_cache(maxsize=2048)
def _quote_spans(text: str) -> tuple[Span, ...]:
    spans: list[Span] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _OPEN_QUOTES:
            close = _OPEN_QUOTES[ch]
            j = text.find(close, i + 1)
            if j == -1:
                # an unclosed quote runs to the end of its line
                j = text.find("\n", i + 1)
                j = n - 1 if j == -1 else j - 1
            spans.append((i, j + 1))
            i = j + 1
        else:
            i += 1
    return tuple(spans)


def reminder_spans(face: Face) -> list[Span]:
    """Reminder text of a face: what the parser found plus every parenthesised span."""
    text = face.oracle_text or ""
    spans = paren_spans(text)
    if face.parsed is not None:
        spans.extend(face.parsed.reminders)
    return sorted(set(spans))


class SortedSpans(list):
    """Spans sorted by start, that find the spans starting in a range and test whether
    a range lies inside one of them in log time (a long text has many spans, and a
    check asks about many places: a scan of every span for each would be quadratic).

    It is a list of the spans; it is not to be changed after it is made."""

    def __init__(self, spans: Iterable[Span]) -> None:
        super().__init__(sorted(spans))
        self.starts = [a for a, _b in self]
        self.reach: list[int] = []  # the furthest end of the spans up to each one
        for _a, b in self:
            self.reach.append(max(b, self.reach[-1]) if self.reach else b)

    def starting_in(self, lo: int, hi: int) -> list[Span]:
        """The spans whose start lies in ``[lo, hi]``, in order."""
        i = bisect.bisect_left(self.starts, lo)
        j = bisect.bisect_right(self.starts, hi, i)
        return self[i:j]

    def covers(self, start: int, end: int) -> bool:
        """Whether ``[start, end)`` lies inside one of the spans."""
        k = bisect.bisect_right(self.starts, start) - 1
        return k >= 0 and self.reach[k] >= end


def inside(spans: Iterable[Span], start: int, end: int | None = None) -> bool:
    end = start if end is None else end
    return any(a <= start and end <= b for a, b in spans)


def mask(text: str, spans: Iterable[Span], fill: str = " ") -> str:
    """``text`` with the characters of ``spans`` replaced (offsets are kept)."""
    chars = list(text)
    for a, b in spans:
        for k in range(max(0, a), min(b, len(chars))):
            if chars[k] != "\n":
                chars[k] = fill
    return "".join(chars)


def units(face: Face) -> list[Span]:
    """The spans of a face's top-level abilities (from the parser), else of its lines."""
    text = face.oracle_text or ""
    if face.parsed is not None and face.parsed.abilities:
        return [(a.start, a.end) for a in face.parsed.abilities]
    out = []
    pos = 0
    for line in text.split("\n"):
        out.append((pos, pos + len(line)))
        pos += len(line) + 1
    return out


def parsed_faces(card: Card) -> Iterator[tuple[int, Face]]:
    """Every face that has rules text the parser has read, with its index."""
    for i, face in enumerate(card.faces):
        if face.oracle_text and face.parsed is not None:
            yield i, face


def walk_abilities(face: Face) -> Iterator[tuple[Ability, Ability | None]]:
    """Every ability of a face with the ability that grants it (None at top level)."""
    if face.parsed is None:
        return

    def rec(ability: Ability, parent: Ability | None):
        yield ability, parent
        for g in ability.granted:
            yield from rec(g, ability)

    for a in face.parsed.abilities:
        yield from rec(a, None)


_SELF_NOUNS = (
    "creature", "artifact", "enchantment", "land", "permanent", "planeswalker", "battle",
    "spell", "card", "token", "Vehicle", "Equipment", "Aura", "Saga", "Class", "Room",
)


def self_names(card: Card, face: Face) -> list[str]:
    """The ways a face's text may name the object itself, longest first."""
    names: set[str] = {"~", "CARDNAME"}
    names.update(f"this {noun}" for noun in _SELF_NOUNS)
    for n in (face.name, card.name):
        if n:
            names.add(n.strip())
            if "," in n:
                names.add(n.split(",", 1)[0].strip())
    if card.name and " // " in card.name:
        names.update(p.strip() for p in card.name.split(" // "))
    return sorted((n for n in names if n), key=len, reverse=True)


def is_self(card: Card, face: Face, words: str) -> bool:
    """Whether ``words`` name the face's object itself ("this creature", its name, "~")."""
    w = words.strip().casefold()
    return any(w == n.casefold() for n in self_names(card, face))


def lone_entry(card: Card) -> bool:
    """Whether the card may be one half of a card whose file lists the halves
    apart: Cockatrice files give each face of a double-faced card and each
    half of some split cards an entry of its own, and do not always link
    them, so a one-faced card read from such a file may be half a card."""
    fmt = card.source.format if card.source is not None else ""
    return len(card.faces) == 1 and fmt.lower().startswith("cockatrice")


# Spacing that is no part of a rules text's words: a run of spaces between two words,
# spaces or tabs before a line break or at the text's end, after a line break or at its start
_SPACING = re.compile(r"(?<=\S)[ \t]{2,}(?=\S)|[ \t]+(?=\n)|(?<=\n)[ \t]+|[ \t]+\Z|\A[ \t]+|\t")


def stray_spacing(text: str) -> list[tuple[int, int, str]]:
    """(start, end, what) of each run of stray spacing in a rules text; "what" names it
    ("a double space", "a space before a line break", ...). The fix of each is to delete
    the run (a double space keeps one space)."""
    out = []
    for m in _SPACING.finditer(text):
        s, e = m.span()
        run = m.group()
        if e < len(text) and text[e] == "\n":
            what = "a space before a line break"
        elif e == len(text):
            what = "a space at the end of the rules text"
        elif s == 0:
            what = "a space at the start of the rules text"
        elif text[s - 1] == "\n":
            what = "a space at the start of a line"
        elif "\t" in run and len(run) == 1:
            what = "a tab between words"
        else:
            what = "a double space" if len(run) == 2 else f"{len(run)} spaces in a row"
        out.append((s, e, what))
    return out
