"""Project configuration: ``[tool.oraclelint]`` in pyproject.toml, or oraclelint.toml.

The configuration is found upward from the checked files (the first folder
that holds ``oraclelint.toml``, or a ``pyproject.toml`` with a
``[tool.oraclelint]`` table, wins) or named with ``--config``.  Every key is
checked: an unknown key or a value of the wrong shape is a
:class:`ConfigError` that names the key and the file.

Besides code selection the configuration declares a set's own mechanics
(keywords, ability words, symbols), which :meth:`Config.install` hands to the
rule catalogue so that the parser and the keyword checks accept them.
"""

from __future__ import annotations

import fnmatch
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

try:  # Python 3.11+
    import tomllib as _toml
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as _toml  # type: ignore[no-redef]

from linter.diagnostics import SEVERITIES, Diagnostic

CONFIG_FILES = ("oraclelint.toml", "pyproject.toml")

SELF_REFERENCE_STYLES = ("this-object", "name")
SET_KINDS = ("custom", "oracle")
KEYWORD_PARAMETERS = ("none", "cost", "number", "number-cost", "quality", "type", "other")
KEYWORD_KINDS = ("activated", "triggered", "static")

# A code or a code prefix as --select takes it ("RUL", "RUL002"), or ALL.
_CODE_PREFIX = re.compile(r"^(ALL|[A-Z]{1,4}\d{0,3})$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SYMBOL = re.compile(r"^[A-Za-z0-9/½∞]{1,8}$")


class ConfigError(ValueError):
    """A configuration file that cannot be used: names the file and the key."""

    def __init__(self, path: str | os.PathLike | None, key: str | None, problem: str) -> None:
        self.path = str(path) if path is not None else None
        self.key = key
        self.problem = problem
        where = self.path or "configuration"
        super().__init__(f"{where}: {key}: {problem}" if key else f"{where}: {problem}")


@dataclass(frozen=True)
class CustomKeyword:
    """A keyword ability a custom set declares for itself."""

    name: str
    parameter: str = "none"
    kind: str = "static"
    reminder: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "parameter": self.parameter, "kind": self.kind,
                "reminder": self.reminder}


