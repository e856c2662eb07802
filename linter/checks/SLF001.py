"""SLF001: rules text that names the card by a name that is not its own (a leftover after a rename)."""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Iterable

from linter import tables
from linter.catalogue import load
from linter.checks.base import Check, Hit
from linter.model import Card, Face
from linter.nlp.selfref import short_names

_WORD = r"[A-Z][\w'’\-]*"
# a line start glued to the word before it by an export without line breaks ("FlyingIron Golem");
# a capital after two or three letters is part of a name ("McCrimmon", "DePietro")
_GLUED = re.compile(r"(?<=[a-z]{3})(?=[A-Z])|(?<=[a-z][.)])(?=[A-Z])")
_TOKEN_SUFFIX = re.compile(r"\s*\((?:Token|token)\)\s*$")


@functools.lru_cache(maxsize=None)
def _prefix() -> re.Pattern:
    """Prefixes a file puts before a name ("A-", "CR02-"), from rules_data/self_reference.yaml."""
    return re.compile("^(?:" + "|".join(f"(?:{p})" for p in load("self_reference")["name_prefixes"]) + ")")


@functools.lru_cache(maxsize=None)
def _data() -> tuple[re.Pattern, re.Pattern, frozenset[str], re.Pattern]:
    """Where a name may end (a verb or a possessive after a capitalized word), the name that ends
    there, the words that are no part of a name, the pattern of introduced names."""
    data = load("self_reference")
    conn = "|".join(re.escape(w) for w in data["connectors"])
    sep = rf"(?:,|,? (?:{conn}|&)(?: (?:{conn}))?)? "
    name = rf"{_WORD}(?:{sep}{_WORD})*"
    verbs = "|".join(re.escape(v) for v in data["verbs"])
    # found by its end first: a verb or a possessive right after a capitalized word (a possessive
    # followed by a capitalized word is inside a name: "Green Sun's Zenith"). The word runs on
    # to the first apostrophe that starts such a possessive, else to its end: it is read without
    # going back (*+), where a lazy [\w'’\-]*? would try the ending after every letter
    possessive = r"s\b(?!\s+[A-Z])"  # what follows the apostrophe of a possessive that ends a name
    ending = re.compile(rf"[A-Z][\w\-]*+(?:['’](?!{possessive})[\w\-]*+)*+"
                        rf"(?P<tail>\s(?:{verbs})\b|(?P<poss>['’]s)\b(?!\s+[A-Z]))")
    candidate = re.compile(rf"(?=[A-Z])(?:(?<![\w'’])|(?<=[a-z]{{3}}))(?P<name>{name})$")
    leading = set(data["leading_words"])
    leading.update(k.split()[0].capitalize() for k in tables.keywords())
    intro = "|".join(re.escape(w) for w in data["introducers"])
    introduced = re.compile(rf"\b(?:{intro}) [\"“]?(?P<name>{name})")
    return ending, candidate, frozenset(leading), introduced


def _type_words() -> frozenset[str]:
    return _type_words_for(tables.extension_version())


@functools.lru_cache(maxsize=4)
def _type_words_for(version: int) -> frozenset[str]:
    t = tables.types()
    return frozenset(t.all_subtypes() | t.card_types | t.supertypes | {"Token", "Tokens", "Emblem"})


def _fold(name: str) -> str:
    """A name as compared: accents, quotes, a prefix such as Alchemy's "A-" and a "(Token)" suffix dropped."""
    name = _prefix().sub("", name.strip())
    if name.isascii() and '"' not in name and "(" not in name:
        return name
    name = _TOKEN_SUFFIX.sub("", name)
    name = name.replace('"', "").replace("“", "").replace("”", "").replace("’", "'")
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip()


def _suffixes(words: list[str]) -> Iterable[str]:
    for k in range(len(words)):
        yield " ".join(words[k:])


class _Names:
    """Names as SLF001 compares a run of capitalized words with them: each name, and the
    end of each name from any of its spaces on ("Captain Vell" of "Rigger Captain Vell"),
    in sets, so that a run is looked up, not compared with every name of the file."""

    __slots__ = ("names", "tails")

    def __init__(self, names: set[str]) -> None:
        self.names = names
        tails: set[str] = set()
        for name in names:
            _head, space, rest = name.partition(" ")
            while space:
                tails.add(rest)
                _head, space, rest = rest.partition(" ")
        self.tails = tails

    def closes(self, key: str) -> bool:
        """Whether ``key`` is one of the names, or (of two words or more) the end of one."""
        return key in self.names or (" " in key and key in self.tails)


