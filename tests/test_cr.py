"""Comprehensive Rules tools: parser, cache, `cr update`, `cr verify`, `explain`."""

from __future__ import annotations

import http.server
import json
import os
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from linter.cr import store
from linter.cr.commands import cr_group, explain_command
from linter.cr.parser import CRParseError, parse, parse_bytes
from linter.cr.verify import verify
from linter.tables import RuleEntry

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
CR_DIR = DATA / "comprehensive-rules"


def mini_cr(effective: str = "January 2, 2030", keywords: tuple[str, ...] = ("Flying", "Haste"),
            extra: str = "") -> str:
    """A small text laid out like the Comprehensive Rules (invented rules)."""
    body = []
    for i, name in enumerate(keywords, start=2):
        body.append(f"702.{i}. {name}\n\n702.{i}a {name} is an invented keyword for tests.\n\n"
                    f"702.{i}b A second sub-rule about {name.lower()}.\n")
    return (
        "Magic: The Gathering Comprehensive Rules\n\n"
        f"These rules are effective as of {effective}.\n\n"
        "Contents\n\n1. Game Concepts\n100. General\n7. Additional Rules\n702. Keyword Abilities\n"
        "Glossary\nCredits\n\n"
        "1. Game Concepts\n\n100. General\n\n"
        "100.1. These invented rules exist only for tests.\n\n"
        "100.1a A sub-rule of the invented rules.\n"
        "Example: An example line belongs to the sub-rule above it.\n\n"
        f"{extra}"
        "7. Additional Rules\n\n702. Keyword Abilities\n\n"
        "702.1. Keywords are short names for abilities.\n\n"
        + "\n".join(body)
        + "\nGlossary\n\nFlying\nAn invented glossary entry.\nSee rule 702.2.\n\n"
        "Haste\nAnother entry.\n\nCredits\n\nNobody.\n"
    )


# -- parser -----------------------------------------------------------------------------

def test_parse_numbers_titles_text_and_glossary():
    doc = parse(mini_cr())
    assert doc.effective == "2030-01-02"
    assert doc.get("100").title == "General"
    assert doc.get("100.1").title is None and doc.get("100.1").text.startswith("These invented")
    assert doc.get("100.1a").text.endswith("belongs to the sub-rule above it.")
    assert doc.get("702.2").title == "Flying" and doc.get("702.2").text == ""
    assert [r.number for r in doc.children("702.2")] == ["702.2a", "702.2b"]
    assert doc.glossary["Flying"] == "An invented glossary entry.\nSee rule 702.2."
    assert "Contents" not in doc.rules and "Glossary" not in doc.rules


def test_parse_bytes_with_bom_and_crlf_equals_plain_text():
    text = mini_cr()
    plain = parse_bytes(text.encode("utf-8"))
    crlf = parse_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert crlf.rules == plain.rules and crlf.glossary == plain.glossary
    assert crlf.effective == plain.effective


def test_parse_bytes_falls_back_to_windows_1252():
    raw = mini_cr(extra="100.2. A rule about Urza\u2019s lands.\n\n").encode("cp1252")
    assert b"\x92" in raw  # not valid UTF-8
    assert parse_bytes(raw).get("100.2").text == "A rule about Urza\u2019s lands."


@pytest.mark.parametrize("text, problem", [
    ("<html><body>Rules page</body></html>", "effective"),
    ("These rules are effective as of May 1, 2030.\n\nNothing numbered here.\n", "no numbered rules"),
    ("", "effective"),
])
def test_parse_refuses_text_that_is_not_a_cr(text, problem):
    with pytest.raises(CRParseError, match=problem):
        parse(text)


