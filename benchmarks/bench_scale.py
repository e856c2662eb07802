"""Speed and scale of `oraclelint check`: every figure next to its baseline, measured in the same run.

Usage: python benchmarks/bench_scale.py [--data DIR] [--repeat N] [--oracle] [--skip-long]

Builds, in a temporary folder (never in the project), one Scryfall-format file
of the real cards of ../shared/data/cards: the current Oracle cards
(oracle-2026) and the Cockatrice sets, exported with `oraclelint export
--format scryfall` (35.7k cards), and a quarter of it (every fourth card,
8.9k).  Then prints, each as the best of N runs:

* a full `check` of the large file (a process of its own, no results cache,
  default options: one worker per core) and with `--jobs 1`, next to a bare
  spaCy tokenizer pass over the same rules texts (a fresh `spacy.blank("en")`),
  a pass made before each run of the check (the best of them is the baseline:
  measured in the same minutes as the runs, as the machine's speed drifts);
* the CPU time of those two runs (user and system, the workers' included), and
  the default run's divided by the number of cores: the wall time it could take
  at best, were all of its work shared out evenly from the first moment;
* the same two runs with one cheap check selected (:data:`FLOOR_CHECK`, which
  reads the parse of the few faces that add mana): the read, the spaCy import,
  the parse of every face, the workers and the report, with next to no check
  work. What a run costs beyond this floor is the checks' own;
* the time per card at 35.7k and at 8.9k cards (`--jobs 1`), both as the whole
  command's time per card and as the time each card adds (the command's time
  less that of a one-card file);
* the peak memory of the large file's check (a run of its own, not timed):
  the resident set of the command
  and its worker processes, summed (pages the workers share with the parent
  after the fork are counted in each), and their proportional set size
  (each shared page divided among its sharers: what the processes use in all);
* one card of 200,000 characters against a real set of 1,700 cards
  (benchmarks/bench_long_card.py);
* a one-file check's start-up, and the same check again from the results
  cache, next to a bare `import spacy; spacy.blank("en")` in a fresh process.

The package's bytecode is compiled first (as an installed package has it: pip
compiles what it installs), so that start-up is not measured with Python
compiling oraclelint's sources, which an installed copy never does.

The machine's load is printed with the figures: on a shared machine they vary
from run to run, the ratios less than the times.  `--oracle` builds an Oracle
index of the oracle-2026 cards and checks with it (the ORC checks on).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

try:
    import resource  # the CPU time of the runs (not on Windows)
except ImportError:  # pragma: no cover
    resource = None

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_DATA = REPO.parent / "shared" / "data"
#: the check of the floor runs: it needs the parse (so every face is parsed, as in a full run)
#: and is called on few faces (it needs a face that adds mana), so next to nothing is checked
FLOOR_CHECK = "ABL001"


# -- processes and their memory ---------------------------------------------------------------


def _children(pid: int) -> list[int]:
    out = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children") as fh:
                out.extend(int(c) for c in fh.read().split())
    except OSError:
        pass
    return out


def _tree(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(_children(p))
    return found


def _kb(path: str, key: str) -> int:
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith(key):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


class Sampler(threading.Thread):
    """The peak of the summed resident and proportional set sizes of a process and its children."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.stop = pid, threading.Event()
        self.rss = self.pss = 0
        self.processes = 1

    def run(self) -> None:
        while not self.stop.is_set():
            pids = _tree(self.pid)
            rss = sum(_kb(f"/proc/{p}/status", "VmRSS:") for p in pids)
            pss = sum(_kb(f"/proc/{p}/smaps_rollup", "Pss:") for p in pids)
            self.rss, self.pss = max(self.rss, rss), max(self.pss, pss)
            self.processes = max(self.processes, len(pids))
            self.stop.wait(0.05)


