"""Terminal colors: on for a terminal, off when piped or when NO_COLOR is set."""

from __future__ import annotations

import os
from typing import TextIO

import click

# role -> click.style arguments
STYLES: dict[str, dict] = {
    "path": {"bold": True},
    "position": {"dim": True},
    "error": {"fg": "red", "bold": True},
    "warning": {"fg": "yellow", "bold": True},
    "info": {"fg": "cyan", "bold": True},
    "code": {"fg": "red", "bold": True},
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


def paint(text: str, role: str, on: bool) -> str:
    if not on or not text:
        return text
    return click.style(text, **STYLES.get(role, {}))
