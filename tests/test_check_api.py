"""The check-author API (linter/checks/api.py) on invented cards."""

from __future__ import annotations

import pytest

from linter.checks import api
from linter.checks.base import REGISTRY, CheckError
from linter.model import Card, Face
from linter.nlp import parse_faces


def card(text: str, name: str = "Gravel Warden", type_line: str = "Creature — Elf", **kw) -> Card:
    face = Face(name=name, type_line=type_line, oracle_text=text, **kw)
    c = Card(name=name, faces=[face])
    parse_faces([(face, c)])
    return c


def test_face_view_text_masked_once_in_the_parse():
    c = card('Vigilance (It attacks without tapping.)\nOther Elves you control have "{T}: Add {G}."')
    (face,) = api.card_faces(c)
    assert face.masked is c.faces[0].parsed.masked
    assert "attacks" not in face.masked and "Add" not in face.masked and face.masked.startswith("Vigilance")
    start = face.text.index("attacks")
    assert face.in_reminder(start) and face.in_hole(start) and not face.in_quote(start)
    assert face.in_quote(face.text.index("Add"))
    assert face.holes == sorted(face.reminders + face.quotes)
    named = api.FaceView(card('Search your library for a card named "Gravel".'), 0)
    assert named.quoted and not named.quotes


def test_abilities_walk_in_the_numbering_of_antecedents():
    c = card('When this creature enters, exile target card from a graveyard.\n'
             'Creatures you control have "Whenever this creature attacks, scry 1."\n'
             '{1}: Return the exiled card to its owner\'s hand.')
    (face,) = api.card_faces(c)
    views = list(face.walk())
    assert [v.index for v in views] == [0, 1, 2, 3]
    assert views[2].granted and views[2].parent is face.abilities[1]
    (ref,) = [r for v, r in face.references() if r.kind == "linked-exile"]
    assert face.ability(ref.antecedent.ability) is face.abilities[0]
    assert [v.index for v, _ in face.actions("exile")] == [0]
    assert not list(face.references(unresolved=True)) or all(not r.resolved for _, r in face.references(True))
    assert face.units() == [(a.start, a.end) for a in face.abilities]


def test_self_references():
    c = card("Whenever Gravel Warden or this creature attacks, ~ gets +1/+0.")
    (face,) = api.card_faces(c)
    kinds = [(r.text, r.kind) for r in face.self_refs]
    assert ("Gravel Warden", "name") in kinds and ("this creature", "this") in kinds and ("~", "placeholder") in kinds
    assert face.is_self("this creature") and face.is_self("gravel warden") and not face.is_self("target creature")
    assert face.self_at(face.text.index("Warden")).kind == "name"
    assert {"Gravel Warden", "this creature", "~"} <= set(face.self_names)
    assert [len(n) for n in face.self_names] == sorted((len(n) for n in face.self_names), reverse=True)


def test_phrases_by_label_and_keywords():
    c = card("Flying\nWhenever this creature attacks, draw a card.")
    (face,) = api.card_faces(c)
    assert [p.text for p in face.phrases("KEYWORD")] == ["Flying"]
    assert face.phrases(ids=["draw-verb"])[0].rules == ("121.1",)
    assert face.has_keyword("flying") and not face.has_keyword("haste")
    assert face.sentences() == [(face.text.index("draw"), len(face.text) - 1)]


def test_card_context():
    c = card("Draw a card.", type_line="Sorcery")
    (face,) = api.card_faces(c)
    assert face.is_spell and not face.is_permanent and face.context.name == "Gravel Warden"
    assert not face.context.lone_entry and face.context.face_names() == ["Gravel Warden"]


