"""The meld checks kept at a meld action (issue 21) against the plain checks:

- `NATURAL_MELDS` (the table of every meld `natural_sorted` finds valid)
  against `natural_sorted`, over every key of three indexes and many longer ones;
- `take_tokens`' indexes and `itself` against the cards it reads, and its
  hand given back when a card is missing, equal tokens (one shared object) too;
- the check and the identity by value `laid_meld` keeps from `take_tokens`'
  reading against `check_meld` and `identity`;
- the check `TableMeld.extend` keeps when cards are added to a checked meld
  against the check and identities of a meld made afresh of all its cards.
"""

from __future__ import annotations

import itertools
import random

import pytest

from referee.cards import ALL_CARDS, JOKER, Card, Rank, Suit
from referee.games.vazhushal.batch import take_tokens
from referee.games.vazhushal.melds import NATURAL_MELDS, Token, check_meld, identity, natural_sorted, resolve
from referee.games.vazhushal.moves import parse_move
from referee.games.vazhushal.options import IdenticalTest
from referee.games.vazhushal.status import Hand
from referee.games.vazhushal.table import TableMeld, laid_meld
from referee.games.vazhushal.wild import WildRule

WILDS = [WildRule(None, frozenset()), WildRule(Rank.SEVEN, frozenset({Suit.S, Suit.C})),
         WildRule(Rank.ACE, frozenset(Suit))]
WILD_IDS = ["jokers", "sevens", "aces"]
PACK = [*ALL_CARDS, JOKER]
TESTS = list(IdenticalTest)


def test_the_table_of_natural_melds_equals_natural_sorted():
    for key in itertools.combinations(range(53), 3):  # every key of three
        for itself in (True, False):
            found = NATURAL_MELDS.get(key)
            expected = natural_sorted(list(key), itself)
            assert (found is not None) is (expected is not None), key
            if found is not None:
                assert found is natural_sorted(list(key), True)
    rng = random.Random(5)
    keys = [*NATURAL_MELDS, *(tuple(sorted(rng.sample(range(53), rng.randint(4, 13)))) for _ in range(20000))]
    keys += [tuple(range(low, low + n)) for low in range(53) for n in range(1, 14) if low + n <= 53]
    sets = [tuple(rank + 13 * s for s in suits) for rank in range(13) for n in (2, 3, 4)
            for suits in itertools.combinations(range(4), n)]
    keys += sets + [key + (52,) for key in sets]  # and a printed joker's index with them
    valid = 0
    for key in keys:
        expected = natural_sorted(list(key), True)
        assert NATURAL_MELDS.get(key) is expected, key
        valid += expected is not None
    assert valid > 329 + 200  # the table's keys, and runs among the ranges


def _wanted(rng: random.Random) -> list[Card]:
    """The cards of a run or a set of three to eight cards (perhaps turning a corner, so not valid)."""
    if rng.random() < 0.55:
        suit, start = rng.randrange(4), rng.randrange(13)
        return [ALL_CARDS[suit * 13 + (start + k) % 13] for k in range(rng.randint(3, 8))]
    rank = rng.randrange(13)
    return [ALL_CARDS[s * 13 + rank] for s in rng.sample(range(4), rng.randint(3, 4))]


def _spelled(rng: random.Random, wild: WildRule, wanted: list[Card]) -> list[Token]:
    """Tokens for `wanted`: some played by wild cards declared as them (or not),
    some declared as another card, now and then a card of another meld."""
    wild_cards = [JOKER] + [c for c in ALL_CARDS if wild.is_wild(c)]
    tokens = []
    for c in wanted:
        roll = rng.random()
        if roll < 0.2:
            tokens.append(Token(rng.choice(wild_cards), c if rng.random() < 0.9 else None))
        elif roll < 0.24:
            tokens.append(Token(c, rng.choice([c, JOKER, rng.choice(ALL_CARDS)])))
        elif roll < 0.28:
            tokens.append(Token(rng.choice(ALL_CARDS)))
        else:
            tokens.append(Token(c))
    rng.shuffle(tokens)
    return tokens


def _taken(tokens: list[Token], wild: WildRule):
    hand = Hand(t.card for t in tokens)
    return take_tokens(hand, tokens, wild)


