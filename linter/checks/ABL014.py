"""ABL014: a modal "Choose …" instruction followed by fewer modes than it lets a player choose."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks import api

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# "Choose one —", "choose two —", "Choose one or both —", "choose up to three —", "Choose any number —",
# "Choose one that hasn't been chosen —", "choose one at random —"
_CHOOSE = re.compile(
    r"\b[Cc]hoose (?P<how>one or more|one or both|any number|up to (?P<up>\w+)|(?P<n>one|two|three|four|five|six))"
    r"(?P<rest>[^—–•\n.]{0,80})\s*(?:[—–]|\.(?= You may choose the same mode more than once))")
_REPEATABLE = re.compile(r"same mode more than once", re.I)
_BULLET = re.compile(r"\s*•")


def bullets_after(text: str, pos: int) -> int:
    """The bulleted lines that follow ``pos``, a wrapped line (indented, or starting in lower
    case) counting with the bullet it continues."""
    count = 0
    lines = text[pos:].split("\n")
    count += lines[0].count("•")  # bullets glued to the instruction's line
    for line in lines[1:]:
        if _BULLET.match(line):
            count += line.count("•")
        elif count and (line[:1].isspace() or line.strip()[:1].islower()):
            continue
        elif line.strip():
            break
    return count


def needed(how: str, up: str | None, n: str | None) -> tuple[int, bool]:
    """How many modes an instruction needs, and whether it needs exactly that many."""
    if how == "one or both":
        return 2, True
    if up is not None:
        return max(2, _NUMBERS.get(up.lower(), 2)), False
    if n is not None:
        return max(2, _NUMBERS[n]), False
    return 2, False  # one or more, any number


class ModalTooFewModes(api.FaceCheck):
    """A "Choose …" instruction with fewer bulleted modes than it lets a player choose.

    ## What it does
    Finds each modal instruction ending in a dash ("Choose one —", "choose
    two —", "Choose one or more —", "Choose one or both —", "choose up to
    three —", "Choose any number —", and "Choose three. You may choose the
    same mode more than once.") and counts the bulleted modes that follow it
    (a mode whose text a file wraps onto an indented second line counts once). It reports fewer than two modes, fewer modes than the number
    to choose, and "one or both" with other than two modes. Where the text
    allows the same mode more than once, two modes are enough.

    ## Why is this bad?
    A spell or ability is modal when it has two or more options in a
    bulleted list after an instruction saying how many to choose (CR 700.2);
    a player normally cannot choose the same mode twice (CR 700.2d). With
    fewer modes than the instruction asks for, the instruction cannot be
    followed, which usually means a bullet was lost or merged into another.

    ## Example
    ```yaml
    name: Twin Verdict
    mana_cost: "{1}{W}{B}"
    type_line: Instant
    oracle_text: "Choose two —\\n• Destroy target creature with power 4 or greater."
    ```

    ## Use instead
    ```yaml
    name: Twin Verdict
    mana_cost: "{1}{W}{B}"
    type_line: Instant
    oracle_text: "Choose two —\\n• Destroy target creature with power 4 or greater.\\n• Target player loses 3 life.\\n• You gain 3 life."
    ```

    ## Fix safety
    No automatic fix: only the designer knows the missing modes.
    """

    code = "ABL014"
    name = "modal-too-few-modes"
    category = "abilities"
    severity = "error"
    rules = ("700.2", "700.2d")
    needs = ("text:hoose",)
    message = "\"{instruction}\" is followed by {count} mode{s}, but it needs {need}"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        text = face.text
        if "hoose" not in text:
            return
        for view in face.walk():
            ability = view.ability
            head_end = ability.modes[0][0] if ability.modes else ability.end
            m = _CHOOSE.search(text, ability.start, head_end)
            if m is None:
                continue
            need, exact = needed(m.group("how"), m.group("up"), m.group("n"))
            if _REPEATABLE.search(text, ability.start, ability.end):
                need, exact = 2, False
            count = max(len(ability.modes), bullets_after(text, m.end()))
            if count < need or (exact and count != need):
                want = f"exactly {need}" if exact else f"at least {need}"
                yield face.hit(self, m.start(), m.end(), instruction=text[m.start():m.end()].strip(), count=count,
                               s="" if count == 1 else "s", need=want)
