"""What the rules checks that read the meaning of abilities share (RUL007-RUL018): their
word lists (rules_data/rules_checks.yaml) and the questions several of them ask of a face:
does it ever become a creature, does anything on it do what a linked reference needs."""

from __future__ import annotations

import functools
import re

from linter.catalogue import load
from linter.checks import api
from linter.model import ObjectRef

#: card types an effect can give (CR 205.2a), lower case
CARD_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker", "kindred"})


@functools.lru_cache(maxsize=1)
def data() -> dict:
    """rules_data/rules_checks.yaml, schema-checked."""
    return load("rules_checks")


@functools.lru_cache(maxsize=1)
def _retained() -> tuple[re.Pattern, ...]:
    return tuple(re.compile(p, re.I) for p in data()["retained"])


def retains(text: str, types: set[str]) -> bool:
    """Whether ``text`` keeps an object's prior card types ("It's still a land", "in addition
    to its other types"; CR 205.1b): all of them, or the ones of ``types`` it names."""
    for rx in _retained():
        for m in rx.finditer(text):
            kept = m.groupdict().get("type")
            if kept is None or kept.lower().rstrip("s") in types or kept.lower() in types:
                return True
    return False


@functools.lru_cache(maxsize=1)
def _linked_words() -> dict[str, re.Pattern]:
    return {action: re.compile(r"\b(?:" + "|".join(words) + r")\b", re.I)
            for action, words in data()["linked_words"].items()}


@functools.lru_cache(maxsize=1)
def _implied() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for word, actions in data()["implied_links"].items():
        for action in actions:
            out.setdefault(action, set()).add(word)
    return {k: frozenset(v) for k, v in out.items()}


def does_elsewhere(face: api.FaceView, action: str, start: int, end: int) -> bool:
    """Whether the face does ``action`` ("exile", "choose", "reveal" …) anywhere outside
    ``[start, end)``: words of it in its rules text (reminder text of its keywords included),
    the reminder its keywords have in the catalogue or in the set's declaration, or a
    mechanic outside the CR that does it by itself (an Alchemy card specializes by exiling)."""
    from linter import tables

    rx = _linked_words().get(action)
    text = face.text
    # the card's other faces too: the parse links references within a face only
    others = [f.oracle_text for i, f in enumerate(face.card.faces) if i != face.index and f.oracle_text]
    if rx is not None:
        if any(m.start() < start or m.end() > end for m in rx.finditer(text)):
            return True
        if any(rx.search(other) for other in others):
            return True
        table = tables.keywords()
        for other in api.card_faces(face.card):
            for kw in other.keywords():
                entry = table.get((kw.keyword or "").lower())
                if entry is not None and entry.reminder and rx.search(entry.reminder):
                    return True
    words = _implied().get(action, frozenset())
    return any(w in t.lower() for t in (text, *others) for w in words)


def a_kind(face: api.FaceView) -> str:
    """The face's card types as words with an article: "an artifact", "a legendary enchantment"
    is "an enchantment" (kindred left out where there is another type)."""
    types = [t for t in face.card_types if t not in ("Kindred", "Tribal")] or list(face.card_types)
    kind = " ".join(t.lower() for t in types)
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


_ONTO_BATTLEFIELD = re.compile(r"\bonto the battlefield\b|\bas an? (?:[\w -]+ )?creature\b", re.I)


def becomes_a_creature(card: api.Card, face: api.FaceView) -> bool:
    """Whether the face is a creature or its own text can make it one: "This Vehicle becomes
    an artifact creature", "It's a 2/2 creature", a Vehicle or Spacecraft, or a keyword whose
    reminder puts the card onto the battlefield as a creature (on the card, in the catalogue or
    in the set's declaration of its own keyword)."""
    from linter.checks._chars import becomes_creature

    if face.face.has_type("Creature") or "Vehicle" in face.subtypes or "Spacecraft" in face.subtypes:
        return True
    if becomes_creature(card, face.face):
        return True
    # a keyword whose reminder (in the catalogue, or the set's declaration) puts the card onto
    # the battlefield as a creature: a custom mechanic that makes a spell a permanent
    from linter import tables

    table = tables.keywords()
    for kw in face.keywords():
        entry = table.get((kw.keyword or "").lower())
        if entry is not None and entry.reminder and _ONTO_BATTLEFIELD.search(entry.reminder):
            return True
    if "creature" not in face.masked:
        return False
    for view, clause in face.clauses():
        if clause.action is None or clause.negated or clause.action.name not in ("become", "be"):
            continue
        subject = clause.subject
        own = isinstance(subject, ObjectRef) and (subject.self_ref or subject.determiner == "pronoun")
        if own and any(o.noun == "creature" or "creature" in (t.lower() for t in o.types) for o in clause.objects):
            return True
    return False
