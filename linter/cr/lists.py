"""Read the word lists the Comprehensive Rules spell out: keywords, ability words, types.

These lists are facts of the game.  ``tools/extract_cr_lists.py`` writes the
catalogue's tables from them, and the catalogue tests hold the tables against
them, so a new edition that adds a creature type shows up as a failing test.

Names are returned as the catalogue stores them: typographic apostrophes are
replaced by ASCII ones (card text in the wild uses ``Urza's``).
"""

from __future__ import annotations

import re

from linter.cr.parser import CRDocument

# "these subtypes are called artifact types" -> the card types sharing the list
_SUBTYPE_OWNERS = {
    "artifact": ("Artifact",),
    "enchantment": ("Enchantment",),
    "land": ("Land",),
    "planeswalker": ("Planeswalker",),
    "spell": ("Instant", "Sorcery"),
    "creature": ("Creature", "Kindred"),
    "planar": ("Plane",),
    "dungeon": ("Dungeon",),
    "battle": ("Battle",),
}


def ascii_apostrophes(text: str) -> str:
    return text.replace("\u2019", "'").replace("\u2018", "'")


def split_list(text: str) -> list[str]:
    """``"a, b, and c"`` -> ``["a", "b", "c"]`` (parenthetical references dropped)."""
    text = re.sub(r"\s*\([^)]*\)", "", text).strip().rstrip(".")
    items = []
    for part in re.split(r",\s*", text):
        part = re.sub(r"^(and|or)\s+", "", part.strip())
        if " and " in part and not items:  # a two-item list "x and y"
            items.extend(p.strip() for p in part.split(" and "))
        elif part:
            items.append(part)
    return [ascii_apostrophes(i) for i in items]


def _sentence_after(text: str, lead: str) -> str | None:
    """The list that follows ``lead`` up to the end of its sentence."""
    m = re.search(re.escape(lead) + r"\s+(.+?)\.(?=\s+[A-Z]|\s*$)", text, re.S)
    return m.group(1) if m else None


def keyword_sections(doc: CRDocument, chapter: str = "702") -> dict[str, str]:
    """Rule number -> title of each keyword section (702.2 ... or 701.2 ...)."""
    out = {}
    for number, rule in doc.rules.items():
        if rule.depth == 1 and number.startswith(chapter + ".") and rule.title:
            out[number] = ascii_apostrophes(rule.title)
    return out


def ability_words(doc: CRDocument) -> list[str]:
    rule = doc.get("207.2c")
    if rule is None:
        return []
    found = _sentence_after(rule.text, "The ability words are")
    return [w.lower() for w in split_list(found)] if found else []


def supertypes(doc: CRDocument) -> list[str]:
    rule = doc.get("205.4a")
    found = _sentence_after(rule.text, "The supertypes are") if rule else None
    return [w.capitalize() for w in split_list(found)] if found else []


def card_types(doc: CRDocument) -> list[str]:
    rule = doc.get("205.2a")
    found = _sentence_after(rule.text, "The card types are") if rule else None
    return [w.capitalize() for w in split_list(found)] if found else []


def subtype_families(doc: CRDocument) -> dict[str, tuple[tuple[str, ...], list[str]]]:
    """Kind of subtype ("creature") -> (the card types sharing it, the subtypes)."""
    out: dict[str, tuple[tuple[str, ...], list[str]]] = {}
    for number, rule in doc.rules.items():
        if not number.startswith("205.3") or rule.depth != 2:
            continue
        text = rule.text
        m = re.search(r"called (?:an? )?(\w+) types?\b", text)
        if not m or m.group(1) not in _SUBTYPE_OWNERS:
            continue
        kind = m.group(1)
        names: list[str] = []
        if kind == "creature":
            two = re.search(r"two words long:\s*(.+?)\.\s", text)
            rest = _sentence_after(text, "one word long:")
            if two:
                names.extend(split_list(two.group(1)))
            if rest:
                names.extend(split_list(rest))
        else:
            found = (_sentence_after(text, f"The {kind} types are")
                     or _sentence_after(text, f"That {kind} type is"))
            if found:
                names.extend(split_list(found))
        out[kind] = (_SUBTYPE_OWNERS[kind], names)
    return out


def subtypes(doc: CRDocument) -> dict[str, list[str]]:
    """Card type -> its subtypes, from the 205.3 sub-rules that list them."""
    return {owner: list(names) for owners, names in subtype_families(doc).values() for owner in owners}


def basic_land_types(doc: CRDocument) -> list[str]:
    rule = doc.get("205.3i")
    m = re.search(r"Of that list,\s*(.+?)\s+are the basic land types", rule.text) if rule else None
    return split_list(m.group(1)) if m else []
