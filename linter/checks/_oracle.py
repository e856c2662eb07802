"""The Oracle reference for the ORC checks: which index is in use, which files mirror it,
how a card's fields compare with its Oracle version, and near-miss names.

The index in use is the cache directory's (``oraclelint oracle update``) unless
:func:`use` names another file (``oraclelint check --oracle PATH``).  With no
index every ORC check is silent.

A file *mirrors Oracle* when the configuration says ``set-kind = "oracle"``,
or, without that setting, only on strong evidence: it holds at least
:data:`MIRROR_MIN_CARDS` cards (tokens left out) and at least
:data:`MIRROR_SHARE` of them are real cards again (a real name, and the real
mana cost, type line and mostly the real rules text), not only real names.
Otherwise it is a custom set: a card there that carries a real card's name is
a reprint when its mana cost and type line agree with the real card's and its
rules text is mostly the real text (it is then compared like a mirrored
card), else a new card that took a real card's name (ORC006), never compared.
In a file that does not say what it is (no ``set-kind``), the real mana cost
and type line are enough for a reprint: Oracle may have changed the text since.

Only a file declared a mirror gets safe fixes from the comparison: a designer's
card is never turned into the real card's text by ``--fix`` on a guess.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import os
import re
import unicodedata
import weakref
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar, Iterable, Iterator

from linter.checks._textutil import stray_spacing
from linter.checks.base import Check, Hit
from linter.model import Card, Face

#: share of a file's cards that are real cards again from which the file mirrors Oracle
MIRROR_SHARE = 0.6
#: fewest cards (tokens left out) a file needs to be taken for a mirror without set-kind
MIRROR_MIN_CARDS = 10
#: layouts of objects that are not cards with unique names (CR 108.2b: tokens are not cards)
NOT_CARD_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})

# --------------------------------------------------------------------------- the index in use

_explicit: Path | None = None
_opened: tuple | None = None  # (path, stamp, index or None, problem or None)


def use(path: str | os.PathLike | None) -> None:
    """Use the index at ``path`` from now on (None: the cache directory's)."""
    global _explicit
    _explicit = Path(path) if path is not None else None


@contextmanager
def using(path: str | os.PathLike | None) -> Iterator[None]:
    """Use the index at ``path`` within a ``with`` block (for tests and tools)."""
    global _explicit
    before = _explicit
    use(path)
    try:
        yield
    finally:
        _explicit = before


def index_path() -> Path:
    from linter.oracle.index import default_index_path

    return _explicit if _explicit is not None else default_index_path()


def _stamp(path: Path) -> tuple | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _open() -> tuple:
    """(index or None, why it cannot be used or None), opened once per file version and
    process (a worker process opens its own: an SQLite connection does not cross a fork)."""
    global _opened
    from linter.oracle.index import OracleIndex, OracleIndexError

    path = index_path()
    stamp = _stamp(path)
    if _opened is not None and _opened[0] == path and _opened[1] == stamp and _opened[4] == os.getpid():
        return _opened[2], _opened[3]
    if _opened is not None and _opened[2] is not None and _opened[4] == os.getpid():
        _opened[2].close()
    index, problem = None, None
    if stamp is None and _explicit is not None:
        problem = f"no Oracle index at {path}"
    else:
        try:  # no file: None; a directory, or a cache directory that is a file: named
            index = OracleIndex.open(path)
        except OracleIndexError as exc:
            problem = str(exc)
    _opened = (path, stamp, index, problem, os.getpid())
    return index, problem


def _broken(exc: Exception) -> None:
    """The index turned out damaged while it was read: the ORC checks are off from now on
    (the command line reports it once, after the run)."""
    global _opened
    if _opened is not None:
        if _opened[2] is not None:
            _opened[2].close()
        _opened = (_opened[0], _opened[1], None, str(exc), _opened[4])


def reference():
    """The :class:`~linter.oracle.index.OracleIndex` in use, or None when there is none."""
    return _open()[0]


def reference_problem() -> str | None:
    """Why the index in use cannot be used (None: it can, or there simply is none)."""
    return _open()[1]


def data_date_text(index) -> str:
    """"Oracle data of 2026-05-01": the date every ORC message names."""
    day = index.data_date
    return f"Oracle data of {day.isoformat()}" if day else "Oracle data of an unknown date"


# --------------------------------------------------------------------------- comparing fields

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u201c": '"', "\u201d": '"',
                              "\u2212": "-", "\u2013": "\u2014", "\u00a0": " "})
