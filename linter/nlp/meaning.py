"""The meaning layer: what each ability does, read clause by clause.

For every ability the segmenter found (granted abilities included) this fills
the typed structure of :mod:`linter.model`: its clauses (action, subject,
objects, players, amounts, zones moved from and to, conditions, duration), a
triggered ability's trigger (event, step, intervening "if"), an activated
ability's restrictions and the objects its cost parts spend, and every
reference ("it", "that creature", "the exiled card", "the chosen type", "if
this spell was kicked", "when you do") linked to what introduced it: an
earlier clause, the trigger, the cost, another ability of the face (linked
abilities, CR 607), a keyword, or nothing (``antecedent`` None).

It reads tokens, not text: one table lookup per token (by the hash of its
lower-case form) says what the word can be, and the phrases the rule matcher
already found (durations, players, zones, keyword actions, subtypes) are
taken whole.  No regular expression runs over the text here, and no spaCy
Span is made.  The words and the rules each element cites are data
(``rules_data/meaning.yaml``).
"""

from __future__ import annotations

import bisect
import functools
from dataclasses import dataclass, field

from linter.model import (
    Ability, Action, Antecedent, Clause, Condition, Duration, ObjectRef, PlayerRef, Reference,
    Restriction, Trigger, ZoneRef,
)

# -- the lexicon ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionSpec:
    name: str
    rules: tuple[str, ...]
    with_words: frozenset[int] = frozenset()  # hashes; empty = any clause
    trigger_rules: tuple[str, ...] = ()
    zone_from: str | None = None
    zone_to: str | None = None
    keyword_action: bool = False


@dataclass(slots=True)
class Lexicon:
    """What each word (by the hash of its lower-case form) can be."""

    h: dict[str, int]  # the hash of a few words the parser asks for by name
    verbs: dict[int, tuple[ActionSpec, ...]] = field(default_factory=dict)
    verb_lemma: dict[int, str] = field(default_factory=dict)
    determiners: dict[int, str] = field(default_factory=dict)
    det_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    players: dict[int, str] = field(default_factory=dict)
    player_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    nouns: dict[int, str] = field(default_factory=dict)  # hash -> singular noun
    modifiers: dict[int, str] = field(default_factory=dict)
    pronouns: dict[int, str] = field(default_factory=dict)  # hash -> object | any
    that_words: frozenset[int] = frozenset()
    that_rules: tuple[str, ...] = ()
    linked: dict[int, tuple[str, str, tuple[str, ...]]] = field(default_factory=dict)  # participle -> (word, needs, rules)
    zones: dict[int, str] = field(default_factory=dict)
    zone_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    zone_owners: dict[int, str | None] = field(default_factory=dict)
    keyword_links: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lower keyword -> links
    keyword_conditions: dict[int, tuple[str, str, tuple[str, ...]]] = field(default_factory=dict)
    restrictions: list[tuple[tuple[int, ...], str, tuple[str, ...]]] = field(default_factory=list)
    condition_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    self_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    done_rules: tuple[str, ...] = ()
    reflexive_rules: tuple[str, ...] = ()
    this_way_rules: tuple[str, ...] = ()
    participles: dict[int, str] = field(default_factory=dict)  # "exiled" -> "exile" (action name)


_WORDS = (
    "if", "unless", "as", "long", "otherwise", "then", "and", "or", ",", ".", ";", ":", "may", "ca", "can",
    "cannot", "n't", "not", "do", "does", "did", "must", "is", "are", "was", "were", "be", "been", "'s",
    "'", "up", "to", "any", "number", "of", "one", "more", "from", "into", "onto", "on", "in", "under",
    "top", "bottom", "with", "where", "for", "each", "other", "you", "control", "controls", "own", "owns",
    "that", "this", "way", "when", "whenever", "at", "beginning", "end", "the", "would", "instead",
    "activate", "only", "a", "an", "target", "than", "named", "except", "until", "no", "card", "cards",
    "type", "color", "name", "player", "mode", "kicked", "paid", "promised", "cast", "gift", "cost",
    "chosen", "exiled", "do", "dont", "also", "still", "have", "has", "had", "it", "they", "them",
    "their", "its", "\"", "“", "”", "•", "—", "–", "x", "life", "damage", "counter", "counters", "all",
    "among", "plus", "without", "tapped", "untapped", "attacking", "blocking", "face", "down", "there",
    "step", "phase", "upkeep", "combat", "turn", "draw", "your", "opponent", "opponents", "players",
    "creature", "spell", "permanent", "ability", "abilities", "token", "tokens", "equal", "how", "many",
    "much", "twice", "half", "rather", "through", "choose", "both", "either", "or", "nor",
)


def _all_forms(lemma: str, forms: dict[str, list[str]]) -> list[str]:
    from linter.nlp.rulerefs import word_forms

    return word_forms(lemma, forms)


