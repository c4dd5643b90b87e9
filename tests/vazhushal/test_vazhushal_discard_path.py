"""`_on_discard`'s own laying of a discard on an unbounded line (the
commonest discard: `to_line`'s steps written out) against `to_line`
itself, after a take from the line, with the line bounded or not and the
stock run out or not; and its count of the cards held, made only for a
face-down discard, against the rules it decides (VZ going out)."""

from __future__ import annotations

import copy
from itertools import product

import pytest

from referee.games.vazhushal import rules as R
from referee.games.vazhushal.moves import Discard, DrawLine
from tests.conformance.test_fast_path import _findings, _same_state, _state
from vazhushal_helpers import cards, position

HANDS = {"P": "2S 3S 4S 9D 9C KH KD QC 5C 6C 10D JD AC", "Q": "2H 3H 4H 9S 10S KS QS QD 5D 6D 8D JC AD"}


def _taken(hands, capacity, exhausted):
    """P to discard, in the meld phase of a turn begun by a take of the line's top card."""
    state = position(hands=hands, line="7H 7D JK", negative=None)
    state.apply(DrawLine(player=0, depth=1))
    state.line.capacity = capacity
    state.exhausted = exhausted
    return state


@pytest.mark.parametrize("capacity,exhausted", list(product((None, 2, 3, 5), (False, True))))
def test_discard_on_the_line_equals_to_line(capacity, exhausted):
    base = _taken(HANDS, capacity, exhausted)
    compared = 0
    for card in sorted(set(base.hands[0].elements()), key=lambda c: c.index):
        fast, plain = copy.deepcopy(base), copy.deepcopy(base)
        fast.apply(Discard(player=0, card=card))
        plain.count += 1
        plain.last_overflow = None
        turn = plain.turn
        assert turn is not None
        plain._close(turn)
        plain.hands[0][card] -= 1
        plain.to_line(0, card)
        assert _findings(fast.findings) == _findings(plain.findings), card
        seen: dict[int, object] = {}
        _same_state(_state(fast, seen), _state(plain, seen), str(card))
        compared += 1
    assert compared > 10


@pytest.mark.parametrize("held", ["", "AC", "AC KD"])
@pytest.mark.parametrize("out", [False, True])
def test_discard_counts_the_cards_held(held, out):
    state = _taken({"P": held, "Q": HANDS["Q"]}, None, False)
    card = cards("7H")[0]  # the card taken
    found = state.apply(Discard(player=0, card=card, out=out))
    going_out = [f for f in found if f.rule == R.GOING_OUT]
    assert state.over is not held  # the last card held goes out
    assert len(going_out) == (1 if out and held else 0)
    if going_out:
        assert f"holding {len(held.split()) + 1} cards" in going_out[0].message
