"""The meaning layer: what each ability does, read clause by clause.

For every ability the segmenter found (granted abilities included) this fills
the typed structure of :mod:`linter.model`: its clauses (action, subject,
objects, players, amounts, counters, zones moved from and to, conditions,
duration), a triggered ability's trigger (event, step, intervening "if"), an
activated ability's restrictions and what its cost parts spend, and every
reference ("it", "that creature", "the exiled card", "the chosen type", "if
this spell was kicked", "when you do") linked to what introduced it: an
earlier clause, the trigger, the cost, another ability of the face (linked
abilities, CR 607), a keyword, the object a granted ability is given to, or
nothing (``antecedent`` None).

It reads tokens, not text: each token's class comes from one table lookup
(by the hash of its lower-case form, made once per face), and the phrases the
rule matcher already found (durations, players, zones, keyword actions,
subtypes, counters) are taken whole.  No regular expression runs here and no
spaCy Span is made.  The words and the rules each element cites are data
(``rules_data/meaning.yaml``).
"""

from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from linter.nlp.lean import spacy  # noqa: F401 - first: spaCy without its command line
from spacy.strings import hash_string

from linter.model import (
    Ability, Action, Antecedent, Clause, Condition, Duration, Meaning, ObjectRef, ParsedText, PlayerRef,
    Reference, Restriction, Trigger, ZoneRef, with_parents,
)

# -- word classes ---------------------------------------------------------------------

VERB, DET, PLAYER, NOUN, MOD, PRON, LINKED, ZONE, ZOWNER, STOP, SEP, NUM, KWCOND, THAT = (1 << k for k in range(14))
OBJECT_START = DET | NOUN | MOD | PRON | LINKED | NUM | THAT


def _h(word: str) -> int:
    return hash_string(word)


# words the parser asks for by name
(IF, UNLESS, AS, LONG, OTHERWISE, THEN, AND, OR, COMMA, MAY, CA, CAN, CANNOT, NT, NOT, DO, DOES, DID,
 MUST, IS, ARE, WAS, WERE, POSS, APOS, UP, TO, ANY, NUMBER, OF, ONE, MORE, FROM, INTO, ONTO, ON, IN,
 UNDER, TOP, BOTTOM, WITH, WHERE, EACH, YOU, CONTROL, CONTROLS, OWN, OWNS, THAT_W, WHEN, WHENEVER, AT,
 BEGINNING, END, THE, WOULD, ACTIVATE, A, AN, ALSO, STILL, HAS, HAVE, ITS, THEIR, QUOTE, LQUOTE, RQUOTE,
 EMDASH, ENDASH, X, LIFE, DAMAGE, CARD, CARDS, COUNTER, COUNTERS, COMBAT, YOUR, OPPONENT, OPPONENTS,
 UNTIL, ZONE_W, REVEAL, THOSE, THIS, WAY, FOR, CHOOSE, EQUAL) = (_h(w) for w in (
    "if", "unless", "as", "long", "otherwise", "then", "and", "or", ",", "may", "ca", "can", "cannot", "n't",
    "not", "do", "does", "did", "must", "is", "are", "was", "were", "'s", "'", "up", "to", "any", "number",
    "of", "one", "more", "from", "into", "onto", "on", "in", "under", "top", "bottom", "with", "where",
    "each", "you", "control", "controls", "own", "owns", "that", "when", "whenever", "at", "beginning",
    "end", "the", "would", "activate", "a", "an", "also", "still", "has", "have", "its", "their", '"', "“",
    "”", "—", "–", "x", "life", "damage", "card", "cards", "counter", "counters", "combat", "your",
    "opponent", "opponents", "until", "zone", "reveal", "those", "this", "way", "for", "choose", "equal"))
_STOPS = (".", "•", ";", "\n", "\n\n", "\n\n\n", " ", "  ", "\n ", " \n")
_TRIM = frozenset({QUOTE, LQUOTE, RQUOTE, EMDASH, ENDASH, COMMA})
_AMOUNT_NOUNS = frozenset({LIFE, DAMAGE, CARD, CARDS, COUNTER, COUNTERS})
_MODALS = frozenset({MAY, CA, CANNOT, NT, NOT, DO, DOES, DID, MUST, CAN, ALSO, STILL})
_NEGATIONS = frozenset({NT, NOT, CANNOT})
_ZONE_PREPS = frozenset({FROM, INTO, ONTO, ON, TO, IN, UNDER})
_TRIGGER_WORDS = frozenset({WHEN, WHENEVER, AT})


@dataclass(frozen=True, slots=True)
class ActionSpec:
    name: str
    rules: tuple[str, ...]
    with_words: frozenset[int] = frozenset()  # the sense applies only with one of these words after the verb
    trigger_rules: tuple[str, ...] = ()
    zone_from: str | None = None
    zone_to: str | None = None
    keyword_action: bool = False


@dataclass(slots=True)
class Lexicon:
    """What each word (by the hash of its lower-case form) can be, and the rules of each element."""

    cls: dict[int, int] = field(default_factory=dict)
    verbs: dict[int, tuple[ActionSpec, ...]] = field(default_factory=dict)
    determiners: dict[int, str] = field(default_factory=dict)
    det_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    players: dict[int, str] = field(default_factory=dict)
    player_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    nouns: dict[int, str] = field(default_factory=dict)  # hash -> the noun (singular, lower case)
    pronouns: dict[int, str] = field(default_factory=dict)  # hash -> object | any
    that_rules: tuple[str, ...] = ()
    linked: dict[int, tuple[str, str, tuple[str, ...]]] = field(default_factory=dict)  # (word, needs, rules)
    zones: dict[int, str] = field(default_factory=dict)
    zone_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    zone_owners: dict[int, str | None] = field(default_factory=dict)
    keyword_links: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lower keyword name -> links
    keyword_conditions: dict[int, tuple[str, str, tuple[str, ...]]] = field(default_factory=dict)
    restrictions: list[tuple[tuple[int, ...], str, tuple[str, ...]]] = field(default_factory=list)
    condition_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    self_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    done_rules: tuple[str, ...] = ()
    reflexive_rules: tuple[str, ...] = ()
    this_way_rules: tuple[str, ...] = ()
    cost_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def mark(self, word: str, bit: int) -> int:
        key = _h(word)
        self.cls[key] = self.cls.get(key, 0) | bit
        return key


