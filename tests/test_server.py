"""The language server, driven as an editor drives it: a JSON-RPC client over the pipes of a
real `oraclelint server` process (initialize, didOpen, didChange, codeAction, hover,
shutdown, exit)."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

# a mana cost out of order (a warning with a safe fix) and {T} on an instant (an error)
CARDS = """\
name: Ember Whelp
mana_cost: "{R}{1}"
type_line: Creature \u2014 Elemental
oracle_text: Haste
power: "2"
toughness: "1"
---
name: Sudden Tinker
mana_cost: "{U}"
type_line: Instant
oracle_text: "{T}: Draw a card."
---
name: Lantern Keeper
mana_cost: "{2}{W}"
type_line: Creature \u2014 Human Cleric
oracle_text: "When this creature enters, you gain 3 life."
power: "2"
toughness: "2"
"""
TIMEOUT = 120


class Client:
    """A minimal LSP client: Content-Length framing over the server's standard streams."""

    def __init__(self, cwd: Path) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([sys.executable, "-m", "linter", "server"], cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.messages: queue.Queue = queue.Queue()
        self.next_id = 0
        self.pending: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                key, _, value = line.decode("ascii").partition(":")
                headers[key.strip().lower()] = value.strip()
            body = out.read(int(headers["content-length"]))
            self.messages.put(json.loads(body.decode("utf-8")))

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method: str, params: dict | None = None) -> None:
        self.send({"jsonrpc": "2.0", "method": method, **({"params": params} if params is not None else {})})

    def _next(self) -> dict:
        message = self.messages.get(timeout=TIMEOUT)
        assert message is not None, "the server closed its output: " + self.proc.stderr.read().decode()
        if "id" in message and "method" in message:  # a request of the server's: answer it
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
        return message

    def request(self, method: str, params: dict | None) -> dict:
        self.next_id += 1
        rid = self.next_id
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            message = self._next()
            if message.get("id") == rid and "method" not in message:
                assert "error" not in message, message
                return message.get("result")
            self.pending.append(message)

    def diagnostics(self, uri: str, version: int | None = None) -> list[dict]:
        """The next diagnostics published for ``uri`` (of that document version)."""
        while True:
            for message in self.pending:
                if self._published(message, uri, version):
                    self.pending.remove(message)
                    return message["params"]["diagnostics"]
            message = self._next()
            if self._published(message, uri, version):
                return message["params"]["diagnostics"]
            self.pending.append(message)

    @staticmethod
    def _published(message: dict, uri: str, version: int | None) -> bool:
        return (message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri
                and (version is None or message["params"].get("version") == version))


@pytest.fixture
def client(tmp_path):
    c = Client(tmp_path)
    yield c
    if c.proc.poll() is None:
        c.proc.kill()
    c.proc.wait(timeout=30)


def _initialize(client: Client, root: Path) -> dict:
    result = client.request("initialize", {
        "processId": os.getpid(), "rootUri": root.as_uri(),
        "capabilities": {"general": {"positionEncodings": ["utf-16"]},
                         "textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]}}},
    })
    client.notify("initialized", {})
    return result


def _by_code(diagnostics: list[dict]) -> dict[str, dict]:
    return {d["code"]: d for d in diagnostics}


def test_the_server_lints_fixes_and_explains_over_a_pipe(client, tmp_path):
    (tmp_path / "oraclelint.toml").write_text('select = ["MAN", "RUL", "TPL", "FMT"]\n', encoding="utf-8")
    path = tmp_path / "cards.yaml"
    uri = path.as_uri()
    init = _initialize(client, tmp_path)
    caps = init["capabilities"]
    assert init["serverInfo"]["name"] == "oraclelint"
    assert caps["hoverProvider"] and caps["codeActionProvider"]

    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": CARDS}})
    found = _by_code(client.diagnostics(uri, 1))
    assert set(found) == {"MAN001", "RUL002"}
    man, rul = found["MAN001"], found["RUL002"]
    assert man["severity"] == 2 and rul["severity"] == 1 and man["source"] == "oraclelint"
    assert man["range"] == {"start": {"line": 1, "character": 12}, "end": {"line": 1, "character": 18}}
    assert "[CR 107.4, 202.1]" in man["message"] and man["data"]["rules"] == ["107.4", "202.1"]
    assert man["codeDescription"]["href"].endswith("/linter/checks/MAN001.py")

    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": man["range"], "context": {"diagnostics": [man]}})
    quick = [a for a in actions if a["kind"] == "quickfix"]
    assert len(quick) == 1 and quick[0]["isPreferred"] is True and quick[0]["title"].startswith("MAN001: ")
    (edit,) = quick[0]["edit"]["changes"][uri]
    assert edit == {"range": {"start": {"line": 1, "character": 12}, "end": {"line": 1, "character": 18}},
                    "newText": "{1}{R}"}
    fix_all = [a for a in actions if a["kind"] == "source.fixAll.oraclelint"]
    assert fix_all and '"{1}{R}"' in fix_all[0]["edit"]["changes"][uri][0]["newText"]

    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": 10, "character": 20}})
    text = hover["contents"]["value"]
    assert hover["contents"]["kind"] == "markdown"
    assert "Sudden Tinker" in text and "activated ability" in text and "602" in text
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": 15, "character": 40}})
    assert "triggered ability" in hover["contents"]["value"] and "603" in hover["contents"]["value"]

    fixed = CARDS.replace('"{R}{1}"', '"{1}{R}"')
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": fixed}]})
    assert set(_by_code(client.diagnostics(uri, 2))) == {"RUL002"}

    # bad input is a diagnostic, never the end of the server
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                             "contentChanges": [{"text": "name: [unclosed\n"}]})
    (bad,) = client.diagnostics(uri, 3)
    assert bad["code"] == "FMT001" and bad["severity"] == 1

    assert client.request("shutdown", None) is None
    client.notify("exit")
    assert client.proc.wait(timeout=30) == 0


