"""Errors a newcomer can follow (issue 20): YAML syntax errors named at the
character to fix, with a hint and the line as written; unusable input in
the format asked for (JSON on standard output, HTML's message on standard
error); JSON output that is the same bytes from run to run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import referee.yamldoc as yamldoc
from referee.check import check_text
from referee.errors import InputError
from referee.render import render_json, render_text
from referee.report import Status
from referee.schemas import validator
from referee.yamldoc import load_document

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
SEED_EXAMPLE = SAMPLES / "getaway" / "seed-000-example.yaml"

HEAD = "format: 1\ngame: getaway\nplayers: [N, E, S, W]\n"  # lines 1-3
DEAL = ("deals:\n"  # line 4
        "  - dealer: N\n"  # 5
        "    hands:\n"  # 6
        "      N: AS KS\n"  # 7
        "      E: AH QH\n"  # 8
        "    moves:\n"  # 9
        "      - trick 1\n"  # 10
        "      - N play AS\n")  # 11


def edited(old: str, new: str, *, text: str = HEAD + DEAL) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


# (name, text, kind, line, column): the column is the character to fix, which
# is not where libyaml's mark points in most of these (the next token, the
# colon after a key, the end of the file, ...).
CASES = [
    ("key indented more than its sibling", edited("      E: AH", "        E: AH"), "indented-more", 8, 9),
    ("key indented less than its sibling", edited("      E: AH", "     E: AH"), "indent-mismatch", 8, 6),
    ("list item indented less", edited("      - N play", "     - N play"), "indent-mismatch", 11, 6),
    ("key between two levels", edited("    moves:", "   moves:"), "indent-mismatch", 9, 4),
    ("a move without its dash", edited("      - N play AS\n", "      N play AS\n"), "missing-dash", 11, 7),
    ("a line that is no key", edited("    hands:\n", "    hands:\n    spare\n"), "missing-colon", 7, 5),
    ("a key without its colon", edited("  - dealer: N", "  - dealer N"), "missing-colon", 5, 5),
    ("a comment without its #", "A friendly game\n" + HEAD + DEAL, "missing-colon", 1, 1),
    ("a text line above a key", edited("players: [N, E, S, W]\n", "players: [N, E, S, W]\nsome words\nx: 1\n"),
     "missing-colon", 4, 1),
    ("the first key indented", " " + HEAD + DEAL, "indented-more", 1, 2),
    ("an item indented less than the next lines", edited("      - N play AS\n", "  - trick 2\n      - N play AS\n"
                                                        "    claims: {}\n"), "indented-less", 11, 3),
    ("a tab for indentation", edited("      E: AH", "\tE: AH"), "tab", 8, 1),
    ("a tab before a list item", edited("      - N play", "\t- N play"), "tab", 11, 1),
    ("a quote never closed", HEAD + 'meta:\n  event: "Seed 000\n', "unclosed-quote", 5, 10),
    ("a quote closed by a later one", edited("format: 1\n", 'format: 1\nmeta: {note: "x}\nruleset: "y"\n'),
     "unclosed-quote", 2, 14),
    ("a quote closed lines later", edited("  - dealer: N", '  - dealer: "N'), "unclosed-quote", 5, 13),
    ("a single quote never closed", HEAD + "meta:\n  event: 'it is\n", "unclosed-quote", 5, 10),
    ("a bracket never closed", edited("players: [N, E, S, W]", "players: [N, E, S, W"), "unclosed-bracket", 3, 10),
    ("a bracket open at the end", HEAD + "meta: [a, b,\n", "unclosed-bracket", 4, 7),
    ("a brace never closed", HEAD + "meta: {event: x\n" + DEAL, "unclosed-bracket", 4, 7),
    ("a list closed by a brace", edited("players: [N, E, S, W]", "players: [N, E, S, W}"),
     "wrong-closing-bracket", 3, 21),
    ("items without a comma", edited("players: [N, E, S, W]", 'players: ["N" E, S, W]'), "missing-comma", 3, 15),
    ("a bracket that closes nothing", edited("players: [N, E, S, W]", "players: [N, E, S, W]]"),
     "unmatched-closing-bracket", 3, 22),
    ("': ' inside a value", HEAD + "meta:\n  note: Tricks: 1-6\n" + DEAL, "colon-in-value", 5, 15),
    ("no space after the colon", edited("format: 1\n", "format:1\n"), "no-space-after-colon", 1, 7),
    ("no space after a nested colon", edited("      N: AS KS", "      N:AS"), "no-space-after-colon", 7, 8),
    ("text after a closing quote", HEAD + 'meta:\n  event: "Seed" 000\n', "text-after-value", 5, 17),
    ("text after a closing bracket", edited("players: [N, E, S, W]", "players: [N, E, S, W] X"),
     "text-after-value", 3, 23),
    ("a list item on its key's line", edited("players: [N, E, S, W]", "players: - N"), "item-on-key-line", 3, 10),
    ("a list item among keys", edited("format: 1\n", "format: 1\n- N\n"), "item-among-keys", 2, 1),
    ("a key among list items", edited("      - N play AS\n", "      - N play AS\n      E: play AH\n"),
     "key-among-items", 12, 7),
    ("a colon with no key", edited("format: 1\n", "format: 1\n: x\n"), "empty-key", 2, 1),
    ("an unknown escape", HEAD + 'meta:\n  note: "C:\\path"\n', "bad-escape", 5, 12),
    ("a reserved character", HEAD + "meta:\n  note: @home\n", "reserved-character", 5, 9),
    ("a key too long", HEAD + "k" * 1100 + ": 1\n", "long-key", 4, 1),
]


def problem_of(text: str):
    with pytest.raises(InputError) as caught:
        load_document(text, name="game.yaml")
    return caught.value.problems[0]


@pytest.mark.parametrize("name, text, kind, line, column", CASES, ids=[case[0] for case in CASES])
def test_a_yaml_mistake_is_named_at_its_own_line_and_column_with_a_hint(name, text, kind, line, column):
    problem = problem_of(text)
    assert (problem.kind, problem.line, problem.column) == (kind, line, column)
    assert problem.hint
    assert problem.excerpt_column is not None
    written = text.split("\n")[line - 1]
    first = problem.excerpt_column
    assert written[first - 1:first - 1 + len(problem.excerpt)] == problem.excerpt
    assert "\n" not in problem.message and "\n" not in problem.hint


@pytest.mark.parametrize("name, text, kind, line, column", CASES, ids=[case[0] for case in CASES])
def test_the_pure_python_parser_names_the_same_mistakes(name, text, kind, line, column, monkeypatch):
    if kind == "tab" and "- N play" in text:
        pytest.skip("PyYAML's own scanner takes a tab there as part of the value above")
    monkeypatch.setattr(yamldoc, "_Parser", None)
    monkeypatch.setattr(yamldoc, "LIBYAML", False)
    problem = problem_of(text)
    assert (problem.kind, problem.line, problem.column) == (kind, line, column)


def text_lines(text: str) -> list[str]:
    return render_text([check_text(text, name="game.yaml")]).splitlines()


def caret_under(lines: list[str]) -> str:
    """The character of the excerpt line (lines[1]) that the caret line (lines[2]) points at."""
    return lines[1][lines[2].index("^")]


def test_text_shows_the_line_as_written_and_a_caret_under_the_column():
    text = edited("      E: AH", "        E: AH")
    lines = text_lines(text)
    assert lines[0].startswith("game.yaml:8:9: error: ")
    assert lines[1] == "  8 |         E: AH QH"
    assert lines[2] == "    |         ^"
    assert lines[3].startswith("  hint: ")
    assert lines[-1] == "game.yaml: unusable (exit 2)"


def test_the_excerpt_is_escaped_and_the_caret_stays_under_the_mistake():
    text = HEAD + "meta:\n  note: \u202e\u200bA: x: y\n"
    problem = problem_of(text)
    assert problem.kind == "colon-in-value"
    lines = text_lines(text)
    assert "\u202e" not in "\n".join(lines) and "\u200b" not in "\n".join(lines)
    assert lines[1] == "  5 |   note: \\u202e\\u200bA: x: y"
    assert lines[2].index("^") == lines[1].index(": x")


def test_the_caret_counts_wide_characters_as_two_columns():
    lines = text_lines("名前: 値: x\n")
    assert lines[0].startswith("game.yaml:1:6: ")
    assert lines[2].index("^") - len("  1 | ") == 8  # 名 前 : space 値 = 2 + 2 + 1 + 1 + 2


def test_a_long_line_is_cut_to_a_window_around_the_mistake():
    text = HEAD + "meta:\n  note: " + "x" * 300 + ": y\n"
    problem = problem_of(text)
    assert (problem.kind, problem.line, problem.column) == ("colon-in-value", 5, 309)
    assert len(problem.excerpt) <= 120 < problem.column
    assert problem.excerpt_column <= problem.column < problem.excerpt_column + len(problem.excerpt)
    lines = text_lines(text)
    assert lines[1].startswith("  5 | ...") and caret_under(lines) == ":"


def test_an_error_the_referee_does_not_name_keeps_the_parsers_words_and_the_excerpt():
    problem = problem_of(HEAD + "meta: |x\n  b\n")
    assert problem.kind is None and problem.message.startswith("YAML syntax: ")
    assert (problem.line, problem.column, problem.excerpt) == (4, 8, "meta: |x")


def test_json_carries_kind_hint_and_excerpt_as_fields_and_follows_the_schema():
    reports = [check_text(text, name=name) for name, text, *_ in CASES]
    assert all(r.status is Status.UNUSABLE for r in reports)
    data = json.loads(render_json(reports))
    assert list(validator("report.schema.json").iter_errors(data)) == []
    for report, (_, _, kind, line, column) in zip(data["reports"], CASES):
        problem = report["problems"][0]
        assert (problem["kind"], problem["line"], problem["column"]) == (kind, line, column)
        assert problem["hint"] and "\n" not in problem["message"] and "excerpt" in problem


def test_a_valid_file_never_loads_the_translation(tmp_path):
    code = ("import sys, referee.check as c; r = c.check_file(sys.argv[1]);"
            " print(r.status.value, 'referee.yamlerrors' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, str(SEED_EXAMPLE)], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.split() == ["legal", "False"]


# --- unusable input in the format asked for ---------------------------------------------------------------


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NO_COLOR")}
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "bad.yaml").write_text(edited("      E: AH", "        E: AH"), encoding="utf-8")
    (tmp_path / "binary.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    (tmp_path / "empty").mkdir()
    return {"bad": "bad.yaml", "binary": "binary.yaml", "missing": "missing.yaml", "empty": "empty"}


def test_check_json_gives_every_unusable_input_as_a_report_on_standard_output(inputs, tmp_path):
    names = [inputs[k] for k in ("bad", "binary", "missing", "empty")]
    done = run("check", "--format", "json", *names, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr == ""
    data = json.loads(done.stdout)
    assert list(validator("report.schema.json").iter_errors(data)) == []
    assert [(r["file"], r["status"], r["exit"]) for r in data["reports"]] == [(n, "unusable", 2) for n in names]
    assert data["reports"][0]["problems"][0]["kind"] == "indented-more"


def test_check_jsonl_gives_one_unusable_report_per_input(inputs, tmp_path):
    names = [inputs[k] for k in ("bad", "binary", "missing", "empty")]
    done = run("check", "--format", "jsonl", *names, cwd=tmp_path)
    assert done.returncode == 2
    reports = [json.loads(line) for line in done.stdout.splitlines()]
    summary = {"files": 4, "legal": 0, "illegal": 0, "unusable": 4}
    assert list(validator("report.schema.json").iter_errors({"referee": "x", "reports": reports,
                                                              "summary": summary})) == []
    assert [r["status"] for r in reports] == ["unusable"] * 4


@pytest.mark.parametrize("command", [("replay",), ("show", "--move", "1")])
@pytest.mark.parametrize("which", ["bad", "binary", "missing"])
def test_html_of_unusable_input_is_no_page_and_a_message_on_standard_error(command, which, inputs, tmp_path):
    done = run(*command, "--format", "html", inputs[which], cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"{inputs[which]}") and ": error: " in done.stderr
    if which == "bad":
        assert done.stderr.startswith("bad.yaml:8:9: error: ")


@pytest.mark.parametrize("which", ["bad", "missing"])
def test_show_json_of_unusable_input_is_an_unusable_report(which, inputs, tmp_path):
    done = run("show", "--format", "json", "--move", "1", inputs[which], cwd=tmp_path)
    assert done.returncode == 2
    data = json.loads(done.stdout)
    assert list(validator("report.schema.json").iter_errors(data)) == []
    assert [(r["file"], r["status"]) for r in data["reports"]] == [(inputs[which], "unusable")]


def test_check_html_lists_unusable_files_in_the_page_and_their_messages_on_standard_error(inputs, tmp_path):
    done = run("check", "--format", "html", str(SEED_EXAMPLE), inputs["bad"], cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout.startswith("<!DOCTYPE html>") and "unusable" in done.stdout
    assert done.stderr.splitlines()[0].startswith("bad.yaml:8:9: error: ")
    assert "bad.yaml: unusable (exit 2)" in done.stderr
    assert "bad.yaml:8:9" not in done.stdout  # the page says it its own way, not as terminal text


def test_a_bad_option_stays_a_usage_error_on_standard_error(inputs, tmp_path):
    done = run("show", "--format", "json", inputs["bad"], cwd=tmp_path)  # --move is required
    assert done.returncode == 2 and done.stdout == "" and "Usage:" in done.stderr


# --- deterministic JSON ----------------------------------------------------------------------------------


def test_two_json_runs_are_the_same_bytes_and_timing_is_asked_for(tmp_path):
    first = run("check", "--format", "json", str(SAMPLES), cwd=tmp_path)
    second = run("check", "--format", "json", str(SAMPLES), cwd=tmp_path)
    assert first.stdout == second.stdout and first.returncode == second.returncode
    assert "seconds" not in json.loads(first.stdout)["summary"]
    timed = run("check", "--format", "json", "--timing", str(SAMPLES / "getaway"), cwd=tmp_path)
    data = json.loads(timed.stdout)
    assert list(validator("report.schema.json").iter_errors(data)) == []
    assert data["summary"]["seconds"] >= 0


def test_jsonl_has_no_timing(tmp_path):
    done = run("check", "--format", "jsonl", str(SAMPLES / "getaway"), cwd=tmp_path)
    assert all("seconds" not in json.loads(line) for line in done.stdout.splitlines())
