"""`oraclelint server`: the Language Server Protocol over standard input and output.

Built on pygls.  A document is linted when it is opened, changed or saved,
as ``oraclelint check`` would lint the file under that name: the same
readers (the format comes from the content), the configuration found upward
from the document's folder, the same checks and suppressions.  The findings
are published as diagnostics (severity, code, a link to the check's
documentation, the CR numbers); each fix is a code action (a safe one is the
preferred quick fix, an unsafe one says so in its title), and "fix all"
applies the safe fixes as ``--fix`` does, through its checked rounds.  A
hover over rules text shows what the parse knows: the ability's kind and the
CR rules its phrases invoke, with each rule's text when a Comprehensive Rules
text is cached (``oraclelint cr update``), else the catalogue's summary.

One pipeline serves the whole process: it is built once, on the first
document, and reused for every other.  No input ends the server: a file that
cannot be read is an FMT001 diagnostic, a card oraclelint fails on is FMT003,
and a failure of the server's own code is logged and answered with nothing.
"""

from __future__ import annotations

import os
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from linter import __version__
from linter.diagnostics import Diagnostic
from linter.engine import Report
from linter.readers.base import ReadResult
from linter.reporters.style import printable
from linter.source import SourceFile

SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}
FIX_ALL = "source.fixAll.oraclelint"


@dataclass
class Linted:
    """What the last lint of one document found."""

    version: int | None
    result: ReadResult
    report: Report
    diagnostics: list[tuple[Diagnostic, types.Diagnostic]]


def docs_link(code: str) -> str:
    """Where a check's documentation is: its module, whose docstring is the documentation (on the
    project's home page when the package names one, else the installed file)."""
    from linter.reporters.sarif import information_uri

    home = information_uri()
    if home and "github.com" in home:
        return f"{home.rstrip('/')}/blob/main/linter/checks/{code}.py"
    return Path(__file__).resolve().parent.joinpath("checks", f"{code}.py").as_uri()


class OraclelintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("oraclelint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.linted: dict[str, Linted] = {}
        self._cr: Any = None
        self._cr_loaded = False
        self._said: set[str] = set()

    # -- helpers ---------------------------------------------------------------------------

    def log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:  # pragma: no cover - the client is gone
            pass

    def cr(self):
        """The cached Comprehensive Rules (None when none is downloaded or it is damaged)."""
        if not self._cr_loaded:
            self._cr_loaded = True
            try:
                from linter.cr.store import load_cached

                self._cr = load_cached()
            except Exception as exc:  # a damaged cache: hovers give the catalogue's summaries
                self.log(f"oraclelint: the cached Comprehensive Rules cannot be used: {exc}")
        return self._cr

    # -- linting -----------------------------------------------------------------------------

    def read(self, uri: str) -> ReadResult:
        from linter.readers import read_bytes

        doc = self.workspace.get_text_document(uri)
        path = to_fs_path(uri) or uri
        if path.lower().endswith(".mse-set") and os.path.isfile(path):
            from linter.readers import read_file

            return read_file(path)  # a zip archive: the editor's text is not the file
        return read_bytes(doc.source.encode("utf-8", errors="surrogateescape"), path)

    def config_for(self, path: str):
        from linter.checks.base import all_checks
        from linter.config import Config, ConfigError, load_config

        try:
            return load_config([path], known_codes=all_checks())
        except ConfigError as exc:
            message = f"oraclelint: {exc}; checking with the defaults"
            if message not in self._said:  # said once, not on every keystroke
                self._said.add(message)
                self.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=message))
            return Config()

    def lint(self, uri: str) -> None:
        from linter.engine import check_paths
        from linter.fixes import drop_unfixable

        doc = self.workspace.get_text_document(uri)
        result = self.read(uri)
        config = self.config_for(result.path)
        report = check_paths((), config=config, results=[result], jobs=1)
        drop_unfixable(report)  # a fix that cannot be applied is no code action
        pairs = [(d, self.to_lsp(d, result.source)) for d in report.diagnostics]
        self.linted[uri] = Linted(doc.version, result, report, pairs)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=doc.version, diagnostics=[p for _d, p in pairs]))

    def position(self, source: SourceFile | None, line: int, column: int) -> types.Position:
        """A 1-based line and column of code points as an LSP position (the client's units)."""
        line0, col0 = max(0, line - 1), max(0, column - 1)
        if source is None:
            return types.Position(line=line0, character=col0)
        start = source.offset_of(line0 + 1, 1)
        end = source.text.find("\n", start)
        text = source.text[start:] if end == -1 else source.text[start:end]
        codec = self.workspace.position_codec
        return types.Position(line=line0, character=codec.client_num_units(text[:col0]))

    def at_offset(self, source: SourceFile, offset: int) -> types.Position:
        line, column = source.line_col(offset)
        return self.position(source, line, column)

    def offset_of(self, source: SourceFile, pos: types.Position) -> int:
        """The source offset of an LSP position."""
        start = source.offset_of(pos.line + 1, 1)
        end = source.text.find("\n", start)
        text = source.text[start:] if end == -1 else source.text[start:end]
        codec = self.workspace.position_codec
        units = 0
        for i, ch in enumerate(text):
            if units >= pos.character:
                return start + i
            units += codec.client_num_units(ch)
        return start + len(text)

    def to_lsp(self, d: Diagnostic, source: SourceFile | None) -> types.Diagnostic:
        start = self.position(source, d.line, d.column)
        end = self.position(source, d.end_line, d.end_column)
        if (end.line, end.character) < (start.line, start.character):
            end = start
        rules = f" [CR {', '.join(d.rules)}]" if d.rules else ""
        card = f" ({d.card})" if d.card else ""
        return types.Diagnostic(
            range=types.Range(start=start, end=end),
            severity=SEVERITY.get(d.severity, types.DiagnosticSeverity.Warning),
            code=d.code,
            code_description=types.CodeDescription(href=docs_link(d.code)),
            source="oraclelint",
            # what comes from the files with control characters and bidirectional overrides escaped,
            # as in the text output: an editor or its log shows them, never obeys them
            message=printable(f"{d.name}: {d.message}{rules}{card}"),
            data={"rules": list(d.rules), "fixable": d.fix is not None, "safe": bool(d.fix and d.fix.safe)},
        )

    # -- code actions ------------------------------------------------------------------------

    def code_actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        from linter.fixes import FilePlanner

        uri = params.text_document.uri
        linted = self.linted.get(uri)
        if linted is None or linted.result.source is None or linted.result.source.entry is not None:
            return []  # nothing linted yet, or an archive (its edits are not the editor's text)
        source = linted.result.source
        planner = FilePlanner(source, linted.result.cards)
        wanted = params.range
        only = params.context.only
        actions: list[types.CodeAction] = []
        if not only or any(k.startswith(types.CodeActionKind.QuickFix) for k in only):
            for d, lsp in linted.diagnostics:
                if d.fix is None or not _overlaps(lsp.range, wanted):
                    continue
                planned = planner.plan(d)
                if isinstance(planned, str):
                    continue
                edits = [types.TextEdit(range=types.Range(start=self.at_offset(source, r.start),
                                                           end=self.at_offset(source, r.end)), new_text=r.text)
                         for r in planned.raw]
                title = f"{d.code}: {d.fix.title}" + ("" if d.fix.safe else " (unsafe fix)")
                actions.append(types.CodeAction(
                    title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[lsp],
                    is_preferred=d.fix.safe,
                    edit=types.WorkspaceEdit(changes={uri: edits})))
        if (not only or any(FIX_ALL.startswith(k) for k in only)) and any(
                d.fix is not None and d.fix.safe for d, _l in linted.diagnostics):
            action = self.fix_all(uri, linted)
            if action is not None:
                actions.append(action)
        return actions

    def fix_all(self, uri: str, linted: Linted) -> types.CodeAction | None:
        """Every safe fix, applied as ``check --fix`` does (checked rounds, no new finding)."""
        from linter.fixes import run_fixes

        result = self.read(uri)
        if result.source is None or result.source.raw is None:
            return None
        config = self.config_for(result.path)
        run = run_fixes((), config=config, write=False, results=[result])
        after = run.final.get(result.path)
        if after is None or after == run.original.get(result.path):
            return None
        source = result.source
        end = self.at_offset(source, len(source.text))
        text = after.decode("utf-8-sig", errors="surrogateescape")
        return types.CodeAction(
            title=f"oraclelint: apply the {run.total_fixed} safe fix(es)", kind=FIX_ALL,
            edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(
                range=types.Range(start=types.Position(line=0, character=0), end=end), new_text=text)]}))

    # -- hover --------------------------------------------------------------------------------

    def hover(self, params: types.HoverParams) -> types.Hover | None:
        linted = self.linted.get(params.text_document.uri)
        if linted is None or linted.result.source is None:
            return None
        source = linted.result.source
        offset = self.offset_of(source, params.position)
        for card in linted.report.cards:
            for face in card.faces:
                loc = face.locs.get("oracle_text")
                if loc is None or loc.source is not source or not face.oracle_text or not face.parsed:
                    continue
                if not (loc.offset(0) <= offset <= loc.offset(len(face.oracle_text))):
                    continue
                index = _index_at(loc, len(face.oracle_text), offset)
                if index is None:
                    continue
                text = self.describe(card, face, index)
                if text:
                    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))
        return None

    def describe(self, card, face, index: int) -> str | None:
        """What the parse knows of the rules text at ``index`` of ``face``: the innermost ability
        there, its kind and rules, and the phrases there with the rules they invoke."""
        found = None
        for ability in face.parsed.abilities:
            for a in ability.walk():
                if a.start <= index < max(a.end, a.start + 1) and (found is None or a.start >= found.start):
                    found = a
        if found is None:
            return None
        label = f"{found.kind} ability"
        if found.keyword:
            label = f"keyword ability {found.keyword}" + (f" ({found.parameter})" if found.parameter else "")
        if found.ability_word:
            label += f", ability word {found.ability_word}"
        if found.mana_ability:
            label += " (a mana ability)"
        name = face.name or card.name or "this card"
        lines = [f"**{_md(name)}** \u2014 {_md(label)}" + (f" \u00b7 CR {', '.join(found.rules)}" if found.rules else "")]
        lines += ["", f"> {_md(found.text)}"]
        phrases = [p for p in found.phrases if p.start <= index < max(p.end, p.start + 1)] or list(found.phrases)
        cited: list[str] = []
        for p in phrases:
            lines += ["", f"`{p.text}` \u2192 CR {', '.join(p.rules)}"]
            cited += [r for r in p.rules if r not in cited]
        for number in found.rules:
            if number not in cited:
                cited.append(number)
        if cited:
            lines.append("")
        for number in cited:
            lines.append(f"- **{number}** {_md(self.rule_text(number))}")
        return "\n".join(lines)

    def rule_text(self, number: str) -> str:
        doc = self.cr()
        rule = doc.get(number) if doc is not None else None
        if rule is not None:
            text = rule.text.strip()
            if not text:  # a section's heading ("702.10. Haste"): its first sub-rules say what it is
                text = " ".join(f"{r.number} {r.text.strip()}" for r in doc.children(number)[:2])
            title = f"{rule.title}. " if rule.title and rule.title not in text else ""
            return (title + text).strip()
        from linter.tables import rule_index

        entry = rule_index().get(number)
        hint = " (run 'oraclelint cr update' for the rule's text)" if doc is None else ""
        return (f"{entry.title}: {entry.summary}" if entry else "a rule the catalogue does not summarise") + hint


