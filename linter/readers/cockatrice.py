"""Cockatrice card-database XML (v3 and v4) to cards.

The file is parsed with defusedxml's expat parser (no DTD entities, no
external references).  Fields are collected per ``<card>`` entry together
with the line and column of their start tag; a field's place in the raw text
is worked out only when a diagnostic asks for it.

Cockatrice writes mana costs without braces and one entry per face for
double-faced cards; this module converts the costs to Oracle form, joins the
faces of a card again (and the halves of a split card that a file lists as
two entries) and splits "A // B" entries into their faces.
"""

from __future__ import annotations

import gc
import re
from functools import lru_cache


from linter.model import COLORS, Card, Face, order_colors, split_type_line
from linter.fixes_codecs import xml_codec
from linter.readers.base import ReadError, Reader, ReadResult
from linter.readers.locs import PendingLoc, sub_loc
from linter.readers.mana import braced_cost
from linter.source import Loc, SourceFile

#: fields read from a <card> (directly or inside <prop>); the rest are ignored
_FIELDS = frozenset({
    "name", "text", "manacost", "cmc", "type", "pt", "loyalty", "color", "colors",
    "coloridentity", "side", "layout", "token", "related", "reverse-related", "set", "cipt",
    "defense",
})
_REPEATED = frozenset({"color", "set", "related", "reverse-related"})

_PIC_ID = re.compile(r"/(front|back)/[0-9a-f]/[0-9a-f]/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})", re.I)
_TAG_END = re.compile(r"""<[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>""")
_FACE_SEP = re.compile(r"(?:^|\n)[ \t]*-{3,}[ \t]*(?:\n|$)")
_LINK_TRAILER = re.compile(r"\((?:Front|Back)\):")
_TRANSFORM_WORDS = re.compile(r"transform|daybound|nightbound|\bdisturb\b|\bcraft\b|\bmeld", re.I)
_DFC_LAYOUTS = frozenset({"transform", "modal_dfc", "double_faced_token", "meld", "reversible_card", "flip"})
_V3_DASH = re.compile(r"(?<= )-(?= )")


class _Field:
    """One field element of an entry: its text and the place of its start tag."""

    __slots__ = ("value", "line", "col", "attrs")

    def __init__(self, value: str, line: int, col: int, attrs: dict[str, str] | None) -> None:
        self.value = value
        self.line = line
        self.col = col  # 0-based, as expat reports it
        self.attrs = attrs or {}


class _Entry:
    """One <card> element: its start tag's place and its fields."""

    __slots__ = ("line", "col", "fields")

    def __init__(self, line: int, col: int) -> None:
        self.line, self.col = line, col
        self.fields: dict[str, object] = {}

    def get(self, name: str) -> _Field | None:
        f = self.fields.get(name)
        return f if f.__class__ is _Field else None  # type: ignore[return-value]

    def many(self, name: str) -> list[_Field]:
        f = self.fields.get(name)
        return f if isinstance(f, list) else []

    def value(self, name: str) -> str | None:
        f = self.fields.get(name)
        return f.value if f.__class__ is _Field else None  # type: ignore[union-attr]


class _Collected:
    def __init__(self) -> None:
        self.root: str | None = None
        self.sets: dict[str, str | None] = {}
        self.set_types: dict[str, str] = {}  # code -> <settype> as Scryfall names it ("funny", "alchemy")
        self.set_order: list[str] = []
        self.entries: list[_Entry] = []


