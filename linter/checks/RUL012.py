"""RUL012: a triggered ability or keyword on an instant or sorcery that only works on the battlefield."""

from __future__ import annotations

import functools
import re
from typing import Iterable

from linter.checks import api
from linter.checks._meaning import becomes_a_creature, data
from linter.model import ObjectRef

#: trigger events of an object on the battlefield: an instant or sorcery never does these
_BATTLEFIELD_EVENTS = frozenset({"enter", "die", "leave", "attack", "block", "deal-damage", "become", "tap", "untap"})
# words that say where else an ability works (CR 113.6b-k, 113.6m): a graveyard, a hand …
_ELSEWHERE = re.compile(r"\b(?:graveyards?|hand|library|exile|exiled|stack|command zone|this card|this spell|cast|"
                        r"casts|cycle|cycled|discard|discards|discarded|reveal|revealed|copy|foretold|plotted|"
                        r"collect|evidence)\b",
                        re.I)


# a delayed triggered ability the spell creates as it resolves (CR 603.7): "At the beginning
# of the next end step", "Whenever a creature attacks this turn", "When you next cast"
_DELAYED = re.compile(r"\b(?:next|this turn|this combat|until end of turn|until your next turn|the next time|"
                      r"after this)\b", re.I)


@functools.lru_cache(maxsize=1)
def _keywords() -> frozenset[str]:
    return frozenset(k.lower() for k in data()["battlefield_keywords"])


class BattlefieldAbilityOnSpell(api.FaceCheck):
    """A triggered ability or a keyword on an instant or sorcery that only a permanent could use.

    ## What it does
    On an instant or sorcery face (the instant half of an Adventure
    included), reports a triggered ability that triggers on the object
    itself entering, dying, attacking, blocking, dealing damage or becoming
    tapped, and one that triggers on anything else (the beginning of a
    step, another creature dying) without a word of where it works (a
    graveyard, a hand, exile, casting or cycling the card) and is no delayed
    trigger the spell sets up as it resolves ("At the beginning of the next
    end step", "Whenever a creature attacks this turn"). It also reports
    keyword abilities that only matter for a permanent on the battlefield
    (flying, haste, vigilance, ward, prowess …). Spell abilities, and
    abilities that work from a graveyard or a hand ("Whenever a creature
    dies, return this card from your graveyard to your hand") are left
    alone, and so is a card a keyword of which (a set's own mechanic, declared
    or explained in reminder text) puts onto the battlefield as a creature.

    ## Why is this bad?
    An instant or sorcery is never a permanent (CR 304.4, 307.4): its
    abilities work only while it is a spell on the stack, unless the ability
    says which zone it works in (CR 113.6, 113.6b). A triggered ability that
    waits for the card to be on the battlefield, or a keyword such as flying,
    can never do anything there; the card was probably meant to be a
    creature or an enchantment.

    ## Example
    ```yaml
    name: Sudden Vigor
    mana_cost: "{1}{G}"
    type_line: Instant
    oracle_text: "Target creature gets +2/+2 until end of turn.\\nAt the beginning of your upkeep, you gain 1 life."
    ```

    ## Use instead
    ```yaml
    name: Sudden Vigor
    mana_cost: "{1}{G}"
    type_line: Instant
    oracle_text: "Target creature gets +2/+2 until end of turn. You gain 1 life."
    ```

    ## Fix safety
    No automatic fix: the card's type or the ability has to change.
    """

    code = "RUL012"
    name = "battlefield-ability-on-spell"
    category = "rules"
    severity = "error"
    rules = ("113.6", "113.6b", "304.4", "307.4")
    needs = ("type:Instant", "type:Sorcery")
    message = "{what} on {kind}: {why}"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        if not face.is_spell or not any(a.kind in ("keyword", "triggered") for a in face.abilities):
            return
        hits = list(self._hits(face))
        # a custom mechanic may put the spell onto the battlefield as a creature: asked only
        # where there is something to report, as it reads the meaning of the face
        if hits and not becomes_a_creature(face.card, face):
            yield from hits

    def _hits(self, face: api.FaceView) -> Iterable[api.Hit]:
        kind = "an instant" if face.face.has_type("Instant") else "a sorcery"
        table = None
        for ability in face.abilities:
            if ability.kind == "keyword" and ability.keyword and ability.keyword.lower() in _keywords():
                if table is None:
                    from linter import tables

                    table = tables.keywords()
                entry = table.get(ability.keyword.lower())
                if entry is not None and entry.types:
                    continue  # a keyword made for certain card types: KWD003 judges it
                yield face.hit(self, ability.start, ability.end, what=ability.keyword, kind=kind,
                               why="it only works for a permanent on the battlefield, which this card never is")
            elif ability.kind == "triggered":
                why = self._never_triggers(face, ability)
                if why:
                    trigger = ability.trigger
                    end = trigger.end if trigger is not None else ability.end
                    yield face.hit(self, ability.start, end, what="this triggered ability", kind=kind, why=why)

    @staticmethod
    def _triggers_somewhere(face: api.FaceView, ability: api.Ability) -> bool:
        """Whether the ability is settled as one that may trigger before its trigger is read
        (the meaning of the face): it has no trigger the meaning layer reads (that is read
        before where the effect starts only), or no self-reference of the parse before its
        effect (so the trigger's subject is not the card itself) and a word of a delayed
        trigger or of another zone."""
        if ability.effect_start is None:
            return True
        if any(s < ability.effect_start and e > ability.start for s, e in face.parsed.self_refs):
            return False
        masked = face.masked
        return bool(_DELAYED.search(masked, ability.start, ability.end)
                    or _ELSEWHERE.search(masked, ability.start, ability.end))

    @staticmethod
    def _never_triggers(face: api.FaceView, ability: api.Ability) -> str | None:
        if BattlefieldAbilityOnSpell._triggers_somewhere(face, ability):
            return None
        trigger = ability.trigger
        if trigger is None or re.match(r"(?i)\s*when (?:you|they) (?:do|don't)\b", trigger.text):
            return None  # a "When you do" on a line of its own is RUL008's
        subject = trigger.clause.subject if trigger.clause is not None else None
        own = isinstance(subject, ObjectRef) and subject.self_ref
        if own and trigger.event in _BATTLEFIELD_EVENTS:
            return "it triggers on the card as a permanent, which it never is"
        if _DELAYED.search(face.masked, ability.start, ability.end):
            return None  # a delayed trigger the spell creates as it resolves
        if _ELSEWHERE.search(face.masked, ability.start, ability.end):
            return None  # it says where it works (a graveyard, a hand), or triggers on the spell
        return "it works only while the card is on the battlefield, which it never is, and says no other zone"
