"""The spaCy pipeline: a blank English pipeline with our tokenizer and components.

Components mark, they do not judge:

``oracle_self``
    SELF spans (``doc.spans["self"]``): the card's name, a legendary's short
    name, "this creature", "~", "CARDNAME".
``oracle_abilities``
    segments the text into abilities (``doc._.oracle.abilities``, marked as
    ``doc.spans["abilities"]`` labelled by kind) and reminder text
    (``doc.spans["reminder"]``).
``oracle_rule_refs``
    the game's vocabulary: phrase patterns (the CR glossary's terms,
    keywords, keyword actions, subtypes and hand-written open phrases) with
    their CR numbers, as :class:`linter.model.Phrase` marks with token and
    character offsets (``OracleState.matches`` and ``.phrases``).

The spans are marked on a Doc the caller keeps (``get_pipeline()(text)``);
:func:`parse_faces`, which turns each Doc into plain data and drops it, leaves
them out.

The card context a component needs (card name, face name, type line, the
other faces' names) is set on the Doc before the pipeline runs, in
``doc._.oracle`` (an :class:`OracleState`); the components add their
findings there too, and :func:`to_parsed` turns them into plain data.

The batch runs the first two components for every face.  They read the
face's text, not its tokens: a batch that leaves the vocabulary component out
hands them Docs with no tokens, and a face is tokenized only when that
component first runs on it, as follows.  The vocabulary component runs on a
face the first time something asks for its phrases
(``ParsedText.phrases``, ``Ability.phrases``; ``parse_faces(vocabulary=True)``
runs it in the batch), and what each ability means (its clauses, trigger,
references: :mod:`linter.nlp.meaning`) is read from that component's marks
(tokens, phrase matches) the first time something asks for it, once for the
whole face.  A run whose checks never ask pays nothing for either; one whose
checks read only the meaning pays for the matches, not for the phrases made of
them (they are made from the kept marks when something asks).
"""

from __future__ import annotations

import bisect
import functools
from array import array
from bisect import bisect_left, bisect_right
from collections import deque
from dataclasses import dataclass
from typing import Iterable

from linter.nlp.lean import spacy  # first: spaCy without its command line
from spacy.language import Language
from spacy.attrs import IDX, LENGTH, LOWER, ORTH
from spacy.tokens import Doc

from linter import tables
from linter.model import Ability, Card, Face, ParsedText, Phrase
from linter.nlp import selfref
from linter.nlp.keywords import table_version
from linter.nlp.rulerefs import RuleMatcher, kind_rules
from linter.nlp.segment import Context, Segmenter
from linter.nlp.text import SortedSpans, mask, tokenizable
from linter.nlp.tokenizer import register_tokenizer

@dataclass(slots=True)
class OracleState:
    """What the components know and find about one Doc (``doc._.oracle``).

    The card context (names, type line) is set before the pipeline runs;
    the components fill in the rest.  It is kept in ``doc.user_data``
    (``doc._.oracle`` reads and sets it there); the components read it from
    there directly: each ``doc._`` access makes an object, four times a face.
    """

    card_name: str | None = None
    face_name: str | None = None
    type_line: str | None = None
    other_names: tuple[str, ...] = ()
    text: str | None = None
    context: Context | None = None
    # what the components find; each is set by the component that finds it (an empty
    # tuple until then: a face makes none of these lists only to have them replaced)
    self_refs: list[tuple[int, int]] | tuple = ()
    reminders: list[tuple[int, int]] | tuple = ()
    abilities: list[Ability] | tuple = ()
    every_ability: list[Ability] | tuple = ()  # those and what they grant, depth first
    # token table (character start, end, hash of the lower-case form), made once
    tok_starts: list[int] | tuple = ()
    tok_ends: list[int] | tuple = ()
    tok_lowers: list[int] | tuple = ()
    matches: list | tuple = ()  # (start token, end token, PatternInfo)
    phrases: list[Phrase] | tuple = ()
    quotes: list[tuple[int, int]] | tuple = ()
    #: mark spaCy spans on the Doc (doc.spans); a batch whose Docs are converted and
    #: dropped (parse_faces) leaves them out
    spans: bool = True

    @property
    def legendary(self) -> bool:
        return self.context is not None and self.context.legendary


