"""X-1 to X-10: the further scenarios of getaway.md section 8."""

from referee.cards import Suit
from referee.games.getaway.engine import Phase
from referee.games.getaway.options import Direction, DonkeyTrump, EmptyPower, FirstTrickOrder, TakeHand
from tests.getaway.helpers import fresh, held, order, play, position, preset, sizes, wheres

P3 = ("P1", "P2", "P3")
NESW = ("N", "E", "S", "W")
P4 = ("P1", "P2", "P3", "P4")


def waste_of(state) -> list[str]:
    return sorted(c.token for c in state.waste.elements())


# winning a full trick with the last card
X1 = {"P1": "KH", "P2": "5H 2C", "P3": "9H 4S 3S"}


def test_x1a_getaway_draws_from_the_waste_pile_and_leads_the_drawn_card():
    state = position(P3, X1, power="P1", trick_no=7, waste="AC 7D 8D")
    play(state, ["P1 play KH", "P2 play 5H", "P3 play 9H", "P1 draw waste 7D"])
    assert waste_of(state) == sorted("AC 8D KH 5H 9H".split())
    play(state, ["P1 play 7D", "P2 play 2C"])
    state.advance()
    assert state.findings == []
    assert order(state) == [] and state.places == [1]  # P2 escaped first
    assert state.players[state.power] == "P1" and held(state, "P1") == ["2C", "7D"]
    assert held(state, "P3") == ["3S", "4S"]


def test_x1a_trick_cards_cannot_be_drawn():
    state = position(P3, X1, power="P1", trick_no=7, waste="AC 7D 8D")
    play(state, ["P1 play KH", "P2 play 5H", "P3 play 9H", "P1 draw waste KH"])
    assert wheres(state) == {(4, "GW-4.13")}


def test_x1b_pass_lead_escapes_with_two_others_left():
    state = position(P3, X1, power="P1", trick_no=7, waste="AC 7D 8D",
                     options=preset("getaway", empty_power=EmptyPower.PASS_LEAD))
    play(state, ["P1 play KH", "P2 play 5H", "P3 play 9H"])
    state.advance()
    assert state.places == [0] and state.players[state.power] == "P2"
    assert waste_of(state) == sorted("AC 7D 8D KH 5H 9H".split())


def test_x1c_breaker_escapes_on_playing_his_last_card_and_power_passes():
    state = position(P3, X1, power="P1", trick_no=7, options=preset("getaway-pickup-breaker"))
    play(state, ["P1 play KH"])
    assert state.places == [0]
    play(state, ["P2 play 5H", "P3 play 9H"])
    state.advance()
    assert state.findings == [] and state.players[state.power] == "P2"


def test_x1d_breaker_round_ends_mid_trick_and_a_later_play_is_a_sequence_error():
    state = position(P3, {"P1": "KH", "P3": "9H 4S 3S"}, power="P1", trick_no=7, escaped=("P2",),
                     options=preset("getaway-pickup-breaker"))
    play(state, ["P1 play KH"])
    assert state.phase is Phase.OVER
    assert order(state) == ["P2", "P1", "P3"] and state.result().legs == 3
    play(state, ["P3 play 9H"])
    assert wheres(state) == {(2, "GW-4.14")}


# a void player in trick 1
X2 = {"P1": "AS 9H", "P2": "7D 8C", "P3": "3S 4H"}


def test_x2a_free_order_and_a_non_spade_is_not_a_tochoo():
    state = fresh(P3, X2)
    play(state, ["P1 play AS", "P3 play 3S", "P2 play 7D"])
    state.advance()
    assert state.findings == []
    assert waste_of(state) == ["3S", "7D", "AS"] and state.players[state.power] == "P1"
    assert sizes(state) == {"P1": 1, "P2": 1, "P3": 1}


def test_x2b_clockwise_trick_1_out_of_turn():
    state = fresh(P3, X2, options=preset("getaway", first_trick_order=FirstTrickOrder.CLOCKWISE))
    play(state, ["P1 play AS", "P3 play 3S"])
    assert wheres(state) == {(2, "GW-4.3")}
    state.advance()
    assert state.players[state.power] == "P3" and held(state, "P3") == ["3S", "4H", "AS"]
    assert held(state, "P2") == ["7D", "8C"] and waste_of(state) == []
    assert state.trick_no == 1  # the next trick is trick 2


def test_x2c_breaker_breaks_in_trick_1():
    state = fresh(P3, X2, options=preset("getaway-pickup-breaker"))
    play(state, ["P1 play AS", "P2 break"])
    state.advance()
    assert state.findings == []
    assert state.players[state.power] == "P2" and held(state, "P2") == ["7D", "8C", "AS"]
    assert held(state, "P3") == ["3S", "4H"]
    assert any(m.card.token == "AS" for m in state.legal_moves())  # he may lead the AS


