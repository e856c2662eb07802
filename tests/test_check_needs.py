"""A check's ``needs`` must never keep it from a card it has something to say about.

A run calls a check only on the cards (a face check: the faces) that have one
of the facts it declares it needs (``Check.needs``).  A need that is too
narrow would lose findings without a sound, so these tests run every check
with needs WITHOUT them, over every card of the test cases (tests/cases/*.yaml
and the checks' docstrings, each under its own configuration) and over a
sample of the real cards, and fail on any finding on a card or face the run
would not have called the check on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from linter.checks.api import FaceCheck, card_faces
from linter.checks.base import Check, CheckError, all_checks
from linter.lint import ALL, Plan, parse_cards
from linter.selection import Selection
from test_check_cases import ALL_CASES, _configured

#: the kind of card every card check reads (:func:`linter.checks.base.what_reads`): the needs
#: alone are under test here, not which cards a check leaves alone for what they are
EVERY_CHECK_READS = (False, True)


def _gated_plan() -> Plan:
    checks = [cls() for cls in all_checks().values() if cls.scope == "card" and cls.needs]
    return Plan(Selection(None, None), checks=checks)


def lost_findings(plan: Plan, cards: list) -> list[str]:
    """Each finding of a check, run on every card (face) whatever its needs, on a card (face)
    that ``plan`` would not call it on."""
    lost = []
    for card in cards:
        if any(f.parsed is None and f.oracle_text for f in card.faces):
            continue  # not parsed: a run calls every check on it, needs or not
        called = {}
        views, chosen = plan.calls(card, True, EVERY_CHECK_READS)
        for check, at in chosen:
            called[check.code] = None if at is None else {
                v.index for k, v in enumerate(views) if at is ALL or k in at}
        for check in plan.card_checks:
            by_face = type(check).check_card is FaceCheck.check_card
            runs = [(v.index, v) for v in card_faces(card)] if by_face else [(None, None)]
            for index, view in runs:
                try:
                    hits = list(check.check_face(view) if by_face else check.check_card(card))
                except Exception:  # noqa: BLE001 - a failing check is another test's business
                    continue
                if not hits:
                    continue
                if check.code in called and (index is None or index in called[check.code]):
                    continue
                where = f"face {index}" if index is not None else "the card"
                lost.append(f"{check.code} (needs {check.needs}) skips {where} of {card.name!r}, "
                            f"which it flags: {hits[0].message}")
    return lost


def _case_cards(case) -> list:
    from linter.readers import read_text

    result = read_text(case.yaml_text, path=f"{case.id}.yaml")
    return result.cards if result.error is None else []


def test_needs_lose_no_finding_on_the_cases():
    plan = _gated_plan()
    assert len(plan.card_checks) >= 30
    lost: list[str] = []
    flagged = 0
    for case in ALL_CASES:
        cards = _case_cards(case)
        if not cards:
            continue
        with _configured(case.config):
            parse_cards(cards)
            lost += [f"{case.id}: {line}" for line in lost_findings(plan, cards)]
        flagged += case.flagged
    assert flagged > 100, "the cases flag too few cards for this test to mean anything"
    assert lost == []


@pytest.mark.corpus
def test_needs_lose_no_finding_on_real_cards(shared_data: Path):
    from _helpers import read_real_cards

    cards = read_real_cards(shared_data)
    sample = cards[::max(1, len(cards) // 12_000)]  # some 12,000 cards of every file
    parse_cards(sample)
    assert lost_findings(_gated_plan(), sample) == []


def test_a_too_narrow_need_is_caught():
    """The test above can fail: a check that says it needs a Saga but flags any face is caught."""
    from linter.checks import api

    class NarrowNeed(api.FaceCheck):
        """Flags every face.

        ## What it does
        ## Why is this bad?
        ## Example
        ## Use instead
        ## Fix safety
        """

        abstract = True  # kept out of the registry: the test calls it alone
        code, name, category, severity, rules = "ZZZ998", "narrow-need-test", "rules", "info", ("100.1",)
        needs = ("type:Saga",)
        message = "a face"

        def check_face(self, face):
            yield face.hit(self, 0, 1)

    from linter.readers import read_text

    cards = read_text("name: Test Bear\ntype_line: Creature — Bear\noracle_text: Trample.\n", path="bear.yaml").cards
    parse_cards(cards)
    plan = Plan(Selection(None, None), checks=[NarrowNeed()])
    assert lost_findings(plan, cards) and not plan.calls(cards[0], True, EVERY_CHECK_READS)[1]


@pytest.mark.parametrize("needs, problem", [
    (("Saga",), "not 'kind:value'"),
    (("colour:red",), "not 'kind:value'"),
    (("ability:sorcery",), "no ability kind"),
    (("mark:bold",), "no mark"),
    (("field:flavor",), "no field"),
    (("blank:power",), "no field that may be blank"),
    (("cost:{X}",), "lower case"),
    (("text:Become",), "lower case"),
    ("type:Saga", "must be a tuple"),
])
def test_needs_are_validated_at_registration(needs, problem):
    with pytest.raises(CheckError, match=problem):
        type("BadNeeds", (Check,), {
            "__doc__": "x\n## What it does\n## Why is this bad?\n## Example\n## Use instead\n## Fix safety\n",
            "code": "ZZZ997", "name": "bad-needs-test", "category": "rules", "severity": "info",
            "rules": ("100.1",), "needs": needs,
        })


def test_set_checks_declare_no_needs():
    with pytest.raises(CheckError, match="needs are for card checks"):
        type("SetNeeds", (Check,), {
            "__doc__": "x\n## What it does\n## Why is this bad?\n## Example\n## Use instead\n## Fix safety\n",
            "code": "ZZZ996", "name": "set-needs-test", "category": "rules", "severity": "info",
            "rules": ("100.1",), "scope": "set", "needs": ("type:Saga",),
        })


def test_face_facts_of_every_kind():
    """Each kind of fact is read from where NEED_KINDS says (an invented card)."""
    from linter.checks.api import face_facts
    from linter.readers import read_text

    yaml_text = (
        "name: Vellum Sage\nlayout: normal\nmana_cost: '{1}{G}'\ntype_line: Legendary Creature — Elf Druid\n"
        "power: '1'\ntoughness: '2'\n"
        "oracle_text: \"Flash\\n{T}: Add {G}.\\nWhen Vellum Sage enters, creatures you control gain "
        "\\\"This creature can't be blocked.\\\" (It stays hidden.)\"\n")
    cards = read_text(yaml_text, path="sage.yaml").cards
    parse_cards(cards)
    card = cards[0]
    asked = frozenset({
        "type:Legendary", "type:Creature", "type:Elf", "type:Saga", "layout:normal", "layout:transform",
        "field:mana_cost", "field:power", "field:loyalty", "ability:keyword", "ability:activated",
        "ability:triggered", "ability:chapter", "keyword:flash", "keyword:haste", "mark:adds-mana",
        "mark:self-ref", "mark:reminder", "mark:quote", "text:enters", "text:can't be blocked", "text:scry"})
    found = face_facts(card, card.faces[0], asked)
    assert found == asked - {"type:Saga", "layout:transform", "field:loyalty", "ability:chapter",
                             "keyword:haste", "text:scry"}
    assert face_facts(card, card.faces[0], frozenset()) == frozenset()


def test_facts_of_the_type_line_the_costs_and_the_card():
    """type-word facts are the words as the type-line checks read them (no space around the
    dash too); cost, blank and the card's fields as NEED_KINDS says (invented cards)."""
    from linter.checks.api import face_facts
    from linter.readers import read_text

    asked = frozenset({"type-word:Tribal", "type-word:Naga", "type-word:Creature", "type-word:Elf",
                       "type:Naga", "cost:{x}", "cost:}{", "blank:mana_cost", "blank:type_line",
                       "field:cmc", "field:color_identity"})
    cards = read_text(
        "- name: Coil Adept\n  mana_cost: '{x}{U}'\n  type_line: Tribal Creature—Naga\n  cmc: 0\n"
        "  color_identity: []\n  oracle_text: Draw a card.\n"
        "- name: Blank Slate\n  mana_cost: ''\n  type_line: ' '\n  oracle_text: Notes.\n",
        path="naga.yaml").cards
    assert face_facts(cards[0], cards[0].faces[0], asked) == {
        "type-word:Tribal", "type-word:Naga", "type-word:Creature", "cost:{x}", "cost:}{", "field:cmc",
        "field:color_identity"}
    assert face_facts(cards[1], cards[1].faces[0], asked) == {"blank:mana_cost", "blank:type_line"}


