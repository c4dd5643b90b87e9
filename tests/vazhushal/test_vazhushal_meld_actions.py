"""The meld actions' shortcuts (issue 21) against the plain computations:

- `resolve`'s one-loop reading (natural cards written plainly, wild cards
  declared as suited cards) and `take_tokens`' reading in the same pass
  against `_resolve`, over written melds of every kind, with and without
  the cards of the meld they are added to;
- a meld laid by a `meld` action (`laid_meld`, made without `__init__`)
  against `TableMeld(cards, touched=at, laid_now=True)`;
- `_natural` (one loop, then the sorted indexes) against `_check_meld` over
  melds of natural and declared cards, sets and runs at every place
  (tests/vazhushal/test_vazhushal_shortcuts.py compares it over melds of
  every shape);
- the identity a table meld keeps from its check (`natural_keyed`) against
  `identity`.
"""

from __future__ import annotations

import random

import pytest

from referee.cards import ALL_CARDS, JOKER, Rank, Suit
from referee.games.vazhushal import melds as melds_module
from referee.games.vazhushal.batch import take_tokens
from referee.games.vazhushal.melds import (Token, _check_meld, _natural, _resolve, check_meld, identity, placed_as,
                                           resolve)
from referee.games.vazhushal.options import IdenticalTest
from referee.games.vazhushal.status import Hand
from referee.games.vazhushal.table import TableMeld, laid_meld
from referee.games.vazhushal.wild import WildRule

WILDS = [WildRule(None, frozenset()), WildRule(Rank.SEVEN, frozenset({Suit.S, Suit.C})),
         WildRule(Rank.ACE, frozenset(Suit))]
WILD_IDS = ["jokers", "sevens", "aces"]
PACK = [*ALL_CARDS, JOKER]


def _written(rng: random.Random, wild: WildRule) -> list[Token]:
    """A written meld: a run or a set of one to six cards, its cards perhaps
    played by wild cards (printed jokers, wild-rank cards) declared as them
    or not, and sometimes a card declared as another, as itself or as `JK`."""
    if rng.random() < 0.5:
        suit, start = rng.randrange(4), rng.randrange(13)
        wanted = [ALL_CARDS[suit * 13 + (start + k) % 13] for k in range(rng.randint(1, 6))]
    else:
        rank = rng.randrange(13)
        wanted = [ALL_CARDS[s * 13 + rank] for s in rng.sample(range(4), rng.randint(1, 4))]
    wild_cards = [JOKER] + [c for c in ALL_CARDS if c is not JOKER and wild.is_wild(c)]
    tokens = []
    for c in wanted:
        roll = rng.random()
        if roll < 0.25:  # a wild card playing it
            tokens.append(Token(rng.choice(wild_cards), c if rng.random() < 0.85 else rng.choice([None, JOKER])))
        elif roll < 0.32:  # a card declared as something
            tokens.append(Token(c, rng.choice([c, JOKER, rng.choice(ALL_CARDS)])))
        else:
            tokens.append(Token(c))
    rng.shuffle(tokens)
    return tokens


def _context(rng: random.Random, wild: WildRule) -> tuple:
    if rng.random() < 0.5:
        return ()
    placed, _ = _resolve(_written(rng, wild), wild, ())
    return tuple(placed)


@pytest.mark.parametrize("wild", WILDS, ids=WILD_IDS)
def test_resolves_one_loop_reading_equals_the_plain_reading(wild, monkeypatch):
    """`resolve` against `_resolve`; the one loop reads most melds with a
    declared wild card in them, `_resolve` not called."""
    rng = random.Random(f"resolve {wild}")
    plain = _resolve
    called = []
    monkeypatch.setattr(melds_module, "_resolve", lambda *a: called.append(1) or plain(*a))
    quick_declared = 0
    for _ in range(5000):
        tokens, context = _written(rng, wild), _context(rng, wild)
        before = len(called)
        assert resolve(tokens, wild, context=context) == plain(tokens, wild, context), (tokens, context)
        if len(called) == before and any(t.declared is not None for t in tokens):
            quick_declared += 1
    assert quick_declared > 1000 and len(called) > 1000


