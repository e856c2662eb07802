"""TPL012: a keyword's reminder text worded unlike the set's declared or usual reminder."""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from typing import Iterable, Iterator

from linter import config
from linter.catalogue import load
from linter.checks._chars import face_subtypes
from linter.checks._templating import small_numbers
from linter.checks.api import SortedSpans, face_view, self_words
from linter.checks._sets import as_fewer_than, found_in_sets
from linter.checks.base import Check, Hit
from linter.model import Card, Face

# a cost: mana symbols, with the number of them when it is written out ("add X {R}")
_MANA = re.compile(r"(?:\b(?:\d+|X)\s+)?(?:\{[^{}]+\})+")
#: how alike two wordings must be for the rarer one to count as a slip: a
#: missing word or a typo, not another sentence for another kind of card
SIMILAR = 0.9
_SPACE = re.compile(r"\s+")
# "a +1/+1 counter" and "two +1/+1 counters" differ only by the number
_PLURAL_NOUNS = ("counter", "card", "creature", "token", "permanent", "player", "time", "land", "spell", "artifact")
#: the "s" that ends one of those nouns, dropped: the pattern looks for the "s" first and back
#: at the noun (a look behind of fixed width for each), and needs no template; a pattern of
#: the nouns themselves, starting at a word boundary, is tried at every place of the text
_PLURAL_S = re.compile("s(?:" + "|".join(rf"(?<=\b{noun}s)" for noun in _PLURAL_NOUNS) + r")\b")


@functools.lru_cache(maxsize=1)
def _number() -> re.Pattern:
    words = "|".join(small_numbers())
    return re.compile(rf"\b(?:\d+|X|an?|{words})\b", re.I)


@functools.lru_cache(maxsize=1)
def _number_words() -> frozenset[str] | None:
    """The words :func:`_number` matches besides digits, in lower case; None if one of them
    is more than letters (then only the pattern says what it matches)."""
    words = ("x", "a", "an", *small_numbers())
    if not all(w.isascii() and w.isalpha() for w in words):
        return None
    return frozenset(w.lower() for w in words)


_WORD_RUN = re.compile(r"\w+")


def _numbers_out(text: str) -> str:
    """``_number().sub("N", text)``, a word at a time.

    What the pattern matches is a whole word (it is bounded by ``\\b`` on both sides and
    holds only word characters), so each word is looked up instead: in a set when it is
    plain ASCII, where ignoring case is lower case, and with the pattern itself otherwise
    (its case-insensitive match of other letters is the pattern's to tell). The pattern
    with ``re.I`` tries its two dozen words one after the other at every word boundary,
    the slowest step of :func:`_the_rest`."""
    words = _number_words()
    number = _number()
    if words is None:
        return number.sub("N", text)

    def one(m: re.Match) -> str:
        w = m.group()
        if w.isascii():
            return "N" if w.isdigit() or w.lower() in words else w
        return "N" if number.fullmatch(w) else w

    return _WORD_RUN.sub(one, text)


# The placeholders a declared reminder (configuration) may hold for what changes from card
# to card, as keywords.yaml writes a keyword's forms
_PLACEHOLDERS = ((re.compile(r"\[cost\]", re.I), "{COST}"), (re.compile(r"\[(?:n|x|number)\]", re.I), "N"),
                 (re.compile(r"\[(?:creature )?types?\]", re.I), "TYPE"),
                 (re.compile(r"\[pronoun\]", re.I), "PRON"), (re.compile(r"\[possessive\]", re.I), "POSS"))
_PRONOUN = re.compile(r"\b(?:it|he|she|they|him|her|them)\b")
_POSSESSIVE = re.compile(r"\b(?:its|his|their)\b")
# "Bird or Soldier", "Elf and/or Druid": the card's own creature types, in a list
_TYPE_LIST = re.compile(r"TYPE(?:(?:,| or| and/or| and|,? or|,? and)? TYPE)+")


@functools.lru_cache(maxsize=4096)
def _one_type(subtype: str) -> re.Pattern:
    """One of the card's own types, but not a token's (compiled once per subtype)."""
    return re.compile(rf"\b{re.escape(subtype)}s?\b(?!\s+(?:creature|artifact|enchantment|land|token)s?\b)")


def normalize(reminder: str, names: tuple[str, ...] = (), subtypes: tuple[str, ...] = ()) -> str:
    """A reminder text with its variable parts (costs, numbers, self-references, the card's
    creature types, pronouns) replaced, and a declared reminder's placeholders with them."""
    text = _placeholders(reminder)
    # the card's names and its words for itself ("this creature"), as the parse reads them
    for name in sorted({n for n in (*names, *self_words(text)) if n}, key=len, reverse=True):
        text = text.replace(name, "SELF")
    for sub in sorted(subtypes, key=len, reverse=True):
        # the card's own types, but not a token's ("a 1/1 Warrior creature token")
        if sub in text:  # what the pattern needs
            text = _one_type(sub).sub("TYPE", text)
    return _the_rest(text)


