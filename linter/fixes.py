"""Applying fixes to card files, byte for byte and atomically.

A fix edits a field's decoded value (:class:`~linter.diagnostics.Edit`).
Here each edit becomes an edit of the file's raw text: the field's
:class:`~linter.source.Loc` gives the raw span (only an exact Loc will do),
the format's codec (:mod:`linter.fixes_codecs`) confirms that the span
decodes to the text being replaced and encodes the new text the way the file
writes it.  Nothing outside the edited spans changes: key order,
indentation, comments, other escapes, line endings and a byte-order mark stay
as they were.

Edits of one round are applied from the end of the file backwards; a fix
that overlaps one already taken waits for the next round.  The edited text
is read back with the same reader and must give the same cards with only the
fixed fields changed, else the fixes that break it are left out.  Then the
cards are checked again, until no fix applies (at most ``MAX_ROUNDS``
rounds).  A round's result is kept only if no safe fix gave its card a new
error, or a new finding no safe fix removes (such a fix is held back and
reported as unsafe); a field that comes back to a text it had already had
(two checks undoing each other) keeps the first text of the cycle and takes
no more fixes.  Files are written at the end, each through a temporary file in its
own directory that replaces it, and only when the file on disk still holds
the bytes that were read.
"""

from __future__ import annotations

import dataclasses
import difflib
import errno
import os
import stat
import tempfile
from dataclasses import dataclass, field
from typing import Iterable

from linter.atomic import replace_from_temp
from linter.diagnostics import Diagnostic, Edit, Fix
from linter.fixes_codecs import FieldCodec, FileStyle, codec_for, field_codec
from linter.model import Card
from linter.readers.base import ReadResult
from linter.source import SourceFile

MAX_ROUNDS = 10
_BOM = b"\xef\xbb\xbf"

#: card-level fields that live in attributes of their own
_CARD_ATTRS = {"name": "name", "layout": "layout", "set": "set_code", "released_at": "released"}


class FileChanged(Exception):
    """The file on disk no longer holds the bytes that were read."""


@dataclass(frozen=True)
class RawEdit:
    """Replace ``[start, end)`` of a source's decoded text with ``text`` (already encoded)."""

    start: int
    end: int
    text: str

    def conflicts(self, other: "RawEdit") -> bool:
        if self == other:
            return False
        if max(self.start, other.start) < min(self.end, other.end):
            return True  # the spans share characters
        for ins, span in ((self, other), (other, self)):
            if ins.start == ins.end and span.start <= ins.start <= span.end and \
                    (span.start < ins.start < span.end or ins.start == span.start):
                return True  # an insertion inside the other span or at the same place
        return False


@dataclass
class NotApplied:
    """A fix that cannot be applied, and why."""

    diagnostic: Diagnostic
    reason: str

    def describe(self) -> str:
        d = self.diagnostic
        return f"{d.where}: {d.code}: fix not applied: {self.reason}"


def describe_refused(refused: Iterable[NotApplied]) -> list[str]:
    """One line per file and reason (a reason shared by many fixes is said once)."""
    groups: dict[tuple[str, str], list[Diagnostic]] = {}
    for n in refused:
        groups.setdefault((n.diagnostic.path, n.reason), []).append(n.diagnostic)
    out = []
    for (path, reason), ds in groups.items():
        if len(ds) == 1:
            out.append(NotApplied(ds[0], reason).describe())
            continue
        codes = ", ".join(sorted({d.code for d in ds}))
        first = min(ds, key=Diagnostic.sort_key)
        out.append(f"{path}: {len(ds)} fixes not applied ({codes}, the first at line {first.line}): {reason}")
    return out


@dataclass
class Planned:
    """A fix turned into raw edits of one file."""

    diagnostic: Diagnostic
    card_index: int
    key: tuple
    value: str
    edits: list[Edit]
    raw: list[RawEdit]


def _target(d: Diagnostic) -> tuple[int | None, str | None]:
    fix = d.fix
    assert fix is not None
    if fix.field is None:
        return d.face, d.field
    if fix.face is None and fix.field == d.field:
        return d.face, d.field  # the fix names the finding's field and leaves the face to it
    return fix.face, fix.field


