"""A seeded generator of legal Vazhushal matches, for `referee simulate` and tests.

It shuffles, deals, cuts and keeps the stock in order with its own
`random.Random(seed)`, and plays every turn with a simple legal player
(`plans.py`): it takes from the line when a take can be justified, lays the
melds it finds, lays off, sometimes splits a long sequence, and discards.
The same arguments always give the same transcript. A game that runs too
long (a full line under `line_capacity` can keep the stock from ever running
out) is dealt again.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Mapping

from ...cards import JOKER, Card, format_cards
from ...errors import InputError, Problem
from ...frozen import frozen
from ...simulation import hands_text, simulation_ruleset, transcript_head, write_transcript
from .deal import count_doubles, setup_from
from .engine import GameState, Phase
from .melds import has_pure_run
from .moves import Discard, DrawLine, DrawStock, EndMark, Meld, Move, Overflow, write_move
from .options import NoPureSequence, VazhushalOptions
from .plans import plan_take, tokens_of, voluntary
from .settle import MatchTally

__all__ = ["simulate", "generate", "GeneratedGame", "NAMES", "transcript_data"]

NAMES = ("Asha", "Bala", "Chitra", "Devan", "Ezhil", "Fathima")
MAX_MOVES = 1500
MAX_GAMES = 60
MAX_ACTIONS_PER_TURN = 40


@frozen(slots=True)
class GeneratedGame:
    dealer: int
    redeals: list[tuple[list[list[Card]], list[int]]]
    hands: list[list[Card]]
    negative: Card | None
    first: list[Card]
    moves: list[Move]
    state: GameState


class _Table:
    """The physical game the generator plays: the real stock order."""

    def __init__(self, rng: random.Random, options: VazhushalOptions, *, n: int) -> None:
        self.rng = rng
        self.options = options
        self.n = n

    def deal(self) -> tuple[list[tuple[list[list[Card]], list[int]]], list[list[Card]], list[Card]]:
        redeals: list[tuple[list[list[Card]], list[int]]] = []
        while True:
            pack = list(self.options.pack(self.n).elements())
            self.rng.shuffle(pack)
            hands = [pack[i * 13:(i + 1) * 13] for i in range(self.n)]
            rest = pack[13 * self.n:]
            declared: list[int] = []
            if self.options.uses_doubles(self.n):
                declared = [s for s, h in enumerate(hands)
                            if count_doubles(h, jokers=self.options.doubles_include_jokers) >= 3]
            if not declared:
                return redeals, hands, rest
            redeals.append((hands, declared))


def _cut_and_turn(rng: random.Random, options: VazhushalOptions, *, hands: list[list[Card]],
                  rest: list[Card]) -> tuple[Card | None, list[Card], list[Card]]:
    """The negative joker (the cut card, at the bottom), the first line card(s), and the stock (top first)."""
    negative = rest.pop() if options.negative_joker else None
    any_pure = any(has_pure_run(h) for h in hands)
    first = [rest.pop(0)]
    if options.first_joker_no_pure_sequence is NoPureSequence.RETURN_PRINTED and not any_pure:
        while first[-1] is JOKER and rest:
            rest.insert(rng.randrange(len(rest) + 1), first[-1])
            first.append(rest.pop(0))
    return negative, first, rest


class _Player:
    """Plays one game through the engine, choosing among its legal moves."""

    def __init__(self, rng: random.Random, state: GameState, *, stock: deque[Card], negative_last: Card | None) -> None:
        self.rng = rng
        self.state = state
        self.stock = stock
        self.negative_last = negative_last
        self.moves: list[Move] = []
        self.eagerness = rng.uniform(0.3, 1.0)
        self.take_chance = rng.uniform(0.3, 0.9)

    def do(self, move: Move) -> None:
        self.state.apply(move)
        self.moves.append(move)

    def draw_card(self) -> Card:
        if self.stock:
            return self.stock.popleft()
        card, self.negative_last = self.negative_last, None
        assert card is not None, "a stock draw with nothing left to draw"  # the engine ends the game first
        return card

    def turn(self) -> None:
        state, rng = self.state, self.rng
        seat = state.turn_player
        if state.forced_player == seat:
            self.do(DrawLine(player=seat, depth=1))
        elif not self._try_take(seat):
            drawn = self.draw_card()
            assert drawn in state.stock.drawable(), (drawn, state.stock.drawable())
            self.do(DrawStock(player=seat, card=drawn))
        for _ in range(MAX_ACTIONS_PER_TURN):
            if rng.random() > self.eagerness:
                break
            actions = [m for m in state.legal_moves() if not isinstance(m, Discard)]
            if not actions:
                break
            self.do(rng.choice(actions))
        discards = [m for m in state.legal_moves() if isinstance(m, Discard)]
        assert discards, (state.turn and state.phase_problems(state.turn), [write_move(m, state.players) for m in self.moves[-8:]], state.table_data())
        self.do(rng.choice(discards))
        moved = state.last_overflow
        if moved is not None:
            self.stock.append(moved)
            if rng.random() < 0.5:
                self.do(Overflow(card=moved))

    def _try_take(self, seat: int) -> bool:
        state, rng = self.state, self.rng
        if rng.random() > self.take_chance:
            return False
        depths = list(range(1, len(state.line) + 1))
        rng.shuffle(depths)
        for depth in depths[:12]:
            plan = plan_take(state, seat, depth=depth)
            if plan is None:
                continue
            listed = tuple(state.line.top(depth)) if rng.random() < 0.3 else None
            self.do(DrawLine(player=seat, depth=depth, cards=listed))
            for placed in plan:
                self.do(Meld(player=seat, tokens=tokens_of(placed)))
            return True
        return False

    def final_phase(self, last_drawer: int) -> None:
        state = self.state
        self.do(EndMark(reason="stock"))
        for k in range(1, state.n + 1):
            seat = (last_drawer + k) % state.n
            for _ in range(MAX_ACTIONS_PER_TURN):
                actions = voluntary(state, seat, keep=0)
                if not actions:
                    break
                self.do(actions[0])


def _play(rng: random.Random, options: VazhushalOptions, *, players: tuple[str, ...], dealer: int,
          number: int) -> GeneratedGame | None:
    n = len(players)
    table = _Table(rng, options, n=n)
    redeals, hands, rest = table.deal()
    negative, first, rest = _cut_and_turn(rng, options, hands=hands, rest=rest)
    any_pure = any(has_pure_run(h) for h in hands)
    setup = setup_from(options, negative=negative, first=first[-1], stock=rest, any_pure=any_pure)
    state = GameState(options=options, players=players, hands=hands, setup=setup, dealer=dealer, deal=number)
    drawable = negative if options.negative_joker_drawable and negative is not None else None
    player = _Player(rng, state, stock=deque(rest), negative_last=drawable)
    while state.phase in (Phase.DRAW, Phase.MELD):
        player.turn()
        if len(player.moves) > MAX_MOVES:
            return None
    if state.phase is Phase.FINAL:
        player.final_phase(last_drawer=_last_drawer(player.moves))
    else:
        player.do(EndMark(reason="out"))
    state.finish()
    return GeneratedGame(dealer, redeals, hands, negative, first, player.moves, state)


def _last_drawer(moves: list[Move]) -> int:
    for move in reversed(moves):
        if isinstance(move, (DrawStock, DrawLine)):
            return move.player
    return 0


def generate(*, options: VazhushalOptions, players: tuple[str, ...], seed: int,
             max_games: int = MAX_GAMES) -> list[GeneratedGame]:
    """Every game of one legal match (until one player alone has `match_wins` wins)."""
    rng = random.Random(seed)
    n = len(players)
    dealer = rng.randrange(n)
    games: list[GeneratedGame] = []
    tally = MatchTally(options, n)
    for number in range(1, max_games + 1):
        while True:
            game = _play(rng, options, players=players, dealer=dealer, number=number)
            if game is not None:
                break
        games.append(game)
        tally.add(number, game.state.result())
        if tally.decided:
            break
        dealer = (dealer + 1) % n
    return games


def transcript_data(*, preset: str, overrides: Mapping[str, str], options: VazhushalOptions,
                    players: tuple[str, ...], games: list[GeneratedGame]) -> dict:
    """The plain data of a transcript with claims for every game and the match."""
    data = transcript_head("vazhushal", preset=preset, overrides=overrides, players=players)
    deals = []
    tally = MatchTally(options, len(players))

    def hands_of(hands: list[list[Card]]) -> dict:
        return hands_text(players, hands)

    for number, game in enumerate(games, start=1):
        entry: dict = {"dealer": players[game.dealer]}
        if game.redeals:
            entry["redeals"] = [{"hands": hands_of(h), "declared": [players[s] for s in declared]}
                                for h, declared in game.redeals]
        entry["hands"] = hands_of(game.hands)
        entry["negative"] = game.negative.token if game.negative is not None else "none"
        entry["first"] = format_cards(game.first)
        entry["moves"] = [write_move(m, players) for m in game.moves]
        result = game.state.result()
        assert result.scores is not None, "a generated game is played to its end"
        entry["claims"] = {"scores": {players[s]: str(v) for s, v in result.scores.items()},
                           "winners": [players[s] for s in sorted(result.winners)]}
        deals.append(entry)
        tally.add(number, result)
    data["deals"] = deals
    match = tally.result()
    claims: dict = {"wins": {players[s]: str(w) for s, w in match.wins.items()}}
    if match.winner is not None:
        claims["winner"] = players[match.winner]
    data["claims"] = claims
    return data


def simulate(*, preset: str, players: int, seed: int, overrides: Mapping[str, str]) -> str:
    """A legal random transcript as YAML text."""
    ruleset = simulation_ruleset("vazhushal", preset, overrides)
    options = VazhushalOptions.from_values(ruleset.values)
    problems = options.setup_problems(players)
    if problems:
        raise InputError([Problem(f"{text} ({rule})") for rule, text in problems])
    names = NAMES[:players]
    games = generate(options=options, players=names, seed=seed)
    data = transcript_data(preset=ruleset.preset, overrides=overrides, options=options, players=names, games=games)
    return write_transcript(data, what="match of Vazhushal", game="vazhushal", preset=ruleset.preset, players=players,
                            seed=seed, overrides=overrides)
