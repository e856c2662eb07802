"""``oraclelint oracle update|status`` against a small HTTP server on 127.0.0.1.

The server is real (http.server in a thread) and so is requests: nothing is
mocked.  It serves a bulk-data list and a bulk file of invented cards, and
can be told to fail in the ways a real download fails.
"""

from __future__ import annotations

import gzip
import json
import re
import threading
from datetime import date, datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from click.testing import CliRunner

from linter import __version__
from linter.oracle.commands import oracle_group
from linter.oracle.index import OracleIndex, build_index_from_cards, read_meta

LAST_MODIFIED = "Fri, 01 May 2026 09:00:00 GMT"
UPDATED_AT = "2026-05-02T09:02:37.418+00:00"


def invented_bulk(n: int = 3, prefix: str = "Mirevale") -> list[dict]:
    cards = [{"object": "card", "id": f"id-{i}", "oracle_id": f"oid-{i}", "name": f"{prefix} Sentry {i}",
              "layout": "normal", "mana_cost": "{1}{W}", "type_line": "Creature — Soldier",
              "oracle_text": "Vigilance", "power": "2", "toughness": "1", "colors": ["W"]}
             for i in range(n)]
    cards.append({"object": "card", "name": "Tidehollow Charm // Ashen Charm", "layout": "split",
                  "type_line": "Instant // Instant",
                  "card_faces": [{"object": "card_face", "name": "Tidehollow Charm", "mana_cost": "{U}",
                                  "type_line": "Instant", "oracle_text": "Draw a card."},
                                 {"object": "card_face", "name": "Ashen Charm", "mana_cost": "{B}",
                                  "type_line": "Instant", "oracle_text": "Each player loses 1 life."}]})
    return cards