def field_value(card: Card, face: int | None, name: str):
    """A field's value, its Loc and its key in :func:`snapshot` (or a reason)."""
    if face is not None:
        if not 0 <= face < len(card.faces):
            return "the fix names a face the card does not have"
        f = card.faces[face]
        value = getattr(f, name, None) if not name.startswith("_") else None
        return value, f.locs.get(name), ("face", face, name)
    if name in card.extra:
        return card.extra[name], card.locs.get(name), ("extra", name)
    attr = _CARD_ATTRS.get(name)
    if attr is None:
        return f"the card has no field {name!r}"
    return getattr(card, attr), card.locs.get(name), ("card", attr)


def apply_edits(value: str, edits: Iterable[Edit]) -> str:
    """``value`` with non-overlapping edits applied (from the end backwards)."""
    for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        value = value[:e.start] + e.text + value[e.end:]
    return value


def apply_raw(text: str, edits: Iterable[RawEdit]) -> str:
    """``text`` with non-conflicting raw edits applied (from the end backwards)."""
    out = text
    for e in sorted(set(edits), key=lambda e: (e.start, e.end), reverse=True):
        out = out[:e.start] + e.text + out[e.end:]
    return out


def source_bytes(source: SourceFile, text: str) -> bytes:
    return (_BOM if source.bom else b"") + text.encode("utf-8")


def _mappable(source: SourceFile) -> str | None:
    """Why the source's text cannot be mapped back to its bytes (None: it can)."""
    if source.raw is None:
        return "the text was unpacked or converted from the file's bytes, so it cannot be edited in place"
    try:
        same = source_bytes(source, source.text) == source.raw
    except UnicodeEncodeError:
        same = False
    if not same:
        return "the file's text is not its bytes decoded as UTF-8"
    container = source.container
    if container is not None:
        why = container.problem()  # type: ignore[attr-defined]
        if why:
            return f"the archive cannot be rewritten in place: {why}"
    return None


class FilePlanner:
    """Turns the fixes of one file's findings into raw edits."""

    def __init__(self, source: SourceFile, cards: list[Card]) -> None:
        self.source = source
        self.style = FileStyle(source)
        self.index = {id(c): i for i, c in enumerate(cards)}
        self.unmappable = _mappable(self.source)

    def plan(self, d: Diagnostic) -> Planned | str:
        """The raw edits of ``d``'s fix, or the reason it cannot be applied."""
        fix: Fix | None = d.fix
        if fix is None or not fix.edits:
            return "the finding has no edits"
        if self.unmappable:
            return self.unmappable
        card = d.card_obj
        i = self.index.get(id(card))
        if i is None:
            return "the finding's card is not in this file"
        face, name = _target(d)
        if name is None:
            return "the fix names no field"
        got = field_value(card, face, name)
        if isinstance(got, str):
            return got
        value, loc, key = got
        if not isinstance(value, str):
            return f"{name} is not text"
        if loc is None:
            return f"the place of {name} in the file is not known"
        if loc.source is not self.source:
            return f"{name} comes from another file"
        if not loc.exact:
            return f"the place of {name} in the file is not exact"
        codec = field_codec(self.source, loc, self.style, name)
        if isinstance(codec, str):
            return codec
        text = self.source.text
        raw: list[RawEdit] = []
        for e in fix.edits:
            if not 0 <= e.start <= e.end <= len(value):
                return f"an edit lies outside {name}"
            a, b = loc.offset(e.start), loc.offset(e.end)
            if not 0 <= a <= b <= len(text):
                return f"{name} is not located exactly enough to edit"
            a, b = codec.widen(a, b)
            if codec.decode(text[a:b]) != value[e.start:e.end]:
                return f"the file's text of {name} does not match its value there"
            enc = codec.encode(e.text, a, b)
            if enc is None or codec.decode(enc) != e.text:
                return codec.why_not(e.text, a, b) or f"the new text cannot be written in this {codec.style} field"
            raw.append(RawEdit(a, b, enc))
        for x in range(len(raw)):
            for y in range(x + 1, len(raw)):
                if raw[x].conflicts(raw[y]):
                    return "the fix's own edits overlap"
        if type(codec).check_value is not FieldCodec.check_value:  # the new value costs a copy of the field
            why = codec.check_value(apply_edits(value, fix.edits))
            if why:
                return why
        return Planned(d, i, key, value, list(fix.edits), raw)


@dataclass
class FileRound:
    """One round of fixes in one file."""

    applied: list[Planned] = field(default_factory=list)
    refused: list[NotApplied] = field(default_factory=list)
    deferred: list[Diagnostic] = field(default_factory=list)  # overlapping: next round
    result: ReadResult | None = None  # the file read back after the fixes (None: unchanged)
    unreadable: list[tuple[Planned, str]] = field(default_factory=list)  # refused: the file would not read back


