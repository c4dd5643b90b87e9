"""Every infraction of getaway.md section 4 and the clarifications of section 10."""

from referee.findings import Severity
from referee.games.getaway.engine import Phase
from referee.games.getaway.options import FirstTrick, Pickup
from tests.getaway.helpers import fresh, held, moves, play, position, preset, wheres

NESW = ("N", "E", "S", "W")
HANDS = {"N": "8C 2H 3H", "E": "QC 5D 6D", "S": "2C 4S 5S", "W": "3C 9S 10S"}


def test_gw_4_3_out_of_turn_lead_takes_back_the_card_and_the_lead():
    state = position(NESW, HANDS, power="N", trick_no=11)
    play(state, ["E play 5D"])
    assert wheres(state) == {(1, "GW-4.3")}
    state.advance()
    assert state.players[state.power] == "E" and held(state, "E") == ["5D", "6D", "QC"]
    assert state.trick_no == 12  # the penalty trick counts


def test_gw_4_3_playing_before_ones_turn():
    state = position(NESW, HANDS, power="N", trick_no=11)
    play(state, ["N play 8C", "S play 2C"])
    assert wheres(state) == {(2, "GW-4.3")}
    state.advance()
    assert held(state, "S") == ["2C", "4S", "5S", "8C"] and state.players[state.power] == "S"


def test_gw_10_5_out_of_turn_and_revoke_in_one_play():
    state = position(NESW, HANDS, power="N", trick_no=11)
    play(state, ["N play 8C", "S play 4S"])
    assert wheres(state) == {(2, "GW-4.3"), (2, "GW-4.4")}
    assert state.penalties == [(2, "GW-4.3"), (2, "GW-4.4")]
    state.advance()
    assert held(state, "S") == ["2C", "4S", "5S", "8C"]  # penalised once


def test_gw_4_3_a_card_for_the_next_trick_before_this_one_ended():
    state = position(NESW, HANDS, power="N", trick_no=11)
    play(state, ["trick 12", "N play 8C", "trick 13", "E play QC"])
    assert wheres(state) == {(4, "GW-4.3")}


def test_gw_4_4_revoke_with_a_trump_while_holding_the_led_suit():
    state = position(NESW, {**HANDS, "E": "QC 2S"}, power="N", trick_no=11,
                     options=preset("getaway-spades-trump"))
    play(state, ["N play 8C", "E play 2S"])
    assert wheres(state) == {(2, "GW-4.4")}


def test_gw_4_5_failing_to_trump_with_spades():
    state = position(NESW, {**HANDS, "E": "2S 5D"}, power="N", trick_no=11, options=preset("getaway-spades-trump"))
    play(state, ["N play 8C", "E play 5D"])
    assert wheres(state) == {(2, "GW-4.5")}


def test_gw_3_12_must_trump_no_allows_a_break():
    import dataclasses

    options = dataclasses.replace(preset("getaway-spades-trump"), must_trump=False)
    state = position(NESW, {**HANDS, "E": "2S 5D"}, power="N", trick_no=11, options=options)
    play(state, ["N play 8C", "E break"])
    assert state.findings == []


def test_gw_4_6_false_break_and_false_skip():
    state = position(NESW, HANDS, power="N", trick_no=11, options=preset("getaway-pickup-breaker"))
    play(state, ["N play 8C", "E break"])
    assert wheres(state) == {(2, "GW-4.6")}
    state.advance()
    assert held(state, "E") == ["5D", "6D", "8C", "QC"] and state.players[state.power] == "E"
    state = position(NESW, HANDS, power="N", trick_no=11, options=preset("getaway-no-pickup"))
    play(state, ["N play 8C", "E skip"])
    assert wheres(state) == {(2, "GW-4.6")}


def test_gw_4_7_playing_where_a_break_is_due():
    state = position(NESW, {**HANDS, "E": "5D 6D"}, power="N", trick_no=11, options=preset("getaway-pickup-breaker"))
    play(state, ["N play 8C", "E play 5D"])
    assert wheres(state) == {(2, "GW-4.7")}


