"""Our YAML card format (Scryfall's field names) to cards.

A file holds one card per document (``---`` between them), a list of cards,
or a mapping whose ``cards`` key holds the list (its ``set``,
``released_at`` and ``set_type`` then apply to every card that lacks its own; keys starting
with ``x-`` are free, e.g. for anchors that cards merge with ``<<:``).  Multi-faced
cards list their faces under ``card_faces``.  The schema is
``linter/schemas/card-yaml.schema.json``.

The file is composed into YAML nodes (libyaml when available), so every value
keeps its place: exact for single-line scalars and literal blocks (``|``),
the start of the value for folded or escaped multi-line ones.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from linter.fixes_codecs import yaml_codec
from linter.readers.base import UNSUPPORTED, ReadError, Reader, ReadResult
from linter.readers.layouts import guess_layout  # noqa: F401 - where callers found it before
from linter.readers.fields import (
    CARD_KEYS, FACE_COLORS, FACE_STR, IGNORE_FIELD, PRODUCT_KEYS, card_from_fields,
)
from linter.readers.locs import LazyMap
from linter.readers.probe import YAML_EXT
from linter.source import Loc, SourceFile, escaped_index_map

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: fields the reader uses
USED_CARD = frozenset(FACE_STR + FACE_COLORS + CARD_KEYS + PRODUCT_KEYS + ("card_faces", IGNORE_FIELD))
USED_FACE = frozenset(FACE_STR + FACE_COLORS + ("cmc",))
#: fields the format allows but the linter does not read (kept for other tools)
OTHER = frozenset({
    "id", "oracle_id", "rarity", "artist", "collector_number", "set_name", "watermark", "lang",
    "illustration_id", "image", "image_uris", "notes", "designer", "printed_name", "printed_text",
    "printed_type_line", "frame", "frame_effects", "legalities",
    "produced_mana", "reserved", "attraction_lights", "hand_modifier", "life_modifier",
    "content_warning", "object", "flavor_name", "tags",
})
#: of those, the ones a face may have
OTHER_FACE = frozenset({
    "artist", "watermark", "illustration_id", "image_uris", "printed_name", "printed_text",
    "printed_type_line", "flavor_name", "notes", "object", "layout",
})
CONTAINER_KEYS = frozenset({"cards", "set", "set_name", "released_at", "set_type", "name", "notes", "description"})

_SCALAR_TAGS = {
    "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",
}
#: the tags a card file may use: YAML's own for text, numbers, lists and mappings; any other
#: (``!!python/object/apply``, ``!!binary``, a local ``!tag``) is not read
_KNOWN_TAGS = _SCALAR_TAGS | {"tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map",
                              "tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"}
_STD_PREFIX = "tag:yaml.org,2002:"


def unsupported_tag(node: yaml.Node) -> str | None:
    """The first tag of ``node`` or of a value inside it that a card file may not use, as
    written ("!!python/object/apply", "!custom"); None when there is none."""
    stack = [node]
    seen: set[int] = set()
    while stack:
        n = stack.pop()
        if id(n) in seen:  # an alias is the same node again
            continue
        seen.add(id(n))
        tag = n.tag or ""
        if tag not in _KNOWN_TAGS and tag != "!":
            if tag.startswith(_STD_PREFIX):
                shown = "!!" + tag[len(_STD_PREFIX):]
                # "!!python/object/apply:os.system": the kind of tag, not what it names
                return shown.split(":", 1)[0] if shown.startswith("!!python/") else shown
            return tag
        if isinstance(n, yaml.SequenceNode):
            stack.extend(reversed(n.value))
        elif isinstance(n, yaml.MappingNode):
            for k, v in reversed(n.value):
                stack.extend((v, k))
    return None
_BRACE_VALUE = re.compile(r":[ \t]+\{")
_STAR_VALUE = re.compile(r":[ \t]+\*")


def read_yaml(source: SourceFile, result: ReadResult) -> None:
    text = source.text
    try:
        docs = list(yaml.compose_all(text, Loader=_Loader))
    except yaml.MarkedYAMLError as e:
        raise _yaml_error(e, text) from None
    except yaml.reader.ReaderError as e:
        line, col = source.line_col(e.position)
        ch = e.character
        ch = f"U+{ch:04X}" if isinstance(ch, int) else f"U+{ord(ch):04X}" if isinstance(ch, str) and len(ch) == 1 else repr(ch)
        raise ReadError(f"malformed YAML: character {ch} is not allowed ({e.reason})", line, col) from None
    except yaml.YAMLError as e:
        raise ReadError(f"malformed YAML: {e}") from None
    reader = _Reader(source, result)
    reader.documents(docs)
    if not result.cards and reader.not_cards:
        raise ReadError(UNSUPPORTED)


def _yaml_error(e: yaml.MarkedYAMLError, text: str) -> ReadError:
    mark = e.problem_mark or e.context_mark
    problem = e.problem or "invalid YAML"
    if e.context:
        problem = f"{problem} ({e.context})"
    msg = f"malformed YAML: {problem}"
    if mark is not None:
        lines = text.split("\n")
        near = "\n".join(lines[max(0, mark.line - 1):mark.line + 1])
        if _BRACE_VALUE.search(near):
            msg += "; a value that starts with '{' (a mana symbol) must be quoted"
        elif _STAR_VALUE.search(near):
            msg += "; a value that starts with '*' (as in */*) must be quoted"
        return ReadError(msg, mark.line + 1, mark.column + 1)
    return ReadError(msg)


class _Reader:
    def __init__(self, source: SourceFile, result: ReadResult) -> None:
        self.src = source
        self.text = source.text
        self.result = result
        self._constructor = yaml.SafeLoader("")
        self.not_cards = 0  # documents or list items that are not cards
        self.refused: set[str] = set()  # fields of the current card not read for their tag

    def warn(self, msg: str, loc: Loc | None) -> None:
        line, col = loc.position() if loc is not None else (None, None)
        self.result.warnings.append((msg, line, col))

    def warn_node(self, msg: str, node: yaml.Node) -> None:
        self.result.warnings.append((msg, node.start_mark.line + 1, node.start_mark.column + 1))

    # structure ---------------------------------------------------------------

    def documents(self, docs: list) -> None:
        for doc in docs:
            if doc is None or (isinstance(doc, yaml.ScalarNode) and doc.tag.endswith(":null")):
                continue
            if isinstance(doc, yaml.SequenceNode):
                self.card_list(doc, {})
            elif isinstance(doc, yaml.MappingNode):
                keys = {k.value for k, _v in doc.value if isinstance(k, yaml.ScalarNode)}
                if "cards" in keys and not ({"type_line", "oracle_text", "card_faces", "mana_cost"} & keys):
                    self.container(doc)
                else:
                    self.card(doc, {})
            else:
                self.not_cards += 1
                self.warn_node("this YAML document is not a card, a list of cards or a mapping with 'cards'", doc)

    def container(self, node: yaml.MappingNode) -> None:
        defaults: dict[str, tuple[Any, Loc]] = {}
        cards_node = None
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else None
            if key == "cards":
                cards_node = v
            elif key in ("set", "released_at", "set_type") and isinstance(v, yaml.ScalarNode):
                defaults[key] = (self.scalar(v), self.loc(v))
            elif key not in CONTAINER_KEYS and not (key or "").startswith("x-"):
                # "x-..." keys are free, for instance to hold anchors the cards merge
                self.warn_node(f"unknown key {key!r} next to 'cards'", k)
        if isinstance(cards_node, yaml.SequenceNode):
            self.card_list(cards_node, defaults)
        elif cards_node is not None and not (isinstance(cards_node, yaml.ScalarNode) and cards_node.tag.endswith(":null")):
            self.warn_node("'cards' should be a list of cards", cards_node)

    def card_list(self, node: yaml.SequenceNode, defaults: dict) -> None:
        for item in node.value:
            if isinstance(item, yaml.MappingNode):
                self.card(item, defaults)
            else:
                self.not_cards += 1
                self.warn_node("a list item that is not a card (a mapping of fields): skipped", item)

    def card(self, node: yaml.MappingNode, defaults: dict) -> None:
        if node.tag not in _KNOWN_TAGS and node.tag != "!":
            self.warn_node(f"unsupported YAML tag {unsupported_tag(node)} on a card: the tag is ignored", node)
        self.refused: set[str] = set()
        fields, faces = self.fields(node, USED_CARD, top=True)
        for key, value in defaults.items():
            fields.setdefault(key, value)
        if "name" not in fields and "name" not in self.refused and not faces:
            self.warn_node("a card without a name", node)
        card_loc = Loc(self.src, node.start_mark.index, exact=False)
        card = card_from_fields(fields, faces, self.src, card_loc, self.warn)
        if card.layout is None:
            card.layout = guess_layout(card)
            card.extra["layout_guessed"] = True
        self.result.cards.append(card)

    def fields(self, node: yaml.MappingNode, used: frozenset, top: bool) -> tuple[dict, list | None]:
        fields: dict[str, tuple[Any, Loc]] = {}
        faces: list | None = None
        if any(k.tag == "tag:yaml.org,2002:merge" for k, _v in node.value):
            try:
                self._constructor.flatten_mapping(node)  # "<<: *base" merges, each value keeping its place
            except yaml.YAMLError as e:
                self.warn_node(f"a merge (<<) that cannot be applied: {getattr(e, 'problem', e)}", node)
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                self.warn_node("a field name must be plain text", k)
                continue
            key = k.value
            if key in fields or (key == "card_faces" and faces is not None):
                self.warn_node(f"field {key!r} given twice: the later value is used", k)
            if top and key == "card_faces":
                if isinstance(v, yaml.SequenceNode):
                    faces = []
                    for item in v.value:
                        if isinstance(item, yaml.MappingNode):
                            ff, _ = self.fields(item, USED_FACE, top=False)
                            faces.append(ff)
                        else:
                            self.warn_node("a face must be a mapping of fields", item)
                else:
                    self.warn_node("card_faces should be a list of faces", v)
                continue
            if key in used:
                tag = unsupported_tag(v)
                if tag is not None:  # read as absent: never constructed, never guessed at
                    self.warn_node(f"{key}: unsupported YAML tag {tag}: the field is not read", v)
                    self.refused.add(key)
                    continue
                fields[key] = self.value(key, v)
            elif top:
                if key not in OTHER:
                    self.warn_node(f"unknown field {key!r}", k)
            elif key in OTHER_FACE:
                pass
            elif key in USED_CARD or key in OTHER:
                self.warn_node(f"field {key!r} belongs to the card, not to a face", k)
            else:
                self.warn_node(f"unknown field {key!r}", k)
        return fields, faces

    # values --------------------------------------------------------------------

    def value(self, key: str, node: yaml.Node) -> tuple[Any, Loc]:
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node), self.loc(node)
        if isinstance(node, yaml.SequenceNode) and all(isinstance(n, yaml.ScalarNode) for n in node.value):
            start, end = node.start_mark.index, node.end_mark.index
            return [self.scalar(n) for n in node.value], Loc(self.src, start, end, exact=False)
        start, end = node.start_mark.index, node.end_mark.index
        raw = self.text[start:end]
        if isinstance(node, yaml.MappingNode) and node.flow_style and raw.startswith("{"):
            # `mana_cost: {R}` is valid YAML for a mapping: keep what was written
            self.warn_node(f"{key}: write {raw} in quotes (unquoted, YAML reads it as a mapping)", node)
            return raw, Loc(self.src, start, end)
        self.warn_node(f"{key}: unexpected {'list' if isinstance(node, yaml.SequenceNode) else 'mapping'}", node)
        return None, Loc(self.src, start, end, exact=False)

    def scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag in _SCALAR_TAGS:
            value = self._constructor.construct_object(node)
            if node.tag.endswith(":timestamp"):
                return node.value
            return value
        if node.style in ("|", ">") and node.value.endswith("\n"):
            sm = node.start_mark.index
            eol = self.text.find("\n", sm)
            if "+" not in self.text[sm:eol if eol != -1 else None].split("#", 1)[0]:
                # clip chomping leaves the block's final line break: not part of the text
                return node.value[:-1]
        return node.value

    def loc(self, node: yaml.ScalarNode) -> Loc:
        src, text = self.src, self.text
        sm, em = node.start_mark, node.end_mark
        start, end = sm.index, em.index
        style = node.style
        value = node.value
        if style in (None, "") and sm.line == em.line:
            if text[start:end] == value:
                return Loc(src, start, end)
            return Loc(src, start, end, exact=False)
        if style in ("'", '"') and sm.line == em.line:
            a, b = start + 1, end - 1
            raw = text[a:b]
            if raw == value:
                return Loc(src, a, b)
            decode = _single_quoted_one if style == "'" else _double_quoted_one
            return Loc(src, a, b, index_map=LazyMap(lambda: escaped_index_map(raw, decode, a)))
        if style == "|":
            return self.literal_loc(node)
        # folded, multi-line plain or quoted: the start of the value only
        content = start + (1 if style in ("'", '"') else 0)
        if style == ">":
            nl = text.find("\n", start)
            content = nl + 1 if nl != -1 else start
            while content < end and text[content] == " ":
                content += 1
        return Loc(src, content, end, exact=False)

    def literal_loc(self, node: yaml.ScalarNode) -> Loc:
        src, text = self.src, self.text
        sm, em = node.start_mark, node.end_mark
        value = node.value
        nl = text.find("\n", sm.index)
        first = nl + 1 if nl != -1 else em.index
        header = text[sm.index:first].split("#", 1)[0].strip()
        explicit = next((int(c) for c in header if c.isdigit()), None)
        lines = value.split("\n")
        if explicit is not None:
            indent = _line_indent(text, sm.index) + explicit
        else:
            indent = None
            pos = first
            while pos < em.index:
                eol = text.find("\n", pos)
                eol = len(text) if eol == -1 else eol
                line = text[pos:eol].rstrip("\r")
                if line.strip():
                    indent = len(line) - len(line.lstrip(" "))
                    break
                pos = eol + 1
            if indent is None:
                indent = 0
        start_line = src.line_col(first)[0]

        def build() -> list[int]:
            table: list[int] = []
            for j, line in enumerate(lines):
                base = src.offset_of(start_line + j, 1)
                eol = text.find("\n", base)
                eol = len(text) if eol == -1 else eol
                for c in range(len(line)):
                    table.append(min(base + indent + c, eol))
                if j < len(lines) - 1:
                    table.append(min(base + indent + len(line), eol))  # the line break
            table.append(table[-1] + 1 if table else first + indent)
            return table

        begin = first + indent
        return Loc(src, begin, em.index, index_map=LazyMap(build))


def _line_indent(text: str, index: int) -> int:
    ls = text.rfind("\n", 0, index) + 1
    k = ls
    while k < len(text) and text[k] == " ":
        k += 1
    return k - ls


def _single_quoted_one(raw: str, i: int) -> tuple[int, int]:
    if raw.startswith("''", i):
        return 1, 2
    return 1, 1


_ESCAPE_LEN = {"x": 4, "u": 6, "U": 10}


def _double_quoted_one(raw: str, i: int) -> tuple[int, int]:
    if raw[i] != "\\":
        return 1, 1
    return 1, _ESCAPE_LEN.get(raw[i + 1:i + 2], 2)


def _looks_like(probe) -> bool:
    # the last reader asked: a .yaml file that is JSON of no card format is read as YAML
    return probe.kind == "yaml" or (probe.ext in YAML_EXT and probe.kind == "json")


READER = Reader(
    name="yaml",
    looks_like=_looks_like,
    read=lambda probe, result: read_yaml(probe.source, result),
    codec=yaml_codec,
)
