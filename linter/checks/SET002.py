"""SET002: one keyword with different reminder texts within a set."""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from linter.catalogue import load
from linter.checks._chars import face_type_lines
from linter.checks.api import SortedSpans, face_view, self_words
from linter.checks._sets import as_fewer_than, found_in_sets
from linter.checks.base import Check, Hit
from linter.model import Ability, Card, Face
from linter.tables import keywords

_MANA = re.compile(r"(?:\{[^{}]*\})+")
_NUMBER_WORDS = ("a", "an", "another", "zero", "one", "two", "three", "four", "five", "six", "seven",
                 "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                 "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "hundred", "x")
_NUMBER = re.compile(r"\b(?:\d+|" + "|".join(_NUMBER_WORDS) + r")\b")
_PRONOUN = re.compile(r"\b(?:it|them|they|he|she)\b")
_POSSESSIVE = re.compile(r"\b(?:its|their|his|her)\b")
_LIST = re.compile(r"\b([MN])(?: , [MN])+ ,? (or|and) ")
_SPACE = re.compile(r"\s+")
_TYPE_LIST = re.compile(r"TYPE\s*(?:(?:,|,? or|,? and/or|,? and)?\s+TYPE\s*)+")
_TOKEN_NOUN = r"(?:creature|artifact|enchantment|land|token)s?\b"
# "twice that many", "three times that many": a multiple is a number
_MULTIPLE = re.compile(r"\b(?:twice|thrice|N times?)\b")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_EMBEDDED = re.compile(r"^(.*?)(?:walk|cycling| offering)\b", re.I)
#: a line the parser does not know that reads like a keyword with its reminder text: a
#: capitalized word, perhaps a number, cost or dash cost ("Infuse 2 (…)", "Realize {3}{B} (…)")
_UNDECLARED = re.compile(r"^(?P<name>[A-Z][a-z'-]{2,})(?:(?: (?P<num>\d+|X))?(?: ?(?P<cost>(?:\{[^{}]*\})+))?"
                         r"|—(?P<text>[^()]+?))\s*$")


