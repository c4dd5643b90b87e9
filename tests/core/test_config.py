"""`referee check`'s configuration file: found walking up from the current
directory (referee.toml, else pyproject.toml [tool.referee]; nearest wins),
flags win over it, per-game defaults for transcripts without `ruleset:`,
and every unusable file an error at its file and line (exit 2). Run from
the command line, on both the plain path and click's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import referee
from referee.config import _line_of

PACKAGE_ROOT = Path(referee.__file__).resolve().parents[1]
SAMPLES = PACKAGE_ROOT / "samples"
LEGAL = (SAMPLES / "getaway" / "seed-000-example.yaml").read_text()
ILLEGAL = (SAMPLES / "getaway" / "disputed-revoke.yaml").read_text()
NO_RULESET = LEGAL.replace("ruleset: getaway\n", "")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PYTHONPATH")}
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """club/games/{a,b}.yaml (legal, illegal); the tests put configuration files around it."""
    games = tmp_path / "club" / "games"
    games.mkdir(parents=True)
    (games / "a.yaml").write_text(LEGAL)
    (games / "b.yaml").write_text(ILLEGAL)
    return tmp_path / "club"


def quiet_lines(done: subprocess.CompletedProcess) -> bool:
    return "legal (getaway" not in done.stdout and "GW-4.4" in done.stdout


# finding the file -------------------------------------------------------------------------------

def test_referee_toml_is_found_from_a_subdirectory_on_both_paths(club):
    (club / "referee.toml").write_text("quiet = true\n")
    plain = run("check", "a.yaml", "b.yaml", cwd=club / "games")
    through_click = run("check", "--jobs", "1", "a.yaml", "b.yaml", cwd=club / "games")
    assert plain.returncode == through_click.returncode == 1
    assert quiet_lines(plain) and quiet_lines(through_click)
    assert plain.stdout.splitlines()[:-1] == through_click.stdout.splitlines()[:-1]


def test_pyproject_tool_referee_table_is_read(club):
    (club / "pyproject.toml").write_text('[project]\nname = "club"\n\n[tool.referee]\nquiet = true\n')
    assert quiet_lines(run("check", "a.yaml", "b.yaml", cwd=club / "games"))


def test_a_pyproject_without_the_table_is_passed_over_for_one_further_up(club):
    (club / "referee.toml").write_text("quiet = true\n")
    (club / "games" / "pyproject.toml").write_text('[project]\nname = "referee-games"\n[tool.ruff]\nline-length = 9\n')
    assert quiet_lines(run("check", "a.yaml", "b.yaml", cwd=club / "games"))


def test_in_one_directory_referee_toml_wins_over_pyproject(club):
    (club / "referee.toml").write_text("quiet = true\n")
    (club / "pyproject.toml").write_text('[tool.referee]\nquiet = false\nformat = "json"\n')
    assert quiet_lines(run("check", "games", cwd=club))


def test_the_nearest_file_wins(club):
    (club / "referee.toml").write_text('format = "json"\n')
    (club / "games" / "referee.toml").write_text("quiet = true\n")
    done = run("check", "a.yaml", "b.yaml", cwd=club / "games")
    assert quiet_lines(done) and not done.stdout.startswith("{")


# what it holds; flags win -----------------------------------------------------------------------

def test_format_jobs_and_quiet_from_the_file_and_flags_win(club):
    (club / "referee.toml").write_text('format = "jsonl"\njobs = 1\nquiet = true\n')
    assert [json.loads(line)["status"] for line in run("check", "games", cwd=club).stdout.splitlines()] == [
        "legal", "illegal"]
    text = run("check", "--format", "text", "games", cwd=club)
    assert quiet_lines(text)
    loud = run("check", "--format", "text", "--no-quiet", "games", cwd=club)
    assert "games/a.yaml: legal (getaway" in loud.stdout


def test_exclude_from_the_file_and_the_command_line_replaces_it(club):
    (club / "games" / "drafts").mkdir()
    (club / "games" / "drafts" / "c.yaml").write_text(LEGAL)
    (club / "referee.toml").write_text('format = "jsonl"\nexclude = ["drafts", "b.*"]\n')
    files = lambda done: [json.loads(line)["file"] for line in done.stdout.splitlines()]  # noqa: E731
    assert files(run("check", "games", cwd=club)) == ["games/a.yaml"]
    assert files(run("check", "--exclude", "a.yaml", "games", cwd=club)) == ["games/b.yaml", "games/drafts/c.yaml"]


def test_a_game_default_ruleset_applies_only_where_the_transcript_names_none(club):
    (club / "games" / "c.yaml").write_text(NO_RULESET)
    (club / "games" / "d.yaml").write_text(NO_RULESET.replace("players:", "options: {take_hand: no}\nplayers:", 1))
    (club / "referee.toml").write_text('format = "jsonl"\n[games.getaway]\npreset = "getaway-pickup-breaker"\n'
                                       'options = {take_hand = "leader", match_rounds = 1}\n')
    reports = {r["file"]: r for r in map(json.loads, run("check", "games", cwd=club).stdout.splitlines())}
    named = reports["games/a.yaml"]
    assert (named["ruleset"], named["options"]["take_hand"]) == ("getaway", "any")
    unnamed = reports["games/c.yaml"]
    assert (unnamed["ruleset"], unnamed["options"]["take_hand"]) == ("getaway-pickup-breaker", "leader")
    assert unnamed["options"]["pickup"] == "breaker"
    assert reports["games/d.yaml"]["options"]["take_hand"] == "no"  # the transcript's own options win
    over = json.loads(run("check", "-o", "take_hand=any", "games/c.yaml", cwd=club).stdout)
    assert over["options"]["take_hand"] == "any"  # -o wins over everything


def test_without_a_file_a_transcript_without_ruleset_plays_the_games_own(club):
    (club / "games" / "c.yaml").write_text(NO_RULESET)
    done = run("check", "--format", "json", "games/c.yaml", cwd=club)
    assert json.loads(done.stdout)["reports"][0]["ruleset"] == "getaway"


# errors: file and line, exit 2 ------------------------------------------------------------------

@pytest.mark.parametrize("name, text, line", [
    ("referee.toml", 'quiet = true\n\ncolour = "red"\n', 3),  # unknown key
    ("referee.toml", 'jobs = "two"\n', 1),
    ("referee.toml", "jobs = 0\n", 1),
    ("referee.toml", 'quiet = "yes"\n', 1),
    ("referee.toml", 'format = "xml"\n', 1),
    ("referee.toml", 'exclude = "drafts"\n', 1),
    ("referee.toml", 'exclude = ["a", 3]\n', 1),
    ("referee.toml", "[games.chess]\npreset = \"x\"\n", 1),
    ("referee.toml", '[games.getaway]\npreset = "tjuv"\n', 2),  # another game's preset
    ("referee.toml", "[games.getaway]\npreset = 3\n", 2),
    ("referee.toml", '# notes\n[games.getaway]\npreset = "donkey"\nseats = 4\n', 4),
    ("referee.toml", '[games.getaway]\noptions = {take_hand = "leader", colour = "x"}\n', 2),
    ("referee.toml", '[games.getaway]\n\noptions = {take_hand = "sometimes"}\n', 3),
    ("referee.toml", "[games.getaway]\noptions = {take_hand = true}\n", 2),
    ("referee.toml", "[games]\ngetaway = 1\n", 2),
    ("referee.toml", "quiet = true\njobs = [\n", 2),  # not TOML
    ("pyproject.toml", '[project]\nname = "x"\n[tool.referee]\njobs = 2\n[tool.referee.games.tjuv]\nbogus = 1\n', 6),
    ("pyproject.toml", '[tool.ruff]\nquiet = 1\n[tool.referee]\nquiet = 1\n', 4),
])
def test_an_unusable_configuration_names_file_and_line_and_exits_2(club, name, text, line):
    (club / name).write_text(text)
    for args in (["check", "games/a.yaml"], ["check", "--jobs", "1", "games/a.yaml"]):
        done = run(*args, cwd=club)
        assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
        assert done.stderr.startswith(f"referee: error: {name}:{line}: "), done.stderr
        assert len(done.stderr.splitlines()) == 1


def test_an_error_in_a_parent_directory_names_its_path(club):
    (club / "referee.toml").write_text("colour = 1\n")
    done = run("check", "a.yaml", cwd=club / "games")
    assert done.returncode == 2 and done.stderr.startswith("referee: error: ../referee.toml:1: ")


def test_the_line_of_a_key_is_searched_within_its_table():
    text = '[tool.ruff]\nbogus = 1\n[tool.referee]\nquiet = true\n"bogus" = 2\n'
    assert _line_of(text, ("tool", "referee", "bogus")) == 5
    assert _line_of(text, ("tool", "ruff", "bogus")) == 2
    assert _line_of("a.b.c = 1\n", ("a", "b")) == 1
    assert _line_of("x = 1\n", ("nowhere",)) is None


def test_the_plain_path_reads_the_configuration_without_importing_click(club):
    (club / "referee.toml").write_text('quiet = true\n[games.getaway]\npreset = "donkey"\n')
    code = ("import sys\nsys.argv = ['referee', 'check', 'games/a.yaml', 'games/b.yaml']\nfrom referee import console\n"
            "sys.modules['click'] = None  # importing click would fail\nconsole.main()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=club, timeout=120,
                          env={**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
                               "PYTHONPATH": str(PACKAGE_ROOT)})
    assert done.returncode == 1 and "error" not in done.stderr and quiet_lines(done)
