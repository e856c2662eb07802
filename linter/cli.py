"""The command line: parse arguments, call the engine, pick a reporter."""

from __future__ import annotations

import atexit
import gc
import json
import sys

import click

from linter import __version__

FORMATS = click.Choice(["text", "json"])
CHECK_FORMATS = click.Choice(["text", "json", "sarif", "github"])


#: the exit status of a run stopped with Ctrl-C (128 + SIGINT, as shells report it)
INTERRUPTED = 130


class _Main(click.Group):
    """The command group: a Ctrl-C ends any command with one line and exit status 130."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            _say("oraclelint: interrupted")
            ctx.exit(INTERRUPTED)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="oraclelint")
def main() -> None:
    """oraclelint: check Magic: The Gathering card files against the Comprehensive Rules."""
    _replace_what_cannot_be_written()


def _replace_what_cannot_be_written() -> None:
    """Write what the streams cannot encode as backslash escapes, never fail on it.

    A lone surrogate (a JSON name of "\\ud800") or a file name that is not UTF-8 would
    otherwise end any output format with UnicodeEncodeError; escaped, JSON output even
    keeps it as the same JSON escape."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # pragma: no cover - a stream that cannot change
                pass


def _say(text: str, err: bool = True) -> None:
    """One line of the command's own messages, what came from the files escaped (a file
    name or card name cannot start a line of its own, forge a CI command, or drive the
    terminal)."""
    from linter.reporters.style import printable

    click.echo(printable(text), err=err)


COLOR = click.Choice(["auto", "always", "never"])
_CODES_HELP = " Comma-separated codes or prefixes; may be given more than once (the lists add up)."


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=CHECK_FORMATS, default="text", show_default=True,
              help="Output format (sarif for code scanning, github for workflow annotations).")
@click.option("--select", multiple=True,
              help="Codes or prefixes to enable instead of the configuration's select (default: all; ALL: "
                   "every check)." + _CODES_HELP)
@click.option("--extend-select", multiple=True,
              help="Codes or prefixes to enable on top of the selection." + _CODES_HELP)
@click.option("--ignore", multiple=True, help="Codes or prefixes to disable." + _CODES_HELP)
@click.option("--exclude", multiple=True,
              help="Gitignore patterns a folder scan leaves out, instead of the configuration's exclude and the "
                   "defaults (.git, node_modules, virtual environments, build folders, the baseline)."
                   " Comma-separated; may be given more than once.")
@click.option("--extend-exclude", multiple=True,
              help="Gitignore patterns a folder scan leaves out, on top of the exclusions."
                   " Comma-separated; may be given more than once.")
@click.option("--respect-gitignore/--no-respect-gitignore", default=None,
              help="Leave out of folder scans what .gitignore files ignore (default: yes, or the "
                   "configuration's respect-gitignore).")
@click.option("--force-exclude", is_flag=True,
              help="Apply the exclusions to files named on the command line too (for pre-commit).")
@click.option("--stdin-filename", type=click.Path(),
              help="With '-': the name of the file read from standard input (its format, configuration, "
                   "per-file ignores and the path in the report).")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False, writable=True),
              help="Write the report to this file instead of standard output.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings are reported.")
@click.option("--exit-non-zero-on-fix", is_flag=True,
              help="With --fix: exit 1 when a file was changed, even if no finding remains.")
@click.option("--quiet", "-q", is_flag=True, help="Only errors and warnings, no summary when clean.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="Configuration file (default: oraclelint.toml or pyproject.toml found upward).")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False),
              help="Report only findings that this baseline file does not hold.")
@click.option("--write-baseline", is_flag=True, help="Record today's findings in the --baseline file.")
@click.option("--statistics", is_flag=True, help="Print the number of findings per code instead.")
@click.option("--show-source/--no-show-source", default=True, show_default=True,
              help="Show the source line under each finding (text format).")
@click.option("--show-fixes", is_flag=True,
              help="Show each finding's fix under it; with --fix, list the findings fixed per file and code.")
