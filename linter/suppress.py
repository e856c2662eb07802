"""Inline suppressions: ``oraclelint: ignore[CODE, ...]`` on a card, checked like code.

A card says which findings it accepts in two ways:

* a directive anywhere in the card's entry in the source file — a YAML
  comment (``# oraclelint: ignore[RUL002]``), an XML comment, or a text field
  such as Magic Set Editor's notes;
* a card-level field ``oraclelint-ignore: [RUL002, ...]`` (or one
  comma-separated string) in JSON and YAML formats, which readers keep in
  ``card.extra``.

A suppression applies to the whole card.  A directive that does not parse is
an error (SUP001); a code that suppressed nothing is reported as info
(SUP002), so stale suppressions do not pile up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

from linter.diagnostics import Diagnostic
from linter.model import Card
from linter.selection import Selection
from linter.source import SourceFile

FIELD = "oraclelint-ignore"
_CODE = r"[A-Za-z]{2,4}\d{3}"
# The one syntax of a directive: "oraclelint:" and then either a well-formed
# ignore[...] list (group "codes") or whatever else follows on the line ("bad").
DIRECTIVE = re.compile(
    rf"oraclelint[ \t]*:[ \t]*(?:ignore\[[ \t]*(?P<codes>{_CODE}(?:[ \t]*,[ \t]*{_CODE})*)[ \t]*,?[ \t]*\]"
    r"|(?P<bad>[^\r\n]*))",
    re.IGNORECASE,
)
_FIELD_CODES = re.compile(rf"^[ \t]*{_CODE}(?:[ \t]*,[ \t]*{_CODE})*[ \t]*,?[ \t]*$")
# The card-level field as written in JSON or YAML, for readers that do not keep
# unknown keys in ``card.extra``: a [flow list], a block list or one scalar;
# anything else after the colon is malformed.
FIELD_RE = re.compile(
    r"""(?P<q>["']?)oraclelint-ignore(?P=q)[ \t]*:[ \t]*(?:"""
    r"""\[(?P<flow>[^\]]*)\]"""
    r"""|"(?P<dq>[^"\r\n]*)"|'(?P<sq>[^'\r\n]*)'"""
    r"""|(?P<plain>[^\s\[\]{}"',#][^\r\n#]*)"""
    r"""|(?=(?:\#[^\n]*)?\r?\n)|(?P<other>[^\r\n]*))"""
)
# "oraclelint" in any case, as two patterns that each start with a letter of one case: a
# search of a pattern that starts with a literal skips ahead to that letter, where one that
# ignores case tries every character of the file (five times as long, on a large file)
_MENTIONS = (re.compile("o(?i:raclelint)"), re.compile("O(?i:raclelint)"))
_BLOCK_ITEM = re.compile(r"[ \t]*-[ \t]+(?P<item>[^\r\n#]*)")


@dataclass
class Suppression:
    """The codes one directive or field switches off for one card."""

    card: Card
    codes: tuple[str, ...]
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    used: set[str] = field(default_factory=set)


@dataclass
class Malformed:
    card: Card
    text: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    is_field: bool = False  # the oraclelint-ignore field rather than a directive


def parse_directive(text: str) -> tuple[str, ...] | None:
    """The codes of one directive text, or None when it is malformed.

    >>> parse_directive("oraclelint: ignore[RUL002, sym001]")
    ('RUL002', 'SYM001')
    """
    m = DIRECTIVE.search(text)
    if m is None or m.group("codes") is None:
        return None
    return tuple(c.strip().upper() for c in m.group("codes").split(",") if c.strip())


# -- where a card's entry is in its file ---------------------------------------------

def _card_start(card: Card) -> int | None:
    """Where the card's entry starts: its own location, or else the smallest raw
    offset any of its fields is known at."""
    if card.loc is not None:
        return card.loc.start
    offsets = [loc.start for loc in card.locs.values()]
    for face in card.faces:
        offsets.extend(loc.start for loc in face.locs.values())
    return min(offsets) if offsets else None


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _entry_start(text: str, offset: int) -> int:
    """The start of a card's entry: its first line, plus the comment lines right
    above it that are not indented deeper (those belong to the entry before)."""
    start = _line_start(text, offset)
    nl = text.find("\n", start)
    first = text[start:nl if nl >= 0 else len(text)]
    limit = _indent(first)
    while start > 0:
        prev = _line_start(text, start - 1)
        line = text[prev:start - 1].rstrip("\r")
        stripped = line.strip()
        if not (stripped.startswith("#") or (stripped.startswith("<!--") and stripped.endswith("-->"))):
            break
        if _indent(line) > limit:
            break
        start = prev
    return start


def mentions_oraclelint(text: str) -> bool:
    """Whether ``text`` holds the word "oraclelint", in any case."""
    return any(pattern.search(text) is not None for pattern in _MENTIONS)


def card_ranges(cards: Iterable[Card]) -> dict[int, tuple[SourceFile, int, int]]:
    """id(card) -> (source, start, end): the raw text each card's entry spans.

    A card's entry runs from its first line to the first line of the next
    card in the same file (the last card to the end of the file).
    """
    by_source: dict[int, list[tuple[int, Card]]] = {}
    sources: dict[int, SourceFile] = {}
    mentions: dict[int, bool] = {}
    last: SourceFile | None = None  # the file of the card before, and whether it mentions oraclelint
    mentioned = False
    for card in cards:
        source = card.source
        if source is None:
            continue
        if source is not last:  # a file's cards come one after another: looked up once
            last = source
            if id(source) not in mentions:
                # Most files hold no suppression at all: they need no card ranges.
                mentions[id(source)] = mentions_oraclelint(source.text)
            mentioned = mentions[id(source)]
        if not mentioned:
            continue
        start = _card_start(card)
        if start is None:
            continue
        by_source.setdefault(id(card.source), []).append((start, card))
        sources[id(card.source)] = card.source
    out: dict[int, tuple[SourceFile, int, int]] = {}
    for key, entries in by_source.items():
        src = sources[key]
        entries.sort(key=lambda e: e[0])
        # On a line that holds several cards (minified JSON) a card starts at its own offset.
        starts = []
        for i, (off, _) in enumerate(entries):
            start = _entry_start(src.text, off)
            starts.append(start if i == 0 or start > entries[i - 1][0] else off)
        for i, (_, card) in enumerate(entries):
            end = starts[i + 1] if i + 1 < len(entries) else len(src.text)
            out[id(card)] = (src, starts[i], max(end, starts[i]))
    return out


# -- collecting ----------------------------------------------------------------------

def collect(cards: Iterable[Card]) -> tuple[list[Suppression], list[Malformed]]:
    """Every suppression of these cards, and every directive that does not parse."""
    cards = list(cards)
    ranges = card_ranges(cards)
    sups: list[Suppression] = []
    bad: list[Malformed] = []
    # with no card ranges (no file mentions oraclelint), only a card that keeps the field
    # has anything to collect
    for card in cards if ranges else [card for card in cards if FIELD in card.extra]:
        span = ranges.get(id(card))
        if span is not None:
            src, start, end = span
            for m in DIRECTIVE.finditer(src.text, start, end):
                line, col = src.line_col(m.start())
                if m.group("codes") is not None:
                    eline, ecol = src.line_col(m.end())
                    codes = tuple(c.strip().upper() for c in m.group("codes").split(",") if c.strip())
                    sups.append(Suppression(card, codes, src.path, line, col, eline, ecol))
                else:
                    shown = _shown(m.group(0))
                    eline, ecol = src.line_col(m.start() + len(shown))
                    bad.append(Malformed(card, shown, src.path, line, col, eline, ecol))
        if FIELD in card.extra:
            _collect_field(card, span, sups, bad)
        elif span is not None:
            _scan_field(card, span, sups, bad)
    return sups, bad


def _scan_field(card: Card, span, sups: list[Suppression], bad: list[Malformed]) -> None:
    """Find an ``oraclelint-ignore`` field in the card's source text."""
    src, start, end = span
    for m in FIELD_RE.finditer(src.text, start, end):
        line, col = src.line_col(m.start())
        value = next((m.group(g) for g in ("flow", "dq", "sq", "plain") if m.group(g) is not None), None)
        if value is not None:
            items = [value]
            stop = m.end()
        elif m.group("other") is not None:
            items = [m.group("other") or "?"]
            stop = m.end()
        else:  # a YAML block list on the following lines
            items = []
            pos = src.text.find("\n", m.end())
            stop = m.end()
            while pos != -1 and pos + 1 < end:
                item = _BLOCK_ITEM.match(src.text, pos + 1)
                if item is None:
                    break
                items.append(item.group("item"))
                stop = item.end()
                pos = src.text.find("\n", item.end())
        eline, ecol = src.line_col(stop)
        codes: list[str] = []
        ok = True
        for item in items:
            for part in item.split(","):
                part = part.strip().strip("\"'").strip()
                if not part:
                    continue
                if re.fullmatch(_CODE, part):
                    codes.append(part.upper())
                else:
                    ok = False
        if ok and codes:
            sups.append(Suppression(card, tuple(codes), src.path, line, col, eline, ecol))
        else:
            shown = " ".join(src.text[m.start():stop].split())[:80]
            bad.append(Malformed(card, shown, src.path, line, col, eline, ecol, True))


def _shown(text: str) -> str:
    """The directive as a person wrote it, without the rest of a JSON or XML line."""
    text = re.split(r"\"|-->|\\n", text, maxsplit=1)[0].rstrip(" ,;")
    return text[:80]


def _collect_field(card: Card, span, sups: list[Suppression], bad: list[Malformed]) -> None:
    """The field as a reader kept it in ``card.extra`` (a list, or one string)."""
    value = card.extra[FIELD]
    path = card.source.path if card.source else ""
    line = col = 1
    loc = card.locs.get(FIELD) or card.loc
    if loc is not None:
        line, col = loc.position(0)
        end = loc.source.line_col(loc.end) if loc.end > loc.start else (line, col)
    elif span is not None:
        src, start, stop = span
        at = src.text.find(FIELD, start, stop)
        line, col = src.line_col(at if at >= 0 else start)
        end = (line, col)
    else:
        end = (line, col)

    def malformed(shown) -> None:
        bad.append(Malformed(card, f"{FIELD}: {shown!r}"[:80], path, line, col, *end, is_field=True))

    if isinstance(value, str):
        items = [value]
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        items = value
    else:
        return malformed(value)
    codes: list[str] = []
    for item in items:
        if not _FIELD_CODES.match(item):
            return malformed(item)
        codes.extend(c.strip().upper() for c in item.split(",") if c.strip())
    if not codes:
        return malformed(value)
    sups.append(Suppression(card, tuple(codes), path, line, col, *end))


# -- applying ------------------------------------------------------------------------

def apply(cards: Iterable[Card], diagnostics: Iterable[Diagnostic],
          selection: Selection | None = None, known_codes: Iterable[str] | None = None) -> list[Diagnostic]:
    """Drop the findings the cards suppress; add SUP001 and SUP002 findings.

    ``selection`` says which checks ran: a suppression of a check that did
    not run is not reported as unused, since it may well be needed.
    """
    from linter.checks.base import all_checks
    from linter.checks.SUP001 import MalformedSuppression
    from linter.checks.SUP002 import UnusedSuppression

    selection = selection or Selection()
    known = set(known_codes) if known_codes is not None else set(all_checks())
    sups, bad = collect(cards)
    by_card: dict[int, list[Suppression]] = {}
    for s in sups:
        by_card.setdefault(id(s.card), []).append(s)
    if not by_card:  # nothing suppressed (most files): every finding stays
        out = list(diagnostics)
    else:
        out = []
        for d in diagnostics:
            hit = None
            if d.card_obj is not None:
                hit = next((s for s in by_card.get(id(d.card_obj), ()) if d.code in s.codes), None)
            if hit is None:
                out.append(d)
            else:
                hit.used.add(d.code)
    if selection.active(MalformedSuppression.code):
        for b in bad:
            template = MalformedSuppression.field_message if b.is_field else MalformedSuppression.message
            out.append(_diagnostic(MalformedSuppression, b, template.format(text=b.text)))
    if selection.active(UnusedSuppression.code):
        for s in sups:
            for code in s.codes:
                if code in s.used:
                    continue
                if code not in known:
                    msg = UnusedSuppression.unknown_message.format(code=code)
                elif not selection.active(code):
                    continue
                else:
                    msg = UnusedSuppression.message.format(code=code)
                out.append(_diagnostic(UnusedSuppression, s, msg))
    out.sort(key=Diagnostic.sort_key)
    return out


def _diagnostic(check, where, message: str) -> Diagnostic:
    return Diagnostic(
        code=check.code, name=check.name, category=check.category, severity=check.severity,
        message=message, rules=tuple(check.rules), path=where.path,
        line=where.line, column=where.column, end_line=where.end_line, end_column=where.end_column,
        card=where.card.name or (where.card.faces[0].name if where.card.faces else None),
        card_obj=where.card,
    )
