"""Segmenting rules text into abilities.

Works on plain text with character offsets, so a face's text and a quoted
ability inside it (a granted ability) go through the same code.  The result
is a list of :class:`linter.model.Ability`; the spaCy components mark these
as spans and add the rule references.

One ability per line in general; keyword lines hold one ability per keyword;
bullet, pawprint and Spree lines are modes of the ability before them; a
level or station header opens a block of the abilities that follow.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from linter import tables
from linter.model import Ability
from linter.nlp import keywords as K
from linter.nlp import text as T
from linter.nlp.costs import LOYALTY_RE, split_cost
from linter.nlp.rulerefs import special_labels


@dataclass(slots=True)
class Context:
    """What the segmenter knows about the face whose text it reads."""

    name: str | None = None
    face_name: str | None = None
    type_line: str | None = None
    legendary: bool = False
    other_names: tuple[str, ...] = ()
    types: frozenset[str] = frozenset()  # card types and subtypes, lower case
    spell: bool = False  # an instant or sorcery face: effects are spell abilities
    saga: bool = False  # a Saga face: a line of chapter numbers and a dash is a chapter

    @classmethod
    def build(cls, name=None, face_name=None, type_line=None, other_names=()) -> "Context":
        legendary, types, spell, saga = _type_facts(type_line)
        return cls(name, face_name, type_line, legendary, tuple(other_names), types, spell, saga)


@functools.lru_cache(maxsize=4096)
def _type_facts(type_line: str | None) -> tuple[bool, frozenset[str], bool, bool]:
    """What a type line tells the segmenter: legendary, the types (lower case), spell, saga.

    Made once per type line: the cards of a file share far fewer type lines than they have names.
    """
    from linter.model import split_type_line

    legendary = False
    types: set[str] = set()
    if type_line:
        for part in re.split(r"\s*//\s*", type_line):
            supers, ctypes, subs, _ = split_type_line(part)
            legendary = legendary or "Legendary" in supers
            types.update(t.lower() for t in ctypes)
            types.update(t.lower() for t in subs)
    spell = bool(types & {"instant", "sorcery"}) and not (types & {"creature", "artifact", "enchantment", "land", "planeswalker", "battle"})
    return legendary, frozenset(types), spell, "saga" in types


GRANTED = Context()  # a quoted ability belongs to a permanent (or a player, an emblem)

_TRIGGER_RE = re.compile(r"(?:when|whenever|at)\b", re.I)
_CHAPTER_RE = re.compile(r"((?:[IVX]+)(?:\s*,\s*[IVX]+)*)\s*[—–-]\s*")
_LEVEL_RE = re.compile(r"LEVEL\s+(\d+)\s*(?:[-–]\s*(\d+)|(\+))\s*$")
_STATION_RE = re.compile(r"STATION\s+(\d+)\s*\+\s*$")
_ROW_RE = re.compile(r"\d+(?:\s*[—–-]\s*\d+|\+)\s*\|\s*(?=\S)")
_PT_RE = re.compile(r"[+\-]?[\d*X]+(?:[+\-]\d+)?/[+\-]?[\d*X]+(?:[+\-]\d+)?\s*$")
_MODE_RE = re.compile(r"•|\+\s*(?:\{[^{}]+\})+\s*[—–]|(?:\{P\})+\s*[—–]")
# What a line's start alone makes of it, tried in this order with one match: a mode of
# the ability before it ("• …", "+ {1} — …" (Spree), "{P} — …" (pawprint)), a level or
# station header, a power/toughness box
_HEAD_RE = re.compile("|".join(f"(?P<{kind}>{rx.pattern})" for kind, rx in (
    ("mode", _MODE_RE), ("level", _LEVEL_RE), ("station", _STATION_RE), ("pt", _PT_RE))))
_LABEL_RE = re.compile(r"([A-Z∞][^:{}.;•\"“]{0,48}?)\s*(?:[—–]| - )\s*(?=\S)")
_SEPARATOR_RE = re.compile(r"\s*[-—–=_*]{2,}\s*")
_CLASS_LEVEL_RE = re.compile(r"\s*level\s+(\d+)\s*$", re.I)
# "target", not after "the ", "a " or "new " (tried after the word: most places are no "target").
# The word's start is tested after it, as "(?<!\wtarget)" in place of "\btarget": a pattern
# that starts with a letter is searched for that letter, one that starts with "\b" is
# tried at every place of the text.  The same for "add" below.
_TARGET_RE = re.compile(r"target(?<!\wtarget)\b(?<!the target)(?<!a target)(?<!new target)", re.I)
_ADD_MANA_RE = re.compile(
    r"add(?<!\wadd)s?\b(?:(?!\.\s|\. |;).){0,80}?(?:\{(?:[WUBRGCS]|\d+|X|∞|½|[WUBRGC2]/[WUBRG]|[WUBRG]/P)\}|\bmana\b)", re.I
)
_NOT_ADD_MANA_RE = re.compile(r"\badds?\b(?:(?!\{)[^.]){0,20}\bcounters?\b", re.I)  # "add a lore counter", not "add {R} for each counter"
_MANA_TRIGGER_RE = re.compile(r"\bfor mana\b|\bmana abilit|\b(?:adds?|produces?) (?:\w+ )?mana\b", re.I)
_STATIC_SPELL_RE = re.compile(
    r"(?:this spell|as an additional cost|you may cast|cast this spell|this card|spells? you cast|"
    r"you can't|(?:this|that) [a-z ]*costs? )", re.I
)


def _is_label(name: str) -> bool:
    """Whether a "Name —" prefix is an ability word or a flavor word: a known
    ability word, a few words, or a title ("The Most Important Punch in
    History"); not a sentence ("Each opponent faces a villainous choice")."""
    if name.lower() in tables.ability_words():
        return True
    words = name.split()
    if "," in name or len(words) > 7:
        return False
    return len(words) <= 4 or sum(w[0].isupper() for w in words) * 2 >= len(words)


def _first_colon(text: str, start: int, end: int, holes: list[tuple[int, int]]) -> int:
    """The first colon in text[start:end] outside quotes and reminder text."""
    i = text.find(":", start, end)
    while i >= 0:
        if not T.inside(i, holes):
            return i
        i = text.find(":", i + 1, end)
    return -1


def _effect_comma(text: str, start: int, end: int, holes: list[tuple[int, int]]) -> int:
    i = text.find(",", start, end)
    while i >= 0:
        if not T.inside(i, holes):
            return i
        i = text.find(",", i + 1, end)
    return -1


_BLANKS = re.compile(r"[ \t]*")


def _skip_space(text: str, i: int, end: int) -> int:
    """Where the spaces and tabs from ``i`` on (up to ``end``) end."""
    return _BLANKS.match(text, i, end).end()


class Segmenter:
    """Splits one text (a face's rules text or a quote) into abilities."""

    def __init__(self, text: str, ctx: Context, protect: list[tuple[int, int]] | None = None):
        self.text = text
        self.ctx = ctx
        self.protect = protect or []
        self.reminders: list[tuple[int, int]] = []
        self.quotes: list[tuple[int, int]] = []
        self.grants = False  # whether an ability of the text grants one
        self.keywords = K.table_version()  # the keyword table the text is read with
        self.quoting = '"' in text or "“" in text or "”" in text  # whether a quote may hold abilities
        self._ends_of: list | None = None  # the reminder list whose span ends are in _ends
        self._ends: list[int] = []

    # -- entry points --------------------------------------------------------

    def face(self) -> list[Ability]:
        text = self.text
        self.reminders = T.reminder_spans(text)
        quotes = T.quote_spans(text, 0, len(text), self.reminders) if self.quoting else []
        self.quotes = quotes
        lines = T.line_spans(text, self.reminders + quotes + self.protect)
        return self._lines(lines, self.ctx, 0)

    def granted(self, start: int, end: int, depth: int) -> list[Ability]:
        """Abilities in the quote text[start:end] (quotes excluded)."""
        return self._lines([(start, end)], GRANTED, depth)

    def _reminders_over(self, start: int, end: int) -> list[tuple[int, int]]:
        """The reminder spans that overlap ``[start, end)``.

        The spans are sorted and do not overlap, so those are a run found by
        bisection: a long text with many lines and many reminders stays linear.
        """
        spans = self.reminders
        if not spans:
            return []
        if self._ends_of is not spans:
            self._ends_of, self._ends = spans, [e for _s, e in spans]
        lo = bisect.bisect_right(self._ends, start)
        out = []
        for r in spans[lo:]:
            if r[0] >= end:
                break
            if r[1] > start:
                out.append(r)
        return out

    # -- lines ----------------------------------------------------------------

    def _lines(self, lines: list[tuple[int, int]], ctx: Context, depth: int) -> list[Ability]:
        text = self.text
        reminders = self.reminders
        out: list[Ability] = []
        last: Ability | None = None
        level_block = False
        for idx, (ls, le) in enumerate(lines):
            holes = self._reminders_over(ls, le) if reminders else []
            # the line from its first character outside reminder text, and that with the
            # reminder text blanked
            content = (T.strip_spans(text, ls, le, holes) if holes else text[ls:le]).lstrip()
            if not content or _SEPARATOR_RE.fullmatch(content):
                continue  # reminder text only, or a separator between the halves of a card
            cs = le - len(content)
            line = text[cs:le] if holes else content
            m = _HEAD_RE.match(line)
            if m is not None:
                kind = m.lastgroup
                if kind == "mode":
                    if last is not None and last.kind != "keyword" and last.kind != "level":
                        last.modes.append((cs, le))
                        last.end = le
                        last.text = text[last.start : le]
                        continue
                    ab = Ability("spell" if ctx.spell else "static", line, cs, le, line=idx)
                    ab.modes.append((cs, le))
                elif kind == "pt":
                    if level_block:
                        continue  # the block's power/toughness
                    ab = Ability("unknown", line, cs, le, line=idx)
                else:  # a level or station header
                    ab = Ability("level", line, cs, le, line=idx)
                    ab.parameter = line[len(line.split()[0]):].strip()
                    level_block = True
                out.append(ab)
                last = ab
                continue
            for ab in self._classify(cs, le, line, content, ctx, holes):
                ab.line = idx
                out.append(ab)
                last = ab
        for ab in out:
            if ab.kind != "keyword":  # a keyword grants nothing and has no effect to flag
                self._finish(ab, depth)
        return out

    def _classify(self, cs: int, le: int, line: str, content: str, ctx: Context, holes) -> list[Ability]:
        """The abilities of one line ``line`` = text[cs:le] that starts with content
        (``content``: the line with its ``holes`` blanked)."""
        text = self.text
        # Saga chapters: "I —", "II, III —"
        m = _CHAPTER_RE.match(line)
        if m and (m.end() < len(line) or ctx.saga):  # a Saga's last chapter may still be empty
            chapters = tuple(T.from_roman(x.strip()) for x in m.group(1).split(","))
            ab = Ability("chapter", line, cs, le, chapters=chapters, effect_start=cs + m.end())
            return [ab]
        # Keyword lines
        kws = K.keyword_abilities(text, cs, content, holes, self.keywords)
        if kws is not None:
            return kws
        # A station or die-roll row whose abilities are keywords: "9+ | Flying, first strike"
        row = _ROW_RE.match(line)
        if row:
            kws = K.parse_keyword_line(text, cs + row.end(), le, holes, ctx)
            if kws:
                kws[0].start, kws[0].text = cs, text[cs:kws[0].end]
                return kws
        # Loyalty abilities
        quotes = self.quotes
        quote_holes = holes + [q for q in quotes if q[0] >= cs and q[1] <= le] if quotes else holes
        colon = _first_colon(text, cs, le, quote_holes) if ":" in line else -1
        if colon > cs:
            cost = text[cs:colon].strip()
            if LOYALTY_RE.match(cost):
                ab = Ability("loyalty", line, cs, le, effect_start=_skip_space(text, colon + 1, le))
                ab.cost = split_cost(text, cs, colon, self.protect)
                return [ab]
        # Labels: ability words, flavor words, keyword labels ("Max speed — …")
        label = None
        keyword = None
        lm = _LABEL_RE.match(line) if "—" in line or "–" in line or " - " in line else None
        if lm and not _TRIGGER_RE.match(line):
            name = lm.group(1).strip()
            kw = K.label_keyword(name)
            special = special_labels().get(name.lower())
            if kw is not None:
                keyword = kw.name
                label = name
            elif special is not None:
                keyword = name
                label = name
            elif _is_label(name):
                label = name
        body = cs
        if label is not None:
            body = cs + lm.end()
            if keyword is None:  # "Murasame — Equip {5}": a flavor word before keywords
                kws = K.parse_keyword_line(text, body, le, holes, ctx)
                if kws:
                    kws[0].start, kws[0].text = cs, text[cs : kws[0].end]
                    kws[0].ability_word = label
                    return kws
            colon = _first_colon(text, body, le, quote_holes)
        ab = self._body(body, le, ctx, colon, quote_holes)
        ab.start, ab.text = cs, line
        if keyword:
            ab.keyword = keyword
            special = special_labels().get(keyword.lower())
            if special is not None:
                ab.kind = special["kind"]
                ab.rules = tuple(special["rules"])
        elif label:
            ab.ability_word = label
        return [ab]

    def _body(self, bs: int, le: int, ctx: Context, colon: int, holes) -> Ability:
        """An ability that is not a keyword line, starting at text[bs]."""
        text = self.text
        body = text[bs:le]
        if colon > bs:
            cost = text[bs:colon]
            if _looks_like_cost(cost):
                ab = Ability("activated", body, bs, le, effect_start=_skip_space(text, colon + 1, le))
                ab.cost = split_cost(text, bs, colon, self.protect)
                if any(p.kind == "loyalty" for p in ab.cost):
                    ab.kind = "loyalty"
                return ab
        if _TRIGGER_RE.match(body):
            comma = _effect_comma(text, bs, le, holes)
            eff = _skip_space(text, comma + 1, le) if comma > 0 else None
            return Ability("triggered", body, bs, le, effect_start=eff)
        if _fragment(text, bs, le, [h for h in holes if text[h[0]] == "("] if holes else holes):
            return Ability("unknown", body, bs, le)
        if ctx.spell and not _STATIC_SPELL_RE.match(body):
            return Ability("spell", body, bs, le, effect_start=bs)
        return Ability("static", body, bs, le, effect_start=bs)

    # -- after segmentation ---------------------------------------------------

    def _finish(self, ab: Ability, depth: int) -> None:
        """Granted abilities, target and mana flags of one ability that is no keyword."""
        text = self.text
        holes = self._reminders_over(ab.start, ab.end) if self.reminders else []
        if depth < 4 and self.quoting:
            quotes = T.quote_spans(text, ab.start, ab.end, holes)
            for qs, qe in quotes:
                inner_s, inner_e = qs + 1, qe - 1
                inner = text[inner_s:inner_e].strip()
                if not inner or not _grantable(text, qs, inner):
                    continue
                granted = self.granted(inner_s, inner_e, depth + 1)
                if granted:
                    ab.granted.extend(granted)
                    self.grants = True
            holes = holes + quotes
        own = T.strip_spans(text, ab.start, ab.end, holes) if holes else text[ab.start : ab.end]
        # the words looked for first, without a regular expression (most abilities have neither)
        low = own.lower()
        ab.has_target = "target" in low and bool(_TARGET_RE.search(own))
        eff = (ab.effect_start or ab.start) - ab.start
        ab.adds_mana = "add" in low and bool(_ADD_MANA_RE.search(own, eff)) and not _only_counters(own[eff:])
        if ab.kind == "activated":
            ab.mana_ability = ab.adds_mana and not ab.has_target
        elif ab.kind == "triggered" and ab.effect_start:
            cond = own[: ab.effect_start - ab.start]
            ab.mana_ability = ab.adds_mana and not ab.has_target and bool(_MANA_TRIGGER_RE.search(cond))


def _only_counters(effect: str) -> bool:
    """"Add a lore counter" adds no mana."""
    for m in _ADD_MANA_RE.finditer(effect):
        if not _NOT_ADD_MANA_RE.match(effect, m.start()):
            return False
    return True


#: what a sentence ends with (a text stripped of its spaces ends with one of them or is none)
_SENTENCE_END = '.!?"”)—–:-'


def _fragment(text: str, bs: int, le: int, holes) -> bool:
    """A line that is no sentence: it starts in lower case ("the weakest."), or
    it is a few words without a full stop, such as a keyword the catalogue
    does not know ("Double team")."""
    own = T.strip_spans(text, bs, le, holes).strip()
    if not own:
        return False
    if own[0].islower():
        return True
    return own[-1] not in _SENTENCE_END and len(own.split()) <= 4


_COST_BAD = re.compile(r"\.\s|^\s*(?:when|whenever|at|if|as long as|choose)\b|\b(?:target|until|gets?|has|have|can't)\b", re.I)


def _looks_like_cost(cost: str) -> bool:
    return 0 < len(cost.strip()) <= 300 and not _COST_BAD.search(cost)


_GRANT_BEFORE = re.compile(r"(?:\bnamed|\bword|\bwords|\bchooses?|\bcalled)\s*$", re.I)


def _grantable(text: str, qs: int, inner: str) -> bool:
    """Whether a quote holds an ability (not a name, a word or a choice)."""
    if _GRANT_BEFORE.search(text[max(0, qs - 12) : qs]):
        return False
    return inner.endswith((".", ".)", "!")) or ":" in inner or K.is_keyword_text(inner)


def segment(text: str, ctx: Context, protect: list[tuple[int, int]] | None = None) -> tuple[list[Ability], list[tuple[int, int]]]:
    """The abilities and reminder spans of one face's rules text."""
    seg = Segmenter(text, ctx, protect)
    abilities = seg.face()
    return abilities, seg.reminders


__all__ = ["Context", "Segmenter", "segment"]
