"""Seeded random legal games replay clean; broken copies are caught with the
right rule and move index; cards are conserved after every move.

REFEREE_PROPERTY_GAMES sets how many games (default 1000, 3 to 8 players).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from referee.cards import standard_pack
from referee.check import check_text
from referee.games.getaway.engine import End, Phase, Round
from referee.games.getaway.moves import Play, write_move
from referee.games.getaway.options import GetawayOptions
from referee.games.getaway.simulate import NAMES, generate, transcript_data
from referee.report import Status
from referee.writer import dump_yaml

GAMES = int(os.environ.get("REFEREE_PROPERTY_GAMES", "1000"))
OPTIONS = GetawayOptions()


def _game(seed: int):
    players = NAMES[: 3 + seed % 6]
    rounds = generate(options=OPTIONS, players=players, seed=seed)
    return players, rounds


def _text(players, rounds, moves: list[str] | None = None) -> str:
    data = transcript_data(preset="getaway", overrides={}, options=OPTIONS, players=players, rounds=rounds)
    if moves is not None:
        data["deals"][0]["moves"] = moves
        del data["deals"][0]["claims"]
    return dump_yaml(data)


def _walk(players, rnd):
    """Replay a generated round, yielding (index, move, state before the move)."""
    state = Round(options=OPTIONS, players=players, hands=[list(h) for h in rnd.hands], deal=1)
    for index, move in enumerate(rnd.moves, start=1):
        yield index, move, state
        state.apply(move)


# Each mutation returns (broken move lines, index, rule) or None if the game offers no place for it.

def _revoke(players, rnd, rng):
    places = []
    for index, move, state in _walk(players, rnd):
        if isinstance(move, Play) and state.phase is Phase.PLAYING and not state.trick.first \
                and move.card.suit is state.trick.led:
            other = [c for c in state.hands[move.player].counts if c.suit is not state.trick.led]
            if other:
                places.append((index, other))
    if not places:
        return None
    index, other = rng.choice(places)
    lines = [write_move(m, players) for m in rnd.moves]
    lines[index - 1] = f"{players[rnd.moves[index - 1].player]} play {rng.choice(sorted(other, key=str))}"
    return lines, index, "GW-4.4"


def _out_of_turn(players, rnd, rng):
    places = []
    moves = rnd.moves
    for index, move, state in _walk(players, rnd):
        nxt = moves[index] if index < len(moves) else None
        if isinstance(move, Play) and isinstance(nxt, Play) and state.phase is Phase.PLAYING \
                and not state.trick.first and move.player != nxt.player and state.trick.expected() == move.player:
            places.append(index)
    if not places:
        return None
    index = rng.choice(places)
    lines = [write_move(m, players) for m in moves]
    lines[index - 1], lines[index] = lines[index], lines[index - 1]
    return lines, index, "GW-4.3"


def _not_held(players, rnd, rng):
    places = []
    for index, move, state in _walk(players, rnd):
        if isinstance(move, Play):
            elsewhere = [c for s, h in enumerate(state.hands) if s != move.player for c in h.counts
                         if not state.hands[move.player].has(c)]
            if elsewhere:
                places.append((index, elsewhere))
    index, elsewhere = rng.choice(places)
    lines = [write_move(m, players) for m in rnd.moves]
    lines[index - 1] = f"{players[rnd.moves[index - 1].player]} play {rng.choice(sorted(elsewhere, key=str))}"
    return lines, index, "GW-4.10"


def _after_tochoo(players, rnd, rng):
    places = []
    for index, move, state in _walk(players, rnd):
        just_played = isinstance(rnd.moves[index - 2], Play)  # the tochoo itself, not a later trick line
        if state.phase is Phase.ENDED and state.trick.end is End.TOCHOO and just_played:
            waiting = [s for s in state.trick.order if s not in state.trick.acted and state.active[s]]
            if waiting:
                seat = waiting[0]
                places.append((index, seat, next(iter(state.hands[seat].counts))))
    if not places:
        return None
    index, seat, card = rng.choice(places)
    lines = [write_move(m, players) for m in rnd.moves]
    lines.insert(index - 1, f"{players[seat]} play {card}")
    return lines, index, "GW-4.2"


def _wrong_first_lead(players, rnd, rng):
    for index, move, state in _walk(players, rnd):
        if isinstance(move, Play) and state.phase is Phase.SETUP:
            other = sorted((c for c in state.hands[move.player].counts if c is not move.card), key=str)
            lines = [write_move(m, players) for m in rnd.moves]
            lines[index - 1] = f"{players[move.player]} play {rng.choice(other)}"
            return lines, index, "GW-4.9"
    return None


MUTATIONS = [_revoke, _out_of_turn, _not_held, _after_tochoo, _wrong_first_lead]


@pytest.mark.parametrize("block", range(10))
def test_random_legal_games_replay_clean_and_broken_copies_are_caught(block):
    caught = Counter()
    for seed in range(block, GAMES, 10):
        players, rounds = _game(seed)
        report = check_text(_text(players, rounds), name=f"seed-{seed}")
        assert report.status is Status.LEGAL and report.findings == (), (seed, report.findings[:3])
        rng = random.Random(seed)
        for k in range(len(MUTATIONS)):
            mutation = MUTATIONS[(seed + k) % len(MUTATIONS)]
            broken = mutation(players, rounds[0], rng)
            if broken is not None:
                break
        lines, index, rule = broken
        report = check_text(_text(players, rounds, lines), name=f"broken-{seed}")
        first = [f for f in report.findings if f.is_error]
        assert report.status is Status.ILLEGAL, (seed, mutation.__name__)
        assert (first[0].rule, first[0].move) == (rule, index), (seed, mutation.__name__, first[:3])
        assert {f.rule for f in first if f.move == index} == {rule}, (seed, mutation.__name__, first[:3])
        caught[rule] += 1
    assert sum(caught.values()) == len(range(block, GAMES, 10))


@pytest.mark.parametrize("seed", range(0, 200, 7))
def test_cards_are_conserved_after_every_move(seed):
    players, rounds = _game(seed)
    pack = standard_pack()
    state = Round(options=OPTIONS, players=players, hands=[list(h) for h in rounds[0].hands], deal=1)
    for index, move in enumerate(rounds[0].moves, start=1):
        state.apply(move)
        assert state.census() == pack, (seed, index)
    assert state.finish().settled


def test_the_same_seed_gives_the_same_transcript():
    players, rounds = _game(12)
    again_players, again = _game(12)
    assert _text(players, rounds) == _text(again_players, again)
