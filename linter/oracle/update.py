"""Fetch Scryfall's ``oracle_cards`` bulk file (or read a local card list) and rebuild the index.

The old index stays in place until a new one is complete: the download goes
to a temporary file, its size is checked against Content-Length, each
element is checked to be a card object while the new index is built in
another temporary file, and only then does :func:`os.replace` swap it in.
"""

from __future__ import annotations

import os
import re
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Callable
from urllib.parse import urlparse

from linter import __version__
from linter.cr.store import CACHE_ENV, file_in_the_way
from linter.oracle.index import IndexBuildError, build_index_from_cards, default_index_path, read_meta
from linter.oracle.jsonstream import JSONShapeError, iter_json_array, open_json_text

BULK_DATA_URL = "https://api.scryfall.com/bulk-data"
BULK_TYPE = "oracle_cards"
USER_AGENT = f"oraclelint/{__version__}"
ACCEPT = "application/json;q=0.9,*/*;q=0.8"
DEFAULT_TIMEOUT = (10.0, 60.0)
#: A bulk-data list is a few kilobytes; refuse to read more than this as one.
MAX_LISTING_BYTES = 4 << 20
CHUNK = 1 << 16

#: progress(received_bytes, total_bytes_or_None); called as the download goes on.
Progress = Callable[[int, "int | None"], None]


class UpdateError(Exception):
    """The update failed; the previous index (if any) is still in place."""


@dataclass
class UpdateResult:
    status: str  # "updated" or "unchanged"
    path: Path
    card_count: int
    data_date: str | None
    source: str
    seconds: float = 0.0


def http_timeout(value: str | float | None = None) -> tuple[float, float]:
    """(connect, read) timeouts from a value or ``ORACLELINT_HTTP_TIMEOUT``.

    The value is one number of seconds for both, or "CONNECT,READ".
    """
    if value is None:
        value = os.environ.get("ORACLELINT_HTTP_TIMEOUT")
    if value is None or value == "":
        return DEFAULT_TIMEOUT
    if isinstance(value, (int, float)):
        parts = [float(value)]
    else:
        try:
            parts = [float(p) for p in str(value).split(",")]
        except ValueError:
            raise ValueError(f"a timeout is a number of seconds or CONNECT,READ, not {value!r}") from None
    if len(parts) not in (1, 2) or any(p <= 0 for p in parts):
        raise ValueError(f"a timeout is a number of seconds or CONNECT,READ, not {value!r}")
    return (parts[0], parts[-1])


def is_url(source: str) -> bool:
    return urlparse(source).scheme.lower() in ("http", "https")


def local_path(source: str) -> Path | None:
    """The local file a --from value names (a path or a file: URL), or None for a web URL."""
    parsed = urlparse(source)
    if parsed.scheme.lower() == "file":
        from urllib.request import url2pathname

        return Path(url2pathname(parsed.path))
    if is_url(source):
        return None
    return Path(source).expanduser()


def update(source: str | None = None, *, dest: str | Path | None = None,
           timeout: tuple[float, float] | None = None, force: bool = False,
           progress: Progress | None = None) -> UpdateResult:
    """Bring the index at ``dest`` up to date from ``source``.

    ``source`` is a bulk-data list URL (default: Scryfall's), a direct URL
    of a card list, or a local JSON file (gzip allowed).  Raises
    :class:`UpdateError` on any failure, leaving the old index untouched.
    """
    started = time.monotonic()
    dest = Path(dest) if dest is not None else default_index_path()
    if dest.is_dir():
        raise UpdateError(f"the Oracle index path {dest} is a directory, not an index file; remove it first")
    blocked = file_in_the_way(dest.parent)
    if blocked is not None:
        raise UpdateError(f"the cache directory {blocked} is a file, not a folder "
                          f"(set {CACHE_ENV} to a folder, or remove the file)")
    # a damaged index has no usable meta: it is rebuilt even when the data did not change
    previous = read_meta(dest) if not force else None
    source = source or BULK_DATA_URL
    path = local_path(source)
    try:
        if path is not None:
            result = _update_from_file(path, dest, previous)
        else:
            result = _update_from_url(source, dest, previous, timeout or http_timeout(), progress)
    except OSError as exc:  # the cache directory cannot be written, the disk is full, ...
        raise UpdateError(f"cannot write in {dest.parent}: {exc.strerror or exc}") from None
    result.seconds = time.monotonic() - started
    return result


# --------------------------------------------------------------------------- local files


