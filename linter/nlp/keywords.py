"""Keyword lines: "Flying, vigilance", "Ward {2}", "Protection from red".

Which words are keywords, and what each takes as a parameter, comes from
the keyword catalogue (``linter.tables.keywords()``); this module only knows
how a keyword line is written (CR 702.1, 113.2c: keywords strung together
with commas or semicolons, each with its parameter, reminder text after).
"""

from __future__ import annotations

import functools
import re

from linter import tables
from linter.model import Ability, CostPart
from linter.nlp import text as T
from linter.nlp.costs import split_cost


def table_version() -> tuple[int, int]:
    """Changes when the keyword table does (a set's configuration may extend it)."""
    return _table_key(tables.extension_version())


@functools.lru_cache(maxsize=4)
def _table_key(extension_version: int) -> tuple[int, int]:
    # a declaration without keywords keeps the catalogue's table, and its key: the
    # vocabulary's matcher is not built again for it
    table = tables.keywords()
    return id(table), len(table)


@functools.lru_cache(maxsize=4)
def _first_words_for(version) -> frozenset[str]:
    """First words of every keyword name and alias (a fast pre-filter)."""
    out = set()
    for name in tables.keywords():
        out.add(name.split()[0].rstrip("!"))
    return frozenset(out)


_EMBEDDED_HINT = re.compile(r"^\S*?(?:walk|cycling)\b|^\S+ (?:\S+ )?(?:offering|landwalk|landcycling)\b", re.I)
_FIRST_WORD = re.compile(r"[^\s,;.:{(—–]+")


def find(item: str):
    """The keyword ``item`` starts with and the length of its name, or None."""
    return _find_in(item, table_version())


def _find_in(item: str, version):
    """:func:`find` with the table's version worked out by the caller (once a line)."""
    m = _FIRST_WORD.match(item)
    if m is None:
        return None
    if m[0].lower().rstrip("!") not in _first_words_for(version):
        # Most lines name no keyword: decided before the cache, which keeps keyword items.
        # Unless the line may start with a keyword written inside a word ("desertwalk"):
        # the words first, which costs less than the pattern; "cycl" and "offer" without
        # the "i" that the pattern, blind to case, also takes dotless ("ı") or dotted ("İ")
        low = item.lower()
        if not ("walk" in low or "cycl" in low or "offer" in low) or _EMBEDDED_HINT.match(item) is None:
            return None
    return _find(item, version)


@functools.lru_cache(maxsize=4096)
def _find(item: str, version):
    return tables.find_keyword(item)


_LABEL_FORM = re.compile(r"[—–]\s*\[(?:ability|effect|activated ability|cost\]: \[effect)\]")


def _label_keywords() -> dict[str, object]:
    """Keywords written as a label before an ability ("Max speed — …")."""
    return _label_keywords_for(table_version())


@functools.lru_cache(maxsize=4)
def _label_keywords_for(version) -> dict[str, object]:
    out = {}
    for name, kw in tables.keywords().items():
        if any(_LABEL_FORM.search(w) for w in kw.written):
            out[name] = kw
    return out


def label_keyword(label: str):
    """The keyword a "Label —" prefix names when it introduces an ability."""
    return _label_keywords().get(label.strip().lower())


_COST_PARAM = re.compile(
    r"(?:[\w'’/,-]+ ){0,6}(?:\{[^{}]+\})+(?: (?:and/or|or) (?:\{[^{}]+\})+)?\.?|[—–].+|(?:\{[^{}]+\})*"
)
_NUMBER_PARAM = re.compile(r"(?:[—–]\s*)?(?:[A-Za-z]+ )?(?:\d+|X|N)?\.?|[—–].+")
_NUMBER_COST_PARAM = re.compile(r"(?:\d+|X|N)\s*[—–]\s*\S.*")
_PHRASE_PARAM = re.compile(r"[^:.]*\.?|[—–].+")
_ANY_PARAM = re.compile(r".*")
_PARAM = {
    "none": re.compile(r"\.?"),
    "cost": _COST_PARAM,
    "number": _NUMBER_PARAM,
    "number-cost": _NUMBER_COST_PARAM,
    "quality": _PHRASE_PARAM,
    "type": _PHRASE_PARAM,
    "name": _PHRASE_PARAM,
    "other": _ANY_PARAM,
}
_MORE = re.compile(r"(?<!\d)\.\s+(?=[A-Z])|,\s+where\s")
_ITEM_BREAK = re.compile("[,;—–]")  # a separator of items, or a dash (the rest is one item)


