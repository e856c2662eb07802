"""RUL015: "this creature" on a card that is not a creature and never becomes one."""

from __future__ import annotations

from typing import Iterable

from linter.checks import api
from linter.checks._meaning import a_kind, becomes_a_creature
from linter.model import CARD_TYPES


class ThisCreatureOnNoncreature(api.FaceCheck):
    """"This creature" in the text of a card that is not a creature and never becomes one.

    ## What it does
    Finds the self-references the parse reads as "this creature" (outside
    reminder text and quoted abilities, which belong to the object that gets
    them) on a face whose type line names no creature, and reports them
    unless the card can become a creature: a Vehicle or a Spacecraft, text
    of its own that makes it one ("This land becomes a 2/2 creature", "It's
    an artifact creature"), or a keyword that puts it onto the battlefield as
    a creature.

    ## Why is this bad?
    "This [something]" names the object the ability is on whatever that word
    says (CR 700.7), so the ability still works, but the word is wrong: a
    noncreature card that calls itself "this creature" was usually changed
    from a creature (or copied from one) and kept text that no longer fits,
    such as "this creature can't block" on an artifact that never blocks.

    ## Example
    ```yaml
    name: Warding Idol
    mana_cost: "{2}"
    type_line: Artifact
    oracle_text: "{2}, Sacrifice this creature: Draw a card."
    ```

    ## Use instead
    ```yaml
    name: Warding Idol
    mana_cost: "{2}"
    type_line: Artifact
    oracle_text: "{2}, Sacrifice this artifact: Draw a card."
    ```

    ## Fix safety
    No automatic fix: "this artifact", "this enchantment" or a creature type
    line, only the designer knows.
    """

    code = "RUL015"
    name = "this-creature-on-noncreature"
    category = "rules"
    severity = "warning"
    rules = ("700.7",)
    needs = ("text:this creature",)
    message = "{words!r} on {kind}, which is not a creature and never becomes one"
    gives_way_to = ("RUL012",)

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        if not face.card_types or face.face.has_type("Creature") or not set(face.card_types) <= CARD_TYPES:
            return  # no type line, a creature, or a type only Un-cards print (a sticker sheet)
        found = [r for r in face.self_refs if r.kind == "this" and r.noun == "creature" and not face.in_aside(r.start, r.end)]
        if not found or becomes_a_creature(face.card, face):
            return
        kind = a_kind(face)
        for ref in found:
            yield face.hit(self, ref.start, ref.end, words=ref.text, kind=kind)
