"""The NLP pipeline on invented card texts: tokens, abilities, costs, mana abilities."""

from __future__ import annotations

import subprocess
import sys

import pytest

from linter.model import Card, Face, ParsedText
from linter.nlp import get_pipeline, parse_faces, parse_text


def kinds(parsed: ParsedText) -> list[str]:
    return [a.kind for a in parsed.abilities]


def only(parsed: ParsedText, kind: str | None = None):
    assert len(parsed.abilities) == 1, [(a.kind, a.text) for a in parsed.abilities]
    a = parsed.abilities[0]
    if kind:
        assert a.kind == kind, (a.kind, a.text)
    return a


def texts(parsed: ParsedText, spans) -> list[str]:
    return [parsed.text[s:e] for s, e in spans]


# Tokenizer ----------------------------------------------------------------

def tokens(nlp, text: str) -> list[str]:
    return [t.text for t in nlp.make_doc(text)]


@pytest.mark.parametrize("symbol", [
    "{T}", "{Q}", "{2/W}", "{G/P}", "{W/U/P}", "{X}", "{E}", "{S}", "{C}", "{100}", "{∞}", "{½}",
    "{TK}", "{PW}", "{CHAOS}",
])
def test_symbols_are_single_tokens(nlp, symbol):
    assert tokens(nlp, f"Pay {symbol}, then draw.") == ["Pay", symbol, ",", "then", "draw", "."]
    assert symbol in tokens(nlp, f"{{1}}{symbol}{{G}}: Draw a card.")


def test_symbol_runs_split_into_symbols(nlp):
    assert tokens(nlp, "{2}{G}{G}, {T}: Add {C}{C}.") == [
        "{2}", "{G}", "{G}", ",", "{T}", ":", "Add", "{C}", "{C}", "."]


@pytest.mark.parametrize("cost", ["+1:", "−2:", "-X:", "0:", "[+1]:", "+10:", "−X:"])
def test_loyalty_costs_are_single_tokens(nlp, cost):
    assert tokens(nlp, f"{cost} Draw a card.")[0] == cost


@pytest.mark.parametrize("pt", ["+1/+1", "-1/-1", "+X/+0", "−2/−2", "+0/+3"])
def test_power_toughness_changes_are_single_tokens(nlp, pt):
    assert pt in tokens(nlp, f"Target creature gets {pt} until end of turn.")
    assert pt in tokens(nlp, f"Put a {pt} counter on it.")


def test_dashes_and_bullets(nlp):
    assert tokens(nlp, "Ward—Pay 2 life.")[:3] == ["Ward", "—", "Pay"]
    assert tokens(nlp, "Choose one —• Draw a card.")[:4] == ["Choose", "one", "—", "•"]
    assert tokens(nlp, "Landfall — Whenever")[1] == "—"


def test_glued_lines_split_into_tokens(nlp):
    assert tokens(nlp, "Flying, vigilanceWhen it dies")[2:4] == ["vigilance", "When"]


def test_english_rules_kept(nlp):
    assert tokens(nlp, "can't be blocked.") == ["ca", "n't", "be", "blocked", "."]


def test_pipeline_is_built_once():
    assert get_pipeline() is get_pipeline()
    nlp = get_pipeline()
    assert nlp.pipe_names == ["oracle_self", "oracle_abilities", "oracle_rule_refs"]
    assert not nlp.has_pipe("ner") and not nlp.meta.get("vectors", {}).get("width")


def test_import_does_not_load_spacy():
    code = "import sys, linter.nlp; print('spacy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# Ability kinds ------------------------------------------------------------

def test_activated_mana_ability():
    a = only(parse_text("{T}: Add {G}.", name="Grove Tender", type_line="Creature — Elf Druid"), "activated")
    assert [(c.kind, c.text) for c in a.cost] == [("tap", "{T}")]
    assert a.adds_mana and a.mana_ability and not a.has_target
    assert "602.1" in a.rules and "605.1a" in a.rules
    assert a.text[a.effect_start - a.start:] == "Add {G}."