@click.option("--color", type=COLOR, default="auto", show_default=True,
              help="Color the text output: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), "
                   "always or never.")
@click.option("--fix", is_flag=True,
              help="Apply the safe fixes in place, then report what remains. A fix whose result has a new "
                   "error is held back as unsafe; fixes of two checks that undo each other stop at the "
                   "first text of the cycle. With '-' the fixed file is written to standard output and the "
                   "report to standard error.")
@click.option("--unsafe-fixes", is_flag=True, help="With --fix or --diff: apply the uncertain fixes too.")
@click.option("--diff", "show_diff", is_flag=True,
              help="Print a unified diff of what --fix would change; write nothing.")
@click.option("--oracle", "oracle_path", type=click.Path(dir_okay=False),
              help="Oracle index to hold the cards against (default: the one 'oraclelint oracle update' "
                   "keeps; with no index the oracle checks, ORC, do nothing). Their fixes are safe only in "
                   "files the configuration declares set-kind = \"oracle\".")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, show_default=True,
              help="Worker processes for a large run (0: one per core when there are enough cards; "
                   "1: a single process).")
@click.option("--no-cache", is_flag=True,
              help="Neither read nor write the results cache (by default a file whose bytes and settings "
                   "are those of an earlier run is answered from it).")
@click.option("--cache-dir", type=click.Path(file_okay=False),
              help="Folder of the results cache (default: the configuration's cache-dir, else check/ in "
                   "oraclelint's cache directory, which ORACLELINT_CACHE_DIR sets).")
