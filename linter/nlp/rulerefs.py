"""Rule references: phrase patterns of rules text and the CR rules they invoke.

The patterns live in ``rules_data/patterns.yaml``; keyword names (CR 702)
and keyword actions (CR 701) come from the keyword catalogue.  Matching uses
spaCy's PhraseMatcher (fixed phrases) and Matcher (token patterns).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

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


def _plurals(word: str) -> list[str]:
    """A noun and its regular plural: card, cards; ability, abilities; box, boxes."""
    out = {word}
    if word.endswith(("s", "sh", "ch", "x", "z")):
        out.add(word + "es")
    elif word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        out.add(word[:-1] + "ies")
    else:
        out.add(word + "s")
    return sorted(out)


def word_forms(word: str, forms: dict[str, list[str]], verb: bool = True) -> list[str]:
    """The forms of one word: the hand-written ones where ``forms`` lists
    them (draw: drew, drawn), else the regular inflections (of a verb) or
    plurals (of a noun).  A capitalised word keeps its capital."""
    low = word.lower()
    if low in forms:
        found = [low, *forms[low]]
    else:
        found = _inflections(low) if verb else _plurals(low)
    if word[:1].isupper():
        found = [f[:1].upper() + f[1:] for f in found]
    return sorted(set(found))


def term_phrases(name: str, forms: dict[str, list[str]]) -> list[str]:
    """The phrases a glossary name is written as: its first word inflected as a
    verb ("leaves the battlefield", "left the battlefield"), its last word as a
    noun ("activated abilities")."""
    words = name.split()
    out = {name}
    out.update(" ".join([f, *words[1:]]) for f in word_forms(words[0], forms))
    if len(words) > 1:
        out.update(" ".join([*words[:-1], f]) for f in word_forms(words[-1], forms, verb=False))
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


# labels whose overlapping matches compete (the longest wins)
GROUPS = {
    "KEYWORD_ACTION": "KEYWORD", "COUNTER": "KEYWORD", "ZONE": "KEYWORD",
    # the vocabulary: one phrase a stretch of words, the longest
    "TYPE": "TERM", "DRAW": "TERM", "LIFE": "TERM", "DAMAGE": "TERM", "PLAYER": "TERM",
    "DURATION": "TERM", "STEP": "TERM", "TURN": "TERM", "CONTROL": "TERM", "CONDITION": "TERM",
    "BECOMES": "TERM",
}
# the labels of the phrases generated from the glossary and the type tables: a more
# specific phrase around one of them makes it redundant
GENERIC = frozenset({"TERM", "TYPE"})


@dataclass(frozen=True, slots=True)
class PatternInfo:
    id: str
    label: str
    rules: tuple[str, ...]
    terms: tuple[str, ...] = ()  # the glossary terms (or CR titles) the phrase stands for
    sense: str | None = None  # what the phrase means to the meaning layer ("draw", "graveyard")
    group: str = field(init=False)
    generic: bool = field(init=False)
    last: int = field(init=False)  # 1 for a subtype: a glossary term of the same words goes first
    runs_on: bool = field(init=False)  # "Add {R}" runs on over the symbols after it

    def __post_init__(self):
        object.__setattr__(self, "group", GROUPS.get(self.label, self.label))
        object.__setattr__(self, "generic", self.label in GENERIC)
        object.__setattr__(self, "last", int(self.label == "TYPE"))
        object.__setattr__(self, "runs_on", self.label == "ADD_MANA")


def pattern_rules(p: dict) -> tuple[str, ...]:
    """A pattern's own rules followed by those of the terms it names."""
    from linter import tables

    out = list(p.get("rules") or ())
    for term in p.get("terms") or ():
        out.extend(r for r in tables.term_rules(term) if r not in out)
    return tuple(out)


class _Phrases:
    """Fixed phrases matched on the hashes of the tokens' text (``ORTH``) or of its lower
    case (``LOWER``), as spaCy's PhraseMatcher matches them, from a trie of token hashes:
    its phrases are kept as strings, so that building it makes no Doc and adds nothing to
    the vocabulary (most of the cost of a PhraseMatcher of thousands of phrases)."""

    def __init__(self, lower: bool) -> None:
        self.lower = lower
        self.root: dict = {}
        self.pending: list[tuple[str, str]] = []  # (pattern id, phrase) not yet in the trie

    def add(self, pid: str, phrases, own: frozenset[str] = frozenset()) -> None:
        """Add the phrases of pattern ``pid``; where two patterns have one phrase, the one
        whose ``own`` phrases (its names as written, not their inflections) hold it is
        found first ("locked" is the term Locked before it is a form of Lock)."""
        self.pending.extend((pid, p, p in own) for p in phrases)

    def build(self, tokens_of: dict[str, list[str]]) -> None:
        """Put the pending phrases in the trie, each as the tokens ``tokens_of`` gives."""
        from linter.nlp.lean import spacy  # noqa: F401 - first: spaCy without its command line
        from spacy.strings import get_string_id

        hashes: dict[str, int] = {}
        for pid, phrase, first in self.pending:
            words = tokens_of[phrase]
            if not words:
                continue
            key = get_string_id(pid)
            node = self.root
            for w in words:
                if self.lower:
                    w = w.lower()
                h = hashes.get(w)
                if h is None:
                    h = hashes[w] = get_string_id(w)
                node = node.setdefault(h, {})
            # no token hashes to 0 (the hash of no text) or to -1 (the count of own patterns)
            ends = node.setdefault(0, [])
            if key not in ends:
                if first:  # after the phrase's other own patterns, before the rest
                    ahead = node.get(-1, 0)
                    ends.insert(ahead, key)
                    node[-1] = ahead + 1
                else:
                    ends.append(key)
        self.pending = []

    def __call__(self, hashes: list[int]):
        """(pattern key, start, end) of every phrase in the token hashes."""
        root = self.root
        n = len(hashes)
        for s in range(n):
            node = root.get(hashes[s])
            e = s + 1
            while node is not None:
                ends = node.get(0)
                if ends is not None:
                    for key in ends:
                        yield key, s, e
                if e >= n:
                    break
                node = node.get(hashes[e])
                e += 1


