"""Checking many files: in this process, or spread over worker processes.

Reports come back in the order the files were given, whatever the number
of workers. A worker process loads the rulesets once and then checks file
after file; nothing is shared but the paths going out and the reports
(or, for streamed formats, each report's status and text) coming back.

Where processes can fork (Linux), `jobs` N is this process and N - 1 forked
workers: this process checks chunks itself between taking in the workers'
results (so nothing waits on an idle parent, and only the workers' share of
the reports crosses a pipe), hands each worker its next chunk as it sends a
result, and checks any chunk a worker died on itself. Elsewhere a spawned
multiprocessing pool of N workers does the work.

Workers ignore SIGINT (a terminal's Ctrl-C reaches the whole process group;
only this process acts on it) and die of SIGTERM; however the run ends
(done, an exception, SIGINT or SIGTERM turned into one by the caller), the
workers are sent SIGTERM and waited for, with both signals held off while
they start and while they stop, so none is left behind.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from contextlib import contextmanager
from typing import Callable, Generator, Iterator, TypeVar

from .check import check_file
from .config import Choices
from .errors import InputError, Problem, internal_error
from .frozen import frozen
from .inputs import Unlisted
from .report import Report, Status
from .source import DEFAULT_MAX_BYTES

__all__ = ["check_files", "render_files", "Rendered", "default_jobs", "guarded_check"]

T = TypeVar("T")

_MAX_BYTES = DEFAULT_MAX_BYTES
_RENDER: Callable[[list[Report]], str] | None = None
_CHOICES: Choices | None = None
_IN_PROGRESS = False  # `check --in-progress`


@frozen(slots=True)
class Rendered:
    """One file's status and its report as text, rendered where it was
    checked; its game and the rule ID of each finding (for `--statistics`)."""

    status: Status
    text: str
    game: str | None = None
    rules: tuple[str, ...] = ()


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _init(max_bytes: int, render: Callable[[list[Report]], str] | None, choices: Choices | None = None,
          in_progress: bool = False) -> None:
    global _MAX_BYTES, _RENDER, _CHOICES, _IN_PROGRESS
    _MAX_BYTES, _RENDER, _CHOICES, _IN_PROGRESS = max_bytes, render, choices, in_progress


def _init_worker(max_bytes: int, render: Callable[[list[Report]], str] | None,
                 choices: Choices | None = None, in_progress: bool = False) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    _init(max_bytes, render, choices, in_progress)


_HELD = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block ends. Threads and processes
    started inside it begin with them blocked (the pool's threads keep them
    so; its workers unblock them once they ignore SIGINT)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def guarded_check(path: str | Unlisted, *, max_bytes: int, choices: Choices | None = None,
                  in_progress: bool = False) -> Report:
    """check_file, except that a fault of the referee itself becomes an
    unusable report naming it, so that one file cannot end a batch run; a
    directory that could not be listed is reported unusable as it is.
    `choices`: config defaults and `-o` overrides (`config.Choices`)."""
    if isinstance(path, Unlisted):
        return Report.unusable(path.path, InputError(Problem(path.message), file=path.path))
    try:
        return check_file(path, max_bytes=max_bytes, choices=choices, in_progress=in_progress)
    except Exception as exc:  # noqa: BLE001 - reported, never swallowed silently
        return Report.unusable(path, InputError(Problem(internal_error(exc)), file=path))


def _check(path: str | Unlisted) -> Report:
    return guarded_check(path, max_bytes=_MAX_BYTES, choices=_CHOICES, in_progress=_IN_PROGRESS)


_STATUSES = tuple(Status)
_STATUS_INDEX = {status: i for i, status in enumerate(_STATUSES)}
_MAX_CHUNK = 64  # files a worker is given at a time, at most; fewer towards the end


def _check_and_render(path: str | Unlisted) -> tuple[int, str, str | None, tuple[str, ...]]:
    """A Rendered as a plain tuple (status as an index): what a worker sends back costs the
    parent a fifteenth as much to unpickle as the dataclass."""
    report = guarded_check(path, max_bytes=_MAX_BYTES, choices=_CHOICES, in_progress=_IN_PROGRESS)
    # _RENDER is set by the worker's initialiser before any task runs.
    return (_STATUS_INDEX[report.status], _RENDER([report]),  # type: ignore[misc]
            report.game, tuple(f.rule for f in report.findings))


def _in_chunk(job: tuple[Callable[[str | Unlisted], T], list[str | Unlisted]]) -> list[T]:
    """A worker's task: `task` over a chunk of paths."""
    task, chunk = job
    return [task(path) for path in chunk]