@functools.lru_cache(maxsize=4)
def lexicon(vocab) -> Lexicon:
    """The lexicon for a spaCy vocabulary (built once; the hashes are the vocab's)."""
    from linter import catalogue, tables
    from linter.nlp.rulerefs import patterns_data, word_forms

    strings = vocab.strings
    add = strings.add
    data = catalogue.load("meaning")
    forms = {k.lower(): list(v) for k, v in (patterns_data().get("forms") or {}).items()}
    lex = Lexicon(h={w: add(w) for w in _WORDS})

    def verb(lemma: str, spec: ActionSpec) -> None:
        for f in _all_forms(lemma, forms):
            key = add(f)
            lex.verbs[key] = lex.verbs.get(key, ()) + (spec,)
            lex.verb_lemma[key] = lemma

    for entry in data["actions"]:
        spec = ActionSpec(
            entry["name"], tuple(entry["rules"]),
            frozenset(add(w) for w in entry.get("with", ())),
            tuple((entry.get("trigger") or {}).get("rules", ())),
            entry.get("from"), entry.get("to"),
        )
        for lemma in entry["verbs"]:
            verb(lemma, spec)
    implied = data["implied_zones"]
    for name, rule in tables.keyword_actions().items():
        words = name.split()
        if len(words) > 1:
            continue  # multi-word keyword actions come from the rule matcher's phrases
        z = implied.get(name, {})
        verb(words[0], ActionSpec(name, (rule,), zone_from=z.get("from"), zone_to=z.get("to"), keyword_action=True))
    # a sense with `with` words is tried before the plain one
    for key, specs in lex.verbs.items():
        lex.verbs[key] = tuple(sorted(specs, key=lambda s: not s.with_words))

    for name, entry in data["determiners"].items():
        for w in entry.get("words", [name]):
            lex.determiners[add(w)] = name
        lex.det_rules[name] = tuple(entry.get("rules", ()))
    for name, entry in data["players"].items():
        for w in entry["words"]:
            lex.players[add(w)] = name
        lex.player_rules[name] = tuple(entry["rules"])
    types = tables.types()
    nouns = set(data["nouns"]) | {t.lower() for t in types.card_types}
    for n in nouns:
        for f in word_forms(n, forms, verb=False):
            lex.nouns[add(f)] = n
    for sub in types.all_subtypes():
        for f in word_forms(sub, forms, verb=False):
            lex.nouns.setdefault(add(f.lower()), sub.lower())
    for m in data["modifiers"]:
        lex.modifiers[add(m)] = m
    for t in types.supertypes:
        lex.modifiers[add(t.lower())] = t.lower()
    refs = data["references"]
    for w, kind in refs["pronouns"].items():
        lex.pronouns[add(w)] = kind
    lex.that_words = frozenset(add(w) for w in refs["that"]["words"])
    lex.that_rules = tuple(refs["that"]["rules"])
    for w, entry in refs["linked"].items():
        lex.linked[add(w)] = (w, entry["needs"], tuple(entry["rules"]))
    lex.done_rules = tuple(refs["done"]["rules"])
    lex.reflexive_rules = tuple(refs["reflexive"]["rules"])
    lex.this_way_rules = tuple(refs["this_way"]["rules"])
    for name, entry in data["zones"].items():
        for w in entry["words"]:
            lex.zones[add(w)] = name
        lex.zone_rules[name] = tuple(entry["rules"])
    for w, owner in data["zone_owners"].items():
        lex.zone_owners[add(w)] = owner
    lex.keyword_links = {k.lower(): tuple(v) for k, v in data["keyword_links"].items()}
    for w, entry in data["keyword_conditions"].items():
        lex.keyword_conditions[add(w)] = (w, entry["link"], tuple(entry["rules"]))
    for entry in data["restrictions"]:
        for phrase in entry["phrases"]:
            toks = tuple(add(t.lower_) for t in vocab_make(vocab, phrase))
            lex.restrictions.append((toks, entry["kind"], tuple(entry["rules"])))
    lex.restrictions.sort(key=lambda r: -len(r[0]))
    lex.condition_rules = {k: tuple(v["rules"]) for k, v in data["conditions"].items()}
    lex.self_rules = {k: tuple(v["rules"]) for k, v in data["self_reference"].items()}
    for w, (_, needs, _) in lex.linked.items():
        lex.participles[w] = needs
    return lex


def vocab_make(vocab, text: str):
    from linter.nlp.pipeline import get_pipeline

    return get_pipeline().make_doc(text)


# -- per face -----------------------------------------------------------------------


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
    action: str | None = None  # the action that introduced it (exile, reveal, choose, create, ...)
    optional: bool = False
    what: str | None = None  # for a choice: type, color, name, player, number, mode, creature ...