def _collector(ex, out: _Collected):
    """Expat callbacks (closures, for speed) that gather sets and card entries."""
    fields = _FIELDS
    repeated = _REPEATED
    entries = out.entries
    depth = 0
    cards_depth = -10
    card_depth = -10
    prop_open = False
    sets_depth = -10
    entry: _Entry | None = None
    set_fields: dict[str, str] | None = None
    cur: str | None = None
    cur_depth = 0
    cur_line = cur_col = 0
    cur_attrs: dict[str, str] | None = None
    buf: list[str] = []

    def start(name: str, attrs: list[str]) -> None:
        nonlocal depth, cards_depth, card_depth, prop_open, sets_depth, entry, set_fields
        nonlocal cur, cur_depth, cur_line, cur_col, cur_attrs, buf
        depth += 1
        if cur is not None:
            return  # markup inside a field: keep its text, ignore the tags
        if entry is not None:
            if name in fields and (depth == card_depth + 1 or (prop_open and depth == card_depth + 2)):
                cur, cur_depth, buf = name, depth, []
                cur_line, cur_col = ex.CurrentLineNumber, ex.CurrentColumnNumber
                cur_attrs = dict(zip(attrs[::2], attrs[1::2])) if attrs else None
            elif name == "prop" and depth == card_depth + 1:
                prop_open = True
            return
        if depth == cards_depth + 1 and name == "card":
            entry = _Entry(ex.CurrentLineNumber, ex.CurrentColumnNumber)
            card_depth = depth
        elif name == "cards":
            cards_depth = depth
        elif name == "sets":
            sets_depth = depth
        elif depth == sets_depth + 1 and name == "set":
            set_fields = {}
        elif set_fields is not None and depth == sets_depth + 2:
            cur, cur_depth, buf, cur_attrs = name, depth, [], None
        elif depth == 1:
            out.root = name

    def data(text: str) -> None:
        if cur is not None:
            buf.append(text)

    def end(name: str) -> None:
        nonlocal depth, cards_depth, prop_open, sets_depth, entry, set_fields, cur
        if cur is not None:
            if depth == cur_depth:
                value = "".join(buf)
                if entry is not None:
                    f = _Field(value, cur_line, cur_col, cur_attrs)
                    if cur in repeated:
                        lst = entry.fields.get(cur)
                        if lst is None:
                            entry.fields[cur] = [f]
                        else:
                            lst.append(f)  # type: ignore[union-attr]
                    elif cur not in entry.fields:
                        entry.fields[cur] = f
                elif set_fields is not None:
                    set_fields[cur] = value
                cur = None
        elif entry is not None:
            if depth == card_depth:
                entries.append(entry)
                entry = None
            elif prop_open and depth == card_depth + 1:
                prop_open = False
        elif set_fields is not None and depth == sets_depth + 1:
            code = (set_fields.get("name") or "").strip()
            if code:
                out.sets[code] = (set_fields.get("releasedate") or "").strip() or None
                # Scryfall's names for the kind of product: "Draft Innovation" -> "draft_innovation"
                kind = "_".join((set_fields.get("settype") or "").lower().split())
                if kind:
                    out.set_types[code] = kind
                out.set_order.append(code)
            set_fields = None
        elif depth == cards_depth:
            cards_depth = -10
        elif depth == sets_depth:
            sets_depth = -10
        depth -= 1

    return start, data, end


def looks_like_cockatrice(text: str) -> bool:
    return "<cockatrice_carddatabase" in text[:4096]


_CARD_TAG = re.compile(r"<(?:card|cards)\b")


def _looks_like(probe) -> bool:
    # XML of another kind is not read as cards; a file with <card> entries is, root or not
    return probe.kind == "xml" and (looks_like_cockatrice(probe.text) or _CARD_TAG.search(probe.text, 0, 65536) is not None)


def read_cockatrice(source: SourceFile, result: ReadResult) -> None:
    """Fill ``result`` with the cards of a Cockatrice XML file."""
    from xml.parsers import expat  # here: a run that reads no XML imports no XML parser

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import DefusedXMLParser

    # the text was decoded as UTF-8 already, whatever the declaration says
    parser = DefusedXMLParser(encoding="utf-8")
    ex = parser.parser
    col = _Collected()
    ex.StartElementHandler, ex.CharacterDataHandler, ex.EndElementHandler = _collector(ex, col)
    ex.buffer_text = True
    ex.ordered_attributes = True
    for handler in ("CommentHandler", "ProcessingInstructionHandler", "DefaultHandlerExpand",
                    "StartNamespaceDeclHandler", "EndNamespaceDeclHandler"):
        try:
            setattr(ex, handler, None)
        except (AttributeError, TypeError):  # pragma: no cover - depends on pyexpat
            pass
    data = source.text.encode("utf-8")
    # the parse makes many small objects and no cycles: the cyclic collector
    # would only walk them again and again
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        ex.Parse(data, True)
    except expat.ExpatError as e:
        result.error = ReadError(f"malformed XML: {expat.ErrorString(e.code)}", e.lineno, e.offset + 1)
        return
    except DefusedXmlException as e:
        result.error = ReadError(f"XML that is not allowed here: {e}", ex.CurrentLineNumber,
                                 ex.CurrentColumnNumber + 1)
        return
    finally:
        if gc_was_on:
            gc.enable()
    if col.root != "cockatrice_carddatabase":
        result.error = ReadError(
            f"not a Cockatrice card database (root element <{col.root}>, expected <cockatrice_carddatabase>)", 1, 1)
        return
    gc.disable()
    try:
        _Builder(source, col, result).build()
    finally:
        if gc_was_on:
            gc.enable()