def check(paths, fmt, select, extend_select, ignore, exclude, extend_exclude, respect_gitignore, force_exclude,
          stdin_filename, output_file, exit_zero, exit_non_zero_on_fix, quiet, config_path, baseline_path,
          write_baseline, statistics, show_source, show_fixes, color, fix, unsafe_fixes, show_diff, oracle_path,
          jobs, no_cache, cache_dir) -> None:
    """Check card files; with no PATHS, the current folder.  '-' reads one file from standard input.

    A folder is searched for files named like card files (.json, .xml, .yaml, .yml,
    .mse-set, set), leaving out hidden folders, the exclusions (--exclude, the
    configuration's exclude and extend-exclude) and what .gitignore ignores; a file
    found there that is no card file (package.json, renovate.json, a workflow) is
    passed over and counted in the summary.  A file named explicitly is always read,
    and one that is no card file is an FMT001 finding.

    Only regular files of at most 512 MiB are read; a FIFO, a device, a larger file or a
    folder that cannot be listed is an FMT001 finding, and a card oraclelint itself fails
    to parse or check is an FMT003 finding (always reported). File names, card names and
    card text are shown with control characters escaped.

    Exit status: 0 clean (with --fix: nothing remains, unless --exit-non-zero-on-fix and a
    file changed); 1 errors or warnings; 2 a usage error, an unreadable file or an FMT003
    finding; 130 stopped with Ctrl-C.
    """
    from linter.baseline import Baseline, BaselineError
    from linter.baseline import write_baseline as record_baseline
    from linter.checks import known_codes
    from linter.config import ConfigError, load_config
    from linter.engine import INTERNAL_ERROR, check_paths
    from linter.selection import parse_codes

    stdin = "-" in paths or (stdin_filename is not None and not paths)
    if stdin and len(paths) > 1:
        raise click.UsageError("'-' (standard input) cannot be combined with other paths")
    if stdin_filename is not None and not stdin:
        raise click.UsageError("--stdin-filename goes with '-' (standard input)")
    if not paths:
        paths = ("-",) if stdin else (".",)
    if write_baseline and not baseline_path:
        raise click.UsageError("--write-baseline needs --baseline FILE")
    if write_baseline and stdin:
        raise click.UsageError("--write-baseline cannot read standard input")
    if statistics and fmt not in ("text", "json"):
        raise click.UsageError("--statistics prints text or json")
    if unsafe_fixes and not (fix or show_diff):
        raise click.UsageError("--unsafe-fixes goes with --fix or --diff")
    if exit_non_zero_on_fix and not fix:
        raise click.UsageError("--exit-non-zero-on-fix goes with --fix")
    if write_baseline and (fix or show_diff):
        raise click.UsageError("--write-baseline cannot be combined with --fix or --diff")
    select, extend_select, ignore = (tuple(parse_codes(v)) or None for v in (select, extend_select, ignore))
    for value, option in ((select, "--select"), (extend_select, "--extend-select"), (ignore, "--ignore")):
        _check_codes(value, option)
    exclude, extend_exclude = _patterns(exclude, "--exclude"), _patterns(extend_exclude, "--extend-exclude")
    shown_name = stdin_filename or "-"
    try:
        config = load_config([shown_name] if stdin and stdin_filename else (["."] if stdin else paths),
                             explicit=config_path, known_codes=known_codes())
        baseline = Baseline.load(baseline_path) if baseline_path and not write_baseline else None
    except (ConfigError, BaselineError) as exc:
        _say(f"oraclelint: error: {exc}")
        sys.exit(2)
    if config.edition_note():
        _say(f"oraclelint: warning: {config.edition_note()}")
    if extend_select:
        config.extend_select = list(config.extend_select) + [c for c in extend_select if c not in config.extend_select]
    if exclude is not None:
        config.exclude = exclude
    config.extend_exclude = list(config.extend_exclude) + list(extend_exclude or ())
    if respect_gitignore is not None:
        config.respect_gitignore = respect_gitignore
    config.force_exclude = force_exclude
    config.baseline_file = baseline_path
    _use_oracle(oracle_path, select, ignore, config)
    results = [_read_stdin(shown_name)] if stdin else None
    out = _Output(output_file, fmt, color, statistics)
    try:
        if fix or show_diff:
            code = _fix(paths, select, ignore, config, baseline, unsafe_fixes, show_diff, fmt, quiet, exit_zero,
                        statistics, show_source, show_fixes, exit_non_zero_on_fix, results, out)
            sys.exit(code)
        # standard input is not cached: it has no file to be unchanged
        cache = None if no_cache or stdin else _results_cache(config, select, ignore, cache_dir)
        # the run's objects live until the process ends: a collector scanning them after the check
        # (while the report is written) would find nothing to free
        gc.disable()
        _left_to_the_system_at_exit()
        report = check_paths(paths, select=select, ignore=ignore, config=config, baseline=baseline, jobs=jobs,
                             results=results, cache=cache, keep_parse=False,
                             # a fix that cannot be applied does not make its finding fixable
                             fixable_only=not write_baseline)
        _oracle_broke_during(None)
        if cache is not None and cache.problem and (cache_dir or config.cache_dir):
            # a cache folder asked for that cannot be written is said; the default one is an optimization
            _say(f"oraclelint: warning: {cache.problem}")
        if write_baseline:
            try:
                record_baseline(baseline_path, [d for d in report.diagnostics if d.code != INTERNAL_ERROR])
            except BaselineError as exc:
                _say(f"oraclelint: error: {exc}")
                sys.exit(2)
            _say(f"Wrote {len(report.diagnostics)} finding(s) to {baseline_path}.")
            sys.exit(2 if report.unreadable or report.internal_errors or report.crashed else 0)
        _emit(report, fmt, statistics, quiet, show_source, out, show_fixes)
    finally:
        out.close()
    code = report.exit_code()
    if exit_zero and code == 1:
        code = 0
    sys.exit(code)


def _left_to_the_system_at_exit() -> None:
    """Have the process end without freeing the run's objects one by one: the collection
    the interpreter makes as it ends would go through every card, face and finding of the
    run (most of a second after a large run) to free memory the system frees at once."""
    global _FREEZE_AT_EXIT
    if not _FREEZE_AT_EXIT:
        atexit.register(gc.freeze)  # at exit only: a caller in this process keeps its collector
        _FREEZE_AT_EXIT = True


_FREEZE_AT_EXIT = False


