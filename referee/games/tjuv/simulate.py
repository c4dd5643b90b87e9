"""A seeded generator of legal Tjuv sessions, for `referee simulate` and tests.

It shuffles and deals with its own `random.Random(seed)` exactly as section
2 describes, then lets the engine list the legal moves and picks among them
(a card first, then a choice of piles). The same arguments always give the
same transcript. Each deal is written in one of the styles the format allows:
captures recorded or derived, draws named or taken from a recorded talon
order, mandatory steals recorded or derived.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Mapping, cast

from ...cards import Card, format_cards
from ...errors import InputError, Problem
from ...frozen import frozen
from ...hand import sort_cards
from ...simulation import hands_text, simulation_ruleset, transcript_head, write_transcript
from .deal import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TJUV_PACK,
    StartingPosition,
    dealing_order,
    starting_position,
    stock_above_removed,
)
from .engine import TjuvDeal
from .moves import Draw, Move, Play, Turn, write_move
from .options import DealerTieBreak, ExcessRemoval, SessionResult, StealMode, TjuvOptions
from .settle import DealScore, score_deal, score_session

__all__ = ["simulate", "generate", "GeneratedDeal", "NAMES", "transcript_data"]

NAMES = ("Anna", "Bo", "Cecilia", "David", "Elin", "Filip", "Greta", "Hugo", "Ingrid", "Johan", "Karin")


@frozen(slots=True)
class GeneratedDeal:
    dealer: int
    round_one: tuple[tuple[Card, ...], ...]
    exposed: tuple[Card, ...]  # by seat
    extra: Card | None
    removed: tuple[Card, ...]  # beneath the stock, top first
    round_two: tuple[Card, ...]  # by seat
    talon: tuple[Card, ...]  # top first
    moves: tuple[Move, ...]  # as played (every card named)
    written: tuple[Move, ...]  # as the transcript records them
    record_talon: bool
    start: StartingPosition
    state: TjuvDeal
    score: DealScore


def _exposure(rng: random.Random, hand: list[Card]) -> Card:
    low = min(c.rank for c in hand)
    return rng.choice([c for c in hand if c.rank == low])


def _removal(rng: random.Random, options: TjuvOptions, *, shown: list[Card], count: int) -> list[Card]:
    if count <= 0:
        return []
    if options.excess_table_removal is ExcessRemoval.DEALER_CHOICE:
        return rng.sample(shown, count)
    ranked = sorted(shown, key=lambda c: -c.rank)
    cut = ranked[count - 1].rank
    certain = [c for c in ranked if c.rank > cut]
    tied = [c for c in ranked if c.rank == cut]
    return certain + rng.sample(tied, count - len(certain))


def deal_cards(rng: random.Random, options: TjuvOptions, *, n: int, dealer: int) -> dict:
    """One shuffled deal (TJ-2.5 to TJ-2.11): every card's place."""
    stock = sorted(TJUV_PACK, key=lambda c: c.index)
    rng.shuffle(stock)
    order = dealing_order(dealer, n)
    round_one: list[list[Card]] = [[] for _ in range(n)]
    at = 0
    for _ in range(3):
        for seat in order:
            round_one[seat].append(stock[at])
            at += 1
    exposed = [_exposure(rng, hand) for hand in round_one]
    extra = None
    if n == 2:
        extra = stock[at]
        at += 1
    shown = [exposed[seat] for seat in order]
    removed = _removal(rng, options, shown=shown, count=n - 3)
    rng.shuffle(removed)
    stock = stock[at:] + removed
    assert len(stock) - len(removed) == (stock_above_removed(n) if n >= 4 else len(stock))
    round_two: list[Card | None] = [None] * n  # every seat is dealt one below
    for k, seat in enumerate(order):
        round_two[seat] = stock[k]
    return {"round_one": tuple(tuple(h) for h in round_one), "exposed": tuple(exposed), "extra": extra,
            "removed": tuple(removed), "round_two": tuple(round_two), "talon": tuple(stock[n:])}


def _start(dealer: int, cards: dict, *, n: int) -> StartingPosition:
    return starting_position(
        dealer=dealer, round_one=list(cards["round_one"]), exposed=[(c,) for c in cards["exposed"]],
        extra=(cards["extra"],) if cards["extra"] else (), removed=cards["removed"],
        round_two=[(c,) for c in cards["round_two"]], rest=Counter(cards["talon"]), talon_order=cards["talon"])


def _choose(rng: random.Random, legal: list[Move]) -> Move:
    """One of `legal` (the engine's `legal_moves()`): a card first
    (uniformly), then one of its legal choices of piles."""
    if isinstance(legal[0], Play):
        plays = cast("list[Play]", legal)  # when one is a play, every legal move is
        cards = sorted({m.card for m in plays}, key=lambda c: c.index)
        card = rng.choice(cards)
        return rng.choice([m for m in plays if m.card is card])
    return rng.choice(legal)