# Building cards ---------------------------------------------------------------


class _Builder:
    def __init__(self, source: SourceFile, col: _Collected, result: ReadResult) -> None:
        self.src = source
        self.col = col
        self.result = result
        self.text = source.text

    # locations -------------------------------------------------------------

    def loc(self, f: _Field) -> Loc:
        """The Loc of a field's content (worked out on first use)."""
        return _XmlLoc(self.src, f)

    def entry_loc(self, e: _Entry) -> Loc:
        return PendingLoc(self.src, lambda: (self.src.offset_of(e.line, e.col + 1),) * 2 + (None, False))

    # entries -----------------------------------------------------------------

    def build(self) -> None:
        self.result.entries = len(self.col.entries)
        entries = []
        for e in self.col.entries:
            name = e.value("name")
            if name is None or not name.strip():
                self.result.warnings.append(("card entry without a name: skipped", e.line, e.col + 1))
                continue
            entries.append(e)
        back_of = self.pair_faces(entries)
        consumed = {b for b in back_of.values() if isinstance(b, int)}
        consumed.update(h.first + h.second - i for i, h in back_of.items() if isinstance(h, _Half))
        cards = []
        for i, e in enumerate(entries):
            if i in consumed:
                continue
            back = back_of.get(i)
            if isinstance(back, _Half):  # two entries that are the halves of one split card
                card = self.card(entries[back.first], entries[back.second], halves=True)
            else:
                if isinstance(back, tuple):  # a standalone token copied as the back face
                    back = back[0]
                card = self.card(e, entries[back] if back is not None else None)
            cards.append(card)
        self.result.cards.extend(cards)

    def pair_faces(self, entries: list[_Entry]) -> dict[int, object]:
        """Which entry is the back face of which (index -> index).

        Faces are paired by the Scryfall id in the picture URL (front/…/id and
        back/…/id), else by ``<related attach="transform">`` links.  A one-way
        link to a token that stands on its own (a token that many cards make)
        copies that token as the back face instead of taking it away.
        """
        back_of: dict[int, object] = {}
        taken: set[int] = set()
        fronts: dict[str, list[int]] = {}
        backs: list[tuple[int, str]] = []
        for i, e in enumerate(entries):
            for s in e.many("set"):
                url = s.attrs.get("picURL") or s.attrs.get("picurl") or s.attrs.get("picUrl") or ""
                m = _PIC_ID.search(url)
                if not m:
                    continue
                if m.group(1).lower() == "front":
                    fronts.setdefault(m.group(2).lower(), []).append(i)
                else:
                    backs.append((i, m.group(2).lower()))
        for i, pid in backs:
            if i in taken:
                continue
            for j in fronts.get(pid, ()):
                if j != i and j not in back_of and j not in taken:
                    back_of[j] = i
                    taken.update((i, j))
                    break
        self.pair_halves(entries, fronts, back_of, taken)
        # <related attach="transform"> links
        by_name: dict[str, list[int]] = {}
        for i, e in enumerate(entries):
            by_name.setdefault((e.value("name") or "").strip(), []).append(i)

        def links(e: _Entry) -> list[str]:
            return [f.value.strip() for kind in ("related", "reverse-related") for f in e.many(kind)
                    if f.attrs.get("attach", "").lower() == "transform" and f.value.strip()]

        for i, e in enumerate(entries):
            if i in taken or (e.value("side") or "").strip().lower() == "back":
                continue
            for target in links(e):
                cands = [j for j in by_name.get(target, ()) if j != i and j not in taken]
                if not cands:
                    continue
                name = (e.value("name") or "").strip()
                # prefer the nearest candidate after the front, then before it
                cands.sort(key=lambda j: (j < i, abs(j - i)))
                j = cands[0]
                other = entries[j]
                mutual = name in links(other)
                marked_back = (other.value("side") or "").strip().lower() == "back"
                if mutual and not (e.value("manacost") or "").strip() and (other.value("manacost") or "").strip() \
                        and (e.value("side") or "").strip().lower() != "front":
                    back_of[j] = i  # the back face came first
                    taken.update((i, j))
                elif mutual or marked_back or not _is_token(other):
                    back_of[i] = j
                    taken.update((i, j))
                else:
                    back_of[i] = (j, True)
                    taken.add(i)
                break
        # a back face (<side>back</side>) that no link names: the entry before it
        for i, e in enumerate(entries):
            if i in taken or i == 0 or (e.value("side") or "").strip().lower() != "back":
                continue
            j = i - 1
            prev = entries[j]
            if j not in taken and (prev.value("side") or "front").strip().lower() == "front" \
                    and (prev.value("layout") or "").strip().lower() in _DFC_LAYOUTS:
                back_of[j] = i
                taken.update((i, j))
        return back_of

    def pair_halves(self, entries: list[_Entry], fronts: dict[str, list[int]], back_of: dict[int, object],
                    taken: set[int]) -> None:
        """Entries that are the two halves of one split card (some files list
        "Commit" and "Memory", or a Room's two doors, as entries of their own).

        Two entries are halves when their pictures are the front of the same
        Scryfall card, their names differ, and they look like halves: the file
        has an "A // B" entry of those names, an entry says its layout is
        split, both are instants or sorceries, or both are Rooms.  The halves
        of one group are paired in file order, each entry at most once, so
        that two printings listed one after the other are not mixed up.
        """
        known = {tuple(p.strip().lower() for p in (e.value("name") or "").split(" // "))
                 for e in entries if " // " in (e.value("name") or "")}
        for same_picture in fronts.values():
            group = sorted(set(same_picture))
            if len(group) < 2:
                continue
            for k, i in enumerate(group):
                if i in taken:
                    continue
                for j in group[k + 1:]:
                    if j in taken:
                        continue
                    order = _halves(entries[i], entries[j], known)
                    if order is not None:
                        first, second = (i, j) if order else (j, i)
                        back_of[i] = _Half(first, second)  # i < j: the card is built at i
                        taken.update((i, j))
                        break

    # one card ----------------------------------------------------------------

    def card(self, e: _Entry, back: _Entry | None, halves: bool = False) -> Card:
        src = self.src
        card = Card(source=src, loc=self.entry_loc(e))
        name_f = e.get("name")
        assert name_f is not None
        set_fields = e.many("set")
        if set_fields:
            code = set_fields[0].value.strip()
            card.set_code = code or None
            card.locs["set"] = self.loc(set_fields[0])
        elif len(self.col.set_order) == 1:
            card.set_code = self.col.set_order[0]
        if card.set_code is not None:
            card.released = self.col.sets.get(card.set_code)
            card.set_type = self.col.set_types.get(card.set_code)
        card.is_token = _is_token(e)
        ci = e.get("coloridentity")
        if ci is not None:
            card.color_identity = _color_letters(ci.value)
            card.locs["color_identity"] = self.loc(ci)
        cmc = e.get("cmc")
        cmc_parts = _split_parts(cmc.value, "//") if cmc is not None else []
        if cmc is not None and len(cmc_parts) == 1:
            card.cmc = _number(cmc.value)
            card.locs["cmc"] = self.loc(cmc)
        layout_f = e.get("layout")
        explicit_layout = layout_f.value.strip().lower() if layout_f is not None and layout_f.value.strip() else None
        name = name_f.value
        one_entry = back is None and " // " in name
        if one_entry:
            self.split_entry(card, e)
        else:
            card.faces.append(self.face(e, card.is_token))
            card.name = name.strip()
            card.locs["name"] = card.faces[0].locs["name"]
            if back is not None:
                bface = self.face(back, card.is_token or _is_token(back))
                card.faces.append(bface)
                card.name = f"{card.faces[0].name} // {bface.name}"
                if back.get("cmc") is not None:
                    card.extra["back_cmc"] = _number(back.get("cmc").value)  # type: ignore[union-attr]
        if len(cmc_parts) > 1:
            self.face_values(card, cmc, cmc_parts)  # type: ignore[arg-type]
        if halves:
            card.layout = _halves_layout(card, explicit_layout)
        else:
            card.layout = explicit_layout or self.infer_layout(card, one_entry)
        if card.is_token and card.layout in ("normal", None):
            card.layout = "token"
        extra_v3 = e.get("cipt")
        if extra_v3 is not None:
            card.extra["cipt"] = extra_v3.value.strip()
        return card

    def face_values(self, card: Card, f: _Field, parts: list[tuple[str, int, int]]) -> None:
        """A ``<cmc>`` written "A // B": one mana value per face, as the files
        made from Scryfall data write them for split and adventurer entries.
        Those are the faces' own values, not the card's (a split card's is the
        sum of its halves, CR 202.3d), so the card's value stays unknown."""
        loc = self.loc(f)
        if len(parts) != len(card.faces):
            card.extra["cmc"] = f.value.strip()  # as written: which face each belongs to is unknown
            card.locs["cmc"] = loc
            return
        for face, (v, a, b) in zip(card.faces, parts):
            a, b = _trim(f.value, a, b)
            face.cmc = _number(v)
            if face.cmc is not None:
                face.locs["cmc"] = sub_loc(loc, a, b)  # type: ignore[assignment]

    def face(self, e: _Entry, is_token: bool) -> Face:
        face = Face()
        locs = face.locs
        fd = e.fields
        src = self.src
        nf = fd.get("name")
        if nf is not None:
            face.name = nf.value.strip()  # type: ignore[union-attr]
            locs["name"] = _XmlLoc(src, nf)  # type: ignore[arg-type]
        tf = fd.get("text")
        if tf is not None:
            text = tf.value  # type: ignore[union-attr]
            face.oracle_text = _strip_link_trailer(text) if "---" in text else text
            locs["oracle_text"] = _XmlLoc(src, tf)  # type: ignore[arg-type]
        mf = fd.get("manacost")
        if mf is not None:
            face.mana_cost, locs["mana_cost"] = self.cost(mf.value, _XmlLoc(src, mf))  # type: ignore[union-attr,arg-type]
        else:
            face.mana_cost = ""  # Cockatrice leaves the element out when there is no cost
        ty = fd.get("type")
        if ty is not None:
            face.type_line = _type_line(ty.value)  # type: ignore[union-attr]
            locs["type_line"] = _XmlLoc(src, ty)  # type: ignore[arg-type]
        pt, loyalty, defense = fd.get("pt"), fd.get("loyalty"), fd.get("defense")
        if pt is not None or loyalty is not None or defense is not None:
            self.pt_loyalty(face, pt, loyalty, defense)  # type: ignore[arg-type]
        self.colors(face, e, is_token)
        return face

    def cost(self, value: str, loc: Loc | None) -> tuple[str, Loc | None]:
        braced, index = braced_cost(value)
        if index is None or loc is None:
            return braced, loc
        parent = loc

        def resolve() -> tuple:
            table = [parent.offset(k) for k in index]
            return table[0] if table else parent.start, table[-1] if table else parent.end, table, True

        return braced, PendingLoc(self.src, resolve)

    def pt_loyalty(self, face: Face, pt: _Field | None, loyalty: _Field | None, defense: _Field | None) -> None:
        if pt is not None and pt.value.strip():
            loc = self.loc(pt)
            v = pt.value
            k = v.find("/")
            if k == -1:
                face.power = v.strip()
                face.locs["power"] = loc
            else:
                p, t = v[:k], v[k + 1:]
                face.power, face.toughness = p.strip(), t.strip()
                face.locs["power"] = sub_loc(loc, len(p) - len(p.lstrip()), len(p.rstrip()))  # type: ignore[assignment]
                face.locs["toughness"] = sub_loc(loc, k + 1 + len(t) - len(t.lstrip()), k + 1 + len(t.rstrip()))  # type: ignore[assignment]
        if loyalty is not None:
            v = loyalty.value.strip()
            if v and v != "None":
                face.loyalty = v
                face.locs["loyalty"] = self.loc(loyalty)
        if defense is not None:
            v = defense.value.strip()
            if v and v != "None":
                face.defense = v
                face.locs["defense"] = self.loc(defense)

    def colors(self, face: Face, e: _Entry, is_token: bool) -> None:
        cs = e.get("colors")
        loc: Loc | None = None
        colors: tuple[str, ...] | None = None
        if cs is not None:
            colors = _color_letters(cs.value)
            loc = self.loc(cs)
        else:
            each = e.many("color")
            if each:
                colors = _color_letters("".join(f.value for f in each))
                loc = self.loc(each[0])
                loc = Loc(self.src, 0, exact=False) if loc is None else loc
        if colors is None:
            # Cockatrice leaves out a colorless card's colors
            colors = ()
        face.colors = colors
        if loc is not None:
            face.locs["colors"] = loc
        if face.mana_cost == "" and colors and not is_token:
            face.color_indicator = colors
            if loc is not None:
                face.locs["color_indicator"] = loc

    def split_entry(self, card: Card, e: _Entry) -> None:
        """An "A // B" entry: one entry holding every face of a card."""
        nf = e.get("name")
        assert nf is not None
        name_loc = self.loc(nf)
        card.name = nf.value.strip()
        card.locs["name"] = name_loc
        parts = _split_parts(nf.value, " // ")
        faces = [Face(name=v.strip()) for v, _a, _b in parts]
        for f, (v, a, b) in zip(faces, parts):
            lead = len(v) - len(v.lstrip())
            f.locs["name"] = sub_loc(name_loc, a + lead, a + lead + len(v.strip()))  # type: ignore[assignment]
        n = len(faces)
        ty = e.get("type")
        if ty is not None:
            tloc = self.loc(ty)
            tparts = _split_parts(ty.value, "//")
            if len(tparts) == n:
                for f, (v, a, b) in zip(faces, tparts):
                    lead = len(v) - len(v.lstrip())
                    f.type_line = _type_line(v.strip())
                    f.locs["type_line"] = sub_loc(tloc, a + lead, a + lead + len(v.strip()))  # type: ignore[assignment]
            else:
                card.extra["type_line"] = _type_line(ty.value)
                card.locs["type_line"] = tloc
        mf = e.get("manacost")
        if mf is not None and mf.value.strip():
            mloc = self.loc(mf)
            mparts = _split_parts(mf.value, "//")
            if len(mparts) == n:
                for f, (v, a, b) in zip(faces, mparts):
                    f.mana_cost, f.locs["mana_cost"] = self.cost(v, sub_loc(mloc, a, b))  # type: ignore[assignment]
            else:
                # one cost for a card of several faces: it belongs to the first face
                # that can have one (a land has none)
                target = next((f for f in faces if not f.has_type("Land")), faces[0])
                target.mana_cost, target.locs["mana_cost"] = self.cost(mf.value, mloc)  # type: ignore[assignment]
        tf = e.get("text")
        if tf is not None and tf.value.strip():
            tloc = self.loc(tf)
            pieces = _split_text(tf.value)
            if len(pieces) == n:
                for f, (a, b) in zip(faces, pieces):
                    f.oracle_text = tf.value[a:b]
                    f.locs["oracle_text"] = sub_loc(tloc, a, b)  # type: ignore[assignment]
            else:
                faces[0].oracle_text = tf.value
                faces[0].locs["oracle_text"] = tloc
        pt, loyalty, defense = e.get("pt"), e.get("loyalty"), e.get("defense")
        creature = next((f for f in faces if f.has_type("Creature", "Vehicle")), faces[0])
        walker = next((f for f in faces if f.has_type("Planeswalker")), faces[0])
        battle = next((f for f in faces if f.has_type("Battle")), faces[0])
        self.pt_loyalty(creature, pt, None, None)
        self.pt_loyalty(walker, None, loyalty, None)
        self.pt_loyalty(battle, None, None, defense)
        # the entry's colors are the whole card's
        cs = e.get("colors")
        each = e.many("color")
        if cs is not None or each:
            value = cs.value if cs is not None else "".join(f.value for f in each)
            card.extra["colors"] = _color_letters(value)
            card.locs["colors"] = self.loc(cs if cs is not None else each[0])
        card.faces = faces

    def infer_layout(self, card: Card, one_entry: bool) -> str:
        faces = card.faces
        if card.is_token:
            return "double_faced_token" if len(faces) > 1 else "token"
        if len(faces) == 1:
            return "normal"
        front, back = faces[0], faces[1]
        if any("Adventure" in f.subtypes for f in faces[1:]):
            return "adventure"
        if all(f.card_types and set(f.card_types) <= {"Card"} for f in faces):
            return "art_series"
        if len(faces) > 2:
            return "split"
        if one_entry:
            return _one_entry_layout(front, back)
        texts = " ".join(f.oracle_text or "" for f in faces)
        if _TRANSFORM_WORDS.search(texts):
            return "transform"
        if back.mana_cost:
            return "modal_dfc"
        if back.has_type("Land") and not front.has_type("Land"):
            return "modal_dfc"
        return "transform"


