"""Parse the Comprehensive Rules text file into an index: number -> title and text.

Wizards publishes the rules as a plain-text file (UTF-8, usually with a
byte-order mark, CRLF line ends).  Its layout is: a title, the "effective as
of" line, an introduction, a table of contents, the numbered rules, a
glossary and credits.  Rules come in three shapes:

* ``702. Keyword Abilities`` -- a section (three digits) with a title;
* ``702.9. Flying`` -- a rule; when it only names a topic it is a title,
  otherwise (``100.1. These Magic rules ...``) it is the rule's text;
* ``702.9a ...`` -- a sub-rule (letter, no full stop after it).

Lines starting with ``Example:`` belong to the rule above them.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field

SECTION_RE = re.compile(r"^(\d{3})\.\s+(\S.*)$")
RULE_RE = re.compile(r"^(\d{3}\.\d+)\.\s+(\S.*)$")
SUBRULE_RE = re.compile(r"^(\d{3}\.\d+[a-z])\.?\s+(\S.*)$")
EFFECTIVE_RE = re.compile(r"effective as of\s+([A-Z][a-z]+)\s+(\d{1,2}),\s+(\d{4})")
NUMBER_RE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")

_MONTHS = {m: i for i, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August",
     "September", "October", "November", "December"), start=1)}


class CRParseError(ValueError):
    """A text that is not (or no longer) laid out like the Comprehensive Rules."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered rule.  ``title`` is set for sections and titled rules."""

    number: str
    title: str | None
    text: str

    @property
    def depth(self) -> int:
        """0 for a section (``702``), 1 for a rule (``702.9``), 2 for a sub-rule."""
        if "." not in self.number:
            return 0
        return 2 if self.number[-1].isalpha() else 1


@dataclass(slots=True)
class CRDocument:
    """A parsed Comprehensive Rules text."""

    effective: str  # ISO date
    rules: dict[str, Rule] = field(default_factory=dict)  # in document order
    glossary: dict[str, str] = field(default_factory=dict)

    def get(self, number: str) -> Rule | None:
        return self.rules.get(number)

    def children(self, number: str) -> list[Rule]:
        """The rules directly and indirectly under ``number`` (in document order)."""
        if "." not in number:
            prefix = number + "."
            return [r for n, r in self.rules.items() if n.startswith(prefix)]
        if number[-1].isalpha():
            return []
        return [r for n, r in self.rules.items()
                if n != number and n.startswith(number) and n[len(number):].isalpha()]

    def titles(self) -> dict[str, str]:
        """Every number that carries a title in the CR, with that title."""
        return {n: r.title for n, r in self.rules.items() if r.title}

    def to_json(self) -> dict:
        return {
            "effective": self.effective,
            "rules": [[r.number, r.title, r.text] for r in self.rules.values()],
            "glossary": self.glossary,
        }

    @classmethod
    def from_json(cls, data: dict) -> "CRDocument":
        doc = cls(effective=data["effective"], glossary=dict(data.get("glossary", {})))
        for number, title, text in data["rules"]:
            doc.rules[number] = Rule(number, title, text)
        return doc


def decode(raw: bytes) -> str:
    """Bytes of a CR file to text with ``\\n`` line ends (BOM, CRLF and CR handled)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = raw.decode("utf-16")
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            # Older editions were published in Windows-1252.
            text = raw.decode("cp1252", errors="replace")
    return normalise_newlines(text)


def normalise_newlines(text: str) -> str:
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def effective_date(text: str) -> str | None:
    """The ISO date of the "effective as of" line, or None."""
    m = EFFECTIVE_RE.search(text[:5000])
    if not m or m.group(1) not in _MONTHS:
        return None
    try:
        return _dt.date(int(m.group(3)), _MONTHS[m.group(1)], int(m.group(2))).isoformat()
    except ValueError:
        return None


def _is_title(text: str) -> bool:
    # A rule's own text always ends like a sentence; a topic title does not
    # (titles such as "For Mirrodin!" end with "!").
    text = text.rstrip()
    return len(text) <= 80 and not text.endswith((".", ":", "”", '"', ";", ".)", ".”)"))


def parse(text: str) -> CRDocument:
    """Parse CR text (``str``; see :func:`decode` for bytes).

    Raises :class:`CRParseError` when the text has no effective date or no
    numbered rules, so that an HTML error page or a truncated download is
    never taken for the rules.
    """
    text = normalise_newlines(text)
    effective = effective_date(text)
    if effective is None:
        raise CRParseError("no 'These rules are effective as of <date>' line")
    lines = text.split("\n")

    # The table of contents repeats the section titles: the body starts at the
    # section heading right before the first numbered rule.
    first_rule = next((i for i, line in enumerate(lines) if RULE_RE.match(line) or SUBRULE_RE.match(line)), None)
    if first_rule is None:
        raise CRParseError("no numbered rules found")
    start = first_rule
    while start > 0 and not SECTION_RE.match(lines[start]):
        start -= 1

    doc = CRDocument(effective=effective)
    current: list | None = None  # [number, title, [text lines]]
    body_end = len(lines)

    def flush() -> None:
        if current is not None:
            number, title, parts = current
            doc.rules[number] = Rule(number, title, "\n".join(p for p in parts if p).strip())

    for i in range(start, len(lines)):
        line = lines[i].strip()
        if not line:
            continue
        if line == "Glossary":
            body_end = i
            break
        m = SUBRULE_RE.match(line)
        if m:
            flush()
            current = [m.group(1), None, [m.group(2)]]
            continue
        m = RULE_RE.match(line)
        if m:
            flush()
            body = m.group(2)
            current = [m.group(1), body, []] if _is_title(body) else [m.group(1), None, [body]]
            continue
        m = SECTION_RE.match(line)
        if m:
            flush()
            current = [m.group(1), m.group(2), []]
            continue
        if re.match(r"^\d\.\s+\S", line):  # chapter heading ("7. Additional Rules")
            flush()
            current = None
            continue
        if current is not None:
            current[2].append(line)
    flush()
    if not doc.rules:
        raise CRParseError("no numbered rules found")
    doc.glossary = _parse_glossary(lines[body_end + 1:]) if body_end < len(lines) else {}
    return doc


def _parse_glossary(lines: list[str]) -> dict[str, str]:
    """Glossary entries: a term line, its definition lines, a blank line."""
    glossary: dict[str, str] = {}
    block: list[str] = []
    for line in lines + [""]:
        line = line.strip()
        if line == "Credits":
            break
        if line:
            block.append(line)
            continue
        if len(block) >= 2:
            glossary[block[0]] = "\n".join(block[1:])
        block = []
    return glossary


def parse_bytes(raw: bytes) -> CRDocument:
    return parse(decode(raw))