def run(cmd: list[str], env: dict, memory: bool = False) -> tuple[float, int, int, int, float]:
    """Wall time of ``cmd``; with ``memory`` the peak summed RSS and PSS (KB) and the most
    processes; the CPU time (user and system) of the command and of its worker processes,
    summed (the command waits for each worker, so theirs is counted in its own)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN) if resource is not None else None
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    sampler = Sampler(proc.pid) if memory and Path("/proc/self/smaps_rollup").exists() else None
    if sampler is not None:
        sampler.start()
    _out, err = proc.communicate()
    elapsed = time.perf_counter() - t0
    if sampler is not None:
        sampler.stop.set()
        sampler.join()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {err.decode(errors='replace')[-2000:]}")
    cpu = float("nan")
    if before is not None:
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return (elapsed, sampler.rss if sampler else 0, sampler.pss if sampler else 0,
            sampler.processes if sampler else 1, cpu)


def best(fn, repeat: int):
    results = [fn() for _ in range(max(1, repeat))]
    return min(results, key=lambda r: r[0] if isinstance(r, tuple) else r)


# -- the files --------------------------------------------------------------------------------


def build_files(data: Path, folder: Path) -> tuple[Path, Path]:
    from linter.export import export_paths

    cards: list = []
    for part in ("oracle-2026", "cockatrice-sets"):
        result = export_paths([str(data / "cards" / part)], "scryfall")
        cards.extend(json.loads(result.text))
    large, quarter = folder / "cards-large.json", folder / "cards-quarter.json"
    large.write_text(json.dumps(cards, ensure_ascii=False, indent=1), encoding="utf-8")
    quarter.write_text(json.dumps(cards[::4], ensure_ascii=False, indent=1), encoding="utf-8")
    return large, quarter


def texts_of(path: Path) -> list[str]:
    from linter.readers import read_file

    return [f.oracle_text or "" for c in read_file(str(path)).cards for f in c.faces]


def tokenizer_time(texts: list[str], repeat: int) -> float:
    """The baseline: a bare spaCy tokenizer pass over the texts (a fresh pipeline each time)."""
    import spacy

    out = float("inf")
    for _ in range(max(1, repeat)):
        blank = spacy.blank("en")
        blank.max_length = 10**9
        t0 = time.perf_counter()
        for _doc in blank.tokenizer.pipe(texts, batch_size=256):
            pass
        out = min(out, time.perf_counter() - t0)
    return out


def with_baseline(texts: list[str], runs: list, repeat: int) -> tuple[float, list[tuple]]:
    """The best of each of ``runs`` (functions giving what :func:`run` gives; the best is
    the fastest) and the best time of the tokenizer pass over ``texts``, a pass made before
    every run: the baseline is measured in the same minutes as what it is held against
    (this machine's speed drifts from minute to minute)."""
    base = float("inf")
    results: list[tuple | None] = [None] * len(runs)
    for _ in range(max(1, repeat)):
        for k, fn in enumerate(runs):
            base = min(base, tokenizer_time(texts, 1))
            got = fn()
            if results[k] is None or got[0] < results[k][0]:
                results[k] = got
    return base, results


# -- the report -------------------------------------------------------------------------------

ROWS: list[tuple[str, str, str, str, str]] = []


def row(what: str, value: str, baseline: str, ratio: float | None, bar: float | None, unit: str = "x") -> None:
    shown = f"{ratio:.2f}{unit}" if ratio is not None else ""
    verdict = "" if bar is None or ratio is None else ("ok" if ratio <= bar else "over")
    ROWS.append((what, value, baseline, shown, f"<= {bar:g}{unit} {verdict}" if bar is not None else ""))


def print_rows() -> None:
    widths = [max(len(r[i]) for r in ROWS) for i in range(5)]
    for r in ROWS:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(DEFAULT_DATA), help="the real data folder (default ../shared/data)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each measurement; the best is shown")
    ap.add_argument("--oracle", action="store_true", help="check against an Oracle index of oracle-2026")
    ap.add_argument("--skip-long", action="store_true", help="leave out the 200,000-character card")
    args = ap.parse_args()
    data = Path(args.data)
    if not (data / "cards" / "oracle-2026").is_dir():
        print(f"no real card data at {data}/cards", file=sys.stderr)
        return 2
    sys.path.insert(0, str(REPO))
    import compileall

    compileall.compile_dir(str(REPO / "linter"), quiet=1)
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; cores: {os.cpu_count()}")
    with tempfile.TemporaryDirectory(prefix="oraclelint-bench-") as tmp:
        folder = Path(tmp)
        env = {**os.environ, "ORACLELINT_CACHE_DIR": str(folder / "cache")}
        large, quarter = build_files(data, folder)
        oracle = []
        if args.oracle:
            subprocess.run([sys.executable, "-m", "linter", "oracle", "update", "--from",
                            str(data / "cards" / "oracle-2026" / "oracle-cards.json")], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            oracle = ["--oracle", str(folder / "cache" / "oracle-cards.sqlite3")]
        one_card = folder / "one-card.yaml"
        one_card.write_text("name: Gale Rider\ntype_line: Creature — Bird\noracle_text: Flying\n"
                            'power: "1"\ntoughness: "1"\n', encoding="utf-8")
        small = folder / "example-set.yaml"
        shutil.copy(REPO / "examples" / "example-set.yaml", small)

        check = [sys.executable, "-m", "linter", "check", "--format", "json", *oracle]
        n_large, n_quarter = len(json.loads(large.read_text(encoding="utf-8"))), \
            len(json.loads(quarter.read_text(encoding="utf-8")))
        floor = ["--select", FLOOR_CHECK]
        base_large, (by_default, by_one, floor_default, floor_one) = with_baseline(texts_of(large), [
            lambda: run(check + ["--no-cache", str(large)], env),
            lambda: run(check + ["--no-cache", "--jobs", "1", str(large)], env),
            lambda: run(check + ["--no-cache", *floor, str(large)], env),
            lambda: run(check + ["--no-cache", *floor, "--jobs", "1", str(large)], env)], args.repeat)
        t_default, t_one = by_default[0], by_one[0]
        base_quarter, (by_quarter,) = with_baseline(texts_of(quarter), [
            lambda: run(check + ["--no-cache", "--jobs", "1", str(quarter)], env)], args.repeat)
        q_one = by_quarter[0]
        # memory in a run of its own: reading the processes' smaps as they run costs the
        # kernel time enough to slow the run it measures
        _t, rss, pss, procs, _cpu = run(check + ["--no-cache", str(large)], env, memory=True)
        fixed = best(lambda: run(check + ["--no-cache", "--jobs", "1", str(one_card)], env), args.repeat)[0]
        print(f"load average after the large file: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

        ROWS.append(("figure", "measured", "baseline", "ratio", "bar"))
        row(f"check {n_large:,} cards, default ({os.cpu_count()} cores)", f"{t_default:.2f}s",
            f"tokenizer {base_large:.2f}s", t_default / base_large, 3)
        row(f"check {n_large:,} cards, --jobs 1", f"{t_one:.2f}s", f"tokenizer {base_large:.2f}s",
            t_one / base_large, 6)
        # what the default run's workers cost beside one process: the CPU time of those runs
        cpu_default, cpu_one = by_default[4], by_one[4]
        row("  CPU time, default run against --jobs 1", f"{cpu_default:.2f}s", f"--jobs 1 {cpu_one:.2f}s",
            cpu_default / cpu_one, None)
        cores = os.cpu_count() or 1
        row(f"  that CPU time over {cores} cores: the least a default run takes", f"{cpu_default / cores:.2f}s",
            f"tokenizer {base_large:.2f}s", cpu_default / cores / base_large, None)
        row(f"  floor: only {FLOOR_CHECK} selected, default", f"{floor_default[0]:.2f}s",
            f"tokenizer {base_large:.2f}s", floor_default[0] / base_large, None)
        row(f"  floor: only {FLOOR_CHECK} selected, --jobs 1", f"{floor_one[0]:.2f}s",
            f"tokenizer {base_large:.2f}s", floor_one[0] / base_large, None)
        per_large, per_quarter = t_one / n_large * 1000, q_one / n_quarter * 1000
        row(f"per card at {n_large:,} vs {n_quarter:,} (--jobs 1)", f"{per_large:.3f} ms", f"{per_quarter:.3f} ms",
            per_large / per_quarter, 1.2)
        add_large, add_quarter = (t_one - fixed) / n_large * 1000, (q_one - fixed) / n_quarter * 1000
        row("  each card's own time (less a one-card check)", f"{add_large:.3f} ms", f"{add_quarter:.3f} ms",
            add_large / add_quarter, 1.2)
        row(f"  tokenizer per card at {n_large:,} vs {n_quarter:,}", f"{base_large / n_large * 1000:.3f} ms",
            f"{base_quarter / n_quarter * 1000:.3f} ms", (base_large / n_large) / (base_quarter / n_quarter), None)
        row(f"peak memory, {n_large:,} cards, {procs} processes: RSS summed", f"{rss / 1024:.0f} MB", "500 MB",
            rss / 1024 / 500, 1)
        row("  proportional set size summed (shared pages divided)", f"{pss / 1024:.0f} MB", "500 MB",
            pss / 1024 / 500, 1)

        if not args.skip_long:
            sys.path.insert(0, str(HERE))
            import bench_long_card as long_card
            from linter import nlp
            from linter.readers import read_file, read_text

            set_file = data / "cards" / "cockatrice-sets" / "MB1.xml"
            nlp.get_pipeline()
            first = read_file(str(set_file))
            texts = [f.oracle_text for c in first.cards for f in c.faces if f.oracle_text]
            long_text = ""
            while len(long_text) < 200_000:
                long_text += "\n".join(texts) + "\n"
            long_text = long_text[:200_000].rstrip()
            card = {"object": "card", "name": "Endless Chronicle", "layout": "normal", "mana_cost": "{3}{U}",
                    "type_line": "Legendary Enchantment", "oracle_text": long_text}
            source = json.dumps([card], ensure_ascii=False, indent=1)
            t_set, n_set, _f = long_card.check_time(lambda: read_file(str(set_file)), args.repeat)
            t_long, _n, _f = long_card.check_time(lambda: read_text(source, path="long-card.json"), args.repeat)
            row(f"one card of {len(long_text):,} characters", f"{t_long:.2f}s", f"{n_set:,}-card set {t_set:.2f}s",
                t_long / t_set, 3)

        blank = best(lambda: run([sys.executable, "-c", "import spacy; spacy.blank('en')"], env), args.repeat)[0]
        first = best(lambda: run(check + ["--no-cache", str(small)], env), args.repeat)[0]
        cached_env = {**env, "ORACLELINT_CACHE_DIR": str(folder / "cache-small")}
        run(check + [str(small)], cached_env)  # fills the cache
        again = best(lambda: run(check + [str(small)], cached_env), args.repeat)[0]
        row("one small file, first run", f"{first:.2f}s", f"spaCy start-up {blank:.2f}s", first / blank, 1.3)
        row("  the same again, from the results cache", f"{again:.2f}s", f"spaCy start-up {blank:.2f}s",
            again / blank, 0.3)
        row("  (its time, against the bar of 0.3 s)", f"{again:.2f}s", "0.30s", again / 0.3, 1)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print_rows()
    return 0


if __name__ == "__main__":
    sys.exit(main())
