"""The offending source line with a caret under the span, for the text report."""

from __future__ import annotations

from linter.diagnostics import Diagnostic
from linter.reporters.style import paint, printable

MAX_WIDTH = 120  # longer lines are cut to a window around the span
CONTEXT = 40
TAB = "    "


def source_line(d: Diagnostic) -> str | None:
    """The text of the diagnostic's first line in its source file, if known."""
    card = d.card_obj
    if getattr(card, "from_cache", False):  # a finding from the results cache keeps its line
        return card.line
    src = getattr(card, "source", None) if card is not None else None
    if src is None or not src.text:
        return None
    if d.line < 1 or d.line > src.line_col(len(src.text))[0]:
        return None
    start = src.offset_of(d.line, 1)
    end = src.text.find("\n", start)
    return src.text[start:end if end >= 0 else len(src.text)].rstrip("\r")


def _shown(text: str) -> str:
    """Text as the snippet shows it: tabs as spaces, control characters escaped."""
    return printable(text.replace("\t", TAB))


def snippet(d: Diagnostic, color: bool = False) -> list[str]:
    """Two lines: the numbered source line and a caret line under the span.

    The carets cover the span when it stays on one line; a span that runs on
    to later lines is marked from its start to the end of the first line.
    """
    line = source_line(d)
    if line is None:
        return []
    first = max(d.column - 1, 0)
    if d.end_line == d.line:
        last = max(d.end_column - 1, first + 1)
    else:
        last = max(len(line), first + 1)
    first = min(first, len(line))
    last = min(last, max(len(line), first + 1))
    lead = ""
    trail = ""
    if len(line) > MAX_WIDTH:
        lo = max(0, first - CONTEXT)
        hi = min(len(line), max(last, first + 1) + CONTEXT)
        if lo > 0:
            lead = "…"
        if hi < len(line):
            trail = "…"
        line, first, last = line[lo:hi], first - lo, last - lo
    shown = lead + _shown(line) + trail
    pad = len(lead) + len(_shown(line[:first]))  # escapes are wider than what they stand for
    width = max(1, len(_shown(line[first:last])))
    number = str(d.line)
    gutter = " " * len(number)
    return [
        f"{paint(number + ' |', 'gutter', color)} {shown}",
        f"{paint(gutter + ' |', 'gutter', color)} {' ' * pad}{paint('^' * width, 'caret', color)}",
    ]
