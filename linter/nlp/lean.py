"""spaCy, imported without its command line.

``import spacy`` also imports ``spacy.cli`` (for the one name ``spacy.info``), and with it
the command line's own libraries: typer, weasel, an HTTP client or two.  oraclelint uses
none of them, and they are about a quarter of spaCy's start-up.  Importing this module
imports spaCy with a stand-in for ``spacy.cli`` that is taken away again as soon as spaCy
is in: a later ``import spacy.cli`` (by anyone) loads the real one, and ``spacy.info``
still works (it loads the real one when called).  Where spaCy cannot be imported this way
(a release that asks more of ``spacy.cli``), it is imported as usual.

Every module of oraclelint that imports spaCy imports it from here, first::

    from linter.nlp.lean import spacy
"""

from __future__ import annotations

import sys
import types

__all__ = ["spacy", "imported_lean"]


def _info(*args, **kwargs):
    """spaCy's ``spacy.info``, loaded from its command line when it is called."""
    from spacy.cli.info import info

    return info(*args, **kwargs)


def _stand_ins() -> dict[str, types.ModuleType]:
    cli = types.ModuleType("spacy.cli", "A stand-in for spaCy's command line while spaCy is imported.")
    cli.__path__ = []  # a package with nothing in it
    info = types.ModuleType("spacy.cli.info")
    info.info = _info
    cli.info = info
    return {"spacy.cli": cli, "spacy.cli.info": info}


def _take_away(stand_ins: dict[str, types.ModuleType]) -> None:
    """Take the stand-ins out of ``sys.modules`` and out of the spacy package."""
    for name, module in stand_ins.items():
        if sys.modules.get(name) is module:
            del sys.modules[name]
    package = sys.modules.get("spacy")
    if package is not None and getattr(package, "cli", None) is stand_ins["spacy.cli"]:
        del package.cli


def _import() -> tuple[types.ModuleType, bool]:
    """spaCy, and whether it was imported without its command line."""
    if "spacy" in sys.modules:
        import spacy

        return spacy, False
    stand_ins = _stand_ins()
    sys.modules.update(stand_ins)
    try:
        import spacy
    except Exception:  # noqa: BLE001 - any failure: forget the half-made import, do it as usual
        _take_away(stand_ins)
        for name in [m for m in sys.modules if m == "spacy" or m.startswith("spacy.")]:
            del sys.modules[name]
        import spacy

        return spacy, False
    _take_away(stand_ins)
    return spacy, True


spacy, imported_lean = _import()
