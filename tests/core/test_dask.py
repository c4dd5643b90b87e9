"""The README's Dask snippet, run as written with `dask.bag` on the local
process scheduler over the samples and a few hundred seeded simulated
files, gives the reports `referee check --jobs 2 --format jsonl` gives.
Needs the `dask` extra (`pip install '.[dask]'`)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.games import get_game


ROOT = Path(__file__).resolve().parents[2]
SIMULATED = [("getaway", "getaway", 4, {}), ("getaway", "donkey", 5, {"betting": "pot", "match_rounds": "2"}),
             ("tjuv", "tjuv", 3, {}), ("getaway", "getaway-no-pickup", 3, {}), ("tjuv", "tjuv-schenkmanis", 2, {})]


def readme_snippet() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    found = [block for block in blocks if "dask.bag" in block]
    assert len(found) == 1, "the README has one Dask snippet"
    return found[0]


def test_ci_installs_the_dask_extra_the_readme_test_command_names():
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(requirement.startswith("dask[bag]") for requirement in extras["dask"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "pip install '.[test,dask]' && pytest" in readme
    assert "python -m pip install -q '.[test,dask]'" in ci and ci[-1] == "pytest"  # (mypy referee between them)


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    """A folder holding archive/: the samples, 300 simulated files (a few of
    the slower games among them) and one file that is not a transcript."""
    here = tmp_path_factory.mktemp("dask")
    shutil.copytree(ROOT / "samples", here / "archive" / "samples")
    simulated = here / "archive" / "simulated"
    simulated.mkdir()
    for i in range(300):
        game, preset, players, options = SIMULATED[i % len(SIMULATED)]
        if i % 50 == 7:
            game, preset, players, options = "game-flip-flop", "dayton", 3, {}
        text = get_game(game).simulate(preset=preset, players=players, seed=i, options=options)
        (simulated / f"{i:04}-{game}.yaml").write_text(text, encoding="utf-8")
    (simulated / "9999-broken.yaml").write_text("format: 1\ngame: getaway\nplayers: [A\n", encoding="utf-8")
    return here


def test_the_readme_dask_snippet_matches_check_jobs_2(archive, monkeypatch):
    pytest.importorskip("dask.bag", reason="dask is not installed (pip install '.[dask]')")
    import dask

    monkeypatch.chdir(archive)
    scope: dict = {}
    with dask.config.set(scheduler="processes", num_workers=2):
        exec(compile(readme_snippet(), "README.md", "exec"), scope)  # noqa: S102 - the project's own README
        everything = scope["rulings"].compute()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-m", "referee", "check", "--jobs", "2", "--format", "jsonl", "archive/"],
                         capture_output=True, text=True, cwd=archive, env=env, timeout=300)
    assert out.returncode == 2  # the broken file
    by_check = {report["file"]: report for report in map(json.loads, out.stdout.splitlines())}
    assert len(by_check) == 300 + 1 + len(list((archive / "archive" / "samples").rglob("*.yaml")))
    assert {report["file"]: report for report in everything} == by_check
    disputed = scope["disputed"]
    assert sorted(r["file"] for r in disputed) == sorted(f for f, r in by_check.items() if r["status"] != "legal")
    assert "archive/simulated/9999-broken.yaml" in {r["file"] for r in disputed}
    assert {r["status"] for r in disputed} == {"illegal", "unusable"}
