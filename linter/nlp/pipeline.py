"""The spaCy pipeline: a blank English pipeline with our tokenizer and components.

Components mark, they do not judge:

``oracle_self``
    SELF spans (``doc.spans["self"]``): the card's name, a legendary's short
    name, "this creature", "~", "CARDNAME".
``oracle_abilities``
    segments the text into abilities (``doc._.abilities``, marked as
    ``doc.spans["abilities"]`` labelled by kind) and reminder text
    (``doc.spans["reminder"]``).
``oracle_rule_refs``
    phrase patterns with their CR numbers (``doc.spans["phrases"]``; the
    pattern id is each span's ``kb_id_``).

The card context a component needs is set on the Doc before the pipeline
runs (``doc._.card_name``, ``doc._.face_name``, ``doc._.type_line``,
``doc._.legendary``, ``doc._.other_names``).
"""

from __future__ import annotations

import functools
from collections import deque
from typing import Iterable

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from linter.model import Ability, Card, Face, ParsedText, Phrase
from linter.nlp import selfref
from linter.nlp.rulerefs import RuleMatcher, kind_rules
from linter.nlp.segment import Context, Segmenter
from linter.nlp.tokenizer import build_tokenizer

_EXTENSIONS = {
    "card_name": None,
    "face_name": None,
    "type_line": None,
    "legendary": False,
    "other_names": (),
    "context": None,
    "abilities": None,
    "self_refs": None,
    "reminders": None,
}


def _register_extensions() -> None:
    for name, default in _EXTENSIONS.items():
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)


def _context(doc: Doc) -> Context:
    ctx = doc._.context
    if ctx is None:
        ctx = Context.build(doc._.card_name, doc._.face_name, doc._.type_line, doc._.other_names)
        doc._.context = ctx
    return ctx


def _spans(doc: Doc, offsets, label: str):
    out = []
    for s, e in offsets:
        span = doc.char_span(s, e, label=label, alignment_mode="expand")
        if span is not None:
            out.append(span)
    return out


@Language.component("oracle_self")
def oracle_self(doc: Doc) -> Doc:
    ctx = _context(doc)
    names = tuple(n for n in (ctx.name, ctx.face_name, *ctx.other_names) if n)
    parts: list[str] = []
    for n in names:
        parts.extend(p.strip() for p in n.split("//") if p.strip())
    short: tuple[str, ...] = ()
    if ctx.legendary:
        short = tuple(s for n in parts for s in selfref.short_names(n))
    refs = selfref.self_spans(doc.text, tuple(parts), short)
    doc._.self_refs = refs
    doc.spans["self"] = _spans(doc, refs, "SELF")
    return doc


@Language.component("oracle_abilities")
def oracle_abilities(doc: Doc) -> Doc:
    ctx = _context(doc)
    names = [r for r in (doc._.self_refs or []) if not doc.text[r[0]:r[1]].lower().startswith("this ")]
    seg = Segmenter(doc.text, ctx, names)
    abilities = seg.face()
    rules = kind_rules()
    for ab in abilities:
        for a in ab.walk():
            _assign_rules(a, rules)
    doc._.abilities = abilities
    doc._.reminders = seg.reminders
    doc.spans["reminder"] = _spans(doc, seg.reminders, "REMINDER")
    doc.spans["abilities"] = [
        s for a in abilities for s in _spans(doc, [(a.start, a.end)], a.kind.upper())
    ]
    return doc


def _assign_rules(a: Ability, rules: dict[str, tuple[str, ...]]) -> None:
    out: list[str] = list(a.rules)
    variant = a.kind
    if a.kind == "level" and a.text.upper().startswith("STATION"):
        variant = "station"
    out.extend(rules.get(variant, ()))
    if a.kind == "activated" and a.effect_start is not None and a.text.rstrip(". ").lower().split(":")[-1].strip().startswith("level "):
        out.extend(rules.get("class-level", ()))
    if a.mana_ability:
        out.extend(rules.get("mana-activated" if a.kind == "activated" else "mana-triggered", ()))
    if a.ability_word:
        from linter import tables

        key = "ability-word" if a.ability_word.lower() in tables.ability_words() else "flavor-word"
        out.extend(rules.get(key, ()))
    if a.modes:
        out.extend(rules.get("modal", ()))
    seen: list[str] = []
    for r in out:
        if r not in seen:
            seen.append(r)
    a.rules = tuple(seen)