# helpers ------------------------------------------------------------------------


class _XmlLoc(PendingLoc):
    """The place of an element's content, found from its start tag's line and
    column when first asked for."""

    __slots__ = ()

    def __init__(self, source: SourceFile, f: _Field) -> None:
        self.source = source
        self._resolve = f  # type: ignore[assignment]

    def _compute(self) -> tuple:
        f: _Field = self._resolve  # type: ignore[assignment]
        src = self.source
        text = src.text
        n = len(f.value)
        tag = src.offset_of(f.line, f.col + 1)
        m = _TAG_END.match(text, tag)
        start = m.end() if m else tag
        if m and m.group().endswith("/>"):
            return start, start, None, True
        stop = text.find("<", start)
        if stop == -1:
            stop = len(text)
        raw = text[start:stop]
        if len(raw) == n and "&" not in raw and "\r" not in raw:
            return start, stop, None, True
        table = _xml_content_map(text, start, n)
        return start, table[-1], table, True


class _Half:
    """Marks the entry whose card joins two split halves (their indexes, in face order)."""

    __slots__ = ("first", "second")

    def __init__(self, first: int, second: int) -> None:
        self.first, self.second = first, second


_SPLIT_FAMILY = frozenset({"split", "aftermath", "fuse"})
_SPELL_TYPES = frozenset({"Instant", "Sorcery"})


