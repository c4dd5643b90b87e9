"""`replay` tells each Vazhushal event at the move that caused it (issue 18):
every stock draw with its card, every take from the line with the cards it
lifts, every meld, lay-off and rearrangement with the melds they make, every
discard, a line overflow at the discard that caused it, going out, and the
start of the final phase, each in the beat that covers its move. The causes
come from a replay of the engine alone, move by move, independently of the
views."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from referee.errors import InputError
from referee.games.vazhushal import GAME
from referee.games.vazhushal.deal import check_deal
from referee.games.vazhushal.engine import GameState, Phase
from referee.games.vazhushal.moves import (Add, Declare, Discard, DrawLine, DrawStock, EndMark, Meld, Overflow,
                                           Rearrange)
from referee.games.vazhushal.options import VazhushalOptions
from referee.games.vazhushal.record import read_record
from referee.games.vazhushal.simulate import simulate
from referee.rulesets import presets
from referee.transcript import read_header
from referee.yamldoc import load_document

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples" / "vazhushal").glob("*.yaml"))
CARD = re.compile(r"(?<![\w=])(?:10|[2-9JQKA])[SHDC]\b|\bJK\b|(?<==)(?:10|[2-9JQKA])[SHDC]\b")
OVERFLOW = re.compile(r"the line is full: (\S+) goes under the stock")
FINAL = "the stock is empty: the final phase begins"
SEEDS = 4  # per preset


def _cards(text: str) -> set[str]:
    return set(CARD.findall(text))


def _meld_cards(placed) -> set[str]:
    return {p.card.token for p in placed} | {p.stands.token for p in placed if p.stands is not None}


def _token_cards(tokens) -> set[str]:
    return {t.card.token for t in tokens} | {t.declared.token for t in tokens if t.declared is not None}


class _Causes:
    """What each move of a game did, by its 1-based index, from the engine alone."""

    def __init__(self, state: GameState, moves) -> None:
        self.moved: dict[int, set[str]] = {}  # the cards the move moved or made into melds
        self.overflows: dict[int, str] = {}  # the discard -> the card its overflow put under the stock
        self.out_at: int | None = None
        self.final_at: int | None = None
        self.applied: set[int] = set()
        for index, move in enumerate(moves, start=1):
            if state.phase is Phase.STOPPED:
                break
            seat = getattr(move, "player", None)
            hand = dict(state.hands[seat]) if seat is not None else {}
            melds = [m.cards for m in state.melds[seat]] if seat is not None else []
            line = state.line.top_to_bottom()
            phase = state.phase
            state.apply(move)
            if state.phase is Phase.STOPPED:
                break
            self.applied.add(index)
            after = state.melds[seat] if seat is not None else []
            if isinstance(move, DrawStock):
                self.moved[index] = {c.token for c, n in state.hands[seat].items() if n > hand.get(c, 0)}
            elif isinstance(move, DrawLine):
                self.moved[index] = {c.token for c in line[:move.depth]}
            elif isinstance(move, Meld):
                self.moved[index] = _meld_cards(after[-1].cards) if len(after) > len(melds) else set()
            elif isinstance(move, Add):
                if move.owner is None and 1 <= move.number <= len(after):
                    self.moved[index] = _token_cards(move.tokens) | _meld_cards(after[move.number - 1].cards)
                else:
                    self.moved[index] = _token_cards(move.tokens)
            elif isinstance(move, Rearrange):
                self.moved[index] = set().union(*(_meld_cards(m.cards) for m in after))
            elif isinstance(move, Discard):
                self.moved[index] = {move.card.token}
                if state.last_overflow is not None:
                    self.overflows[index] = state.last_overflow.token
                    self.moved[index].add(state.last_overflow.token)
            elif isinstance(move, Overflow):
                self.moved[index] = {move.card.token}
            else:
                assert isinstance(move, (Declare, EndMark)), move
                self.moved[index] = set()
            if state.phase is Phase.OVER and state.out_player is not None and self.out_at is None:
                self.out_at = index
            if state.phase is Phase.FINAL and phase is not Phase.FINAL:
                self.final_at = index


def _check(text: str) -> Counter[str]:
    """Every event of every replayed game told at its move; the events checked, by kind."""
    document = load_document(text)
    header = read_header(document)
    players = header.players
    options = VazhushalOptions.from_values(header.ruleset.values)
    checked: Counter[str] = Counter()
    if options.setup_problems(len(players)):
        return checked
    record = read_record(document, players)
    beats = GAME.narrate(document, header)
    previous = None
    for deal in record.deals:
        late = frozenset(m.player for m in deal.moves if isinstance(m, Declare))
        setup = check_deal(options, deal, players=players, previous_dealer=previous, late_declarers=late)
        previous = deal.dealer
        state = GameState(options=options, players=players, hands=deal.dealt.hands, setup=setup,
                          dealer=deal.dealer, deal=deal.number)
        moves = deal.moves
        causes = _Causes(state, moves)
        told_overflows: dict[int, str] = {}
        told_out = told_final = None
        for beat in (b for b in beats if b.deal == deal.number and b.first):
            if beat.title == "Stopped":
                assert beat.first not in causes.applied, (deal.number, beat.first)  # the stopping move
                continue
            indexes = range(beat.first, beat.last + 1)
            assert len(beat.plays) == len(indexes), (deal.number, beat)
            if beat.title.startswith("Turn "):  # a turn begins with its draw (or a discard made without one)
                opener = moves[beat.first - 1]
                assert isinstance(opener, (DrawStock, DrawLine, Discard)), (deal.number, beat.first, opener)
                assert beat.title.endswith(f": {players[opener.player]}"), (deal.number, beat.title)
            for index, (who, what) in zip(indexes, beat.plays):
                move = moves[index - 1]
                seat = getattr(move, "player", None)
                assert who == (players[seat] if seat is not None else "transcript"), (deal.number, index, who)
                if "not applied" in what or "no effect" in what and not causes.moved.get(index):
                    continue
                assert _cards(what) == causes.moved[index], (deal.number, index, what, causes.moved[index])
                for card in OVERFLOW.findall(what):
                    assert causes.overflows.get(index) == card and index not in told_overflows, (deal.number, index)
                    told_overflows[index] = card
                    checked["overflow"] += 1
                checked["move"] += 1
            assert not OVERFLOW.search(beat.outcome), (deal.number, beat)  # told with the discard, not after it
            if beat.outcome.endswith(" goes out"):
                assert causes.out_at is not None and told_out is None, (deal.number, beat)
                assert beat.first <= causes.out_at <= beat.last, (deal.number, causes.out_at, beat)
                assert beat.outcome == f"{players[moves[causes.out_at - 1].player]} goes out"
                told_out = causes.out_at
                checked["out"] += 1
            if FINAL in beat.outcome:
                assert causes.final_at is not None and told_final is None, (deal.number, beat)
                assert beat.first <= causes.final_at <= beat.last, (deal.number, causes.final_at, beat)
                told_final = causes.final_at
                checked["final phase"] += 1
        assert told_overflows == causes.overflows, (deal.number, told_overflows, causes.overflows)
        assert told_out == causes.out_at and told_final == causes.final_at, (deal.number, told_out, told_final)
    return checked


def _simulated(preset: str, seed: int) -> str:
    """One seeded one-game match, at the first player count from `2 + seed % 3` the preset takes."""
    for k in range(5):
        try:
            return simulate(preset=preset, players=2 + (seed + k) % 5, seed=seed, overrides={"match_wins": "1"})
        except InputError:
            continue
    raise AssertionError(preset)


@pytest.mark.parametrize("preset", [p.name for p in presets("vazhushal")])
def test_every_event_of_a_simulated_game_is_told_at_its_move(preset):
    told = [_check(_simulated(preset, seed)) for seed in range(SEEDS)]
    assert all(t["move"] for t in told) and sum(t["move"] for t in told) > 80, told
    events = sum(told, Counter())
    assert events["out"] + events["final phase"] == SEEDS, events  # every game ends one way or the other


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_every_event_of_a_sample_is_told_at_its_move(sample):
    told = _check(sample.read_text())
    assert told["move"] > 0
    if "line10" in sample.stem:  # its line of at most 10 cards overflows
        assert told["overflow"], told


@pytest.mark.parametrize("preset", ["vazhushal", "vazhushal-3p-one-pack-line10"])
def test_every_event_of_a_broken_game_is_told_at_its_move(preset):
    """The conformance suite's broken copies (a card not held, a move out of
    turn, a move repeated, the record cut short): the moves applied up to the
    stop are told at their moves, the rest in the stop's beat."""
    from tests.conformance.test_conformance import _broken, _text_with, simulated

    told = 0
    for seed in range(1, 4):
        game = simulated("vazhushal", preset, seed)
        for number, _, _, lines in _broken(game, random.Random(seed)).values():
            assert _check(_text_with(game, number, lines))["move"] > 0
            told += 1
    assert told >= 6