#: the key of a Doc's :class:`OracleState` in ``doc.user_data``
_STATE = "oraclelint.state"


def _register_extensions() -> None:
    if not Doc.has_extension("oracle"):
        Doc.set_extension("oracle", getter=_get_state, setter=_set_state)


def _get_state(doc: Doc) -> OracleState | None:
    return doc.user_data.get(_STATE)


def _set_state(doc: Doc, st: OracleState) -> None:
    doc.user_data[_STATE] = st


def _state(doc: Doc) -> OracleState:
    """The Doc's state; a Doc made without context gets an empty one."""
    st = doc.user_data.get(_STATE)
    if st is None:
        st = doc.user_data[_STATE] = OracleState()
    if st.text is None:
        st.text = doc.text  # Doc.text joins every token on each call: once is enough
    if st.context is None:
        st.context = Context.build(st.card_name, st.face_name, st.type_line, st.other_names)
    return st


def _spans(doc: Doc, offsets, label: str):
    out = []
    for s, e in offsets:
        span = doc.char_span(s, e, label=label, alignment_mode="expand")
        if span is not None:
            out.append(span)
    return out


@Language.component("oracle_self")
def oracle_self(doc: Doc) -> Doc:
    st = _state(doc)
    ctx = st.context
    parts = selfref.name_parts((ctx.name, ctx.face_name, *ctx.other_names))
    short: tuple[str, ...] = ()
    if ctx.legendary:
        short = tuple(s for n in parts for s in selfref.short_names(n))
    refs = selfref.self_spans(st.text, parts, short)
    st.self_refs = refs
    if st.spans:
        doc.spans["self"] = _spans(doc, refs, "SELF")
    return doc


@Language.component("oracle_abilities")
def oracle_abilities(doc: Doc) -> Doc:
    st = _state(doc)
    text = st.text
    # the names among the self-references ("this creature" is none): no line is cut inside one
    names = [r for r in st.self_refs if not text.startswith(("this ", "This "), r[0])] if st.self_refs else []
    seg = Segmenter(text, st.context, names)
    abilities = seg.face()
    # the abilities and what they grant, depth first (most grant nothing: no walk to make)
    every = [a for top in abilities for a in top.walk()] if seg.grants else abilities
    costs = _cost_rules()
    for a in every:
        _assign_rules(a)
        if a.cost:
            for part in a.cost:
                part.rules = costs.get(part.kind, ())
    st.abilities = abilities
    st.every_ability = every
    st.reminders = seg.reminders
    st.quotes = seg.quotes
    if st.spans:
        doc.spans["reminder"] = _spans(doc, seg.reminders, "REMINDER")
        doc.spans["abilities"] = [
            s for a in abilities for s in _spans(doc, [(a.start, a.end)], a.kind.upper())
        ]
    return doc


def _assign_rules(a: Ability) -> None:
    """The ability's rules: its own, then those of its kind and of each variant it is."""
    kind = a.kind
    kinds = ("station",) if kind == "level" and a.text.upper().startswith("STATION") else (kind,)
    if kind == "activated" and a.effect_start is not None and a.text.rstrip(". ").lower().split(":")[-1].strip().startswith("level "):
        kinds += ("class-level",)
    if a.mana_ability:
        kinds += ("mana-activated" if kind == "activated" else "mana-triggered",)
    if a.ability_word:
        kinds += ("ability-word" if a.ability_word.lower() in tables.ability_words() else "flavor-word",)
    if a.modes:
        kinds += ("modal",)
    a.rules = _rules_of(a.rules, kinds)


@functools.lru_cache(maxsize=1024)
def _rules_of(own: tuple[str, ...], kinds: tuple[str, ...]) -> tuple[str, ...]:
    """``own`` and the rules of ``kinds`` (kind_rules), each once, in order: made once for
    each of the few combinations, not for each ability."""
    rules = kind_rules()
    out = list(own)
    for kind in kinds:
        out.extend(rules.get(kind, ()))
    return tuple(dict.fromkeys(out))