def _results_cache(config, select, ignore, cache_dir):
    """The results cache of a run with these settings."""
    from linter import cache
    from linter.checks import _oracle

    directory = cache_dir or config.cache_folder() or cache.default_directory()
    chosen, ignored = config.selection(select, ignore)
    code = cache.code_identity()
    key = cache.run_key(config, chosen, ignored, cache.oracle_identity(_oracle.index_path()), code)
    return cache.ResultCache(directory, key, code)


def _patterns(values, option: str) -> list[str] | None:
    """--exclude/--extend-exclude values: comma-separated gitignore patterns, each checked."""
    out = [p.strip() for v in values for p in v.split(",") if p.strip()]
    if not out:
        return None
    from linter.files import pattern_problem

    for p in out:
        problem = pattern_problem(p)
        if problem:
            raise click.BadParameter(f"{p!r} is not a usable pattern: {problem}", param_hint=option)
    return out or None


def _read_stdin(name: str):
    """The file on standard input, read as a card file named ``name``."""
    from linter.readers import MAX_FILE_BYTES, ReadError, ReadResult, read_bytes

    try:
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as exc:
        return ReadResult(path=name, error=ReadError(f"standard input cannot be read: {exc}"))
    if len(data) > MAX_FILE_BYTES:
        return ReadResult(path=name, error=ReadError("standard input is larger than the limit for a card file"))
    return read_bytes(data, name)


class _Output:
    """Where the report goes (standard output or --output-file) and whether it is colored."""

    def __init__(self, path: str | None, fmt: str, color: str, statistics: bool) -> None:
        self.path = path
        self.stream = sys.stdout
        if path is not None:
            try:
                self.stream = open(path, "w", encoding="utf-8", errors="backslashreplace", newline="")
            except OSError as exc:
                _say(f"oraclelint: error: --output-file {path}: {exc.strerror or exc}")
                sys.exit(2)
        self.mode = color if fmt == "text" or statistics else "never"
        self.color = self._color()

    def _color(self) -> bool:
        from linter.reporters.style import color_enabled

        return color_enabled(self.stream) if self.mode == "auto" else self.mode == "always"

    def to_stderr(self) -> None:
        """Send the report to standard error (standard output holds a fixed file)."""
        if self.stream is sys.stdout:
            self.stream = sys.stderr
            self.color = self._color()

    def say(self, text: str) -> None:
        """A line of the report's own (the "Fixed ..." summary) in the report's stream."""
        from linter.reporters.style import printable

        self.stream.write(printable(text) + "\n")

    def close(self) -> None:
        if self.stream is not sys.stdout:
            self.stream.close()


def _emit(report, fmt, statistics, quiet, show_source, out: _Output, show_fixes: bool = False) -> None:
    """Write the report (or its statistics) to the output."""
    from linter.reporters import write_report

    if statistics:
        from linter.reporters.stats import write_statistics

        write_statistics(report.diagnostics, out.stream, fmt, color=out.color)
    else:
        write_report(report, fmt, out.stream, quiet=quiet, color=out.color, show_source=show_source,
                     show_fixes=show_fixes)
    for err in report.internal_errors if fmt in ("json", "sarif") or statistics else ():
        _say(err)


