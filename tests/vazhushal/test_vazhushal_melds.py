"""Meld logic (vazhushal.md section 3) and card values (VZ-8.8, VZ-8.9)."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import JOKER, Suit, card
from referee.games.vazhushal.melds import (Kind, Placed, Token, check_meld, has_pure_run, held_run_in, identity,
                                           infer, resolve)
from referee.games.vazhushal.options import IdenticalTest
from referee.games.vazhushal.values import card_points, hand_points, meld_points
from referee.games.vazhushal.wild import wild_rule
from vazhushal_helpers import cards, options, placed

W8S = wild_rule(card("8S"), options())
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_wild_cards_of_the_negative_joker():
    assert [c.token for c in cards("8H 8D JK 8S 8C") if W8S.is_wild(c)] == ["8H", "8D", "JK"]
    assert W8S.is_wild_rank(card("8H")) and not W8S.is_wild_rank(JOKER)
    red = wild_rule(card("4H"), options())
    assert {c.token for c in cards("4S 4C 4D 4H") if red.is_wild(c)} == {"4S", "4C"}
    assert not wild_rule(JOKER, options()).is_wild(card("AS"))


def test_pure_sequence_definition():
    assert check_meld(placed("8D 9D 10D"), W8S).pure
    assert not check_meld(placed("6D 8H=7D 8D"), W8S).pure
    assert not check_meld(placed("7D 8D JK=9D"), W8S).pure
    assert check_meld(placed("6D 8H=7D 8D"), W8S).valid
    assert not check_meld(placed("9S 9H 9D"), W8S).pure  # a set is never pure


def test_ace_low_or_high_not_both():
    assert check_meld(placed("AS 2S 3S"), W8S).valid and check_meld(placed("QS KS AS"), W8S).valid
    assert {r for r, _ in check_meld(placed("KS AS 2S"), W8S).problems} == {"VZ-3.2"}
    assert {r for r, _ in check_meld(placed("9S 9S 10S"), W8S).problems} == {"VZ-3.2"}


@given(st.sampled_from(list(Suit)), st.integers(min_value=0, max_value=11), st.integers(min_value=3, max_value=13),
       st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_any_order_of_a_run_is_the_same_sequence(suit, start, length, rnd):
    ranks = (RANKS[1:] + ["A"])[start:start + length] if start + length <= 13 else RANKS[:length]
    run = [card(r + suit.value) for r in ranks]
    rnd.shuffle(run)
    wild = wild_rule(None, options(negative_joker="off"))
    check = check_meld([Placed(c, c) for c in run], wild)
    assert check.kind is Kind.SEQUENCE and check.pure and check.valid


@given(st.integers(min_value=0, max_value=12), st.integers(min_value=3, max_value=13), st.integers(min_value=1, max_value=3),
       st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_undeclared_jokers_are_inferred_into_a_valid_meld(start, length, jokers, rnd):
    ranks = (RANKS * 2)[start:start + length]
    if "A" in ranks[1:-1] or len(set(ranks)) != len(ranks):
        return
    run = [card(r + "H") for r in ranks]
    hidden = rnd.sample(range(len(run)), min(jokers, len(run) - 1))
    tokens = [Token(JOKER) if i in hidden else Token(c) for i, c in enumerate(run)]
    result, problems = resolve(tokens, wild_rule(None, options(negative_joker="off")))
    assert [r for r, _ in problems] == ["VZ-9.6"] * len(hidden)
    assert check_meld(result, wild_rule(None, options(negative_joker="off"))).valid


def test_infer_prefers_filling_gaps_then_upwards():
    assert [c.token for c in infer(cards("7D 9D"), 1)] == ["8D"]
    assert [c.token for c in infer(cards("7D 8D"), 1)] == ["9D"]
    assert [c.token for c in infer(cards("QD KD AD"), 1)] == ["JD"]
    assert [c.token for c in infer(cards("9S 9H"), 1)] == ["9D"]
    assert infer(cards("9S 10H"), 1) is None


def test_sets_never_repeat_a_suit_even_with_two_packs():
    assert check_meld(placed("9S 9H 9D 9C"), W8S).kind is Kind.SET
    assert {r for r, _ in check_meld(placed("9S 9H 9S"), W8S).problems} == {"VZ-3.3"}
    assert {r for r, _ in check_meld(placed("9S 9H 9D 9C JK=9S"), W8S).problems} == {"VZ-3.3"}


def test_identical_melds_by_value_or_by_card():
    a, b = placed("7D 8D 9D"), placed("7D 8D JK=9D")
    assert identity(a, IdenticalTest.REPRESENTED) == identity(b, IdenticalTest.REPRESENTED)
    assert identity(a, IdenticalTest.PHYSICAL) != identity(b, IdenticalTest.PHYSICAL)
    assert identity(a, IdenticalTest.REPRESENTED) != identity(placed("7D 8D 9D 10D"), IdenticalTest.REPRESENTED)


def test_pure_sequences_held_in_a_hand():
    assert has_pure_run(cards("9C 10C JC 6S 6C 8D 10D 2H 4S 7H KC 5D AH"))
    assert has_pure_run(cards("AS 2S 3S")) and has_pure_run(cards("QS KS AS"))
    assert not has_pure_run(cards("KS AS 2S"))
    assert not has_pure_run(cards("2S 4S 6S 8S AH 3H 5H 7H 3D 5D 9C JC KC"))
    assert not has_pure_run(cards("JK 8D 9D"))


def test_case_B_credits_the_hand_with_duplicates():
    sequence = placed("3C 4C 5C")
    assert held_run_in(sequence, Counter(cards("3C 4C 5C 9D")))
    assert not held_run_in(placed("3C 4C 5C 6C"), Counter(cards("3C 4C 9D")))
    assert held_run_in(placed("2C 3C 4C 5C"), Counter(cards("3C 4C 5C")))


def test_card_values():
    assert meld_points(placed("7D 8D JK=9D")) == 24  # the seed's example
    assert [card_points(c) for c in cards("AS KS QS JS 10S 9S 2S")] == [10, 10, 10, 10, 10, 9, 2]
    assert meld_points(placed("AS 2S 3S")) == 15
    assert hand_points(cards("JK 8H"), joker=0) == 8 and hand_points(cards("JK 8H"), joker=10) == 18
    assert meld_points(placed("JK=9S JK=9H 3H=9D")) == 27
