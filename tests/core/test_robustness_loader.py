"""Positions are counted as editors and `grep -n` count lines (LF, CR LF), and
no text makes the loader raise: line ends YAML sees where editors do not are
refused at their place, a lone surrogate is an unusable report with a place."""

from __future__ import annotations

from pathlib import Path

import pytest

import referee
from referee.check import check_text
from referee.report import Status
from referee.yamldoc import load_document

SAMPLE = (Path(__file__).parents[2] / "samples" / "getaway" / "seed-000-example.yaml").read_text(encoding="utf-8")
REVOKE = ("S play 10S", "S play 10D")  # S still holds a spade: GW-4.10 on that move's line


def grep_line(text: str, needle: str) -> int:
    """The line `grep -n` gives for the first line holding `needle`."""
    return next(i for i, line in enumerate(text.split("\n"), 1) if needle in line)


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
@pytest.mark.parametrize("quote", ['"', "'"])
def test_a_separator_inside_quoted_text_is_kept_and_lines_are_editor_lines(separator, quote):
    text = SAMPLE.replace("meta:\n", f"meta:\n  note2: {quote}one{separator}two{separator}three{quote}\n")
    broken = text.replace(*REVOKE)
    report = check_text(broken)
    assert [(f.rule, f.line) for f in report.findings] == [("GW-4.10", grep_line(broken, REVOKE[1]))]
    document = load_document(text)
    assert document.data["meta"]["note2"] == f"one{separator}two{separator}three"
    assert document.key_position(("players",)) == (grep_line(text, "players:"), 1)
    assert document.item_lines(document.data["deals"][0]["moves"])[1] == (grep_line(text, "W play AS"), 9)


def test_the_column_after_a_kept_separator_counts_from_the_editor_line_start():
    text = 'format: 1\nmeta: {a: "x\u2028y", b: zz}\n'
    document = load_document(text)
    assert document.position(("meta", "b")) == (2, text.split("\n")[1].index("zz") + 1)
    assert document.position(("format",)) == (1, 9)


def test_errors_after_a_kept_separator_are_at_editor_lines():
    base = 'a: "x\u2028y"\n'
    assert check_text(base + "b: 1\nb: 2\n").problems[0].line == 3  # duplicate key
    assert check_text(base + "b: &x 1\n").problems[0].line == 2  # anchor
    report = check_text(base + "b: [\n")  # a syntax error at the end, named at its '['
    assert (report.problems[0].line, report.problems[0].column) == (2, 4)


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85"])
def test_a_line_end_editors_do_not_see_is_refused_at_its_place(char):
    text = SAMPLE.replace("meta:\n", f"meta:\n  x: a{char}b\n")
    report = check_text(text)
    assert report.status is Status.UNUSABLE
    assert (report.problems[0].line, report.problems[0].column) == (grep_line(text, "  x: a"), 7)


def test_nel_is_refused_even_inside_quotes_where_yaml_would_fold_it():
    report = check_text('format: 1\nmeta: {a: "x\x85y"}\n')
    assert report.status is Status.UNUSABLE
    assert (report.problems[0].line, report.problems[0].column) == (2, 13)


def test_a_separator_outside_quotes_would_have_split_the_line_for_yaml():
    """`a: x<LS>b: 2` is two keys to YAML 1.1 and one line to an editor: refused."""
    report = check_text("format: 1\nmeta: {}\nplayers: [N]\u2028deals: []\n")
    assert report.status is Status.UNUSABLE
    assert (report.problems[0].line, report.problems[0].column) == (3, 13)


def test_old_mac_line_ends_are_refused_on_line_1():
    report = check_text(SAMPLE.replace("\n", "\r"))
    assert report.status is Status.UNUSABLE
    assert (report.problems[0].line, report.problems[0].column) == (1, SAMPLE.index("\n") + 1)


def test_a_stray_cr_in_a_crlf_file_is_refused_at_its_line():
    text = SAMPLE.replace("\n", "\r\n").replace("W play AS\r\n", "W play AS\r")
    report = check_text(text)
    assert report.status is Status.UNUSABLE
    assert report.problems[0].line == grep_line(text.replace("\r\n", "\n"), "W play AS")


def test_crlf_files_keep_their_lines():
    broken = SAMPLE.replace(*REVOKE)
    report = check_text(broken.replace("\n", "\r\n"))
    assert [(f.rule, f.line) for f in report.findings] == [("GW-4.10", grep_line(broken, REVOKE[1]))]


@pytest.mark.parametrize("surrogate", ["\ud800", "\udc80", "\udfff"])
def test_a_lone_surrogate_is_an_unusable_report_at_its_place(surrogate):
    text = SAMPLE.replace("W play AS", f"W play A{surrogate}S")
    report = check_text(text)
    assert report.status is Status.UNUSABLE
    line = grep_line(text, "W play A")
    assert (report.problems[0].line, report.problems[0].column) == (line, text.split("\n")[line - 1].index("A") + 2)
    data = referee.check_text(text)  # the library's plain-data entry point
    assert data["status"] == "unusable"
    assert "\\u" in report.problems[0].message and surrogate not in report.problems[0].message


def test_a_lone_surrogate_in_a_key_or_after_a_separator():
    assert check_text("format: 1\n\ud801: x\n").problems[0].line == 2
    report = check_text('a: "x\u2028y"\nb: "\udc00"\n')
    assert (report.problems[0].line, report.problems[0].column) == (2, 5)
