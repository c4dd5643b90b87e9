"""The command line with Tjuv: simulate, check (samples), rules, explain."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.check import check_file
from referee.cli import main
from referee.games.tjuv import rules as R
from referee.report import Status

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "tjuv"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("preset", ["tjuv", "tjuv-schenkmanis", "tattare-1922"])
def test_simulate_gives_a_legal_transcript(preset, tmp_path):
    result = run("simulate", "tjuv", "--preset", preset, "--players", "3", "--seed", "5")
    assert result.exit_code == 0
    path = tmp_path / "game.yaml"
    path.write_text(result.output, encoding="utf-8")
    assert run("check", str(path)).exit_code == 0


@pytest.mark.parametrize("players", ["1", "12"])
def test_simulate_refuses_impossible_seat_counts(players):
    assert run("simulate", "tjuv", "--players", players).exit_code == 2


def test_rules_and_explain():
    result = run("rules", "tjuv")
    assert result.exit_code == 0 and "TJ-3.7" in result.output and "tjuv-schenkmanis" in result.output
    result = run("explain", "TJ-3.7")
    assert result.exit_code == 0 and "tjuv" in result.output


def test_samples():
    expected = {
        "tjuv-three-players.yaml": [],
        "tjuv-four-players.yaml": [],
        "tjuv-schenkmanis-two-players.yaml": [],
        "tjuv-violations.yaml": [(1, 13, R.COMPULSORY), (2, 13, R.STEAL_NEEDS_CAPTURE), (3, None, R.COUNT),
                                 (3, None, R.WINNER)],
    }
    assert {p.name for p in SAMPLES.glob("*.yaml")} == set(expected)
    for name, wheres in expected.items():
        report = check_file(str(SAMPLES / name))
        assert [f.where for f in report.findings if f.is_error] == wheres, name
        assert report.status is (Status.LEGAL if not wheres else Status.ILLEGAL)
    presets = {check_file(str(p)).ruleset for p in SAMPLES.glob("*.yaml")}
    assert presets == {"tjuv", "tjuv-schenkmanis"}


def test_json_report_of_the_samples_follows_the_report_schema():
    import json

    from referee.schemas import schema, local_validator

    result = run("check", "--format", "json", str(SAMPLES))
    assert result.exit_code == 1  # the violations sample
    data = json.loads(result.output)
    assert list(local_validator(schema("report.schema.json")).iter_errors(data)) == []
    summary = data["summary"]
    assert (summary["files"], summary["legal"], summary["illegal"], summary["unusable"]) == (4, 3, 1, 0)
