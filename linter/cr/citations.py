"""Every Comprehensive Rules number the project cites, and where it is cited.

Citations come from three places:

* the catalogue: any ``rule`` or ``rules`` value in a ``rules_data`` file
  (keywords, keyword actions, phrase patterns, symbols, ...) and the numbers
  of ``rules_index.yaml`` itself;
* the checks: each check class's ``rules``;
* the code: string constants of ``linter/`` that are exactly a dotted CR
  number (``"107.5"``), such as the rules a pipeline component writes on a
  phrase or a check passes to a single hit.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any, Iterator

from linter import catalogue

NUMBER_RE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
DOTTED_RE = re.compile(r"^\d{3}\.\d+[a-z]?$")
_RULE_KEYS = ("rule", "rules")
_LINTER = Path(__file__).resolve().parents[1]


def sort_key(number: str) -> tuple:
    """Order CR numbers as the document does (702.9 < 702.10 < 702.10a)."""
    m = re.match(r"^(\d+)(?:\.(\d+)([a-z]?))?", number)
    if not m:
        return (10**6, number)
    return (int(m.group(1)), int(m.group(2) or -1), m.group(3) or "")


def _walk(data: Any, path: str, label: str | None = None) -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        own = data.get("name") or data.get("id") or data.get("label")
        label = str(own) if isinstance(own, (str, int)) else label
        for key, value in data.items():
            if key in _RULE_KEYS:
                values = value if isinstance(value, list) else [value]
                for v in values:
                    if isinstance(v, str):
                        yield v, label or f"{path}.{key}".lstrip(".")
            else:
                yield from _walk(value, f"{path}.{key}", label)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from _walk(item, f"{path}[{i}]", label)


def catalogue_citations() -> Iterator[tuple[str, str]]:
    for name in catalogue.data_files():
        if name == "rules_index":
            for entry in catalogue.load(name)["rules"]:
                yield entry["number"], "rules_index.yaml"
            continue
        try:
            data = catalogue.load(name)
        except catalogue.CatalogueError:
            continue  # a broken file is reported by its own loader and tests
        for number, where in _walk(data, ""):
            yield number, f"rules_data/{name}.yaml ({where})"


def check_citations() -> Iterator[tuple[str, str]]:
    from linter.checks.base import all_checks

    for code, cls in all_checks().items():
        for number in cls.rules:
            yield number, f"check {code}"


def code_citations(root: Path = _LINTER) -> Iterator[tuple[str, str]]:
    for path in sorted(root.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, OSError):
            continue
        rel = path.relative_to(root.parent).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and DOTTED_RE.match(node.value):
                yield node.value, f"{rel}:{node.lineno}"


def cited_numbers(*, include_code: bool = True) -> dict[str, list[str]]:
    """CR number -> the places that cite it, in document order of the numbers."""
    found: dict[str, list[str]] = {}
    sources = [catalogue_citations(), check_citations()]
    if include_code:
        sources.append(code_citations())
    for source in sources:
        for number, where in source:
            found.setdefault(number, [])
            if where not in found[number]:
                found[number].append(where)
    return dict(sorted(found.items(), key=lambda item: sort_key(item[0])))


def titled_ancestors(number: str) -> list[str]:
    """The enclosing numbers that may carry a CR title: 702.11d -> [702.11, 702]."""
    out = []
    m = re.match(r"^(\d{3})(?:\.(\d+)([a-z]?))?$", number)
    if not m:
        return out
    if m.group(3):
        out.append(f"{m.group(1)}.{m.group(2)}")
    if m.group(2):
        out.append(m.group(1))
    return out
