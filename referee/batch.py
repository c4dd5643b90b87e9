"""Checking many files: in this process, or spread over worker processes.

Reports come back in the order the files were given, whatever the number
of workers. A worker process loads the rulesets once and then checks file
after file; nothing is shared but the paths going out and the reports
(or, for streamed formats, each report's status and text) coming back.
"""

from __future__ import annotations

import os
import sys
from typing import Callable, Iterator, TypeVar

from .check import check_file
from .errors import InputError, Problem, internal_error
from .frozen import frozen
from .report import Report, Status
from .source import DEFAULT_MAX_BYTES

__all__ = ["check_files", "render_files", "Rendered", "default_jobs", "guarded_check"]

T = TypeVar("T")

_MAX_BYTES = DEFAULT_MAX_BYTES
_RENDER: Callable[[list[Report]], str] | None = None


@frozen(slots=True)
class Rendered:
    """One file's status and its report as text, rendered where it was checked."""

    status: Status
    text: str


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _init(max_bytes: int, render: Callable[[list[Report]], str] | None) -> None:
    global _MAX_BYTES, _RENDER
    _MAX_BYTES, _RENDER = max_bytes, render


def guarded_check(path: str, *, max_bytes: int) -> Report:
    """check_file, except that a fault of the referee itself becomes an
    unusable report naming it, so that one file cannot end a batch run."""
    try:
        return check_file(path, max_bytes=max_bytes)
    except Exception as exc:  # noqa: BLE001 - reported, never swallowed silently
        return Report.unusable(path, InputError(Problem(internal_error(exc)), file=path))


def _check(path: str) -> Report:
    return guarded_check(path, max_bytes=_MAX_BYTES)


def _check_and_render(path: str) -> Rendered:
    report = guarded_check(path, max_bytes=_MAX_BYTES)
    return Rendered(report.status, _RENDER([report]))


def _map(task: Callable[[str], T], paths: list[str], *, jobs: int, max_bytes: int,
         render: Callable[[list[Report]], str] | None,
         progress: Callable[[int, int], None] | None) -> Iterator[T]:
    """`task` over `paths`, in order: here, or in `jobs` worker processes."""
    total = len(paths)
    jobs = max(1, min(jobs, total))
    if jobs == 1 or "-" in paths:
        _init(max_bytes, render)
        results: Iterator[T] = map(task, paths)
        pool = None
    else:
        import multiprocessing

        context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        chunk = max(1, min(64, total // (jobs * 8)))
        pool = context.Pool(jobs, initializer=_init, initargs=(max_bytes, render))
        results = pool.imap(task, paths, chunksize=chunk)
    try:
        for done, result in enumerate(results, start=1):
            yield result
            if progress:
                progress(done, total)
    finally:
        if pool is not None:
            pool.terminate()


def check_files(
    paths: list[str],
    *,
    jobs: int = 1,
    max_bytes: int = DEFAULT_MAX_BYTES,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[Report]:
    """Reports for `paths`, in order. Standard input (`-`) is read here, in
    this process, whatever `jobs` says."""
    return _map(_check, paths, jobs=jobs, max_bytes=max_bytes, render=None, progress=progress)


def render_files(
    paths: list[str],
    *,
    render: Callable[[list[Report]], str],
    jobs: int = 1,
    max_bytes: int = DEFAULT_MAX_BYTES,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[Rendered]:
    """Like check_files, but each report is rendered by `render` (a module-level
    function, so that workers can receive it) in the process that checked it:
    only its status and text come back."""
    return _map(_check_and_render, paths, jobs=jobs, max_bytes=max_bytes, render=render, progress=progress)
