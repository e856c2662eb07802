"""The card model every reader fills and every check reads.

It is shaped after Scryfall's card object.  Every field is optional and an
absent field (``None``) is not an empty one: a check never reports a
mismatch against a field the file does not have.  ``locs`` remembers where
each field's value stands in the source file (a reader may find the places
only when they are first asked for, see :class:`linter.readers.locs.FieldLocs`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from typing import Any, Iterator

from linter.source import Loc, SourceFile

COLORS = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})
CARD_TYPES = frozenset({
    "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
    "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery",
    "Tribal", "Vanguard", "Emblem",
})
PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})

_TYPE_DASH = re.compile(r"\s+[—–-]{1,3}\s+|\s+[—–]\s*|\s*[—–]\s+")


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], bool]:
    """Split a single face's type line into supertypes, card types, subtypes.

    Accepts the em dash and the plain hyphen that some exports use.  The last
    element says whether the line starts with "Token".
    """
    parts = _TYPE_DASH.split(type_line.strip(), maxsplit=1)
    left = parts[0].split()
    right = parts[1].split() if len(parts) > 1 else []
    token = False
    supers: list[str] = []
    types: list[str] = []
    for word in left:
        if word == "Token":
            token = True
        elif word in SUPERTYPES:
            supers.append(word)
        else:
            types.append(word)
    return tuple(supers), tuple(types), tuple(right), token


#: :func:`split_type_line` worked out once per type line (cards repeat their type lines: a
#: file of some thousand cards has a few hundred of them); what it gives is immutable
_split_once = functools.lru_cache(maxsize=8192)(split_type_line)


@dataclass(slots=True)
class CostPart:
    """One part of an activated ability's cost."""

    kind: str  # mana, tap, untap, loyalty, sacrifice, discard, life, exile, counters, tap-creatures, other
    text: str
    start: int
    end: int
    rules: tuple[str, ...] = ()  # the rules of paying it (107.5 for {T}, 701.21 for sacrificing ...)


@dataclass(slots=True)
class Phrase:
    """A phrase of rules text that invokes Comprehensive Rules numbers."""

    label: str
    text: str
    start: int
    end: int
    rules: tuple[str, ...]
    id: str = ""  # the pattern that found it ("term-graveyard", "draw-verb", "action-701.8")
    terms: tuple[str, ...] = ()  # the CR glossary terms (or CR titles) the phrase stands for


# -- the meaning of an ability ------------------------------------------------------
#
# Every element below has the characters it was read from (``text``, ``start``,
# ``end``: offsets into the face's ``oracle_text``) and the CR rules it invokes.
# linter/nlp/meaning.py fills them; docs/ of the shape: README "The parse".


@dataclass(slots=True)
class PlayerRef:
    """A player the text names: "you", "each opponent", "target player", "its owner"."""

    who: str  # you, opponent, player, controller, owner, defending-player, active-player, teammate
    quantifier: str | None  # each, target, a, that, another, any, chosen, None (plain "you")
    text: str
    start: int
    end: int
    rules: tuple[str, ...] = ()
    reference: int | None = None  # index into Ability.references for "that player", "they"


@dataclass(slots=True)
class ZoneRef:
    """A zone: "your graveyard", "its owner's hand", "the top of your library", "exile"."""

    zone: str  # library, hand, battlefield, graveyard, stack, exile, command, ante
    owner: str | None  # you, owner, controller, opponent, player, that-player, each, any, None
    position: str | None  # top, bottom (of a library), None
    text: str
    start: int
    end: int
    rules: tuple[str, ...] = ()
    implied: bool = False  # not written: the action implies it ("destroy" puts into a graveyard)


@dataclass(slots=True)
class ObjectRef:
    """An object the text acts on or talks about: "target creature an opponent controls",
    "each other Elf you control", "this creature", "it", "the exiled card"."""

    determiner: str  # target, each, all, a, another, any, up-to, number, this, that, the, self, pronoun, none
    text: str
    start: int
    end: int
    count: str | None = None  # "two", "X", "up to three", "any number of", "one or more"
    noun: str | None = None  # head noun: creature, card, permanent, spell, token, ability, source, a subtype
    types: tuple[str, ...] = ()  # words that filter it: card types, subtypes, supertypes, colors, "nonland", "tapped"
    controller: str | None = None  # who controls it: you, opponent, not-you, player, that-player, any
    owner: str | None = None  # "you own", "an opponent owns"
    zone: ZoneRef | None = None  # where it is: "a creature card in your graveyard"
    self_ref: bool = False  # the object the ability is on ("this creature", its name)
    reference: int | None = None  # index into Ability.references when the object is a reference
    rules: tuple[str, ...] = ()
    # "this creature or another Ally you control": the other objects the phrase may be
    alternatives: list["ObjectRef"] = field(default_factory=list)