_LONE_HYPHEN = re.compile(r"(?m)(?<=[ \t])-{1,2}(?=[ \t]|$)")
_DASH = re.compile(r"[ \t]*\u2014[ \t]*")
_SPACES = re.compile(r"[ \t]+")
_SPACE_BEFORE = re.compile(r"[ \t]+(?=[.,:;])")


def _typography(text: str) -> str:
    """One form for what only typography tells apart: apostrophes, quotes, minus
    signs, dashes between words, line endings, spacing."""
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\r", "\n")
    text = text.translate(_APOSTROPHES)
    text = _DASH.sub(" \u2014 ", _LONE_HYPHEN.sub("\u2014", text))
    return text


def rules_text(text: str | None, *, spacing: bool = False) -> str:
    """Rules text as compared: typography evened out, reminder text (CR 207.2a) and
    blank lines left out, spaces collapsed (kept as written with ``spacing``)."""
    if not text:
        return ""
    return _rules_text(text, spacing)


@functools.lru_cache(maxsize=1 << 15)
def _rules_text(text: str, spacing: bool) -> str:
    # the ORC checks compare a text several times (is it a reprint? does it differ?)
    from linter.nlp.text import reminder_spans  # here: a run answered from the cache reads no text

    text = _typography(text)
    spans = reminder_spans(text)
    for a, b in reversed(spans):
        if spacing:  # the space before a reminder goes with it
            while a > 0 and text[a - 1] in " \t":
                a -= 1
        text = text[:a] + text[b:]
    lines = []
    for line in text.split("\n"):
        if not spacing:
            line = _SPACE_BEFORE.sub("", _SPACES.sub(" ", line)).strip()
        if line.strip():
            lines.append(line)
    return "\n".join(lines)


def type_line(text: str | None) -> str:
    if text is None:
        return ""
    text = _typography(text)
    return _SPACES.sub(" ", text.replace("\n", " ")).strip()


def mana_cost(text: str | None) -> str:
    if not text:
        return ""
    return re.sub(r"\s+", "", text).upper()


def stat(text: str | None) -> str | None:
    if text is None:
        return None
    return _typography(str(text)).replace(" ", "").strip()


def colors(value) -> tuple[str, ...]:
    order = "WUBRG"
    return tuple(sorted({c.upper() for c in (value or ())}, key=lambda c: order.find(c)))


def word_diff(old: str, new: str, *, changes: int = 3, context: int = 2, words: int = 8) -> str:
    """A short word-level diff of two texts: ``… this creature enters [-the battlefield,-]{+,+} …``.

    Removed words stand in ``[-…-]``, added ones in ``{+…+}`` (as ``git diff
    --word-diff`` writes them); a line break is ``¶``.  At most ``changes``
    changes are shown, each with ``context`` words around it and at most
    ``words`` words per side.
    """
    a, b = _words(old), _words(new)
    ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    total = sum(1 for op in ops if op[0] != "equal")
    if not total:
        return ""
    pieces: list[str] = []
    shown = 0
    for n, (tag, i1, i2, j1, j2) in enumerate(ops):
        if tag == "equal":
            run = a[i1:i2]
            first, last = n == 0, n == len(ops) - 1 or shown == changes
            if first and last:
                continue
            if first:
                pieces.extend((["…"] if len(run) > context else []) + run[-context:])
            elif last:
                pieces.extend(run[:context] + (["…"] if len(run) > context else []))
            elif len(run) > 2 * context + 1:
                pieces.extend(run[:context] + ["…"] + run[-context:])
            else:
                pieces.extend(run)
            continue
        if shown == changes:
            break
        change = ""
        if i2 > i1:
            change += "[-" + _clip(a[i1:i2], words) + "-]"
        if j2 > j1:
            change += "{+" + _clip(b[j1:j2], words) + "+}"
        pieces.append(change)
        shown += 1
    text = " ".join(pieces)
    if total > shown:
        text += f" ({total - shown} more change{'s' if total - shown != 1 else ''})"
    return text