def _md(text: str) -> str:
    """Text shown in Markdown as it is (no emphasis, links or HTML from a card's text; control
    characters and bidirectional overrides escaped)."""
    out = []
    for ch in printable(text):
        out.append("\\" + ch if ch in "\\`*_{}[]<>()#+-.!|~" else ch)
    return "".join(out)


def _overlaps(a: types.Range, b: types.Range) -> bool:
    start = max((a.start.line, a.start.character), (b.start.line, b.start.character))
    end = min((a.end.line, a.end.character), (b.end.line, b.end.character))
    return start <= end


def _index_at(loc, length: int, offset: int) -> int | None:
    """The index into a field's value whose character stands at raw ``offset`` (or the last
    one before it)."""
    best = None
    for i in range(length):
        at = loc.offset(i)
        if at == offset:
            return i
        if at < offset:
            best = i
    return best


def _guarded(server: OraclelintServer, what: str, handler: Callable, default=None):
    def run(params):
        try:
            return handler(params)
        except Exception:  # the server's own failure: logged, never the end of the session
            server.log(f"oraclelint: {what} failed:\n{traceback.format_exc()}", types.MessageType.Error)
            return default

    return run


def make_server() -> OraclelintServer:
    server = OraclelintServer()

    @server.feature(types.INITIALIZED)
    def initialized(_params) -> None:
        from linter.checks import _oracle

        _oracle.use(None)
        problem = _oracle.reference_problem()
        if problem:
            server.log(f"oraclelint: {problem}; the oracle checks (ORC) are off", types.MessageType.Warning)

    lint = _guarded(server, "checking the document", lambda p: server.lint(p.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        lint(params)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        lint(params)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        lint(params)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        server.linted.pop(params.text_document.uri, None)
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    actions = _guarded(server, "code actions", server.code_actions, [])

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]))
    def code_action(params: types.CodeActionParams):
        return actions(params)

    hover = _guarded(server, "hover", server.hover)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(params: types.HoverParams):
        return hover(params)

    return server


def serve() -> None:
    """Speak LSP on standard input and output until the client says exit."""
    make_server().start_io()


__all__ = ["make_server", "serve", "docs_link", "from_fs_path"]
