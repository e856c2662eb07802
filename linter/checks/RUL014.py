"""RUL014: a "tapped for mana" trigger on a permanent that has no {T} mana ability."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks import api
from linter.model import ObjectRef

_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
_FOR_MANA = re.compile(r"\b(?:tapped|taps?)\b[^,.]{0,40}?\bfor mana\b", re.I)
#: the words of _FOR_MANA without its word boundaries: they hold wherever _FOR_MANA finds them
#: in a trigger's text, a part of the ability's text (asked before the meaning is read)
_FOR_MANA_WORDS = re.compile(r"(?:tapped|taps?)[^,.]{0,40}?for mana", re.I)
# text that gives the object a mana ability it does not print: "has '{T}: Add …'", "all mana abilities"
_GAINS_MANA = re.compile(r"\{T\}: Add\b|mana abilit|basic land types?|every basic land type", re.I)


class TappedForManaWithoutManaAbility(api.FaceCheck):
    """A trigger on the object being tapped for mana, on a permanent with no {T} mana ability.

    ## What it does
    Reads each triggered ability whose trigger is the object itself being
    tapped for mana ("Whenever this artifact is tapped for mana", "Whenever
    you tap this land for mana") and reports it when the face has no
    activated mana ability with {T} in its cost, no basic land type (whose
    intrinsic mana ability counts), and no text that gives it one.

    ## Why is this bad?
    To tap a permanent for mana is to activate one of its mana abilities that
    has {T} in its cost; a "tapped for mana" trigger triggers only when such
    an ability resolves (CR 106.12, 106.12a). A permanent with no such
    ability is never tapped for mana, however it becomes tapped, so the
    trigger never triggers: the mana ability was usually lost.

    ## Example
    ```yaml
    name: Humming Obelisk
    mana_cost: "{3}"
    type_line: Artifact
    oracle_text: "{1}, {T}: Scry 1.\\nWhenever this artifact is tapped for mana, you gain 1 life."
    ```

    ## Use instead
    ```yaml
    name: Humming Obelisk
    mana_cost: "{3}"
    type_line: Artifact
    oracle_text: "{T}: Add {C}.\\nWhenever this artifact is tapped for mana, you gain 1 life."
    ```

    ## Fix safety
    No automatic fix: the missing mana ability is the designer's.
    """

    code = "RUL014"
    name = "tapped-for-mana-without-mana-ability"
    category = "rules"
    severity = "error"
    rules = ("106.12", "106.12a")
    needs = ("text:for mana",)
    message = "{words!r}: {what} has no mana ability with {{T}} in its cost, so it is never tapped for mana"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        if not face.is_permanent or "for mana" not in face.masked:
            return
        if _BASIC_LAND_TYPES & set(face.subtypes) or _GAINS_MANA.search(face.text):
            return
        if any(v.ability.kind == "activated" and v.ability.mana_ability and any(p.kind == "tap" for p in v.ability.cost)
               for v in face.walk()):
            return
        if not any(not v.granted and self._may_be_tapped_itself(face, v.ability) for v in face.walk()):
            return  # no trigger may be on the object itself being tapped for mana
        for view in face.walk():
            trigger = view.ability.trigger
            if view.granted or trigger is None or not _FOR_MANA.search(trigger.text):
                continue
            if self._about_itself(trigger):
                yield face.hit(self, trigger.start, trigger.end, words=trigger.text.strip(),
                               what=f"this {face.card_types[0].lower()}" if face.card_types else "this permanent")

    @staticmethod
    def _may_be_tapped_itself(face: api.FaceView, ability: api.Ability) -> bool:
        """Whether the ability, read before its meaning, may have a trigger this check reports:
        it is triggered, and its text before the effect (where its trigger lies) holds the
        words of :data:`_FOR_MANA` and a self-reference of the parse (the object of the
        trigger's clause that is the object itself is one)."""
        effect = ability.effect_start
        if ability.kind != "triggered" or effect is None or not _FOR_MANA_WORDS.search(face.text, ability.start, effect):
            return False
        return any(s < effect and e > ability.start for s, e in face.parsed.self_refs)

    @staticmethod
    def _about_itself(trigger: api.Trigger) -> bool:
        clause = trigger.clause
        if clause is None:
            return False
        return any(isinstance(o, ObjectRef) and o.self_ref for o in (clause.subject, *clause.objects))