class _Demo(api.FaceCheck):
    """Flags every unresolved "that" reference (a demonstration check, never registered for runs).

    ## What it does
    Reports a reference that nothing introduces.
    ## Why is this bad?
    It points at nothing.
    ## Example
    That creature gets +1/+1.
    ## Use instead
    Target creature gets +1/+1.
    ## Fix safety
    No fix.
    """

    abstract = True  # a demonstration: never registered for runs
    code = "ZZZ901"
    name = "demo-unresolved-reference"
    category = "rules"
    severity = "info"
    rules = ("608.2c",)
    message = "'{text}' refers to nothing ({style})"
    settings = ("self-reference",)

    def check_face(self, face):
        for _, ref in face.references(unresolved=True):
            yield face.hit(self, ref.start, ref.end, text=ref.text, style=self.setting("self-reference"))


@pytest.fixture
def demo():
    return _Demo()


def test_face_check_loops_over_faces_and_reads_declared_settings(demo):
    from linter.config import Config

    (hit,) = demo.check_card(card("That creature gets +1/+1 until end of turn."))
    assert hit.face == 0 and hit.field == "oracle_text" and hit.start == 0
    assert hit.message == "'That creature' refers to nothing (this-object)"
    demo.config = Config(self_reference="name")
    (hit,) = demo.check_card(card("That creature gets +1/+1 until end of turn."))
    assert hit.message.endswith("(name)")
    with pytest.raises(KeyError, match="without declaring"):
        demo.setting("set-kind")


def test_a_check_declaring_an_unknown_setting_fails_at_import():
    with pytest.raises(CheckError, match="unknown settings"):
        class _Bad(api.FaceCheck):  # noqa: F841
            """x

            ## What it does
            ## Why is this bad?
            ## Example
            ## Use instead
            ## Fix safety
            """

            abstract = True
            code = "ZZZ902"
            name = "demo-bad-setting"
            category = "rules"
            severity = "info"
            rules = ("608.2c",)
            settings = ("colour",)
    assert "ZZZ901" not in REGISTRY and "ZZZ902" not in REGISTRY


def test_helpers():
    assert api.inside([(2, 5)], 3, 4) and not api.inside([(2, 5)], 4, 6)
    assert api.mask("ab(cd)\ne", [(2, 8)]) == "ab    \n "
    assert "self-reference" in api.setting_names() and "select" not in api.setting_names()


def test_plain_text_blanks_reminders_but_keeps_quotes_made_once():
    c = card('Vigilance (It attacks without tapping.)\nOther Elves you control have "{T}: Add {G}."')
    (face,) = api.card_faces(c)
    plain = face.plain
    assert "attacks" not in plain and "Add {G}" in plain and len(plain) == len(face.text)
    assert plain is c.faces[0].parsed.plain  # computed once, in the parse's structure
    unparsed = Face(name="X", type_line="Instant", oracle_text="Draw a card. (Then discard one.)")
    assert api.plain_text(unparsed) == "Draw a card. " + " " * len("(Then discard one.)")


def test_asides_hold_every_quote_and_reminder():
    c = card('Search your library for a card named "Gravel" (or any card).')
    (face,) = api.card_faces(c)
    assert face.in_aside(face.text.index("Gravel\"")) and face.in_aside(face.text.index("any card"))
    assert not face.in_aside(face.text.index("Search"))
    assert not face.in_hole(face.text.index("Gravel\""))  # a quoted name is no granted ability


def test_own_names_and_words_for_itself():
    c = card("When this creature enters, Gravel Warden deals 1 damage to any target.")
    (face,) = api.card_faces(c)
    assert face.own_names == frozenset({"Gravel Warden"})
    assert api.face_view(c, c.faces[0]).self_names == face.self_names
    assert api.self_words("When this Saga enters, ~ deals 1 damage.") == ["this Saga", "~"]
    with pytest.raises(ValueError):
        api.face_view(c, Face(name="Other"))


def test_self_references_of_a_face_read_without_the_parse():
    face = Face(name="Gravel Warden", type_line="Creature — Elf", oracle_text="Gravel Warden gets +1/+1. This creature has reach.")
    c = Card(name="Gravel Warden", faces=[face])
    view = api.FaceView(c, 0)
    assert [r.kind for r in view.self_refs] == ["name", "this"]
    assert view.is_self("this creature")