def _words(text: str) -> list[str]:
    out: list[str] = []
    for k, line in enumerate(text.split("\n")):
        if k:
            out.append("¶")
        out.extend(line.split())
    return out


def _clip(words: list[str], limit: int) -> str:
    if len(words) <= limit:
        return " ".join(words)
    half = max(1, limit // 2)
    return " ".join(words[:half]) + " … " + " ".join(words[-half:])


# --------------------------------------------------------------------------- one file against the index


@dataclass
class Match:
    """A card of the file and the real card its name names."""

    card: Card
    oracle: object | None = None  # OracleCard of kind "card"
    exact: bool = True  # the name is the real name as written (else it only normalizes alike)
    found_name: str | None = None  # the name looked up: the card's, or its front face's
    faces: list[tuple[int, dict]] = field(default_factory=list)  # (file face index, Oracle fields)
    reprint: bool = False  # mana cost, type line and most of the rules text are the real card's
    #: faces named like a real card of their own (an adventure half, a back face):
    #: (file face index, the real card, its fields for that face, whether cost and type line agree)
    real_faces: list[tuple[int, object, dict, bool]] = field(default_factory=list)


@dataclass
class FileView:
    """The cards of one file held against the index."""

    index: object
    date: str
    kind: str  # "oracle" (mirrors Oracle) or "custom"
    matches: list[Match]
    real: int = 0  # cards (tokens left out) named like a real card
    counted: int = 0  # cards (tokens left out)
    declared: bool = False  # the configuration says set-kind = "oracle"

    @property
    def fixes_safe(self) -> bool:
        """Whether taking the Oracle values is a safe fix: only in a declared mirror."""
        return self.declared

    def mirrored(self) -> Iterator[Match]:
        """The cards to compare with their Oracle version."""
        for m in self.matches:
            if m.oracle is not None and m.faces and (self.kind == "oracle" or m.reprint):
                yield m

    def mirrored_faces(self) -> Iterator[tuple[Card, int, Face, dict]]:
        """(card, face index, face, Oracle fields) of every face to compare.

        Besides the faces of mirrored cards: a face named like a real card on a
        card that is not one (a custom card whose back shows the real card it
        makes), in a mirror file always, in a custom set when it is a reprint
        of that card.
        """
        for m in self.matches:
            if m.oracle is not None and m.faces and (self.kind == "oracle" or m.reprint):
                for i, fields in m.faces:
                    yield m.card, i, m.card.faces[i], fields
            elif m.oracle is None:
                for i, _real, fields, agrees in m.real_faces:
                    if self.kind == "oracle" or agrees:
                        yield m.card, i, m.card.faces[i], fields


def is_card(card: Card) -> bool:
    """A card with a unique name (not a token, an emblem or an art-series card)."""
    return not card.is_token and card.layout not in NOT_CARD_LAYOUTS and bool(card.faces)


_VIEWS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def file_view(cards: list[Card]) -> FileView | None:
    """The file's cards against the index in use (None when there is no index).

    Worked out once per file and index; every ORC check of the run shares it.
    """
    index = reference()
    if index is None or not cards:
        return None
    from linter.config import active

    set_kind = active().set_kind
    source = cards[0].source
    key = (id(index), _opened[1] if _opened else None, set_kind, len(cards), id(cards[0]))
    if source is not None:
        held = _VIEWS.get(source)
        if held is not None and held[0] == key:
            return held[1]
    from linter.oracle.index import OracleIndexError

    try:
        view = _build_view(index, cards, set_kind)
    except OracleIndexError as exc:  # pages the quick check at opening did not see
        _broken(exc)
        return None
    if source is not None:
        _VIEWS[source] = (key, view)
    return view


def _as_card(oracle) -> object | None:
    return oracle if oracle is not None and oracle.kind == "card" else None


def _top_fields(oracle) -> dict:
    from linter.oracle.index import LIST_FIELDS, TEXT_FIELDS

    return {k: getattr(oracle, k) for k in ("name",) + TEXT_FIELDS + LIST_FIELDS}


def _lookup(index, name: str | None) -> tuple[object | None, bool]:
    """The real card of that name: (card, exact) or (None, True)."""
    if not name:
        return None, True
    found = _as_card(index.lookup(name))
    if found is not None:
        return found, True
    alike = [c for c in index.lookup_normalized(name) if c.kind == "card"]
    if len({c.name for c in alike}) == 1:
        return alike[0], False
    return None, True


def _face_fields(oracle, face_name: str | None, position: int, file_faces: int) -> dict | None:
    """The Oracle fields of the face of ``oracle`` that matches a file's face."""
    from linter.oracle.index import name_key

    if oracle.faces:
        if face_name:
            found = oracle.face(face_name)
            if found is not None:
                return found
        if file_faces == len(oracle.faces) and position < len(oracle.faces):
            return oracle.faces[position]
        return None
    if file_faces == 1 or (face_name and name_key(face_name) == name_key(oracle.name)):
        return _top_fields(oracle)
    return None


def _match(index, card: Card) -> Match:
    m = Match(card)
    if not is_card(card):
        return m
    front = card.faces[0].name
    found_name = card.name
    oracle, exact = _lookup(index, card.name)
    if oracle is None and front and front != card.name:
        found_name = front
        oracle, exact = _lookup(index, front)
    # faces that carry a real card's name of their own (an adventure half, a back face)
    for i, face in enumerate(card.faces):
        if face.name and face.name != card.name:
            real = _as_card(index.lookup(face.name))
            if real is not None:
                fields = _face_fields(real, face.name, 0, 1)
                if fields is not None:
                    m.real_faces.append((i, real, fields, _agrees(face, fields)))
    if oracle is None:
        return m
    m.oracle, m.exact, m.found_name = oracle, exact, found_name
    if printed_as_variants(card):
        # one name, several different printings (Attractions, Unstable's variants): Oracle
        # holds one of them, so a difference says nothing
        m.reprint = True
        return m
    n = len(card.faces)
    for i, face in enumerate(card.faces):
        fields = _face_fields(oracle, face.name, i, n)
        if fields is None and face.name and n > 1:
            # a face of the file's card that is a card of its own in Oracle (a meld pair)
            other = _as_card(index.lookup(face.name))
            if other is not None and other is not oracle:
                fields = _face_fields(other, face.name, 0, 1)
        if fields is not None:
            m.faces.append((i, fields))
    m.reprint = bool(m.faces) and all(_agrees(card.faces[i], fields) for i, fields in m.faces)
    return m


@functools.lru_cache(maxsize=None)
def _variant_data() -> tuple[frozenset[str], frozenset[str]]:
    from linter.catalogue import load
    from linter.oracle.index import name_key

    data = load("set_level")
    return (frozenset(data.get("variant_subtypes") or ()),
            frozenset(name_key(n) for n in data.get("variant_names") or ()))


def printed_as_variants(card: Card) -> bool:
    """A name printed as several different cards on purpose (rules_data/set_level.yaml)."""
    from linter.oracle.index import name_key

    subtypes, names = _variant_data()
    return name_key(card.name or "") in names or any(set(f.subtypes) & subtypes for f in card.faces)


#: how much of its rules text (words, in order) a reprint shares with the real card at least
REPRINT_TEXT_SHARE = 0.5


def _agrees(face: Face, fields: dict, text: bool = True) -> bool:
    """Whether a face is the real face again: the same mana cost and type line, and
    (with ``text``) rules text that is mostly the real text, older wording allowed
    (a field the file does not give agrees)."""
    if face.mana_cost is not None and mana_cost(face.mana_cost) != mana_cost(fields.get("mana_cost")):
        return False
    if face.type_line is not None and type_line(face.type_line) != type_line(fields.get("type_line")):
        return False
    if not text:
        return True
    mine, theirs = rules_text(face.oracle_text), rules_text(fields.get("oracle_text"))
    if face.oracle_text is not None and mine != theirs and (mine or theirs):
        share = difflib.SequenceMatcher(None, _words(mine), _words(theirs), autojunk=False).ratio()
        if share < REPRINT_TEXT_SHARE:
            return False
    return True


def _build_view(index, cards: list[Card], set_kind: str | None) -> FileView:
    matches = []
    for c in cards:
        facts = _facts(c, now=False)
        matches.append(dataclasses.replace(facts.match, card=c) if facts is not None else _match(index, c))
    counted = [m for m in matches if is_card(m.card) and m.card.name]
    real = sum(1 for m in counted if m.oracle is not None)
    if set_kind in ("oracle", "custom"):
        kind = set_kind
    else:
        # a real name alone is no evidence (a custom card may take one): the cards must be
        # the real cards again, and there must be enough of them
        again = sum(1 for m in counted if m.oracle is not None and m.reprint)
        kind = "oracle" if len(counted) >= MIRROR_MIN_CARDS and again >= MIRROR_SHARE * len(counted) \
            else "custom"
        if kind == "custom":
            # a file that does not say what it is: a card with the real mana cost and type line
            # is the real card, whose text Oracle may have changed since (errata); compared,
            # with unsafe fixes. Only a card of its own cost or type is a new card (ORC006).
            for m in matches:
                if m.oracle is not None and m.faces and not m.reprint and \
                        all(_agrees(m.card.faces[i], fields, text=False) for i, fields in m.faces):
                    m.reprint = True
    return FileView(index, data_date_text(index), kind, matches, real, len(counted),
                    declared=set_kind == "oracle")


# --------------------------------------------------------------------------- near-miss names


def max_distance(normalized: str) -> int:
    """How many edits a name may be from a real one to be called close: 2 from 8
    characters on, 1 from 5, else none (short names are a few edits from many)."""
    n = len(normalized)
    return 2 if n >= 8 else 1 if n >= 5 else 0


def osa_distance(a: str, b: str, limit: int) -> int:
    """Damerau-Levenshtein distance (optimal string alignment); ``limit + 1`` once it exceeds ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    if a == b:
        return 0
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        ai = a[i - 1]
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if ai == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ai == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            if v < best:
                best = v
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return min(prev[-1], limit + 1)


class NameMatcher:
    """Real names within a few edits of a name, found fast.

    A character-count filter (an edit changes the counts by at most two, a
    transposition not at all) leaves a handful of candidates for the exact
    distance.  The counts are one numpy array, a row per name over the
    characters the names use, the rows sorted by length: one query looks at
    the rows of the lengths a match can have in one array operation.
    """

    def __init__(self, pairs) -> None:
        import numpy as np

        self._np = np
        items: list[tuple[str, str]] = []
        for norm, name in pairs:
            # "Fire // Ice" is no name one writes: its faces' names stand for it
            if norm and norm.isascii() and "//" not in name:
                items.append((norm, name))
        items.sort(key=lambda item: len(item[0]))  # stable: names of one length keep their order
        alphabet = sorted({ch for norm, _name in items for ch in norm})
        self._column = np.full(128, len(alphabet), dtype=np.intp)  # a character no name uses: the last
        for k, ch in enumerate(alphabet):
            self._column[ord(ch)] = k
        counts = np.zeros((len(items), len(alphabet) + 1), dtype=np.int16)
        if items:
            text = np.frombuffer("".join(norm for norm, _ in items).encode("ascii"), dtype=np.uint8)
            rows = np.repeat(np.arange(len(items)), [len(norm) for norm, _ in items])
            np.add.at(counts, (rows, self._column[text]), 1)
        self._counts = counts
        self._items = items
        lengths = [len(norm) for norm, _ in items]
        self._first = {}  # length -> first row of that length
        for row, n in enumerate(lengths):
            self._first.setdefault(n, row)
        self._lengths = lengths
        self.size = len(items)

    def _rows(self, lo: int, hi: int) -> tuple[int, int]:
        """The rows of the names from ``lo`` to ``hi`` characters long."""
        import bisect

        return bisect.bisect_left(self._lengths, lo), bisect.bisect_right(self._lengths, hi)

    def near(self, normalized: str, limit: int | None = None) -> list[tuple[int, str]]:
        """(distance, real name) of the real names within the allowed distance, closest first;
        names that normalize alike (distance 0) are left out."""
        np = self._np
        k = max_distance(normalized) if limit is None else limit
        if k <= 0 or not normalized.isascii():
            return []
        n = len(normalized)
        lo, hi = self._rows(n - k, n + k)
        if lo >= hi:
            return []
        query = np.zeros(self._counts.shape[1], dtype=np.int16)
        np.add.at(query, self._column[np.frombuffer(normalized.encode("ascii"), dtype=np.uint8)], 1)
        close = np.nonzero(np.abs(self._counts[lo:hi] - query).sum(axis=1) <= 2 * k)[0]
        out: dict[str, int] = {}
        items = self._items
        for row in close.tolist():
            norm, name = items[lo + row]
            if norm == normalized:
                continue
            d = osa_distance(normalized, norm, k)
            if d <= k and d < out.get(name, k + 1):
                out[name] = d
        return sorted(((d, name) for name, d in out.items()), key=lambda x: (x[0], x[1]))


_MATCHERS: dict[tuple, NameMatcher] = {}


def name_matcher(index) -> NameMatcher:
    """The matcher of the index's card names and face names (built once per index file)."""
    key = (str(index.path), _stamp(Path(index.path)))
    matcher = _MATCHERS.get(key)
    if matcher is None:
        _MATCHERS.clear()
        matcher = _MATCHERS[key] = NameMatcher(index.normalized_names(faces=True, kinds=("card",)))
    return matcher


def quote_names(names: list[str]) -> str:
    quoted = [f"'{n}'" for n in names]
    if len(quoted) <= 2:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]


