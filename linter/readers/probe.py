"""What format detection knows of one file, worked out once for every reader's ``looks_like``."""

from __future__ import annotations

import os
import re
from typing import Any

from linter.readers.base import ReadError
from linter.source import SourceFile

YAML_EXT = (".yaml", ".yml")
_YAML_HINT = re.compile(
    r"^(?:---|%YAML|[ \t]*(?:-[ \t]+)?(?:name|cards|card_faces|type_line|oracle_text|mana_cost|layout)[ \t]*:)",
    re.M,
)
# keys only a card file uses: a file in a folder scan that cannot be parsed is reported when it
# has one of them (a card file with a typo), passed over when not (a tool's file with comments)
_CARD_KEY = re.compile(
    r"""(?:^|[\s{,"'])(?:oracle_text|type_line|mana_cost|card_faces|manaCost|typeLine|rulesText|rules_text"""
    r"""|card_name|cardName|colorIdentity|manaValue|convertedManaCost)["']?[ \t]*:"""
    r"""|<card\b|<cockatrice_carddatabase\b""",
    re.M,
)

_UNPARSED = object()


def sniff(text: str, path: str = "") -> str | None:
    """The format a text looks like, from its first characters: "xml", "json",
    "yaml" or None."""
    head = text[:4096].lstrip()
    ext = os.path.splitext(path)[1].lower()
    if head.startswith("<"):
        return "xml"
    if head[:1] in ("{", "["):
        return "json"
    if ext in YAML_EXT or _YAML_HINT.search(head):
        return "yaml"
    return None


class Probe:
    """One file's text, name and first-character kind, and its JSON parsed at most once
    (the reader that takes it reads the same parse)."""

    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.text = source.text
        self.path = source.path
        self.ext = os.path.splitext(source.path)[1].lower()
        self.kind = sniff(self.text, self.path)
        self._json: Any = _UNPARSED
        self.json_error: ReadError | None = None
        #: where each element of a top-level JSON array starts in the text (None: not such a document)
        self.json_starts: list[int] | None = None

    @property
    def json(self) -> Any:
        """The parsed JSON document, or None when the text is no JSON (``json_error`` says why)."""
        if self._json is _UNPARSED:
            self._json = None
            if self.kind == "json":
                from linter.readers.jsonpos import parse_json_placed

                try:
                    self._json, self.json_starts = parse_json_placed(self.text)
                except ReadError as e:
                    self.json_error = e
        return self._json

    def has_card_keys(self) -> bool:
        """Whether the text names a field only card files have (for files that do not parse)."""
        return _CARD_KEY.search(self.text, 0, 1 << 20) is not None
