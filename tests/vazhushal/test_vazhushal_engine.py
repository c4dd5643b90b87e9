"""Engine rules outside the worked scenarios: turn shape, availability,
declarations, the stock model, options, conservation and snapshots."""


from referee.cards import JOKER, card
from referee.games.vazhushal.engine import End, Phase
from referee.games.vazhushal.wild import wild_rule
from vazhushal_helpers import by_move, options, play, position, rules

HAND = "8D 9D 10D 6C 5C KS KH 2S 4H JC QD AS 3C"


def simple(**kw):
    kw.setdefault("hands", {"P": HAND})
    kw.setdefault("line", "7S")
    return position(**kw)


def stock_card(state) -> str:
    return next(iter(state.stock.unknown)).token


# ---------------------------------------------------------------- turn shape

def test_discard_without_drawing_is_VZ_4_2():
    assert by_move(play(simple(), "P discard KS")) == {1: {"VZ-4.2"}}


def test_meld_before_drawing_is_VZ_4_4():
    state = simple()
    found = play(state, "P meld 8D 9D 10D", f"P draw stock {stock_card(state)}", "P discard KS")
    assert by_move(found) == {1: {"VZ-4.4"}}


def test_meld_in_another_players_turn_is_VZ_4_4():
    state = simple(hands={"P": HAND, "Q": "7H 8H 9H 2C 3D 4D 5D 6D 7D 10C QC KC AC"})
    found = play(state, f"P draw stock {stock_card(state)}", "Q meld 7H 8H 9H", "P discard KS")
    assert by_move(found) == {2: {"VZ-4.4"}}


def test_turn_ends_without_a_discard_is_VZ_4_5():
    state = simple()
    found = play(state, f"P draw stock {stock_card(state)}")
    found += play(state, f"Q draw stock {stock_card(state)}", start=2)
    assert by_move(found) == {2: {"VZ-4.5"}}
    assert state.turn.player == 1


def test_two_draws_is_VZ_4_2():
    state = simple(line="7C")
    found = play(state, f"P draw stock {stock_card(state)}", "P draw line 1", "P meld 5C 6C 7C", "P discard KS")
    assert by_move(found) == {2: {"VZ-4.2"}}


def test_a_second_discard_is_VZ_4_5():
    state = simple()
    found = play(state, f"P draw stock {stock_card(state)}", "P discard KS", "P discard KH")
    assert by_move(found) == {3: {"VZ-4.5"}}


def test_drawing_out_of_turn_is_VZ_9_2():
    state = simple(players=("P", "Q", "R"))
    found = play(state, f"R draw stock {stock_card(state)}")
    assert by_move(found) == {1: {"VZ-9.2"}}


def test_discarding_out_of_turn_is_VZ_9_2():
    state = simple(hands={"P": HAND, "Q": "7H 8H 9H 2C 3D 4D 5D 6D 7D 10C QC KC AC"})
    found = play(state, "Q discard 2C")
    assert by_move(found) == {1: {"VZ-9.2"}}


def test_wrong_first_player_is_VZ_2_16():
    from vazhushal_helpers import cards
    from referee.games.vazhushal.deal import setup_from
    from referee.games.vazhushal.engine import GameState

    opts = options()
    setup = setup_from(opts, negative=card("8S"), first=card("7S"), stock=cards("2H 3H"))
    state = GameState(options=opts, players=("P", "Q"), hands=[cards(HAND), cards("4S")], setup=setup, dealer=0)
    assert by_move(play(state, "P draw stock 2H", "P discard KS")) == {1: {"VZ-2.16"}}


def test_moves_after_going_out_are_VZ_9_5():
    state = position(hands={"P": "7C 8C KS"}, negative="5C", line="9C", melds={"P": ["2S 3S 4S"]})
    found = play(state, "P draw line 1", "P meld 7C 8C 9C", "P out KS", "Q draw stock 2H")
    assert by_move(found) == {4: {"VZ-9.5"}}
    assert state.end is End.OUT


def test_moves_that_stop_before_the_end_are_VZ_9_5():
    state = simple()
    play(state, f"P draw stock {stock_card(state)}")
    result = state.close()
    assert not result.settled
    assert rules(state.findings) == {"VZ-9.5"}


# -------------------------------------------------------------- availability

def test_melding_a_card_not_held_stops_the_game():
    state = simple()
    found = play(state, f"P draw stock {stock_card(state)}", "P meld 7H 8H 9H", "P discard KS")
    assert by_move(found) == {2: {"VZ-9.3"}}
    assert found[0].stops_deal and state.phase is Phase.STOPPED
    assert not state.close().settled


def test_stock_draw_of_a_card_not_in_the_stock():
    state = simple()
    assert by_move(play(state, "P draw stock 7S")) == {1: {"VZ-9.3"}}





