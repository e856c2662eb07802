"""LAY002: a single-faced card whose text transforms or converts itself."""

from __future__ import annotations

import functools
import re
from typing import Iterable, Iterator

from linter.catalogue import load
from linter.checks import api
from linter.checks.base import Check, Hit
from linter.model import Card

_TURN = re.compile(r"\b(?:[Tt]ransform|[Cc]onvert)\s+")
_RETURN_TURNED = re.compile(r"\breturn (?:it|that card) to the battlefield (?:transformed|converted)\b")


@functools.lru_cache(maxsize=1)
def _needs() -> dict[str, str]:
    """Keyword (lower case) -> the rule by which it needs another face (rules_data/layouts.yaml)."""
    return {e["keyword"].lower(): e["rule"] for e in load("layouts")["needs_other_face"]}


class SingleFacedSelfTransform(Check):
    """A single-faced card that transforms or converts itself, or has a keyword that needs a back face.

    ## What it does
    On a card with one face and no double-faced layout, reports text that
    transforms or converts the card itself ("Transform this creature.",
    "exile this Saga, then return it to the battlefield transformed") and
    keywords that only work on a double-faced card (Daybound, Nightbound,
    Disturb, Craft, More Than Meets the Eye). Abilities inside quotes belong
    to the tokens or objects that gain them and are left alone.

    ## Why is this bad?
    Only permanents represented by double-faced cards or tokens can
    transform or convert (CR 701.27a, 712.9); told to transform anything
    else, nothing happens (CR 701.27c). The card needs a back face, or the
    file lost the one it has.

    ## Example
    ```yaml
    name: Restless Pilgrim
    mana_cost: "{1}{W}"
    type_line: Creature — Human Cleric
    oracle_text: "{3}{W}: Transform this creature. Activate only as a sorcery."
    power: "2"
    toughness: "2"
    ```

    ## Use instead
    Give the card its back face (`layout: transform` and two
    `card_faces`), or remove the transforming ability.

    ## Fix safety
    No automatic fix: only the designer has the back face.
    """

    code = "LAY002"
    name = "single-faced-self-transform"
    category = "rules"
    severity = "error"
    rules = ("701.27a", "701.27c", "712.9")
    needs = ("ability:keyword", "text:ransform", "text:onvert")
    message = "{what} on a single-faced card: {why}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        if len(card.faces) != 1 or (card.layout or "").lower() in load("layouts")["double_faced"]:
            return
        for face in api.card_faces(card):
            yield from self._keywords(face)
            if "ransform" in face.text or "onvert" in face.text:
                yield from self._turns(face)

    def _keywords(self, face: api.FaceView) -> Iterator[Hit]:
        needs = _needs()
        for ability in face.abilities:
            if ability.kind == "keyword" and ability.keyword and ability.keyword.lower() in needs:
                yield face.hit(self, ability.start, ability.end, rules=(needs[ability.keyword.lower()], "712.9"),
                               what=ability.keyword, why="it only works on a double-faced card")

    def _turns(self, face: api.FaceView) -> Iterator[Hit]:
        plain = api.mask(face.text, face.holes + face.quoted)  # not what quoted abilities or names say
        selfs = [r for r in face.self_refs if r.noun not in ("spell", "ability")]
        starts = {r.start for r in selfs}
        for m in _TURN.finditer(plain):
            pos = m.end()
            if pos in starts:
                yield self._turn_hit(face, m.start(), self._word_end(plain, pos))
        for m in _RETURN_TURNED.finditer(plain):
            sentence = plain.rfind(".", 0, m.start()) + 1
            if any(sentence <= r.start < m.start() for r in selfs):
                yield self._turn_hit(face, m.start(), m.end())

    @staticmethod
    def _word_end(plain: str, pos: int) -> int:
        end = plain.find(".", pos)
        return end if end != -1 and end - pos < 60 else min(len(plain), pos + 20)

    def _turn_hit(self, face: api.FaceView, start: int, end: int) -> Hit:
        return face.hit(self, start, end, what="a card that turns itself over",
                        why="only a double-faced card can transform or convert, otherwise nothing happens")
