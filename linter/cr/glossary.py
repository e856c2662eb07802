"""Read the game's vocabulary from the Comprehensive Rules: glossary terms and section titles.

The CR's glossary defines the words of the game ("Draw", "Graveyard",
"Combat Damage", "You, Your"); each definition ends by pointing at the rules
that govern the term ("See rule 121, ..."). The numbered rules carry titles
("121. Drawing a Card", "503. Upkeep Step"). Both are facts of an edition:
``tools/extract_cr_vocabulary.py`` writes them into
``rules_data/vocabulary.yaml`` and a corpus test holds that file against the
pinned edition.

Only names and rule numbers are taken; the definitions themselves are not
kept anywhere in the project.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from linter.cr.lists import ascii_apostrophes
from linter.cr.parser import CRDocument

_NUMBER = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?:[–-]([a-z]))?(?![\d])")
_SECTION = re.compile(r"\bsection (\d)\b")
_SEE = re.compile(r"\bSee (?:also )?(?!rules?\b|section\b|\d)([^.]+?)\.(?=\s|$)")
_OBSOLETE = " (Obsolete)"
_QUOTES = str.maketrans({"“": "", "”": "", '"': ""})


@dataclass(frozen=True, slots=True)
class GlossaryTerm:
    """One glossary entry: its headword, the names it lists, what it points to."""

    term: str  # the headword as the CR prints it (apostrophes made ASCII)
    names: tuple[str, ...]  # lower-case names the headword lists ("life", "life total")
    rules: tuple[str, ...]  # the rules the definition points to, in order
    see: tuple[str, ...] = ()  # other headwords the definition refers to
    obsolete: bool = False


def _rules_of(definition: str, doc: CRDocument) -> list[str]:
    out: list[str] = []

    def add(number: str) -> None:
        if number not in out and doc.get(number) is not None:
            out.append(number)

    for m in _NUMBER.finditer(definition):
        number, upto = m.group(1), m.group(2)
        add(number)
        if upto and number[-1].isalpha():  # "205.1a–b"
            for letter in range(ord(number[-1]) + 1, ord(upto) + 1):
                add(number[:-1] + chr(letter))
    for m in _SECTION.finditer(definition):
        add(m.group(1) + "00")  # "section 4, Zones": the chapter's general rule
    return out


def _plain(text: str) -> str:
    """Text without quotation marks, with ASCII apostrophes ("See “X.”" -> "See X.")."""
    return ascii_apostrophes(text.translate(_QUOTES))


def _clean(name: str) -> str:
    return ascii_apostrophes(name.translate(_QUOTES)).strip(" ,.").strip()


def _names_of(headword: str, whole_names: set[str]) -> list[str]:
    """The names a headword lists: "Life, Life Total" -> life, life total.

    A headword that another entry cites whole ("See Active Player,
    Nonactive Player Order.") is one name even though it holds a comma.
    """
    if _clean(headword) in whole_names or "," not in headword:
        return [_clean(headword).lower()]
    parts = re.split(r",\s*(?=[A-Z])", headword.translate(_QUOTES))
    return [p for p in (_clean(part).lower() for part in parts) if p]


def glossary_terms(doc: CRDocument) -> list[GlossaryTerm]:
    """Every glossary entry of ``doc`` as a :class:`GlossaryTerm`, in the CR's order."""
    # headwords without quotes -> as kept ("Intervening If Clause" -> Intervening “If” Clause)
    plain_heads = {_clean(h.removesuffix(_OBSOLETE)): ascii_apostrophes(h.removesuffix(_OBSOLETE))
                   for h in doc.glossary}
    cited_whole: set[str] = set()
    for definition in doc.glossary.values():
        for m in _SEE.finditer(_plain(definition)):
            cited_whole.add(_clean(m.group(1)))
    out = []
    for raw, definition in doc.glossary.items():
        obsolete = raw.endswith(_OBSOLETE)
        term = ascii_apostrophes(raw.removesuffix(_OBSOLETE))
        names = _names_of(term, cited_whole)
        see = []
        for m in _SEE.finditer(_plain(definition)):
            target = plain_heads.get(_clean(m.group(1)))
            if target is not None and target != term and target not in see:
                see.append(target)
        out.append(GlossaryTerm(term, tuple(names), tuple(_rules_of(definition, doc)), tuple(see), obsolete))
    return out


def section_titles(doc: CRDocument) -> dict[str, str]:
    """Every rule number the CR heads with a title, with the title (ASCII apostrophes)."""
    return {n: ascii_apostrophes(t) for n, t in doc.titles().items()}
