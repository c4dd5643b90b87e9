"""Checking many files: in this process, or spread over worker processes.

Reports come back in the order the files were given, whatever the number
of workers. A worker process loads the rulesets once and then checks file
after file; nothing is shared but the paths going out and the reports
coming back.
"""

from __future__ import annotations

import os
import sys
from typing import Callable, Iterator

from .check import check_file
from .errors import InputError, Problem, internal_error
from .report import Report
from .source import DEFAULT_MAX_BYTES

__all__ = ["check_files", "default_jobs", "guarded_check"]

_MAX_BYTES = DEFAULT_MAX_BYTES


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _init(max_bytes: int) -> None:
    global _MAX_BYTES
    _MAX_BYTES = max_bytes


def guarded_check(path: str, *, max_bytes: int) -> Report:
    """check_file, except that a fault of the referee itself becomes an
    unusable report naming it, so that one file cannot end a batch run."""
    try:
        return check_file(path, max_bytes=max_bytes)
    except Exception as exc:  # noqa: BLE001 - reported, never swallowed silently
        return Report.unusable(path, InputError(Problem(internal_error(exc)), file=path))


def _check(path: str) -> Report:
    return guarded_check(path, max_bytes=_MAX_BYTES)


def check_files(
    paths: list[str],
    *,
    jobs: int = 1,
    max_bytes: int = DEFAULT_MAX_BYTES,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[Report]:
    """Reports for `paths`, in order. Standard input (`-`) is read here, in
    this process, whatever `jobs` says."""
    total = len(paths)
    jobs = max(1, min(jobs, total))
    if jobs == 1 or "-" in paths:
        for done, path in enumerate(paths, start=1):
            yield guarded_check(path, max_bytes=max_bytes)
            if progress:
                progress(done, total)
        return
    import multiprocessing

    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    chunk = max(1, min(64, total // (jobs * 8)))
    with context.Pool(jobs, initializer=_init, initargs=(max_bytes,)) as pool:
        for done, report in enumerate(pool.imap(_check, paths, chunksize=chunk), start=1):
            yield report
            if progress:
                progress(done, total)
