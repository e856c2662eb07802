"""Rule references: phrase patterns of rules text and the CR rules they invoke.

The patterns live in ``rules_data/patterns.yaml``; keyword names (CR 702)
and keyword actions (CR 701) come from the keyword catalogue.  Matching uses
spaCy's PhraseMatcher (fixed phrases) and Matcher (token patterns).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass


@functools.lru_cache(maxsize=None)
def patterns_data() -> dict:
    from linter.catalogue import load

    return load("patterns")


@functools.lru_cache(maxsize=None)
def kind_rules() -> dict[str, tuple[str, ...]]:
    """Rules of an ability by kind or variant (``"activated"``, ``"mana-activated"`` …)."""
    return {k: tuple(v) for k, v in patterns_data()["kinds"].items()}


def _inflections(word: str) -> list[str]:
    """Simple English forms of a verb: exile, exiles, exiled, exiling."""
    out = {word, word + "s", word + "ed", word + "ing"}
    if word.endswith("e"):
        out |= {word + "d", word[:-1] + "ing"}
    if word.endswith(("s", "sh", "ch", "x", "z")):
        out.add(word + "es")
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        out |= {word[:-1] + "ies", word[:-1] + "ied"}
    return sorted(out)


@dataclass(frozen=True, slots=True)
class PatternInfo:
    id: str
    label: str
    rules: tuple[str, ...]


class RuleMatcher:
    """Every phrase pattern, compiled once for a vocabulary."""

    # labels whose overlapping matches compete (the longest wins)
    _GROUPS = {"KEYWORD_ACTION": "KEYWORD"}

    def __init__(self, nlp):
        from spacy.matcher import Matcher, PhraseMatcher

        data = patterns_data()
        self.info: dict[str, PatternInfo] = {}
        self.matcher = Matcher(nlp.vocab, validate=True)
        self.phrase_lower = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.phrase_orth = PhraseMatcher(nlp.vocab, attr="ORTH")
        make = nlp.make_doc
        for p in data["patterns"]:
            info = PatternInfo(p["id"], p["label"], tuple(p["rules"]))
            self.info[info.id] = info
            if "phrases" in p:
                target = self.phrase_orth if p.get("attr") == "ORTH" else self.phrase_lower
                target.add(info.id, [make(t) for t in p["phrases"]])
            if "tokens" in p:
                self.matcher.add(info.id, p["tokens"], greedy="LONGEST")
        gen = data.get("generated") or {}
        from linter import tables

        if "keywords" in gen:
            label = gen["keywords"]["label"]
            skip = {s.lower() for s in gen["keywords"].get("skip", [])}
            by_rule: dict[str, list[str]] = {}
            for name, kw in tables.keywords().items():
                if name not in skip:
                    by_rule.setdefault(kw.rule, []).append(name)
            for rule, names in by_rule.items():
                pid = f"keyword-{rule}"
                self.info[pid] = PatternInfo(pid, label, (rule,))
                self.phrase_lower.add(pid, [make(n) for n in names])
        if "keyword_actions" in gen:
            spec = gen["keyword_actions"]
            skip = {s.lower() for s in spec.get("skip", [])}
            for name, rule in tables.keyword_actions().items():
                if name in skip:
                    continue
                words = name.split()
                forms = _inflections(words[0]) if spec.get("inflect") else [words[0]]
                phrases = [" ".join([f, *words[1:]]) for f in forms]
                pid = f"action-{rule}"
                self.info[pid] = PatternInfo(pid, spec["label"], (rule,))
                self.phrase_lower.add(pid, [make(t) for t in phrases])

    def __call__(self, doc) -> list[tuple[int, int, PatternInfo]]:
        """(start token, end token, pattern) of every match, overlaps resolved."""
        strings = doc.vocab.strings
        raw = []
        for matcher in (self.phrase_orth, self.phrase_lower, self.matcher):
            for key, s, e in matcher(doc):
                raw.append((s, e, self.info[strings[key]]))
        # per group, the longest of overlapping matches wins
        raw.sort(key=lambda m: (m[0], -(m[1] - m[0])))
        kept: list[tuple[int, int, PatternInfo]] = []
        last_end: dict[str, int] = {}
        for s, e, info in raw:
            group = self._GROUPS.get(info.label, info.label)
            if s < last_end.get(group, -1):
                continue
            last_end[group] = e
            kept.append((s, e, info))
        return kept
