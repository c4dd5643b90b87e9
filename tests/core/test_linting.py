"""`referee check` as a linter over an archive: --quiet, --statistics,
--format github, discovery (dot names, --exclude, symbolic links), -o
overrides, and the pre-commit hook. Everything runs from the command line
(`python -m referee`, this checkout on PYTHONPATH)."""

from __future__ import annotations

import json
from collections import Counter
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import referee
from referee.findings import Finding, Severity
from referee.render import render_github
from referee.report import Report, Status

PACKAGE_ROOT = Path(referee.__file__).resolve().parents[1]
SAMPLES = PACKAGE_ROOT / "samples"
LEGAL = (SAMPLES / "getaway" / "seed-000-example.yaml").read_text()
ILLEGAL = (SAMPLES / "getaway" / "disputed-revoke.yaml").read_text()
RULE_LINE = re.compile(r"^\S+:\d+:\d+: (?:note: )?(?:GW|TJ|GFF|VZ)-\d+\.\d+ ")


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PYTHONPATH")}
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    return env


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, cwd=cwd,
                          env=environment(), timeout=120)


def jsonl_files(done: subprocess.CompletedProcess) -> list[tuple[str, str]]:
    return [(r["file"], r["status"]) for r in map(json.loads, done.stdout.splitlines())]


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """samples/ copied, plus one unusable file."""
    shutil.copytree(SAMPLES, tmp_path / "samples")
    (tmp_path / "samples" / "broken.yaml").write_text("game: getaway\nplayers: [a, b\n")
    return tmp_path


# --quiet ----------------------------------------------------------------------------------------

def test_quiet_keeps_findings_unusable_files_and_the_summary_only(archive):
    full = run("check", "samples", cwd=archive)
    quiet = run("check", "-q", "samples", cwd=archive)
    assert quiet.returncode == full.returncode == 2
    lines = quiet.stdout.splitlines()
    removed = list(full.stdout.splitlines()[:-1])
    for line in lines[:-1]:  # the quiet lines are the full output's, in order, less some
        del removed[:removed.index(line) + 1]
        assert RULE_LINE.match(line) or line.startswith(("samples/broken.yaml", " "))
    removed = [line for line in full.stdout.splitlines()[:-1] if line not in lines]
    assert removed and all(re.match(r"^samples/\S+\.yaml: ", line) and "unusable" not in line for line in removed)
    assert [line for line in full.stdout.splitlines() if RULE_LINE.match(line)] == [
        line for line in lines if RULE_LINE.match(line)]
    assert "samples/broken.yaml: unusable (exit 2)" in lines
    assert re.fullmatch(r"27 files: 22 legal, 4 illegal, 1 unusable \(\d+\.\d+ s\)", lines[-1])
    assert not any(re.search(r": (legal|illegal) \(", line) or ": deal 1: " in line for line in lines)
    assert len(lines) < len(full.stdout.splitlines()) / 5


def test_quiet_on_one_legal_file_prints_nothing_and_exits_0(tmp_path):
    (tmp_path / "a.yaml").write_text(LEGAL)
    done = run("check", "--quiet", "a.yaml", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "")


def test_quiet_does_not_change_json(archive):
    assert run("check", "-q", "--format", "json", "samples/tjuv", cwd=archive).stdout.count('"file"') == 4


# --statistics -----------------------------------------------------------------------------------

def _rows(text: str) -> list[tuple[int, str, str]]:
    rows = []
    for line in text.splitlines():
        found = re.match(r"^\s+(\d+)  (\S+) +(\S+) +\S", line)
        if found:
            rows.append((int(found[1]), found[2], found[3]))
    return rows


def test_statistics_count_per_rule_and_game_most_frequent_first_then_rule_id(archive):
    done = run("check", "--statistics", "samples/tjuv/tjuv-violations.yaml", "samples/vazhushal/violations.yaml",
               "samples/getaway/disputed-revoke.yaml", cwd=archive)
    assert done.returncode == 1
    rows = _rows(done.stdout)
    assert rows[:2] == [(3, "VZ-9.7", "vazhushal"), (2, "TJ-4.4", "tjuv")]
    assert rows[2:5] == [(1, "GW-4.2", "getaway"), (1, "GW-4.4", "getaway"), (1, "GW-4.15", "getaway")]
    data = json.loads(run("check", "--format", "json", "samples/tjuv/tjuv-violations.yaml",
                          "samples/vazhushal/violations.yaml", "samples/getaway/disputed-revoke.yaml", cwd=archive).stdout)
    counted = Counter((f["rule"], r["game"]) for r in data["reports"] for f in r["findings"])
    assert {(rule, game): count for count, rule, game in rows} == counted and len(rows) == len(counted)
    assert not any(RULE_LINE.match(line) for line in done.stdout.splitlines())  # instead of the findings
    assert done.stdout.splitlines()[-1].startswith("3 files: 0 legal, 3 illegal, 0 unusable")


