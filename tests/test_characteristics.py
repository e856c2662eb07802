"""The characteristic, type-line, mana-cost and set-level checks (CHR, TYP, MAN, SET):
their helpers on invented input, what only a Cockatrice file shows, and the real cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from linter.checks import _chars
from linter.checks._chars import color_order, conventional_cost, effective_types, parse_type_line, work_out_type_lines
from linter.checks.SET002 import consistent, normalize
from linter.engine import lint_cards
from linter.model import Face
from linter.readers import read_text

from linter.tables import extension_version

from _helpers import read_real_cards, sort_real_findings

CODES = ("CHR", "TYP", "MAN", "SET")


def lint(text: str, path: str, select) -> list:
    result = read_text(text, path=path)
    assert result.error is None, result.error.describe()
    return lint_cards(result.cards, select=list(select))


def cockatrice(*cards: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4">\n<cards>\n'
            + "".join(cards) + "</cards>\n</cockatrice_carddatabase>\n")


def entry(name: str, type_line: str, manacost: str = "", text: str = "", extra: str = "") -> str:
    cost = f"<manacost>{manacost}</manacost>" if manacost else ""
    return (f"<card><name>{name}</name><text>{text}</text><prop><type>{type_line}</type>{cost}{extra}"
            f"</prop><set>XYZ</set></card>\n")


# -- helpers ---------------------------------------------------------------------------

@pytest.mark.parametrize("colors, expected", [
    ("WU", "WU"), ("UB", "UB"), ("GW", "GW"), ("WB", "WB"), ("RW", "RW"), ("GU", "GU"),
    ("WUB", "WUB"), ("GWU", "GWU"), ("WBG", "WBG"), ("URW", "URW"), ("BGU", "BGU"),
    ("RWB", "RWB"), ("GUR", "GUR"), ("UBRG", "UBRG"), ("WUBG", "GWUB"), ("WUBRG", "WUBRG"),
])
def test_color_order_follows_printed_costs(colors, expected):
    assert "".join(color_order(colors)) == expected


@pytest.mark.parametrize("cost, expected", [
    ("{G}{1}", "{1}{G}"),
    ("{R}{2}{X}", "{X}{2}{R}"),
    ("{W}{B}{G}{1}", "{1}{W}{B}{G}"),
    ("{U}{U/B}{W/U}", "{W/U}{U}{U/B}"),
    ("{C}{3}", "{3}{C}"),
])
def test_conventional_cost(cost, expected):
    assert "".join("{" + s + "}" for s in conventional_cost(cost)) == expected


def test_costs_with_other_than_braced_standard_symbols_have_no_conventional_order():
    assert conventional_cost("{2}{Q}{W}") is None
    assert conventional_cost("2W") is None


def test_type_line_words_and_offsets():
    tl = parse_type_line("Legendary Artifact Creature — Time Lord Golem")
    assert [w.text for w in tl.head] == ["Legendary", "Artifact", "Creature"]
    assert [w.text for w in tl.subtypes] == ["Time Lord", "Golem"]
    assert tl.separator.text == " — "
    assert tl.card_types() == {"Artifact", "Creature"}
    golem = tl.subtypes[1]
    assert tl.text[golem.start:golem.end] == "Golem"


def test_type_line_without_dash_splits_at_the_first_known_subtype():
    tl = parse_type_line("Creature Human Soldier")
    assert tl.dashless
    assert [w.text for w in tl.head] == ["Creature"]
    assert [w.text for w in tl.subtypes] == ["Human", "Soldier"]


def test_a_plane_has_one_subtype_of_several_words():
    tl = parse_type_line("Plane — The Glass Reaches")
    assert [w.text for w in tl.subtypes] == ["The Glass Reaches"]


def test_reminder_texts_compare_loosely_on_numbers_mana_and_self_references():
    # the card's names and the self-references the parse found on it ("this creature")
    a = normalize("(Whenever this creature becomes the target of a spell, counter it unless that player pays {2}.)",
                  "Ward", [], ["Sentinel Owl", "this creature"], [])
    b = normalize("(Whenever this artifact becomes the target of a spell, counter it unless that player pays {1}{U}.)",
                  "Ward", [], ["Warded Gate", "this artifact"], [])
    assert a == b


def test_an_extra_sentence_is_consistent_but_a_reworded_one_is_not():
    base = "( you may do N thing . then exile PRON . )"
    assert consistent(base, "( you may do N thing . then exile PRON . PRON ha haste . )")
    assert not consistent(base, "( you may do N thing . then exiled PRON . )")


# -- what only a Cockatrice file shows ---------------------------------------------------

def test_cockatrice_hyphen_before_subtypes_is_the_format_convention():
    xml = cockatrice(entry("Reef Stalker", "Creature - Shark", "2U", "", "<pt>3/2</pt>"))
    assert not lint(xml, "set.xml", ["TYP005"])
    yaml_card = "name: Reef Stalker\nmana_cost: '{2}{U}'\ntype_line: Creature - Shark\n"
    assert [d.code for d in lint(yaml_card, "set.yaml", ["TYP005"])] == ["TYP005"]


def test_cockatrice_double_hyphen_is_noted():
    xml = cockatrice(entry("Reef Stalker", "Creature -- Shark", "2U", "", "<pt>3/2</pt>"))
    found = lint(xml, "set.xml", ["TYP005"])
    assert [d.code for d in found] == ["TYP005"]
    assert found[0].fix is not None


def test_unbraced_cockatrice_costs_get_the_fix_of_their_value():
    # the fix edits the Oracle form of the cost; the planner writes it without braces
    # (tests/test_fixes.py: test_a_mana_cost_written_without_braces_takes_the_new_one_without)
    xml = cockatrice(entry("Harbor Warden", "Creature - Human Soldier", "UW1", "", "<pt>2/2</pt>"))
    found = lint(xml, "set.xml", ["MAN001"])
    assert [d.code for d in found] == ["MAN001"]
    assert [e.text for e in found[0].fix.edits] == ["{1}{W}{U}"]
    assert "{1}{W}{U}" in found[0].message


def test_cockatrice_extra_color_may_be_an_indicator_but_a_missing_one_is_an_error():
    extra = cockatrice(entry("Silent Pact", "Instant", "0", "Counter target spell.", "<colors>U</colors>"))
    assert not lint(extra, "set.xml", ["CHR001"])
    missing = cockatrice(entry("No Less", "Instant", "2W", "Draw a card.", "<colors>R</colors>"))
    assert [d.code for d in lint(missing, "set.xml", ["CHR001"])] == ["CHR001"]


def test_missing_power_toughness_is_judged_per_file():
    creature = entry("Ember Whelp", "Creature - Dragon", "1R", "Flying")
    other = entry("Ash Hound", "Creature - Dog", "R", "", "<pt>1/1</pt>")
    assert [d.card for d in lint(cockatrice(creature, other), "set.xml", ["CHR004"])] == ["Ember Whelp"]
    assert not lint(cockatrice(creature), "set.xml", ["CHR004"])


def test_findings_point_at_the_word_in_the_file():
    xml = cockatrice(entry("Canopy Archer", "Creature - Elff Archer", "1G", "", "<pt>2/1</pt>"))
    found = lint(xml, "set.xml", ["TYP004"])
    assert len(found) == 1
    line = xml.splitlines()[found[0].line - 1]
    assert line[found[0].column - 1:].startswith("Elff")


# -- real cards -----------------------------------------------------------------------

#: Errors and warnings of these checks on the real card files that are right: the
#: spoiler files are wrong. (file, card, code)
#: - Galea and Perrie: "{1}{G}{U}{W}"; every other green-white-blue card of the corpus
#:   (60) is written {G}{W}{U}, as Oracle writes these two.
#: - Wrathful Raptors, Warden of the Inner Sky, Lurking Spinecrawler, High Fae
#:   Prankster: "Creature Dinosaur" and the like, the dash before the subtypes lost.
#: - Kamachal, Ship's Mascot: "Dinosoaur", a typo for Dinosaur.
#: - No More (Gallifrey Falls // No More): a {2}{W} half whose colors say only red.
#: - Steelbane Hydra (ELD): no power/toughness, where NCC's printing gives 0/0.
#: - SET002: reminder texts with typos or a lost word ("Plaver", "yo", "creatured", a
#:   stray "}", "pays for 1", "remove time counter", "end of turn" without "until",
#:   "Discard a card" for "Discard this card", a lost period — Radiant's partner reminder
#:   ends without one). Template variants of one reminder ("the creature's color" beside
#:   "that creature's color") are data in rules_data/set_level.yaml, not findings.
#: - oracle-2026 (a bulk Oracle file: SET001 and SET002 compare nothing in it) holds Un-set,
#:   playtest and digital cards whose printed costs break the color order of every
#:   tournament card (MAN001: "{1}{U}{G}" where Oracle's order is {G}{U}, "{R}{G}{U}{B}", …):
#:   the findings are right, the cards break the convention.
KNOWN_WRONG = {
    ("AFC.xml", "Galea, Kindler of Hope", "MAN001"),
    ("NCC.xml", "Perrie, the Pulverizer", "MAN001"),
    ("LCC.xml", "Wrathful Raptors", "TYP002"),
    ("LCI.xml", "Warden of the Inner Sky", "TYP002"),
    ("YMKM.xml", "Lurking Spinecrawler", "TYP002"),
    ("YWOE.xml", "High Fae Prankster", "TYP002"),
    ("YLCI.xml", "Kamachal, Ship's Mascot", "TYP004"),
    ("WHO.xml", "Gallifrey Falls // No More", "CHR001"),  # the No More half's entry gives red
    ("ELD.xml", "Steelbane Hydra", "CHR004"),
    ("CMR.xml", "Radiant, Serra Archangel", "SET002"),
    ("DFT.xml", "Clamorous Ironclad", "SET002"),
    ("DMU.xml", "Keldon Strike Team", "SET002"),
    ("FIN.xml", "Sidequest: Card Collection // Magicked Card", "SET002"),
    ("IKO.xml", "Drannith Healer", "SET002"),
    ("MOM.xml", "Burning Sun's Fury", "SET002"),
    ("MOM.xml", "Ramosian Greatsword", "SET002"),
    ("ONE.xml", "Paladin of Predation", "SET002"),
    ("OTJ.xml", "Stubborn Burrowfiend", "SET002"),
    ("WHO.xml", "Judoon Enforcers", "SET002"),
    ("ZNR.xml", "Moss-Pit Skeleton", "SET002"),
    *(("oracle-cards.json", name, "MAN001") for name in (
        "M'Odo, the Gnarled Oracle", "The Water Maro", "Forestfolk", "Halana and Alena and Gisa and Geralf",
        "Princess Snowfall", "The Karst, Enchanted", "Colossal Dreadmaw and Storm Crow", "Simic, Value Engine",
        "The Scholar of Seas", "The Dogronmaster")),
}


@pytest.mark.corpus
@pytest.mark.slow
def test_real_cards_are_silent_but_for_known_wrong_ones(shared_data):
    cards = read_real_cards(shared_data)
    errors: list[str] = []
    found, unexpected = sort_real_findings(lint_cards(cards, select=list(CODES), errors=errors), KNOWN_WRONG)
    assert not errors, errors[:10]
    assert not unexpected, "\n".join(unexpected[:50])
    assert found == KNOWN_WRONG, f"no longer found: {sorted(KNOWN_WRONG - found)}"


@pytest.mark.corpus
def test_real_type_lines_hold_only_known_words(shared_data):
    """Every word of every real type line is known, retired or nontraditional, but for
    the few real typos (TYP001/TYP004 stay silent but for those)."""
    cards = read_real_cards(shared_data)
    codes = ["TYP001", "TYP003", "TYP004"]
    found = {(Path(d.path).name, d.card, d.code) for d in lint_cards(cards, select=codes)
             if d.severity != "info"}
    assert found == {k for k in KNOWN_WRONG if k[2] in codes}


def test_a_subtype_many_cards_share_is_a_note_even_close_to_a_known_one():
    walkers = "".join(f"- {{name: 'Ajanni, {t}', mana_cost: '{{3}}{{W}}', type_line: Legendary Planeswalker — Ajanni, "
                      f"loyalty: '3'}}\n" for t in ("Storm Caller", "Tide Mage", "Pride Keeper"))
    found = lint(walkers, "set.yaml", ["TYP004"])
    assert [d.severity for d in found] == ["info"] * 3
    assert all("'Ajani'" in d.message for d in found)
    one = lint(walkers.splitlines()[0] + "\n", "set.yaml", ["TYP004"])
    assert [d.severity for d in one] == ["warning"] and "did you mean 'Ajani'" in one[0].message


def test_type_lines_read_ahead_are_read_as_when_asked():
    caches = (_chars._game_type_lines, _chars._split_type_line, _chars._effective_types)
    for cache in caches:
        cache.cache_clear()
    lines = ["Legendary Creature — Elf Druid", "Instant // Sorcery", "Art Card", "Kindred Instant — Elf",
             "Creature — Elf Druid", "Gizmo Thing", "Legendary Creature — Elf Druid", "", None]
    work_out_type_lines(Face(type_line=line) for line in lines)
    version = extension_version()
    distinct = {line for line in lines if line}
    assert all(cache.cache_info().currsize == len(distinct) for cache in caches)
    read = [cache.cache_info().misses for cache in caches]
    for line in distinct:
        # what the caches hold is what reading the line again gives
        assert _chars._game_type_lines(line, version) == _chars._game_type_lines.__wrapped__(line, version)
        assert _chars._split_type_line(line, version) == _chars._split_type_line.__wrapped__(line, version)
        fresh = _chars._effective_types.__wrapped__(line, version)
        assert effective_types(Face(type_line=line)) == (None if fresh is None else set(fresh))
    assert [cache.cache_info().misses for cache in caches] == read  # each found in its cache