class FaceReader:
    """Reads the meaning of every ability of one face (one Doc)."""

    def __init__(self, lex: Lexicon, text: str, starts: list[int], ends: list[int], lowers: list[int],
                 matches: list, self_refs: list[tuple[int, int]], reminders: list[tuple[int, int]]):
        self.lex = lex
        self.text = text
        self.starts = starts
        self.ends = ends
        self.low = lowers
        self.n = len(starts)
        self.phrase_at: dict[int, tuple[int, object]] = {}
        for s, e, info in matches:
            if s not in self.phrase_at or e > self.phrase_at[s][0]:
                self.phrase_at[s] = (e, info)
        self.self_at: dict[int, tuple[int, bool]] = {}
        for cs, ce in self_refs:
            ts, te = self.tok(cs), self.tok_end(ce)
            if ts < te:
                self.self_at[ts] = (te, text.startswith(("this ", "This "), cs))
        self.reminders = reminders

    # -- offsets ---------------------------------------------------------------------------
    def tok(self, char: int) -> int:
        """The first token starting at or after ``char``."""
        return bisect.bisect_left(self.starts, char)

    def tok_end(self, char: int) -> int:
        """One past the last token ending at or before ``char``."""
        return bisect.bisect_right(self.ends, char)

    def span_text(self, ts: int, te: int) -> tuple[str, int, int]:
        s, e = self.starts[ts], self.ends[te - 1]
        return self.text[s:e], s, e

    # -- the face ----------------------------------------------------------------------------
    def read(self, abilities: list[Ability]) -> None:
        flat: list[tuple[Ability, Ability | None]] = []

        def walk(a: Ability, parent: Ability | None) -> None:
            flat.append((a, parent))
            for g in a.granted:
                walk(g, a)

        for a in abilities:
            walk(a, None)
        self.flat = [a for a, _ in flat]
        self.index = {id(a): i for i, a in enumerate(self.flat)}
        self.intros: list[list[_Intro]] = [[] for _ in self.flat]
        self.keyword_links: dict[str, tuple[int, Ability]] = {}
        self.keywords = []
        for i, (a, parent) in enumerate(flat):
            if a.kind == "keyword" and a.keyword:
                self.keywords.append((i, a))
                for link in self.lex.keyword_links.get(a.keyword.lower(), ()):
                    self.keyword_links.setdefault(link, (i, a))
        pending: list[tuple[int, Ability, Ability | None]] = []
        for i, (a, parent) in enumerate(flat):
            if a.kind in ("keyword", "level", "unknown"):
                if a.cost:
                    self.a, self.ai, self.ab_intros = a, i, self.intros[i]
                    self.refs = a.references
                    self.cost(a)
                continue
            self.ability(i, a, parent)
            pending.append((i, a, parent))
        # references to other abilities (linked abilities) once every ability is read
        for i, a, parent in pending:
            for ref in a.references:
                if ref.antecedent is None:
                    ref.antecedent = self.resolve_elsewhere(i, a, parent, ref)

    # -- one ability -------------------------------------------------------------------------
    def ability(self, ai: int, a: Ability, parent: Ability | None) -> None:
        holes = [(g.start - 1, g.end + 1) for g in a.granted]
        holes += [r for r in self.reminders if r[0] < a.end and r[1] > a.start]
        self.a = a
        self.ai = ai
        self.parent = parent
        self.refs = a.references
        self.ab_intros = self.intros[ai]
        body_start = a.effect_start if a.effect_start is not None else a.start
        if a.kind == "triggered" and a.effect_start is not None:
            self.trigger(a, holes)
        if a.cost:
            self.cost(a)
        sentences = self.sentences(self.tok(body_start), self.tok_end(a.end), holes)
        for si, (ts, te) in enumerate(sentences):
            if a.kind in ("activated", "loyalty") and self.restriction(ts, te):
                continue
            self.sentence(si, ts, te, first=(si == 0))

    def sentences(self, ts: int, te: int, holes) -> list[tuple[int, int]]:
        """Token ranges of the sentences in [ts, te), outside ``holes``."""
        h = self.lex.h
        stops = (h["."], h["•"], h[";"])
        out = []
        cur = ts
        hole_toks = [(self.tok(s), self.tok_end(e)) for s, e in holes]
        i = ts
        while i < te:
            skip = next((e for s, e in hole_toks if s <= i < e), None)
            if skip is not None:
                if cur < i:
                    out.append((cur, i))
                i = cur = skip
                continue
            if self.low[i] in stops or self.text[self.starts[i]:self.starts[i] + 1].isspace():
                if cur < i:
                    out.append((cur, i))
                cur = i + 1
            i += 1
        if cur < te:
            out.append((cur, te))
        trim = (h["\""], h["“"], h["”"], h["—"], h["–"], h[","])
        clean = []
        for s, e in out:
            while s < e and self.low[s] in trim:
                s += 1
            while e > s and self.low[e - 1] in trim:
                e -= 1
            if s < e:
                clean.append((s, e))
        return clean

    # -- triggers ----------------------------------------------------------------------------
    def trigger(self, a: Ability, holes) -> None:
        h = self.lex.h
        ts, te = self.tok(a.start), self.tok_end(a.effect_start)
        while ts < te and self.low[ts] not in (h["when"], h["whenever"], h["at"]):
            ts += 1
        if ts >= te:
            return
        word = self.text[self.starts[ts]:self.ends[ts]].lower()
        end = te
        while end > ts + 1 and self.low[end - 1] == h[","]:
            end -= 1
        text, cs, ce = self.span_text(ts, end)
        trig = Trigger(word, "other", text, cs, ce)
        body = ts + 1
        if self.low[body:body + 3] == [h["the"], h["beginning"], h["of"]] or \
                (word == "at" and self.low[body] == h["the"] and self.low[body + 1] == h["end"]):
            trig.event = "beginning-of" if self.low[body + 1] == h["beginning"] else "end-of"
            self.step(trig, body + 3 if trig.event == "beginning-of" else body + 1, end)
            trig.rules = ("603.2b",) if trig.event == "beginning-of" else ("603.2",)
        else:
            clause = self.clause(0, body, end, trigger=True)
            trig.clause = clause
            if clause.action is not None:
                trig.event = clause.action.name
            trig.rules = ("603.2", *(r for r in clause.rules if r != "603.2"))
            for obj in ([clause.subject] if clause.subject else []) + clause.objects + clause.players:
                self.introduce(obj, "trigger", None)
        a.trigger = trig

    def step(self, trig: Trigger, ts: int, te: int) -> None:
        """The step of "at the beginning of your upkeep", "at the end of combat"."""
        h = self.lex.h
        owner = None
        for i in range(ts, te):
            m = self.phrase_at.get(i)
            if m is not None and (m[1].label == "STEP" or m[1].label == "TERM" and m[1].terms and
                                  m[1].terms[0].endswith(("Step", "Phase"))):
                trig.step = m[1].sense or m[1].terms[0].lower().replace(" ", "-")
                trig.rules = trig.rules + tuple(r for r in m[1].rules if r not in trig.rules)
                break
            low = self.low[i]
            if low == h["your"]:
                owner = "you"
            elif low in (h["each"],):
                owner = "each"
            elif low in (h["opponent"], h["opponents"]):
                owner = "opponent"
            elif low == h["that"]:
                owner = "that-player"
        if trig.step is None and self.low[ts] == h["combat"]:
            trig.step = "combat"
        trig.step_owner = owner

    # -- costs and restrictions ------------------------------------------------------------
    _COST_RULES = {"tap": ("107.5",), "untap": ("107.6",), "mana": ("118.1",), "loyalty": ("606.4",),
                   "sacrifice": ("701.21",), "discard": ("701.9",), "life": ("119.4",), "exile": ("701.13",),
                   "counters": ("122.1",), "tap-creatures": ("701.26",)}
    _COST_ACTIONS = {"sacrifice": "sacrifice", "discard": "discard", "exile": "exile", "tap-creatures": "tap",
                     "counters": "remove-counter"}

    def cost(self, a: Ability) -> None:
        for part in a.cost:
            part.rules = self._COST_RULES.get(part.kind, ())
            ts, te = self.tok(part.start), self.tok_end(part.end)
            if part.kind in self._COST_ACTIONS or part.kind == "other":
                low = self.low[ts] if ts < te else 0
                action = self._COST_ACTIONS.get(part.kind)
                if action is None and low == self.lex.h.get("reveal", -1):
                    action = "reveal"
                obj, _ = self.object(ts + 1, te) if ts + 1 < te else (None, ts + 1)
                if obj is not None:
                    part.object = obj
                    self.introduce(obj, "cost", None, action=action)
                elif action:
                    self.ab_intros.append(_Intro("cost", self.ai, None, part.text, part.start, part.end,
                                                 "action", action=action))

    def restriction(self, ts: int, te: int) -> bool:
        if self.low[ts] != self.lex.h["activate"]:
            return False
        for toks, kind, rules in self.lex.restrictions:
            if tuple(self.low[ts:ts + len(toks)]) == toks:
                text, cs, ce = self.span_text(ts, te)
                self.a.restrictions.append(Restriction(kind, text, cs, ce, rules))
                return True
        return False

    # -- sentences and clauses --------------------------------------------------------------
    def sentence(self, si: int, ts: int, te: int, first: bool) -> None:
        h = self.lex.h
        a = self.a
        conditions: list[Condition] = []
        low = self.low
        # leading subordinate clause: "If …,", "As long as …,", "Otherwise,", "When you do,"
        lead = low[ts]
        if lead == h["otherwise"]:
            text, cs, ce = self.span_text(ts, ts + 1)
            conditions.append(Condition("otherwise", text, cs, ce, self.lex.condition_rules["otherwise"]))
            ts += 1
            while ts < te and low[ts] == h[","]:
                ts += 1
        elif lead in (h["if"], h["unless"]) or (lead == h["as"] and ts + 1 < te and low[ts + 1] == h["long"]):
            comma = self.top_comma(ts, te)
            if comma is not None:
                cond = self.condition(ts, comma, intervening=(first and a.kind == "triggered" and lead == h["if"]))
                conditions.append(cond)
                ts = comma + 1
        elif lead == h["as"]:
            # "As this creature enters, choose a color" (a replacement effect, CR 614.1c)
            comma = self.top_comma(ts, te)
            if comma is not None:
                text, cs, ce = self.span_text(ts, comma)
                conditions.append(Condition("as", text, cs, ce, self.lex.condition_rules["as"]))
                self.scan_refs(ts + 1, comma)
                ts = comma + 1
        elif lead in (h["when"], h["whenever"]) and a.kind != "triggered" or (lead == h["when"] and not first):
            # a reflexive or delayed trigger inside the effect: "When you do, …"
            comma = self.top_comma(ts, te)
            if comma is not None:
                self.inner_trigger(ts, comma)
                ts = comma + 1
        mode = None
        if a.modes:
            start = self.starts[ts]
            mode = next((k for k, (ms, me) in enumerate(a.modes) if ms <= start < me), None)
        previous = None
        for cs_, ce_ in self.split(ts, te):
            clause = self.clause(si, cs_, ce_, previous=previous)
            clause.mode = mode
            if conditions:
                clause.conditions[:0] = conditions
            a.clauses.append(clause)
            previous = clause
        if first and a.trigger is not None and conditions and conditions[0].kind == "intervening-if":
            a.trigger.condition = conditions[0]
        if a.granted and a.clauses:
            # the quoted abilities belong to the clause before each quote ("… and has "…"")
            for gi, g in enumerate(a.granted):
                if previous is not None and self.starts[ts] <= g.start and a.clauses[-1].sentence == si:
                    owner = max((c for c in a.clauses if c.sentence == si and c.start < g.start),
                                key=lambda c: c.start, default=None)
                    if owner is not None and gi not in owner.granted:
                        owner.granted.append(gi)

    def top_comma(self, ts: int, te: int) -> int | None:
        comma = self.lex.h[","]
        for i in range(ts, te):
            if self.low[i] == comma:
                return i
        return None

    def condition(self, ts: int, te: int, intervening: bool = False) -> Condition:
        h = self.lex.h
        text, cs, ce = self.span_text(ts, te)
        lead = self.low[ts]
        if lead == h["unless"]:
            kind = "unless"
        elif lead == h["as"]:
            kind = "as-long-as"
        elif intervening:
            kind = "intervening-if"
        elif self.done(ts + 1, te):
            kind = "if-done"
        elif any(self.low[i] == h["would"] for i in range(ts, te)):
            kind = "would"
        else:
            kind = "if"
        cond = Condition(kind, text, cs, ce, self.lex.condition_rules.get(kind, ()))
        if kind == "if-done":
            self.reference("done", "action", ts, te, self.lex.done_rules)
        else:
            self.condition_refs(ts, te)
        return cond

    def done(self, ts: int, te: int) -> bool:
        """"you do", "they don't", "a player does", "that player can't" (CR 118.12)."""
        h = self.lex.h
        for i in range(ts, min(te, ts + 4)):
            if self.low[i] in (h["do"], h["does"], h["did"], h["ca"], h["can"]):
                rest = te - i - 1
                return rest == 0 or (rest == 1 and self.low[i + 1] == h["n't"])
        return False

    def condition_refs(self, ts: int, te: int) -> None:
        """Keyword conditions ("if this spell was kicked"), other references in a condition."""
        lex = self.lex
        h = lex.h
        for i in range(ts, te):
            low = self.low[i]
            kc = lex.keyword_conditions.get(low)
            if kc is None and i > ts and self.low[i - 1] in (h["was"], h["were"]) and self.word(i).endswith("ed"):
                kc = self.custom_condition(i)
            if kc is not None:
                word, link, rules = kc
                self.reference("keyword", "keyword:" + link, i, i + 1, rules)
        self.scan_refs(ts + 1, te)

    def custom_condition(self, i: int):
        """"if it was infused": a keyword of the face whose name shares the word's stem."""
        word = self.word(i).lower()
        stem = word[:-2] if not word.endswith("ied") else word[:-3]
        if len(stem) < 4:
            return None
        for _, kw in self.keywords:
            name = kw.keyword.lower()
            if name.startswith(stem[:max(4, len(stem) - 1)]):
                return (word, "custom:" + name, ("702.1",))
        if word in ("kicked",):
            return None
        return None

    def inner_trigger(self, ts: int, te: int) -> None:
        h = self.lex.h
        if self.low[ts] == h["when"] and ts + 2 <= te and self.low[ts + 1] == h["you"] and \
                self.low[ts + 2] in (h["do"], h["did"]) and ts + 3 == te:
            self.reference("reflexive", "optional-action", ts, te, self.lex.reflexive_rules)
        else:
            self.scan_refs(ts + 1, te)

    def split(self, ts: int, te: int) -> list[tuple[int, int]]:
        """The clauses of a sentence: split where a new action starts after a comma,
        "and", "or" or "then" ("draw a card and each opponent loses 2 life")."""
        h = self.lex.h
        seps = (h[","], h["and"], h["then"], h["or"])
        out = []
        cur = ts
        i = ts + 1
        while i < te:
            low = self.low[i]
            if low in seps:
                j = i
                while j < te and self.low[j] in seps:
                    j += 1
                if j < te and j > cur + 1 and self.starts_clause(j, te) and self.has_action(cur, i):
                    out.append((cur, i))
                    cur = j
                    i = j
                    continue
                i = j
                continue
            i += 1
        out.append((cur, te))
        return [(s, e) for s, e in out if s < e]

    def has_action(self, ts: int, te: int) -> bool:
        for i in range(ts, te):
            if self.low[i] in self.lex.verbs:
                return True
            m = self.phrase_at.get(i)
            if m is not None and m[1].label == "KEYWORD_ACTION":
                return True
        return False

    def starts_clause(self, i: int, te: int) -> bool:
        """Whether a new clause starts at token i: a verb, or a subject and then a verb."""
        lex = self.lex
        low = self.low[i]
        if low in lex.verbs and not self.noun_use(i):
            return True
        m = self.phrase_at.get(i)
        if m is not None and m[1].label == "KEYWORD_ACTION":
            return True
        # subject then verb within a few tokens, before any punctuation
        if low in lex.players or low in lex.pronouns or low in lex.determiners or i in self.self_at \
                or (m is not None and m[1].label == "PLAYER"):
            end = min(te, i + 8)
            for k in range(i + 1, end):
                lk = self.low[k]
                if lk in (lex.h[","], lex.h["."], lex.h["and"], lex.h["or"]):
                    return False
                if lk in lex.verbs and not self.noun_use(k) and k > i:
                    return True
                if lk in (lex.h["may"], lex.h["ca"], lex.h["must"]):
                    return True
        return False

    def noun_use(self, i: int) -> bool:
        """Whether a verb-looking word is used as a noun here ("a counter", "in exile", "a copy")."""
        if i == 0:
            return False
        prev = self.low[i - 1]
        h = self.lex.h
        if prev in self.lex.determiners and self.lex.determiners[prev] in ("a", "the", "that", "each", "number", "another", "any"):
            return self.lex.verbs.get(self.low[i], ())[:1] != () and self.lex.determiners[prev] != "that" or \
                prev in (h["a"], h["an"], h["the"])
        return prev in (h["from"], h["in"], h["into"], h["of"], h["with"], h["'s"]) or self.low[i] in self.lex.modifiers and prev in self.lex.nouns

    def word(self, i: int) -> str:
        return self.text[self.starts[i]:self.ends[i]]

    # -- one clause -------------------------------------------------------------------------
    def clause(self, si: int, ts: int, te: int, trigger: bool = False, previous: Clause | None = None) -> Clause:
        lex = self.lex
        h = lex.h
        low = self.low
        while ts < te and low[ts] in (h["then"], h["and"], h["or"], h[","]):
            ts += 1
        if ts >= te:
            text, cs, ce = "", self.starts[min(ts, self.n - 1)], self.starts[min(ts, self.n - 1)]
            return Clause(text, cs, ce, si)
        text, cs, ce = self.span_text(ts, te)
        clause = Clause(text, cs, ce, si)
        ci = len(self.a.clauses) if not trigger else None
        self.ci = ci
        i = ts
        # the subject
        subject = None
        if not (low[i] in lex.verbs and not self.noun_use(i) and not (i in self.self_at)):
            subject, j = self.subject(i, te)
            if subject is not None:
                i = j
        clause.subject = subject
        if subject is not None and not trigger:
            self.introduce(subject, "clause", ci)
        elif subject is None and previous is not None and ts > 0 and self.low[ts - 1] in (h["and"], h["or"]):
            # "can't attack or block": the second verb shares the first one's subject and modals
            clause.subject = previous.subject
            clause.optional, clause.negated = previous.optional, previous.negated
        while i < te:
            lw = low[i]
            if lw == h["may"]:
                clause.optional = True
            elif lw in (h["ca"], h["cannot"], h["n't"], h["not"], h["do"], h["does"], h["did"], h["must"],
                        h["can"], h["also"], h["still"]) or lw == h["is"] and i + 1 < te and low[i + 1] == h["n't"]:
                if lw in (h["n't"], h["not"], h["cannot"]):
                    clause.negated = True
            else:
                break
            i += 1
        # the action
        action_at = None
        for k in range(i, te):
            spec = self.action_at(k, te, trigger)
            if spec is not None:
                action_at = k
                clause.action, k_end = spec
                break
            if low[k] in (h["if"], h["unless"], h["where"]) and k > i:
                break
        if clause.action is not None:
            clause.rules = clause.action.rules
            i = k_end
        elif subject is not None and i < te and low[i] in (h["is"], h["are"], h["has"], h["have"]):
            # "This creature is indestructible": a state, not an action
            w, s_, e_ = self.span_text(i, i + 1)
            clause.action = Action("be" if low[i] in (h["is"], h["are"]) else "have", w, w, s_, e_)
            i += 1
        # the rest: objects, players, zones, amounts, counters, durations, conditions
        self.arguments(clause, i, te, trigger)
        if clause.action is not None and not clause.negated:
            self.implied_zones(clause)
        # what the clause introduces for later references
        if not trigger:
            action = clause.action.name if clause.action else None
            for obj in clause.objects:
                self.introduce(obj, "clause", ci, action=action, optional=clause.optional)
            for p in clause.players:
                self.introduce(p, "clause", ci, optional=clause.optional)
            if action is not None:
                self.ab_intros.append(_Intro("clause", self.ai, ci, clause.text, clause.start, clause.end, "action",
                                             action=action, optional=clause.optional,
                                             what=self.choice_what(clause) if action == "choose" else None))
        return clause

    def action_at(self, k: int, te: int, trigger: bool):
        """(Action, end token) when an action starts at token k."""
        lex = self.lex
        m = self.phrase_at.get(k)
        if m is not None and m[1].label == "KEYWORD_ACTION" and m[1].sense:
            name = m[1].sense
            if m[1].id == "counter-spell":
                name = "counter"
            end = k + 1 if " " not in name else m[0]
            w, s, e = self.span_text(k, end)
            return Action(name, w, w, s, e, m[1].rules, keyword_action=True), end
        specs = lex.verbs.get(self.low[k])
        if not specs or self.noun_use(k) and not trigger:
            return None
        rest = set(self.low[k + 1:min(te, k + 6)])
        for spec in specs:
            if spec.with_words and not (spec.with_words & rest):
                continue
            w, s, e = self.span_text(k, k + 1)
            rules = spec.trigger_rules if trigger and spec.trigger_rules else spec.rules
            return Action(spec.name, w, w, s, e, rules, keyword_action=spec.keyword_action), k + 1
        return None

    def subject(self, i: int, te: int):
        lex = self.lex
        m = self.phrase_at.get(i)
        if m is not None and m[1].label == "PLAYER":
            return self.player(i, m[0]), m[0]
        low = self.low[i]
        if low in lex.players:
            end = i + 1
            return self.player(i, end), end
        obj, j = self.object(i, te)
        if obj is not None:
            return obj, j
        return None, i

    def player(self, ts: int, te: int) -> PlayerRef:
        lex = self.lex
        text, cs, ce = self.span_text(ts, te)
        quant = None
        who = "player"
        for k in range(ts, te):
            low = self.low[k]
            if low in lex.players:
                who = lex.players[low]
            elif low in lex.determiners and quant is None:
                quant = lex.determiners[low]
        rules = lex.player_rules.get(who, ())
        if quant == "target":
            rules = rules + lex.det_rules["target"]
        p = PlayerRef(who, quant, text, cs, ce, rules)
        if quant == "that":
            p.reference = self.reference("that", "player", ts, te, lex.that_rules)
        return p

    def object(self, ts: int, te: int) -> tuple[ObjectRef | None, int]:
        """An object phrase starting at ts, or (None, ts)."""
        lex = self.lex
        h = lex.h
        low = self.low
        i = ts
        if i >= te:
            return None, ts
        # self-reference
        if i in self.self_at:
            end, this = self.self_at[i]
            text, cs, ce = self.span_text(i, end)
            rules = lex.self_rules["this" if this else "name"]
            obj = ObjectRef("self", text, cs, ce, self_ref=True, rules=rules)
            if this:
                obj.noun = self.word(end - 1).lower()
            return obj, end
        # pronouns
        if low[i] in lex.pronouns and low[i] not in (h["their"], h["its"]):
            text, cs, ce = self.span_text(i, i + 1)
            kind = lex.pronouns[low[i]]
            obj = ObjectRef("pronoun", text, cs, ce)
            obj.reference = self.reference("pronoun", "object" if kind == "object" else "any", i, i + 1, lex.that_rules)
            return obj, i + 1
        det = None
        count = None
        start = i
        position = None
        if low[i] == h["up"] and i + 2 < te and low[i + 1] == h["to"]:
            det, count = "up-to", self.word(i + 2)
            i += 3
        elif low[i] == h["any"] and i + 2 < te and low[i + 1] == h["number"] and low[i + 2] == h["of"]:
            det, count = "any", "any number of"
            i += 3
        elif low[i] == h["one"] and i + 3 < te and low[i + 1] == h["or"] and low[i + 2] == h["more"]:
            det, count = "number", "one or more"
            i += 3
            if i < te and low[i] == h["of"]:
                i += 1
        elif low[i] == h["the"] and i + 1 < te and low[i + 1] in (h["top"], h["bottom"]):
            # "the top card of your library", "the top three cards of target player's library"
            det, position = "the", self.word(i + 1).lower()
            i += 2
            if i < te and low[i] in lex.determiners and lex.determiners[low[i]] == "number":
                count = self.word(i)
                i += 1
        elif low[i] in lex.determiners:
            det = lex.determiners[low[i]]
            if det == "number":
                count = self.word(i)
            i += 1
        # "each other creature", "another target creature", "up to two target creatures"
        while i < te and low[i] in lex.determiners and lex.determiners[low[i]] in ("other", "target", "number"):
            if lex.determiners[low[i]] == "target":
                det = "target"
            elif lex.determiners[low[i]] == "number" and count is None:
                count = self.word(i)
            i += 1
        types: list[str] = []
        noun = None
        end = i
        k = i
        while k < te:
            m = self.phrase_at.get(k)
            lw = low[k]
            if m is not None and m[1].label == "TYPE":
                types.append(self.span_text(k, m[0])[0])
                noun = types[-1].lower()
                k = end = m[0]
                continue
            if lw in lex.nouns and not (lw in lex.verbs and k == ts):
                noun = lex.nouns[lw]
                types.append(self.word(k))
                k += 1
                end = k
                # "creature or planeswalker", "artifact, enchantment, or land"
                if k + 1 < te and low[k] in (h["or"], h["and"], h[","]) and \
                        (low[k + 1] in lex.nouns or (low[k + 1] == h["or"] and k + 2 < te and low[k + 2] in lex.nouns)):
                    k += 1
                    while k < te and low[k] in (h["or"], h["and"], h[","]):
                        k += 1
                continue
            w = self.word(k)
            if lw in lex.modifiers or w.lower().startswith("non") and lw not in lex.verbs or \
                    "/" in w and w[:1] in "0123456789X*+-−" and noun is None:
                types.append(self.word(k))
                k += 1
                continue
            if lw in lex.linked and noun is None:
                types.append(self.word(k))
                k += 1
                continue
            break
        if noun is None:
            if det in ("this", "that") and end == i:
                return None, ts
            if det is None:
                return None, ts
            if det in ("a", "the", "other", "any", "each", "all", "another") and not types:
                return None, ts
            if det == "number" and not types:
                return None, ts
        if end == start:
            return None, ts
        end = max(end, k) if types else end
        text, cs, ce = self.span_text(start, end)
        obj = ObjectRef(det or "none", text, cs, ce, count=count, noun=noun, types=tuple(types))
        if det == "target":
            obj.rules = lex.det_rules["target"]
        # filters after the noun
        j = end
        if position is not None and j + 1 < te and low[j] == h["of"]:
            zone, k = self.zone(j + 1, te)
            if zone is not None:
                zone.position = position
                obj.zone = zone
                j = k
        j = self.post_filters(obj, j, te)
        if j > end:
            text, cs, ce = self.span_text(start, j)
            obj.text, obj.start, obj.end = text, cs, ce
        # references: "that creature", "the exiled card", "the chosen type"
        if det == "that" or (det == "those"):
            obj.reference = self.reference("that", "player" if noun == "player" else "object", start, end, lex.that_rules)
        else:
            for k in range(start, end):
                if low[k] in lex.linked and (det in ("the", None, "each", "all", "a", "number", "up-to", "any") ):
                    word, needs, rules = lex.linked[low[k]]
                    if needs == "choice" or det == "the" or self.exiled_with(end, te) or word == "exiled":
                        obj.reference = self.reference("linked-" + needs if needs != "choice" else "chosen", needs,
                                                       start, j, rules)
                    break
        return obj, j

    def exiled_with(self, k: int, te: int) -> bool:
        return k + 1 < te and self.low[k] == self.lex.h["with"] and (k + 1 in self.self_at or self.low[k + 1] in self.lex.pronouns)

    def post_filters(self, obj: ObjectRef, j: int, te: int) -> int:
        """"you control", "an opponent controls", "you own", "in your graveyard", "exiled with ~"."""
        lex = self.lex
        h = lex.h
        low = self.low
        while j < te:
            lw = low[j]
            # "[player] control(s)" / "you don't control"
            if lw in lex.players or lw in lex.determiners and j + 1 < te and low[j + 1] in lex.players:
                k = j
                while k < te and (low[k] in lex.determiners or low[k] in lex.players or low[k] in (h["do"], h["does"], h["n't"])):
                    k += 1
                if k < te and low[k] in (h["control"], h["controls"], h["own"], h["owns"]):
                    who = next((lex.players[low[x]] for x in range(j, k) if low[x] in lex.players), "player")
                    negated = any(low[x] == h["n't"] for x in range(j, k))
                    value = ("not-" if negated else "") + who
                    if low[k] in (h["control"], h["controls"]):
                        obj.controller = value
                    else:
                        obj.owner = value
                    j = k + 1
                    continue
                break
            if lw in (h["in"], h["from"]) and j + 1 < te:
                zone, k = self.zone(j + 1, te)
                if zone is not None and lw == h["in"]:
                    obj.zone = zone
                    j = k
                    continue
                break
            if lw == h["of"] and j + 2 < te and low[j + 1] in (h["the"], h["that"]) and \
                    (low[j + 2] in lex.linked or low[j + 1] == h["that"]):
                # "of the chosen type", "of that type"
                k = j + 2
                while k < te and (low[k] in lex.linked or low[k] in lex.nouns or low[k] in lex.modifiers):
                    k += 1
                if low[j + 2] in lex.linked:
                    word, needs, rules = lex.linked[low[j + 2]]
                    obj.reference = self.reference("chosen" if needs == "choice" else "linked-" + needs, needs,
                                                   j + 1, k, rules)
                else:
                    obj.reference = self.reference("that", "object", j + 1, k, lex.that_rules)
                j = k
                continue
            if lw == h["with"] and j + 1 < te and (j + 1 in self.self_at or low[j + 1] in lex.pronouns) and \
                    any(x in (obj.types or ()) for x in ("exiled",)):
                j += 2 if j + 1 not in self.self_at else 0
                if low[j] != h["with"]:
                    continue
                j = self.self_at[j + 1][0]
                continue
            break
        return j

    def zone(self, ts: int, te: int) -> tuple[ZoneRef | None, int]:
        """A zone phrase at ts: "your graveyard", "its owner's hand", "the top of your library", "exile"."""
        lex = self.lex
        h = lex.h
        low = self.low
        position = None
        i = ts
        if i + 1 < te and low[i] == h["the"] and low[i + 1] in (h["top"], h["bottom"]):
            position = self.word(i + 1).lower()
            i += 2
            if i < te and low[i] == h["of"]:
                i += 1
        owner = None
        k = i
        while k < te and k < i + 5:
            lw = low[k]
            if lw in lex.zones:
                zone = lex.zones[lw]
                if zone == "command" and not (k + 1 < te and self.word(k + 1).lower() == "zone"):
                    return None, ts
                end = k + 1 + (1 if zone == "command" else 0)
                text, cs, ce = self.span_text(ts, end)
                rules = lex.zone_rules[zone]
                if owner == "owner":
                    rules = rules + ("400.3",)
                return ZoneRef(zone, owner, position, text, cs, ce, rules), end
            if lw in lex.zone_owners:
                owner = lex.zone_owners[lw] if owner is None or owner == "any" else owner
                if lw in (h["their"], h["its"]):
                    self.reference("pronoun", "object" if lw == h["its"] else "any", k, k + 1, lex.that_rules)
            elif lw in (h["'s"], h["'"]):
                if k > i and low[k - 1] in lex.zone_owners:
                    owner = lex.zone_owners[low[k - 1]]
            elif lw in lex.determiners or lw in lex.players:
                if lw in lex.players:
                    owner = lex.players[lw]
            else:
                return None, ts
            k += 1
        return None, ts

    def arguments(self, clause: Clause, i: int, te: int, trigger: bool) -> None:
        lex = self.lex
        h = lex.h
        low = self.low
        while i < te:
            lw = low[i]
            m = self.phrase_at.get(i)
            if m is not None:
                info = m[1]
                if info.label == "DURATION":
                    text, cs, ce = self.span_text(i, m[0])
                    clause.duration = Duration(info.sense or "until", text, cs, ce, info.rules)
                    i = m[0]
                    continue
                if info.label == "PLAYER":
                    clause.players.append(self.player(i, m[0]))
                    i = m[0]
                    continue
                if info.label == "CONDITION" and info.sense == "as-long-as":
                    cond = self.condition(i, te)
                    clause.conditions.append(cond)
                    break
                if info.label == "COUNTER":
                    if info.id == "pt-counter" and clause.counter is None:
                        clause.counter = self.word(i)
                    i = m[0]
                    continue
                if info.label == "ZONE" and info.sense:
                    zone = ZoneRef(info.sense, "owner" if "owner" in info.id else None, None,
                                   *self.span_text(i, m[0]), rules=info.rules)
                    self.place_zone(clause, zone, i)
                    i = m[0]
                    continue
            if lw in (h["if"], h["unless"]) and i > 0:
                clause.conditions.append(self.condition(i, te))
                break
            if clause.counter is None and (lw in lex.determiners or self.word(i)[:1].isdigit()):
                # "two +1/+1 counters", "a lore counter", "X -1/-1 counters"
                k = i + 1
                while k < te and k < i + 4 and k not in self.phrase_at:
                    k += 1
                m2 = self.phrase_at.get(k)
                if m2 is not None and m2[1].label == "COUNTER" and k < te:
                    if lex.determiners.get(lw) in ("a", "number", "each", "another", "any", "that") or self.word(i)[:1].isdigit():
                        clause.amount = clause.amount or self.word(i)
                        clause.counter = self.span_text(i + 1, m2[0])[0].rsplit(" ", 1)[0] if k > i + 1 or \
                            m2[1].id == "pt-counter" else None
                        if m2[1].id == "pt-counter":
                            clause.counter = self.word(k)
                        i = m2[0]
                        continue
            if lw == h["until"]:
                text, cs, ce = self.span_text(i, te)
                clause.duration = Duration("until", text, cs, ce, ("610.3",))
                self.scan_refs(i + 1, te)
                break
            if lw == h["where"] and i + 1 < te:
                self.scan_refs(i + 1, te)
                break
            if lw in (h["from"], h["into"], h["onto"], h["on"], h["to"], h["in"], h["under"]) and i + 1 < te:
                zone, k = self.zone(i + 1, te)
                if zone is not None:
                    if lw == h["from"]:
                        clause.zone_from = zone
                    elif lw == h["in"]:
                        if clause.objects and clause.objects[-1].zone is None:
                            clause.objects[-1].zone = zone
                        elif clause.zone_from is None and clause.action and clause.action.name in ("search", "look", "reveal"):
                            clause.zone_from = zone
                    else:
                        clause.zone_to = zone
                    i = k
                    continue
                if lw in (h["on"], h["to"], h["under"]):
                    i += 1
                    continue
            if self.word(i)[:1].isdigit() and "/" not in self.word(i) or lw == h["x"] or \
                    (lw in lex.determiners and lex.determiners[lw] in ("a", "number") and i + 1 < te and
                     low[i + 1] in (h["life"], h["damage"], h["card"], h["cards"], h["counter"], h["counters"])):
                if clause.amount is None and (self.word(i)[:1].isdigit() or lw == h["x"] or
                                              low[i + 1] in (h["life"], h["damage"], h["card"], h["cards"], h["counter"], h["counters"])):
                    clause.amount = self.word(i)
                    # "draw a card", "deals 3 damage": the amount, not an object
                    if i + 1 < te and low[i + 1] in (h["life"], h["damage"], h["counter"], h["counters"]):
                        i += 2
                        continue
            if lw in lex.players and not (lw == h["you"] and i + 1 < te and low[i + 1] in (h["control"], h["own"])):
                clause.players.append(self.player(i, i + 1))
                i += 1
                continue
            obj, k = self.object(i, te)
            if obj is not None:
                clause.objects.append(obj)
                i = k
                continue
            if lw in lex.pronouns or lw in lex.that_words or lw in lex.linked:
                self.scan_refs(i, i + 1)
            i += 1

    def place_zone(self, clause: Clause, zone: ZoneRef, i: int) -> None:
        h = self.lex.h
        prev = self.low[i - 1] if i > 0 else 0
        if prev == h["from"] or self.word(i).lower() == "from":
            clause.zone_from = zone
        elif prev == h["in"] or self.word(i).lower() == "in":
            if clause.objects and clause.objects[-1].zone is None:
                clause.objects[-1].zone = zone
        else:
            clause.zone_to = zone

    def implied_zones(self, clause: Clause) -> None:
        spec = None
        for specs in (self.lex.verbs.get(self.low[self.tok(clause.action.start)], ()),):
            for s in specs:
                if s.name == clause.action.name:
                    spec = s
        if spec is None:
            return
        if spec.zone_from and clause.zone_from is None:
            clause.zone_from = ZoneRef(spec.zone_from, None, None, "", clause.action.start, clause.action.start,
                                       self.lex.zone_rules.get(spec.zone_from, ()), implied=True)
        if spec.zone_to and clause.zone_to is None:
            clause.zone_to = ZoneRef(spec.zone_to, None, None, "", clause.action.start, clause.action.start,
                                     self.lex.zone_rules.get(spec.zone_to, ()), implied=True)

    def choice_what(self, clause: Clause) -> str | None:
        for obj in clause.objects:
            if obj.noun:
                return obj.noun
            if obj.types:
                return obj.types[-1].lower()
        words = clause.text.lower().split()
        for w in ("type", "color", "name", "number", "mode", "player", "opponent"):
            if w in words or w + "s" in words:
                return w
        return None

    # -- references -------------------------------------------------------------------------
    def scan_refs(self, ts: int, te: int) -> None:
        """References in words the clause parser does not read as objects
        (a condition, "where X is …", "until …")."""
        lex = self.lex
        i = ts
        while i < te:
            lw = self.low[i]
            if lw in lex.pronouns or lw in lex.that_words or lw in lex.linked or i in self.self_at or lw in lex.determiners:
                obj, k = self.object(i, te)
                if obj is not None and k > i:
                    self.introduce(obj, "condition", getattr(self, "ci", None))
                    i = k
                    continue
            i += 1

    def reference(self, kind: str, needs: str, ts: int, te: int, rules) -> int:
        text, cs, ce = self.span_text(ts, te)
        ref = Reference(kind, needs, text, cs, ce, tuple(rules))
        ref.antecedent = self.resolve_here(ref, ts)
        self.refs.append(ref)
        return len(self.refs) - 1

    def introduce(self, thing, where: str, ci: int | None, action: str | None = None, optional: bool = False) -> None:
        if thing is None:
            return
        if isinstance(thing, PlayerRef):
            self.ab_intros.append(_Intro(where, self.ai, ci, thing.text, thing.start, thing.end, "player",
                                         noun="player", plural=thing.quantifier in ("each", "all"), optional=optional))
            return
        if thing.determiner == "pronoun":
            return
        plural = thing.determiner in ("each", "all", "those", "up-to", "any") or \
            (thing.count not in (None, "one", "1", "a")) or (thing.noun is not None and self.plural_noun(thing))
        self.ab_intros.append(_Intro(where, self.ai, ci, thing.text, thing.start, thing.end, "object",
                                     noun=thing.noun, plural=plural, action=action, optional=optional))

    def plural_noun(self, obj: ObjectRef) -> bool:
        last = obj.types[-1].lower() if obj.types else ""
        return last.endswith("s") and not last.endswith("ss") and last != (obj.noun or "")

    def resolve_here(self, ref: Reference, ts: int) -> Antecedent | None:
        """An antecedent in this ability, before the reference."""
        intros = [x for x in self.ab_intros if x.start < ref.start]
        needs = ref.needs
        if ref.kind == "pronoun":
            kinds = ("object",) if needs == "object" else ("object", "player")
            word = ref.text.lower()
            plural = word in ("they", "them", "their")
            for x in reversed(intros):
                if x.kind in kinds and (not plural or x.plural or x.kind == "player"):
                    return self.ante(x)
            for x in reversed(intros):
                if x.kind in kinds:
                    return self.ante(x)
            return self.grantee()
        if ref.kind == "that":
            noun = self.ref_noun(ref)
            kinds = ("player",) if needs == "player" else ("object",)
            for x in reversed(intros):
                if x.kind in kinds and self.compatible(noun, x.noun):
                    return self.ante(x)
            for x in reversed(intros):
                if x.kind in kinds:
                    return self.ante(x)
            return self.grantee() if needs == "object" else None
        if ref.kind in ("done",):
            for x in reversed(intros):
                if x.kind == "action" or x.where == "cost":
                    return self.ante(x)
            return None
        if ref.kind == "reflexive":
            for x in reversed(intros):
                if x.kind == "action" and x.optional:
                    return self.ante(x)
            return None
        if ref.kind.startswith("linked-") or ref.kind == "chosen":
            action = "choose" if ref.kind == "chosen" else needs
            for x in reversed(intros):
                if x.action == action or (action == "choose" and x.action == "name"):
                    return self.ante(x)
            return None
        if ref.kind == "keyword":
            return self.keyword_antecedent(needs)
        return None

    def resolve_elsewhere(self, ai: int, a: Ability, parent: Ability | None, ref: Reference) -> Antecedent | None:
        """Linked abilities (CR 607): the exiled cards, the chosen value, in another ability of the face."""
        if not (ref.kind.startswith("linked-") or ref.kind == "chosen"):
            return None
        action = "choose" if ref.kind == "chosen" else ref.needs
        for j, intros in enumerate(self.intros):
            if j == ai:
                continue
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
            name = link[7:]
            for k, kw in self.keywords:
                if kw.keyword.lower() == name:
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
        for clause in self.parent.clauses:
            subj = clause.subject
            if subj is not None and not isinstance(subj, PlayerRef):
                return Antecedent("grantee", pi, self.parent.clauses.index(clause), subj.text, subj.start, subj.end)
            if clause.objects:
                o = clause.objects[0]
                return Antecedent("grantee", pi, self.parent.clauses.index(clause), o.text, o.start, o.end)
        return Antecedent("grantee", pi, None, self.parent.text, self.parent.start, self.parent.end)

    def ante(self, x: _Intro) -> Antecedent:
        return Antecedent(x.where, x.ability, x.clause, x.text, x.start, x.end)

    def ref_noun(self, ref: Reference) -> str | None:
        words = ref.text.lower().split()
        for w in reversed(words):
            key = self.lex.h.get(w)
            if key is None:
                key = hash_of(w)
            n = self.lex.nouns.get(key)
            if n is not None:
                return n
        return None

    _WIDE = {"permanent": {"creature", "artifact", "enchantment", "land", "planeswalker", "battle", "token"},
             "card": {"creature", "artifact", "enchantment", "land", "planeswalker", "battle", "instant",
                      "sorcery", "permanent", "spell"},
             "spell": {"card", "instant", "sorcery", "creature", "artifact", "enchantment", "planeswalker", "copy"},
             "creature": {"card", "permanent", "token", "attacker", "blocker"},
             "token": {"creature", "artifact", "permanent"}}

    def compatible(self, noun: str | None, other: str | None) -> bool:
        if noun is None or other is None or noun == other:
            return True
        return other in self._WIDE.get(noun, ()) or noun in self._WIDE.get(other, ())


_HASH = {}


def hash_of(word: str) -> int:
    from spacy.strings import hash_string

    h = _HASH.get(word)
    if h is None:
        h = _HASH[word] = hash_string(word)
    return h


def read_face(vocab, text: str, starts, ends, lowers, matches, self_refs, reminders, abilities) -> None:
    """Fill the meaning of every ability of one face (in place)."""
    if not abilities:
        return
    reader = FaceReader(lexicon(vocab), text, starts, ends, lowers, matches, self_refs, reminders)
    reader.read(abilities)