def selected(d: Diagnostic, unsafe: bool) -> bool:
    return d.fix is not None and (d.fix.safe or unsafe)


def fix_round(result: ReadResult, diagnostics: list[Diagnostic], unsafe: bool = False,
              held_back=None) -> FileRound:
    """Apply what can be applied of the fixes of ``diagnostics`` (all of ``result``'s file).

    ``held_back(planned)`` may name a reason not to apply a planned fix (a field
    two checks disagree on, a fix that would add a finding).
    """
    out = FileRound()
    assert result.source is not None
    planner = FilePlanner(result.source, result.cards)
    planned: list[Planned] = []
    for d in diagnostics:
        if not selected(d, unsafe):
            continue
        p = planner.plan(d)
        if not isinstance(p, str) and held_back is not None:
            p = held_back(p) or p
        if isinstance(p, str):
            out.refused.append(NotApplied(d, p))
        else:
            planned.append(p)
    planned.sort(key=lambda p: (min(r.start for r in p.raw), p.diagnostic.sort_key()))
    taken: list[Planned] = []
    edits: list[RawEdit] = []
    for p in planned:
        if any(r.conflicts(e) for r in p.raw for e in edits):
            out.deferred.append(p.diagnostic)
            continue
        taken.append(p)
        edits.extend(p.raw)
    if not taken:
        return out
    accepted, back, rejected = _verified(result, taken)
    for p, why in rejected:
        out.refused.append(NotApplied(p.diagnostic, why))
    out.unreadable = rejected
    out.applied = accepted
    out.result = back
    return out


def _verified(result: ReadResult, taken: list[Planned]):
    """The largest run of ``taken`` that reads back as intended (halving on failure)."""
    accepted: list[Planned] = []
    rejected: list[tuple[Planned, str]] = []
    back: ReadResult | None = None

    def attempt(group: list[Planned]) -> None:
        nonlocal back
        candidate = accepted + group
        mismatched: list[int] = []
        got = read_back(result, candidate, mismatched)
        if not isinstance(got, str):
            accepted.extend(group)
            back = got
            return
        if len(group) == 1:
            rejected.append((group[0], got))
            return
        # the cards that read back wrong name the fixes to leave out, when those cards were
        # fixed in this group: no need to halve the group again and again (each try reads the
        # whole file)
        wrong = set(mismatched)
        culprits = [p for p in group if p.card_index in wrong]
        if culprits and len(culprits) < len(group) and wrong <= {p.card_index for p in group}:
            attempt([p for p in group if p.card_index not in wrong])
            attempt(culprits)  # halved from here on: only these cards' fixes
            return
        half = len(group) // 2
        attempt(group[:half])
        attempt(group[half:])

    attempt(taken)
    if accepted and back is None:  # pragma: no cover - attempt() always reads what it accepts
        got = read_back(result, accepted)
        back = got if not isinstance(got, str) else None
    return accepted, back, rejected


def read_back(result: ReadResult, planned: list[Planned], mismatched: list[int] | None = None) -> ReadResult | str:
    """Read the file as the fixes would leave it; the new result, or why it is wrong.

    ``mismatched`` receives the index of every card that would not read back as
    intended (the reason names the first)."""
    from linter.readers import read_bytes

    source = result.source
    assert source is not None
    text = apply_raw(source.text, [r for p in planned for r in p.raw])
    try:
        data = source.file_bytes(source_bytes(source, text))
    except ValueError as exc:  # an archive that cannot be written again (zipentry.ArchiveError)
        return f"the archive cannot be rewritten in place: {exc}"
    new = read_bytes(data, result.path)
    if new.error is not None:
        return f"the fixed file could not be read ({new.error.describe()})"
    if new.format != result.format:
        return f"the fixed file would read as {new.format or 'an unknown format'}"
    if len(new.cards) != len(result.cards):
        return "the fixed file would hold another number of cards"
    expected = [snapshot(c) for c in result.cards]
    by_field: dict[tuple, list[Planned]] = {}
    for p in planned:
        by_field.setdefault((p.card_index, p.key), []).append(p)
    for (i, key), ps in by_field.items():
        unique = {(e.start, e.end, e.text): e for p in ps for e in p.edits}  # the same edit twice is one edit
        value = apply_edits(ps[0].value, unique.values())
        expected[i][key] = value
        # a field read from the same text (a single-faced card's name is also the card's)
        # changes with it
        card = result.cards[i]
        loc = _loc_of(card, key)
        for other, old in list(expected[i].items()):
            if other != key and other not in by_field and old == ps[0].value:
                oloc = _loc_of(card, other)
                if oloc is not None and loc is not None and (oloc is loc or (
                        oloc.exact and oloc.source is loc.source and (oloc.start, oloc.end) == (loc.start, loc.end))):
                    expected[i][other] = value
    first = None
    for i, card in enumerate(new.cards):
        got = snapshot(card)
        if got != expected[i]:
            if first is None:
                bad = sorted(str(k[-1]) for k in set(got) | set(expected[i]) if got.get(k) != expected[i].get(k))
                first = f"the fixed file would not read back as intended ({', '.join(bad)} of {card.name!r})"
            if mismatched is None:
                return first
            mismatched.append(i)
    return first if first is not None else new


