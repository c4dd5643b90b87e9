"""The rulings of the second review (TJ-11.8 to TJ-11.10): which rule a
steal of part of a pile, a missing or late step-2 draw, and a draw after the
deal has ended cite, and at which move."""

from __future__ import annotations

import pytest

from referee.cards import card
from referee.games.tjuv import rules as R
from referee.games.tjuv.engine import Step

from tests.tjuv.tjuv_support import P2, P3, check, errors, generated, options, play, position, tokens, where


def steal_position(**values: str):
    """S5's piles: P2 owns [9S 6D] and [10H 7H], P3 owns [QS 8D], P1 owns [7S 6S]."""
    return position(P3, mover="P1", hands={"P1": "JS 9D 6C", "P2": "AC KC QC", "P3": "JD QD KD"},
                    table="8S 10D 7C", piles=[("P1", "7S 6S"), ("P2", "9S 6D"), ("P2", "10H 7H"), ("P3", "QS 8D")],
                    opts=options(**values))


# ---------------------------------------------------------------- TJ-11.8


@pytest.mark.parametrize("mode", ["optional", "all_or_none", "mandatory"])
@pytest.mark.parametrize("line", [
    "P1 play JS steal 6D",  # under an eligible top (9S)
    "P1 play JS steal 8D",  # under a top that is not eligible (QS)
    "P1 play JS steal 7H",  # under a top of another suit (10H)
    "P1 play JS steal 9S 6D",  # the whole pile, and a card under its top named too
    "P1 play 9D steal 6D",  # a play that captures nothing
])
def test_tj_11_8_steal_under_pile_top_cites_3_9(line, mode):
    state = play(steal_position(steal_mode=mode), [line])
    assert errors(state) == [(1, 1, R.WHOLE_PILES)]
    assert state.findings[0].player == "P1" and state.stopped


def test_tj_11_8_a_stolen_top_lies_under_the_thiefs_top_and_cites_3_9():
    state = position(P3, mover="P1", hands={"P1": "JS 9D 6C", "P2": "AC KC QC", "P3": "QH KS 6H"},
                     table="8S QS 10D 7H", talon="AD KD QD JD", piles=[("P2", "9S 6D")])
    play(state, ["P1 play JS steal 9S", "P1 draw AD", "P2 play AC", "P2 draw KD", "P3 play KS steal 9S"])
    assert errors(state) == [(1, 5, R.WHOLE_PILES)]  # 9S now lies under P1's JS


def test_tj_11_8_in_a_transcript():
    data, _ = generated(seed=3)
    lines = data["deals"][0]["moves"]
    index = 11  # "Anna play QC capture JC 8C": Bo owns a pile of two or more cards by then
    assert lines[index - 1].startswith("Anna play QC")
    lines[index - 1] += " steal 6H"  # 6H lies under the top of Bo's pile
    assert where(check(data)) == [(1, index, R.WHOLE_PILES)]


# ---------------------------------------------------------------- TJ-11.9


def s3(**values: str):
    """S3: P1's QH captures 7H 9H and leaves KH 8S; the talon is 6D JC and 13 more."""
    return position(P3, mover="P1", hands={"P1": "QH 6C 10D", "P2": "AC KC QC", "P3": "JD QD KD"},
                    table="7H 9H KH 8S", talon="6D JC", talon_size=15, opts=options(**values))


def test_tj_11_9_no_step_2_draw_after_a_refill_cites_3_12():
    state = play(s3(), ["P1 play QH", "P1 place 10D", "P1 draw 6D", "P2 play AC"])
    assert errors(state) == [(1, 4, R.DRAW)]
    assert state.findings[0].player == "P1"


def test_tj_11_9_no_step_2_draw_after_a_turned_refill_cites_3_12():
    state = play(s3(table_refill="from_talon"), ["P1 play QH", "P1 turn 6D", "P2 play AC"])
    assert errors(state) == [(1, 3, R.DRAW)]
    assert state.findings[0].player == "P1"


def test_tj_11_9_no_step_2_draw_when_the_record_ends_cites_3_12():
    state = play(s3(), ["P1 play QH", "P1 place 10D", "P1 draw 6D"])
    assert errors(state) == []  # the turn is not over yet
    state.finish()
    assert errors(state)[0] == (1, 3, R.DRAW)


def test_tj_11_9_draw_after_the_refill_cites_3_1():
    state = play(s3(), ["P1 play QH", "P1 place 10D", "P1 draw 6D", "P1 draw JC"])
    assert errors(state) == [(1, 4, R.SEQUENCE)]


def test_tj_11_9_draw_after_a_turned_refill_cites_3_1():
    state = play(s3(table_refill="from_talon"), ["P1 play QH", "P1 turn 6D", "P1 draw JC"])
    assert errors(state) == [(1, 3, R.SEQUENCE)]


def test_tj_11_9_the_late_draw_still_counts_as_the_step_2_draw():
    state = play(s3(on_violation="continue"),
                 ["P1 play QH", "P1 place 10D", "P1 draw 6D", "P1 draw JC", "P2 play AC"])
    assert errors(state) == [(1, 4, R.SEQUENCE)]
    assert tokens(state.table) == ["KH", "8S", "10D", "AC"]
    assert sorted(tokens(state.hands[0])) == sorted(["6C", "6D", "JC"])


def test_tj_11_9_a_placement_with_no_draw_at_all_cites_3_12_and_3_14():
    state = play(s3(on_violation="continue"), ["P1 play QH", "P1 place 10D", "P2 play AC"])
    assert errors(state) == [(1, 3, R.DRAW), (1, 3, R.REFILL_FROM_HAND)]


# --------------------------------------------------------------- TJ-11.10


def test_tj_11_10_draw_after_the_deal_ended_cites_3_1():
    state = position(P2, mover="P1", hands={"P1": "KS 7D", "P2": "QH 8D"}, table="",
                     piles=[("P1", "JC 9C"), ("P2", "QS 9S")])
    play(state, ["P1 play KS", "P2 play QH", "P1 play 7D", "P2 play 8D", "P2 draw"])
    assert errors(state) == [(1, 5, R.SEQUENCE)]


def test_tj_11_10_every_hand_empty_ends_the_deal_even_with_cards_in_the_talon():
    def ended():
        return position(P2, mover="P1", hands={"P1": "KS", "P2": "QH"}, table="6H 7H 8H", talon="AS AD",
                        opts=options(on_violation="continue"))

    state = play(ended(), ["P1 play KS", "P2 play QH"])  # P1 did not draw: TJ-3.12 at P2's play
    assert errors(state) == [(1, 2, R.DRAW)]
    assert state.over and (state.to_play(), state.step) == ((), Step.OVER)
    assert state.close().settled and state.result().sweep.cards == (card("KS"),)
    state = play(ended(), ["P1 play KS", "P2 play QH", "P2 draw AS"])
    assert errors(state) == [(1, 2, R.DRAW), (1, 3, R.SEQUENCE)]
    assert state.stopped


def test_tj_11_10_in_a_transcript():
    data, _ = generated(seed=4)
    lines = data["deals"][0]["moves"]
    last = lines[-1].split()[0]
    lines.append(f"{last} draw")
    assert where(check(data)) == [(1, len(lines), R.SEQUENCE)]


def test_tj_11_10_every_preset_still_replays_legal_games_clean():
    for preset in ("tjuv", "tjuv-schenkmanis"):
        for players in (2, 3, 4, 7, 11):
            data, _ = generated(preset, players=players, seed=players)
            assert where(check(data)) == [], (preset, players)
