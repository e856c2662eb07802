"""ABL009: level or station blocks that do not follow one another, or level blocks without Level up."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from linter.checks.base import Check, Hit
from linter.model import Ability, Card, Face

_RANGE = re.compile(r"(\d+)\s*(?:[-–]\s*(\d+)|(\+))")


def _blocks(face: Face, word: str) -> list[tuple[Ability, int, int | None]]:
    """The face's LEVEL or STATION blocks as (ability, low, high or None for "N+")."""
    out = []
    for a in face.parsed.abilities if face.parsed is not None else ():
        if a.kind == "level" and a.text.upper().startswith(word) and a.parameter:
            m = _RANGE.match(a.parameter)
            if m:
                out.append((a, int(m.group(1)), None if m.group(3) else int(m.group(2))))
    return out


class LevelBlocksMalformed(Check):
    """Leveler or station blocks that overlap, leave a gap or go back; level blocks without Level up.

    ## What it does
    For the "LEVEL N1-N2" / "LEVEL N3+" blocks of a leveler, reports a range
    that runs backwards, a block that does not start right after the one
    before it (a gap or an overlap), an open "N+" block that is not the last,
    a last block that is not open, and level blocks on a face without a
    Level up ability. For the "STATION N+" blocks of a station card, reports
    thresholds that do not rise.

    ## Why is this bad?
    Each level symbol gives its abilities and power/toughness while the
    number of level counters is in its range (CR 711.2, 711.2a, 711.2b); the
    ranges are read as one ladder, climbed with the Level up ability the card
    always has (CR 711.4, 702.87). A gap leaves levels where the creature
    falls back to its first box, an overlap gives two sets of abilities at
    once, and without Level up nothing on the card adds level counters. A
    station symbol's abilities apply from its threshold up (CR 721.2), so
    thresholds printed out of order describe a card no one can read.

    ## Example
    ```yaml
    name: Cinder Apprentice
    mana_cost: "{1}{R}"
    type_line: Creature — Human Shaman
    oracle_text: "Level up {1}{R}\\nLEVEL 1-3\\n2/2\\nFirst strike\\nLEVEL 5+\\n4/4\\nDouble strike"
    power: "1"
    toughness: "1"
    ```

    ## Use instead
    ```yaml
    name: Cinder Apprentice
    mana_cost: "{1}{R}"
    type_line: Creature — Human Shaman
    oracle_text: "Level up {1}{R}\\nLEVEL 1-3\\n2/2\\nFirst strike\\nLEVEL 4+\\n4/4\\nDouble strike"
    power: "1"
    toughness: "1"
    ```

    ## Fix safety
    No automatic fix: only the designer knows where each block should start.
    """

    code = "ABL009"
    name = "level-blocks-malformed"
    category = "abilities"
    severity = "error"
    rules = ("711.2", "711.4", "702.87", "721.2")
    needs = ("ability:level",)
    message = "{problem}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if face.parsed is None:
                continue
            for ability, problem in self._levels(face):
                yield self.hit(face=i, field="oracle_text", start=ability.start, end=ability.end, problem=problem,
                               rules=("711.2", "711.4", "702.87"))
            previous = None
            for ability, low, _high in _blocks(face, "STATION"):
                if previous is not None and low <= previous:
                    yield self.hit(face=i, field="oracle_text", start=ability.start, end=ability.end,
                                   rules=("721.2",),
                                   problem=f"STATION {low}+ follows STATION {previous}+: station thresholds must rise")
                    break
                previous = low

    @staticmethod
    def _levels(face: Face) -> Iterator[tuple[Ability, str]]:
        blocks = _blocks(face, "LEVEL")
        if not blocks:
            return
        if not any(a.kind == "keyword" and a.keyword == "Level up" for a in face.parsed.abilities):
            yield blocks[0][0], "level blocks on a face without a Level up ability: nothing adds level counters"
        previous_high: int | None = 0
        for k, (ability, low, high) in enumerate(blocks):
            shown = ability.text.strip()
            if high is not None and high < low:
                yield ability, f"{shown} runs backwards"
                return
            if previous_high is None:
                yield ability, f"{shown} follows an open-ended \"+\" block, which already covers every higher level"
                return
            if k > 0 and low != previous_high + 1:
                kind = "leaves a gap" if low > previous_high + 1 else "overlaps the block before it"
                yield ability, f"{shown} {kind}: it should start at level {previous_high + 1}"
                return
            previous_high = high
        last_ability, last_low, last_high = blocks[-1]
        if last_high is not None:
            yield last_ability, (f"the last level block {last_ability.text.strip()} is closed: above level "
                                 f"{last_high} the creature falls back to its first box; write LEVEL {last_low}+")
