"""`Hand`'s counts, suit counts and size, as built and as changed, against
the same figures counted plainly from its cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.cards import ALL_CARDS, JOKER, Suit, card
from referee.hand import Hand


def _plain(cards):
    """(counts, suits, size) counted from scratch."""
    cards = list(cards)
    return dict(Counter(cards)), [sum(1 for c in cards if c.suit is s) for s in Suit], len(cards)


def _figures(hand):
    return dict(hand.counts), list(hand.suits), hand.size


@pytest.mark.parametrize("seed", range(40))
def test_a_hand_counts_as_its_cards_do(seed):
    rng = random.Random(seed)
    pool = [*ALL_CARDS, *ALL_CARDS, JOKER, JOKER, JOKER]  # two packs and jokers: repeats and suitless cards
    cards = rng.sample(pool, rng.randrange(0, 30))
    for given in (cards, tuple(cards), iter(cards), (c for c in cards)):
        hand = Hand(given)
        assert _figures(hand) == _plain(cards)
        assert sorted(hand, key=lambda c: c.index) == sorted(cards, key=lambda c: c.index)
    hand = Hand(cards)
    for step in range(20):
        if hand.size and rng.random() < 0.5:
            gone = rng.choice(list(hand))
            hand.remove(gone)
            cards.remove(gone)
        else:
            extra = rng.choice(pool)
            hand.add(extra)
            cards.append(extra)
        assert _figures(hand) == _plain(cards)


def test_suits_and_voids():
    hand = Hand([card("AS"), card("10H"), JOKER, card("2S")])
    assert hand.suits == [2, 1, 0, 0] and hand.size == 4
    assert hand.has_suit(Suit.S) and not hand.has_suit(Suit.C) and hand.has(JOKER)
    assert Hand().suits == [0, 0, 0, 0] and not Hand()
