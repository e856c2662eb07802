"""SET001: two different cards with the same name in one set."""

from __future__ import annotations

import functools
import re
from typing import Iterable

from linter.catalogue import load
from linter.checks._chars import face_subtypes, face_type_lines
from linter.checks._sets import sets_of
from linter.checks.api import mask, reminder_spans
from linter.checks.base import Check, Hit
from linter.model import Card, Face

_SPACE = re.compile(r"\s+")
_FIELDS = (("mana_cost", "mana cost"), ("type_line", "type line"), ("oracle_text", "rules text"),
           ("power", "power"), ("toughness", "toughness"), ("loyalty", "loyalty"), ("defense", "defense"))


def name_key(name: str) -> str:
    """A name as compared: runs of white space as one space, none at the ends (str.split reads
    as white space what ``\\s`` does, without a pattern), the curly apostrophe as the
    straight one, case folded."""
    return " ".join(name.replace("’", "'").split()).casefold()


def _value(face: Face, attr: str) -> str | None:
    value = getattr(face, attr)
    if value is None:
        return None
    if attr == "type_line":
        # the same types written with another dash are the same card
        return " // ".join(" ".join(w.key for w in tl.head) + " | " + " ".join(w.key for w in tl.subtypes)
                           for tl in face_type_lines(face))
    if attr == "oracle_text":
        # a printing that leaves out reminder text (a promo, a full-art frame) is the same card
        value = mask(value, reminder_spans(value), "")
    text = value.replace("’", "'").replace("“", '"').replace("”", '"')
    return _SPACE.sub(" ", text).strip()


def differences(a: Card, b: Card) -> list[str]:
    """What differs between two cards, field by field (a field absent on either side
    is no difference)."""
    if len(a.faces) != len(b.faces):
        return ["number of faces"]
    out: list[str] = []
    for fa, fb in zip(a.faces, b.faces):
        for attr, label in _FIELDS:
            va, vb = _value(fa, attr), _value(fb, attr)
            if va is not None and vb is not None and va != vb and label not in out:
                out.append(label)
    return out


@functools.lru_cache(maxsize=None)
def _variants() -> tuple[frozenset[str], frozenset[str]]:
    data = load("set_level")
    return frozenset(data["variant_subtypes"]), frozenset(name_key(n) for n in data["variant_names"])


def printed_as_variants(card: Card) -> bool:
    """A card printed in several versions under one name on purpose (Attractions,
    Unstable's variant cards: rules_data/set_level.yaml)."""
    subtypes, names = _variants()
    return name_key(card.name or "") in names or any(face_subtypes(f) & subtypes for f in card.faces)


def where(card: Card) -> str:
    if card.loc is not None:
        return f"line {card.loc.position(0)[0]}"
    return "earlier in the set"


class DuplicateCardName(Check):
    """Two different cards of one set that have the same name.

    ## What it does
    Groups the cards of each set (the cards of a file that share a set code;
    a bulk Oracle file that names no set is no set) by name, ignoring case,
    spacing and the kind of apostrophe, and compares the cards of a group:
    mana cost, type line (whatever dash it uses), rules text (whatever line
    breaks and spacing, and without reminder text, which a promotional
    printing may leave out), power, toughness, loyalty and defense. Entries
    that agree are printings of one card (alternate art, showcase frames) and
    are fine. Where they disagree, the version most entries print is taken
    as the card, and each other version is reported once, on its first
    entry, naming what differs. Tokens and emblems are left out (many share
    a name), and so are cards printed in several versions under one name on
    purpose: Attractions and a few Un-set variant cards
    (rules_data/set_level.yaml).

    ## Why is this bad?
    A card's name is what the game and every card database identify it by
    (CR 201.2); two objects with the same name are the same for every rule
    and effect that checks names (CR 201.2a). Two different cards under one
    name are a renamed card's leftover, or a copy that was edited in one
    place only: a player cannot tell which version is meant.

    ## Example
    ```yaml
    - name: Ember Scout
      mana_cost: "{R}"
      type_line: Creature — Goblin Scout
      power: "1"
      toughness: "1"
    - name: Ember Scout
      mana_cost: "{1}{R}"
      type_line: Creature — Goblin Scout
      power: "2"
      toughness: "1"
    ```

    ## Use instead
    ```yaml
    - name: Ember Scout
      mana_cost: "{R}"
      type_line: Creature — Goblin Scout
      power: "1"
      toughness: "1"
    - name: Ember Outrider
      mana_cost: "{1}{R}"
      type_line: Creature — Goblin Scout
      power: "2"
      toughness: "1"
    ```

    ## Fix safety
    No automatic fix: rename one of the cards, or make the printings agree.
    """

    code = "SET001"
    name = "duplicate-card-name"
    category = "set"
    severity = "error"
    rules = ("201.2", "201.2a")
    scope = "set"
    message = "another card named {name!r} ({where}) has a different {what}"
    needs_parse = False

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        for group in sets_of(cards):
            yield from self._one_set(group)

    def _one_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        by_name: dict[str, list[tuple[int, Card]]] = {}
        for k, card in enumerate(cards):
            if not card.is_token and card.name and card.name.strip():
                by_name.setdefault(name_key(card.name), []).append((k, card))
        # most names are written once: what else leaves a card out is asked of the others only
        # (and their groups are taken in the order of their first card left in)
        named: list[list[tuple[int, Card]]] = []
        for written in by_name.values():
            if len(written) > 1:
                written = [(k, card) for k, card in written if not printed_as_variants(card)
                           and not any(f.has_type("Emblem") for f in card.faces)]
                if len(written) > 1:
                    named.append(written)
        named.sort(key=lambda written: written[0][0])
        for copies in ([card for _k, card in written] for written in named):
            # the version most copies print (on a tie, the first): the others diverge from it
            versions: list[list[Card]] = []
            for card in copies:
                for version in versions:
                    if not differences(version[0], card):
                        version.append(card)
                        break
                else:
                    versions.append([card])
            if len(versions) < 2:
                continue
            main = max(versions, key=len)
            ref = main[0]
            for version in versions:
                if version is main:
                    continue
                card = version[0]  # a divergent copy printed several times is reported once
                diff = differences(ref, card)
                what = ", ".join(diff[:-1]) + " and " + diff[-1] if len(diff) > 1 else diff[0]
                yield card, self.hit(face=0, field="name", name=card.name, where=where(ref), what=what)
