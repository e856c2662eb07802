"""TPL004: a legendary card that repeats its full name where its short name is conventional."""

from __future__ import annotations

import functools
from typing import Iterable

from linter.checks._templating import (
    ability_at, data, in_self_reference_window, keep_name_before, keep_rule, legend_says_this, short_name, since,
)
from linter.checks import api
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card
from linter.tables import extension_version, keyword_actions, keywords, types


def _type_words() -> frozenset[str]:
    return _type_words_for(extension_version())


@functools.lru_cache(maxsize=4)
def _type_words_for(version: int) -> frozenset[str]:
    t = types()
    return t.all_subtypes() | t.card_types | t.supertypes


def _ordinary_words() -> frozenset[str]:
    return _ordinary_words_for(extension_version())


@functools.lru_cache(maxsize=4)
def _ordinary_words_for(version: int) -> frozenset[str]:
    """Words that rules text uses for other things: English function words ("will"),
    keyword and keyword action names ("ward", "fight")."""
    from linter.nlp.lean import spacy  # noqa: F401 - first: spaCy without its command line
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS) | frozenset(keywords()) | frozenset(keyword_actions())


class LegendaryFullName(Check):
    """A legendary card that refers to itself by its full name where the short name is conventional.

    ## What it does
    For a legendary face whose name has a title after a comma ("Veyra,
    Keeper of Ash"), finds the full name in its own rules text, outside
    reminder text and quoted abilities, and not where it names a card ("named
    …", "transforms into …", "its name is …").

    Foundations (2024-11-15) printed new legends this way; the Oracle text of
    older cards followed with Aetherdrift (2025-02-14). A card whose set came
    out between those dates may use either form and is not flagged, and
    neither are the few real legends whose current Oracle text still uses
    the full name (``self_reference.keep_full_name`` in
    rules_data/templating.yaml).

    ## Why is this bad?
    Text that refers to the object it is on by name means just that object
    (CR 201.5), short name or not; current Oracle text uses the part before
    the comma, and a set reads alike only when its legends do the same.

    ## Example
    ```yaml
    name: Veyra, Keeper of Ash
    type_line: Legendary Creature — Human Cleric
    oracle_text: "Whenever Veyra, Keeper of Ash attacks, you gain 2 life."
    ```

    ## Use instead
    ```yaml
    oracle_text: "Whenever Veyra attacks, you gain 2 life."
    ```

    ## Fix safety
    Safe: the short name refers to the same object.
    """

    code = "TPL004"
    name = "legendary-full-name"
    category = "templating"
    severity = "warning"
    rules = ("201.5",)
    needs = ("type:Legendary",)
    fixable = True
    message = "{found!r}: a legendary card refers to itself by its short name {short!r}{since}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        if card.is_token or in_self_reference_window(card):
            return
        when = since(data()["self_reference"]["oracle_era"])
        for view in api.card_faces(card):
            i, face, text = view.index, view.face, view.text
            if "Legendary" not in face.supertypes or not face.name:
                continue
            full = face.name.strip()
            short = short_name(full)
            if short is None or short in _type_words() or short.lower() in _ordinary_words():
                continue  # "Lizard, …", "Will, …": a short name that is also a type or a word stays in full
            names = (full, short)
            for ref in view.self_refs:
                s, e = ref.start, ref.end
                if ref.text != full or view.in_aside(s, e) or keep_name_before(text, s):
                    continue
                if legend_says_this(card, face, text, s, e, names):
                    continue  # "this spell" or "this card": TPL003's finding
                if keep_rule("keep_full_name", text=text, start=s, end=e, ability=ability_at(face, s),
                             names=names):
                    continue
                fix = Fix(f"write {short!r}", [Edit(s, e, short)], safe=True, face=i, field="oracle_text")
                yield self.hit(face=i, field="oracle_text", start=s, end=e, fix=fix, found=full,
                               short=short, since=when)
