"""How a run chooses the checks of a card: the quick ways must choose what the plain ways do.

* the text pieces of the checks' needs ("text:" facts) are found in one pass; they must be
  the pieces ``in`` finds in the lower case of the text;
* a card of one face gets its checks from tables a byte of bits at a time; they must be
  those :meth:`linter.lint._Kind.choose` picks check by check;
* what a card is (:func:`linter.checks.base.what_reads`) asks about keywords printed only
  outside the tournament card pool of a face's unknown lines alone;
* the set-level checks that only need to know which cards they judge get them kind by
  kind; they must be the cards :meth:`linter.lint.Plan.set_checks_for` gives them, and
  :func:`linter.lint.judge_files` hands each one those cards (a list shared between the
  checks that judge the same).
Every card here is invented.
"""

from __future__ import annotations

import gc

import pytest

from linter.checks import base
from linter.checks._keywords import keyword_items, keyword_outside_cr
from linter.checks._products import non_tournament
from linter.checks.api import FaceReader, card_faces
from linter.lint import Plan, judge_files, lint_batch, parse_cards
from linter.readers import read_text
from linter.selection import Selection
from test_check_cases import ALL_CASES, _configured


def _card(text: str, extra: str = "", name: str = "Quill Sprite"):
    yaml = (f'name: {name}\nmana_cost: "{{1}}{{W}}"\ntype_line: Creature — Faerie\n'
            f'oracle_text: "{text}"\npower: "1"\ntoughness: "1"\n{extra}')
    cards = read_text(yaml, path="cards.yaml").cards
    parse_cards(cards)
    return cards[0]


def _case_cards() -> list:
    out = []
    for case in ALL_CASES:
        result = read_text(case.yaml_text, path=f"{case.id}.yaml")
        if result.error is None and result.cards:
            with _configured(case.config):
                parse_cards(result.cards)
            out += result.cards
    return out


PIECES = ["his", "this creature", "x", "{", "}", "}{", "—", "ransform", "you d", "tap:", "1", "ss"]
TEXTS = [
    "", "Flying", "This creature gets +1/+1 for each card in his or her hand.",
    "{T}: Add {G}{G}. Transform it.", "TRANSFORM — You draw X cards.", "Untap: x", "Tap: nothing",
    "Choose one —\n• Draw a card.", "ſs", "Kelvin \u212a", "Mass of cards, 10 of them",
]


def test_text_pieces_are_those_in_finds():
    reader = FaceReader({f"text:{p}": 1 << k for k, p in enumerate(PIECES)})
    found_any = 0
    for text in TEXTS:
        low = text.lower()
        expected = sum(1 << k for k, p in enumerate(PIECES) if p in low)
        if not text.isascii() and any(c in text for c in "ſ\u212a"):
            expected = (1 << len(PIECES)) - 1  # read as ASCII: every piece may be there
        assert reader.texts.held(text) == expected, text
        found_any += expected != 0
    assert found_any > 5
    assert not FaceReader({}).texts  # no piece: nothing to look for


@pytest.mark.parametrize("pieces", [["{", "x", "1"], ["his", "you d", "}{"]], ids=["one-character", "longer"])
def test_text_pieces_of_one_kind_alone_are_found(pieces):
    # pieces of one character are looked for apart from the longer ones: each kind alone too
    reader = FaceReader({f"text:{p}": 1 << k for k, p in enumerate(pieces)})
    assert reader.texts
    for text in TEXTS:
        low = text.lower()
        if not text.isascii() and any(c in text for c in "ſ\u212a"):
            continue
        assert reader.texts.held(text) == sum(1 << k for k, p in enumerate(pieces) if p in low), text


def test_cost_pieces_are_read_once_per_cost_as_each_time():
    # the bits of a mana cost's pieces are kept per cost: a reader that has met the costs
    # before gives what a new reader gives
    facts = {f"cost:{p}": 1 << k for k, p in enumerate(["x", "{c}", "/", "{w}{w}", "h"])}
    kept = FaceReader(facts)
    cards = [card for card in _case_cards() if card.faces and card.faces[0].mana_cost]
    assert len({card.faces[0].mana_cost for card in cards}) > 10
    for _ in range(2):
        for card in cards:
            face = card.faces[0]
            assert kept.bits(card, face) == FaceReader(facts).bits(card, face), face.mana_cost


def test_a_card_of_one_face_gets_the_checks_choose_gives_it():
    plan = Plan(Selection(None, None))
    compared = 0
    for card in _case_cards():
        if len(card.faces) != 1 or any(f.parsed is None and f.oracle_text for f in card.faces):
            continue
        kind = plan._kind(True, base.what_reads(card))
        views = list(card_faces(card))
        met = plan.met(card, card.faces[0])
        for viewed, given in ((bool(views), views), (False, [])):
            assert kind.one_face(met, viewed) == kind.choose((met,), given), card.name
        compared += 1
    assert compared > 300


def test_a_keyword_printed_outside_the_pool_is_found_on_an_unknown_line():
    for text in ("Knightlifelink", "Flying, rangeling", "Rangeling\\nWhen this creature enters, draw a card."):
        card = _card(text)
        found = non_tournament(card)
        assert found is not None and "is printed only outside" in found.reason, text
        assert base.what_reads(card) == (False, False)
    card = _card("Flying, lifelink")
    assert non_tournament(card) is None and keyword_outside_cr(card.faces[0]) is None


