"""Plain-text helpers of the pipeline: lines, reminder text, quotes, symbols, chapter numerals.

Everything here works on character offsets of a face's rules text, so the
same code serves a whole face and a quoted ability inside it.
"""

from __future__ import annotations

import bisect
import re
from typing import Iterable

# Some exports drop the line breaks of rules text ("Flying, vigilanceWhen ~
# dies, …", "…until end of turn.)When …", "tapped.{T}: Add {G}.").  A new line
# starts where a capital letter, a symbol, a bullet or a loyalty cost follows
# a lowercase letter, a sentence end or a closing bracket without a space.
GLUE_RE = re.compile(
    r"(?<=[.)])(?=[A-Z•({+−\-0-9\[])"
    r"|(?<=[a-z])(?=[A-Z•{])"
    r"|(?<=[a-z])(?=[+−](?:\d+|X):)"
    r"|(?<=[0-9}])(?=[A-Z•(])"
    r"|(?<=\d\+)(?=[A-Z{])"
    r"|(?<=\d)(?=\{)"
    r'|(?<=[^\s(]["”])(?=[A-Z•({+−\-0-9\[])'
    r"|(?<=—)(?=•)"
)
# Where GLUE_RE may match: a character that can start a line after one that can end
# one.  It is searched for by the first (rarer than the lowercase letters before it,
# so fewer places are tried); the match starts at the candidate line start.  The two
# pairs that are most of them and never one of GLUE_RE's are left out: a digit after a
# plus ("+1/+1") and a brace after a brace ("{2}{G}").
_GLUE_CANDIDATE = re.compile(r'[A-Z•({+−\-0-9\[](?<=[a-z.)0-9}"”—+].)(?<!\+[0-9])(?<!\}\{)')
# The same places, for the tokenizer (zero-width infixes); names such as
# "DeMarco" are split into two tokens, which is harmless.
GLUE_INFIX = r"(?<=[a-z.)])(?=[A-Z•])|(?<=—)(?=•)|(?<=[a-z])(?=[+−](?:\d+|X):)"

SYMBOL_RE = re.compile(r"\{([^{}\s]{1,8})\}")
MANA_SYMBOL_RE = re.compile(
    r"\{(?:[WUBRGCS]|\d+|[XYZ]|∞|½|H[WUBRG]|[WUBRGC2]/[WUBRG]|[WUBRG]/P|[WUBRG]/[WUBRG]/P|P/[WUBRG]|H)\}"
)
DASH = "—–"
WORD_RE = re.compile(r"[A-Za-z]+")


