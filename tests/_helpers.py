"""Helpers shared by test modules: running the CLI, reading the real card files, sorting
real-card findings into the known and the unexpected ones, making random texts to hold a
quick path to the plain one."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterable

from click.testing import CliRunner

from linter.cli import main


def run_cli(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run ``oraclelint ARGS``; its exit code and output."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False, env=env)
    return result.exit_code, result.output


def read_real_cards(shared_data: Path) -> list:
    """Every card of the real card files (each file must read without error)."""
    from linter.readers import discover, read_file

    files, _missing = discover([str(shared_data / "cards")])
    cards = []
    for path in files:
        result = read_file(path)
        assert result.error is None, f"{path}: {result.error.describe()}"
        cards.extend(result.cards)
    return cards


def sort_real_findings(diagnostics: Iterable, known_wrong: set) -> tuple[set, list[str]]:
    """The (file name, card, code) of every finding that is no note, and a line for each
    of them that ``known_wrong`` does not list."""
    found = set()
    unexpected = []
    for d in diagnostics:
        if d.severity == "info":
            continue
        key = (Path(d.path).name, d.card, d.code)
        found.add(key)
        if key not in known_wrong:
            unexpected.append(f"{key[0]}:{d.line}:{d.column}: {d.code} {d.message} ({d.card})")
    return found, unexpected


def random_texts(pieces: list[str], invented: list[str], n: int, most: int, seed: int = 20260417) -> list[str]:
    """``invented``, then ``n`` texts of up to ``most`` of ``pieces`` drawn at random (from a
    fixed seed: the same texts every run)."""
    rng = random.Random(seed)
    return invented + ["".join(rng.choice(pieces) for _ in range(rng.randint(0, most))) for _ in range(n)]
