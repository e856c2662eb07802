"""Layouts (Scryfall's names) for cards whose file does not say, shared by the readers."""

from __future__ import annotations

import re

from linter.model import Card

_TRANSFORM_WORDS = re.compile(r"transform|daybound|nightbound|\bdisturb\b|\bcraft\b", re.I)


def guess_layout(card) -> str:
    """A layout for a card whose file does not give one."""
    faces = card.faces
    if len(faces) < 2:
        return "token" if card.is_token else "normal"
    if card.is_token:
        return "double_faced_token"
    back = faces[1]
    if any("Adventure" in f.subtypes for f in faces[1:]):
        return "adventure"
    if all(f.has_type("Instant", "Sorcery") for f in faces):
        return "split"
    if _TRANSFORM_WORDS.search(" ".join(f.oracle_text or "" for f in faces)):
        return "transform"
    if back.mana_cost:
        return "modal_dfc"
    return "transform"


_SHAPES = {
    "normal": "normal", "planeswalker": "normal", "token": "token", "saga": "saga", "adventure": "adventure",
    "split": "split", "aftermath": "aftermath", "flip": "flip", "leveler": "leveler", "class": "class",
    "emblem": "emblem",
}


def shape_layout(shape: str, card: Card) -> str:
    """A layout (Scryfall's names) for an MSE export's ``shape``."""
    two = len(card.faces) > 1
    if "modal" in shape and two:
        return "modal_dfc"
    if ("transform" in shape or "double" in shape or "dfc" in shape) and two:
        return "double_faced_token" if card.is_token or "token" in shape else "transform"
    layout = _SHAPES.get(shape)
    if layout is not None and (two or layout not in ("adventure", "split", "aftermath", "flip")):
        return layout
    return guess_layout(card)