# --------------------------------------------------------------------------- the work of one card


def text_drift(mine: str, theirs: str | None) -> str | None:
    """How a face's rules text differs from its Oracle text (ORC001's message), or None
    when it does not."""
    a, b = rules_text(mine), rules_text(theirs)
    if a == b:
        # whitespace is text: "Enchant  permanent " is not Oracle's "Enchant permanent"
        if rules_text(mine, spacing=True) == rules_text(theirs, spacing=True):
            return None
        stray = [what for _s, _e, what in stray_spacing(mine)]
        return "spacing (" + ", ".join(dict.fromkeys(stray)) + ")" if stray else "spacing"
    return word_diff(a, b) or "the texts differ"


@dataclass
class CardFacts:
    """What the ORC checks work out of one card against the index, once for all of them
    and where the card is read (a worker process): its match, and, where ORC001 and
    ORC007 run, how its faces' texts drift from Oracle's and the real names near its own."""

    index: tuple  # the index file it was worked out against: (path, stamp)
    match: Match  # without the card (the process that judges the file has it)
    drift: dict[tuple[int, str | None], str | None] = field(default_factory=dict)
    near: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)


_FACTS: "weakref.WeakKeyDictionary[Card, CardFacts]" = weakref.WeakKeyDictionary()


def card_facts(card: Card, need: Iterable[str] = ()) -> CardFacts | None:
    """The card's facts (None without an index), with what ``need`` names worked out:
    "drift" (ORC001), "near" (ORC007)."""
    facts = _facts(card, now=False)
    if facts is not None and all(n in facts.done for n in need):
        return facts
    # the index this process opened (the run's: looked up once per card, not stat'ed each time)
    index = _opened[2] if _opened is not None and _opened[4] == os.getpid() else reference()
    if index is None or _opened is None:
        return None
    if facts is None:
        try:
            m = _match(index, card)
        except Exception as exc:
            from linter.oracle.index import OracleIndexError

            if isinstance(exc, OracleIndexError):
                _broken(exc)
                return None
            raise
        facts = _FACTS[card] = CardFacts((_opened[0], _opened[1]), dataclasses.replace(m, card=None))
    m = facts.match
    if "drift" in need and "drift" not in facts.done:
        pairs = list(m.faces) + [(i, fields) for i, _real, fields, _agrees in m.real_faces]
        for i, fields in pairs:
            mine = card.faces[i].oracle_text
            if mine is not None:
                theirs = fields.get("oracle_text")
                facts.drift[(i, theirs)] = text_drift(mine, theirs)
        facts.done.add("drift")
    if "near" in need and "near" not in facts.done:
        if m.oracle is None and is_card(card):
            from linter.oracle.index import normalize_name

            real = {i for i, *_rest in m.real_faces}
            for i, face in enumerate(card.faces):
                name = face.name or (card.name if len(card.faces) == 1 else None)
                if name and i not in real:
                    facts.near[i] = name_matcher(index).near(normalize_name(name))
        facts.done.add("near")
    return facts