@pytest.mark.corpus
@pytest.mark.parametrize("name, effective, sections", [
    ("MagicCompRules_20260417.txt", "2026-04-17", 191),
    ("MagicCompRules_20251114.txt", "2025-11-14", 188),
])
def test_parse_real_editions(name, effective, sections):
    path = CR_DIR / name
    if not path.is_file():
        pytest.skip(f"{name} absent from ../shared/data")
    doc = parse_bytes(path.read_bytes())
    assert doc.effective == effective
    assert sum(1 for n, r in doc.rules.items() if n.startswith("702.") and r.depth == 1 and r.title) == sections
    assert doc.get("702.9").title == "Flying"
    assert doc.get("702.186" if sections == 191 else "702.9").title
    assert len(doc.glossary) > 500 and "Flying" in doc.glossary
    assert len(doc.rules) > 3000


# -- cache ------------------------------------------------------------------------------

@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(store.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv("ORACLELINT_HTTP_TIMEOUT", raising=False)
    return tmp_path / "cache" / "cr"


def test_store_round_trip(cache):
    raw = mini_cr().encode("utf-8")
    info = store.save(parse_bytes(raw), raw, "test")
    assert info.path == cache / store.INDEX_NAME
    assert (cache / store.TEXT_NAME).read_bytes() == raw
    doc = store.load_cached()
    assert doc.get("702.2").title == "Flying" and doc.glossary == parse_bytes(raw).glossary
    assert store.cached_info().sha256 == store.sha256(raw)


def test_store_is_empty_before_any_download(cache):
    assert store.load_cached() is None and store.cached_info() is None


def test_damaged_cache_is_reported_not_crashed(cache):
    cache.mkdir(parents=True)
    (cache / store.INDEX_NAME).write_text("{not json", encoding="utf-8")
    with pytest.raises(store.CRCacheError, match="damaged"):
        store.load_cached()


def test_interrupted_save_keeps_the_previous_copy(cache, monkeypatch):
    old = mini_cr().encode("utf-8")
    store.save(parse_bytes(old), old, "old")
    new = mini_cr(effective="March 3, 2031").encode("utf-8")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", broken_replace)
        with pytest.raises(OSError):
            store.save(parse_bytes(new), new, "new")
    assert store.load_cached().effective == "2030-01-02"
    assert sorted(p.name for p in cache.iterdir()) == [store.TEXT_NAME, store.INDEX_NAME]


# -- cr update through a real HTTP server ----------------------------------------------------

class _Handler(http.server.BaseHTTPRequestHandler):
    routes: dict = {}

    def log_message(self, *args):  # keep test output quiet
        pass

    def do_GET(self):
        kind, payload = self.routes.get(self.path, ("status", 404))
        if kind == "status":
            self.send_response(payload)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif kind == "body":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
        elif kind == "slow":
            time.sleep(payload)
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif kind == "truncated":
            self.send_response(200)
            self.send_header("Content-Length", str(len(payload) + 4096))
            self.end_headers()
            self.wfile.write(payload)
            self.wfile.flush()
            self.close_connection = True


@pytest.fixture
def server():
    _Handler.routes = {}
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    yield base, _Handler.routes
    httpd.shutdown()
    httpd.server_close()


def _update(*args):
    return CliRunner().invoke(cr_group, ["update", *args])


def test_update_downloads_and_caches(cache, server):
    base, routes = server
    raw = mini_cr().replace("\n", "\r\n").encode("utf-8-sig")
    routes["/MagicCompRules%2020300102.txt"] = ("body", raw)
    result = _update("--from", f"{base}/MagicCompRules%2020300102.txt", "--timeout", "5")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Cached the Comprehensive Rules effective 2030-01-02: ")
    assert store.load_cached().get("702.3").title == "Haste"
    assert (cache / store.TEXT_NAME).read_bytes() == raw


def test_update_finds_the_txt_link_on_the_rules_page(cache, server, monkeypatch):
    base, routes = server
    routes["/en/rules"] = ("body", (
        '<html><a href="/files/MagicCompRules.pdf">PDF</a> '
        '<a href="/files/MagicCompRules%2020300102.txt">TXT</a></html>').encode())
    routes["/files/MagicCompRules%2020300102.txt"] = ("body", mini_cr().encode())
    monkeypatch.setattr("linter.cr.update.RULES_PAGE", f"{base}/en/rules")
    result = _update("--timeout", "5")
    assert result.exit_code == 0, result.output
    assert store.cached_info().source.endswith("/files/MagicCompRules%2020300102.txt")


def test_update_with_an_unchanged_file_reports_it_and_keeps_the_cache(cache, server):
    base, routes = server
    routes["/cr.txt"] = ("body", mini_cr().encode())
    assert _update("--from", f"{base}/cr.txt").exit_code == 0
    before = (cache / store.INDEX_NAME).stat().st_mtime_ns
    result = _update("--from", f"{base}/cr.txt")
    assert result.exit_code == 0
    assert result.output.startswith("Comprehensive Rules effective 2030-01-02 already cached")
    assert (cache / store.INDEX_NAME).stat().st_mtime_ns == before


def _cache_snapshot(cache: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(cache.iterdir())}


@pytest.fixture
def previous(cache, server):
    """A cache holding an older edition, downloaded through the server."""
    base, routes = server
    routes["/old.txt"] = ("body", mini_cr(effective="June 1, 2029").encode())
    assert _update("--from", f"{base}/old.txt").exit_code == 0
    return _cache_snapshot(cache)


@pytest.mark.parametrize("route, args, message", [
    (("status", 500), (), "answered HTTP 500"),
    (("slow", 3.0), ("--timeout", "0.3"), "timed out"),
    (("truncated", mini_cr().encode()), (), "cut short"),
    (("body", b"<html>Not the rules</html>"), (), "is not a Comprehensive Rules text"),
])
def test_failed_downloads_leave_the_previous_cache_intact(cache, server, previous, route, args, message):
    base, routes = server
    routes["/new.txt"] = route
    started = time.monotonic()
    result = _update("--from", f"{base}/new.txt", *args)
    assert result.exit_code == 1  # as 'oracle update': the update failed, the cache is kept
    line = result.output.strip()
    assert message in line and "\n" not in line and "Traceback" not in line
    assert _cache_snapshot(cache) == previous
    assert store.load_cached().effective == "2029-06-01"
    assert time.monotonic() - started < 3.0


def test_update_offline_is_one_clear_line(cache):
    result = _update("--from", "http://127.0.0.1:9/none.txt", "--timeout", "2")
    assert result.exit_code == 1
    assert result.output.strip() == "oraclelint: cannot reach http://127.0.0.1:9/none.txt (are you offline?)"


def test_update_from_a_local_file(cache, tmp_path):
    path = tmp_path / "rules.txt"
    path.write_text(mini_cr(), encoding="utf-8")
    result = _update("--from", str(path))
    assert result.exit_code == 0 and store.load_cached().effective == "2030-01-02"
    missing = _update("--from", str(tmp_path / "absent.txt"))
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_update_refuses_a_bad_timeout_setting(cache, monkeypatch, tmp_path):
    monkeypatch.setenv("ORACLELINT_HTTP_TIMEOUT", "soon")
    result = _update("--from", "http://127.0.0.1:9/x.txt")
    assert result.exit_code == 2 and "ORACLELINT_HTTP_TIMEOUT" in result.output


# -- cr verify --------------------------------------------------------------------------

INDEX = {
    "702.2": RuleEntry("702.2", "Flying", "evasion", cr_title=True),
    "702.2a": RuleEntry("702.2a", "Flying is evasion", "sub-rule"),
    "702.3": RuleEntry("702.3", "Haste", "speed", cr_title=True),
    "702.3b": RuleEntry("702.3b", "Haste detail", "sub-rule"),
    "100.1": RuleEntry("100.1", "Scope", "what the rules cover"),
}
CITED = {n: [f"test {n}"] for n in INDEX}


def test_verify_is_clean_against_the_same_text():
    assert verify(parse(mini_cr()), CITED, INDEX) == []


def test_verify_finds_a_renumbered_section_and_suggests_the_new_number():
    renumbered = parse(mini_cr(keywords=("Deathtouch", "Flying", "Haste")))
    drifts = {d.number: d for d in verify(renumbered, CITED, INDEX)}
    assert set(drifts) == {"702.2", "702.2a", "702.3", "702.3b"}
    assert (drifts["702.2"].kind, drifts["702.2"].found_title, drifts["702.2"].suggestion) == (
        "title-changed", "Deathtouch", "702.3")
    assert (drifts["702.3"].kind, drifts["702.3"].suggestion) == ("title-changed", "702.4")
    assert (drifts["702.2a"].kind, drifts["702.2a"].section, drifts["702.2a"].suggestion) == (
        "section-changed", "702.2", "702.3a")
    assert drifts["702.3b"].suggestion == "702.4b"
    assert drifts["702.2"].cited_by == ["test 702.2"]


def test_verify_finds_a_removed_section():
    removed = parse(mini_cr(keywords=("Flying",)))
    drifts = verify(removed, CITED, INDEX)
    assert [(d.number, d.kind, d.suggestion) for d in drifts] == [
        ("702.3", "missing", None), ("702.3b", "missing", None)]
    assert drifts[0].describe() == "702.3 does not exist (cited as 'Haste')"


def test_verify_suggests_where_a_missing_sub_rule_went():
    moved = parse(mini_cr(keywords=("Flying", "Reach", "Menace", "Haste")))
    cited = {"702.3b": ["x"]}
    index = {"702.3": INDEX["702.3"], "702.3b": INDEX["702.3b"]}
    (drift,) = verify(moved, cited, index)
    assert (drift.kind, drift.suggestion) == ("section-changed", "702.5b")


def _verify_cli(*args):
    return CliRunner().invoke(cr_group, ["verify", *args])


def test_verify_command_exit_codes_and_json(cache, tmp_path):
    no_cache = _verify_cli()
    assert no_cache.exit_code == 2 and "oraclelint cr update" in no_cache.output
    bad = tmp_path / "bad.txt"
    bad.write_text("hello", encoding="utf-8")
    refused = _verify_cli("--cr", str(bad))
    assert refused.exit_code == 2 and "not a Comprehensive Rules text" in refused.output
    tiny = tmp_path / "tiny.txt"
    tiny.write_text(mini_cr(), encoding="utf-8")
    result = _verify_cli("--cr", str(tiny), "--format", "json")
    assert result.exit_code == 1  # the project's citations are not in an invented text
    data = json.loads(result.output)
    assert data["edition"] == "2030-01-02" and data["drifted"] == len(data["drifts"]) > 0


@pytest.mark.corpus
def test_verify_against_november_2025_reports_the_real_differences():
    old_path, new_path = CR_DIR / "MagicCompRules_20251114.txt", CR_DIR / "MagicCompRules_20260417.txt"
    if not old_path.is_file() or not new_path.is_file():
        pytest.skip("the two CR editions are absent from ../shared/data")
    from linter.cr.citations import cited_numbers

    old, new = parse_bytes(old_path.read_bytes()), parse_bytes(new_path.read_bytes())
    cited = cited_numbers()
    drifts = {d.number: d for d in verify(old, cited)}
    # Computed independently: numbers absent from the old text, or whose heading differs.
    expected = set()
    for number in cited:
        if old.get(number) is None:
            expected.add(number)
        elif new.get(number).title and new.get(number).title != old.get(number).title:
            expected.add(number)
    assert set(drifts) >= expected
    assert {"701.68", "702.190", "702.191", "702.192", "722"} <= set(drifts)
    assert drifts["702.190"].kind == "missing" and drifts["702.190"].expected_title == "Sneak"
    assert drifts["722"].kind == "title-changed"
    assert drifts["722"].found_title == "Controlling Another Player"
    for number, drift in drifts.items():
        if number not in expected:  # only a sub-rule whose titled parent changed
            assert drift.kind == "section-changed", drift
    result = _verify_cli("--cr", str(old_path))
    assert result.exit_code == 1
    assert "702.190 does not exist (cited as 'Sneak')" in result.output
    assert result.output.strip().splitlines()[-1].endswith("effective 2025-11-14")
    clean = _verify_cli("--cr", str(new_path))
    assert clean.exit_code == 0, clean.output


# -- explain ----------------------------------------------------------------------------

def _explain(*args):
    return CliRunner().invoke(explain_command, list(args))


def test_explain_every_check_code():
    from linter.checks.base import DOC_SECTIONS, all_checks

    for code, cls in all_checks().items():
        result = _explain(code.lower(), "--format", "json")
        assert result.exit_code == 0, (code, result.output)
        info = json.loads(result.output)
        assert info["code"] == code and info["name"] == cls.name
        assert all(info["sections"][s] for s in DOC_SECTIONS), code
        assert [r["number"] for r in info["rules"]] == list(cls.rules)
        text = _explain(code).output
        assert text.startswith(f"{code} {cls.name} [") and "What it does\n    " in text
        assert "Comprehensive Rules\n    " in text and "## " not in text


def test_explain_every_cited_rule_without_a_download(cache):
    from linter.tables import rule_index

    for number, entry in rule_index().items():
        result = _explain(number, "--format", "json")
        assert result.exit_code == 0, (number, result.output)
        info = json.loads(result.output)
        assert (info["source"], info["title"], info["summary"]) == ("catalogue", entry.title, entry.summary)
    text = _explain("302.6").output
    assert text.startswith("302.6. ") and "oraclelint cr update" in text


def test_explain_reads_the_cached_rules(cache):
    raw = mini_cr().encode()
    store.save(parse_bytes(raw), raw, "test")
    result = _explain("702.2")
    assert result.exit_code == 0
    assert result.output.startswith("702.2. Flying\n\n702.2a Flying is an invented keyword for tests.")
    assert "(Comprehensive Rules effective 2030-01-02; oraclelint cites the edition effective" in result.output
    # The catalogue puts Flying at 702.9, which the invented text lacks.
    by_keyword = json.loads(_explain("flying", "--format", "json").output)
    assert (by_keyword["number"], by_keyword["source"]) == ("702.9", "catalogue")
    assert by_keyword["hint"] == "rule 702.9 is not in the cached rules (effective 2030-01-02)"


@pytest.mark.parametrize("query, message", [
    ("XYZ999", "neither a check code"),
    ("999.9", "not in the catalogue"),
])
def test_explain_unknown_names(cache, query, message):
    result = _explain(query)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_explain_with_a_damaged_cache_is_one_clear_line(cache):
    cache.mkdir(parents=True)
    (cache / store.INDEX_NAME).write_bytes(b"\x00\x01")
    result = _explain("702.9")
    assert result.exit_code == 2 and "damaged" in result.output


def test_commands_are_registered_on_the_main_group():
    from linter.cli import main

    assert main.get_command(None, "cr") is cr_group
    assert main.get_command(None, "explain") is explain_command


def test_progress_bar_goes_to_stderr_only(cache, server, capsys):
    from linter.cr.update import fetch

    base, routes = server
    routes["/cr.txt"] = ("body", mini_cr().encode())
    body, url = fetch(f"{base}/cr.txt", timeout=5, progress=True)
    captured = capsys.readouterr()
    assert body == mini_cr().encode() and url == f"{base}/cr.txt"
    assert captured.out == "" and "Downloading the Comprehensive Rules" in captured.err


@pytest.mark.parametrize("page, expected", [
    ('<a href="https://media.example/2030/MagicCompRules 20300102.txt">TXT</a>',
     "https://media.example/2030/MagicCompRules 20300102.txt"),
    ('<a href="/notes.txt">x</a><a href="/dl/MagicCompRules%2020300102.txt">y</a>',
     "https://rules.example/dl/MagicCompRules%2020300102.txt"),
    ("<a href='/only.txt'>x</a>", "https://rules.example/only.txt"),
])
def test_find_txt_link(page, expected):
    from linter.cr.update import find_txt_link

    assert find_txt_link(page, "https://rules.example/en/rules") == expected


def test_find_txt_link_without_a_link():
    from linter.cr.update import CRUpdateError, find_txt_link

    with pytest.raises(CRUpdateError, match="no link to a .txt rules file"):
        find_txt_link("<html>maintenance</html>", "https://rules.example/en/rules")