@pytest.mark.parametrize("wild", WILDS, ids=WILD_IDS)
def test_take_tokens_reads_as_resolve_does(wild):
    """`take_tokens`' reading against `resolve`: it reads exactly the melds
    `resolve`'s one loop reads, as that does, and takes them out of the hand."""
    rng = random.Random(f"take {wild}")
    read = declared = 0
    for _ in range(4000):
        tokens = _written(rng, wild)
        hand = Hand(t.card for t in tokens)
        hand.update(rng.sample(PACK, 5))
        expected = Hand(hand)
        expected.subtract(t.card for t in tokens)
        called = []
        plain = melds_module._resolve
        melds_module._resolve = lambda *a: called.append(1) or plain(*a)
        try:
            reading = resolve(tokens, wild)
        finally:
            melds_module._resolve = plain
        taken, placed, _, _ = take_tokens(hand, tokens, wild)
        assert taken and dict(hand) == dict(expected)
        if called:
            assert placed is None, tokens
        else:
            assert (placed, []) == reading, tokens
            read += 1
            declared += any(t.declared is not None for t in tokens)
    assert read > 1500 and declared > 800


def test_a_laid_meld_equals_one_made_by_its_class():
    rng = random.Random(3)
    for at in range(1, 300):
        cards = [placed_as(c, c) for c in rng.sample(PACK, rng.randint(1, 6))]
        quick, plain = laid_meld(cards, at), TableMeld(cards, touched=at, laid_now=True)
        assert [getattr(quick, name) for name in TableMeld.__slots__] == \
               [getattr(plain, name) for name in TableMeld.__slots__]
        assert type(quick.cards) is tuple


@pytest.mark.parametrize("wild", WILDS, ids=WILD_IDS)
def test_the_natural_check_equals_the_plain_check_on_written_melds(wild):
    """`_natural` against `_check_meld` on the readings of written melds
    (valid runs and sets at every place, broken ones, declared wild cards)."""
    rng = random.Random(f"natural {wild}")
    judged = 0
    for _ in range(5000):
        placed, _ = _resolve(_written(rng, wild), wild, ())
        found = _natural(placed)
        if found is not None:
            assert found == _check_meld(placed, wild), placed
            judged += 1
        else:
            check = _check_meld(placed, wild)
            # what `_natural` leaves to `_check_meld`: an invalid meld, a run with the ace low, only printed jokers
            assert (not check.valid or any(p.stands is not None and p.stands.rank is Rank.ACE for p in placed)
                    or all(p.card is JOKER for p in placed)), placed
    assert judged > 1500


@pytest.mark.parametrize("wild", WILDS, ids=WILD_IDS)
def test_a_checked_melds_kept_identity_equals_its_identity(wild):
    """A table meld's check keeps its identity by value when `natural_keyed`
    judges it: that identity against `identity`, under either test, checked
    first or not, before and after the meld changes."""
    rng = random.Random(f"identity {wild}")
    kept = 0
    for _ in range(3000):
        placed, _ = _resolve(_written(rng, wild), wild, ())
        meld = TableMeld(placed)
        test = rng.choice(list(IdenticalTest))
        if rng.random() < 0.3:
            assert meld.identity(test) == identity(meld.cards, test)
        assert meld.check(wild) == check_meld(meld.cards, wild)
        kept += meld._identity is not None and meld._identity[0] is IdenticalTest.REPRESENTED
        for either in IdenticalTest:
            assert meld.identity(either) == identity(meld.cards, either), (placed, either)
        more, _ = _resolve(_written(rng, wild)[:1], wild, ())
        meld.extend(more, 5)
        assert meld.check(wild) == check_meld(meld.cards, wild)
        assert meld.identity(test) == identity(meld.cards, test)
    assert kept > 800