class RuleRefs:
    """The vocabulary component.  Its phrase matcher (thousands of CR terms) is built the
    first time a Doc needs it: a run whose checks read no phrase never builds it."""

    def __init__(self, nlp: Language):
        self.nlp = nlp
        self._matcher: RuleMatcher | None = None
        self.version = table_version()

    @property
    def matcher(self) -> RuleMatcher:
        if self._matcher is None or table_version() != self.version:  # a configuration added keywords
            self.version = table_version()
            self._matcher = RuleMatcher(self.nlp)
        return self._matcher

    def __call__(self, doc: Doc) -> Doc:
        st = _state(doc)
        self.match(doc, st)
        st.phrases = _phrases(st.text, st.tok_starts, st.tok_ends, st.matches, st.self_refs)
        return doc

    def match(self, doc: Doc, st: OracleState) -> None:
        """The Doc's token table and its phrase matches (``st.matches``): overlaps resolved,
        the glossary terms and subtypes inside a self-reference left out."""
        orths = _token_table(doc, st)
        starts, ends = st.tok_starts, st.tok_ends
        matches = self.matcher(doc, st.text, st.tok_lowers, orths)
        if st.self_refs and matches:
            matches = _outside(matches, [(bisect_left(starts, a), bisect_right(ends, b)) for a, b in st.self_refs])
        st.matches = matches


def _phrases(text: str, starts, ends, matches, self_refs: list[tuple[int, int]]) -> list[Phrase]:
    """The cited phrases of the matches (token offsets made character offsets) and of the
    self-references, in text order."""
    phrases = [Phrase(info.label, text[starts[s]:ends[e - 1]], starts[s], ends[e - 1], info.rules, info.id, info.terms)
               for s, e, info in matches]
    if self_refs:
        rules = _self_rules()
        for a, b in self_refs:
            this = text.startswith(("this ", "This "), a)
            phrases.append(Phrase("SELF", text[a:b], a, b, rules["this" if this else "name"], "self-" + ("this" if this else "name")))
        phrases.sort(key=lambda p: p.start)
    return phrases


def _outside(matches: list, names: list[tuple[int, int]]) -> list:
    """The matches less the glossary terms and subtypes inside a self-reference:
    a name is no term ("Elvish Archdruid", "this creature"). Both lists are sorted."""
    out = []
    k = 0
    n = len(names)
    for m in matches:
        if m[2].generic:
            while k < n and names[k][1] <= m[0]:
                k += 1
            if k < n and names[k][0] <= m[0] and m[1] <= names[k][1]:
                continue
        out.append(m)
    return out


def _token_table(doc: Doc, st: OracleState) -> list[int] | None:
    """Each token's character start and end and the hash of its lower-case form, in one
    array call; the hashes of the tokens' text, which only the phrase matcher reads, are
    returned (None where the table was made already)."""
    if st.tok_starts or not len(doc):
        return None
    starts, lengths, st.tok_lowers, orths = doc.to_array([IDX, LENGTH, LOWER, ORTH]).T.tolist()
    st.tok_starts = starts
    st.tok_ends = [s + n for s, n in zip(starts, lengths)]
    return orths


@functools.lru_cache(maxsize=1)
def _cost_rules() -> dict[str, tuple[str, ...]]:
    from linter.catalogue import load

    return {k: tuple(v["rules"]) for k, v in load("meaning")["costs"].items()}


@functools.lru_cache(maxsize=1)
def _self_rules() -> dict[str, tuple[str, ...]]:
    from linter.catalogue import load

    return {k: tuple(v["rules"]) for k, v in load("meaning")["self_reference"].items()}


@Language.factory("oracle_rule_refs")
def make_rule_refs(nlp: Language, name: str) -> RuleRefs:
    return RuleRefs(nlp)


#: the longest rules text the pipeline takes (spaCy's default is 1,000,000 characters)
MAX_TEXT_LENGTH = 2**31 - 1


@functools.lru_cache(maxsize=1)
def get_pipeline() -> Language:
    """The pipeline, built once per process."""
    _register_extensions()
    # built with our tokenizer, not English's (which would be built first, to be replaced)
    nlp = spacy.blank("en", config={"nlp": {"tokenizer": {"@tokenizers": register_tokenizer()}}})
    # spaCy's limit guards the memory of a parser or NER model; this pipeline has neither and
    # its components run in time linear in the text, so a long rules text is parsed, not refused
    nlp.max_length = MAX_TEXT_LENGTH
    nlp.add_pipe("oracle_self")
    nlp.add_pipe("oracle_abilities")
    nlp.add_pipe("oracle_rule_refs")
    return nlp


