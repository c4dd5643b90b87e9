"""The end of a meld phase's shortcuts in the identical-meld test (phase.py
`_distinct`: a touched meld whose identity is kept compared whole with the
other kept identities, without a size test) against `_plain_phase_problems`, on tables whose identities are kept, so that the
shortcut is the path taken; identical melds (two packs) common, some touched."""

from __future__ import annotations

import random

import pytest

from referee.games.vazhushal import phase as phase_module
from referee.games.vazhushal import rules as R
from referee.games.vazhushal.options import IdenticalTest, VazhushalOptions
from test_vazhushal_shortcuts import _plain_phase_problems
from vazhushal_helpers import position

POOL = ["2S 3S 4S", "7D 8D 9D", "7D 8D JK=9D", "9H 9S 9C", "9S 9H 9C", "5C 6C 7C 8C", "JK=2S 3S 4S",
        "2S 3S 4S 5S", "3S 2S 4S", "JK=7D 8D 9D", "8D 7D JK=9D"]


@pytest.mark.parametrize("test", list(IdenticalTest))
def test_identical_meld_shortcut_with_kept_identities_equals_the_plain_test(test):
    rng = random.Random(str(test))
    identical = passed_over = whole = 0
    other = next(t for t in IdenticalTest if t is not test)
    for _ in range(500):
        melds = rng.choices(POOL, k=rng.randint(2, 5))
        try:
            state = position(players=("P", "Q", "R"), hands={"P": "2C"}, negative="5C", line="7S",
                             melds={"P": melds}, opts=VazhushalOptions(identical_meld_test=test))
        except AssertionError:  # more copies than two packs hold
            continue
        for meld in state.melds[0]:
            if rng.random() < 0.8:  # most identities kept, as at a phase end of a replay
                meld.identity(test)
            elif rng.random() < 0.5:  # some kept under the other test (a check keeps one by value)
                meld.identity(other)
        turn = state._start_turn(0)
        for meld in rng.sample(state.melds[0], rng.randint(1, len(melds))):
            meld.touched, meld.laid_now = rng.randint(1, 9), rng.random() < 0.5
        # the touched melds compared by their whole kept identities (the first loop of `_distinct`)
        whole += any(m.touched is not None and m._identity is not None and m._identity[0] is test
                     for m in state.melds[0])
        turn.last_action = 9
        plain = _plain_phase_problems(state, turn)
        assert phase_module.phase_problems(state, turn) == plain, melds
        found = any(rule == R.IDENTICAL for rule, _, _ in plain)
        identical += found
        passed_over += not found and len(melds) > 2
    assert identical > 40 and passed_over > 40 and whole > 200, (identical, passed_over, whole)
