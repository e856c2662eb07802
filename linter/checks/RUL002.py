"""RUL002: {T} or {Q} in an ability cost of an instant or sorcery."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from linter.checks._textutil import inside, quote_spans, reminder_spans
from linter.checks.base import Check, Hit
from linter.model import Card, Face

_TAP = re.compile(r"\{([TQ])\}")
# a cost ends at the first colon of its line that is followed by a space
_COST_LINE = re.compile(r"(?m)^(?P<cost>[^\n:]*?):(?=\s)")


def _tap_costs(face: Face) -> Iterator[tuple[int, int, str]]:
    """(start, end, "T" or "Q") of each tap or untap symbol in a cost of the face's own abilities."""
    text = face.oracle_text or ""
    hidden = quote_spans(text) + reminder_spans(face)
    seen: set[int] = set()
    if face.parsed is not None:
        for ability in face.parsed.abilities:  # granted abilities (in quotes) are not the face's own
            for part in ability.cost:
                if part.kind in ("tap", "untap") and not inside(hidden, part.start, part.end):
                    m = _TAP.search(text, part.start, part.end)
                    if m and m.start() not in seen:
                        seen.add(m.start())
                        yield m.start(), m.end(), m.group(1)
    # also from the text itself, in case the parser did not see the cost
    for line in _COST_LINE.finditer(text):
        for m in _TAP.finditer(text, line.start("cost"), line.end("cost")):
            if m.start() in seen or inside(hidden, m.start(), m.end()):
                continue
            seen.add(m.start())
            yield m.start(), m.end(), m.group(1)


class TapCostOnInstantOrSorcery(Check):
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
    message = "{symbol} in the cost of an ability of {kind}: {meaning}, and {kind} is never a permanent"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if not face.has_type("Instant", "Sorcery") or face.is_permanent:
                continue
            kind = "an instant" if face.has_type("Instant") else "a sorcery"
            for start, end, which in _tap_costs(face):
                meaning = '{T} means "tap this permanent"' if which == "T" else '{Q} means "untap this permanent"'
                yield self.hit(face=i, field="oracle_text", start=start, end=end,
                               symbol="{" + which + "}", kind=kind, meaning=meaning)
