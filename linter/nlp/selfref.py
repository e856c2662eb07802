"""Self-reference: where a face's rules text names the object it is on.

The card's name, the face's name, the short name of a legendary ("Terra"
for "Terra, Magical Adept"; "Gandalf" for "Gandalf the Grey"), "this
creature", "this Saga" and the like (CR 700.7), "~" and "CARDNAME".
"""

from __future__ import annotations

import functools
import re

# "this <word>": a card type, "spell", "card", "permanent", "token", or a
# capitalized subtype ("this Saga", "this Equipment", "this Class").
_THIS_RE = re.compile(
    r"\b[Tt]his (?:creature|artifact|enchantment|land|spell|card|permanent|planeswalker|battle|token|"
    r"object|kindred|(?!(?:Mode|Turn)\b)[A-Z][a-z]+(?:[- ][A-Z][a-z]+)?)\b"
)
_PLACEHOLDER_RE = re.compile(r"~|\bCARDNAME\b")
_SPLIT_SHORT = re.compile(r",| of | the | from | who | Who ")


def short_names(name: str) -> list[str]:
    """Shorter forms a legendary's text may use for its name."""
    out: list[str] = []
    if "," in name:
        out.append(name.split(",", 1)[0].strip())
    m = _SPLIT_SHORT.search(name)
    if m and m.start() > 0:
        out.append(name[: m.start()].strip())
    first = name.split()[0] if name.split() else ""
    if first and first[0].isupper() and len(first) >= 3 and first not in ("The",):
        out.append(first)
    seen = []
    for s in out:
        if s and s != name and s not in seen:
            seen.append(s)
    return seen


@functools.lru_cache(maxsize=8192)
def _names_regex(names: tuple[str, ...]) -> re.Pattern | None:
    names = tuple(n for n in names if n)
    if not names:
        return None
    alts = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))
    return re.compile(rf"(?<![\w])(?:{alts})(?![\w])")


def self_spans(text: str, names: tuple[str, ...], short: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans of text that refer to the object itself, sorted, not overlapping."""
    spans: list[tuple[int, int]] = []
    rx = _names_regex(names)
    if rx is not None:
        spans.extend(m.span() for m in rx.finditer(text))
    if short:
        srx = _names_regex(short)
        if srx is not None:
            for m in srx.finditer(text):
                if not any(s <= m.start() < e for s, e in spans):
                    spans.append(m.span())
    spans.extend(m.span() for m in _THIS_RE.finditer(text))
    spans.extend(m.span() for m in _PLACEHOLDER_RE.finditer(text))
    spans.sort()
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and s < out[-1][1]:
            continue
        out.append((s, e))
    return out
