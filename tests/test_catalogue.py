"""The rule catalogue: schemas, typed accessors, and the tables against the CR's own lists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from linter import catalogue, tables
from linter.catalogue import CatalogueError

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
CR_APRIL_2026 = DATA / "comprehensive-rules" / "MagicCompRules_20260417.txt"
MY_FILES = ("keywords", "ability_words", "keyword_actions", "types", "rules_index", "edition")


def april_2026():
    if not CR_APRIL_2026.is_file():
        pytest.skip(f"real data absent: {CR_APRIL_2026.name} not found under ../shared/data")
    from linter.cr.parser import parse_bytes

    return parse_bytes(CR_APRIL_2026.read_bytes())


# -- loading and schemas ---------------------------------------------------------------

@pytest.mark.parametrize("name", MY_FILES)
def test_data_file_loads_against_its_schema(name):
    assert catalogue.load(name)


def test_keyword_schema_refuses_an_unknown_key():
    schema = catalogue._read(catalogue._root() / "schemas" / "keywords.yaml")
    bad = {"keywords": [{"name": "Flying", "rule": "702.9", "parameter": "none", "kind": "static", "colour": "blue"}]}
    with pytest.raises(CatalogueError, match=r"keywords\[0\]\.colour: unknown key 'colour'"):
        catalogue.validate(bad, schema, "keywords.yaml")


@pytest.mark.parametrize("entry, problem", [
    ({"name": "Flying", "rule": "702.9", "parameter": "wings", "kind": "static"}, "is not one of"),
    ({"name": "Flying", "rule": "701.9", "parameter": "none", "kind": "static"}, "does not match"),
    ({"name": "Flying", "rule": "702.9", "parameter": "none"}, "missing required key 'kind'"),
])
def test_keyword_schema_refuses_bad_values(entry, problem):
    schema = catalogue._read(catalogue._root() / "schemas" / "keywords.yaml")
    with pytest.raises(CatalogueError, match=problem):
        catalogue.validate({"keywords": [entry]}, schema, "keywords.yaml")


def test_types_schema_refuses_a_family_without_names():
    schema = catalogue._read(catalogue._root() / "schemas" / "types.yaml")
    bad = {"supertypes": ["Basic"], "card_types": ["Land"], "subtypes": {"land": {"card_types": ["Land"]}}}
    with pytest.raises(CatalogueError, match="subtypes.land: missing required key 'names'"):
        catalogue.validate(bad, schema, "types.yaml")


# -- keywords ---------------------------------------------------------------------------

def test_every_keyword_section_of_702_has_an_entry():
    sections = {k.rule.rstrip("abcdefghijkmnpqrstuvwxyz") for k in tables.keywords().values()}
    assert sections == {f"702.{n}" for n in range(2, 193)}


def test_keyword_names_and_aliases_do_not_collide():
    seen: dict[str, str] = {}
    for entry in catalogue.load("keywords")["keywords"]:
        for key in (entry["name"], *entry.get("aliases", ())):
            assert key.lower() not in seen, f"{key} used by {seen.get(key.lower())} and {entry['name']}"
            seen[key.lower()] = entry["name"]


def test_keywords_are_keyed_by_lower_case_name_and_alias():
    kw = tables.keywords()
    assert kw["flying"].rule == "702.9"
    assert kw["flying"].parameter == "none" and kw["flying"].kind == "static"
    assert kw["islandwalk"] is kw["landwalk"]
    assert kw["affinity for"].name == "Affinity"
    assert kw["totem armor"].name == "Umbra armor"
    assert kw["crew"].types == ("Vehicle",) and kw["crew"].parameter == "number"
    assert kw["equip"].kind == "activated" and kw["equip"].parameter == "cost"
    assert kw["suspend"].parameter == "number-cost"
    assert kw["partner with"].parameter == "name"
    assert kw["changeling"].kind == "characteristic"


@pytest.mark.parametrize("name, card_types, ok", [
    ("equip", ["Artifact", "Equipment"], True),
    ("equip", ["Creature", "Human"], False),
    ("crew", ["artifact", "vehicle"], True),
    ("enchant", ["Enchantment", "Aura"], True),
    ("enchant", ["Enchantment"], False),
    ("station", ["Land", "Planet"], True),
    ("flying", ["Instant"], True),
])
def test_keyword_type_restrictions(name, card_types, ok):
    assert tables.keywords()[name].allowed_on(card_types) is ok


@pytest.mark.parametrize("text, name, length", [
    ("Flying", "Flying", 6),
    ("Flying, vigilance", "Flying", 6),
    ("Flashback {2}{R}", "Flashback", 9),
    ("Hexproof from white", "Hexproof from", 13),
    ("Hexproof", "Hexproof", 8),
    ("Protection from red", "Protection", 10),
    ("Partner with Zorbo the Invented", "Partner with", 12),
    ("Partner—Friends forever", "Partner—Friends forever", 23),
    ("Swampwalk", "Landwalk", 9),
    ("Desertwalk", "Landwalk", 10),
    ("Nonbasic landwalk", "Landwalk", 17),
    ("Wizardcycling {3}", "Typecycling", 13),
    ("Basic landcycling {1}{G}", "Typecycling", 17),
    ("Goblin offering", "Offering", 15),
    ("Ward—Pay 3 life.", "Ward", 4),
    ("Start your engines!", "Start your engines!", 19),
    ("∞ — Draw a card.", "∞", 1),
])
def test_find_keyword(text, name, length):
    found = tables.find_keyword(text)
    assert found is not None
    assert (found[0].name, found[1]) == (name, length)


@pytest.mark.parametrize("text", ["Flyingfish", "When this creature enters, draw a card.", "Flash-frozen", ""])
def test_find_keyword_refuses_text_that_only_looks_like_one(text):
    found = tables.find_keyword(text)
    assert found is None or found[0].name != "Flash"


@pytest.mark.parametrize("item, name, parameter", [
    ("Flying", "Flying", ""),
    ("Crew 3", "Crew", "3"),
    ("Equip {2}", "Equip", "{2}"),
    ("Equip legendary creature {1}", "Equip", "legendary creature {1}"),
    ("Ward—Pay 3 life.", "Ward", "Pay 3 life"),
    ("Suspend 4—{1}{U}", "Suspend", "4—{1}{U}"),
    ("Protection from red", "Protection", "from red"),
    ("Mayhem", "Mayhem", ""),
    ("Mayhem {1}{R}", "Mayhem", "{1}{R}"),
    ("Swampcycling {2}", "Typecycling", "{2}"),
    ("Desertwalk", "Landwalk", "Desertwalk"),
    ("Devour 2", "Devour", "2"),
    ("Devour artifact 1", "Devour", "artifact 1"),
    ("Companion — Each creature card in your deck is a Bird.", "Companion", "Each creature card in your deck is a Bird"),
])
def test_split_keyword_items(item, name, parameter):
    kw, param = tables.split_keyword(item)
    assert (kw.name, param) == (name, parameter)


@pytest.mark.parametrize("item", [
    "Flying creatures you control get +1/+1.",
    "Equip abilities you activate cost {1} less to activate.",
    "Crew",
    "Protection",
    "Vigilance is nice",
    "Draw a card.",
])
def test_split_keyword_refuses_sentences_and_missing_parameters(item):
    assert tables.split_keyword(item) is None


# -- other tables -----------------------------------------------------------------------

def test_ability_words_and_keyword_actions():
    assert "landfall" in tables.ability_words()
    assert "council's dilemma" in tables.ability_words()
    assert "flying" not in tables.ability_words()
    actions = tables.keyword_actions()
    assert actions["destroy"] == "701.8"
    assert actions["tap"] == actions["untap"] == "701.26"
    assert actions["venture into the dungeon"] == "701.49"


def test_type_tables():
    t = tables.types()
    assert "Legendary" in t.supertypes and "Kindred" in t.card_types
    assert "Time Lord" in t.subtypes["Creature"] and t.subtypes["Creature"] == t.subtypes["Kindred"]
    assert t.subtypes["Instant"] == t.subtypes["Sorcery"] and "Lesson" in t.subtypes_of("sorcery")
    assert "Urza's" in t.subtypes["Land"] and "C'tan" in t.subtypes["Creature"]
    assert t.basic_land_types == {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    assert t.card_types_of("Equipment") == {"Artifact"}
    assert t.card_types_of("Flying") == frozenset()
    assert "Siege" in t.all_subtypes()


def test_cr_edition_is_an_iso_date():
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", tables.cr_edition())


# -- against the April 2026 Comprehensive Rules -----------------------------------------

@pytest.mark.corpus
def test_keyword_table_matches_the_702_sections():
    from linter.cr import lists

    doc = april_2026()
    sections = lists.keyword_sections(doc)
    assert len(sections) == 191
    by_section: dict[str, set[str]] = {}
    for kw in tables.keywords().values():
        section = kw.rule.rstrip("abcdefghijkmnpqrstuvwxyz")
        by_section.setdefault(section, set()).update(n.lower() for n in (kw.name, *kw.aliases))
    for number, title in sections.items():
        assert number in by_section, f"no keyword entry cites {number} {title}"
        # a section may define several names ("Daybound and Nightbound", "∞ (Infinity)")
        assert any(name in title.lower() for name in by_section[number]), (number, title)
    for kw in tables.keywords().values():
        assert doc.get(kw.rule) is not None, f"{kw.name} cites {kw.rule}, absent from the CR"


@pytest.mark.corpus
def test_keyword_actions_match_the_701_sections():
    from linter.cr import lists

    doc = april_2026()
    expected = {}
    for number, title in lists.keyword_sections(doc, "701").items():
        for name in (title.split(" and ") if title == "Tap and Untap" else [title]):
            expected[name.lower()] = number
    assert tables.keyword_actions() == expected


@pytest.mark.corpus
def test_ability_words_match_207_2c():
    from linter.cr import lists

    words = lists.ability_words(april_2026())
    assert len(words) > 50
    assert tables.ability_words() == frozenset(words)


@pytest.mark.corpus
def test_type_tables_match_205():
    from linter.cr import lists

    doc = april_2026()
    t = tables.types()
    assert t.supertypes == frozenset(lists.supertypes(doc))
    assert t.card_types == frozenset(lists.card_types(doc))
    assert t.basic_land_types == frozenset(lists.basic_land_types(doc))
    cr_subtypes = lists.subtypes(doc)
    assert set(cr_subtypes) == set(t.subtypes)
    for card_type, names in cr_subtypes.items():
        assert t.subtypes[card_type] == frozenset(names), card_type
    assert len(t.subtypes["Creature"]) > 300


# -- every cited rule number -------------------------------------------------------------

def test_every_cited_number_is_in_the_rules_index():
    from linter.cr.citations import cited_numbers

    index = tables.rule_index()
    missing = {n: where for n, where in cited_numbers().items() if n not in index}
    assert not missing, f"cited but absent from rules_data/rules_index.yaml: {missing}"


def test_titled_ancestors_of_cited_numbers_are_indexed_with_their_heading():
    # `cr verify` needs the heading of 702.11 to notice that 702.11d moved.
    from linter.cr.citations import cited_numbers, titled_ancestors

    index = tables.rule_index()
    for number in cited_numbers():
        for ancestor in titled_ancestors(number):
            if ancestor.count(".") == 0:
                assert index.get(ancestor) and index[ancestor].cr_title, (number, ancestor)


def test_rules_index_entries_are_well_formed():
    entries = catalogue.load("rules_index")["rules"]
    numbers = [e["number"] for e in entries]
    assert len(numbers) == len(set(numbers)), "duplicate numbers in rules_index.yaml"
    for e in entries:
        assert len(e["summary"]) <= 140, e["number"]
        assert e["summary"].endswith("."), e["number"]


@pytest.mark.corpus
def test_every_cited_number_exists_in_the_april_2026_edition():
    from linter.cr.citations import cited_numbers

    doc = april_2026()
    absent = {n: where for n, where in cited_numbers().items() if doc.get(n) is None}
    assert not absent, f"cited numbers absent from the CR effective {doc.effective}: {absent}"
    assert doc.effective == tables.cr_edition()


@pytest.mark.corpus
def test_rules_index_titles_match_the_cr_headings():
    from linter.cr.lists import ascii_apostrophes

    doc = april_2026()
    for number, entry in tables.rule_index().items():
        rule = doc.get(number)
        assert rule is not None, number
        if rule.title:
            assert entry.cr_title, f"{number} is titled {rule.title!r} in the CR: mark cr_title"
            assert entry.title == ascii_apostrophes(rule.title), number
        else:
            assert not entry.cr_title, f"{number} has no heading in the CR"


@pytest.mark.corpus
def test_rule_summaries_are_in_our_own_words():
    # No summary shares a run of eight words with the CR text.
    words = re.findall(r"[\w'{}/+-]+", CR_APRIL_2026.read_text(encoding="utf-8-sig").replace("\u2019", "'").lower()) \
        if CR_APRIL_2026.is_file() else pytest.skip("CR absent")
    runs = {tuple(words[i:i + 8]) for i in range(len(words) - 7)}
    copied = {}
    for number, entry in tables.rule_index().items():
        w = re.findall(r"[\w'{}/+-]+", entry.summary.lower())
        hits = [" ".join(w[i:i + 8]) for i in range(len(w) - 7) if tuple(w[i:i + 8]) in runs]
        if hits:
            copied[number] = hits
    assert not copied


@pytest.mark.corpus
@pytest.mark.slow
def test_keyword_type_restrictions_hold_on_real_cards():
    # Each restricted keyword printed on a keyword line of a real card sits on a card type it allows.
    from defusedxml import ElementTree

    sets = DATA / "cards" / "cockatrice-sets"
    if not sets.is_dir():
        pytest.skip("Cockatrice sets absent from ../shared/data")
    checked, wrong = 0, []
    for path in sorted(sets.glob("*.xml")):
        for card in ElementTree.parse(path).getroot().iter("card"):
            type_line = card.findtext("prop/type") or card.findtext("type") or ""
            words = re.split(r"[\s—-]+", type_line)
            for line in (card.findtext("text") or "").split("\n"):
                line = re.sub(r"\s*\([^)]*\)", "", line).strip()
                items = re.split(r",\s+", line)
                found = [tables.split_keyword(i) for i in items]
                if not line or len(line) > 60 or not all(found):
                    continue
                for kw, _ in found:
                    if kw.types:
                        checked += 1
                        if not kw.allowed_on(words):
                            wrong.append((path.name, card.findtext("name"), kw.name, type_line))
    assert checked > 1000
    assert not wrong, wrong[:10]
