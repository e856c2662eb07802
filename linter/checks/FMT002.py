"""FMT002: a card entry the reader had to skip or a field it could not take."""

from __future__ import annotations

from linter.checks.base import Check


class MalformedCardEntry(Check):
    """A card entry, or a field of one, that the reader could not take as written.

    ## What it does
    Reports what a reader passed over while it read the rest of the file: an
    entry without a name, a field whose value has the wrong shape (a list
    where text belongs, a number where a list of colors belongs), a field
    given twice, a field the format does not know, an unquoted YAML value
    that YAML reads differently from what was meant. The message names the
    field and the place.

    ## Why is this bad?
    A field that was not taken is not checked, and the tools that read the
    file after oraclelint (Cockatrice, a printing pipeline, an export) may
    drop the card or the field too. Such entries are usually typos in the
    file's structure rather than in the card.

    ## Example
    ```yaml
    name: Ember Scout
    colors: 5
    power: [2]
    ```

    ## Use instead
    ```yaml
    name: Ember Scout
    colors: [R]
    power: "2"
    ```

    ## Fix safety
    No automatic fix: the intended value is not known.
    """

    code = "FMT002"
    name = "malformed-card-entry"
    category = "format"
    severity = "warning"
    rules = ("200.1",)
    message = "{reason}"
    needs_parse = False
