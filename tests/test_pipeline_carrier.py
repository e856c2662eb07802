"""A batch parsed without tokens hands its faces' states to spaCy on one Doc, face after
face (``pipeline.parse_faces``): each face is parsed as it is on a Doc of its own, and
where something holds Docs back before converting them, each held face has its own."""

from __future__ import annotations

import dataclasses

from linter.model import Ability, Card, CostPart, Face
from linter.nlp import pipeline

# Invented cards: names in the text, reminder text, quotes, keywords, a second face.
CARDS = [
    ("Quill Sentinel", [("Creature — Bird", "Flying\nWhenever Quill Sentinel attacks, scry 1.")]),
    ("Marrow Pact", [("Sorcery", "Each player sacrifices a creature. (This can't be countered.)")]),
    ("Ivo, Lantern Bearer", [("Legendary Creature — Human", "Ivo has \"{T}: Add {W}.\"\nWard {1}")]),
    ("Dawn // Dusk", [("Instant", "Dawn deals 2 damage to any target."),
                      ("Instant", "Return target creature card from your graveyard to your hand.")]),
    ("Blank Slate", [("Artifact", "")]),
    ("Tinker's Gauge", [("Artifact", "{2}, {T}: Draw a card, then discard a card.")]),
]


def cards() -> list[Card]:
    out = []
    for name, faces in CARDS:
        fs = [Face(name=name.split(" // ")[k] if " // " in name else name, type_line=t, oracle_text=x)
              for k, (t, x) in enumerate(faces)]
        out.append(Card(name=name, faces=fs))
    return out


def dump(x):
    if isinstance(x, (Ability, CostPart)):
        return (type(x).__name__,) + tuple(
            (f.name, dump(getattr(x, f.name))) for f in dataclasses.fields(x)
            if f.name not in ("_parsed", "_meaning", "_phrases"))
    if isinstance(x, (list, tuple)):
        return tuple(dump(y) for y in x)
    return x


def parsed(items) -> list:
    return [(p.text, dump(p.abilities), p.self_refs, p.reminders, p.quotes, p.quoted, p.masked)
            for p in (f.parsed for f, _c in items)]


def each_alone() -> list:
    out = []
    for card in cards():
        for face in card.faces:
            pipeline.parse_faces([(face, card)])
            out.extend(parsed([(face, card)]))
    return out


def test_a_batch_parses_each_face_as_it_is_parsed_alone():
    items = [(f, c) for c in cards() for f in c.faces]
    pipeline.parse_faces(items)
    assert parsed(items) == each_alone()


def test_faces_held_back_before_conversion_each_keep_their_own_doc(monkeypatch):
    real = pipeline.get_pipeline()

    class Holding:
        """The pipeline, but every Doc is made before the first is handed on."""

        def pipe(self, docs, **kwargs):
            held = list(docs)
            assert len({id(d) for d in held}) == len(held)
            return real.pipe(held, **kwargs)

    items = [(f, c) for c in cards() for f in c.faces]
    monkeypatch.setattr(pipeline, "get_pipeline", lambda: Holding())
    monkeypatch.setattr(Holding, "vocab", real.vocab, raising=False)
    monkeypatch.setattr(Holding, "make_doc", real.make_doc, raising=False)
    pipeline.parse_faces(items)
    monkeypatch.undo()
    assert parsed(items) == each_alone()