# what normalize does before and after the card's own words, once per text (reminder texts
# repeat from card to card, and so do they with the card's names taken out); a pattern is
# tried only on a text that holds what each of its matches holds (a bracket, a brace)
@functools.lru_cache(maxsize=8192)
def _placeholders(reminder: str) -> str:
    text = reminder.strip().strip("()").strip().replace("\u2019", "'")
    if "[" in text:
        for rx, repl in _PLACEHOLDERS:
            text = rx.sub(repl, text)
    return text


@functools.lru_cache(maxsize=8192)
def _the_rest(text: str) -> str:
    text = _TYPE_LIST.sub("TYPE", text)
    if "{" in text:
        text = _MANA.sub("{COST}", text)
    text = _numbers_out(text)
    text = _PRONOUN.sub("PRON", text)
    text = _POSSESSIVE.sub("POSS", text)
    text = _PLURAL_S.sub("", text)
    if "  " not in text and text.isprintable():
        return text  # no whitespace but single spaces (every other one is unprintable): most texts
    return _SPACE.sub(" ", text)


@functools.lru_cache(maxsize=None)
def _variants() -> dict[str, re.Pattern]:
    """Keyword (lower case; "*": any other) -> the phrases of its reminder that the templates
    vary with the card (rules_data/set_level.yaml, which SET002 reads too), in one pattern."""
    data = load("set_level")["reminder_variants"] or {}
    every = {p for group in data.get("*", ()) for p in group if p}
    out = {}
    for kw, groups in data.items():
        phrases = sorted(every | {p for group in groups for p in group if p}, key=len, reverse=True)
        if phrases:
            out[kw.lower()] = re.compile("|".join(rf"(?<!\w){re.escape(p)}(?!\w)" for p in phrases), re.I)
    return out


# the spaces a phrase taken out leaves before a mark, or after an opening parenthesis
_BEFORE_MARK = re.compile(r"\s+([.,;:)])|(?<=\()\s+")


@functools.lru_cache(maxsize=8192)
def without_variants(reminder: str, keyword: str) -> str:
    """A reminder text with the phrases the templates vary with the card taken out ("you may
    pay" or "pay" in Suspend's, as the card has a mana cost or none; "It has haste." on a
    creature), so that each card's form compares equal with the others'."""
    variants = _variants()
    rx = variants.get(keyword.lower()) or variants.get("*")
    if rx is None:
        return reminder
    out = rx.sub("", reminder)
    # no space left where a phrase stood before a mark ("its flashback cost and any additional
    # costs." and "its flashback cost." compare equal)
    return _BEFORE_MARK.sub(r"\1", out) if out != reminder else out


def _similar(a: str, b: str) -> bool:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() >= SIMILAR