@functools.lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The lexicon, built once from rules_data (meaning.yaml, the keyword actions, the type tables)."""
    from linter import catalogue, tables
    from linter.nlp.rulerefs import patterns_data, word_forms

    data = catalogue.load("meaning")
    forms = {k.lower(): list(v) for k, v in (patterns_data().get("forms") or {}).items()}
    lex = Lexicon()

    def verb(lemma: str, spec: ActionSpec) -> None:
        for f in word_forms(lemma, forms):
            key = lex.mark(f, VERB)
            lex.verbs[key] = lex.verbs.get(key, ()) + (spec,)

    for entry in data["actions"]:
        spec = ActionSpec(
            entry["name"], tuple(entry["rules"]), frozenset(_h(w) for w in entry.get("with", ())),
            tuple((entry.get("trigger") or {}).get("rules", ())), entry.get("from"), entry.get("to"),
        )
        for lemma in entry["verbs"]:
            verb(lemma, spec)
    implied = data["implied_zones"]
    for name, rule in tables.keyword_actions().items():
        if " " in name:
            continue  # multi-word keyword actions come whole from the rule matcher
        z = implied.get(name, {})
        verb(name, ActionSpec(name, (rule,), zone_from=z.get("from"), zone_to=z.get("to"), keyword_action=True))
    for key, specs in lex.verbs.items():  # a sense that needs a word after it is tried first
        lex.verbs[key] = tuple(sorted(specs, key=lambda s: not s.with_words))

    for name, entry in data["determiners"].items():
        for w in entry.get("words", [name]):
            lex.determiners[lex.mark(w, NUM if name == "number" else DET)] = name
        lex.det_rules[name] = tuple(entry.get("rules", ()))
    for name, entry in data["players"].items():
        for w in entry["words"]:
            lex.players[lex.mark(w, PLAYER)] = name
        lex.player_rules[name] = tuple(entry["rules"])
    types = tables.types()
    for n in set(data["nouns"]) | {t.lower() for t in types.card_types}:
        for f in word_forms(n, forms, verb=False):
            lex.nouns[lex.mark(f, NOUN)] = n
    for sub in types.all_subtypes():
        for f in word_forms(sub, forms, verb=False):
            key = lex.mark(f.lower(), NOUN)
            lex.nouns.setdefault(key, sub.lower())
    for m in [*data["modifiers"], *(t.lower() for t in types.supertypes)]:
        lex.mark(m, MOD)
    refs = data["references"]
    for w, kind in refs["pronouns"].items():
        lex.pronouns[lex.mark(w, PRON)] = kind
    for w in refs["that"]["words"]:
        lex.mark(w, THAT)
    lex.that_rules = tuple(refs["that"]["rules"])
    for w, entry in refs["linked"].items():
        lex.linked[lex.mark(w, LINKED)] = (w, entry["needs"], tuple(entry["rules"]))
    lex.done_rules = tuple(refs["done"]["rules"])
    lex.reflexive_rules = tuple(refs["reflexive"]["rules"])
    lex.this_way_rules = tuple(refs["this_way"]["rules"])
    for name, entry in data["zones"].items():
        for w in entry["words"]:
            lex.zones[lex.mark(w, ZONE)] = name
        lex.zone_rules[name] = tuple(entry["rules"])
    for w, owner in data["zone_owners"].items():
        lex.zone_owners[lex.mark(w, ZOWNER)] = owner
    lex.keyword_links = {k.lower(): tuple(v) for k, v in data["keyword_links"].items()}
    for w, entry in data["keyword_conditions"].items():
        lex.keyword_conditions[lex.mark(w, KWCOND)] = (w, entry["link"], tuple(entry["rules"]))
    from linter.nlp.pipeline import get_pipeline

    make = get_pipeline().make_doc
    for entry in data["restrictions"]:
        for phrase in entry["phrases"]:
            lex.restrictions.append((tuple(t.lower for t in make(phrase)), entry["kind"], tuple(entry["rules"])))
    lex.restrictions.sort(key=lambda r: -len(r[0]))
    lex.condition_rules = {k: tuple(v["rules"]) for k, v in data["conditions"].items()}
    lex.self_rules = {k: tuple(v["rules"]) for k, v in data["self_reference"].items()}
    lex.cost_rules = {k: tuple(v["rules"]) for k, v in data["costs"].items()}
    for w in _STOPS:
        lex.mark(w, STOP)
    for w in (",", "and", "or", "then"):
        lex.mark(w, SEP)
    lex.mark("up", DET)  # "up to two"
    return lex


# -- per face -------------------------------------------------------------------------


@dataclass(slots=True)
class _Intro:
    """Something an ability introduced that a later reference may point at."""

    where: str
    ability: int | None
    clause: int | None
    text: str
    start: int
    end: int
    kind: str  # object, player, action
    noun: str | None = None
    plural: bool = False
    action: str | None = None  # the action of the clause that introduced it (exile, reveal, choose, ...)
    optional: bool = False
    subject: bool = False  # it was the subject of its clause


_WIDE = {
    "permanent": frozenset({"creature", "artifact", "enchantment", "land", "planeswalker", "battle", "token"}),
    "card": frozenset({"creature", "artifact", "enchantment", "land", "planeswalker", "battle", "instant",
                       "sorcery", "permanent", "spell"}),
    "spell": frozenset({"card", "instant", "sorcery", "creature", "artifact", "enchantment", "planeswalker",
                        "battle", "copy"}),
    "creature": frozenset({"card", "permanent", "token", "attacker", "blocker"}),
    "token": frozenset({"creature", "artifact", "enchantment", "permanent"}),
}
_COST_ACTIONS = {"sacrifice": "sacrifice", "discard": "discard", "exile": "exile", "tap-creatures": "tap",
                 "counters": "remove-counter"}


# nouns of "that color", "that creature type", "that ability": a value chosen before
_CHOSEN = frozenset({"color", "type", "ability", "name", "number", "mode", "value"})


def _compatible(noun: str | None, other: str | None) -> bool:
    if noun is None or other is None or noun == other:
        return True
    return other in _WIDE.get(noun, ()) or noun in _WIDE.get(other, ())


class FaceReader:
    """Reads the meaning of every ability of one face (one Doc)."""

    def __init__(self, lex: Lexicon, text: str, starts: list[int], ends: list[int], lowers: list[int],
                 matches: list, self_refs: list[tuple[int, int]], reminders: list[tuple[int, int]]):
        self.lex = lex
        self.text = text
        self.starts = starts
        self.ends = ends
        self.low = lowers
        get = lex.cls.get
        self.cls = [get(x, 0) for x in lowers]
        self.n = len(starts)
        self.phrase_at: dict[int, tuple[int, object]] = {}
        for s, e, info in matches:
            if s not in self.phrase_at or e > self.phrase_at[s][0]:
                self.phrase_at[s] = (e, info)
        # tokens of counter phrases ("+1/+1 counter", "a lore counter"): "counter" is a noun there
        self.counter_toks = {k for s, e, info in matches if info.label == "COUNTER" for k in range(s, e)}
        self.self_at: dict[int, tuple[int, bool]] = {}
        for cs, ce in self_refs:
            ts, te = bisect_left(starts, cs), bisect_right(ends, ce)
            if ts < te:
                self.self_at[ts] = (te, text.startswith(("this ", "This "), cs))
        self.reminders = reminders

    # -- offsets --------------------------------------------------------------------------
    def tok(self, char: int) -> int:
        return bisect_left(self.starts, char)

    def tok_end(self, char: int) -> int:
        return bisect_right(self.ends, char)

    def span(self, ts: int, te: int) -> tuple[str, int, int]:
        s, e = self.starts[ts], self.ends[te - 1]
        return self.text[s:e], s, e

    def word(self, i: int) -> str:
        return self.text[self.starts[i]:self.ends[i]]

    # -- the face -------------------------------------------------------------------------
    def read(self, abilities: list[Ability]) -> None:
        flat = with_parents(abilities)
        for a, _ in flat:
            a._meaning = Meaning()
        self.index = {id(a): i for i, (a, _) in enumerate(flat)}
        self.intros: list[list[_Intro]] = [[] for _ in flat]
        self.keyword_links: dict[str, tuple[int, Ability]] = {}
        self.keywords: list[tuple[int, Ability]] = []
        for i, (a, _) in enumerate(flat):
            if a.kind == "keyword" and a.keyword:
                self.keywords.append((i, a))
                for link in self.lex.keyword_links.get(a.keyword.lower(), ()):
                    self.keyword_links.setdefault(link, (i, a))
        read = []
        for i, (a, parent) in enumerate(flat):
            self.begin(i, a, parent)
            if a.cost:
                self.cost(a)
            if a.kind in ("keyword", "level", "unknown"):
                continue
            self.ability(a)
            read.append((i, a))
        # linked abilities (CR 607): references to what another ability of the face did
        for i, a in read:
            for ref in a.references:
                if ref.antecedent is None:
                    ref.antecedent = self.elsewhere(i, ref)

    def begin(self, i: int, a: Ability, parent: Ability | None) -> None:
        self.a, self.ai, self.parent = a, i, parent
        self.refs = a.references
        self.mine = self.intros[i]
        self.ci = None

    # -- one ability ----------------------------------------------------------------------
    def ability(self, a: Ability) -> None:
        holes = [(g.start - 1, g.end + 1) for g in a.granted]
        holes += [r for r in self.reminders if r[0] < a.end and r[1] > a.start]
        if a.kind == "triggered" and a.effect_start is not None:
            self.trigger(a)
        body = a.effect_start if a.effect_start is not None else a.start
        activated = a.kind in ("activated", "loyalty")
        for si, (ts, te) in enumerate(self.sentences(self.tok(body), self.tok_end(a.end), holes)):
            if activated and self.low[ts] == ACTIVATE and self.restriction(ts, te):
                continue
            self.sentence(si, ts, te, si == 0)

    def sentences(self, ts: int, te: int, holes) -> list[tuple[int, int]]:
        """Token ranges of the sentences in [ts, te), outside ``holes`` (quotes, reminder text)."""
        cls = self.cls
        cuts = sorted((self.tok(s), self.tok_end(e)) for s, e in holes)
        out = []
        cur = i = ts
        c = 0
        while i < te:
            if c < len(cuts) and cuts[c][0] <= i:
                hs, he = cuts[c]
                c += 1
                if he <= i:
                    continue
                if cur < i:
                    out.append((cur, i))
                i = cur = max(he, i)
                continue
            if cls[i] & STOP:
                if cur < i:
                    out.append((cur, i))
                cur = i + 1
            i += 1
        if cur < te:
            out.append((cur, te))
        low = self.low
        clean = []
        for s, e in out:
            while s < e and low[s] in _TRIM:
                s += 1
            while e > s and low[e - 1] in _TRIM:
                e -= 1
            if s < e:
                clean.append((s, e))
        return clean

    # -- triggers -------------------------------------------------------------------------
    def trigger(self, a: Ability) -> None:
        low = self.low
        ts, te = self.tok(a.start), self.tok_end(a.effect_start)
        while ts < te and low[ts] not in _TRIGGER_WORDS:
            ts += 1
        end = te
        while end > ts + 1 and low[end - 1] == COMMA:
            end -= 1
        if ts >= end:
            return
        text, cs, ce = self.span(ts, end)
        trig = Trigger(self.word(ts).lower(), "other", text, cs, ce)
        body = ts + 1
        if body + 2 < end and low[body] == THE and low[body + 1] in (BEGINNING, END) and low[body + 2] == OF:
            trig.event = "beginning-of" if low[body + 1] == BEGINNING else "end-of"
            trig.rules = ("603.2b",) if trig.event == "beginning-of" else ("603.2",)
            self.step(trig, body + 3, end)
        elif body + 1 < end and low[body] == END and low[body + 1] == OF:  # "at end of combat"
            trig.event = "end-of"
            trig.rules = ("603.2",)
            self.step(trig, body + 2, end)
        else:
            clause = self.clause(-1, body, end, trigger=True)
            trig.clause = clause
            if clause.action is not None:
                trig.event = clause.action.name
            trig.rules = ("603.2", *(r for r in clause.rules if r != "603.2"))
            for thing in ([clause.subject] if clause.subject else []) + clause.objects + clause.players:
                self.introduce(thing, "trigger", None)
        a._meaning.trigger = trig

    def step(self, trig: Trigger, ts: int, te: int) -> None:
        """The step of "at the beginning of your upkeep", "at the beginning of each end step"."""
        owner = None
        low, cls = self.low, self.cls
        for i in range(ts, te):
            m = self.phrase_at.get(i)
            if m is not None and m[1].label == "PLAYER":
                p = self.player(i, m[0])
                self.introduce(p, "trigger", None)
                owner = p.who if p.quantifier not in ("each", "that") else ("each" if p.quantifier == "each" else "that-player")
                continue
            if m is not None:
                info = m[1]
                if trig.step is None and (info.label == "STEP" or info.label == "TERM" and info.terms and
                                          info.terms[0].endswith(("Step", "Phase"))):
                    trig.step = info.sense or info.terms[0].lower().replace(" ", "-")
                    trig.rules = trig.rules + tuple(r for r in info.rules if r not in trig.rules)
                    continue
            x = low[i]
            if cls[i] & PLAYER or x == YOUR:
                who = "you" if x == YOUR else self.lex.players.get(x, "player")
                self.mine.append(_Intro("trigger", self.ai, None, *self.span(i, i + 1), "player", who, False))
            if x == YOUR:
                owner = "you"
            elif x == EACH:
                owner = owner or "each"
            elif x in (OPPONENT, OPPONENTS):
                owner = "opponent"
            elif x == THAT_W:
                owner = "that-player"
        trig.step_owner = owner

    # -- costs and restrictions -------------------------------------------------------------
    def cost(self, a: Ability) -> None:
        """What each cost part spends; sacrificed, discarded, exiled objects are antecedents."""
        objects = a._meaning.cost_objects
        for part in a.cost:
            action = _COST_ACTIONS.get(part.kind)
            ts, te = self.tok(part.start), self.tok_end(part.end)
            if action is None and part.kind == "other" and ts < te and self.low[ts] in (REVEAL, CHOOSE):
                action = "reveal" if self.low[ts] == REVEAL else "choose"
            first = None
            if action is not None or part.kind == "other":
                k = ts + 1
                while k < te:
                    obj, j = self.object(k, te)
                    if obj is not None:
                        first = first or obj
                        self.introduce(obj, "cost", None, action=action)
                        k = j
                    else:
                        k += 1
                if first is None and action:
                    self.mine.append(_Intro("cost", self.ai, None, part.text, part.start, part.end, "action",
                                            action=action))
            objects.append(first)

    def restriction(self, ts: int, te: int) -> bool:
        low = self.low
        for toks, kind, rules in self.lex.restrictions:
            if tuple(low[ts:ts + len(toks)]) == toks:
                self.a.restrictions.append(Restriction(kind, *self.span(ts, te), rules))
                return True
        return False

    # -- sentences and clauses -----------------------------------------------------------
    def sentence(self, si: int, ts: int, te: int, first: bool) -> None:
        a = self.a
        low = self.low
        lex = self.lex
        conditions: list[Condition] = []
        duration = None
        lead = low[ts]
        if lead == OTHERWISE:
            conditions.append(Condition("otherwise", *self.span(ts, ts + 1), lex.condition_rules["otherwise"]))
            ts += 1
            while ts < te and low[ts] == COMMA:
                ts += 1
        elif lead in (IF, UNLESS) or lead == AS and ts + 1 < te and low[ts + 1] == LONG:
            comma = self.comma(ts, te)
            if comma is not None:
                conditions.append(self.condition(ts, comma, intervening=first and a.kind == "triggered" and lead == IF))
                ts = comma + 1
        elif lead == AS:
            # "As this creature enters, choose a color" (a replacement effect, CR 614.1c)
            comma = self.comma(ts, te)
            if comma is not None:
                conditions.append(Condition("as", *self.span(ts, comma), lex.condition_rules["as"]))
                self.scan(ts + 1, comma)
                ts = comma + 1
        elif ts in self.phrase_at and self.phrase_at[ts][1].label == "DURATION" and \
                self.phrase_at[ts][0] < te and low[self.phrase_at[ts][0]] == COMMA:
            end, info = self.phrase_at[ts]
            duration = Duration(info.sense or "until", *self.span(ts, end), info.rules)
            ts = end + 1
        elif lead == FOR and ts + 1 < te and low[ts + 1] == EACH:
            # "For each color among permanents you control, add one mana of that color."
            comma = self.comma(ts, te)
            if comma is not None:
                conditions.append(Condition("for-each", *self.span(ts, comma), ()))
                self.scan(ts + 1, comma)
                ts = comma + 1
        elif lead in (WHEN, WHENEVER) and (a.kind != "triggered" or not first):
            # a reflexive or delayed trigger inside the effect: "When you do, …"
            comma = self.comma(ts, te)
            if comma is not None:
                self.inner_trigger(ts, comma)
                ts = comma + 1
        if ts >= te:
            return
        mode = None
        if a.modes:
            start = self.starts[ts]
            mode = next((k for k, (ms, me) in enumerate(a.modes) if ms <= start < me), None)
        previous = None
        for cs, ce in self.split(ts, te):
            clause = self.clause(si, cs, ce, previous=previous)
            clause.mode = mode
            if conditions:
                clause.conditions[:0] = conditions
            if duration is not None and clause.duration is None:
                clause.duration = duration
            a.clauses.append(clause)
            previous = clause
        if first and conditions and a.trigger is not None and conditions[0].kind == "intervening-if":
            a.trigger.condition = conditions[0]
        if a.granted:
            # a quoted ability belongs to the clause it follows ("… and has "…"")
            ours = [c for c in a.clauses if c.sentence == si]
            for gi, g in enumerate(a.granted):
                owner = max((c for c in ours if c.start < g.start), key=lambda c: c.start, default=None)
                nxt = [c for c in ours if c.start > owner.start] if owner is not None else []
                if owner is not None and (not nxt or g.start < nxt[0].start) and gi not in owner.granted \
                        and self.starts[ts] <= g.start:
                    owner.granted.append(gi)

    def comma(self, ts: int, te: int) -> int | None:
        low = self.low
        for i in range(ts, te):
            if low[i] == COMMA:
                return i
        return None

    def condition(self, ts: int, te: int, intervening: bool = False) -> Condition:
        low = self.low
        lead = low[ts]
        if lead == UNLESS:
            kind = "unless"
        elif lead == AS:
            kind = "as-long-as"
        elif intervening:
            kind = "intervening-if"
        elif self.done(ts + 1, te):
            kind = "if-done"
        elif WOULD in low[ts:te]:
            kind = "would"
        else:
            kind = "if"
        cond = Condition(kind, *self.span(ts, te), self.lex.condition_rules.get(kind, ()))
        if kind == "if-done":
            self.reference("done", "action", ts, te, self.lex.done_rules)
        else:
            self.condition_refs(ts, te)
        return cond

    def done(self, ts: int, te: int) -> bool:
        """"you do", "they don't", "a player does", "that player can't" (CR 118.12)."""
        low = self.low
        for i in range(ts, min(te, ts + 4)):
            if low[i] in (DO, DOES, DID, CA, CAN):
                rest = te - i - 1
                return rest == 0 or (rest == 1 and low[i + 1] == NT)
        return False

    def condition_refs(self, ts: int, te: int) -> None:
        """"if this spell was kicked", "if it was bargained" and the objects a condition names."""
        lex = self.lex
        low, cls = self.low, self.cls
        for i in range(ts + 1, te):
            kc = lex.keyword_conditions.get(low[i]) if cls[i] & KWCOND else None
            if kc is None and low[i - 1] in (WAS, WERE) and self.word(i).endswith("ed"):
                kc = self.custom_condition(i)
            if kc is not None:
                self.reference("keyword", "keyword:" + kc[1], i, i + 1, kc[2])
        self.scan(ts + 1, te)

    def custom_condition(self, i: int):
        """"if it was infused": a keyword of the face whose name shares the word's stem
        (a set's own mechanic declared in its configuration takes part this way)."""
        word = self.word(i).lower()
        stem = word[:-3] if word.endswith("ied") else word[:-2]
        if len(stem) < 4:
            return None
        for _, kw in self.keywords:
            if kw.keyword.lower().startswith(stem[:max(4, len(stem) - 1)]):
                return (word, "custom:" + kw.keyword.lower(), ("702.1",))
        # a keyword the set declared that this face lacks: the reference needs it all the same
        from linter.tables import custom_keywords

        for declared in custom_keywords():
            if declared.name.lower().startswith(stem[:max(4, len(stem) - 1)]):
                return (word, "custom:" + declared.name.lower(), ("702.1",))
        return None

    def inner_trigger(self, ts: int, te: int) -> None:
        low = self.low
        if low[ts] == WHEN and te - ts in (3, 4) and low[ts + 1] == YOU and low[ts + 2] in (DO, DID):
            self.reference("reflexive", "action", ts, te, self.lex.reflexive_rules)
        else:
            self.scan(ts + 1, te)

    def split(self, ts: int, te: int) -> list[tuple[int, int]]:
        """The clauses of a sentence: it splits where a new action starts after a comma,
        "and", "or" or "then" ("draw a card and each opponent loses 2 life")."""
        cls = self.cls
        out = []
        cur = ts
        i = ts + 1
        acted = False
        while i < te:
            c = cls[i]
            if c & SEP:
                j = i
                while j < te and cls[j] & SEP:
                    j += 1
                if j < te and j > cur + 1 and (acted or self.has_action(cur, i)) and self.starts_clause(j, te):
                    out.append((cur, i))
                    cur = i = j
                    acted = False
                    continue
                i = j
                continue
            i += 1
        out.append((cur, te))
        return out

    def has_action(self, ts: int, te: int) -> bool:
        cls = self.cls
        for i in range(ts, te):
            if cls[i] & VERB:
                return True
            m = self.phrase_at.get(i)
            if m is not None and m[1].label == "KEYWORD_ACTION":
                return True
        return False

    def starts_clause(self, i: int, te: int) -> bool:
        """Whether a new clause starts at token i: a verb, or a subject and then a verb."""
        cls = self.cls
        c = cls[i]
        if c & VERB and not self.noun_use(i):
            return True
        m = self.phrase_at.get(i)
        if m is not None and m[1].label == "KEYWORD_ACTION":
            return True
        if c & (PLAYER | PRON | DET | THAT) or i in self.self_at or (m is not None and m[1].label == "PLAYER"):
            low = self.low
            for k in range(i + 1, min(te, i + 8)):
                if cls[k] & (SEP | STOP):
                    return False
                if cls[k] & VERB and not self.noun_use(k):
                    return True
                if low[k] in (MAY, CA, MUST):
                    return True
        return False

    def noun_use(self, i: int) -> bool:
        """Whether a verb-looking word is a noun here ("a counter", "from exile", "a copy")."""
        if i == 0:
            return self.adjective(0)
        if i in self.counter_toks:
            return True
        prev = self.low[i - 1]
        return prev in (A, AN, THE, FROM, IN, INTO, OF, POSS) or (self.cls[i] & MOD and self.cls[i - 1] & NOUN) > 0 \
            or (self.cls[i - 1] & LINKED and self.cls[i] & NOUN) > 0 or self.adjective(i)

    def adjective(self, i: int) -> bool:
        """"Activated abilities", "exiled cards": a participle before a noun."""
        return i + 1 < self.n and self.cls[i] & (MOD | LINKED) and self.cls[i + 1] & NOUN and \
            not self.cls[i + 1] & DET and self.word(i).endswith("ed")

    # -- one clause ------------------------------------------------------------------------
    def clause(self, si: int, ts: int, te: int, trigger: bool = False, previous: Clause | None = None) -> Clause:
        low, cls = self.low, self.cls
        while ts < te and cls[ts] & SEP:
            ts += 1
        if ts >= te:
            at = self.starts[min(ts, self.n - 1)]
            return Clause("", at, at, si)
        clause = Clause(*self.span(ts, te), si)
        ci = None if trigger else len(self.a.clauses)
        self.ci = ci
        i = ts
        # the subject, where the clause does not start with its verb
        if not (cls[i] & VERB and not self.noun_use(i) and i not in self.self_at) or \
                (cls[i] & PRON and not cls[i] & VERB):
            subject, j = self.subject(i, te)
            if subject is not None:
                clause.subject = subject
                i = j
                if not trigger:
                    self.introduce(subject, "clause", ci)
                    if self.mine and self.mine[-1].start == subject.start:
                        self.mine[-1].subject = True
        if clause.subject is None and previous is not None and ts > 0 and low[ts - 1] in (AND, OR):
            # "can't attack or block": the second verb shares the first one's subject and modals
            clause.subject = previous.subject
            clause.optional, clause.negated = previous.optional, previous.negated
        # modals and negation
        while i < te and (low[i] in _MODALS or low[i] == IS and i + 1 < te and low[i + 1] == NT):
            if low[i] == MAY:
                clause.optional = True
            elif low[i] in _NEGATIONS:
                clause.negated = True
            i += 1
        # the action
        self.spec = None
        for k in range(i, te):
            found = self.action_at(k, te, trigger)
            if found is not None:
                clause.action, i = found
                clause.rules = clause.action.rules
                break
            if low[k] in (IF, UNLESS, WHERE) and k > i:
                break
        else:
            found = None
        if clause.action is None and clause.subject is not None and i < te and \
                (low[i] in (IS, ARE, HAS, HAVE) or low[i] == POSS and clause.subject.determiner in ("pronoun", "self")):
            # "This creature is indestructible": a state, not an action
            w, s, e = self.span(i, i + 1)
            clause.action = Action("have" if low[i] in (HAS, HAVE) else "be", w, w, s, e)
            i += 1
        self.arguments(clause, i, te)
        if clause.action is not None and not clause.negated:
            self.implied_zones(clause)
        if not trigger:
            action = clause.action.name if clause.action else None
            for p in clause.players:
                self.introduce(p, "clause", ci, optional=clause.optional)
            if action is not None:
                self.mine.append(_Intro("clause", self.ai, ci, clause.text, clause.start, clause.end, "action",
                                        action=action, optional=clause.optional))
            if action == "add-mana":  # "Add {R}. When that mana is spent …"
                self.mine.append(_Intro("clause", self.ai, ci, clause.text, clause.start, clause.end, "object", "mana"))
        return clause

    def action_at(self, k: int, te: int, trigger: bool):
        """(Action, the token after it) where an action starts at token k."""
        m = self.phrase_at.get(k)
        if m is not None and m[1].label == "KEYWORD_ACTION" and m[1].sense:
            info = m[1]
            end = m[0] if " " in info.sense else k + 1
            w, s, e = self.span(k, end)
            self.spec = next((x for x in self.lex.verbs.get(self.low[k], ()) if x.name == info.sense), None)
            return Action(info.sense, w, w, s, e, info.rules, keyword_action=True), end
        if m is not None and m[1].id == "counter-spell":
            w, s, e = self.span(k, k + 1)
            return Action("counter", w, w, s, e, m[1].rules, keyword_action=True), k + 1
        if not self.cls[k] & VERB or (self.noun_use(k) and not trigger):
            return None
        rest = self.low[k + 1:min(te, k + 6)]
        for spec in self.lex.verbs[self.low[k]]:
            if spec.with_words and spec.with_words.isdisjoint(rest):
                continue
            w, s, e = self.span(k, k + 1)
            rules = spec.trigger_rules if trigger and spec.trigger_rules else spec.rules
            action = Action(spec.name, w, w, s, e, rules, keyword_action=spec.keyword_action)
            self.spec = spec
            return action, k + 1
        return None

    def subject(self, i: int, te: int):
        low, cls = self.low, self.cls
        if low[i] == THE and i + 2 < te and cls[i + 1] & PLAYER and low[i + 2] == OF:
            # "The owner of target nonland permanent shuffles it …"
            player = self.player(i, i + 2)
            obj, j = self.object(i + 3, te)
            if obj is not None:
                self.introduce(obj, "clause", self.ci)
                return player, j
            return player, i + 2
        m = self.phrase_at.get(i)
        if m is not None and m[1].label == "PLAYER":
            return self.player(i, m[0]), m[0]
        if self.cls[i] & PLAYER:
            return self.player(i, i + 1), i + 1
        obj, j = self.object(i, te)
        if obj is not None:
            # "this creature or another Ally you control enters"
            while j + 1 < te and low[j] in (OR, AND) and (cls[j + 1] & (DET | NUM | THAT) or j + 1 in self.self_at):
                other, k = self.object(j + 1, te)
                if other is None:
                    break
                obj.alternatives.append(other)
                obj.text, obj.start, obj.end = self.span(i, k)
                j = k
            return obj, j
        return None, i

    def player(self, ts: int, te: int) -> PlayerRef:
        lex = self.lex
        quant = None
        who = "player"
        for k in range(ts, te):
            x = self.low[k]
            if x in lex.players:
                who = lex.players[x]
            elif quant is None and x in lex.determiners:
                quant = lex.determiners[x]
        rules = lex.player_rules.get(who, ())
        if quant == "target":
            rules = rules + lex.det_rules["target"]
        p = PlayerRef(who, quant, *self.span(ts, te), rules)
        if quant == "that":
            p.reference = self.reference("that", "player", ts, te, lex.that_rules)
        return p

    def object(self, ts: int, te: int) -> tuple[ObjectRef | None, int]:
        """An object phrase at token ts, or (None, ts)."""
        if ts >= te:
            return None, ts
        lex = self.lex
        low, cls = self.low, self.cls
        i = ts
        c = cls[i]
        if i in self.self_at:
            end, this = self.self_at[i]
            obj = ObjectRef("self", *self.span(i, end), self_ref=True, rules=lex.self_rules["this" if this else "name"])
            if this:
                obj.noun = lex.nouns.get(low[end - 1], self.word(end - 1).lower())
            return obj, end
        m = self.phrase_at.get(i)
        if not c & OBJECT_START and not (m is not None and m[1].label == "TYPE"):
            return None, ts
        if c & PRON and low[i] not in (ITS, THEIR):
            obj = ObjectRef("pronoun", *self.span(i, i + 1))
            if self.expletive(i, te):  # "It becomes night.", "If it's not your turn"
                return obj, i + 1
            kind = lex.pronouns[low[i]]
            obj.reference = self.reference("pronoun", "object" if kind == "object" else "any", i, i + 1, lex.that_rules)
            return obj, i + 1
        det = count = position = None
        if low[i] == UP and i + 2 < te and low[i + 1] == TO:
            det, count = "up-to", self.word(i + 2)
            i += 3
        elif low[i] == ANY and i + 2 < te and low[i + 1] == NUMBER and low[i + 2] == OF:
            det, count = "any", "any number of"
            i += 3
        elif low[i] == ONE and i + 3 < te and low[i + 1] == OR and low[i + 2] == MORE:
            det, count = "number", "one or more"
            i += 3
            if i < te and low[i] == OF:
                i += 1
        elif low[i] == THE and i + 1 < te and low[i + 1] in (TOP, BOTTOM):
            # "the top card of your library", "the top three cards of target player's library"
            det, position = "the", self.word(i + 1).lower()
            i += 2
            if i < te and cls[i] & NUM:
                count = self.word(i)
                i += 1
        elif c & (DET | NUM | THAT) and low[i] in lex.determiners:
            det = lex.determiners[low[i]]
            if det == "number":
                count = self.word(i)
            i += 1
        # "each other creature", "another target creature", "up to two target creatures"
        while i < te and low[i] in lex.determiners and lex.determiners[low[i]] in ("other", "target", "number"):
            d = lex.determiners[low[i]]
            if d == "target":
                det = "target"
            elif d == "number" and count is None:
                count = self.word(i)
            i += 1
        types: list[str] = []
        noun = None
        end = k = i
        while k < te:
            m = self.phrase_at.get(k)
            if m is not None and m[1].label == "TYPE":
                types.append(self.span(k, m[0])[0])
                noun = types[-1].lower()
                k = end = m[0]
                # "Elf or Berserker", "Angel or Cleric"
                if k + 1 < te and low[k] in (OR, AND) and (cls[k + 1] & NOUN or k + 1 in self.phrase_at and
                                                          self.phrase_at[k + 1][1].label == "TYPE"):
                    k += 1
                continue
            ck = cls[k]
            if ck & NOUN and not (ck & VERB and k == ts):
                noun = lex.nouns[low[k]]
                types.append(self.word(k))
                k = end = k + 1
                # "creature or planeswalker", "artifact, enchantment, or land"
                if k + 1 < te and cls[k] & SEP and low[k] != THEN:
                    j = k
                    while j < te and cls[j] & SEP:
                        j += 1
                    if j < te and cls[j] & NOUN and not cls[j] & DET:
                        k = j
                continue
            w = self.word(k)
            if w == "-" and k > ts and k + 1 < te and self.word(k - 1).lower() in ("non", "face"):
                # "non-Human", "face-down"
                types[-1:] = [types[-1] + "-" + self.word(k + 1)] if types else [self.word(k + 1)]
                k += 2
                if noun is not None and lex.nouns.get(low[k - 1]) == noun:
                    noun = None
                continue
            if ck & (MOD | LINKED) and noun is None or (w[:3].lower() == "non" and not ck & VERB) or \
                    ("/" in w and w[:1] in "0123456789X*+-−" and noun is None):
                types.append(w)
                k += 1
                continue
            break
        if noun is None:  # "an additional", "each of": no object without a noun
            return None, ts
        if end == ts:
            return None, ts
        obj = ObjectRef(det or "none", *self.span(ts, max(end, k)), count=count, noun=noun, types=tuple(types))
        end = max(end, k)
        if det == "target":
            obj.rules = lex.det_rules["target"]
        j = end
        if position is not None and j + 1 < te and low[j] == OF:
            zone, k = self.zone(j + 1, te)
            if zone is not None:
                zone.position = position
                obj.zone = zone
                j = k
        j = self.filters(obj, j, te)
        if j > end:
            obj.text, obj.start, obj.end = self.span(ts, j)
        # references: "that creature", "those cards", "the exiled card", "cards exiled with ~"
        if det in ("that", "those"):
            obj.reference = self.reference("that", "player" if noun == "player" else "object", ts, end, lex.that_rules)
        elif obj.reference is None:
            for k in range(ts, end):
                if cls[k] & LINKED:
                    word, needs, rules = lex.linked[low[k]]
                    if word == "chosen" or det == "the" or word == "exiled" and self.with_self(end, te):
                        obj.reference = self.reference("chosen" if needs == "choice" else "linked-" + needs, needs,
                                                       ts, j, rules)
                    break
        return obj, j

    def expletive(self, i: int, te: int) -> bool:
        """An "it" that stands for nothing: "it becomes day", "if it's not your turn", "it's neither day nor night"."""
        if self.word(i).lower() != "it" or i + 2 >= te + 1:
            return False
        rest = [self.word(k).lower() for k in range(i + 1, min(te, i + 4))]
        return rest[:2] in (["becomes", "day"], ["becomes", "night"]) or \
            rest[:1] in (["'s"], ["is"]) and rest[1:2] in (["not"], ["neither"], ["your"], ["day"], ["night"])

    def with_self(self, k: int, te: int) -> bool:
        """"exiled with this creature", "exiled with it"."""
        return k + 1 < te and self.low[k] == WITH and (k + 1 in self.self_at or self.cls[k + 1] & PRON)

    def filters(self, obj: ObjectRef, j: int, te: int) -> int:
        """What follows the noun: "you control", "an opponent controls", "you own", "in your graveyard",
        "of the chosen type", "exiled with this creature"."""
        lex = self.lex
        low, cls = self.low, self.cls
        while j < te:
            x = low[j]
            if cls[j] & PLAYER or cls[j] & (DET | THAT) and j + 1 < te and cls[j + 1] & PLAYER:
                k = j
                while k < te and (cls[k] & (DET | PLAYER | THAT) or low[k] in (DO, DOES, NT)):
                    k += 1
                if k < te and low[k] in (CONTROL, CONTROLS, OWN, OWNS):
                    who = next((lex.players[low[y]] for y in range(j, k) if cls[y] & PLAYER), "player")
                    value = ("not-" if NT in low[j:k] else "") + who
                    if who != "you":  # "a creature an opponent controls … that player"
                        end_p = k - (2 if NT in low[j:k] else 0)
                        self.mine.append(_Intro("clause", self.ai, self.ci, *self.span(j, max(end_p, j + 1)), "player",
                                                who, False))
                    if low[k] in (CONTROL, CONTROLS):
                        obj.controller = value
                    else:
                        obj.owner = value
                    j = k + 1
                    continue
                break
            if x == IN and j + 1 < te:
                zone, k = self.zone(j + 1, te)
                if zone is not None:
                    obj.zone = zone
                    j = k
                    continue
                break
            if x == OF and j + 2 < te and low[j + 1] in (THE, THAT_W) and (cls[j + 2] & LINKED or low[j + 1] == THAT_W):
                k = j + 2
                while k < te and cls[k] & (LINKED | NOUN | MOD):
                    k += 1
                if cls[j + 2] & LINKED:
                    word, needs, rules = lex.linked[low[j + 2]]
                    kind = "chosen" if needs == "choice" else "linked-" + needs
                    obj.reference = self.reference(kind, needs, j + 1, k, rules)
                else:
                    obj.reference = self.reference("that", "object", j + 1, k, lex.that_rules)
                j = k
                continue
            if x == OF and j + 1 < te and (cls[j + 1] & OBJECT_START or j + 1 in self.self_at) and \
                    obj.noun in ("ability", "card", "source", "copy", "number", "type", "color", "name", "mode", None):
                # "abilities of sources …", "a copy of target creature", "each of them"
                inner, k = self.object(j + 1, te)
                if inner is not None:
                    self.introduce(inner, "clause", self.ci)
                    j = k
                    continue
                break
            if x == WITH and j + 1 < te and not cls[j + 1] & (STOP | SEP | VERB) and not self.with_self(j, te):
                # "with flying", "with mana value 3 or less", "with a +1/+1 counter on it", "with the chosen name"
                k = j + 1
                while k < te and (not cls[k] & (STOP | SEP) and not (cls[k] & VERB and not self.noun_use(k))
                                  and low[k] not in (IF, UNLESS, WHERE, UNTIL, THAT_W, IS, ARE) and low[k] not in _MODALS
                                  and k not in self.self_at
                                  or low[k] == OR and k + 1 < te and cls[k + 1] & NUM):
                    k += 1
                self.provisional(obj)
                self.scan(j + 1, k)
                j = k
                continue
            if cls[j] & LINKED and obj.reference is None:
                # "cards exiled with this creature", "the creature exiled this way"
                word, needs, rules = lex.linked[x]
                if self.with_self(j + 1, te):
                    k = self.self_at[j + 2][0] if j + 2 in self.self_at else j + 3
                    obj.reference = self.reference("linked-" + needs, needs, obj_start(obj, self), k, rules)
                    j = k
                    continue
                if j + 2 < te and low[j + 1] == THIS and low[j + 2] == WAY:
                    obj.reference = self.reference("this-way", needs, obj_start(obj, self), j + 3,
                                                   lex.this_way_rules)
                    j += 3
                    continue
            break
        return j

    def zone(self, ts: int, te: int) -> tuple[ZoneRef | None, int]:
        """A zone phrase at ts: "your graveyard", "its owner's hand", "the top of your library", "exile"."""
        lex = self.lex
        low, cls = self.low, self.cls
        position = None
        i = ts
        if i + 1 < te and low[i] == THE and low[i + 1] in (TOP, BOTTOM):
            position = self.word(i + 1).lower()
            i += 2
            if i < te and low[i] == OF:
                i += 1
        owner = None
        for k in range(i, min(te, i + 5)):
            x = low[k]
            if cls[k] & ZONE:
                zone = lex.zones[x]
                end = k + 1
                if zone == "command":
                    if not (end < te and low[end] == ZONE_W):
                        return None, ts
                    end += 1
                rules = lex.zone_rules[zone]
                if owner == "owner":
                    rules = rules + ("400.3",)
                return ZoneRef(zone, owner, position, *self.span(ts, end), rules), end
            if cls[k] & ZOWNER:
                if owner is None or owner == "any":
                    owner = lex.zone_owners[x]
                if x in (ITS, THEIR):
                    self.reference("pronoun", "object" if x == ITS else "any", k, k + 1, lex.that_rules)
            elif x in (POSS, APOS):
                if k > i and cls[k - 1] & ZOWNER:
                    owner = lex.zone_owners[low[k - 1]]
                if k > i and cls[k - 1] & PLAYER and low[k - 1] not in (YOU,) and low[k - 2] != ITS:
                    # "target player's library … that player"
                    self.mine.append(_Intro("clause", self.ai, self.ci, *self.span(i, k), "player",
                                            lex.players[low[k - 1]], False))
            elif cls[k] & PLAYER:
                owner = lex.players[x]
            elif not cls[k] & (DET | THAT):
                return None, ts
        return None, ts

    def arguments(self, clause: Clause, i: int, te: int) -> None:
        lex = self.lex
        low, cls = self.low, self.cls
        phrase_at = self.phrase_at
        while i < te:
            x = low[i]
            c = cls[i]
            m = phrase_at.get(i)
            if m is not None:
                info = m[1]
                label = info.label
                if label == "DURATION":
                    clause.duration = Duration(info.sense or "until", *self.span(i, m[0]), info.rules)
                    i = m[0]
                    continue
                if label == "PLAYER":
                    clause.players.append(self.player(i, m[0]))
                    i = m[0]
                    continue
                if label == "CONDITION" and info.sense == "as-long-as":
                    clause.conditions.append(self.condition(i, te))
                    return
                if label == "COUNTER":
                    if info.id == "pt-counter" and clause.counter is None:
                        clause.counter = self.word(i)
                    i = m[0]
                    continue
                if label == "ZONE" and info.sense:
                    zone = ZoneRef(info.sense, "owner" if "owner" in info.id else None, None,
                                   *self.span(i, m[0]), rules=info.rules)
                    prev = low[i - 1] if i > 0 else 0
                    if x == FROM or prev == FROM:
                        clause.zone_from = zone
                    elif x == IN or prev == IN:
                        if clause.objects and clause.objects[-1].zone is None:
                            clause.objects[-1].zone = zone
                    else:
                        clause.zone_to = zone
                    i = m[0]
                    continue
            if x in (IF, UNLESS):
                clause.conditions.append(self.condition(i, te))
                return
            if x == UNTIL:
                clause.duration = Duration("until", *self.span(i, te), ("610.3",))
                self.scan(i + 1, te)
                return
            if x == WHERE:
                self.scan(i + 1, te)
                return
            if x in _ZONE_PREPS and i + 1 < te:
                zone, k = self.zone(i + 1, te)
                if zone is not None:
                    if x == FROM:
                        clause.zone_from = zone
                    elif x == IN:
                        if clause.objects and clause.objects[-1].zone is None:
                            clause.objects[-1].zone = zone
                        elif clause.zone_from is None:
                            clause.zone_from = zone
                    else:
                        clause.zone_to = zone
                    i = k
                    continue
            if c & (ZOWNER | ZONE) and clause.zone_from is None and clause.action is not None and \
                    clause.action.name in ("search", "look", "shuffle", "reveal", "exile", "mill"):
                zone, k = self.zone(i, te)
                if zone is not None:  # "search your library", "exile target player's graveyard"
                    clause.zone_from = zone
                    self.mine.append(_Intro("clause", self.ai, self.ci, zone.text, zone.start, zone.end, "object",
                                            "zone", action=clause.action.name))
                    i = k
                    continue
            if c & (NUM | DET) or self.word(i)[:1].isdigit():
                w = self.word(i)
                number = c & NUM or (w[:1].isdigit() and "/" not in w)
                # "two +1/+1 counters", "a lore counter", "X -1/-1 counters"
                k = i + 1
                while k < te and k < i + 4 and k not in phrase_at:
                    k += 1
                m2 = phrase_at.get(k) if k < te else None
                if m2 is not None and m2[1].label == "COUNTER" and (number or x in (A, AN)):
                    clause.amount = clause.amount or w
                    clause.counter = self.word(k) if m2[1].id == "pt-counter" else \
                        (self.span(i + 1, k)[0] if k > i + 1 else clause.counter)
                    i = m2[0]
                    continue
                if clause.amount is None and i + 1 < te and (number or x in (A, AN)) and low[i + 1] in _AMOUNT_NOUNS:
                    clause.amount = w
                    if low[i + 1] in (LIFE, DAMAGE):
                        i += 2
                        continue
                elif clause.amount is None and number and (i + 1 >= te or not cls[i + 1] & (NOUN | MOD | DET)):
                    clause.amount = w  # "Scry 2", "mill three" is followed by "cards" above
                    i += 1
                    continue
            if c & PLAYER and not (x == YOU and i + 1 < te and low[i + 1] in (CONTROL, OWN)):
                clause.players.append(self.player(i, i + 1))
                i += 1
                continue
            if x == THE and i + 2 < te and c & DET and cls[i + 1] & PLAYER and low[i + 2] == OF:
                # "the owner of target creature", "the controller of that spell"
                clause.players.append(self.player(i, i + 2))
                i += 3
                continue
            obj, k = self.object(i, te) if c & OBJECT_START or i in self.self_at or m is not None else (None, i)
            if obj is not None:
                clause.objects.append(obj)
                if not (clause.action is not None and clause.action.name == "be"):  # "it's a Vampire"
                    self.introduce(obj, "clause", self.ci, action=clause.action.name if clause.action else None,
                                   optional=clause.optional)
                i = k
                continue
            i += 1

    def implied_zones(self, clause: Clause) -> None:
        """The zones the action moves objects between where the text does not say them."""
        spec = self.spec
        if spec is None or spec.name != clause.action.name:
            return
        at = clause.action.start
        if spec.zone_from and clause.zone_from is None:
            clause.zone_from = ZoneRef(spec.zone_from, None, None, "", at, at,
                                       self.lex.zone_rules.get(spec.zone_from, ()), implied=True)
        if spec.zone_to and clause.zone_to is None:
            clause.zone_to = ZoneRef(spec.zone_to, None, None, "", at, at,
                                     self.lex.zone_rules.get(spec.zone_to, ()), implied=True)

    # -- references ----------------------------------------------------------------------
    def scan(self, ts: int, te: int) -> None:
        """The objects (and so the references) in words the clause reader does not
        otherwise read: a condition, "where X is …", "until …"."""
        cls = self.cls
        i = ts
        while i < te:
            if cls[i] & OBJECT_START or i in self.self_at:
                obj, k = self.object(i, te)
                if obj is not None:
                    if i == ts or self.low[i - 1] not in (IS, ARE, WAS, WERE, POSS):  # not "if it's a Vampire"
                        self.introduce(obj, "condition", self.ci)
                    i = k
                    continue
            i += 1

    def reference(self, kind: str, needs: str, ts: int, te: int, rules) -> int:
        ref = Reference(kind, needs, *self.span(ts, te), tuple(rules))
        ref.antecedent = self.here(ref)
        self.refs.append(ref)
        return len(self.refs) - 1

    def provisional(self, obj: ObjectRef) -> None:
        """Make an object an antecedent before its phrase ends ("each creature with a counter on it")."""
        self.introduce(obj, "clause", self.ci)

    def introduce(self, thing, where: str, ci: int | None, action: str | None = None, optional: bool = False) -> None:
        if thing is None:
            return
        mine = self.mine
        if mine and mine[-1].start == thing.start and mine[-1].kind != "action":
            # introduced already (before its phrase ended): keep what the clause adds
            x = mine[-1]
            x.text, x.end = thing.text, thing.end
            x.action = x.action or action
            x.optional = x.optional or optional
            return
        if isinstance(thing, PlayerRef):
            self.mine.append(_Intro(where, self.ai, ci, thing.text, thing.start, thing.end, "player", thing.who,
                                    thing.quantifier in ("each", "all") or thing.text.lower().endswith("s"),
                                    optional=optional))
            return
        if thing.determiner == "pronoun":
            return
        last = thing.types[-1].lower() if thing.types else ""
        plural = thing.determiner in ("each", "all", "those", "up-to", "any") or \
            thing.count not in (None, "one", "1", "a") or (last.endswith("s") and last != (thing.noun or ""))
        self.mine.append(_Intro(where, self.ai, ci, thing.text, thing.start, thing.end, "object", thing.noun,
                                plural, action, optional))

    def here(self, ref: Reference) -> Antecedent | None:
        """An antecedent in this ability, before the reference."""
        intros = [x for x in self.mine if x.start < ref.start]
        kind, needs = ref.kind, ref.needs
        if kind == "pronoun":
            kinds = ("object",) if needs == "object" else ("object", "player")
            plural = ref.text.lower() in ("they", "them", "their")
            k = self.tok(ref.start)
            if k >= 2 and self.low[k - 1] == TO and self.low[k - 2] == EQUAL and self.ci is not None:
                # "draw cards equal to its power": "its" is not one of the cards counted
                counted = [x for x in intros if x.clause != self.ci or x.where != "clause" or x.subject]
                intros = counted or intros
            if self.ci is not None and self.a.clauses is not None and ref.text[:1].isupper():
                # "This land becomes a 3/3 creature. It's still a land.": a pronoun that opens a
                # sentence goes on with the subject of the one before
                for x in reversed(intros):
                    if x.subject and x.kind in kinds and x.clause is not None and x.clause < self.ci and \
                            (not plural or x.plural):
                        if x.clause == self.ci - 1:
                            return self.ante(x)
                        break
            for x in reversed(intros):
                if x.kind in kinds and (not plural or x.plural or x.kind == "player") and \
                        not (x.kind == "player" and x.noun == "you"):
                    return self.ante(x)
            for x in reversed(intros):
                if x.kind in kinds and not (x.kind == "player" and x.noun == "you"):
                    return self.ante(x)
            return self.grantee()
        if kind == "that":
            noun = self.ref_noun(ref)
            kinds = ("player",) if needs == "player" else ("object",)
            if noun is not None and needs == "object":  # the same noun first: "that creature" after "a creature"
                for x in reversed(intros):
                    if x.kind == "object" and x.noun == noun:
                        return self.ante(x)
            for x in reversed(intros):
                if x.kind in kinds and (_compatible(noun, x.noun) if x.kind == "object" else x.noun != "you"):
                    return self.ante(x)
                if noun in _CHOSEN and x.action == "choose":
                    return self.ante(x)
            return self.grantee() if needs == "object" else None
        if kind == "done":
            for x in reversed(intros):
                if x.kind == "action" or x.where == "cost":
                    return self.ante(x)
            return None
        if kind == "reflexive":
            # the action "when you do" hangs on: real cards hang it on mandatory actions too
            # ("Sacrifice it. When you do, …"); whether it was optional is the antecedent clause's
            for x in reversed(intros):
                if x.kind == "action" or x.where == "cost":
                    return self.ante(x)
            return None
        if kind.startswith("linked-") or kind == "chosen" or kind == "this-way":
            action = "choose" if kind == "chosen" else needs
            # "Search … for five cards … Put the chosen cards …": found cards are chosen ones
            actions = (action, "search", "look") if kind == "chosen" and self.ref_noun(ref) == "card" else (action,)
            for x in reversed(intros):
                if x.action in actions:
                    return self.ante(x)
            return None
        if kind == "keyword":
            return self.keyword_antecedent(needs)
        return None

    def elsewhere(self, ai: int, ref: Reference) -> Antecedent | None:
        """Linked abilities (CR 607): the exiled cards or the chosen value of another ability of the
        face; "that creature" after an ability that named one ("Target creature gets -1/-1 …
        Morbid — That creature gets -13/-13 instead …")."""
        if ref.kind == "that":
            noun = self.ref_noun(ref)
            kinds = ("player",) if ref.needs == "player" else ("object",)
            for j in range(ai - 1, -1, -1):
                for x in reversed(self.intros[j]):
                    if x.kind in kinds and (_compatible(noun, x.noun) if x.kind == "object" else x.noun != "you"):
                        return Antecedent("ability", j, x.clause, x.text, x.start, x.end)
            return None
        if not (ref.kind.startswith("linked-") or ref.kind == "chosen"):
            return None
        action = "choose" if ref.kind == "chosen" else ref.needs
        for j, intros in enumerate(self.intros):
            if j != ai:
                for x in intros:
                    if x.action == action:
                        return Antecedent("ability", j, x.clause, x.text, x.start, x.end)
        if action in self.keyword_links:
            k, kw = self.keyword_links[action]
            return Antecedent("keyword", k, None, kw.text, kw.start, kw.end)
        return None

    def keyword_antecedent(self, needs: str) -> Antecedent | None:
        link = needs.split(":", 1)[1]
        if link.startswith("custom:"):
            for k, kw in self.keywords:
                if kw.keyword.lower() == link[7:]:
                    return Antecedent("keyword", k, None, kw.text, kw.start, kw.end)
            return None
        if link in self.keyword_links:
            k, kw = self.keyword_links[link]
            return Antecedent("keyword", k, None, kw.text, kw.start, kw.end)
        return None

    def grantee(self) -> Antecedent | None:
        """In a granted ability, "it" is the object that has the ability."""
        if self.parent is None:
            return None
        pi = self.index[id(self.parent)]
        for n, clause in enumerate(self.parent.clauses):
            subj = clause.subject
            if subj is not None and not isinstance(subj, PlayerRef):
                return Antecedent("grantee", pi, n, subj.text, subj.start, subj.end)
            if clause.objects:
                o = clause.objects[0]
                return Antecedent("grantee", pi, n, o.text, o.start, o.end)
        return Antecedent("grantee", pi, None, self.parent.text, self.parent.start, self.parent.end)

    @staticmethod
    def ante(x: _Intro) -> Antecedent:
        return Antecedent(x.where, x.ability, x.clause, x.text, x.start, x.end)

    def ref_noun(self, ref: Reference) -> str | None:
        nouns = self.lex.nouns
        for k in range(self.tok_end(ref.end) - 1, self.tok(ref.start) - 1, -1):
            n = nouns.get(self.low[k])
            if n is not None:
                return n
        return None


def obj_start(obj: ObjectRef, reader: FaceReader) -> int:
    return reader.tok(obj.start)


def read_face(text: str, starts, ends, lowers, matches, self_refs, reminders, abilities) -> None:
    """Fill the meaning of every ability of one face (in place)."""
    if abilities:
        FaceReader(lexicon(), text, starts, ends, lowers, matches, self_refs, reminders).read(abilities)


def read_marks(parsed: ParsedText, marks: tuple) -> None:
    """Fill the meaning of a parsed face from the marks the pipeline kept (see pipeline.to_parsed)."""
    starts, ends, lowers, matches = marks
    read_face(parsed.text, starts, ends, lowers, matches, parsed.self_refs, parsed.reminders, parsed.abilities)