def test_triggered():
    p = parse_text("Whenever a creature you control dies, you gain 1 life.", type_line="Enchantment")
    a = only(p, "triggered")
    assert "603.1" in a.rules
    assert p.text[a.effect_start:] == "you gain 1 life."


@pytest.mark.parametrize("opener", ["When", "Whenever", "At"])
def test_trigger_words(opener):
    p = parse_text(f"{opener} the beginning of your upkeep, draw a card.", type_line="Artifact")
    assert kinds(p) == ["triggered"]


def test_loyalty_abilities():
    p = parse_text("+1: Scry 1.\n−2: Destroy target creature.\n0: Draw a card.\n-X: Mill X cards.",
                   name="Vessa, Glass Oracle", type_line="Legendary Planeswalker — Vessa")
    assert kinds(p) == ["loyalty"] * 4
    assert [a.cost[0].text for a in p.abilities] == ["+1", "−2", "0", "-X"]
    assert all(c.kind == "loyalty" for a in p.abilities for c in a.cost)
    assert all("606.2" in a.rules for a in p.abilities)
    assert p.abilities[1].has_target and not p.abilities[0].has_target


def test_loyalty_ability_that_adds_mana_is_not_a_mana_ability():
    a = only(parse_text("+1: Add {R}{R}.", type_line="Planeswalker — Vessa"), "loyalty")
    assert a.adds_mana and not a.mana_ability


def test_bracketed_loyalty_cost():
    a = only(parse_text("[+1]: Draw a card.", type_line="Planeswalker — Vessa"), "loyalty")
    assert a.cost[0].text == "[+1]"


def test_saga_chapters():
    text = ("(As this Saga enters and after your draw step, add a lore counter.)\n"
            "I — Add {R}{R}.\nII, III — Create a 1/1 red Goblin creature token.")
    p = parse_text(text, name="The Ember Tale", type_line="Enchantment — Saga")
    assert kinds(p) == ["chapter", "chapter"]
    assert [a.chapters for a in p.abilities] == [(1,), (2, 3)]
    first = p.abilities[0]
    assert first.adds_mana and not first.mana_ability  # a chapter ability uses the stack
    assert "714.2" in first.rules
    assert texts(p, p.reminders) == [text.split("\n")[0]]


def test_chapter_iv():
    p = parse_text("IV — Draw a card.", type_line="Enchantment — Saga")
    assert p.abilities[0].chapters == (4,)


def test_static_and_spell():
    p = parse_text("Creatures you control get +1/+0.", type_line="Enchantment")
    assert kinds(p) == ["static"]
    assert "604.1" in p.abilities[0].rules
    p = parse_text("Draw two cards.\nThis spell costs {1} less to cast if you control a Wizard.",
                   type_line="Sorcery")
    assert kinds(p) == ["spell", "static"]
    assert "113.3a" in p.abilities[0].rules


def test_level_up_blocks():
    text = ("Level up {2}{U} ({2}{U}: Put a level counter on this. Level up only as a sorcery.)\n"
            "LEVEL 1-3\n2/4\nFlying\nLEVEL 4+\n4/6\nFlying\n{T}: Tap target creature.")
    p = parse_text(text, type_line="Creature — Merfolk Wizard")
    assert kinds(p) == ["keyword", "level", "keyword", "level", "keyword", "activated"]
    assert p.abilities[0].keyword == "Level up"
    assert [a.parameter for a in p.abilities if a.kind == "level"] == ["1-3", "4+"]
    assert "711.2" in p.abilities[1].rules


def test_class_levels():
    text = ("Creatures you control have vigilance.\n"
            "{1}{W}: Level 2\nWhenever a creature you control attacks, it gets +1/+0 until end of turn.\n"
            "{3}{W}: Level 3\nCreatures you control get +1/+1.")
    p = parse_text(text, type_line="Enchantment — Class")
    assert kinds(p) == ["static", "activated", "triggered", "activated", "static"]
    assert "716.2a" in p.abilities[1].rules
    assert not p.abilities[1].mana_ability


