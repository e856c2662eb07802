"""Write the fact tables of rules_data from a Comprehensive Rules text.

    python tools/extract_cr_lists.py PATH/TO/MagicCompRules_YYYYMMDD.txt
    python tools/extract_cr_lists.py --gaps PATH/TO/MagicCompRules_YYYYMMDD.txt

Rewrites rules_data/ability_words.yaml, keyword_actions.yaml and types.yaml
from the lists the CR spells out (207.2c, 701.x, 205.2a, 205.3g-205.3q,
205.4a), and lists the keyword sections (702.x) that rules_data/keywords.yaml
does not cover yet: keywords carry judgement (parameter shape, kind, card
types) and are edited by hand.

With ``--gaps`` it writes nothing and prints a skeleton rules_index.yaml line
for each cited number the index lacks; the summary is left for a person to
write in the project's own words.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from linter.cr import lists  # noqa: E402
from linter.cr.parser import parse_bytes  # noqa: E402


def _dump(path: Path, header: str, data) -> None:
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)
    path.write_text(header + body, encoding="utf-8")


def keyword_action_entries(doc) -> list[dict]:
    entries = []
    for number, title in lists.keyword_sections(doc, "701").items():
        names = title.split(" and ") if title == "Tap and Untap" else [title]
        for name in names:
            entries.append({"name": name.lower(), "rule": number})
    return entries


def print_gaps(doc) -> int:
    from linter.cr.citations import cited_numbers
    from linter.tables import rule_index

    index = rule_index()
    gaps = [(n, where) for n, where in cited_numbers().items() if n not in index]
    for number, where in gaps:
        rule = doc.get(number)
        if rule is None:
            print(f"# {number} does not exist in the CR effective {doc.effective} (cited by {', '.join(where)})")
            continue
        title = lists.ascii_apostrophes(rule.title) if rule.title else "TODO"
        heading = ", cr_title: true" if rule.title else ""
        print(f'  - {{number: "{number}", title: "{title}"{heading}, summary: "TODO"}}  # {", ".join(where)}')
    return 1 if gaps else 0


def main(argv: list[str]) -> int:
    gaps = argv[:1] == ["--gaps"]
    argv = argv[1:] if gaps else argv
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    doc = parse_bytes(Path(argv[0]).read_bytes())
    if gaps:
        return print_gaps(doc)
    data = ROOT / "rules_data"
    note = f"# Extracted from the Comprehensive Rules effective {doc.effective} by tools/extract_cr_lists.py.\n"
    _dump(data / "ability_words.yaml",
          "# Ability words (CR 207.2c): italic labels without rules meaning.\n" + note,
          {"ability_words": lists.ability_words(doc)})
    _dump(data / "keyword_actions.yaml",
          "# Keyword actions (CR 701.x): lower-case name and rule number.\n" + note,
          {"keyword_actions": keyword_action_entries(doc)})
    subtypes = {kind: {"card_types": list(owners), "names": names}
                for kind, (owners, names) in lists.subtype_families(doc).items()}
    _dump(data / "types.yaml",
          "# Supertypes (205.4a), card types (205.2a) and the subtypes of each card type\n"
          "# (205.3g-205.3q), as printed on type lines; apostrophes are ASCII.\n" + note,
          {
              "supertypes": lists.supertypes(doc),
              "card_types": lists.card_types(doc),
              "basic_land_types": lists.basic_land_types(doc),
              "subtypes": subtypes,
          })
    known = yaml.safe_load((data / "keywords.yaml").read_text(encoding="utf-8"))["keywords"]
    covered = {k["rule"].rstrip("abcdefghijkmnpqrstuvwxyz") for k in known}
    for number, title in lists.keyword_sections(doc).items():
        if number not in covered:
            print(f"keywords.yaml lacks {number} {title}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