def test_gw_4_8_not_leading_the_drawn_card_and_the_duty_survives():
    state = position(("A", "B", "C"), {"A": "9H", "B": "5H 3C", "C": "2H 4C"}, power="A", trick_no=9,
                     waste="KD QD")
    play(state, ["A play 9H", "B play 5H", "C play 2H", "A draw waste KD", "A take B", "A play 3C"])
    assert wheres(state) == {(6, "GW-4.8")}
    state.advance()
    assert state.duty[0].token == "KD" and state.players[state.power] == "A"


def test_gw_10_3_the_duty_lapses_after_anothers_out_of_turn_lead():
    state = position(("A", "B", "C"), {"A": "9H", "B": "5H 3C", "C": "2H 4C"}, power="A", trick_no=9,
                     waste="KD QD")
    play(state, ["A play 9H", "B play 5H", "C play 2H", "A draw waste KD", "B play 3C"])
    assert wheres(state) == {(5, "GW-4.3")}
    assert 0 not in state.duty


def test_gw_4_9_wrong_first_lead_goes_back():
    state = fresh(NESW, {"N": "AS 2C", "E": "3C 4S", "S": "5C 6S", "W": "7C 8S"})
    play(state, ["N play 2C", "E play 4S", "N play AS", "E play 4S", "S play 6S", "W play 8S"])
    assert wheres(state) == {(1, "GW-4.9"), (2, "GW-4.9")}
    state.advance()
    assert held(state, "N") == ["2C"] and len(state.waste) == 4


def test_gw_4_10_card_not_held_stops_the_round():
    state = position(NESW, HANDS, power="N", trick_no=11)
    play(state, ["N play 8C", "E play 9C", "S play 2C"])
    assert wheres(state) == {(2, "GW-4.10")}
    assert state.phase is Phase.STOPPED and not state.close().settled


def test_gw_4_10_an_escaped_player_plays():
    state = position(NESW, {**HANDS, "W": ""}, power="N", trick_no=11, escaped=("W",))
    play(state, ["N play 8C", "E play QC", "S play 2C", "W play 3C"])
    assert wheres(state) == {(4, "GW-4.10")}


def test_gw_10_5_leading_with_no_cards_without_drawing():
    state = position(("A", "B", "C"), {"A": "9H", "B": "5H 3C", "C": "2H 4C"}, power="A", trick_no=9, waste="KD")
    play(state, ["A play 9H", "B play 5H", "C play 2H", "A play KD"])
    assert wheres(state) == {(4, "GW-4.13"), (4, "GW-4.10")}


def test_gw_4_13_a_draw_when_none_is_due():
    state = position(NESW, HANDS, power="N", trick_no=11, waste="KD")
    play(state, ["N draw waste KD"])
    assert wheres(state) == {(1, "GW-4.13")}


def test_gw_4_14_sequence_errors():
    state = position(("A", "B"), {"A": "9H", "B": "5H"}, power="A", trick_no=9)
    play(state, ["A play 9H", "B play 5H", "A play 2C"])
    assert wheres(state) == {(3, "GW-4.14")}
    state = position(NESW, HANDS, power="N", trick_no=11)
    play(state, ["trick 14"])
    assert wheres(state) == {(1, "GW-4.14")}
    state = position(NESW, HANDS, power="N", trick_no=11)
    play(state, ["N play 8C", "E break"])  # a break under pickup=winner
    assert wheres(state) == {(2, "GW-4.14")}


def test_gw_4_14_names_the_last_move_after_plays_replayed_at_once():
    """`replay` takes legal plays by shortcuts that report nothing; the finding
    at the end of the events still names the last move."""
    state = position(NESW, HANDS, power="N", trick_no=11)
    state.replay(moves(["N play 8C", "E play QC", "S play 2C"], NESW))
    assert state.index == 3 and state.phase is Phase.PLAYING
    state.close()
    assert wheres(state) == {(3, "GW-4.14")}


def test_a_joker_played_in_a_replay_counts_in_no_suit():
    """`show` replays a deal that GW-2.1 refused; a joker played there by the
    replay's shortcuts leaves the per-suit counts as they were."""
    state = position(NESW, {**HANDS, "E": "JK 5D 6D"}, power="N", trick_no=11)
    state.replay(moves(["N play 8C", "E play JK"], NESW))
    assert state.hands[1].suits == [0, 0, 2, 0] and state.hands[1].size == 2
    assert state.phase is Phase.ENDED and not state.findings


