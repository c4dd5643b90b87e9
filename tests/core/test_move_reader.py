"""The one move-line cache every game's record reader uses (movetext.MoveReader)."""

from __future__ import annotations

import pytest

from referee import movetext
from referee.movetext import MoveReader, MoveSyntaxError


def _parse(text: str, *, seats):
    if text.startswith("bad"):
        raise MoveSyntaxError(text)
    return (text, tuple(seats))


def _other(text: str, *, seats):
    return ("other", text)


def test_each_line_is_parsed_once_per_parser_and_seating():
    seats = {"N": 0, "S": 1}
    first = MoveReader(seats, parse=_parse).all(["N play 2C", "S play 3C", "N play 2C"])
    again = MoveReader(dict(seats), parse=_parse).all(["S play 3C", "N play 2C"])
    assert first == [("N play 2C", ("N", "S")), ("S play 3C", ("N", "S")), ("N play 2C", ("N", "S"))]
    assert again[0] is first[1] and again[1] is first[0]
    assert MoveReader(seats, parse=_other)("N play 2C") == ("other", "N play 2C")  # another game's parser
    assert MoveReader({"S": 0, "N": 1}, parse=_parse)("N play 2C") == ("N play 2C", ("S", "N"))  # another seating


def test_a_bad_line_raises_and_is_not_kept():
    reader = MoveReader({"A": 0}, parse=_parse)
    with pytest.raises(MoveSyntaxError):
        reader.all(["A x", "bad line"])
    assert "bad line" not in reader.known and "A x" in reader.known


def test_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(movetext, "_LINES", 3)
    reader = MoveReader({"Bounded": 0}, parse=_parse)
    assert reader.all([f"line {i}" for i in range(10)]) == [(f"line {i}", ("Bounded",)) for i in range(10)]
    assert len(reader.known) == 3


@pytest.mark.parametrize("game", ["getaway", "gameflipflop", "tjuv", "vazhushal"])
def test_every_game_reads_through_it(game):
    import importlib

    module = importlib.import_module(f"referee.games.{game}.moves")
    assert isinstance(module.MoveReader({"A": 0, "B": 1}), MoveReader)


def test_the_same_names_in_other_seats_are_another_seating():
    one = MoveReader({"A": 0, "B": 1}, parse=_parse).known
    assert MoveReader({"A": 1, "B": 0}, parse=_parse).known is not one