@dataclass
class Config:
    """The settings of one run (defaults when no file was found)."""

    path: Path | None = None
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    extend_select: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    per_card_ignores: dict[str, list[str]] = field(default_factory=dict)
    severity: dict[str, str] = field(default_factory=dict)
    self_reference: str = "this-object"
    cr_edition: str | None = None
    set_kind: str | None = None  # None: the file does not say
    keywords: list[CustomKeyword] = field(default_factory=list)
    ability_words: list[str] = field(default_factory=list)
    symbols: list[str] = field(default_factory=list)
    #: folder scans: gitignore patterns relative to the file's folder (None: the defaults)
    exclude: list[str] | None = None
    extend_exclude: list[str] = field(default_factory=list)
    respect_gitignore: bool = True
    #: set by the command line: apply the exclusions to files named explicitly too
    force_exclude: bool = False
    #: set by the command line: the baseline file in use, never read as a card file
    baseline_file: str | None = None
    #: the templating checks also read cards outside the tournament card pool
    non_tournament_templating: bool = False
    #: what the set invents beside keywords: subtypes by card type ("*": any card type),
    #: supertypes, keyword actions and zones
    subtypes: dict[str, list[str]] = field(default_factory=dict)
    supertypes: list[str] = field(default_factory=list)
    keyword_actions: list[str] = field(default_factory=list)
    zones: list[str] = field(default_factory=list)
    #: the folder of the results cache (relative to the configuration file's folder)
    cache_dir: str | None = None

    def cache_folder(self) -> Path | None:
        """The results cache folder the file names, relative to the file's own folder."""
        if self.cache_dir is None:
            return None
        return (self.root / Path(self.cache_dir).expanduser()) if self.path is not None else Path(self.cache_dir)

    @property
    def root(self) -> Path:
        """The folder that per-file-ignores globs are relative to."""
        return self.path.parent if self.path is not None else Path.cwd()

    # -- selection -----------------------------------------------------------------
    def selection(self, select: Iterable[str] | None = None, ignore: Iterable[str] | None = None,
                  extend_select: Iterable[str] | None = None) -> tuple[list[str], list[str]]:
        """The select and ignore lists for a run: command-line values win over the file.

        ``--select`` replaces the file's ``select``; ``--ignore`` and
        ``extend-select`` add to what the file says.  ``extend-select`` only
        matters when something narrowed the selection (with no ``select``
        every check is already active).
        """
        from linter.selection import parse_codes

        chosen = parse_codes(select) if select else list(self.select)
        extra = list(self.extend_select) + parse_codes(extend_select)
        if chosen and extra:
            chosen += [c for c in extra if c not in chosen]
        return chosen, list(self.ignore) + parse_codes(ignore)

    def scan_options(self):
        """How folder scans of this run leave files out (see :mod:`linter.files`)."""
        from linter.files import DEFAULT_EXCLUDE, ScanOptions

        base = list(DEFAULT_EXCLUDE) if self.exclude is None else list(self.exclude)
        return ScanOptions(exclude=base + list(self.extend_exclude), root=self.root,
                           respect_gitignore=self.respect_gitignore, force_exclude=self.force_exclude,
                           never=[self.baseline_file] if self.baseline_file else [])

    # -- filtering -------------------------------------------------------------------
    def relative_path(self, path: str) -> str:
        """``path`` relative to the configuration's folder, with forward slashes."""
        try:
            rel = os.path.relpath(os.path.abspath(path), self.root)
        except ValueError:  # another drive on Windows
            return Path(path).as_posix()
        return Path(rel).as_posix()

    def file_ignores(self, path: str) -> list[str]:
        """The codes that per-file-ignores switches off for ``path``."""
        if not self.per_file_ignores:
            return []
        rel = self.relative_path(path)
        base = rel.rsplit("/", 1)[-1]
        out: list[str] = []
        for pattern, codes in self.per_file_ignores.items():
            # A pattern without a slash matches the file name in any folder.
            target = rel if "/" in pattern else base
            if glob_match(pattern, target) or ("/" not in pattern and glob_match(pattern, rel)):
                out.extend(codes)
        return out

    def card_ignores(self, diagnostic: Diagnostic) -> list[str]:
        """The codes that per-card-ignores switches off for the card of ``diagnostic``."""
        if not self.per_card_ignores:
            return []
        names = {diagnostic.card} if diagnostic.card else set()
        card = diagnostic.card_obj
        if card is not None:
            names.add(getattr(card, "name", None))
            names.update(f.name for f in getattr(card, "faces", ()))
        wanted = {n.casefold() for n in names if n}
        out: list[str] = []
        for name, codes in self.per_card_ignores.items():
            if name.casefold() in wanted:
                out.extend(codes)
        return out

    def severity_for(self, code: str) -> str | None:
        """The severity the file sets for ``code`` (longest matching prefix wins)."""
        best = None
        best_len = -1
        for prefix, sev in self.severity.items():
            if (code.startswith(prefix) or prefix == "ALL") and len(prefix) > best_len:
                best, best_len = sev, len(prefix)
        return best

    def apply(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """Drop what per-file and per-card ignores switch off; apply severity overrides."""
        out: list[Diagnostic] = []
        file_cache: dict[str, list[str]] = {}
        for d in diagnostics:
            if d.path not in file_cache:
                file_cache[d.path] = self.file_ignores(d.path)
            if matches_code(d.code, file_cache[d.path]) or matches_code(d.code, self.card_ignores(d)):
                continue
            sev = self.severity_for(d.code)
            if sev is not None:
                d.severity = sev
            out.append(d)
        return out

    def edition_note(self) -> str | None:
        """A warning when the file names another CR edition than the catalogue cites."""
        if not self.cr_edition:
            return None
        try:
            from linter.tables import cr_edition
            cited = cr_edition()
        except Exception:  # the catalogue's own loader reports its problems
            return None
        if cited == self.cr_edition:
            return None
        return (f"{self.path or 'configuration'}: cr-edition {self.cr_edition} is not the edition the "
                f"rule catalogue cites ({cited}); rule numbers may differ "
                f"(compare them with 'oraclelint cr verify --cr FILE')")

    # -- custom mechanics ----------------------------------------------------------
    def mechanics(self) -> dict[str, list]:
        """The set's own mechanics, in the shape ``linter.tables.extend`` takes."""
        return {
            "custom_keywords": [k.as_dict() for k in self.keywords],
            "ability_words": list(self.ability_words),
            "symbols": list(self.symbols),
            "subtypes": {t: list(names) for t, names in self.subtypes.items()},
            "supertypes": list(self.supertypes),
            "keyword_actions": list(self.keyword_actions),
            "zones": list(self.zones),
        }

    def declares_mechanics(self) -> bool:
        return bool(self.keywords or self.ability_words or self.symbols or self.subtypes
                    or self.supertypes or self.keyword_actions or self.zones)

    def install(self) -> bool:
        """Make this the active configuration and hand its mechanics to the catalogue.

        Returns False when the catalogue offers no extension hook
        (``linter.tables.extend``) and the set declares mechanics.
        """
        global _ACTIVE
        _ACTIVE = self
        if "linter.tables" not in sys.modules and not (self.keywords or self.ability_words or self.subtypes
                                                       or self.supertypes or self.keyword_actions or self.zones):
            return True  # nothing to declare, and the catalogue is not loaded yet: it starts without any
        try:
            from linter import tables
        except ImportError:  # pragma: no cover - catalogue missing
            return not self.declares_mechanics()
        extend = getattr(tables, "extend", None)
        if extend is None:
            return not self.declares_mechanics()
        extend(**self.mechanics())
        return True


_ACTIVE: Config | None = None


def active() -> Config:
    """The configuration of the current run (defaults before one is installed).

    Checks read settings such as ``self_reference`` and ``set_kind`` here.
    """
    if _ACTIVE is not None:
        return _ACTIVE
    global _DEFAULT
    if _DEFAULT is None:  # made once: checks ask for it card by card
        _DEFAULT = Config()
    return _DEFAULT


#: the defaults :func:`active` answers with where no configuration is installed (read only)
_DEFAULT: Config | None = None


def reset_active() -> None:
    """Forget the installed configuration (between runs in one process)."""
    global _ACTIVE
    _ACTIVE = None
    if "linter.tables" not in sys.modules:
        return  # not loaded: nothing was declared to it
    try:
        from linter import tables
    except ImportError:  # pragma: no cover
        return
    reset = getattr(tables, "reset_extensions", None)
    if reset is not None:
        reset()


def matches_code(code: str, prefixes: Iterable[str]) -> bool:
    return any(p == "ALL" or code.startswith(p) for p in prefixes)


def glob_match(pattern: str, path: str) -> bool:
    """Match a forward-slash path against a glob: ``*`` and ``?`` stay inside a
    folder name, a ``**`` segment stands for any number of folders, ``[...]`` is a
    character class (``[!...]`` negated).

    Each folder name is matched by :func:`fnmatch.fnmatchcase`, whose patterns
    never backtrack catastrophically (``*a*a*a…c`` takes linear time), and the
    ``**`` segments by a table over the segments; no pattern can hang the run.
    As in ``.gitignore``, ``**`` inside a name is a plain ``*``.
    """
    parts = pattern.split("/")
    names = path.split("/")
    memo: dict[tuple[int, int], bool] = {}

    def match(pi: int, si: int) -> bool:
        key = (pi, si)
        if key in memo:
            return memo[key]
        if pi == len(parts):
            out = si == len(names)
        elif parts[pi] == "**":
            out = any(match(pi + 1, k) for k in range(si, len(names) + 1))
        else:
            out = si < len(names) and fnmatch.fnmatchcase(names[si], parts[pi]) and match(pi + 1, si + 1)
        memo[key] = out
        return out

    return match(0, 0)


def glob_problem(pattern: str) -> str | None:
    """Why ``pattern`` is no usable glob (None: it is one): a class without its closing
    bracket (``[!]``), an empty class, a reversed range (``[z-a]``)."""
    if not pattern:
        return "an empty pattern matches no file"
    i, n = 0, len(pattern)
    while i < n:
        if pattern[i] != "[":
            i += 1
            continue
        j = i + 1
        negated = j < n and pattern[j] == "!"
        if negated:
            j += 1
        body_start = j
        if j < n and pattern[j] == "]":  # a "]" first in the class is one of its characters
            j += 1
        while j < n and pattern[j] != "]":
            j += 1
        if j >= n:  # fnmatch would match the bracket as a character: surely not what was meant
            return f"'[' at position {i + 1} has no closing ']' (write [[] for a bracket)"
        body = pattern[body_start:j]
        if not body:
            return f"the character class at position {i + 1} is empty"
        k = 0
        while k + 2 < len(body):
            if body[k + 1] == "-" and body[k] > body[k + 2]:
                return f"the range {body[k]}-{body[k + 2]} in the character class at position {i + 1} is reversed"
            k += 3 if body[k + 1] == "-" else 1
        i = j + 1
    return None


# -- finding and reading the file ----------------------------------------------------

def find_config(paths: Iterable[str | os.PathLike]) -> Path | None:
    """The configuration file for these checked paths: upward from each in turn."""
    seen: set[Path] = set()
    for p in paths:
        start = Path(p).absolute()
        folder = start if start.is_dir() else start.parent
        for candidate_dir in (folder, *folder.parents):
            if candidate_dir in seen:
                break
            seen.add(candidate_dir)
            found = _config_in(candidate_dir)
            if found is not None:
                return found
    return None


def _config_in(folder: Path) -> Path | None:
    own = folder / "oraclelint.toml"
    if own.is_file():
        return own
    pyproject = folder / "pyproject.toml"
    if pyproject.is_file():
        # the nearest pyproject.toml that cannot be read may hold the settings: stopping with
        # its error is better than checking with settings silently left out (as ruff does)
        data = _read_toml(pyproject)
        if isinstance(data.get("tool"), dict) and "oraclelint" in data["tool"]:
            return pyproject
    return None


def _read_toml(path: Path) -> dict:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(path, None, f"cannot be read: {exc.strerror or exc}") from None
    try:
        return _toml.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ConfigError(path, None, "is not UTF-8 text") from None
    except _toml.TOMLDecodeError as exc:
        raise ConfigError(path, None, f"is not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(path, None, "is not a usable configuration: its values are nested too deeply") from None
    except (ValueError, OverflowError, MemoryError) as exc:  # what a TOML parser may raise besides
        raise ConfigError(path, None, f"is not valid TOML: {exc}") from None


def load_config(paths: Iterable[str | os.PathLike] = (), explicit: str | os.PathLike | None = None,
                known_codes: Iterable[str] | None = None) -> Config:
    """The configuration for a run over ``paths`` (or the file ``explicit`` names).

    With ``known_codes`` every code the file mentions must be a prefix of one
    of them.  Raises :class:`ConfigError`.
    """
    if explicit is not None:
        path = Path(explicit)
        if not path.is_file():
            raise ConfigError(path, None, "no such configuration file")
    else:
        path = find_config(paths)
        if path is None:
            return Config()
    data = _read_toml(path)
    if path.name == "pyproject.toml":
        tool = data.get("tool")
        table = tool.get("oraclelint") if isinstance(tool, dict) else None
        if table is None:
            raise ConfigError(path, None, "has no [tool.oraclelint] table")
        prefix = "tool.oraclelint."
    else:
        table, prefix = data, ""
    config = parse_config(table, path, prefix)
    if known_codes is not None:
        check_codes(config, known_codes)
    return config


_KEYS = ("select", "ignore", "extend-select", "per-file-ignores", "per-card-ignores", "severity",
         "self-reference", "cr-edition", "set-kind", "keywords", "ability-words", "symbols",
         "non-tournament-templating", "subtypes", "supertypes", "keyword-actions", "zones",
         "exclude", "extend-exclude", "respect-gitignore", "cache-dir")
_KEYWORD_KEYS = ("name", "parameter", "kind", "reminder")


def parse_config(table: Any, path: Path | None = None, prefix: str = "") -> Config:
    """Build a :class:`Config` from the table of a TOML file, checking every key."""
    if not isinstance(table, dict):
        raise ConfigError(path, prefix.rstrip(".") or None, "expected a table")
    for key in table:
        if key not in _KEYS:
            hint = ""
            close = [k for k in _KEYS if k.replace("-", "_") == key or k == key.replace("_", "-")]
            if close:
                hint = f" (did you mean {close[0]!r}?)"
            raise ConfigError(path, f"{prefix}{key}",
                              f"unknown key{hint}; allowed keys: {', '.join(_KEYS)}")
    c = Config(path=path)

    def where(key: str) -> str:
        return prefix + key

    c.select = _codes(table.get("select", []), path, where("select"))
    c.ignore = _codes(table.get("ignore", []), path, where("ignore"))
    c.extend_select = _codes(table.get("extend-select", []), path, where("extend-select"))
    for key, target in (("per-file-ignores", c.per_file_ignores), ("per-card-ignores", c.per_card_ignores)):
        value = table.get(key, {})
        if not isinstance(value, dict):
            raise ConfigError(path, where(key), "expected a table of pattern = [codes]")
        for pattern, codes in value.items():
            here = f"{where(key)}.{_toml_key(pattern)}"
            if key == "per-file-ignores":
                problem = glob_problem(str(pattern))
                if problem:
                    raise ConfigError(path, here, f"{pattern!r} is not a valid glob pattern: {problem}")
            target[str(pattern)] = _codes(codes, path, here)
    sev = table.get("severity", {})
    if not isinstance(sev, dict):
        raise ConfigError(path, where("severity"), "expected a table of CODE = \"error|warning|info\"")
    for code, level in sev.items():
        key = f"{where('severity')}.{_toml_key(code)}"
        (code_u,) = _codes([code], path, key)
        if level not in SEVERITIES:
            raise ConfigError(path, key, f"{level!r} is not one of {', '.join(SEVERITIES)}")
        c.severity[code_u] = level
    c.self_reference = _choice(table, "self-reference", SELF_REFERENCE_STYLES, path, prefix) or "this-object"
    c.set_kind = _choice(table, "set-kind", SET_KINDS, path, prefix)
    if "non-tournament-templating" in table:
        value = table["non-tournament-templating"]
        if not isinstance(value, bool):
            raise ConfigError(path, where("non-tournament-templating"), f"{value!r} is not true or false")
        c.non_tournament_templating = value
    if "cr-edition" in table:
        ed = table["cr-edition"]
        ed = ed.isoformat() if hasattr(ed, "isoformat") else ed  # a bare TOML date
        if not isinstance(ed, str) or not _DATE.match(ed):
            raise ConfigError(path, where("cr-edition"),
                              f"{ed!r} is not an effective date such as \"2026-04-17\"")
        c.cr_edition = ed
    if "exclude" in table:
        c.exclude = _patterns(table["exclude"], path, where("exclude"))
    c.extend_exclude = _patterns(table.get("extend-exclude", []), path, where("extend-exclude"))
    if "respect-gitignore" in table:
        if not isinstance(table["respect-gitignore"], bool):
            raise ConfigError(path, where("respect-gitignore"), "expected true or false")
        c.respect_gitignore = table["respect-gitignore"]
    c.keywords = _keywords(table.get("keywords", []), path, where("keywords"))
    c.ability_words = _strings(table.get("ability-words", []), path, where("ability-words"))
    c.subtypes = _subtypes(table.get("subtypes", []), path, where("subtypes"))
    c.supertypes = _strings(table.get("supertypes", []), path, where("supertypes"))
    c.keyword_actions = _strings(table.get("keyword-actions", []), path, where("keyword-actions"))
    c.zones = _strings(table.get("zones", []), path, where("zones"))
    if "cache-dir" in table:
        value = table["cache-dir"]
        if not isinstance(value, str) or not value.strip() or "\0" in value:
            raise ConfigError(path, where("cache-dir"), f"{value!r} is not a folder name")
        c.cache_dir = value
    symbols = _strings(table.get("symbols", []), path, where("symbols"))
    for i, sym in enumerate(symbols):
        bare = sym[1:-1] if sym.startswith("{") and sym.endswith("}") else sym
        if not _SYMBOL.match(bare):
            raise ConfigError(path, f"{where('symbols')}[{i}]",
                              f"{sym!r} is not a symbol such as \"V\" or \"{{V}}\"")
        c.symbols.append(bare)  # as printed: "{Vc}" is not "{VC}"
    return c


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else f'"{key}"'


def _choice(table: dict, key: str, allowed: tuple[str, ...], path, prefix: str) -> str | None:
    if key not in table:
        return None
    value = table[key]
    if value not in allowed:
        raise ConfigError(path, prefix + key, f"{value!r} is not one of {', '.join(map(repr, allowed))}")
    return value


def _strings(value: Any, path, key: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ConfigError(path, key, "expected a list of non-empty strings")
    return [v.strip() for v in value]


def _patterns(value: Any, path, key: str) -> list[str]:
    """A list of gitignore patterns, each checked."""
    from linter.files import pattern_problem

    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(path, key, "expected a list of gitignore patterns such as [\"drafts/\", \"*.bak.json\"]")
    for i, pattern in enumerate(value):
        problem = pattern_problem(pattern)
        if problem:
            raise ConfigError(path, f"{key}[{i}]", f"{pattern!r} is not a usable pattern: {problem}")
    return list(value)
def _subtypes(value: Any, path, key: str) -> dict[str, list[str]]:
    """``subtypes = ["Vertexling"]`` (of any card type) or a table of card type -> subtypes
    (``[subtypes] Creature = ["Vertexling"]``)."""
    if isinstance(value, (str, list)):
        names = _strings(value, path, key)
        return {"*": names} if names else {}
    if not isinstance(value, dict):
        raise ConfigError(path, key, "expected a list of subtypes or a table of card type = [subtypes]")
    from linter.tables import types

    known = types().card_types
    out: dict[str, list[str]] = {}
    for card_type, names in value.items():
        if card_type not in known:
            raise ConfigError(path, f"{key}.{_toml_key(card_type)}",
                              f"{card_type!r} is not a card type ({', '.join(sorted(known))})")
        out[card_type] = _strings(names, path, f"{key}.{_toml_key(card_type)}")
    return out


def _codes(value: Any, path, key: str) -> list[str]:
    """A list of codes (or one comma-separated string), upper-cased and checked."""
    from linter.selection import parse_codes

    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(path, key, "expected a list of check codes such as [\"RUL002\", \"SYM\"]")
    codes = parse_codes(value)
    for code in codes:
        if not _CODE_PREFIX.match(code):
            raise ConfigError(path, key, f"{code!r} is not a check code or code prefix")
    return codes


def _keywords(value: Any, path, key: str) -> list[CustomKeyword]:
    if not isinstance(value, list):
        raise ConfigError(path, key, "expected an array of tables ([[tool.oraclelint.keywords]] "
                                     "or keywords = [{name = ...}])")
    out: list[CustomKeyword] = []
    names: set[str] = set()
    for i, entry in enumerate(value):
        here = f"{key}[{i}]"
        if not isinstance(entry, dict):
            raise ConfigError(path, here, "expected a table with name, parameter, kind, reminder")
        for k in entry:
            if k not in _KEYWORD_KEYS:
                raise ConfigError(path, f"{here}.{k}",
                                  f"unknown key; allowed keys: {', '.join(_KEYWORD_KEYS)}")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(path, f"{here}.name", "every keyword needs a name")
        if name.strip().casefold() in names:
            raise ConfigError(path, f"{here}.name", f"keyword {name!r} is declared twice")
        names.add(name.strip().casefold())
        parameter = entry.get("parameter", "none")
        if parameter not in KEYWORD_PARAMETERS:
            raise ConfigError(path, f"{here}.parameter",
                              f"{parameter!r} is not one of {', '.join(KEYWORD_PARAMETERS)}")
        kind = entry.get("kind", "static")
        if kind not in KEYWORD_KINDS:
            raise ConfigError(path, f"{here}.kind", f"{kind!r} is not one of {', '.join(KEYWORD_KINDS)}")
        reminder = entry.get("reminder")
        if reminder is not None and (not isinstance(reminder, str) or not reminder.strip()):
            raise ConfigError(path, f"{here}.reminder", "expected the reminder text as a string")
        out.append(CustomKeyword(name.strip(), parameter, kind, reminder.strip() if reminder else None))
    return out


def check_codes(config: Config, known_codes: Iterable[str]) -> None:
    """Refuse a code in the file that matches no check (a typo would silently do nothing)."""
    known = list(known_codes)
    where = config.path
    prefix = "tool.oraclelint." if where is not None and where.name == "pyproject.toml" else ""
    groups: list[tuple[str, list[str]]] = [
        ("select", config.select), ("ignore", config.ignore), ("extend-select", config.extend_select),
        ("severity", list(config.severity)),
    ]
    groups += [(f"per-file-ignores.{_toml_key(k)}", v) for k, v in config.per_file_ignores.items()]
    groups += [(f"per-card-ignores.{_toml_key(k)}", v) for k, v in config.per_card_ignores.items()]
    for key, codes in groups:
        for code in codes:
            if code != "ALL" and not any(k.startswith(code) for k in known):
                raise ConfigError(where, prefix + key,
                                  f"{code!r} matches no check code (see 'oraclelint rules')")
