"""The entry point: a plain `referee check FILE...` runs without click and
answers exactly as the click command does; a closed pipe ends quietly."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee import console

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def run(*args: str, stdin: str | None = None, cwd: Path) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NO_COLOR")}
    done = subprocess.run([sys.executable, "-m", "referee", *args], input=stdin, capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=60)
    timeless = re.compile(r"\(\d+\.\d+ s\)")  # the summary's wall time: on stdout, or stderr for jsonl
    return done.returncode, timeless.sub("(T s)", done.stdout), timeless.sub("(T s)", done.stderr)


@pytest.mark.parametrize("args", [
    ["samples/getaway/seed-000-example.yaml"],
    ["samples/getaway/disputed-revoke.yaml"],
    ["samples/tjuv", "samples/getaway/no-pickup.yaml"],
    ["samples/*/*.yaml"],
    ["no/such/file.yaml"],
    ["broken.yaml"],
    ["-"],
    ["--format", "jsonl", "--jobs", "2", "samples/tjuv", "samples/getaway"],
    ["--format=json", "samples/getaway/disputed-revoke.yaml", "-j", "1"],
    ["--jobs=2", "samples/*/*.yaml", "broken.yaml"],
])
def test_plain_check_answers_as_the_click_command(args, tmp_path):
    (tmp_path / "samples").symlink_to(SAMPLES)
    (tmp_path / "broken.yaml").write_text("game: getaway\nplayers: [a, b\n")
    stdin = (SAMPLES / "tjuv" / "tjuv-three-players.yaml").read_text()
    assert console._plain_options(["check", *args]) is not None
    plain = run("check", *args, stdin=stdin, cwd=tmp_path)
    through_click = run("check", "--max-bytes", "8388608", *args, stdin=stdin, cwd=tmp_path)  # the default
    assert console._plain_options(["check", "--max-bytes", "8388608", *args]) is None
    assert plain == through_click
    assert plain[0] in (0, 1, 2) and "Traceback" not in plain[2]


@pytest.mark.parametrize("argv, plain", [
    (["check", "a.yaml"], True),
    (["check", "a.yaml", "-"], True),
    (["check"], False),
    (["check", "--jobs", "1", "a.yaml"], True),
    (["check", "a.yaml", "--format=json"], True),
    (["check", "-j", "2", "--format", "jsonl", "a", "b"], True),
    (["check", "--format", "jsonl"], False),  # no file
    (["check", "a.yaml", "--format=JSON"], False),
    (["check", "a.yaml", "--format"], False),
    (["check", "--jobs", "0", "a.yaml"], False),
    (["check", "--jobs", "02", "a.yaml"], False),
    (["check", "--jobs", "1", "--jobs", "2", "a.yaml"], False),
    (["check", "-j2", "a.yaml"], False),
    (["check", "-j=2", "a.yaml"], False),
    (["check", "--quiet", "a.yaml"], False),
    (["check", "--", "a.yaml"], False),
    (["check", "-h"], False),
    (["show", "a.yaml"], False),
    ([], False),
])
def test_which_command_lines_skip_click(argv, plain, monkeypatch):
    monkeypatch.delenv("_REFEREE_COMPLETE", raising=False)
    assert (console._plain_options(argv) is not None) is plain
    monkeypatch.setenv("_REFEREE_COMPLETE", "bash_complete")
    assert console._plain_options(argv) is None


def test_a_fault_on_the_plain_path_is_one_line_and_status_2(monkeypatch, capsys):
    def broken(files):
        raise KeyError(0)

    monkeypatch.setattr(console, "run_check", broken)
    assert console._guarded_check(["x.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error of the referee (KeyError: 0)" in err


@pytest.mark.parametrize("options", [[], ["--jobs", "1"], ["--format", "jsonl"]])
def test_a_reader_that_goes_away_ends_the_check_quietly(options, tmp_path):
    """`referee check archive/ | head`: status 1 (as click has it), no message."""
    for i in range(60):
        (tmp_path / f"g{i:02}.yaml").write_text((SAMPLES / "getaway" / "seed-000-example.yaml").read_text())
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    process = subprocess.Popen([sys.executable, "-m", "referee", "check", *options, str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    process.stdout.read(50)
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=60) == 1
    assert err == b""


def test_the_plain_path_passes_format_and_jobs_on(monkeypatch):
    monkeypatch.delenv("_REFEREE_COMPLETE", raising=False)
    assert console._plain_options(["check", "--format", "jsonl", "a", "-j", "2", "-"]) == (
        ["a", "-"], {"output_format": "jsonl", "jobs": 2})
    assert console._plain_options(["check", "--jobs=12", "--format=html", "a"]) == (
        ["a"], {"output_format": "html", "jobs": 12})
    assert console._plain_options(["check", "a"]) == (["a"], {})
