"""Seeded random legal games of every preset (and of option combinations)
replay clean; a broken copy of each is caught with the right rule and move
index; payouts sum to zero. (Cards kept after every move and the same seed
giving the same text: tests/conformance, for every preset.)

REFEREE_PROPERTY_SCALE multiplies the number of games (default 1: 1,000 games
of 3 to 8 players under `getaway`, 300 under each other preset, fewer under
option combinations).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import pytest

from referee.check import check_text
from referee.games.getaway.engine import End, Phase, Round
from referee.games.getaway.moves import Play, write_move
from referee.games.getaway.options import Betting, GetawayOptions
from referee.games.getaway.simulate import NAMES, generate, transcript_data
from referee.report import Status
from referee.rulesets import find_preset, resolve
from referee.writer import dump_yaml

SCALE = float(os.environ.get("REFEREE_PROPERTY_SCALE", "1"))


@dataclass(frozen=True)
class Config:
    """A ruleset to play random games under: a preset, overrides, how many games, player counts."""

    preset: str
    overrides: tuple[tuple[str, str], ...] = ()
    games: int = 300
    players: tuple[int, int] = (2, 8)

    @property
    def options(self) -> GetawayOptions:
        return GetawayOptions.from_values(resolve("getaway", self.preset, dict(self.overrides)).values)

    @property
    def name(self) -> str:
        return self.preset + "".join(f",{k}={v}" for k, v in self.overrides)


CONFIGS = [
    Config("getaway", games=1000, players=(3, 8)),  # issue 2's acceptance: 1,000 games of 3 to 8 players
    Config("donkey"),
    Config("donkey", (("donkey_trump", "played"),), games=100),
    Config("getaway-pickup-breaker"),
    Config("getaway-spades-trump"),
    Config("getaway-no-pickup"),
    Config("getaway", (("direction", "counterclockwise"), ("take_hand", "leader")), games=100),
    Config("getaway", (("packs", "2"), ("deal_extras", "big_hand")), games=60, players=(2, 16)),
    Config("getaway", (("deal_extras", "discard_low"), ("dealer", "loser"), ("match_rounds", "3")), games=60),
    Config("getaway", (("empty_power", "draw_next_hand"),), games=100),
    Config("getaway", (("empty_power", "draw_any_hand"), ("first_trick_order", "clockwise")), games=100),
    Config("getaway", (("empty_power", "pass_lead"), ("last_card_high", "yes")), games=100),
    Config("getaway", (("first_trick", "normal"), ("trump", "spades"), ("must_trump", "no")), games=100),
    Config("getaway-pickup-breaker", (("trump", "donkey"), ("scoring", "staggered"), ("match_rounds", "3"),
                                      ("betting", "pot"), ("ante", "0.25"), ("push_push", "yes")), games=60),
    Config("getaway-no-pickup", (("empty_power", "draw_waste"), ("take_hand", "any")), games=60),
    # GW-10.9: dead positions where a take could still end the round; the generator ends them as dead
    Config("getaway-pickup-breaker", (("take_hand", "any"),), games=100),
    Config("getaway-pickup-breaker", (("take_hand", "leader"), ("empty_power", "draw_waste")), games=60),
    Config("donkey", (("match_rounds", "2"), ("betting", "pot"), ("scoring", "legs")), games=60),
]
BLOCK = 100


def _blocks():
    for config in CONFIGS:
        count = max(1, int(config.games * SCALE))
        for start in range(0, count, BLOCK):
            yield pytest.param(config, start, min(count, start + BLOCK), id=f"{config.name}[{start}:{min(count, start + BLOCK)}]")


def _game(config: Config, seed: int):
    low, high = config.players
    players = NAMES[: low + seed % (high - low + 1)]
    rounds = generate(options=config.options, players=players, seed=seed)
    return players, rounds


def _text(config: Config, players, rounds, moves: list[str] | None = None) -> str:
    data = transcript_data(preset=config.preset, overrides=dict(config.overrides), options=config.options,
                           players=players, rounds=rounds)
    if moves is not None:
        data["deals"][0]["moves"] = moves
        for deal in data["deals"]:
            deal.pop("claims", None)
        data.pop("claims", None)
    return dump_yaml(data)


def _walk(options, players, rnd):
    """Replay a generated round, yielding (index, move, state before the move)."""
    state = Round(options=options, players=players, hands=[list(h) for h in rnd.hands], deal=1,
                  removed=rnd.removed, marked=rnd.marked)
    for index, move in enumerate(rnd.moves, start=1):
        yield index, move, state
        state.apply(move, index)


# Each mutation returns (broken move lines, index, rule) or None if the game offers no place for it.

def _other_card_played(players, rnd, rng, places, rule):
    """One of `places` (index, cards) chosen, its play changed to one of those cards.
    Not the last move: a penalty there leaves the round unfinished, which is
    a second finding (GW-4.14) at the same move."""
    places = [place for place in places if place[0] < len(rnd.moves)]
    if not places:
        return None
    index, cards = rng.choice(places)
    lines = [write_move(m, players) for m in rnd.moves]
    lines[index - 1] = f"{players[rnd.moves[index - 1].player]} play {rng.choice(sorted(cards, key=str))}"
    return lines, index, rule


def _revoke(options, players, rnd, rng):
    places = []
    for index, move, state in _walk(options, players, rnd):
        if isinstance(move, Play) and state.phase is Phase.PLAYING and not state.trick.first \
                and move.card.suit is state.trick.led:
            other = [c for c in state.hands[move.player].counts if c.suit is not state.trick.led]
            if other:
                places.append((index, other))
    return _other_card_played(players, rnd, rng, places, "GW-4.4")


def _out_of_turn(options, players, rnd, rng):
    places = []
    moves = rnd.moves
    for index, move, state in _walk(options, players, rnd):
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


def _not_held(options, players, rnd, rng):
    places = []
    for index, move, state in _walk(options, players, rnd):
        if isinstance(move, Play):
            elsewhere = [c for s, h in enumerate(state.hands) if s != move.player for c in h.counts
                         if not state.hands[move.player].has(c)]
            if elsewhere:
                places.append((index, elsewhere))
    return _other_card_played(players, rnd, rng, places, "GW-4.10")


def _after_tochoo(options, players, rnd, rng):
    places = []
    for index, move, state in _walk(options, players, rnd):
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


def _wrong_first_lead(options, players, rnd, rng):
    for index, move, state in _walk(options, players, rnd):
        if isinstance(move, Play) and state.phase is Phase.SETUP:
            other = sorted((c for c in state.hands[move.player].counts if c is not move.card), key=str)
            if not other:
                return None
            lines = [write_move(m, players) for m in rnd.moves]
            lines[index - 1] = f"{players[move.player]} play {rng.choice(other)}"
            return lines, index, "GW-4.9"
    return None


MUTATIONS = [_revoke, _out_of_turn, _not_held, _after_tochoo, _wrong_first_lead]


@pytest.mark.parametrize(("config", "start", "stop"), list(_blocks()))
def test_random_legal_games_replay_clean_and_broken_copies_are_caught(config, start, stop):
    options = config.options
    cited = set(find_preset(config.preset).cites)
    caught = Counter()
    for seed in range(start, stop):
        players, rounds = _game(config, seed)
        report = check_text(_text(config, players, rounds), name=f"seed-{seed}")
        assert report.status is Status.LEGAL and report.findings == (), (seed, report.findings[:3])
        if options.betting is Betting.POT:
            nets = report.settlement["payouts"].values()
            assert sum(Fraction(n["net"]) for n in nets) == 0
        rng = random.Random(seed)
        for k in range(len(MUTATIONS)):
            mutation = MUTATIONS[(seed + k) % len(MUTATIONS)]
            broken = mutation(options, players, rounds[0], rng)
            if broken is not None:
                break
        lines, index, rule = broken
        report = check_text(_text(config, players, rounds, lines), name=f"broken-{seed}")
        errors = [f for f in report.findings if f.is_error]
        assert report.status is Status.ILLEGAL, (seed, mutation.__name__)
        assert (errors[0].deal, errors[0].rule, errors[0].move) == (1, rule, index), (seed, mutation.__name__, errors[:3])
        assert {f.rule for f in errors if f.move == index and f.deal == 1} == {rule}, (seed, mutation.__name__)
        if not config.overrides:
            assert {f.rule for f in report.findings} <= cited, (seed, mutation.__name__)
        caught[rule] += 1
    assert sum(caught.values()) == stop - start
