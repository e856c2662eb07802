"""SYM003: mana or tap symbols written without braces ("T: Add G.", "Equip 2", "2G")."""

from __future__ import annotations

import functools
import re
from typing import Iterable, Iterator

from linter.checks._chars import braced
from linter.checks._symbols import symbol_table
from linter.checks.api import at_line_starts
from linter.checks.base import Check, Hit
from linter.model import Card
from linter.tables import extension_version, find_keyword, keywords


@functools.lru_cache(maxsize=None)
def _patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    letters = symbol_table().unbraced_letters
    run = rf"(?:\d+|[{letters}])*[{letters}](?:\d+|[{letters}])*"
    # "Add G", "add 2GG", "its controller adds R": the effect that adds mana; the word
    # boundary before "add" is tested after its first letter (no word character before it),
    # so that the search skips at once to the next "A" or "a" instead of trying every place
    add = re.compile(rf"[Aa](?<!\w[Aa])dds? (?P<run>{run})(?=[\s.,;)]|$)")
    # a cost part of an activated ability: "T", "2G", "1, T" at the start of a line
    # (or after an ability word and its dash), ending at the colon
    cost = re.compile(r"(?m)^(?:[^\n:—]{1,40}?\s—\s)?(?P<cost>[^\n:\"“(.]{1,40}?):(?=\s)")
    mana_part = re.compile(rf"(?:{run}|\d+)")
    return add, cost, mana_part


_TAP_PART = re.compile(r"[TQ]")
_PLAIN_PART = re.compile(r"(?:\d+|[A-Z])+")


def _cost_parts(cost: str, offset: int) -> Iterator[tuple[int, int, str]]:
    pos = 0
    for part in cost.split(","):
        start = offset + pos + (len(part) - len(part.lstrip()))
        pos += len(part) + 1
        yield start, start + len(part.strip()), part.strip()


def unbraced_in_text(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, the unbraced symbols) for each unbraced mana or tap symbol."""
    add, cost, _mana = _patterns()
    letters = symbol_table().unbraced_letters
    seen: set[tuple[int, int]] = set()
    for m in (add.finditer(text) if "dd " in text or "dds " in text else ()):  # what every match holds
        seen.add(m.span("run"))
        yield m.start("run"), m.end("run"), m.group("run")
    # the cost pattern tried only at a line start with a colon within its reach: on the other
    # lines (most lines of a text) it would try every length of an ability word and a cost
    for m in (at_line_starts(cost, text, ":", _COST_REACH) if ":" in text else ()):
        offset = m.start("cost")
        for start, end, part in _unbraced_cost_parts(m.group("cost"), letters):
            start, end = offset + start, offset + end
            if (start, end) not in seen:
                seen.add((start, end))
                yield start, end, part


#: how far from a line's start the cost pattern may find its colon: an ability word of up to
#: 40 characters, a space, its dash and a space, a cost of up to 40 characters, the colon
_COST_REACH = 40 + 3 + 40 + 1


@functools.lru_cache(maxsize=4096)
def _unbraced_cost_parts(cost: str, letters: str) -> tuple[tuple[int, int, str], ...]:
    """The parts of an activated ability's cost ("2, T") that are unbraced mana or tap symbols,
    positions from the cost's start, worked out once per cost (costs repeat from card to card:
    "{T}", "{1}, {T}")."""
    parts = list(_cost_parts(cost, 0))
    plain = [p for p in parts if _PLAIN_PART.fullmatch(p[2])]
    if not plain:
        return ()
    # a loyalty cost ("0:", "+1:") or a plain number alone is no unbraced mana
    # unless a tap symbol or a mana letter shows that a cost is meant
    if not any(_TAP_PART.fullmatch(p[2]) or any(c in letters for c in p[2]) for p in plain):
        return ()
    return tuple((start, end, part) for start, end, part in plain
                 if _TAP_PART.fullmatch(part) or re.fullmatch(rf"(?:\d+|[{letters}XSE])+", part))


@functools.lru_cache(maxsize=4)
def _keyword_first_words(version: int) -> frozenset[str]:
    """The first words of the keywords, the set's own too (``version``: of their declaration)."""
    return frozenset(name.split()[0] for name in keywords())


_FIRST_WORD = re.compile(r"[\w'’-]+")


def _may_be_keyword(piece: str, firsts: frozenset[str] | None = None) -> bool:
    """A cheap test before the keyword table is searched (``firsts``: the keywords' first
    words, :func:`_keyword_first_words` of now unless given)."""
    first = _FIRST_WORD.match(piece)
    if first is None:
        return False
    word = first.group().lower()
    if firsts is None:
        firsts = _keyword_first_words(extension_version())
    return word in firsts or word.endswith(("walk", "cycling")) or "offering" in piece[:40].lower()


@functools.lru_cache(maxsize=4096)
def _keyword_at(piece: str, version: int):
    """The keyword a piece of a line starts with (:func:`find_keyword`), worked out once per
    piece and declaration of the set's own keywords (keyword lines repeat from card to card)."""
    return find_keyword(piece)


