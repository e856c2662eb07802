"""Linting many cards in worker processes, a large file's cards split between them.

The parent reads the files and builds the pipeline; forked workers inherit
both (nothing is pickled on the way in).  The cards are cut into batches of
consecutive cards, a large file into several; each worker parses and checks
the cards of a batch (:func:`linter.lint.lint_batch`), drops their parse, and
sends back the diagnostics and what the set-level checks collected of each
card.  The parent then runs the set-level checks on every file's cards
(:func:`linter.lint.judge_files`), so that they see the whole file, and the
findings are the same, in the same order, as in one process.

A set-level check that reads the parse without collecting it card by card
needs every card of its file parsed in one process: while such a check is
active, files are not split, and each worker lints whole files.  Where
``fork`` is not available the run stays in one process.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
from typing import TYPE_CHECKING

from linter import lint

if TYPE_CHECKING:  # pragma: no cover
    from linter.diagnostics import Diagnostic
    from linter.fixes import FilePlanner
    from linter.model import Card
    from linter.selection import Selection

#: below this many cards a worker's start-up costs more than it saves
MIN_CARDS_PER_WORKER = 1500
#: batches per worker: enough that a worker that is done early takes another
BATCHES_PER_WORKER = 2
#: the most cards of one batch: a worker process lints one batch and ends, so that the
#: parent's memory it had to copy (every object it touches) is given back batch by batch.
#: Each batch costs a fork and a worker's first-use work again: on the 35.7k cards of the
#: benchmark, 9,000 (four batches) against 4,000 (ten) takes about 5% off the run for
#: about 45 MB more at the peak (some 390 MB in all, the parent's and workers' pages shared)
MAX_BATCH = 9000
#: cards linted in the parent before the workers start (see :func:`_warm_up`)
WARM_UP = 50

# What forked workers inherit from the parent: the cards and the plan of the run, and the
# planners of fixes when the fixes that cannot be applied are to be taken off (else None).
_INHERITED: "tuple[list, lint.Plan, dict[int, FilePlanner] | None] | None" = None


def workers_for(jobs: int | None, cards: int) -> int:
    """How many worker processes a run of ``cards`` cards should use.

    ``jobs`` 1 means one process; 0 or None means as many as the machine has
    cores, but no more than keeps each worker busy with enough cards.
    """
    if jobs == 1 or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    limit = jobs if jobs and jobs > 0 else (os.cpu_count() or 1)
    return max(1, min(limit, cards // MIN_CARDS_PER_WORKER))


def batches(n: int, workers: int) -> list[tuple[int, int]]:
    """``n`` consecutive cards in (start, end) ranges: a few per worker, of even size."""
    if n <= 0:
        return []
    count = max(workers * BATCHES_PER_WORKER, -(-n // MAX_BATCH))
    # a whole number of rounds: with one batch more than the workers can take at once, the
    # last would run alone while the other workers wait
    count = -(-count // workers) * workers
    count = max(1, min(count, n))
    size, extra = divmod(n, count)
    out, start = [], 0
    for k in range(count):
        end = start + size + (1 if k < extra else 0)
        out.append((start, end))
        start = end
    return out


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
                    errors: list["Diagnostic"], fixable_only: bool = False) -> list["Diagnostic"]:
    """Lint ``cards`` in ``workers`` forked processes; the findings are those of one process.

    ``errors`` receives the FMT003 findings of cards a parse or a check failed on.
    ``fixable_only`` takes the fix off every finding whose fix cannot be applied (as
    :func:`linter.fixes.drop_unfixable` does), each worker off the findings it made.
    """
    plan = lint.Plan(selection)
    if plan.splits:
        parts: list = batches(len(cards), workers)
        work = _lint_part
    else:  # a set-level check reads the parse of every card of a file: whole files per worker
        parts = file_groups(cards, workers)
        work = _lint_group
    planners = None
    if fixable_only:
        from linter.fixes import file_planners, take_off_unfixable, work_out_styles

        planners = file_planners(cards)
        work_out_styles(planners, cards)  # each file's habits worked out once, here, not in every worker
    if len(parts) < 2 or not plan.checks:
        found = lint.lint_cards(cards, selection=selection, errors=errors)
        if planners is not None:
            take_off_unfixable(found, planners)
        return found
    if plan.needs_parse:
        from linter import nlp

        nlp.get_pipeline()  # built once here; every worker inherits it
    for source in {id(c.source): c.source for c in cards if c.source is not None}.values():
        source.line_col(0)  # each file's line counts, made once here and shared, not once per worker
    _warm_up(plan, cards)
    order = _heaviest_first(parts, cards) if work is _lint_part else None
    results = _run(cards, plan, planners, work, parts, min(workers, len(parts)), order)
    if work is _lint_group:
        return _merge_groups(cards, results, errors)
    batch = lint.Batch()
    for found, failures, part in results:  # in the order of the cards
        part.diagnostics, part.errors = _heavy(found, cards), _heavy(failures, cards)
        batch.add(part)
    errors.extend(batch.errors)
    judged = lint.judge_files(plan, cards, batch, errors)
    if planners is not None:
        take_off_unfixable(judged, planners)
    from linter.checks.base import one_finding_per_defect

    return one_finding_per_defect(batch.diagnostics + judged)


def _warm_up(plan: lint.Plan, cards: list["Card"]) -> None:
    """Lint :data:`WARM_UP` cards, spread over the run, here before the workers fork, and
    read what their abilities mean; their findings are left out.

    What the parse and the checks build on first use (rule data, compiled patterns, the
    vocabulary's phrase matcher, the words of common texts, the reading of every type line
    of the cards) is then built once and shared: each worker lints one batch and ends, and
    every new one starts from this process.  The
    meaning is read on first use only, by a few checks on a few cards, so that linting
    alone would leave the phrase matcher (thousands of terms) to be built in every worker.
    """
    from linter.checks._chars import work_out_type_lines

    sample = cards[::max(1, len(cards) // WARM_UP)][:WARM_UP]
    with lint.gc_paused():
        # every card's type line is read by the checks of its batch, and by the set-level
        # checks here once the workers are done: read once, here, for all of them
        work_out_type_lines(face for card in cards for face in card.faces)
        lint.lint_batch(plan, sample)
        for card in sample:
            for face in card.faces:
                if face.parsed is not None:
                    try:
                        face.parsed.read_meaning()
                    except Exception:  # pragma: no cover - the worker that lints the card reports it
                        pass
                    face.parsed.release()
                face.parsed = None  # parsed again by the worker of its batch, as every card is


def _heaviest_first(parts: list[tuple[int, int]], cards: list["Card"]) -> list[int]:
    """The positions of the batches ``parts`` in the order their workers start: the most
    rules text first (what a batch costs grows with it, and a file's later cards often
    have more), so that the last batches to start are the shortest and the workers end
    at about the same time, instead of one idling while the other lints a long batch."""
    weight = [sum(len(face.oracle_text or "") + 1 for card in cards[start:end] for face in card.faces)
              for start, end in parts]
    return sorted(range(len(parts)), key=lambda k: -weight[k])


def _merge_groups(cards: list["Card"], results: list, errors: list["Diagnostic"]) -> list["Diagnostic"]:
    out: list[Diagnostic] = []
    for diagnostics, group_errors in results:
        errors.extend(_heavy(group_errors, cards))
        out.extend(_heavy(diagnostics, cards))
    return out


def _run(cards: list["Card"], plan: lint.Plan, planners: "dict[int, FilePlanner] | None", work, parts: list,
         processes: int, order: list[int] | None = None) -> list:
    """``work`` over ``parts`` in forked workers, at most ``processes`` at a time, one
    process a part, started in ``order`` (positions in ``parts``; default: as given);
    the results in the order of ``parts``.

    A worker sends its result down a pipe and ends; the parent forks the worker of the
    next part as soon as that result is in, while the one that sent it is still giving
    its memory back (a pool would wait for it to end first).  An error raised by
    ``work`` is raised here; leaving, however, stops every worker still running.
    """
    global _INHERITED
    _INHERITED = (cards, plan, planners)
    context = multiprocessing.get_context("fork")
    results: list = [None] * len(parts)
    todo = [(k, parts[k]) for k in (range(len(parts)) if order is None else order)][::-1]
    running: dict = {}  # the read end of a worker's pipe: (its part's position, its process)
    ending: list = []  # workers that sent their result and may not have ended yet

    def start_next() -> None:
        k, part = todo.pop()
        reader, process = _start(context, work, part)
        running[reader] = (k, process)

    try:
        while todo or running:
            while todo and len(running) < processes:
                start_next()
            # waiting a little at a time: the Ctrl-C may reach another thread of the
            # process (a numerical library's), and an endless wait would not see it
            for conn in multiprocessing.connection.wait(list(running), timeout=0.2):
                k, process = running.pop(conn)
                ending.append(process)  # it gives its memory back while the next one works
                if todo:  # the next worker starts now, before this one's result is read
                    start_next()
                try:
                    ok, value = conn.recv()
                except EOFError:  # it ended without a word: killed, or out of memory
                    process.join()
                    raise RuntimeError(f"a worker process ended with exit status {process.exitcode} "
                                       "before it had linted its cards") from None
                finally:
                    conn.close()
                if not ok:
                    raise value
                results[k] = value
        return results
    finally:
        _INHERITED = None
        for conn, (_k, process) in running.items():
            process.terminate()
            conn.close()
        for process in [process for _k, process in running.values()] + ending:
            process.join()


def _start(context, work, part):
    """Fork the worker of one part: the read end of its pipe, and the process."""
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(target=_work_in_child, args=(work, part, writer), daemon=True)
    # Ctrl-C waits while the worker starts: were it to stop the parent half-way through
    # starting it, the worker would run on (it leaves Ctrl-C to the parent)
    blocked = _block_ctrl_c()
    try:
        process.start()
    finally:
        _unblock_ctrl_c(blocked)
    writer.close()
    return reader, process


def _work_in_child(work, part, writer) -> None:
    """A worker: ``work(part)`` sent down ``writer`` as (True, result), or (False, the error)."""
    _leave_ctrl_c_to_the_parent()
    try:
        message = (True, work(part))
    except BaseException as exc:  # noqa: BLE001 - handed to the parent, which raises it
        message = (False, exc)
    try:
        try:
            writer.send(message)
        except OSError:
            raise  # the pipe itself failed: the parent is gone
        except Exception as exc:  # what it was to send does not pickle: say what failed
            writer.send((False, RuntimeError(f"a worker failed: {lint.describe_exception(exc)}")))
    except OSError:
        pass  # the parent is gone (killed): nobody is left to tell, and no traceback is printed
    writer.close()


def _leave_ctrl_c_to_the_parent() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process of the run): the
    parent stops every worker and says so once, no worker prints a traceback."""
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


