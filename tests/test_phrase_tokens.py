"""The vocabulary's kept phrase tokens are known by the tokenizer rules' content, not by
their files' times: a copy of the project whose rules are the same reads them back."""

from __future__ import annotations

import os
from pathlib import Path

from linter.nlp import rulerefs


def _copies() -> list[Path]:
    folder = Path(os.environ["ORACLELINT_CACHE_DIR"]) / "rules-data"
    return sorted(folder.glob("phrase-tokens-*.json")) if folder.is_dir() else []


def test_a_new_time_on_the_tokenizer_rules_keeps_the_kept_tokens():
    from linter import nlp

    pipeline = nlp.get_pipeline()
    phrases = ["deals damage", "+1/+1 counter", "{T}: Add {G}."]
    first = rulerefs._tokenized(pipeline, phrases)  # tokenizes and keeps the tokens
    (copy,) = _copies()
    kept = copy.read_bytes()
    rules = Path(rulerefs.__file__).with_name("tokenizer.py")
    times = rules.stat()
    try:
        os.utime(rules, ns=(times.st_atime_ns, times.st_mtime_ns + 10**9))  # as a new checkout would
        again = rulerefs._tokenized(pipeline, phrases)
        assert _copies() == [copy] and copy.read_bytes() == kept  # read back, not written again
    finally:
        os.utime(rules, ns=(times.st_atime_ns, times.st_mtime_ns))
    assert again == first
    assert first["+1/+1 counter"] == ["+1/+1", "counter"]


def test_other_phrases_are_tokenized_again():
    from linter import nlp

    pipeline = nlp.get_pipeline()
    rulerefs._tokenized(pipeline, ["draw a card"])
    (copy,) = _copies()
    found = rulerefs._tokenized(pipeline, ["draw a card", "{2}{R}"])
    (other,) = _copies()
    assert other != copy and found["{2}{R}"] == ["{2}", "{R}"]