def _entry_types(e: _Entry) -> tuple[set[str], set[str]]:
    """An entry's card types and subtypes, from its type line."""
    _supers, types, subtypes, _token = split_type_line(_type_line(e.value("type") or ""))
    return set(types), set(subtypes)


def _halves(a: _Entry, b: _Entry, known: set[tuple[str, ...]]) -> bool | None:
    """Whether entries ``a`` and ``b`` (with the same picture) are the halves
    of one split card: True in this order, False in the other, None if not."""
    na, nb = (a.value("name") or "").strip(), (b.value("name") or "").strip()
    if not na or not nb or na.lower() == nb.lower() or " // " in na or " // " in nb:
        return None
    if _is_token(a) or _is_token(b):
        return None
    if any((e.value("side") or "").strip().lower() == "back" for e in (a, b)):
        return None
    if (nb.lower(), na.lower()) in known:
        return False
    if (na.lower(), nb.lower()) in known:
        return True
    if any((e.value("layout") or "").strip().lower() in _SPLIT_FAMILY for e in (a, b)):
        return True
    (ta, sa), (tb, sb) = _entry_types(a), _entry_types(b)
    if ta and tb and ta <= _SPELL_TYPES and tb <= _SPELL_TYPES:
        return True
    if "Room" in sa and "Room" in sb and ta == tb == {"Enchantment"}:
        return True
    return None


