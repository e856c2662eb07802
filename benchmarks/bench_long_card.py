"""One very long card against a whole real set: `oraclelint check` must stay linear in the text.

Usage: python benchmarks/bench_long_card.py [SET_FILE] [--chars N] [--repeat N]

Times what `check` does with a file (read it, parse every face, run every
check, work out which fixes can be applied) for a real set of about 1,700
cards, and for one card whose rules text is N characters (200,000 by
default) made of the same set's rules texts, one after another, read from
the set file at run time.  Next to each, the baseline of the brief: a bare
spaCy tokenizer pass over the same texts.  The bar: the long card takes less
than 3x the time of the set.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards" / "cockatrice-sets" / "MB1.xml"


def check_time(read, repeat: int) -> tuple[float, int, int]:
    """Best time of read -> parse -> checks -> fixability; cards and findings."""
    from linter import engine
    from linter.fixes import fixability

    best = float("inf")
    cards = found = 0
    for _ in range(max(1, repeat)):
        gc.collect()
        t0 = time.perf_counter()
        result = read()
        diagnostics = engine.lint_cards(result.cards)
        fixability(diagnostics, result.cards)
        best = min(best, time.perf_counter() - t0)
        cards, found = len(result.cards), len(diagnostics)
    return best, cards, found


def tokenizer_time(texts: list[str], repeat: int) -> float:
    import spacy

    blank = spacy.blank("en")
    blank.max_length = 10**9
    best = float("inf")
    for _ in range(max(1, repeat)):
        t0 = time.perf_counter()
        for _doc in blank.tokenizer.pipe(texts, batch_size=256):
            pass
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set_file", nargs="?", default=str(DEFAULT))
    ap.add_argument("--chars", type=int, default=200_000, help="length of the long card's rules text")
    ap.add_argument("--repeat", type=int, default=3, help="repeat each timed pass, report the best")
    args = ap.parse_args()

    from linter import nlp
    from linter.readers import read_file, read_text

    if not Path(args.set_file).is_file():
        print(f"no set file at {args.set_file}", file=sys.stderr)
        return 2
    nlp.get_pipeline()  # built once, outside the timed passes
    first = read_file(args.set_file)
    if first.error is not None or not first.cards:
        print(f"{args.set_file}: no cards ({first.error.describe() if first.error else 'empty'})", file=sys.stderr)
        return 2
    texts = [f.oracle_text for c in first.cards for f in c.faces if f.oracle_text]
    long_text = ""
    while len(long_text) < args.chars:
        long_text += "\n".join(texts) + "\n"
    long_text = long_text[:args.chars].rstrip()
    card = {"object": "card", "name": "Endless Chronicle", "layout": "normal", "mana_cost": "{3}{U}",
            "type_line": "Legendary Enchantment", "oracle_text": long_text}
    source = json.dumps([card], ensure_ascii=False, indent=1)

    t_set, n_set, f_set = check_time(lambda: read_file(args.set_file), args.repeat)
    t_long, _n, f_long = check_time(lambda: read_text(source, path="long-card.json"), args.repeat)
    b_set, b_long = tokenizer_time(texts, args.repeat), tokenizer_time([long_text], args.repeat)

    chars_set = sum(len(t) for t in texts)
    print(f"set       {Path(args.set_file).name}: {n_set} cards, {chars_set:,} characters of rules text, "
          f"{f_set} findings")
    print(f"  check {t_set:.2f}s ({n_set / t_set:,.0f} cards/s)   baseline spaCy tokenizer {b_set:.2f}s")
    print(f"long card: 1 card, {len(long_text):,} characters of rules text, {f_long} findings")
    print(f"  check {t_long:.2f}s ({len(long_text) / t_long:,.0f} characters/s)   "
          f"baseline spaCy tokenizer {b_long:.2f}s")
    ratio = t_long / t_set
    print(f"ratio long card / set: {ratio:.2f} (the bar: under 3)")
    return 0 if ratio < 3 else 1


if __name__ == "__main__":
    sys.exit(main())