def _loc_of(card: Card, key: tuple):
    """The Loc of a :func:`snapshot` key's field, where the reader gave one."""
    if key[0] == "face":
        return card.faces[key[1]].locs.get(key[2]) if key[1] < len(card.faces) else None
    if key[0] == "extra":
        return card.locs.get(key[1])
    if key[0] == "card":
        name = next((f for f, attr in _CARD_ATTRS.items() if attr == key[1]), None)
        return card.locs.get(name) if name else None
    return None


_SKIP_FACE = frozenset({"locs", "parsed"})
_SKIP_CARD = frozenset({"faces", "source", "loc", "locs", "extra"})


def snapshot(card: Card) -> dict:
    """Every value a reader gave a card, keyed like :func:`field_value`'s keys."""
    out: dict = {("faces",): len(card.faces)}
    for f in dataclasses.fields(card):
        if f.name not in _SKIP_CARD:
            out[("card", f.name)] = getattr(card, f.name)
    for k, v in card.extra.items():
        out[("extra", k)] = v
    for i, face in enumerate(card.faces):
        for f in dataclasses.fields(face):
            if f.name not in _SKIP_FACE and not f.name.startswith("_"):
                out[("face", i, f.name)] = getattr(face, f.name)
    return out


def file_planners(cards: Iterable[Card]) -> dict[int, FilePlanner]:
    """A :class:`FilePlanner` for the file of each of ``cards`` read from one, by the id of
    its source: made once, they serve every finding of the run."""
    by_source: dict[int, tuple[SourceFile, list[Card]]] = {}
    for c in cards:
        if c.source is not None:
            by_source.setdefault(id(c.source), (c.source, []))[1].append(c)
    return {k: FilePlanner(src, cs) for k, (src, cs) in by_source.items()}


def work_out_styles(planners: dict[int, FilePlanner], cards: list[Card], tries: int = 20) -> None:
    """Have each planner's file style (:class:`FileStyle`) worked out now, through the codec
    of the first field of the file's first cards that its codec takes: processes forked
    after this one share it, instead of each scanning the file again."""
    tried: dict[int, int] = {}
    for card in cards:
        planner = planners.get(id(card.source)) if card.source is not None else None
        if planner is None or tried.get(id(planner), 0) >= tries:
            continue
        tried[id(planner)] = tried.get(id(planner), 0) + 1
        for loc in (loc for face in card.faces for loc in face.locs.values()):
            if loc.exact and loc.source is planner.source and \
                    not isinstance(codec_for(planner.source, loc, planner.style), str):
                tried[id(planner)] = tries  # done with this file
                break


def fixability(diagnostics: Iterable[Diagnostic], cards: Iterable[Card] = (),
               planners: dict[int, FilePlanner] | None = None) -> list[NotApplied]:
    """Which fixes cannot be applied where they stand (without reading anything back), in
    the files of ``cards`` (or of ``planners``, the :func:`file_planners` of the cards)."""
    if planners is None:
        planners = file_planners(cards)
    out = []
    for d in diagnostics:
        if d.fix is None or getattr(d.card_obj, "from_cache", False):  # the cache keeps applicable fixes only
            continue
        card = d.card_obj
        planner = planners.get(id(card.source)) if card is not None and card.source is not None else None
        why = planner.plan(d) if planner is not None else "the finding's file is not known"
        if isinstance(why, str):
            out.append(NotApplied(d, why))
    return out


