"""Self-reference: where a face's rules text names the object it is on.

The card's name, the face's name, the short name of a legendary ("Terra"
for "Terra, Magical Adept"; "Gandalf" for "Gandalf the Grey"), "this
creature", "this Saga" and the like (CR 700.7), "~" and "CARDNAME".
"""

from __future__ import annotations

import bisect
import re

# "this <word>": a card type, "spell", "card", "permanent", "token", or a
# capitalized subtype ("this Saga", "this Equipment", "this Class").
# (The word boundary is tested after the "T": a pattern that starts with a letter is
# searched for much faster than one that starts with a boundary.)
_THIS_RE = re.compile(
    r"[Tt](?<!\w[Tt])his (?:creature|artifact|enchantment|land|spell|card|permanent|planeswalker|battle|token|"
    r"object|kindred|(?!(?:Mode|Turn)\b)[A-Z][a-z]+(?:[- ][A-Z][a-z]+)?)\b"
)
_PLACEHOLDER_RE = re.compile(r"~|\bCARDNAME\b")
_SPLIT_SHORT = re.compile(r" of | the | from | who ")


def short_names(name: str) -> list[str]:
    """Shorter forms a legendary's text may use for its name: the part before
    the comma ("Terra" of "Terra, Magical Adept"); else the part before " of " or
    " the " ("Gandalf" of "Gandalf the Grey"), else the first word."""
    if "," in name:
        short = name.split(",", 1)[0].strip()
        return [short] if short else []
    m = _SPLIT_SHORT.search(name)
    if m and m.start() > 0:
        return [name[: m.start()].strip()]
    words = name.split()
    first = words[0].strip(",.;:") if len(words) > 1 else ""
    if len(first) >= 3 and first[0].isupper() and first != "The":
        return [first]
    return []


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def name_parts(names) -> tuple[str, ...]:
    """The names that are set, each half of a split card's name ("Fire // Ice") on its
    own, each once (a face's name is most often its card's)."""
    parts: dict[str, None] = {}
    for n in names:
        if n:
            for p in n.split("//") if "//" in n else (n,):
                p = p.strip()
                if p:
                    parts[p] = None
    return tuple(parts)


def find_names(text: str, names, taken: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Whole-word occurrences of ``names`` (longest first) outside ``taken``."""
    out: list[tuple[int, int]] = []
    present = [n for n in names if n and n in text]
    if not present:
        return out  # most texts do not write their card's name
    # longest first; names of one length in the order given (a set's order would vary from run to run)
    present = sorted(dict.fromkeys(present), key=len, reverse=True)
    # every span kept so far, sorted and not overlapping: one bisection tells whether a new
    # occurrence overlaps one (a long text names its card many times)
    held = sorted(taken)
    starts = [s for s, _e in held]
    overlapping_taken = len(held) > 1 and any(held[k][1] > held[k + 1][0] for k in range(len(held) - 1))

    def free(i: int, j: int) -> bool:
        if overlapping_taken and any(s < j and i < e for s, e in taken):
            return False
        k = bisect.bisect_left(starts, j) - 1  # the last span starting before j
        return k < 0 or held[k][1] <= i

    for name in present:
        i = text.find(name)
        while i >= 0:
            j = i + len(name)
            if (i == 0 or not _word_char(text[i - 1])) and (j == len(text) or not _word_char(text[j])) \
                    and free(i, j):
                out.append((i, j))
                k = bisect.bisect_left(starts, i)
                starts.insert(k, i)
                held.insert(k, (i, j))
            i = text.find(name, i + 1)
    return out


def _this_spans(text: str) -> list[tuple[int, int]]:
    """Where _THIS_RE matches, as ``finditer`` finds them: only at a "his " (found by a
    plain search, which costs much less than the pattern's search for its first letter)."""
    out = []
    i = text.find("his ", 1)
    while i >= 0:
        m = _THIS_RE.match(text, i - 1)
        if m is None:
            i = text.find("his ", i + 1)
        else:
            out.append(m.span())
            i = text.find("his ", m.end() + 1)
    return out


def self_spans(text: str, names: tuple[str, ...], short: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans of text that refer to the object itself, sorted, not overlapping."""
    spans: list[tuple[int, int]] = find_names(text, names, [])
    if short:
        spans.extend(find_names(text, short, spans))
    spans.extend(_this_spans(text))
    if "~" in text or "CARDNAME" in text:
        spans.extend(m.span() for m in _PLACEHOLDER_RE.finditer(text))
    if len(spans) < 2:
        return spans
    spans.sort()
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and s < out[-1][1]:
            continue
        out.append((s, e))
    return out
