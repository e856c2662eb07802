"""ABL011: an {X} in a mana cost that nothing on the card uses."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks._xvalue import X_RE, mentions, plain_text, uses_paid_mana
from linter.checks.base import Check, Hit
from linter.model import Ability, Card, Face

# abilities that see the X paid for the spell a permanent was: enters abilities and replacement
# effects (CR 107.3m), triggers on casting it, and "as … enters" choices
_USES_SPELL_X = re.compile(r"\benters?\b|\bentered\b|\bcast (?:this|~|it)\b|\bwhen you cast\b", re.I)


class UnusedXCost(Check):
    """An {X} in a mana cost that nothing on the card refers to.

    ## What it does
    Reports a face whose mana cost has {X} when no text of the card (reminder
    text included, which spells out keywords such as Ravenous) mentions X,
    and nothing makes the amount paid matter (mana spent to cast it,
    Sunburst, Converge), and the face's printed loyalty, power or toughness
    is not X. For a permanent, X must be used by an ability that sees the
    spell's X: an enters ability or replacement effect, or a trigger on
    casting it; an X only in its static or activated abilities is 0 on the
    battlefield.

    ## Why is this bad?
    A player chooses X while casting the spell and pays that much more
    (CR 107.3a), so an X nothing uses is mana thrown away. A permanent's
    enters abilities see the X paid for it, but the permanent's own X is 0
    (CR 107.3m): a static "+X/+X" never grows. Most often the text that
    used X was edited away.

    ## Example
    ```yaml
    name: Hollow Bellow
    mana_cost: "{X}{R}"
    type_line: Instant
    oracle_text: "Hollow Bellow deals 3 damage to any target."
    ```

    ## Use instead
    ```yaml
    name: Hollow Bellow
    mana_cost: "{X}{R}"
    type_line: Instant
    oracle_text: "Hollow Bellow deals X damage to any target."
    ```

    ## Fix safety
    No automatic fix: the cost or the text may be what is wrong.
    """

    code = "ABL011"
    name = "x-cost-unused"
    category = "abilities"
    severity = "warning"
    rules = ("107.3a", "107.3m")
    needs = ("cost:{x}",)
    message = "{{X}} in the mana cost, but {why}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        costs = [i for i, f in enumerate(card.faces) if "{X}" in (f.mana_cost or "").upper()]
        if not costs:
            return
        texts = [f.oracle_text or "" for f in card.faces]
        if not any(t.strip() for t in texts):
            return  # the file gives no rules text: it says nothing
        whole = "\n".join(texts)
        if uses_paid_mana(whole):
            return
        for i in costs:
            face = card.faces[i]
            if any(X_RE.fullmatch((v or "").strip().lstrip("+-*")) for v in (face.loyalty, face.power, face.toughness)):
                continue
            if not X_RE.search(whole):
                yield self.hit(face=i, field="mana_cost", why="nothing in the text refers to X")
                continue
            if face.is_permanent and face.parsed is not None and not self._permanent_uses_x(card, face):
                yield self.hit(face=i, field="mana_cost", rules=("107.3m",),
                               why="no enters or cast ability of this permanent uses X, and on the battlefield its X is 0")

    @staticmethod
    def _permanent_uses_x(card: Card, face: Face) -> bool:
        text = face.oracle_text or ""
        plain = plain_text(card, face)
        # reminder text counts here: it spells out what a keyword does with X
        if any(X_RE.search(text, a.start, a.end) and _uses_spell_x(text, a) for a in face.parsed.abilities):
            return True
        # X used only by other faces of the card (an adventure's spell, a split half) is theirs
        others = [f for f in card.faces if f is not face and X_RE.search(f.oracle_text or "")]
        return bool(others) and not mentions(plain)


def _uses_spell_x(text: str, ability: Ability) -> bool:
    return bool(_USES_SPELL_X.search(text, ability.start, ability.end))
