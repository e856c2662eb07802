"""Which files a run reads: the paths named, and the card files a folder scan finds.

A folder is searched recursively for files whose names card files have
(:data:`linter.readers.EXTENSIONS`, Magic Set Editor's ``set``), leaving out
hidden folders, virtual environments (a folder holding ``pyvenv.cfg``),
what ``exclude``/``extend-exclude`` name and, by default, what the
repository's ``.gitignore`` files ignore.  Patterns are gitignore patterns,
matched by ``pathspec``'s implementation of git's own rules (``build/``,
``**/drafts``, ``!keep.yaml``), relative to the configuration's folder.

A file named on the command line is always read (``force_exclude`` applies
the exclusions to it too, for tools such as pre-commit that pass every
changed file); a file a folder scan found is only a candidate: one that
turns out not to be a card file is passed over (see
:func:`linter.engine.read_paths`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:  # imported where a pattern is matched: a run on named files needs none
    import pathspec

#: what a folder scan never goes into or reads unless ``exclude`` says otherwise: version
#: control, package managers' and Python's tool folders, build output, and the baseline file
#: under its usual name
DEFAULT_EXCLUDE = (
    ".git", ".hg", ".svn", ".bzr", "_darcs", ".venv", "venv", ".tox", ".nox", ".direnv", "__pypackages__",
    "node_modules", "bower_components", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache",
    "site-packages", "build", "dist", "_build", "buck-out", "oraclelint-baseline.json",
)


def _spec(patterns: Iterable[str]) -> "pathspec.PathSpec":
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(list(patterns))


def pattern_problem(pattern: str) -> str | None:
    """Why ``pattern`` is no usable exclude pattern (None: it is one)."""
    if not pattern.strip():
        return "an empty pattern excludes nothing"
    try:
        _spec([pattern])
    except (ValueError, TypeError) as exc:  # pathspec's GitWildMatchPatternError is a ValueError
        return str(exc) or "not a gitignore pattern"
    return None


@dataclass
class ScanOptions:
    """How folders are scanned: the exclusions, and whether ``.gitignore`` counts."""

    exclude: list[str] = field(default_factory=lambda: list(DEFAULT_EXCLUDE))
    root: Path | None = None  # what the patterns are relative to (the configuration's folder)
    respect_gitignore: bool = True
    force_exclude: bool = False
    #: files never read in a scan, whatever their names (the baseline in use)
    never: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._spec: "pathspec.PathSpec | None" = None  # compiled on first use
        self._root = (self.root or Path.cwd()).absolute()
        self._never = {_identity(p) for p in self.never} - {None}

    def excluded(self, path: str, is_dir: bool) -> bool:
        """Whether ``exclude`` names ``path``."""
        absolute = Path(os.path.abspath(path))
        try:
            rel = absolute.relative_to(self._root).as_posix()
        except ValueError:  # outside the configuration's folder: its path as given
            rel = Path(path).as_posix().lstrip("/")
            while rel.startswith("./"):
                rel = rel[2:]
        if rel in ("", "."):
            return False
        if not is_dir and self._never and _identity(path) in self._never:
            return True
        if self._spec is None:
            self._spec = _spec(self.exclude)
        return self._spec.match_file(rel + "/" if is_dir else rel)


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


class _GitIgnores:
    """The ``.gitignore`` files that apply in one folder scan: those of the folders from the
    repository's top (the nearest folder above with ``.git``; the scanned folder when there
    is none) down to the folder being walked, and ``.git/info/exclude``; the deepest file
    that has a say decides, as in git."""

    def __init__(self, start: str) -> None:
        self.specs: dict[str, pathspec.PathSpec | None] = {}
        top = Path(os.path.abspath(start))
        chain = [top]
        for parent in top.parents:
            if (chain[-1] / ".git").exists():
                break
            chain.append(parent)
        else:
            if not (chain[-1] / ".git").exists():
                chain = [top]  # not in a repository: only the scanned folder's own files
        self.top = chain[-1]
        exclude = self.top / ".git" / "info" / "exclude"
        self.info = _read_spec(exclude) if exclude.is_file() else None

    def _spec_of(self, folder: str) -> pathspec.PathSpec | None:
        if folder not in self.specs:
            self.specs[folder] = _read_spec(Path(folder) / ".gitignore")
        return self.specs[folder]

    def ignored(self, path: str, is_dir: bool) -> bool:
        absolute = Path(os.path.abspath(path))
        folders = [p for p in absolute.parents if p == self.top or self.top in p.parents]
        for folder in folders:  # deepest first
            spec = self._spec_of(str(folder))
            if spec is None:
                continue
            rel = absolute.relative_to(folder).as_posix() + ("/" if is_dir else "")
            verdict = spec.check_file(rel).include
            if verdict is not None:
                return verdict
        if self.info is not None:
            try:
                rel = absolute.relative_to(self.top).as_posix() + ("/" if is_dir else "")
            except ValueError:
                return False
            return bool(self.info.check_file(rel).include)
        return False


def _read_spec(path: Path) -> pathspec.PathSpec | None:
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    try:
        return _spec(lines)
    except (ValueError, TypeError):  # a line git would not take either: the file is passed over
        return None


def is_virtualenv(folder: str) -> bool:
    return os.path.isfile(os.path.join(folder, "pyvenv.cfg"))


def walk(folder: str, options: ScanOptions, want, onerror) -> Iterable[str]:
    """The files under ``folder`` that ``want(name)`` takes, sorted, leaving out what the
    options exclude; ``onerror`` receives each folder that cannot be listed."""
    ignores = _GitIgnores(folder) if options.respect_gitignore else None
    for root, dirs, names in os.walk(folder, onerror=onerror):
        kept = []
        for d in sorted(dirs):
            path = os.path.join(root, d)
            if d.startswith(".") or options.excluded(path, True) or is_virtualenv(path):
                continue
            if ignores is not None and ignores.ignored(path, True):
                continue
            kept.append(d)
        dirs[:] = kept
        for n in sorted(names):
            if n.startswith(".") or not want(n):
                continue
            path = os.path.join(root, n)
            if options.excluded(path, False) or (ignores is not None and ignores.ignored(path, False)):
                continue
            yield path
