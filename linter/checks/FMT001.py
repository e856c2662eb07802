"""FMT001: a card file that cannot be read."""

from __future__ import annotations

from linter.checks.base import Check


class UnreadableFile(Check):
    """A file that could not be read as a card file.

    ## What it does
    Reports a file that is not valid JSON, XML or YAML, is not valid UTF-8,
    or does not hold cards in a supported shape (Scryfall JSON, MTGJSON,
    Cockatrice XML, oraclelint YAML). The message names the reason and the
    line and column where reading stopped. A path that is no regular file (a
    FIFO, a device such as ``/dev/zero``, a socket) or a file larger than the
    limit (512 MiB) is refused without reading it, and a folder that cannot be
    listed is reported too, never skipped in silence.

    ## Why is this bad?
    Nothing in a file that cannot be read is checked, so its cards may hold
    any defect. Every other file is still checked; the run exits with
    status 2.

    ## Example
    A JSON file that ends in the middle of a card object::

        [{"name": "Ember Scout", "mana_cost": "{R}"

    ## Use instead
    Close the object and the list::

        [{"name": "Ember Scout", "mana_cost": "{R}"}]

    ## Fix safety
    No automatic fix: only the author knows what the file should hold.
    """

    code = "FMT001"
    name = "unreadable-card-file"
    category = "format"
    severity = "error"
    rules = ("200.1",)
    message = "cannot read {what}: {reason}"
    needs_parse = False