def test_text_facts_beyond_ascii():
    """A text beyond ASCII has the "text:" facts its lower case shows, unless it holds a
    character that patterns may read as an ASCII one: then it has every one."""
    from linter.checks.api import face_facts
    from linter.readers import read_text

    asked = frozenset({"text:draw", "text:scry", "text:—"})
    yaml_text = ("name: Tallow Sage\ntype_line: Instant\noracle_text: \"{}\"\n")
    for text, expected in (("Hellbent — Draw a card.", {"text:draw", "text:—"}),
                           ("Draw a card • or two.", {"text:draw"}),
                           ("Draw a card.\u00a0Then discard one.", asked),  # a no-break space
                           ("Draw a card, then \u017fcry 1.", asked)):      # a long s
        card = read_text(yaml_text.format(text), path="sage.yaml").cards[0]
        assert face_facts(card, card.faces[0], asked) == expected, text


def test_what_patterns_may_read_as_ascii():
    """READ_AS_ASCII holds every character beyond ASCII that Python's case mappings or a
    case-blind pattern relate to an ASCII letter, besides white space and digits (case
    mappings end before U+20000)."""
    import re

    from linter.checks.api import READ_AS_ASCII

    letter = re.compile("[a-z]", re.I)

    def read_as_ascii(c: str) -> bool:
        return (any(m.isascii() for m in c.lower() + c.upper() + c.casefold())
                or letter.fullmatch(c) is not None or re.fullmatch(r"[\d\s]", c) is not None)

    wrong = [f"U+{cp:04X}" for cp in range(0x80, 0x20000)
             if read_as_ascii(chr(cp)) != (READ_AS_ASCII.match(chr(cp)) is not None)]
    assert wrong == []
    # what it leaves out keeps its length in lower case (FaceView.folded keeps the offsets)
    assert [cp for cp in range(0x80, 0x20000) if len(chr(cp).lower()) != 1 and not READ_AS_ASCII.match(chr(cp))] == []
    assert READ_AS_ASCII.search("Flying — “quoted” • −1: draw") is None


def test_rul009_needs_a_word_of_every_owner():
    """RUL009 reads places named with a player ("your", "that player's" …): each of its
    owners holds a word of its needs."""
    from linter.checks.RUL009 import _OWNERS, NonexistentZone

    pieces = [need.partition(":")[2] for need in NonexistentZone.needs]
    assert [owner for owner in _OWNERS if not any(p in owner.lower() for p in pieces)] == []