def test_a_type_word_printed_outside_the_pool_is_read_on_any_face_but_a_subtype_is_not():
    """The type words judged for the product: a supertype or card type printed only outside
    the pool on either face of a card; an odd subtype alone says nothing (some also stand on
    tournament cards)."""
    def two_faced(back_type: str):
        yaml = ('name: Lantern Pair\nlayout: transform\ncard_faces:\n'
                '  - name: Lantern Keeper\n    mana_cost: "{1}{W}"\n    type_line: Creature — Human\n'
                '    oracle_text: "Vigilance"\n    power: "2"\n    toughness: "2"\n'
                f'  - name: Lantern Ghost\n    type_line: {back_type}\n    oracle_text: "Flying"\n'
                '    power: "3"\n    toughness: "3"\n')
        cards = read_text(yaml, path="cards.yaml").cards
        parse_cards(cards)
        return cards[0]

    for back, odd in (("Host Creature — Spirit", "Host"), ("Summon Spirit", "Summon")):
        found = non_tournament(two_faced(back))
        assert found is not None and found.product == "Un-set" and repr(odd) in found.reason, back
    assert non_tournament(two_faced("Creature — Cyborg")) is None
    assert non_tournament(two_faced("Creature — Spirit")) is None


def test_only_unknown_lines_hold_keywords_printed_outside_the_pool():
    """keyword_outside_cr reads the unknown lines alone: on every face it must find what the
    face's judged keyword lines hold."""
    seen = 0
    for card in _case_cards() + [_card("Double team"), _card("Flying\\nAugment {2}{W}")]:
        for face in card.faces:
            first = next((i for i in keyword_items(face) if i.status == "outside-cr"), None)
            assert keyword_outside_cr(face) is first, card.name
            seen += first is not None
    assert seen >= 2


def test_what_a_card_is_is_kept_for_a_bounded_number_of_cards(monkeypatch):
    monkeypatch.setattr(base, "_READ_KEPT", 3)
    monkeypatch.setattr(base, "_READ", {})
    cards = [_card("Flying"), _card("Knightlifelink"), _card("Flying", "set_type: funny"), _card("Flying")]
    for _ in range(2):
        assert [base.what_reads(c) for c in cards] == [(False, True), (False, False), (False, False), (False, True)]
        assert len(base._READ) <= 3
    kept = [ref for ref, _under, _found in base._READ.values()]
    del cards
    gc.collect()
    assert kept and all(ref() is None for ref in kept)  # it keeps no card alive


def test_what_a_card_is_is_judged_again_under_another_configuration(tmp_path):
    # a card of a file of real cards whose text says "perpetually" is an Alchemy card; in a
    # custom set the word is the set's own: the same card objects checked under each
    # configuration in turn are judged as cards read afresh under it are
    from linter.config import Config, reset_active
    from linter.readers import read_file

    path = tmp_path / "cards.json"
    path.write_text('[{"object": "card", "name": "Glimmer Scholar", "layout": "normal", "mana_cost": "{1}{U}", '
                    '"type_line": "Creature \u2014 Human Wizard", "power": "1", "toughness": "1", '
                    '"oracle_text": "When Glimmer Scholar enters, it perpetually gets +1/+1."}]', encoding="utf-8")
    cards = read_file(str(path)).cards
    parse_cards(cards)
    answers = []
    for kind in ("custom", None, "custom"):
        config = Config()
        config.set_kind = kind
        config.install()
        try:
            fresh = read_file(str(path)).cards
            parse_cards(fresh)
            answers.append(base.what_reads(cards[0]))
            assert answers[-1] == base.what_reads(fresh[0]), kind
        finally:
            reset_active()
    assert answers == [(False, True), (False, False), (False, True)]


@pytest.mark.parametrize("extra", ["", "set_type: funny"])
def test_set_level_checks_judge_the_cards_set_checks_for_gives_them(extra):
    cards = [_card("Flying"), _card("Flying", extra), _card("Knightlifelink"), _card("Flying", extra),
             _card("Draw a card.")]
    notes = read_text("name: Notes\ntype_line: ''\noracle_text: Set notes here.\nis_token: true\n", path="n.yaml").cards
    parse_cards(notes)
    cards[3:3] = notes
    plan = Plan(Selection(None, None))
    batch = lint_batch(plan, cards, first=10)
    expected: dict[str, list[int]] = {c.code: [] for c in plan.set_checks}
    for position, card in enumerate(cards, 10):
        plain, collecting = plan.set_checks_for(card, True, base.what_reads(card))
        for check in plain + collecting:
            expected[check.code].append(position)
    assert batch.members == expected
    assert any(0 < len(v) < len(cards) for v in expected.values())  # the kinds' checks differ


def test_each_set_level_check_is_handed_the_cards_it_judges():
    cards = [_card("Flying"), _card("Flying", "set_type: funny"), _card("Knightlifelink"), _card("Draw a card.")]
    plan = Plan(Selection(None, None))
    batch = lint_batch(plan, cards)
    handed: dict[str, list[int]] = {}
    for check in plan.set_checks:
        def record(group, collected=None, code=check.code):
            handed[code] = [cards.index(c) for c in group]
            return []
        check.check_set = check.check_collected = record  # type: ignore[method-assign]
    assert judge_files(plan, cards, batch, []) == []
    assert handed == {code: members for code, members in batch.members.items() if members}
    assert len({tuple(v) for v in handed.values()}) > 1  # the checks judge different cards
