"""RUL010: a linked reference ("if this spell was kicked", "the chosen type", "cards exiled with
this creature") to something the card never does."""

from __future__ import annotations

import functools
import re
from typing import Iterable

from linter.catalogue import load

from linter.checks import api
from linter.checks._meaning import does_elsewhere

_LINKED_WORDS = r"exiled|chosen|named|noted|revealed|sacrificed|discarded|milled"


@functools.lru_cache(maxsize=1)
def _words() -> re.Pattern:
    """The words of the references this check reads (most faces have none of them): the
    linked participles and the keyword conditions of rules_data/meaning.yaml."""
    conditions = "|".join(re.escape(w) for w in load("meaning")["keyword_conditions"])
    return re.compile(rf"{_first_letters()}\b(?:{_LINKED_WORDS}|{conditions})\b", re.I)


@functools.lru_cache(maxsize=1)
def _folded_words() -> re.Pattern:
    """:func:`_words` in lower case and case-sensitive, for a face's lower-cased ASCII text
    (``FaceView.folded``; many times faster than the case-blind pattern)."""
    return re.compile(rf"{_first_letters()}\b(?:{'|'.join(re.escape(w) for w in _lower_words())})\b")


def _first_letters() -> str:
    """A lookahead for the first letters of the words of :func:`_words`: with it the patterns
    give up at once at most characters of a text, where they would try "\\b" and each word."""
    return f"(?=[{''.join(sorted({w[0] for w in _lower_words()}))}])"


@functools.lru_cache(maxsize=1)
def _lower_words() -> tuple[str, ...]:
    """The words of :func:`_words` in lower case, for a quick test before the pattern."""
    return tuple(w.lower() for w in (*_LINKED_WORDS.split("|"), *load("meaning")["keyword_conditions"]))


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, str], dict[str, str], dict[str, tuple[str, ...]]]:
    """(linked participle -> what it needs, keyword condition word -> its link, keyword -> its
    links), from rules_data/meaning.yaml."""
    data = load("meaning")
    linked = {w: e["needs"] for w, e in data["references"]["linked"].items()}
    conditions = {w: e["link"] for w, e in data["keyword_conditions"].items()}
    links = {k.lower(): tuple(v) for k, v in data["keyword_links"].items()}
    return linked, conditions, links


_CUSTOM_CONDITION = re.compile(r"\b(?:was|were)\s+\w+ed\b", re.I)
#: what the reference needs, in the words of rules_data/rules_checks.yaml linked_words
_ACTION = {"choice": "choice"}
# "if this spell was kicked", "if it was bargained", "if ~ was kicked": the object itself
_OWN_SUBJECT = re.compile(r"(?i)(?:\b(?:this (?:spell|creature|card|permanent|artifact|enchantment|land|"
                          r"planeswalker|battle|[A-Z]\w+)|it)|~|CARDNAME)\s+(?:was|were|is|has been)\s*$")
_GIFT = re.compile(r"(?i)\bthe gift\b[^.]*$")
#: the words the meaning layer needs around a linked participle or a keyword's condition word
#: to read it as a reference (see LinkedReferenceWithoutLink._may_be_unlinked)
_THE = re.compile(r"(?i)\bthe\b")
_WITH = re.compile(r"(?i)\bwith\b")
#: "with" as the word after a participle ("cards revealed with it")
_WITH_NEXT = re.compile(r"(?i)\s*with\b")
#: "that" as the word before a participle ("of that revealed type")
_THAT_BEFORE = re.compile(r"(?i)\bthat\s+$")
#: "of" as a word of its own: no word of an object's words before its noun (the meaning layer
#: knows no class of it), so an object that "the" opens ends before it
_OF = re.compile(r"(?i)(?<!\S)of(?!\S)")
_CONDITION_LEAD = re.compile(r"(?i)\b(?:if|unless|as)\b")


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _quotes_may_refer(face: api.FaceView) -> bool:
    """Whether the face has quoted abilities and a reference this check reads may stand
    where the words of ``masked`` say nothing of it: in a quoted ability (one of the words of
    the references the meaning layer makes, or "was" or "were" of a set's own keyword
    condition, in its text: a reference's words lie within the ability it is read in), or at
    a linked participle the quick look leaves out ("the destroyed creature")."""
    parsed = face.parsed
    if not parsed.quotes:
        return False
    text = face.text
    every, extra = _reference_words()
    low = text.lower()
    if any(w in low for w in extra):
        return True  # a participle the meaning layer links that the quick look does not read
    spans = [*parsed.quotes, *((v.ability.start, v.ability.end) for v in face.walk() if v.granted)]
    return any(w in text[s:e].lower() for s, e in spans for w in every)