def test_gw_4_14_a_late_play_after_a_take():
    state = position(NESW, {**HANDS, "E": "5D 6D"}, power="N", trick_no=11)
    play(state, ["trick 12", "N play 8C", "E play 5D", "S take W", "trick 12", "S play 2C"])
    assert wheres(state) == {(6, "GW-4.14")}


def test_gw_4_14_events_stop_before_the_end():
    state = position(NESW, HANDS, power="N", trick_no=11)
    play(state, ["N play 8C"])
    state.close()
    assert wheres(state) == {(1, "GW-4.14")}


def test_gw_10_1_dead_round_under_breaker():
    # after the break B holds 3C 7H AD and leads; A holds 9S: every lead is broken forever
    state = position(("A", "B"), {"A": "9S AD", "B": "3C 7H"}, power="A", trick_no=5,
                     options=preset("getaway-pickup-breaker"))
    play(state, ["A play AD", "B break"])
    state.advance()
    assert state.phase is Phase.OVER and state.dead
    result = state.result()
    assert result.settled and result.dead and result.loser is None
    play(state, ["B play 3C"])
    assert wheres(state) == {(3, "GW-4.14")}


def test_gw_10_1_not_dead_when_a_trump_can_be_played():
    state = position(("A", "B"), {"A": "9S AD", "B": "3C 7H"}, power="A", trick_no=5,
                     options=preset("getaway-spades-trump"))
    play(state, ["A play AD", "B break"])
    state.advance()
    assert not state.dead and state.phase is Phase.WINDOW  # A's 9S is a trump


def test_gw_10_2_a_card_after_a_penalty_is_a_late_play():
    state = position(NESW, HANDS, power="N", trick_no=11)
    play(state, ["trick 12", "N play 8C", "E play 5D", "S play 2C", "W play 3C"])
    assert wheres(state) == {(3, "GW-4.4"), (4, "GW-4.2"), (5, "GW-4.2")}
    state.advance()
    assert held(state, "W") == sorted("3C 9S 10S 8C 5D 2C".split())


def test_gw_10_4_breaks_where_they_do_not_belong():
    import dataclasses

    options = dataclasses.replace(preset("getaway-pickup-breaker"), first_trick=FirstTrick.WASTE)
    state = fresh(NESW, {"N": "AS 2C", "E": "3C 4D", "S": "5C 6S", "W": "7C 8S"}, options=options)
    play(state, ["N play AS", "E break"])
    assert wheres(state) == {(2, "GW-4.6")}
    state = fresh(NESW, {"N": "AS 2C", "E": "3C 4D"}, options=preset("getaway-pickup-breaker"))
    play(state, ["E break"])
    assert wheres(state) == {(1, "GW-4.9")} and state.phase is Phase.SETUP
    state = position(NESW, HANDS, power="N", trick_no=11, options=preset("getaway-pickup-breaker"))
    play(state, ["E break"])
    assert wheres(state) == {(1, "GW-4.3")}
    state.advance()
    assert state.players[state.power] == "E" and held(state, "E") == ["5D", "6D", "QC"]
    state = position(NESW, HANDS, power="N", trick_no=11, options=preset("donkey", pickup=Pickup.BREAKER))
    play(state, ["N play 2H", "E break"])
    assert wheres(state) == {(2, "GW-4.6")}  # the first void player under Donkey must fix trumps


def test_gw_10_6_without_trick_numbers_the_reading_is_reported():
    state = position(NESW, {**HANDS, "E": "5D 6D"}, power="N", trick_no=11)
    play(state, ["N play 8C", "E play 5D", "S play 2C"])
    rules = {(f.move, f.rule, f.severity) for f in state.findings}
    assert rules == {(3, "GW-10.6", Severity.NOTE), (3, "GW-4.2", Severity.ERROR)}


def test_gw_10_6_with_trick_numbers_the_same_play_is_an_out_of_turn_lead():
    state = position(NESW, {**HANDS, "E": "5D 6D"}, power="N", trick_no=11)
    play(state, ["trick 12", "N play 8C", "E play 5D", "trick 13", "S play 2C"])
    assert wheres(state) == {(5, "GW-4.3")}
    state.advance()
    assert held(state, "S") == ["2C", "4S", "5S"] and held(state, "N") == ["2H", "3H", "5D", "8C"]
