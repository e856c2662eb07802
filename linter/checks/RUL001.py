"""RUL001: a {T}/{Q} ability used by a creature that is still summoning sick."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from linter.checks import api
from linter.model import Ability, Clause, ObjectRef

# "Activate only if this creature entered this turn" and the like ("who" must name the object itself)
_ENTERED_THIS_TURN = re.compile(
    r"\bactivate (?:this ability )?only (?:if|during (?:the|a) turn(?: in which)?|in (?:the|a) turn(?: in which)?)"
    r" (?P<who>[^.;:]{1,60}?) (?:entered|came under your control)\b(?:[^.]*?\bthis turn\b)?", re.I)
# what an "activate" clause must activate to use the arrived creature's {T}/{Q} abilities
_TAP_ABILITY = re.compile(r"\{T\}|\{Q\}|\bmana abilit|\btap abilit|\buntap abilit", re.I)
_ITS = re.compile(r"\b(?:its|their|that creature's|those creatures'|that token's|those tokens'|the token's)\b", re.I)
_HASTE = re.compile(r"\bhaste\b", re.I)
# every shape this check reports needs one of these words: most texts are skipped at once
_WORTH_A_LOOK = re.compile(r"for mana|activate|entered|came under", re.I)
_ACTIVATE_TAP = re.compile(r"\bactivate\b[^.]*?(?:\{T\}|\{Q\}|abilit)", re.I)
_ARRIVAL_WORDS = re.compile(r"reate|battlefield|enter", re.I)


class TapAbilityWhileSummoningSick(api.FaceCheck):
    """A creature's {T} or {Q} ability that can only be used while the creature is summoning sick.

    ## What it does
    Reports two shapes of text. An effect that creates a creature token
    without haste, or puts a creature onto the battlefield, and then in the
    same ability taps that creature for mana or activates its {T}/{Q}
    ability. And a creature's {T}/{Q} ability that may only be activated
    during the turn the creature entered, on a creature without haste.

    Haste in the same ability (or an ability giving creatures haste), tokens
    that are not creatures (Treasure, Clue, Food, ...), effects that tap a
    creature ("tap target creature", "tapped and attacking") and costs that
    tap other creatures (convoke, crew, improvise) are not reported.

    ## Why is this bad?
    A creature's activated ability with {T} or {Q} in its cost cannot be
    activated unless its controller has controlled the creature
    continuously since their most recent turn began (CR 302.6, 107.5,
    107.6). To tap a permanent for mana is to activate such an ability
    (CR 106.12). A creature that just arrived has not, so the text asks for
    something the rules never allow.

    ## Example
    ```yaml
    name: Sproutcaller
    type_line: Sorcery
    oracle_text: "Create a 0/1 green Plant creature token with \\"{T}: Add {G}.\\" Then tap it for mana."
    ```

    ## Use instead
    ```yaml
    name: Sproutcaller
    type_line: Sorcery
    oracle_text: "Create a 0/1 green Plant creature token with haste and \\"{T}: Add {G}.\\" Then tap it for mana."
    ```

    ## Fix safety
    No automatic fix: give the creature haste or change the design.
    """

    code = "RUL001"
    name = "tap-ability-while-summoning-sick"
    category = "rules"
    severity = "error"
    rules = ("302.6", "107.5", "107.6", "106.12")
    needs = ("text:for mana", "text:activate", "text:entered", "text:came under")
    message = "{what}, but {subject} is summoning sick then: {why}"

    def check_face(self, face: api.FaceView) -> Iterable[api.Hit]:
        text = face.text
        # the words in lower case first where the text is ASCII: much faster than the pattern
        low = text.lower() if text.isascii() else None
        if low is not None:
            if "for mana" not in low and "activate" not in low and "entered" not in low and "came under" not in low:
                return
        elif not _WORTH_A_LOOK.search(text):
            return
        masked = face.masked
        # the meaning is read only where words of an arrival and of a use stand together
        if ("for mana" in masked or _ACTIVATE_TAP.search(masked)) and _ARRIVAL_WORDS.search(masked):
            yield from self._arrive_then_use(face)
        if (low is None or "activate" in low and ("entered" in low or "came under" in low)) \
                and _ENTERED_THIS_TURN.search(text):
            yield from self._entered_this_turn(face)

    # -- an effect makes a creature arrive, then uses its {T} ability ----------------

    def _arrive_then_use(self, face: api.FaceView) -> Iterator[api.Hit]:
        plain = face.plain
        if not any(self._may_arrive_then_use(face, a) for a in face.abilities):
            return  # no ability holds the words of both: the meaning need not be read
        if any(self._gives_creatures_haste(c) for _v, c in face.clauses()):
            return
        for ability in face.abilities:
            if _HASTE.search(plain, ability.start, ability.end):
                continue  # haste in the same ability: the creature may use its {T} abilities
            arrivals = list(self._arrivals(face, ability))
            if not arrivals:
                continue
            for k, clause in enumerate(ability.clauses):
                arrival = next((a for a in reversed(arrivals) if a[0] < k), None)
                if arrival is None or not self._uses(ability, k, clause, arrival[0]):
                    continue
                start, end = clause.action.start, clause.end
                if clause.action.name == "activate":  # up to what it activates: "activate its {T}"
                    m = _TAP_ABILITY.search(face.text, start, end)
                    end = m.end() if m else end
                yield face.hit(self, start, end, what=f"the text says to {_lower_first(face.text[start:end])}",
                               subject=arrival[1],
                               why="it has no haste, so its {T} and {Q} abilities cannot be activated")
                break

    @staticmethod
    def _may_arrive_then_use(face: api.FaceView, ability: Ability) -> bool:
        """Whether the ability, read before its meaning, may make a creature arrive and then
        use it: no haste in it (see :meth:`_arrive_then_use`), and in its text (its trigger
        and clauses lie within it) a word of an arrival (create, battlefield, enter) and
        of a use ("for mana", or a form of "activate" and what :data:`_TAP_ABILITY` reads)."""
        if _HASTE.search(face.plain, ability.start, ability.end):
            return False
        part = face.text[ability.start:ability.end]
        low = part.lower()
        # every form of the verbs of an arrival ("creating" too) and of "activate"
        if "creat" not in low and "battlefield" not in low and "enter" not in low:
            return False
        return "for mana" in part or ("activat" in low and _TAP_ABILITY.search(part) is not None)

    @staticmethod
    def _gives_creatures_haste(clause: Clause) -> bool:
        """"Creatures you control have haste", "Other Goblins you control gain haste"."""
        subject = clause.subject
        return (clause.action is not None and clause.action.name in ("have", "gain-ability")
                and isinstance(subject, ObjectRef) and subject.determiner not in ("pronoun", "that", "self", "this")
                and (subject.noun == "creature" or "creature" in subject.types) and bool(_HASTE.search(clause.text)))

    @staticmethod
    def _arrivals(face: api.FaceView, ability: Ability) -> Iterator[tuple[int, str]]:
        """(index of the clause, what arrives) of each clause that makes a creature arrive: a
        creature token is created, a creature (card) is put or returned onto the battlefield,
        or a creature enters and the ability triggers on it (index -1)."""
        creature_face = face.face.has_type("Creature")
        trigger = ability.trigger
        if trigger is not None and trigger.event == "enter" and trigger.clause is not None:
            subject = trigger.clause.subject
            if isinstance(subject, ObjectRef) and (_a_creature(subject) or (subject.self_ref and creature_face)):
                yield -1, "a creature that just entered"
        for k, clause in enumerate(ability.clauses):
            if clause.action is None or clause.negated:
                continue
            name = clause.action.name
            if name == "create":
                if any(o.noun == "token" and "creature" in o.types and not _HASTE.search(o.text) for o in clause.objects):
                    yield k, "a creature token created this way"
            elif name in ("put", "return") and clause.zone_to is not None and clause.zone_to.zone == "battlefield":
                for o in clause.objects:
                    if _a_creature(o) or (o.self_ref and creature_face) or (
                            o.reference is not None and _refers_to_creature_card(ability, o.reference)):
                        yield k, "a creature put onto the battlefield this way"
                        break

    @staticmethod
    def _uses(ability: Ability, k: int, clause: Clause, arrived: int) -> bool:
        """Whether clause ``k`` taps the arrived creature for mana or activates its {T}/{Q}
        ability, with no other object named since it arrived ("it" may mean that one)."""
        if clause.action is None or clause.negated:
            return False
        if any(c.objects and not all(o.reference is not None for o in c.objects)
               for c in ability.clauses[arrived + 1:k]):
            return False
        if clause.action.name == "tap" and "for mana" in clause.text:
            for o in clause.objects:
                if o.reference is None:
                    continue
                antecedent = ability.references[o.reference].antecedent
                if antecedent is not None and (antecedent.where == "trigger" if arrived < 0 else
                                               antecedent.where == "clause" and antecedent.clause == arrived):
                    return True
            return False
        return clause.action.name == "activate" and bool(_ITS.search(clause.text)) and bool(
            _TAP_ABILITY.search(clause.text))

    # -- a {T} ability restricted to the turn the creature entered --------------------

    def _entered_this_turn(self, face: api.FaceView) -> Iterator[api.Hit]:
        plain = face.plain
        face_haste = face.has_keyword("haste") or _HASTE.search(plain) is not None
        for view in face.walk():
            ability = view.ability
            if ability.kind != "activated" or not any(p.kind in ("tap", "untap") for p in ability.cost):
                continue
            if view.parent is None:
                creature, hasty = face.face.has_type("Creature"), face_haste
            else:  # granted: to a creature token, or to creatures, by the enclosing ability
                host = plain[view.parent.start:ability.start]
                creature = bool(re.search(r"\bcreature\b", host, re.I))
                hasty = _HASTE.search(plain, view.parent.start, view.parent.end) is not None
            if not creature or hasty:
                continue
            for restriction in ability.restrictions:
                m = _ENTERED_THIS_TURN.search(face.text, restriction.start, restriction.end)
                if m and (m.group("who").casefold() == "it" or face.is_self(m.group("who"))):
                    yield face.hit(self, m.start(), m.end(),
                                   what="this {T}/{Q} ability may only be activated during the turn the creature entered",
                                   subject="the creature", why="without haste it can never be activated")
                    break


def _a_creature(o: ObjectRef) -> bool:
    return o.noun == "creature" or "creature" in (t.lower() for t in o.types)


def _refers_to_creature_card(ability: Ability, reference: int) -> bool:
    """"Return it" where "it" is a creature card named before."""
    antecedent = ability.references[reference].antecedent
    return antecedent is not None and bool(re.search(r"\bcreature cards?\b", antecedent.text, re.I))


def _lower_first(phrase: str) -> str:
    """Lower-case the first letter only: mana symbols such as {T} keep their case."""
    return phrase[:1].lower() + phrase[1:]
