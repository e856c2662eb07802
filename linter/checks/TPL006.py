"""TPL006: a keyword line whose keywords are not capitalized or separated as Oracle text writes them."""

from __future__ import annotations

from typing import Iterable, Iterator

from linter.checks import api
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Ability, Card, Face


class KeywordLineForm(Check):
    """A keyword line whose keywords are not written "Flying, first strike, lifelink".

    ## What it does
    On a line of keyword abilities, the first keyword starts with a capital
    letter, every later one starts in lower case, the other words of a
    keyword's name are written as the keyword table writes them ("first
    strike", not "First Strike"), and the keywords are separated by a comma
    and a space. Finds a later keyword with a capital ("Flying, Vigilance"), a
    first one in lower case, a name's later word with a capital ("First
    Strike"), and another separator (";", a comma without its space). Where
    reminder text follows the last keyword and explains only that one, the
    keywords may be separated by "; " as well ("Flying; banding (…)"), as
    current Oracle text does.

    ## Why is this bad?
    A keyword line lists abilities that each have their own rules (CR 702.1);
    the list is written the same way on every card, so a reader and an
    exporter can tell where one keyword ends.

    ## Example
    ```yaml
    oracle_text: "Flying; Vigilance"
    ```

    ## Use instead
    ```yaml
    oracle_text: "Flying, vigilance"
    ```

    ## Fix safety
    Safe: only letter case and separators change.
    """

    code = "TPL006"
    name = "keyword-line-malformed"
    category = "templating"
    severity = "warning"
    rules = ("702.1",)
    needs = ("ability:keyword",)
    fixable = True
    message = "keyword line: {what}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for view in api.card_faces(card):
            yield from self._face(view.index, view.face)

    def _case(self, i: int, text: str, a: Ability, first: bool) -> Hit | None:
        """The finding of a keyword whose name is not written in the letter case of its
        place on the line: the first keyword's name starts with a capital, a later one's in
        lower case, and the rest of the name is written as the keyword table writes it
        ("First strike", not "First Strike"; "More Than Meets the Eye" as it is)."""
        name = a.keyword or ""
        written = text[a.start:a.start + len(name)]
        if len(name) < 2 or written.lower() != name.lower():
            # a name the table does not spell like this (a keyword read under another
            # name): its first word alone is judged
            written = text[a.start:a.end].split(" ", 1)[0]
            rest = written[1:]
        else:
            rest = name[1:]
        head = written[0]
        if written.isupper() and len(written) > 1:
            return None  # a line written in capitals is another matter than one keyword's case
        want = (head.upper() if first else head.lower()) + rest
        if want == written:
            return None
        if head != want[0] and rest == written[1:]:
            title, what = ("capitalize", "the first keyword starts with a capital letter") if first else \
                ("lower case", "a later keyword starts in lower case")
            fix = Fix(title, [Edit(a.start, a.start + 1, want[0])], face=i, field="oracle_text")
        else:
            what = ("the words of a keyword's name after the first are in lower case" if rest.islower()
                    else "a keyword's name is written in the letter case the rules give it")
            fix = Fix(f"write {want!r}", [Edit(a.start, a.start + len(written), want)], face=i, field="oracle_text")
        return self.hit(face=i, field="oracle_text", start=a.start, end=a.start + len(written), fix=fix,
                        what=f"{what}: write {want!r}")

    def _face(self, i: int, face: Face) -> Iterator[Hit]:
        text = face.oracle_text or ""
        lines: dict[int, list] = {}
        for a in face.parsed.abilities:
            if a.kind == "keyword" and not a.ability_word:
                lines.setdefault(a.line, []).append(a)
        for items in lines.values():
            if len(items) > 1 and any(text.find("\n", a.end, b.start) >= 0 for a, b in zip(items, items[1:])):
                continue  # not one line after all
            # "Flying; banding (…)": semicolons when the reminder text explains only the last
            last = items[-1]
            semicolons = any(last.start < rs and re_ <= last.end for rs, re_ in face.parsed.reminders)
            for k, a in enumerate(items):
                first = text[a.start] if a.start < len(text) else ""
                if not first.isalpha():
                    continue
                hit = self._case(i, text, a, first=k == 0)
                if hit is not None:
                    yield hit
                if k > 0:
                    prev = items[k - 1]
                    sep = text[prev.end:a.start]
                    if sep != ", " and not (sep == "; " and semicolons) and sep.strip() in (",", ";", ""):
                        fix = Fix("separate with ', '", [Edit(prev.end, a.start, ", ")], face=i, field="oracle_text")
                        yield self.hit(face=i, field="oracle_text", start=prev.end, end=a.start, fix=fix,
                                       what=f"keywords are separated by ', ', not {sep!r}")