def _fix(paths, select, ignore, config, baseline, unsafe, show_diff, fmt, quiet, exit_zero, statistics,
         show_source, show_fixes, exit_non_zero_on_fix, results, out: _Output) -> int:
    """--fix and --diff: apply the fixes (or show them), then report what remains; the exit status."""
    from linter.engine import INTERNAL_ERROR
    from linter.fixes import describe_refused, run_fixes

    stdin = results is not None
    run = run_fixes(paths, select=select, ignore=ignore, config=config, baseline=baseline, unsafe=unsafe,
                    write=not (show_diff or stdin), results=results)
    _oracle_broke_during(None)
    report = run.report
    n, files = run.total_fixed, len(run.changed)
    what = f"{n} finding(s) in {files} file" + ("" if files == 1 else "s")
    for line in run.disagreements:
        _say(f"oraclelint: warning: {line}")
    if not run.converged:
        click.echo(f"oraclelint: warning: fixes still applied after {run.rounds} rounds; "
                   "the files may need another run", err=True)
    if show_diff:
        diff = run.diff()
        if out.stream.isatty():  # on a terminal the card text's control characters are shown, not obeyed
            from linter.reporters.style import printable

            diff = "".join(printable(line[:-1]) + "\n" if line.endswith("\n") else printable(line)
                           for line in diff.splitlines(keepends=True))
        out.stream.write(diff)
        from linter.reporters.text import format_line

        for err in report.internal_errors:
            _say(err)
        for d in report.diagnostics:
            if d.code == INTERNAL_ERROR:
                _say(format_line(d))
        if show_fixes:
            for line in run.fixed_lines():
                _say(line)
        _say(f"Would fix {what}." if n else "No fixes to apply.")
        return 2 if report.unreadable or report.internal_errors or report.crashed else (1 if run.changed else 0)
    if stdin:
        (path,) = [r.path for r in results]
        data = run.final.get(path, run.original.get(path))
        if data is not None:  # the fixed file on standard output, the report on standard error
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        out.to_stderr()
    if not quiet:
        for line in describe_refused(run.refused):
            _say(f"oraclelint: note: {line}")
    for line in run.warnings:
        _say(f"oraclelint: warning: {line}")
    for err in run.write_errors:
        _say(f"oraclelint: error: {err}")
    _emit(report, fmt, statistics, quiet, show_source, out, show_fixes)
    written = len(run.changed) if stdin else len(run.written)
    summary_here = fmt == "text" and not statistics
    if n and written:
        done = f"Fixed {run.total_fixed} finding(s) in {written} file" + ("" if written == 1 else "s") + "."
        out.say(done) if summary_here else _say(done)
        if show_fixes:
            for line in run.fixed_lines():
                out.say(line) if summary_here else _say(line)
    hidden = sum(1 for d in report.diagnostics if d.fix is not None and not d.fix.safe)
    if hidden and not unsafe and not quiet:
        line = f"{hidden} more fix(es) available with --unsafe-fixes."
        out.say(line) if summary_here else _say(line)
    code = report.exit_code()
    if run.write_errors:
        code = 2
    elif written and code == 0 and exit_non_zero_on_fix:
        code = 1  # as ruff: the change itself fails the run, so that it is looked at
    if exit_zero and code == 1:
        code = 0
    return code


def _use_oracle(path, select, ignore, config) -> None:
    """Choose the Oracle index of the run; say so on stderr, once, when it cannot be used."""
    from linter.checks import _oracle, known_codes
    from linter.selection import Selection

    _oracle.use(path)
    problem = _OPENING_PROBLEM[0] = _oracle.reference_problem()
    if path is not None and problem:
        _say(f"oraclelint: error: --oracle: {problem}")
        sys.exit(2)
    if problem:
        _say(f"oraclelint: warning: {problem}; the oracle checks (ORC) are off")
        return
    chosen, ignored = config.selection(select, ignore)
    # only where the run asks for them ("--select ORC", "ALL", the configuration's select):
    # a run with the default selection is not told about an index it did not ask for
    selection = Selection(chosen, ignored)
    if _oracle.reference() is None and chosen and any(
            code.startswith("ORC") and selection.active(code) for code in known_codes()):
        click.echo("oraclelint: note: no Oracle index (run 'oraclelint oracle update' or give --oracle PATH); "
                   "the oracle checks (ORC) are off", err=True)


def _oracle_broke_during(_unused=None) -> None:
    """Say once that the Oracle index turned out damaged while the run read it."""
    from linter.checks import _oracle

    problem = _oracle.reference_problem()
    if problem and problem != _OPENING_PROBLEM[0]:
        _say(f"oraclelint: warning: {problem}; the oracle checks (ORC) were turned off")


_OPENING_PROBLEM: list = [None]  # what _use_oracle already said


def _check_codes(value: str | None, option: str) -> None:
    """Refuse a code prefix that matches no check (a typo would silently select nothing)."""
    if not value:
        return
    from linter.checks import known_codes
    from linter.selection import parse_codes

    codes = known_codes()
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


