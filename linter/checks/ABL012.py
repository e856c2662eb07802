"""ABL012: an activated ability that adds mana but is no mana ability (a target, or a loyalty cost)."""

from __future__ import annotations

from typing import Iterable

from linter.checks import api


class ManaAbilityDisqualified(api.FaceCheck):
    """An activated ability that adds mana but is not a mana ability: it targets, or it is a loyalty ability.

    ## What it does
    Notes each activated ability (also one granted inside quotes) that could
    add mana but has a target, and each loyalty ability that adds mana.
    Triggered abilities are ABL001's.

    ## Why is this bad?
    It is not necessarily wrong, but it plays differently from what "Add"
    suggests. Only an activated ability without a target that is not a
    loyalty ability is a mana ability (CR 605.1a); any other one uses the
    stack, can be responded to, and cannot be activated in the middle of
    paying a cost (CR 605.5a). A loyalty ability can also be activated only
    once a turn, at sorcery speed, so its mana usually pays for a spell cast
    later in the same main phase.

    ## Example
    ```yaml
    name: Grove Warden
    mana_cost: "{1}{G}"
    type_line: Creature — Elf Druid
    oracle_text: "{T}: Target player adds {G}{G}."
    power: "1"
    toughness: "1"
    ```

    ## Use instead
    Keep it if the stack timing is intended; otherwise drop the target
    ("{T}: Add {G}{G}.").

    ## Fix safety
    Nothing to fix: this is a note.
    """

    code = "ABL012"
    name = "mana-ability-disqualified"
    category = "abilities"
    severity = "info"
    rules = ("605.1a", "605.5a")
    needs = ("mark:adds-mana",)
    message = "{what} adds mana but is not a mana ability ({why}): it uses the stack and can be responded to{more}"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        for view in face.walk():
            ability = view.ability
            if not ability.adds_mana:
                continue
            if ability.kind == "loyalty":
                yield face.hit(self, ability.start, ability.end, what="this loyalty ability",
                               why="a loyalty ability never is one", more=", and only once a turn at sorcery speed")
            elif ability.kind == "activated" and ability.has_target:
                yield face.hit(self, ability.start, ability.end, what="this activated ability", why="it has a target",
                               more=", and it cannot be activated while paying a cost")
