"""Where a check's time goes: reading, the parse and each card check, on one card file.

Usage: python benchmarks/bench_checks.py FILE [--top N]

Prints, for one process and the file's cards: the bare spaCy tokenizer pass over
the same rules texts (the baseline, measured in the same run), the read, the
pipeline's build, the parse, and the card checks in all and one by one (a
set-level check's per-card collection counts as the check's, marked
"collect"), each with its cards per second.  The checks are called as a run calls
them: each check over all the cards it is given before the next check (with one
clock reading a check, not one a call).  Run it on a few thousand real cards (a
file ``bench_scale.py`` builds, or a Cockatrice set).
"""

from __future__ import annotations

import argparse
import collections
import gc
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", help="a card file")
    ap.add_argument("--top", type=int, default=30, help="how many checks to list (the slowest first)")
    args = ap.parse_args()
    sys.path.insert(0, str(REPO))
    gc.disable()  # as a run does

    from linter import lint, nlp
    from linter.checks.api import FaceCheck, card_faces
    from linter.readers import read_file
    from linter.selection import Selection

    t0 = time.perf_counter()
    result = read_file(args.file)
    cards = result.cards
    t_read = time.perf_counter() - t0
    if not cards:
        print(f"{args.file}: no cards ({result.error.describe() if result.error else 'empty'})", file=sys.stderr)
        return 2
    texts = [f.oracle_text or "" for c in cards for f in c.faces]

    import spacy

    blank = spacy.blank("en")
    blank.max_length = 10**9
    t0 = time.perf_counter()
    for _doc in blank.tokenizer.pipe(texts, batch_size=256):
        pass
    t_tok = time.perf_counter() - t0

    t0 = time.perf_counter()
    nlp.get_pipeline()
    t_pipe = time.perf_counter() - t0
    t0 = time.perf_counter()
    lint.parse_cards(cards)
    t_parse = time.perf_counter() - t0

    plan = lint.Plan(Selection(None, None))
    per: collections.Counter = collections.Counter()
    clock = time.perf_counter
    calls = 0
    idle = {c.code: lint.idle(c) for c in plan.set_checks}  # asked once, as lint_batch asks once a batch
    t0 = clock()
    # the calls as lint.lint_batch makes them: the checks each card is given, then each check
    # over all the cards it is given, one check after the other (see lint._card_checks)
    by_check: dict[int, tuple] = {}
    collecting: dict[str, tuple] = {}
    for card in cards:
        kind = lint.what_reads(card)
        views, chosen = plan.calls(card, True, kind)
        for check, at in chosen:
            by_check.setdefault(id(check), (check, []))[1].append((card, views, at))
        for check in plan.set_checks_for(card, True, kind)[1]:
            if not idle[check.code]:  # as lint_batch: nothing to collect (an ORC check without an index)
                collecting.setdefault(check.code, (check, []))[1].append(card)
    for check, wanted in by_check.values():
        a = clock()
        for card, views, at in wanted:
            try:
                if at is None:
                    calls += 1
                    for _hit in check.check_card(card):
                        pass
                else:
                    mine = views if at is lint.ALL else [views[i] for i in at]
                    calls += len(mine)
                    for view in mine:
                        for _hit in check.check_face(view):
                            pass
            except Exception:  # noqa: BLE001 - a failing check is the run's business, not the benchmark's
                pass
        per[check.code] += clock() - a
    for code, (check, wanted) in collecting.items():
        a = clock()
        for card in wanted:
            check.collect(card)
        per[f"{code} (collect)"] += clock() - a
    t_checks = clock() - t0
    # the calls without the checks' needs: a card check once a card, a face check once a parsed face
    ungated = 0
    for card in cards:
        faces = len(list(card_faces(card)))
        for check in plan.card_checks_for(card, True, lint.what_reads(card)):
            ungated += faces if type(check).check_card is FaceCheck.check_card else 1

    n = len(cards)

    def line(what: str, seconds: float) -> None:
        print(f"{what:28s} {seconds:7.2f} s  {n / seconds if seconds else float('inf'):10,.0f} cards/s"
              f"  {seconds / t_tok:6.1f}x the tokenizer")

    print(f"{n:,} cards, {len(texts):,} faces")
    line("tokenizer (baseline)", t_tok)
    line("read", t_read)
    print(f"{'pipeline build':28s} {t_pipe:7.2f} s")
    line("parse", t_parse)
    line("card checks", t_checks)
    print(f"  of which in the checks     {sum(per.values()):7.2f} s (the rest: choosing checks, the loop)")
    print(f"  check calls               {calls:8,} (without the checks' needs: {ungated:,})")
    for code, seconds in per.most_common(args.top):
        print(f"  {code:26s} {seconds:7.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
