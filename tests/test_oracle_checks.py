"""The Oracle checks (ORC001-ORC007) beyond their cases: which index, which files
mirror Oracle, fixes end to end, near-miss names, and the real cards.

Every card is invented (the corpus tests excepted); indexes are built from
invented card objects in Scryfall's format, offline.
"""

from __future__ import annotations

import json
import random
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from linter.checks import _oracle
from linter.cli import main
from linter.engine import lint_cards
from linter.oracle.index import build_index_from_cards
from linter.readers import read_text

DATE = "2026-05-01"

ORACLE = [
    {"object": "card", "name": "Quarry Sprinter", "layout": "normal", "mana_cost": "{1}{R}",
     "type_line": "Creature — Elemental Warrior", "oracle_text": "Haste\nWhen this creature enters, scry 1.",
     "power": "2", "toughness": "1", "colors": ["R"]},
    {"object": "card", "name": "Sapsnap", "layout": "normal", "mana_cost": "{G}", "type_line": "Instant",
     "oracle_text": "Target creature gets +2/+2 until end of turn.", "colors": ["G"]},
    {"object": "card", "name": "Lantern of Hollow Tides", "layout": "normal", "mana_cost": "{2}{U}",
     "type_line": "Artifact", "oracle_text": "{T}: Draw a card, then discard a card.", "colors": []},
    {"object": "card", "name": "Marrowglen Seer", "layout": "normal", "mana_cost": "{1}{B}",
     "type_line": "Creature — Human Cleric", "oracle_text": "Lifelink", "power": "1", "toughness": "3",
     "colors": ["B"]},
    {"object": "card", "name": "Cinderfall Adept", "layout": "normal", "mana_cost": "{R}",
     "type_line": "Creature — Human Shaman", "oracle_text": "Haste", "power": "1", "toughness": "1",
     "colors": ["R"]},
]

MIRROR = """\
---
name: Quarry Sprinter
mana_cost: "{1}{R}"
type_line: Creature — Elemental
oracle_text: |-
  Haste
  When Quarry Sprinter enters the battlefield, scry 1.
power: "2"
toughness: "1"
---
name: Sapsnap
mana_cost: "{1}{G}"
type_line: Instant
oracle_text: Target creature gets +2/+2 until end of turn.
---
name: Lantern of Hollow Tides
mana_cost: "{2}{U}"
type_line: Artifact
oracle_text: "{T}: Draw a card, then discard a card."
"""


def build(path: Path, cards=ORACLE, date: str = DATE) -> Path:
    build_index_from_cards(cards, path, {"data_date": date, "source": "test"})
    return path


@pytest.fixture(autouse=True)
def default_index_afterwards():
    """``check --oracle`` chooses the index for the rest of the process: choose the default again."""
    yield
    _oracle.use(None)


@pytest.fixture()
def index(tmp_path) -> Path:
    return build(tmp_path / "oracle.sqlite3")


@pytest.fixture()
def no_cache(tmp_path, monkeypatch) -> Path:
    """An empty cache directory: no default index."""
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setenv("ORACLELINT_CACHE_DIR", str(folder))
    return folder


def lint(text: str, index_path: Path | None, select=("ORC",), name: str = "cards.yaml", set_kind=None):
    from linter.config import parse_config, reset_active

    result = read_text(text, path=name)
    assert result.error is None
    if set_kind is not None:
        parse_config({"set-kind": set_kind}).install()
    try:
        with _oracle.using(index_path):
            return lint_cards(result.cards, select=list(select))
    finally:
        reset_active()


def declare_mirror(folder: Path) -> None:
    """An oraclelint.toml in ``folder`` that declares its files Oracle mirrors."""
    (folder / "oraclelint.toml").write_text('set-kind = "oracle"\n', encoding="utf-8")


