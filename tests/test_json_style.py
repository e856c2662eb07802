"""A JSON file's habits (escaped non-ASCII, hex case, escaped slashes), worked out in one pass
over a bulk file: the same answers as counting every match; and a field's text read as JSON
reads it."""

from __future__ import annotations

import json
import re

import pytest

from linter.fixes_codecs import _JSON_SLASH, _JSON_U, JsonCodec, _hex_upper, _json_field_style, _json_file_style


def _by_every_match(text: str) -> tuple[bool, bool, bool]:
    escapes = _JSON_U.findall(text)
    non_ascii = [h for h in escapes if int(h, 16) >= 0x80]
    raw = len(re.findall(r"[^\x00-\x7f]", text))
    slashes = len(_JSON_SLASH.findall(text))
    return (bool(non_ascii) and len(non_ascii) >= raw, _hex_upper(escapes, False),
            slashes > 0 and text.count("/") == slashes)


@pytest.mark.parametrize("text", [
    '{"name": "Plain"}',
    '{"name": "Caf\\u00e9", "text": "\\u2014 a \\/ b"}',
    '{"name": "Café", "text": "— a / b"}',
    '{"a": "\\u00E9\\u00E8", "b": "é"}',
    '{"a": "\\\\u00e9 is no escape", "b": "\\\\/"}',
    '{"a": "\\u00e9\\u00e8", "b": "\ud800 lone"}',
    '{"a": "1/2", "b": "\\/"}',
])
def test_the_style_is_that_of_counting_every_match(text):
    assert _json_file_style(text) == _by_every_match(text)


def test_a_bulk_file_is_read_for_its_style_in_one_pass():
    text = '{"t": "Flying — a / b é"}\n' * 200_000 + '{"u": "\\u00e9"}'
    assert _json_file_style(text) == _by_every_match(text) == (False, False, False)


_FIELDS = ["Flying", "", "Café — fine", "a / b", "a\\nb", 'say \\"hi\\"', 'a bare " quote', "tab\tinside",
           "\u00a0no-break", "del\x7f", "line\u2028sep", "trailing\\", "\\u00e9t\\u00e9", "\\u0041 only ASCII",
           "\\\\u00e9 is no escape", "\ud800 lone"]


@pytest.mark.parametrize("raw", _FIELDS)
def test_a_field_decodes_as_json_reads_it(raw):
    try:
        expected = json.loads('"' + raw + '"')
    except ValueError:
        expected = None
    assert JsonCodec(None, (False, False, False)).decode(raw) == expected


@pytest.mark.parametrize("raw", _FIELDS)
def test_a_fields_style_is_that_of_every_match(raw):
    if any(int(h, 16) >= 0x80 for h in _JSON_U.findall(raw)):
        expected = True
    elif re.search(r"[^\x00-\x7f]", raw):
        expected = False
    else:
        expected = None
    assert _json_field_style(raw) == expected