class RuleRefs:
    def __init__(self, nlp: Language):
        self.matcher = RuleMatcher(nlp)

    def __call__(self, doc: Doc) -> Doc:
        spans = []
        for s, e, info in self.matcher(doc):
            span = doc[s:e]
            spans.append(doc.char_span(span.start_char, span.end_char, label=info.label, kb_id=info.id))
        doc.spans["phrases"] = [s for s in spans if s is not None]
        return doc


@Language.factory("oracle_rule_refs")
def make_rule_refs(nlp: Language, name: str) -> RuleRefs:
    return RuleRefs(nlp)


@functools.lru_cache(maxsize=1)
def get_pipeline() -> Language:
    """The pipeline, built once per process."""
    _register_extensions()
    nlp = spacy.blank("en")
    build_tokenizer(nlp)
    nlp.add_pipe("oracle_self")
    nlp.add_pipe("oracle_abilities")
    nlp.add_pipe("oracle_rule_refs")
    return nlp


# -- conversion ---------------------------------------------------------------

def to_parsed(doc: Doc) -> ParsedText:
    """The plain-data result of one Doc (keeps no reference to the Doc)."""
    phrase_rules = _phrase_rules()
    phrases = [
        Phrase(s.label_, s.text, s.start_char, s.end_char, phrase_rules.get(s.kb_id_, ()))
        for s in doc.spans["phrases"]
    ]
    reminders = list(doc._.reminders or [])
    abilities: list[Ability] = doc._.abilities or []
    if phrases:
        for top in abilities:
            for a in top.walk():
                inner = [(g.start, g.end) for g in a.granted]
                a.phrases = [
                    p for p in phrases
                    if a.start <= p.start and p.end <= a.end
                    and not any(s <= p.start and p.end <= e for s, e in inner)
                    and not any(s <= p.start and p.end <= e for s, e in reminders)
                ]
    return ParsedText(text=doc.text, abilities=abilities, self_refs=list(doc._.self_refs or []),
                      reminders=reminders, phrases=phrases)


@functools.lru_cache(maxsize=1)
def _phrase_rules() -> dict[str, tuple[str, ...]]:
    nlp = get_pipeline()
    return {pid: info.rules for pid, info in nlp.get_pipe("oracle_rule_refs").matcher.info.items()}


def _prepare(nlp: Language, face: Face, card: Card | None) -> Doc:
    doc = nlp.make_doc(face.oracle_text)
    faces = card.faces if card is not None else [face]
    doc._.card_name = card.name if card is not None else None
    doc._.face_name = face.name
    doc._.type_line = face.type_line
    doc._.other_names = tuple(f.name for f in faces if f is not face and f.name)
    doc._.context = Context.build(doc._.card_name, face.name, face.type_line, doc._.other_names)
    doc._.legendary = doc._.context.legendary
    return doc


def parse_faces(items: Iterable[tuple[Face, Card]], batch_size: int = 256) -> None:
    """Parse the rules text of every face and set ``face.parsed``."""
    nlp = get_pipeline()
    pending: deque[Face] = deque()

    def docs():
        for face, card in items:
            text = face.oracle_text
            if not text:
                face.parsed = ParsedText(text=text or "")
                continue
            pending.append(face)
            yield _prepare(nlp, face, card)

    for doc in nlp.pipe(docs(), batch_size=batch_size):
        face = pending.popleft()
        face.parsed = to_parsed(doc)


def parse_text(text: str, name: str | None = None, type_line: str | None = None,
               mana_cost: str | None = None) -> ParsedText:
    """Parse one rules text (for ``oraclelint parse --text`` and tests)."""
    face = Face(name=name, mana_cost=mana_cost, type_line=type_line, oracle_text=text)
    card = Card(name=name, faces=[face])
    parse_faces([(face, card)])
    assert face.parsed is not None
    return face.parsed
