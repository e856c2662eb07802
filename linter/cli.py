"""The command line: parse arguments, call the engine, pick a reporter."""

from __future__ import annotations

import json
import sys

import click

from linter import __version__

FORMATS = click.Choice(["text", "json"])


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="oraclelint")
def main() -> None:
    """oraclelint: check Magic: The Gathering card files against the Comprehensive Rules."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True, help="Output format.")
@click.option("--select", help="Comma-separated codes or prefixes to enable (default: all).")
@click.option("--ignore", help="Comma-separated codes or prefixes to disable.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings are reported.")
@click.option("--quiet", "-q", is_flag=True, help="Only errors and warnings, no summary when clean.")
def check(paths, fmt, select, ignore, exit_zero, quiet) -> None:
    """Check card files (directories are searched for supported files)."""
    from linter.engine import check_paths
    from linter.reporters import write_report

    if not paths:
        raise click.UsageError("give at least one card file or directory")
    _check_codes(select, "--select")
    _check_codes(ignore, "--ignore")
    report = check_paths(paths, select=select, ignore=ignore)
    write_report(report, fmt, sys.stdout, quiet=quiet)
    for err in report.internal_errors if fmt == "json" else ():
        click.echo(err, err=True)
    code = report.exit_code()
    if exit_zero and code == 1:
        code = 0
    sys.exit(code)


def _check_codes(value: str | None, option: str) -> None:
    """Refuse a code prefix that matches no check (a typo would silently select nothing)."""
    if not value:
        return
    from linter.checks.base import all_checks
    from linter.selection import parse_codes

    codes = list(all_checks())
    for prefix in parse_codes(value):
        if prefix != "ALL" and not any(c.startswith(prefix) for c in codes):
            raise click.BadParameter(f"{prefix!r} matches no check code (see 'oraclelint rules')",
                                     param_hint=option)


@main.command()
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def rules(fmt) -> None:
    """List every check with its code, name, severity and CR references."""
    from linter.checks.base import all_checks

    items = [cls.describe() for cls in all_checks().values()]
    if fmt == "json":
        click.echo(json.dumps(items, indent=2, ensure_ascii=False))
        return
    for it in items:
        fix = " (fixable)" if it["fixable"] else ""
        click.echo(f"{it['code']}  {it['name']}  [{it['category']}, {it['severity']}]{fix}  "
                   f"CR {', '.join(it['rules'])}")
        click.echo(f"        {it['summary']}")


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--text", "text", help="Parse this rules text instead of files.")
@click.option("--name", help="The card's name (with --text).")
@click.option("--type-line", help="The card's type line (with --text).")
@click.option("--mana-cost", help="The card's mana cost (with --text).")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def parse(paths, text, name, type_line, mana_cost, fmt) -> None:
    """Show how the rules text is parsed: abilities, costs and the CR rules each phrase invokes."""
    from linter import parse_view

    if text is None and not paths:
        raise click.UsageError("give card files or --text")
    if text is not None and paths:
        raise click.UsageError("give card files or --text, not both")
    result = parse_view.parse(paths, text=text, name=name, type_line=type_line, mana_cost=mana_cost)
    if fmt == "json":
        click.echo(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(result.as_text(), nl=False)
    sys.exit(2 if result.unreadable else 0)


def _register_optional() -> None:
    """Commands that live in their own packages."""
    main.add_command(__import__("linter.oracle.commands", fromlist=["oracle_group"]).oracle_group)
    try:
        from linter.cr.commands import cr_group, explain_command
    except ImportError:  # pragma: no cover - during development only
        return
    main.add_command(cr_group)
    main.add_command(explain_command)


_register_optional()
