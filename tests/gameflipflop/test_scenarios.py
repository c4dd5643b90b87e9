"""Every worked scenario of game-flip-flop.md section 13 (T1 to T14), replayed
from its transcript; each asserts the payout table to the cent (or exactly)."""

from __future__ import annotations

from fractions import Fraction

from .helpers import amounts, column, deal, nets, one_deal, run, session_net, transcript, where

F = Fraction

T1_HANDS = {"A": "KS QH JD 10C 9S", "B": "KH KD KC QS JH", "C": "2C 5H 7D 8S 3H", "D": "4C 6S 9H 10D AD",
            "E": "3D 7C 2S 8H 5C"}
T1_MOVES = ["A show 9S", "A declare 49", "B declare 50", "C show 2C", "C show 8S", "D show 6S", "E show 2S"]


def t1(**options) -> str:
    return one_deal(players="A B C D E", dealer="E", hands=T1_HANDS, flip="5C", moves=T1_MOVES,
                    options=options or None)


def test_t1_seed_49_50_split():
    report = run(t1())
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert column(report, "game") == amounts(A="0.50", B="5.50", C="-2", D="-2", E="-2")
    assert column(report) == amounts(A="-1.50", B="3.50", C="1", D="-4", E="1")
    pots = {p["pot"]: p for p in report.deals[0].data["pots"]}
    assert pots["bonus"]["amount"] == "4.00" and pots["bonus"]["winners"] == ["B"]
    assert pots["flip"]["winners"] == ["C"] and pots["flop"]["winners"] == ["E"]


def test_t1_same_under_before_play_and_cents():
    expected = amounts(A="-1.50", B="3.50", C="1", D="-4", E="1")
    assert column(run(t1(declare_window="before_play"))) == expected
    assert column(run(t1(split_rounding="cents"))) == expected


T2_HANDS = {"A": "AH 2D 3S 4C 2H", "B": "4D 5C 5D 6H 7S", "C": "AC AD 3H 3D 4S", "D": "2C 2S 3C AS 4H",
            "E": "8C 9D 10H JS QC"}


def test_t2_seed_caught_drop_three_way_tie():
    report = run(one_deal(players="A B C D E", dealer="E", hands=T2_HANDS, flip="QC",
                          moves=["A show 4C", "A show 3S", "A drop", "C show AC", "D show AS"],
                          claims={"ending": "caught", "game": ["C", "D"]}))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert column(report, "game") == amounts(A="-2", B="-1", C="2", D="2", E="-1")
    assert column(report) == amounts(A="-4", B="-3", C="5", D="5", E="-3")


def test_t3_going_out_by_final_discard():
    report = run(one_deal(
        players="A B C D", dealer="D", stake="0.25",
        hands={"A": "7S 8S 9S 4C KD", "B": "3D 3C 3S QH JC", "C": "2H 10C 10S 5D AC", "D": "5S 9D JD 2D 6H"},
        flip="6H",
        moves=["A show KD", "A draw stock 6S", "A spread S1 6S 7S 8S 9S", "A discard KD", "B show 3D",
               "B draw stock 3H", "B spread S2 3D 3C 3S 3H", "B discard QH", "C show 2H", "C draw stock 10H",
               "C spread S3 10C 10S 10H", "C discard 5D", "D show 2D", "D draw discard 5D", "D layoff 5S S1",
               "D discard JD", "A draw stock 4S", "A layoff 4S S1", "A discard 4C"],
        claims={"ending": "out", "game": ["A"], "flip": "C", "flop": "D"}))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    table = nets(report)
    assert {p: r["game"] for p, r in table.items()} == amounts(A="0.75", B="-0.25", C="-0.25", D="-0.25")
    assert column(report) == amounts(A="0.25", B="-0.75", C="0.25", D="0.25")


def test_t4_successful_drop_on_a_later_turn():
    report = run(one_deal(
        players="A B C", dealer="C", stake="2", bankrolls="20",
        hands={"A": "2S 7H 7D KC 4H", "B": "AD 3C 8S 8H 8C", "C": "5D 6D QS JH 9S"}, flip="9S",
        moves=["A show 2S", "A show KC", "A draw stock 7C", "A spread S1 7H 7D 7C", "A discard KC", "B show 3C",
               "B draw stock 2D", "B spread S2 8S 8H 8C", "B discard 3C", "C draw stock 4D",
               "C spread S3 4D 5D 6D", "C discard QS", "A draw stock 10C", "A discard 10C", "B drop"],
        reveal={"A": "2S 4H", "B": "AD 2D", "C": "JH 9S"}))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert column(report, "game") == amounts(A="-2", B="4", C="-2")
    assert column(report) == amounts(A="0", B="6", C="-6")


