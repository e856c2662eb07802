"""RUL008: "When you do" or "If you do" with nothing done before it for it to refer to."""

from __future__ import annotations

import functools
import re
from typing import Iterable

from linter.catalogue import load
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

# What the meaning layer needs in an ability to make what this check reads, asked before the
# meaning is read (see NothingDoneBeforeWhenYouDo._may_find).  Each is a superset of the
# tokens the meaning layer asks for: a token starts after a character that is no letter, or
# (a line glued to the one before) at a capital after a lower-case letter.
#: a trigger that is itself "When you do" (its text lies before the effect)
_REFLEXIVE_WORDS = re.compile(r"(?i)when (?:you|they) (?:do|don't|did)")
#: "When you do" opening a sentence of the effect: "when", "you", "do" or "did"
_WHEN_YOU_DO = re.compile(r"(?i)when\s*you\s*d(?:o|id)")
#: "if" ("If you do, …", "… if a player does."), a token of its own
_IF = re.compile(r"(?:(?<![A-Za-z])[Ii]|(?<=[a-z])I)[Ff]")
#: what a condition of "if you do" ends in (CR 118.12): "do", "does", "did" or "can", or one
#: of them with "n't"
_DO = re.compile(r"(?i)(?:(?:does|did|do|ca)\s*n['’]t|does|did|do|can)")
#: what may end a clause (or the condition of a sentence) after it: a comma, "and", "or" or
#: "then", a sentence end, punctuation the meaning layer trims from a sentence's end
_CLAUSE_END = re.compile(r"[,.•;\"“”—–(]|(?i:and|or|then)(?![a-z])")
#: a character of a token that is none of the sentence ends and the trimmed punctuation the
#: meaning layer leaves out of a sentence's clauses (full stop, bullet, semicolon, comma,
#: quotation marks, dashes; white space)
_CLAUSE_CHAR = re.compile(r'[^\s.•;,"“”—–]')
_SPACE = re.compile(r"\s")
#: a sentence end the tokenizer always makes a token of its own (see :func:`_sentence_end`)
_SENTENCE_END_FORM = (r"•|(?<=\S)\n(?=\S)|(?:(?<![A-Za-z0-9°._'’])(?:[a-z]{{3,}}|[A-Z][a-z]{{6,}}|{pronouns}|"
                      r"[A-Za-z0-9]*[0-9])|[)}}\"”])\.(?=\s|\Z)")


@functools.lru_cache(maxsize=1)
def _sentence_end() -> re.Pattern:
    """A sentence end the tokenizer always makes a token of its own: a bullet, a line break
    between words, or a full stop before white space after a word of three or more lower-case
    letters, a capitalised one of seven or more, a pronoun (rules_data/meaning.yaml: "it.",
    "them."), something ending in a digit, or a closing bracket, brace or quotation mark.
    The words the tokenizer keeps with their full stop ("Mr.", "Wash.", "e.g.", "vs.") are
    none of these."""
    pronouns = "|".join(sorted((w for w in load("meaning")["references"]["pronouns"] if w.isalpha()),
                               key=len, reverse=True))
    return re.compile(_SENTENCE_END_FORM.format(pronouns=pronouns))


def _words(words) -> re.Pattern:
    """A pattern of any of ``words`` (whatever their case) as a token of their own: no letter
    on either side but where a line glued to the one before starts (a capital after a
    lower-case letter) or a word the tokenizer splits from it follows."""
    alt = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    edge = r"(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))"
    # the tokenizer makes tokens of "n't" after it ("isn't", "aren't", "hadntve") and of "ta"
    # of "gotta"
    after = r"(?:(?![A-Za-z])|(?<=[a-z])(?=[A-Z])|(?=(?i:n['’]?t|ta(?![a-z]))))"
    return re.compile(edge + r"(?i:" + alt + r")" + after)


