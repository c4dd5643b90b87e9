"""The `referee` command's entry point, and the work of `referee check`.

A plain `referee check FILE...` (no option but `--format F` and `--jobs N`,
no `--`) runs `run_check` without importing click: click and its imports
are about a third of the start-up of a one-file check, scripts call
`referee check` once per file, and with `--jobs` the start-up is serial
time that no worker shortens. Every other command line (any option, `--help`, shell completion, other commands)
goes to the click application in `cli.py`, whose `check` command calls the
same `run_check`; a test compares the two paths' output and exit status.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any, Mapping

__all__ = ["main", "run_check", "write_text", "write_page", "interrupted", "Terminated"]


_FORMATS = ("text", "json", "jsonl", "html", "github")  # as the click command's --format choices


def _plain_options(args: list[str]) -> tuple[list[str], dict[str, Any]] | None:
    """A `referee check` command line that needs no click, as its files and
    `run_check` options: FILE arguments (`-` or not starting with `-`) and at
    most one `--format F` (`--format=F`; F one of the choices, exactly) and one
    `--jobs N` (`--jobs=N`, `-j N`; N a plain positive number). Anything else
    (another option, `--`, a value click would read otherwise or reject, shell
    completion) is None: click's to parse."""
    if len(args) < 2 or args[0] != "check" or "_REFEREE_COMPLETE" in os.environ:
        return None
    files: list[str] = []
    options: dict[str, Any] = {}
    words = iter(args[1:])
    for arg in words:
        if arg == "-" or not arg.startswith("-"):
            files.append(arg)
            continue
        name, sep, value = arg.partition("=")
        if not sep:
            value = next(words, "")
        key = {"--format": "output_format", "--jobs": "jobs", "-j": "jobs"}.get(name)
        if key is None or key in options or (sep and name == "-j"):
            return None
        if key == "jobs":
            if not (value.isascii() and value.isdigit() and value[0] != "0"):
                return None
            options[key] = int(value)
        elif value in _FORMATS:
            options[key] = value
        else:
            return None
    return (files, options) if files else None


def main() -> None:
    """`referee ...` (the console script and `python -m referee`)."""
    args = sys.argv[1:]
    plain = _plain_options(args)
    if plain is not None:
        _finish(_guarded_check(*plain))
    from .cli import main as application

    if args[:1] != ["check"]:
        application(prog_name="referee", complete_var="_REFEREE_COMPLETE")
        return
    try:
        application(prog_name="referee", complete_var="_REFEREE_COMPLETE")
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            _finish(done.code or 0)
        raise


def _finish(status: int) -> None:
    """End a `referee check` with `status` once its output is flushed, without
    the interpreter's teardown: freeing every module and object a run built
    is a fiftieth of a 2,000-file check, and serial. Nothing of the check
    is left to finish (its workers are waited for; it registers no atexit
    handler). If a flush fails, the interpreter ends as usual and says so."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        sys.exit(status)
    os._exit(status)


def _guarded_check(files: list[str], options: Mapping[str, Any] | None = None) -> int:
    """`run_check` with what the click application does around it: a closed
    pipe ends quietly with status 1, Ctrl-C is one line and status 130, and
    a fault of the referee itself is one line and status 2, never a
    traceback."""
    try:
        return run_check(files, **(options or {}))
    except BrokenPipeError:
        return quiet_broken_pipe()
    except KeyboardInterrupt:
        return interrupted(signal.SIGINT)
    except EOFError:
        sys.stderr.write("\nAborted!\n")
        return 1
    except Exception as exc:  # noqa: BLE001
        from .errors import internal_error

        sys.stderr.write(f"referee: error: {internal_error(exc)}\n")
        return 2


class Terminated(BaseException):
    """SIGTERM arrived during a check (raised by its handler, like
    KeyboardInterrupt for SIGINT, so that the workers are stopped on the way out)."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


def interrupted(signum: int) -> int:
    """One line on standard error for a run stopped by SIGINT or SIGTERM, and
    the status a shell gives a process killed by it: 128 + the signal's number."""
    what = "interrupted" if signum == signal.SIGINT else "terminated"
    sys.stderr.write(("\n" if sys.stderr.isatty() else "") + f"referee: {what}; not every file was checked\n")
    sys.stderr.flush()
    return 128 + signum


