"""RUL002: {T} or {Q} in an ability cost of an instant or sorcery."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from linter.checks import api

_TAP = re.compile(r"\{([TQ])\}")


def _tap_costs(face: api.FaceView) -> Iterator[tuple[int, int, str]]:
    """(start, end, "T" or "Q") of each tap or untap symbol in a cost the parse found in the
    face's own abilities (granted abilities, in quotes, are not the face's own)."""
    text = face.text
    for ability in face.abilities:
        for part in ability.cost:
            if part.kind in ("tap", "untap") and not face.in_hole(part.start, part.end):
                m = _TAP.search(text, part.start, part.end)
                if m:
                    yield m.start(), m.end(), m.group(1)


class TapCostOnInstantOrSorcery(api.FaceCheck):
    """An instant or sorcery with {T} or {Q} in the cost of one of its abilities.

    ## What it does
    Reports the tap symbol {T} or the untap symbol {Q} in an activation cost
    written on an instant or sorcery face (not in a granted ability between
    quotes, not in reminder text). Each face of an Adventure or split card
    is judged by its own type line.

    ## Why is this bad?
    {T} in a cost means "tap this permanent" and {Q} "untap this permanent"
    (CR 107.5, 107.6). An instant or sorcery is never a permanent, so the
    cost can never be paid and the ability can never be activated.

    ## Example
    ```yaml
    name: Sudden Insight
    type_line: Instant
    oracle_text: "{1}{U}, {T}: Draw a card."
    ```

    ## Use instead
    Make the ability a spell effect, or grant it to a permanent:
    ```yaml
    name: Sudden Insight
    type_line: Instant
    oracle_text: "Draw a card."
    ```

    ## Fix safety
    No automatic fix: the design has to change.
    """

    code = "RUL002"
    name = "tap-cost-on-instant-or-sorcery"
    category = "rules"
    severity = "error"
    rules = ("107.5", "107.6")
    needs = ("type:Instant", "type:Sorcery")
    message = "{symbol} in the cost of an ability of {kind}: {meaning}, and {kind} is never a permanent"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        if not face.is_spell:
            return
        kind = "an instant" if face.face.has_type("Instant") else "a sorcery"
        for start, end, which in _tap_costs(face):
            meaning = '{T} means "tap this permanent"' if which == "T" else '{Q} means "untap this permanent"'
            yield face.hit(self, start, end, symbol="{" + which + "}", kind=kind, meaning=meaning)
