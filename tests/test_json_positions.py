"""Places in JSON text: the sparse map of a string's escapes, the places of a card's
fields read by the C scanner, and the indented JSON writer of the reports."""

from __future__ import annotations

import json
import random

import pytest

from linter.readers.fields import WANTED, walk_object
from linter.readers.jsonpos import EscapeMap, Tokens, decode_at, object_starts, place_at
from linter.reporters.json import dumps_indented
from linter.source import SourceFile

_PIECES = ["a", "Z", " ", "é", "\\n", "\\\\", '\\"', "\\/", "\\t", "\\u00e9", "\\ud83d\\ude00",
           "\\uD83D\\uDE00", "\\ud800", "\\udc00", "\\ud800\\u0041", "\\ud800\\ud800\\udc00"]


@pytest.mark.parametrize("seed", range(5))
def test_escape_map_points_at_each_character_as_written(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        raw = "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 10)))
        text = '{"k": "' + raw + '"}'
        start = text.index('"', 5) + 1
        end = start + len(raw)
        value = json.loads('"' + raw + '"')
        place = EscapeMap(text, start, end)
        offsets = [place(i) for i in range(len(value) + 1)]
        assert offsets[0] == start and offsets[-1] == end
        for i, ch in enumerate(value):  # each character's escape, alone, decodes to it
            assert json.loads('"' + text[offsets[i]:offsets[i + 1]] + '"') == ch
        assert place(-3) == start and place(len(value) + 5) == end


_CARDS = [
    '{"name": "Glim\\u00e9r Owl", "name": "Glimmer Owl", "cmc": 2.0, "colors": ["U"],'
    ' "oracle_text": "Flying\\nWhen this creature enters, scry 1.", "extra": {"deep": ["x", {"y": "z"}]}}',
    '{ "n\\u0061me" : "Vale // Ridge" , "card_faces" : [ {"name": "Vale", "card_faces": [{"name": "x"}]},'
    ' 3, null, {"oracle_text": "Say \\"hi\\"."} ], "power": -1.5e3, "toughness": true, "layout": {"a": "b"} }',
    '{"card_faces": null, "name": "Lone Pike", "keywords": [], "set": [1, "a"]}',
    '{"card_faces": [], "name": "Twin", "card_faces": [{"name": "Twin Face"}]}',
    '{\n  "type_line"\n:\n"Creature \\u2014 Elf",\r\n\t"loyalty": "3"\n}',
    # keys with escapes (read by the scanner) beside plain ones, and no space or much of it
    # around the colons and commas
    '{"a\\"b":1 ,"name" :"x\\\\" ,\n"card_faces":[ {"name":"y"} ,{ } ,[] ] , "mana_cost":"{1}","\\\\":{}}',
    "{}",
]


def _key(loc) -> tuple:
    width = loc.end - loc.start
    return loc.start, loc.end, loc.exact, [loc.offset(i) for i in range(-1, width + 3)]


@pytest.mark.parametrize("card", _CARDS)
def test_object_places_are_those_of_the_token_walk(card: str) -> None:
    source = SourceFile("cards.json", "[\n " + card + "\n]")
    start = source.text.index("{")
    fields, faces, _start = walk_object(Tokens(source, start), decode_at(source.text, start))
    starts, starts_of_faces = object_starts(source.text, start, WANTED, "card_faces")

    def places(of: dict[str, int]) -> dict:
        return {k: place_at(source, at) for k, at in of.items()}

    found = places(starts)
    found_faces = None if starts_of_faces is None else [places(f) for f in starts_of_faces]
    assert {k: _key(loc) for k, loc in found.items()} == {k: _key(loc) for k, (_v, loc) in fields.items()}
    assert (found_faces is None) == (faces is None)
    assert [{k: _key(loc) for k, loc in f.items()} for f in found_faces or ()] == \
        [{k: _key(loc) for k, (_v, loc) in f.items()} for f in faces or ()]


class _Number(int):
    pass


@pytest.mark.parametrize("value", [
    {}, [], {"a": []}, [{}], [[[]]], (1, (2,)), {"k": (None,)}, "text", 3, None, True,
    {"x": {"y": [1, 2.5, -0.0, 1e300, float("nan"), float("inf"), -float("inf"), False, None,
                 "é\n\"\\\u2028\ud800"]}},
    {1: 2}, {"a": {True: 1}}, [_Number(5)], {"d": 2 ** 70},
    {"diagnostics": [{"path": "set.yaml", "line": 3, "rules": ["702.9"], "fix": None},
                     {"fix": {"safe": True, "edits": [{"start": 0, "end": 2, "text": "’"}]}}]},
])
@pytest.mark.parametrize("indent", [2, 4, 0])
def test_dumps_indented_writes_what_json_dumps_writes(value, indent: int) -> None:
    assert dumps_indented(value, indent) == json.dumps(value, ensure_ascii=False, indent=indent)


@pytest.mark.parametrize("seed", range(3))
def test_line_and_column_are_those_of_the_line_breaks_before_the_offset(seed: int) -> None:
    from linter import source

    rng = random.Random(seed)
    block = source._BLOCK
    for _ in range(60):
        n = rng.choice([0, 1, 7, block - 1, block, block + 1, 3 * block, 5 * block + 3])
        text = "".join(rng.choice(rng.choice(["ab\n", "\n\n\né", "abcdefgh", "\n"])) for _ in range(n))
        src = SourceFile("cards.json", text)
        for offset in [-2, 0, n, n + 4, block - 1, block, block + 1, 2 * block] + \
                [rng.randint(0, n) for _ in range(40)]:
            at = max(0, min(offset, n))
            line_start = text.rfind("\n", 0, at) + 1
            assert src.line_col(offset) == (text.count("\n", 0, at) + 1, at - line_start + 1), (n, offset)
            line, column = src.line_col(offset)
            assert src.offset_of(line, column) == at


@pytest.mark.parametrize("seed", range(3))
def test_the_positions_of_a_span_are_those_of_its_two_ends(seed: int) -> None:
    from linter import source
    from linter.source import Loc

    rng = random.Random(seed)
    for _ in range(150):
        n = rng.choice([0, 5, 40, source._BLOCK + 7, 3 * source._BLOCK])
        text = "".join(rng.choice(["ab", "\n", "é", "\\n", " "]) for _ in range(n))
        src = SourceFile("cards.json", text)
        start = rng.randint(0, len(text))
        end = rng.randint(start, len(text) + 3)
        table = sorted(rng.randint(-2, len(text) + 2) for _ in range(rng.randint(0, 8)))
        shuffled = table[:]
        rng.shuffle(shuffled)
        locs = [Loc(src, start, end), Loc(src, start, end, exact=False), Loc(src, start, end, table),
                Loc(src, start, end, shuffled), Loc(src, start, end, lambda i: start + 3 * i - 4),
                Loc(src, start, end, EscapeMap(text, start, min(end, len(text))))]
        for loc in locs:
            for _ in range(8):
                first = rng.randint(-2, end - start + 3)
                last = rng.randint(first, end - start + 4)
                assert loc.positions(first, last) == loc.position(first) + loc.position(last)
