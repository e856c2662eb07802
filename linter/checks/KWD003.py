"""KWD003: a keyword printed on a face whose types it makes no sense on (Equip on an instant)."""

from __future__ import annotations

from typing import Iterable

from linter.checks._keywords import own_keyword_items, type_rules
from linter.checks.base import Check, Hit
from linter.model import Card


class KeywordOnWrongCardType(Check):
    """A keyword that works only on certain card types or subtypes, printed on another.

    ## What it does
    For each keyword of a face's own keyword lines, looks up the card types
    or subtypes the keyword table allows it on (Equip on an Equipment, Crew
    on a Vehicle, Station on a Spacecraft or Planet, Enchant on an Aura,
    Buyback on an instant or sorcery, …) and reports it when the face's type
    line has none of them. Keywords inside a quoted ability an effect grants
    are left alone: they belong to the object that gains them.

    ## Why is this bad?
    These keywords are defined for one kind of card: "Equip" attaches an
    Equipment to a creature (CR 702.6a, 301.5), "Crew" turns a Vehicle into
    an artifact creature (CR 702.122a, 301.7), "Station" charges a
    Spacecraft or Planet (CR 702.184a, 721.1), "Buyback" returns a resolving
    instant or sorcery to its owner's hand. On another card they do nothing
    or cannot work; usually the type line lost a subtype.

    ## Example
    ```yaml
    name: Sudden Spear
    mana_cost: "{R}"
    type_line: Instant
    oracle_text: "Sudden Spear deals 2 damage to any target.\\nEquip {2}"
    ```

    ## Use instead
    ```yaml
    name: Sudden Spear
    mana_cost: "{R}"
    type_line: Artifact — Equipment
    oracle_text: "Equipped creature gets +2/+0.\\nEquip {2}"
    ```

    ## Fix safety
    No automatic fix: the type line or the keyword may be what is wrong.
    """

    code = "KWD003"
    name = "keyword-on-wrong-card-type"
    category = "keywords"
    severity = "error"
    rules = ("702.6", "301.5", "702.122", "301.7", "702.184", "721.1")
    needs = ("ability:keyword",)
    message = "{keyword} on a face that is not {allowed} ({type_line})"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if not face.type_line:
                continue
            have = None
            for item in own_keyword_items(face, typed=True):
                kw = item.keyword
                if have is None:
                    have = set(face.card_types) | set(face.subtypes)
                if kw.allowed_on(have):
                    continue
                by_type = type_rules()
                rules = (kw.rule,) + tuple(dict.fromkeys(by_type[t] for t in kw.types if t in by_type))
                allowed = " or ".join(_article(t) for t in kw.types)
                yield self.hit(face=i, field="oracle_text", start=item.start, end=item.end, rules=rules,
                               keyword=item.name.strip(), allowed=allowed, type_line=face.type_line.strip())


def _article(type_name: str) -> str:
    if type_name in ("Equipment",):
        return "an Equipment"
    return ("an " if type_name[0] in "AEIOU" else "a ") + (type_name.lower() if type_name in (
        "Instant", "Sorcery", "Creature", "Planeswalker") else type_name)
