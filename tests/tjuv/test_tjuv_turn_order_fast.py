"""The fast path's turn order (batch.py `_play`: the seat due is the mover's left one, or a later one
when the left one holds no cards) against the full rule path, at the end of a deal where seats have
run out of cards: the seat due, the empty one and a later one playing in its place."""

from __future__ import annotations

import pytest

from referee.cards import card
from referee.games.tjuv.deal import StartingPosition
from referee.games.tjuv.moves import parse_move
from tests.tjuv.test_tjuv_fast_path import _compare
from tests.tjuv.tjuv_support import options

PLAYERS = ("P1", "P2", "P3", "P4", "P5")


def _start(hands: list[str]) -> StartingPosition:
    """P1 to play (P5 dealt), the talon empty, 6D 8C 9H on the table."""
    return StartingPosition(dealer=len(hands) - 1, hands=tuple(tuple(map(card, h.split())) for h in hands),
                            table=tuple(map(card, "6D 8C 9H".split())), removed=(), talon_order=(), upper=(),
                            bottom=())


@pytest.mark.parametrize("second", ["P3 play KH capture 9H", "P4 play QD capture 6D", "P5 play 7C",
                                    "P1 play KS", "P2 play JH"])
@pytest.mark.parametrize("on_violation", ["stop", "continue"])
def test_the_seat_after_an_empty_one_plays_next(second, on_violation):
    players = PLAYERS
    seats = {name: i for i, name in enumerate(players)}
    start = _start(["AS KS", "", "KH", "QD", "7C 10C"])  # P2 holds nothing: P3 is due after P1
    moves = [parse_move(line, seats=seats) for line in ("P1 play AS", second)]
    _compare(options(on_violation=on_violation), players, start, moves)