def _halves_layout(card: Card, explicit: str | None) -> str:
    """A card joined from two half entries is a split card; an aftermath half
    says so with its keyword."""
    if explicit in _SPLIT_FAMILY:
        return explicit  # type: ignore[return-value]
    second = (card.faces[1].oracle_text or "") if len(card.faces) > 1 else ""
    if re.match(r"Aftermath\b", second):
        return "aftermath"
    return "split"


def _one_entry_layout(front: Face, back: Face) -> str:
    """The layout of a card whose faces came in one "A // B" entry."""
    if front.has_type("Instant", "Sorcery") and back.has_type("Instant", "Sorcery"):
        return "split"
    if front.is_permanent and back.has_type("Instant", "Sorcery") and (back.mana_cost or front.mana_cost):
        return "split" if "Omen" in back.subtypes else "adventure"
    if front.mana_cost and not back.mana_cost:
        return "flip"
    return "modal_dfc"


def _is_token(e: _Entry) -> bool:
    t = e.value("token")
    if t is not None and t.strip() not in ("", "0", "false"):
        return True
    ty = e.value("type") or ""
    return ty.lstrip().startswith("Token")


def _number(value: str) -> float | None:
    try:
        return float(value.strip())
    except ValueError:
        return None


@lru_cache(maxsize=256)
def _color_letters(value: str) -> tuple[str, ...]:
    return order_colors([c for c in value.upper() if c in COLORS])


