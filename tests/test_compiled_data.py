"""Rule data and the vocabulary's phrase tokens kept in the cache directory: the same data as
read from rules_data, and a missing, damaged or stale copy is never used."""

from __future__ import annotations

import json
import os
from pathlib import Path

from linter import catalogue


def _copies(name: str) -> list[Path]:
    folder = Path(os.environ["ORACLELINT_CACHE_DIR"]) / "rules-data"
    return sorted(folder.glob(f"{name}-*.json")) if folder.is_dir() else []


def test_a_data_file_is_kept_validated_and_read_back_the_same():
    fresh = catalogue.load.__wrapped__("keywords")  # reads the YAML, validates, keeps a copy
    (copy,) = _copies("keywords")
    assert json.loads(copy.read_bytes())["data"] == fresh
    again = catalogue.load.__wrapped__("keywords")  # from the copy
    assert again == fresh


def test_a_damaged_copy_is_ignored_and_written_again():
    fresh = catalogue.load.__wrapped__("symbols")
    (copy,) = _copies("symbols")
    copy.write_bytes(b"\x00not json{")
    assert catalogue.load.__wrapped__("symbols") == fresh
    assert json.loads(copy.read_bytes())["data"] == fresh


def test_a_copy_of_other_data_is_never_used():
    fresh = catalogue.load.__wrapped__("layouts")
    (copy,) = _copies("layouts")
    obj = json.loads(copy.read_bytes())
    # the copy's key is not the one the data file has now (an edited file, another version)
    copy.write_text(json.dumps({"key": "0" * 64, "data": {"tampered": True}}), encoding="ascii")
    assert catalogue.load.__wrapped__("layouts") == fresh
    obj_now = json.loads(copy.read_bytes())
    assert obj_now["key"] == obj["key"] and obj_now["data"] == fresh


def test_an_unwritable_cache_directory_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("ORACLELINT_CACHE_DIR", str(blocker))
    assert catalogue.load.__wrapped__("layouts") == catalogue.load("layouts")


def test_the_phrase_matcher_finds_the_same_from_kept_tokens_as_from_the_tokenizer():
    from linter import nlp
    from linter.nlp.rulerefs import RuleMatcher

    pipeline = nlp.get_pipeline()
    text = "Destroy target tapped creature. Untapped creatures you control get +1/+1 until end of turn."
    doc = pipeline.make_doc(text)

    def found(matcher):
        return [(s, e, info.id) for s, e, info in matcher(doc)]

    first = RuleMatcher(pipeline)  # tokenizes every phrase and keeps the tokens
    (copy,) = _copies("phrase-tokens")
    second = RuleMatcher(pipeline)  # from the kept tokens
    copy.write_bytes(b"[[1, 2]]")  # damaged: the phrases are tokenized again
    third = RuleMatcher(pipeline)
    assert found(first) == found(second) == found(third)
    # "tapped" is the glossary's Tapped, whose own name it is, not an inflection of Tap
    words = {doc[s:e].text: i for s, e, i in found(first)}
    assert words["tapped"] == "term-tapped" and words["Untapped"] == "term-untapped"
    assert words["+1/+1"] == "pt-change" and words["until end of turn"] == "until-end-of-turn"


def test_two_copies_of_oraclelint_sharing_a_cache_keep_each_its_own(monkeypatch):
    catalogue.load.__wrapped__("edition")  # this copy's
    (mine,) = _copies("edition")
    other = mine.with_name(mine.name.replace(f"-{catalogue._owner()}-", "-0123abcd-"))
    other.write_bytes(mine.read_bytes())  # as another environment's copy, of the same data
    legacy = mine.with_name("edition-0123456789abcdef.json")  # named as before owners were
    legacy.write_bytes(b"{}")
    monkeypatch.setattr(catalogue, "_owner", lambda: "0123abcd")
    catalogue.load.__wrapped__("edition")  # the other copy reads its file and writes nothing
    assert sorted(_copies("edition")) == sorted([mine, other, legacy])
    other.write_bytes(b"stale")
    catalogue.load.__wrapped__("edition")  # it writes its own again, and drops only the legacy file
    assert sorted(_copies("edition")) == sorted([mine, other])
    assert json.loads(other.read_bytes())["data"] == json.loads(mine.read_bytes())["data"]
