"""A seeded generator of legal Game, Flip, Flop sessions, for `referee simulate` and tests.

It shuffles and deals with its own `random.Random(seed)`, lets the engine list
the legal moves and picks among them with a simple table policy (show the
lowest card that wins in every window, declare 49/50, drop on a low hand,
lay spreads, throw the heaviest card). Every show the players make is written
as a move (GFF-15.13). Sessions run 5 to 20 deals unless told, with random
bankrolls, so players change tiers and some are eliminated; about one deal in
ten is written outcome-only. The same arguments always give the same text.
"""

from __future__ import annotations

import random
from dataclasses import field
from fractions import Fraction
from typing import Mapping

from ...cards import ALL_CARDS, Card, format_cards
from ...errors import InputError, Problem
from ...frozen import frozen
from ...hand import sort_cards
from ...simulation import simulation_ruleset, transcript_head, write_transcript
from .display import exact
from .endings import Ending, PlayResult
from .engine import Deal, Phase, Stage
from .melds import points
from .moves import Declare, Discard, Draw, Drop, LayOff, Move, Show, Source, Spread, write_move
from .options import CarryAnte, FlipFlopOptions
from .pots import PotKind, Tier, antes_for, tier_of
from .settle import Carry, DealMoney, close_session, settle_deal

__all__ = ["simulate", "generate", "GeneratedDeal", "GeneratedSession", "NAMES"]

NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
MAX_MOVES = 2000


@frozen(slots=True)
class GeneratedDeal:
    number: int
    dealer: int
    order: tuple[int, ...]
    hands: dict[int, tuple[Card, ...]]
    flip_card: Card
    moves: tuple[Move, ...]
    result: PlayResult
    money: DealMoney
    outcome_only: bool


@frozen(slots=True)
class GeneratedSession:
    stake: Fraction
    bankrolls: dict[int, Fraction]
    first_dealer: int
    deals: tuple[GeneratedDeal, ...]
    net: dict[int, Fraction] = field(default_factory=dict)
    final: dict[int, Fraction] = field(default_factory=dict)


