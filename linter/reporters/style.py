"""Terminal colors (on for a terminal, off when piped or when NO_COLOR is set; ``check --color`` decides
otherwise): errors red, warnings yellow, notes cyan, a finding's code in its severity's color."""

from __future__ import annotations

import os
import re
from typing import TextIO

import click

# role -> click.style arguments
STYLES: dict[str, dict] = {
    "path": {"bold": True},
    "position": {"dim": True},
    "error": {"fg": "red", "bold": True},
    "warning": {"fg": "yellow", "bold": True},
    "info": {"fg": "cyan", "bold": True},
    "rules": {"dim": True},
    "card": {"fg": "magenta"},
    "fix": {"fg": "cyan"},
    "gutter": {"fg": "blue", "bold": True},
    "caret": {"fg": "red", "bold": True},
    "count": {"bold": True},
}


def color_enabled(stream: TextIO, env: dict | None = None) -> bool:
    """Whether to color output on ``stream``.

    ``NO_COLOR`` (any non-empty value, see no-color.org) always wins; then
    ``FORCE_COLOR`` (non-empty) turns colors on for CI logs; otherwise only a
    terminal gets colors.
    """
    env = os.environ if env is None else env
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):  # a closed stream
        return False


# Characters a terminal or a CI log acts on instead of showing: C0 controls but the tab, DEL,
# C1 controls, the line and paragraph separators, the bidirectional overrides and isolates
# (which reorder what is shown), and lone surrogates (which no UTF-8 stream can write).
_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r"}


def _escape(m: re.Match) -> str:
    ch = m.group(0)
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on written as an escape
    (``\\x1b``, ``\\r``, ``\\n``, ``\\u202e``): a card name or a file name can neither
    move the cursor, set a window title, clear the screen, start a new line (a forged
    CI command) nor break the output stream."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def paint(text: str, role: str, on: bool) -> str:
    if not on or not text:
        return text
    return click.style(text, **STYLES.get(role, {}))