def test_x2d_revoke_in_trick_1():
    state = fresh(P3, {"P1": "AS 9H", "P2": "7D 5S", "P3": "3S 4H"})
    play(state, ["P1 play AS", "P3 play 3S", "P2 play 7D"])
    assert wheres(state) == {(3, "GW-4.4")}
    state.advance()
    assert held(state, "P2") == ["3S", "5S", "7D", "AS"] and state.players[state.power] == "P2"
    assert waste_of(state) == []


# revoke and playing after a tochoo
def test_x3_revoke_penalty():
    state = position(NESW, {"N": "8C 2H", "E": "QC 5D", "S": "2C 4S", "W": "3C 9S"}, power="N", trick_no=11)
    before = sizes(state)
    play(state, ["N play 8C", "E play 5D"])
    assert wheres(state) == {(2, "GW-4.4")}
    finding = state.findings[0]
    assert finding.player == "E" and finding.penalty.rule == "GW-4.1" and finding.penalty.player == "E"
    state.advance()
    after = sizes(state)
    assert {p: after[p] - before[p] for p in NESW} == {"N": -1, "E": 1, "S": 0, "W": 0}
    assert held(state, "E") == ["5D", "8C", "QC"] and state.players[state.power] == "E"
    assert state.trick_no == 12


def test_x3_if_really_void_it_is_a_tochoo():
    state = position(NESW, {"N": "8C 2H", "E": "5D 6D", "S": "2C 4S", "W": "3C 9S"}, power="N", trick_no=11)
    play(state, ["N play 8C", "E play 5D"])
    state.advance()
    assert state.findings == [] and held(state, "N") == ["2H", "5D", "8C"]


def test_x4_playing_after_a_tochoo():
    state = position(NESW, {"N": "8C 2H", "E": "5D 6D", "S": "2C 4S", "W": "3C 9S"}, power="N", trick_no=11)
    before = sizes(state)
    play(state, ["trick 12", "N play 8C", "E play 5D", "S play 2C"])
    assert wheres(state) == {(4, "GW-4.2")}
    state.advance()
    after = sizes(state)
    assert {p: after[p] - before[p] for p in NESW} == {"N": -1, "E": -1, "S": 2, "W": 0}
    assert held(state, "S") == ["2C", "4S", "5D", "8C"] and state.players[state.power] == "S"


def test_x4_a_second_late_play_makes_a_new_offender():
    state = position(NESW, {"N": "8C 2H", "E": "5D 6D", "S": "2C 4S", "W": "3C 9S"}, power="N", trick_no=11)
    play(state, ["trick 12", "N play 8C", "E play 5D", "S play 2C", "W play 3C"])
    assert wheres(state) == {(4, "GW-4.2"), (5, "GW-4.2")}
    state.advance()
    assert held(state, "W") == ["2C", "3C", "5D", "8C", "9S"] and held(state, "S") == ["4S"]


# counter-clockwise taking
def test_x5_counterclockwise_take_and_order():
    options = preset("getaway", direction=Direction.COUNTERCLOCKWISE)
    hands = {"N": "2C 3C", "E": "4D 5D", "S": "6H 7H", "W": "8S 9S"}
    state = position(NESW, hands, power="E", trick_no=9, options=options)
    play(state, ["N take W"])
    assert state.findings == [] and held(state, "N") == ["2C", "3C", "8S", "9S"] and state.places == [3]
    play(state, ["E play 4D"])
    assert [state.players[s] for s in state.trick.order] == ["E", "N", "S"]


def test_x5_counterclockwise_skips_escaped_and_clockwise_takes_the_other_side():
    options = preset("getaway", direction=Direction.COUNTERCLOCKWISE)
    hands = {"N": "2C 3C", "E": "4D 5D", "S": "6H 7H"}
    state = position(NESW, hands, power="E", trick_no=9, options=options, escaped=("W",))
    play(state, ["N take S"])
    assert state.findings == []
    state = position(NESW, {**hands, "W": "8S"}, power="E", trick_no=9)
    play(state, ["N take E"])
    assert state.findings == [] and state.players[state.power] == "S"  # E held power: it passes on clockwise


def test_x5_power_passes_counterclockwise_when_the_power_holder_is_taken():
    options = preset("getaway", direction=Direction.COUNTERCLOCKWISE)
    state = position(NESW, {"N": "2C 3C", "E": "4D 5D", "S": "6H 7H", "W": "8S 9S"}, power="W", trick_no=9,
                     options=options)
    play(state, ["N take W"])
    assert state.players[state.power] == "S"


