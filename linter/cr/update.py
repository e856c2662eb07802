"""Download the Comprehensive Rules text and replace the cached copy, all or nothing.

The text is fetched completely into memory, checked (HTTP status, length
against Content-Length, parses as a CR with an effective date) and only then
written to the cache, so a failed, partial or wrong download never touches
what is cached.
"""

from __future__ import annotations

import html
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import urljoin

from linter.cr import store
from linter.cr.parser import CRParseError, parse_bytes

RULES_PAGE = "https://magic.wizards.com/en/rules"
TIMEOUT_ENV = "ORACLELINT_HTTP_TIMEOUT"
DEFAULT_TIMEOUT = 30.0
_TXT_LINK = re.compile(r"""href\s*=\s*["']([^"']+?\.txt)["']""", re.I)


class CRUpdateError(RuntimeError):
    """A download or a text that cannot become the cached rules (one-line message)."""


@dataclass(frozen=True, slots=True)
class UpdateResult:
    status: str  # "updated" or "unchanged"
    effective: str
    source: str
    rules: int
    path: Path


def default_timeout() -> float:
    value = os.environ.get(TIMEOUT_ENV)
    if not value:
        return DEFAULT_TIMEOUT
    try:
        timeout = float(value)
    except ValueError:
        raise CRUpdateError(f"{TIMEOUT_ENV}={value!r} is not a number of seconds") from None
    if timeout <= 0:
        raise CRUpdateError(f"{TIMEOUT_ENV} must be positive")
    return timeout


def _user_agent() -> str:
    from linter import __version__

    return f"oraclelint/{__version__}"


def find_txt_link(page: str, base: str) -> str:
    """The URL of the rules text linked from Wizards' rules page."""
    links = [urljoin(base, html.unescape(m)) for m in _TXT_LINK.findall(page)]
    if not links:
        raise CRUpdateError(f"no link to a .txt rules file found on {base}")
    # Prefer the Comprehensive Rules file over other text downloads on the page.
    for link in links:
        if "comprules" in link.lower().replace(" ", "").replace("%20", ""):
            return link
    return links[0]


def _describe(exc: Exception, url: str) -> str:
    import requests

    if isinstance(exc, requests.exceptions.Timeout):
        return f"timed out while downloading {url}"
    if isinstance(exc, requests.exceptions.ConnectionError):
        reason = str(exc.args[0]) if exc.args else str(exc)
        if "Read timed out" in reason:
            return f"timed out while downloading {url}"
        if "IncompleteRead" in reason or "Connection broken" in reason:
            return f"download of {url} was cut short (incomplete body)"
        return f"cannot reach {url} (are you offline?)"
    if isinstance(exc, requests.exceptions.ChunkedEncodingError):
        return f"download of {url} was cut short (incomplete body)"
    return f"download of {url} failed: {exc.__class__.__name__}"


def fetch(url: str, *, timeout: float, progress: bool | None = None) -> tuple[bytes, str]:
    """GET ``url`` completely; returns (body, final URL).  Raises CRUpdateError."""
    import requests

    if progress is None:
        progress = sys.stderr.isatty()
    try:
        with requests.get(url, timeout=timeout, stream=True, headers={"User-Agent": _user_agent()}) as resp:
            if resp.status_code >= 400:
                raise CRUpdateError(f"{url} answered HTTP {resp.status_code} {resp.reason or ''}".rstrip())
            expected = resp.headers.get("Content-Length")
            encoded = resp.headers.get("Content-Encoding", "identity").lower() not in ("", "identity")
            length = int(expected) if expected and expected.isdigit() else None
            chunks: list[bytes] = []
            received = 0
            iterator = resp.iter_content(chunk_size=64 * 1024)

            def consume(step: Callable[[int], None] | None) -> None:
                nonlocal received
                for chunk in iterator:
                    chunks.append(chunk)
                    received += len(chunk)
                    if step:
                        step(len(chunk))

            if progress:
                from linter.progress import DownloadProgress

                with DownloadProgress("Downloading the Comprehensive Rules") as bar:
                    bar.active = True  # asked for: drawn on standard error even when it is no terminal
                    bar.total = length
                    consume(bar.step)
            else:
                consume(None)
            final_url = resp.url
    except CRUpdateError:
        raise
    except requests.exceptions.RequestException as exc:
        raise CRUpdateError(_describe(exc, url)) from None
    except OSError as exc:  # a socket error that escaped requests
        raise CRUpdateError(f"download of {url} failed: {exc}") from None
    body = b"".join(chunks)
    if length is not None and not encoded and len(body) != length:
        raise CRUpdateError(f"download of {url} was cut short: {len(body)} of {length} bytes")
    return body, final_url


def read_source(source: str | None, *, timeout: float, progress: bool | None = None) -> tuple[bytes, str]:
    """The raw bytes of the rules from Wizards' page, a URL or a local file."""
    if source is None:
        page, page_url = fetch(RULES_PAGE, timeout=timeout, progress=False)
        link = find_txt_link(page.decode("utf-8", errors="replace"), page_url)
        return fetch(link, timeout=timeout, progress=progress)
    if re.match(r"^https?://", source, re.I):
        return fetch(source, timeout=timeout, progress=progress)
    path = Path(source).expanduser()
    try:
        return path.read_bytes(), str(path.resolve())
    except OSError as exc:
        raise CRUpdateError(f"cannot read {source}: {exc.strerror or exc}") from None


def update(source: str | None = None, *, timeout: float | None = None,
           progress: bool | None = None) -> UpdateResult:
    """Fetch, check and cache the rules.  Raises CRUpdateError; the cache is untouched then."""
    timeout = default_timeout() if timeout is None else timeout
    raw, origin = read_source(source, timeout=timeout, progress=progress)
    try:
        doc = parse_bytes(raw)
    except CRParseError as exc:
        raise CRUpdateError(f"{origin} is not a Comprehensive Rules text: {exc}") from None
    try:
        info = store.cached_info()
    except store.CRCacheError:
        info = None  # a damaged cache is simply replaced
    if info is not None and info.sha256 == store.sha256(raw):
        return UpdateResult("unchanged", doc.effective, origin, len(doc.rules), info.path)
    try:
        saved = store.save(doc, raw, origin)
    except store.CRCacheError as exc:  # the cache directory is a file, say: the message names it
        raise CRUpdateError(str(exc)) from None
    except OSError as exc:
        raise CRUpdateError(f"cannot write the cache in {store.cr_dir()}: {exc.strerror or exc}") from None
    return UpdateResult("updated", doc.effective, origin, len(doc.rules), saved.path)