def _chunks(paths: list[str | Unlisted], jobs: int) -> Iterator[list[str | Unlisted]]:
    """`paths` cut into chunks that shrink as the run nears its end (a quarter of each worker's
    share of what is left, at most _MAX_CHUNK): few messages while there is much to do, and at
    the end no worker left with a long chunk while the others wait."""
    at, total = 0, len(paths)
    while at < total:
        size = max(1, min(_MAX_CHUNK, (total - at) // (jobs * 4)))
        yield paths[at:at + size]
        at += size


def _map(task: Callable[[str | Unlisted], T], paths: list[str | Unlisted], *, jobs: int, max_bytes: int,
         render: Callable[[list[Report]], str] | None,
         progress: Callable[[int, int], None] | None, choices: Choices | None = None,
         in_progress: bool = False) -> Generator[T, None, None]:
    """`task` over `paths`, in order: here, or in `jobs` worker processes."""
    total = len(paths)
    jobs = max(1, min(jobs, total))
    pool = None
    results: Iterator[T] = iter(())
    try:
        if jobs == 1 or "-" in paths:
            _init(max_bytes, render, choices, in_progress)
            results = map(task, paths)
        elif _FORK:
            _init(max_bytes, render, choices, in_progress)
            results = _forked(task, list(_chunks(paths, jobs)), jobs - 1)
        else:
            import multiprocessing

            context = multiprocessing.get_context("spawn")
            with _signals_held():
                pool = context.Pool(jobs, initializer=_init_worker, initargs=(max_bytes, render, choices, in_progress))
                chunks = pool.imap(_in_chunk, ((task, chunk) for chunk in _chunks(paths, jobs)))
                results = (result for chunk in chunks for result in chunk)
        for done, result in enumerate(results, start=1):
            yield result
            if progress:
                progress(done, total)
    finally:
        if pool is not None:
            with _signals_held():
                pool.terminate()
                pool.join()
        if isinstance(results, Generator):
            results.close()  # a forked run's workers stopped and waited for


_FORK = sys.platform.startswith("linux")
_HEADER = 8  # a result's length, before it on the pipe


def _forked(task: Callable[[str | Unlisted], T], chunks: list[list[str | Unlisted]],
            workers: int) -> Generator[T, None, None]:
    """`task` over `chunks`, in order: in this process and in `workers` forked
    processes, each kept two chunks ahead. The objects built so far are
    frozen out of the collector's reach while the workers are forked, so that
    neither side's collections copy the pages they share."""
    import pickle  # here, not at the top: `--jobs 1` does without both
    import select

    done: dict[int, list[T] | BaseException] = {}
    given: dict[int, list[int]] = {}  # a worker's result pipe -> the chunks it holds
    feeds: dict[int, int] = {}  # a worker's result pipe -> its task pipe (-1 once closed)
    pids: list[int] = []
    after = 0  # the next chunk nobody holds

    def hand(fd: int) -> None:
        nonlocal after
        while len(given[fd]) < 2 and after < len(chunks):
            given[fd].append(after)
            after += 1
            try:
                os.write(feeds[fd], given[fd][-1].to_bytes(4, "little"))
            except OSError:  # the worker is gone: its result pipe ends, and what it held is done here
                pass
        if after == len(chunks):
            stop_feeding()

    def stop_feeding() -> None:
        """Every chunk is handed out: each worker's task pipe is closed, so that a worker ends once
        it has sent what it holds, and its exit overlaps the run's last chunks instead of following them."""
        for fd, feed in feeds.items():
            if feed >= 0:
                os.close(feed)
                feeds[fd] = -1

    def take_in(wait: bool) -> None:
        while given:
            ready, _, _ = select.select(list(given), [], [], None if wait else 0)
            if not ready:
                return
            for fd in ready:
                message = _read(fd, _HEADER)
                if len(message) < _HEADER:  # the worker is gone: what it held is done here
                    redo.extend(given.pop(fd))
                    os.close(fd)
                    if (feed := feeds.pop(fd)) >= 0:
                        os.close(feed)
                    continue
                index, result = pickle.loads(_read(fd, int.from_bytes(message, "little")))
                given[fd].remove(index)
                done[index] = result
                hand(fd)
            wait = False

    redo: list[int] = []
    frozen_here = False
    try:
        with _signals_held():
            gc.freeze()
            frozen_here = True
            for _ in range(workers):
                tasks, feed = os.pipe()
                results, back = os.pipe()
                pid = os.fork()
                if pid == 0:  # pragma: no cover - the worker (its coverage is not collected)
                    _work(task, chunks, tasks, back,
                          others=(feed, results, *given, *(f for f in feeds.values() if f >= 0)))
                os.close(tasks)
                os.close(back)
                pids.append(pid)
                given[results], feeds[results] = [], feed
                hand(results)
        for index in range(len(chunks)):
            while index not in done:
                take_in(wait=False)
                if index in done:
                    break
                mine = redo.pop(0) if redo else after if after < len(chunks) else None
                if mine is None:
                    take_in(wait=True)
                    continue
                if mine == after:
                    after += 1
                    if after == len(chunks):
                        stop_feeding()
                own: list[T] = []
                for path in chunks[mine]:
                    own.append(task(path))
                    if given:
                        take_in(wait=False)
                done[mine] = own
            result = done.pop(index)
            if isinstance(result, BaseException):
                raise result
            yield from result
    finally:
        with _signals_held():
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:  # pragma: no cover - already gone
                    pass
            for fd in [*given, *feeds.values()]:
                if fd >= 0:
                    os.close(fd)
            for pid in pids:
                os.waitpid(pid, 0)
            if frozen_here:
                gc.unfreeze()


def _read(fd: int, size: int) -> bytes:
    """`size` bytes from a pipe, or fewer if it ends first."""
    parts, left = [], size
    while left:
        part = os.read(fd, min(left, 1 << 20))
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _work(task: Callable[[str | Unlisted], T], chunks: list[list[str | Unlisted]], tasks: int, back: int,
          *, others: tuple[int, ...]) -> None:  # pragma: no cover - runs in a forked worker
    """A forked worker: each chunk index read from `tasks`, its results
    written to `back`, until `tasks` ends; then the process ends, with
    nothing of the parent's run again (atexit handlers, buffered output)."""
    import pickle  # imported by the parent before forking

    status = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
        for fd in others:  # the parent's ends of its pipes and of theirs forked before it (so `tasks` can end)
            os.close(fd)
        while len(word := _read(tasks, 4)) == 4:
            index = int.from_bytes(word, "little")
            outcome: list[T] | BaseException
            try:
                outcome = [task(path) for path in chunks[index]]
                message = pickle.dumps((index, outcome), pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # noqa: BLE001 - raised again in the parent, where the result is read
                try:
                    message = pickle.dumps((index, exc), pickle.HIGHEST_PROTOCOL)
                except Exception:  # noqa: BLE001
                    message = pickle.dumps((index, RuntimeError(internal_error(exc))), pickle.HIGHEST_PROTOCOL)
            data = memoryview(len(message).to_bytes(_HEADER, "little") + message)
            while data:
                data = data[os.write(back, data):]
    except BaseException:  # noqa: BLE001 - the parent takes the chunk over
        status = 1
    finally:
        os._exit(status)


def check_files(
    paths: list[str | Unlisted],
    *,
    jobs: int = 1,
    max_bytes: int = DEFAULT_MAX_BYTES,
    progress: Callable[[int, int], None] | None = None,
    choices: Choices | None = None,
    in_progress: bool = False,
) -> Generator[Report, None, None]:
    """Reports for `paths`, in order. Standard input (`-`) is read here, in
    this process, whatever `jobs` says."""
    return _map(_check, paths, jobs=jobs, max_bytes=max_bytes, render=None, progress=progress, choices=choices,
                in_progress=in_progress)


def render_files(
    paths: list[str | Unlisted],
    *,
    render: Callable[[list[Report]], str],
    jobs: int = 1,
    max_bytes: int = DEFAULT_MAX_BYTES,
    progress: Callable[[int, int], None] | None = None,
    choices: Choices | None = None,
    in_progress: bool = False,
) -> Generator[Rendered, None, None]:
    """Like check_files, but each report is rendered by `render` (a module-level
    function, so that workers can receive it) in the process that checked it:
    only its status, text, game and rule IDs come back."""
    return _rendered(_map(_check_and_render, paths, jobs=jobs, max_bytes=max_bytes, render=render,
                          progress=progress, choices=choices, in_progress=in_progress))


def _rendered(results: Generator[tuple[int, str, str | None, tuple[str, ...]], None, None]
              ) -> Generator[Rendered, None, None]:
    try:
        for status, text, game, rules in results:
            yield Rendered(_STATUSES[status], text, game, rules)
    finally:
        results.close()  # the pool stops when the caller stops reading
