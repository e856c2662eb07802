"""ABL013: "Add" followed by nothing that is a type of mana."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks import api

_ADD = re.compile(r"\b(?:[Aa]dd|adds)\b(?P<obj>[^.;•\n\"“]*)")
# what an "add" that is not about mana starts with: dice and number arithmetic ("add the
# greatest power …", "Add or subtract 1"), cards ("add it to …"), the mana a rule names
_NOT_MANA = re.compile(r"\s*(?:the|that|this|those|its|their|his|her|or|and|to|it|them|up|one to|X to|\d+ to)\b", re.I)
_COUNTER = re.compile(r"\bcounters?\b", re.I)
_SYMBOL = re.compile(r"\{[^{}]*\}")
_BARE_LETTERS = re.compile(r"\s*[WUBRGC]+\b")  # "Add G": a malformed symbol, reported by the symbol checks
_TYPED = re.compile(
    r"\bof (?:any|the|that|one|those|its|their|each|a|an)\b|\bin any combination\b|\bcolou?rs?\b"
    r"|\b(?:white|blue|black|red|green|colorless)\b|\btypes?\b|\bmana cost\b", re.I)


class AddWithoutManaType(api.FaceCheck):
    """"Add" followed by nothing that is a type of mana ("Add one mana.", "Add three.").

    ## What it does
    Reads each "add"/"adds" of a face's rules text (reminder text aside) up
    to the end of its clause and reports it when what is added is neither a
    mana symbol nor mana of a stated type or color: "Add one mana.", "Add
    two.". Mana of a stated color or type, and mana equal to a mana cost (the
    symbols of the cost) are fine. Counters ("add a lore counter") and the
    arithmetic of dice and numbers ("add the greatest power among …") are
    not mana and are left alone; a bare letter ("Add G") is a malformed
    symbol, which the symbol checks report.

    ## Why is this bad?
    There are six types of mana: the five colors and colorless
    (CR 106.1b). An ability that would add mana of an undefined type adds
    no mana at all (CR 106.5), so the card does nothing where the designer
    meant it to ramp.

    ## Example
    ```yaml
    name: Humming Geode
    mana_cost: "{2}"
    type_line: Artifact
    oracle_text: "{T}: Add one mana."
    ```

    ## Use instead
    ```yaml
    name: Humming Geode
    mana_cost: "{2}"
    type_line: Artifact
    oracle_text: "{T}: Add one mana of any color."
    ```

    ## Fix safety
    No automatic fix: only the designer knows the type of mana.
    """

    code = "ABL013"
    name = "add-without-mana-type"
    category = "abilities"
    severity = "warning"
    rules = ("106.1b", "106.5")
    needs = ("text:dd",)
    message = "\"{added}\" adds no mana: {why}"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        plain = face.plain  # reminder text says nothing about the card
        if "dd" not in plain:
            return
        text = face.text
        clauses = None
        for m in _ADD.finditer(plain):
            obj = plain[m.start("obj"):m.end("obj")]
            if not self._why(obj):
                continue  # most "add"s name their mana: the parse is read only for the others
            if clauses is None:
                clauses = [c for _v, c in face.actions("add-mana")]
            # what is added runs to the end of the clause the parse read ("Add one mana and
            # draw a card" adds "one mana")
            clause = next((c for c in clauses if c.action.start == m.start()), None)
            if clause is not None:
                obj = plain[m.start("obj"):min(m.end("obj"), clause.end)]
            why = self._why(obj)
            if why:
                end = m.start("obj") + len(obj.rstrip(" ,"))
                yield face.hit(self, m.start(), end, added=text[m.start():end].strip(), why=why)

    @staticmethod
    def _why(obj: str) -> str | None:
        if not obj.strip() or _NOT_MANA.match(obj) or _COUNTER.search(obj) or _SYMBOL.search(obj):
            return None
        if _BARE_LETTERS.match(obj):
            return None
        if re.search(r"\bmana\b", obj, re.I):
            if _TYPED.search(obj):
                return None
            return "mana of no stated type or color is mana of an undefined type"
        return "nothing it names is a type of mana"