def take_off_unfixable(diagnostics: Iterable[Diagnostic], planners: dict[int, FilePlanner]) -> list[NotApplied]:
    """Take the fix off findings whose fix cannot be applied (so no report calls them fixable)."""
    refused = fixability(diagnostics, planners=planners)
    for n in refused:
        n.diagnostic.fix = None
    return refused


def drop_unfixable(report) -> list[NotApplied]:
    """:func:`take_off_unfixable` of a report's findings, in the files of its cards."""
    return take_off_unfixable(report.diagnostics, file_planners(report.cards))


# the run ---------------------------------------------------------------------------------------


@dataclass
class FixRun:
    """What ``--fix`` (or ``--diff``) did."""

    report: object = None  # linter.engine.Report of the files as fixed
    original: dict[str, bytes] = field(default_factory=dict)
    final: dict[str, bytes] = field(default_factory=dict)
    fixed: dict[str, int] = field(default_factory=dict)  # findings fixed per file
    refused: list[NotApplied] = field(default_factory=list)  # fixes left in the final report
    write_errors: list[str] = field(default_factory=list)
    not_written: set[str] = field(default_factory=set)  # changed files left as they were
    rounds: int = 0
    converged: bool = True
    #: fields two checks kept rewriting: one line each, naming the checks and the field
    disagreements: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # written, but something to know (a hard link)
    #: archives: path -> (the entry fixed, its bytes before, after), for diffs
    entries: dict[str, tuple[str, bytes, bytes]] = field(default_factory=dict)
    #: per file, how many findings of each (code, name) the fixes took away
    fixed_codes: dict[str, dict[tuple[str, str], int]] = field(default_factory=dict)

    def fixed_lines(self) -> list[str]:
        """--show-fixes: the files fixed, each with a count per code."""
        out = []
        for path in self.changed:
            codes = self.fixed_codes.get(path, {})
            if not codes:
                continue
            out.append(f"  {path}:")
            for (code, name), n in sorted(codes.items()):
                out.append(f"    {n} \u00d7 {code} ({name})")
        return out

    @property
    def changed(self) -> list[str]:
        return sorted(p for p, data in self.final.items() if data != self.original.get(p))

    @property
    def written(self) -> list[str]:
        return [p for p in self.changed if p not in self.not_written]

    @property
    def total_fixed(self) -> int:
        return sum(self.fixed.values())

    def diff(self) -> str:
        out = []
        for p in self.changed:
            if p in self.entries:
                entry, before, after = self.entries[p]
                out.append(unified_diff(p, before, after, entry))
            else:
                out.append(unified_diff(p, self.original[p], self.final[p]))
        return "".join(out)