def test_t5_dropper_ties_one_player_who_wins():
    report = run(one_deal(
        players="A B C", dealer="C",
        hands={"A": "5C 5D 2H 9S QH", "B": "3S 4S 5S AC 9D", "C": "6H 7H 8H 2C KD"}, flip="KD",
        moves=["A show 5D", "A show 2H", "A draw stock 5H", "A spread S1 5C 5D 5H", "A discard QH",
               "B draw stock 10C", "B spread S2 3S 4S 5S", "B discard 10C", "C draw discard 10C",
               "C spread S3 6H 7H 8H", "C discard KD", "A draw stock 8S", "A discard 9S", "B drop"]))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert report.deals[0].data["ending"]["type"] == "caught"
    assert column(report) == amounts(A="7", B="-4", C="-3")


T6 = dict(players="A B C D", dealer="D",
          hands={"A": "AH 2S 3D 4C 5H", "B": "AS 2D 3C 4H 5S", "C": "AD 2C 3H 4S 5D", "D": "AC 2H 3S 4D 5C"},
          flip="5C", moves=["A show 4C", "A show 2S", "A drop", "B show 3C", "B show AS", "C show 2C", "D show AC"])


def test_t6_caught_on_first_turn_split_three_ways_exact():
    report = run(one_deal(**T6))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert column(report, "game") == {"A": F(-2), "B": F(2, 3), "C": F(2, 3), "D": F(2, 3)}
    assert column(report) == {"A": F(-4), "B": F(8, 3), "C": F(-4, 3), "D": F(8, 3)}


def test_t6_cents_odd_cents_from_the_dealers_left():
    report = run(one_deal(**T6, options={"split_rounding": "cents"}))
    assert column(report, "game") == amounts(A="-2", B="0.67", C="0.67", D="0.66")
    assert column(report) == amounts(A="-4", B="2.67", C="-1.33", D="2.66")


def test_t7_tunk_out_over_two_turns():
    report = run(one_deal(
        players="A B C D", dealer="B",
        hands={"C": "4H 9C KS 2D QD", "D": "5C 5H 5S 6D 7D", "A": "AS 3S 10H JH 2C", "B": "9H KH 4S 6C 3C"},
        flip="3C",
        moves=["C show KS", "C draw stock QC", "C discard KS", "D show 5S", "D draw stock JC",
               "D spread S1 5C 5H 5S", "D discard JC", "A show 2C", "A show AS", "A draw stock 4D", "A discard JH",
               "B draw discard JH", "B discard KH", "C draw stock 10D", "C discard QD", "D draw stock 8D",
               "D spread S2 6D 7D 8D"],
        claims={"ending": "tunk", "game": ["D"], "flip": "A", "flop": "A"}))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert column(report, "game") == amounts(A="-2", B="-2", C="-2", D="6")
    assert column(report) == amounts(A="4", B="-4", C="-4", D="4")


T8 = dict(dealer="A", hands={"B": "2D 9H KS QC 4C", "C": "AD 8H JS 10C 3S", "D": "6H 5D 5S 5C KD",
                             "A": "3H 7D 9S JD QH"}, flip="7D",
          ending={"type": "stock", "totals": {"A": "7", "B": "7", "C": "7", "D": "12"}, "flip": "C", "flop": "A"})


def test_t8_stock_exhausted_three_way_tie_exact_and_cents():
    exact = run(transcript(players=["A", "B", "C", "D"], deals=[deal(**T8)]))
    assert exact.exit_code == 0, [f.to_data() for f in exact.findings]
    assert column(exact, "game") == {"A": F(1, 3), "B": F(1, 3), "C": F(1, 3), "D": F(-1)}
    assert column(exact) == {"A": F(7, 3), "B": F(-5, 3), "C": F(7, 3), "D": F(-3)}
    cents = run(transcript(players=["A", "B", "C", "D"], deals=[deal(**T8)], options={"split_rounding": "cents"}))
    assert column(cents, "game") == amounts(A="0.33", B="0.34", C="0.33", D="-1")
    assert column(cents) == amounts(A="2.33", B="-1.66", C="2.33", D="-3")


