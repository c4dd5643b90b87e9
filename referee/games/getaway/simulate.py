"""A seeded generator of legal Getaway games, for `referee simulate` and tests.

It shuffles and deals with its own `random.Random(seed)`, then lets the
engine list the legal moves and picks among them. The same arguments always
give the same transcript. A round that runs too long (possible under
pickup=none with a drawing empty_power, GW-10.1) is dealt again; one that
reaches a dead position ends there as a dead round, even where a take could
still end it (GW-10.9).
"""

from __future__ import annotations

import random
from typing import Mapping

from ...cards import Card, card, format_cards, standard_pack
from ...errors import InputError, Problem
from ...frozen import frozen
from ...money import format_fraction
from ...simulation import hands_text, simulation_ruleset, transcript_head, write_transcript
from .deal import hand_sizes, low_cards
from .engine import Phase, Round
from .moves import Move, Play, Take, TrickMark, write_move
from .options import DealerRule, DealExtras, GetawayOptions
from .settle import round_points, settle_match

__all__ = ["simulate", "generate", "GeneratedRound", "NAMES"]

NAMES = ("Asha", "Bilal", "Chandni", "Dev", "Ekam", "Farah", "Gurpreet", "Harjit",
         "Imran", "Jaspreet", "Kiran", "Lakhan", "Manpreet", "Navdeep", "Omar", "Parveen")
MAX_MOVES = 4000
TAKE_CHANCE = 0.04
ACE_OF_SPADES = card("AS")


@frozen(slots=True)
class GeneratedRound:
    dealer: int
    hands: list[list[Card]]
    removed: list[Card]
    big_hand: int | None
    marked: int | None
    moves: list[Move]
    state: Round


def _deal(rng: random.Random, options: GetawayOptions, n: int, dealer: int) -> tuple[list[list[Card]], list[Card], int | None]:
    pack = list(standard_pack(packs=options.packs).elements())
    rng.shuffle(pack)
    q, r, after_dealer = hand_sizes(options, n, dealer)
    removed: list[Card] = []
    big = None
    if options.deal_extras is DealExtras.DISCARD_LOW:
        removed = low_cards(r, options.packs)
        for c in removed:
            pack.remove(c)
        sizes = [q] * n
    elif options.deal_extras is DealExtras.DEALER_LEFT:
        sizes = [q + 1 if s in after_dealer else q for s in range(n)]
    elif options.deal_extras is DealExtras.AGREED:
        lucky = set(rng.sample(range(n), r))
        sizes = [q + 1 if s in lucky else q for s in range(n)]
    else:
        big = rng.randrange(n)
        sizes = [q + r if s == big else q for s in range(n)]
    hands, start = [], 0
    for size in sizes:
        hands.append(pack[start:start + size])
        start += size
    return hands, removed, big


def _marked(rng: random.Random, options: GetawayOptions, hands: list[list[Card]]) -> int | None:
    if options.packs != 2:
        return None
    holders = [s for s, h in enumerate(hands) for c in h if c is ACE_OF_SPADES]
    return rng.choice(holders)


def _play(rng: random.Random, options: GetawayOptions, players: tuple[str, ...], hands, removed, marked,
          number: int) -> tuple[list[Move], Round] | None:
    state = Round(options=options, players=players, hands=[list(h) for h in hands], deal=number,
                  removed=removed, marked=marked)
    moves: list[Move] = []
    while state.phase not in (Phase.OVER, Phase.STOPPED):
        state.advance()
        if state.at_dead_position():  # GW-10.9: the generator ends a round there as dead, taking nothing
            state.finish()
        if state.phase is Phase.OVER:
            break
        legal = state.legal_moves()
        # nobody sensible takes the last other hand: he would lose at once (GW-3.35)
        takes = [m for m in legal if isinstance(m, Take)] if state.active_count > 2 else []
        others = [m for m in legal if not isinstance(m, Take)]
        move = rng.choice(takes) if takes and (not others or rng.random() < TAKE_CHANCE) else rng.choice(others)
        if isinstance(move, Play) and state.phase in (Phase.SETUP, Phase.WINDOW):
            mark = TrickMark(state.trick_no + 1)
            moves.append(mark)
            state.apply(mark, len(moves))
        moves.append(move)
        state.apply(move, len(moves))
        if len(moves) > MAX_MOVES:
            return None
    assert state.phase is Phase.OVER, state.findings
    return moves, state


