"""The check base class and the registry that validates every check at import.

A check declares its code, a kebab-case name that states the defect, its
category, severity and CR references, and documents itself in its docstring
under fixed headings.  ``check_card`` (or ``check_set``) yields hits; it never
prints and never reads files.
"""

from __future__ import annotations

import functools
import inspect
import re
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Iterable

from linter import config
from linter.diagnostics import CATEGORIES, SEVERITIES, Fix

if TYPE_CHECKING:  # pragma: no cover
    from linter.diagnostics import Diagnostic
    from linter.model import Card

CODE_RE = re.compile(r"^[A-Z]{2,4}\d{3}$")
NAME_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)+$")
RULE_RE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
DOC_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety")

REGISTRY: dict[str, type["Check"]] = {}

#: What a check may declare in ``needs``: facts of a face, each written "kind:value", worked
#: out once per face by :func:`linter.checks.api.face_facts` from the face's fields and its
#: parse.  The kinds, and what "kind:value" says of a face:
NEED_KINDS = {
    "type": "the type line holds the supertype, card type or subtype, as written (type:Saga)",
    "ability": "the parse found an ability of that kind, granted ones too (ability:chapter)",
    "keyword": "the parse found that keyword ability, in lower case (keyword:enchant)",
    "mark": "the parse marked the face so (see NEED_MARKS)",
    "text": "the rules text holds these characters, whatever their case (text:become); a text "
            "with a character beyond ASCII that patterns may read as an ASCII one (white space, a digit, "
            "a letter's case variant such as the long s) is taken to hold every piece; a check that "
            "reads one character as another (' as ’) declares both",
    "type-word": "the type line holds the word as the type-line checks read it (linter.checks._chars."
                 "parse_type_line, which also reads 'Creature—Naga'): a word before the dash as written, "
                 "a subtype (a multi-word one whole) with plain apostrophes (type-word:Tribal)",
    "field": "the face's field is given and not empty (field:loyalty); a mana value (cmc: the card's, "
             "the face's or its file's back face entry's) and the card's color identity where given, "
             "0 and none too",
    "blank": "the face's field is given but blank (blank:type_line)",
    "cost": "the mana cost holds these characters, whatever their case (cost:{x}), read as text pieces are",
    "layout": "the card's layout, in lower case (layout:transform)",
}
NEED_ABILITIES = ("keyword", "activated", "loyalty", "triggered", "chapter", "static", "spell", "level", "unknown")
NEED_MARKS = {
    "adds-mana": "an ability (granted ones too) adds mana",
    "self-ref": "the text refers to the object itself (its name, \"this creature\", \"~\")",
    "reminder": "the text has reminder text",
    "quote": "the text has quoted text (a granted ability, a quoted name)",
}
NEED_FIELDS = ("mana_cost", "power", "toughness", "loyalty", "defense", "color_indicator", "cmc", "color_identity")
NEED_BLANKS = ("mana_cost", "type_line")


def need_problems(needs: object) -> list[str]:
    """What is wrong with a check's ``needs`` declaration (nothing: an empty list)."""
    if not isinstance(needs, tuple) or not all(isinstance(n, str) for n in needs):
        return [f"needs {needs!r} must be a tuple of 'kind:value' strings"]
    problems = []
    for need in needs:
        kind, sep, value = need.partition(":")
        if not sep or not value or kind not in NEED_KINDS:
            problems.append(f"need {need!r} is not 'kind:value' with a kind of {sorted(NEED_KINDS)}")
        elif kind == "ability" and value not in NEED_ABILITIES:
            problems.append(f"need {need!r}: no ability kind (known: {', '.join(NEED_ABILITIES)})")
        elif kind == "mark" and value not in NEED_MARKS:
            problems.append(f"need {need!r}: no mark (known: {', '.join(NEED_MARKS)})")
        elif kind == "field" and value not in NEED_FIELDS:
            problems.append(f"need {need!r}: no field (known: {', '.join(NEED_FIELDS)})")
        elif kind == "blank" and value not in NEED_BLANKS:
            problems.append(f"need {need!r}: no field that may be blank (known: {', '.join(NEED_BLANKS)})")
        elif kind in ("keyword", "text", "cost", "layout") and value != value.lower():
            problems.append(f"need {need!r} must be in lower case (it is matched whatever the case)")
    return problems


@dataclass(slots=True)
class Hit:
    """One finding of a check, before the engine resolves its place."""

    message: str
    face: int | None = None
    field: str | None = None
    start: int | None = None
    end: int | None = None
    fix: Fix | None = None
    rules: tuple[str, ...] | None = None  # overrides the check's own references
    severity: str | None = None  # overrides the check's severity for this hit


class CheckError(TypeError):
    """A check class that breaks the registry's contract."""