T9_DEAL1 = dict(dealer="C", hands={"A": "AH 2D 3H 4D 5H", "B": "8C 9H 10D JH QC", "C": "2C 6D 9D KH 7C"},
                flip="7C", moves=["A drop", "C show 2C"])
T9_DEAL2 = dict(dealer="A", hands={"B": "3D 4S 9C KS 5H", "C": "7D AD 2S 8H JC", "A": "6C 6H QD 2H 10H"},
                flip="10H",
                moves=["B show 5H", "B show 3D", "B draw stock 3C", "B discard KS", "C show AD", "C draw stock 9S",
                       "C discard JC", "A show 2H", "A draw stock 6D", "A spread S1 6C 6H 6D", "A discard QD",
                       "B draw stock 2C", "B discard 9C", "C draw stock 3S", "C discard 9S", "A drop"])


def test_t9_flop_carried_over_two_deals():
    report = run(transcript(players=["A", "B", "C"], bankrolls="20", deals=[deal(**T9_DEAL1), deal(**T9_DEAL2)]))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert column(report, number=1) == amounts(A="0", B="-3", C="0")
    assert report.deals[0].data["carried"] == {"flip": "0.00", "flop": "3.00", "change": "3.00"}
    assert column(report, number=2) == amounts(A="3", B="-3", C="3")
    assert column(report, "flop", number=2) == amounts(A="-1", B="-1", C="5")
    assert report.deals[1].data["carried"]["change"] == "-3.00"
    assert session_net(report) == amounts(A="3", B="-6", C="3")
    assert report.settlement["bankrolls"] == {"A": "23.00", "B": "14.00", "C": "23.00"}


def test_t9_double_carry_ante():
    report = run(transcript(players=["A", "B", "C"], bankrolls="20", deals=[deal(**T9_DEAL1), deal(**T9_DEAL2)],
                            options={"flop_carry_ante": "double"}))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    flop = next(p for p in report.deals[1].data["pots"] if p["pot"] == "flop")
    assert flop["amount"] == "9.00"
    assert column(report, number=2) == amounts(A="2", B="-4", C="5")
    assert session_net(report) == amounts(A="2", B="-7", C="5")


T10 = dict(dealer="D", hands={"A": "6D 5H 9C 9S 2S", "B": "AH 4D KC QC JC", "C": "2D 3C 3S AC 2H",
                              "D": "3H 7H 10S KD 8D"}, flip="8D",
           moves=["A show 6D", "A show 5H", "A draw stock 9H", "A spread S1 9C 9S 9H", "A discard 6D", "B show 4D",
                  "B draw discard 6D", "B spread S2 JC QC KC", "B discard 6D", "C drop", "D show 3H"])


def test_t10_tiers_eligibility_and_all_in_elimination():
    report = run(transcript(players=["A", "B", "C", "D"], bankrolls={"A": "10", "B": "3.50", "C": "2", "D": "8"},
                            deals=[deal(**T10)]))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    data = report.deals[0].data
    assert data["tiers"] == {"A": "full", "B": "short", "C": "all in", "D": "full"}
    pots = {p["pot"]: p["amount"] for p in data["pots"]}
    assert pots == {"game": "5.00", "flip": "3.00", "flop": "2.00"}
    assert nets(report) == {
        "A": amounts(game="-1", flip="-1", flop="-1", total="-3"),
        "B": amounts(game="4", flip="2", flop="0", total="6"),
        "C": amounts(game="-2", flip="0", flop="0", total="-2"),
        "D": amounts(game="-1", flip="-1", flop="1", total="-1"),
    }
    assert data["bankrolls"] == {"A": "7.00", "B": "9.50", "C": "0.00", "D": "7.00"}
    assert data["eliminated"] == ["C"]


def test_t10_ineligible_show_is_gff_6_7():
    moves = T10["moves"][:5] + ["B show AH"] + T10["moves"][5:]
    report = run(transcript(players=["A", "B", "C", "D"], bankrolls={"A": "10", "B": "3.50", "C": "2", "D": "8"},
                            deals=[deal(**{**T10, "moves": moves})]))
    assert where(report) == {(1, 6, "GFF-6.7")}
    assert not report.deals[0].settled