def test_statistics_still_lists_unusable_files(archive):
    done = run("check", "--statistics", "samples/broken.yaml", "samples/getaway", cwd=archive)
    assert done.returncode == 2
    assert "samples/broken.yaml: unusable (exit 2)" in done.stdout
    assert _rows(done.stdout)[0] == (1, "GW-4.2", "getaway")


def test_statistics_takes_only_the_text_format(archive):
    done = run("check", "--statistics", "--format", "json", "samples/tjuv", cwd=archive)
    assert done.returncode == 2 and "Traceback" not in done.stderr


# --format github --------------------------------------------------------------------------------

def test_github_one_annotation_per_finding_and_per_problem(archive):
    done = run("check", "--format", "github", "samples/tjuv/tjuv-violations.yaml", "samples/broken.yaml",
               cwd=archive)
    assert done.returncode == 2
    data = json.loads(run("check", "--format", "json", "samples/tjuv/tjuv-violations.yaml", cwd=archive).stdout)
    findings = data["reports"][0]["findings"]
    lines = done.stdout.splitlines()
    annotations = [re.match(r"^::(error|notice) file=([^,]*),line=(\d+),col=(\d+),title=([^:]*)::(.*)$", line)
                   for line in lines]
    assert all(annotations)
    assert [(a[1], a[2], int(a[3]), int(a[4]), a[5]) for a in annotations[:-1]] == [
        ("error" if f["severity"] == "error" else "notice", "samples/tjuv/tjuv-violations.yaml", f["line"],
         f["column"], f["rule"]) for f in findings]
    assert annotations[-1].group(1, 2, 5) == ("error", "samples/broken.yaml", "unusable")
    assert "2 files: 0 legal, 1 illegal, 1 unusable" in done.stderr  # the log's plain lines stay apart


def test_github_escapes_properties_and_messages_from_the_command_line(tmp_path):
    bad = LEGAL.replace("ruleset: getaway\n", 'ruleset: getaway\noptions: {take_hand: "50%\\r\\nx"}\n')
    (tmp_path / "a,b:c%.yaml").write_text(bad)
    done = run("check", "--format", "github", "a,b:c%.yaml", cwd=tmp_path)
    assert done.returncode == 2
    (line,) = done.stdout.splitlines()
    assert line.startswith("::error file=a%2Cb%3Ac%25.yaml,line=")
    message = line.split("::", 2)[2]
    assert "50%25" in message and "\r" not in done.stdout


def test_github_escaping_of_every_special_character():
    finding = Finding(rule="GW-4.4", message="100% sure\r\nnext: a, b", deal=1, move=2, line=3, column=4)
    note = Finding(rule="GW-9.1", message="read as, x", line=5, severity=Severity.NOTE)
    report = Report(file="d:ir,x%\n.yaml", status=Status.ILLEGAL, game="getaway", ruleset="getaway",
                    findings=(finding, note))
    first, second = render_github([report]).splitlines()
    assert first == ("::error file=d%3Air%2Cx%25%0A.yaml,line=3,col=4,title=GW-4.4::"
                     "deal 1, move 2: 100%25 sure%0D%0Anext: a, b")
    assert second.startswith("::notice file=d%3Air%2Cx%25%0A.yaml,line=5,col=1,title=GW-9.1::")


# discovery --------------------------------------------------------------------------------------

