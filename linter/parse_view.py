"""`oraclelint parse`: the parse of each card as data and as text for a person."""

from __future__ import annotations

from dataclasses import dataclass, field

from linter.model import Ability, Card, Face


def ability_json(a: Ability) -> dict:
    return {
        "kind": a.kind,
        "text": a.text,
        "start": a.start,
        "end": a.end,
        "keyword": a.keyword,
        "ability_word": a.ability_word,
        "cost": [{"kind": c.kind, "text": c.text} for c in a.cost],
        "mana_ability": a.mana_ability,
        "rules": list(a.rules),
        "phrases": [{"text": p.text, "start": p.start, "end": p.end, "rules": list(p.rules)} for p in a.phrases],
        "granted": [ability_json(g) for g in a.granted],
    }


def _ability_text(a: Ability, indent: str) -> list[str]:
    label = a.kind
    if a.keyword:
        label += f" {a.keyword}" + (f" [{a.parameter}]" if a.parameter else "")
    if a.ability_word:
        label += f" (ability word: {a.ability_word})"
    if a.mana_ability:
        label += " (mana ability)"
    rules = f"  [CR {', '.join(a.rules)}]" if a.rules else ""
    lines = [f"{indent}{label}{rules}", f"{indent}  | {a.text}"]
    if a.cost:
        lines.append(f"{indent}  cost: " + "; ".join(f"{c.kind} '{c.text}'" for c in a.cost))
    for p in a.phrases:
        lines.append(f"{indent}  '{p.text}' -> CR {', '.join(p.rules)}")
    for g in a.granted:
        lines.append(f"{indent}  grants:")
        lines.extend(_ability_text(g, indent + "    "))
    return lines


@dataclass
class ParseResult:
    cards: list[Card] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)

    @property
    def unreadable(self) -> int:
        return len(self.errors)

    def as_json(self) -> dict:
        from linter.reporters.json import tool_info

        return {
            "tool": tool_info(),
            "cards": [
                {
                    "path": c.source.path if c.source else None,
                    "name": c.name,
                    "faces": [{"name": f.name, "abilities": [ability_json(a) for a in _abilities(f)]}
                              for f in c.faces],
                }
                for c in self.cards
            ],
            "errors": [{"path": p, "error": e} for p, e in self.errors],
        }

    def as_text(self) -> str:
        out: list[str] = []
        for path, err in self.errors:
            out.append(f"{path}: cannot read card file: {err}")
        for c in self.cards:
            where = ""
            if c.loc is not None and c.source is not None:
                line, col = c.loc.position(0)
                where = f"  ({c.source.path}:{line})"
            out.append(f"{c.name or '(no name)'}{where}")
            for f in c.faces:
                if len(c.faces) > 1:
                    out.append(f"  face: {f.name}  {f.type_line or ''}")
                for a in _abilities(f):
                    out.extend(_ability_text(a, "    " if len(c.faces) > 1 else "  "))
            out.append("")
        return "\n".join(out) + ("\n" if out and out[-1] != "" else "")


def _abilities(face: Face) -> list[Ability]:
    return face.parsed.abilities if face.parsed else []


def parse(paths, text=None, name=None, type_line=None, mana_cost=None) -> ParseResult:
    from linter.engine import parse_cards, read_paths

    result = ParseResult()
    if text is not None:
        from linter.source import Loc, SourceFile

        src = SourceFile("<text>", text, "text")
        face = Face(name=name, mana_cost=mana_cost, type_line=type_line, oracle_text=text,
                    locs={"oracle_text": Loc(src, 0, len(text))})
        result.cards.append(Card(name=name, faces=[face], source=src, loc=Loc(src, 0)))
    else:
        for r in read_paths(paths):
            if r.skipped:  # a folder scan's file that is no card file
                continue
            if r.error:
                result.errors.append((r.path, r.error.describe()))
            result.cards.extend(r.cards)
    parse_cards(result.cards)
    return result