# Donkey trumps. X-6 follows the digest's reading (A23: the suit
# played becomes trumps, donkey_trump=played); seed 000 as written makes the
# suit that could not be followed trumps (donkey_trump=led, the default).
X6 = {"W": "AS 3D", "N": "4S 5C", "E": "6H 7C", "S": "2H 9C"}
PLAYED = preset("donkey", donkey_trump=DonkeyTrump.PLAYED)


def test_x6a_first_void_player_fixes_trumps_and_others_must_trump():
    state = fresh(NESW, X6, options=PLAYED)
    play(state, ["W play AS", "N play 4S", "E play 6H", "S play 2H"])
    state.advance()
    assert state.findings == [] and state.trump is Suit.H
    assert waste_of(state) == ["2H", "4S", "6H", "AS"] and state.players[state.power] == "E"


def test_x6b_failing_to_trump_in_trick_1():
    state = fresh(NESW, X6, options=PLAYED)
    play(state, ["W play AS", "N play 4S", "E play 6H", "S play 9C"])
    assert wheres(state) == {(4, "GW-4.5")}
    state.advance()
    assert held(state, "S") == ["2H", "4S", "6H", "9C", "AS"] and state.players[state.power] == "S"
    assert waste_of(state) == [] and state.trump is Suit.H


def test_x6c_no_heart_no_obligation():
    state = fresh(NESW, {**X6, "S": "8D 9C"}, options=PLAYED)
    play(state, ["W play AS", "N play 4S", "E play 6H", "S play 9C"])
    state.advance()
    assert state.findings == [] and state.players[state.power] == "E" and len(state.waste) == 4


def test_x6_seed_reading_makes_spades_trumps_and_w_leads():
    state = fresh(NESW, X6, options=preset("donkey"))
    play(state, ["W play AS", "N play 4S", "E play 6H", "S play 9C"])
    state.advance()
    assert state.findings == [] and state.trump is Suit.S
    assert state.players[state.power] == "W" and len(state.waste) == 4


def test_seed_reading_in_a_later_trick_the_led_suit_becomes_trumps_and_the_trick_goes_on():
    hands = {"N": "5D 2S", "E": "3H 4C", "S": "9D 3S", "W": "7C 6S"}
    state = position(NESW, hands, power="N", trick_no=4, options=preset("donkey"))
    play(state, ["N play 5D", "E play 3H", "S play 9D", "W play 7C"])
    assert state.trump is Suit.D
    state.advance()
    assert state.findings == []
    assert held(state, "S") == sorted("3S 5D 3H 9D 7C".split())  # W's 7C was a tochoo; S's 9D wins


def test_x7_donkey_trump_wins_after_a_tochoo():
    hands = {"N": "5D 2S", "E": "3H 4C", "S": "9D 3S", "W": "7C 6S"}
    state = position(NESW, hands, power="N", trick_no=19, options=preset("donkey"), trump=Suit.H)
    before = sizes(state)
    play(state, ["N play 5D", "E play 3H", "S play 9D", "W play 7C"])
    state.advance()
    after = sizes(state)
    assert state.findings == []
    assert {p: after[p] - before[p] for p in NESW} == {"N": -1, "E": 3, "S": -1, "W": -1}
    assert state.players[state.power] == "E"


def test_x7_had_w_held_a_heart_he_must_trump_and_wins():
    hands = {"N": "5D 2S", "E": "3H 4C", "S": "9D 3S", "W": "7C 8H"}
    state = position(NESW, hands, power="N", trick_no=19, options=preset("donkey"), trump=Suit.H)
    play(state, ["N play 5D", "E play 3H", "S play 9D", "W play 8H"])
    state.advance()
    assert state.findings == [] and state.players[state.power] == "W" and len(state.waste) == 4


# two packs, identical cards
P5 = ("P1", "P2", "P3", "P4", "P5")


def test_x8_first_of_two_identical_cards_wins():
    options = preset("getaway", packs=2)
    hands = {"P1": "10C 2H", "P2": "KC 3H", "P3": "KC 4H", "P4": "4D 5H", "P5": "5C 6H"}
    state = position(P5, hands, power="P1", trick_no=6, options=options)
    play(state, ["P1 play 10C", "P2 play KC", "P3 play KC", "P4 play 4D"])
    state.advance()
    assert held(state, "P2") == ["10C", "3H", "4D", "KC", "KC"] and state.players[state.power] == "P2"