@dataclass(slots=True)
class Condition:
    """A condition: "if …", "as long as …", "unless …", an intervening "if", "if you do"."""

    kind: str  # if, intervening-if, if-done, unless, as-long-as, only-if, would, otherwise
    text: str
    start: int
    end: int
    rules: tuple[str, ...] = ()


@dataclass(slots=True)
class Duration:
    """How long an effect lasts: "until end of turn", "this turn", "for as long as …"."""

    kind: str  # end-of-turn, this-turn, next-turn, end-of-combat, for-as-long-as, until
    text: str
    start: int
    end: int
    rules: tuple[str, ...] = ()


@dataclass(slots=True)
class Action:
    """What a clause does: a keyword action of CR 701 or another game action."""

    name: str  # draw, deal-damage, gain-life, lose-life, put-counter, create, destroy, exile, return, ...
    verb: str  # the word as written ("draws", "Exile")
    text: str
    start: int
    end: int
    rules: tuple[str, ...] = ()
    keyword_action: bool = False  # one of CR 701


@dataclass(slots=True)
class Antecedent:
    """What a reference points back to."""

    where: str  # clause, trigger, cost, ability (another ability of the face), keyword, self
    ability: int | None  # index of that ability in ParsedText.walk() order (None for self)
    clause: int | None  # index of the clause in that ability, where there is one
    text: str
    start: int
    end: int


@dataclass(slots=True)
class Reference:
    """Words that point at something introduced elsewhere: "it", "that creature",
    "the exiled card", "the chosen type", "if this spell was kicked", "the revealed cards".

    ``needs`` says what the words need an antecedent to be; ``antecedent`` is
    what they were linked to, or None when nothing on the card introduces it.
    """

    kind: str  # pronoun, that, linked-exile, chosen, revealed, this-way, kicked, paid, done, reflexive, ...
    needs: str  # object, player, exile, choice, choice:<what>, reveal, keyword:<name>, optional-action, ...
    text: str
    start: int
    end: int
    rules: tuple[str, ...] = ()
    antecedent: Antecedent | None = None

    @property
    def resolved(self) -> bool:
        return self.antecedent is not None


@dataclass(slots=True)
class Clause:
    """One clause of an ability's effect (or of its trigger condition)."""

    text: str
    start: int
    end: int
    sentence: int  # index of the sentence in the ability
    mode: int | None = None  # index into Ability.modes for a clause of a mode ("• Draw a card.")
    action: Action | None = None
    subject: "ObjectRef | PlayerRef | None" = None  # who or what does it (None: the ability's controller)
    objects: list[ObjectRef] = field(default_factory=list)
    players: list[PlayerRef] = field(default_factory=list)  # players acted on or named ("each opponent loses")
    amount: str | None = None  # "2" of "loses 2 life", "a" of "draw a card", "X"
    counter: str | None = None  # the kind of counter put or removed ("+1/+1", "loyalty")
    zone_from: ZoneRef | None = None
    zone_to: ZoneRef | None = None
    conditions: list[Condition] = field(default_factory=list)
    duration: Duration | None = None
    optional: bool = False  # "you may"
    negated: bool = False  # "can't", "don't"
    references: list[int] = field(default_factory=list)  # indexes into Ability.references
    granted: list[int] = field(default_factory=list)  # indexes into Ability.granted: the quoted abilities it gives
    rules: tuple[str, ...] = ()


@dataclass(slots=True)
class Trigger:
    """The trigger of a triggered ability: its word, its event and an intervening "if"."""

    word: str  # when, whenever, at
    event: str  # enters, dies, leaves, attacks, blocks, cast, beginning-of, end-of, deal-damage, ... or other
    text: str
    start: int
    end: int
    clause: Clause | None = None  # the event read as a clause (subject, action, objects)
    step: str | None = None  # "upkeep", "end-step", "combat" … of "at the beginning of …"
    step_owner: str | None = None  # whose step: you, opponent, player (each), that-player, None
    condition: Condition | None = None  # the intervening "if" (CR 603.4)
    rules: tuple[str, ...] = ()


