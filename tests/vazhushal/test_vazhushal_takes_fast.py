"""The take rules' shortcuts (takes.py) against the computations they replace:

- `melds.held_run_in` (no copy of the hand: a pure sequence holds no card
  twice) against the counting version, over melds of every shape and random hands;
- `judge_take`, which tries case B (VZ-5.7) before asking whether the hand
  held a pure sequence at all (case B implies it did), against
  `_plain_judge_take`, the rules as written before, at every take judged in
  replayed games of every preset and broken copies of them; the case B
  shortcut is counted, so that the comparison is known to reach it.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain

from referee.cards import ALL_CARDS, JOKER
from referee.games.vazhushal import GAME
from referee.games.vazhushal import phase as phase_module
from referee.games.vazhushal import rules as R
from referee.games.vazhushal import takes as takes_module
from referee.games.vazhushal.engine import GameState
from referee.games.vazhushal.melds import has_pure_run, held_run_in, pure_run_positions
from referee.games.vazhushal.options import FirstJokerTake
from referee.transcript import read_header
from referee.yamldoc import load_document
from test_vazhushal_shortcuts import PRESETS, _random_melds, _referee_broken_copies, _texts


def _counted_held_run_in(placed, held):
    """`held_run_in` as VZ-5.7 and VZ-15.2 read plainly: the hand copied and each copy of a card
    credited once."""
    positions = pure_run_positions(placed)
    if positions is None:
        return False
    credited = set()
    left = Counter(held)
    for p, position in zip(placed, positions):
        if left[p.card] > 0:
            left[p.card] -= 1
            credited.add(position)
    return any(p + 1 in credited and p + 2 in credited for p in credited)


def test_held_run_in_without_a_copy_equals_the_counting_version():
    rng = random.Random(53)
    pack = list(chain(ALL_CARDS, [JOKER]))
    held_any = 0
    for placed in _random_melds(rng, 4000):
        hand = Counter({c: rng.randint(0, 2) for c in rng.sample(pack, rng.randint(0, 30))})
        hand.update(p.card for p in placed if rng.random() < 0.6)  # most of the meld's cards held
        expected = _counted_held_run_in(placed, hand)
        assert held_run_in(placed, hand) == expected, placed
        held_any += expected
    assert held_any > 80


def _plain_case_b(melds, key, *, turn, wild):
    for ident, meld in melds:
        if takes_module._pure(meld, wild, turn) and held_run_in(meld, turn.start_hand):
            if any(other_ident != ident and takes_module._holds(other, key) for other_ident, other in melds):
                return True
    return False


def _plain_judge_take(take, turn, *, wild, options):
    """`judge_take` as it was before its shortcuts: `has_pure_run` asked
    before case B, `held_run_in` with its copy of the hand."""
    t = takes_module
    if take.forced:
        return []
    key = take.key
    used = any(t._holds(m, key) for _, m in t._new_melds(turn, options))
    melds = t._end_new(turn, options)
    in_pure = any(t._holds(m, key) and t._pure(m, wild, turn) for _, m in melds)
    held_pure = has_pure_run(turn.start_hand)
    if take.bottom_joker:
        if in_pure:
            return []
        if not (turn.had_pure or held_pure):
            completed = (has_pure_run(take.hand_before + Counter(take.taken))
                         or any(t._pure(m, wild, turn) for _, m in melds))
            return [R.COMPLETED_THIS_TURN if completed else R.BOTTOM_JOKER]
        found = []
        if not turn.had_pure and not any(t._pure(m, wild, turn) and held_run_in(m, turn.start_hand)
                                         for _, m in melds):
            found.append(R.BOTTOM_JOKER_PURE)
        if options.first_joker_take is FirstJokerTake.MUST_MELD:
            if not (used if turn.had_pure else _plain_case_b(melds, key, turn=turn, wild=wild)):
                found.append(R.JOKER_MUST_MELD)
        return found
    if not used:
        return [R.KEY_CARD]
    if turn.had_melds or in_pure:
        return []
    if held_pure and _plain_case_b(melds, key, turn=turn, wild=wild):
        return []
    return [R.CASE_A, R.CASE_B if held_pure else R.NO_MELDS_TAKE]


def test_judge_take_equals_the_plain_rules(monkeypatch):
    """Every take the end of a meld phase judges, in replayed games of every
    preset and broken copies: the rules `judge_take` finds against
    `_plain_judge_take`'s (the presets at once: only some reach case B)."""
    seen = {"takes": 0, "case_b": 0, "found": 0}
    real_take = takes_module.judge_take

    def judge_take(take, facts, *, wild, options):
        found = real_take(take, facts, wild=wild, options=options)
        assert [rule for rule, _ in found] == _plain_judge_take(take, facts, wild=wild, options=options)
        seen["takes"] += 1
        seen["found"] += bool(found)
        seen["case_b"] += (not found and not take.forced and not take.bottom_joker and not facts.had_melds
                           and not any(takes_module._holds(m, take.key) and takes_module._pure(m, wild, facts)
                                       for _, m in takes_module._end_new(facts, options)))
        return found

    monkeypatch.setattr(phase_module, "judge_take", judge_take)
    monkeypatch.delattr(GameState, "run")  # the driver steps `apply`: every phase end through `_close`
    rng = random.Random(59)
    for text in (text for preset, players in PRESETS for text in _texts(preset, players)):
        GAME.referee(load_document(text), read_header(load_document(text)))
        _referee_broken_copies(text, rng, 20)
    assert seen["case_b"] > 150 and seen["found"] > 20, seen
