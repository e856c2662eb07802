"""``oraclelint oracle update|status``: fetch the Oracle card reference and show what is cached."""

from __future__ import annotations

import json
import sys
from datetime import date

import click

FORMATS = click.Choice(["text", "json"])


@click.group("oracle")
def oracle_group() -> None:
    """The Oracle card reference (Scryfall's oracle_cards bulk data), cached locally."""


@oracle_group.command("update")
@click.option("--from", "source", metavar="URL_OR_PATH",
              help="A bulk-data list URL, a card-list URL, or a local JSON file of card objects "
                   "(default: Scryfall's bulk-data list).")
@click.option("--timeout", metavar="SECONDS[,READ]",
              help="Connect and read timeouts (default: ORACLELINT_HTTP_TIMEOUT, else 10,60).")
@click.option("--force", is_flag=True, help="Download and rebuild even when the data is unchanged.")
def update_command(source, timeout, force) -> None:
    """Download the current Oracle cards and rebuild the local index.

    The previous index stays in place when anything fails.  Exit status:
    0 updated or unchanged, 1 failed (the old index is kept), 2 usage error.
    """
    from linter.oracle.index import default_index_path
    from linter.oracle.update import UpdateError, http_timeout, local_path, update

    try:
        timeouts = http_timeout(timeout)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--timeout") from None
    if source is not None:
        path = local_path(source)
        if path is not None and not path.exists():
            raise click.BadParameter(f"{source!r} is neither an http(s) URL nor an existing file",
                                     param_hint="--from")
    dest = default_index_path()
    try:
        with _ProgressBar() as bar:
            result = update(source, dest=dest, timeout=timeouts, force=force,
                            progress=bar.update if bar.active else None)
    except UpdateError as exc:
        click.echo(f"oracle update failed: {exc}; {_keeping(dest)}", err=True)
        sys.exit(1)
    when = _describe_date(result.data_date)
    if result.status == "unchanged":
        click.echo(f"oracle index unchanged: {result.card_count} cards, data from {when}")
    else:
        click.echo(f"oracle index updated: {result.card_count} cards, data from {when}; "
                   f"built in {result.seconds:.1f} s")


@oracle_group.command("status")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def status_command(fmt) -> None:
    """Show the cached index: path, date of the data, card count, source, size.

    Exit status 1 when there is no usable index.
    """
    from linter.oracle.index import OracleIndex, OracleIndexError, default_index_path, parse_date

    path = default_index_path()
    info: dict = {"path": str(path), "present": False}
    problem = None
    try:
        index = OracleIndex.open(path)
    except OracleIndexError as exc:
        index, problem = None, str(exc)
    if index is not None:
        with index:
            meta = index.meta
            data_date = parse_date(meta.get("data_date"))
            info.update(
                present=True,
                size_bytes=path.stat().st_size,
                data_date=meta.get("data_date"),
                age_days=_age(data_date),
                card_count=index.card_count,
                source=meta.get("source"),
                listing=meta.get("listing"),
                etag=meta.get("etag"),
                last_modified=meta.get("last_modified"),
                built_at=meta.get("built_at"),
                format=int(meta.get("format", 0)),
            )
    elif problem:
        info["error"] = problem
    if fmt == "json":
        click.echo(json.dumps(info, indent=2, ensure_ascii=False))
    elif info["present"]:
        click.echo(f"index:     {info['path']} ({_size(info['size_bytes'])})")
        click.echo(f"data date: {_describe_date(info['data_date'])}")
        click.echo(f"cards:     {info['card_count']}")
        click.echo(f"source:    {info['source'] or 'unknown'}")
        if info.get("listing"):
            click.echo(f"listing:   {info['listing']}")
        click.echo(f"built:     {info['built_at'] or 'unknown'}")
    elif problem:
        click.echo(problem)
    else:
        click.echo(f"no Oracle index at {path}; run 'oraclelint oracle update'")
    sys.exit(0 if info["present"] else 1)


# --------------------------------------------------------------------------- helpers


def _age(day: date | None) -> int | None:
    return (date.today() - day).days if day else None


def _describe_date(value: str | None) -> str:
    """'2026-05-01 (212 days old)' from an ISO date or timestamp."""
    from linter.oracle.index import parse_date

    day = parse_date(value)
    if day is None:
        return "an unknown date"
    age = _age(day)
    if age is None or age < 0:
        return day.isoformat()
    return f"{day.isoformat()} ({age} day{'s' if age != 1 else ''} old)"


def _keeping(path) -> str:
    from linter.oracle.index import read_meta

    meta = read_meta(path)
    if meta is None:
        return "there is no usable previous index"
    return f"keeping the index from {_describe_date(meta.get('data_date'))}"


def _size(n: int) -> str:
    size = float(n)
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{int(size)} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} bytes"  # pragma: no cover


class _ProgressBar:
    """The download's progress on stderr (bytes, speed, time left), only when stderr is a terminal."""

    def __init__(self) -> None:
        from linter.progress import DownloadProgress

        self._progress = DownloadProgress("oracle cards")
        self.active = self._progress.active

    def __enter__(self) -> _ProgressBar:
        return self

    def update(self, received: int, total: int | None) -> None:
        self._progress.update(received, total)

    def __exit__(self, *exc) -> None:
        self._progress.__exit__(*exc)
