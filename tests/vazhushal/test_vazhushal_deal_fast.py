"""The deal check's shortcut (deal.py `_clean_setup`, the setup of a deal with no problem made in a
few steps) against the full check it stands for (`_checked_setup`), over many generated deals under
every preset and option that changes the check, clean and mutated: the same findings, wild rule,
negative joker, first card, stock (counts and order), bottom joker and forced take."""

from __future__ import annotations

import random

import pytest

from referee.cards import JOKER, Card
from referee.games.vazhushal import deal as deal_module
from referee.games.vazhushal.deal import Setup, check_deal
from referee.games.vazhushal.options import VazhushalOptions
from referee.games.vazhushal.record import DealRecord, Dealt, Redeal

from .vazhushal_helpers import options

_AT = {"deal": (1, 1), "dealer": (2, 1), "hands": (3, 1), "negative": (4, 1), "first": (5, 1)}

_OPTIONS = [
    ("vazhushal", {}),
    ("vazhushal-2p-no-negative-joker", {}),
    ("vazhushal-3p-one-pack", {}),
    ("vazhushal-3p-one-pack-extra-jokers", {}),
    ("vazhushal-2p-joker-returned", {}),
    ("vazhushal-2p-joker-left-takes", {}),
    ("vazhushal", {"doubles_include_jokers": "yes"}),
    ("vazhushal", {"printed_joker_as_negative": "aces_wild"}),
    ("vazhushal", {"first_joker_no_pure_sequence": "left_must_take"}),
    ("vazhushal", {"first_joker_no_pure_sequence": "return_printed"}),
    ("vazhushal", {"negative_joker": "off"}),
]


def _dealt(hands: list[list[Card]], present: list[bool]) -> Dealt:
    return Dealt(tuple(tuple(h) for h in hands), tuple(present), {s: (10 + s, 3) for s in range(len(hands))})


def _deal(rng: random.Random, opts: VazhushalOptions, n: int) -> tuple[DealRecord, int | None]:
    """A shuffled deal, then (mostly) one or two mutations; the previous dealer to check it against."""
    pack = list(opts.pack(n).elements())
    rng.shuffle(pack)
    hands = [pack[13 * s:13 * s + 13] for s in range(n)]
    rest = pack[13 * n:]
    present = [True] * n
    negative: Card | None = rest.pop() if opts.negative_joker else None
    first = [rest.pop()]
    dealer = rng.randrange(n)
    previous: int | None = rng.choice([None, (dealer - 1) % n])
    redeals: list[Redeal] = []
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        if not all(hands):  # a hand left out: nothing more to mutate in it
            break
        what = rng.randrange(14)
        seat = rng.randrange(n)
        if what == 0:
            previous = (dealer + rng.randrange(n)) % n
        elif what == 1:
            hands[seat] = hands[seat][:-1]
        elif what == 2:
            present[seat], hands[seat] = False, []
        elif what == 3:  # a card dealt twice (over the pack's count with one pack)
            hands[seat][0] = hands[(seat + 1) % n][0]
        elif what == 4:
            negative = None if negative is not None else rest.pop()
        elif what == 5:  # the negative joker or the first card is a dealt card
            if negative is not None and rng.random() < 0.5:
                negative = hands[seat][1]
            else:
                first = [hands[seat][1]]
        elif what == 6:
            first = [JOKER, *first]
        elif what == 7:
            first = [JOKER]
        elif what == 8:  # many doubles in one hand (two packs)
            hands[seat] = [c for c in hands[seat][:7] for _ in (0, 1)][:13]
        elif what == 9:
            redeals.append(Redeal(_dealt([list(h) for h in hands], [True] * n), (seat,), (7, 1)))
        elif what == 10:
            negative = JOKER if opts.negative_joker else negative
        elif what == 11:  # a hand holding a pure sequence, the first card a wild one
            first = [JOKER]
            hands[seat] = sorted(hands[seat], key=lambda c: (c.suit is None, str(c.suit), c.rank))
        elif what == 12:
            hands[seat] = hands[seat] + [rest.pop()]
        else:
            first = [rest[0]]  # a card still in the stock
    record = DealRecord(number=rng.randrange(1, 9), dealer=dealer, redeals=tuple(redeals),
                        dealt=_dealt(hands, present), negative=negative, first=tuple(first), moves=(), claims=None,
                        at=_AT)
    return record, previous


def _same(fast: Setup, plain: Setup) -> None:
    assert fast.findings == plain.findings
    assert (fast.wild, fast.negative, fast.first, fast.bottom_joker, fast.forced_take) == \
        (plain.wild, plain.negative, plain.first, plain.bottom_joker, plain.forced_take)
    assert list(fast.stock.items()) == list(plain.stock.items())  # the order too: the stock is drawn from in it
    assert type(fast.stock) is type(plain.stock)


def _setups(opts, seeds: int):
    """(record, previous dealer, players, the full check's setup, the clean setup or None) of
    generated deals, seeded 0 to `seeds` - 1, for every player count the options allow."""
    for seed in range(seeds):
        rng = random.Random(seed)
        for n in (2, 3, 4, 6):
            if opts.setup_problems(n):
                continue
            record, previous = _deal(rng, opts, n)
            players = ("A", "B", "C", "D", "E", "F")[:n]
            plain = deal_module._checked_setup(opts, record, players=players, previous_dealer=previous)
            yield record, previous, players, plain, deal_module._clean_setup(opts, record, n=n,
                                                                             previous_dealer=previous)


@pytest.mark.parametrize("preset, overrides", _OPTIONS)
def test_the_clean_setup_is_the_full_checks(preset, overrides):
    opts = options(preset, **overrides)
    quick = clean = 0
    for record, previous, players, plain, fast in _setups(opts, 300):
        if fast is not None:
            quick += 1
            _same(fast, plain)
        clean += not plain.findings
        _same(check_deal(opts, record, players=players, previous_dealer=previous), plain)
    assert quick > clean / 2  # the shortcut is taken for most clean deals (not only the trivial ones)


def test_late_declarers_reach_the_full_check():
    """A hand of three doubles or more goes to the full check, which reads the late declarers."""
    opts = options("vazhushal")
    pack = list(opts.pack(4).elements())
    random.Random(5).shuffle(pack)
    pairs = list(dict.fromkeys(c for c in pack if c is not JOKER))[:7]
    hand = [c for c in pairs[:6] for _ in (0, 1)] + [pairs[6]]
    for c in hand:
        pack.remove(c)
    hands = (tuple(hand), *(tuple(pack[13 * s:13 * s + 13]) for s in range(3)))
    record = DealRecord(number=1, dealer=0, redeals=(), dealt=Dealt(hands, (True,) * 4, {}),
                        negative=pack[39], first=(pack[40],), moves=(), claims=None, at=_AT)
    players = ("A", "B", "C", "D")
    assert deal_module._clean_setup(opts, record, n=4, previous_dealer=None) is None
    found = []
    for late in (frozenset(), frozenset({0})):
        plain = deal_module._checked_setup(opts, record, players=players, previous_dealer=None, late_declarers=late)
        _same(check_deal(opts, record, players=players, previous_dealer=None, late_declarers=late), plain)
        found.append([f.rule for f in plain.findings])
    assert found[0] and not found[1]