def test_station():
    p = parse_text("Station (reminder.)\nSTATION 8+\nFlying\n5/5", type_line="Artifact — Spacecraft")
    assert [a.kind for a in p.abilities][1:] == ["level", "keyword"]
    assert "721.2" in p.abilities[1].rules


def test_unknown_is_kept():
    p = parse_text("Flying\nthe rest of a broken line\nGrumbleforge 3", type_line="Creature — Bird")
    assert kinds(p) == ["keyword", "unknown", "unknown"]
    assert p.abilities[1].text == "the rest of a broken line"


# Keyword lines --------------------------------------------------------------

@pytest.mark.parametrize("line, expected", [
    ("Flying, vigilance", [("Flying", None), ("Vigilance", None)]),
    ("Flying; first strike", [("Flying", None), ("First strike", None)]),
    ("Ward {2}", [("Ward", "{2}")]),
    ("Ward—Pay 3 life.", [("Ward", "Pay 3 life")]),
    ("Equip {1}", [("Equip", "{1}")]),
    ("Equip—Pay 3 life.", [("Equip", "Pay 3 life")]),
    ("Protection from red", [("Protection", "from red")]),
    ("Protection from white and from blue", [("Protection", "from white and from blue")]),
    ("Swampwalk", [("Landwalk", None)]),
    ("Enchant creature you control", [("Enchant", "creature you control")]),
    ("Cycling {2}", [("Cycling", "{2}")]),
    ("Kicker {1}{G}", [("Kicker", "{1}{G}")]),
    ("Toxic 2", [("Toxic", "2")]),
    ("Crew 3", [("Crew", "3")]),
    ("Affinity for artifacts", [("Affinity", "for artifacts")]),
    ("Partner with Quill, the Lost Scribe", [("Partner with", "Quill, the Lost Scribe")]),
    ("Morph—Reveal a green card in your hand.", [("Morph", "Reveal a green card in your hand")]),
    ("Deathtouch, lifelink, haste", [("Deathtouch", None), ("Lifelink", None), ("Haste", None)]),
])
def test_keyword_lines(line, expected):
    p = parse_text(line, type_line="Artifact Creature — Equipment Construct")
    assert kinds(p) == ["keyword"] * len(expected)
    assert [(a.keyword, a.parameter) for a in p.abilities] == expected
    assert all(a.rules and a.rules[0].startswith("702.") for a in p.abilities)


def test_keyword_reminder_text_belongs_to_the_keyword():
    line = "Flying, ward {1} (Whenever this becomes the target of a spell, counter it unless its controller pays {1}.)"
    p = parse_text(line, type_line="Creature — Drake")
    flying, ward = p.abilities
    assert flying.text == "Flying"
    assert ward.text.startswith("ward {1} (") and ward.end == len(line)
    assert texts(p, p.reminders)[0].startswith("(Whenever")
    # a keyword line's reminder text is no ability of its own, and its words are no target
    assert not ward.has_target and len(p.abilities) == 2


def test_keyword_cost_parts():
    p = parse_text("Equip—Sacrifice a creature.", type_line="Artifact — Equipment")
    assert [(c.kind, c.text) for c in p.abilities[0].cost] == [("sacrifice", "Sacrifice a creature")]
    p = parse_text("Equip {2}{B}", type_line="Artifact — Equipment")
    assert [(c.kind, c.text) for c in p.abilities[0].cost] == [("mana", "{2}{B}")]


def test_a_sentence_starting_with_a_keyword_is_not_a_keyword_line():
    p = parse_text("Flying creatures you control get +1/+1.", type_line="Enchantment")
    assert kinds(p) == ["static"]
    p = parse_text("Equip abilities you activate cost {1} less to activate.", type_line="Artifact")
    assert kinds(p) == ["static"]


def test_keyword_with_a_following_sentence():
    a = only(parse_text("Equip {3}. This ability costs {1} less to activate for each Knight you control.",
                        type_line="Artifact — Equipment"), "keyword")
    assert (a.keyword, a.parameter) == ("Equip", "{3}")


