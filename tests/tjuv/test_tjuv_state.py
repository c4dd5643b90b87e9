"""Tjuv on the referee core (issue 17): the engine is a `State` whose
`apply` returns that move's findings, moves carry no position (the deal
record places findings), the driver's replay is what `show` reads, and
the simulator only ever writes a move of `legal_moves()`."""

from __future__ import annotations

import pytest

from referee.core.driver import replay
from referee.core.state import State
from referee.games.tjuv import GAME
from referee.games.tjuv import rules as R
from referee.games.tjuv.engine import TjuvDeal
from referee.games.tjuv.game import TjuvMatch
from referee.games.tjuv.options import TjuvOptions
from referee.games.tjuv.record import read_record
from referee.games.tjuv.simulate import NAMES, generate
from referee.rulesets import resolve
from referee.transcript import read_header
from referee.yamldoc import load_document

from tests.tjuv.tjuv_support import P3, check, generated, moves, options, position, transcript


def _table():
    return position(P3, mover="P1", hands={"P1": "9C AS KS", "P2": "AH KH QH"}, table="6C 7C 8C",
                    talon="AD KD QD", opts=options(on_violation="continue"))


def test_the_engine_is_a_state_and_apply_returns_only_that_moves_findings():
    state = _table()
    assert isinstance(state, State)
    first, second, third = moves(["P1 play 9C capture none", "P1 draw AD", "P1 draw KD"], P3)
    found = state.apply(first)
    assert [f.where for f in found] == [(1, 1, R.COMPULSORY)] and found[0].line is None  # the driver places it
    assert state.apply(second) == []
    assert [f.where for f in state.apply(third)] == [(1, 3, R.DRAW)]
    assert state.to_play() == (1,)
    assert [f.where for f in state.finish()] == [(1, 3, R.END_OF_PLAY)]  # at the last move applied
    assert state.finish() == [] and not state.close().settled


def test_a_stopping_move_returns_its_findings_and_later_moves_none():
    state = position(P3, mover="P1", hands={"P1": "9C AS KS", "P2": "AH KH QH"}, table="6C 7C 8C",
                     talon="AD KD QD")
    first, second = moves(["P1 play QH", "P1 draw AD"], P3)
    assert [f.where for f in state.apply(first)] == [(1, 1, R.PLAY)] and state.stopped
    assert state.apply(second) == [] and state.to_play() == () and state.play_on() is None


def test_play_on_leaves_the_turn_open_and_gives_the_legal_moves():
    state = _table()
    state.apply(moves(["P1 play 9C capture 6C 7C 8C"], P3)[0])
    legal = state.play_on()
    assert [m.card.token for m in legal] == ["AD"] and state.findings == []  # the draw is owed, not missed


def _document(data: dict):
    document = load_document(transcript(data))
    return document, read_header(document)


def test_findings_sit_on_their_move_line_or_on_the_moves_key():
    data, _ = generated(seed=4)
    moves_written = data["deals"][0]["moves"]
    played = next(i for i, m in enumerate(moves_written) if " play " in m)
    moves_written.insert(played + 1, moves_written[played])  # the same card played twice
    text = transcript(data)
    lines = text.split("\n")
    report = check(data)
    finding = next(f for f in report.findings if f.is_error)
    assert finding.move == played + 2
    assert lines[finding.line - 1].strip() == f"- {moves_written[played]}"
    data["deals"][0]["moves"] = []
    finding = next(f for f in check(data).findings if f.is_error)
    key = next(i for i, line in enumerate(transcript(data).split("\n"), start=1) if line.strip().startswith("moves:"))
    assert finding.where == (1, None, R.END_OF_PLAY) and finding.line == key


def test_the_deal_record_gives_each_move_its_position():
    data, _ = generated(seed=2)
    document, header = _document(data)
    deal = read_record(document, header.players).deals[0]
    first = document.item_lines(document.data["deals"][0]["moves"])[0]
    assert deal.position(1) == first
    assert deal.position(None) == deal.position(len(deal.moves) + 1) == deal.at["moves"]


