"""RUL008: "When you do" or "If you do" with nothing done before it for it to refer to."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks import api

_MAY = re.compile(r"\b(?:may|unless|choose|chooses)\b", re.I)
#: clauses that are states, not something a player or object does ("This creature is a Wall")
_STATES = frozenset({"be", "have"})
#: what a static ability states ("This creature has vigilance") rather than does
_STATIC_STATES = frozenset({"be", "have", "gain-ability", "lose-ability", "modify-pt"})
#: a triggered ability whose trigger is itself "When you do": it opens the ability
_DONE_WORDS = re.compile(r"\b(?:you|they) (?:do|don't|did)\b", re.I)
_REFLEXIVE_TRIGGER = re.compile(r"(?i)^\s*when (?:you|they) (?:do|don't|did)\s*$")
#: what the meaning layer needs on a line of the text (reminder text apart: it does not read
#: that) to find what this check reads: "when you do" (a reflexive trigger), or "if" and later
#: on its line "do", "does", "did", "can" or "can't" ("if you do", "if a player does", "if that
#: player can't": CR 118.12)
_DONE_ON_A_LINE = re.compile(r"(?i)\bwhen\s+(?:you|they)\s+d(?:o|id)|\bif\b[^\n]*?"
                             r"(?:\b(?:do|does|did|can)(?!\w)|\b(?:do|does|did|ca)n['’]t|\bcannot)")


class NothingDoneBeforeWhenYouDo(api.FaceCheck):
    """"When you do, …" or "If you do, …" where the ability has done nothing for it to refer to.

    ## What it does
    Reads the references the parse links to an earlier action: the
    reflexive trigger "When you do" ("When they do") and "If you do" ("If
    you don't", "If they do"). Where the parse finds no action before it in
    the same ability (or only what a static ability states, such as "This
    creature has vigilance"), and nothing before it offers a choice ("you
    may", "unless"), the reference is reported; so is an ability that opens
    with "When you do". A mandatory action counts ("Mill three cards. When
    you do, …" is how real cards write a reflexive trigger).

    ## Why is this bad?
    A reflexive triggered ability triggers when the action the resolving
    ability told a player to take is taken (CR 603.12), and "If you do"
    asks whether that player did it (CR 118.12). With no action before it
    there is nothing to take, so the trigger never triggers and the "if"
    never holds: usually a sentence was lost or merged ("When this creature
    enters, you may pay {2}." went missing).

    ## Example
    ```yaml
    name: Cinder Herald
    mana_cost: "{2}{R}"
    type_line: Creature — Human Shaman
    power: "2"
    toughness: "2"
    oracle_text: "Haste\\nWhen you do, this creature deals 2 damage to any target."
    ```

    ## Use instead
    ```yaml
    name: Cinder Herald
    mana_cost: "{2}{R}"
    type_line: Creature — Human Shaman
    power: "2"
    toughness: "2"
    oracle_text: "Haste\\nWhen this creature enters, you may discard a card. When you do, this creature deals 2 damage to any target."
    ```

    ## Fix safety
    No automatic fix: only the designer knows what was to be done.
    """

    code = "RUL008"
    name = "nothing-done-before-when-you-do"
    category = "rules"
    severity = "error"
    rules = ("603.12", "118.12")
    needs = ("text:you d", "text:they d")
    message = "{words!r} refers to an action, but {why}"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        masked = face.masked
        if not face.mentions("you d", "they d"):
            return  # no "you do", "they don't", "you did": most faces
        if not any(not _MAY.search(masked, masked.rfind("\n", 0, m.start()) + 1, m.start())
                   for m in _DONE_WORDS.finditer(masked)):
            return  # every "you do" follows a choice on its line: the meaning need not be read
        if not _DONE_ON_A_LINE.search(face.plain):
            return  # "you don't control", "they don't untap": nothing the meaning would link
        for view in face.walk():
            trigger = view.ability.trigger
            if trigger is not None and _REFLEXIVE_TRIGGER.match(trigger.text):
                why = ("it opens an ability of its own, which does nothing before it (a reflexive trigger "
                       "belongs in the paragraph of the action it follows)" if view.index else
                       "nothing is done before it")
                yield face.hit(self, trigger.start, trigger.end, words=trigger.text.strip(), why=why)
        for view, ref in face.references():
            if ref.kind not in ("reflexive", "done"):
                continue
            ability = view.ability
            antecedent = ref.antecedent
            if antecedent is not None and antecedent.where != "clause":
                continue  # a cost, a trigger's event or a keyword: something was done
            if antecedent is not None and not self._a_state(ability, antecedent.clause):
                continue  # done: the clause it hangs on is an action
            before = masked[ability.start:ref.start]
            if _MAY.search(before):
                continue
            states = _STATIC_STATES if ability.kind == "static" else _STATES
            earlier = [c for c in ability.clauses if c.end <= ref.start]
            if any(c.action is None or c.action.name not in states or c.conditions for c in earlier):
                continue  # an action the parse could not name is still an action
            where = "its ability" if ability.kind != "spell" else "the spell"
            yield face.hit(self, ref.start, ref.end, words=ref.text, why=f"{where} does nothing before it",
                           rules=ref.rules or self.rules)

    @staticmethod
    def _a_state(ability: api.Ability, index: int | None) -> bool:
        if index is None or index >= len(ability.clauses):
            return False
        clause = ability.clauses[index]
        states = _STATIC_STATES if ability.kind == "static" else _STATES
        return clause.action is not None and clause.action.name in states and not clause.conditions
