"""Getaway's fast path (`Round.run` and `Round.apply`, both through the
shortcuts inlined in `Round.replay`) against the full rule path alone
(`Round._apply`, one move at a time): every seeded game and a
broken copy of each (a card swapped, a move dropped, repeated or moved),
compared by the findings and by the state after every move."""

from __future__ import annotations

import random

import pytest

from referee.cards import card
from referee.games.getaway.engine import Round
from referee.games.getaway.moves import Play
from referee.games.getaway.simulate import NAMES, generate
from tests.getaway.test_property import CONFIGS

GAMES = 6  # per ruleset


def _fresh(options, players, rnd) -> Round:
    return Round(options=options, players=players, hands=[list(h) for h in rnd.hands], deal=1,
                 removed=rnd.removed, marked=rnd.marked)


def _fingerprint(state: Round) -> tuple:
    """Everything a later move or the result can depend on."""
    snap = state.snapshot(hide_hands=False)
    trick = state.trick
    return (state.phase, snap.lines, repr(snap.data), tuple(state.penalties), state.clock, state.trick_no,
            state.tag, state.numbered, state.power, tuple(sorted((s, c.token) for s, c in state.duty.items())), tuple(state.places),
            sorted((c.token, n) for c, n in state.census().items()), state.window_takes, state.draw_for, state.draw_from_waste,
            None if trick is None else (trick.end, trick.offender, trick.tochoo, trick.resolved, tuple(trick.extra)),
            repr(state.result()))


def _findings(findings) -> list[tuple]:
    return [(f.where, f.message, f.penalty, f.player, f.stops_deal, f.severity) for f in findings]


def _broken(moves: list, rng: random.Random) -> list:
    moves = list(moves)
    i = rng.randrange(len(moves))
    op = rng.randrange(4)
    if op == 0 and isinstance(moves[i], Play):
        moves[i] = Play(moves[i].player, card(rng.choice(["AS", "2C", "10H", "KD", "7S", "QC"])))
    elif op == 1:
        del moves[i]
    elif op == 2:
        moves.insert(i, moves[rng.randrange(len(moves))])
    else:
        j = min(len(moves) - 1, i + rng.randint(1, 3))
        moves[i], moves[j] = moves[j], moves[i]
    return moves


def _compare(options, players, rnd, moves) -> None:
    step = _fresh(options, players, rnd)
    for k, move in enumerate(moves, start=1):
        step._apply(move, k)  # the full rule path alone, no shortcut
        batch = _fresh(options, players, rnd)
        found = batch.run(moves[:k])
        assert _findings(found) == _findings(step.findings), k
        assert _fingerprint(batch) == _fingerprint(step), k
        if step.stopped:
            break
    ends = _fresh(options, players, rnd)
    ends.run(moves)
    assert _findings(ends.finish()) == _findings(step.finish())
    assert _fingerprint(ends) == _fingerprint(step)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_fast_path_equals_the_full_rule_path(config):
    rng = random.Random(config.name)
    options = config.options
    low, high = config.players
    for seed in range(GAMES):
        players = NAMES[: low + seed % (high - low + 1)]
        for rnd in generate(options=options, players=players, seed=seed)[:1]:
            _compare(options, players, rnd, list(rnd.moves))
            _compare(options, players, rnd, _broken(rnd.moves, rng))