def _tokenized(nlp, phrases: list[str]) -> dict[str, list[str]]:
    """Each phrase's tokens as the pipeline's tokenizer splits it, kept in the cache
    directory for these phrases and this tokenizer (tokenizing thousands of phrases in a
    fresh process is most of the cost of building the matcher).

    The tokenizer is known by the content of its rules (``tokenizer.py`` and the text
    helpers it reads), not by their files' times: two copies of the project with the
    same rules (a checkout and an installed copy) share the kept tokens instead of
    each writing over the other's."""
    import hashlib
    import json
    from pathlib import Path

    from linter import catalogue
    from linter.nlp.lean import spacy

    here = Path(__file__).parent
    digest = hashlib.sha256()
    try:
        for name in ("tokenizer.py", "text.py"):
            digest.update((here / name).read_bytes())
        rules_stamp: str | None = digest.hexdigest()
    except OSError:
        rules_stamp = None
    unique = sorted(set(phrases))
    stamp = json.dumps([spacy.__version__, rules_stamp, unique], ensure_ascii=True)
    kept = catalogue.compiled("phrase-tokens", stamp)
    found = kept.read()
    if isinstance(found, list) and len(found) == len(unique) and all(isinstance(t, list) for t in found):
        return dict(zip(unique, found))
    out = {p: [t.text for t in doc] for p, doc in zip(unique, nlp.tokenizer.pipe(unique))}
    kept.write([out[p] for p in unique])
    return out


