"""Tjuv's fast path (`TjuvDeal.run`, batch.py) against the full rule path
(`TjuvDeal.apply`, one move at a time) where Tjuv's records differ from
other games': draws and turns without their card, captures and steals left
to be derived, a talon whose order is not recorded, steals naming every
kind of pile, and Tjuv's broken copies (test_tjuv_property's mutations),
compared by the findings and by the state after every move and at the end.
Seeded games and generic broken copies of every preset: tests/conformance/test_fast_path.py."""

from __future__ import annotations

import random
from dataclasses import asdict, replace

import pytest

from referee.cards import Card, card
from referee.games.tjuv.deal import StartingPosition
from referee.games.tjuv.engine import TjuvDeal
from referee.games.tjuv.moves import Draw, Move, Play, Turn, parse_move, write_move
from referee.games.tjuv.simulate import NAMES, generate
from referee.games.tjuv.talon import Talon
from tests.tjuv.test_tjuv_property import BROKEN, GENERIC, opts_of, walk

CONFIGS = [
    ("tjuv", {}),
    ("tjuv-schenkmanis", {}),
    ("tjuv", {"steal_mode": "mandatory"}),
    ("tjuv", {"steal_mode": "all_or_none", "on_violation": "continue"}),
    ("tjuv-schenkmanis", {"steal_mode": "mandatory", "on_violation": "continue"}),
    ("tjuv", {"on_violation": "continue"}),
]
SEEDS = 6  # per configuration


def _fingerprint(state: TjuvDeal) -> tuple:
    """Everything a later move, the end or the result can depend on."""
    return (repr(state.table_data()), [c.token for c in state.talon.cards()], state.talon.size,
            asdict(state.turn), state.turns, state.last_player, state.over, state.stopped, state._errors,
            state._index, repr(state.swept), sorted((c.token, n) for c, n in state.census().items()),
            [p.top.token for p in state.piles.values()], repr(state.result()))


def _findings(findings) -> list[tuple]:
    return [(f.rule, f.message, f.deal, f.move, f.player, f.severity, f.stops_deal) for f in findings]


def _compare(options, players, start: StartingPosition, moves: list[Move]) -> None:
    def fresh() -> TjuvDeal:
        return TjuvDeal.from_start(options=options, players=players, start=start)

    plain = fresh()
    for k, move in enumerate(moves, start=1):
        plain.apply(move, k)
        batch = fresh()
        found = batch.run(moves[:k])
        assert _findings(found) == _findings(plain.findings), k
        assert _fingerprint(batch) == _fingerprint(plain), k
        if plain.stopped:
            break
    ends = fresh()
    ends.run(moves)
    assert _findings(ends.finish()) == _findings(plain.finish())
    assert _findings(ends.findings) == _findings(plain.findings)
    assert _fingerprint(ends) == _fingerprint(plain)


def _shuffled(moves: list[Move], rng: random.Random) -> list[Move]:
    """A move dropped, repeated or moved a few places (a draw before the play, say: on_violation=continue
    applies it, and the step-2 draw is then not owed again)."""
    moves = list(moves)
    i = rng.randrange(len(moves))
    op = rng.randrange(3)
    if op == 0:
        del moves[i]
    elif op == 1:
        moves.insert(i, moves[rng.randrange(len(moves))])
    else:
        j = min(len(moves) - 1, i + rng.randint(1, 3))
        moves[i], moves[j] = moves[j], moves[i]
    return moves


def _unnamed(moves: list[Move]) -> list[Move]:
    """Draws and turns without their card, captures and steals not recorded."""
    out: list[Move] = []
    for move in moves:
        if isinstance(move, (Draw, Turn)):
            move = replace(move, card=None)
        elif isinstance(move, Play):
            move = replace(move, capture=None, steals=None)
        out.append(move)
    return out


@pytest.mark.parametrize("preset, overrides", CONFIGS, ids=lambda c: c if isinstance(c, str) else
                         ",".join(f"{k}={v}" for k, v in c.items()) or "-")