@functools.lru_cache(maxsize=None)
def _variants() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Keyword (lower case) -> groups of phrases that count as the same, in loose form."""
    out = {}
    for kw, groups in (load("set_level")["reminder_variants"] or {}).items():
        out[kw.lower()] = tuple(
            tuple(sorted({loose(p, [], self_words(p), []) for p in group} - {""}, key=len, reverse=True))
            for group in groups)
    return out


#: the punctuation marks set apart by spaces, each with what it becomes: a replacement of each
#: mark the text holds, as one translation by a table would (a mark becomes spaces and itself,
#: no other mark) but several times faster: a translation looks each character up in the table
_PUNCTUATION = tuple((mark, f" {mark} ") for mark in ',.;:()"')
_IES = re.compile(r"\b(\w+?)ies\b")
#: the "s" that ends a word of four word characters or more: the pattern looks for the "s" first
#: and back at the word, and drops it without a template (a template's groups cost a call per match)
_PLURAL_S = re.compile(r"s(?<=\w{4})\b")


@functools.lru_cache(maxsize=8192)
def _words(text: str) -> str:
    """Lower case, numbers, mana symbols, pronouns and plural endings taken out (once per
    text: parameters and reminders repeat from card to card).

    A pattern that most texts cannot match is tried only where the text holds what every
    match of it holds (a brace, "twice", "ies", " , ")."""
    s = text.replace("’", "'").lower()
    if "{" in s:
        s = _MANA.sub(" M ", s)
    s = _SPACE.sub(" ", _NUMBER.sub(" N ", s))
    if "twice" in s or "thrice" in s or "N time" in s:
        s = _MULTIPLE.sub(" N ", s)
    s = _POSSESSIVE.sub(" POSS ", s)
    s = _PRONOUN.sub(" PRON ", s)
    for mark, spaced in _PUNCTUATION:
        if mark in s:
            s = s.replace(mark, spaced)
    if "ies" in s:
        s = _IES.sub(r"\1y", s)
    s = _PLURAL_S.sub("", s)
    s = " ".join(s.split())  # runs of whitespace made one space, none at the ends: split's whitespace is \s's
    if " , " not in s:
        return s
    return _LIST.sub(r"\1 \2 ", s + " ").strip()


def loose(text: str, variables: list[str], selves: list[str], subtypes: list[str]) -> str:
    """A text with what may differ between cards taken out: the keyword's parameter
    (``variables``), the card's names (``selves``), "this <noun>" references to itself,
    its subtypes written together as on its type line (``subtypes``: "Zombie Angel" in
    an embalm reminder), mana symbols, numbers (in digits or words), pronouns and
    plurals."""
    s = text.replace("’", "'")
    low = s.lower()
    for v in sorted(variables, key=len, reverse=True):
        if v.lower() in low or len(low) != len(s):  # else none to replace
            s = _replace_ci(s, v, " P ", word=False)
            low = s.lower()
    for name in sorted(selves, key=len, reverse=True):
        if name.lower() in low or len(low) != len(s):  # else none to replace
            s = _replace_ci(s, name, " SELF ", word=name[:1].isalnum())
            low = s.lower()
    return _without_types(s, tuple(sorted(subtypes, key=len, reverse=True)))


@functools.lru_cache(maxsize=8192)
def _without_types(s: str, subtypes: tuple[str, ...]) -> str:
    """The rest of :func:`loose`, from its text with the card's names taken out and the
    card's subtypes, longest first (once per such text and subtypes: with the names out,
    a reminder text repeats from card to card)."""
    for run in subtypes:
        if " " in run:  # the card's subtypes written together: "Zombie Human Cleric"
            s = _replace_ci(s, run, " TYPE ", word=True)
        elif run in s:  # one of them, alone or in a list, but not a token's type ("a 1/1 Warrior creature token")
            s = _one_type(run).sub(" TYPE ", s)
    s = _TYPE_LIST.sub(" TYPE ", s)  # "Bird and/or Soldier", "Faerie or Rogue": the card's own types
    return _words(s)


@functools.lru_cache(maxsize=4096)
def _one_type(subtype: str) -> re.Pattern:
    """One of a card's subtypes, alone (compiled once per subtype, not once per card)."""
    return re.compile(rf"\b{re.escape(subtype)}s?\b(?!\s+{_TOKEN_NOUN})")


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _replace_ci(text: str, needle: str, repl: str, word: bool) -> str:
    """Replace ``needle`` case-insensitively (as whole words when ``word``) without
    building a regular expression for every card's names."""
    if not needle:
        return text
    low, pat = text.lower(), needle.lower()
    if len(low) != len(text):  # a character whose lower case is longer: fall back
        pattern = re.escape(needle)
        if word:
            pattern = r"\b" + pattern + r"\b"
        return re.sub(pattern, repl, text, flags=re.I)
    out, i = [], 0
    j = low.find(pat)
    while j != -1:
        end = j + len(pat)
        if word and ((j > 0 and _is_word_char(low[j - 1])) or (end < len(low) and _is_word_char(low[end]))):
            j = low.find(pat, j + 1)
            continue
        out.append(text[i:j])
        out.append(repl)
        i = end
        j = low.find(pat, end)
    if not out:
        return text
    out.append(text[i:])
    return "".join(out)


def embedded_part(ability: Ability, head: str) -> list[str]:
    """The land or card type written inside a keyword ("Forest" in Forestwalk, "Swamp"
    in Swampcycling)."""
    m = _EMBEDDED.match(head)
    if m and m.group(1).strip() and not head.lower().startswith((ability.keyword or "").lower()):
        return [m.group(1).strip()]
    return []


def variable_parts(parameter: str | None, embedded: list[str]) -> list[str]:
    """The words of a keyword that change from card to card: its parameter without mana
    symbols and numbers (a card name also by its short name), and the type written
    inside the keyword."""
    parts: list[str] = list(embedded)
    if parameter:
        text = _MANA.sub(" ", parameter)
        text = re.sub(r"^\s*(?:\d+|X)\b\s*[—-]?", "", text).strip(" ,—-.")
        if len(text) > 1 and not re.fullmatch(r"\d+|X", text):
            parts.append(text)
            short = text.split(",", 1)[0].strip()
            if "," in text and len(short) > 1:
                parts.append(short)
    return parts


def parameter_shape(parameter: str | None, embedded: list[str]) -> str:
    """A keyword's parameter with its numbers and mana symbols taken out ("Ward {2}" and
    "Ward {3}" have the same shape, "Gift a Food" and "Gift a card" do not)."""
    return _words(" ".join([(parameter or "").strip(), *embedded]))