def _tree(base: Path) -> Path:
    root = base / "club"
    outside = base / "outside"
    for name in ("a.yaml", ".hidden/b.yaml", ".dot.yaml", "sub/c.yml", "sub/old/d.yaml", "drafts/e.yaml",
                 ".git/f.yaml", "notes.txt"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(LEGAL)
    outside.mkdir()
    (outside / "x.yaml").write_text(LEGAL)
    (root / "sub" / "loop").symlink_to("..", target_is_directory=True)  # a loop back to the root
    (root / "zz-same").symlink_to("sub", target_is_directory=True)  # a second way into sub
    (root / "to-outside").symlink_to(outside, target_is_directory=True)
    (root / "out.yaml").symlink_to(outside / "x.yaml")
    (root / "same.yaml").symlink_to("a.yaml")
    return root


def test_a_walk_skips_dot_names_and_links_out_of_the_tree_and_does_not_loop(tmp_path):
    _tree(tmp_path)
    done = run("check", "--format", "jsonl", "club", cwd=tmp_path)
    assert done.returncode == 0
    assert jsonl_files(done) == [("club/a.yaml", "legal"), ("club/same.yaml", "legal"),
                                 ("club/drafts/e.yaml", "legal"), ("club/sub/c.yml", "legal"),
                                 ("club/sub/old/d.yaml", "legal")]


def test_a_walk_from_dot_skips_dot_directories_too(tmp_path):
    root = _tree(tmp_path)
    done = run("check", "--format", "jsonl", ".", cwd=root)
    assert [file for file, _ in jsonl_files(done)] == ["./a.yaml", "./same.yaml", "./drafts/e.yaml", "./sub/c.yml",
                                                       "./sub/old/d.yaml"]


def test_dot_names_given_on_the_command_line_are_checked(tmp_path):
    _tree(tmp_path)
    done = run("check", "--format", "jsonl", "club/.hidden", "club/.dot.yaml", "club/to-outside", cwd=tmp_path)
    assert jsonl_files(done) == [("club/.hidden/b.yaml", "legal"), ("club/.dot.yaml", "legal"),
                                 ("club/to-outside/x.yaml", "legal")]


@pytest.mark.parametrize("patterns, left", [
    (["drafts"], ["a.yaml", "same.yaml", "sub/c.yml", "sub/old/d.yaml"]),  # a base name prunes the directory
    (["sub/old/*"], ["a.yaml", "same.yaml", "drafts/e.yaml", "sub/c.yml"]),  # a path relative to the root
    (["*.yml", "same.*"], ["a.yaml", "drafts/e.yaml", "sub/old/d.yaml"]),  # repeatable; base names of files
    (["club/*"], ["a.yaml", "same.yaml", "drafts/e.yaml", "sub/c.yml", "sub/old/d.yaml"]),  # not from the cwd
])
def test_exclude_matches_the_relative_path_or_the_base_name(tmp_path, patterns, left):
    _tree(tmp_path)
    args = [arg for pattern in patterns for arg in ("--exclude", pattern)]
    done = run("check", "--format", "jsonl", *args, "club", cwd=tmp_path)
    assert [file for file, _ in jsonl_files(done)] == [f"club/{name}" for name in left]


def test_exclude_applies_to_glob_matches_but_not_to_files_named(tmp_path):
    _tree(tmp_path)
    done = run("check", "--format", "jsonl", "--exclude", "a.yaml", "--exclude", "e.yaml", "club/*.yaml",
               "club/drafts/e.yaml", cwd=tmp_path)
    assert [file for file, _ in jsonl_files(done)] == ["club/out.yaml", "club/same.yaml", "club/drafts/e.yaml"]


def test_quiet_plain_and_click_paths_walk_alike(tmp_path):
    _tree(tmp_path)
    plain = run("check", "club", cwd=tmp_path)
    through_click = run("check", "--format", "text", "club", cwd=tmp_path)
    strip = lambda text: re.sub(r"\(\d+\.\d+ s\)", "", text)  # noqa: E731
    assert (plain.returncode, strip(plain.stdout)) == (through_click.returncode, strip(through_click.stdout))
    assert "5 files: 5 legal" in plain.stdout


# -o KEY=VALUE -----------------------------------------------------------------------------------

def test_option_overrides_judge_the_game_as_if_played_under_them(tmp_path):
    (tmp_path / "a.yaml").write_text(LEGAL)
    assert run("check", "a.yaml", cwd=tmp_path).returncode == 0
    done = run("check", "--format", "json", "-o", "first_trick=normal", "a.yaml", cwd=tmp_path)
    report = json.loads(done.stdout)["reports"][0]
    assert done.returncode == 1 and report["options"]["first_trick"] == "normal"
    assert (report["findings"][0]["rule"], report["findings"][0]["move"]) == ("GW-4.2", 5)
    again = json.loads(run("check", "--format", "json", "-o", "first_trick=normal", "--option", "first_trick=waste",
                           "a.yaml", cwd=tmp_path).stdout)
    assert again["reports"][0]["status"] == "legal"  # the last of a key wins


def test_an_override_the_game_does_not_take_is_an_error_for_that_file_only(tmp_path):
    (tmp_path / "a.yaml").write_text(LEGAL)
    shutil.copy(SAMPLES / "tjuv" / "tjuv-three-players.yaml", tmp_path / "t.yaml")
    done = run("check", "--format", "jsonl", "-o", "take_hand=leader", "a.yaml", "t.yaml", cwd=tmp_path)
    assert done.returncode == 2
    assert jsonl_files(done) == [("a.yaml", "legal"), ("t.yaml", "unusable")]
    assert "-o take_hand" in json.loads(done.stdout.splitlines()[1])["problems"][0]["message"]
    bad_value = run("check", "--format", "jsonl", "-o", "take_hand=sometimes", "a.yaml", cwd=tmp_path)
    assert jsonl_files(bad_value) == [("a.yaml", "unusable")]


@pytest.mark.parametrize("item", ["first_trick", "=normal"])
def test_an_override_without_key_and_value_is_a_usage_error(tmp_path, item):
    (tmp_path / "a.yaml").write_text(LEGAL)
    done = run("check", "-o", item, "a.yaml", cwd=tmp_path)
    assert done.returncode == 2 and "KEY=VALUE" in done.stderr and "Traceback" not in done.stderr


# pre-commit -------------------------------------------------------------------------------------

def _git(*args: str, cwd: Path) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, timeout=60)


