"""The meaning layer: clauses, triggers, costs, restrictions and references of invented card texts."""

from __future__ import annotations

import json

import pytest

from linter.model import PlayerRef
from linter.nlp import parse_text


def parse(text: str, **kw):
    return parse_text(text, **kw)


def ability(text: str, i: int = 0, **kw):
    return list(parse(text, **kw).walk())[i]


def actions(a) -> list[str]:
    return [c.action.name if c.action else None for c in a.clauses]


# -- clauses -------------------------------------------------------------------------------

def test_the_example_of_the_issue():
    a = ability("When this creature enters, draw a card and each opponent loses 2 life until end of turn.")
    assert a.trigger.word == "when" and a.trigger.event == "enter"
    assert a.trigger.clause.subject.self_ref and "603.6a" in a.trigger.rules
    draw, lose = a.clauses
    assert draw.action.name == "draw" and draw.action.rules == ("121.1",) and draw.amount == "a"
    assert draw.zone_from.zone == "library" and draw.zone_from.implied and draw.zone_to.zone == "hand"
    assert lose.action.name == "lose-life" and lose.amount == "2" and lose.action.rules == ("119.3",)
    assert isinstance(lose.subject, PlayerRef) and lose.subject.who == "opponent" and lose.subject.quantifier == "each"
    assert lose.duration.kind == "end-of-turn" and "514.2" in lose.duration.rules
    assert draw.duration is None


def test_objects_with_their_filters():
    (c,) = ability("Destroy target nonland permanent an opponent controls.").clauses
    (o,) = c.objects
    assert c.action.name == "destroy" and c.action.keyword_action and c.action.rules == ("701.8",)
    assert o.determiner == "target" and o.noun == "permanent" and "nonland" in o.types
    assert o.controller == "opponent" and o.rules == ("115.1",)
    assert c.zone_from.zone == "battlefield" and c.zone_to.zone == "graveyard"


def test_zones_from_and_to():
    (c,) = ability("Return target creature card from your graveyard to the battlefield.").clauses
    assert c.action.name == "return"
    assert (c.zone_from.zone, c.zone_from.owner, c.zone_from.implied) == ("graveyard", "you", False)
    assert c.zone_to.zone == "battlefield"
    (c,) = ability("Put target creature on the bottom of its owner's library.").clauses
    assert c.zone_to.zone == "library" and c.zone_to.owner == "owner" and "400.3" in c.zone_to.rules


def test_search_reveal_put_shuffle():
    a = ability("Search your library for up to two basic land cards, reveal them, put them into your hand, then shuffle.")
    assert actions(a) == ["search", "reveal", "put", "shuffle"]
    search = a.clauses[0]
    assert search.zone_from.zone == "library" and search.objects[0].count == "two"
    assert all(r.antecedent.text == "up to two basic land cards" for r in a.references)


def test_counters_amounts_and_pt():
    a = ability("Put two +1/+1 counters on target creature. Put a lore counter on this Saga.")
    first, second = a.clauses
    assert first.action.name == "put-counter" and (first.amount, first.counter) == ("two", "+1/+1")
    assert second.counter == "lore" and second.objects[0].self_ref


def test_subjects_modals_and_negation():
    a = ability("Enchanted creature can't attack or block.")
    assert actions(a) == ["attack", "block"]
    assert all(c.negated and c.subject.text == "Enchanted creature" for c in a.clauses)
    (c,) = ability("You may draw a card.").clauses
    assert c.optional and c.subject.who == "you"


def test_conditions():
    a = ability("At the beginning of your end step, if you gained life this turn, draw a card.")
    assert a.trigger.event == "beginning-of" and a.trigger.step == "end-step" and a.trigger.step_owner == "you"
    assert a.trigger.condition.kind == "intervening-if" and a.trigger.condition.rules == ("603.4",)
    (c,) = ability("Counter target spell unless its controller pays {3}.").clauses
    assert c.conditions[0].kind == "unless" and c.conditions[0].rules == ("118.12a",)
    (c,) = ability("Creatures you control get +1/+1 as long as you control an artifact.").clauses
    assert c.conditions[0].kind == "as-long-as"


def test_a_state_is_a_clause_too():
    a = ability("Until end of turn, this land becomes a 3/3 creature. It's still a land.")
    becomes, state = a.clauses
    assert becomes.action.name == "become" and becomes.duration.kind == "end-of-turn"
    assert becomes.subject.self_ref
    assert state.action.name == "be"
    (ref,) = [r for r in a.references if r.text == "It"]
    assert ref.antecedent.text == "this land"