def run(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


# -- which index ------------------------------------------------------------------------------


def test_without_an_index_the_checks_do_nothing(no_cache):
    assert _oracle.reference() is None and _oracle.reference_problem() is None
    assert lint(MIRROR, None) == []


def test_the_cache_directory_index_is_used(no_cache):
    build(no_cache / "oracle-cards.sqlite3")
    found = lint(MIRROR, None, set_kind="oracle")
    assert {d.code for d in found} == {"ORC001", "ORC002", "ORC003"}
    assert all(f"(Oracle data of {DATE})" in d.message for d in found)


def test_check_with_oracle_option(tmp_path, index, no_cache):
    cards = tmp_path / "mirror.yaml"
    cards.write_text(MIRROR, encoding="utf-8")
    declare_mirror(tmp_path)
    code, out, err = run("check", "--no-show-source", "--oracle", str(index), str(cards))
    assert code == 1 and err == ""
    orc = [line for line in out.splitlines() if " ORC" in line]
    assert orc == [
        f"{cards}:4:12: ORC003 warning: type line 'Creature — Elemental' differs from the Oracle type line "
        f"'Creature — Elemental Warrior' (Oracle data of {DATE}) [CR 108.1, 205.1] (Quarry Sprinter) [*]",
        f"{cards}:6:3: ORC001 warning: rules text differs from the Oracle text (Oracle data of {DATE}): "
        "… ¶ When [-Quarry Sprinter enters the battlefield,-]{+this creature enters,+} scry 1. "
        "[CR 108.1, 207.2a] (Quarry Sprinter) [*]",
        f"{cards}:12:13: ORC002 warning: mana cost {{1}}{{G}} differs from the Oracle mana cost {{G}} "
        f"(Oracle data of {DATE}) [CR 108.1, 202.1] (Sapsnap) [*]",
    ]


def test_without_an_index_check_stays_quiet_unless_orc_is_selected(tmp_path, no_cache):
    cards = tmp_path / "mirror.yaml"
    cards.write_text(MIRROR, encoding="utf-8")
    code, out, err = run("check", "--select", "ORC001", str(cards))
    assert code == 0
    assert out == "All clear: 1 file, 3 cards checked.\n"
    assert err.startswith("oraclelint: note: no Oracle index (run 'oraclelint oracle update'")
    code, _out, err = run("check", "--select", "SYM001", str(cards))
    assert code == 0 and err == ""


def test_oracle_option_naming_no_usable_index_is_an_error(tmp_path, no_cache):
    cards = tmp_path / "mirror.yaml"
    cards.write_text(MIRROR, encoding="utf-8")
    code, out, err = run("check", "--oracle", str(tmp_path / "missing.sqlite3"), str(cards))
    assert (code, out) == (2, "")
    assert "--oracle: no Oracle index at" in err
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is no database" * 100)
    code, out, err = run("check", "--oracle", str(junk), str(cards))
    assert (code, out) == (2, "")
    assert "is damaged" in err and "oraclelint oracle update" in err


def test_a_damaged_default_index_is_a_warning(tmp_path, no_cache):
    (no_cache / "oracle-cards.sqlite3").write_bytes(b"this is no database" * 100)
    cards = tmp_path / "mirror.yaml"
    cards.write_text(MIRROR, encoding="utf-8")
    code, out, err = run("check", "--select", "ORC", str(cards))
    assert code == 0 and out.startswith("All clear")
    assert err.startswith("oraclelint: warning: the Oracle index") and "the oracle checks (ORC) are off" in err


def test_a_replaced_index_is_read_again(tmp_path):
    path = build(tmp_path / "oracle.sqlite3")
    assert any(d.code == "ORC002" for d in lint(MIRROR, path, set_kind="oracle"))
    changed = [dict(c, mana_cost="{1}{G}") if c["name"] == "Sapsnap" else c for c in ORACLE]
    time.sleep(0.01)
    build(path, changed, date="2026-06-01")
    found = lint(MIRROR, path, set_kind="oracle")
    assert not any(d.code == "ORC002" for d in found)
    assert all("Oracle data of 2026-06-01" in d.message for d in found)


# -- which files mirror Oracle -------------------------------------------------------------------


#: invented real cards enough to make a mirror of (each a 1/1 for {1}{W} with one keyword)
MANY = [{"object": "card", "name": f"Sunlit Recruit {n}", "layout": "normal", "mana_cost": "{1}{W}",
         "type_line": "Creature — Human Soldier", "oracle_text": "Vigilance", "power": "1", "toughness": "1",
         "colors": ["W"]} for n in range(12)]


@pytest.fixture()
def many(tmp_path) -> Path:
    return build(tmp_path / "many.sqlite3", ORACLE + MANY)


def _file(again: int, renamed: int, invented: int, drifted: int = 0) -> str:
    """``again`` real cards as they are, ``renamed`` cards that take a real name but are
    cards of their own, ``invented`` cards, ``drifted`` real cards whose cost differs."""
    docs = [f"name: {c['name']}\nmana_cost: '{c['mana_cost']}'\ntype_line: {c['type_line']}\n"
            f"oracle_text: {c['oracle_text']}\n" for c in MANY[:again]]
    docs += [f"name: {c['name']}\nmana_cost: '{{9}}'\ntype_line: Sorcery\noracle_text: Draw nine cards.\n"
             for c in MANY[again:again + renamed]]
    docs += [f"name: {c['name']}\nmana_cost: '{{2}}{{W}}'\ntype_line: {c['type_line']}\n"
             f"oracle_text: {c['oracle_text']}\n" for c in MANY[again + renamed:again + renamed + drifted]]
    docs += [f"name: Invented Card {i}\nmana_cost: '{{9}}'\ntype_line: Sorcery\n" for i in range(invented)]
    return "---\n" + "---\n".join(docs)


@pytest.mark.parametrize("again, renamed, invented, drifted, mirror", [
    (10, 0, 0, 2, True),   # many cards that are the real cards again: a mirror
    (9, 0, 5, 1, True),    # 60% of 15
    (8, 0, 6, 1, False),   # under 60%
    (5, 0, 0, 1, False),   # too few cards to tell
    (0, 12, 0, 0, False),  # real names only, every card is a card of its own: a custom set
    (4, 8, 0, 0, False),
])
def test_a_file_mirrors_oracle_only_on_strong_evidence(many, again, renamed, invented, drifted, mirror):
    codes = {d.code for d in lint(_file(again, renamed, invented, drifted), many)}
    if mirror:  # every real card is compared: the drifted one's cost differs
        assert "ORC002" in codes and "ORC006" not in codes
    else:  # a real name on a card of its own is a collision, never compared
        assert "ORC002" not in codes
        assert ("ORC006" in codes) == bool(renamed or drifted)


def test_tokens_do_not_count_towards_the_share(many):
    tokens = "".join(f"---\nname: Spirit {i}\nlayout: token\ntype_line: Token Creature — Spirit\n" for i in range(30))
    codes = {d.code for d in lint(_file(10, 0, 0, 1) + tokens, many)}
    assert "ORC002" in codes and "ORC006" not in codes


def test_set_kind_from_the_configuration_file(tmp_path, index, no_cache):
    folder = tmp_path / "set"
    folder.mkdir()
    docs = [f"name: {c['name']}\nmana_cost: '{{9}}'\ntype_line: Sorcery\n" for c in ORACLE]
    (folder / "cards.yaml").write_text("---\n" + "---\n".join(docs), encoding="utf-8")
    code, out, _err = run("check", "--select", "ORC", "--oracle", str(index), str(folder))
    assert code == 1 and "ORC006" in out and "ORC002" not in out  # five real names: no evidence of a mirror
    declare_mirror(folder)
    code, out, _err = run("check", "--select", "ORC", "--oracle", str(index), str(folder))
    assert "ORC002" in out and "ORC006" not in out
    (folder / "oraclelint.toml").write_text('set-kind = "custom"\n', encoding="utf-8")
    code, out, _err = run("check", "--select", "ORC", "--oracle", str(index), str(folder))
    assert code == 1 and "ORC006" in out and "ORC002" not in out


# -- a fix never turns a designer's card into a real one -------------------------------------

SHOCKING = """\
name: Sapsnap
mana_cost: "{2}{U}"
type_line: Creature — Merfolk Wizard
oracle_text: When this creature enters, draw a card.
power: "2"
toughness: "2"
"""


def test_a_custom_card_that_takes_a_real_name_is_reported_never_rewritten(tmp_path, index, no_cache):
    cards = tmp_path / "sapsnap.yaml"
    cards.write_text(SHOCKING, encoding="utf-8")
    for extra in ((), ("--unsafe-fixes",)):
        code, out, err = run("check", "--fix", *extra, "--no-show-source", "--oracle", str(index), str(cards))
        assert cards.read_text(encoding="utf-8") == SHOCKING
        assert code == 1
        orc = [line for line in out.splitlines() if " ORC" in line]
        assert len(orc) == 1 and " ORC006 error: 'Sapsnap' is the name of a real card" in orc[0]


def test_fixes_in_a_mirror_only_detected_are_unsafe(tmp_path, many, no_cache):
    cards = tmp_path / "cube.yaml"
    text = _file(10, 0, 0, 2)
    cards.write_text(text, encoding="utf-8")
    code, out, err = run("check", "--select", "ORC", "--no-show-source", "--oracle", str(many), str(cards))
    orc = [line for line in out.splitlines() if " ORC002 " in line]
    assert len(orc) == 2 and not any(line.endswith("[*]") for line in orc)
    code, out, err = run("check", "--select", "ORC", "--fix", "--oracle", str(many), str(cards))
    assert cards.read_text(encoding="utf-8") == text
    assert "2 more fix(es) available with --unsafe-fixes." in out
    run("check", "--select", "ORC", "--fix", "--unsafe-fixes", "--oracle", str(many), str(cards))
    assert cards.read_text(encoding="utf-8") == text.replace("'{2}{W}'", "'{1}{W}'")


def test_a_reprint_in_a_custom_set_has_an_unsafe_fix(tmp_path, index, no_cache):
    cards = tmp_path / "set.yaml"
    text = ("---\nname: Shoal Runner\ntype_line: Creature — Merfolk\n---\nname: Quarry Sprinter\n"
            "mana_cost: '{1}{R}'\ntype_line: Creature — Elemental Warrior\noracle_text: |-\n  Haste\n"
            "  When Quarry Sprinter enters the battlefield, scry 1.\n")
    cards.write_text(text, encoding="utf-8")
    code, out, err = run("check", "--select", "ORC001", "--fix", "--no-show-source", "--oracle", str(index),
                         str(cards))
    assert cards.read_text(encoding="utf-8") == text
    assert " ORC001 warning: " in out and "1 more fix(es) available with --unsafe-fixes." in out


# -- fixes end to end ------------------------------------------------------------------------------


def test_fix_takes_the_oracle_values_in_a_yaml_file(tmp_path, index, no_cache):
    cards = tmp_path / "mirror.yaml"
    cards.write_text(MIRROR, encoding="utf-8")
    declare_mirror(tmp_path)
    code, _out, _err = run("check", "--select", "ORC", "--fix", "--exit-non-zero-on-fix", "--oracle", str(index),
                           str(cards))
    assert code == 1  # files were changed
    text = cards.read_text(encoding="utf-8")
    assert "type_line: Creature — Elemental Warrior\n" in text
    assert "oracle_text: |-\n  Haste\n  When this creature enters, scry 1.\n" in text
    assert 'mana_cost: "{G}"\n' in text
    code, out, _err = run("check", "--select", "ORC", "--oracle", str(index), str(cards))
    assert code == 0, out


COCKATRICE = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_carddatabase version="4">
  <sets><set><name>INV</name><longname>Invented</longname><releasedate>2021-01-01</releasedate></set></sets>
  <cards>
    <card><name>Quarry Sprinter</name><text>Haste
When Quarry Sprinter enters the battlefield, scry 1.</text><prop><colors>R</colors><type>Creature - Elemental Warrior</type><manacost>2R</manacost><pt>3/1</pt></prop><set>INV</set></card>
    <card><name>Sapsnap</name><text>Target creature gets +2/+2 until end of turn.</text><prop><colors>G</colors><type>Instant</type><manacost>G</manacost></prop><set>INV</set></card>
  </cards>
</cockatrice_carddatabase>
"""


def test_fix_in_a_cockatrice_file(tmp_path, index, no_cache):
    cards = tmp_path / "INV.xml"
    cards.write_text(COCKATRICE, encoding="utf-8")
    declare_mirror(tmp_path)
    code, out, _err = run("check", "--select", "ORC", "--no-show-source", "--oracle", str(index), str(cards))
    assert sorted(line.split(": ")[1].split()[0] for line in out.splitlines() if " ORC" in line) == \
        ["ORC001", "ORC002", "ORC004"]
    assert "power 3 differs from the Oracle power 2" in out
    run("check", "--select", "ORC", "--fix", "--oracle", str(index), str(cards))
    text = cards.read_text(encoding="utf-8")
    assert "<text>Haste\nWhen this creature enters, scry 1.</text>" in text
    assert "<pt>2/1</pt>" in text
    assert "<type>Creature - Elemental Warrior</type>" in text  # the dash is no difference
    # the file writes costs without braces: the Oracle cost is written without them too
    assert "<manacost>1R</manacost>" in text
    code, out, _err = run("check", "--select", "ORC", "--no-show-source", "--oracle", str(index), str(cards))
    assert code == 0 and " ORC" not in out


# -- comparing text --------------------------------------------------------------------------


@pytest.mark.parametrize("mine, theirs, same", [
    ("Flying\nHaste", "Flying\r\nHaste", True),
    ("Choose one -\n• A.", "Choose one —\n• A.", True),
    ("It can’t attack.", "It can't attack.", True),
    ("−2: Draw a card.", "-2: Draw a card.", True),
    ("Flying (It flies.)\nHaste", "Flying\n\nHaste", True),
    ("Ward {2}  (Whenever this ... )", "Ward {2}", True),
    ("Flying, haste", "Flying\nHaste", False),
    ("Draw a card.", "draw a card.", False),
    ("Sacrifice Quarry Sprinter:", "Sacrifice this creature:", False),
    ("Destroy target creature.", "Exile target creature.", False),
])
def test_rules_text_comparison(mine, theirs, same):
    assert (_oracle.rules_text(mine) == _oracle.rules_text(theirs)) is same


@pytest.mark.parametrize("mine, theirs, same", [
    ("Creature - Elf", "Creature — Elf", True),
    ("Creature – Elf  Druid", "Creature — Elf Druid", True),
    ("Legendary Creature — Elf", "Creature — Elf", False),
])
def test_type_line_comparison(mine, theirs, same):
    assert (_oracle.type_line(mine) == _oracle.type_line(theirs)) is same


def test_word_diff_is_short():
    assert _oracle.word_diff("a b c", "a b c") == ""
    old = " ".join(f"w{i}" for i in range(40))
    new = old.replace("w3 ", "x3 ").replace("w12 ", "x12 ").replace("w20 ", "x20 ").replace("w30 ", "x30 ")
    diff = _oracle.word_diff(old, new)
    assert diff == "… w1 w2 [-w3-]{+x3+} w4 w5 … w10 w11 [-w12-]{+x12+} w13 w14 … w18 w19 [-w20-]{+x20+} " \
                   "w21 w22 … (1 more change)"
    long_new = "a " + " ".join(f"n{i}" for i in range(20)) + " z"
    assert _oracle.word_diff("a b z", long_new) == "a [-b-]{+n0 n1 n2 n3 … n16 n17 n18 n19+} z"


# -- near-miss names -------------------------------------------------------------------------


def test_osa_distance():
    d = _oracle.osa_distance
    assert d("quarry sprinter", "quarry sprinter", 2) == 0
    assert d("quarry sprintre", "quarry sprinter", 2) == 1  # a swap is one edit
    assert d("kitten", "sitting", 5) == 3
    assert d("kitten", "sitting", 2) == 3  # past the limit: limit + 1
    assert d("abc", "abcdefg", 2) == 3


def test_name_matcher_agrees_with_brute_force():
    rng = random.Random(7)
    alphabet = "abcde "
    names = sorted({"".join(rng.choice(alphabet) for _ in range(rng.randint(3, 12))).strip() or "a"
                    for _ in range(3000)})
    matcher = _oracle.NameMatcher((n, n.upper()) for n in names)
    for _ in range(200):
        query = "".join(rng.choice(alphabet) for _ in range(rng.randint(3, 12))).strip() or "b"
        k = _oracle.max_distance(query)
        want = sorted((d, n.upper()) for n in names
                      if n != query and (d := _oracle.osa_distance(query, n, k)) <= k)
        assert matcher.near(query) == want, query


def test_name_matcher_is_fast_on_many_names():
    rng = random.Random(3)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9)))
             for _ in range(4000)]
    names = {" ".join(rng.sample(words, rng.randint(1, 3))) for _ in range(40000)}
    matcher = _oracle.NameMatcher((n, n) for n in names)
    queries = [n[:-1] + "q" for n in list(names)[:300]]
    started = time.perf_counter()
    for q in queries:
        matcher.near(q)
    assert time.perf_counter() - started < 10  # a few milliseconds each; 300 would take minutes naively


# -- the done-when on invented cards ------------------------------------------------------------


def test_export_index_check_round_trip(tmp_path, no_cache):
    """A set exported to Scryfall JSON and built into the index reports nothing against
    itself; an edited copy reports each change; a custom card named like a real one is flagged."""
    folder = tmp_path / "sets"
    folder.mkdir()
    (folder / "INV.xml").write_text(COCKATRICE, encoding="utf-8")
    export = tmp_path / "all.json"
    assert run("export", "--format", "scryfall", "-o", str(export), str(folder))[0] == 0
    code, out, err = run("oracle", "update", "--from", str(export))
    assert code == 0, err
    code, out, _err = run("check", "--select", "ORC", str(folder))
    assert code == 0 and out.startswith("All clear"), out
    (tmp_path / "mirror").mkdir()
    declare_mirror(tmp_path / "mirror")  # the edited copy is no card set of its own
    edited = tmp_path / "mirror" / "edited.xml"
    edited.write_text(COCKATRICE.replace("scry 1.", "scry 2.").replace("<manacost>G</manacost>",
                                                                       "<manacost>1G</manacost>")
                      .replace("Instant", "Sorcery"), encoding="utf-8")
    code, out, _err = run("check", "--select", "ORC", "--no-show-source", str(edited))
    found = sorted((line.split(": ")[1].split()[0], line.rsplit("(", 1)[-1].split(")")[0])
                   for line in out.splitlines() if " ORC" in line)
    assert found == [("ORC001", "Quarry Sprinter"), ("ORC002", "Sapsnap"), ("ORC003", "Sapsnap")]
    custom = tmp_path / "custom.yaml"
    custom.write_text("---\nname: Shoal Runner\ntype_line: Creature — Merfolk\n"
                      "---\nname: Tidewatch Novice\ntype_line: Creature — Merfolk\n"
                      "---\nname: Sapsnap\nmana_cost: '{3}{U}'\ntype_line: Creature — Merfolk\n", encoding="utf-8")
    code, out, _err = run("check", "--select", "ORC", str(custom))
    assert code == 1 and "ORC006 error: 'Sapsnap' is the name of a real card" in out


# -- the real cards -------------------------------------------------------------------------


@pytest.mark.corpus
@pytest.mark.slow
def test_real_sets_against_an_index_of_their_own_newest_printings(shared_data, tmp_path):
    """Exported to Scryfall JSON and built into an index, the real Cockatrice sets report a
    difference only where a card's printing is older than the one the index keeps (or
    released the same day: one card); an edited copy of a set reports each change."""
    from linter.engine import read_paths
    from linter.export import dump_scryfall, release_date, select_cards
    from linter.oracle.index import name_key

    sets = shared_data / "cards" / "cockatrice-sets"
    results = read_paths([str(sets)])
    cards = [c for r in results for c in r.cards]
    kept = select_cards(cards).cards
    path = tmp_path / "oracle.sqlite3"
    started = time.perf_counter()
    build_index_from_cards(json.loads(dump_scryfall(kept)), path, {"data_date": DATE})
    assert time.perf_counter() - started < 30
    newest = {name_key(c.name): release_date(c) for c in kept if c.name}
    with _oracle.using(path):
        found = lint_cards(cards, select=["ORC"])
    assert found, "the older sets hold older wording"
    newer = [d for d in found if release_date(d.card_obj) > newest[name_key(d.card_obj.name)]]
    same_day = [d for d in found if release_date(d.card_obj) == newest[name_key(d.card_obj.name)]]
    assert newer == []
    assert len(same_day) <= 3, [(Path(d.path).name, d.card, d.message) for d in same_day]
    assert {d.code for d in found} <= {"ORC001", "ORC002", "ORC003", "ORC004", "ORC005"}

    # an edited copy of one of the newest sets
    copy = tmp_path / "TLE.xml"
    shutil.copy(sets / "TLE.xml", copy)
    text = copy.read_text(encoding="utf-8")
    with _oracle.using(path):
        clean = read_text(text, path=str(copy))
        assert lint_cards(clean.cards, select=["ORC"]) == []
        edits = [("draw a card", "draw two cards"), ("<manacost>1R</manacost>", "<manacost>2R</manacost>"),
                 ("Creature — Human", "Creature — Elf")]
        for old, new in edits:
            assert old in text, old
        edited = text
        for old, new in edits:
            edited = edited.replace(old, new, 1)
        result = read_text(edited, path=str(copy))
        found = lint_cards(result.cards, select=["ORC"])
    assert sorted(d.code for d in found) == ["ORC001", "ORC002", "ORC003"], [d.message for d in found]

    # a custom card that takes a real card's name
    custom = ("---\nname: Shoal Runner\ntype_line: Creature — Merfolk\n---\nname: Tidewatch Novice\n"
              "type_line: Creature — Merfolk\n---\nname: " + kept[0].name + "\nmana_cost: '{9}'\n"
              "type_line: Creature — Merfolk\n")
    with _oracle.using(path):
        found = lint(custom, path)
    assert [d.code for d in found if d.severity == "error"] == ["ORC006"]


@pytest.mark.parametrize("args", [["--select", "ALL"], ["--select", "ORC,RUL"], ["--fix", "--select", "ORC"],
                                  ["--diff", "--select", "ORC001"]])
def test_without_an_index_the_note_comes_once(tmp_path, no_cache, args):
    cards = tmp_path / "mirror.yaml"
    cards.write_text(MIRROR, encoding="utf-8")
    _code, _out, err = run("check", *args, str(cards))
    assert err.count("no Oracle index") == 1, err


def test_without_an_index_an_ignored_orc_says_nothing(tmp_path, no_cache):
    cards = tmp_path / "mirror.yaml"
    cards.write_text(MIRROR, encoding="utf-8")
    _code, _out, err = run("check", "--select", "ORC", "--ignore", "ORC", str(cards))
    assert "no Oracle index" not in err