class BulkServer:
    """Serves /bulk-data and /oracle-cards.json; ``mode`` picks how the bulk file is served."""

    def __init__(self) -> None:
        self.body = json.dumps(invented_bulk()).encode()
        self.mode = "ok"  # ok, 500, truncate, slow, gzip, listing-500
        self.etag: str | None = '"v1"'
        self.last_modified: str | None = LAST_MODIFIED
        self.requests: list[tuple[str, dict]] = []
        self.release = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep the test output quiet
                pass

            def do_GET(self):
                server.requests.append((self.path, dict(self.headers)))
                if self.path == "/bulk-data":
                    return server.listing(self)
                if self.path == "/oracle-cards.json":
                    return server.bulk_file(self)
                self.send_error(404)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    def listing(self, h) -> None:
        if self.mode == "listing-500":
            return h.send_error(500)
        body = json.dumps({"object": "list", "has_more": False, "data": [
            {"object": "bulk_data", "type": "unique_artwork", "download_uri": f"{self.base}/nothing.json"},
            {"object": "bulk_data", "type": "oracle_cards", "updated_at": UPDATED_AT,
             "download_uri": f"{self.base}/oracle-cards.json", "content_type": "application/json"},
        ]}).encode()
        self._send(h, 200, body, {"Content-Type": "application/json"})

    def bulk_file(self, h) -> None:
        if self.mode == "500":
            return h.send_error(500, "Internal Server Error")
        if self.mode == "slow":
            self.release.wait(5)  # the client gives up first; then just hang up
            h.close_connection = True
            return None
        validators = {}
        if self.etag:
            validators["ETag"] = self.etag
        if self.last_modified:
            validators["Last-Modified"] = self.last_modified
        if (self.etag and h.headers.get("If-None-Match") == self.etag) or (
                not self.etag and self.last_modified
                and h.headers.get("If-Modified-Since") == self.last_modified):
            return self._send(h, 304, b"", validators)
        body = self.body
        headers = {"Content-Type": "application/json", **validators}
        if self.mode == "gzip":
            body = gzip.compress(body)
            headers["Content-Encoding"] = "gzip"
        if self.mode == "truncate":
            h.send_response(200)
            for k, v in headers.items():
                h.send_header(k, v)
            h.send_header("Content-Length", str(len(body) + 500))
            h.end_headers()
            h.wfile.write(body[: len(body) // 2])
            h.wfile.flush()
            h.close_connection = True
            return None
        return self._send(h, 200, body, headers)

    @staticmethod
    def _send(h, code: int, body: bytes, headers: dict) -> None:
        h.send_response(code)
        for k, v in headers.items():
            h.send_header(k, v)
        if code != 304:
            h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        if body:
            h.wfile.write(body)

    def file_requests(self) -> list[dict]:
        return [hdrs for path, hdrs in self.requests if path == "/oracle-cards.json"]

    def close(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture()
def server():
    srv = BulkServer()
    yield srv
    srv.close()


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ORACLELINT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ORACLELINT_HTTP_TIMEOUT", "5")
    return tmp_path / "cache"


def run(*args):
    return CliRunner().invoke(oracle_group, list(args))


def index_file(cache):
    return cache / "oracle-cards.sqlite3"


def days_since(day: str) -> int:
    return (date.today() - date.fromisoformat(day)).days


def assert_kept(result, cache, day: str = "2026-05-02") -> None:
    assert result.exit_code == 1, result.output
    age = days_since(day)
    line = result.stderr.strip()
    assert line.startswith("oracle update failed: ")
    assert line.endswith(f"; keeping the index from {day} ({age} day{'s' if age != 1 else ''} old)")
    assert "\n" not in line and "Traceback" not in result.output
    with OracleIndex.open(index_file(cache)) as idx:
        assert idx.card_count == 4
        assert idx.lookup("Mirevale Sentry 0") is not None
    assert sorted(p.name for p in cache.iterdir()) == ["oracle-cards.sqlite3"]  # no leftovers


@pytest.fixture()
def first_update(server, cache):
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert result.exit_code == 0, result.output
    return result


# --------------------------------------------------------------------------- success


def test_first_download_builds_the_index(server, first_update, cache):
    assert first_update.stdout == (f"oracle index updated: 4 cards, data from 2026-05-02 "
                                   f"({days_since('2026-05-02')} days old)"
                                   + re.search(r"; built in [0-9.]+ s\n$", first_update.stdout).group())
    assert first_update.stderr == ""  # no progress bar when stderr is not a terminal
    with OracleIndex.open(index_file(cache)) as idx:
        assert idx.card_count == 4
        assert str(idx.data_date) == "2026-05-02"
        assert idx.lookup("ashen charm").name == "Tidehollow Charm // Ashen Charm"
        assert idx.lookup("Mirevale Sentry 2").oracle_text == "Vigilance"
    meta = read_meta(index_file(cache))
    assert meta["data_date"] == UPDATED_AT  # the bulk-data list's updated_at wins over Last-Modified
    assert meta["source"] == f"{server.base}/oracle-cards.json"
    assert meta["listing"] == f"{server.base}/bulk-data"
    assert meta["etag"] == '"v1"'
    assert meta["last_modified"] == LAST_MODIFIED
    paths = [path for path, _ in server.requests]
    assert paths == ["/bulk-data", "/oracle-cards.json"]
    for _, headers in server.requests:
        assert headers["User-Agent"] == f"oraclelint/{__version__}"
        assert headers["Accept"] == "application/json;q=0.9,*/*;q=0.8"
        assert "If-None-Match" not in headers and "If-Modified-Since" not in headers


def test_unchanged_file_is_not_downloaded_again(server, first_update, cache):
    before = index_file(cache).stat()
    built_at = read_meta(index_file(cache))["built_at"]
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("oracle index unchanged: 4 cards, data from 2026-05-02 (")
    conditional = server.file_requests()[-1]
    assert conditional["If-None-Match"] == '"v1"'
    assert conditional["If-Modified-Since"] == LAST_MODIFIED
    after = index_file(cache).stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert read_meta(index_file(cache))["built_at"] == built_at


def test_unchanged_by_last_modified_alone(server, cache):
    server.etag = None
    assert run("update", "--from", f"{server.base}/oracle-cards.json").exit_code == 0
    meta = read_meta(index_file(cache))
    assert meta["data_date"] == "2026-05-01T09:00:00+00:00"  # a direct file: Last-Modified is the date
    assert "etag" not in meta
    result = run("update", "--from", f"{server.base}/oracle-cards.json")
    assert result.exit_code == 0
    assert "unchanged" in result.stdout
    assert "If-None-Match" not in server.file_requests()[-1]
    assert server.file_requests()[-1]["If-Modified-Since"] == LAST_MODIFIED


def test_force_downloads_again(server, first_update, cache):
    result = run("update", "--from", f"{server.base}/bulk-data", "--force")
    assert "updated" in result.stdout
    assert "If-None-Match" not in server.file_requests()[-1]


def test_changed_file_replaces_the_index(server, first_update, cache):
    server.body = json.dumps(invented_bulk(6, prefix="Gloomreach")).encode()
    server.etag = '"v2"'
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert result.exit_code == 0 and "7 cards" in result.stdout
    with OracleIndex.open(index_file(cache)) as idx:
        assert idx.lookup("Gloomreach Sentry 5") is not None
        assert idx.lookup("Mirevale Sentry 0") is None


def test_gzip_encoded_download(server, cache):
    server.mode = "gzip"
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert result.exit_code == 0, result.output
    with OracleIndex.open(index_file(cache)) as idx:
        assert idx.card_count == 4


# --------------------------------------------------------------------------- failures keep the old index


def test_http_500_keeps_the_old_index(server, first_update, cache):
    server.mode = "500"
    server.etag = '"v2"'
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert_kept(result, cache)
    assert f"HTTP 500 Internal Server Error from {server.base}/oracle-cards.json" in result.stderr


def test_listing_500_keeps_the_old_index(server, first_update, cache):
    server.mode = "listing-500"
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert_kept(result, cache)
    assert "HTTP 500" in result.stderr and "/bulk-data" in result.stderr


def test_truncated_download_keeps_the_old_index(server, first_update, cache):
    server.mode = "truncate"
    server.etag = '"v2"'
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert_kept(result, cache)
    assert f"the download from 127.0.0.1:{server.httpd.server_address[1]} was cut short" in result.stderr


def test_invalid_json_shape_keeps_the_old_index(server, first_update, cache):
    server.etag = '"v2"'
    server.body = json.dumps([{"object": "card", "name": "Fine"}, {"object": "set", "name": "Not A Card"}]).encode()
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert_kept(result, cache)
    assert "is not a list of card objects: card 2 ('Not A Card'): expected \"object\": \"card\"" in result.stderr


def test_invalid_json_keeps_the_old_index(server, first_update, cache):
    server.etag = '"v3"'
    server.body = b'[{"object": "card", "name": "Half'
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert_kept(result, cache)
    assert "invalid JSON" in result.stderr


def test_an_object_that_is_no_listing_keeps_the_old_index(server, first_update, cache):
    server.etag = '"v4"'
    server.body = b'{"object": "card", "name": "Alone"}'
    result = run("update", "--from", f"{server.base}/oracle-cards.json")
    assert_kept(result, cache)
    assert "neither a bulk-data list nor a card list" in result.stderr


def test_timeout_keeps_the_old_index(server, first_update, cache):
    server.mode = "slow"
    result = run("update", "--from", f"{server.base}/bulk-data", "--timeout", "0.3")
    assert_kept(result, cache)
    assert "timed out waiting for 127.0.0.1" in result.stderr


def test_timeout_from_the_environment(server, first_update, cache, monkeypatch):
    server.mode = "slow"
    monkeypatch.setenv("ORACLELINT_HTTP_TIMEOUT", "1,0.3")
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert_kept(result, cache)
    assert "timed out" in result.stderr


def test_unreachable_server_keeps_the_old_index(server, first_update, cache):
    base = server.base
    server.close()
    result = run("update", "--from", f"{base}/bulk-data")
    assert_kept(result, cache)
    assert "cannot reach 127.0.0.1" in result.stderr


def test_failure_without_an_old_index(server, cache):
    server.mode = "500"
    result = run("update", "--from", f"{server.base}/bulk-data")
    assert result.exit_code == 1
    assert result.stderr.strip().endswith("; there is no usable previous index")
    assert not index_file(cache).exists()


# --------------------------------------------------------------------------- local files and usage


def test_from_a_local_file(cache, tmp_path):
    path = tmp_path / "export.json"
    # An export without Scryfall ids, as a converter of other formats writes it.
    path.write_text(json.dumps([{"object": "card", "name": "Fenwick Tinkerer", "mana_cost": "{U}",
                                 "type_line": "Creature — Human Artificer", "oracle_text": "",
                                 "power": "1", "toughness": "1"}]), encoding="utf-8")
    result = run("update", "--from", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("oracle index updated: 1 cards, data from ")
    with OracleIndex.open(index_file(cache)) as idx:
        assert idx.lookup("fenwick tinkerer").type_line == "Creature — Human Artificer"
        assert idx.source == str(path.resolve())
        assert idx.data_date == datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).date()
    again = run("update", "--from", str(path))
    assert again.exit_code == 0 and "unchanged" in again.stdout


def test_from_a_local_gzip_file(cache, tmp_path):
    path = tmp_path / "export.json.gz"
    path.write_bytes(gzip.compress(json.dumps(invented_bulk(2)).encode()))
    result = run("update", "--from", path.as_uri())  # a file: URL works like a path
    assert result.exit_code == 0, result.output
    assert "3 cards" in result.stdout


def test_bad_local_file_keeps_the_old_index(first_update, cache, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"not": "a list"}', encoding="utf-8")
    result = run("update", "--from", str(path))
    assert_kept(result, cache)
    assert "expected a JSON list of cards, found an object" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["update", "--from", "no-such-file.json"], "neither an http(s) URL nor an existing file"),
    (["update", "--timeout", "soon"], "a timeout is a number of seconds"),
    (["update", "--timeout", "0"], "a timeout is a number of seconds"),
    (["status", "--format", "xml"], "Invalid value"),
])
def test_usage_errors_exit_2(cache, args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr


# --------------------------------------------------------------------------- status


def test_status_text(server, first_update, cache):
    result = run("status")
    assert result.exit_code == 0
    size = index_file(cache).stat().st_size
    age = days_since("2026-05-02")
    assert result.stdout.splitlines() == [
        f"index:     {index_file(cache)} ({size / 1024:.1f} KB)",
        f"data date: 2026-05-02 ({age} days old)",
        "cards:     4",
        f"source:    {server.base}/oracle-cards.json",
        f"listing:   {server.base}/bulk-data",
        f"built:     {read_meta(index_file(cache))['built_at']}",
    ]


def test_status_json(server, first_update, cache):
    result = run("status", "--format", "json")
    assert result.exit_code == 0
    info = json.loads(result.stdout)
    assert info == {
        "path": str(index_file(cache)),
        "present": True,
        "size_bytes": index_file(cache).stat().st_size,
        "data_date": UPDATED_AT,
        "age_days": days_since("2026-05-02"),
        "card_count": 4,
        "source": f"{server.base}/oracle-cards.json",
        "listing": f"{server.base}/bulk-data",
        "etag": '"v1"',
        "last_modified": LAST_MODIFIED,
        "built_at": info["built_at"],
        "format": 1,
    }


def test_status_without_an_index(cache):
    result = run("status")
    assert result.exit_code == 1
    assert result.stdout == f"no Oracle index at {index_file(cache)}; run 'oraclelint oracle update'\n"
    info = json.loads(run("status", "--format", "json").stdout)
    assert info == {"path": str(index_file(cache)), "present": False}


def test_status_of_a_damaged_index(cache):
    cache.mkdir(parents=True)
    index_file(cache).write_bytes(b"garbage" * 1000)
    result = run("status")
    assert result.exit_code == 1
    assert "damaged" in result.stdout and "oracle update" in result.stdout


def test_registered_on_the_main_command(cache):
    from linter.cli import main

    result = CliRunner().invoke(main, ["oracle", "status"])
    assert result.exit_code == 1
    assert "no Oracle index" in result.stdout


def test_build_api_and_cli_agree(cache):
    build_index_from_cards(invented_bulk(1), index_file(cache), {"data_date": "2026-01-02", "source": "x"})
    assert "cards:     2" in run("status").stdout


# --------------------------------------------------------------------------- progress


def test_progress_callback_reaches_the_content_length(server, cache):
    from linter.oracle.update import update

    calls = []
    result = update(f"{server.base}/bulk-data", progress=lambda got, total: calls.append((got, total)))
    assert result.status == "updated" and result.card_count == 4
    assert calls[-1] == (len(server.body), len(server.body))
    assert all(b >= a for (a, _), (b, _) in zip(calls, calls[1:]))


def test_progress_bar_only_on_a_terminal(monkeypatch):
    import io
    import sys

    from linter.oracle.commands import _ProgressBar

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert not _ProgressBar().active
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    with _ProgressBar() as bar:
        assert bar.active
        bar.update(10, None)  # no length known yet: nothing to draw
        bar.update(500, 1000)
        bar.update(1000, 1000)
    assert "oracle cards" in screen.getvalue() and "100%" in screen.getvalue()


def test_the_progress_line_shows_bytes_speed_and_time_left():
    import io

    from linter.progress import DownloadProgress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    now = [100.0]
    screen = Terminal()
    with DownloadProgress("oracle cards", screen, clock=lambda: now[0]) as bar:
        now[0] += 2.0
        bar.update(4 * 1024 * 1024, 12 * 1024 * 1024)  # 4 MB of 12 in 2 s: 2 MB/s, 4 s left
        first = screen.getvalue().rsplit("\r\x1b[2K", 1)[-1]
        now[0] += 0.05
        bar.update(5 * 1024 * 1024, 12 * 1024 * 1024)  # too soon to draw again
        assert screen.getvalue().rsplit("\r\x1b[2K", 1)[-1] == first
        now[0] += 6.0
        bar.update(12 * 1024 * 1024, 12 * 1024 * 1024)
    assert first == "oracle cards  [########----------------]  33%  4.0 MB of 12.0 MB  2.0 MB/s  4s left"
    assert screen.getvalue().endswith("12.0 MB of 12.0 MB  1.5 MB/s  done\n")
    unknown = Terminal()
    with DownloadProgress("rules", unknown, clock=lambda: now[0]) as bar:
        now[0] += 1.0
        bar.update(2048, None)
    assert unknown.getvalue() == "\r\x1b[2Krules  2.0 KB  2.0 KB/s\n"


def test_cr_update_and_oracle_update_agree_on_exit_codes_when_offline(cache):
    from tests._helpers import run_cli

    oracle = run_cli("oracle", "update", "--from", "http://127.0.0.1:9/bulk-data", "--timeout", "1")
    cr = run_cli("cr", "update", "--from", "http://127.0.0.1:9/rules.txt", "--timeout", "1")
    assert oracle[0] == cr[0] == 1, (oracle, cr)
    assert run_cli("oracle", "update", "--timeout", "soon")[0] == run_cli("cr", "update", "--timeout", "0")[0] == 2
