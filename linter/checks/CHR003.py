"""CHR003: a power/toughness on a face that is not a creature and does not print one."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import (
    becomes_creature, char_data, effective_types, face_subtypes, face_type_lines, stated,
)
from linter.checks._colors import describe_face
from linter.checks.base import Check, Hit
from linter.model import Card


class PowerToughnessOnNoncreature(Check):
    """A power and toughness on a face that is neither a creature nor a Vehicle.

    ## What it does
    Reports a face that has a power or a toughness although its type line
    does not make it a creature, and it is not a card that prints one
    without being a creature: a Vehicle, a Spacecraft whose station symbols
    carry a power and toughness box, or any card whose own text (reminder
    text included) makes it a creature ("This Vehicle becomes an artifact
    creature", a custom mechanic that puts the card onto the battlefield as a
    creature). Faces whose type line holds an unknown word are left to the
    type-line checks.

    ## Why is this bad?
    Power and toughness belong to creatures (CR 208.1). A noncreature
    permanent has none even if its card prints one (CR 208.3), which only
    Vehicles (CR 301.7a) and station cards (CR 721.2b) do. Anywhere else the
    number is a leftover of an earlier design, or the type line lost
    "Creature".

    ## Example
    ```yaml
    name: Bramble Sentry
    mana_cost: "{2}{G}"
    type_line: Artifact — Construct
    power: "3"
    toughness: "3"
    ```

    ## Use instead
    ```yaml
    name: Bramble Sentry
    mana_cost: "{2}{G}"
    type_line: Artifact Creature — Construct
    power: "3"
    toughness: "3"
    ```

    ## Fix safety
    No automatic fix: either the type line or the power/toughness is wrong.
    """

    code = "CHR003"
    name = "power-toughness-on-noncreature"
    category = "rules"
    severity = "warning"
    rules = ("208.1", "208.3", "301.7a", "721.2b")
    needs = ("field:power", "field:toughness")
    message = "{which} is {kind}, not a creature, but has a power/toughness ({pt})"
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        data = char_data()
        for i, face in enumerate(card.faces):
            if not stated(face.power) and not stated(face.toughness):
                continue  # none, or "NA": the file's word for "not applicable"
            kinds = effective_types(face)
            if kinds is None or not kinds or "Creature" in kinds:
                continue
            if face_subtypes(face) & data.pt_subtypes or becomes_creature(card, face):
                continue
            field = "power" if face.power else "toughness"
            pt = "/".join(v for v in (face.power, face.toughness) if v)
            words = [w.text for tl in face_type_lines(face) for w in tl.head if data.type_word(w.text)]
            kind = " ".join(words).lower()
            article = "an" if kind[:1] in "aeiou" else "a"
            yield self.hit(face=i, field=field, which=describe_face(face), kind=f"{article} {kind}", pt=pt)