def _play(rng: random.Random, options: TjuvOptions, *, players: tuple[str, ...], start: StartingPosition,
          number: int) -> tuple[list[Move], TjuvDeal]:
    state = TjuvDeal.from_start(options=options, players=players, start=start, deal=number)
    moves: list[Move] = []
    while not state.over:
        move = _choose(rng, state.legal_moves())
        found = state.apply(move)
        moves.append(move)
        assert not found, found
    return moves, state


def _written(rng: random.Random, options: TjuvOptions, *, moves: list[Move], record_talon: bool) -> tuple[Move, ...]:
    """The moves as this deal's transcript records them."""
    captures = rng.random() < 0.75
    steals = options.steal_mode is not StealMode.MANDATORY or rng.random() < 0.5
    written = []
    for move in moves:
        if isinstance(move, Play):
            move = replace(move, capture=move.capture if captures else None, steals=move.steals if steals else None)
        elif isinstance(move, (Draw, Turn)) and record_talon:
            move = replace(move, card=None)
        written.append(move)
    return tuple(written)


def _next_dealer(rng: random.Random, options: TjuvOptions, *, score: DealScore) -> int:
    if options.dealer_tie_break is DealerTieBreak.FREE:
        return rng.choice(score.fewest)
    return score.next_dealer


def generate(*, options: TjuvOptions, players: tuple[str, ...], seed: int,
             deals: int | None = None) -> list[GeneratedDeal]:
    """Every deal of one legal session (1 to 3 deals unless `deals` is given)."""
    rng = random.Random(seed)
    n = len(players)
    count = deals if deals is not None else rng.randint(1, 3)
    dealer = rng.randrange(n)
    generated: list[GeneratedDeal] = []
    for number in range(1, count + 1):
        if generated:
            dealer = _next_dealer(rng, options, score=generated[-1].score)
        cards = deal_cards(rng, options, n=n, dealer=dealer)
        start = _start(dealer, cards, n=n)
        moves, state = _play(rng, options, players=players, start=start, number=number)
        record_talon = rng.random() < 0.25
        score = score_deal(state.counts(), dealer)
        generated.append(GeneratedDeal(
            dealer=dealer, round_one=cards["round_one"], exposed=cards["exposed"], extra=cards["extra"],
            removed=cards["removed"], round_two=cards["round_two"], talon=cards["talon"], moves=tuple(moves),
            written=_written(rng, options, moves=moves, record_talon=record_talon), record_talon=record_talon,
            start=start, state=state, score=score))
    return generated


def transcript_data(*, preset: str, overrides: Mapping[str, str], options: TjuvOptions,
                    players: tuple[str, ...], deals: list[GeneratedDeal]) -> dict:
    """The plain data of a transcript with claims for every deal (and the
    session when it has several deals or a session_result)."""
    data = transcript_head("tjuv", preset=preset, overrides=overrides, players=players)
    entries = []
    for deal in deals:
        entry: dict = {"dealer": players[deal.dealer],
                       "round_one": hands_text(players, deal.round_one),
                       "exposed": {players[s]: c.token for s, c in enumerate(deal.exposed)}}
        if deal.extra is not None:
            entry["extra"] = deal.extra.token
        if deal.removed:
            entry["removed"] = format_cards(deal.removed)
        entry["round_two"] = {players[s]: c.token for s, c in enumerate(deal.round_two)}
        if deal.record_talon:
            entry["talon"] = format_cards(deal.talon)
        entry["moves"] = [write_move(m, players) for m in deal.written]
        score, sweep = deal.score, deal.state.swept
        claims: dict = {"counts": {players[s]: str(c) for s, c in enumerate(score.counts)},
                        "winners": [players[s] for s in score.winners]}
        if sweep is not None:
            claims["sweep"] = {"player": players[sweep.owner], "cards": format_cards(sort_cards(sweep.cards))}
        entry["claims"] = claims
        entries.append(entry)
    data["deals"] = entries
    session = score_session([d.score for d in deals], options, n=len(players))
    if len(deals) > 1 or options.session_result is not SessionResult.NONE:
        assert session.wins is not None and session.totals is not None, "every simulated deal is settled"
        claims = {"wins": {players[s]: str(w) for s, w in enumerate(session.wins)},
                  "totals": {players[s]: str(t) for s, t in enumerate(session.totals)}}
        if session.places is not None:
            claims["ranking"] = {players[s]: str(p) for s, p in enumerate(session.places)}
        data["claims"] = claims
    return data


def simulate(*, preset: str, players: int, seed: int, overrides: Mapping[str, str],
             deals: int | None = None) -> str:
    """A legal random transcript as YAML text."""
    ruleset = simulation_ruleset("tjuv", preset, overrides)
    options = TjuvOptions.from_values(ruleset.values)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(Problem(f"Tjuv takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"))
    if options.players is not None and options.players != players:
        raise InputError(Problem(f"option players={options.players} but --players {players}"))
    names = NAMES[:players]
    generated = generate(options=options, players=names, seed=seed, deals=deals)
    data = transcript_data(preset=ruleset.preset, overrides=overrides, options=options, players=names,
                           deals=generated)
    return write_transcript(data, what="session of Tjuv", game="tjuv", preset=ruleset.preset, players=players,
                            seed=seed, overrides=overrides)
