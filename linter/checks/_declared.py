"""The reminder texts a set's configuration declares for its own keywords, as cards to lint.

A declared reminder is the reference TPL012 holds the set's cards to, so its own wording
is checked too: each becomes a card whose rules text is the reminder's sentences (without
the parentheses), placed in the configuration file where the reminder is written.
"""

from __future__ import annotations

import os
from pathlib import Path

from linter.config import Config
from linter.model import Card, Face
from linter.source import Loc, SourceFile

#: the checks a declared reminder is read by: wording and symbols (it has no type line)
CODE_PREFIXES = ("TPL", "SYM")


def declared_reminder_cards(config: Config) -> list[Card]:
    keywords = [k for k in config.keywords if k.reminder]
    if not keywords or config.path is None:
        return []
    try:
        text = Path(config.path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        text = ""
    path = str(config.path)
    try:
        relative = os.path.relpath(path)
        path = path if relative.startswith("..") else relative
    except ValueError:  # another drive on Windows
        pass
    source = SourceFile(path, text, format="configuration")
    cards = []
    for kw in keywords:
        reminder = kw.reminder or ""
        inner = reminder[1:-1] if reminder.startswith("(") and reminder.endswith(")") else reminder
        at = text.find(inner) if inner else -1
        loc = Loc(source, at, at + len(inner)) if at >= 0 else Loc(source, 0, exact=False)
        face = Face(name=f"{kw.name} (declared reminder)", oracle_text=inner)
        face.locs["oracle_text"] = loc
        face.locs["name"] = loc
        card = Card(name=face.name, faces=[face], source=source, loc=loc)
        cards.append(card)
    return cards
