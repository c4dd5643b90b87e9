"""The seed's own examples (vazhushal.md section 5): T-E0 to T-E3."""

from vazhushal_helpers import by_move, hand_of, play, position, rules

# T-E0: two players, negative joker 3S (3H, 3D and JK wild).
E0_LINE = "9D KS JD QH 6H"
E0_HAND = "8D 10D 6S 6C KD KH 2C 4H 7H 9C QC AC 5S"


def e0():
    return position(hands={"P": E0_HAND}, negative="3S", line=E0_LINE)


def test_T_E0a_top_card_completes_pure_sequence():
    state = e0()
    assert play(state, "P draw line 1", "P meld 8D 9D 10D", "P discard 2C") == []


def test_T_E0b_three_deep_keeps_KS():
    state = e0()
    assert play(state, "P draw line 3", "P meld 8D 9D 10D JD", "P discard 2C") == []
    assert hand_of(state, "P")[next(c for c in hand_of(state, "P") if c.token == "KS")] == 1


def test_T_E0c_second_meld_with_KS():
    state = e0()
    assert play(state, "P draw line 3", "P meld 8D 9D 10D JD", "P meld KS KD KH", "P discard 2C") == []


def test_T_E0d_too_deep_for_the_sixes():
    state = e0()
    found = play(state, "P draw line 5", "P meld 8D 9D 10D JD", "P meld 6S 6C 6H", "P discard 2C")
    assert by_move(found) == {1: {"VZ-5.5", "VZ-5.6"}}


def test_T_E0e_key_KS_not_in_the_pure_sequence():
    # The digest cites VZ-5.6; VZ-5.5 is reported too, as in T-04c (see docs/vazhushal.md).
    state = e0()
    found = play(state, "P draw line 2", "P meld 8D 9D 10D", "P meld KS KD KH", "P discard 2C")
    assert "VZ-5.6" in rules(found, 1)
    assert by_move(found) == {1: {"VZ-5.5", "VZ-5.6"}}


def test_T_E0f_key_QH_not_melded():
    state = e0()
    found = play(state, "P draw line 4", "P meld 8D 9D 10D JD", "P discard 2C")
    assert by_move(found) == {1: {"VZ-5.2"}}


def test_T_E0g_top_card_kept():
    state = e0()
    found = play(state, "P draw line 1", "P discard 2C")
    assert by_move(found) == {1: {"VZ-5.2"}}


def test_T_E0h_wait_for_the_next_turn():
    state = position(hands={"P": E0_HAND, "Q": "5D 2S 4S 7S 8S 10S JS QS 2H 5H 7C 8C 10C"}, negative="3S",
                     line=E0_LINE)
    found = play(state, "P draw line 3", "P meld 8D 9D 10D JD", "P discard 2C",
                 "Q draw stock 9S", "Q discard 5D",
                 "P draw line 4 5D 2C QH 6H", "P meld 6S 6C 6H", "P discard KS")
    assert found == []


# T-E1: negative joker 9C (9H, 9D and JK wild).
E1_HAND = "4D 6D 2S 8S 10H KC 5C 7H AC QD 2H 8C 6S"


def e1(hand: str = E1_HAND):
    return position(hands={"P": hand}, negative="9C", line="3H 7S 5D JS")


def test_T_E1a_three_deep():
    assert play(e1(), "P draw line 3", "P meld 4D 5D 6D", "P discard 2S") == []


def test_T_E1b_JS_taken_and_kept():
    # The digest cites VZ-5.2 and VZ-5.6; as in T-E0f, only VZ-5.2 is reported
    # for a key card that is in no new meld (see docs/vazhushal.md).
    found = play(e1(), "P draw line 4", "P meld 4D 5D 6D", "P discard 2S")
    assert by_move(found) == {1: {"VZ-5.2"}}


def test_T_E1c_JS_in_a_new_pure_sequence():
    state = e1("4D 6D QS KS 10H KC 5C 7H AC QD 2H 8C 6S")
    assert play(state, "P draw line 4", "P meld 4D 5D 6D", "P meld JS QS KS", "P discard 2H") == []


def test_T_E1d_top_card_not_melded():
    found = play(e1(), "P draw line 1", "P discard 2S")
    assert by_move(found) == {1: {"VZ-5.2"}}


# T-E2: negative joker 5H (5S, 5C and JK wild).
E2_HAND = "8C 2D 5D JD AS 3S 6H 10H QH KC 4C 2H 7D"


def test_T_E2a_whole_line():
    state = position(hands={"P": E2_HAND}, negative="5H", line="4S 9S 7C 3H KH 9C")
    assert play(state, "P draw line 6", "P meld 7C 8C 9C", "P discard 2H") == []


def test_T_E2b_the_seeds_count_of_four():
    state = position(hands={"P": E2_HAND}, negative="5H", line="4S 9S 7C 3H KH 9C")
    found = play(state, "P draw line 4", "P meld 7C 8C 9C", "P discard 2H")
    assert by_move(found) == {2: {"VZ-9.3"}, 1: {"VZ-5.2"}}
    assert any(f.stops_deal for f in found if f.rule == "VZ-9.3")


def test_T_E2c_reversed_reading():
    state = position(hands={"P": E2_HAND}, negative="5H", line="9C KH 3H 7C 9S 4S")
    assert play(state, "P draw line 4", "P meld 7C 8C 9C", "P discard 2H") == []


# T-E3: negative joker 2S (2H, 2D and JK wild).
E3_LINE = "8D 4D 8C KH 5H 8S"


def test_T_E3a_set_from_taken_cards_only():
    state = position(hands={"P": "9D 2C 6S 7H QC JD 3D KS 10C AD"}, negative="2S", line=E3_LINE,
                     melds={"P": ["9H 10H JH"]})
    assert play(state, "P draw line 6", "P meld 8D 8C 8S", "P discard 2C") == []


def test_T_E3b_no_melds_no_pure_sequence():
    state = position(hands={"P": "9D 2C 6S 7H QC JD 3D KS 10C AD 6C QS 4H"}, negative="2S", line=E3_LINE)
    found = play(state, "P draw line 6", "P meld 8D 8C 8S", "P discard 2C")
    assert by_move(found) == {1: {"VZ-5.5", "VZ-5.6"}, 2: {"VZ-3.8"}}


def test_T_E3c_case_B():
    state = position(hands={"P": "3C 4C 5C 9D 6S 7H QC JD 3D KS 10C AD QS"}, negative="2S", line=E3_LINE)
    assert play(state, "P draw line 6", "P meld 3C 4C 5C", "P meld 8D 8C 8S", "P discard QS") == []
