"""Pausing Python's cyclic garbage collector for a run (a module of its own, so that the
engine, which must not import the linting of cards, and the linting share it)."""

from __future__ import annotations

import contextlib
import gc


@contextlib.contextmanager
def gc_paused():
    """Pause the cyclic garbage collector for one run.

    A run builds tens of thousands of long-lived card, face and ability
    objects and frees them together at the end; the collector's repeated
    scans of that growing heap cost more than a third of the parse time and
    find nothing to free.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
