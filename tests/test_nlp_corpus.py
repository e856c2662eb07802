"""The pipeline on the real Cockatrice sets: coverage and mana abilities."""

from __future__ import annotations

from collections import Counter

import pytest

pytestmark = [pytest.mark.corpus, pytest.mark.slow]


@pytest.fixture(scope="module")
def parsed_sets(shared_data):
    from linter.nlp import parse_faces
    from linter.readers import read_file

    files = sorted((shared_data / "cards" / "cockatrice-sets").glob("*.xml"))
    assert len(files) > 190
    cards = [c for f in files for c in read_file(str(f)).cards]
    parse_faces((face, card) for card in cards for face in card.faces)
    return cards


def abilities(cards):
    for card in cards:
        for i, face in enumerate(card.faces):
            for a in face.parsed.walk():
                yield card, i, a


def test_every_face_is_parsed(parsed_sets):
    assert all(f.parsed is not None for c in parsed_sets for f in c.faces)


def test_unknown_abilities_under_one_percent(parsed_sets):
    kinds = Counter(a.kind for _, _, a in abilities(parsed_sets))
    total = sum(kinds.values())
    assert total > 70000
    assert kinds["unknown"] / total < 0.01, kinds
    for kind in ("keyword", "activated", "loyalty", "triggered", "chapter", "static", "spell", "level"):
        assert kinds[kind] > 0, kind


def by_name(cards, name):
    for card in cards:
        for face in card.faces:
            if face.name == name:
                return face
    pytest.fail(f"{name} not in the corpus")


def test_llanowar_elves_has_a_mana_ability(parsed_sets):
    face = by_name(parsed_sets, "Llanowar Elves")
    (a,) = face.parsed.abilities
    assert a.kind == "activated" and a.mana_ability and "605.1a" in a.rules


def test_saga_chapters_that_add_mana_are_not_mana_abilities(parsed_sets):
    chapters = [a for _, _, a in abilities(parsed_sets) if a.kind == "chapter" and a.adds_mana]
    assert chapters, "the corpus has Saga chapters that add mana"
    assert not any(a.mana_ability for a in chapters)


def test_no_mana_ability_has_a_target(parsed_sets):
    hits = [a for _, _, a in abilities(parsed_sets) if a.mana_ability]
    assert len(hits) > 3000
    assert not any(a.has_target for a in hits)
    assert all(a.kind in ("activated", "triggered") for a in hits)


def test_basic_land_types_and_dual_lands(parsed_sets):
    """Lands that tap for mana: the ability is a mana ability wherever it is written."""
    lands = [a for c, i, a in abilities(parsed_sets)
             if c.faces[i].has_type("Land") and a.kind == "activated" and a.text.startswith("{T}: Add")]
    assert len(lands) > 500
    assert all(a.mana_ability for a in lands), [a.text for a in lands if not a.mana_ability][:5]