def test_keyword_label_before_an_ability():
    a = only(parse_text("Exhaust — {2}{G}, {T}: Add three mana of any one color.", type_line="Artifact"),
             "activated")
    assert a.keyword == "Exhaust" and a.mana_ability
    a = only(parse_text("Max speed — This creature has flying.", type_line="Creature — Goblin"), "static")
    assert a.keyword == "Max speed"


# Ability words ----------------------------------------------------------------

def test_ability_word_kept_on_the_ability():
    a = only(parse_text("Landfall — Whenever a land you control enters, you gain 2 life.",
                        type_line="Creature — Cat"), "triggered")
    assert a.ability_word == "Landfall"
    assert "207.2c" in a.rules and "603.1" in a.rules
    assert a.start == 0


def test_flavor_words():
    p = parse_text("Fathomless descent — This creature gets +1/+0 for each card in your graveyard.\n"
                   "To solve — You control three creatures.\nSolved — {T}: Draw a card.",
                   type_line="Enchantment — Case")
    assert p.abilities[0].ability_word == "Fathomless descent"
    to_solve = p.abilities[1]
    assert (to_solve.kind, to_solve.keyword, to_solve.ability_word) == ("triggered", "To solve", None)
    assert "719.3a" in to_solve.rules
    assert p.abilities[2].kind == "activated" and p.abilities[2].keyword == "Solved"


def test_a_sentence_before_a_dash_is_no_label():
    a = only(parse_text("Each opponent faces a villainous choice — They lose 3 life, or you draw a card.",
                        type_line="Sorcery"), "spell")
    assert a.ability_word is None


def test_ability_word_with_a_hyphen_for_a_dash():
    a = only(parse_text("Landfall - Whenever a land you control enters, scry 1.", type_line="Creature"), "triggered")
    assert a.ability_word == "Landfall"


def test_flavor_word_before_a_keyword():
    a = only(parse_text("Moonblade — Equip {4}", type_line="Artifact — Equipment"), "keyword")
    assert (a.keyword, a.ability_word, a.parameter) == ("Equip", "Moonblade", "{4}")


# Modes -----------------------------------------------------------------------------

def test_modal_spell_is_one_ability_with_modes():
    text = "Choose one —\n• Draw a card.\n• Destroy target artifact."
    a = only(parse_text(text, type_line="Instant"), "spell")
    assert texts(parse_text(text), a.modes) == ["• Draw a card.", "• Destroy target artifact."]
    assert a.end == len(text) and a.has_target and "700.2" in a.rules


def test_modal_triggered_ability_glued():
    text = "FlyingWhen this creature dies, choose one —• Draw a card.• Create a Treasure token."
    p = parse_text(text, type_line="Creature — Spirit")
    assert kinds(p) == ["keyword", "triggered"]
    assert len(p.abilities[1].modes) == 2


def test_spree_and_pawprint_modes():
    p = parse_text("Spree\n+ {1} — Draw a card.\n+ {2} — Destroy target creature.", type_line="Sorcery")
    assert kinds(p) == ["keyword", "spell"]
    assert len(p.abilities[1].modes) == 2
    p = parse_text("Choose up to three {P} worth of modes.\n{P} — Draw a card.\n{P}{P} — Gain 4 life.",
                   type_line="Sorcery")
    assert kinds(p) == ["spell"] and len(p.abilities[0].modes) == 2


# Reminder text ---------------------------------------------------------------

def test_reminder_only_line_is_no_ability():
    text = "(This land is every basic land type.)\n{T}: Add {C}."
    p = parse_text(text, type_line="Land")
    assert kinds(p) == ["activated"]
    assert texts(p, p.reminders) == ["(This land is every basic land type.)"]
    assert p.in_reminder(3, 8)


def test_target_in_reminder_text_does_not_count():
    a = only(parse_text("{T}: Add {G}. (Spend it on any target you like.)", type_line="Land"))
    assert not a.has_target and a.mana_ability


# Costs -----------------------------------------------------------------------

