"""How many sentences of real cards get a CR citation for every term the CR defines.

    python tools/cr_term_coverage.py [CARD FILE] [--examples N] [--json]

Default card file: ../shared/data/cards/oracle-2026/oracle-cards.json (its
non-tournament.txt cards are left out).  Every sentence of every ability
(reminder text and quoted abilities left to the ability they belong to) is
searched for the terms the CR defines: the glossary's names (obsolete ones
and names with a placeholder aside), keyword abilities, keyword actions and
subtypes, in their written forms.  The search is a regular expression over
the text, independent of the pipeline's phrase matcher; a term's occurrence
is *cited* when a phrase the parse found covers it.  Words inside the card's
own name are no terms.

Two figures are printed: over every term, and over every term but the words
whose glossary entry defines one sense only (patterns.yaml
``generated.glossary.skip``: "if" is an intervening "if" only in a trigger
condition), which the parse cites only where that sense applies.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEFAULT = ROOT.parent / "shared" / "data" / "cards" / "oracle-2026" / "oracle-cards.json"
_SENTENCE = re.compile(r"[^.•\n;]+")


def term_forms() -> tuple[dict[str, str], set[str], dict[str, str]]:
    """Every written form of a CR-defined term -> the term (lower case), the one-sense
    words, and the subtypes (as capitalised in rules text) -> the subtype."""
    from linter import tables
    from linter.nlp.rulerefs import patterns_data, term_phrases, word_forms

    data = patterns_data()
    forms = {k.lower(): list(v) for k, v in (data.get("forms") or {}).items()}
    one_sense = {s.lower() for s in data["generated"]["glossary"].get("skip", [])}
    out: dict[str, str] = {}
    for term in tables.glossary().values():
        if term.obsolete or not term.rules:
            continue
        for name in term.names:
            if "[" not in name:
                for p in term_phrases(name, forms):
                    out.setdefault(p, term.term)
    for name, kw in tables.keywords().items():
        out.setdefault(name, kw.name)
    for name in tables.keyword_actions():
        words = name.split()
        for f in word_forms(words[0], forms):
            out.setdefault(" ".join([f, *words[1:]]), name)
    from linter import catalogue

    families = data["generated"]["types"]["families"]
    subtypes: dict[str, str] = {}
    for family, entry in catalogue.load("types")["subtypes"].items():
        if family in families:
            for sub in entry["names"]:
                for f in word_forms(sub, forms, verb=False):
                    subtypes.setdefault(f, sub)
    one_sense_forms = {p for w in one_sense for p in term_phrases(w, forms)}
    return out, one_sense_forms, subtypes


def finder(forms, flags=re.I) -> re.Pattern:
    alternatives = sorted(forms, key=len, reverse=True)
    return re.compile(r"(?<![\w'’-])(?:" + "|".join(re.escape(a) for a in alternatives) + r")(?![\w'’-])", flags)


def measure(path: Path, examples: int = 0, every: int = 1) -> dict:
    """The figures over the cards of ``path`` (every ``every``-th card only, for a quick look)."""
    from linter import engine
    from linter.nlp import pipeline

    results = engine.read_paths([str(path)])
    cards = [c for r in results for c in r.cards]
    skip_file = path.parent / "non-tournament.txt"
    if skip_file.is_file():
        skip = set(skip_file.read_text(encoding="utf-8").splitlines())
        cards = [c for c in cards if c.name not in skip]
    cards = cards[::every]
    with engine.gc_paused():
        pipeline.parse_faces((f, c) for c in cards for f in c.faces)
    forms, one_sense, subtypes = term_forms()
    rx, rx_types = finder(forms), finder(subtypes, 0)
    sentences = cited_all = cited_plain = 0
    occurrences = cited_occ = 0
    missed: Counter[str] = Counter()
    samples: dict[str, list[str]] = {}
    for card in cards:
        for face in card.faces:
            p = face.parsed
            if p is None or not p.text:
                continue
            text = p.masked or p.text
            names = [(s, e) for s, e in p.self_refs if not text.startswith(("this ", "This "), s)]
            phrases = [(ph.start, ph.end) for ph in p.phrases]
            for m in _SENTENCE.finditer(text):
                found = [(t.start(), t.end(), t.group(0).lower()) for t in rx.finditer(text, m.start(), m.end())]
                found += [(t.start(), t.end(), t.group(0)) for t in rx_types.finditer(text, m.start(), m.end())]
                found = [f for f in found if not any(a <= f[0] and f[1] <= b for a, b in names)]
                if not m.group(0).strip():
                    continue
                sentences += 1
                ok_all = ok_plain = True
                for s, e, word in found:
                    occurrences += 1
                    hit = any(a < e and s < b for a, b in phrases)
                    cited_occ += hit
                    if not hit:
                        ok_all = False
                        if word not in one_sense:
                            ok_plain = False
                            missed[word] += 1
                            if examples and len(samples.setdefault(word, [])) < examples:
                                samples[word].append(f"{card.name}: {m.group(0).strip()[:120]}")
                cited_all += ok_all
                cited_plain += ok_plain
    return {
        "cards": len(cards),
        "sentences": sentences,
        "term_occurrences": occurrences,
        "cited_occurrences": cited_occ,
        "sentences_all_terms_cited": cited_all,
        "sentences_all_terms_cited_but_one_sense_words": cited_plain,
        "share_all": cited_all / sentences if sentences else 1.0,
        "share_but_one_sense_words": cited_plain / sentences if sentences else 1.0,
        "most_missed": missed.most_common(25),
        "examples": samples,
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default=str(DEFAULT))
    ap.add_argument("--examples", type=int, default=0, help="show N sentences for each missed term")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    path = Path(args.path)
    if not path.is_file():
        print(f"{path}: no such card file", file=sys.stderr)
        return 2
    r = measure(path, args.examples)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    print(f"cards {r['cards']}  sentences {r['sentences']}  CR-term occurrences {r['term_occurrences']} "
          f"(cited {r['cited_occurrences']}, {r['cited_occurrences'] / max(1, r['term_occurrences']):.2%})")
    print(f"sentences whose every CR-defined term is cited: {r['sentences_all_terms_cited']} "
          f"({r['share_all']:.2%})")
    print(f"  the same, one-sense words aside (patterns.yaml glossary skip): "
          f"{r['sentences_all_terms_cited_but_one_sense_words']} ({r['share_but_one_sense_words']:.2%})")
    if r["most_missed"]:
        print("terms most often without a citation: " + ", ".join(f"{w} ({n})" for w, n in r["most_missed"]))
    for word, lines in r["examples"].items():
        print(f"  {word}:")
        for line in lines:
            print(f"    {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
