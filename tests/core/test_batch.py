"""referee/batch.py: the chunks a run is cut into, and `--jobs 2` giving what `--jobs 1` gives."""

from __future__ import annotations

import gc
import os
import sys
import time
from pathlib import Path

import pytest

from referee import batch
from referee.batch import _MAX_CHUNK, _chunks, check_files, render_files
from referee.render import render_jsonl, render_text

SAMPLES = sorted(str(p) for p in (Path(__file__).resolve().parents[2] / "samples").rglob("*.yaml"))


def test_chunks_hold_every_path_once_in_order_and_shrink_towards_the_end():
    for total in (0, 1, 2, 7, 63, 64, 65, 500, 2000):
        for jobs in (2, 3, 8):
            paths = [f"f{i}" for i in range(total)]
            chunks = list(_chunks(paths, jobs))  # type: ignore[arg-type]
            assert [p for chunk in chunks for p in chunk] == paths
            sizes = [len(chunk) for chunk in chunks]
            assert all(1 <= size <= _MAX_CHUNK for size in sizes)
            assert sizes == sorted(sizes, reverse=True)
            if total >= 64:
                assert sizes[-1] == 1 and sizes[0] == min(_MAX_CHUNK, total // (jobs * 4))


def test_two_workers_render_what_one_process_renders():
    paths = SAMPLES * 3
    for render in (render_text, render_jsonl):
        one = list(render_files(paths, render=render, jobs=1))  # type: ignore[arg-type]
        two = list(render_files(paths, render=render, jobs=2))  # type: ignore[arg-type]
        assert two == one
        assert {r.status for r in one} >= {r.status for r in two}
        assert any(r.rules for r in one)


def test_two_workers_check_what_one_process_checks():
    paths = SAMPLES * 2
    one = list(check_files(paths, jobs=1))  # type: ignore[arg-type]
    two = list(check_files(paths, jobs=2))  # type: ignore[arg-type]
    assert [r.to_data() for r in two] == [r.to_data() for r in one]


# A forked run (`_forked`): this process and its workers share the chunks --------------------------

PARENT = os.getpid()


MARK: list[Path] = []  # a file a worker makes when it checks its first path


def _where(path: str) -> tuple[str, bool]:
    """The path, and whether this process checked it; this process waits for
    a worker to have started (a watchdog, not a measurement), so both take part."""
    here = os.getpid() == PARENT
    if not here and MARK:
        MARK[0].touch()
    elif MARK:
        deadline = time.monotonic() + 60
        while not MARK[0].exists() and time.monotonic() < deadline:
            time.sleep(0.001)
    return path, here


def _dies_in_a_worker(path: str) -> str:
    if os.getpid() != PARENT:
        os._exit(3)  # a worker killed mid-chunk (as by the OOM killer)
    return path


def _fails_in_a_worker(path: str) -> str:
    if os.getpid() != PARENT and path == "f0":
        raise ValueError(path)
    return path


def _children() -> set[int]:
    """This process's children, ended but not waited for included."""
    return {int(pid) for task in Path("/proc/self/task").iterdir()
            for pid in (task / "children").read_text().split()}


@pytest.fixture
def no_worker_left():
    """The test's run leaves no child of this process behind (waited for, not a zombie)."""
    before = _children()
    yield
    assert _children() <= before


@pytest.mark.skipif(not batch._FORK or not Path("/proc/self/task").exists(), reason="forks, and /proc")
@pytest.mark.usefixtures("no_worker_left")
@pytest.mark.parametrize("workers", [1, 2])
def test_this_process_and_its_workers_share_the_chunks_and_results_keep_their_order(workers, tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "MARK", [tmp_path / "started"])
    paths = [f"f{i}" for i in range(300)]
    results = list(batch._forked(_where, list(_chunks(paths, workers + 1)), workers))  # type: ignore[arg-type]
    assert [path for path, _ in results] == paths
    assert {here for _, here in results} == {True, False}  # both sides checked some


@pytest.mark.skipif(not batch._FORK or not Path("/proc/self/task").exists(), reason="forks, and /proc")
@pytest.mark.usefixtures("no_worker_left")
def test_what_a_dead_worker_held_is_done_here():
    paths = [f"f{i}" for i in range(100)]
    assert list(batch._forked(_dies_in_a_worker, list(_chunks(paths, 2)), 1)) == paths  # type: ignore[arg-type]


@pytest.mark.skipif(not batch._FORK or not Path("/proc/self/task").exists(), reason="forks, and /proc")
@pytest.mark.usefixtures("no_worker_left")
def test_a_workers_exception_is_raised_here_and_no_worker_is_left():
    paths = [f"f{i}" for i in range(100)]
    with pytest.raises(ValueError, match="f0"):
        list(batch._forked(_fails_in_a_worker, list(_chunks(paths, 2)), 1))  # type: ignore[arg-type]


@pytest.mark.skipif(not batch._FORK or not Path("/proc/self/task").exists(), reason="forks, and /proc")
@pytest.mark.usefixtures("no_worker_left")
def test_a_run_closed_early_leaves_no_worker():
    paths = [f"f{i}" for i in range(2000)]
    run = batch._forked(_where, list(_chunks(paths, 3)), 2)  # type: ignore[arg-type]
    assert next(run)[0] == "f0"
    run.close()
    assert not gc.get_freeze_count()  # what was frozen for the fork is back in the collector's reach
