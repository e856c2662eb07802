"""What ``oraclelint explain`` shows: a check's documentation or a rule's text.

A check is explained from its docstring (the fixed ``## What it does`` ...
sections) and the catalogue's titles for the rules it cites.  A rule is
explained from the downloaded Comprehensive Rules (its text and sub-rules)
when a copy is cached, otherwise from the catalogue's own summary together
with the command that downloads the rules.  A keyword or keyword action name
("flying", "scry") is explained as the rule that defines it.
"""

from __future__ import annotations

import re
import textwrap

from linter.checks.base import DOC_SECTIONS, all_checks
from linter.cr import store
from linter.cr.parser import NUMBER_RE, CRDocument
from linter.tables import cr_edition, keyword_actions, keywords, rule_index

DOWNLOAD_HINT = "oraclelint cr update"


class ExplainError(LookupError):
    """Nothing is known under the name asked for."""


def explain(query: str, doc: CRDocument | None = None, *, use_cache: bool = True) -> dict:
    """A JSON-ready description of a check code, a rule number or a keyword."""
    query = query.strip()
    checks = all_checks()
    code = query.upper()
    if code in checks:
        return _explain_check(checks[code])
    by_name = {cls.name: cls for cls in checks.values()}
    if query.lower() in by_name:
        return _explain_check(by_name[query.lower()])
    number = query.rstrip(".")
    if not NUMBER_RE.match(number):
        kw = keywords().get(query.lower())
        if kw is not None:
            number = kw.rule
        elif query.lower() in keyword_actions():
            number = keyword_actions()[query.lower()]
        else:
            raise ExplainError(f"{query!r} is neither a check code, a rule number nor a keyword "
                               "(see 'oraclelint rules' for the check codes)")
    if doc is None and use_cache:
        doc = store.load_cached()
    return _explain_rule(number, doc)


def _explain_check(cls) -> dict:
    sections = cls.doc_sections()
    index = rule_index()
    return {
        "kind": "check",
        "code": cls.code,
        "name": cls.name,
        "category": cls.category,
        "severity": cls.severity,
        "fixable": bool(cls.fixable),
        "summary": sections.get("summary", ""),
        "sections": {name: sections.get(name, "") for name in DOC_SECTIONS},
        "non_tournament": cls.non_tournament_note(),
        "rules": [
            {"number": n, "title": index[n].title if n in index else None,
             "summary": index[n].summary if n in index else None}
            for n in cls.rules
        ],
    }


def _explain_rule(number: str, doc: CRDocument | None) -> dict:
    entry = rule_index().get(number)
    rule = doc.get(number) if doc is not None else None
    if rule is not None:
        return {
            "kind": "rule",
            "source": "cr",
            "number": number,
            "title": rule.title or (entry.title if entry else None),
            "text": rule.text,
            "subrules": [{"number": r.number, "title": r.title, "text": r.text} for r in doc.children(number)],
            "edition": doc.effective,
            "cited_edition": cr_edition(),
            "summary": entry.summary if entry else None,
        }
    if entry is None:
        if doc is not None:
            raise ExplainError(f"rule {number} does not exist in the Comprehensive Rules effective {doc.effective}")
        raise ExplainError(f"rule {number} is not in the catalogue and no Comprehensive Rules are "
                           f"downloaded; run '{DOWNLOAD_HINT}' to read any rule")
    result = {
        "kind": "rule",
        "source": "catalogue",
        "number": number,
        "title": entry.title,
        "summary": entry.summary,
        "cited_edition": cr_edition(),
    }
    if doc is None:
        result["hint"] = f"run '{DOWNLOAD_HINT}' to read the rule's full text"
    else:
        result["hint"] = f"rule {number} is not in the cached rules (effective {doc.effective})"
    return result


def format_text(info: dict, width: int = 88) -> str:
    """The human-readable form of :func:`explain`'s result."""
    lines: list[str] = []
    if info["kind"] == "check":
        fix = ", fixable" if info["fixable"] else ""
        lines.append(f"{info['code']} {info['name']} [{info['category']}, {info['severity']}{fix}]")
        if info["summary"]:
            lines += ["", info["summary"]]
        for name, body in info["sections"].items():
            if body:
                lines += ["", name, textwrap.indent(body, "    ")]
        if info.get("non_tournament"):
            lines += ["", "Cards outside the tournament card pool",
                      textwrap.indent(textwrap.fill(info["non_tournament"], width - 4), "    ")]
        if info["rules"]:
            lines += ["", "Comprehensive Rules"]
            for ref in info["rules"]:
                title = f" {ref['title']}" if ref["title"] else ""
                summary = f": {ref['summary']}" if ref["summary"] else ""
                lines.append(f"    {ref['number']}{title}{summary}")
        return "\n".join(lines) + "\n"
    head = f"{info['number']}. {info['title']}" if info.get("title") else f"{info['number']}."
    lines.append(head)
    if info["source"] == "cr":
        if info.get("text"):
            lines += ["", _wrap(info["text"], width)]
        for sub in info["subrules"]:
            label = f"{sub['number']}. {sub['title']}" if sub["title"] else sub["number"]
            body = f"{label} {sub['text']}" if sub["text"] else label
            lines += ["", _wrap(body, width)]
        note = f"(Comprehensive Rules effective {info['edition']}"
        if info["edition"] != info["cited_edition"]:
            note += f"; oraclelint cites the edition effective {info['cited_edition']}"
        lines += ["", note + ")"]
    else:
        lines += ["", _wrap(info["summary"], width), "", f"({info['hint']})"]
    return "\n".join(lines) + "\n"


def _wrap(text: str, width: int) -> str:
    out = []
    for para in text.split("\n"):
        out.append(textwrap.fill(para, width=width, subsequent_indent="    " if re.match(r"^Example:", para) else ""))
    return "\n".join(out)