class Check:
    """Base class of every check (documented in its subclasses)."""

    code: ClassVar[str]
    name: ClassVar[str]
    category: ClassVar[str]
    severity: ClassVar[str]
    rules: ClassVar[tuple[str, ...]]
    fixable: ClassVar[bool] = False
    #: "card" checks see one card at a time; "set" checks see every card of a file.
    scope: ClassVar[str] = "card"
    #: one-line message template, filled with the keyword arguments of :meth:`hit`.
    message: ClassVar[str] = ""
    #: codes of checks that report the same defect where this one's span overlaps theirs:
    #: there, only their finding is kept (one finding per defect)
    gives_way_to: ClassVar[tuple[str, ...]] = ()
    #: What must be on a card for the check to have anything to say: facts of a face (see
    #: :data:`NEED_KINDS`), any one of which will do.  A card check runs only on a card one
    #: of whose faces has one of them, and a :class:`~linter.checks.api.FaceCheck`'s
    #: ``check_face`` only on such faces; the others are not called at all.  Empty: every
    #: card.  A need must hold wherever the check may find something (a test runs every
    #: check without its needs over the test cases and real cards to hold it to that),
    #: and it is a quick test, not the check's judgement: the check still decides.
    needs: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("abstract", False):
            return
        problems = []
        code = getattr(cls, "code", "")
        if not CODE_RE.match(code or ""):
            problems.append(f"code {code!r} does not match {CODE_RE.pattern}")
        if not NAME_RE.match(getattr(cls, "name", "") or ""):
            problems.append(f"name {getattr(cls, 'name', None)!r} is not kebab-case")
        if getattr(cls, "category", None) not in CATEGORIES:
            problems.append(f"category must be one of {CATEGORIES}")
        if getattr(cls, "severity", None) not in SEVERITIES:
            problems.append(f"severity must be one of {SEVERITIES}")
        rules = getattr(cls, "rules", ())
        if not rules or not all(RULE_RE.match(r) for r in rules):
            problems.append(f"rules {rules!r} must be CR numbers such as '302.6'")
        if cls.scope not in ("card", "set"):
            problems.append("scope must be 'card' or 'set'")
        problems += need_problems(cls.needs)
        if cls.needs and cls.scope != "card":
            problems.append("needs are for card checks: a set-level check judges every card of its file")
        doc = cls.__doc__ or ""
        missing = [s for s in DOC_SECTIONS if f"## {s}" not in doc]
        if missing:
            problems.append(f"docstring lacks sections {missing}")
        if code in REGISTRY and REGISTRY[code] is not cls:
            problems.append(f"code {code} is already used by {REGISTRY[code].__name__}")
        if any(c.name == getattr(cls, "name", None) and c is not cls for c in REGISTRY.values()):
            problems.append(f"name {cls.name} is already used")
        if problems:
            raise CheckError(f"{cls.__module__}.{cls.__name__}: " + "; ".join(problems))
        REGISTRY[code] = cls

    # -- what subclasses implement -------------------------------------------------
    #: checks that read entries that are no card (a set's notes, a placeholder)
    reads_non_cards: ClassVar[bool] = False

    def applies_to(self, card: "Card") -> bool:
        """Whether the check reads ``card`` at all: an entry that is no card only gets the
        checks that say so (FMT004), and the templating checks leave cards outside the
        tournament card pool alone (see :meth:`non_tournament_note`)."""
        no_card, templating = what_reads(card)
        if no_card and not self.reads_non_cards:
            return False
        return templating or self.category != "templating"

    def check_card(self, card: "Card") -> Iterable[Hit]:
        return ()

    def check_set(self, cards: list["Card"]) -> Iterable[tuple["Card", Hit]]:
        return ()

    # A set-level check that reads the parse splits its work in two, so that the cards
    # of a large file can be parsed in worker processes: ``collect`` runs on each card
    # where the card is parsed and returns what the check needs of it (plain data that
    # can be sent between processes); ``check_collected`` then judges the file's cards
    # from that alone, in the process that holds every card of the file, and must not
    # read the parse. A set-level check that defines neither reads every card of its
    # file parsed in one process (or, with ``needs_parse = False``, reads no parse).
    def collect(self, card: "Card") -> object:
        """What this set-level check needs of one card's parse (see above)."""
        return None

    def check_collected(self, cards: list["Card"], collected: list) -> Iterable[tuple["Card", Hit]]:
        """Judge the cards of a file from what :meth:`collect` returned for each."""
        return self.check_set(cards)

    # -- helpers -------------------------------------------------------------------
    def hit(self, *, face: int | None = None, field: str | None = None, start: int | None = None,
            end: int | None = None, fix: Fix | None = None, rules: tuple[str, ...] | None = None,
            severity: str | None = None, **args) -> Hit:
        return Hit(self.message.format(**args), face, field, start, end, fix, rules, severity)

    @classmethod
    def doc(cls) -> str:
        # cleandoc, not dedent: the first line starts at the quotes, unindented
        return inspect.cleandoc(cls.__doc__ or "").strip()

    @classmethod
    def summary(cls) -> str:
        return cls.doc().splitlines()[0].strip() if cls.__doc__ else ""

    @classmethod
    def doc_sections(cls) -> dict[str, str]:
        """The docstring split at its ``## Heading`` lines."""
        out: dict[str, str] = {}
        current = "summary"
        buf: list[str] = []
        for line in cls.doc().splitlines():
            if line.startswith("## "):
                out[current] = "\n".join(buf).strip()
                current, buf = line[3:].strip(), []
            else:
                buf.append(line)
        out[current] = "\n".join(buf).strip()
        return out

    @classmethod
    def non_tournament_note(cls) -> str:
        """What the check does with cards outside the tournament card pool (for explain)."""
        if cls.category == "templating":
            return ("Off for cards outside the tournament card pool (Un-sets, playtest cards, Alchemy "
                    "and other digital-only products), whose text breaks the conventions on purpose: "
                    "a card is one when its file says so (set_type funny, alchemy or memorabilia; "
                    "digital; a silver border; the acorn security stamp; the playtest promo type) "
                    "or, where the file does not say and it is no custom set's, when its own text "
                    "does (an A- name, Alchemy's perpetually, conjure or seek, an Un-set's symbols, "
                    "keywords or type words). "
                    "Set non-tournament-templating = true to check them too.")
        return "On for every card, those outside the tournament card pool (Un-sets, Alchemy) too."

    @classmethod
    def describe(cls) -> dict:
        return {
            "code": cls.code,
            "name": cls.name,
            "category": cls.category,
            "severity": cls.severity,
            "rules": list(cls.rules),
            "fixable": cls.fixable,
            "summary": cls.summary(),
        }