@functools.lru_cache(maxsize=1)
def _reference_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(every word of a reference the meaning layer reads as linked or as a keyword's
    condition, with "was" and "were"; the linked participles among them that
    :func:`_lower_words` leaves out), in lower case, from rules_data/meaning.yaml."""
    linked, conditions, _links = _tables()
    every = tuple(dict.fromkeys(("was", "were", *_lower_words(), *(w.lower() for w in linked),
                                 *(w.lower() for w in conditions))))
    extra = tuple(w for w in (w.lower() for w in linked) if w not in _lower_words())
    return every, extra


def _may_be_linked_here(masked: str, line: int, m: re.Match, word: str) -> bool:
    """Whether the meaning layer may read the participle at ``m`` (not "chosen") as a
    linked reference: among the words an object that "the" opens has before its noun ("the
    exiled card", "the top revealed card"; no "of" between that "the", the last before it on
    its line, and it), after "of the" or "of that", with "with" the word after it ("cards
    revealed with it"), or "exiled" with "with" later on its line ("cards exiled with this
    creature")."""
    if _WITH_NEXT.match(masked, m.end()):
        return True
    if word == "exiled" and _WITH.search(masked, m.end(), _line_end(masked, m.end())):
        return True
    if _THAT_BEFORE.search(masked, line, m.start()):
        return True
    last = None
    for last in _THE.finditer(masked, line, m.start()):
        pass
    return last is not None and not _OF.search(masked, last.end(), m.start())


class LinkedReferenceWithoutLink(api.FaceCheck):
    """A reference to what another ability of the card does, where the card never does it.

    ## What it does
    Reads the references the parse links to another ability of the face
    (CR 607): a keyword's condition ("if this spell was kicked", "if it was
    bargained", "if the gift was promised", and a set's own "if it was
    infused"), "the chosen type" or "the chosen color", "cards exiled with
    this creature" or "the exiled card", "the revealed cards", "the
    sacrificed creature" and the like. Where the parse links one to nothing
    — the face has no such keyword, and no ability of the card (its other
    faces included, keyword reminders and keyword actions such as collect
    evidence too) chooses, exiles, reveals or sacrifices — it is reported.
    Tokens and emblems are left alone: their text refers to what the object
    that made them did. A condition
    about another object ("if that spell was kicked", "counter target spell
    if it was kicked") is left alone; so is a keyword's own reminder text.

    ## Why is this bad?
    Linked abilities work as a pair: one does something, the other refers to
    exactly what it did (CR 607.1, 607.2a, 607.2d); a spell is kicked only if
    its kicker cost was paid (CR 702.33d). Without the first half the
    reference refers to nothing: the condition is never true, the "chosen
    type" is no type, the exiled cards are none. A keyword or a choice was
    usually lost from the card.

    ## Example
    ```yaml
    name: Surging Volley
    mana_cost: "{1}{R}"
    type_line: Instant
    oracle_text: "Surging Volley deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead."
    ```

    ## Use instead
    ```yaml
    name: Surging Volley
    mana_cost: "{1}{R}"
    type_line: Instant
    oracle_text: "Kicker {2}\\nSurging Volley deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead."
    ```

    ## Fix safety
    No automatic fix: the missing keyword or ability is the designer's.
    """

    code = "RUL010"
    name = "linked-reference-without-link"
    category = "rules"
    severity = "error"
    rules = ("607.1", "607.2a", "607.2d", "702.33d")
    settings = ("keywords",)
    # what check_face looks for first: "was" or "were" of a set's own keyword condition, or
    # one of the words of the references it reads (a face without them is never judged)
    needs = tuple(f"text:{w}" for w in dict.fromkeys(("was", "were", *_lower_words())))
    message = "{words!r} refers to {what}, but the card {never}"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        if face.context.is_token or "Emblem" in face.card_types:
            return  # a token's or an emblem's text refers to what the object that made it did
        masked = face.masked
        # a set's own keyword condition ("if it was infused"): "was" or "were" first, the
        # setting last (most faces have neither)
        custom = (face.mentions("was", "were") and _CUSTOM_CONDITION.search(masked) is not None
                  and bool(self.setting("keywords")))
        if not custom and not face.mentions(*_lower_words()):
            return  # none of the words: most faces
        if not custom:
            folded = face.folded
            words = _folded_words().finditer(folded) if folded is not None else _words().finditer(masked)
            if not any(self._may_be_unlinked(face, m) for m in words):
                return  # every such word has its link on the card: the meaning need not be read
        for view, ref in face.references(unresolved=True):
            if ref.kind == "keyword":
                hit = self._keyword(face, view, ref)
            elif ref.kind == "chosen" or ref.kind.startswith("linked-"):
                hit = self._linked(face, ref)
            else:
                continue
            if hit is not None:
                yield hit

    @staticmethod
    def _may_be_unlinked(face: api.FaceView, m: re.Match) -> bool:
        """Whether the word at ``m`` may be a reference with nothing on the card to link to (a
        quick look at the text and the keywords, before the meaning is read)."""
        word = m.group(0).lower()
        linked, conditions, links = _tables()
        masked = face.masked
        line = masked.rfind("\n", 0, m.start()) + 1
        # where the words around it cannot make it a reference, it is none; but once one word
        # lets the face through, every reference of the face is read, those of its quoted
        # abilities (which ``masked`` leaves out) too: a face with one is let through as before
        judged_by_position = not _quotes_may_refer(face)
        if word in linked:
            # the meaning layer makes a participle other than "chosen" a reference only in "the
            # exiled card", "of the revealed cards" or "cards exiled with this creature": "the"
            # before it or "with" after it on its line ("cards named …" is none)
            if judged_by_position and word != "chosen" and not _may_be_linked_here(masked, line, m, word):
                return False
            return not does_elsewhere(face, _ACTION.get(linked[word], linked[word]), m.start(), m.end())
        if judged_by_position and not _CONDITION_LEAD.search(masked, line, m.start()):
            return False  # a keyword's condition is one only in a condition ("if", "unless", "as long as")
        link = conditions.get(word)
        return link is None or not any(link in links.get((kw.keyword or "").lower(), ()) for kw in face.keywords())

    def _keyword(self, face: api.FaceView, view: api.AbilityView, ref: api.Reference) -> api.Hit | None:
        link = ref.needs.split(":", 1)[1]
        name = link.split(":", 1)[1] if link.startswith("custom:") else link
        before = face.text[view.ability.start:ref.start]
        if _GIFT.search(before) or ref.text.lower() == "promised":
            subject_is_self = True
        else:
            m = _OWN_SUBJECT.search(before)
            if m is None:
                return None
            subject_is_self = not m.group(0).lower().startswith("it") or self._it_is_self(face, view, m.start())
        if not subject_is_self:
            return None
        keyword = self._keyword_name(name)
        return face.hit(self, ref.start, ref.end, rules=ref.rules or self.rules, words=ref.text,
                        what=f"the {keyword} of this object", never=f"has no {keyword}")

    @staticmethod
    def _it_is_self(face: api.FaceView, view: api.AbilityView, at: int) -> bool:
        """Whether the "it" at ``at`` is the object itself: the parse links it to the object (or
        to the trigger's subject, the object), or to nothing on a spell."""
        pronoun = next((r for r in view.ability.references if r.start == at and r.kind == "pronoun"), None)
        if pronoun is None or pronoun.antecedent is None:
            return face.is_spell
        antecedent = pronoun.antecedent
        return face.is_self(antecedent.text) or face.self_at(antecedent.start, antecedent.end) is not None

    @staticmethod
    def _keyword_name(link: str) -> str:
        from linter import tables

        table = tables.keywords()
        for key in (link, link.rstrip("ed"), link[:-1], link[:-2], link[:-3] + "e" if link.endswith("ied") else link):
            if key in table:
                return table[key].name
        for kw in table.values():
            if kw.name.lower().startswith(link[:max(4, len(link) - 3)]):
                return kw.name
        return link

    def _linked(self, face: api.FaceView, ref: api.Reference) -> api.Hit | None:
        action = _ACTION.get(ref.needs, ref.needs)
        if does_elsewhere(face, action, ref.start, ref.end):
            return None
        verb = {"choice": "chooses", "exile": "exiles", "note": "notes", "reveal": "reveals"}.get(action, f"{action}s")
        return face.hit(self, ref.start, ref.end, rules=ref.rules or self.rules, words=ref.text,
                        what=f"what an ability of the card {verb}", never=f"never {verb} anything")
