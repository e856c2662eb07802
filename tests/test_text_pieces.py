"""TextPieces must find exactly the pieces that ``piece in text`` finds.

The bits it gives decide which checks a run calls on a face (linter.lint.Plan): a
piece it missed would lose a check's findings without a sound.  These tests hold it
to the plain way (each piece looked for with ``in``) over texts built at random from
the pieces themselves, so that pieces stand inside others, overlap, repeat and touch,
both for pieces made up to nest and for the pieces of a real run.
"""

from __future__ import annotations

import random

from linter.checks.api import READ_AS_ASCII, FaceReader, TextPieces
from linter.lint import Plan
from linter.selection import Selection


def _expected(given: dict[str, int], low: str) -> int:
    bits = 0
    for piece, bit in given.items():
        if piece in low:
            bits |= bit
    return bits


def _texts(pieces: list[str], rng: random.Random, count: int) -> list[str]:
    """Texts of pieces, cut pieces and single characters of them, side by side."""
    alphabet = sorted({c for p in pieces for c in p} | {" ", "\n", "."})
    out = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(0, 12)):
            roll = rng.random()
            piece = rng.choice(pieces)
            if roll < 0.5:
                parts.append(piece)
            elif roll < 0.75:  # a piece cut short at either end: a near miss, or the start of an overlap
                i, j = sorted(rng.sample(range(len(piece) + 1), 2)) if len(piece) > 1 else (0, 1)
                parts.append(piece[i:j])
            else:
                parts.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4))))
        out.append("".join(parts))
    return out


def _check(given: dict[str, int], texts: list[str]) -> None:
    found = TextPieces(given)
    wrong = [low for low in texts if found.held_in_lower_case(low) != _expected(given, low)]
    assert wrong == []


def test_nested_overlapping_and_repeated_pieces():
    """Pieces inside others ("he" in "her" in "there"), ending where another starts
    ("aba", "bab"), of one character, and sharing bits or not."""
    pieces = ["he", "her", "there", "the", "here", "e", "aba", "bab", "abab", "b", "r t", "{", "}", "{x}", "x", "xx"]
    rng = random.Random(20260)
    given = {p: 1 << k for k, p in enumerate(pieces)}
    _check(given, _texts(pieces, rng, 3000))
    shared = {p: (1 << (k % 3)) | (1 << 5 if len(p) > 2 else 0) for k, p in enumerate(pieces)}
    _check(shared, _texts(pieces, rng, 3000))


def test_the_pieces_of_a_run():
    """The "text:" and "cost:" pieces that the checks of a run need, each with its bits."""
    plan = Plan(Selection(None, None))
    given: dict[str, int] = {}
    for k, check in enumerate(plan.card_checks):  # as a run gives them: one bit a check
        for need in check.needs:
            given[need] = given.get(need, 0) | 1 << k
    rng = random.Random(7)
    for kind in ("text", "cost"):
        pieces = {need.partition(":")[2]: bit for need, bit in given.items() if need.startswith(kind + ":")}
        assert pieces, kind
        _check(pieces, _texts(sorted(pieces), rng, 2000))


def test_held_reads_the_lower_case():
    """``held`` gives the bits of the pieces in the text's lower case, or every bit where the
    text holds a character that patterns may read as an ASCII one."""
    given = {"draw": 1, "scry": 2, "—": 4, "{t}": 8, "t": 16}
    found = TextPieces(given)
    rng = random.Random(3)
    for text in _texts(["Draw", "DRAW", "Scry", "{T}", "—", "ſcry", "İ", "draw"], rng, 2000):
        expected = found.every if READ_AS_ASCII.search(text) else _expected(given, text.lower())
        assert found.held(text) == expected, text


def test_a_reader_of_no_piece_finds_none():
    reader = FaceReader({"type:Creature": 1})
    assert not reader.texts and reader.texts.held("Draw a card.") == 0