def test_x8_full_trick_goes_to_the_first_identical_card():
    options = preset("getaway", packs=2)
    hands = {"P1": "10C 2H", "P2": "KC 3H", "P3": "KC 4H", "P4": "2C 5H", "P5": "5C 6H"}
    state = position(P5, hands, power="P1", trick_no=6, options=options)
    play(state, ["P1 play 10C", "P2 play KC", "P3 play KC", "P4 play 2C", "P5 play 5C"])
    state.advance()
    assert state.players[state.power] == "P2" and len(state.waste) == 4  # four distinct cards, KC twice
    assert sum(state.waste.values()) == 5


# taking the power holder's hand
X9 = {"P1": "2C 3C 4C 5C 6C", "P2": "2D 3D 4D", "P3": "2H 3H 4H 5H", "P4": "2S 3S"}


def test_x9a_taking_the_power_holder_passes_power():
    state = position(P4, X9, power="P1", trick_no=15)
    play(state, ["P4 take P1"])
    assert state.findings == [] and sizes(state)["P4"] == 7 and state.places == [0]
    assert state.players[state.power] == "P2"


def test_x9b_power_holder_takes_and_keeps_power():
    state = position(P4, X9, power="P1", trick_no=15)
    play(state, ["P1 take P2", "P1 play 2D"])
    assert state.findings == [] and sizes(state)["P1"] == 7
    assert [state.players[s] for s in state.trick.order] == ["P1", "P3", "P4"]


def test_x9c_take_hand_leader():
    options = preset("getaway", take_hand=TakeHand.LEADER)
    state = position(P4, X9, power="P1", trick_no=15, options=options)
    play(state, ["P4 take P1"])
    assert wheres(state) == {(1, "GW-4.12")} and not state.result().settled
    state = position(P4, X9, power="P1", trick_no=15, options=options)
    play(state, ["P1 take P2"])
    assert state.findings == []
    play(state, ["P1 take P3"])
    assert wheres(state) == {(2, "GW-4.12")}  # a second take in one window


def test_x9d_take_hand_no():
    options = preset("getaway", take_hand=TakeHand.NO)
    for take in ("P4 take P1", "P1 take P2"):
        state = position(P4, X9, power="P1", trick_no=15, options=options)
        play(state, [take])
        assert wheres(state) == {(1, "GW-4.12")}


def test_a_take_of_another_hand_than_the_next_is_illegal():
    state = position(P4, X9, power="P1", trick_no=15)
    play(state, ["P1 take P3"])
    assert wheres(state) == {(1, "GW-4.12")}


def test_a_take_during_a_trick_is_illegal():
    state = position(P4, X9, power="P1", trick_no=15)
    play(state, ["P1 play 2C", "P3 take P4"])
    assert wheres(state) == {(2, "GW-4.12")}


# three pickup rules, two escapes at once
X10 = {"P1": "4S 8H", "P2": "2S", "P3": "9D 5C", "P4": "3S KH"}


def test_x10a_winner_picks_up():
    state = position(P4, X10, power="P1", trick_no=8)
    play(state, ["P1 play 4S", "P2 play 2S", "P3 play 9D"])
    state.advance()
    assert state.findings == [] and held(state, "P1") == sorted("8H 4S 2S 9D".split())
    assert state.places == [1] and state.players[state.power] == "P1"


def test_x10b_breaker_picks_up():
    state = position(P4, X10, power="P1", trick_no=8, options=preset("getaway-pickup-breaker"))
    play(state, ["P1 play 4S", "P2 play 2S"])
    assert state.places == [1]
    play(state, ["P3 break"])
    state.advance()
    assert state.findings == [] and held(state, "P3") == sorted("9D 5C 4S 2S".split())
    assert state.players[state.power] == "P3" and held(state, "P4") == ["3S", "KH"]


def test_x10c_no_pickup_skips():
    state = position(P4, X10, power="P1", trick_no=8, options=preset("getaway-no-pickup"))
    play(state, ["P1 play 4S", "P2 play 2S", "P3 skip", "P4 play 3S"])
    state.advance()
    assert state.findings == [] and held(state, "P3") == ["5C", "9D"]
    assert state.players[state.power] == "P1" and sum(state.waste.values()) == 3


def test_x10d_two_escapes_at_once_are_ranked_by_who_emptied_first():
    hands = {"P1": "4S 8H", "P2": "2S", "P3": "3S", "P4": "9D KH"}
    state = position(P4, hands, power="P1", trick_no=8)
    play(state, ["P1 play 4S", "P2 play 2S", "P3 play 3S", "P4 play 9D"])
    state.advance()
    assert state.findings == [] and held(state, "P1") == sorted("8H 4S 2S 3S 9D".split())
    assert state.places == [1, 2]
