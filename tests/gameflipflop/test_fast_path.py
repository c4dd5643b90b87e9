"""Game, Flip, Flop's fast paths against the full rule path alone: `Deal.run`
(the driver's batch) and `Deal.apply` (whose plain draws and discards skip
the checks) against `Deal._apply_checked` one move at a time, over seeded
sessions of every option set and a broken copy of each deal (a move
dropped, repeated or moved, a card swapped), compared by the findings and
by the state after every move."""

from __future__ import annotations

import random
from dataclasses import replace

from referee.cards import ALL_CARDS
from referee.games.gameflipflop.engine import Deal
from referee.games.gameflipflop.moves import Discard, Draw
from referee.games.gameflipflop.pots import PotKind

from .test_properties import OPTION_SETS, session


def _fresh(options, players, deal) -> Deal:
    antes = deal.money.antes
    return Deal(options=options, names=players, order=deal.order, hands=deal.hands, flip_card=deal.flip_card,
                eligible_flip=[s for s in deal.order if PotKind.FLIP in antes[s]],
                eligible_flop=[s for s in deal.order if PotKind.FLOP in antes[s]], deal=deal.number)


def _full(state: Deal, move) -> None:
    """One move through every check, no shortcut (what `apply` does around it)."""
    state.applied += 1
    state._apply_checked(move)


def _fingerprint(state: Deal, *, shown: bool = False) -> tuple:
    """Everything a later move or the result can depend on (`shown`: and `show`'s table)."""
    snap = state.snapshot(hide_hands=False) if shown else None
    return (snap, state.phase, state.stage, state.current, sorted(c.index for c in state.stock),
            tuple(state.pile), repr([sorted((c.index, n) for c, n in state.hands[s].counts.items()) for s in state.order]),
            repr({k: (sp.owner, sp.kind, tuple(sp.cards)) for k, sp in state.spreads.items()}),
            sorted((s, suit.value) for s, suit in state.shown), sorted(state.drawn), state.dropped, state.anyone_moved, state.took,
            state.last_discarder, state.stock_turn, repr(state.laid), repr(state.layoffs), repr(state.declared),
            state.ending, state.actor, state.ended_at, tuple(state.queue), state.window, state.illegal, state.turns,
            state.beat, tuple(state.counted), state.halted_at, state.applied, repr(state.result()))


def _findings(findings) -> list[tuple]:
    return [(f.rule, f.message, f.deal, f.move, f.player, f.stops_deal, f.severity) for f in findings]


def _broken(moves: list, rng: random.Random) -> list:
    moves = list(moves)
    i = rng.randrange(len(moves))
    op = rng.randrange(4)
    if op == 0 and isinstance(moves[i], (Draw, Discard)):
        moves[i] = replace(moves[i], card=rng.choice(ALL_CARDS))
    elif op == 1:
        del moves[i]
    elif op == 2:
        moves.insert(i, moves[rng.randrange(len(moves))])
    else:
        j = min(len(moves) - 1, i + rng.randint(1, 3))
        moves[i], moves[j] = moves[j], moves[i]
    return moves


def _compare(options, players, deal, moves) -> None:
    full, step = _fresh(options, players, deal), _fresh(options, players, deal)
    for k, move in enumerate(moves, start=1):
        _full(full, move)
        found = step.apply(move)
        assert _findings(found) == _findings(full.findings[len(step.findings) - len(found):]), k
        assert _fingerprint(step) == _fingerprint(full), k
        if k % 9 == 0 or full.stopped:
            batch = _fresh(options, players, deal)
            assert _findings(batch.run(moves[:k])) == _findings(full.findings), k
            assert _fingerprint(batch, shown=True) == _fingerprint(full, shown=True), k
        if full.stopped:
            break
    batch = _fresh(options, players, deal)
    batch.run(moves)
    assert _findings(batch.finish()) == _findings(full.finish())
    assert _fingerprint(batch, shown=True) == _fingerprint(full, shown=True)


def test_fast_paths_equal_the_full_rule_path():
    compared = broken_stops = 0
    for seed in range(len(OPTION_SETS)):
        options, players, generated, _ = session(seed)
        rng = random.Random(seed)
        for deal in generated.deals[:4]:
            if not deal.moves:
                continue
            _compare(options, players, deal, list(deal.moves))
            broken = _broken(list(deal.moves), rng)
            _compare(options, players, deal, broken)
            state = _fresh(options, players, deal)
            state.run(broken)
            broken_stops += state.stopped
            compared += 1
    assert compared >= 40 and broken_stops >= 10, (compared, broken_stops)