# -- conversion ---------------------------------------------------------------

def to_parsed(doc: Doc) -> ParsedText:
    """The plain-data result of one Doc (keeps no reference to the Doc).

    When the vocabulary component ran, its phrases and marks are kept;
    otherwise they are made from the face's text the first time something
    asks for them (:func:`read_vocabulary`).
    """
    st = _state(doc)
    text = st.text
    reminders = st.reminders
    abilities = st.abilities
    quotes = []
    masked = text
    if st.quotes and abilities:
        granted = [g for a in st.every_ability for g in a.granted]
        quotes = [q for q in st.quotes if any(q[0] < g.start and g.end <= q[1] for g in granted)]
    if reminders or quotes:
        masked = mask(text, reminders + quotes)
    parsed = ParsedText(text=text, abilities=abilities, self_refs=st.self_refs, reminders=reminders,
                        quotes=quotes, quoted=st.quotes, masked=masked)
    for a in st.every_ability:
        a._parsed = parsed
    if st.tok_starts:
        _keep_vocabulary(parsed, st)
    else:
        parsed._vocabulary_pending = True
    return parsed


def _keep_vocabulary(parsed: ParsedText, st: OracleState) -> None:
    """The phrases of the vocabulary component on the face and its abilities, and the marks
    the meaning is read from."""
    _keep_phrases(parsed, st.phrases)
    if parsed.abilities and st.tok_starts:
        parsed._marks = _compact(st)


def _compact(st: OracleState) -> tuple:
    """The token table and the matches, kept until read: machine ints, not a Python object each."""
    return array("I", st.tok_starts), array("I", st.tok_ends), array("Q", st.tok_lowers), tuple(st.matches)


def _keep_phrases(parsed: ParsedText, phrases: list[Phrase]) -> None:
    """The phrases on the face, and on each ability those inside it outside reminder text."""
    parsed._phrases = phrases
    reminders = parsed.reminders
    if phrases:
        in_reminder = SortedSpans(reminders).covers
        own = _PhraseIndex([p for p in phrases if not in_reminder(p.start, p.end)] if reminders else phrases)
        for top in parsed.abilities:
            _attach_phrases(top, own.within(top.start, top.end))


def read_vocabulary(parsed: ParsedText) -> None:
    """Run the vocabulary component's matcher over a face parsed without it (once, on first use).

    The phrases themselves are made from its marks when something asks for them
    (:func:`make_phrases`): a run whose checks read only the meaning never asks.
    """
    nlp = get_pipeline()
    doc = nlp.make_doc(tokenizable(parsed.text))
    st = OracleState(text=parsed.text, context=Context(), self_refs=parsed.self_refs, reminders=parsed.reminders,
                     abilities=parsed.abilities)
    doc.user_data[_STATE] = st
    nlp.get_pipe("oracle_rule_refs").match(doc, st)
    if not st.tok_starts:
        _keep_phrases(parsed, _phrases(parsed.text, [], [], [], parsed.self_refs))
        return
    marks = _compact(st)
    if parsed.abilities:
        parsed._marks = marks
    parsed._phrase_marks = marks


def make_phrases(parsed: ParsedText, marks: tuple) -> None:
    """The phrases of a face whose vocabulary was read without them (see read_vocabulary)."""
    starts, ends, _lowers, matches = marks
    _keep_phrases(parsed, _phrases(parsed.text, starts, ends, matches, parsed.self_refs))


class _PhraseIndex:
    """Phrases found by where they start, so that each ability takes its own in time
    proportional to their number (a long text has many abilities and many phrases)."""

    def __init__(self, phrases: list[Phrase]) -> None:
        self.order = sorted(range(len(phrases)), key=lambda k: phrases[k].start)
        self.starts = [phrases[k].start for k in self.order]
        self.phrases = phrases

    def within(self, start: int, end: int) -> list[Phrase]:
        """The phrases inside ``[start, end)``, in their original order."""
        lo = bisect.bisect_left(self.starts, start)
        hi = bisect.bisect_left(self.starts, end, lo)
        picked = sorted(k for k in self.order[lo:hi] if self.phrases[k].end <= end)
        return [self.phrases[k] for k in picked]