def _items(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Comma/semicolon-separated items; after a dash the rest is one item."""
    out = []
    pos = start
    for m in _ITEM_BREAK.finditer(text, start, end):
        i = m.start()
        if text[i] in "—–":
            break
        out.append((pos, i))
        pos = i + 1
    out.append((pos, end))
    trimmed = []
    for s, e in out:
        piece = text[s:e]
        kept = piece.strip()
        if kept:
            s += len(piece) - len(piece.lstrip())
            trimmed.append((s, s + len(kept)))
        else:
            trimmed.append((e, e))
    return trimmed


def parse_keyword_line(text: str, cs: int, le: int, holes: list[tuple[int, int]], ctx=None) -> list[Ability] | None:
    """One ability per keyword if text[cs:le] is a keyword line, else None."""
    return keyword_abilities(text, cs, T.strip_spans(text, cs, le, holes) if holes else text[cs:le], holes,
                             table_version())


def keyword_abilities(text: str, cs: int, content: str, holes: list[tuple[int, int]], version) -> list[Ability] | None:
    """:func:`parse_keyword_line` of the line whose ``content`` (text[cs:le] with the
    ``holes`` blanked) the segmenter has made already, with the keyword table of
    ``version`` (:func:`table_version`, which the segmenter asks once a text)."""
    if _find_in(content.lstrip(), version) is None:
        return None  # the common case: not a keyword line at all
    found = _keyword_items(content, version)
    if found is None:
        return None
    out: list[Ability] = []
    for kw, s, e, n, param, p in found:
        a_start, a_end = cs + s, cs + e
        # reminder text right after the keyword belongs to its span
        for rs, re_ in holes:
            if rs >= a_end and not text[a_end:rs].strip(" ,;"):
                if not text[a_end:rs].strip():
                    a_end = re_
                break
        ab = Ability("keyword", text[a_start:a_end], a_start, a_end, keyword=kw.name, parameter=p,
                     rules=(kw.rule,))
        if p and kw.parameter in ("cost", "number-cost"):
            ps = cs + s + n
            while ps < cs + e and text[ps] == " ":
                ps += 1
            ab.cost = _keyword_cost(text, ps, ps + len(param))
        out.append(ab)
    return out


@functools.lru_cache(maxsize=4096)
def _keyword_items(content: str, version) -> tuple | None:
    """The keywords of a keyword line, read from its ``content`` alone, or None where it is
    no keyword line: for each (keyword, start, end, length of its name, the parameter's text
    (where a cost is read), the parameter as kept), offsets in ``content``.  Made once for
    each distinct line: the keyword lines of a file are few ("Flying", "Ward {2}") next to
    its faces."""
    head = content.lstrip()
    first = _find_in(head, version)
    stripped = content.rstrip()
    items = _items(content, 0, len(stripped))
    found: list[list] = []  # [kw, start, end, name_len]
    for s, e in items:
        if s >= e:
            return None
        item = content[s:e]
        hit = first if item == head else _find_in(item, version)  # most lines hold one keyword
        if found and found[-1][0].parameter == "name" and item[:1].isupper():
            hit = None  # "Partner with Trynn, Champion of Freedom": a name may hold a comma
        if hit is None:
            if found and found[-1][0].parameter != "none":
                found[-1][2] = e
                continue
            return None
        kw, n = hit
        canonical = kw.name.lower()
        if item[:n].lower().startswith(canonical + " "):
            n = len(canonical)  # "Affinity for artifacts": the parameter keeps its preposition
        found.append([kw, s, e, n])
    out = []
    labels = _label_keywords_for(version)
    for kw, s, e, n in found:
        if labels.get(kw.name.lower()) is kw:
            return None  # "Max speed — …" is a label before an ability
        param = content[s + n : e].strip()
        rx = _PARAM.get(kw.parameter, _ANY_PARAM)
        if not rx.fullmatch(param):
            # "Equip {1}. Activate only once each turn.": the sentences after a
            # lone keyword belong to it; the parameter ends with the first one
            m = _MORE.search(param)
            cut = m.start() + (1 if param[m.start()] == "." else 0) if m else 0
            if len(found) > 1 or m is None or kw.parameter == "none" or not rx.fullmatch(param[:cut].strip()):
                return None
            param = param[:cut].strip()
        if param[:1] in "—–":
            m = _SENTENCE.search(param)
            if m:
                param = param[: m.start()]
        out.append((kw, s, e, n, param, param.lstrip("—– ").rstrip(".").strip() or None))
    return tuple(out)


_TRAILING_SYMBOLS = re.compile(r"(?:\{[^{}]+\})+\s*\.?\s*$")


_SENTENCE = re.compile(r"\.\s+(?=[A-Z])")


def _keyword_cost(text: str, ps: int, pe: int) -> list[CostPart]:
    """The cost parts of a keyword's cost parameter ("{1}{G}", "—Pay 3 life.");
    sentences after the cost ("X can't be 0.") are not part of it."""
    chunk = text[ps:pe]
    dash = max(chunk.find("—"), chunk.find("–"))
    if dash >= 0:
        m = _SENTENCE.search(chunk, dash)
        return split_cost(text, ps + dash + 1, ps + m.start() if m else pe)
    m = _TRAILING_SYMBOLS.search(chunk)
    if m:
        return split_cost(text, ps + m.start(), pe)
    return []


def is_keyword_text(s: str) -> bool:
    return parse_keyword_line(s, 0, len(s), []) is not None