def test_cost_parts():
    text = ("{2}{B}, {T}, {Q}, Sacrifice a creature, Discard a card, Pay 2 life, Exile a card from your "
            "graveyard, Remove three charge counters from this artifact, Tap two untapped Goblins you control, "
            "Reveal a card from your hand: Draw a card.")
    a = only(parse_text(text, type_line="Artifact"), "activated")
    assert [c.kind for c in a.cost] == [
        "mana", "tap", "untap", "sacrifice", "discard", "life", "exile", "counters", "tap-creatures", "other"]
    assert all(text[c.start:c.end] == c.text for c in a.cost)


def test_energy_is_no_mana():
    a = only(parse_text("{E}{E}: This creature gets +1/+1 until end of turn.", type_line="Creature"))
    assert [c.kind for c in a.cost] == ["other"]


# Mana abilities (CR 605) --------------------------------------------------------

@pytest.mark.parametrize("text", [
    "{T}: Add {G}.",
    "{T}: Add one mana of any color.",
    "{T}: Add {C}{C}.",
    "{1}, {T}: Add an amount of {G} equal to your devotion to green.",
    "Sacrifice this creature: Add X mana of any one color, where X is its power.",
    "{T}, Pay 1 life: Add {B}.",
])
def test_activated_mana_abilities(text):
    a = only(parse_text(text, type_line="Creature — Elf"), "activated")
    assert a.adds_mana and a.mana_ability


@pytest.mark.parametrize("text", [
    "{T}: Add {R}. This ability deals 1 damage to target player.",  # a target
    "{T}: Draw a card.",  # no mana
    "{T}: Put a +1/+1 counter on target creature.",
    "{2}: Add a lore counter to this Saga.",
])
def test_activated_abilities_that_are_not_mana_abilities(text):
    a = only(parse_text(text, type_line="Artifact"), "activated")
    assert not a.mana_ability


def test_triggered_mana_abilities():
    a = only(parse_text("Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",
                        type_line="Enchantment — Aura"), "triggered")
    assert a.adds_mana and a.mana_ability and "605.1b" in a.rules
    a = only(parse_text("Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
                        type_line="Enchantment"), "triggered")
    assert a.mana_ability


def test_triggered_abilities_that_add_mana_but_are_not_mana_abilities():
    a = only(parse_text("Whenever you cast a spell, add {R}.", type_line="Creature"), "triggered")
    assert a.adds_mana and not a.mana_ability
    a = only(parse_text("Whenever a land is tapped for mana, add {G} and this deals 1 damage to target player.",
                        type_line="Enchantment"), "triggered")
    assert not a.mana_ability


def test_static_ability_is_never_a_mana_ability():
    a = only(parse_text("If you would add mana, add twice that much instead.", type_line="Enchantment"))
    assert a.kind == "static" and not a.mana_ability


# Granted abilities ---------------------------------------------------------------

def test_token_with_a_quoted_mana_ability():
    text = 'When this enters, create a 0/1 green Plant creature token with "{T}: Add {G}."'
    p = parse_text(text, type_line="Creature — Elf")
    a = only(p, "triggered")
    assert not a.mana_ability
    (g,) = a.granted
    assert g.kind == "activated" and g.mana_ability
    assert text[g.start:g.end] == "{T}: Add {G}."
    assert [c.text for c in g.cost] == ["{T}"] and g.cost[0].start == text.index("{T}")


def test_granted_triggered_ability():
    p = parse_text('Equipped creature has "Whenever this creature deals combat damage to a player, draw a card."',
                   type_line="Artifact — Equipment")
    (g,) = p.abilities[0].granted
    assert g.kind == "triggered" and "603.1" in g.rules


def test_two_granted_abilities():
    p = parse_text('Enchanted land has "{T}: Add {B}." and "{1}, {T}: Draw a card."', type_line="Enchantment — Aura")
    assert [(g.kind, g.mana_ability) for g in p.abilities[0].granted] == [("activated", True), ("activated", False)]