def _words(run: str) -> list[str]:
    words = _fold(run).split(" ")
    if words[-1].endswith("'s"):
        words[-1] = words[-1][:-2]  # "Toralf's Disciple's attacks": a stray possessive
    return words


def _excused(run: str, allowed: _Names, possessive: bool) -> bool:
    """Whether ``allowed`` holds the name ``run`` writes: the run itself or its end is one
    of them, or the end of one ("a Treasure, Captain Vell gets")."""
    if possessive and _fold(run) + "s" in allowed.names:
        return True  # "Follow the Track's" for "Follow the Tracks"
    return any(allowed.closes(suffix.strip(", ")) for suffix in _suffixes(_words(run)))


def _last_words(found: Iterable[list[tuple[Hit, str, bool]]]) -> tuple[str, ...]:
    """The last words (after the last space) of what :func:`_excused` looks up for the runs
    of ``found``: a name it finds, or a name's end, ends with one of them."""
    words: set[str] = set()
    for items in found:
        for _hit, run, possessive in items:
            keys = [suffix.strip(", ") for suffix in _suffixes(_words(run))]
            if possessive:
                keys.append(_fold(run) + "s")
            words.update(key.rpartition(" ")[2] for key in keys)
    return tuple(words)


def _folded_names(cards: list[Card], ends: tuple[str, ...]) -> set[str]:
    """The names of ``cards`` and their faces (each part of a name with "//"), folded, but
    for those whose folded form cannot end with any of ``ends``: the last word of a name
    folded only by dropping a prefix (plain ASCII, no quote nor parenthesis) is the end of
    its last word as written, so a name whose last word ends with none is left out."""
    names: set[str | None] = set()
    add = names.add
    for c in cards:  # one pass over the cards
        add(c.name)
        for f in c.faces:
            add(f.name)
    written = {p for n in names for p in (n or "").split("//")}
    out = set()
    for p in written:
        q = p.strip()
        if not q:
            continue
        if q.isascii() and '"' not in q and "(" not in q and not q.rpartition(" ")[2].endswith(ends):
            continue
        out.add(_fold(p))
    return out


