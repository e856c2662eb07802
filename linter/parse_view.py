"""`oraclelint parse`: the parse of each card as data and as text for a person."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass

from linter.model import Ability, Card, Clause, Face, ObjectRef, PlayerRef, Reference


def element_json(value):
    """A meaning element (clause, object, zone, …) as JSON: every public field, tuples as lists."""
    if is_dataclass(value):
        out = {f.name: element_json(getattr(value, f.name)) for f in fields(value) if not f.name.startswith("_")}
        if isinstance(value, (ObjectRef, PlayerRef)):
            out = {"type": "player" if isinstance(value, PlayerRef) else "object", **out}
        if isinstance(value, Reference):
            out["resolved"] = value.resolved
        return out
    if isinstance(value, (list, tuple)):
        return [element_json(v) for v in value]
    return value


def ability_json(a: Ability) -> dict:
    return {
        "kind": a.kind,
        "text": a.text,
        "start": a.start,
        "end": a.end,
        "keyword": a.keyword,
        "parameter": a.parameter,
        "ability_word": a.ability_word,
        "cost": [{**element_json(c), "object": element_json(o)}
                 for c, o in zip(a.cost, a.cost_objects or [None] * len(a.cost))],
        "mana_ability": a.mana_ability,
        "rules": list(a.rules),
        "trigger": element_json(a.trigger),
        "restrictions": element_json(a.restrictions),
        "clauses": element_json(a.clauses),
        "references": element_json(a.references),
        "phrases": [{"label": p.label, "text": p.text, "start": p.start, "end": p.end, "rules": list(p.rules),
                     "terms": list(p.terms)} for p in a.phrases],
        "granted": [ability_json(g) for g in a.granted],
    }


def _rules(rules) -> str:
    return f" [CR {', '.join(rules)}]" if rules else ""


def _object_text(o) -> str:
    if isinstance(o, PlayerRef):
        return f"player '{o.text}' ({o.who}){_rules(o.rules)}"
    bits = [o.determiner]
    if o.count:
        bits.append(o.count)
    if o.noun:
        bits.append(o.noun)
    if o.controller:
        bits.append(f"controller {o.controller}")
    if o.owner:
        bits.append(f"owner {o.owner}")
    if o.zone:
        bits.append(f"in {o.zone.zone}")
    if o.alternatives:
        bits.append("or " + " / ".join(f"'{x.text}'" for x in o.alternatives))
    return f"'{o.text}' ({', '.join(bits)}){_rules(o.rules)}"


def _clause_text(c: Clause, indent: str, refs) -> list[str]:
    head = c.action.name if c.action else "(no action)"
    flags = [w for w, on in (("may", c.optional), ("not", c.negated)) if on]
    if c.mode is not None:
        flags.append(f"mode {c.mode + 1}")
    lines = [f"{indent}clause: {head}{' (' + ', '.join(flags) + ')' if flags else ''}"
             f"{_rules(c.action.rules if c.action else ())}  | {c.text}"]
    if c.subject is not None:
        lines.append(f"{indent}  subject: {_object_text(c.subject)}")
    for o in c.objects:
        lines.append(f"{indent}  object: {_object_text(o)}")
    for p in c.players:
        lines.append(f"{indent}  player: {_object_text(p)}")
    if c.amount:
        lines.append(f"{indent}  amount: {c.amount}")
    if c.counter:
        lines.append(f"{indent}  counter: {c.counter}")
    for name, z in (("from", c.zone_from), ("to", c.zone_to)):
        if z is not None:
            owner = f" of {z.owner}" if z.owner else ""
            where = f"{z.position} of " if z.position else ""
            lines.append(f"{indent}  {name}: {where}{z.zone}{owner}{' (implied)' if z.implied else ''}{_rules(z.rules)}")
    for cond in c.conditions:
        lines.append(f"{indent}  condition ({cond.kind}): '{cond.text}'{_rules(cond.rules)}")
    if c.duration:
        lines.append(f"{indent}  duration ({c.duration.kind}): '{c.duration.text}'{_rules(c.duration.rules)}")
    return lines


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
        lines.append(f"{indent}  cost: " + "; ".join(f"{c.kind} '{c.text}'{_rules(c.rules)}" for c in a.cost))
    t = a.trigger
    if t is not None:
        step = f", step {t.step}" + (f" of {t.step_owner}" if t.step_owner else "") if t.step else ""
        lines.append(f"{indent}  trigger: {t.word} {t.event}{step}{_rules(t.rules)}  | {t.text}")
        if t.clause is not None and t.clause.subject is not None:
            lines.append(f"{indent}    subject: {_object_text(t.clause.subject)}")
        if t.condition is not None:
            lines.append(f"{indent}    intervening if: '{t.condition.text}'{_rules(t.condition.rules)}")
    for r in a.restrictions:
        lines.append(f"{indent}  restriction ({r.kind}): '{r.text}'{_rules(r.rules)}")
    for c in a.clauses:
        lines.extend(_clause_text(c, indent + "  ", a.references))
    for r in a.references:
        if r.antecedent is None:
            target = "unresolved"
        else:
            x = r.antecedent
            where = x.where if x.where in ("clause", "trigger", "cost", "condition") else f"{x.where} {x.ability}"
            target = f"{where}: '{x.text}'"
        lines.append(f"{indent}  reference ({r.kind}) '{r.text}' -> {target}{_rules(r.rules)}")
    if a.phrases:
        lines.append(f"{indent}  terms: " + "; ".join(f"'{p.text}' {', '.join(p.rules)}" for p in a.phrases))
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
