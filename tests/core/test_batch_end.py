"""The end of a forked run and of a check: each worker ends by itself once every chunk is handed
out (its exit overlaps the run's last chunks), and a run's exit status is its worst file's."""

from __future__ import annotations

import itertools
import os
import random
import time
from pathlib import Path

import pytest

from referee import batch
from referee.batch import _chunks
from referee.report import Status, exit_status


def _children() -> set[int]:
    return {int(pid) for task in Path("/proc/self/task").iterdir()
            for pid in (task / "children").read_text().split()}


def _ended(pid: int) -> bool:
    """Whether the child has exited (a zombie, not yet waited for)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in "ZX"
    except FileNotFoundError:
        return True


def _plain(path: str) -> str:
    return path


@pytest.mark.skipif(not batch._FORK or not Path("/proc/self/task").exists(), reason="forks, and /proc")
@pytest.mark.parametrize("workers", [1, 2])
def test_workers_end_by_themselves_once_every_chunk_is_handed_out(workers):
    before = _children()
    paths = [f"f{i}" for i in range(200)]
    run = batch._forked(_plain, list(_chunks(paths, workers + 1)), workers)  # type: ignore[arg-type]
    results = list(itertools.islice(run, len(paths)))  # every result, and the run not yet closed
    assert results == paths
    started = _children() - before
    assert len(started) == workers
    deadline = time.monotonic() + 20
    while not all(_ended(pid) for pid in started) and time.monotonic() < deadline:
        time.sleep(0.005)
    assert all(_ended(pid) for pid in started)  # before the run is closed: nobody sent them SIGTERM
    run.close()
    assert _children() <= before


def test_exit_status_is_the_worst_files_as_from_every_files_exit_code():
    shuffle = random.Random(21)
    for size in [0, 1, 2, 3, 5, 50]:
        for _ in range(40):
            statuses = shuffle.choices(list(Status), k=size)
            expected = max((s.exit_code for s in statuses), default=0)  # the plain way, file by file
            assert exit_status(statuses) == expected
            assert exit_status(iter(statuses)) == expected
            assert exit_status(tuple(statuses)) == expected