def run_fixes(paths: Iterable[str], select=None, ignore=None, *, config=None, baseline=None,
              unsafe: bool = False, write: bool = True, max_rounds: int = MAX_ROUNDS,
              results: list[ReadResult] | None = None) -> FixRun:
    """Check ``paths``, apply the fixes, check again until nothing more applies, write the files.

    Each round's result is checked before it is kept.  Without ``unsafe``, a
    fix whose result has a new finding on its card that is an error, or that
    no safe fix takes away, is not applied: it is reported as unsafe, with the
    finding it would add.  A field that comes back to a text it already had
    (two checks undoing each other's fixes) keeps the first text of that
    cycle, takes no more fixes, and the two checks are named.  ``results`` gives
    files already read instead of ``paths`` (standard input).
    """
    from linter.engine import check_paths, read_paths

    if results is None:
        results = read_paths(list(paths), config)
    run = FixRun()
    for r in results:
        if r.source is not None and r.source.raw is not None:
            run.original[r.path] = r.source.file_bytes()

    def lint(rs: list[ReadResult]):
        return check_paths((), select=select, ignore=ignore, config=config, baseline=baseline, results=rs)

    current = {r.path: r for r in results}
    order = [r.path for r in results]
    guard = _Guard(lint, unsafe)
    report = lint(results)
    for round_no in range(1, max_rounds + 1):
        by_path = _fixable_by_path(report.diagnostics, unsafe)
        before: dict[str, ReadResult] = {}
        applied: dict[str, list[Planned]] = {}

        def attempt(path: str) -> None:
            r = before.get(path, current[path])
            outcome = fix_round(r, by_path[path], unsafe, held_back=guard.held_back_in(path))
            for p, why in outcome.unreadable:  # not tried again when the round is tried again
                guard.unwritable[guard._identity(path, p)] = why
            if outcome.result is not None and outcome.applied:
                before[path] = r
                current[path] = outcome.result
                applied[path] = outcome.applied
            elif path in before:  # every fix of the file was held back on a second attempt
                current[path] = before.pop(path)
                applied.pop(path, None)

        for path in by_path:
            if current.get(path) is not None and current[path].source is not None:
                attempt(path)
        if not applied:
            break
        new_report = lint([current[p] for p in order])
        # a fix whose result has a new finding is held back, and the round tried again
        for _attempt in range(max_rounds):
            again = guard.judge(report, new_report, before, current, applied) if not unsafe else []
            if not again:
                break
            for path in again:
                attempt(path)
            if not applied:
                break
            new_report = lint([current[p] for p in order])
        if not applied:
            break
        for path, planned in applied.items():
            undone = guard.remember(path, before[path], current[path], planned, run.disagreements)
            run.fixed[path] = run.fixed.get(path, 0) + len(planned) - undone
            codes = run.fixed_codes.setdefault(path, {})
            for p in planned:
                codes[(p.diagnostic.code, p.diagnostic.name)] = codes.get((p.diagnostic.code, p.diagnostic.name), 0) + 1
        run.rounds = round_no
        report = new_report
    else:
        # every round changed something: are there fixes left that would still apply?
        run.converged = not any(
            not isinstance(FilePlanner(current[p].source, current[p].cards).plan(d), str)
            for p, ds in _fixable_by_path(report.diagnostics, unsafe).items()
            if p in current and current[p].source is not None for d in ds)
    for p in order:
        src = current[p].source
        if p in run.original and src is not None and src.raw is not None:
            run.final[p] = src.file_bytes()
            if src.entry is not None:  # a diff shows the entry's text, not the archive's bytes
                first = next(r.source for r in results if r.path == p)
                run.entries[p] = (src.entry, first.raw, src.raw)
    if write:
        for p in run.changed:
            links = _other_links(p)
            if links:
                run.warnings.append(
                    f"{p}: the file has {links} other hard link{'s' if links > 1 else ''}; the fixed file "
                    f"replaces it under this name only, so {'they keep' if links > 1 else 'that one keeps'} "
                    "the old text")
            try:
                write_atomic(p, run.final[p], run.original[p])
            except FileChanged:
                run.write_errors.append(f"{p}: changed on disk since it was read; not written")
                run.not_written.add(p)
            except OSError as exc:
                run.write_errors.append(f"{p}: could not be written ({exc.strerror or exc})")
                run.not_written.add(p)
        if run.not_written:
            # report what is really on disk for the files that were not written
            originals = {r.path: r for r in results}
            for p in run.not_written:
                current[p] = originals[p]
                run.fixed.pop(p, None)
                run.fixed_codes.pop(p, None)
            report = lint([current[p] for p in order])
    held = guard.hold_back_in_report(report, current)
    run.refused = held + drop_unfixable(report)
    run.report = report
    return run


