"""RUL009: a zone the game does not have ("from your crypt", "to its owner's land")."""

from __future__ import annotations

import difflib
import functools
import re
from typing import Iterable

from linter.checks import api
from linter.checks._meaning import data

# a place named with a player: "from your crypt", "into its owner's deck", "on top of their library"
_OWNERS = ("your", "their", "its", "its owner's", "its owners'", "their owner's", "their owners'", "its controller's",
           "that player's", "target player's", "target opponent's", "an opponent's", "each opponent's",
           "each player's", "a player's", "defending player's", "the chosen player's", "your opponents'",
           "his or her", "his", "her")
_POSSESSIVE = "(?:" + "|".join(re.escape(w).replace("'", "['’]") for w in sorted(_OWNERS, key=len, reverse=True)) + ")"
_PREPOSITIONS = ("from", "into", "onto", "on top of", "on the bottom of", "to the top of", "to the bottom of", "to",
                 "in", "search", "searches")
# the lookahead for their first letters lets the pattern give up at once at most characters of
# a text (about twice as fast as trying "\b" and each word there)
_PLACE = re.compile(rf"(?=[{''.join(sorted({w[0] for w in _PREPOSITIONS}))}])\b(?P<prep>{'|'.join(_PREPOSITIONS)})"
                    rf"\s+{_POSSESSIVE}\s+(?!(?:library|libraries|hand|hands|graveyard|graveyards)\b)"
                    rf"(?P<zone>[a-z]+(?:-[a-z]+)?)(?![\w'’-])(?:\s(?P<next>[a-z]+))?", re.I)
# the same pattern, case-sensitive, for a face's lower-cased ASCII text (many times faster)
_PLACE_FOLDED = re.compile(_PLACE.pattern)
#: the actions that move a card between zones: what follows their "from/into/onto" is a zone
_MOVES = frozenset({"put", "return", "shuffle", "exile", "cast", "play", "draw", "mill", "discard", "search",
                    "reveal", "look"})
_ZONE_NAMES = ("library", "hand", "graveyard", "battlefield", "stack", "exile")


@functools.lru_cache(maxsize=1)
def _words() -> tuple[frozenset[str], frozenset[str]]:
    zones = data()["zones"]
    return frozenset(zones["known"]), frozenset(zones["not_zones"])


@functools.lru_cache(maxsize=4096)
def _misspelled_zone(word: str) -> str | None:
    """The zone a word is a typo of ("libary" for library), if any."""
    low = word.lower().rstrip("s")
    for zone in _ZONE_NAMES:
        if low != zone and difflib.SequenceMatcher(None, low, zone).ratio() >= 0.8:
            return zone
    return None


class NonexistentZone(api.FaceCheck):
    """A card moved to, from or found in a zone that the game does not have.

    ## What it does
    Reads each place the text names with a player ("from your crypt", "into
    its owner's deck", "to its owner's land", "a card in your libary").
    Where the word is one designers write for a zone that does not exist
    (crypt, cemetery, discard pile, land …) or a misspelling of a zone's
    name, and where an action the parse reads as moving a card (put,
    return, shuffle, exile, cast, draw, search …) names a place that is no
    zone, it is reported. A set's own zones declared in the configuration
    (``zones = ["sanctum"]``) are zones, as are an opening hand, a mana pool,
    a deck before the game and a party.

    ## Why is this bad?
    Objects are only ever in the game's zones: library, hand, battlefield,
    graveyard, stack, exile and command, plus the ante zone of older cards
    (CR 400.1). An instruction to move a card to a place that is none of
    them cannot be followed, and a card "in your crypt" can never be found.

    ## Example
    ```yaml
    name: Grave Whisper
    mana_cost: "{2}{B}"
    type_line: Sorcery
    oracle_text: "Return target creature card from your crypt to your hand."
    ```

    ## Use instead
    ```yaml
    name: Grave Whisper
    mana_cost: "{2}{B}"
    type_line: Sorcery
    oracle_text: "Return target creature card from your graveyard to your hand."
    ```

    ## Fix safety
    No automatic fix: the zone meant is the designer's (a set with a zone of
    its own declares it in the configuration).
    """

    code = "RUL009"
    name = "nonexistent-zone"
    category = "rules"
    severity = "error"
    rules = ("400.1",)
    settings = ("zones",)
    # every place it reads is named with one of _OWNERS, each of which holds one of these words
    needs = ("text:your", "text:their", "text:its", "text:his", "text:her", "text:player", "text:opponent")
    message = "{place!r}: {why}"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        # the scan is the whole cost on most faces, which name no place: what the places are
        # judged by (the zones, the set's own ones, the moves) is looked up at the first one
        own = None
        moves = None
        folded = face.folded
        for m in (_PLACE_FOLDED.finditer(folded) if folded is not None else _PLACE.finditer(face.masked)):
            word, nxt = m.group("zone").lower(), (m.group("next") or "").lower()
            two = f"{word} {nxt}"
            if own is None:
                known, not_zones = _words()
                own = {z.lower() for z in self.setting("zones")}
            if word in known or two in known or word in own or two in own or word.rstrip("s") in known:
                continue
            if nxt in known or nxt.rstrip("s") in known:
                continue  # a zone with a word before it: "your main-game library"
            if word in not_zones or two in not_zones:
                why = f"{word!r} is no zone of the game"
            elif _misspelled_zone(word):
                why = f"{word!r} is no zone: write {_misspelled_zone(word)!r}"
            elif m.group("prep").lower() in ("from", "into", "onto", "search", "searches"):
                if moves is None:
                    moves = [c for _v, c in face.actions(*_MOVES) if not c.negated]
                clause = next((c for c in moves if c.start <= m.start() < c.end), None)
                if clause is None or (clause.zone_from is not None and not clause.zone_from.implied
                                      and clause.zone_from.start <= m.start() < clause.zone_from.end):
                    continue
                why = (f"{word!r} is no zone of the game (a set's own zone is declared in the "
                       "configuration's `zones`)")
            else:
                continue
            end = m.end("zone") if not (two in not_zones) else m.end("next")
            yield face.hit(self, m.start(), end, place=face.text[m.start():end], why=why)