def test_the_hook_definition_runs_referee_check_on_yaml_files():
    import yaml

    (hook,) = yaml.safe_load((PACKAGE_ROOT / ".pre-commit-hooks.yaml").read_text())
    assert (hook["id"], hook["entry"], hook["language"]) == ("referee-check", "referee check", "python")
    assert hook.get("pass_filenames", True) is True
    assert re.search(hook["files"], "club/game.yml") and not re.search(hook["files"], "notes.txt")
    assert re.search(hook["exclude"], ".pre-commit-config.yaml") and not re.search(hook["exclude"], "a/b.yaml")


def _hook_repository(base: Path) -> Path:
    """A git repository of this checkout's package, as it is now (committed
    or not), for pre-commit to install the hook from."""
    source = base / "referee-source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("referee", "rulesets", "schemas", "docs"):
        if (PACKAGE_ROOT / name).is_dir():
            shutil.copytree(PACKAGE_ROOT / name, source / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml"):
        shutil.copy(PACKAGE_ROOT / name, source / name)
    _git("init", "-q", cwd=source)
    _git("add", ".", cwd=source)
    _git("commit", "-q", "-m", "hook source", cwd=source)
    return source


def test_the_pre_commit_hook_passes_a_legal_and_fails_an_illegal_transcript(tmp_path):
    """`pre-commit try-repo` on a copy of this checkout, in a new club
    repository: skipped where pre-commit is missing or cannot install the
    hook (it pip-installs the package into an environment of its own)."""
    pre_commit = shutil.which("pre-commit")
    if pre_commit is None or shutil.which("git") is None:
        pytest.skip("pre-commit or git is not installed (pip install pre-commit)")
    source = _hook_repository(tmp_path)
    repo = tmp_path / "club"
    repo.mkdir()
    _git("init", "-q", cwd=repo)
    (repo / "legal.yaml").write_text(LEGAL)
    (repo / "illegal.yaml").write_text(ILLEGAL)
    _git("add", "legal.yaml", "illegal.yaml", cwd=repo)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PRE_COMMIT_HOME"] = str(tmp_path / "cache")

    def hook(file: str) -> subprocess.CompletedProcess:
        return subprocess.run([pre_commit, "try-repo", str(source), "referee-check", "--files", file],
                              cwd=repo, env=env, capture_output=True, text=True, timeout=900)
    passed = hook("legal.yaml")
    output = passed.stdout + passed.stderr
    if passed.returncode != 0 and "An unexpected error has occurred" in output and "Passed" not in output:
        pytest.skip(f"pre-commit could not install the hook: {output[-300:]}")
    assert passed.returncode == 0, output
    assert re.search(r"referee check\.+Passed", passed.stdout)
    failed = hook("illegal.yaml")
    assert failed.returncode == 1
    assert re.search(r"referee check\.+Failed", failed.stdout) and "GW-4.4" in failed.stdout
