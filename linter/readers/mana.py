"""Mana costs written without braces ("1RG", "G/WG/W", "2/W", "WP") or in a
bot's own notation ("|{R}", "{UR}"), and their Oracle form."""

from __future__ import annotations

import re
from functools import lru_cache

_COLOR_LETTERS = "WUBRGCS"


def unbraced_symbols(cost: str) -> list[tuple[str, int, int]]:
    """Split a mana cost into symbols, each with its start and end in ``cost``.

    Accepts braced symbols ("{2}{R}"), bare ones ("2R"), hybrid ("G/W",
    "2/W"), Phyrexian ("W/P", "WP", "G/W/P") and half mana ("HW").  Spaces
    are skipped; any other character is kept as a symbol of its own so that
    nothing is silently lost.
    """
    out: list[tuple[str, int, int]] = []
    i, n = 0, len(cost)
    while i < n:
        c = cost[i]
        if c.isspace():
            i += 1
            continue
        start = i
        if c == "{":
            j = cost.find("}", i)
            if j == -1:
                j = n - 1
            out.append((cost[i + 1:j], start, j + 1))
            i = j + 1
            continue
        if c.isdigit():
            while i < n and cost[i].isdigit():
                i += 1
            sym = cost[start:i]
        elif c.upper() == "H" and i + 1 < n and cost[i + 1].upper() in _COLOR_LETTERS:
            sym = "H" + cost[i + 1].upper()
            i += 2
        else:
            sym = c.upper() if c.isalpha() else c
            i += 1
        # hybrid halves: "G/W", "2/W", "W/P", "G/W/P"
        while i + 1 < n and cost[i] == "/" and (cost[i + 1].isalnum()):
            j = i + 1
            if cost[j].isdigit():
                while j < n and cost[j].isdigit():
                    j += 1
            else:
                j += 1
            sym += "/" + cost[i + 1:j].upper()
            i = j
        # "WP": a bare P right after a colored symbol marks it Phyrexian
        if i < n and cost[i] in "Pp" and not sym.endswith("P") and sym[-1:].upper() in _COLOR_LETTERS:
            sym += "/P"
            i += 1
        out.append((sym, start, i))
    return out


@lru_cache(maxsize=8192)
def braced_cost(cost: str) -> tuple[str, tuple[int, ...] | None]:
    """The Oracle form of a cost and, when it differs from the input, a map
    from each character of the result to its index in the input (plus one
    final entry for the end)."""
    if not cost:
        return cost, None
    out: list[str] = []
    index: list[int] = []
    for sym, a, b in unbraced_symbols(cost):
        text = "{" + sym + "}"
        out.append(text)
        if cost[a:b] == text:
            index.extend(range(a, b))
        else:
            # the braces and each part of the symbol point at the symbol's source
            index.append(a)
            index.extend(min(a + k, b - 1) for k in range(len(sym)))
            index.append(b - 1)
    index.append(len(cost.rstrip()))
    result = "".join(out)
    if result == cost:
        return cost, None
    return result, tuple(index)


#: LackeyBot marks half mana with a pipe before the symbol ("|{R}"): its
#: database counts each such symbol one half toward the card's mana value, and
#: its own maintenance script rewrites the notation as Scryfall's {HR}
_PIPE_HALF = re.compile(r"\|\{([WUBRG])\}")
#: LackeyBot names hybrid symbols after its chat emotes, without the slash ("{UR}")
_UNSLASHED_HYBRID = re.compile(r"\{([WUBRGC])([WUBRGC])\}")


def lackeybot_symbols(text: str, *, half: bool = True) -> tuple[str, list[int] | None]:
    """LackeyBot's symbol notation in Oracle form: "|{R}" as {HR} (half red
    mana, when ``half``) and "{UR}" as {U/R} (two different color letters; the
    order is kept as written).  Returns the new text and, when it changed, the
    index in ``text`` of each of its characters plus one final entry for the end.
    """
    if "{" not in text:
        return text, None
    out: list[str] = []
    index: list[int] = []
    i = 0
    n = len(text)
    changed = False
    while i < n:
        m = _PIPE_HALF.match(text, i) if half and text[i] == "|" else None
        if m:
            # "{H" points at the pipe, the letter and "}" at theirs
            out.append("{H" + m.group(1) + "}")
            index.extend((i, i, i + 2, i + 3))
            i = m.end()
            changed = True
            continue
        m = _UNSLASHED_HYBRID.match(text, i) if text[i] == "{" else None
        if m and m.group(1) != m.group(2):
            # the slash points at the second letter
            out.append("{" + m.group(1) + "/" + m.group(2) + "}")
            index.extend((i, i + 1, i + 2, i + 2, i + 3))
            i = m.end()
            changed = True
            continue
        out.append(text[i])
        index.append(i)
        i += 1
    if not changed:
        return text, None
    index.append(n)
    return "".join(out), index


def lackeybot_cost(text: str) -> tuple[str, list[int] | None]:
    """:func:`lackeybot_symbols` for a mana cost: half mana and hybrid symbols."""
    return lackeybot_symbols(text)


def slash_hybrids(text: str) -> tuple[str, list[int] | None]:
    """Hybrid symbols written without the slash ("{UR}", as LackeyBot and MSE-Hub
    exports write them) in Oracle form ("{U/R}"); nothing else changes."""
    return lackeybot_symbols(text, half=False)


def lackeybot_text(text: str) -> tuple[str, list[int] | None]:
    """:func:`lackeybot_symbols` for rules text: hybrid symbols only (the text
    names the pipe notation in prose, "|R can be paid with ...")."""
    return lackeybot_symbols(text, half=False)