@dataclass(slots=True)
class Restriction:
    """A restriction on activating an ability: "Activate only as a sorcery", "… only once each turn"."""

    kind: str  # sorcery-speed, once-each-turn, only-if, only-during, only-from, limit, other
    text: str
    start: int
    end: int
    rules: tuple[str, ...] = ()


@dataclass(slots=True)
class Ability:
    """One ability (or keyword) of a face's rules text.

    Offsets are character offsets into the face's ``oracle_text``, also for
    granted abilities (quoted text inside another ability).
    """

    kind: str  # keyword, activated, loyalty, triggered, chapter, static, spell, level, unknown
    text: str
    start: int
    end: int
    keyword: str | None = None  # canonical keyword name for kind == "keyword"
    parameter: str | None = None  # the keyword's parameter as written ("{2}", "from red")
    ability_word: str | None = None
    cost: list[CostPart] = field(default_factory=list)
    effect_start: int | None = None  # where the effect starts (after "cost:" or the trigger)
    mana_ability: bool = False
    adds_mana: bool = False
    has_target: bool = False
    chapters: tuple[int, ...] = ()
    rules: tuple[str, ...] = ()
    _phrases: list[Phrase] | None = field(default=None, repr=False)
    granted: list["Ability"] = field(default_factory=list)
    modes: list[tuple[int, int]] = field(default_factory=list)  # bullet choices
    line: int = 0  # index of the text line the ability is on
    # what it does: read from the pipeline's marks on first use, once for the
    # whole face (see ParsedText.read_meaning)
    _meaning: "Meaning | None" = field(default=None, repr=False, compare=False)
    _parsed: "ParsedText | None" = field(default=None, repr=False, compare=False)

    def walk(self) -> Iterator["Ability"]:
        """This ability and every ability it grants, depth first."""
        yield self
        for g in self.granted:
            yield from g.walk()

    @property
    def phrases(self) -> list[Phrase]:
        """The cited phrases inside this ability, outside reminder text and the abilities it grants."""
        if self._phrases is None:
            if self._parsed is not None:
                self._parsed.read_phrases()
            if self._phrases is None:
                self._phrases = []
        return self._phrases

    @phrases.setter
    def phrases(self, value: list[Phrase]) -> None:
        self._phrases = value

    @property
    def meaning(self) -> "Meaning":
        """What the ability does (clauses, trigger, restrictions, references)."""
        if self._meaning is None:
            if self._parsed is not None:
                self._parsed.read_meaning()
            if self._meaning is None:
                self._meaning = Meaning()
        return self._meaning

    @property
    def clauses(self) -> list[Clause]:
        return self.meaning.clauses

    @property
    def trigger(self) -> "Trigger | None":
        return self.meaning.trigger

    @property
    def restrictions(self) -> list[Restriction]:
        return self.meaning.restrictions

    @property
    def references(self) -> list[Reference]:
        return self.meaning.references

    @property
    def cost_objects(self) -> list["ObjectRef | None"]:
        """What each part of ``cost`` spends ("a creature" of "Sacrifice a creature"), or None."""
        return self.meaning.cost_objects


@dataclass(slots=True)
class Meaning:
    """What one ability does (linter/nlp/meaning.py fills it)."""

    clauses: list[Clause] = field(default_factory=list)
    trigger: Trigger | None = None  # a triggered ability's trigger
    restrictions: list[Restriction] = field(default_factory=list)  # an activated ability's restrictions
    references: list[Reference] = field(default_factory=list)  # every reference, in text order of discovery
    cost_objects: list["ObjectRef | None"] = field(default_factory=list)  # parallel to Ability.cost


def with_parents(abilities: list[Ability]) -> list[tuple[Ability, Ability | None]]:
    """Every ability of ``abilities`` and those they grant, depth first (each before the
    ones it grants), each with the ability that grants it (None at the top).  A stack, not
    a function calling itself, which would hold itself and the abilities in a cycle that
    outlives the face (see :meth:`ParsedText.release`)."""
    out: list[tuple[Ability, Ability | None]] = []
    stack: list[tuple[Ability, Ability | None]] = [(a, None) for a in reversed(abilities)]
    while stack:
        a, parent = stack.pop()
        out.append((a, parent))
        if a.granted:
            stack.extend([(g, a) for g in reversed(a.granted)])
    return out


