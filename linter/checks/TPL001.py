"""TPL001: "enters the battlefield" where current Oracle text says "enters"."""

from __future__ import annotations

import re
from typing import Iterable

from linter.checks import api
from linter.checks._templating import sentence_before, since
from linter.checks.base import Check, Hit
from linter.diagnostics import Edit, Fix
from linter.model import Card

_ETB = re.compile(r"\b(?P<verb>enters|enter) the battlefield\b")
# "didn't enter the battlefield this turn", "had a creature enter the battlefield
# under your control last turn": a look back at the past keeps the long form.
_PAST = re.compile(r"^[^.;\n]*?\b(?:this|last) turn\b")
# "Creature cards can't enter the battlefield": a prohibition keeps the long form
_CANNOT = re.compile(r"\b(?:can't|cannot|don't|doesn't) $")
_UNDER = re.compile(r"^ under (?P<who>your|an opponent's|your opponents'|their owners'|its owner's|their controller's|that player's) control\b")
_CONTROLLER = {"your": "you control", "an opponent's": "an opponent controls",
               "your opponents'": "your opponents control"}
# the subject of the entering: after the trigger word, up to the verb
_SUBJECT = re.compile(r"(?:^|\b(?:[Ww]hen|[Ww]henever|[Ii]f|[Aa]s|[Aa]fter))\s+(?P<subj>[^,.;]{1,60}?)\s*$")
_SUBJECT_TAIL = re.compile(r"\s(?:with|without|that|named|of|from)\s")


class EntersTheBattlefield(Check):
    """"enters the battlefield" where current Oracle text says "enters".

    ## What it does
    Finds "enters the battlefield" and "enter the battlefield" (an object
    entering now or in the future: a trigger, a replacement such as "enters
    tapped", "have it enter the battlefield as a copy"), also in reminder text.
    "Put onto the battlefield", "return … to the battlefield", "entered the
    battlefield" and a look back such as "didn't enter the battlefield this
    turn" keep the long form, as current Oracle text does.

    ## Why is this bad?
    Since Bloomburrow (2024-08-02) Oracle text says that an object "enters"
    (the rules of enters-the-battlefield abilities are written that way:
    CR 603.6a, 603.6d). "Enters the battlefield under your control" became
    "[object] you control enters".

    ## Example
    ```yaml
    oracle_text: "When Dawnpetal Sprite enters the battlefield, draw a card."
    ```

    ## Use instead
    ```yaml
    oracle_text: "When Dawnpetal Sprite enters, draw a card."
    ```

    ## Fix safety
    Dropping "the battlefield" is safe. Moving "under your control" into the
    subject ("a creature you control enters") is offered as an unsafe fix, and
    only for a short subject: a long one may need its words in another order.
    """

    code = "TPL001"
    name = "outdated-enters-the-battlefield"
    category = "templating"
    severity = "warning"
    rules = ("603.6a", "603.6d")
    needs = ("text:the battlefield",)
    fixable = True
    message = "{found!r}: current Oracle text says {want!r}{since}"

    def check_card(self, card: Card) -> Iterable[Hit]:
        when = since("bloomburrow")
        for view in api.card_faces(card):
            i, text = view.index, view.text
            if "the battlefield" not in text:
                continue
            for m in _ETB.finditer(text):
                rest = text[m.end():]
                if m.group("verb") == "enter" and (_PAST.match(rest) or _CANNOT.search(text, max(0, m.start() - 12), m.start())):
                    continue
                yield self._one(i, text, m, rest, when, view.self_refs)

    def _one(self, i: int, text: str, m: re.Match, rest: str, when: str, selves: list) -> Hit:
        verb = m.group("verb")
        under = _UNDER.match(rest)
        if under is None:
            fix = Fix(f"write {verb!r}", [Edit(m.start(), m.end(), verb)], safe=True, face=i, field="oracle_text")
            return self.hit(face=i, field="oracle_text", start=m.start(), end=m.end(), fix=fix,
                            found=m.group(0), want=verb, since=when)
        end = m.end() + under.end()
        found = text[m.start():end]
        controls = _CONTROLLER.get(under.group("who"))
        fix = None
        want = f"{verb} under {under.group('who')} control"
        if controls:
            subj = _SUBJECT.search(sentence_before(text, m.start()))
            want = f"[object] {controls} {verb}"
            if subj:
                s_text = subj.group("subj")
                s_start = m.start() - len(sentence_before(text, m.start())) + subj.start("subj")
                # a name is one word of the subject: "of" in "Eye of Ultimate Evil" ends no noun
                # phrase, so what follows the subject's last self-reference is searched
                after = max((r.end - s_start for r in selves if s_start <= r.start and r.end <= s_start + len(s_text)),
                            default=0)
                tail = _SUBJECT_TAIL.search(s_text, after)
                insert_at = s_start + (tail.start() if tail else len(s_text.rstrip()))
                if len(s_text.split()) <= 8:
                    edits = [Edit(insert_at, insert_at, f" {controls}"), Edit(m.start(), end, verb)]
                    fix = Fix(f"write '{controls} {verb}'", edits, safe=False, face=i, field="oracle_text")
        else:
            fix = Fix(f"write {want!r}", [Edit(m.start(), m.end(), verb)], safe=False, face=i, field="oracle_text")
        return self.hit(face=i, field="oracle_text", start=m.start(), end=end, fix=fix,
                        found=found, want=want, since=when)
