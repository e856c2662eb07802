"""Cards per second of `oraclelint check`, next to a bare spaCy tokenizer pass over the same texts.

Usage: python benchmarks/bench_check.py [PATHS...] [--repeat N]

Both figures are measured in the same run over the same rules texts, so the
ratio holds across machines.  Reading the files is timed separately.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards" / "cockatrice-sets"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=[str(DEFAULT)])
    ap.add_argument("--repeat", type=int, default=1, help="repeat the timed passes, report the best")
    args = ap.parse_args()

    t0 = time.perf_counter()
    import spacy

    from linter import engine, nlp

    t_import = time.perf_counter() - t0

    t0 = time.perf_counter()
    results = engine.read_paths(args.paths)
    t_read = time.perf_counter() - t0
    cards = [c for r in results for c in r.cards]
    texts = [f.oracle_text or "" for c in cards for f in c.faces]
    if not cards:
        print("no cards found", file=sys.stderr)
        return 2

    t0 = time.perf_counter()
    nlp.get_pipeline()
    t_build = time.perf_counter() - t0

    best_base = best_parse = best_check = float("inf")
    for _ in range(max(1, args.repeat)):
        blank = spacy.blank("en")
        gc.collect()
        t0 = time.perf_counter()
        for _doc in blank.tokenizer.pipe(texts, batch_size=256):
            pass
        best_base = min(best_base, time.perf_counter() - t0)

        for c in cards:
            for f in c.faces:
                f.parsed = None
        gc.collect()
        t0 = time.perf_counter()
        engine.parse_cards(cards)
        best_parse = min(best_parse, time.perf_counter() - t0)
        t0 = time.perf_counter()
        diags = engine.lint_cards(cards)
        best_check = min(best_check, time.perf_counter() - t0)

    from linter import parallel
    from linter.selection import Selection

    workers = parallel.workers_for(0, len(cards))
    best_workers = float("inf")
    for _ in range(max(1, args.repeat)):
        for c in cards:
            for f in c.faces:
                f.parsed = None
        gc.collect()
        t0 = time.perf_counter()
        parallel.lint_in_workers(cards, Selection(), workers, [])
        best_workers = min(best_workers, time.perf_counter() - t0)

    n = len(cards)
    total = best_parse + best_check
    print(f"files: {len(results)}  cards: {n}  faces: {len(texts)}  diagnostics: {len(diags)}")
    print(f"import {t_import:.2f}s  read {t_read:.2f}s ({n / t_read:,.0f} cards/s)  build pipeline {t_build:.2f}s")
    print(f"baseline  spaCy tokenizer only : {n / best_base:>10,.0f} cards/s  ({best_base:.2f}s)")
    print(f"oraclelint parse (nlp.pipe)    : {n / best_parse:>10,.0f} cards/s  ({best_parse:.2f}s)")
    print(f"oraclelint parse + all checks  : {n / total:>10,.0f} cards/s  ({total:.2f}s)")
    print(f"  the same in {workers} worker process(es): {n / best_workers:>10,.0f} cards/s  ({best_workers:.2f}s)")
    print(f"ratio to baseline (one process)  : {best_base / total:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
