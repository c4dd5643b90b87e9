"""The worked scenarios of vazhushal.md section 13: T-01 to T-10 and T-12
(T-08c, T-08d and T-11 need whole transcripts: test_vazhushal_transcripts.py)."""

import pytest

from referee.cards import card
from referee.games.vazhushal.deal import setup_from
from referee.games.vazhushal.engine import End, GameState, Phase
from referee.games.vazhushal.values import meld_points
from vazhushal_helpers import by_move, cards, hand_of, options, placed, play, position, rules

THREE = ("P", "Q", "R")

# --------------------------------------------------------------- T-01 purity

T01_HAND = "8D 9D 10D 6C 8H 5C KS KH 2S 4H JC QD AS"


def t01():
    return position(players=THREE, hands={"P": T01_HAND}, negative="8S", line="7S")


def test_T_01a_wild_rank_card_as_itself_is_pure():
    assert play(t01(), "P draw stock 3C", "P meld 8D 9D 10D", "P discard KS") == []


def test_T_01b_first_meld_not_pure():
    found = play(t01(), "P draw stock 3C", "P meld 5C 6C 8H=7C", "P discard KS")
    assert by_move(found) == {2: {"VZ-3.8"}}


def test_T_01c_pure_and_impure_together():
    state = t01()
    assert play(state, "P draw stock 3C", "P meld 5C 6C 8H=7C", "P meld 8D 9D 10D") == []
    assert sorted(c.token for c in hand_of(state, "P").elements()) == sorted("KS KH 2S 4H JC QD AS 3C".split())
    assert play(state, "P discard KS", start=4) == []


def test_T_01d_wild_card_not_standing_for_itself():
    # The digest cites VZ-3.6 (the definition) and VZ-3.8 (the rule broken).
    found = play(t01(), "P draw stock 3C", "P meld 8H=7D 8D 9D", "P discard KS")
    assert by_move(found) == {2: {"VZ-3.8"}}


# ----------------------------------------------------- T-02 shapes, identity

