"""Markup of the designers' formats stripped to Oracle-style text, positions kept.

Magic Set Editor stores rules text with editor tags (``<kw-A>``,
``<sym-auto>2G</sym-auto>``, ``<error-spelling>`` …), MSE-Hub exports write
italics as ``[i]…[/i]`` and LackeyBot as ``*…*``; both write loyalty costs as
``[+1]:``.  Each transform here takes a text and returns the new text with an
*index*: for every character of the result the index of the character of the
input it came from, plus one final entry for the end.  :class:`Mapped` chains
transforms and composes their indexes, so a diagnostic's offset in the
stripped text still finds its character in the source file.
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

from linter.readers.locs import PendingLoc
from linter.readers.mana import unbraced_symbols
from linter.source import Loc

Index = list[int]
Transform = Callable[[str], "tuple[str, Index | None]"]

MINUS = "\u2212"  # Oracle writes negative loyalty costs with the minus sign


class Mapped:
    """A text and where each of its characters came from in an original text.

    ``index`` has ``len(text) + 1`` entries (the last one is the end); None
    means the text is the original itself.
    """

    __slots__ = ("text", "index")

    def __init__(self, text: str, index: Index | None = None) -> None:
        self.text = text
        self.index = index

    def apply(self, fn: Transform) -> "Mapped":
        new, idx = fn(self.text)
        if idx is None:
            return self if new == self.text else Mapped(new, self.index)
        if self.index is None:
            return Mapped(new, idx)
        inner = self.index
        return Mapped(new, [inner[i] for i in idx])

    def strip(self) -> "Mapped":
        """Without leading and trailing white space (zero-width spaces included)."""
        t = self.text
        a, b = 0, len(t)
        while a < b and _blank(t[a]):
            a += 1
        while b > a and _blank(t[b - 1]):
            b -= 1
        if (a, b) == (0, len(t)):
            return self
        return self.slice(a, b)

    def slice(self, a: int, b: int) -> "Mapped":
        idx = self.index
        if idx is None:
            return Mapped(self.text[a:b], list(range(a, b + 1)) if a or b != len(self.text) else None)
        return Mapped(self.text[a:b], idx[a:b + 1])

    def at(self, i: int) -> int:
        """The original index of character ``i`` (``len(text)`` gives the end)."""
        return i if self.index is None else self.index[i]

    def loc(self, parent: Loc | None) -> Loc | None:
        """The Loc of this text given the Loc of the original."""
        return mapped_loc(parent, self.index)


def _blank(c: str) -> bool:
    return c.isspace() or c in "\u200b\ufeff"


def mapped_loc(parent: Loc | None, index: Sequence[int] | None) -> Loc | None:
    """The Loc of a text derived from ``parent``'s value through ``index``;
    the per-character table is built when a diagnostic first asks for it."""
    if parent is None or index is None:
        return parent

    def resolve() -> tuple:
        if not parent.exact:
            return parent.start, parent.end, None, False
        table = [parent.offset(i) for i in index]
        if not table:
            return parent.start, parent.start, None, True
        return table[0], table[-1], table, True

    return PendingLoc(parent.source, resolve)


class _Out:
    """Collects output characters and their input indexes."""

    __slots__ = ("chars", "idx")

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.idx: Index = []

    def copy(self, text: str, a: int, b: int) -> None:
        if b > a:
            self.chars.append(text[a:b])
            self.idx.extend(range(a, b))

    def put(self, s: str, indexes: Sequence[int]) -> None:
        self.chars.append(s)
        self.idx.extend(indexes)

    def done(self, end: int) -> tuple[str, Index]:
        self.idx.append(end)
        return "".join(self.chars), self.idx


# Magic Set Editor ---------------------------------------------------------------------

_MSE_TAG = re.compile(r"<(/?)([A-Za-z][\w.-]*)[^<>\n]*>")
_SYM_TAGS = frozenset({"sym", "sym-auto"})


def mse_symbols(text: str) -> tuple[str, Index]:
    """MSE's symbol notation ("2G", "T", "U/R", "WW") as braced symbols, with an index."""
    out = _Out()
    for sym, a, b in unbraced_symbols(text):
        braced = "{" + sym + "}"
        if text[a:b] == braced:
            out.copy(text, a, b)
        else:
            # the braces and each character of the symbol point into its source
            out.put(braced, [a] + [min(a + k, b - 1) for k in range(len(sym))] + [b - 1])
    return out.done(len(text))