def test_target_inside_a_quote_belongs_to_the_granted_ability():
    text = 'Target creature gains "{T}: This creature deals 1 damage to any target." until end of turn.'
    p = parse_text(text, type_line="Instant")
    a = only(p, "spell")
    assert a.has_target  # "Target creature" of the spell itself
    text2 = 'Creatures you control have "{T}: Tap target artifact."'
    a2 = only(parse_text(text2, type_line="Enchantment"), "static")
    assert not a2.has_target and a2.granted[0].has_target


def test_quoted_words_are_no_abilities():
    a = only(parse_text('Choose a creature type other than "Wall".', type_line="Sorcery"))
    assert a.granted == []


# Self-reference ------------------------------------------------------------------

def test_self_references():
    text = ("When Moss Grazer enters, this creature fights up to one target creature. "
            "~ deals 1 damage to CARDNAME. Sacrifice this permanent. It can't be the target of this turn's spells.")
    p = parse_text(text, name="Moss Grazer", type_line="Creature — Beast")
    assert texts(p, p.self_refs) == ["Moss Grazer", "this creature", "~", "CARDNAME", "this permanent"]


def test_legendary_short_name():
    text = "Whenever Terra attacks, Terra, Magical Adept gets +1/+0. Terra's power can't be lowered."
    p = parse_text(text, name="Terra, Magical Adept", type_line="Legendary Creature — Human Wizard")
    assert texts(p, p.self_refs) == ["Terra", "Terra, Magical Adept", "Terra"]


def test_short_name_only_for_legendaries():
    p = parse_text("Whenever Brine Walker attacks, each Brine gains flying.", name="Brine Walker",
                   type_line="Creature — Merfolk")
    assert texts(p, p.self_refs) == ["Brine Walker"]


@pytest.mark.parametrize("name, short", [
    ("Isshin, Two Heavens as One", "Isshin"),
    ("Gandalf the Grey", "Gandalf"),
    ("Rograkh, Son of Rohgahh", "Rograkh"),
])
def test_short_name_forms(name, short):
    p = parse_text(f"When {short} enters, draw a card.", name=name, type_line="Legendary Creature — Human")
    assert texts(p, p.self_refs) == [short]


def test_this_subtype():
    p = parse_text("Sacrifice this Saga. Exile this Equipment. Return this card to your hand. This turn, draw.",
                   type_line="Enchantment — Saga")
    assert texts(p, p.self_refs) == ["this Saga", "this Equipment", "this card"]


def test_names_are_not_split_as_glued_lines():
    text = "Whenever Rin DeMarco attacks, draw a card.Flying"
    p = parse_text(text, name="Rin DeMarco", type_line="Legendary Creature — Human")
    assert kinds(p) == ["triggered", "keyword"]
    assert p.abilities[0].text == "Whenever Rin DeMarco attacks, draw a card."


# Glued lines (exports that drop line breaks) ----------------------------------------

def test_glued_lines_are_split():
    text = ("Vigilance (Attacking doesn't cause this creature to tap.)When this creature enters, scry 1."
            "{T}: Add {W}.+1: Nothing.")
    p = parse_text(text, type_line="Creature — Human")
    assert kinds(p) == ["keyword", "triggered", "activated", "loyalty"]
    assert p.abilities[0].text.endswith("tap.)")


# Phrases with rules -------------------------------------------------------------------

def test_phrases_and_rules():
    text = "{T}: Add {G}{G}. Activate only as a sorcery.\nWhen this creature dies, transform it."
    p = parse_text(text, type_line="Creature — Elf")
    got = {(ph.text, ph.rules) for ph in p.phrases}
    assert ("{T}", ("107.5",)) in got
    assert ("Add {G}{G}", ("106.1", "605.1a")) in got
    assert ("dies", ("700.4",)) in got
    assert ("transform", ("701.27",)) in got
    assert ("Activate only as a sorcery", ("602.5d",)) in got
    first, second = p.abilities
    assert {"{T}", "Add {G}{G}", "Activate only as a sorcery"} <= {ph.text for ph in first.phrases}
    assert "dies" not in {ph.text for ph in first.phrases}
    assert "dies" in {ph.text for ph in second.phrases}


