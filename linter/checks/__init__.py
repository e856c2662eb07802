"""Checks: one module per check code, registered when imported."""

from __future__ import annotations

import importlib
import pkgutil
import re

_loaded = False
_CODE = re.compile(r"^[A-Z]{2,4}\d{3}$")


def codes() -> list[str]:
    """The code of every check, sorted, without importing one: each check lives in the
    module named by its code (a test holds the two to each other)."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if _CODE.match(info.name))


def known_codes() -> list[str]:
    """:func:`codes`, and the codes of checks registered otherwise (a test's own), sorted."""
    import sys

    found = set(codes())
    base = sys.modules.get(f"{__name__}.base")
    if base is not None:
        found.update(base.REGISTRY)
    return sorted(found)


def load_all() -> None:
    """Import every check module of this package once (each registers itself)."""
    global _loaded
    if _loaded:
        return
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name not in ("base",) and not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")
    _loaded = True
