"""RUL001: a {T}/{Q} ability used by a creature that is still summoning sick."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from linter.checks._textutil import is_self, mask, quote_spans, reminder_spans, units, walk_abilities
from linter.checks.base import Check, Hit
from linter.model import Card, Face

# An effect that makes a creature arrive: a creature token is created, or a
# creature (card) is put or returned onto the battlefield.  "what" is the
# description of the object; "tail" the rest of the sentence ("with haste").
_CREATE = re.compile(r"\bcreates? (?P<what>[^.;]*?\bcreature tokens?\b)(?P<tail>[^.;]*)", re.I)
_PUT = re.compile(r"\b(?:put|puts|return|returns) (?P<what>[^.;]*?) (?:onto|to) the battlefield\b(?P<tail>[^.;]*)", re.I)
_PRONOUN = re.compile(r"^(?:it|them|that card|those cards|that creature|those creatures)\b", re.I)
# A creature enters and a triggered ability of the same text answers it.
_ENTERS_TRIGGER = re.compile(r"\bwhen(?:ever)? (?P<what>[^,.;]*?) enters?\b(?P<tail>[^,.;]*)", re.I)

# Using the arrived creature's {T}/{Q} abilities: tapping it for mana (CR
# 106.12) or activating its abilities with the tap or untap symbol.
_OBJECT = (r"(?:it|them|that creature|those creatures|that token|those tokens|the token|the tokens|"
           r"each of them|one of them|(?:that|the) new(?:ly created)? (?:creature|token)s?)")
_USE = [
    re.compile(rf"\btap {_OBJECT} for mana\b", re.I),
    re.compile(r"\bactivate (?:a |an |one |any )?(?:of )?(?:its|their|that creature's|those creatures'|"
               r"that token's|those tokens'|the token's)\b[^.;]*?(?:\{T\}|\{Q\}|\bmana abilit|\btap abilit|\buntap abilit)",
               re.I),
]

# another object named between the arrival and "tap it for mana": "it" may mean that one
_OTHER_OBJECT = re.compile(
    r"\b(?:lands?|artifacts?|enchantments?|planeswalkers?|permanents?|cards?|tokens?|target)\b", re.I)

_HASTE = re.compile(r"\bhaste\b", re.I)
# a static ability that gives creatures (all, or a kind of them) haste
_HASTE_FOR_ALL = re.compile(r"\bcreatures?\b[^.]*?\b(?:have|has|gain|gains)\b[^.]*?\bhaste\b", re.I)

# "Activate only if this creature entered this turn" and the like ("who" must name the object itself)
_ENTERED_THIS_TURN = re.compile(
    r"\bactivate (?:this ability )?only (?:if|during (?:the|a) turn(?: in which)?|in (?:the|a) turn(?: in which)?)"
    r" (?P<who>[^.;:]{1,60}?) (?:entered|came under your control)\b(?:[^.]*?\bthis turn\b)?", re.I)
_TAP_COST = re.compile(r"\{[TQ]\}")
# every shape this check reports needs one of these words: most texts are skipped at once
_WORTH_A_LOOK = re.compile(r"for mana|activate|entered|came under", re.I)


class TapAbilityWhileSummoningSick(Check):
    """A creature's {T} or {Q} ability that can only be used while the creature is summoning sick.

    ## What it does
    Reports two shapes of text. An effect that creates a creature token
    without haste, or puts a creature onto the battlefield, and then in the
    same ability taps that creature for mana or activates its {T}/{Q}
    ability. And a creature's {T}/{Q} ability that may only be activated
    during the turn the creature entered, on a creature without haste.

    Haste in the same ability (or an ability giving creatures haste), tokens
    that are not creatures (Treasure, Clue, Food, ...), effects that tap a
    creature ("tap target creature", "tapped and attacking") and costs that
    tap other creatures (convoke, crew, improvise) are not reported.

    ## Why is this bad?
    A creature's activated ability with {T} or {Q} in its cost cannot be
    activated unless its controller has controlled the creature
    continuously since their most recent turn began (CR 302.6, 107.5,
    107.6). To tap a permanent for mana is to activate such an ability
    (CR 106.12). A creature that just arrived has not, so the text asks for
    something the rules never allow.

    ## Example
    ```yaml
    name: Sproutcaller
    type_line: Sorcery
    oracle_text: "Create a 0/1 green Plant creature token with \\"{T}: Add {G}.\\" Then tap it for mana."
    ```

    ## Use instead
    ```yaml
    name: Sproutcaller
    type_line: Sorcery
    oracle_text: "Create a 0/1 green Plant creature token with haste and \\"{T}: Add {G}.\\" Then tap it for mana."
    ```

    ## Fix safety
    No automatic fix: give the creature haste or change the design.
    """

    code = "RUL001"
    name = "tap-ability-while-summoning-sick"
    category = "rules"
    severity = "error"
    rules = ("302.6", "107.5", "107.6", "106.12")
    message = "{what}, but {subject} is summoning sick then: {why}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        for i, face in enumerate(card.faces):
            if not face.oracle_text or not _WORTH_A_LOOK.search(face.oracle_text):
                continue
            yield from self._arrive_then_use(card, i, face)
            yield from self._entered_this_turn(card, i, face)

    # -- an effect makes a creature arrive, then uses its {T} ability ----------------

    def _arrive_then_use(self, card: Card, i: int, face: Face) -> Iterator[Hit]:
        text = face.oracle_text or ""
        reminders = reminder_spans(face)
        plain = mask(text, reminders)  # reminder text says nothing about this card
        quiet = mask(plain, quote_spans(text))  # nor do abilities granted in quotes
        spans = units(face)
        haste_elsewhere = any(_HASTE_FOR_ALL.search(plain, a, b) for a, b in spans)
        for a, b in spans:
            unit = quiet[a:b]
            if _HASTE.search(plain, a, b) or haste_elsewhere:
                continue
            for event_end, subject in self._arrivals(card, face, unit):
                for pattern in _USE:
                    m = pattern.search(unit, event_end)
                    if m and not _OTHER_OBJECT.search(unit, event_end, m.start()):
                        yield self.hit(face=i, field="oracle_text", start=a + m.start(), end=a + m.end(),
                                       what=f"the text says to {_lower_first(m.group(0))}",
                                       subject=subject,
                                       why="it has no haste, so its {T} and {Q} abilities cannot be activated")
                        break

    @staticmethod
    def _arrivals(card: Card, face: Face, unit: str) -> Iterator[tuple[int, str]]:
        for m in _CREATE.finditer(unit):
            yield m.end("what"), "a creature token created this way"
        for m in _PUT.finditer(unit):
            what = m.group("what")
            before = unit[: m.start()]
            if re.search(r"\bcreature\b", what, re.I) or (
                    _PRONOUN.match(what) and re.search(r"\bcreature cards?\b", before, re.I)) or (
                    face.has_type("Creature") and is_self(card, face, what)):
                yield m.end(), "a creature put onto the battlefield this way"
        for m in _ENTERS_TRIGGER.finditer(unit):
            what = m.group("what").strip()
            if re.search(r"\bcreatures?\b", what, re.I) or (face.has_type("Creature") and is_self(card, face, what)):
                yield m.end(), "a creature that just entered"

    # -- a {T} ability restricted to the turn the creature entered --------------------

    def _entered_this_turn(self, card: Card, i: int, face: Face) -> Iterator[Hit]:
        text = face.oracle_text or ""
        plain = mask(text, reminder_spans(face))
        seen: set[int] = set()
        face_haste: bool | None = None

        def restriction(a: int, b: int) -> re.Match | None:
            for m in _ENTERED_THIS_TURN.finditer(plain, a, b):
                if m.group("who").casefold() == "it" or is_self(card, face, m.group("who")):
                    return m
            return None

        for ability, parent in walk_abilities(face):
            if ability.kind != "activated" or not any(p.kind in ("tap", "untap") for p in ability.cost):
                continue
            if parent is None:
                creature = face.has_type("Creature")
                if face_haste is None:  # looked for once per face, not once per ability
                    face_haste = _HASTE.search(plain) is not None
                hasty = face_haste
            else:  # granted: to a creature token, or to creatures, by the enclosing ability
                host = plain[parent.start:ability.start]
                creature = bool(re.search(r"\bcreature\b", host, re.I))
                hasty = _HASTE.search(plain[parent.start:parent.end]) is not None
            if not creature or hasty:
                continue
            m = restriction(ability.start, ability.end)
            if m and m.start() not in seen:
                seen.add(m.start())
                yield self._restriction_hit(i, m)
        if face.parsed is None and face.has_type("Creature") and not _HASTE.search(plain):
            # without a parse, look at each line that has a {T}/{Q} cost
            for a, b in units(face):
                line = plain[a:b]
                colon = line.find(":")
                if colon == -1 or not _TAP_COST.search(line, 0, colon):
                    continue
                m = restriction(a, b)
                if m and m.start() not in seen:
                    seen.add(m.start())
                    yield self._restriction_hit(i, m)

    def _restriction_hit(self, i: int, m: re.Match) -> Hit:
        return self.hit(face=i, field="oracle_text", start=m.start(), end=m.end(),
                        what="this {T}/{Q} ability may only be activated during the turn the creature entered",
                        subject="the creature",
                        why="without haste it can never be activated")


def _lower_first(phrase: str) -> str:
    """Lower-case the first letter only: mana symbols such as {T} keep their case."""
    return phrase[:1].lower() + phrase[1:]

