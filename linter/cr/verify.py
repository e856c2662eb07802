"""Hold the CR numbers the project cites against a Comprehensive Rules text.

A cited number *drifts* when, in that text,

* it does not exist (``missing``);
* it is a titled rule (a section such as 702.9 "Flying") and its title is
  no longer the one the catalogue recorded (``title-changed``);
* it is a sub-rule of a titled rule whose title changed, so the sub-rule now
  belongs to something else (``section-changed``; 702.11d after Hexproof
  moved away from 702.11).

When the recorded title still stands elsewhere, the drift suggests the new
number: the titled rule's new number, or for a sub-rule the same letter
under the section's new number.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from linter.cr.citations import cited_numbers, sort_key, titled_ancestors
from linter.cr.lists import ascii_apostrophes
from linter.cr.parser import CRDocument
from linter.tables import RuleEntry, rule_index


@dataclass(slots=True)
class Drift:
    number: str
    kind: str  # missing, title-changed, section-changed
    expected_title: str | None
    found_title: str | None
    suggestion: str | None = None
    section: str | None = None  # for section-changed: the titled rule that moved
    cited_by: list[str] = field(default_factory=list)

    def describe(self) -> str:
        if self.kind == "missing":
            text = f"{self.number} does not exist"
            if self.expected_title:
                text += f" (cited as {self.expected_title!r})"
        elif self.kind == "title-changed":
            text = f"{self.number} is now titled {self.found_title!r}, not {self.expected_title!r}"
        else:
            text = (f"{self.number} belongs to {self.section}, which is now titled "
                    f"{self.found_title!r}, not {self.expected_title!r}")
        if self.suggestion:
            text += f"; use {self.suggestion}"
        return text

    def as_json(self) -> dict:
        return asdict(self)


def _norm(title: str | None) -> str:
    return ascii_apostrophes(title or "").casefold().strip()


def verify(doc: CRDocument, cited: dict[str, list[str]] | None = None,
           index: dict[str, RuleEntry] | None = None) -> list[Drift]:
    """Every drift of the cited numbers against ``doc``, in document order."""
    cited = cited_numbers() if cited is None else cited
    index = rule_index() if index is None else index
    headings: dict[str, str] = {n: e.title for n, e in index.items() if e.cr_title}
    where_now: dict[str, list[str]] = {}
    for number, title in doc.titles().items():
        where_now.setdefault(_norm(title), []).append(number)

    def moved_to(title: str | None) -> str | None:
        found = where_now.get(_norm(title)) if title else None
        return found[0] if found and len(found) == 1 else None

    drifts: list[Drift] = []
    for number in sorted(cited, key=sort_key):
        by = list(cited[number])
        expected = index[number].title if number in index else None
        rule = doc.get(number)
        own_heading = headings.get(number)
        if rule is None:
            suggestion = moved_to(own_heading)
            if suggestion is None:
                suggestion = _moved_child(number, doc, headings, moved_to)
            drifts.append(Drift(number, "missing", expected, None, suggestion, None, by))
            continue
        if own_heading is not None and _norm(rule.title) != _norm(own_heading):
            drifts.append(Drift(number, "title-changed", own_heading, rule.title,
                                moved_to(own_heading), None, by))
            continue
        for ancestor in titled_ancestors(number):  # nearest titled rule first
            want = headings.get(ancestor)
            if want is None:
                continue
            have = doc.get(ancestor)
            if have is None or _norm(have.title) != _norm(want):
                new_parent = moved_to(want)
                suggestion = None
                if new_parent is not None:
                    candidate = new_parent + number[len(ancestor):]
                    if doc.get(candidate) is not None:
                        suggestion = candidate
                drifts.append(Drift(number, "section-changed", want, have.title if have else None,
                                    suggestion, ancestor, by))
            break
    return drifts


def _moved_child(number, doc, headings, moved_to) -> str | None:
    """For a missing sub-rule: the same place under its titled parent's new number."""
    for ancestor in titled_ancestors(number):
        want = headings.get(ancestor)
        if want is None:
            continue
        new_parent = moved_to(want)
        if new_parent is not None and new_parent != ancestor:
            candidate = new_parent + number[len(ancestor):]
            if doc.get(candidate) is not None:
                return candidate
        return None
    return None