def test_unsafe_fixes_say_so_and_the_configuration_comes_from_the_folder(client, tmp_path):
    sub = tmp_path / "drafts"
    sub.mkdir()
    (sub / "oraclelint.toml").write_text('select = ["TPL001"]\n', encoding="utf-8")
    uri = (sub / "old.yaml").as_uri()
    _initialize(client, tmp_path)
    text = ("name: Tidewatch Sentry\ntype_line: Creature \u2014 Merfolk\n"
            "oracle_text: Whenever a creature enters the battlefield under your control, scry 1.\n"
            'power: "1"\ntoughness: "1"\n')
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                            "text": text}})
    (d,) = client.diagnostics(uri, 1)
    assert d["code"] == "TPL001"
    actions = client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": d["range"],
                                                         "context": {"diagnostics": [d]}})
    (action,) = [a for a in actions if a["kind"] == "quickfix"]
    assert action["title"].endswith("(unsafe fix)") and action["isPreferred"] is False
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert client.diagnostics(uri) == []
    assert client.request("shutdown", None) is None
    client.notify("exit")
    assert client.proc.wait(timeout=30) == 0


def test_hover_shows_the_cached_rule_text(client, tmp_path):
    from tests._helpers import run_cli
    from tests.test_cr import mini_cr

    rules = tmp_path / "rules.txt"
    names = tuple(f"Invented{i}" for i in range(2, 10)) + ("Haste",)  # Haste falls on 702.10
    rules.write_text(mini_cr(keywords=names), encoding="utf-8")
    assert run_cli("cr", "update", "--from", str(rules))[0] == 0  # the server shares the cache
    uri = (tmp_path / "cards.yaml").as_uri()
    _initialize(client, tmp_path)
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                            "text": CARDS}})
    client.diagnostics(uri, 1)
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": 3, "character": 15}})
    text = hover["contents"]["value"]
    assert "keyword ability Haste" in text and "**702.10**" in text
    assert "Haste is an invented keyword for tests" in text.replace("\\", "")
    assert client.request("shutdown", None) is None
    client.notify("exit")
    assert client.proc.wait(timeout=30) == 0


def test_a_broken_configuration_is_said_once_and_the_defaults_check(client, tmp_path):
    (tmp_path / "oraclelint.toml").write_text("select = [\n", encoding="utf-8")
    uri = (tmp_path / "cards.yaml").as_uri()
    _initialize(client, tmp_path)
    for version in (1, 2):
        if version == 1:
            client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml",
                                                                    "version": 1, "text": CARDS}})
        else:
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                                     "contentChanges": [{"text": CARDS + "\n"}]})
        assert "RUL002" in {d["code"] for d in client.diagnostics(uri, version)}
    said = [m for m in client.pending if m.get("method") == "window/showMessage"]
    assert len(said) == 1 and "is not valid TOML" in said[0]["params"]["message"]
    assert client.request("shutdown", None) is None
    client.notify("exit")
    assert client.proc.wait(timeout=30) == 0


def test_what_comes_from_the_file_is_shown_not_obeyed(client, tmp_path):
    uri = (tmp_path / "cards.json").as_uri()
    _initialize(client, tmp_path)
    text = ('[{"name": "Bad \\ud800 \\u001b[31mName\\u202e", "type_line": "Instant",'
            ' "oracle_text": "{T}: Draw a card."}]')
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1,
                                                            "text": text}})
    (d,) = [d for d in client.diagnostics(uri, 1) if d["code"] == "RUL002"]
    assert d["message"].endswith("(Bad \\ud800 \\x1b[31mName\\u202e)")
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": 0, "character": 95}})
    value = hover["contents"]["value"]
    assert "\x1b" not in value and "\u202e" not in value and "activated ability" in value
    assert client.request("shutdown", None) is None
    client.notify("exit")
    assert client.proc.wait(timeout=30) == 0