def _attach_phrases(a: Ability, phrases: list[Phrase]) -> None:
    """An ability's phrases are those inside it and outside the abilities it grants."""
    if not a.granted:
        a.phrases = phrases
        return
    rest = phrases
    index = _PhraseIndex(phrases)
    for g in a.granted:
        _attach_phrases(g, index.within(g.start, g.end))
        rest = [p for p in rest if not (g.start <= p.start and p.end <= g.end)]
    a.phrases = rest


def _prepare(nlp: Language, face: Face, card: Card | None, tokens: bool, carrier: Doc | None = None) -> Doc:
    """The Doc of one face for :func:`parse_faces`, with the card context in its state.

    Without ``tokens`` the Doc holds no tokens: the self-reference and ability
    components read the face's text from the state, and only the vocabulary
    component reads tokens.  A batch that leaves that component out (nearly
    every run: it runs on first use, on the few faces some check asks about,
    see :func:`read_vocabulary`) does not pay for the tokenizer.  Such a Doc is
    no more than the carrier of the state; ``carrier``, where given, is one whose
    face is done with, and it takes this face's state in place of a new Doc.
    """
    text = face.oracle_text
    if tokens:
        doc = nlp.make_doc(tokenizable(text))
    else:
        doc = carrier if carrier is not None else Doc(nlp.vocab)
    faces = card.faces if card is not None else [face]
    if len(faces) == 1 and faces[0] is face:
        others: tuple[str, ...] = ()  # most cards have one face
    else:
        others = tuple(f.name for f in faces if f is not face and f.name)
    card_name = card.name if card is not None else None
    # the Doc is converted to plain data (to_parsed) and dropped: no spans to mark on it
    doc.user_data[_STATE] = OracleState(card_name, face.name, face.type_line, others, text,
                                        Context.build(card_name, face.name, face.type_line, others), spans=False)
    return doc


def parse_faces(items: Iterable[tuple[Face, Card]], batch_size: int = 256, meaning: bool = False,
                vocabulary: bool = False) -> None:
    """Parse the rules text of every face and set ``face.parsed``.

    The abilities are segmented for every face.  The vocabulary (the cited
    phrases, ``ParsedText.phrases``) and the meaning of each ability
    (``Ability.meaning``) are made the first time something asks for them,
    once per face; ``vocabulary=True`` runs the vocabulary component in the
    batch, ``meaning=True`` reads every face's meaning right away too.
    """
    nlp = get_pipeline()
    pending: deque[Face] = deque()
    tokens = vocabulary or meaning  # the vocabulary component runs in the batch: it reads tokens
    # A Doc without tokens carries only its face's state, and making one costs more than
    # reading most faces' state: one serves face after face, each time it comes back with
    # no face pending, that is, converted (spaCy hands the plain components' Docs on one at
    # a time; a batching one would leave faces pending, and each of those gets a Doc of its own).
    carrier = None if tokens else Doc(nlp.vocab)

    def docs():
        for face, card in items:
            text = face.oracle_text
            if not text:
                face.parsed = ParsedText(text=text or "")
                continue
            free = carrier if not pending else None
            pending.append(face)
            yield _prepare(nlp, face, card, tokens, free)

    disable = [] if tokens else ["oracle_rule_refs"]
    for doc in nlp.pipe(docs(), batch_size=batch_size, disable=disable):
        face = pending.popleft()
        face.parsed = to_parsed(doc)
        if meaning:
            face.parsed.read_meaning()


def parse_text(text: str, name: str | None = None, type_line: str | None = None,
               mana_cost: str | None = None) -> ParsedText:
    """Parse one rules text (for ``oraclelint parse --text`` and tests)."""
    face = Face(name=name, mana_cost=mana_cost, type_line=type_line, oracle_text=text)
    card = Card(name=name, faces=[face])
    parse_faces([(face, card)])
    assert face.parsed is not None
    return face.parsed