def _update_from_file(path: Path, dest: Path, previous: dict | None) -> UpdateResult:
    try:
        stat = path.stat()
    except OSError as exc:
        raise UpdateError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not path.is_file():
        raise UpdateError(f"{path} is not a file")
    source = str(path.resolve())
    # A local file's "ETag": unchanged size and modification time mean unchanged data.
    stamp = f"{stat.st_size}-{stat.st_mtime_ns}"
    if previous and previous.get("source") == source and previous.get("etag") == stamp:
        return UpdateResult("unchanged", dest, int(previous.get("card_count", 0)),
                            previous.get("data_date"), source)
    data_date = datetime.fromtimestamp(stat.st_mtime, timezone.utc).isoformat(timespec="seconds")
    meta = {"data_date": data_date, "source": source, "etag": stamp}
    count = _build_from_json_file(path, dest, meta)
    return UpdateResult("updated", dest, count, data_date, source)


def _build_from_json_file(path: Path, dest: Path, meta: dict) -> int:
    try:
        with open_json_text(path) as fp:
            return build_index_from_cards(iter_json_array(fp), dest, meta)
    except (JSONShapeError, IndexBuildError) as exc:
        raise UpdateError(f"{meta.get('source', path)} is not a list of card objects: {exc}") from None
    except sqlite3.Error as exc:
        raise UpdateError(f"cannot write the index in {dest.parent}: {exc}") from None
    except OSError as exc:
        raise UpdateError(f"cannot read {path} or write the index: {exc.strerror or exc}") from None


# --------------------------------------------------------------------------- downloads


def _session():
    import requests

    session = requests.Session()
    session.headers.update({"User-Agent": USER_AGENT, "Accept": ACCEPT})
    return session


def _update_from_url(url: str, dest: Path, previous: dict | None,
                     timeout: tuple[float, float], progress: Progress | None) -> UpdateResult:
    import requests

    session = _session()
    listing = None
    data_date = None
    current = url  # the URL a network error is about
    try:
        resp = _get(session, url, previous, timeout)
        if resp.status_code == 304:
            resp.close()
            return _unchanged(dest, previous, url)
        chunks = resp.iter_content(CHUNK)
        first = _first_chunk(chunks)
        if first.lstrip()[:1] == b"{":
            # A bulk-data list: find the oracle_cards file in it, then fetch that.
            listing = url
            file_url, data_date = _read_listing(resp, first, chunks)
            current = file_url
            resp = _get(session, file_url, previous, timeout)
            if resp.status_code == 304:
                resp.close()
                return _unchanged(dest, previous, file_url)
            chunks = resp.iter_content(CHUNK)
            first = _first_chunk(chunks)
        tmp = _download(resp, first, chunks, dest.parent, progress)
    except requests.RequestException as exc:
        raise UpdateError(_describe_request_error(exc, current)) from None
    finally:
        session.close()
    # The URL asked for, not the one a redirect ended at: the next update asks
    # for the same URL and sends the validators only if it is this one.
    file_url = current
    try:
        if data_date is None:
            data_date = _header_date(resp.headers.get("Last-Modified"))
        meta = {
            "data_date": data_date or datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "source": file_url,
            "listing": listing,
            "etag": resp.headers.get("ETag"),
            "last_modified": resp.headers.get("Last-Modified"),
        }
        count = _build_from_json_file(tmp, dest, meta)
    finally:
        tmp.unlink(missing_ok=True)
    return UpdateResult("updated", dest, count, meta["data_date"], file_url)


def _get(session, url: str, previous: dict | None, timeout: tuple[float, float]):
    headers = {}
    # Conditional headers only for the very file the index was built from: a
    # new bulk file has a new URL, and an old validator means nothing there.
    if previous and previous.get("source") == url:
        if previous.get("etag"):
            headers["If-None-Match"] = previous["etag"]
        if previous.get("last_modified"):
            headers["If-Modified-Since"] = previous["last_modified"]
    resp = session.get(url, headers=headers, timeout=timeout, stream=True)
    if resp.status_code == 304:
        return resp
    if resp.status_code != 200:
        reason = resp.reason or ""
        resp.close()
        raise UpdateError(f"HTTP {resp.status_code} {reason} from {url}".replace("  ", " ").strip())
    return resp


def _unchanged(dest: Path, previous: dict | None, url: str) -> UpdateResult:
    if not previous:  # only possible with a server that ignores the missing validators
        raise UpdateError(f"{url} answered 304 Not Modified to a request without validators")
    return UpdateResult("unchanged", dest, int(previous.get("card_count", 0)),
                        previous.get("data_date"), url)