def test_modes_and_granted_abilities():
    a = ability("Choose one —\n• Draw a card.\n• Create a 1/1 white Spirit creature token with flying.")
    assert [c.mode for c in a.clauses] == [None, 0, 1]
    assert actions(a) == ["choose", "draw", "create"]
    p = parse('Equipped creature gets +1/+1 and has "Whenever this creature attacks, scry 1."\nEquip {2}')
    top = p.abilities[0]
    gets, has = top.clauses
    assert gets.action.name == "modify-pt" and has.action.name == "gain-ability" and has.granted == [0]
    granted = top.granted[0]
    assert granted.trigger.event == "attack" and actions(granted) == ["scry"]


# -- triggers, costs, restrictions -------------------------------------------------------------

@pytest.mark.parametrize("text, event", [
    ("Whenever another creature you control dies, scry 1.", "die"),
    ("Whenever you cast a noncreature spell, scry 1.", "cast"),
    ("Whenever this creature deals combat damage to a player, draw a card.", "deal-damage"),
    ("When this creature leaves the battlefield, draw a card.", "leave"),
    ("Whenever this creature or another Ally you control enters, scry 1.", "enter"),
    ("When you cycle this card, draw a card.", "cycle"),
])
def test_trigger_events(text, event):
    assert ability(text).trigger.event == event


def test_compound_subject_of_a_trigger():
    subject = ability("Whenever this creature or another Ally you control enters, scry 1.").trigger.clause.subject
    assert subject.self_ref and subject.alternatives[0].controller == "you"


def test_costs_and_restrictions():
    a = ability("{2}{G}, {T}, Sacrifice a creature: Draw X cards, where X is that creature's power. "
                "Activate only as a sorcery.")
    assert [(p.kind, p.rules) for p in a.cost] == [("mana", ("118.1",)), ("tap", ("107.5",)),
                                                   ("sacrifice", ("701.21",))]
    assert a.cost_objects[2].noun == "creature" and a.cost_objects[0] is None
    (r,) = a.restrictions
    assert r.kind == "sorcery-speed" and r.rules == ("602.5d",)
    (ref,) = a.references
    assert ref.kind == "that" and ref.antecedent.where == "cost"


# -- references -------------------------------------------------------------------------------

def test_pronouns_and_that():
    a = ability("Whenever a creature you control dies, return that card to its owner's hand.")
    that, its = a.references
    assert that.kind == "that" and that.antecedent.where == "trigger"
    assert its.antecedent.text == "that card"  # which is the trigger's creature


def test_linked_exile_across_abilities():
    p = parse("When this creature enters, exile target artifact an opponent controls until this creature leaves "
              "the battlefield.\n{1}: Cards exiled with this creature can't be cast this turn.")
    (ref,) = p.abilities[1].references
    assert ref.kind == "linked-exile" and ref.rules == ("607.2a",)
    assert ref.antecedent.where == "ability" and ref.antecedent.ability == 0


def test_chosen_value():
    p = parse("As this creature enters, choose a creature type.\nCreatures you control of the chosen type get +1/+1.")
    (ref,) = p.abilities[1].references
    assert ref.kind == "chosen" and ref.antecedent.ability == 0 and ref.rules == ("607.2d",)
    lonely = parse("Creatures you control of the chosen type get +1/+1.").abilities[0].references[0]
    assert lonely.kind == "chosen" and not lonely.resolved


def test_keyword_conditions():
    p = parse("Kicker {2}{R}\nDestroy target creature. If this spell was kicked, draw a card.",
              type_line="Sorcery")
    (ref,) = [r for r in p.abilities[1].references if r.kind == "keyword"]
    assert ref.needs == "keyword:kicked" and ref.antecedent.where == "keyword" and ref.rules == ("702.33d",)
    missing = parse("Destroy target creature. If this spell was kicked, draw a card.", type_line="Sorcery")
    assert not [r for r in missing.abilities[0].references if r.kind == "keyword"][0].resolved


def test_a_declared_keyword_answers_its_condition():
    from linter import tables

    tables.extend([{"name": "Infuse", "parameter": "cost", "kind": "static"}])
    try:
        p = parse("Infuse {2}\nDraw a card. If this spell was infused, draw another card.", type_line="Sorcery")
        refs = [r for a in p.walk() for r in a.references if r.kind == "keyword"]
        assert refs and refs[0].resolved and refs[0].antecedent.text.startswith("Infuse")
    finally:
        tables.reset_extensions()


