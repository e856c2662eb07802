"""Cards per second of the parse, layer by layer, next to a bare spaCy tokenizer pass over the same texts.

Usage: python benchmarks/bench_parse.py [PATHS...] [--repeat N]

Default: ../shared/data/cards/oracle-2026.  Each figure is the best of N runs
in this process, over the same rules texts:

* the baseline: ``spacy.blank("en")``'s tokenizer (a fresh one each run);
* parse: the pipeline as ``oraclelint check`` runs it (abilities, costs,
  keywords, self-references; the vocabulary and the meaning are made on
  first use, so a run whose checks never ask pays nothing for them);
* + vocabulary: every face's cited phrases (every CR term, keyword, keyword
  action, subtype and open phrase with its rules) in the batch;
* + meaning: the same, with the meaning of every ability (clauses, triggers,
  references) read right away, as a run whose checks ask for the meaning of
  every face would.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards" / "oracle-2026"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=[str(DEFAULT)])
    ap.add_argument("--repeat", type=int, default=3, help="repeat the timed passes, report the best")
    args = ap.parse_args()

    import spacy

    from linter import engine
    from linter.nlp import pipeline

    results = engine.read_paths(args.paths)
    cards = [c for r in results for c in r.cards]
    if not cards:
        print("no cards found", file=sys.stderr)
        return 2
    texts = [f.oracle_text or "" for c in cards for f in c.faces]
    items = [(f, c) for c in cards for f in c.faces]
    t0 = time.perf_counter()
    nlp = pipeline.get_pipeline()
    t_build = time.perf_counter() - t0

    def parse(**layers) -> float:
        for f, _ in items:
            f.parsed = None
        gc.collect()
        t = time.perf_counter()
        with engine.gc_paused():
            pipeline.parse_faces(items, **layers)
        return time.perf_counter() - t

    best = {"base": float("inf"), "segment": float("inf"), "parse": float("inf"), "meaning": float("inf")}
    for _ in range(max(1, args.repeat)):
        blank = spacy.blank("en")
        gc.collect()
        t = time.perf_counter()
        for _doc in blank.tokenizer.pipe(texts, batch_size=256):
            pass
        best["base"] = min(best["base"], time.perf_counter() - t)
        best["segment"] = min(best["segment"], parse())
        best["parse"] = min(best["parse"], parse(vocabulary=True))
        best["meaning"] = min(best["meaning"], parse(meaning=True))

    n = len(cards)
    clauses = sum(len(a.clauses) for f, _ in items if f.parsed for a in f.parsed.walk())
    print(f"files: {len(results)}  cards: {n}  faces: {len(texts)}  clauses read: {clauses}  "
          f"build pipeline {t_build:.2f}s")
    rows = [
        ("baseline  spaCy tokenizer only", best["base"]),
        ("parse (as check runs it)      ", best["segment"]),
        ("  + vocabulary of every face  ", best["parse"]),
        ("  + meaning of every face     ", best["meaning"]),
    ]
    for label, secs in rows:
        print(f"{label} : {n / secs:>10,.0f} cards/s  ({secs:.2f}s, {secs / best['base']:.1f}x the baseline)")
    print(f"the vocabulary of every face costs {best['parse'] - best['segment']:.2f}s "
          f"({(best['parse'] - best['segment']) / best['base']:.1f}x the baseline), reading the meaning of every "
          f"face {best['meaning'] - best['parse']:.2f}s more ({(best['meaning'] - best['parse']) / best['base']:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