def test_show_reads_the_drivers_replay_and_its_snapshot():
    data, _ = generated(seed=5, deals=2)
    document, header = _document(data)
    options_ = TjuvOptions.from_values(header.ruleset.values)
    for move in (1, 4, 9):
        shown = GAME.position(document, header, deal=2, move=move, hide_hands=True)
        state = replay(TjuvMatch(read_record(document, header.players), options_), deal=2, upto=move).state
        snap = state.snapshot(hide_hands=True)
        assert shown.lines == snap.lines and shown.data == snap.data
        assert shown.to_move == tuple(header.players[s] for s in state.to_play())
        assert not any(token in " ".join(snap.lines) for token in shown.hidden)


@pytest.mark.parametrize("preset", ["tjuv", "tjuv-schenkmanis"])
@pytest.mark.parametrize("steal", ["all_or_none", "mandatory"])  # the presets' own (optional): tests/conformance
def test_every_simulated_move_as_played_and_as_written_is_one_of_the_legal_moves(preset, steal):
    options_ = TjuvOptions.from_values(resolve("tjuv", preset, {"steal_mode": steal}).values)
    for seed in range(20):
        players = NAMES[: 2 + seed % 8]
        for deal in generate(options=options_, players=players, seed=seed, deals=2):
            state = TjuvDeal.from_start(options=options_, players=players, start=deal.start)
            for move, written in zip(deal.moves, deal.written, strict=True):
                legal = state.legal_moves()
                assert list.__contains__(legal, move) and written in legal, (seed, move, written)
                assert state.apply(written) == []
            assert state.over and state.finish() == [] and state.close().settled


def test_a_shorter_form_the_record_allows_is_found_among_the_legal_moves_and_nothing_else():
    state = position(P3, mover="P1", hands={"P1": "9C JS 6D", "P2": "AH KH QH"}, table="6C 8C 7H",
                     talon="AD KD", piles=[("P2", "10S 7S"), ("P3", "7C")], opts=options(steal_mode="mandatory"))
    legal = state.legal_moves()
    derived, *spelled, stolen = moves(["P1 play 9C", "P1 play 9C capture 6C 8C", "P1 play 9C capture 8C 6C",
                                       "P1 play 9C top 9C", "P1 play 6D capture none steal none",
                                       "P1 play JS steal 10S"], P3)
    assert derived in legal and all(move in legal for move in spelled)  # the 7C pile stolen: steal_mode=mandatory
    assert stolen not in legal  # JS captures nothing here: it steals nothing
    wrong = ["P1 play 9C capture 8C", "P1 play 9C capture none", "P1 play 9C steal none", "P1 play 9C top 8C",
             "P1 draw", "P2 play AH"]
    assert not any(move in legal for move in moves(wrong, P3))
    state.apply(derived)
    assert moves(["P1 draw"], P3)[0] in state.legal_moves()  # the top of the recorded talon


def test_a_turn_begun_in_place_is_a_fresh_turn():
    """`TurnState.begin` (the fast path's next turn, without a new object) against `TurnState(mover)`:
    every field of a turn with each field changed is reset."""
    from dataclasses import fields

    from referee.games.tjuv.turn import TurnState

    turn = TurnState(0)
    for spec in fields(TurnState):
        setattr(turn, spec.name, 7 if spec.type in (int, "int") else True)
    assert all(getattr(turn, spec.name) != getattr(TurnState(2), spec.name) for spec in fields(TurnState))
    turn.begin(2)
    assert turn == TurnState(2)


def test_a_pile_made_with_its_slots_set_is_the_frozen_pile():
    """`new_pile` (the fast path's pile a capture) against `Pile(owner, top, cards)`: the same fields,
    equal and of equal hash, and frozen."""
    import dataclasses

    import pytest

    from referee.cards import card
    from referee.games.tjuv.piles import Pile, new_pile

    cards = (card("QS"), card("9S"), card("7S"))
    made, plain = new_pile(2, cards[0], cards), Pile(2, cards[0], cards)
    assert made.__class__ is Pile
    assert [getattr(made, f.name) for f in dataclasses.fields(Pile)] == [2, cards[0], cards, False]
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.owner = 1  # type: ignore[misc]