def _first_chunk(chunks) -> bytes:
    for chunk in chunks:
        if chunk:
            return chunk
    return b""


def _read_listing(resp, first: bytes, chunks) -> tuple[str, str | None]:
    import json

    body = bytearray(first)
    for chunk in chunks:
        body += chunk
        if len(body) > MAX_LISTING_BYTES:
            resp.close()
            raise UpdateError(f"{resp.url} is neither a bulk-data list nor a card list "
                              f"(a JSON object over {MAX_LISTING_BYTES >> 20} MB)")
    try:
        data = json.loads(body.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise UpdateError(f"{resp.url} did not return valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise UpdateError(f"{resp.url} is neither a bulk-data list nor a card list")
    entries = data.get("data")
    if data.get("object") == "error":
        raise UpdateError(f"{resp.url} returned an error: {data.get('details') or data.get('code')}")
    if data.get("object") != "list" or not isinstance(entries, list):
        raise UpdateError(f"{resp.url} is neither a bulk-data list nor a card list")
    for entry in entries:
        if isinstance(entry, dict) and entry.get("type") == BULK_TYPE:
            uri = entry.get("download_uri")
            if not isinstance(uri, str) or not is_url(uri):
                raise UpdateError(f"the {BULK_TYPE} entry of {resp.url} has no usable download_uri")
            updated = entry.get("updated_at")
            return uri, updated if isinstance(updated, str) else None
    raise UpdateError(f"the bulk-data list {resp.url} has no {BULK_TYPE!r} entry")


def _download(resp, first: bytes, chunks, directory: Path, progress: Progress | None) -> Path:
    """Stream the body to a temporary file; check it arrived whole."""
    expected = resp.headers.get("Content-Length")
    try:
        total = int(expected) if expected is not None else None
    except ValueError:
        total = None
    directory.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=".oracle-download-", suffix=".json", dir=directory)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as out:
            if first:
                out.write(first)
            if progress:
                progress(resp.raw.tell(), total)
            for chunk in chunks:
                out.write(chunk)
                if progress:
                    progress(resp.raw.tell(), total)
        # Content-Length counts the bytes on the wire (compressed ones, if the
        # body is gzip-encoded): compare it with what the connection delivered.
        received = resp.raw.tell()
        if total is not None and received != total:
            raise UpdateError(f"the download from {resp.url} was cut short: "
                              f"received {received} of {total} bytes")
        if tmp.stat().st_size == 0:
            raise UpdateError(f"{resp.url} returned an empty body")
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        resp.close()
    return tmp


def _header_date(value: str | None) -> str | None:
    if not value:
        return None
    try:
        stamp = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=timezone.utc)
    return stamp.isoformat(timespec="seconds")


def _describe_request_error(exc, url: str) -> str:
    """One line for a requests exception, without the adapter's nested reprs."""
    import requests

    url = getattr(exc.request, "url", None) or url
    host = urlparse(url).netloc or url
    if isinstance(exc, requests.ConnectTimeout):
        return f"timed out connecting to {host}"
    if isinstance(exc, (requests.ReadTimeout,)) or "Read timed out" in str(exc):
        return f"timed out waiting for {host}"
    if isinstance(exc, requests.exceptions.ChunkedEncodingError):
        return f"the download from {host} was cut short ({_root_reason(exc)})"
    if isinstance(exc, requests.exceptions.SSLError):
        return f"TLS error talking to {host}"
    if isinstance(exc, requests.ConnectionError):
        return f"cannot reach {host} ({_root_reason(exc)})"
    return f"{type(exc).__name__} fetching {url}: {_root_reason(exc)}"


def _root_reason(exc: BaseException) -> str:
    """The innermost cause's message, shortened."""
    seen = exc
    while True:
        nxt = seen.__cause__ or seen.__context__
        args = getattr(seen, "args", ())
        inner = next((a for a in args if isinstance(a, BaseException)), None)
        nxt = inner or nxt
        if nxt is None or nxt is seen:
            break
        seen = nxt
    text = str(seen) or type(seen).__name__
    short = re.search(r"IncompleteRead\((\d+) bytes read, (\d+) more expected\)", text)
    if short:
        return f"{short.group(1)} bytes received, {short.group(2)} more expected"
    if "Name or service not known" in text or "nodename nor servname" in text or "getaddrinfo" in text:
        return "name not resolved; offline?"
    if "Connection refused" in text:
        return "connection refused"
    return text if len(text) <= 160 else text[:157] + "..."