class _Guard:
    """What the fix rounds learn about fixes not to apply again.

    ``frozen``: fields that came back to a text they had already had: (path,
    card index, field key) -> why.  ``unsafe``: fixes whose result had a new
    finding: (path, card index, field key, code, field value, edits) -> why.
    ``history``: each field's values so far, with the checks that wrote them.
    """

    def __init__(self, lint, unsafe: bool) -> None:
        self.lint = lint
        self.unsafe_mode = unsafe
        self.frozen: dict[tuple, str] = {}
        self.unsafe: dict[tuple, str] = {}
        self.unwritable: dict[tuple, str] = {}  # the file would not read back as intended
        self.history: dict[tuple, list[tuple[object, frozenset[str]]]] = {}

    @staticmethod
    def _identity(path: str, p: Planned) -> tuple:
        return (path, p.card_index, p.key, p.diagnostic.code, p.value,
                tuple((e.start, e.end, e.text) for e in p.edits))

    def held_back_in(self, path: str):
        def held_back(p: Planned) -> str | None:
            why = self.frozen.get((path, p.card_index, p.key))
            if why is None:
                identity = self._identity(path, p)
                why = self.unwritable.get(identity) or self.unsafe.get(identity)
            return why

        return held_back

    # -- a new finding -------------------------------------------------------------------

    def _new_bad(self, old: list[Diagnostic], new: list[Diagnostic]) -> list[Diagnostic]:
        """The findings of ``new`` that ``old`` does not have and that would stay: errors,
        and findings without a safe fix."""
        from collections import Counter

        seen = Counter((d.code, d.face, d.field) for d in old)
        out = []
        for d in new:
            k = (d.code, d.face, d.field)
            if seen[k] > 0:
                seen[k] -= 1
                continue
            if d.severity == "error" or d.fix is None or not d.fix.safe:
                out.append(d)
        return out

    @staticmethod
    def _by_card(diagnostics: Iterable[Diagnostic], result: ReadResult) -> dict[int, list[Diagnostic]]:
        index = {id(c): i for i, c in enumerate(result.cards)}
        out: dict[int, list[Diagnostic]] = {}
        for d in diagnostics:
            i = index.get(id(d.card_obj))
            if i is not None:
                out.setdefault(i, []).append(d)
        return out

    def _card_alone(self, result: ReadResult, i: int) -> list[Diagnostic]:
        """The findings of card ``i`` of ``result`` checked on its own."""
        card = result.cards[i]
        alone = ReadResult(path=result.path, format=result.format, cards=[card], source=result.source)
        return self.lint([alone]).diagnostics

    def judge(self, old_report, new_report, before: dict[str, ReadResult], current: dict[str, ReadResult],
              applied: dict[str, list[Planned]]) -> list[str]:
        """Hold back the fixes whose result has a new finding; the files to fix again."""
        again = []
        for path, planned in applied.items():
            old = self._by_card(old_report.diagnostics, before[path])
            new = self._by_card(new_report.diagnostics, current[path])
            per_card: dict[int, list[Planned]] = {}
            for p in planned:
                per_card.setdefault(p.card_index, []).append(p)
            held = False
            for i, ps in per_card.items():
                bad = self._new_bad(old.get(i, []), new.get(i, []))
                if not bad:
                    continue
                culprits = self._culprits(before[path], i, ps) if len(ps) > 1 else [(ps[0], bad)]
                if not culprits:  # only the fixes together: none of them this round
                    culprits = [(p, bad) for p in ps]
                for p, found in culprits:
                    self.unsafe[self._identity(path, p)] = _added(found)
                    held = True
            if held:
                again.append(path)
        return again

    def _culprits(self, result: ReadResult, i: int, ps: list[Planned]) -> list[tuple[Planned, list[Diagnostic]]]:
        """Which of the fixes ``ps`` of card ``i`` add a finding, each applied alone."""
        base = self._card_alone(result, i)
        out = []
        for p in ps:
            back = read_back(result, [p])
            if isinstance(back, str):
                continue
            bad = self._new_bad(base, self._card_alone(back, i))
            if bad:
                out.append((p, bad))
        return out

    def hold_back_in_report(self, report, current: dict[str, ReadResult]) -> list[NotApplied]:
        """Take the fix off the final findings that the rounds held back, saying why."""
        if not (self.frozen or self.unsafe or self.unwritable):
            return []
        out: list[NotApplied] = []
        planners: dict[str, FilePlanner] = {}
        for d in report.diagnostics:
            if d.fix is None or d.card_obj is None or d.card_obj.source is None:
                continue
            path = d.card_obj.source.path
            r = current.get(path)
            if r is None or r.source is None:
                continue
            planner = planners.get(path) or planners.setdefault(path, FilePlanner(r.source, r.cards))
            p = planner.plan(d)
            if isinstance(p, str):
                continue
            why = self.held_back_in(path)(p)
            if why is None:
                continue
            if (path, p.card_index, p.key) in self.frozen or self._identity(path, p) in self.unwritable:
                d.fix = None  # a fix that would start the cycle again, or cannot be written, is no fix
            else:
                d.fix = dataclasses.replace(d.fix, safe=False)  # still there with --unsafe-fixes
            out.append(NotApplied(d, why))
        return out

    # -- a cycle -------------------------------------------------------------------------

    def remember(self, path: str, before: ReadResult, after: ReadResult, planned: list[Planned],
                 disagreements: list[str]) -> int:
        """Record the new values of the fields ``planned`` changed; freeze a field that came
        back to an earlier value.  Returns how many fixes the cycles found took back."""
        codes: dict[tuple, list[str]] = {}
        for p in planned:
            codes.setdefault((p.card_index, p.key), []).append(p.diagnostic.code)
        undone = 0
        for (i, key), cs in codes.items():
            old = snapshot(before.cards[i]).get(key)
            new = snapshot(after.cards[i]).get(key)
            history = self.history.setdefault((path, i, key), [(old, frozenset(), 0)])
            earlier = next((k for k, (value, _c, _n) in enumerate(history) if value == new), None)
            involved = set(cs)
            if earlier is not None:  # the fixes since that value wrote the cycle
                for _value, c, n in history[earlier + 1:]:
                    involved |= c
                    undone += n
                undone += len(cs)
            history.append((new, frozenset(cs), len(cs)))
            if earlier is None:
                continue
            names = sorted(involved)
            what = " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]
            field_name = key[-1]
            card = after.cards[i]
            first = history[earlier][1]
            kept = ("kept the text the file has" if not first else
                    f"kept the text as {' and '.join(sorted(first))} left it, the first in the cycle")
            why = f"{what} undo each other's fixes of {field_name}; {kept}"
            self.frozen[(path, i, key)] = why
            line = ""
            loc = _loc_of(card, key)
            if loc is not None:
                line = f":{loc.position(0)[0]}"
            disagreements.append(f"{path}{line}: {what} disagree on the {field_name} of {card.name!r}: "
                                 f"their fixes undo each other; {kept} (fix it by hand, or ignore one of them)")
        return undone