class RuleMatcher:
    """Every phrase pattern, compiled once for a vocabulary."""

    _GENERIC = GENERIC

    def __init__(self, nlp):
        from spacy.matcher import Matcher, PhraseMatcher

        data = patterns_data()
        self.info: dict[str, PatternInfo] = {}
        self.matcher = Matcher(nlp.vocab, validate=True)
        self.phrase_lower = _Phrases(lower=True)
        self.phrase_orth = _Phrases(lower=False)
        self.phrase_shape = PhraseMatcher(nlp.vocab, attr="SHAPE")  # a few phrases: +1/+1 and the like
        phrase_by_attr = {"ORTH": self.phrase_orth, "LOWER": self.phrase_lower, "SHAPE": self.phrase_shape}
        # The Matcher builds a Token object for every token it visits, which costs
        # more than everything else together: it only runs on a text that has
        # every literal word of at least one token pattern.
        self.anchors: list[tuple[frozenset[str], ...]] = []
        self._anchors_h = None
        self._by_key = None
        self._lower: set[str] = set()  # every lower-case phrase a specific pattern matches
        make = nlp.make_doc
        for p in data["patterns"]:
            info = PatternInfo(p["id"], p["label"], pattern_rules(p), tuple(p.get("terms") or ()), p.get("sense"))
            self.info[info.id] = info
            phrases = list(p.get("phrases", ())) + product_phrases(p.get("product"))
            if phrases:
                attr = p.get("attr", "LOWER")
                phrase_by_attr[attr].add(info.id, [make(t) for t in phrases] if attr == "SHAPE" else phrases)
                if p.get("attr", "LOWER") == "LOWER":
                    self._lower.update(t.lower() for t in phrases)
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
                self.phrase_lower.add(pid, names)
                self._lower.update(names)
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
                self.info[pid] = PatternInfo(pid, spec["label"], (rule,), sense=name)
                self.phrase_lower.add(pid, phrases)
                self._lower.update(phrases)
        forms = {k.lower(): list(v) for k, v in (data.get("forms") or {}).items()}
        if "glossary" in gen:
            self._add_glossary(gen["glossary"], forms, make)
        if "types" in gen:
            self._add_types(gen["types"], forms, make)
        tokens_of = _tokenized(nlp, [p for m in (self.phrase_orth, self.phrase_lower) for _pid, p, _o in m.pending])
        self.phrase_orth.build(tokens_of)
        self.phrase_lower.build(tokens_of)

    def _add_glossary(self, spec: dict, forms: dict[str, list[str]], make) -> None:
        """One pattern per glossary term: every name it lists, in its written forms.

        Obsolete terms, names with a placeholder ("partner with [name]"),
        terms without rules and the names of ``skip`` (words whose senses
        the hand-written patterns and the meaning layer tell apart) are left out.
        """
        from linter import tables

        skip = {s.lower() for s in spec.get("skip", [])}
        for term in tables.glossary().values():
            if term.obsolete or not term.rules:
                continue
            names = [n for n in term.names if "[" not in n and n not in skip]
            if not names:
                continue
            pid = "term-" + _slug(term.term)
            # a phrase a more specific pattern matches as it is would only be dropped
            phrases = sorted({p for n in names for p in term_phrases(n, forms)} - self._lower)
            if phrases:
                self.info[pid] = PatternInfo(pid, spec["label"], term.rules, (term.term,))
                self.phrase_lower.add(pid, phrases, frozenset(n.lower() for n in names))

    def _add_types(self, spec: dict, forms: dict[str, list[str]], make) -> None:
        """Subtypes (matched as capitalised words, in the singular and plural) with
        the 205.3 rule of their family; supertypes and card types are glossary terms."""
        from linter import catalogue

        families = spec["families"]
        for family, entry in catalogue.load("types")["subtypes"].items():
            if family not in families:
                continue
            rule = families[family]["rule"]
            pid = f"subtype-{family}"
            self.info[pid] = PatternInfo(pid, spec["label"], (rule,), sense=family)
            phrases = sorted({f for name in entry["names"] for f in _subtype_forms(name, forms)})
            self.phrase_orth.add(pid, phrases)

    def __call__(self, doc, text: str | None = None, lowers: list[int] | None = None,
                 orths: list[int] | None = None) -> list[tuple[int, int, PatternInfo]]:
        """(start token, end token, pattern) of every match, overlaps resolved.

        ``lowers`` and ``orths`` (the hash of each token's lower-case form and
        of its text) spare the tokens' being read again where the caller has
        them: reading a token makes a spaCy Token object.
        """
        by_key = self._by_key
        if by_key is None:
            strings = doc.vocab.strings
            by_key = self._by_key = {strings.add(pid): info for pid, info in self.info.items()}
        raw = []
        if lowers is None:
            lowers = [t.lower for t in doc]
        if orths is None:
            orths = [t.orth for t in doc]
        found = [self.phrase_orth(orths), self.phrase_lower(lowers), self.phrase_shape(doc)]
        if self.anchors:
            words = set(lowers)
            first, needs = self._anchor_keys(doc)
            if (first is None or not first.isdisjoint(words)) and any(all(not alts.isdisjoint(words) for alts in need) for need in needs):
                found.append(self.matcher(doc))
        append = raw.append
        n = len(doc)
        for matches in found:
            for key, s, e in matches:
                info = by_key[key]
                if info.runs_on and doc[e - 1].text.startswith("{"):
                    # "Add {R}" runs on over "{R}{G}"
                    while e < n and doc[e].text.startswith("{") and doc[e].text.endswith("}"):
                        e += 1
                # sorted by start, then the longest first, a subtype after a glossary term of the same words
                append(((s << 12) - ((e - s) << 1) + info.last, s, e, info))
        if not raw:
            return []
        raw.sort(key=_first)
        # per group, the longest of overlapping matches wins
        kept: list[tuple[int, int, PatternInfo]] = []
        keep = kept.append
        last_end: dict[str, int] = {}
        get = last_end.get
        generic = False
        for _, s, e, info in raw:
            group = info.group
            if s < get(group, -1):
                continue
            last_end[group] = e
            keep((s, e, info))
            if info.generic:
                generic = True
        if generic:
            # a glossary term inside a more specific phrase says nothing more
            specific = [(s, e) for s, e, info in kept if not info.generic]
            out = []
            k, reach = 0, -1
            for m in kept:
                while k < len(specific) and specific[k][0] <= m[0]:
                    reach = max(reach, specific[k][1])
                    k += 1
                if m[2].generic and reach >= m[1]:
                    continue
                out.append(m)
            kept = out
        return kept

    def _anchor_keys(self, doc) -> tuple[frozenset[int] | None, list[tuple[frozenset[int], ...]]]:
        """The words each token pattern needs (as hashes), and the words any of them needs first."""
        if self._anchors_h is None:
            strings = doc.vocab.strings
            needs = [tuple(frozenset(strings.add(w) for w in alts) for alts in need) for need in self.anchors]
            first = frozenset().union(*(need[0] for need in needs if need))
            if any(not need for need in needs):
                first = None  # a pattern without a literal word: the matcher always runs
            self._anchors_h = (first, needs)
        return self._anchors_h


def _first(m):
    return m[0]


def _slug(term: str) -> str:
    return "-".join(_WORDS.findall(term.lower().replace("'", "")))


def _subtype_forms(name: str, forms: dict[str, list[str]]) -> list[str]:
    """A subtype as written in rules text: "Elf", "Elves"; "Urza's" stays as it is."""
    if "'" in name:
        return [name]
    words = name.split()
    return [" ".join([*words[:-1], f]) for f in word_forms(words[-1], forms, verb=False)]
