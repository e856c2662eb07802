"""Latency of `oraclelint server`: a didChange of one card file to its published diagnostics,
next to a bare spaCy tokenizer pass over the same texts.

Usage: python benchmarks/bench_server.py [FILE] [--changes N]

The server runs as its own process and is driven over its pipes, as an
editor drives it.  Each change edits one card's rules text (a space added
and taken away again) and waits for the diagnostics of that version.  The
tokenizer baseline is measured in this process over the same rules texts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards" / "cockatrice-sets" / "C19.xml"


class Client:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "linter", "server"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        self.next_id = 0

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def receive(self) -> dict:
        length = 0
        while True:
            line = self.proc.stdout.readline().strip()
            if not line:
                break
            key, _, value = line.decode("ascii").partition(":")
            if key.lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def request(self, method: str, params) -> dict:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id and "method" not in message:
                return message

    def diagnostics(self, version: int) -> list:
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and \
                    message["params"].get("version") == version:
                return message["params"]["diagnostics"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(DEFAULT))
    ap.add_argument("--changes", type=int, default=10)
    args = ap.parse_args()

    from linter.readers import read_file

    result = read_file(args.file)
    if result.error or not result.cards:
        print(f"{args.file}: no cards read", file=sys.stderr)
        return 2
    texts = [f.oracle_text or "" for c in result.cards for f in c.faces]
    text = Path(args.file).read_text(encoding="utf-8-sig")
    uri = Path(args.file).resolve().as_uri()

    import spacy

    blank = spacy.blank("en")
    t0 = time.perf_counter()
    for _doc in blank.tokenizer.pipe(texts, batch_size=256):
        pass
    base = time.perf_counter() - t0

    client = Client()
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    t0 = time.perf_counter()
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "xml", "version": 1, "text": text}}})
    found = client.diagnostics(1)
    first = time.perf_counter() - t0
    times = []
    for v in range(2, args.changes + 2):
        changed = text + (" " if v % 2 else "")
        t0 = time.perf_counter()
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": v}, "contentChanges": [{"text": changed}]}})
        client.diagnostics(v)
        times.append(time.perf_counter() - t0)
    client.request("shutdown", None)
    client.send({"jsonrpc": "2.0", "method": "exit"})
    client.proc.wait(timeout=30)

    median = statistics.median(times)
    print(f"{args.file}: {len(result.cards)} cards, {len(found)} diagnostics")
    print(f"didOpen (pipeline built on it): {first * 1000:8.0f} ms")
    print(f"didChange, median of {len(times)}:  {median * 1000:8.0f} ms  "
          f"({len(result.cards) / median:,.0f} cards/s)")
    print(f"tokenizer baseline:             {base * 1000:8.0f} ms  "
          f"({len(result.cards) / base:,.0f} cards/s; the server is {median / base:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