class ReminderTextWording(Check):
    """A keyword's reminder text worded unlike the set's declared or usual reminder.

    ## What it does
    Collects the reminder text written after each keyword ability in a set
    (the cards of a file that share a set code; see SET001). The costs,
    numbers, pronouns, the card's words for itself and its own creature types
    are set aside, so "Ward {2}" and "Ward {3}" compare equal, and so do a
    reminder that names "a Bird or Soldier" on one card and "an Elf" on
    another. A keyword that the configuration declares with a ``reminder`` (a
    set's own mechanic) must match it; the declared reminder may write what
    changes from card to card as ``[cost]``, ``[N]``, ``[creature type]`` and
    ``[pronoun]``. Every other keyword is compared with the other cards of the
    same set: when one
    wording is the most common (at least twice, and more often than any
    other), the cards whose wording is nearly the same but not quite (a
    missing word, a typo) are reported. A wording that differs by a whole
    phrase is taken as a variant for another kind of card (a Crew reminder on
    an Equipment Vehicle, Flashback on a card with an additional cost) and is
    left alone, and so are the phrases that the templates vary with the card,
    which rules_data/set_level.yaml lists for SET002 too (Suspend's "you may
    pay" on a card with a mana cost and "pay" on one without, "It has haste."
    on a creature, Backup's "ability" or "abilities", Entwine's "both" or
    "all").

    The project keeps no table of the reminder texts printed on real cards:
    those are Wizards of the Coast's text, and copying them is not ours to
    do. The reference is what the set itself declares or mostly uses.

    Where SET002 reports the same reminder text (a wording that differs
    from the one most cards of the set use), only SET002's finding is kept.

    ## Why is this bad?
    Reminder text summarizes a rule (CR 207.2a); two wordings for one keyword
    in a set make readers wonder whether the keyword works differently there.

    ## Example
    ```yaml
    cards:
      - {name: Skyreach Scout, type_line: Creature — Bird, oracle_text: "Flying (This creature can't be blocked except by creatures with flying or reach.)"}
      - {name: Skyreach Herald, type_line: Creature — Bird, oracle_text: "Flying (This creature can't be blocked except by creatures with flying or reach.)"}
      - {name: Skyreach Envoy, type_line: Creature — Bird, oracle_text: "Flying (This creature can't be blocked expect by creatures with flying or reach.)"}
    ```

    ## Use instead
    The same reminder text for Flying on Skyreach Envoy:
    ```yaml
    cards:
      - {name: Skyreach Scout, type_line: Creature — Bird, oracle_text: "Flying (This creature can't be blocked except by creatures with flying or reach.)"}
      - {name: Skyreach Herald, type_line: Creature — Bird, oracle_text: "Flying (This creature can't be blocked except by creatures with flying or reach.)"}
      - {name: Skyreach Envoy, type_line: Creature — Bird, oracle_text: "Flying (This creature can't be blocked except by creatures with flying or reach.)"}
    ```

    ## Fix safety
    No fix: which wording is right is the designer's call.
    """

    code = "TPL012"
    name = "reminder-text-off-canonical-wording"
    category = "templating"
    severity = "info"
    rules = ("207.2a",)
    scope = "set"
    gives_way_to = ("SET002",)
    message = "the reminder text of {keyword} reads {found!r}; {reference} reads {want!r}"

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        return self.check_collected(cards, [self.collect(card) for card in cards])

    def collect(self, card: Card) -> list[tuple[tuple[str, str], int, int, int, str, str]] | None:
        """(keyword and its words normalized, face, start, end, reminder, reminder normalized)
        of each keyword of the card that has reminder text; None where there is none."""
        out = []
        for i, face in enumerate(card.faces):
            text = face.oracle_text
            if not text or "(" not in text:
                continue  # no reminder text (most faces): see _reminders
            subtypes: tuple[str, ...] | None = None  # worked out at the face's first reminder
            names: tuple[str, ...] = ()
            for kw, written, s, e, raw in self._reminders(face):
                if subtypes is None:
                    subtypes = tuple(face_subtypes(face))
                    names = face_view(card, face).self_names
                key = (kw, normalize(written, names))
                number = written[len(kw):].strip()  # "Infuse 1 (… if it has none.)"
                compared = normalize(without_variants(as_fewer_than(raw, number), kw), names, subtypes)
                out.append((key, i, s, e, raw, compared))
        return out or None

    def check_collected(self, cards: list[Card], collected: list) -> Iterable[tuple[Card, Hit]]:
        for group in found_in_sets(cards, collected):
            yield from self._one_set(group)

    def _one_set(self, found: list[tuple[Card, list]]) -> Iterable[tuple[Card, Hit]]:
        declared = {k.name.lower(): k.reminder for k in config.active().keywords if k.reminder}
        groups: dict[tuple[str, str], list[tuple[Card, int, int, int, str, str]]] = {}
        for card, items in found:
            for key, i, s, e, raw, compared in items:
                groups.setdefault(key, []).append((card, i, s, e, raw, compared))
        for (kw, _param), items in groups.items():
            want_raw = declared.get(kw.lower())
            if want_raw is not None:
                want = normalize(without_variants(want_raw, kw))
                reference = "the configuration"
            else:
                counts = Counter(n for *_x, n in items)
                if len(counts) < 2:
                    continue
                (want, top), (_other, second) = counts.most_common(2)
                if top < 2 or top == second:
                    continue
                want_raw = next(raw for *_x, raw, n in items if n == want)
                reference = f"the usual wording in this set ({top} cards)"
            for card, i, s, e, raw, norm in items:
                if norm != want and (reference == "the configuration" or _similar(norm, want)):
                    yield card, self.hit(face=i, field="oracle_text", start=s, end=e, keyword=kw,
                                         found=raw, reference=reference, want=want_raw)

    @staticmethod
    def _reminders(face: Face) -> Iterator[tuple[str, str, int, int, str]]:
        """(keyword, the keyword as written, start, end, reminder) for each keyword with reminder text.

        The keyword as written ("Islandcycling {1}", "Toxic 2") keeps apart the
        reminders that differ because the keyword's own words differ."""
        text = face.oracle_text
        if not text or face.parsed is None or "(" not in text:
            return
        reminders = SortedSpans(face.parsed.reminders)
        for a in face.parsed.abilities:
            if a.kind != "keyword" or not a.keyword:
                continue
            for s, e in reminders.starting_in(a.start, a.end + 1):
                if a.start <= s and e <= a.end + 1 and not text[a.start:s].count("("):
                    yield a.keyword, text[a.start:s].strip(), s, e, text[s:e]
                    break