def test_fast_path_on_what_a_record_leaves_out(preset, overrides):
    options = opts_of(preset, overrides)
    rng = random.Random(f"{preset}{overrides}")
    for seed in range(SEEDS):
        players = NAMES[: 2 + seed % 5]
        for deal in generate(options=options, players=players, seed=seed, deals=2):
            moves, start = list(deal.moves), deal.start
            assert start.talon_order is not None  # the simulator's talon is recorded: unnamed draws take its top
            _compare(options, players, start, _unnamed(moves))
            # the talon's order not recorded: stock cards in any order, then the removed ones
            _compare(options, players, replace(start, talon_order=None), moves)
            _compare(options, players, replace(start, talon_order=None), _unnamed(moves))
            _compare(options, players, start, _shuffled(_unnamed(moves), rng))  # (these out of order)


@pytest.mark.parametrize("broken", BROKEN + GENERIC, ids=lambda b: b.name)
def test_fast_path_on_broken_copies(broken):
    for on_violation in ("stop", "continue"):
        overrides = {**dict(broken.overrides), "on_violation": on_violation}
        options = opts_of(broken.preset, overrides)
        compared = 0
        for seed in range(30):
            if compared == 3:
                break
            players = NAMES[: 2 + seed % 5]
            deal = generate(options=options, players=players, seed=seed, deals=1)[0]
            lines = [write_move(m, players) for m in deal.moves]
            seats = {name: i for i, name in enumerate(players)}
            for number, (state, move) in enumerate(walk(options, players, deal), start=1):
                if move is None:
                    break
                done = broken.mutate(state, move, number, list(lines), players)
                if done is None or done[1] is None:
                    continue
                _compare(options, players, deal.start, [parse_move(text, seats=seats) for text in done[0]])
                compared += 1
                break
        assert compared, broken.name


def _steal_variants(state: TjuvDeal, move: Play) -> list[tuple[Card, ...]]:
    """Steals a capturing play might record: each pile on its own (own, of
    another suit, topped higher, eligible), an eligible one twice, all the
    eligible ones but one, and none."""
    eligible = tuple(p.top for p in state.eligible(move.player, move.card))
    variants = [(top,) for top in state.piles]
    if eligible:
        variants += [eligible + eligible[:1], eligible[1:], ()]
    return variants


@pytest.mark.parametrize("steal_mode", ["optional", "all_or_none", "mandatory"])
def test_fast_path_on_recorded_steals(steal_mode):
    for on_violation in ("stop", "continue"):
        options = opts_of("tjuv", {"steal_mode": steal_mode, "on_violation": on_violation})
        variants = 0
        for seed in range(8):
            players = NAMES[: 2 + seed % 4]
            deal = generate(options=options, players=players, seed=seed, deals=1)[0]
            moves = list(deal.moves)
            for number, (state, move) in enumerate(walk(options, players, deal), start=1):
                if isinstance(move, Play) and state.capture_set(move.card) and state.piles:
                    for steals in _steal_variants(state, move):
                        changed = [*moves[:number - 1], replace(move, steals=steals), *moves[number:]]
                        _compare(options, players, deal.start, changed)
                        variants += 1
                    if variants > 40:
                        break
        assert variants > 10


def _talons() -> list[Talon]:
    a, b, c = (card(t) for t in ("AS", "KH", "6D"))
    return [Talon(order=[a, b, c]), Talon(order=[a]), Talon(order=[]), Talon(upper=[a, b], bottom=[c]),
            Talon(upper=[], bottom=[c, b]), Talon(upper=[a], bottom=[]), Talon()]


def test_a_talon_take_is_check_then_remove_when_check_finds_nothing():
    """`Talon.take`, the fast path's draw and turn, against `check` and `remove`."""
    for k, _ in enumerate(_talons()):
        for name in (None, "AS", "KH", "6D", "7C"):
            taken, plain = _talons()[k], _talons()[k]
            wanted = None if name is None else card(name)
            resolved, issues = plain.check(wanted)
            got = taken.take(wanted)
            if issues or resolved is None:
                assert got is None, (k, name)
            else:
                plain.remove(resolved)
                assert got is resolved, (k, name)
            assert (taken.cards(), taken.size, taken.top()) == (plain.cards(), plain.size, plain.top()), (k, name)
