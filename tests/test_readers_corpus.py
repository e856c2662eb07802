"""The readers on the real card data in ../shared/data (skipped where it is absent)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from linter.readers import discover, read_file

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
SETS = DATA / "cards" / "cockatrice-sets"

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not DATA.is_dir(), reason="real card data not present in ../shared/data"),
]


def _raw_position(text: str, needle: str) -> tuple[int, int]:
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


@pytest.fixture(scope="module")
def all_sets():
    files, missing = discover([str(SETS)])
    assert not missing
    start = time.perf_counter()
    results = [read_file(f) for f in files]
    elapsed = time.perf_counter() - start
    return files, results, elapsed


def test_every_cockatrice_set_reads(all_sets):
    files, results, elapsed = all_sets
    assert len(files) == len(list(SETS.glob("*.xml")))
    bad = [(r.path, r.error) for r in results if r.error is not None]
    assert not bad
    assert all(r.format == "cockatrice" for r in results)
    assert sum(r.entries for r in results) == 42702
    cards = sum(len(r.cards) for r in results)
    assert 40000 < cards < 42702  # double-faced cards' entries were joined
    # 134 split cards are listed as two entries, one per half (AKR's Commit and Memory,
    # DSK's Rooms ...): each pair is one card again
    assert cards == 41858
    print(f"\n{len(files)} Cockatrice files, {sum(r.entries for r in results)} entries, {cards} cards in {elapsed:.2f}s")
    assert elapsed < 60  # a generous bound: a few seconds is the norm


def test_every_card_has_a_name_and_a_face(all_sets):
    _files, results, _ = all_sets
    for r in results:
        for c in r.cards:
            assert c.name and c.faces and all(f.name for f in c.faces)
            assert c.set_code, (r.path, c.name)


def test_known_transform_card_is_joined(all_sets):
    _files, results, _ = all_sets
    mid = next(r for r in results if r.path.endswith("MID.xml"))
    card = next(c for c in mid.cards if c.name == "Ambitious Farmhand // Seasoned Cathar")
    front, back = card.faces
    assert card.layout == "transform"
    assert (front.mana_cost, back.mana_cost) == ("{1}{W}", "")
    assert back.color_indicator == ("W",)
    assert card.cmc == 2.0 and card.released == "2021-09-24"
    text = mid.source.text
    at = front.oracle_text.index("Coven")
    assert front.locs["oracle_text"].position(at) == _raw_position(text, "Coven&#8212;")
    assert front.locs["oracle_text"].position(at + 6) == _raw_position(text, "{1}{W}{W}: Transform Ambitious")


def test_modal_double_faced_entries_and_adventures(all_sets):
    _files, results, _ = all_sets
    stx = next(r for r in results if r.path.endswith("STX.xml"))
    mdfc = [c for c in stx.cards if " // " in c.name]
    assert mdfc and all(c.layout == "modal_dfc" and len(c.faces) == 2 for c in mdfc)
    layouts = {c.layout for r in results for c in r.cards}
    assert {"normal", "transform", "modal_dfc", "adventure", "split"} <= layouts


def test_tokens_file():
    r = read_file(str(DATA / "cards" / "cockatrice-tokens" / "tokens.xml"))
    assert r.error is None
    assert r.entries == 1009  # the empty-name template is inside a comment
    assert all(c.name for c in r.cards)
    assert sum(c.is_token for c in r.cards) > 950
    day = next(c for c in r.cards if c.name == "Day // Night")
    assert [f.name for f in day.faces] == ["Day", "Night"]


def test_mtgjson_sample():
    r = read_file(str(DATA / "cards" / "mtgjson" / "atomic-sample.json"))
    assert r.error is None and r.format == "mtgjson"
    assert len(r.cards) == 85
    delver = next(c for c in r.cards if c.name.startswith("Delver of Secrets"))
    assert len(delver.faces) == 2 and delver.layout == "transform"


def test_malformed_custom_set_reads_without_crash():
    r = read_file(str(DATA / "custom-sets" / "malformed" / "Hallownest.xml"))
    assert r.error is None
    assert len(r.cards) == r.entries > 0
    assert all(c.front.type_line for c in r.cards)


def test_custom_set_exports_read():
    xmls = sorted((DATA / "custom-sets" / "msehub").glob("*/*.xml"))
    assert xmls
    for p in xmls:
        r = read_file(str(p))
        assert r.error is None, (p.name, r.error)
        for c in r.cards:
            for f in c.faces:
                # the exporter's "(Back): other face" trailer is not rules text
                assert "(Back):" not in (f.oracle_text or "") and "(Front):" not in (f.oracle_text or "")


def test_split_entry_mana_values_are_per_face(all_sets):
    """UMA writes a split entry's mana value as "2 // 2": each half's own, not the card's."""
    _files, results, _ = all_sets
    uma = next(r for r in results if r.path.endswith("UMA.xml"))
    fire = next(c for c in uma.cards if c.name == "Fire // Ice")
    assert fire.layout == "split"
    assert fire.cmc is None and [f.cmc for f in fire.faces] == [2.0, 2.0]
    grn = next(r for r in results if r.path.endswith("GRN.xml"))
    assure = next(c for c in grn.cards if c.name == "Assure // Assemble")
    # the generator counted the hybrid half's characters: 6 for {G/W}{G/W}
    assert [f.cmc for f in assure.faces] == [6.0, 6.0]


def test_split_halves_listed_apart_are_joined(all_sets):
    _files, results, _ = all_sets
    by_file = {Path(r.path).name: r for r in results}
    said = [c for c in by_file["MH2.xml"].cards if c.name == "Said // Done"]
    assert len(said) == 1 and said[0].layout == "split"
    assert [f.mana_cost for f in said[0].faces] == ["{2}{U}", "{3}{U}"]
    assert not [c for c in by_file["MH2.xml"].cards if c.name in ("Said", "Done")]
    commit = next(c for c in by_file["AKR.xml"].cards if c.name == "Commit // Memory")
    assert commit.layout == "aftermath" and [f.type_line for f in commit.faces] == ["Instant", "Sorcery"]
    # two printings of a Room, each joined with its own other door
    elevators = [c for c in by_file["DSK.xml"].cards if c.name == "Central Elevator // Promising Stairs"]
    assert len(elevators) == 2 and all(c.layout == "split" for c in elevators)
    lines = {f.locs["name"].position()[0] for c in elevators for f in c.faces}
    assert len(lines) == 4
    halves = [c for r in results for c in r.cards if c.layout in ("split", "aftermath") and len(c.faces) == 2
              and c.faces[0].locs["name"].position()[0] != c.faces[1].locs["name"].position()[0]]
    assert len(halves) == 134
