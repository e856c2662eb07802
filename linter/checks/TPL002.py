"""TPL002: a phrasing that current Oracle text no longer uses (rules_data/templating.yaml)."""

from __future__ import annotations

import functools
import re
from typing import Iterable

from linter.checks import api
from linter.checks._templating import (
    Phrasing, cap, line_before, phrasings, sentence_before, sentence_start, since,
)
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card, Face

_SUBJECT_WORDS = {
    "creature": re.compile(r"\bcreatures?\b"),
    "planeswalker": re.compile(r"\bplaneswalkers?\b"),
}
# nouns that make a subject something else than a creature or planeswalker
_OTHER_NOUNS = re.compile(r"\b(?:permanents?|artifacts?|enchantments?|lands?|cards?|tokens?|battles?|objects?)\b")
# "this permanent" may be a land or an Aura (a bestowed creature): it does not die
_SELF_SUBJECT = re.compile(r"(?:~|CARDNAME|\b[Tt]his (?:creature|planeswalker))\s*$")
# the last clause before the verb: "When X is put into ...", "Whenever a creature ... is put ..."
_CLAUSE = re.compile(r"(?:^|.*(?:\b[Ww]hen(?:ever)?|\b[Ii]f|,))\s*(?P<subj>[^,]*)$", re.S)


@functools.lru_cache(maxsize=1)
def _every_hint() -> tuple[str, ...] | None:
    """The words of every entry's ``hints``, once each (a face with none of them has none of
    the phrasings), or None where an entry has no hints (every face is read then)."""
    table = phrasings()
    if not all(entry.hints for entry in table):
        return None
    return tuple(dict.fromkeys(h for entry in table for h in entry.hints))


def _needs() -> tuple[str, ...]:
    """The check's needs: the words of every entry's hints, whatever their case (none where
    an entry has no hints)."""
    hints = _every_hint()
    return () if hints is None else tuple(dict.fromkeys(f"text:{h.lower()}" for h in hints))


class OutdatedPhrasing(Check):
    """A phrasing that current Oracle text no longer uses.

    ## What it does
    Looks for each entry of the outdated-phrasing table in
    ``rules_data/templating.yaml``: "converted mana cost", "his or her",
    "precombat main phase", "Activate this ability only", "comes into play",
    "is put into a graveyard from the battlefield" (said of a creature or
    planeswalker), "T:" for the tap symbol, "then shuffle your library" after a
    search, and more. Each entry says which set changed the wording, so the
    message tells since when.

    ## Why is this bad?
    Oracle text is the wording a card would have if it were printed today;
    cards in a set read alike when they use it. Mana value is defined in
    CR 202.3, dies in CR 700.4, the main phases in CR 505.1, the tap symbol in
    CR 107.5, activation restrictions in CR 602.5b.

    ## Example
    ```yaml
    oracle_text: "Creatures with converted mana cost 2 or less can't block."
    ```

    ## Use instead
    ```yaml
    oracle_text: "Creatures with mana value 2 or less can't block."
    ```

    ## Fix safety
    Each table entry says whether its replacement keeps the meaning in every
    case: "mana value", "their", "Activate only", "first main phase" and "dies"
    are safe; "second main phase" is unsafe (an extra combat makes more main
    phases after combat), "they" is unsafe (the verb after it may need
    changing). Entries without a certain replacement offer no fix.
    """

    code = "TPL002"
    name = "outdated-phrasing"
    category = "templating"
    severity = "warning"
    rules = ("207.1", "202.3", "700.4", "505.1", "107.5", "602.5b", "602.5d")
    fixable = True
    needs = _needs()
    message = "{found!r} is outdated: current Oracle text says {want}{since} ({note})"

    def check_card(self, card: Card) -> Iterable[Hit]:
        table = phrasings()
        hints = _every_hint()
        for view in api.card_faces(card):
            i, face, text = view.index, view.face, view.text
            if hints is not None:
                for h in hints:
                    if h in text:
                        break
                else:
                    continue  # no entry's words: most faces
            taken: list[tuple[int, int]] = []
            for entry in table:
                if entry.hints:
                    for h in entry.hints:
                        if h in text:
                            break
                    else:
                        continue
                for m in entry.find.finditer(text):
                    s, e = m.span()
                    if s == e or any(a < e and s < b for a, b in taken):
                        continue
                    if entry.after is not None and not entry.after.search(line_before(text, s)):
                        continue
                    if entry.subject and not self._subject_fits(entry, face, text, s):
                        continue
                    taken.append((s, e))
                    yield self._hit(i, text, m, entry)

    @staticmethod
    def _subject_fits(entry: Phrasing, face: Face, text: str, start: int) -> bool:
        """Whether the words before the match name a creature or planeswalker (or the card itself)."""
        clause = _CLAUSE.match(sentence_before(text, start))
        subj = clause.group("subj") if clause else ""
        if "self" in entry.subject and _SELF_SUBJECT.search(subj):
            return face.has_type(*entry.types) if entry.types else True
        if "self" in entry.subject and face.name and subj.rstrip().endswith(face.name):
            return face.has_type(*entry.types) if entry.types else True
        if _OTHER_NOUNS.search(subj):
            return False
        return any(_SUBJECT_WORDS[w].search(subj) for w in entry.subject if w in _SUBJECT_WORDS)

    def _hit(self, i: int, text: str, m: re.Match, entry: Phrasing) -> Hit:
        found = m.group(0)
        fix = None
        if entry.replace is not None:
            new = m.expand(entry.replace)
            if sentence_start(text, m.start()) and found[:1].isupper():
                new = cap(new, True)
            if m.groupdict().get("verb") == "are" and new == "dies":
                new = "die"
            fix = Fix(f"write {new!r}", [Edit(m.start(), m.end(), new)], safe=entry.safe, face=i,
                      field="oracle_text")
            want = repr(new)
        else:
            want = "another wording"
        return self.hit(face=i, field="oracle_text", start=m.start(), end=m.end(), fix=fix, rules=entry.rules,
                        found=found, want=want, since=since(entry.era), note=entry.note)