def test_take_deeper_than_the_line_or_not_matching_the_listed_cards():
    assert by_move(play(simple(), "P draw line 2")) == {1: {"VZ-9.3"}}
    assert by_move(play(simple(), "P draw line 1 8S")) == {1: {"VZ-9.3"}}


def test_add_to_a_meld_that_does_not_exist():
    state = simple(melds={"P": ["5H 6H 7H"]})
    found = play(state, f"P draw stock {stock_card(state)}", "P add 2 KS")
    assert by_move(found) == {2: {"VZ-9.3"}}


# ------------------------------------------------------------ declarations

def test_undeclared_joker_is_VZ_9_6_and_its_value_is_inferred():
    state = simple(hands={"P": "8D 9D JK 2C 3C"}, melds={"P": ["2S 3S 4S"]}, negative="5C")
    found = play(state, f"P draw stock {stock_card(state)}", "P meld 8D 9D JK", "P discard 2C")
    assert by_move(found) == {2: {"VZ-9.6"}}
    assert state.melds[0][1].tokens() == ["8D", "9D", "JK=10D"]


def test_natural_card_declared_as_another_is_VZ_9_6():
    state = simple(hands={"P": "8D 9D 10D 2C"}, negative="5C")
    found = play(state, f"P draw stock {stock_card(state)}", "P meld 8D 9D=9D 10D=JD", "P discard 2C")
    assert rules(found, 2) == {"VZ-9.6"}


def test_wild_rank_card_needing_a_declaration_is_VZ_9_6():
    state = simple(hands={"P": "5C 6C 8H 2C"}, melds={"P": ["2S 3S 4S"]}, negative="8S")
    found = play(state, f"P draw stock {stock_card(state)}", "P meld 5C 6C 8H", "P discard 2C")
    assert by_move(found) == {2: {"VZ-9.6"}}
    assert state.melds[0][1].tokens() == ["5C", "6C", "8H=7C"]


def test_wrong_declaration_is_VZ_3_4_and_no_shape_at_all_is_VZ_3_2_and_3_3():
    state = simple(hands={"P": "7D 8D JK 9S 10H JC 2C"}, melds={"P": ["2S 3S 4S"]}, negative="5C")
    found = play(state, f"P draw stock {stock_card(state)}", "P meld 7D 8D JK=9C", "P meld 9S 10H JC", "P discard 2C")
    assert by_move(found) == {2: {"VZ-3.4"}, 3: {"VZ-3.2", "VZ-3.3"}}


def test_adding_that_breaks_an_older_meld_is_also_VZ_6_2():
    state = simple(hands={"P": "JH 2C"}, melds={"P": ["2S 3S 4S", "7H 8H 9H"]}, negative="5C")
    found = play(state, f"P draw stock {stock_card(state)}", "P add 2 JH", "P discard 2C")
    assert by_move(found) == {2: {"VZ-3.2", "VZ-6.2"}}


def test_identical_after_rearranging_is_VZ_3_9_and_VZ_6_2():
    state = position(players=("P", "Q", "R"), hands={"P": "7D 8D JK 2C"}, negative="5C", line="7S",
                     melds={"P": ["2S 3S 4S", "7D 8D 9D"]})
    found = play(state, f"P draw stock {stock_card(state)}", "P rearrange 2S 3S 4S / 7D 8D 9D / 7D 8D JK=9D",
                 "P discard 2C")
    assert by_move(found) == {2: {"VZ-3.9", "VZ-6.2"}}


# ------------------------------------------------------------- declarations of three doubles

def test_late_declaration_is_VZ_2_9_and_false_one_also_VZ_2_8():
    state = simple()
    found = play(state, "Q declare")
    assert by_move(found) == {1: {"VZ-2.9", "VZ-2.8"}}


# ------------------------------------------------------------------ options

def test_wild_rules():
    opts = options()
    assert {c for c in map(card, ("8H", "8D", "JK"))} == {c for c in map(card, ("8H", "8D", "JK", "8S", "8C"))
                                                        if wild_rule(card("8S"), opts).is_wild(c)}
    assert not wild_rule(JOKER, opts).is_wild(card("AS"))
    assert wild_rule(JOKER, options(printed_joker_as_negative="aces_wild")).is_wild(card("AS"))
    assert not wild_rule(None, options(negative_joker="off")).is_wild(card("8H"))


def test_drawable_negative_joker_comes_last():
    opts = options(negative_joker_drawable="yes")
    assert opts.stock_size(2) == 27 and options().stock_size(2) == 26
    state = position(hands={"P": HAND}, line="7S", stock="2H", negative="8S", opts=opts)
    assert len(state.stock) == 2
    found = play(state, "P draw stock 8S")
    assert by_move(found) == {1: {"VZ-4.8"}}
    state = position(hands={"P": HAND}, line="7S", stock="2H", negative="8S", opts=opts)
    assert play(state, "P draw stock 2H", "P discard KS", "Q draw stock 8S") == []
    assert state.exhausted