@pytest.mark.parametrize("wild", WILDS, ids=WILD_IDS)
def test_take_tokens_indexes_are_those_of_what_it_reads(wild):
    rng = random.Random(f"indexes {wild}")
    read = 0
    for _ in range(3000):
        tokens = _spelled(rng, wild, _wanted(rng))
        held, placed, indexes, itself = _taken(tokens, wild)
        assert held
        if placed is not None:
            assert indexes == [p.stands.index for p in placed]
            assert itself is all(p.card is p.stands for p in placed)
            read += 1
    assert read > 1500


def test_take_tokens_gives_back_equal_tokens_it_took():
    """A meld writing one card twice (the two tokens one object) from a hand
    holding it once: the hand as it was, zero counts and key order too."""
    rng = random.Random(9)
    for _ in range(500):
        cards = rng.sample(ALL_CARDS, 4)
        move = parse_move("P meld " + " ".join(c.token for c in [cards[0], cards[1], cards[1], cards[2]]),
                          seats={"P": 0})
        tokens = list(move.tokens)
        assert tokens[1] is tokens[2]
        hand = Hand({cards[0]: 1, cards[1]: 1, cards[2]: rng.randint(0, 2), cards[3]: 0})
        before = list(hand.items())
        held, placed, _, _ = take_tokens(hand, tokens, WILDS[0])
        assert not held and placed is None
        assert list(hand.items()) == before


@pytest.mark.parametrize("wild", WILDS, ids=WILD_IDS)
def test_a_laid_meld_keeps_the_check_and_identity_of_its_cards(wild):
    rng = random.Random(f"laid {wild}")
    kept = 0
    for at in range(4000):
        tokens = _spelled(rng, wild, _wanted(rng))
        _, placed, indexes, itself = _taken(tokens, wild)
        if placed is None:
            continue
        meld = laid_meld(placed, at, indexes=indexes, itself=itself)
        assert meld.cards == tuple(placed) and meld.touched == at and meld.laid_now
        if meld._check is not None:
            kept += 1
            assert meld._check is check_meld(placed, wild), tokens
            assert meld._identity == (IdenticalTest.REPRESENTED, identity(placed, IdenticalTest.REPRESENTED))
        plain = TableMeld(placed, touched=at, laid_now=True)
        assert meld.check(wild) == plain.check(wild)
        for test in TESTS:
            assert meld.identity(test) == plain.identity(test)
    assert kept > 1500


@pytest.mark.parametrize("wild", WILDS, ids=WILD_IDS)
def test_a_meld_added_to_keeps_the_check_of_all_its_cards(wild):
    """A meld of the first cards of a run or set, checked (its identity by one
    test or the other perhaps asked for), then the rest added by one or two
    `add` actions read by `take_tokens`: its check and identities equal
    those of a meld made of all the cards, and the kept check is used often."""
    rng = random.Random(f"extend {wild}")
    kept = 0
    for at in range(4000):
        wanted = _wanted(rng)
        if rng.random() < 0.3:
            wanted += rng.sample(ALL_CARDS, 1)
        cut = rng.randint(1 if rng.random() < 0.2 else min(3, len(wanted) - 1), len(wanted) - 1)
        base, _ = resolve(_spelled(rng, wild, wanted[:cut]), wild)
        meld = TableMeld(base, touched=None)
        if rng.random() < 0.9:
            meld.check(wild)
        if rng.random() < 0.3:
            meld.identity(rng.choice(TESTS))
        rest = wanted[cut:]
        for part in ([rest] if len(rest) < 2 or rng.random() < 0.5 else [rest[:1], rest[1:]]):
            tokens = _spelled(rng, wild, part)
            _, placed, indexes, itself = _taken(tokens, wild)
            if placed is None:
                placed, _ = resolve(tokens, wild, context=meld.cards)
                meld.extend(placed, at)
            else:
                had = meld._check
                meld.extend(placed, at, indexes=indexes, itself=itself)
                kept += had is not None and meld._check is not None
        plain = TableMeld(meld.cards, touched=at)
        assert meld.check(wild) == plain.check(wild) == check_meld(meld.cards, wild), meld.tokens()
        for test in TESTS:
            assert meld.identity(test) == plain.identity(test)
    assert kept > 600