def test_keyword_and_mana_value_phrases():
    p = parse_text("Creatures with haste you control with mana value X or less get +1/+1.", type_line="Enchantment")
    got = {ph.text.lower(): ph.rules for ph in p.phrases}
    assert got["haste"] == ("702.10",)
    assert got["mana value"] == ("202.3",)
    assert got["x"] == ("107.3",)


def test_phrases_in_reminder_text_stay_out_of_abilities():
    p = parse_text("Flying (This creature can't be blocked except by creatures with flying or reach.)",
                   type_line="Creature")
    assert {ph.text.lower() for ph in p.abilities[0].phrases} == {"flying"}
    assert "reach" in {ph.text.lower() for ph in p.phrases}


def test_loyalty_cost_phrase():
    p = parse_text("−3: Exile target creature.", type_line="Planeswalker — Vessa")
    assert any(ph.label == "LOYALTY_COST" and "606.2" in ph.rules for ph in p.abilities[0].phrases)


# parse_faces ---------------------------------------------------------------------------

def test_parse_faces_sets_every_face():
    front = Face(name="Ash Wanderer", type_line="Creature — Human", oracle_text="When Ash Wanderer enters, draw a card.")
    back = Face(name="Ash Tyrant", type_line="Creature — Horror", oracle_text="Whenever Ash Wanderer attacks, scry 1.")
    empty = Face(name="Plain Bear", type_line="Creature — Bear", oracle_text="")
    none = Face(name="Blank", type_line="Creature", oracle_text=None)
    card = Card(name="Ash Wanderer // Ash Tyrant", faces=[front, back])
    parse_faces([(front, card), (back, card), (empty, Card(faces=[empty])), (none, Card(faces=[none]))])
    assert kinds(front.parsed) == ["triggered"]
    assert texts(back.parsed, back.parsed.self_refs) == ["Ash Wanderer"]  # the other face's name
    assert empty.parsed.abilities == [] and none.parsed.abilities == []
    assert none.parsed.text == ""


def test_parsed_text_holds_no_spacy_objects():
    from spacy.tokens import Doc, Span, Token

    face = Face(name="Probe", type_line="Creature", oracle_text='{T}: Add {G}.\nFlying\nWhen this dies, create a token with "{T}: Add {C}."')
    parse_faces([(face, Card(faces=[face]))])

    def walk(obj, depth=0):
        assert not isinstance(obj, (Doc, Span, Token)), obj
        if depth > 6:
            return
        if isinstance(obj, (list, tuple)):
            for x in obj:
                walk(x, depth + 1)
        elif hasattr(obj, "__slots__") or hasattr(obj, "__dict__"):
            for name in getattr(obj, "__slots__", ()) or vars(obj):
                walk(getattr(obj, name), depth + 1)

    walk(face.parsed)


def test_offsets_point_into_the_text():
    text = "Flash\n{1}{U}, {T}: Tap target creature.\nLandfall — Whenever a land you control enters, draw a card."
    p = parse_text(text, type_line="Creature")
    for a in p.walk():
        assert text[a.start:a.end] == a.text
        for c in a.cost:
            assert text[c.start:c.end] == c.text
    for ph in p.phrases:
        assert text[ph.start:ph.end] == ph.text


def test_bad_input_does_not_crash():
    for text in ["(", ")", '"', "—", "•", ":", "{", "}{", "{T", "+1:", "I —", "LEVEL", "\n\n\n", "((x)", '"a" "b']:
        parse_text(text, type_line=None)


def test_overlapping_names_of_one_length_are_taken_in_the_order_given():
    from linter.nlp.selfref import find_names

    # the set's order of two names would depend on the run's string hashing
    assert find_names("Ash Vow Elm", ["Ash Vow", "Vow Elm"], []) == [(0, 7)]
    assert find_names("Ash Vow Elm", ["Vow Elm", "Ash Vow"], []) == [(4, 11)]