class _Policy:
    """How a simulated player chooses among the legal moves. Every window with a
    winning show gets one (GFF-15.13): the player on turn shows before he draws
    or drops, and post-end windows are taken in turn order, each seat showing
    what it can before a later seat acts (GFF-6.9)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.drop_at = rng.choice((0, 3, 5, 8, 12))  # drop when the hand totals at most this
        self.declined: set[int] = set()  # seats that passed on a 49/50 this deal

    def _declare(self, declares: list[Move]) -> Move | None:
        """Declare 49/50 nine times in ten; a seat that passes once keeps quiet for the deal."""
        for move in declares:
            if move.player in self.declined:
                continue
            if self.rng.random() < 0.9:
                return move
            self.declined.add(move.player)
        return None

    def _show(self, shows: list[Show]) -> Show:
        """The lowest winning card of one suit (nine times in ten; else another card that wins now)."""
        best = min(shows, key=lambda m: (m.card.suit_index, points(m.card)))  # the suit's index: no jokers
        same = [m for m in shows if m.card.suit is best.card.suit]
        return min(same, key=lambda m: points(m.card)) if self.rng.random() < 0.9 else self.rng.choice(same)

    def _window(self, legal: list[Move]) -> Move | None:
        """Post-end windows (GFF-5.6, 6.9): the first seat in turn order with something to do acts."""
        seats = list(dict.fromkeys(m.player for m in legal))
        for seat in seats:
            mine = [m for m in legal if m.player == seat]
            move = self._declare([m for m in mine if isinstance(m, Declare)])
            if move is not None:
                return move
            shows = [m for m in mine if isinstance(m, Show)]
            if shows:
                return self._show(shows)
        return None

    def choose(self, state: Deal, legal: list[Move]) -> Move | None:
        rng = self.rng
        if state.phase is Phase.POST:
            return self._window(legal)
        move = self._declare([m for m in legal if isinstance(m, Declare)])
        if move is not None:
            return move
        shows = [m for m in legal if isinstance(m, Show)]
        if shows:
            return self._show(shows)
        if state.stage is Stage.START:
            hand = state.hands[state.turn]
            total = sum(points(c) for c in hand)
            drops = [m for m in legal if isinstance(m, Drop)]
            if drops and total <= self.drop_at and rng.random() < 0.7:
                return drops[0]
            draws = [m for m in legal if isinstance(m, Draw)]
            top = [m for m in draws if m.source is Source.DISCARD]
            if top and state.options.retake_discard and rng.random() < 0.3:
                return top[0]
            return rng.choice([m for m in draws if m.source is Source.STOCK] or draws)
        spreads = [m for m in legal if isinstance(m, Spread)]
        if spreads and rng.random() < 0.85:
            threes = [m for m in spreads if len(m.cards) == 3]
            return rng.choice(threes if threes and rng.random() < 0.7 else spreads)
        layoffs = [m for m in legal if isinstance(m, LayOff)]
        if layoffs and rng.random() < 0.8:
            return rng.choice(layoffs)
        discards = [m for m in legal if isinstance(m, Discard)]
        if not discards:
            return (spreads or layoffs or [None])[0]
        if rng.random() < 0.7:
            return max(discards, key=lambda m: (points(m.card), m.card.index))
        return rng.choice(discards)


def _play(rng: random.Random, state: Deal) -> list[Move]:
    policy = _Policy(rng)
    moves: list[Move] = []
    while True:
        legal = state.legal_moves()
        move = policy.choose(state, legal) if legal else None
        if move is None:
            if state.phase is Phase.PLAY:
                state.conclude()  # stock_end = at_draw: the last stock turn ends here
                if state.phase is Phase.PLAY:
                    raise AssertionError("the generator is stuck")
                continue
            break
        state.apply(move)
        moves.append(move)
        assert not state.findings, state.findings
        assert len(moves) < MAX_MOVES
    return moves


def generate(*, options: FlipFlopOptions, players: tuple[str, ...], seed: int,
             deals: int | None = None) -> GeneratedSession:
    """One legal session, deal by deal, with the money the referee should find."""
    rng = random.Random(seed)
    n = len(players)
    stake = options.stake
    unit = stake
    bankrolls = {s: unit * rng.randint(3, 30) for s in range(n)}
    starting = dict(bankrolls)
    first = rng.randrange(n)
    total_deals = deals if deals is not None else rng.randint(5, 20)
    gone: set[int] = set()
    carry = Carry()
    previous: int | None = None
    generated: list[GeneratedDeal] = []
    nets = {s: Fraction(0) for s in range(n)}
    for number in range(1, total_deals + 1):
        double = options.flop_carry_ante is CarryAnte.DOUBLE and carry.flop > 0
        tiers = {}
        for s in range(n):
            if s in gone:
                continue
            tier = tier_of(bankrolls[s], stake=stake, reserve=options.reserve_rule, double=double)
            if tier is Tier.OUT:
                gone.add(s)
            else:
                tiers[s] = tier
        active = [s for s in range(n) if s in tiers]
        if len(active) < 2:
            break
        if previous is None:
            dealer = first if first in tiers else active[0]
            first = dealer
        else:
            dealer = next(active_seat for step in range(1, n + 1)
                          if (active_seat := (previous + step) % n) in tiers)
        start = active.index(dealer) + 1
        order = tuple(active[start:] + active[:start])
        antes = {s: antes_for(tiers[s], stake=stake, double=double) for s in order}
        pack = list(ALL_CARDS)
        rng.shuffle(pack)
        hands = {s: tuple(pack[5 * i: 5 * i + 5]) for i, s in enumerate(order)}
        flip_card = hands[dealer][-1]
        state = Deal(options=options, names=players, order=order, hands=hands, flip_card=flip_card,
                     eligible_flip=[s for s in order if PotKind.FLIP in antes[s]],
                     eligible_flop=[s for s in order if PotKind.FLOP in antes[s]], deal=number)
        moves = _play(rng, state)
        result = state.close()
        assert result.settled and not state.findings, state.findings
        money = settle_deal(result, options=options, stake=stake, order=order, tiers=tiers, antes=antes,
                            bankrolls=bankrolls, carry=carry)
        assert money.bankrolls is not None, "simulated sessions keep bankrolls"
        bankrolls = dict(money.bankrolls)
        for s in order:
            nets[s] += money.net[s]["total"]
        gone.update(money.eliminated)
        carry = money.after
        previous = dealer
        generated.append(GeneratedDeal(number, dealer, order, hands, flip_card, tuple(moves), result, money,
                                       outcome_only=rng.random() < 0.1))
    closed = close_session(seats=range(n), deal_nets=nets, carry=carry, options=options, bankrolls=bankrolls)
    assert closed.bankrolls is not None, "simulated sessions keep bankrolls"
    return GeneratedSession(stake=stake, bankrolls=starting, first_dealer=first, deals=tuple(generated),
                            net=dict(closed.net), final=dict(closed.bankrolls))


def _ending_record(deal: GeneratedDeal, players: tuple[str, ...]) -> dict:
    result = deal.result
    assert result.ending is not None, "a simulated deal is played to its end"
    record: dict = {"type": result.ending.value}
    actor = result.actor
    if result.ending in (Ending.OUT, Ending.TUNK):
        assert actor is not None, "going out has its player"
        record["winner"] = players[actor]
    elif result.ending in (Ending.DROP, Ending.CAUGHT):
        assert actor is not None, "a drop has its player"
        record["dropper"] = players[actor]
    elif result.ending is Ending.DECLARATION:
        record["declared"] = {players[s]: str(t) for s, t in result.declarers.items()}
    if result.ending in (Ending.DROP, Ending.CAUGHT, Ending.STOCK):
        record["totals"] = {players[s]: str(t) for s, t in result.totals.items()}
    for key, kind in (("flip", PotKind.FLIP), ("flop", PotKind.FLOP)):
        award = deal.money.award(kind)
        assert award is not None, "a settled deal awards flip and flop (or carries them)"
        record[key] = players[award.winners[0]] if award.winners else "none"
    return record


def transcript_data(*, preset: str, overrides: Mapping[str, str], players: tuple[str, ...],
                    session: GeneratedSession) -> dict:
    """The plain data of a transcript with claims for every deal and the session."""
    data = transcript_head("game-flip-flop", preset=preset, players=players,
                           overrides={k: v for k, v in overrides.items() if k != "stake"})
    data["stake"] = exact(session.stake)
    data["bankrolls"] = {players[s]: exact(v) for s, v in session.bankrolls.items()}
    data["first_dealer"] = players[session.first_dealer]
    deals = []
    for deal in session.deals:
        entry: dict = {"dealer": players[deal.dealer],
                       "hands": {players[s]: format_cards(sort_cards(deal.hands[s]))
                                 for s in deal.order},
                       "flip_card": deal.flip_card.token}
        if deal.outcome_only:
            entry["ending"] = _ending_record(deal, players)
        else:
            entry["moves"] = [write_move(m, players) for m in deal.moves]
        money = deal.money
        assert deal.result.ending is not None and money.bankrolls is not None, "played to its end, with bankrolls"
        claims: dict = {"ending": deal.result.ending.value,
                        "game": [players[s] for s in deal.result.game_winners]}
        for key, kind in (("flip", PotKind.FLIP), ("flop", PotKind.FLOP)):
            award = money.award(kind)
            assert award is not None, "a settled deal awards flip and flop (or carries them)"
            claims[key] = players[award.winners[0]] if award.winners else "none"
        claims["net"] = {players[s]: exact(money.net[s]["total"]) for s in deal.order}
        claims["bankrolls"] = {players[s]: exact(money.bankrolls[s]) for s in deal.order}
        entry["claims"] = claims
        deals.append(entry)
    data["deals"] = deals
    data["claims"] = {"net": {players[s]: exact(v) for s, v in session.net.items()},
                      "bankrolls": {players[s]: exact(v) for s, v in session.final.items()}}
    return data


def simulate(*, preset: str, players: int, seed: int, overrides: Mapping[str, str],
             deals: int | None = None) -> str:
    """A legal random session as YAML text."""
    ruleset = simulation_ruleset("game-flip-flop", preset, overrides)
    options = FlipFlopOptions.from_values(ruleset.values)
    problems = options.inconsistencies()
    if not 2 <= players <= 10:
        problems.append("Game, Flip, Flop takes 2 to 10 players")
    elif not options.min_players <= players <= options.max_players:
        problems.append(f"this ruleset takes {options.min_players} to {options.max_players} players"
                        " (min_players, max_players)")
    if problems:
        raise InputError([Problem(p) for p in problems])
    names = NAMES[:players]
    session = generate(options=options, players=names, seed=seed, deals=deals)
    data = transcript_data(preset=ruleset.preset, overrides=overrides, players=names, session=session)
    if "stake" in overrides:
        data["stake"] = exact(options.stake)
    return write_transcript(data, what="session of Game, Flip, Flop", game="game-flip-flop", preset=ruleset.preset,
                            players=players, seed=seed, overrides=overrides)
