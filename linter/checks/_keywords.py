"""Keyword lines item by item, for the keyword checks (KWD001-KWD003).

The parser reads a line as keywords only when every item is a keyword it
knows and fits that keyword's parameter; any other line becomes an
``unknown`` ability.  This module looks at both: the keyword abilities the
parser found (is the parameter there, and of the right form?) and the
unknown lines that are written like keyword lines ("Flyng, trample",
"Spellslinger 2", "Crew two"), item by item.

Each check reads a part of a face's items, made once per face on first use: KWD001 and
the product judgement the items of the unknown lines, KWD003 those of the face's own
keyword abilities, KWD002 the malformed ones, which need all the items judged together
(a name or a label is told from a malformed keyword by the item before it) only on a
face where some item may be malformed.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, replace

from linter import tables
from linter.catalogue import load
from linter.model import Ability, Face

# sentences after a lone keyword ("Equip {3}. This ability costs {1} less …")
_MORE = re.compile(r"(?<!\d)\.\s+(?=[A-Z])|,\s+where\s")
# what no keyword line holds: a colon (a cost), quotes, a sentence break
_NOT_A_LIST = re.compile(r"[:\"“”]|\.\s+\S")
# an item of a keyword line written the way keywords are: up to four words, then maybe a parameter
_ITEM = re.compile(
    r"(?P<name>[A-Za-z][A-Za-z'’!\-]*(?: [A-Za-z][A-Za-z'’!\-]*){0,3}?)"
    r"(?P<param>\s*(?:\{[^{}]*\})+(?:\s*(?:or|and/or)?\s*(?:\{[^{}]*\})+)*|\s+(?:\d+|X)|\s*[—–]\s*\S.*|\s+from\s.*)?\s*\.?"
)
_SPLIT = re.compile(r"[,;]")
# the shape of a parameter a keyword takes, for keywords outside the table (declared or printed)
_LOOSE_SHAPES = {
    "none": re.compile(r"\s*"),
    "cost": re.compile(r"\s*(?:\{.*|[—–]\s*\S.*|\s\S.*\{[^{}]+\}\s*)"),
    "number": re.compile(r"\s+(?:\d+|X)\s*"),
    "number-cost": re.compile(r"\s+(?:\d+|X)\s*[—–]\s*\S.*"),
}
_ANY_PARAMETER = re.compile(r"(?:\s+|\s*[—–]\s*)\S.*")


@dataclass(slots=True)
class Item:
    """One item of a keyword line."""

    start: int  # offsets into the face's oracle_text
    end: int
    text: str  # the item as written, reminder text left out
    name: str  # the words naming the keyword
    keyword: "tables.Keyword | None"
    status: str  # ok, missing, shape, unknown, outside-cr, declared
    ability: Ability
    granted: bool = False
    expected: str = ""  # how the keyword is written, for messages
    suggestion: str | None = None  # the closest known keyword of an unknown one
    signal: bool = False  # an unknown item on a line that is clearly a keyword line


@functools.lru_cache(maxsize=None)
def _outside_cr() -> dict[str, str]:
    return {e["name"].lower(): e["parameter"] for e in load("keyword_lines")["printed_outside_cr"]}


@functools.lru_cache(maxsize=None)
def type_rules() -> dict[str, str]:
    """Card type or subtype -> the rule that defines it (for keyword type restrictions)."""
    return {e["type"]: e["rule"] for e in load("keyword_lines")["type_rules"]}


@functools.lru_cache(maxsize=None)
def _required_words(kw: "tables.Keyword") -> tuple[str, ...]:
    """Literal words every written form puts right after the name ("Protection from"), lower case.

    Empty when some form puts the parameter right after the name."""
    name = kw.name.lower()
    out = []
    for form in kw.written:
        low = form.lower()
        if not low.startswith(name + " "):
            return ()
        word = low[len(name) + 1:].split(" ", 1)[0]
        if word.startswith("[") or not word.isalpha():
            return ()
        out.append(f"{name} {word}")
    return tuple(dict.fromkeys(out))


def written_forms(kw: "tables.Keyword") -> str:
    """How a keyword is written, for a message ("Ward [cost]" or "Ward—[cost]")."""
    if kw.written:
        return " or ".join(kw.written)
    if kw.parameter == "none":
        return kw.name
    return f"{kw.name} [{'N' if kw.parameter == 'number' else kw.parameter}]"


# Judgements depend on the keyword table, which a set's configuration extends for a run
# (tables.extend): the caches below are emptied whenever the table object changes.
_TABLE: list[object] = [None]
_JUDGED: dict[str, "tuple | None"] = {}
_ABILITIES: dict[tuple[str, bool], "tuple | None"] = {}
_NAMES: list[tuple[str, ...]] = []


def _current_table() -> dict:
    table = tables.keywords()
    if _TABLE[0] is not table:
        _TABLE[0] = table
        _JUDGED.clear()
        _ABILITIES.clear()
        _NAMES.clear()
    return table


def _known_names() -> tuple[str, ...]:
    _current_table()
    if not _NAMES:
        _NAMES.append(tuple(sorted(set(tables.keywords()) | set(_outside_cr()))))
    return _NAMES[0]


def closest_keyword(name: str, cutoff: float = 0.8) -> str | None:
    """The keyword whose name is closest to ``name`` ("flyng" -> "Flying"), or None."""
    low = name.lower().strip()
    if not low:
        return None
    # a misspelling keeps the first letter ("Flyng"); a longer or shorter word that merely
    # contains a keyword ("Infuse", "Fuse") is another word
    found = [n for n in difflib.get_close_matches(low, _known_names(), n=3, cutoff=cutoff) if n[0] == low[0]]
    if not found:
        return None
    kw = _current_table().get(found[0])
    if kw is not None:
        # an alias is suggested as written ("Islandwalk"), the keyword by its name
        return found[0].capitalize() if found[0] != kw.name.lower() else kw.name
    return found[0].capitalize()


def _declared() -> dict[str, str]:
    """Keywords the set declares in its configuration: lower-case name -> parameter."""
    from linter.config import active

    return {k.name.lower(): k.parameter for k in active().keywords}


def _judge_item(item: str) -> tuple["tables.Keyword", str, str, int] | None:
    """(keyword, status, expected form, length of the name) of an item that starts with a
    keyword of the table, or None.  Items repeat ("Flying", "Equip {2}"): cached."""
    _current_table()
    try:
        return _JUDGED[item]
    except KeyError:
        pass
    if len(_JUDGED) > 8192:
        _JUDGED.clear()
    _JUDGED[item] = judged = _judge_uncached(item)
    return judged


def _judge_uncached(item: str) -> tuple["tables.Keyword", str, str, int] | None:
    found = tables.find_keyword(item)
    if found is None:
        return None
    kw, length = found
    expected = written_forms(kw)
    if tables.split_keyword(item) is None:
        rest = item[length:].strip()
        return kw, ("missing" if not rest else "shape"), expected, length
    required = _required_words(kw)
    if required and not item.lower().startswith(required):
        return kw, "shape", expected, length
    return kw, "ok", expected, length


def _judge_loose(parameter: str, rest: str) -> bool:
    shape = _LOOSE_SHAPES.get(parameter, _ANY_PARAMETER)
    return shape.fullmatch(rest) is not None


class _Read:
    """What more than one check reads of one face's parse, each part made on first use: the
    judgements of its own keyword abilities, with what they and its other top-level abilities
    hold (:func:`_look`), the items of its top-level unknown lines, and all its items judged
    together (:func:`keyword_items`)."""

    __slots__ = ("parsed", "own", "own_malformed", "own_typed", "granted", "unknown_lines", "unknown", "every")

    def __init__(self, parsed) -> None:
        self.parsed = parsed
        self.own: list[tuple[Ability, tuple]] | None = None
        self.own_malformed = self.own_typed = self.granted = self.unknown_lines = False
        self.unknown: list[Item] | None = None
        self.every: list[Item] | None = None


#: the parts read of the faces last asked of, by the id of their parse, each with its parse
#: (an id may be another parse's once its parse is gone: the entry is taken only for its own)
_CACHE: dict[int, _Read] = {}


def _read(face: Face) -> _Read | None:
    parsed = face.parsed
    if parsed is None or not face.oracle_text:
        return None
    hit = _CACHE.get(id(parsed))
    if hit is not None and hit.parsed is parsed:
        return hit
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(parsed)] = hit = _Read(parsed)
    return hit


def keyword_items(face: Face) -> list[Item]:
    """Every item of the face's keyword lines, judged (cached for the checks that share it).

    This is the whole judgement, every part of it; :func:`unknown_line_items`,
    :func:`own_keyword_items` and :func:`malformed_items` give the part a check reads."""
    read = _read(face)
    if read is None:
        return []
    if read.every is None:
        read.every = _items(face, unknown_line_items(face))
    return read.every


def unknown_line_items(face: Face) -> list[Item]:
    """The items of the face's top-level unknown lines written like keyword lines (the only
    lines with an unknown item or a keyword printed outside the tournament card pool), as
    :func:`keyword_items` has them, except that an item of the "shape" status is not yet
    told from a name or a label (:func:`_not_a_keyword`: that may make it "ok")."""
    read = _read(face)
    if read is None:
        return []
    if read.unknown is None:
        read.unknown = _unknown_lines(read.parsed, face.oracle_text or "")
    return read.unknown


def _unknown_lines(parsed, text: str) -> list[Item]:
    found: list[Item] = []
    for ability in parsed.abilities:
        if ability.kind == "unknown":
            found += _unknown_line(text, parsed.plain, ability)
    return found


#: the statuses of an item whose parameter is missing or of the wrong form
_MALFORMED = ("missing", "shape")


def _look(read: _Read) -> list[tuple[Ability, tuple]]:
    """(ability, (offset, item, judgement)) of each of the face's own keyword abilities with
    an item, in order (see :func:`_ability_judged`), made once for the face; on the way, whether
    one of them is malformed (before names and labels are told apart) or of a keyword that
    works only on certain types, and whether a top-level ability grants abilities or is unknown."""
    if read.own is None:
        parsed = read.parsed
        found = []
        plain = None
        for ability in parsed.abilities:
            if ability.granted:
                read.granted = True
            kind = ability.kind
            if kind == "unknown":
                read.unknown_lines = True
            elif kind == "keyword":
                if plain is None:
                    plain = parsed.plain
                judged = _ability_judged(plain[ability.start:ability.end], bool(ability.ability_word))
                if judged is not None:
                    found.append((ability, judged))
                    kw, status = judged[2][:2]
                    if status in _MALFORMED:
                        read.own_malformed = True
                    if kw.types:
                        read.own_typed = True
        read.own = found
    return read.own


def own_keyword_items(face: Face, typed: bool = False) -> list[Item]:
    """The items of the face's own keyword abilities (not those in an ability it grants), as
    :func:`keyword_items` has them, except that an item of the "shape" status is not yet
    told from a name or a label (:func:`_not_a_keyword`: that may make it "ok").  ``typed``:
    only those of keywords that work only on certain card types or subtypes."""
    read = _read(face)
    if read is None:
        return []
    own = _look(read)
    if typed and not read.own_typed:
        return []
    return [_item_of(ability, judged, False) for ability, judged in own if not typed or judged[2][0].types]


def malformed_items(face: Face) -> list[Item]:
    """The items of :func:`keyword_items` whose parameter is missing or of the wrong form
    (status "missing" or "shape"), in their order.  Only a face with a keyword ability or an
    unknown line's item of that status before names and labels are told apart
    (:func:`_not_a_keyword`) has any: the others are passed over, each of their keyword
    abilities looked at once, without judging all their items together."""
    read = _read(face)
    if read is None:
        return []
    _look(read)
    parsed = read.parsed
    if not (read.own_malformed
            or read.granted and _granted_malformed(parsed, [g for a in parsed.abilities for g in a.granted])
            or read.unknown_lines and any(i.status in _MALFORMED for i in unknown_line_items(face))):
        return []
    return [i for i in keyword_items(face) if i.status in _MALFORMED]


def _granted_malformed(parsed, abilities) -> bool:
    """Whether a keyword ability among ``abilities`` (granted ones) or those they grant has an
    item of the "missing" or "shape" status (before names and labels are told apart)."""
    for ability in abilities:
        if ability.granted and _granted_malformed(parsed, ability.granted):
            return True
        if ability.kind != "keyword":
            continue
        judged = _ability_judged(parsed.plain[ability.start:ability.end], bool(ability.ability_word))
        if judged is not None and judged[2][1] in _MALFORMED:
            return True
    return False


def keyword_outside_cr(face: Face) -> Item | None:
    """The first item of the face's keyword lines that is a keyword printed only outside the
    tournament card pool (status "outside-cr"), or None.  Only a line the parser could not
    read as abilities (a top-level "unknown" one) holds such an item, so only the items of
    those lines are judged here: the keyword checks judge the rest, if they read the face."""
    parsed = face.parsed
    if parsed is None:
        return None
    for ability in parsed.abilities:
        if ability.kind == "unknown":
            return next((item for item in unknown_line_items(face) if item.status == "outside-cr"), None)
    return None


def _items(face: Face, unknown: list[Item] | None = None) -> list[Item]:
    """Every item of the face's keyword lines, judged together.  ``unknown``: the items of
    its unknown lines already made (:func:`unknown_line_items`), taken as they are where
    nothing changes them (an item it tells from a name or a label is a copy, "ok")."""
    parsed = face.parsed
    assert parsed is not None
    text = face.oracle_text or ""
    relevant = [a for a in parsed.walk() if a.kind in ("keyword", "unknown")]
    if not relevant:
        return []
    plain = parsed.plain
    top = {id(a) for a in parsed.abilities}
    selves = frozenset(start for start, _end in parsed.self_refs)
    lines: dict[int, list[Item]] | None = None
    if unknown is not None:
        lines = {}
        for item in unknown:
            lines.setdefault(id(item.ability), []).append(item)
    out: list[Item] = []
    previous: Item | None = None
    for ability in relevant:
        granted = id(ability) not in top
        if ability.kind == "keyword":
            item = _keyword_item(text, plain, ability, granted)
            if item is None:
                continue
            if item.status == "shape" and _not_a_keyword(item, previous, selves):
                item.status = "ok"
            previous = item
            out.append(item)
        elif not granted:
            for item in _unknown_line(text, plain, ability) if lines is None else lines.get(id(ability), ()):
                if item.status == "shape" and _not_a_keyword(item, previous, selves):
                    item = replace(item, status="ok")
                previous = item
                out.append(item)
    return out


# an ability after a label: "Protection Fighting Style — When …", "Gift of Tiamat — When …"
_LABELLED = re.compile(r"[—–]\s*\S+(?:\s+\S+){3,}")


def _not_a_keyword(item: Item, previous: Item | None, selves: frozenset[int]) -> bool:
    """An item the parser took for a keyword that is something else: the card's own name
    ("Champion of the Flame gets …": a self-reference of the parse starts it), a label
    before an ability, or the rest of a name that holds a comma ("Partner with Trynn,
    Champion of Freedom")."""
    if item.start in selves:
        return True
    if _LABELLED.search(item.text):
        return True
    return (previous is not None and previous.keyword is not None and previous.keyword.parameter == "name"
            and previous.ability.line == item.ability.line)


def _keyword_item(text: str, plain: str, ability: Ability, granted: bool) -> Item | None:
    """A keyword ability the parser found, with its parameter judged."""
    judged = _ability_judged(plain[ability.start:ability.end], bool(ability.ability_word))
    return None if judged is None else _item_of(ability, judged, granted)


def _item_of(ability: Ability, judged: tuple, granted: bool) -> Item:
    """The item of a keyword ability from :func:`_ability_judged`'s answer for it."""
    offset, item, (kw, status, expected, length) = judged
    s = ability.start + offset
    return Item(s, s + len(item), item, item[:length], kw, status, ability, granted, expected)


def _ability_judged(own: str, labelled: bool) -> "tuple[int, str, tuple] | None":
    """(where the item starts in the ability's own text, the item, its judgement) of a keyword
    ability, or None where it has no item: the cut (:func:`_item_words`) and the judgement
    (:func:`_judge_item`) at once, kept per text for the keyword table of now."""
    _current_table()  # a declaration of the set's own keywords empties the cache
    key = (own, labelled)
    try:
        return _ABILITIES[key]
    except KeyError:
        pass
    cut = _item_words(own, labelled)
    judged = None
    if cut is not None:
        offset, item = cut
        found = _judge_item(item)
        if found is not None:
            judged = (offset, item, found)
    if len(_ABILITIES) > 8192:
        _ABILITIES.clear()
    _ABILITIES[key] = judged
    return judged


@functools.lru_cache(maxsize=8192)
def _item_words(own: str, labelled: bool) -> tuple[int, str] | None:
    """Where in a keyword ability's own text (reminder text blanked) its item starts, and the
    item, or None for none; worked out once per text (keyword abilities repeat from card to
    card). ``labelled``: the ability has an ability word before it."""
    start = 0
    if labelled:  # "Murasame — Equip {5}": judge what follows the flavor word
        dash = max(own.find("—"), own.find("–"))
        if dash >= 0:
            start = dash + 1
            own = own[start:]
    m = _MORE.search(own)
    if m:
        own = own[: m.start()]
    lead = len(own) - len(own.lstrip())
    item = own.strip().rstrip(".").rstrip()
    if not item:
        return None
    return start + lead, item


def _unknown_line(text: str, plain: str, ability: Ability) -> list[Item]:
    """The items of an unknown line written like a keyword line; [] when it is not one."""
    own = plain[ability.start:ability.end]
    body = own.rstrip()
    if not body.strip() or _NOT_A_LIST.search(body.strip().rstrip(".")):
        return []
    if not body.lstrip()[0].isupper():
        return []
    items: list[Item] = []
    pos = 0
    declared = None
    # after a dash the rest is one item ("Realize—{2}{B}, Sacrifice a creature")
    dash = min((k for k in (body.find("—"), body.find("–")) if k >= 0), default=len(body))
    chunks = _SPLIT.split(body[:dash])
    chunks[-1] += body[dash:]
    for chunk in chunks:
        cs = ability.start + pos + (len(chunk) - len(chunk.lstrip()))
        pos += len(chunk) + 1
        item = chunk.strip().rstrip(".").rstrip()
        if not item:
            return []
        judged = _judge_item(item)
        if judged is not None:
            kw, status, expected, length = judged
            items.append(Item(cs, cs + len(item), item, item[:length], kw, status, ability, False, expected))
            continue
        m = _ITEM.fullmatch(item)
        if m is None:
            return []  # a phrase, not a keyword: leave the line alone
        name = m.group("name")
        rest = item[m.end("name"):]
        low = name.lower()
        if declared is None:
            declared = _declared()
        if low in declared:
            ok = _judge_loose(declared[low], rest)
            items.append(Item(cs, cs + len(item), item, name, None, "declared" if ok else "shape", ability,
                              expected=f"{name} [{declared[low]}]"))
            continue
        if low in _outside_cr():
            items.append(Item(cs, cs + len(item), item, name, None, "outside-cr", ability))
            continue
        if low in tables.ability_words():
            return []  # an ability word on a line of its own
        items.append(Item(cs, cs + len(item), item, name, None, "unknown", ability,
                          suggestion=closest_keyword(name)))
    unknown = [i for i in items if i.status == "unknown"]
    if unknown:
        # flag unknown words only where the line is clearly made of keywords
        reminder_after = _reminder_follows(text, plain, ability)
        signal = (len(items) > len(unknown) or reminder_after
                  or any(_ITEM.fullmatch(i.text).group("param") for i in unknown)
                  or any(i.suggestion is not None for i in unknown))
        for i in unknown:
            i.signal = bool(signal)
    return items


def _reminder_follows(text: str, plain: str, ability: Ability) -> bool:
    """Whether reminder text stands right after the line's words (a keyword's reminder)."""
    own = text[ability.start:ability.end]
    return "(" in own and plain[ability.start:ability.end].strip() != own.strip()
