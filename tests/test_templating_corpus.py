"""The templating checks on the real Cockatrice sets: silent on current wording, finding the old.

Sets released from Foundations (2024-11-15) on use current Oracle wording, so
the templating checks report nothing there beyond a few spoiler-text slips the
files really have (KNOWN_WRONG, each must stay found). Older sets are real
examples of outdated wording, and the safe fixes of the wording checks make a
set clean of those findings.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

FOUNDATIONS = "2024-11-15"
_RELEASE = re.compile(rb"<releasedate>(\d{4}-\d{2}-\d{2})</releasedate>")

#: (file, card, code): findings on current sets that are right, the file is wrong.
#: DRC's spoiler text of two energy cards starts an effect with "this";
#: TLA writes "Choose one—" without its spaces twice; DFT's Clamorous Ironclad
#: (two printings) lacks "until" in its Crew reminder and FIN misspells
#: "creatures" in one.
KNOWN_WRONG = {
    ("DRC.xml", "Aetherwind Basker", "TPL005"),
    ("DRC.xml", "Bespoke Battlewagon", "TPL005"),
    ("TLA.xml", "Ember Island Production", "TPL007"),
    ("TLA.xml", "Sandbenders' Storm", "TPL007"),
    ("DFT.xml", "Clamorous Ironclad", "TPL012"),
    ("FIN.xml", "Sidequest: Card Collection // Magicked Card", "TPL012"),
}


def _sets(shared_data: Path) -> list[tuple[str, Path]]:
    out = []
    for path in sorted((shared_data / "cards" / "cockatrice-sets").glob("*.xml")):
        m = _RELEASE.search(path.read_bytes()[:4000])
        if m:
            out.append((m.group(1).decode(), path))
    return out


def _read(paths) -> list:
    from linter.readers import read_file

    cards = []
    for path in paths:
        result = read_file(str(path))
        assert result.error is None, result.error.describe()
        cards.extend(result.cards)
    return cards


def test_current_sets_get_no_templating_finding(shared_data):
    from linter.engine import lint_cards

    today = datetime.date.today().isoformat()
    # a release date in the future is a mistake of the file (one set says 2109)
    current = [p for d, p in _sets(shared_data) if FOUNDATIONS <= d <= today]
    assert len(current) >= 20
    cards = _read(current)
    errors: list[str] = []
    found, unexpected = set(), []
    for d in lint_cards(cards, select=["TPL"], errors=errors):
        key = (Path(d.path).name, d.card, d.code)
        found.add(key)
        if key not in KNOWN_WRONG:
            unexpected.append(f"{key[0]}:{d.line}: {d.code} {d.message} ({d.card})")
    assert not errors, errors[:5]
    assert not unexpected, "\n".join(unexpected[:30])
    assert KNOWN_WRONG <= found, f"no longer found: {sorted(KNOWN_WRONG - found)}"


def _apply_safe(cards, diagnostics) -> int:
    """Apply the safe fixes to the cards' text in memory (later edits first); how many."""
    by_field: dict[tuple[int, int], list] = {}
    for d in diagnostics:
        if d.fix is not None and d.fix.safe:
            face = d.fix.face if d.fix.face is not None else (d.face or 0)
            by_field.setdefault((id(d.card_obj), face), []).append((d.card_obj, d.fix))
    applied = 0
    for items in by_field.values():
        card, _fix = items[0]
        face = card.faces[items[0][1].face or 0]
        edits = sorted((e for _c, f in items for e in f.edits), key=lambda e: e.start, reverse=True)
        text = face.oracle_text
        last = len(text) + 1
        for e in edits:
            if e.end > last:
                continue  # overlaps an edit already made
            text = text[:e.start] + e.text + text[e.end:]
            last = e.start
            applied += 1
        face.oracle_text = text
        face.parsed = None
    return applied


def test_older_sets_get_outdated_wording_and_safe_fixes_clear_it(shared_data):
    from linter.engine import lint_cards

    older = {p.name: p for d, p in _sets(shared_data) if d < "2024-08-02"}
    cards = _read([older["M20.xml"], older["ZNR.xml"]])
    codes = ["TPL001", "TPL002", "TPL003"]
    before = lint_cards(cards, select=codes)
    counts = {c: sum(1 for d in before if d.code == c) for c in codes}
    assert counts["TPL001"] > 100, counts  # "enters the battlefield"
    assert counts["TPL002"] > 20, counts  # "converted mana cost", "then shuffle your library" …
    assert counts["TPL003"] > 200, counts  # cards that name themselves
    assert any("since Strixhaven (2021-04-23)" in d.message for d in before)
    assert _apply_safe(cards, before) > 300
    after = lint_cards(cards, select=codes)
    left = [d for d in after if d.fix is not None and d.fix.safe]
    assert not left, "\n".join(f"{d.card}: {d.message}" for d in left[:20])