def _type_line(value: str) -> str:
    """Cockatrice v3 writes " - " where Oracle has an em dash (same length, so
    positions are unchanged)."""
    if "—" not in value and " - " in value:
        return _V3_DASH.sub("—", value)
    return value


def _split_parts(value: str, sep: str) -> list[tuple[str, int, int]]:
    out = []
    start = 0
    while True:
        k = value.find(sep, start)
        if k == -1:
            out.append((value[start:], start, len(value)))
            return out
        out.append((value[start:k], start, k))
        start = k + len(sep)


def _trim(value: str, a: int, b: int) -> tuple[int, int]:
    while a < b and value[a].isspace():
        a += 1
    while b > a and value[b - 1].isspace():
        b -= 1
    return a, b


def _split_text(value: str) -> list[tuple[int, int]]:
    """The spans of the faces' texts in a text whose faces are separated by a
    line holding "---"."""
    spans = []
    start = 0
    for m in _FACE_SEP.finditer(value):
        spans.append(_trim(value, start, m.start()))
        start = m.end()
    spans.append(_trim(value, start, len(value)))
    return spans


def _strip_link_trailer(text: str) -> str:
    """Some exporters end a face's text with "---" and "(Back): other face";
    that note is not rules text."""
    ms = list(_FACE_SEP.finditer(text))
    if ms and _LINK_TRAILER.match(text, ms[-1].end()):
        return text[:ms[-1].start()].rstrip()
    return text


