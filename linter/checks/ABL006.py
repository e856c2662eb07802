"""ABL006: an Aura without an Enchant ability, or with more than one."""

from __future__ import annotations

from typing import Iterable

from linter.checks.base import Check, Hit
from linter.model import Card


class AuraEnchantCount(Check):
    """An Aura face with no Enchant keyword, or with several.

    ## What it does
    Counts the Enchant keyword abilities of each face whose type line has
    the Aura subtype. None is an error; more than one is a warning. A face
    the file gives no rules text for (or a placeholder word such as "NA")
    is left alone.

    ## Why is this bad?
    An Aura spell targets what its enchant ability allows, and an Aura can
    only be attached to what that ability names (CR 303.4, 303.4a, 702.5a).
    Without one the Aura has nothing it may legally target. Several enchant
    abilities all apply at once (CR 702.5c), which is legal but almost never
    intended: usually one of them is a leftover of an earlier version.

    ## Example
    ```yaml
    name: Gift of Talons
    mana_cost: "{1}{G}"
    type_line: Enchantment — Aura
    oracle_text: "Enchanted creature gets +2/+2 and has trample."
    ```

    ## Use instead
    ```yaml
    name: Gift of Talons
    mana_cost: "{1}{G}"
    type_line: Enchantment — Aura
    oracle_text: "Enchant creature\\nEnchanted creature gets +2/+2 and has trample."
    ```

    ## Fix safety
    No automatic fix: only the designer knows what the Aura enchants.
    """

    code = "ABL006"
    name = "aura-without-exactly-one-enchant"
    category = "abilities"
    severity = "error"
    rules = ("303.4", "303.4a", "702.5")
    needs = ("type:Aura",)
    message = "{problem}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if face.parsed is None or "Aura" not in face.subtypes or len((face.oracle_text or "").split()) < 2:
                continue
            enchants = [a for a in face.parsed.abilities if a.kind == "keyword" and a.keyword == "Enchant"]
            if not enchants:
                yield self.hit(face=i, field="type_line",
                               problem="this Aura has no Enchant ability, so it has nothing it may target or enchant")
            elif len(enchants) > 1:
                second = enchants[1]
                yield self.hit(face=i, field="oracle_text", start=second.start, end=second.end, severity="warning",
                               rules=("702.5c",),
                               problem=f"this Aura has {len(enchants)} Enchant abilities; all of them apply at once")
