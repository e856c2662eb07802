"""Splitting an activation cost into its parts (CR 118, 602.1a)."""

from __future__ import annotations

import functools
import re

from linter.model import CostPart
from linter.nlp.text import MANA_SYMBOL_RE, SYMBOL_RE

LOYALTY_RE = re.compile(r"^(?:[+\-−–]?(?:\d+|X|N)|\[[+\-−–]?(?:\d+|X|N)\])$")

# Checked in order on each comma-separated part that is not made of symbols.
_WORD_KINDS = (
    (re.compile(r"^sacrifice\b", re.I), "sacrifice"),
    (re.compile(r"^discard\b", re.I), "discard"),
    (re.compile(r"^pay (?:\d+|X|an amount of|life)\b.*\blife\b", re.I), "life"),
    (re.compile(r"^pay (?:\d+|X) life$", re.I), "life"),
    (re.compile(r"^exile\b", re.I), "exile"),
    (re.compile(r"^remove\b.*\bcounters?\b", re.I), "counters"),
    (re.compile(r"^tap (?:an?|one|two|three|four|five|six|seven|x|\d+|another|any number of)\b.*\buntapped\b", re.I),
     "tap-creatures"),
)

_SPLIT_RE = re.compile(r",\s*(?:and\s+)?|\s+and\s+(?=(?:sacrifice|discard|pay|exile|remove|tap|untap|\{)\b)", re.I)


def _symbol_parts(chunk: str, start: int) -> list[CostPart] | None:
    """Parts of a chunk made only of braced symbols ("{2}{G}", "{T}", "{E}{E}")."""
    pos = 0
    parts: list[CostPart] = []
    run_kind = None
    run_start = 0
    for m in SYMBOL_RE.finditer(chunk):
        if chunk[pos : m.start()].strip():
            return None
        sym = m.group(0).upper()
        kind = "tap" if sym == "{T}" else "untap" if sym == "{Q}" else "mana" if MANA_SYMBOL_RE.fullmatch(sym) else "other"
        if kind != run_kind or kind in ("tap", "untap"):
            if run_kind is not None:
                parts.append(CostPart(run_kind, chunk[run_start:pos].strip(), start + run_start, start + pos))
            run_kind, run_start = kind, m.start()
        pos = m.end()
    if run_kind is None or chunk[pos:].strip():
        return None
    parts.append(CostPart(run_kind, chunk[run_start:pos], start + run_start, start + pos))
    return parts


_CONTINUES = re.compile(r"(?:or|and|and/or)\s|[a-z]")


def _chunks(text: str, protect) -> list[tuple[int, int]]:
    """Comma-separated chunks of a cost; a list inside one part ("Sacrifice an
    artifact, creature, or land") and a name with a comma stay whole."""
    chunks: list[tuple[int, int]] = []
    pos = 0
    for m in _SPLIT_RE.finditer(text):
        if protect and any(s < m.start() < e for s, e in protect):
            continue
        chunks.append((pos, m.start()))
        pos = m.end()
    chunks.append((pos, len(text)))
    merged: list[tuple[int, int]] = []
    for i, (cs, ce) in enumerate(chunks):
        head = text[cs:ce].lstrip()
        nxt = text[chunks[i + 1][0]:chunks[i + 1][1]].lstrip() if i + 1 < len(chunks) else ""
        lone_noun = " " not in head.strip() and not head.startswith("{") and bool(_CONTINUES.match(nxt))
        if merged and (_CONTINUES.match(head) or lone_noun):
            merged[-1] = (merged[-1][0], ce)
        else:
            merged.append((cs, ce))
    return merged


def split_cost(text: str, start: int, end: int, protect=None) -> list[CostPart]:
    """The parts of the cost text[start:end] (offsets into ``text``); commas
    inside ``protect`` spans (names) do not separate parts."""
    near = tuple((s - start, e - start) for s, e in protect if s < end and e > start) if protect else ()
    return [CostPart(kind, part, start + s, start + e) for kind, part, s, e in _split(text[start:end], near)]


@functools.lru_cache(maxsize=4096)
def _split(cost: str, protect: tuple[tuple[int, int], ...]) -> tuple[tuple[str, str, int, int], ...]:
    """The parts of one cost as (kind, text, start, end) in the cost's own offsets: the
    same costs ("{T}", "{2}, {T}", "Sacrifice a creature") come back on card after card."""
    parts: list[CostPart] = []
    for cs, ce in _chunks(cost, protect):
        while cs < ce and cost[cs].isspace():
            cs += 1
        while ce > cs and cost[ce - 1] in " \t.":
            ce -= 1
        if cs >= ce:
            continue
        chunk = cost[cs:ce]
        if LOYALTY_RE.match(chunk):
            parts.append(CostPart("loyalty", chunk, cs, ce))
            continue
        sym = _symbol_parts(chunk, cs)
        if sym is not None:
            parts.extend(sym)
            continue
        kind = "other"
        for rx, k in _WORD_KINDS:
            if rx.search(chunk):
                kind = k
                break
        parts.append(CostPart(kind, chunk, cs, ce))
    return tuple((p.kind, p.text, p.start, p.end) for p in parts)