def _added(found: list[Diagnostic]) -> str:
    items = sorted({f"{d.code} ({d.severity})" for d in found})
    return f"its result would add {', '.join(items)} to the card, so it is not safe"


def _other_links(path: str) -> int:
    """How many other names (hard links) the file has."""
    try:
        return max(0, os.stat(os.path.realpath(path)).st_nlink - 1)
    except OSError:
        return 0


def _fixable_by_path(diagnostics: Iterable[Diagnostic], unsafe: bool) -> dict[str, list[Diagnostic]]:
    out: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        if selected(d, unsafe) and d.card_obj is not None and d.card_obj.source is not None:
            out.setdefault(d.card_obj.source.path, []).append(d)
    return out


# output and writing ---------------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    """Lines with their endings (only "\\n" ends a line, as for git)."""
    parts = text.split("\n")
    out = [p + "\n" for p in parts[:-1]]
    if parts[-1]:
        out.append(parts[-1])
    return out


def diff_label(path: str) -> str:
    p = path.replace(os.sep, "/")
    if os.path.isabs(path):
        try:
            rel = os.path.relpath(path)
        except ValueError:  # pragma: no cover - another drive on Windows
            rel = path
        if not rel.startswith(".."):
            p = rel.replace(os.sep, "/")
    while p.startswith("./"):
        p = p[2:]
    return p.lstrip("/")


def unified_diff(path: str, before: bytes, after: bytes, entry: str | None = None) -> str:
    """A git-style unified diff of one file's text (a/ and b/ paths; an archive's entry
    after a colon, as findings name it)."""
    a = _lines(before.decode("utf-8-sig", errors="replace"))
    b = _lines(after.decode("utf-8-sig", errors="replace"))
    from linter.reporters.style import printable

    label = printable(diff_label(path) + (f":{entry}" if entry else ""))  # a line break would end the header
    out = []
    for line in difflib.unified_diff(a, b, f"a/{label}", f"b/{label}"):
        if line.endswith("\n"):
            out.append(line)
        else:
            out.append(line + "\n\\ No newline at end of file\n")
    return "".join(out)


def write_atomic(path: str, data: bytes, expected: bytes | None = None) -> None:
    """Replace ``path``'s content with ``data`` through a temporary file and a rename.

    The temporary file sits in the same directory (so the rename is atomic),
    is flushed to disk first and gets the file's permission bits.  When
    ``expected`` is given and the file no longer holds it, nothing is written
    and :class:`FileChanged` is raised.  On any failure the temporary file is
    removed and the original stays as it was.
    """
    target = os.path.realpath(path)
    st = os.stat(target)
    if not st.st_mode & 0o222 or not os.access(target, os.W_OK):
        # a rename would replace it all the same: respect the file's own protection
        raise PermissionError(errno.EACCES, "the file is read-only", path)
    directory = os.path.dirname(target) or "."
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".oraclelint-tmp",
                               dir=directory)

    def unchanged_on_disk() -> None:
        if expected is not None:
            with open(target, "rb") as fh:
                if fh.read() != expected:
                    raise FileChanged(path)

    replace_from_temp(fd, tmp, target, data, mode=stat.S_IMODE(st.st_mode), owner=(st.st_uid, st.st_gid),
                      before_replace=unchanged_on_disk)
    try:
        dfd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - some systems cannot open a directory
        return
    try:
        os.fsync(dfd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(dfd)
