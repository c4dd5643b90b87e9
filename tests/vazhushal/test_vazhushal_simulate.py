"""The simulator plays from the engine's one list of legal moves: every move
it writes is in `legal_moves()` of the state it plays on, the melds a take's
plan lays included (the meld phase after a take lists the plan's next meld),
except the echo lines (`overflow`, `end`: marks of the record, nobody's
choice). A take is listed with its cards (the cross-check the record may
leave out). And `legal_moves()` is a function of the position, not of the
order a hand was dealt or written in."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

import pytest

from referee.games.vazhushal import simulate as sim
from referee.games.vazhushal.engine import GameState
from referee.games.vazhushal.moves import DrawLine, EndMark, Overflow, write_move

RUNS = [("vazhushal", 2), ("vazhushal", 4), ("vazhushal-3p-one-pack-line10", 3), ("vazhushal-2p-joker-must-meld", 2),
        ("vazhushal-2p-joker-left-takes", 2), ("vazhushal-3p-one-pack-extra-jokers", 3)]


@pytest.mark.parametrize("preset,players", RUNS, ids=[f"{p}-{n}" for p, n in RUNS])
def test_every_move_the_simulator_writes_is_a_legal_move_of_its_state(preset, players, monkeypatch):
    seen = Counter()
    apply = GameState.apply

    def checked(state: GameState, move, index=None):
        if not isinstance(move, (Overflow, EndMark)):
            legal = state.legal_moves()
            probe = move
            if isinstance(move, DrawLine) and move.cards is None and 1 <= move.depth <= len(state.line):
                probe = dataclasses.replace(move, cards=tuple(state.line.top(move.depth)))
            assert probe in legal, (write_move(move, state.players), [write_move(m, state.players) for m in legal])
            seen[type(move).__name__] += 1
        return apply(state, move, index)

    monkeypatch.setattr(GameState, "apply", checked)
    for seed in range(4):
        sim.simulate(preset=preset, players=players, seed=seed, overrides={"match_wins": "1"})
    assert sum(seen.values()) > 150 and seen["DrawLine"] and seen["Meld"], seen


def _reordered(state: GameState, rng: random.Random) -> GameState:
    """A copy of `state` whose hands list the same cards in another order."""
    other = copy.deepcopy(state)

    def shuffled(hand: Counter) -> Counter:
        items = list(hand.items())
        rng.shuffle(items)
        return Counter(dict(items))

    other.hands = [shuffled(hand) for hand in other.hands]
    if other.turn is not None:
        other.turn.start_hand = shuffled(other.turn.start_hand)
    return other


@pytest.mark.parametrize("preset,players", RUNS[:3], ids=[f"{p}-{n}" for p, n in RUNS[:3]])
def test_legal_moves_do_not_depend_on_the_order_of_the_hands(preset, players, monkeypatch):
    rng = random.Random(7)
    compared = Counter()
    apply = GameState.apply

    def checked(state: GameState, move, index=None):
        if rng.random() < 0.5:
            legal = state.legal_moves()
            assert _reordered(state, rng).legal_moves() == legal
            compared["positions"] += 1
        return apply(state, move, index)

    monkeypatch.setattr(GameState, "apply", checked)
    for seed in range(2):
        sim.simulate(preset=preset, players=players, seed=seed, overrides={"match_wins": "1"})
    assert compared["positions"] > 50, compared