T02_ROWS = [
    ("a", "QS KS AS", set()),
    ("b", "AS 2S 3S", set()),
    ("c", "KS AS 2S", {"VZ-3.2"}),
    ("d", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", set()),
    ("e", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", {"VZ-3.2"}),
    ("f", "9S 9H 9D 9C", set()),
    ("g", "9S 9H 9S", {"VZ-3.3"}),
    ("h", "9S 9H JK=9S", {"VZ-3.3"}),
    ("i", "9S 9H JK=9C", set()),
    ("j", "9S 9H 9D 9C JK=9S", {"VZ-3.3"}),
    ("k", "JK=9S JK=9H JK=9D", {"VZ-3.11"}),
    ("l", "JK=9S JK=9H 3H=9D", set()),
    ("m", "9S 10S", {"VZ-3.10"}),
    ("n", "5C JK=6C JK=7C", set()),
    ("o", "3H 4H 5H", set()),
    ("p", "7D 8D 9D", {"VZ-3.9"}),
    ("q", "7D 8D JK=9D", {"VZ-3.9"}),
    ("r", "7D 8D 9D 10D", set()),
]


def t02(meld: str, **overrides):
    hand = " ".join(t.split("=")[0] for t in meld.split()) + " 4D"
    return position(players=THREE, hands={"P": hand}, negative="3C", line="6S",
                    melds={"P": ["JH QH KH", "7D 8D 9D"]}, opts=options(**overrides))


@pytest.mark.parametrize("row,meld,expected", T02_ROWS, ids=[r[0] for r in T02_ROWS])
def test_T_02_meld_shapes(row, meld, expected):
    found = play(t02(meld), "P draw stock 5D", f"P meld {meld}", "P discard 4D")
    assert rules(found, 2) == expected
    assert rules(found) == expected


def test_T_02n_is_not_pure_and_T_02o_is():
    from referee.games.vazhushal.melds import check_meld
    from referee.games.vazhushal.wild import wild_rule

    wild = wild_rule(card("3C"), options())
    assert not check_meld(placed("5C JK=6C JK=7C"), wild).pure
    assert check_meld(placed("3H 4H 5H"), wild).pure


def test_T_02q_physical_identity_allows_the_copy():
    found = play(t02("7D 8D JK=9D", identical_meld_test="physical"), "P draw stock 5D", "P meld 7D 8D JK=9D",
                 "P discard 4D")
    assert found == []


# ------------------------------------------------ T-03 new meld vs laying off

def t03():
    return position(hands={"P": "7C 7D JK QS 9H 3H 4D"}, negative="2D", line="7S KD QH 3S",
                    melds={"P": ["4S 5S 6S", "10C 10D 10H"], "Q": ["8S 9S 10S"]})


def test_T_03a_key_card_only_laid_off():
    assert by_move(play(t03(), "P draw line 1", "P add 1 7S", "P discard 4D")) == {1: {"VZ-5.2"}}


def test_T_03b_new_set():
    assert play(t03(), "P draw line 1", "P meld 7S 7C 7D", "P discard 4D") == []


def test_T_03c_laid_off_on_the_opponents_meld():
    state = t03()
    found = play(state, "P draw line 1", "P add Q 1 7S", "P discard 4D")
    assert by_move(found) == {2: {"VZ-3.7"}, 1: {"VZ-5.2"}}
    assert [p.token() for p in state.melds[1][0].cards] == ["8S", "9S", "10S"]


def test_T_03d_queens_with_a_joker():
    state = t03()
    assert play(state, "P draw line 3", "P meld QH QS JK=QD", "P discard 4D") == []
    assert {"7S", "KD"} <= {c.token for c in hand_of(state, "P")}


def test_T_03e_key_card_is_QH():
    assert by_move(play(t03(), "P draw line 3", "P meld 7S 7C 7D", "P discard 4D")) == {1: {"VZ-5.2"}}


def test_T_03f_new_set_then_lay_off_a_non_key_card():
    assert play(t03(), "P draw line 4", "P meld 3S 3H JK=3D", "P add 1 7S", "P discard 4D") == []


# ------------------------------------------------------------- T-04 case B

T04_HAND = "9C 10C JC 6S 6C 8D 10D 2H 4S 7H KC 5D AH"


def t04(hand=T04_HAND):
    return position(hands={"P": hand}, negative="3S", line="9D KS JD QH 6H")


def test_T_04a_case_B():
    state = t04()
    assert play(state, "P draw line 5", "P meld 9C 10C JC", "P meld 6S 6C 6H", "P meld 8D 9D 10D JD") == []
    assert sorted(c.token for c in hand_of(state, "P").elements()) == sorted("2H 4S 7H KC 5D AH KS QH".split())
    assert sum(meld_points(m.cards) for m in state.melds[0]) == 84
    assert play(state, "P discard KS", start=5) == []


def test_T_04b_held_sequence_not_laid():
    found = play(t04(), "P draw line 5", "P meld 6S 6C 6H", "P meld 8D 9D 10D JD", "P discard 2H")
    assert by_move(found) == {1: {"VZ-5.7", "VZ-5.6"}}


def test_T_04c_too_deep():
    found = play(t04(T04_HAND.replace("JC", "2D")), "P draw line 5", "P meld 8D 9D 10D JD", "P meld 6S 6C 6H",
                 "P discard 2H")
    assert by_move(found) == {1: {"VZ-5.5", "VZ-5.6"}}


# ------------------------------------------------------- T-05 rearranging

def t05(**overrides):
    return position(players=THREE, hands={"P": "9D 7H 8H KS JK"}, negative="6C", line="2S",
                    melds={"P": ["9C 10C JC", "9H 9S JK=9D"]}, stock="4S AD AD", opts=options(**overrides))


def test_T_05a_joker_moved_into_a_new_meld():
    state = t05()
    assert play(state, "P draw stock 4S", "P rearrange 9C 10C JC / 9H 9S 9D / JK=6H 7H 8H", "P discard KS") == []
    assert [m.tokens() for m in state.melds[0]] == [["9C", "10C", "JC"], ["9H", "9S", "9D"], ["JK=6H", "7H", "8H"]]
    assert sorted(c.token for c in hand_of(state, "P").elements()) == ["4S", "JK"]


def test_T_05a_in_two_steps():
    state = t05()
    found = play(state, "P draw stock 4S", "P add 2 9D", "P rearrange 9C 10C JC / 9H 9S 9D / JK=6H 7H 8H",
                 "P discard 4S")
    assert found == []


def test_T_05b_no_pure_sequence_left():
    found = play(t05(), "P draw stock 4S", "P add 1 JK=QC", "P discard KS")
    assert by_move(found) == {2: {"VZ-3.8", "VZ-6.2"}}


def test_T_05c_joker_back_into_hand():
    state = t05()
    found = play(state, "P draw stock 4S", "P add 2 9D", "P rearrange 9C 10C JC / 9H 9S 9D", "P discard KS")
    assert by_move(found) == {3: {"VZ-6.3"}}


def test_T_05d_discarding_a_melded_card():
    found = play(t05(), "P draw stock 4S", "P discard 9S")
    assert by_move(found) == {2: {"VZ-6.3"}}


def test_T_05e_redeclaring_without_a_card_from_hand():
    found = play(t05(), "P draw stock 4S", "P rearrange 9C 10C JC / 9H 9S JK=9C", "P discard KS")
    assert by_move(found) == {2: {"VZ-6.1"}}
    state = t05(rearrange_without_new_cards="yes")
    assert play(state, "P draw stock 4S", "P rearrange 9C 10C JC / 9H 9S JK=9C", "P discard KS") == []


# ------------------------------------------- T-06 and T-07: the bottom joker

T06_HAND = "5C 6C 9S 2D 7H QS KD 10H 8C AS JD 3H QC"


def first_turn(hand: str, *, first: str, negative: str, dealer_hand: str | None = None, **overrides) -> GameState:
    """The first turn of a two-player game: Q dealt, P plays first."""
    opts = options(**overrides)
    pack = opts.pack(2)
    p = cards(hand)
    used = __import__("collections").Counter(p)
    used.update(cards(first))
    used[card(negative)] += 1
    rest = sorted((pack - used).elements(), key=lambda c: c.index)
    q = cards(dealer_hand) if dealer_hand else rest[:13]
    stock = list((pack - used - __import__("collections").Counter(q)).elements())
    any_pure = False
    from referee.games.vazhushal.melds import has_pure_run

    any_pure = has_pure_run(p) or has_pure_run(q)
    setup = setup_from(opts, negative=card(negative), first=card(first), stock=stock, any_pure=any_pure)
    return GameState(options=opts, players=("P", "Q"), hands=[p, q], setup=setup, dealer=1)


def test_T_06a_wild_first_card_as_itself():
    state = first_turn(T06_HAND, first="4C", negative="4H")
    assert state.line.bottom_joker
    assert play(state, "P draw line 1", "P meld 4C 5C 6C", "P discard QS") == []


def test_T_06b_joker_not_as_itself():
    state = first_turn(T06_HAND.replace("5C 6C", "5S 6S"), first="4C", negative="4H")
    found = play(state, "P draw line 1", "P meld 4C=4S 5S 6S", "P discard QS")
    assert by_move(found) == {1: {"VZ-7.2"}, 2: {"VZ-3.8"}}


def test_T_06c_stock_draw_leaves_the_joker():
    state = first_turn(T06_HAND.replace("5C 6C", "5S 6S"), first="4C", negative="4H")
    drawn = next(iter(state.stock.unknown))
    assert play(state, f"P draw stock {drawn}", "P discard QS") == []
    assert state.line.bottom_joker and state.line.top_to_bottom()[-1] == card("4C")


T07_HAND = "6D 7D 8D 10S JS KC 2H 5S AC 9H QD 3C 7C"
T07_LINE = "9S KD 2C JK"


def t07(hand=T07_HAND, **overrides):
    return position(hands={"P": hand}, negative="4H", line=T07_LINE, bottom_joker=True, opts=options(**overrides))


def test_T_07a_case_b_whole_line():
    state = t07()
    assert play(state, "P draw line 4", "P meld 6D 7D 8D", "P discard 2C") == []
    assert not state.line.bottom_joker


def test_T_07b_pure_sequence_made_with_a_line_card():
    found = play(t07(T07_HAND.replace("8D", "3H")), "P draw line 4", "P meld 9S 10S JS", "P discard 2C")
    assert by_move(found) == {1: {"VZ-7.5"}}


def test_T_07c_case_A_then_the_whole_line_next_turn():
    state = t07(T07_HAND.replace("8D", "3H"))
    assert play(state, "P draw line 1", "P meld 9S 10S JS", "P discard 3H") == []
    assert state.line.bottom_joker
    q_card = next(iter(state.stock.unknown))
    q_discard = next(iter(state.hands[1]))
    assert play(state, f"Q draw stock {q_card}", f"Q discard {q_discard}", start=4) == []
    depth = len(state.line)
    assert play(state, f"P draw line {depth}", "P discard KC", start=6) == []


def test_T_07d_stock_draw_then_the_line():
    state = t07(T07_HAND.replace("8D", "3H"))
    found = play(state, "P draw stock 8D", "P draw line 4", "P meld 6D 7D 8D", "P discard 2C")
    assert by_move(found) == {2: {"VZ-4.2", "VZ-7.5"}}


def test_T_07e_must_meld_joker_not_melded():
    found = play(t07(first_joker_take="must_meld"), "P draw line 4", "P meld 6D 7D 8D", "P discard 2C")
    assert by_move(found) == {1: {"VZ-10.4"}}


def test_T_07f_must_meld_joker_in_a_second_meld():
    state = t07(first_joker_take="must_meld")
    assert play(state, "P draw line 4", "P meld 6D 7D 8D", "P meld KD KC JK=KS", "P discard 2C") == []


# ------------------------------------------------ T-08 a joker, no pure sequence

T08_D = "AS 3S 5S 7S 2H 4H 9H JH KD 2D 6C 8C QC"
T08_P = "2S 4S 6S 8S AH 3H 5H 7H 3D 5D 9C JC KC"


def t08(**overrides):
    return first_turn(T08_P, first="JK", negative="10S", dealer_hand=T08_D, **overrides)


def test_T_08a_no_right_to_the_joker():
    assert by_move(play(t08(), "P draw line 1", "P discard 2S")) == {1: {"VZ-7.2"}}


def test_T_08b_stock_draw():
    state = t08()
    assert play(state, f"P draw stock {next(iter(state.stock.unknown))}", "P discard 2S") == []
    assert state.line.bottom_joker


def test_T_08e_left_player_must_take():
    state = t08(first_joker_no_pure_sequence="left_must_take")
    assert play(state, "P draw line 1", "P discard 2S") == []
    assert [c.token for c in state.line.top_to_bottom()] == ["2S"]


def test_T_08f_left_player_draws_from_the_stock_or_discards_the_joker():
    state = t08(first_joker_no_pure_sequence="left_must_take")
    found = play(state, f"P draw stock {next(iter(state.stock.unknown))}", "P discard 2S")
    assert by_move(found) == {1: {"VZ-10.6"}}
    state = t08(first_joker_no_pure_sequence="left_must_take")
    assert by_move(play(state, "P draw line 1", "P discard JK")) == {2: {"VZ-10.6"}}


# ------------------------------------------------------------ T-09 going out

def t09(hand="7C 8C 5H KS"):
    return position(hands={"P": hand}, negative="5C", line="9C 2D JH", melds={"P": ["2S 3S 4S", "QH QC QD"]})


def test_T_09a_going_out():
    state = t09()
    assert play(state, "P draw line 1", "P meld 7C 8C 9C", "P add 2 5H=QS", "P out KS") == []
    result = state.close()
    assert result.end is End.OUT and result.winners == {0} and result.out_player == 0
    assert result.scores[0] == 9 + 40 + 24 == 73


def test_T_09b_nothing_left_to_discard():
    found = play(t09("7C 8C 5H"), "P draw line 1", "P meld 7C 8C 9C", "P add 2 5H=QS")
    assert by_move(found) == {3: {"VZ-4.6", "VZ-8.4"}}


def test_T_09c_face_down_discard_with_two_cards():
    state = t09()
    found = play(state, "P draw line 1", "P meld 7C 8C 9C", "P out KS")
    assert by_move(found) == {3: {"VZ-8.4"}}
    assert state.phase is Phase.DRAW  # the game goes on


def test_a_discard_that_empties_the_hand_is_going_out():
    state = t09()
    assert play(state, "P draw line 1", "P meld 7C 8C 9C", "P add 2 5H=QS", "P discard KS") == []
    assert state.close().end is End.OUT


# -------------------------------------------------------- T-10 scoring

def t10(p1_hand="KS 6D JK", **overrides):
    return position(players=("P1", "P2"), turn="P2", negative="5C", line="2C", stock="6H",
                    hands={"P1": p1_hand, "P2": "4C 7H"},
                    melds={"P1": ["2S 3S 4S", "QH QC QD 5H=QS", "7C 8C 9C"],
                           "P2": ["AH 2H 3H", "9D 10D JD", "KH KD JK=KC"]}, opts=options(**overrides))


def test_T_10a_stock_exhaustion_and_final_phase():
    state = t10()
    assert play(state, "P2 draw stock 6H", "P2 discard 6H", "end stock", "P1 add 3 JK=10C") == []
    result = state.close()
    assert state.findings == []
    assert result.end is End.STOCK
    assert result.scores == {0: 67, 1: 63} and result.winners == {0}


def test_T_10_no_take_in_the_final_phase():
    state = t10()
    found = play(state, "P2 draw stock 6H", "P2 discard 6H", "P1 draw line 1")
    assert by_move(found) == {3: {"VZ-5.11"}}


@pytest.mark.parametrize("tie_rule,winners", [("shared", {0, 1}), ("no_win", set())])
def test_T_10b_tie(tie_rule, winners):
    state = t10(tie_rule=tie_rule)
    play(state, "P2 draw stock 6H", "P2 discard 6H", "P1 add 3 JK=6C")
    result = state.close()
    assert state.findings == []
    assert result.scores == {0: 63, 1: 63} and result.winners == winners


@pytest.mark.parametrize("value,score", [("0", 57), ("10", 47)])
def test_T_10c_joker_kept_in_hand(value, score):
    state = t10(unmelded_printed_joker_value=value)
    play(state, "P2 draw stock 6H", "P2 discard 6H")
    result = state.close()
    assert result.scores[0] == score and result.winners == {1}


# ------------------------------------------------------- T-12 line capacity

T12_LINE = "4C KH 7D 2S JH 5C 8D 3H 10C QS"


def t12(**overrides):
    return position(players=THREE, negative="9S", line=T12_LINE, stock="AH 6C QD",
                    hands={"P": "4D KS QH", "Q": "2H 3S 4S", "R": "5S 6S 7S"},
                    opts=options("vazhushal-3p-one-pack-line10", **overrides))


def test_T_12a_oldest_card_goes_under_the_stock():
    state = t12()
    assert play(state, "P draw stock 6C", "P discard 4D", "overflow QS") == []
    assert [c.token for c in state.line.top_to_bottom()] == "4D 4C KH 7D 2S JH 5C 8D 3H 10C".split()
    assert list(state.stock.under) == [card("QS")]


def test_T_12b_unknown_cards_first_then_the_buried_card():
    state = t12()
    found = play(state, "P draw stock 6C", "P discard 4D", "Q draw stock QD", "Q discard 2H",
                 "R draw stock AH", "R discard 5S", "P draw stock QS", "P discard KS")
    assert found == []


def test_T_12c_buried_card_drawn_too_early():
    found = play(t12(), "P draw stock 6C", "P discard 4D", "Q draw stock QS", "Q discard 2H")
    assert by_move(found) == {3: {"VZ-4.8"}}


def test_T_12d_newest_card_goes_under():
    state = t12(line_overflow_card="newest")
    assert play(state, "P draw stock 6C", "P discard 4D", "overflow 4D") == []
    assert [c.token for c in state.line.top_to_bottom()] == T12_LINE.split()
    assert list(state.stock.under) == [card("4D")]


def test_T_12e_last_card_drawn_then_an_overflow_refills_the_stock():
    state = position(players=THREE, negative="9S", line=T12_LINE, stock="AH",
                     hands={"P": "4D KS QH", "Q": "2H 3S 4S", "R": "5S 6S 7S"},
                     opts=options("vazhushal-3p-one-pack-line10"))
    assert play(state, "P draw stock AH", "P discard 4D") == []
    assert len(state.stock) == 1 and state.phase is Phase.FINAL


def test_overflow_echo_that_differs():
    found = play(t12(), "P draw stock 6C", "P discard 4D", "overflow KH")
    assert by_move(found) == {3: {"VZ-10.3"}}
    found = play(t12(), "P draw stock 6C", "overflow QS")
    assert by_move(found) == {2: {"VZ-10.3"}}


def test_case_B_needs_the_key_card_in_a_second_meld():
    # The held 3C-4C-5C is laid, then extended with the key card 8C and a joker: neither case A
    # (the sequence is no longer pure) nor case B (the key card is not in a second meld).
    state = position(hands={"P": "3C 4C 5C JK 6S 7H QC JD 3D KS 10C AD QS"}, negative="2S", line="6C 8C")
    found = play(state, "P draw line 2", "P meld 3C 4C 5C", "P add 1 6C JK=7C 8C", "P discard QS")
    assert by_move(found) == {1: {"VZ-5.6", "VZ-5.7"}, 3: {"VZ-3.8"}}
