"""Linting many cards in worker processes, one group of files per worker.

The parent reads the files and builds the pipeline; forked workers inherit
both (nothing is pickled on the way in), each parses and checks the cards of
its own files, and sends back only the diagnostics.  Files are never split
between workers, so set-level checks see every card of a file.  Where
``fork`` is not available the run stays in one process.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import signal
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from linter.diagnostics import Diagnostic
    from linter.model import Card
    from linter.selection import Selection

#: below this many cards a worker's start-up costs more than it saves
MIN_CARDS_PER_WORKER = 1500

# What forked workers inherit from the parent: the cards and the selection.
_INHERITED: tuple[list, object] | None = None


def workers_for(jobs: int | None, cards: int) -> int:
    """How many worker processes a run of ``cards`` cards should use.

    ``jobs`` 1 means one process; 0 or None means as many as the machine has
    cores, but no more than keeps each worker busy with enough cards.
    """
    if jobs == 1 or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    limit = jobs if jobs and jobs > 0 else (os.cpu_count() or 1)
    return max(1, min(limit, cards // MIN_CARDS_PER_WORKER))


def file_groups(cards: list["Card"], n: int) -> list[list[int]]:
    """Card indices in ``n`` groups of whole files, balanced by card count."""
    by_file: dict[str, list[int]] = {}
    for i, card in enumerate(cards):
        by_file.setdefault(card.source.path if card.source else "", []).append(i)
    groups: list[list[int]] = [[] for _ in range(n)]
    for indices in sorted(by_file.values(), key=len, reverse=True):
        min(groups, key=len).extend(indices)
    return [sorted(g) for g in groups if g]


def lint_in_workers(cards: list["Card"], selection: "Selection", workers: int,
                    errors: list["Diagnostic"]) -> list["Diagnostic"]:
    """Lint ``cards`` in ``workers`` forked processes; diagnostics come back in card order.

    ``errors`` receives the FMT003 findings of cards a parse or a check failed on.
    """
    global _INHERITED
    from linter import engine

    groups = file_groups(cards, workers)
    if len(groups) < 2:
        return engine.lint_cards(cards, selection=selection, errors=errors)
    if any(getattr(c, "needs_parse", True) for c in engine.active_checks(selection)):
        from linter import nlp

        nlp.get_pipeline()  # built once here; every worker inherits it
    _INHERITED = (cards, selection)
    # Ctrl-C waits while the workers start: were it to stop the parent half-way through
    # starting them, the workers started would run on (they leave Ctrl-C to the parent)
    blocked = _block_ctrl_c()
    try:
        try:
            pool = multiprocessing.get_context("fork").Pool(len(groups), initializer=_leave_ctrl_c_to_the_parent)
        except BaseException:
            _unblock_ctrl_c(blocked)
            raise
        with pool:  # leaving it, however, stops every worker
            _unblock_ctrl_c(blocked)
            pending = pool.map_async(_lint_group, groups, chunksize=1)
            while True:
                # waiting a little at a time: the Ctrl-C may reach another thread of the
                # process (a numerical library's), and an endless wait would not see it
                try:
                    parts = pending.get(timeout=0.2)
                    break
                except multiprocessing.TimeoutError:
                    continue
    finally:
        _INHERITED = None
    out: list[Diagnostic] = []
    for diagnostics, group_errors in parts:
        for index, d in group_errors:
            d.card_obj = cards[index]
            errors.append(d)
        for index, d in diagnostics:
            d.card_obj = cards[index]
            out.append(d)
    return out


def _leave_ctrl_c_to_the_parent() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process of the run): the
    parent stops the pool and says so once, no worker prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _unblock_ctrl_c(True)


def _block_ctrl_c() -> bool:
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        return False
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    return True


def _unblock_ctrl_c(blocked: bool) -> None:
    if blocked:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


Indexed = list[tuple[int, "Diagnostic"]]


def _lint_group(indices: list[int]) -> tuple[Indexed, Indexed]:
    from linter import engine

    assert _INHERITED is not None
    cards, selection = _INHERITED
    subset = [cards[i] for i in indices]
    position = {id(card): i for i, card in zip(indices, subset)}
    errors: list[Diagnostic] = []
    diagnostics = engine.lint_cards(subset, selection=selection, errors=errors)

    def light(ds: list["Diagnostic"]) -> Indexed:
        # the card objects stay behind: the parent has them already
        return [(position[id(d.card_obj)], dataclasses.replace(d, card_obj=None)) for d in ds]

    return light(diagnostics), light(errors)