def test_t11_two_50s_and_a_49():
    hands = {"A": "10S JS QS KS 10H", "B": "JH QH KH 10D 9C", "C": "JD QD KD 10C JC", "D": "AC 2S 3H 4D 5C"}
    moves = ["A show 10S", "A declare 50", "B declare 49", "C declare 50", "D show AC", "D show 2S"]
    exact = run(one_deal(players="A B C D", dealer="D", hands=hands, flip="5C", moves=moves))
    assert exact.exit_code == 0, [f.to_data() for f in exact.findings]
    assert column(exact, "game") == {"A": F(4, 3), "B": F(-2, 3), "C": F(4, 3), "D": F(-2)}
    assert column(exact) == {"A": F(-2, 3), "B": F(-8, 3), "C": F(-2, 3), "D": F(4)}
    cents = run(one_deal(players="A B C D", dealer="D", hands=hands, flip="5C", moves=moves,
                         options={"split_rounding": "cents"}))
    assert column(cents, "game") == amounts(A="1.34", B="-0.67", C="1.33", D="-2")
    assert column(cents) == amounts(A="-0.66", B="-2.67", C="-0.67", D="4")


T12 = dict(players="A B C", dealer="C", stake="0.50",
           hands={"A": "2H 3H 4H 9S 8C", "B": "7C 7S AD 6H JD", "C": "10D JS QH KS KC"}, flip="KC",
           moves=["A show 8C", "A show 9S", "A draw stock 5H", "A spread S1 2H 3H 4H 5H", "A discard 9S",
                  "B show 7C", "B show 7S", "B draw discard 9S", "B discard JD", "C declare 50"])


def test_t12_a_50_declared_late_by_the_dealer():
    report = run(one_deal(**T12))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert column(report) == amounts(A="-2", B="1", C="1")
    assert column(report, "game") == amounts(A="-1", B="-1", C="2")


def test_t12_before_play_makes_it_gff_5_2_and_the_deal_unsettled():
    report = run(one_deal(**T12, options={"declare_window": "before_play"}))
    assert where(report) == {(1, 10, "GFF-5.2")}
    assert not report.deals[0].settled


T13 = dict(players="A B C", dealer="C",
           hands={"A": "2C 3C 9D 4S 6H", "B": "10S JS QS KS KH", "C": "AS 7C 8D 5H 9C"}, flip="9C",
           moves=["A show 2C", "A show 4S", "A draw stock 4C", "A spread S1 2C 3C 4C", "A discard 9D",
                  "B declare 50", "C show AS"])


def test_t13_reserve_off_capped_extra_payment():
    report = run(one_deal(**T13, bankrolls={"A": "3", "B": "10", "C": "10"}, options={"reserve_rule": "off"}))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert nets(report) == {
        "A": amounts(game="-1", flip="2", flop="-1", total="0"),
        "B": amounts(game="3", flip="-1", flop="-1", total="1"),
        "C": amounts(game="-2", flip="-1", flop="2", total="-1"),
    }
    assert report.deals[0].data["bankrolls"] == {"A": "3.00", "B": "11.00", "C": "9.00"}


def test_t13_with_the_reserve_rule_a_shows_flop_ineligibly():
    report = run(one_deal(**T13, bankrolls={"A": "3", "B": "10", "C": "10"}))
    assert where(report) == {(1, 2, "GFF-6.7")}


def test_t14_claimed_tunk_out_is_going_out():
    report = run(one_deal(
        players="A B C", dealer="C",
        hands={"A": "4H 5H 6H 9C KS", "B": "6C 7C 8C 2D 3D", "C": "10S JS QS 8D KH"}, flip="KH",
        moves=["A show 4H", "A draw stock 9S", "A spread S1 4H 5H 6H", "A discard KS", "B show 2D", "B draw stock 5D",
               "B spread S2 6C 7C 8C", "B discard 5D", "C draw stock 4C", "C spread S3 10S JS QS", "C discard KH",
               "A draw stock 7H", "A layoff 7H S1", "A layoff 9C S2", "A layoff 9S S3"],
        claims={"ending": "tunk", "game": ["A"]}))
    assert where(report) == {(1, None, "GFF-8.11")}
    assert report.deals[0].settled and report.deals[0].data["ending"]["type"] == "out"
    assert column(report, "game") == amounts(A="2", B="-1", C="-1")
    assert column(report) == amounts(A="3", B="0", C="-3")