@functools.lru_cache(maxsize=1)
def _state_words() -> tuple[re.Pattern, re.Pattern]:
    """(the words a clause of a state holds in an ability that is not static, those of a
    static one), from rules_data/meaning.yaml: the verbs the meaning layer reads as "be" or
    "have" where no action names the clause, and (static) every form of the verbs of the
    actions of :data:`_STATIC_STATES` ("gains", "loses", "gets")."""
    from linter.nlp.rulerefs import patterns_data, word_forms

    data = load("meaning")
    plain = [w for w in data["state_verbs"] if not w.startswith("'")]
    forms = {k.lower(): list(v) for k, v in (patterns_data().get("forms") or {}).items()}
    static = {f.lower() for a in data["actions"] if a["name"] in _STATIC_STATES for v in a["verbs"]
              for f in word_forms(v, forms)}
    # "'s" ("it's", "this creature's") comes after a word: it is looked for anywhere
    possessive = "|".join(re.escape(w) for w in data["state_verbs"] if w.startswith("'"))
    states = _words(plain).pattern + (f"|(?i:{possessive})" if possessive else "")
    return re.compile(states), re.compile(states + "|" + _words(static - set(plain)).pattern)


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
        if not any(self._may_find(face, view.ability) for view in face.walk()):
            return  # no ability holds what a finding needs where it needs it
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
    def _may_find(face: api.FaceView, ability: api.Ability) -> bool:
        """Whether the meaning layer may find in the ability what this check reports, asked
        before the meaning is read: a trigger that is "When you do" (its words before the
        effect), or in the effect "When you do" or an "if" whose condition ends in "do",
        "does", "did" or "can" (with "n't", among its first four words), where no choice comes
        before it in the ability and every clause of the effect before it may be a state: a
        word of a state before it, or no sentence that surely ends before it (a reference
        after an action or an unnamed clause is not reported)."""
        text = face.text
        start, end = ability.start, ability.end
        effect = ability.effect_start
        if ability.kind == "triggered" and effect is not None and _REFLEXIVE_WORDS.search(text, start, effect):
            return True
        body = effect if effect is not None else start
        masked = face.masked
        opens = [m.start() for m in _WHEN_YOU_DO.finditer(text, body, end)]
        opens += [m.start() for m in _IF.finditer(text, body, end)
                  if NothingDoneBeforeWhenYouDo._ends_done(text, masked, m.end(), end)]
        if not opens:
            return False
        holes = [(g.start - 1, g.end + 1) for g in ability.granted]
        # where the effect is glued to what comes before it, its first token may start before
        # it (and so be none of its sentences): the words up to the first white space are left out
        lead = 0
        if body > 0 and not text[body - 1].isspace():
            space = _SPACE.search(text, body)
            lead = (space.start() if space else len(text)) - body
        states = _state_words()[1 if ability.kind == "static" else 0]
        for at in opens:
            if _MAY.search(masked[start:at]):
                continue  # a choice before it: not reported
            before = masked[body:at]
            for s, e in holes:  # quoted abilities are no sentences of this one
                if s < at and e > body:
                    s, e = max(s, body) - body, min(e, at) - body
                    before = before[:s] + " " * (e - s) + before[e:]
            low = before.lower()
            # a state; a sentence with no clause (an activation restriction, a lone "Otherwise")
            if states.search(before) or "activate" in low or "otherwise" in low:
                return True
            first = _CLAUSE_CHAR.search(before, lead)
            if first is None or not _sentence_end().search(before, first.end()):
                return True  # nothing before it, or words that may be its own clause's
        return False

    @staticmethod
    def _ends_done(text: str, masked: str, at: int, end: int) -> bool:
        """Whether the words after "if" (ending at ``at``) may be a condition of "if you do":
        "do", "does", "did" or "can" (or one of them with "n't") among its first four words
        (tokens are no fewer than the words between white space), where its condition may
        end: the ability's end, a token of white space, a hole (reminder or quoted text) or
        what :data:`_CLAUSE_END` reads."""
        for m in _DO.finditer(text, at, end):
            if len(text[at:m.start()].split()) > 3:
                return False
            rest = text[m.end():end]
            kept = rest.lstrip()
            if not kept:
                return True
            space = rest[:len(rest) - len(kept)]
            at_end = m.end() + len(space)
            if len(space) > 1 or "\n" in space or masked[at_end] != text[at_end] or _CLAUSE_END.match(kept):
                return True
        return False

    @staticmethod
    def _a_state(ability: api.Ability, index: int | None) -> bool:
        if index is None or index >= len(ability.clauses):
            return False
        clause = ability.clauses[index]
        states = _STATIC_STATES if ability.kind == "static" else _STATES
        return clause.action is not None and clause.action.name in states and not clause.conditions