def strip_mse(text: str) -> tuple[str, Index | None]:
    """Editor markup removed: tags dropped (unknown ones too, nested or not),
    symbols inside ``<sym>``/``<sym-auto>`` braced, the line break inside a
    ``<soft-line>`` made a space."""
    if "<" not in text and "\x01" not in text:
        return text, None
    out = _Out()
    sym_depth = soft_depth = 0
    sym_buf: list[tuple[int, int]] = []  # spans of symbol text waiting for their closing tag

    def flush_symbols() -> None:
        if not sym_buf:
            return
        joined = "".join(text[a:b] for a, b in sym_buf)
        where: Index = [i for a, b in sym_buf for i in range(a, b)]
        braced, idx = mse_symbols(joined)
        out.put(braced, [where[min(i, len(where) - 1)] for i in idx[:-1]])
        sym_buf.clear()

    def plain(a: int, b: int) -> None:
        if sym_depth > 0:
            sym_buf.append((a, b))
            return
        if soft_depth > 0 or "\x01" in text[a:b]:
            for i in range(a, b):
                c = text[i]
                out.put(" " if c == "\n" and soft_depth > 0 else "<" if c == "\x01" else c, (i,))
            return
        out.copy(text, a, b)

    pos = 0
    for m in _MSE_TAG.finditer(text):
        plain(pos, m.start())
        pos = m.end()
        closing, name = m.group(1) == "/", m.group(2).lower()
        if name in _SYM_TAGS:
            if closing:
                sym_depth = max(0, sym_depth - 1)
                if sym_depth == 0:
                    flush_symbols()
            else:
                sym_depth += 1
        elif name == "soft-line":
            soft_depth = max(0, soft_depth - 1) if closing else soft_depth + 1
    plain(pos, len(text))
    sym_depth = 0
    flush_symbols()
    return out.done(len(text))


# MSE-Hub and LackeyBot ---------------------------------------------------------------

_BBCODE = re.compile(r"\[/?(?:i|b|u|s|sup|sub)\]", re.I)


def strip_bbcode(text: str) -> tuple[str, Index | None]:
    """``[i]``, ``[/i]``, ``[b]`` … removed (balanced or not)."""
    if "[" not in text:
        return text, None
    return _remove(text, _BBCODE)


def strip_asterisks(text: str) -> tuple[str, Index | None]:
    """Markdown-style ``*italics*`` and ``**bold**`` markers removed; a star
    next to a slash (``*/*``, ``2/*``) is a power or toughness and stays."""
    if "*" not in text:
        return text, None
    out = _Out()
    pos = 0
    n = len(text)
    i = text.find("*")
    while i != -1:
        j = i
        while j < n and text[j] == "*":
            j += 1
        before = text[i - 1] if i > 0 else ""
        after = text[j] if j < n else ""
        if before != "/" and after != "/":
            out.copy(text, pos, i)
            pos = j
        i = text.find("*", j)
    if pos == 0:
        return text, None
    out.copy(text, pos, n)
    return out.done(n)


_LOYALTY = re.compile(r"(?m)^(?P<open>[ \t]*\[)(?P<sign>[+\-\u2212\u2013]?)(?P<n>\d+|[XN])(?P<close>\])(?=[ \t]*:)")