def test_bottom_joker_pure_sequence_held_but_not_laid_is_VZ_7_3():
    state = position(hands={"P": "6D 7D 8D 10S JS KC 2H 5S AC 9H QD 3C 7C"}, negative="4H", line="9S KD 2C JK",
                     bottom_joker=True)
    found = play(state, "P draw line 4", "P discard 2C")
    assert by_move(found) == {1: {"VZ-7.3"}}


def test_bottom_joker_status_ends_when_the_overflow_moves_it():
    state = position(players=("P", "Q", "R"), negative="9S", line="4C KH 7D 2S JH 5C 8D 3H 10C JK",
                     stock="AH 6C QD", bottom_joker=True, hands={"P": "4D KS QH"},
                     opts=options("vazhushal-3p-one-pack-line10"))
    assert play(state, "P draw stock 6C", "P discard 4D") == []
    assert not state.line.bottom_joker and list(state.stock.under) == [JOKER]


def test_new_meld_from_table_cards():
    def run(**overrides):
        state = position(hands={"P": "JK 2C"}, negative="8C", line="6S", melds={"P": ["2S 3S 4S 5S"]},
                         opts=options(**overrides))
        return play(state, "P draw line 1", "P rearrange 2S 3S 4S / 5S 6S JK=7S", "P discard 2C")

    assert by_move(run()) == {1: {"VZ-5.2"}}
    assert run(new_meld_from_table_cards="yes") == []

    def whole(**overrides):  # the key card's meld holds a whole older meld: a lay-off (VZ-10.11)
        state = position(hands={"P": "2C"}, negative="8C", line="6S", melds={"P": ["2S 3S 4S 5S"]},
                         opts=options(**overrides))
        return play(state, "P draw line 1", "P rearrange 2S 3S 4S 5S 6S", "P discard 2C")

    assert rules(whole(new_meld_from_table_cards="yes"), 1) == {"VZ-5.2"}


def test_end_mark_that_differs_is_VZ_9_7():
    state = simple()
    assert by_move(play(state, "end stock")) == {1: {"VZ-9.7"}}


# ---------------------------------------------------------- conservation, snapshot

def test_cards_are_conserved_and_snapshot_is_plain_data():
    state = position(hands={"P": "7C 8C 5H KS"}, negative="5C", line="9C 2D JH",
                     melds={"P": ["2S 3S 4S", "QH QC QD"]})
    total = state.census()
    seats = {"P": 0, "Q": 1}
    from referee.games.vazhushal.moves import parse_move

    for i, text in enumerate(["P draw line 1", "P meld 7C 8C 9C", "P add 2 5H=QS", "P out KS"], start=1):
        state.apply(parse_move(text, seats=seats), i)
        assert state.census() == total
    snap = state.table_data()
    assert snap["melds"]["P"][1] == ["QH", "QC", "QD", "5H=QS"]
    assert snap["hands"]["P"] == [] and snap["line"][0] == "KS"
    assert set(snap) >= {"hands", "stock", "line", "melds", "turn"}


def test_stock_sizes_of_VZ_2_15():
    assert [options().stock_size(n) for n in range(2, 7)] == [26, 67, 54, 41, 28]
    assert options("vazhushal-3p-one-pack").stock_size(3) == 13
    assert options(negative_joker="off").stock_size(2) == 27
    assert options(packs="2").stock_size(2) == 80 and options(packs="2").uses_doubles(2)
    assert options("vazhushal-3p-one-pack-extra-jokers").stock_size(3) == 15
    assert options("vazhushal-3p-one-pack").setup_problems(4) and not options(extra_jokers="4", packs="1").setup_problems(4)


def test_cards_that_left_the_hand_do_not_count_as_a_held_pure_sequence():
    # P discarded 9D: taking the bottom joker, P holds 7D 8D but no pure sequence (VZ-7.5, not case (b)).
    state = position(hands={"P": "7D 8D 9D KS 2C 3H", "Q": "5S 6S 7S 2H 5H 6H 2D 3D 4D JC QC KC AC"},
                     negative="4H", line="JK", bottom_joker=True, stock="10C 10S 10H 2S")
    assert play(state, "P draw stock 10C", "P discard 9D", "Q draw stock 10S", "Q discard 3D") == []
    found = play(state, "P draw line 3", "P meld 8D 9D JK=10D", "P discard 2C", start=5)
    assert by_move(found) == {5: {"VZ-7.5"}, 6: {"VZ-3.8"}}
