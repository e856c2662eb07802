"""The NLP pipeline of rules text (spaCy ``blank("en")`` plus our own components).

``get_pipeline()`` builds it once per process; ``parse_faces()`` runs it over
many faces with ``nlp.pipe`` and sets each ``face.parsed``; ``parse_text()``
parses one text.  spaCy is imported only when one of these is called, so
importing this package stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:  # pragma: no cover
    from spacy.language import Language

    from linter.model import Card, Face, ParsedText

__all__ = ["get_pipeline", "parse_faces", "parse_text"]


def get_pipeline() -> "Language":
    """The spaCy pipeline (built once per process, then cached)."""
    from linter.nlp.pipeline import get_pipeline as _get

    return _get()


def parse_faces(items: "Iterable[tuple[Face, Card]]", batch_size: int = 256, meaning: bool = False,
                vocabulary: bool = False) -> None:
    """Parse the rules text of every (face, card) and set ``face.parsed``.

    Faces without rules text get an empty :class:`linter.model.ParsedText`.
    No spaCy Doc is kept after its face is converted.  The cited phrases and
    what each ability means are made on first use, once per face
    (``vocabulary=True``: the phrases in the batch; ``meaning=True``: both,
    for every face, right away).
    """
    from linter.nlp.pipeline import parse_faces as _parse

    _parse(items, batch_size=batch_size, meaning=meaning, vocabulary=vocabulary)


def parse_text(text: str, name: str | None = None, type_line: str | None = None,
               mana_cost: str | None = None) -> "ParsedText":
    """Parse one rules text, as if it were the only face of a card called ``name``."""
    from linter.nlp.pipeline import parse_text as _parse

    return _parse(text, name=name, type_line=type_line, mana_cost=mana_cost)