@dataclass(slots=True)
class ParsedText:
    """What the NLP pipeline found in one face's rules text."""

    text: str
    abilities: list[Ability] = field(default_factory=list)
    self_refs: list[tuple[int, int]] = field(default_factory=list)
    reminders: list[tuple[int, int]] = field(default_factory=list)
    _phrases: list[Phrase] | None = field(default=None, repr=False)
    quotes: list[tuple[int, int]] = field(default_factory=list)  # quoted abilities (granted), quotes included
    quoted: list[tuple[int, int]] = field(default_factory=list)  # every quoted text (names, words too)
    masked: str = ""  # ``text`` with reminder text and quoted abilities blanked (offsets kept)
    _plain: str | None = field(default=None, repr=False, compare=False)
    # the pipeline's marks the meaning is read from (tokens, phrase matches); None once read
    _marks: tuple | None = field(default=None, repr=False, compare=False)
    _vocabulary_pending: bool = field(default=False, repr=False, compare=False)
    # the marks the phrases are made from where the vocabulary was read without them; None once made
    _phrase_marks: tuple | None = field(default=None, repr=False, compare=False)
    # the check-author API's view of the face (linter.checks.api.FaceView), made once and
    # shared by every check of the run
    _view: Any = field(default=None, repr=False, compare=False)
    #: the version of the set's declared mechanics (``linter.tables.extension_version``) the
    #: text was parsed under, where the run's parse stamped it: a set's own keywords and
    #: words change the parse, and a parse made under other ones is made again
    made_under: int | None = field(default=None, repr=False, compare=False)

    def walk(self) -> Iterator[Ability]:
        for a in self.abilities:
            yield from a.walk()

    def release(self) -> None:
        """Let go of the links back to this parse (each ability's, and the check-author view
        of the face), for a parse that is dropped once its card is checked: a run pauses
        the cyclic garbage collector, so a parse whose parts point back at it would stay
        in memory to the end of the run (or of the worker), where without them reference
        counting frees it at once.  The parse is not to be read after this."""
        self._view = None
        for a in self.walk():
            a._parsed = None

    @property
    def plain(self) -> str:
        """``text`` with reminder text blanked (quoted abilities kept; offsets kept), made once."""
        if self._plain is None:
            if not self.reminders:
                self._plain = self.text
            elif not self.quotes and self.masked:
                self._plain = self.masked
            else:
                from linter.nlp.text import mask

                self._plain = mask(self.text, self.reminders)
        return self._plain

    @property
    def phrases(self) -> list[Phrase]:
        """Every cited phrase of the text (reminder text included), made once on first use."""
        if self._phrases is None:
            self.read_phrases()
            if self._phrases is None:
                self._phrases = []
        return self._phrases

    @phrases.setter
    def phrases(self, value: list[Phrase]) -> None:
        self._phrases = value

    def read_vocabulary(self) -> None:
        """Find the face's phrase matches, the marks its phrases and its meaning are read from,
        where the parse left them for later."""
        if not self._vocabulary_pending:
            return
        self._vocabulary_pending = False
        from linter.nlp.pipeline import read_vocabulary

        read_vocabulary(self)

    def read_phrases(self) -> None:
        """Make the face's cited phrases (and its abilities'), where the parse left them for later."""
        self.read_vocabulary()
        marks, self._phrase_marks = self._phrase_marks, None
        if marks is not None:
            from linter.nlp.pipeline import make_phrases

            make_phrases(self, marks)

    def read_meaning(self) -> None:
        """Fill every ability's meaning (once; later calls do nothing)."""
        self.read_vocabulary()
        marks, self._marks = self._marks, None
        if marks is None:
            return
        from linter.nlp.meaning import read_marks

        read_marks(self, marks)

    def in_reminder(self, start: int, end: int | None = None) -> bool:
        end = start if end is None else end
        return any(s <= start and end <= e for s, e in self.reminders)


@dataclass(eq=False)
class Face:
    name: str | None = None
    mana_cost: str | None = None  # Oracle form: "{1}{R}"; "" means the face has no mana cost
    type_line: str | None = None
    oracle_text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: tuple[str, ...] | None = None
    color_indicator: tuple[str, ...] | None = None
    cmc: float | None = None
    flavor_text: str | None = None
    locs: MutableMapping[str, Loc] = field(default_factory=dict, repr=False)
    parsed: ParsedText | None = field(default=None, repr=False)
    _types: tuple | None = field(default=None, repr=False)

    def _split(self) -> tuple:
        if self._types is None:
            self._types = _split_once(self.type_line or "")
        return self._types

    @property
    def supertypes(self) -> tuple[str, ...]:
        return self._split()[0]

    @property
    def card_types(self) -> tuple[str, ...]:
        return self._split()[1]

    @property
    def subtypes(self) -> tuple[str, ...]:
        return self._split()[2]

    def has_type(self, *types: str) -> bool:
        return any(t in self.card_types for t in types)

    @property
    def is_permanent(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.card_types)


