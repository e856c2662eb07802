"""ORC005: a card's color indicator differs from its Oracle color indicator."""

from __future__ import annotations

from typing import Iterable

from linter.checks._oracle import OracleCheck, colors, file_view
from linter.checks.base import Hit
from linter.model import COLOR_NAMES, Card


def _shown(value: tuple[str, ...]) -> str:
    return " and ".join(COLOR_NAMES[c] for c in value) if value else "(none)"


class ColorIndicatorDiffersFromOracle(OracleCheck):
    """A color indicator that differs from the card's Oracle color indicator.

    ## What it does
    In a file that mirrors Oracle (``set-kind = "oracle"``, or detected when it
    holds at least 10 cards and at least 60% of them are real cards again:
    a real name and the real mana cost, type line and mostly the real rules
    text) and for reprints in a
    custom set, compares each face's color indicator with the Oracle index's
    (``oraclelint oracle update``, or ``--oracle PATH``) and reports a face
    whose indicator shows other colors, or shows colors where the Oracle card
    has none. A face whose file says nothing about an indicator is not
    compared (many formats only give colors). The message names the date of
    the Oracle data; with no index the check does nothing.

    ## Why is this bad?
    A color indicator gives a face without a mana cost its colors (CR 204.1,
    202.2e); it is part of the card's Oracle characteristics (CR 108.1).

    ## Example
    ```yaml
    name: Gloomwake Shade            # a real back face with a black indicator
    type_line: Creature — Spirit
    color_indicator: [U]
    ```

    ## Use instead
    ```yaml
    name: Gloomwake Shade
    type_line: Creature — Spirit
    color_indicator: [B]
    ```

    ## Fix safety
    No automatic fix: formats write color indicators in too many ways (a list,
    a frame color, colors next to a missing cost) for one edit to fit them all.
    """

    code = "ORC005"
    name = "color-indicator-differs-from-oracle"
    category = "oracle"
    severity = "warning"
    rules = ("108.1", "204.1")
    scope = "set"
    needs_parse = False
    message = "color indicator {mine} differs from the Oracle color indicator {theirs} ({date})"

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        view = file_view(cards)
        if view is None:
            return
        for card, i, face, oracle in view.mirrored_faces():
            if face.color_indicator is None:
                continue
            mine, theirs = colors(face.color_indicator), colors(oracle.get("color_indicator"))
            if mine == theirs:
                continue
            yield card, self.hit(face=i, field="color_indicator", mine=_shown(mine), theirs=_shown(theirs),
                                 date=view.date)
