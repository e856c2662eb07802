"""KWD001: a keyword line naming a keyword that neither the rules nor the set's configuration know."""

from __future__ import annotations

from typing import Iterable

from linter.checks._keywords import unknown_line_items
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


class UnknownKeyword(Check):
    """A keyword line with a word that is no keyword ("Flyng", "Spellslinger 2").

    ## What it does
    Reads the lines the parser could not take as keywords but that are
    written like keyword lines: comma-separated items of a few words, each
    maybe followed by a cost, a number or reminder text. An item that is no
    keyword of the Comprehensive Rules (CR 702), no keyword printed on real
    cards outside them (Alchemy and Un-set mechanics), no keyword the set
    declares in its configuration, and no keyword the card's own data lists
    (Scryfall's ``keywords``: a mechanic newer than the cited edition of the
    rules is still a keyword) is reported, with the closest known
    keyword when there is one. A line of a single unknown word without a
    parameter, reminder text or a near-miss spelling is left alone: it may
    be a title or a fragment.

    ## Why is this bad?
    A keyword means only what its rule says (CR 702.1); a misspelled keyword
    means nothing, and a set's own keyword needs its reminder text and
    rules written down somewhere. Declaring it in the configuration
    (`[[tool.oraclelint.keywords]]`) tells oraclelint the set defines it.

    ## Example
    ```yaml
    name: Cloudskimmer Owl
    mana_cost: "{1}{U}"
    type_line: Creature — Bird
    oracle_text: "Flyng, vigilance"
    power: "1"
    toughness: "2"
    ```

    ## Use instead
    ```yaml
    name: Cloudskimmer Owl
    mana_cost: "{1}{U}"
    type_line: Creature — Bird
    oracle_text: "Flying, vigilance"
    power: "1"
    toughness: "2"
    ```

    ## Fix safety
    When a known keyword is close, the fix replaces the word with it. It is
    unsafe: the word may be a new mechanic that only needs declaring.
    """

    code = "KWD001"
    name = "unknown-keyword"
    category = "keywords"
    severity = "warning"
    rules = ("702.1",)
    needs = ("ability:keyword", "ability:unknown")
    fixable = True
    message = "unknown keyword \"{word}\"{hint}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        # a keyword the card's own data lists (Scryfall's "keywords") is one, even where it
        # is newer than the Comprehensive Rules edition oraclelint cites
        listed = None
        for i, face in enumerate(card.faces):
            # an unknown item stands only on a line the parser could not read as abilities (a
            # top-level "unknown" one): the keyword items of a face without one are not judged
            if face.parsed is None or not any(a.kind == "unknown" for a in face.parsed.abilities):
                continue
            for item in unknown_line_items(face):
                if item.status != "unknown" or not item.signal:
                    continue
                if listed is None:
                    listed = {k.strip().casefold() for k in card.keywords or ()}
                if item.name.strip().casefold() in listed:
                    continue
                fix = None
                if item.suggestion:
                    hint = f"; did you mean \"{item.suggestion}\"?"
                    word = item.suggestion if item.name[:1].isupper() else item.suggestion.lower()
                    fix = Fix(f"Replace with {item.suggestion}",
                              [Edit(item.start, item.start + len(item.name), word)],
                              safe=False, face=i, field="oracle_text")
                else:
                    hint = " (declare it in the configuration if the set defines it)"
                yield self.hit(face=i, field="oracle_text", start=item.start, end=item.end, fix=fix,
                               word=item.name, hint=hint)
