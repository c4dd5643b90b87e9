"""referee/batch.py: the chunks a run is cut into, and `--jobs 2` giving what `--jobs 1` gives."""

from __future__ import annotations

from pathlib import Path

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
