"""Bad input: names that are not players and tokens that are not cards are
input errors (exit 2) with their line, never a traceback; move syntax;
cards that exist but do not belong are findings (TJ-2.1)."""

from __future__ import annotations

import pytest

from referee.check import check_text
from referee.games.tjuv import rules as R
from referee.games.tjuv.moves import Draw, MoveSyntaxError, Pass, Place, Play, Turn, parse_move, write_move
from referee.report import Status

from tests.tjuv.tjuv_support import check, generated, transcript, where

SEATS = {"Anna": 0, "Bo": 1}
PLAYERS = ("Anna", "Bo")


def parse(text: str):
    return parse_move(text, seats=SEATS)


@pytest.mark.parametrize("text, kind", [
    ("Anna play 9H", Play), ("Anna play T♥ capture 7h 8H steal 6H", Play),
    ("Bo play 9H capture none steal none", Play),
    ("Anna play JS top JS into 8S", Play), ("Anna draw KS", Draw), ("Anna draw", Draw), ("Bo place 6C", Place),
    ("Bo turn", Turn), ("Bo turn 8C", Turn), ("Bo pass", Pass), ("Bo place", Place),
])
def test_move_grammar_round_trips(text, kind):
    move = parse(text)
    assert isinstance(move, kind)
    assert parse(write_move(move, PLAYERS)) == move


def test_recorded_and_not_recorded_are_told_apart():
    assert parse("Anna play 9H").steals is None and parse("Anna play 9H steal none").steals == ()
    assert parse("Anna play 9H").capture is None and parse("Anna play 9H capture none").capture == ()
    assert parse("Anna draw").card is None


@pytest.mark.parametrize("text", ["Cecilia play 9H", "Anna play 1H", "Anna fly 9H", "Anna draw 9H 8H",
                                  "Anna play 9H capture", "Anna play 9H capture 8H capture 7H", "Anna pass 9H",
                                  "Anna draw capture 8H", "Anna place 9H top 9H", "Anna", "Anna play 9H top 9H 8H"])
def test_bad_move_lines(text):
    with pytest.raises(MoveSyntaxError):
        parse(text)


def test_unknown_player_in_a_move_is_an_input_error_with_its_line():
    data, _ = generated(seed=2)
    data["deals"][0]["moves"][4] = "Zed play 9H"
    text = transcript(data)
    report = check_text(text)
    assert report.status is Status.UNUSABLE
    line = next(i for i, l in enumerate(text.splitlines(), start=1) if "Zed play" in l)
    assert report.problems[0].line == line


@pytest.mark.parametrize("path, value", [
    (("deals", 0, "round_one", "Anna"), "9H XX 8H"),
    (("deals", 0, "dealer"), "Zed"),
    (("deals", 0, "claims", "winners"), ["Zed"]),
    (("deals", 0, "claims", "counts"), {"Zed": "3"}),
])
def test_bad_names_and_tokens_are_input_errors(path, value):
    data, _ = generated(seed=2)
    node = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    report = check(data)
    assert report.status is Status.UNUSABLE and report.problems[0].line


def test_schema_errors_are_located():
    data, _ = generated(seed=2)
    data["deals"][0]["moves"][0] = "Anna juggles 9H"
    data["deals"][0]["shuffle"] = "yes"
    report = check(data)
    assert report.status is Status.UNUSABLE
    assert all(p.line for p in report.problems)


def test_a_card_that_exists_but_does_not_belong_is_a_finding():
    data, _ = generated(seed=2)
    first = data["players"][0]
    data["deals"][0]["round_one"][first] = "5H " + " ".join(data["deals"][0]["round_one"][first].split()[1:])
    report = check(data)
    assert report.status is Status.ILLEGAL
    assert (1, None, R.PACK) in where(report)


@pytest.mark.parametrize("text", [
    "Anna play 9H", "Anna play 10h", "Anna draw KS", "Anna draw", "Bo place 6C", "Bo place", "Bo turn", "Bo turn 8C",
    "Anna play 9H capture 7H 6H", "Anna play 9H capture 7H", "Anna play QS capture 6S steal 10S JS",
    "Anna play 9H capture none", "Anna play 9H capture 7H top 7H", "Bo play 6C steal QC",
])
def test_the_fast_paths_read_lines_as_the_full_grammar_does(text):
    """Upper-case verbs and keywords take the general path; both must agree."""
    words = text.split()
    shouted = " ".join([words[0], *(w.upper() if w.isalpha() and w.islower() else w for w in words[1:])])
    assert shouted != text and parse(shouted) == parse(text)
