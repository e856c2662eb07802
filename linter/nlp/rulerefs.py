"""Rule references: phrase patterns of rules text and the CR rules they invoke.

The patterns live in ``rules_data/patterns.yaml``; keyword names (CR 702)
and keyword actions (CR 701) come from the keyword catalogue.  Matching uses
spaCy's PhraseMatcher (fixed phrases) and Matcher (token patterns).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_WORDS = re.compile(r"\w+")


@functools.lru_cache(maxsize=None)
def patterns_data() -> dict:
    from linter.catalogue import load

    return load("patterns")


@functools.lru_cache(maxsize=None)
def kind_rules() -> dict[str, tuple[str, ...]]:
    """Rules of an ability by kind or variant (``"activated"``, ``"mana-activated"`` …)."""
    return {k: tuple(v) for k, v in patterns_data()["kinds"].items()}


@functools.lru_cache(maxsize=None)
def special_labels() -> dict[str, dict]:
    """Lower-case label -> {kind, rules} ("to solve")."""
    return {k.lower(): v for k, v in (patterns_data().get("labels") or {}).items()}


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


def product_phrases(lists: list[list[str]] | None) -> list[str]:
    """Every string made of one item of each list, joined in order."""
    if not lists:
        return []
    out = [""]
    for options in lists:
        out = [a + b for a in out for b in options]
    return out


def _expand_first(patterns: list[list[dict]]) -> list[list[dict]]:
    """Patterns whose first token is ``{ATTR: {IN: [a, b]}}`` become one pattern
    per value: the Matcher tries every pattern's first token on every token,
    and a plain equality is much cheaper there than a set predicate."""
    out = []
    for pat in patterns:
        first = pat[0]
        if len(first) == 1:
            (attr, value), = first.items()
            if isinstance(value, dict) and set(value) == {"IN"} and attr in ("LOWER", "ORTH", "TEXT", "SHAPE", "NORM"):
                out.extend([{attr: v}, *pat[1:]] for v in value["IN"])
                continue
        out.append(pat)
    return out


def _needs(pattern: list[dict]) -> tuple[frozenset[str], ...]:
    """The words a token pattern needs: for each required token, the set of
    lower-case words one of which must be in the text."""
    out = []
    for tok in pattern:
        if tok.get("OP") not in (None, "!", "+", "1"):
            continue
        value = tok.get("LOWER")
        if isinstance(value, str):
            out.append(frozenset({value}))
        elif isinstance(value, dict) and set(value) == {"IN"}:
            out.append(frozenset(v.lower() for v in value["IN"]))
    return tuple(out)


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
        self.phrase_shape = PhraseMatcher(nlp.vocab, attr="SHAPE")
        phrase_by_attr = {"ORTH": self.phrase_orth, "LOWER": self.phrase_lower, "SHAPE": self.phrase_shape}
        # The Matcher builds a Token object for every token it visits, which costs
        # more than everything else together: it only runs on a text that has
        # every literal word of at least one token pattern.
        self.anchors: list[tuple[frozenset[str], ...]] = []
        make = nlp.make_doc
        for p in data["patterns"]:
            info = PatternInfo(p["id"], p["label"], tuple(p["rules"]))
            self.info[info.id] = info
            phrases = list(p.get("phrases", ())) + product_phrases(p.get("product"))
            if phrases:
                phrase_by_attr[p.get("attr", "LOWER")].add(info.id, [make(t) for t in phrases])
            if "tokens" in p:
                expanded = _expand_first(p["tokens"])
                self.matcher.add(info.id, expanded, greedy="LONGEST")
                self.anchors.extend(_needs(pat) for pat in expanded)
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

    def __call__(self, doc, text: str | None = None) -> list[tuple[int, int, PatternInfo]]:
        """(start token, end token, pattern) of every match, overlaps resolved."""
        strings = doc.vocab.strings
        raw = []
        matchers = [self.phrase_orth, self.phrase_lower, self.phrase_shape]
        if text is None:
            text = doc.text
        if self.anchors:
            words = set(_WORDS.findall(text.lower()))
            if any(all(not alts.isdisjoint(words) for alts in need) for need in self.anchors):
                matchers.append(self.matcher)
        for matcher in matchers:
            for key, s, e in matcher(doc):
                raw.append((s, e, self.info[strings[key]]))
        # "Add {R}" runs on over "{R}{G}"
        for k, (s, e, info) in enumerate(raw):
            if info.label == "ADD_MANA" and doc[e - 1].text.startswith("{"):
                while e < len(doc) and doc[e].text.startswith("{") and doc[e].text.endswith("}"):
                    e += 1
                raw[k] = (s, e, info)
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