@functools.lru_cache(maxsize=4)
def _cost_word(letters: str) -> re.Pattern:
    """An unbraced cost written as one word ("2", "1R", "XU")."""
    return re.compile(rf"(?:\d+|[{letters}X])+")


def unbraced_keyword_costs(text: str) -> Iterator[tuple[int, int, str]]:
    """Unbraced costs of keywords that take a cost ("Equip 2", "Kicker 1R", "Suspend 3—1U")."""
    version = extension_version()
    firsts = _keyword_first_words(version)
    pos = 0
    for line in text.split("\n"):
        # a line whose start is no keyword has no keyword in its first piece either
        if _may_be_keyword(line, firsts):
            for start, end, run in _line_keyword_costs(line, version):
                yield pos + start, pos + end, run
        pos += len(line) + 1


@functools.lru_cache(maxsize=8192)
def _line_keyword_costs(line: str, version: int) -> tuple[tuple[int, int, str], ...]:
    """:func:`unbraced_keyword_costs` of one line that may start with a keyword, positions
    from the line's start, worked out once per line and declaration of the set's own
    keywords (keyword lines repeat from card to card; the others are not kept)."""
    word = _cost_word(symbol_table().unbraced_letters)
    firsts = _keyword_first_words(version)
    found: list[tuple[int, int, str]] = []
    start = 0
    for piece in line.split(", "):
        piece_start = start
        start += len(piece) + 2
        kw_at = _keyword_at(piece, version) if _may_be_keyword(piece, firsts) else None
        if kw_at is None:
            break
        kw, n = kw_at
        if kw.parameter not in ("cost", "number-cost"):
            continue
        param = piece[n:]
        base = piece_start + n
        if kw.parameter == "number-cost":
            dash = re.search(r"[—–]", param)
            if dash is None:
                continue
            base += dash.end()
            param = param[dash.end():]
        # only the word right after the keyword: in a text whose line breaks
        # were lost, later words belong to other abilities ("Warp Artifact deals 1 damage")
        w = re.match(r"\s*(\S+?)(?=[\s.,;(]|$)", param)
        if w and word.fullmatch(w.group(1)):
            found.append((base + w.start(1), base + w.end(1), w.group(1)))
    return tuple(found)


class UnbracedManaSymbol(Check):
    """Mana or tap symbols written without braces.

    ## What it does
    Reports mana costs written without braces ("2G" instead of "{2}{G}"),
    and in rules text: unbraced cost symbols of an activated ability
    ("T: Add {G}.", "2, T: Draw a card."), unbraced mana after "Add"
    ("Add G."), and unbraced costs of keywords that take a cost ("Equip 2",
    "Kicker 1R", "Suspend 3—1U").

    ## Why is this bad?
    Mana and the tap symbol are written as symbols (CR 107.4, 107.5, 202.1):
    "T:" is not the tap symbol and "Add G" adds nothing the rules know, so
    the ability does not work as written, and renderers and search engines
    show or find plain letters.

    ## Example
    ```yaml
    name: Grove Tender
    mana_cost: "1G"
    oracle_text: "T: Add G."
    ```

    ## Use instead
    ```yaml
    name: Grove Tender
    mana_cost: "{1}{G}"
    oracle_text: "{T}: Add {G}."
    ```

    ## Fix safety
    No automatic fix yet; adding the braces is safe where the letters are
    symbols.
    """

    code = "SYM003"
    name = "unbraced-mana-symbol"
    category = "symbols"
    severity = "error"
    rules = ("107.4", "107.5", "202.1")
    message = "{what} written without braces: {text!r} should be {braced}"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if face.mana_cost:
                for start, end, run in _outside_braces(face.mana_cost):
                    yield self.hit(face=i, field="mana_cost", start=start, end=end,
                                   what="mana cost", text=run, braced=_brace(run))
            text = face.oracle_text or ""
            if not text:
                continue
            found = set(unbraced_in_text(text))
            found.update(unbraced_keyword_costs(text))
            if not found:
                continue
            for start, end, run in sorted(found):
                what = "tap symbol" if run in ("T", "Q") else "mana"
                yield self.hit(face=i, field="oracle_text", start=start, end=end,
                               what=what, text=run, braced=_brace(run))


_SYMBOL = re.compile(r"\{[^{}]*\}")
_RUN = re.compile(r"[0-9A-Za-z]+")


@functools.lru_cache(maxsize=4096)
def _outside_braces(cost: str) -> tuple[tuple[int, int, str], ...]:
    """Runs of a mana cost that stand outside braces (spaces and "//" aside), worked out
    once per cost (files repeat their costs)."""
    if _RUN.search(_SYMBOL.sub("", cost)) is None:
        return ()  # every letter and number inside braces: most costs
    depth_free = _SYMBOL.sub(lambda m: "\0" * len(m.group()), cost)
    return tuple((m.start(), m.end(), m.group()) for m in _RUN.finditer(depth_free))


def _brace(run: str) -> str:
    """"2GG" -> "{2}{G}{G}"."""
    return braced(re.findall(r"\d+|.", run))