def quiet_broken_pipe() -> int:
    """The reader went away (`referee check ... | head`): stop writing, and
    keep the interpreter from complaining when it flushes at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 1


def run_check(files: list[str] | tuple[str, ...], *, output_format: str | None = None, jobs: int | None = None,
              max_bytes: int | None = None, quiet: bool | None = None, statistics: bool = False,
              exclude: tuple[str, ...] | None = None, overrides: Mapping[str, str] | None = None,
              in_progress: bool = False, timing: bool = False) -> int:
    """Check FILES (paths, directories, globs, `-`), write the reports to
    standard output, and return the exit status (`report.exit_status`).
    `in_progress`: every file is a game in progress (`--in-progress`).
    `timing`: the JSON summary gives the run's wall time (`--timing`; off, two
    runs on the same files write the same bytes).
    What is None here comes from the nearest configuration file
    (`config.load_config`), else the built-in default; a configuration that
    cannot be used is one line and status 2. SIGINT and SIGTERM stop the run
    (workers included) with one line and status 130 or 143 (`interrupted`)."""
    from .config import ConfigError, load_config

    try:
        config = load_config()
    except ConfigError as exc:
        from .errors import shown

        sys.stderr.write(f"referee: error: {shown(str(exc), 1000)}\n")
        return 2
    on_term = None
    try:
        on_term = signal.signal(signal.SIGTERM, _terminated)
    except ValueError:  # not the main thread: SIGTERM keeps its handler
        pass
    try:
        return _run_check(
            files, output_format=output_format or config.format or "text", jobs=jobs or config.jobs,
            max_bytes=max_bytes, quiet=config.quiet if quiet is None else quiet, statistics=statistics,
            exclude=config.exclude if exclude is None else exclude, games=config.games, overrides=overrides or {},
            in_progress=in_progress, timing=timing)
    except KeyboardInterrupt:
        return interrupted(signal.SIGINT)
    except Terminated:
        return interrupted(signal.SIGTERM)
    finally:
        if on_term is not None:
            signal.signal(signal.SIGTERM, on_term)


def _run_check(files: list[str] | tuple[str, ...], *, output_format: str, jobs: int | None,
               max_bytes: int | None, quiet: bool | None, statistics: bool, exclude: tuple[str, ...] | None,
               games: Mapping, overrides: Mapping[str, str], in_progress: bool = False,
               timing: bool = False) -> int:
    import time
    from contextlib import closing

    from .batch import check_files, default_jobs, render_files
    from .config import Choices
    from .inputs import expand_inputs
    from .render import RENDERERS, render_problems, render_quiet, render_statistics, render_summary, summary
    from .report import exit_status
    from .source import DEFAULT_MAX_BYTES

    started = time.perf_counter()
    paths = expand_inputs(list(files), exclude=exclude or ())
    progress = _progress_bar() if len(paths) >= 20 and sys.stderr.isatty() else None
    reports, statuses = [], []
    counts: dict[tuple[str, str], int] = {}
    streaming = output_format in ("text", "jsonl", "github")  # rendered where checked, written as they come
    render = RENDERERS.get(output_format)
    if output_format == "text" and statistics:
        render = render_problems  # the findings are counted, not shown; unusable files are
    elif output_format == "text" and quiet:
        render = render_quiet  # what is not shown is not rendered
    choices = Choices(games=games, overrides=overrides) if games or overrides else None
    limits: dict[str, Any] = dict(jobs=jobs or default_jobs(), max_bytes=max_bytes or DEFAULT_MAX_BYTES, progress=progress,
                  choices=choices, in_progress=in_progress)
    if streaming:
        assert render is not None, "a streaming format has a renderer"
        with closing(render_files(paths, render=render, **limits)) as rendered:
            for done in rendered:
                statuses.append(done.status)
                if statistics and done.rules:
                    assert done.game is not None, "a file with findings has its game"
                    for rule in done.rules:
                        counts[rule, done.game] = counts.get((rule, done.game), 0) + 1
                if done.text:
                    write_text(done.text, progress, colour=output_format == "text")
    else:
        with closing(check_files(paths, **limits)) as checked:
            for report in checked:
                statuses.append(report.status)
                reports.append(report)
    seconds = time.perf_counter() - started
    if progress:
        sys.stderr.write("\r\033[K")
    if statistics:
        write_text(render_statistics(counts))
    if output_format == "html":
        from .html import html_page

        write_page(html_page(reports))
        sys.stderr.write(render_problems(reports))  # the page lists them; the terminal shows them too
    elif not streaming:
        sys.stdout.write(RENDERERS[output_format](reports, seconds=seconds if timing else None))
    elif len(statuses) > 1:
        target = sys.stdout if output_format == "text" else sys.stderr
        target.write(render_summary(summary(statuses, seconds=seconds)))
    sys.stdout.flush()
    return exit_status(statuses)


def _progress_bar():
    width = 30

    def show(done: int, total: int) -> None:
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} files")
        sys.stderr.flush()
    return show


def write_page(page: str) -> None:
    """An HTML page to standard output as UTF-8 bytes, as its charset says,
    whatever the encoding of the terminal or locale."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a text-only stream (a test's capture)
        sys.stdout.write(page)
    else:
        buffer.write(page.encode("utf-8"))
        buffer.flush()


def write_text(text: str, progress=None, *, colour: bool = True) -> None:
    """Text to standard output, painted on a terminal unless NO_COLOR is set."""
    if progress:
        sys.stderr.write("\r\033[K")
    if colour and sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
        from .colour import paint

        text = paint(text)
    sys.stdout.write(text)
