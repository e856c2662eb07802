"""The designers' formats on the real custom sets in ../shared/data/custom-sets:
every set is read with the card count its file holds (counted here on the
file itself), and positions point at the right line of the source."""

from __future__ import annotations

import json
import re
import time
import zipfile
from pathlib import Path

import pytest

from linter.readers import read_file
from linter.readers.markup import MINUS

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
CUSTOM = DATA / "custom-sets"

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not CUSTOM.is_dir(), reason="real custom sets not present in ../shared/data"),
]

MSE_SETS = sorted(CUSTOM.glob("mse/*.mse-set"))
HUB_SETS = sorted(CUSTOM.glob("msehub/*-files/*.json"))
LACKEY_SETS = sorted(CUSTOM.glob("lackeybot/*/cards.json"))


def timed(path: Path):
    start = time.perf_counter()
    r = read_file(str(path))
    return r, time.perf_counter() - start


def line_of(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


# independent counts -------------------------------------------------------------------------


def mse_set_text(path: Path) -> str:
    with zipfile.ZipFile(path) as zf:
        return zf.read("set").decode("utf-8-sig")


def mse_expected(text: str) -> tuple[int, int]:
    """(card: blocks, blocks whose name is empty), counted on the text."""
    blocks = re.split(r"(?m)^card:\r?$", text)[1:]
    unnamed = 0
    for b in blocks:
        b = re.split(r"(?m)^\S", b, maxsplit=1)[0]  # up to the next top-level key
        m = re.search(r"(?m)^\tname:[ ]?(.*?)\r?$", b)
        if m is None or not re.sub(r"<[^>]*>", "", m.group(1)).strip():
            unnamed += 1
    return len(blocks), unnamed


@pytest.mark.parametrize("path", MSE_SETS, ids=lambda p: p.name)
def test_mse_card_counts(path):
    r, elapsed = timed(path)
    assert r.error is None, r.error
    blocks, unnamed = mse_expected(mse_set_text(path))
    assert r.entries == blocks
    assert len(r.cards) == blocks - unnamed
    assert sum(1 for w in r.warnings if "without a name" in w[0]) == unnamed
    print(f"\n{path.name}: {len(r.cards)} cards in {elapsed * 1000:.0f} ms, warnings {r.warnings}")
    assert elapsed < 10


@pytest.mark.parametrize("path", HUB_SETS, ids=lambda p: p.name)
def test_msehub_card_counts(path):
    r, elapsed = timed(path)
    assert r.error is None and r.format == "msehub", r.error
    cards = json.loads(path.read_text(encoding="utf-8-sig"))["cards"]
    unnamed = sum(1 for c in cards if not str(c.get("card_name") or "").strip())
    assert r.entries == len(cards)
    assert len(r.cards) == len(cards) - unnamed
    assert [w[0] for w in r.warnings] == ["card without a name: skipped"] * unnamed
    print(f"\n{path.parent.name}/{path.name}: {len(r.cards)} cards in {elapsed * 1000:.0f} ms, skipped {unnamed}")
    assert elapsed < 10


@pytest.mark.parametrize("path", LACKEY_SETS, ids=lambda p: p.parent.name)
def test_lackeybot_card_counts(path):
    r, elapsed = timed(path)
    assert r.error is None and r.format == "lackeybot", r.error
    top: list = []
    json.loads(path.read_text(encoding="utf-8-sig"),
               object_pairs_hook=lambda pairs: top.append(pairs) or dict(pairs))
    entries = top[-1]  # the outermost object is completed last
    unnamed = sum(1 for _k, v in entries if not str(v.get("cardName") or "").strip())
    assert r.entries == len(entries)
    assert len(r.cards) == len(entries) - unnamed
    print(f"\n{path.parent.name}/{path.name}: {len(r.cards)} cards in {elapsed * 1000:.0f} ms, skipped {unnamed}")
    assert elapsed < 10


# known cards -----------------------------------------------------------------------------------


def by_name(result, prefix: str):
    return next(c for c in result.cards if c.name.startswith(prefix))


def test_mse_planeswalker_positions():
    path = next((p for p in MSE_SETS if "ruler501" in p.name), None)
    if path is None:
        pytest.skip("the MSE set with a planeswalker is not present")
    r = read_file(str(path))
    text = r.source.text
    walker = by_name(r, "RGW01-Ajani").front
    block = text.index("\tname: RGW01-Ajani")
    loc = walker.locs["oracle_text"]
    # the first ability's text is on the first line under "rule text:", its cost on "loyalty cost 1:"
    first = walker.oracle_text.index(": ") + 2
    assert loc.position(first)[0] == line_of(text, text.index("\trule text:", block)) + 1
    assert loc.position(0)[0] == line_of(text, text.index("\tloyalty cost 1:", block))
    last = walker.oracle_text.rindex(MINUS)
    assert text[loc.offset(last)] == "-"
    assert loc.position(last)[0] == line_of(text, text.index("\tloyalty cost 3:", block))
    assert walker.type_line == "Legendary Planeswalker — Ajani"
    assert walker.locs["type_line"].position(0)[0] == line_of(text, text.index("\tsuper type:", block))


def test_mse_double_faced_card_positions():
    path = next((p for p in MSE_SETS if "ruler501" in p.name), None)
    if path is None:
        pytest.skip("the MSE set with a double-faced card is not present")
    r = read_file(str(path))
    text = r.source.text
    dfc = next(c for c in r.cards if len(c.faces) == 2)
    back = dfc.faces[1]
    block = text.rindex("\n", 0, text.index("\tname 2: " + back.name))
    assert back.locs["name"].position(0)[0] == line_of(text, block + 1)
    assert "{T}" in back.oracle_text and "<" not in back.oracle_text
    t = back.oracle_text.index("{T}")
    assert text[back.locs["oracle_text"].offset(t + 1)] == "T"


def test_msehub_planeswalker_positions():
    path = CUSTOM / "msehub" / "CC01-files" / "CC01.json"
    if not path.is_file():
        pytest.skip(f"{path.name} is not present")
    r = read_file(str(path))
    text = r.source.text
    walker = next(c for c in r.cards if c.front.loyalty and MINUS in (c.front.oracle_text or ""))
    loc = walker.front.locs["oracle_text"]
    k = walker.front.oracle_text.index(MINUS)
    at = loc.offset(k)
    assert text[at - 1:at + 1] == "[-"
    key = text.index('"card_name": ' + json.dumps(walker.name))
    assert loc.position(k)[0] == line_of(text, text.index('"rules_text"', key))


def test_lackeybot_back_face_positions():
    path = CUSTOM / "lackeybot" / "myriad" / "cards.json"
    if not path.is_file():
        pytest.skip(f"{path.name} is not present")
    r = read_file(str(path))
    text = r.source.text
    card = next(c for c in r.cards if len(c.faces) == 2 and (c.faces[1].oracle_text or "").startswith("+1:"))
    back = card.faces[1]
    loc = back.locs["oracle_text"]
    k = back.oracle_text.index(MINUS)
    at = loc.offset(k)
    assert text[at - 1:at + 1] == "[-"
    assert text.rfind('"rulesText2"', 0, at) > text.rfind('"cardName2"', 0, at) > text.rfind('"rulesText"', 0, at)
    assert loc.position(k)[0] == line_of(text, text.index(json.dumps(card.faces[0].name)))


def test_lackeybot_half_mana_pipes():
    """Myriad's Temporal Magic cards write half mana "|{R}"; the file's mana values
    count each such symbol one half, as {HR} does."""
    path = CUSTOM / "lackeybot" / "myriad" / "cards.json"
    if not path.is_file():
        pytest.skip(f"{path.name} is not present")
    from linter.model import mana_value

    r = read_file(str(path))
    text = r.source.text
    piped = [c for c in r.cards if any(re.search(r"\{H[WUBRG]\}", f.mana_cost or "") for f in c.faces)]
    raw = json.loads(text)
    assert len(piped) == sum(1 for v in raw.values() if isinstance(v, dict) and "|" in str(v.get("manaCost"))) == 9
    for c in piped:
        assert "|" not in c.front.mana_cost
        assert mana_value(c.front.mana_cost) == c.cmc, c.name
        loc = c.front.locs["mana_cost"]
        k = c.front.mana_cost.index("{H")
        assert text[loc.offset(k)] == "|" and text[loc.offset(k + 2)] == c.front.mana_cost[k + 2]


# diagnostics ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", MSE_SETS + HUB_SETS[:3] + LACKEY_SETS[:1], ids=lambda p: p.name)
def test_diagnostics_point_into_their_card_and_field(path):
    """Every finding on a text field lands inside its card's entry, on the
    character of the source the finding's text starts with."""
    from linter.engine import lint_cards

    r = read_file(str(path))
    diags = lint_cards(r.cards)
    assert diags, "the real sets have findings"
    text = r.source.text
    starts = sorted(c.loc.start for c in r.cards)
    checked = 0
    for d in diags:
        card = d.card_obj
        if d.field not in ("oracle_text", "type_line", "name") or d.face is None or d.start is None:
            continue
        if card.source is not r.source:
            continue
        face = card.faces[d.face]
        value = getattr(face, d.field) or ""
        at = card.source.offset_of(d.line, d.column)
        nxt = next((s for s in starts if s > card.loc.start), len(text))
        assert card.loc.start <= at < nxt, (d.code, d.card, d.line)
        ch = value[d.start] if d.start < len(value) else ""
        if ch.isalnum():
            assert text[at] == ch, (d.code, d.card, d.field, d.start, d.line, d.column)
            checked += 1
    assert checked > 0
