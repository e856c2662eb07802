"""A face's phrases made on demand after its meaning are the phrases the vocabulary component
makes in the batch; reading the meaning alone makes none."""

from __future__ import annotations

import pytest

from linter.model import Card, Face
from linter.nlp import parse_faces

TEXTS = [
    "Whenever Gravel Warden attacks, each opponent loses 1 life and you draw a card.",
    "Flying (This creature can't be blocked except by creatures with flying or reach.)\n"
    "Creatures you control have \"{T}: Add {G}.\"\nGravel Warden gets +1/+1 for each Elf you control.",
    "Sacrifice a creature: Exile target card from a graveyard. If you do, you gain 2 life.",
    "(Reminder text only.)",
]


def _faces(text: str, **layers):
    face = Face(name="Gravel Warden", type_line="Creature — Elf Druid", oracle_text=text)
    parse_faces([(face, Card(name="Gravel Warden", faces=[face]))], **layers)
    return face.parsed


@pytest.mark.parametrize("text", TEXTS)
def test_phrases_after_the_meaning_are_the_batch_phrases(text):
    eager = _faces(text, vocabulary=True)
    lazy = _faces(text)
    for a in lazy.walk():
        a.clauses  # the meaning first: it needs the matches, not the phrases
    assert lazy._phrases is None and (lazy._phrase_marks is not None) == bool(lazy.abilities)
    assert [a.phrases for a in lazy.walk()] == [a.phrases for a in eager.walk()]
    assert lazy.phrases == eager.phrases and lazy._phrase_marks is None
    assert [[c.text for c in a.clauses] for a in lazy.walk()] == [[c.text for c in a.clauses] for a in eager.walk()]


@pytest.mark.parametrize("text", TEXTS)
def test_phrases_first_are_the_batch_phrases(text):
    eager = _faces(text, vocabulary=True)
    lazy = _faces(text)
    assert lazy.phrases == eager.phrases and [a.phrases for a in lazy.walk()] == [a.phrases for a in eager.walk()]
    assert any(p.label == "SELF" for p in eager.phrases) == ("Gravel Warden" in text)


def test_a_batch_without_the_vocabulary_tokenizes_nothing():
    """The segmenting components read the text: a face's tokens are made when the vocabulary
    component first runs on it, not in the batch."""
    import uuid

    from linter.nlp import get_pipeline

    word = "Qz" + uuid.uuid4().hex[:12]  # a word no Doc of this process has held
    strings = get_pipeline().vocab.strings
    lazy = _faces(f"Whenever Gravel Warden attacks, {word} each opponent.")
    assert [a.kind for a in lazy.abilities] == ["triggered"] and word not in strings
    lazy.phrases  # the vocabulary component runs now, on this face
    assert word in strings
