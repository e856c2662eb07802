"""The local Oracle index: a SQLite file of real cards, built once, read fast.

The index is built from Scryfall-format card objects (the ``oracle_cards``
bulk file, or any local list of card objects) into a temporary file and
then moved over the old one with :func:`os.replace`, so a reader sees the
old index or the new one, never half of one.

Layout of the file (``FORMAT`` below is bumped when it changes):

* ``cards``: one row per card object, with the fields the Oracle checks
  compare, the faces as JSON, a case-insensitive key and a normalized name
  (for near-miss name matching).
* ``face_names``: each face name of a multi-face card, pointing at its card.
* ``meta``: where the data came from and how old it is.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import tempfile
import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from linter.atomic import new_file_mode
from linter.cr.store import CACHE_ENV, cache_dir, file_in_the_way

#: Version of the file layout; an index of another version is rebuilt, not read.
FORMAT = 1
INDEX_FILENAME = "oracle-cards.sqlite3"

#: Scalar fields copied from a card object (and from each face).
TEXT_FIELDS = ("mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "defense")
LIST_FIELDS = ("colors", "color_indicator")
FACE_FIELDS = ("name",) + TEXT_FIELDS + LIST_FIELDS

#: Card objects that are not cards a player puts in a deck.  They stay in the
#: index (a file may well mirror tokens) but lose to a real card of the same name.
TOKEN_LAYOUTS = frozenset({"token", "double_faced_token", "emblem"})
OTHER_LAYOUTS = frozenset({"art_series"})
KIND_RANK = {"card": 0, "token": 1, "other": 2}

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE cards (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    norm_name TEXT NOT NULL,
    rank INTEGER NOT NULL,
    kind TEXT NOT NULL,
    oracle_id TEXT,
    layout TEXT,
    mana_cost TEXT,
    type_line TEXT,
    oracle_text TEXT,
    power TEXT,
    toughness TEXT,
    loyalty TEXT,
    defense TEXT,
    colors TEXT,
    color_indicator TEXT,
    faces TEXT
);
CREATE TABLE face_names (
    face_key TEXT NOT NULL,
    norm_name TEXT NOT NULL,
    name TEXT NOT NULL,
    card_id INTEGER NOT NULL
);
"""
_INDEXES = """
CREATE INDEX cards_name_key ON cards (name_key, rank);
CREATE INDEX cards_norm_name ON cards (norm_name);
CREATE INDEX face_names_key ON face_names (face_key);
CREATE INDEX face_names_norm ON face_names (norm_name);
"""
_CARD_COLUMNS = ("name", "kind", "oracle_id", "layout") + TEXT_FIELDS + LIST_FIELDS + ("faces",)


class OracleIndexError(Exception):
    """An index file that exists but cannot be used (damaged, or another format)."""


class IndexBuildError(ValueError):
    """The card data is not a list of card objects; no index was written."""


def default_index_path() -> Path:
    return cache_dir() / INDEX_FILENAME


# --------------------------------------------------------------------------- names

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
_SPACES = re.compile(r"\s+")
_NON_WORD = re.compile(r"[^0-9a-z ]+")
_LIGATURES = str.maketrans({"æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss"})


def name_key(name: str) -> str:
    """The key for exact lookups: case, Unicode form and curly apostrophes do not matter."""
    text = unicodedata.normalize("NFC", name).translate(_APOSTROPHES)
    return _SPACES.sub(" ", text).strip().casefold()


