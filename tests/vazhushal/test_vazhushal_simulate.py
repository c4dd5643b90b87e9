"""The simulator plays from the engine's one list of legal moves: every move
it writes, as it writes it, is in `legal_moves()` of the state it plays on,
except the echo lines (`overflow`, `end`: marks of the record, nobody's
choice) and the melds a take's plan lays (`plans.plan_take`, chosen before
the take: the referee accepts them, but `legal_moves()` may offer the same
meld in another card order, or another meld for the same key card)."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.games.vazhushal import simulate as sim
from referee.games.vazhushal.engine import GameState
from referee.games.vazhushal.moves import DrawLine, EndMark, Meld, Overflow, write_move

RUNS = [("vazhushal", 2), ("vazhushal", 4), ("vazhushal-3p-one-pack-line10", 3), ("vazhushal-2p-joker-must-meld", 2),
        ("vazhushal-2p-joker-left-takes", 2), ("vazhushal-3p-one-pack-extra-jokers", 3)]


@pytest.mark.parametrize("preset,players", RUNS, ids=[f"{p}-{n}" for p, n in RUNS])
def test_every_move_the_simulator_writes_is_a_legal_move_of_its_state(preset, players, monkeypatch):
    seen = Counter()
    planning = []  # set while a take and its plan's melds are written

    apply = GameState.apply

    def checked(state: GameState, move, index=None):
        if not isinstance(move, (Overflow, EndMark)):
            legal = state.legal_moves()
            probe = DrawLine(player=move.player, depth=move.depth) if isinstance(move, DrawLine) else move
            if probe in legal:
                seen["listed"] += 1
            else:
                planned = planning and isinstance(move, Meld)
                assert planned, (write_move(move, state.players), [write_move(m, state.players) for m in legal])
                cards = Counter(move.tokens)
                reordered = any(isinstance(m, Meld) and Counter(m.tokens) == cards for m in legal)
                seen["reordered" if reordered else "other meld"] += 1
        return apply(state, move, index)

    take = sim._Player._try_take

    def try_take(player, seat):
        planning.append(True)
        try:
            return take(player, seat)
        finally:
            planning.pop()

    monkeypatch.setattr(GameState, "apply", checked)
    monkeypatch.setattr(sim._Player, "_try_take", try_take)
    for seed in range(4):
        sim.simulate(preset=preset, players=players, seed=seed, overrides={"match_wins": "1"})
    moves = sum(seen.values())
    assert moves > 150 and seen["reordered"] + seen["other meld"] < moves / 50, seen
    assert seen["other meld"] <= moves // 500 + 1, seen
