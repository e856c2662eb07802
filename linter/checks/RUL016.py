"""RUL016: a search of a library with no shuffle after it."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks import api

_SHUFFLE = re.compile(r"\bshuffle", re.I)
# "… instead of two": a rider on a search written (and shuffled) elsewhere; "exile the rest":
# the library is gone through and what is left leaves it
_RIDER = re.compile(r"\binstead\b|\bthe rest\b", re.I)
_TRIGGER_WORD = re.compile(r"\b(?:when|whenever|while)\b", re.I)
#: "search" or "searches" as a word of its own (its first letter may open a line glued to
#: the one before): the verbs of the searches this check reports
_SEARCH_VERB = re.compile(r"(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))(?i:search(?:es)?)(?![a-z])")


class LibrarySearchWithoutShuffle(api.FaceCheck):
    """A search of a library that is never followed by a shuffle of it.

    ## What it does
    Reads each clause the parse finds that searches a library ("search your
    library for a basic land card") and reports it when nothing after it on
    the face shuffles ("then shuffle", "that player shuffles"). Searches that
    only modify another search ("… search for three cards instead"), that
    replace one ("If an opponent would search a library"), that are the
    event of a trigger ("Whenever an opponent searches their library"), and
    searches whose remaining cards all leave the library ("exile the rest")
    are left alone.

    ## Why is this bad?
    To search a library is to look at every card in it (CR 701.23a), while a
    library is a face-down pile whose order no one may know (CR 401.2); the
    shuffle that follows a search randomizes the library again (CR 701.24a).
    Without it the searching player knows the order of the whole library,
    and every card printed since the earliest sets shuffles after searching.

    ## Example
    ```yaml
    name: Trailblazer's Map
    mana_cost: "{1}{G}"
    type_line: Sorcery
    oracle_text: "Search your library for a basic land card and put it into your hand."
    ```

    ## Use instead
    ```yaml
    name: Trailblazer's Map
    mana_cost: "{1}{G}"
    type_line: Sorcery
    oracle_text: "Search your library for a basic land card, reveal it, put it into your hand, then shuffle."
    ```

    ## Fix safety
    No automatic fix yet (the shuffle's wording depends on whose library it is).
    """

    code = "RUL016"
    name = "library-search-without-shuffle"
    category = "rules"
    severity = "warning"
    rules = ("701.23a", "701.24a", "401.2")
    needs = ("text:earch",)
    message = "{words!r} searches a library, but nothing shuffles it afterwards"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        masked = face.masked
        if "earch" not in masked or "librar" not in masked:
            return
        text = face.text
        if _SHUFFLE.search(text, text.lower().rfind("search")):
            return  # a shuffle follows the last search: every search has one after it
        if not any(self._may_search(text, v.ability) for v in face.walk()):
            return  # every "search" is an event, or has a shuffle or a rider after it
        for view, clause in face.actions("search"):
            zone = clause.zone_from
            if clause.negated or zone is None or zone.zone != "library":
                continue
            if clause.action.verb.lower() not in ("search", "searches"):
                continue  # "while you're searching", "choose searching libraries": no instruction
            if any(c.kind == "would" for c in clause.conditions):
                continue
            ability = view.ability
            trigger = ability.trigger
            if trigger is not None and trigger.start <= clause.start < trigger.end:
                continue
            sentence = max(text.rfind(".", ability.start, clause.start), text.rfind("—", ability.start, clause.start),
                           ability.start)
            if _TRIGGER_WORD.search(text, sentence, clause.action.start):
                continue  # "Whenever an opponent … searches their library": an event, no instruction
            if _SHUFFLE.search(text, clause.start) or _RIDER.search(text, clause.start, ability.end):
                continue
            yield face.hit(self, clause.start, clause.end, words=clause.text)

    @staticmethod
    def _may_search(text: str, ability: api.Ability) -> bool:
        """Whether the ability, read before its meaning, may hold a search this check reports:
        "search" or "searches" (the verb of that clause) with no trigger word between the
        start of its sentence and it, and no shuffle after it nor rider between it and the
        ability's end.  A clause starts at or before its verb: the look at each of these
        spans holds within the one :meth:`check_face` looks at."""
        start, end = ability.start, ability.end
        for m in _SEARCH_VERB.finditer(text, start, end):
            at = m.start()
            sentence = max(text.rfind(".", start, at), text.rfind("—", start, at), start)
            if _TRIGGER_WORD.search(text, sentence, at) or _SHUFFLE.search(text, at) or \
                    _RIDER.search(text, at, end):
                continue
            return True
        return False
