"""Shared pieces of the templating checks (TPL*): the wording table, eras, sentence starts."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterator

from linter.catalogue import load
from linter.checks._textutil import SortedSpans, paren_spans, quote_spans
from linter.model import Card, Face

Span = tuple[int, int]


@functools.lru_cache(maxsize=1)
def data() -> dict:
    """rules_data/templating.yaml, schema-checked."""
    return load("templating")


def since(era: str | None) -> str:
    """' since Strixhaven (2021-04-23)' for an era key; '' for none."""
    if not era:
        return ""
    info = data()["eras"].get(era)
    if info is None:
        return ""
    return f" since {info['set']} ({info['date']})"


@dataclass(frozen=True)
class Phrasing:
    """One entry of the outdated-phrasing table."""

    id: str
    find: re.Pattern
    replace: str | None
    era: str | None
    safe: bool
    subject: tuple[str, ...]
    types: tuple[str, ...]
    after: re.Pattern | None
    note: str
    hints: tuple[str, ...] = ()
    rules: tuple[str, ...] = ("207.1",)


@functools.lru_cache(maxsize=1)
def phrasings() -> tuple[Phrasing, ...]:
    """The outdated-phrasing table, compiled once."""
    out = []
    for e in data()["phrasings"]:
        out.append(Phrasing(
            id=e["id"], find=re.compile(e["find"]), replace=e.get("replace"), era=e.get("era"),
            safe=bool(e["safe"]), subject=tuple(e.get("subject") or ()), types=tuple(e.get("types") or ()),
            after=re.compile(e["after"]) if e.get("after") else None, note=e["note"],
            hints=tuple(e.get("hints") or ()), rules=tuple(e.get("rules") or ("207.1",))))
    return tuple(out)


# -- places in rules text -------------------------------------------------------------

def holes(text: str) -> SortedSpans:
    """Reminder text and quoted text of a rules text (what a face's own wording excludes)."""
    return SortedSpans(paren_spans(text) + quote_spans(text))


def inside(spans: list[Span], start: int, end: int) -> bool:
    if isinstance(spans, SortedSpans):
        return spans.covers(start, end)
    return any(a <= start and end <= b for a, b in spans)


# Where a sentence starts: the text's start, a new line, after a full stop, a
# label's dash, a bullet, a cost's colon, an opening quote or parenthesis.
_STARTERS = re.compile(r"(?:^|\n|[.!?][\"”)]?\s+|[—–]\s+|•\s*|:\s+|[\"“(])\s*$")


def sentence_start(text: str, i: int) -> bool:
    """Whether position ``i`` of ``text`` starts a sentence."""
    return bool(_STARTERS.search(text, max(0, i - 4), i)) or i == 0


def cap(word: str, at_start: bool) -> str:
    return word[:1].upper() + word[1:] if at_start and word else word


_CLAUSE_END = re.compile(r"[.;:\n•—]")


def sentence_before(text: str, i: int) -> str:
    """The text of the sentence (or clause after a label or cost) before position ``i``."""
    j = i
    while j > 0 and not _CLAUSE_END.match(text[j - 1]):
        j -= 1
    return text[j:i]


def line_before(text: str, i: int) -> str:
    return text[text.rfind("\n", 0, i) + 1:i]


# -- eras of a card ---------------------------------------------------------------------

def in_self_reference_window(card: Card) -> bool:
    """Whether the card's set came out while both self-reference styles were current."""
    rel = (card.released or "")[:10]
    if not rel:
        return False
    w = data()["self_reference"]["window"]
    return w["from"] <= rel <= w["until"]


# -- self-reference -----------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _nouns() -> tuple[tuple[str, str | None, str | None], ...]:
    return tuple((n["noun"], n.get("card_type"), n.get("subtype")) for n in data()["self_reference"]["nouns"])


def self_noun(face: Face) -> tuple[str | None, bool]:
    """The noun a permanent face uses for itself ("creature", "Vehicle"), and whether
    the choice is certain (an artifact land could say either)."""
    types, subs = face.card_types, face.subtypes
    chosen = None
    for noun, card_type, subtype in _nouns():
        if (card_type and card_type in types) or (subtype and subtype in subs):
            chosen = noun
            break
    if chosen is None:
        return None, False
    if chosen in ("land", "artifact", "enchantment"):
        plain = {"Land", "Artifact", "Enchantment"} & set(types)
        return chosen, len(plain) <= 1
    return chosen, True


def keep_name_before(text: str, start: int) -> bool:
    """A name right after "named", "transforms into" … names a card, not the object itself."""
    before = text[max(0, start - 24):start].rstrip().lower()
    return any(before.endswith(w) for w in data()["self_reference"]["keep_before"])


def short_name(name: str) -> str | None:
    """The conventional short name of a legendary ("Terra" for "Terra, Magical Adept")."""
    if "," not in name:
        return None
    short = name.split(",", 1)[0].strip()
    return short or None


def face_names(card: Card, face: Face) -> set[str]:
    """The names by which a face's text refers to itself."""
    names = set()
    if face.name:
        names.add(face.name.strip())
    if card.name and " // " not in card.name and len(card.faces) == 1:
        names.add(card.name.strip())
    return {n for n in names if n}


def faces_with_text(card: Card) -> Iterator[tuple[int, Face, str]]:
    for i, face in enumerate(card.faces):
        if face.oracle_text:
            yield i, face, face.oracle_text



def small_numbers() -> tuple[str, ...]:
    return tuple(data()["small_numbers"])