@main.command("export")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["scryfall", "yaml"]), required=True,
              help="scryfall: a JSON list of card objects (what 'oracle update --from' takes); "
                   "yaml: one YAML document per card.")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write to this file (replaced atomically) instead of standard output.")
@click.option("--all-versions", is_flag=True,
              help="Keep every distinct version of a card name, not only the newest.")
def export(paths, fmt, output, all_versions) -> None:
    """Write the cards of card files in another format, through the same card model.

    Reads every supported file under PATHS (Cockatrice XML, MTGJSON, Scryfall
    JSON, YAML, Magic Set Editor, MSE-Hub, LackeyBot).  Printings of one card
    (the same name and the same characteristics) are written once.  When the
    printings of one name differ (older sets keep older wording), only the
    newest by its set's release date is written (an unknown date, or one
    more than a year ahead, counts as the oldest), unless --all-versions;
    tokens, emblems and art-series cards, whose names are not unique, keep
    every distinct version.  Exit status: 0 written, 1 written but some files
    could not be read (listed on stderr), 2 nothing written.
    """
    from linter.export import ExportError, export_paths, write_file

    if not paths:
        raise click.UsageError("give at least one card file or directory")
    result = export_paths(paths, fmt, all_versions=all_versions)
    for path, reason in result.unreadable:
        _say(f"oraclelint: warning: {path}: {reason} (not exported)")
    if not result.files:
        _say("oraclelint: error: no card file could be read; nothing written")
        sys.exit(2)
    if output:
        try:
            write_file(output, result.text)
        except ExportError as exc:
            _say(f"oraclelint: error: {exc}")
            sys.exit(2)
    else:
        click.echo(result.text, nl=False)
    _say(f"oraclelint: {result.summary(fmt, output)}")
    sys.exit(1 if result.unreadable else 0)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--text", "text", help="Parse this rules text instead of files.")
@click.option("--name", help="The card's name (with --text).")
@click.option("--type-line", help="The card's type line (with --text).")
@click.option("--mana-cost", help="The card's mana cost (with --text).")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="Configuration file (default: oraclelint.toml or pyproject.toml found upward), "
                   "whose declared keywords, ability words and types the parse knows.")
def parse(paths, text, name, type_line, mana_cost, fmt, config_path) -> None:
    """Show how the rules text is parsed: abilities, costs and the CR rules each phrase invokes."""
    from linter import parse_view
    from linter.config import ConfigError, load_config, reset_active

    if text is None and not paths:
        raise click.UsageError("give card files or --text")
    if text is not None and paths:
        raise click.UsageError("give card files or --text, not both")
    try:
        config = load_config(paths or ["."], explicit=config_path)
    except ConfigError as exc:
        click.echo(f"oraclelint: error: {exc}", err=True)
        sys.exit(2)
    config.install()  # a set's own keywords and types are parsed as such
    try:
        result = parse_view.parse(paths, text=text, name=name, type_line=type_line, mana_cost=mana_cost)
    finally:
        reset_active()
    if fmt == "json":
        click.echo(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
    else:
        from linter.reporters.style import printable

        click.echo("\n".join(printable(line) for line in result.as_text().split("\n")), nl=False)
    sys.exit(2 if result.unreadable else 0)


@main.command()
@click.option("--stdio", is_flag=True, help="Speak over standard input and output (the only way; accepted for "
                                            "clients that pass it).")
def server(stdio) -> None:
    """Run the language server (LSP over standard input and output) for editors.

    Diagnostics for every supported card file as it is opened and edited, each fix as a
    code action, and on hover the parse of the rules text with the CR rules it invokes.
    See the README for VS Code and Neovim."""
    from linter.server import serve

    serve()


def _register_subcommands() -> None:
    """Command groups that live in their own packages (their modules import nothing heavy)."""
    from linter.cr.commands import cr_group, explain_command
    from linter.oracle.commands import oracle_group

    for command in (cr_group, explain_command, oracle_group):
        main.add_command(command)


_register_subcommands()
