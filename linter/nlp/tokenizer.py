"""The tokenizer of rules text: spaCy's English rules plus Magic's symbols.

Each of these is one token: a braced symbol (``{T}``, ``{2/W}``, ``{W/U/P}``,
``{100}``, ``{CHAOS}``), a loyalty cost with its colon (``+1:``, ``−2:``,
``-X:``, ``0:``, ``[+1]:``), a power/toughness change (``+1/+1``,
``-1/-1``, ``+X/+0``), the em dash and the bullet.  Text whose lines were
glued together by an export ("vigilanceWhen", "turn.)When") is split where
the next line starts, so that line starts are token starts.
"""

from __future__ import annotations

import re

from linter.nlp import text as T

# A chunk that is exactly one loyalty cost or one P/T change keeps together.
_TOKEN_MATCH = re.compile(
    r"(?:[+\-−–]?(?:\d+|X)|\[[+\-−–]?(?:\d+|X)\]):"
    r"|[+\-−–](?:\d+|X|\*)/[+\-−–](?:\d+|X|\*)"
)

_SYMBOL = r"\{[^{}\s]{1,8}\}"
_EXTRA_PREFIXES = [_SYMBOL, "•", "—", "–", "−(?=[^\\d X])", r"\+(?=\{)"]
# "… mana value X." : a lone capital (a variable) before a full stop
_EXTRA_SUFFIXES = [_SYMBOL, "•", "—", "–", r"(?<=^[A-Z])\.", r"(?<=/[+\-−][X*])\."]
_EXTRA_INFIXES = [
    r"(?<=\})(?=\{)",  # {2}{G}
    r"(?<=[^\s{])(?=\{)",  # word{T}
    r"(?<=\})(?=[^\s{},.:;)\"”'’])",  # {2}word
    r"[—–•]",
    T.GLUE_INFIX,
]


#: the name the tokenizer is registered under (spaCy's registry of tokenizers)
REGISTERED = "oraclelint.tokenizer.v1"


def register_tokenizer() -> str:
    """Register :func:`build_tokenizer` in spaCy's registry (once); its registered name."""
    from linter.nlp.lean import spacy  # noqa: F401 - first: spaCy without its command line
    from spacy.util import registry

    if REGISTERED not in registry.tokenizers:
        registry.tokenizers.register(REGISTERED, func=lambda: build_tokenizer)
    return REGISTERED


def build_tokenizer(nlp):
    """A tokenizer for ``nlp`` (a blank English pipeline) with the rules above: English's
    rules (its language defaults) and Magic's."""
    from linter.nlp.lean import spacy  # noqa: F401 - first: spaCy without its command line
    from spacy.tokenizer import Tokenizer
    from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

    defaults = nlp.Defaults
    # English splits a "+" off anything but a digit; "+X/+X." at a sentence end keeps it
    prefixes = _EXTRA_PREFIXES + [r"\+(?![0-9X*])" if p == r"\+(?![0-9])" else p for p in defaults.prefixes]
    suffixes = _EXTRA_SUFFIXES + list(defaults.suffixes)
    infixes = _EXTRA_INFIXES + list(defaults.infixes)
    # One constructor call: setting the rules one by one on the existing tokenizer
    # would load its thousands of special cases again after each of them.
    # Special cases of the English defaults that would split our tokens differently
    # are not an issue: none of them contains braces, dashes or bullets.
    # English keeps a single letter with its full stop as one token ("X.", "b.");
    # in rules text that letter is a variable ending a sentence ("… mana value X.")
    rules = {k: v for k, v in defaults.tokenizer_exceptions.items()
             if not (len(k) == 2 and k[1] == "." and k[0].isalpha())}
    return Tokenizer(
        nlp.vocab,
        rules=rules,
        prefix_search=compile_prefix_regex(prefixes).search,
        suffix_search=compile_suffix_regex(suffixes).search,
        infix_finditer=compile_infix_regex(infixes).finditer,
        token_match=_TOKEN_MATCH.fullmatch,
        url_match=defaults.url_match,
    )
