"""Command-line commands for the Comprehensive Rules: ``cr update``, ``cr verify``, ``explain``.

``linter.cli`` registers :data:`cr_group` and :data:`explain_command` on the
main group.  Exit codes: 0 success, 1 drift found (verify) or a failed update,
2 an error of usage or of the files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

FORMATS = click.Choice(["text", "json"])


def _fail(message: str, code: int = 2) -> None:
    click.echo(f"oraclelint: {message}", err=True)
    sys.exit(code)


@click.group("cr")
def cr_group() -> None:
    """Download the Comprehensive Rules and check the project's citations against them."""


@cr_group.command("update")
@click.option("--from", "source", metavar="URL_OR_PATH",
              help="Take the rules text from this URL or local file instead of Wizards' rules page.")
@click.option("--timeout", type=click.FloatRange(min=0.01), default=None,
              help="Seconds to wait for the server (default 30, or ORACLELINT_HTTP_TIMEOUT).")
def update_command(source: str | None, timeout: float | None) -> None:
    """Download the current Comprehensive Rules into the cache.

    The cached rules stay as they were when anything fails.  Exit status (as
    'oracle update'): 0 updated or unchanged, 1 failed (offline, an HTTP error,
    not a rules text; the cache is kept), 2 usage error (a timeout setting that
    is no number, a --from file that does not exist).
    """
    import re

    from linter.cr.update import CRUpdateError, default_timeout, update

    if timeout is None:
        try:
            default_timeout()
        except CRUpdateError as exc:
            _fail(str(exc))
    if source is not None and not re.match(r"^https?://", source, re.I) and not Path(source).expanduser().exists():
        _fail(f"cannot read {source}: no such file")
    try:
        result = update(source, timeout=timeout)
    except CRUpdateError as exc:
        _fail(str(exc), 1)
    if result.status == "unchanged":
        click.echo(f"Comprehensive Rules effective {result.effective} already cached ({result.path.parent})")
    else:
        click.echo(f"Cached the Comprehensive Rules effective {result.effective}: "
                   f"{result.rules} rules ({result.path.parent})")


@cr_group.command("verify")
@click.option("--cr", "cr_path", type=click.Path(dir_okay=False), default=None,
              help="A Comprehensive Rules text file (default: the cached copy).")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def verify_command(cr_path: str | None, fmt: str) -> None:
    """Report cited rule numbers that are missing or retitled in a CR edition (exit 1 on drift)."""
    from linter.cr import store
    from linter.cr.citations import cited_numbers
    from linter.cr.parser import CRParseError, parse_bytes
    from linter.cr.verify import verify

    if cr_path is not None:
        try:
            doc = parse_bytes(Path(cr_path).read_bytes())
        except OSError as exc:
            _fail(f"cannot read {cr_path}: {exc.strerror or exc}")
        except CRParseError as exc:
            _fail(f"{cr_path} is not a Comprehensive Rules text: {exc}")
    else:
        try:
            doc = store.load_cached()
        except store.CRCacheError as exc:
            _fail(str(exc))
        if doc is None:
            _fail("no Comprehensive Rules are cached: run 'oraclelint cr update' or give --cr PATH")
    cited = cited_numbers()
    drifts = verify(doc, cited)
    if fmt == "json":
        click.echo(json.dumps({
            "edition": doc.effective,
            "cited": len(cited),
            "drifted": len(drifts),
            "drifts": [d.as_json() for d in drifts],
        }, indent=2, ensure_ascii=False))
    else:
        for d in drifts:
            where = ", ".join(w for w in d.cited_by if w != "rules_index.yaml") or "rules_index.yaml"
            click.echo(f"{d.describe()}  [cited by {where}]")
        if drifts:
            click.echo(f"{len(drifts)} of {len(cited)} cited rule numbers drifted against the "
                       f"Comprehensive Rules effective {doc.effective}")
        else:
            click.echo(f"All {len(cited)} cited rule numbers match the Comprehensive Rules "
                       f"effective {doc.effective}")
    sys.exit(1 if drifts else 0)


@click.command("explain")
@click.argument("query", metavar="CODE|RULE")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def explain_command(query: str, fmt: str) -> None:
    """Show a check's documentation (CODE) or a rule's text (RULE such as 302.6)."""
    from linter.cr import store
    from linter.cr.explain import ExplainError, explain, format_text

    try:
        info = explain(query)
    except ExplainError as exc:
        _fail(str(exc))
    except store.CRCacheError as exc:
        _fail(str(exc))
    if fmt == "json":
        click.echo(json.dumps(info, indent=2, ensure_ascii=False))
    else:
        click.echo(format_text(info), nl=False)
