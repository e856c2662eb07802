"""LAY005: an adventurer or omen card whose faces are not one main face and one instant or sorcery spell face."""

from __future__ import annotations

import functools
from typing import Iterable

from linter.catalogue import load
from linter.checks.base import Check, Hit
from linter.model import Card


@functools.lru_cache(maxsize=1)
def _specs() -> dict[str, str]:
    """Subtype of an alternative spell face -> its rule (rules_data/layouts.yaml)."""
    return {e["subtype"]: e["rule"] for e in load("layouts")["spell_face_subtypes"]}


class AlternativeSpellFaceMalformed(Check):
    """An adventurer or omen card without one main face and one instant or sorcery Adventure (Omen) face.

    ## What it does
    On a card with a face of the Adventure or Omen spell type, checks the
    structure: exactly two faces; exactly one of them carries that spell
    type; that face is an instant or a sorcery. A card with the adventure
    layout and no such face is an error when neither face is an instant or a
    sorcery, and a note when its spell face carries another spell type (a
    set's own mechanic printed in the adventure frame, or a subtype left
    off).

    ## Why is this bad?
    An adventurer card's inset frame gives the alternative characteristics of
    an instant or sorcery Adventure spell, and the rest of the card its normal
    characteristics (CR 715.1, 715.2); omen cards work the same way with the
    Omen spell type (CR 720.2). Adventure and Omen are spell types, subtypes
    of instants and sorceries only (CR 205.3k). A card whose two faces are
    both Adventures, or whose Adventure is a creature, cannot be cast as
    either.

    ## Example
    ```yaml
    name: Hearth Giant // Stoke the Coals
    layout: adventure
    card_faces:
      - name: Hearth Giant
        mana_cost: "{4}{R}"
        type_line: Creature — Giant
        oracle_text: "Trample"
        power: "5"
        toughness: "4"
      - name: Stoke the Coals
        mana_cost: "{1}{R}"
        type_line: Creature — Adventure
        oracle_text: "Stoke the Coals deals 2 damage to any target."
    ```

    ## Use instead
    ```yaml
    name: Hearth Giant // Stoke the Coals
    layout: adventure
    card_faces:
      - name: Hearth Giant
        mana_cost: "{4}{R}"
        type_line: Creature — Giant
        oracle_text: "Trample"
        power: "5"
        toughness: "4"
      - name: Stoke the Coals
        mana_cost: "{1}{R}"
        type_line: Instant — Adventure
        oracle_text: "Stoke the Coals deals 2 damage to any target."
    ```

    ## Fix safety
    No automatic fix: only the designer knows which face is which.
    """

    code = "LAY005"
    name = "alternative-spell-face-malformed"
    category = "rules"
    severity = "error"
    rules = ("715.2", "720.2", "205.3k")
    #: a face with a spell type of ``spell_face_subtypes`` in rules_data/layouts.yaml, or
    #: the adventure layout: what it judges
    needs = ("type:Adventure", "type:Omen", "layout:adventure")
    message = "{problem}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        layout = (card.layout or "").lower()
        specs = _specs()
        marked = [(i, kind) for i, f in enumerate(card.faces) for kind in specs if kind in f.subtypes]
        if not marked:
            if layout == "adventure" and len(card.faces) == 2 and all(f.type_line for f in card.faces):
                yield from self._unmarked(card)
            return
        kind = marked[0][1]
        rules = (specs[kind], "205.3k")
        if len(card.faces) != 2:
            yield self.hit(face=marked[0][0], field="type_line", rules=rules,
                           problem=f"a card with an {kind} face has two faces, but this one has {len(card.faces)}")
            return
        if len({i for i, _k in marked}) == 2:
            yield self.hit(face=1, field="type_line", rules=rules,
                           problem=f"both faces are {kind}s: one of them must be the card's main face")
            return
        i = marked[0][0]
        face = card.faces[i]
        if not face.has_type("Instant", "Sorcery"):
            yield self.hit(face=i, field="type_line", rules=rules,
                           problem=f"the {kind} face must be an instant or a sorcery, not \"{(face.type_line or '').strip()}\"")

    def _unmarked(self, card: Card) -> Iterable[Hit]:
        """An adventure-layout card whose faces carry neither spell type."""
        spells = [i for i, f in enumerate(card.faces) if f.has_type("Instant", "Sorcery")]
        if not spells:
            yield self.hit(field="layout", rules=("715.2", "205.3k"),
                           problem="an adventure card without an instant or sorcery face to cast as its Adventure")
            return
        i = spells[-1]
        yield self.hit(face=i, field="type_line", rules=("715.2", "205.3k"), severity="info",
                       problem=(f"the spell face of this adventure card is not an Adventure "
                                f"(\"{(card.faces[i].type_line or '').strip()}\"): it is cast by the set's own "
                                f"rules, if any, not as an Adventure"))