#: findings sent back by a worker, each with the position of its card in the run's cards
Indexed = list[tuple[int, "Diagnostic"]]


def _light(ds: list["Diagnostic"], position: dict[int, int]) -> Indexed:
    """A worker's findings without their cards, which stay behind: the parent has them
    already.  The findings are taken off their cards, not copied: the worker sends them
    back and ends."""
    out = []
    for d in ds:
        index = position[id(d.card_obj)]
        d.card_obj = None
        out.append((index, d))
    return out


def _heavy(indexed: Indexed, cards: list["Card"]) -> list["Diagnostic"]:
    """A worker's findings with their cards again (see :func:`_light`)."""
    out = []
    for index, d in indexed:
        d.card_obj = cards[index]
        out.append(d)
    return out


def _lint_part(part: tuple[int, int]) -> tuple[Indexed, Indexed, lint.Batch]:
    """A worker's batch of consecutive cards: the card checks' findings and the FMT003 of
    the batch, each by its card's position in the run's cards (see :func:`_light`), and
    the batch with what the set-level checks collected (by the same positions)."""
    assert _INHERITED is not None
    cards, plan, planners = _INHERITED
    start, end = part
    subset = cards[start:end]
    position = {id(card): start + i for i, card in enumerate(subset)}
    with lint.gc_paused():
        batch = lint.lint_batch(plan, subset, keep_parse=False, first=start)
        if planners is not None:
            from linter.fixes import take_off_unfixable

            take_off_unfixable(batch.diagnostics, planners)
        found, failures = _light(batch.diagnostics, position), _light(batch.errors, position)
        batch.diagnostics, batch.errors = [], []  # sent apart, without their cards
    return found, failures, batch


def _lint_group(indices: list[int]) -> tuple[Indexed, Indexed]:
    """A worker's group of whole files, linted as in one process."""
    assert _INHERITED is not None
    cards, plan, planners = _INHERITED
    subset = [cards[i] for i in indices]
    position = {id(card): i for i, card in zip(indices, subset)}
    errors: list[Diagnostic] = []
    with lint.gc_paused():
        diagnostics = lint.lint_cards(subset, selection=plan.selection, errors=errors, keep_parse=False)
        if planners is not None:
            from linter.fixes import take_off_unfixable

            take_off_unfixable(diagnostics, planners)
    return _light(diagnostics, position), _light(errors, position)
