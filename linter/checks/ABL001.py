"""ABL001: a triggered ability that adds mana but is not a mana ability (it uses the stack)."""

from __future__ import annotations

import re
from typing import Iterator

from linter.checks import api
from linter.model import Ability

# "add {G}", "adds an additional {G}", "add one mana of any color", "add X mana"
_ADDS = re.compile(r"\badds? (?=[^.]*?(?:\{[WUBRGCS0-9X/]+\}|\bmana\b))", re.I)
# what a trigger event must be for a triggered mana ability (CR 605.1b): the
# activation or resolution of a mana ability, or mana being added
_MANA_EVENT = re.compile(
    r"\b(?:tapped for (?:mana|\{)|taps? [^,]*? for (?:mana|\{)|mana abilit(?:y|ies)|adds? (?:one or more )?mana|"
    r"mana is (?:added|produced)|produces? mana)", re.I)
# a trigger condition inside an effect ("until end of turn, whenever you tap a land for mana, add ...")
_NESTED_CONDITION = re.compile(r"\b(?:whenever|when|at the beginning of)\b(?P<cond>[^,.]*),(?=[^.]*?\badds?\b)", re.I)
_TARGET = re.compile(r"\btarget\b", re.I)
# a triggered ability written inside another ability: a delayed or reflexive trigger
_INNER_TRIGGER = re.compile(
    r"(?:^|(?<=[.:—]\s)|(?<=\n))(?P<cond>(?:at the beginning of|when(?:ever)?)\b[^,.]*),(?P<effect>[^.]*\.)",
    re.I)


class TriggeredManaNotManaAbility(api.FaceCheck):
    """A triggered ability that adds mana but is not a mana ability.

    ## What it does
    Notes each triggered ability (including Saga chapters, and delayed or
    reflexive triggers written inside another ability) that could add mana
    but is not a mana ability: it triggers on something other than
    activating a mana ability or mana being added, it is a chapter ability,
    or it has a target.

    ## Why is this bad?
    It is not necessarily wrong, but it plays differently from what the
    word "add" suggests: only a triggered ability that triggers from a mana
    ability or from mana being added, and has no target, is a mana ability
    (CR 605.1b). Any other one goes on the stack, can be responded to, and
    its mana usually empties before it can be spent in another step
    (CR 605.5a). Designers and players should know.

    ## Example
    ```yaml
    name: Chronicle of Embers
    type_line: Enchantment — Saga
    oracle_text: "I — Add {R}{R}.\\nII — Draw a card."
    ```

    ## Use instead
    Keep it if the timing is intended; otherwise tie the mana to a mana
    ability ("Whenever a Mountain you control is tapped for mana, add an
    additional {R}.").

    ## Fix safety
    Nothing to fix: this is a note.
    """

    code = "ABL001"
    name = "triggered-mana-not-mana-ability"
    category = "abilities"
    severity = "info"
    rules = ("605.1b", "605.5a")
    needs = ("mark:adds-mana",)
    message = "this triggered ability adds mana but is not a mana ability ({why}): it uses the stack and can be responded to"

    def check_face(self, face: api.FaceView) -> Iterator[api.Hit]:
        plain = None
        for view in face.walk():
            ability = view.ability
            if not ability.adds_mana:
                continue  # the parse found no mana added: nothing to judge
            if plain is None:
                plain = face.plain
            own = self._own_text(plain, ability)
            if ability.kind == "chapter":
                yield self._hit(face, ability.start, ability.end, "a chapter ability never is one")
                continue
            if ability.kind == "triggered":
                effect_start = ability.effect_start
                if effect_start is None:
                    comma = own.find(",")
                    effect_start = ability.start + (comma if comma != -1 else 0)
                cond = own[: max(0, effect_start - ability.start)]
                effect = own[max(0, effect_start - ability.start):]
                why = self._why_not(cond, effect, ability)
                if why:
                    yield self._hit(face, ability.start, ability.end, why)
                continue
            # a delayed or reflexive trigger written inside another ability
            for m in _INNER_TRIGGER.finditer(own):
                why = self._why_not(m.group("cond"), m.group("effect"), None)
                if why:
                    yield self._hit(face, ability.start + m.start(), ability.start + m.end(), why)

    @staticmethod
    def _own_text(plain: str, ability: Ability) -> str:
        """The ability's text without the abilities it grants (their quoted text is blanked)."""
        own = plain[ability.start:ability.end]
        if not ability.granted:
            return own
        return api.mask(own, [(g.start - ability.start - 1, g.end - ability.start + 1) for g in ability.granted])

    @staticmethod
    def _why_not(cond: str, effect: str, ability: Ability | None) -> str | None:
        """Why an ability that triggers on ``cond`` is not a mana ability, or None."""
        adds = _ADDS.search(effect)
        if not adds:
            return None
        nested = [m for m in _NESTED_CONDITION.finditer(effect) if m.end() <= adds.start()]
        if nested:  # the mana comes from a trigger the effect sets up: judge that one
            cond, effect = nested[-1].group("cond"), effect[nested[-1].end():]
        targeted = bool(_TARGET.search(effect)) or bool(ability is not None and ability.has_target
                                                        and _TARGET.search(cond + effect))
        if targeted:
            return "it has a target"
        if not _MANA_EVENT.search(cond):
            return "it does not trigger from a mana ability or from mana being added"
        return None

    def _hit(self, face: api.FaceView, start: int, end: int, why: str) -> api.Hit:
        return face.hit(self, start, end, why=why)