def _next_dealer(rng: random.Random, options: GetawayOptions, n: int, dealer: int, loser: int | None) -> int:
    if (options.push_push or options.dealer is DealerRule.LOSER) and loser is not None:
        return loser
    if options.dealer is DealerRule.ANY:
        return rng.randrange(n)
    if options.dealer is DealerRule.LOSER:  # a dead round: anybody
        return rng.randrange(n)
    return (dealer + options.step) % n


def generate(*, options: GetawayOptions, players: tuple[str, ...], seed: int) -> list[GeneratedRound]:
    """Every round of one legal match."""
    rng = random.Random(seed)
    n = len(players)
    rounds: list[GeneratedRound] = []
    dealer = rng.randrange(n)
    for number in range(1, options.match_rounds + 1):
        if rounds:
            dealer = _next_dealer(rng, options, n, rounds[-1].dealer, rounds[-1].state.loser)
        while True:
            hands, removed, big = _deal(rng, options, n, dealer)
            marked = _marked(rng, options, hands)
            played = _play(rng, options, players, hands, removed, marked, number)
            if played is not None:
                break
        moves, state = played
        rounds.append(GeneratedRound(dealer, hands, removed, big, marked, moves, state))
    return rounds


def transcript_data(*, preset: str, overrides: Mapping[str, str], options: GetawayOptions,
                    players: tuple[str, ...], rounds: list[GeneratedRound]) -> dict:
    """The plain data of a transcript with claims for every round and the match."""
    data = transcript_head("getaway", preset=preset, overrides=overrides, players=players)
    deals = []
    results, points_list = [], []
    n = len(players)
    for rnd in rounds:
        entry: dict = {"dealer": players[rnd.dealer],
                       "hands": hands_text(players, rnd.hands)}
        if rnd.removed:
            entry["removed"] = format_cards(rnd.removed)
        if rnd.big_hand is not None:
            entry["big_hand"] = players[rnd.big_hand]
        if rnd.marked is not None:
            entry["marked"] = players[rnd.marked]
        entry["moves"] = [write_move(m, players) for m in rnd.moves]
        result = rnd.state.result()
        points = round_points(result, options, n)
        assert points is not None, "a simulated round is played to its end"
        claims: dict = {"order": [players[s] for s in result.order]}
        if result.dead:
            claims["dead"] = True
        else:
            assert result.loser is not None, "a round that is not dead has a loser"
            claims["loser"] = players[result.loser]
            claims["legs"] = str(result.legs)
        claims["points"] = {players[s]: str(v) for s, v in points.items()}
        entry["claims"] = claims
        deals.append(entry)
        results.append(result)
        points_list.append(points)
    data["deals"] = deals
    match = settle_match(results, points_list, options, n)
    if options.match_rounds > 1 or match.pot is not None:
        totals, winners, losers = match.totals, match.winners, match.losers
        assert totals is not None and winners is not None and losers is not None, "every round was settled"
        claims = {"totals": {players[s]: str(t) for s, t in totals.items()},
                  "winners": [players[s] for s in sorted(winners)],
                  "losers": [players[s] for s in sorted(losers)]}
        if match.pot is not None:
            for key in ("paid", "received", "net"):
                claims[key] = {players[s]: format_fraction(v) for s, v in getattr(match, key).items()}
        data["claims"] = claims
    return data


def simulate(*, preset: str, players: int, seed: int, overrides: Mapping[str, str]) -> str:
    """A legal random transcript as YAML text."""
    ruleset = simulation_ruleset("getaway", preset, overrides)
    options = GetawayOptions.from_values(ruleset.values)
    problems = options.inconsistencies()
    if not 2 <= players <= options.max_players:
        problems.append(f"Getaway takes 2 to {options.max_players} players with {options.packs} pack(s)")
    if problems:
        raise InputError([Problem(p) for p in problems])
    names = NAMES[:players]
    rounds = generate(options=options, players=names, seed=seed)
    data = transcript_data(preset=ruleset.preset, overrides=overrides, options=options, players=names, rounds=rounds)
    return write_transcript(data, what="game of Getaway", game="getaway", preset=ruleset.preset, players=players,
                            seed=seed, overrides=overrides)