def test_if_you_do_and_when_you_do():
    a = ability("When this creature enters, you may pay {2}. If you do, draw a card.")
    (done,) = [r for r in a.references if r.kind == "done"]
    assert done.antecedent.text == "you may pay {2}" and done.rules == ("118.12",)
    a = ability("When this creature enters, you may sacrifice a creature. When you do, draw two cards.")
    (reflexive,) = [r for r in a.references if r.kind == "reflexive"]
    assert reflexive.resolved and reflexive.rules == ("603.12",)


def test_the_revealed_cards_and_this_way():
    a = ability("Reveal the top three cards of your library. Put the revealed cards into your hand.")
    (ref,) = [r for r in a.references if r.kind == "linked-reveal"]
    assert ref.antecedent.clause == 0
    a = ability("Destroy up to two target creatures. Their controllers each create a 1/1 token for each creature "
                "destroyed this way.")
    (ref,) = [r for r in a.references if r.kind == "this-way"]
    assert ref.antecedent.clause == 0


def test_an_unintroduced_that_creature_is_unresolved():
    (ref,) = ability("That creature gets +2/+2 until end of turn.").references
    assert ref.kind == "that" and not ref.resolved


def test_it_in_a_granted_ability_is_the_object_that_has_it():
    p = parse('Creatures you control have "Whenever this creature attacks, it gets +1/+0."')
    granted = p.abilities[0].granted[0]
    assert granted.references == [] or all(r.resolved for r in granted.references)


# -- the parse around it ---------------------------------------------------------------------------

def test_the_vocabulary_and_the_meaning_are_read_once_on_first_use():
    p = parse("Draw a card.")
    assert p._vocabulary_pending and p._marks is None
    assert p.abilities[0].phrases[0].text == "Draw"
    assert not p._vocabulary_pending and p._marks is not None
    first = p.abilities[0].clauses
    assert p._marks is None and p.abilities[0].clauses is first


def test_the_vocabulary_in_the_batch_is_the_vocabulary_on_demand():
    from linter.model import Card, Face
    from linter.nlp import parse_faces

    text = "Whenever Gravel Warden attacks, each opponent loses 1 life and you draw a card."
    faces = [Face(name="Gravel Warden", oracle_text=text) for _ in range(2)]
    parse_faces([(faces[0], Card(name="Gravel Warden", faces=[faces[0]]))], vocabulary=True)
    parse_faces([(faces[1], Card(name="Gravel Warden", faces=[faces[1]]))])
    assert not faces[0].parsed._vocabulary_pending and faces[1].parsed._vocabulary_pending
    eager, lazy = (f.parsed for f in faces)
    assert eager.phrases == lazy.phrases and eager.abilities[0].phrases == lazy.abilities[0].phrases
    assert [c.text for c in eager.abilities[0].clauses] == [c.text for c in lazy.abilities[0].clauses]


def test_masked_text_blanks_reminders_and_granted_abilities():
    p = parse('Flying (It can fly.)\nEnchanted creature has "{T}: Draw a card."')
    assert p.masked.startswith("Flying ") and "fly" not in p.masked and "Draw" not in p.masked
    assert len(p.masked) == len(p.text) and p.masked.count("\n") == p.text.count("\n")
    assert p.quotes and p.reminders


def test_parse_json_shows_the_structure():
    from click.testing import CliRunner

    from linter.cli import main

    result = CliRunner().invoke(main, ["parse", "--format", "json", "--text",
                                       "When this creature enters, draw a card and each opponent loses 2 life "
                                       "until end of turn."])
    assert result.exit_code == 0, result.output
    (a,) = json.loads(result.output)["cards"][0]["faces"][0]["abilities"]
    assert a["trigger"]["event"] == "enter"
    assert [c["action"]["name"] for c in a["clauses"]] == ["draw", "lose-life"]
    assert a["clauses"][1]["subject"]["type"] == "player"
    assert a["clauses"][1]["duration"]["rules"] == ["500.5b", "514.2", "611.2a"]
    assert {"label", "text", "start", "end", "rules", "terms"} <= set(a["phrases"][0])


def test_parse_text_view_shows_the_clauses():
    from click.testing import CliRunner

    from linter.cli import main

    result = CliRunner().invoke(main, ["parse", "--text", "Whenever a creature you control dies, return that card "
                                                          "to its owner's hand."])
    out = result.output
    assert "trigger: whenever die" in out and "clause: return [CR 400.6]" in out
    assert "reference (that) 'that card' -> trigger: 'a creature you control'" in out
