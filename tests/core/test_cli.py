"""The `referee` command as a user runs it (a subprocess, from a directory
outside the checkout, so the installed package must find its own data)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import referee
from referee.schemas import validator

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
SEED_EXAMPLE = SAMPLES / "getaway" / "seed-000-example.yaml"
DISPUTED = SAMPLES / "getaway" / "disputed-revoke.yaml"


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NO_COLOR")}
    return subprocess.run([sys.executable, "-m", "referee", *args], input=stdin, capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=60)


def test_version(tmp_path):
    result = run("--version", cwd=tmp_path)
    assert result.returncode == 0 and referee.__version__ in result.stdout


@pytest.mark.parametrize("command", ["check", "show", "replay", "rules", "explain", "simulate"])
def test_every_command_has_help_with_an_example(command, tmp_path):
    result = run(command, "--help", cwd=tmp_path)
    assert result.returncode == 0 and "Example" in result.stdout


def test_check_a_legal_sample_from_anywhere(tmp_path):
    result = run("check", str(SEED_EXAMPLE), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith("legal (getaway, ruleset getaway)")


def test_check_reports_file_line_column_rule_then_the_outcome(tmp_path):
    result = run("check", str(DISPUTED), cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert re.match(rf"{re.escape(str(DISPUTED))}:51:9: GW-4\.4 deal 1, move 32: ", lines[0])
    assert re.match(rf"{re.escape(str(DISPUTED))}:56:9: GW-4\.2 deal 1, move 37: ", lines[1])
    assert "loser E (legs 13)" in result.stdout


def test_json_output_follows_the_report_schema(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\n")
    result = run("check", "--format", "json", str(SEED_EXAMPLE), str(DISPUTED), str(bad), cwd=tmp_path)
    assert result.returncode == 2
    data = json.loads(result.stdout)
    assert list(validator("report.schema.json").iter_errors(data)) == []
    assert [r["status"] for r in data["reports"]] == ["legal", "illegal", "unusable"]
    assert {k: v for k, v in data["summary"].items() if k != "seconds"} == {"files": 3, "legal": 1, "illegal": 1,
                                                                          "unusable": 1}
    findings = data["reports"][1]["findings"]
    assert [(f["rule"], f["deal"], f.get("move"), f["line"]) for f in findings] == [
        ("GW-4.4", 1, 32, 51), ("GW-4.2", 1, 37, 56), ("GW-4.15", 1, None, 136)]


def test_jsonl_has_one_report_per_file_in_order(tmp_path):
    result = run("check", "--format", "jsonl", str(SAMPLES / "getaway"), cwd=tmp_path)
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    files = sorted(str(p) for p in (SAMPLES / "getaway").glob("*.yaml"))
    assert [r["file"] for r in reports] == files
    schema = validator("report.schema.json")
    for report in reports:
        assert list(schema.iter_errors({"referee": "x", "reports": [report],
                                        "summary": {"files": 1, "legal": 0, "illegal": 0, "unusable": 0}})) == []


def test_directories_and_globs_are_expanded(tmp_path):
    result = run("check", str(SAMPLES / "getaway"), cwd=tmp_path)
    assert result.returncode == 1  # the disputed sample is illegal
    for path in (SAMPLES / "getaway").glob("*.yaml"):
        assert str(path) in result.stdout
    result = run("check", str(SAMPLES / "getaway" / "seed-*.yaml"), cwd=tmp_path)
    assert result.returncode == 0 and "seed-000-example.yaml" in result.stdout


def test_standard_input(tmp_path):
    result = run("check", "-", stdin=SEED_EXAMPLE.read_text(), cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("<stdin>: deal 1")


def test_rules_lists_presets_options_and_rule_ids(tmp_path):
    result = run("rules", "getaway", cwd=tmp_path)
    assert result.returncode == 0
    for word in ("getaway (aliases: bhabhi, bhabhi-thulla)", "donkey", "getaway-pickup-breaker",
                 "getaway-spades-trump", "getaway-no-pickup", "empty_power = draw_waste",
                 "draw_next_hand", "staggered_table = 3,1", "GW-4.4", "GW-10.8"):
        assert word in result.stdout
    assert run("rules", "chess", cwd=tmp_path).returncode == 2


def test_explain(tmp_path):
    result = run("explain", "gw-4.2", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("GW-4.2 Playing to an ended trick")
    assert run("explain", "GW-99.9", cwd=tmp_path).returncode == 2


def test_simulate_is_deterministic_and_checks_legal(tmp_path):
    first = run("simulate", "getaway", "--players", "5", "--seed", "42", cwd=tmp_path)
    second = run("simulate", "getaway", "--players", "5", "--seed", "42", cwd=tmp_path)
    assert first.returncode == 0 and first.stdout == second.stdout
    assert run("simulate", "getaway", "--players", "5", "--seed", "43", cwd=tmp_path).stdout != first.stdout
    checked = run("check", "-", stdin=first.stdout, cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout


def test_simulate_with_options_and_bad_arguments(tmp_path):
    result = run("simulate", "getaway", "--preset", "donkey", "--seed", "3", "-o", "match_rounds=2",
                 "-o", "betting=pot", cwd=tmp_path)
    assert result.returncode == 0 and "match_rounds: 2" in result.stdout
    assert run("check", "-", stdin=result.stdout, cwd=tmp_path).returncode == 0
    for args in (["simulate", "chess"], ["simulate", "getaway", "--preset", "bridge"],
                 ["simulate", "getaway", "-o", "nonsense"], ["simulate", "getaway", "--players", "9"],
                 ["simulate", "getaway", "-o", "pickup=winner", "-o", "empty_power=escape"]):
        result = run(*args, cwd=tmp_path)
        assert result.returncode == 2 and "Traceback" not in result.stderr, args


def test_usage_errors_exit_2(tmp_path):
    assert run("check", cwd=tmp_path).returncode == 2
    assert run("check", "--format", "xml", str(SEED_EXAMPLE), cwd=tmp_path).returncode == 2
    assert run("frobnicate", cwd=tmp_path).returncode == 2


def test_the_readme_example_and_commands(tmp_path):
    readme = (ROOT / "README.md").read_text()
    example = re.findall(r"```yaml\n(.*?)```", readme, re.S)[0]
    result = run("check", "-", stdin=example, cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert "pip install . && referee check samples/getaway/seed-000-example.yaml" in readme
    assert "pip install '.[test,dask]' && pytest" in readme


def test_every_sample_checks_as_its_file_says(tmp_path):
    for path in sorted(SAMPLES.rglob("*.yaml")):
        report = referee.check_path(path)
        assert report["status"] != "unusable", (path, report)


def test_library_entry_points_map_over_processes_like_a_dask_bag():
    import multiprocessing
    import pickle

    paths = sorted(str(p) for p in (SAMPLES / "getaway").glob("*.yaml"))
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        reports = pool.map(referee.check_path, paths)
    assert [r["file"] for r in reports] == paths
    assert reports == [pickle.loads(pickle.dumps(referee.check_path(p))) for p in paths]


def test_library_entry_points_return_plain_data():
    report = referee.check_text(SEED_EXAMPLE.read_text(), name="x.yaml")
    json.dumps(report)  # plain data only
    assert report["status"] == "legal" and report["deals"][0]["loser"] == "S"
    assert referee.check_path(DISPUTED)["findings"][0]["rule"] == "GW-4.4"
    assert referee.check_text("[", name="y")["status"] == "unusable"


def test_a_check_pauses_the_collector_and_leaves_it_as_it_was(monkeypatch):
    """The cyclic collector is off during a check, back on after it (also after a
    fault of the referee), left off if it was off, and a check makes no cycles
    for it to find later."""
    import gc

    from referee import check
    from referee.games.getaway.game import Getaway

    seen = []
    real = check.validate
    monkeypatch.setattr(check, "validate", lambda *a, **k: (seen.append(gc.isenabled()), real(*a, **k))[1])
    text = SEED_EXAMPLE.read_text()
    assert gc.isenabled()
    assert referee.check_text(text)["status"] == "legal" and seen == [False] and gc.isenabled()
    gc.disable()
    try:
        referee.check_text(text)
        assert not gc.isenabled()
    finally:
        gc.enable()
    texts = (text, DISPUTED.read_text(), "[", "format: 1\ngame: nope\n")
    for one in texts:  # first uses import and compile what they need (jsonschema makes classes)
        referee.check_text(one)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for one in texts:
            referee.check_text(one)
        assert gc.collect() == 0 and not gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()

    def broken(self, *args, **kwargs):
        raise KeyError(0)

    monkeypatch.setattr(Getaway, "referee", broken)
    with pytest.raises(KeyError):
        referee.check_text(text)
    assert gc.isenabled()


def test_jobs_give_the_same_reports_in_the_same_order(tmp_path):
    for i in range(12):
        text = run("simulate", "getaway", "--players", str(3 + i % 4), "--seed", str(i), cwd=tmp_path).stdout
        (tmp_path / f"g{i:02}.yaml").write_text(text if i % 5 else text.replace(" play ", " plya ", 1))
    one = run("check", "--format", "jsonl", "--jobs", "1", str(tmp_path), cwd=tmp_path)
    two = run("check", "--format", "jsonl", "--jobs", "2", str(tmp_path), cwd=tmp_path)
    assert one.returncode == two.returncode == 2
    assert one.stdout == two.stdout
    assert [json.loads(line)["file"] for line in one.stdout.splitlines()] == sorted(
        str(p) for p in tmp_path.glob("*.yaml"))
    text = run("check", "--jobs", "2", str(tmp_path), cwd=tmp_path)
    assert re.search(r"^12 files: 9 legal, 0 illegal, 3 unusable \(\d+\.\d\d s\)$", text.stdout, re.M)


def test_a_fault_of_the_referee_is_a_message_not_a_traceback(monkeypatch):
    """One broken file cannot end a batch: the fault is reported for that file
    and the others are judged; show and replay report it in one line."""
    from click.testing import CliRunner

    from referee.cli import main
    from referee.games.tjuv.game import Tjuv

    def broken(self, *args, **kwargs):
        raise KeyError(0)

    monkeypatch.setattr(Tjuv, "referee", broken)
    monkeypatch.setattr(Tjuv, "narrate", broken)
    tjuv = str(SAMPLES / "tjuv" / "tjuv-three-players.yaml")
    result = CliRunner().invoke(main, ["check", "--jobs", "1", tjuv, str(SEED_EXAMPLE)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "internal error of the referee (KeyError: 0)" in result.output
    assert f"{SEED_EXAMPLE}: legal" in result.output
    assert "Traceback" not in result.output
    replay = CliRunner().invoke(main, ["replay", str(SEED_EXAMPLE)])
    assert replay.exit_code == 0
    monkeypatch.setattr("referee.games.getaway.game.Getaway.narrate", broken)
    replay = CliRunner().invoke(main, ["replay", str(SEED_EXAMPLE)])
    assert replay.exit_code == 2 and isinstance(replay.exception, SystemExit)
    assert "internal error of the referee (KeyError: 0)" in replay.output
