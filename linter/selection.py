"""Which check codes are active: select and ignore by prefix, in one place.

The most specific (longest) matching prefix decides; on a tie the explicit
``ignore`` wins over ``select``.  With no ``select`` every check is active.
"""

from __future__ import annotations

from typing import Iterable


def parse_codes(value: str | Iterable[str] | None) -> list[str]:
    """Split "RUL,SYM001" (or a list of such strings) into upper-case prefixes."""
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    out: list[str] = []
    for item in value:
        out.extend(p.strip().upper() for p in str(item).split(",") if p.strip())
    return out


class Selection:
    def __init__(self, select: Iterable[str] | None = None, ignore: Iterable[str] | None = None) -> None:
        self.select = parse_codes(select)
        self.ignore = parse_codes(ignore)

    def _longest(self, code: str, prefixes: list[str]) -> int:
        return max((len(p) for p in prefixes if code.startswith(p) or p == "ALL"), default=-1)

    def active(self, code: str) -> bool:
        code = code.upper()
        sel = self._longest(code, self.select) if self.select else 0
        ign = self._longest(code, self.ignore)
        if sel < 0:
            return False
        return not (ign >= 0 and ign >= sel)