_PARENS = re.compile(r"[()]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def tokenizable(text: str) -> str:
    """``text`` as spaCy's tokenizer can take it: a lone surrogate (a JSON "\\ud800" read as
    written) has no UTF-8 form for spaCy to hash, so each becomes U+FFFD, one character
    for one; every offset stays that of ``text``, which the components keep reading."""
    if text.isascii() or _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub("\ufffd", text)


_QUOTES = re.compile(r'["“”]')


def reminder_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Top-level parenthesized spans (reminder text), parentheses included; ``start`` and
    ``end`` are offsets (not negative).

    Nearly every reminder text holds no other parentheses: each is found with three
    searches ("(", the ")" after it, no "(" between them); only where one holds a
    nested pair are the parentheses counted one by one, from that one's start."""
    end = len(text) if end is None else end
    out: list[tuple[int, int]] = []
    i = text.find("(", start, end)
    while i >= 0:
        j = text.find(")", i + 1, end)
        if j < 0:  # unclosed: to the end of the line
            nl = text.find("\n", i, end)
            out.append((i, nl if nl >= 0 else end))
            return out
        if text.find("(", i + 1, j) >= 0:
            out.extend(_nested_reminder_spans(text, i, end))
            return out
        out.append((i, j + 1))
        i = text.find("(", j + 1, end)
    return out


def _nested_reminder_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """:func:`reminder_spans` from ``start`` (outside any parentheses) on, counting the
    depth of each parenthesis: the spans where some hold parentheses of their own."""
    out: list[tuple[int, int]] = []
    depth = 0
    open_at = -1
    for m in _PARENS.finditer(text, start, end):
        i = m.start()
        if text[i] == "(":
            if depth == 0:
                open_at = i
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                out.append((open_at, i + 1))
    if depth and open_at >= 0:  # unclosed: to the end of the line
        nl = text.find("\n", open_at, end)
        out.append((open_at, nl if nl >= 0 else end))
    return out


def quote_spans(text: str, start: int, end: int, skip: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of quoted text (quotes included) between start and end, outside ``skip``."""
    out: list[tuple[int, int]] = []
    if text.find('"', start, end) < 0 and text.find("“", start, end) < 0 and text.find("”", start, end) < 0:
        return out  # most abilities quote nothing: three searches cost less than the scanner
    open_at = -1
    for m in _QUOTES.finditer(text, start, end):
        i = m.start()
        if skip and any(s <= i < e for s, e in skip):
            continue
        ch = text[i]
        if open_at < 0:
            if ch != "”":
                open_at = i
        elif ch != "“":
            out.append((open_at, i + 1))
            open_at = -1
    return out


def inside(pos: int, spans: list[tuple[int, int]]) -> bool:
    for s, e in spans:
        if s <= pos < e:
            return True
    return False


def _short_capital_run(text: str, pos: int) -> bool:
    """True where the letters before ``pos`` are a short capitalized run
    ("Mc|Crimmon", "De|Marco") or an initial ("B.|O.B."): not a glued line."""
    j = pos
    while j > 0 and text[j - 1].isalpha():
        j -= 1
    run = text[j:pos]
    if run and run[0].isupper() and len(run) <= 3 and (j == 0 or not text[j - 1].isalpha()):
        return True
    if (pos >= 2 and text[pos - 1] == "." and text[pos - 2].isupper() and (pos < 3 or not text[pos - 3].isalpha())
            and text[pos + 1 : pos + 2] == "."):
        return True
    return False


def line_spans(text: str, protect: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The lines of a rules text as (start, end), without surrounding spaces.

    Splits at newlines and at glued line starts (see GLUE_RE) that are not in
    ``protect`` (reminder text, quotes, names).
    """
    out: list[tuple[int, int]] = []
    pos = 0
    for part in text.split("\n"):
        kept = part.strip(" \t\r")
        if kept:
            start = pos if len(kept) == len(part) else pos + len(part) - len(part.lstrip(" \t\r"))
            out.append((start, start + len(kept)))
        pos += len(part) + 1
    cuts = []  # glued line starts, in order
    for m in _GLUE_CANDIDATE.finditer(text):
        p = m.start()
        if GLUE_RE.match(text, p) and not any(s < p < e for s, e in protect) and not _short_capital_run(text, p):
            cuts.append(p)
    if not cuts:
        return out
    # A glued line start has a character that is no space before it and one at it
    # (GLUE_RE): it lies inside a line, and the parts it makes need no stripping.
    lines, out = out, []
    k = 0
    for a, b in lines:
        while k < len(cuts) and cuts[k] < b:
            out.append((a, cuts[k]))
            a = cuts[k]
            k += 1
        out.append((a, b))
    return out


#: spans up to which :class:`SortedSpans` answers by going through them in order: for a few
#: (nearly every face's reminders), that costs less than making its index
FEW_SPANS = 8


class SortedSpans(list):
    """Spans sorted by start, that find the spans starting in a range and test whether
    a range lies inside one of them in log time (a long text has many spans, and a
    check asks about many places: a scan of every span for each would be quadratic);
    up to :data:`FEW_SPANS` spans, by going through them.

    It is a list of the spans; it is not to be changed after it is made."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        super().__init__(sorted(spans))
        self.indexed = len(self) > FEW_SPANS
        if self.indexed:
            self.starts = [a for a, _b in self]
            self.reach: list[int] = []  # the furthest end of the spans up to each one
            for _a, b in self:
                self.reach.append(max(b, self.reach[-1]) if self.reach else b)

    def starting_in(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """The spans whose start lies in ``[lo, hi]``, in order."""
        if not self.indexed:
            return [span for span in self if lo <= span[0] <= hi]
        i = bisect.bisect_left(self.starts, lo)
        j = bisect.bisect_right(self.starts, hi, i)
        return self[i:j]

    def covers(self, start: int, end: int) -> bool:
        """Whether ``[start, end)`` lies inside one of the spans."""
        if not self.indexed:
            return any(a <= start and end <= b for a, b in self)
        k = bisect.bisect_right(self.starts, start) - 1
        return k >= 0 and self.reach[k] >= end


def mask(text: str, spans, fill: str = " ") -> str:
    """``text`` with the characters of ``spans`` replaced by ``fill`` (blanked to spaces by
    default, so offsets stay valid; ``fill=""`` removes them); line breaks stay."""
    if not spans:
        return text
    parts = []
    pos = 0
    for s, e in sorted(spans):
        s, e = max(s, pos), min(e, len(text))
        if s >= e:
            continue
        parts.append(text[pos:s])
        piece = text[s:e]
        if "\n" in piece:
            parts.append("".join(ch if ch == "\n" else fill for ch in piece))
        else:
            parts.append(fill * (e - s))
        pos = e
    parts.append(text[pos:])
    return "".join(parts)


def strip_spans(text: str, start: int, end: int, holes: list[tuple[int, int]]) -> str:
    """text[start:end] with the ``holes`` blanked to spaces (offsets stay valid)."""
    if not holes:
        return text[start:end]
    parts = []
    pos = start
    for s, e in sorted(holes):
        s, e = max(s, pos), min(e, end)
        if s >= e:
            continue
        parts.append(text[pos:s])
        parts.append(" " * (e - s))
        pos = e
    parts.append(text[pos:end])
    return "".join(parts)


_NUMERAL_VALUES = {"I": 1, "V": 5, "X": 10}
_NUMERALS = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def from_roman(numeral: str) -> int:
    """The number a chapter numeral stands for (4 for "IV"); only I, V and X occur."""
    total = 0
    for k, ch in enumerate(numeral):
        value = _NUMERAL_VALUES[ch]
        if k + 1 < len(numeral) and _NUMERAL_VALUES[numeral[k + 1]] > value:
            total -= value
        else:
            total += value
    return total


def to_roman(n: int) -> str:
    """A chapter number as printed ("IV" for 4)."""
    out = []
    for value, letters in _NUMERALS:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out) or "0"
