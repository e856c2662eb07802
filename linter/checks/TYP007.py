"""TYP007: a type name that Oracle text has retired (Tribal, old creature types)."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import CharData, TypeLine, Word, char_data, judged_type_lines
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


def _needs() -> tuple[str, ...]:
    """The check's needs: the retired names (rules_data/characteristics.yaml)."""
    data = char_data()
    return tuple(f"type-word:{w}" for w in sorted({*data.retired_types, *data.retired_subtypes}))


class RetiredTypeName(Check):
    """A card type or subtype written with a name that has been replaced.

    ## What it does
    Notes "Tribal" (now Kindred) and creature types that the current lists no
    longer hold because Oracle text merged them into another (Naga into
    Snake, Viashino into Lizard, Hound into Dog, Cephalid into Octopus; the
    table is rules_data/characteristics.yaml).

    ## Why is this bad?
    Tribal is an obsolete name of the kindred card type (CR 308, glossary),
    and the creature types of CR 205.3m are the ones effects count: a card
    still called a Viashino is not a Lizard for "Lizards you control". Cards
    printed before the change keep their old wording, so this is a note.

    ## Example
    ```yaml
    name: Spearhead Volley
    mana_cost: "{1}{R}"
    type_line: Tribal Instant — Goblin
    ```

    ## Use instead
    ```yaml
    name: Spearhead Volley
    mana_cost: "{1}{R}"
    type_line: Kindred Instant — Goblin
    ```

    ## Fix safety
    Renaming a card type is safe. Renaming a creature type is unsafe: the
    card may already have the new type, or its text may name the old one.
    """

    code = "TYP007"
    name = "retired-type-name"
    category = "templating"
    severity = "info"
    rules = ("308.1", "205.3m")
    needs = _needs()
    message = "{word!r} is an old name: Oracle text now says {new!r}"
    fixable = True
    needs_parse = False

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, (w, new, safe, rules) in judged_type_lines(card, _retired):
            fix = Fix(f"Rename to {new!r}", [Edit(w.start, w.end, new)], safe=safe, face=i, field="type_line")
            yield self.hit(face=i, field="type_line", start=w.start, end=w.end, fix=fix,
                           rules=rules, word=w.text, new=new)


def _retired(tl: TypeLine, data: CharData) -> list[tuple[Word, str, bool, tuple[str, ...]]]:
    """(word, its new name, whether renaming it is safe, the rules) of each retired name of a type line."""
    found = [(w, data.retired_types[w.text], True, ("308.1",)) for w in tl.head if w.text in data.retired_types]
    found += [(w, data.retired_subtypes[w.key], False, ("205.3m",))
              for w in tl.subtypes if w.key in data.retired_subtypes]
    return found