def _xml_content_map(text: str, start: int, nchars: int) -> list[int]:
    """Raw offsets of the characters of an element's decoded content."""
    out: list[int] = []
    i, n = start, len(text)
    while len(out) < nchars and i < n:
        c = text[i]
        if c == "&":
            j = text.find(";", i)
            out.append(i)
            i = j + 1 if j != -1 else i + 1
        elif c == "\r":
            out.append(i)
            i += 2 if text.startswith("\n", i + 1) else 1
        elif c == "<":
            if text.startswith("<![CDATA[", i):
                j = text.find("]]>", i + 9)
                j = n if j == -1 else j
                k = i + 9
                while k < j and len(out) < nchars:
                    out.append(k)
                    k += 2 if text.startswith("\r\n", k) else 1
                i = j + 3
            elif text.startswith("<!--", i):
                j = text.find("-->", i)
                i = n if j == -1 else j + 3
            elif text.startswith("<?", i):
                j = text.find("?>", i)
                i = n if j == -1 else j + 2
            else:
                m = _TAG_END.match(text, i)
                i = m.end() if m else i + 1
        else:
            out.append(i)
            i += 1
    out.append(i)
    return out


READER = Reader(
    name="cockatrice",
    looks_like=_looks_like,
    read=lambda probe, result: read_cockatrice(probe.source, result),
    codec=xml_codec,
    braces_costs=True,
)
