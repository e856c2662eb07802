"""RUL017: a keyword that only a creature uses, on a permanent that never is one."""

from __future__ import annotations

import functools
from typing import Iterable

from linter.checks import api
from linter.checks._meaning import a_kind, becomes_a_creature, data
from linter.model import CARD_TYPES


@functools.lru_cache(maxsize=1)
def _keywords() -> frozenset[str]:
    return frozenset(k.lower() for k in data()["creature_keywords"])


class CreatureKeywordOnNoncreature(api.FaceCheck):
    """A keyword only creatures use (flying, haste, vigilance …) on a permanent that is never a creature.

    ## What it does
    On a permanent face whose type line names no creature and no land (an
    artifact, an enchantment, a planeswalker, a battle), reports keyword
    abilities that matter only for a creature in combat or for attacking
    and blocking (flying, haste, vigilance, trample, menace, first strike,
    reach, defender, prowess …), unless the card can become a creature (a
    Vehicle or Spacecraft, an animated land, a keyword or text that makes it
    one). Keywords granted in quotes belong to what gets them; instants and
    sorceries are RUL012's. Lands are left alone: real sets print such
    keywords on lands that other cards of the set turn into creatures.

    ## Why is this bad?
    These keywords change how a creature attacks, blocks or deals combat
    damage (CR 702.9b, 702.10b, 702.20b, 702.19b); only a creature can attack or
    block (CR 506.3), so on a noncreature permanent the keyword does nothing
    unless another card makes it a creature. Usually the type line lost "Creature", or an "Equipped
    creature has …" lost its subject.

    ## Example
    ```yaml
    name: Gale Lantern
    mana_cost: "{2}"
    type_line: Artifact
    oracle_text: "Flying\\n{T}: Add {C}."
    ```

    ## Use instead
    ```yaml
    name: Gale Lantern
    mana_cost: "{2}"
    type_line: Artifact — Equipment
    oracle_text: "Equipped creature has flying.\\nEquip {1}"
    ```

    ## Fix safety
    No automatic fix: the card's type or the ability has to change.
    """

    code = "RUL017"
    name = "creature-keyword-on-noncreature"
    category = "rules"
    severity = "warning"
    rules = ("702.9b", "702.10b", "702.19b", "702.20b", "506.3")
    needs = ("ability:keyword",)
    message = "{keyword} on {kind}, which is never a creature: the keyword does nothing"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        if (not face.is_permanent or face.face.has_type("Creature", "Land")
                or not set(face.card_types) <= CARD_TYPES):
            return  # a land: real sets print creature keywords on lands other cards animate
        found = [a for a in face.abilities if a.kind == "keyword" and (a.keyword or "").lower() in _keywords()]
        if not found or becomes_a_creature(face.card, face):
            return
        kind = a_kind(face)
        for ability in found:
            yield face.hit(self, ability.start, ability.end, keyword=ability.keyword, kind=kind)