def all_checks() -> dict[str, type[Check]]:
    """Every registered check, importing the check modules on first use."""
    from linter import checks  # noqa: F401  (imports every check module)

    checks.load_all()
    return dict(sorted(REGISTRY.items()))


#: what :func:`what_reads` found of the cards it was last asked of, by id, each with a weak
#: reference to its card (an id may be another card's once its card is gone) and what else
#: the answer depends on (see :func:`what_reads`): a plain bounded dict costs a tenth of a
#: WeakKeyDictionary, which also sets a callback on each card to forget it
_READ: dict[int, tuple["weakref.ref[Card]", tuple, tuple[bool, bool]]] = {}
#: a bound on the cards :data:`_READ` keeps
_READ_KEPT = 4096


@functools.lru_cache(maxsize=1)
def _judges():
    """What :func:`what_reads` asks of a card (imported on first use: they import this module)."""
    from linter.checks._chars import not_a_card
    from linter.checks._products import non_tournament
    from linter.tables import extension_version

    return not_a_card, non_tournament, extension_version


def what_reads(card: "Card") -> tuple[bool, bool]:
    """(the entry is no card, the templating checks read it): what :meth:`Check.applies_to`
    asks of a card, worked out once per card and configuration, once its text is parsed
    (the text may say the card is outside the tournament card pool)."""
    not_a_card, non_tournament, extension_version = _judges()
    # beside the card, the answer depends on the set's kind (a custom set's text says nothing
    # of a product) and on its declared mechanics (its own keywords and types are no Un-set's):
    # the same card checked again under another configuration is judged again
    under = (config.active().set_kind, extension_version())
    known = _READ.get(id(card))
    if known is not None and known[0]() is card and known[1] == under:
        found = known[2]
    else:
        found = (not_a_card(card), non_tournament(card) is None)
        for f in card.faces:
            if f.parsed is None and f.oracle_text:
                break  # its text may still say more once parsed
        else:
            if len(_READ) >= _READ_KEPT:
                _READ.clear()
            _READ[id(card)] = (weakref.ref(card), under, found)
    return found if found[1] else (found[0], config.active().non_tournament_templating)


def one_finding_per_defect(diagnostics: list["Diagnostic"]) -> list["Diagnostic"]:
    """Leave out a finding whose check gives way (``gives_way_to``) to another check that
    reports an overlapping span of the same field of the same card."""
    yielding = {code: cls.gives_way_to for code, cls in REGISTRY.items() if cls.gives_way_to}
    if not yielding or not any(d.code in yielding for d in diagnostics):
        return diagnostics
    spans: dict[tuple, list] = {}
    for d in diagnostics:
        if d.start is not None:
            spans.setdefault((id(d.card_obj), d.face, d.field), []).append(d)
    def span(d) -> tuple[int, int]:
        return d.start, max(d.end or d.start, d.start + 1)

    out = []
    for d in diagnostics:
        winners = yielding.get(d.code)
        if winners and d.start is not None:
            s, e = span(d)
            if any(o.code in winners and span(o)[0] < e and s < span(o)[1]
                   for o in spans.get((id(d.card_obj), d.face, d.field), ())):
                continue
        out.append(d)
    return out
