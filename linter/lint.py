"""Linting cards: the parse of their rules text and the active checks, in one place.

The engine (:mod:`linter.engine`, one process) and the worker processes
(:mod:`linter.parallel`) both lint through this module, in two steps:

1. :func:`lint_batch` parses a batch of cards, runs the card checks on them
   and gathers, for every set-level check, the cards it judges and what it
   collected of each (:meth:`~linter.checks.base.Check.collect`, where the
   check reads the parse);
2. :func:`judge_files` runs the set-level checks on every file's cards, from
   what step 1 gathered: it never needs the parse, so a worker may drop its
   batch's parse as soon as the batch is done, and the parent process judges
   the files whose cards its workers parsed.

The findings, and their order, are the same however the cards are batched.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import Any

from linter.checks.api import FaceCheck, FaceReader, FaceView, card_faces
from linter.checks.base import Check, Hit, all_checks, one_finding_per_defect, what_reads
from linter.diagnostics import Diagnostic
from linter.gcpause import gc_paused
from linter.model import Card
from linter.selection import Selection
from linter.tables import extension_version

UNREADABLE = "FMT001"
MALFORMED_ENTRY = "FMT002"
INTERNAL_ERROR = "FMT003"

#: faces parsed in one ``nlp.pipe`` batch
PARSE_BATCH = 256


def parse_cards(cards: list[Card]) -> list[tuple[Card, int, Exception]]:
    """Run the NLP pipeline over every face of every card (sets ``face.parsed``, stamped
    with the version of the set's declared mechanics it is made under: see :func:`parsed_now`).

    A face whose parse raises keeps ``parsed = None`` and is returned as
    (card, face index, exception); every other face is parsed.  After a
    failure the batch it happened in is parsed again one face at a time to
    find the face, and the rest goes on in batches.
    """
    from linter import nlp  # spaCy is imported only when a run needs it

    failed: list[tuple[Card, int, Exception]] = []
    pending = [(face, card, i) for card in cards for i, face in enumerate(card.faces)]
    for face, _card, _i in pending:
        face.parsed = None  # a parse of another run's is not kept: each face is parsed here
    version = extension_version()
    with gc_paused():
        while pending:
            try:
                nlp.parse_faces(((face, card) for face, card, _i in pending), batch_size=PARSE_BATCH)
                break
            except Exception:
                rest = [item for item in pending if item[0].parsed is None]
                suspects, pending = rest[:PARSE_BATCH], rest[PARSE_BATCH:]
                for face, card, i in suspects:
                    try:
                        nlp.parse_faces([(face, card)], batch_size=1)
                    except Exception as exc:  # one face's text must not stop the run
                        face.parsed = None
                        failed.append((card, i, exc))
    for card in cards:
        for face in card.faces:
            if face.parsed is not None:
                face.parsed.made_under = version
    return failed


def parsed_now(card: Card) -> bool:
    """Whether every face of ``card`` has a parse made under the set's declared mechanics
    of now: the same cards checked again under a configuration that declares other keywords
    or words (in one process) are parsed again."""
    version = extension_version()
    for face in card.faces:
        if face.parsed is None or face.parsed.made_under != version:
            return False
    return True


def active_checks(selection: Selection) -> list[Check]:
    return [cls() for code, cls in all_checks().items() if selection.active(code)]


def needs_parse(check: Check) -> bool:
    return getattr(check, "needs_parse", True)


class Plan:
    """The active checks of a run, sorted once by what they read.

    What a card is (an entry that is no card, a card outside the tournament
    pool) is worked out once per card, and the checks that read such a card
    are picked from lists made once per kind, instead of asking every check
    of every card.  Of those, a card check that declares what it needs
    (``Check.needs``) is called only on a card, and a face check only on the
    faces, that have one of its facts (:func:`~linter.checks.api.face_facts`,
    read once per face, as the checks whose needs the face meets); which checks
    run where is worked out once per combination of those.
    """

    def __init__(self, selection: Selection, checks: list[Check] | None = None) -> None:
        self.selection = selection
        self.checks = active_checks(selection) if checks is None else checks
        self.needs_parse = any(needs_parse(c) for c in self.checks)
        self.card_checks = [c for c in self.checks if c.scope == "card"]
        self.set_checks = [c for c in self.checks if c.scope == "set"]
        self._bit_of = {id(c): 1 << k for k, c in enumerate(self.card_checks)}
        self._index_of = {id(c): k for k, c in enumerate(self.card_checks)}
        given: dict[str, int] = {}
        for check in self.card_checks:
            for need in check.needs:
                given[need] = given.get(need, 0) | self._bit_of[id(check)]
        #: met(card, face): the card checks whose needs a face meets, as one int (the k-th
        #: card check's bit is 1 << k; each fact the face has gives the bits of those needing it)
        self.met = FaceReader(given).bits
        self._by_kind: dict[tuple[bool, bool, bool], _Kind] = {}

    @property
    def splits(self) -> bool:
        """Whether every set-level check can judge a file from what was collected of its
        cards (else the cards of a file must be parsed and judged in one process)."""
        return all(judges_collected(c) for c in self.set_checks)

    def _kind(self, parsed: bool, kind: tuple[bool, bool]) -> "_Kind":
        key = (kind[0], kind[1], parsed)
        found = self._by_kind.get(key)
        if found is None:
            found = self._by_kind[key] = _Kind(self, *key)
        return found

    def card_checks_for(self, card: Card, parsed: bool, kind: tuple[bool, bool]) -> list[Check]:
        """The card checks that read ``card``, whose :func:`what_reads` is ``kind`` (whatever
        they need: :meth:`calls` leaves out those with nothing to say)."""
        return [c for c in self._kind(parsed, kind).card if _asked(c, card)]

    def calls(self, card: Card, parsed: bool, kind: tuple[bool, bool]) -> tuple[list[FaceView], "Chosen"]:
        """The card checks to run on ``card`` (whose :func:`what_reads` is ``kind``): the
        faces the parse read (their views), and in the checks' order each check to run
        with where: None to call its ``check_card``, else the positions in the views of
        the faces to call its ``check_face`` on (:data:`ALL`: every one).  A check runs
        where its needs are met; a card not parsed gets every check that reads it, on
        the whole card."""
        return self._calls(self._kind(parsed, kind), card, parsed)

    def _calls(self, found: "_Kind", card: Card, parsed: bool) -> tuple[list[FaceView], "Chosen"]:
        """:meth:`calls`, of a card of the kind ``found``."""
        if not parsed:
            return [], [(c, None) for c in found.card if _asked(c, card)]
        views = list(card_faces(card))
        faces = card.faces
        if len(faces) == 1:
            chosen = found.one_face(self.met(card, faces[0]), bool(views))
        else:
            met = self.met
            needs_met = tuple([met(card, face) for face in faces])
            key = (needs_met, tuple([v.index for v in views]))
            chosen = found.chosen.get(key)
            if chosen is None:
                if len(found.chosen) > 50_000:  # a bound on what a long run keeps
                    found.chosen.clear()
                chosen = found.chosen[key] = found.choose(needs_met, views)
        if found.ask:
            chosen = [(c, at) for c, at in chosen if _asked(c, card)]
        return views, chosen

    def set_checks_for(self, card: Card, parsed: bool, kind: tuple[bool, bool]) -> tuple[list[Check], list[Check]]:
        """The set-level checks that judge ``card`` (whose :func:`what_reads` is ``kind``):
        those that do not collect, and those that do (see :meth:`Check.collect`)."""
        found = self._kind(parsed, kind)
        if not found.ask_sets:
            return found.plain_sets, found.collecting
        return [c for c in found.plain_sets if _asked(c, card)], [c for c in found.collecting if _asked(c, card)]


#: in :meth:`Plan.calls`: a face check called on every face the card's parse read
ALL: tuple[int, ...] = (-1,)
#: what :meth:`Plan.calls` chose: each check with None (call its ``check_card``), or where
#: to call its ``check_face`` (:data:`ALL`, or positions in the card's views)
Chosen = list[tuple[Check, "tuple[int, ...] | None"]]


class _Kind:
    """The checks that read one kind of card (see :func:`what_reads`), parsed or not."""

    def __init__(self, plan: Plan, no_card: bool, templating: bool, parsed: bool) -> None:
        self.key = (no_card, templating, parsed)
        # a card check that keeps the base class's check_card reports what the engine or a
        # reader finds (FMT001, SUP001 …): it has nothing to say of a card it is handed
        self.card = [c for c in plan.card_checks if _reads(c, no_card, templating, parsed)
                     and type(c).check_card is not Check.check_card]
        sets = [c for c in plan.set_checks if _reads(c, no_card, templating, parsed)]
        self.plain_sets = [c for c in sets if type(c).collect is Check.collect]
        self.collecting = [c for c in sets if type(c).collect is not Check.collect]
        self.ask = any(_own_mind(c) for c in self.card)
        self.ask_sets = any(_own_mind(c) for c in sets)
        # each card check with its bit in Plan.met (None: it needs nothing, it reads every
        # card) and whether it is called face by face
        self._gated = [(c, plan._bit_of[id(c)] if c.needs else None, type(c).check_card is FaceCheck.check_card)
                       for c in self.card]
        #: what :meth:`choose` chose, by what :meth:`Plan.met` read of the faces and the
        #: positions of the views
        self.chosen: dict[tuple[tuple[int, ...], tuple[int, ...]], Chosen] = {}
        # for a card of one face (see one_face): the bits in Plan.met of this kind's checks,
        # of those that need nothing, and of those called card by card
        mine = needless = whole_card = 0
        for check, bit, by_face in self._gated:
            own = plan._bit_of[id(check)]
            mine |= own
            if bit is None:
                needless |= own
            if not by_face:
                whole_card |= own
        self._needless, self._mine, self._whole_card = needless, mine, whole_card
        #: the checks of each byte of those bits (the k-th: bits 8k to 8k + 7), for every value
        #: of the byte: each entry as choose gives it to a card of one face with a view
        entry = {plan._bit_of[id(check)]: (check, None if not by_face else ALL) for check, _bit, by_face in self._gated}
        self._bytes = (mine.bit_length() + 7) // 8
        by_byte = []
        for k in range(self._bytes):
            table: list[tuple] = [()]
            for j in range(8):  # the values with bit j set follow those without it, with one more check
                more = entry.get(1 << (8 * k + j))
                table += [t + (more,) for t in table] if more else table
            by_byte.append(tuple(table))
        self._by_byte = tuple(by_byte)

    def one_face(self, needs_met: int, viewed: bool) -> "Chosen":
        """What :meth:`choose` chooses for a card of one face that meets the needs whose bits
        are ``needs_met``, with a view (``viewed``) or none: the checks whose bits are set,
        read a byte of bits at a time from tables made once, not check by check."""
        chosen = (needs_met & self._mine) | self._needless
        if not viewed:  # a face check has no face to be called on
            chosen &= self._whole_card
        out: Chosen = []
        by_byte = self._by_byte
        for k, value in enumerate(chosen.to_bytes(self._bytes, "little")):
            if value:
                out += by_byte[k][value]
        return out

    def choose(self, needs_met: tuple[int, ...], views: list[FaceView]) -> "Chosen":
        """The checks a card is given, whose faces meet the needs of the checks whose bits
        ``needs_met`` holds (one int a face, see ``Plan.met``): each with None (call
        ``check_card``), :data:`ALL` (``check_face`` on every view) or the positions in
        ``views`` of the faces that meet its needs."""
        whole = 0
        for bits in needs_met:
            whole |= bits
        mine = [needs_met[v.index] for v in views]
        out: Chosen = []
        for check, bit, by_face in self._gated:
            if bit is not None and not bit & whole:
                continue  # no face has what it needs
            if not by_face:
                out.append((check, None))
            elif bit is None or len(needs_met) == 1:  # one face: it has what the card has
                if views:
                    out.append((check, ALL))
            else:
                at = tuple(k for k, bits in enumerate(mine) if bit & bits)
                if len(at) == len(views):
                    out.append((check, ALL))
                elif at:
                    out.append((check, at))
        return out


def _own_mind(check: Check) -> bool:
    return type(check).applies_to is not Check.applies_to


def _asked(check: Check, card: Card) -> bool:
    """Whether a check of its own mind (its own ``applies_to``) reads ``card``; every other
    check was chosen by what the card is."""
    return not _own_mind(check) or check.applies_to(card)


def _reads(check: Check, no_card: bool, templating: bool, parsed: bool) -> bool:
    """Check.applies_to, from what the card is (for checks that keep the base class's)."""
    if not parsed and needs_parse(check):
        return False
    if _own_mind(check):
        return True  # asked per card
    if no_card and not check.reads_non_cards:
        return False
    return templating or check.category != "templating"


def judges_collected(check: Check) -> bool:
    """Whether a set-level check judges a file without reading the parse: it collects
    what it needs of the parse card by card (``collect``), or needs no parse at all."""
    return type(check).collect is not Check.collect or not needs_parse(check)


@dataclass
class Batch:
    """What linting a batch of cards found.

    ``members`` holds, for every set-level check, the positions of the batch's
    cards it judges; ``collected``, for a check that collects, what it collected
    of each of them, in the same order (None: nothing, as if ``collect`` had
    returned None for each, see :func:`idle`); ``failed_collect`` the first card
    a check's ``collect`` raised on, per check, with the error described.
    """

    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[Diagnostic] = field(default_factory=list)
    members: dict[str, list[int]] = field(default_factory=dict)
    collected: dict[str, list[Any] | None] = field(default_factory=dict)
    failed_collect: dict[str, list[tuple[int, str]]] = field(default_factory=dict)

    def add(self, other: "Batch") -> None:
        """Take in what ``other`` found, of the cards that follow this batch's."""
        self.diagnostics.extend(other.diagnostics)
        self.errors.extend(other.errors)
        for code, positions in other.members.items():
            mine = self.members.setdefault(code, [])
            if code in other.collected:  # a check that collects
                values, theirs = self.collected.get(code), other.collected[code]
                if values is None and theirs is not None:
                    values = [None] * len(mine)  # of the cards of batches where it was idle
                if values is not None:
                    values.extend(theirs if theirs is not None else [None] * len(positions))
                self.collected[code] = values
            mine.extend(positions)
        for code, items in other.failed_collect.items():
            self.failed_collect.setdefault(code, []).extend(items)


def idle(check: Check) -> bool:
    """Whether a set-level check that collects has nothing to collect in this process now:
    its ``collect`` would return None for every card (an ORC check without an Oracle index,
    see :meth:`~linter.checks._oracle.OracleCheck.idle`).  Asked once per batch, not of
    every card; a check that cannot tell (its question raised) collects, card by card."""
    ask = getattr(check, "idle", None)
    if ask is None:
        return False
    try:
        return bool(ask())
    except Exception:  # collect raises then too, and says so for the file (FMT003)
        return False


def lint_batch(plan: Plan, cards: list[Card], *, keep_parse: bool = True, first: int = 0) -> Batch:
    """Parse ``cards`` and run the card checks on them; gather what the set-level checks need.

    The cards are checked a chunk of :data:`CHECK_CHUNK` at a time, each check over all
    the chunk's cards in turn (see :func:`_card_checks`); with ``keep_parse`` False each
    face's parse is dropped once its chunk is done.
    A parse or a check that raises on a card becomes one FMT003 diagnostic for
    that card in ``Batch.errors``; the card's other checks, and every other
    card, are still checked.  The positions in the batch count from ``first``
    (a worker's batch: the position of its first card in the run's cards).
    """
    out = Batch()
    if not cards or not plan.checks:
        return out
    # ids of cards with a face whose parse failed, with their FMT003 findings (reported with
    # the card's other failures, card by card, so that batches add up to the whole run)
    unparsed: dict[int, list[Diagnostic]] = {}
    if plan.needs_parse:
        for card, face, exc in parse_cards([c for c in cards if not parsed_now(c)]):
            unparsed.setdefault(id(card), []).append(
                internal_error(card, exc, "the parse of its rules text", face=face))
    diagnostics = out.diagnostics
    members, collected = out.members, out.collected
    for check in plan.set_checks:
        members[check.code] = []
        if type(check).collect is not Check.collect:  # where what it collects goes (None: idle)
            collected[check.code] = None if idle(check) else []
    # the positions of the cards of each kind: a set-level check that needs no more than
    # which cards it judges (one that does not collect, or has nothing to collect now) takes
    # its members from those of the kinds it reads, once the batch is done, instead of
    # being handed each card; with them, each kind's checks that collect now
    grouped: dict[_Kind, list[int]] = {}
    busy: dict[_Kind, list[Check]] = {}
    collect_calls: dict[str, tuple[Check, list[tuple[int, Card]]]] = {}  # the cards each check collects of
    for lo in range(0, len(cards), CHECK_CHUNK):
        chunk = cards[lo:lo + CHECK_CHUNK]
        kinds = [plan._kind(id(card) not in unparsed, what_reads(card)) for card in chunk]  # once per card
        found_in, failed_in = _card_checks(plan, chunk, kinds, unparsed)
        for slot, card in enumerate(chunk):
            position = first + lo + slot
            if id(card) in unparsed:
                out.errors.extend(unparsed[id(card)])
            if failed_in[slot]:
                out.errors.extend(failed_in[slot])
            if found_in[slot]:
                diagnostics.extend(found_in[slot])
            for check in _set_checks_of(plan, card, position, kinds[slot], id(card) not in unparsed, out,
                                        grouped, busy):
                wanted = collect_calls.get(check.code)
                if wanted is None:
                    wanted = collect_calls[check.code] = (check, [])
                wanted[1].append((position, card))
        # what the set-level checks collect, one check at a time over the cards (as the card checks)
        for check, wanted in collect_calls.values():
            code = check.code
            values, positions = collected[code], members[code]
            for position, card in wanted:
                try:
                    value = check.collect(card)
                except Exception as exc:
                    out.failed_collect.setdefault(code, []).append((position, describe_exception(exc)))
                    continue
                positions.append(position)
                values.append(value)
        collect_calls.clear()
        if not keep_parse:
            for card in chunk:
                for face in card.faces:
                    if face.parsed is not None:
                        face.parsed.release()
                    face.parsed = None
    if grouped:
        joined = set()
        for found, positions in grouped.items():
            for check in found.plain_sets + [c for c in found.collecting if collected[c.code] is None]:
                members[check.code] += positions
                joined.add(check.code)
        for code in joined:  # the kinds' positions interleave
            members[code].sort()
    return out


#: cards whose card checks run check by check (see :func:`_card_checks`): enough for a check
#: to stay in the caches, few enough that the chunk's cards stay there too (1,024 measured no
#: better)
CHECK_CHUNK = 256


def _card_checks(plan: Plan, cards: list[Card], kinds: list["_Kind"], unparsed: dict[int, list[Diagnostic]]
                 ) -> tuple[list[list[Diagnostic] | None], list[list[Diagnostic] | None]]:
    """Run the card checks on ``cards`` (whose kinds are ``kinds``): each card's findings
    and FMT003 findings, in the order in which the checks are called card by card.

    The checks are called one check at a time over all the cards, not one card at a
    time over all the checks: a check's code and tables stay in the processor's caches
    while it reads card after card (a whole run on the benchmark's 8.9k-card file takes
    about 15 % less CPU time than going from check to check for every card).  A card's
    findings are put in its own list as they come, so the order is that of a
    card-by-card run."""
    found: list[list[Diagnostic] | None] = [None] * len(cards)
    failed: list[list[Diagnostic] | None] = [None] * len(cards)
    views_of: list[list[FaceView]] = []
    calls: dict[int, list[tuple[int, tuple[int, ...] | None]]] = {}  # check's index -> (card, where)
    index = plan._index_of
    for slot, card in enumerate(cards):
        views, chosen = plan._calls(kinds[slot], card, id(card) not in unparsed)
        views_of.append(views)
        for check, at in chosen:
            k = index[id(check)]
            wanted = calls.get(k)
            if wanted is None:
                wanted = calls[k] = []
            wanted.append((slot, at))
    card_checks = plan.card_checks
    for k in sorted(calls):  # the checks' order, in which each card is given its checks
        check = card_checks[k]
        for slot, at in calls[k]:
            card = cards[slot]
            mine = found[slot]
            try:
                if at is None:
                    for hit in check.check_card(card):
                        if mine is None:
                            mine = found[slot] = []
                        mine.append(resolve(check, card, hit))
                else:  # a face check, called on the faces it may have something to say about
                    views = views_of[slot]
                    for view in views if at is ALL else [views[i] for i in at]:
                        for hit in check.check_face(view):
                            if mine is None:
                                mine = found[slot] = []
                            mine.append(resolve(check, card, hit))
            except Exception as exc:  # a bug in one check must not stop the run
                if failed[slot] is None:
                    failed[slot] = []
                failed[slot].append(internal_error(card, exc, check.code))
    return found, failed


def _set_checks_of(plan: Plan, card: Card, position: int, found: "_Kind", parsed: bool, out: Batch,
                   grouped: dict["_Kind", list[int]], busy: dict["_Kind", list[Check]]) -> list[Check]:
    """The set-level checks that judge one card: its position is among the members of those
    with nothing to collect of it; returned, those that collect something of it (the caller
    collects, and adds the card to their members)."""
    members, collected = out.members, out.collected
    if found.ask_sets:  # a set-level check of its own mind reads the card or not
        plain_sets, collecting = plan.set_checks_for(card, parsed, found.key[:2])
        for check in plain_sets:
            members[check.code].append(position)
    else:
        positions = grouped.get(found)
        if positions is None:
            positions = grouped[found] = []
            busy[found] = [c for c in found.collecting if collected[c.code] is not None]
        positions.append(position)
        collecting = busy[found]
    out_checks = []
    for check in collecting:
        if collected.get(check.code) is None:  # idle: nothing to collect
            members[check.code].append(position)
        else:
            out_checks.append(check)
    return out_checks


def judge_files(plan: Plan, cards: list[Card], batch: Batch, errors: list[Diagnostic]) -> list[Diagnostic]:
    """Run the set-level checks on every file's cards, from what ``batch`` gathered of
    ``cards`` (positions in ``batch`` are positions in ``cards``)."""
    out: list[Diagnostic] = []
    if not plan.set_checks:
        return out
    file_of = [card.source.path if card.source else "" for card in cards]
    files: dict[str, int] = {}
    for path in file_of:
        files.setdefault(path, len(files))

    def by_file(positions: list[int], values: list | None = None) -> tuple[list[list[int]], list[list] | None]:
        """``positions`` (and ``values``, one for each) split file by file."""
        if len(files) == 1:  # one file: every position is its
            return [positions], None if values is None else [values]
        parts: list[list[int]] = [[] for _ in files]
        for p in positions:
            parts[files[file_of[p]]].append(p)
        if values is None:
            return parts, None
        split: list[list] = [[] for _ in files]
        for p, value in zip(positions, values):
            split[files[file_of[p]]].append(value)
        return parts, split

    # per check and file: the positions of the cards it judges, and what a check that
    # collects collected of each (None: nothing, see ``Batch.collected``)
    members: dict[str, list[list[int]]] = {}
    collected: dict[str, list[list] | None] = {}
    for check in plan.set_checks:
        members[check.code], collected[check.code] = by_file(batch.members.get(check.code, []),
                                                             batch.collected.get(check.code))
    # per check and file: what its collect raised on, card by card
    failures = {code: by_file([p for p, _what in items], [what for _p, what in items])[1]
                for code, items in batch.failed_collect.items()}
    for k in range(len(files)):
        # the cards of the file a check judges, made once for the checks that judge the same
        # (most judge every card of it): a check reads them and leaves the list as it is
        judged: list[int] = []
        group: list[Card] = []
        for check in plan.set_checks:
            mine = members[check.code][k]
            if not mine:
                continue
            if mine != judged:
                judged, group = mine, [cards[p] for p in mine]
            failed = failures[check.code][k] if check.code in failures else None
            if failed:
                errors.append(internal_error(group[0], failed[0], f"{check.code} (a check of the whole file)"))
                continue
            try:
                if type(check).collect is Check.collect:
                    found = check.check_set(group)
                else:
                    values = collected[check.code]
                    found = check.check_collected(group, values[k] if values is not None else [None] * len(group))
                for card, hit in found:
                    out.append(resolve(check, card, hit))
            except Exception as exc:
                errors.append(internal_error(group[0], exc, f"{check.code} (a check of the whole file)"))
    return out


def lint_cards(cards: list[Card], select=None, ignore=None, *, selection: Selection | None = None,
               errors: list[Diagnostic] | None = None, keep_parse: bool = True) -> list[Diagnostic]:
    """Parse the cards' rules text and run the active checks over them.

    A parse or a check that raises on a card becomes one FMT003 diagnostic
    for that card in ``errors`` (not in the returned findings); the other
    checks of the card, and every other card, are still checked.
    """
    with gc_paused():
        plan = Plan(selection or Selection(select, ignore))
        if not cards or not plan.checks:
            return []
        # a set-level check that reads the parse in check_set needs every card of its file parsed
        batch = lint_batch(plan, cards, keep_parse=keep_parse or not plan.splits)
        errors = errors if errors is not None else []
        errors.extend(batch.errors)
        found = batch.diagnostics + judge_files(plan, cards, batch, errors)
        return one_finding_per_defect(found)


def resolve(check: Check, card: Card, hit: Hit) -> Diagnostic:
    """Turn a check's hit into a diagnostic with a line and column in the source file."""
    loc = card.field_loc(hit.face, hit.field)
    line = column = end_line = end_column = 1
    if loc is not None:
        start = hit.start or 0
        if hit.end is not None and hit.end > start:
            # the end is one past the last character of the span, so that markup or
            # escapes between the span and the next character are not covered
            line, column, end_line, end_column = loc.positions(start, hit.end - 1)
            end_column += 1
        else:
            line, column = loc.position(start)
            end_line, end_column = line, column
    face_name = None
    if hit.face is not None and 0 <= hit.face < len(card.faces):
        face_name = card.faces[hit.face].name
    return Diagnostic(
        code=check.code, name=check.name, category=check.category,
        severity=hit.severity or check.severity, message=hit.message,
        rules=tuple(hit.rules if hit.rules is not None else check.rules),
        path=card.source.path if card.source else "",
        line=line, column=column, end_line=end_line, end_column=end_column,
        card=card.name or face_name, face=hit.face, field=hit.field,
        start=hit.start, end=hit.end, fix=hit.fix, card_obj=card,
        entry=card.source.entry if card.source else None,
    )


def describe_exception(exc: BaseException, limit: int = 300) -> str:
    """"KeyError: 'x' (ABL003.py:42)": the type, the message on one line, where it was raised."""
    text = " ".join(str(exc).split())
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    out = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        out += f" ({last.filename.replace(chr(92), '/').rsplit('/', 1)[-1]}:{last.lineno})"
    return out


def internal_error(card: Card, exc: BaseException | str, what: str, face: int | None = None) -> Diagnostic:
    """The FMT003 finding of a card that ``what`` (a check's code, or the parse) failed on;
    ``exc`` is the exception, or already described (:func:`describe_exception`)."""
    from linter.checks.FMT003 import CardNotChecked as check

    field_name = "oracle_text" if face is not None else None
    error = exc if isinstance(exc, str) else describe_exception(exc)
    hit = Hit(check.message.format(what=what, error=error), face=face, field=field_name,
              start=0 if face is not None else None)
    d = resolve(check, card, hit)
    if face is None and card.loc is not None:  # the card as a whole: where its entry starts
        d.line, d.column = card.loc.position(0)
        d.end_line, d.end_column = d.line, d.column
    return d