class LeftoverName(Check):
    """Rules text that refers to the card by a name that is not its name (a leftover after a rename).

    ## What it does
    Looks for capitalized names of two or more words where rules text names
    an object — before "deals", "enters", "gets", "gains", "has", "dies",
    "attacks", "can't", … or a possessive "'s" — and reports one that is
    neither the card's name, a face's name, nor a short name of a legendary
    (the part before the comma, the first word). Names the text introduces
    as other objects ("a token named …", "a card named …", "Partner with …",
    "meld them into …"), names of which the card's own is a part ("Storm
    Fleet Spy" for "Fleet Spy"), names of other cards of the same file, and
    phrases made only of type words are not reported. A prefix a file puts
    before names (Alchemy's "A-", a collector code such as "CR02-") is left
    out when names are compared.

    ## Why is this bad?
    Text that names the object it is on means that object (CR 201.5; a
    shortened name counts the same, CR 201.5c). A name that is not the
    card's — usually the card's old name after a rename, or a misspelling —
    refers to nothing on the card, so the ability that uses it does not do
    what it says.

    ## Example
    ```yaml
    name: Torvin, Ember Warden
    mana_cost: "{2}{R}"
    type_line: Legendary Creature — Human Warrior
    oracle_text: "Whenever Torvin, Flame Keeper attacks, it deals 1 damage to each opponent."
    power: "3"
    toughness: "2"
    ```

    ## Use instead
    ```yaml
    name: Torvin, Ember Warden
    mana_cost: "{2}{R}"
    type_line: Legendary Creature — Human Warrior
    oracle_text: "Whenever Torvin attacks, it deals 1 damage to each opponent."
    power: "3"
    toughness: "2"
    ```

    ## Fix safety
    The fix writes the card's name in place of the other name. It is unsafe:
    the text may mean another card.
    """

    code = "SLF001"
    name = "leftover-name"
    category = "rules"
    severity = "warning"
    rules = ("201.5", "201.5c")
    fixable = True
    message = "\"{found}\" is not this card's name ({own}): a leftover of an old name, or a misspelling?"

    scope = "set"

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        return self.check_collected(cards, [self.collect(card) for card in cards])

    def collect(self, card: Card) -> list[tuple[Hit, str, bool]] | None:
        """The card's leftover names as the card alone tells them: (hit, the run of
        capitalized words found, whether a possessive ends it); None where there is none."""
        if card.is_token:
            return None  # a token's text names the objects of the game piece that makes it
        return list(self._card(card)) or None

    def check_collected(self, cards: list[Card], collected: list) -> Iterable[tuple[Card, Hit]]:
        # a name of another card of the same file is a reference to that card, not a leftover
        # ("Xenagos Ascended attacks this turn" on a card of a challenge deck): the file's
        # names are gone through only when a card has a leftover to hold against them
        found = [(card, items) for card, items in zip(cards, collected) if items]
        if not found:
            return
        others = _Names(_folded_names(cards, _last_words(items for _card, items in found)))
        for card, items in found:
            for hit, run, possessive in items:
                if not _excused(run, others, possessive):
                    yield card, hit

    def _card(self, card: Card) -> Iterable[tuple[Hit, str, bool]]:
        # the names the card may write are worked out only for a run of capitalized words that
        # reads like another name (few do): the card's own names, and those introduced as other
        # objects ("a token named …") by each face with a run up to this one
        introducing: list[str] = []  # those faces' texts, reminder text blanked
        allowed: set[str] | None = None
        names: _Names | None = None
        for i, face in enumerate(card.faces):
            text = face.oracle_text or ""
            if face.parsed is None or len(text) < 8:
                continue
            ending, candidate, leading, introduced = _data()
            plain = None
            self_ends = None
            for e in ending.finditer(text):
                end = e.start("tail")
                if self_ends is None:
                    self_ends = {e for _s, e in face.parsed.self_refs}
                if end in self_ends:
                    continue  # the parser already read it as the card naming itself
                m = candidate.search(text, max(0, end - 120), end)
                if m is None:
                    continue
                start = m.start("name")
                if plain is None:
                    plain = face.parsed.plain
                    introducing.append(plain)
                    names = None  # to be made again, with this face's introduced names
                if plain[start] == " ":
                    continue  # reminder text
                run = m.group("name")
                cut = [g.end() for g in _GLUED.finditer(run)]
                if cut:
                    start += cut[-1]
                    run = run[cut[-1]:]
                possessive = bool(e.group("poss"))
                found = self._name_in(run, leading)
                if found is None:
                    continue
                if names is None:
                    if allowed is None:
                        allowed = self._allowed(card)
                    names = _Names(allowed.union(*({_fold(n.group("name")) for n in introduced.finditer(p)}
                                               for p in introducing)))
                if _excused(run, names, possessive):
                    continue
                offset = run.rfind(found)
                s = start + max(offset, 0)
                own = self._own_name(card, face)
                from linter.diagnostics import Edit, Fix

                fix = Fix(f"Write {own}", [Edit(s, s + len(found), own)], safe=False, face=i, field="oracle_text")
                yield (self.hit(face=i, field="oracle_text", start=s, end=s + len(found), fix=fix,
                                found=found, own=own), run, possessive)

    @staticmethod
    def _own_name(card: Card, face: Face) -> str:
        return (face.name or card.name or "").strip()

    @staticmethod
    def _allowed(card: Card) -> set[str]:
        names: set[str] = set()
        for n in [card.name, *(f.name for f in card.faces)]:
            for part in (n or "").split("//"):
                part = _fold(part)
                if part:
                    names.add(part)
                    names.update(_fold(s) for s in short_names(part))
        return names

    @staticmethod
    def _name_in(run: str, leading: frozenset[str]) -> str | None:
        """The name ``run`` writes, as written in the text, when it reads like a name of two
        capitalized words or more that are not all type words (else None); a leftover
        unless the card may write it (see :func:`_excused`)."""
        words = _words(run)
        while words and words[0].rstrip(",") in leading:
            words.pop(0)
        capital = [w for w in words if w[:1].isupper()]
        if len(capital) < 2:
            return None
        if all(w.rstrip(",") in _type_words() or w.rstrip(",") in leading for w in capital):
            return None
        name = " ".join(words).strip(", ")
        # report the name as written in the text
        return name if name in run else run[len(run) - len(name):] if run.endswith(name) else name
