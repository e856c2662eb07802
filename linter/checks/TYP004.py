"""TYP004: a subtype that no list of subtypes holds."""

from __future__ import annotations

from typing import Iterable

from linter.checks._chars import char_data, closest, subtype_families, type_lines
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card


#: what the CR calls the subtypes of a card type, where it is not "<type> type"
_FAMILY = {"Creature": "creature type", "Kindred": "creature type", "Plane": "planar type",
           "Instant": "spell type", "Sorcery": "spell type"}
#: card types whose subtypes name a character or a place: a new card brings a new one
_NAMED = frozenset({"Planeswalker", "Plane"})
#: an unknown subtype that this many cards of a file share is the set's own, not a typo
_SHARED = 3


class UnknownSubtype(Check):
    """A word after the dash that is not a subtype.

    ## What it does
    Reports each subtype that is on none of the Comprehensive Rules' lists of
    subtypes (nor among the few printed only outside the tournament card
    pool, or retired names: TYP008 and TYP007 note those). The message names
    the closest subtype of the card's own types. Two kinds of unknown subtype
    are only a note unless they look like a misspelt known one: a planeswalker
    or planar type (every new planeswalker or plane brings its own), and a
    subtype that three or more cards of the set share (a set's own creature,
    planeswalker or spell type, which a set can declare in its configuration),
    also where it is close to a known subtype. A one-off unknown word stays a
    warning: that is what typos look like.

    ## Why is this bad?
    Each card type has its own list of subtypes (CR 205.3g–205.3q; creature
    types in CR 205.3m). A misspelt subtype makes the card miss every effect
    that counts it ("Elves you control get +1/+1" does not see an "Elff").
    An invented creature type is a design choice, but worth declaring on
    purpose.

    ## Example
    ```yaml
    name: Canopy Archer
    mana_cost: "{1}{G}"
    type_line: Creature — Elff Archer
    ```

    ## Use instead
    ```yaml
    name: Canopy Archer
    mana_cost: "{1}{G}"
    type_line: Creature — Elf Archer
    ```

    ## Fix safety
    The fix replaces the word with the suggested subtype: safe when only the
    letter case differs, unsafe otherwise (the suggestion is a guess).
    """

    code = "TYP004"
    name = "unknown-subtype"
    category = "rules"
    severity = "warning"
    rules = ("205.3a", "205.3m")
    message = "{word!r} is not {kind}{hint}"
    fixable = True
    needs_parse = False

    scope = "set"

    def check_set(self, cards: list[Card]) -> Iterable[tuple[Card, Hit]]:
        data = char_data()
        found = []  # (card, face, word, card types)
        # a card's unknown words (face, word, the card types of its type line) are those of
        # its faces' type lines: worked out once per such type lines (a file repeats them),
        # kept by the type line of a card of one face (most are), else by the tuple of them
        unknown: dict[str | tuple[str | None, ...] | None, list] = {}
        known = unknown.get
        for card in cards:
            faces = card.faces
            written = faces[0].type_line if len(faces) == 1 else tuple([face.type_line for face in faces])
            words = known(written)
            if words is None:
                words = unknown[written] = [(i, w, frozenset(tl.card_types(data)))
                                            for i, _face, tl in type_lines(card) for w in tl.subtypes
                                            if not subtype_families(w.key, data)]
            if words:  # most type lines hold none
                found.extend([(card, i, w, kinds) for i, w, kinds in words])
        # how many cards of the file use each unknown word
        users: dict[str, set[int]] = {}
        for card, _i, w, _kinds in found:
            users.setdefault(w.key.casefold(), set()).add(id(card))
        guesses: dict[tuple[str, frozenset[str]], str | None] = {}  # a word many cards share: guessed once
        for card, i, w, kinds in found:
            yield card, self._hit(i, w, kinds, len(users[w.key.casefold()]), data, guesses)

    def _hit(self, i: int, w, kinds: frozenset[str], uses: int, data,
             guesses: dict[tuple[str, frozenset[str]], str | None]) -> Hit:
        if (w.key, kinds) in guesses:
            guess = guesses[w.key, kinds]
        else:
            pool = set().union(*(data.subtypes.get(k, ()) for k in kinds)) if kinds else data.all_subtypes
            # a planeswalker's name is close to another's more often than it is misspelt
            guess = guesses[w.key, kinds] = closest(w.key, pool, cutoff=0.85 if kinds and kinds <= _NAMED else 0.75)
        hint = f": did you mean {guess!r}?" if guess else ""
        names = {_FAMILY.get(k, f"{k.lower()} type") for k in kinds}
        family = names.pop() if len(names) == 1 else "subtype"
        kind = ("an " if family[0] in "aeiou" else "a ") + family
        severity = None
        if uses >= _SHARED:
            # a word many cards of the set share is the set's own subtype, not a typo, even
            # where it is close to a known one (a new planeswalker named like an old one)
            severity = "info"
            hint = f" ({uses} cards of this set use it: a subtype of the set's own?{' Or ' + repr(guess) + '?' if guess else ''})"
        elif not guess and kinds and kinds <= _NAMED:
            # every new planeswalker or plane is a new subtype: a note, unless it is a typo
            severity = "info"
            hint = f" yet (a new {family} is fine for a new {next(iter(kinds)).lower()})"
        fix = None
        if guess:
            fix = Fix(f"Replace with {guess!r}", [Edit(w.start, w.end, guess)],
                      safe=guess.lower() == w.key.lower(), face=i, field="type_line")
        return self.hit(face=i, field="type_line", start=w.start, end=w.end, fix=fix,
                        severity=severity, word=w.text, kind=kind, hint=hint)
