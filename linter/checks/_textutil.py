"""Stray spacing in rules text (shared by ORC001 and TPL013): spaces that are no part of
its words. What a check needs to know about a text's structure (reminder text, quotes,
self-references, abilities) is the parse's: see linter/checks/api.py."""

from __future__ import annotations

import re

# Spacing that is no part of a rules text's words: a run of spaces between two words,
# spaces or tabs before a line break or at the text's end, after a line break or at its start
_SPACING = re.compile(r"(?<=\S)[ \t]{2,}(?=\S)|[ \t]+(?=\n)|(?<=\n)[ \t]+|[ \t]+\Z|\A[ \t]+|\t")


def stray_spacing(text: str) -> list[tuple[int, int, str]]:
    """(start, end, what) of each run of stray spacing in a rules text; "what" names it
    ("a double space", "a space before a line break", ...). The fix of each is to delete
    the run (a double space keeps one space)."""
    if ("\t" not in text and "  " not in text and " \n" not in text and "\n " not in text
            and text[:1] != " " and text[-1:] != " "):
        return []  # no run the pattern could match: most texts
    out = []
    for m in _SPACING.finditer(text):
        s, e = m.span()
        run = m.group()
        if e < len(text) and text[e] == "\n":
            what = "a space before a line break"
        elif e == len(text):
            what = "a space at the end of the rules text"
        elif s == 0:
            what = "a space at the start of the rules text"
        elif text[s - 1] == "\n":
            what = "a space at the start of a line"
        elif "\t" in run and len(run) == 1:
            what = "a tab between words"
        else:
            what = "a double space" if len(run) == 2 else f"{len(run)} spaces in a row"
        out.append((s, e, what))
    return out