def _facts(card: Card, now: bool = True) -> CardFacts | None:
    """The card's facts, if they were worked out against the index in use (``now``: as
    it is on disk now, else as this process opened it)."""
    facts = _FACTS.get(card)
    if facts is None:
        return None
    if now:
        reference()  # a file replaced since it was opened is opened again
    if _opened is None or facts.index != (_opened[0], _opened[1]):
        return None
    return facts


def drift_of(card: Card, i: int, mine: str, theirs: str | None) -> str | None:
    """:func:`text_drift` of a face of ``card``, as its facts hold it where they do."""
    facts = _facts(card, now=False)
    if facts is not None and (i, theirs) in facts.drift:
        return facts.drift[(i, theirs)]
    return text_drift(mine, theirs)


def near_names(index, card: Card, i: int, name: str) -> list[tuple[int, str]]:
    """(distance, real name) of the real names near the name of a face of ``card``."""
    facts = _facts(card, now=False)
    if facts is not None and i in facts.near:
        return facts.near[i]
    from linter.oracle.index import normalize_name

    return name_matcher(index).near(normalize_name(name))


class OracleCheck(Check):
    """An ORC check: it judges a file's cards against the index (a set-level check that
    reads no parse).  What one card costs (looking it up, and what ``facts`` names: how its
    text drifts, the names near its own) is worked out card by card where the card is read
    (:func:`card_facts`), once for every ORC check, and the file is judged from that."""

    abstract = True
    scope = "set"
    needs_parse = False
    #: what of the card's facts the check reads besides its match
    facts: ClassVar[tuple[str, ...]] = ()

    def collect(self, card: Card) -> CardFacts | None:
        return card_facts(card, self.facts)

    def idle(self) -> bool:
        """Whether :meth:`collect` has nothing to gather now: with no index in use (none,
        or one that cannot be used) every card's facts are None, and the file is judged as
        :meth:`check_set` judges it (see :func:`linter.lint.idle`, asked once per batch)."""
        return reference() is None

    def check_collected(self, cards: list[Card], collected: list) -> Iterable[tuple[Card, Hit]]:
        for card, facts in zip(cards, collected):
            if facts is not None:
                _FACTS[card] = facts
        return self.check_set(cards)