def unbracket_loyalty(text: str) -> tuple[str, Index | None]:
    """Loyalty costs at the start of a line, ``[+1]:`` and ``[-2]:``, in Oracle
    form ``+1:`` and ``−2:`` (a minus sign, U+2212)."""
    if "[" not in text:
        return text, None
    out = _Out()
    pos = 0
    for m in _LOYALTY.finditer(text):
        lead = m.group("open")[:-1]
        out.copy(text, pos, m.start() + len(lead))
        sign = m.group("sign")
        if sign:
            out.put(MINUS if sign in "-\u2013" else sign, (m.start("sign"),))
        out.copy(text, m.start("n"), m.end("n"))
        pos = m.end()
    if pos == 0:
        return text, None
    out.copy(text, pos, len(text))
    return out.done(len(text))


def oracle_loyalty(cost: str) -> str:
    """A loyalty cost as Oracle prints it: "+1", "0", "−2" (minus sign)."""
    c = cost.strip()
    if c[:1] in ("-", "\u2013"):
        return MINUS + c[1:]
    return c


def _remove(text: str, pattern: re.Pattern) -> tuple[str, Index | None]:
    out = _Out()
    pos = 0
    for m in pattern.finditer(text):
        out.copy(text, pos, m.start())
        pos = m.end()
    if pos == 0:
        return text, None
    out.copy(text, pos, len(text))
    return out.done(len(text))


_ROMAN = ("I", "II", "III", "IV", "V", "VI")
_CHAPTER = re.compile(r"^[IVX]+(?:\s*,\s*[IVX]+)*\s*[—–-]")
_SAGA_REMINDER = re.compile(r"\((?:As this Saga enters|As this Saga is put)[^)]*?after ([IVX]+)\.?\)", re.I)


def saga_chapters(text: str) -> tuple[str, Index | None]:
    """Chapter numbers for a saga exported without them.

    Some exporters drop the "I —", "II —" … that the editor's frame draws: a
    saga whose reminder text says "after III" and whose following lines are
    exactly three abilities without numbers gets them back (each inserted
    numeral points at the start of its line).
    """
    lines = text.split("\n")
    m = _SAGA_REMINDER.search(lines[0]) if lines else None
    if m is None or m.group(1) not in _ROMAN:
        return text, None
    count = _ROMAN.index(m.group(1)) + 1
    body = [i for i in range(1, len(lines)) if lines[i].strip(" \t\u200b")]
    if len(body) != count or any(_CHAPTER.match(lines[i]) for i in body):
        return text, None
    out = _Out()
    pos = 0
    starts = []
    p = 0
    for line in lines:
        starts.append(p)
        p += len(line) + 1
    for n, i in enumerate(body):
        at = starts[i]
        out.copy(text, pos, at)
        label = f"{_ROMAN[n]} — "
        out.put(label, [at] * len(label))
        pos = at
    out.copy(text, pos, len(text))
    return out.done(len(text))


# Fields of the JSON formats ---------------------------------------------------------


def convert(value: str, loc: Loc | None, *transforms: Transform) -> tuple[str, Loc | None]:
    """``value`` through ``transforms``, stripped, and the Loc of the result."""
    m = Mapped(value)
    for t in transforms:
        m = m.apply(t)
    m = m.strip()
    return m.text, m.loc(loc)


def mana_cost(value: str, loc: Loc | None) -> tuple[str, Loc | None]:
    """A mana cost in Oracle form: braced symbols are kept as written, MSE's
    notation ("2GG", "2/W") is braced."""
    m = Mapped(value).strip()
    if m.text and "{" not in m.text:
        m = m.apply(mse_symbols)
    return m.text, m.loc(loc)


def split_pt(value: str, loc: Loc | None) -> tuple[tuple[str, Loc | None] | None, tuple[str, Loc | None] | None]:
    """"2/3" as power and toughness, each with its Loc; no slash gives the power alone."""
    m = Mapped(value)
    k = value.find("/")
    if k == -1:
        p = m.strip()
        return ((p.text, p.loc(loc)) if p.text else None), None
    p, t = m.slice(0, k).strip(), m.slice(k + 1, len(value)).strip()
    return ((p.text, p.loc(loc)) if p.text else None), ((t.text, t.loc(loc)) if t.text else None)