@dataclass(eq=False)
class Card:
    """A card: one or more faces and the card-level fields."""

    name: str | None = None
    layout: str | None = None  # normal, transform, modal_dfc, split, adventure, flip, meld, saga, token, ...
    faces: list[Face] = field(default_factory=list)
    color_identity: tuple[str, ...] | None = None
    cmc: float | None = None
    keywords: tuple[str, ...] | None = None
    is_token: bool = False
    set_code: str | None = None
    released: str | None = None  # ISO date of the set, where the file says
    # what the file says of the product the card comes from (Scryfall's names), where it says
    set_type: str | None = None  # "expansion", "funny", "alchemy", "memorabilia", ...
    digital: bool | None = None
    border_color: str | None = None  # "black", "silver", "gold", ...
    security_stamp: str | None = None  # "oval", "acorn", "triangle", ...
    promo_types: tuple[str, ...] | None = None  # "playtest", "prerelease", ...
    source: SourceFile | None = field(default=None, repr=False)
    loc: Loc | None = field(default=None, repr=False)  # where the card's entry starts
    locs: MutableMapping[str, Loc] = field(default_factory=dict, repr=False)
    extra: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def front(self) -> Face:
        return self.faces[0]

    def field_loc(self, face: int | None, name: str | None) -> Loc | None:
        """The location of a field, falling back to the face's and the card's start."""
        if face is not None and 0 <= face < len(self.faces):
            f = self.faces[face]
            if name and name in f.locs:
                return f.locs[name]
            if "name" in f.locs:
                return f.locs["name"]
        if name and name in self.locs:
            return self.locs[name]
        return self.loc


# Mana cost helpers ---------------------------------------------------------

SYMBOL_RE = re.compile(r"\{([^{}]*)\}")


def cost_symbols(cost: str) -> list[str]:
    """The symbols of a braced mana cost ("{2}{G/W}" -> ["2", "G/W"])."""
    return SYMBOL_RE.findall(cost or "")


def symbol_mana_value(symbol: str) -> float:
    """The mana value of one mana symbol (CR 202.3): X counts 0, hybrid its
    largest part, Phyrexian one, half mana one half."""
    s = symbol.upper()
    if s.isdigit():
        return float(int(s))
    if s in ("X", "Y", "Z"):
        return 0.0
    if s.startswith("H"):
        return 0.5
    if s == "½":
        return 0.5
    if s == "∞":
        return float("inf")
    if "/" in s:
        parts = [p for p in s.split("/") if p != "P"]
        if not parts:
            return 1.0
        return max(symbol_mana_value(p) for p in parts)
    if s in ("W", "U", "B", "R", "G", "C", "S"):
        return 1.0
    return 0.0


def mana_value(cost: str | None) -> float:
    return sum(symbol_mana_value(s) for s in cost_symbols(cost or ""))


def symbol_colors(symbol: str) -> set[str]:
    """The colors a mana symbol carries (hybrid and Phyrexian included)."""
    s = symbol.upper()
    if len(s) == 2 and s[0] == "H" and s[1] in COLORS:  # half mana, {HR}
        return {s[1]}
    return {c for c in s.split("/") if c in COLORS}


def cost_colors(cost: str | None) -> set[str]:
    out: set[str] = set()
    for s in cost_symbols(cost or ""):
        out |= symbol_colors(s)
    return out


def order_colors(colors) -> tuple[str, ...]:
    present = set(colors)
    return tuple(c for c in COLORS if c in present)


__all__ = [
    "Ability", "Action", "Antecedent", "Card", "Meaning", "Clause", "Condition", "CostPart", "Duration", "Face", "Loc",
    "ObjectRef", "ParsedText", "Phrase", "PlayerRef", "Reference", "Restriction", "SourceFile", "Trigger", "ZoneRef",
    "COLORS", "COLOR_NAMES", "cost_symbols", "cost_colors", "mana_value", "order_colors",
    "split_type_line", "symbol_colors", "symbol_mana_value",
]
