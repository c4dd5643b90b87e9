"""`run`'s shortcuts (batch.py) against `apply`, move by move, over
positions the seeded games of tests/conformance/test_fast_path.py seldom
reach:

- the quick take from the line (`quick_take`: `_on_draw`, `_draw` and
  `_take` in one): every depth (out of range too), the cards named right,
  wrong, too few or too many, the forced take of VZ-10.6 due to the taker
  or to another player, a bottom joker, a take out of turn and a second
  draw, each followed by a discard;
- the quick turn (`quick_turn`, a stock draw and a discard) by a player
  holding no card, one card or more: the drawn card discarded, a card held,
  a card not held, going out, by the other player, with a forced take due;
- `_start_turn`'s reading of the table (its own loop) against
  `has_pure_sequence`."""

from __future__ import annotations

import copy
from itertools import product

import pytest

from referee.games.vazhushal.moves import Discard, DrawLine, DrawStock
from tests.conformance.test_fast_path import _findings, _same_state, _state
from vazhushal_helpers import cards, position

HANDS = {"P": "2S 3S 4S 9D 9C KH KD QC 5C 6C 10D JD AC", "Q": "2H 3H 4H 9S 10S KS QS QD 5D 6D 8D JC AD"}
MELDS = {"none": {}, "pure": {"P": ["5S 6S 7S"]}, "impure": {"P": ["8H 8C JK"]},
         "pure later": {"P": ["8H 8C JK", "5S 6S 7S"]}}


def _positions():
    for (melds, line, bottom, forced) in product(MELDS, ("7H 7D JK", "7H"), (False, True), (None, 0, 1)):
        yield pytest.param(melds, line, bottom, forced, id=f"{melds}-{line}-{'joker' if bottom else 'plain'}-{forced}")


def _moves(state, seat):
    """Takes of every depth, with the cards named in every way, by `seat`."""
    top = list(reversed(state.line.cards))
    other = cards("AH")[0]
    for depth in range(0, len(top) + 2):
        named = tuple(top[:depth])
        yield DrawLine(player=seat, depth=depth)
        yield DrawLine(player=seat, depth=depth, cards=named)
        if named:
            yield DrawLine(player=seat, depth=depth, cards=named[:-1] + (other,))
            yield DrawLine(player=seat, depth=depth, cards=named[:-1])
        yield DrawLine(player=seat, depth=depth, cards=named + (other,))


def _compare(base, moves):
    plain, fast = copy.deepcopy(base), copy.deepcopy(base)
    found = []
    for k, move in enumerate(moves, start=1):
        found.extend(_findings(plain.apply(move), k))
        if plain.stopped:  # `run` stops there (`apply` would count the later moves)
            break
    assert _findings(fast.run(moves)) == found, moves
    seen: dict[int, object] = {}
    _same_state(_state(fast, seen), _state(plain, seen), repr(moves))


@pytest.mark.parametrize("melds,line,bottom,forced", list(_positions()))
def test_quick_take_equals_apply(melds, line, bottom, forced):
    base = position(hands=HANDS, line=line, bottom_joker=bottom, melds=MELDS[melds], negative=None)
    base.forced_player = forced
    compared = 0
    for seat in (0, 1):
        for take in _moves(base, seat):
            discard = Discard(player=seat, card=cards("AC" if seat == 0 else "AD")[0])
            _compare(base, (take,))
            _compare(base, (take, discard))
            compared += 2
    drawn = cards("10H")[0]
    for take in _moves(base, 0):  # a second draw in one turn: the plain path's
        _compare(base, (DrawStock(player=0, card=drawn), take))
        compared += 1
    assert compared > 50


@pytest.mark.parametrize("melds", list(MELDS))
def test_start_turn_reads_the_table_as_has_pure_sequence(melds):
    state = position(hands=HANDS, line="7H", melds=MELDS[melds], negative=None)
    for seat in (0, 1):
        turn = state._start_turn(seat)
        assert turn.had_pure == state.has_pure_sequence(seat)
        assert turn.had_melds == bool(state.melds[seat])
        assert turn.start_melds == [m.cards for m in state.melds[seat]]
        assert dict(turn.start_hand) == dict(state.hands[seat]) and turn.start_hand is not state.hands[seat]


@pytest.mark.parametrize("held", ["", "AC", "AC 5C", "5C 6C 7C AC"])
def test_quick_turn_equals_apply(held):
    hands = {"P": held, "Q": HANDS["Q"]}
    drawn = cards("10H")[0]
    compared = 0
    for forced in (None, 0, 1):
        base = position(hands=hands, line="7H", negative=None)
        base.forced_player = forced
        for seat, card, out in product((0, 1), cards("10H AC 5C KD"), (False, True)):
            for drawer in (0, 1):
                _compare(base, (DrawStock(player=drawer, card=drawn), Discard(player=seat, card=card, out=out)))
                compared += 1
    assert compared == 96