def normalize(reminder: str, keyword: str, variables: list[str], selves: list[str], subtypes: list[str]) -> str:
    """A reminder text in the loose form of :func:`loose`, with the template variants of
    rules_data/set_level.yaml for this keyword erased."""
    return _erased(loose(reminder, variables, selves, subtypes), keyword.lower())


@functools.lru_cache(maxsize=8192)
def _erased(text: str, keyword: str) -> str:
    """A loose text with the template variants for ``keyword`` (lower case) erased (once per
    text and keyword)."""
    s = " " + text + " "
    variants = _variants()
    for group in (*variants.get("*", ()), *variants.get(keyword, ())):
        for phrase in group:
            s = s.replace(" " + phrase + " ", " ")
    return " ".join(s.split())


def sentences(key: str) -> list[str]:
    return [p for p in _SENTENCE_END.split(key.strip("() ").replace(" .", ".")) if p]


def consistent(a: str, b: str) -> bool:
    """Whether two normalized reminder texts say the same thing.

    Sentences that only one of them has are card-specific additions ("It has
    haste.", "Copies become tokens.") and do not count, as long as the two have a
    sentence in common; a sentence that stands where the other text has a similar but
    different one is a different wording."""
    if a == b:
        return True
    sa, sb = sentences(a), sentences(b)
    if not set(sa) & set(sb):
        return False  # not one sentence in common: another reminder altogether
    matcher = difflib.SequenceMatcher(None, sa, sb, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace":
            continue
        for x in sa[i1:i2]:
            for y in sb[j1:j2]:
                if difflib.SequenceMatcher(None, x.split(), y.split(), autojunk=False).ratio() >= 0.6:
                    return False
    return True


@dataclass
class Occurrence:
    """A keyword's reminder text on a face of a card (the card is not kept: what a card's
    occurrences are collected for is judged where the file's cards are)."""

    face: int
    start: int
    end: int
    keyword: str
    rule: str | None
    text: str
    key: str
    shape: str


def _subtype_runs(face: Face) -> set[str]:
    """A face's subtypes written together as on its type line, and each alone."""
    lines = face_type_lines(face)
    runs = {" ".join(w.text for w in tl.subtypes) for tl in lines if tl.subtypes}
    runs |= {w.text for tl in lines for w in tl.subtypes}  # one, or a list
    return runs


def occurrences(card: Card) -> Iterable[Occurrence]:
    """Every reminder text that follows a keyword at the top level of a face (a reminder
    that follows several keywords on one line explains all of them and is left out).
    A line the parser could not classify that reads like a keyword and its reminder
    ("Infuse 2 (…)") counts as one: a custom set's mechanics need not be declared for
    their reminders to be compared."""
    table = keywords()
    for i, face in enumerate(card.faces):
        parsed = face.parsed
        if parsed is None or not face.oracle_text or not parsed.reminders:
            continue
        selves: list[str] | None = None  # worked out at the face's first reminder after a keyword
        runs: set[str] = set()
        previous: Ability | None = None
        reminders = SortedSpans(parsed.reminders)
        for a in parsed.abilities:
            shared_line = (previous is not None and previous.kind == "keyword" and previous.line == a.line)
            previous = a
            if shared_line or a.kind not in ("keyword", "unknown", "static"):
                continue
            for s, e in reminders.starting_in(a.start, a.end):
                if not (a.start <= s and e <= a.end):
                    continue
                head = face.oracle_text[a.start:s].strip()
                if "," in head or ";" in head:
                    continue  # "Flying, vigilance (…)": one reminder for several keywords
                keyword, parameter = a.keyword, a.parameter
                if a.kind != "keyword" or not keyword:
                    m = _UNDECLARED.match(head.rstrip("."))
                    if not m:
                        continue
                    keyword = m.group("name")
                    parameter = " ".join(g for g in (m.group("num"), m.group("cost"), m.group("text")) if g) or None
                text = face.oracle_text[s:e]
                if selves is None:
                    selves = list(face_view(card, face).self_names)  # its names, "this creature" & co.
                    runs = _subtype_runs(face)
                kw = table.get(keyword.lower())
                embedded = embedded_part(a, head) if a.keyword else []
                own = [r for r in runs if r.lower() not in keyword.lower()]
                key = normalize(as_fewer_than(text, parameter), keyword, variable_parts(parameter, embedded),
                                selves, own)
                yield Occurrence(i, s, e, keyword, kw.rule if kw else None, text, key,
                                 parameter_shape(parameter, embedded))
                break


class InconsistentReminderText(Check):
    """A keyword whose reminder text is worded differently on cards of one set.

    ## What it does
    Collects, for each keyword, the reminder texts that follow it on the
    cards of a file, and compares them after taking out what legitimately
    changes from card to card: the keyword's parameter ("Ward {2}" and "Ward
    {3}", "Forestwalk" and "Islandwalk"), numbers in digits or words, plural
    endings and pronouns, mana symbols, the card's references to itself
    ("this creature", "this Vehicle", its name) and its subtypes, sentences
    that only some cards add ("It has haste."), and the template variants
    listed in rules_data/set_level.yaml. A set's own mechanics count too,
    declared or not: a line such as "Infuse 2 (…)" that the parser does not
    know is read as a keyword and its reminder. Keywords with differently worded
    parameters ("Gift a card", "Gift a Food") are compared only among
    themselves. Each reminder that differs from the one most cards of the set
    use is reported.

    ## Why is this bad?
    Reminder text sums up a rule that applies to the card (CR 207.2a); one
    keyword means one thing, so its reminder should read the same on every
    card. A different wording is usually a typo, an old draft's leftover, or
    a copy that was edited in one place, and players wonder whether the
    keyword does something else on this card.

    ## Example
    ```yaml
    - name: Gale Rider
      type_line: Creature — Bird
      oracle_text: Skyward 2 (When this creature enters, scry 2.)
    - name: Gust Kite
      type_line: Creature — Bird
      oracle_text: Skyward 1 (When this creature enters, scry 1.)
    - name: Storm Heron
      type_line: Creature — Bird
      oracle_text: Skyward 3 (Whenever this creature attacks, scry 3.)
    ```

    ## Use instead
    ```yaml
    - name: Storm Heron
      type_line: Creature — Bird
      oracle_text: Skyward 3 (When this creature enters, scry 3.)
    ```

    ## Fix safety
    No automatic fix: the set's usual wording may be the outdated one.
    """

    code = "SET002"
    name = "inconsistent-reminder-text"
    category = "set"
    severity = "warning"
    rules = ("207.2a",)
    scope = "set"
    message = ("reminder text of {keyword} differs from the one on {others} other card{s} "
               "of this set, such as {example!r} {usual}; this card's reads {text}")

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        return self.check_collected(cards, [self.collect(card) for card in cards])

    def collect(self, card: Card) -> list[Occurrence]:
        """The card's keywords with their reminder texts, normalized."""
        for face in card.faces:
            parsed = face.parsed
            if parsed is not None and parsed.reminders:
                return list(occurrences(card))
        return []  # no reminder text at all (most cards): none to go through

    def check_collected(self, cards: list[Card], collected: list) -> Iterable[tuple[Card, Hit]]:
        for group in found_in_sets(cards, collected):
            yield from self._one_set(group)

    def _one_set(self, found: list[tuple[Card, list[Occurrence]]]) -> Iterable[tuple[Card, Hit]]:
        groups: dict[tuple[str, str], list[tuple[Card, Occurrence]]] = {}
        for card, occs in found:
            for occ in occs:
                groups.setdefault((occ.keyword.lower(), occ.shape), []).append((card, occ))
        for occs in groups.values():
            counts = Counter(o.key for _c, o in occs)
            if len(counts) < 2:
                continue
            # the wording most cards use; on a tie, the first one in the file
            order = {k: n for n, k in reversed(list(enumerate(o.key for _c, o in occs)))}
            best = max(counts, key=lambda k: (counts[k], -order[k]))
            example, reference = next((c, o) for c, o in occs if o.key == best)
            agreeing = sum(n for k, n in counts.items() if consistent(k, best))
            for card, o in occs:
                if consistent(o.key, best):
                    continue
                rules = ("207.2a", o.rule) if o.rule else None
                yield card, self.hit(face=o.face, field="oracle_text", start=o.start, end=o.end,
                                     rules=rules, keyword=o.keyword, others=agreeing,
                                     s="" if agreeing == 1 else "s", example=example.name,
                                     usual=reference.text, text=o.text)
