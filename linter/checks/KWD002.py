"""KWD002: a keyword whose parameter is missing or not of the form the keyword takes."""

from __future__ import annotations

from typing import Iterable

from linter.checks._keywords import malformed_items
from linter.checks.base import Check, Hit
from linter.model import Card

_WHAT = {"cost": "a cost", "number": "a number", "number-cost": "a number and a cost", "quality": "a quality",
         "type": "what it applies to", "name": "a name", "other": "its parameter"}


class KeywordParameterMalformed(Check):
    """A keyword without the parameter it needs, or with one of the wrong form.

    ## What it does
    Checks every keyword of a keyword line, including keywords in a quoted
    ability an effect grants, against the forms the keyword is written in:
    "Ward" without a cost, "Equip" without a cost, "Crew" without a number,
    "Enchant" without what it enchants, "Protection red" without "from",
    "Flying 2" (Flying takes nothing). Keywords the set declares are checked
    against the parameter their declaration gives. A cost written without
    braces ("Equip 2") is SYM003's finding, which names the symbols to write;
    where SYM003 reports it, this check does not report the keyword again.

    ## Why is this bad?
    A parameterized keyword means nothing without its parameter: "Ward
    [cost]" counters a spell unless its controller pays that cost
    (CR 702.21a), "Equip [cost]" is activated by paying it (CR 702.6a), and
    "Protection from [quality]" names what the permanent is protected from
    (CR 702.16a). The card cannot be played as written.

    ## Example
    ```yaml
    name: Veiled Sentinel
    mana_cost: "{2}{U}"
    type_line: Creature — Spirit
    oracle_text: "Flying\\nWard"
    power: "2"
    toughness: "2"
    ```

    ## Use instead
    ```yaml
    name: Veiled Sentinel
    mana_cost: "{2}{U}"
    type_line: Creature — Spirit
    oracle_text: "Flying\\nWard {2}"
    power: "2"
    toughness: "2"
    ```

    ## Fix safety
    No automatic fix: only the designer knows the cost or the quality.
    """

    code = "KWD002"
    name = "keyword-parameter-malformed"
    category = "keywords"
    gives_way_to = ("SYM003",)
    severity = "error"
    rules = ("702.1", "702.6", "702.16", "702.21")
    needs = ("ability:keyword", "ability:unknown")
    message = "{problem}; it is written {expected}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            for item in malformed_items(face):
                kw = item.keyword
                if item.status == "missing":
                    what = _WHAT.get(kw.parameter, "a parameter") if kw is not None else "a parameter"
                    problem = f"\"{item.name.strip()}\" needs {what}"
                elif kw is not None and kw.parameter == "none":
                    problem = f"\"{item.name.strip()}\" takes no parameter, but \"{item.text[len(item.name):].strip()}\" follows it"
                else:
                    problem = f"\"{item.text}\" does not fit the keyword's form"
                rules = tuple(dict.fromkeys((kw.rule, "702.1"))) if kw is not None else None
                yield self.hit(face=i, field="oracle_text", start=item.start, end=item.end, rules=rules,
                               problem=problem, expected=item.expected or "with a parameter")
