"""Write the game's vocabulary (rules_data/vocabulary.yaml) from a Comprehensive Rules text.

    python tools/extract_cr_vocabulary.py PATH/TO/MagicCompRules_YYYYMMDD.txt

Takes every glossary entry (its headword, the names the headword lists, the
rules its definition points to and the other entries it refers to) and the
title of every titled rule.  Definitions are not written anywhere: the
project keeps names and numbers, and its own summaries in rules_index.yaml.

After a new edition, run ``python tools/extract_cr_lists.py --gaps PATH`` to
list the rule numbers the vocabulary now cites that rules_index.yaml lacks.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from linter.cr.glossary import glossary_terms, section_titles  # noqa: E402
from linter.cr.parser import parse_bytes  # noqa: E402

HEADER = """\
# The game's vocabulary, from the Comprehensive Rules: every glossary entry (its headword, the
# lower-case names the headword lists, the rules its definition points to, the entries it refers
# to, whether the CR marks it obsolete) and the title of every titled rule.  The definitions are
# not kept.  The phrase patterns of rules_data/patterns.yaml are generated from these terms.
# Extracted from the Comprehensive Rules effective {effective} by tools/extract_cr_vocabulary.py.
"""


def vocabulary(doc) -> dict:
    terms = []
    for t in glossary_terms(doc):
        entry: dict = {"term": t.term, "names": list(t.names)}
        if t.rules:
            entry["rules"] = list(t.rules)
        if t.see:
            entry["see"] = list(t.see)
        if t.obsolete:
            entry["obsolete"] = True
        terms.append(entry)
    return {"edition": doc.effective, "terms": terms, "titles": section_titles(doc)}


def _flow(value) -> str:
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6, sort_keys=False).removesuffix("\n...\n").strip()


def dump(data: dict) -> str:
    """One line a term and a title, so that a new edition's changes read as a short diff."""
    lines = [f"edition: {_flow(data['edition'])}", "terms:"]
    lines += [f"  - {_flow(entry)}" for entry in data["terms"]]
    lines.append("titles:")
    lines += [f"  {_flow(number)}: {_flow(title)}" for number, title in data["titles"].items()]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    doc = parse_bytes(Path(argv[0]).read_bytes())
    body = dump(vocabulary(doc))
    out = ROOT / "rules_data" / "vocabulary.yaml"
    out.write_text(HEADER.format(effective=doc.effective) + body, encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}: {len(doc.glossary)} terms, {len(doc.titles())} titles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