def normalize_name(name: str) -> str:
    """A name reduced for near-miss matching.

    Accents and ligatures are spelled out, case is folded, apostrophes are
    dropped and every other punctuation mark becomes a space, so
    "Æther-Wisp's Call" and "aether wisps call" normalize alike.
    """
    text = unicodedata.normalize("NFKD", name.translate(_LIGATURES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = text.translate(_APOSTROPHES).replace("'", "")
    text = _NON_WORD.sub(" ", text)
    return _SPACES.sub(" ", text).strip()


# --------------------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True)
class OracleCard:
    """One card of the reference, with the fields the Oracle checks compare.

    Absent fields are ``None`` (a card without power has ``power is None``).
    ``faces`` holds, for multi-face cards, one dict per face with the keys of
    ``FACE_FIELDS`` that the face has.  ``kind`` is "card", "token" (tokens
    and emblems) or "other" (art-series objects).
    """

    name: str
    layout: str | None = None
    mana_cost: str | None = None
    type_line: str | None = None
    oracle_text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: list[str] | None = None
    color_indicator: list[str] | None = None
    faces: list[dict] = field(default_factory=list)
    kind: str = "card"
    oracle_id: str | None = None

    def face(self, name: str) -> dict | None:
        """The face of that name (case-insensitive), if the card has one."""
        key = name_key(name)
        for face in self.faces:
            if name_key(face.get("name", "")) == key:
                return face
        return None


def _card_kind(card: Mapping[str, Any]) -> str:
    layout = card.get("layout")
    if layout in TOKEN_LAYOUTS or card.get("set_type") == "token":
        return "token"
    if layout in OTHER_LAYOUTS or card.get("set_type") == "memorabilia":
        return "other"
    return "card"


def _text_field(obj: Mapping[str, Any], key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)  # power 2 instead of "2": keep the value, as the file means it
    raise IndexBuildError(f"{where}: '{key}' should be a string, found {type(value).__name__}")


def _list_field(obj: Mapping[str, Any], key: str, where: str) -> list[str] | None:
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise IndexBuildError(f"{where}: '{key}' should be a list of strings")


def _describe_item(i: int, item: Any) -> str:
    name = item.get("name") if isinstance(item, dict) else None
    return f"card {i + 1}" + (f" ({name!r})" if isinstance(name, str) and name else "")


def _card_row(i: int, item: Any) -> tuple[tuple, list[tuple[str, str, str]]]:
    """Validate one card object; return its row and its face names."""
    where = _describe_item(i, item)
    if not isinstance(item, dict):
        raise IndexBuildError(f"{where}: expected a card object, found {type(item).__name__}")
    if item.get("object") != "card":
        found = item.get("object")
        raise IndexBuildError(f"{where}: expected \"object\": \"card\", found {found!r}")
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise IndexBuildError(f"{where}: a card object without a name")
    layout = _text_field(item, "layout", where)
    oracle_id = _text_field(item, "oracle_id", where)
    texts = [_text_field(item, k, where) for k in TEXT_FIELDS]
    lists = [_list_field(item, k, where) for k in LIST_FIELDS]
    faces_in = item.get("card_faces")
    faces: list[dict] = []
    face_names: list[tuple[str, str, str]] = []
    if faces_in is not None:
        if not isinstance(faces_in, list):
            raise IndexBuildError(f"{where}: 'card_faces' should be a list")
        for j, face in enumerate(faces_in):
            fwhere = f"{where}, face {j + 1}"
            if not isinstance(face, dict):
                raise IndexBuildError(f"{fwhere}: expected a face object")
            out: dict[str, Any] = {}
            fname = _text_field(face, "name", fwhere)
            if fname:
                out["name"] = fname
            for k in TEXT_FIELDS:
                v = _text_field(face, k, fwhere)
                if v is not None:
                    out[k] = v
            for k in LIST_FIELDS:
                v = _list_field(face, k, fwhere)
                if v is not None:
                    out[k] = v
            faces.append(out)
            if fname and name_key(fname) != name_key(name):
                face_names.append((name_key(fname), normalize_name(fname), fname))
    kind = _card_kind(item)
    row = (
        name, name_key(name), normalize_name(name), KIND_RANK[kind], kind, oracle_id, layout,
        *texts,
        *(json.dumps(v, ensure_ascii=False) if v is not None else None for v in lists),
        json.dumps(faces, ensure_ascii=False, separators=(",", ":")) if faces else None,
    )
    return row, face_names


def build_index_from_cards(cards: Iterable[Any], dest: str | Path | None = None,
                           meta: Mapping[str, Any] | None = None) -> int:
    """Build an index from Scryfall-format card objects and move it to ``dest``.

    ``cards`` is any iterable of card objects (dicts with at least
    ``"object": "card"`` and a ``name``; Scryfall ids are not needed).
    ``meta`` is stored in the meta table; give at least ``data_date`` (ISO
    date or timestamp) and ``source``.  Returns the number of cards.

    Raises :class:`IndexBuildError` when an item is not a card object or the
    list is empty; the file at ``dest`` is then untouched.  Errors the
    iterable itself raises (a JSON error in a streamed file, say) pass
    through, also leaving ``dest`` untouched.
    """
    dest = Path(dest) if dest is not None else default_index_path()
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=".oracle-index-", suffix=".tmp", dir=dest.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        count = _write_index(tmp, cards, meta or {})
        with open(tmp, "rb+") as fh:  # the data must be on disk before the name points at it
            os.fsync(fh.fileno())
        os.chmod(tmp, new_file_mode())  # mkstemp's 0600 would hide the index from other readers
        os.replace(tmp, dest)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return count


def _write_index(path: Path, cards: Iterable[Any], meta: Mapping[str, Any]) -> int:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute(f"PRAGMA user_version = {FORMAT}")
        conn.executescript(_SCHEMA)
        conn.execute("BEGIN")
        card_sql = ("INSERT INTO cards (id, name, name_key, norm_name, rank, kind, oracle_id, layout, "
                    + ", ".join(TEXT_FIELDS + LIST_FIELDS) + ", faces) VALUES ("
                    + ", ".join("?" * (18)) + ")")
        face_sql = "INSERT INTO face_names (face_key, norm_name, name, card_id) VALUES (?, ?, ?, ?)"
        rows: list[tuple] = []
        face_rows: list[tuple] = []
        count = 0
        for i, item in enumerate(cards):
            row, face_names = _card_row(i, item)
            count += 1
            rows.append((count, *row))
            face_rows.extend((*f, count) for f in face_names)
            if len(rows) >= 2000:
                conn.executemany(card_sql, rows)
                conn.executemany(face_sql, face_rows)
                rows.clear()
                face_rows.clear()
        if count == 0:
            raise IndexBuildError("the list holds no cards")
        conn.executemany(card_sql, rows)
        conn.executemany(face_sql, face_rows)
        for statement in filter(str.strip, _INDEXES.split(";")):
            conn.execute(statement)
        stored = {k: v for k, v in meta.items() if v is not None}
        stored.update(format=FORMAT, card_count=count,
                      built_at=datetime.now(timezone.utc).isoformat(timespec="seconds"))
        conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                         [(k, str(v)) for k, v in stored.items()])
        conn.execute("COMMIT")
        conn.execute("ANALYZE")
    finally:
        conn.close()
    return count


# --------------------------------------------------------------------------- reading


def parse_date(value: str | None) -> date | None:
    """The calendar date of an ISO date or timestamp ("2026-05-01T09:02:37+00:00")."""
    if not value:
        return None
    try:
        return date.fromisoformat(value.strip()[:10])
    except ValueError:
        return None


def read_meta(path: str | Path | None = None) -> dict[str, str] | None:
    """The meta table of an index, or None when there is no usable index there."""
    try:
        index = OracleIndex.open(path)
    except OracleIndexError:
        return None
    if index is None:
        return None
    with index:
        return dict(index.meta)


def _names_query(columns: tuple[str, ...], faces: bool, kinds: Iterable[str]) -> tuple[str, list[Any]]:
    """SQL and parameters selecting ``columns`` of the cards of ``kinds`` (and, with
    ``faces``, the same columns of their faces' names)."""
    ranks = sorted({KIND_RANK[k] for k in kinds})
    marks = ", ".join("?" * len(ranks))
    sql = f"SELECT {', '.join(columns)} FROM cards WHERE rank IN ({marks})"
    params: list[Any] = list(ranks)
    if faces:
        sql += (f" UNION SELECT {', '.join('f.' + c for c in columns)} FROM face_names f JOIN cards c "
                f"ON c.id = f.card_id WHERE c.rank IN ({marks})")
        params += ranks
    return sql, params


class OracleIndex:
    """A read-only view of the index file.  Use :meth:`open`."""

    def __init__(self, conn: sqlite3.Connection, path: Path, meta: dict[str, str]) -> None:
        self._conn = conn
        self.path = path
        self.meta = meta

    @classmethod
    def open(cls, path: str | Path | None = None) -> OracleIndex | None:
        """Open the index at ``path`` (default: the cache directory's).

        Returns None when there is no index file.  Raises
        :class:`OracleIndexError` when the file exists but is damaged or of
        another format (``oraclelint oracle update`` rebuilds it).
        """
        path = Path(path) if path is not None else default_index_path()
        if path.is_dir():
            raise OracleIndexError(f"the Oracle index path {path} is a directory, not an index file; "
                                   "remove it, or give --oracle the index file")
        if not path.is_file():
            blocked = file_in_the_way(path.parent)
            if blocked is not None:
                raise OracleIndexError(f"the cache directory {blocked} is a file, not a folder "
                                       f"(set {CACHE_ENV} to a folder, or remove the file)")
            return None
        uri = path.resolve().as_uri() + "?mode=ro"
        try:
            conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        except sqlite3.Error as exc:
            raise OracleIndexError(f"cannot open the Oracle index {path}: {exc}") from None
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version != FORMAT:
                raise OracleIndexError(
                    f"the Oracle index {path} has format {version}, this version reads {FORMAT}; "
                    "run 'oraclelint oracle update' to rebuild it")
            meta = dict(conn.execute("SELECT key, value FROM meta"))
            # pages written over (a crash of the disk, a stray write) are only found by reading
            # them: a quick check of the whole file costs milliseconds
            problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
            if problems != ["ok"]:
                said = " ".join(" ".join(str(x).replace("*** in database main ***", "").split()) for x in problems)
                raise sqlite3.DatabaseError(said[:200])
        except sqlite3.Error as exc:
            conn.close()
            raise OracleIndexError(f"the Oracle index {path} is damaged ({exc}); "
                                   "run 'oraclelint oracle update' to rebuild it") from None
        except OracleIndexError:
            conn.close()
            raise
        return cls(conn, path, meta)

    # -- what the index holds

    @property
    def data_date(self) -> date | None:
        """The date of the card data (the bulk file's update time)."""
        return parse_date(self.meta.get("data_date"))

    @property
    def card_count(self) -> int:
        return int(self.meta.get("card_count", 0))

    @property
    def source(self) -> str | None:
        return self.meta.get("source")

    # -- lookups

    def _query(self, sql: str, params=()) -> sqlite3.Cursor:
        try:
            return self._conn.execute(sql, params)
        except sqlite3.DatabaseError as exc:
            raise OracleIndexError(f"the Oracle index {self.path} is damaged ({exc}); "
                                   "run 'oraclelint oracle update' to rebuild it") from None

    def lookup(self, name: str) -> OracleCard | None:
        """The card with this full name or face name (case-insensitive), or None.

        When several card objects share a name, a card wins over a token,
        a token over an art-series object.
        """
        key = name_key(name)
        row = self._query(
            f"SELECT {', '.join(_CARD_COLUMNS)} FROM cards WHERE name_key = ? ORDER BY rank, id LIMIT 1",
            (key,)).fetchone()
        if row is None:
            row = self._query(
                f"SELECT {', '.join('c.' + c for c in _CARD_COLUMNS)} FROM face_names f "
                "JOIN cards c ON c.id = f.card_id WHERE f.face_key = ? ORDER BY c.rank, c.id LIMIT 1",
                (key,)).fetchone()
        return _card_from_row(row) if row is not None else None

    def lookup_normalized(self, name: str) -> list[OracleCard]:
        """Cards whose full or face name normalizes like ``name`` (see :func:`normalize_name`)."""
        norm = normalize_name(name)
        rows = self._query(
            f"SELECT {', '.join(_CARD_COLUMNS)} FROM cards WHERE norm_name = ? "
            "UNION SELECT " + ", ".join("c." + c for c in _CARD_COLUMNS) + " FROM face_names f "
            "JOIN cards c ON c.id = f.card_id WHERE f.norm_name = ?", (norm, norm)).fetchall()
        return [_card_from_row(r) for r in rows]

    def names(self, *, faces: bool = False, kinds: Iterable[str] = ("card",)) -> Iterator[str]:
        """Distinct full names (and face names with ``faces=True``), in name order.

        ``kinds`` limits the card objects: "card" (default), "token", "other".
        """
        sql, params = _names_query(("name",), faces, kinds)
        if not faces:
            sql = sql.replace("SELECT name", "SELECT DISTINCT name")
        sql += " ORDER BY 1"
        for (name,) in self._query(sql, params):
            yield name

    def normalized_names(self, *, faces: bool = True,
                         kinds: Iterable[str] = ("card",)) -> Iterator[tuple[str, str]]:
        """(normalized name, name) pairs, for near-miss matching."""
        sql, params = _names_query(("norm_name", "name"), faces, kinds)
        yield from self._query(sql, params)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> OracleIndex:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"OracleIndex({str(self.path)!r}, cards={self.card_count}, data_date={self.data_date})"


def _card_from_row(row: tuple) -> OracleCard:
    values = dict(zip(_CARD_COLUMNS, row))
    for key in LIST_FIELDS:
        if values[key] is not None:
            values[key] = json.loads(values[key])
    values["faces"] = json.loads(values["faces"]) if values["faces"] else []
    return OracleCard(**values)
