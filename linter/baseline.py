"""Baselines: record today's findings, and later report only the new ones.

A finding is keyed by what it is about, not where it is: the file's path
relative to the baseline's folder, the card's name, the face, the field, the
code and a hash of the text the finding flags.  Line numbers are left out,
so adding or editing another card does not invalidate the baseline.  Equal
keys are counted: a card with two old findings of one kind and a new third
one reports the third.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from linter import __version__
from linter.atomic import replace_from_temp
from linter.diagnostics import Diagnostic

FORMAT_VERSION = 1


class BaselineError(ValueError):
    """A baseline file that cannot be read or written."""


@dataclass(frozen=True, order=True)
class Key:
    path: str
    card: str
    face: int
    field: str
    code: str
    text_hash: str


def flagged_text(d: Diagnostic) -> str:
    """The text a finding points at: the span of its field, or the whole field
    when it has no span, or its message when it concerns no card field."""
    card = d.card_obj
    if getattr(card, "from_cache", False):  # a finding from the results cache keeps its text
        return card.flagged
    value = None
    if card is not None and d.field:
        if d.face is not None and 0 <= d.face < len(card.faces):
            value = getattr(card.faces[d.face], d.field, None)
        if value is None:
            value = getattr(card, d.field, None)
            if value is None:
                value = card.extra.get(d.field) if isinstance(getattr(card, "extra", None), dict) else None
    if value is None:
        return d.message if card is None else ""
    value = value if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)
    if d.start is not None:
        end = d.end if d.end is not None else d.start
        return value[d.start:end]
    return value


def text_hash(text: str) -> str:
    # Whitespace changes (re-indenting a file) do not make a finding new.
    norm = " ".join(text.split())
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()[:16]


def relative_path(path: str, root: Path) -> str:
    """``path`` relative to ``root``, with forward slashes (worked out once per path, root
    and working folder: a run's findings name a few files, and each finding asks)."""
    return _relative_path(path, root, os.getcwd())


@functools.lru_cache(maxsize=1024)
def _relative_path(path: str, root: Path, cwd: str) -> str:
    # ``cwd``: what a relative ``path`` (and ``root``) is taken from, a part of the key only
    try:
        return Path(os.path.relpath(os.path.abspath(path), root)).as_posix()
    except ValueError:  # another drive on Windows
        return Path(path).as_posix()


def key_of(d: Diagnostic, root: Path) -> Key:
    return Key(
        path=relative_path(d.path, root) if d.path else "",
        card=d.card or "",
        face=d.face if d.face is not None else -1,
        field=d.field or "",
        code=d.code,
        text_hash=text_hash(flagged_text(d)),
    )


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a baseline holds")


#: the largest count or face number a baseline entry may hold
_LARGEST = 10**9


def _text(item: dict, key: str) -> str:
    value = item[key]
    if not isinstance(value, str):
        raise ValueError(f"{key}: expected text, found {json.dumps(value)[:40]}")
    return value


def _whole(item: dict, key: str, default: int | None = None) -> int:
    value = item[key] if default is None else item.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > _LARGEST:
        raise ValueError(f"{key}: expected a whole number of at most {_LARGEST:,}, found {json.dumps(value)[:40]}")
    return value


class Baseline:
    """The findings recorded in one baseline file."""

    def __init__(self, path: str | os.PathLike, counts: Counter | None = None) -> None:
        self.path = Path(path)
        self.counts: Counter = counts if counts is not None else Counter()

    @property
    def root(self) -> Path:
        return self.path.absolute().parent

    def __len__(self) -> int:
        return sum(self.counts.values())

    # -- reading and writing ----------------------------------------------------------
    @classmethod
    def load(cls, path: str | os.PathLike) -> "Baseline":
        path = Path(path)
        if path.is_dir():
            raise BaselineError(f"{path}: is a directory, not a baseline file")
        try:
            data = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_constant)
        except FileNotFoundError:
            raise BaselineError(f"{path}: no such baseline file (create it with --write-baseline)") from None
        except OSError as exc:
            raise BaselineError(f"{path}: cannot be read: {exc.strerror or exc}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise BaselineError(f"{path}: is not a baseline file (not JSON: {exc})") from None
        except ValueError as exc:  # NaN, Infinity
            raise BaselineError(f"{path}: is not a baseline file ({exc})") from None
        except RecursionError:
            raise BaselineError(f"{path}: is not a baseline file (its JSON is nested too deeply)") from None
        if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION \
                or not isinstance(data.get("findings"), list):
            raise BaselineError(f"{path}: is not an oraclelint baseline (version {FORMAT_VERSION})")
        counts: Counter = Counter()
        for i, item in enumerate(data["findings"]):
            if not isinstance(item, dict):
                raise BaselineError(f"{path}: findings[{i}] is not a baseline entry (expected an object)")
            try:
                key = Key(_text(item, "path"), _text(item, "card"), _whole(item, "face"), _text(item, "field"),
                          _text(item, "code"), _text(item, "hash"))
                n = _whole(item, "count", 1)
            except KeyError as exc:
                raise BaselineError(f"{path}: findings[{i}] is not a baseline entry (no {exc.args[0]!r})") from None
            except ValueError as exc:
                raise BaselineError(f"{path}: findings[{i}].{exc}") from None
            counts[key] += max(n, 0)
        return cls(path, counts)

    @classmethod
    def from_diagnostics(cls, path: str | os.PathLike, diagnostics: Iterable[Diagnostic]) -> "Baseline":
        base = cls(path)
        for d in diagnostics:
            base.counts[key_of(d, base.root)] += 1
        return base

    def as_json(self, messages: dict[Key, str] | None = None) -> dict:
        findings = []
        for key in sorted(self.counts):
            entry = {"path": key.path, "card": key.card, "face": key.face, "field": key.field,
                     "code": key.code, "hash": key.text_hash, "count": self.counts[key]}
            if messages and key in messages:
                entry["message"] = messages[key]  # for a person reading a diff; not part of the key
            findings.append(entry)
        return {"version": FORMAT_VERSION, "tool": {"name": "oraclelint", "version": __version__},
                "findings": findings}

    def write(self, messages: dict[Key, str] | None = None) -> None:
        """Write the file atomically: a half-written baseline is never left behind."""
        # backslashreplace: a lone surrogate (a card name, a file name that is not UTF-8) is
        # written as the JSON escape it stands for, and reads back the same
        data = (json.dumps(self.as_json(messages), indent=2, ensure_ascii=False) + "\n").encode(
            "utf-8", "backslashreplace")
        folder = self.path.absolute().parent
        mode = owner = None  # a new baseline: the mode of a new file (0666 less the umask)
        try:
            st = os.stat(self.path)
            mode, owner = st.st_mode & 0o7777, (st.st_uid, st.st_gid)  # an old one keeps its own
        except OSError:
            pass
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=folder)
            replace_from_temp(fd, tmp, self.path, data, mode=mode, owner=owner)
        except OSError as exc:
            raise BaselineError(f"{self.path}: cannot be written: {exc.strerror or exc}") from None

    # -- filtering -----------------------------------------------------------------------
    def filter(self, diagnostics: Iterable[Diagnostic]) -> tuple[list[Diagnostic], int]:
        """The findings that are not in the baseline, and how many were."""
        left = Counter(self.counts)
        out: list[Diagnostic] = []
        known = 0
        for d in diagnostics:
            key = key_of(d, self.root)
            if left[key] > 0:
                left[key] -= 1
                known += 1
            else:
                out.append(d)
        return out, known


def write_baseline(path: str | os.PathLike, diagnostics: Iterable[Diagnostic]) -> Baseline:
    """Record ``diagnostics`` in a new baseline file at ``path``; returns it."""
    diagnostics = list(diagnostics)
    base = Baseline.from_diagnostics(path, diagnostics)
    messages: dict[Key, str] = {}
    for d in diagnostics:
        messages.setdefault(key_of(d, base.root), d.message)
    base.write(messages)
    return base
