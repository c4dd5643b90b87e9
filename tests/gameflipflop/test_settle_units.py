"""`settle_deal` sums each deal's nets and bankrolls as integers over one denominator; here they
are compared with the plain sums of Fractions, award by award, over seeded sessions of every
option set (splits among several winners, cents, thirds of a stake, carried pots, eliminations)."""

from __future__ import annotations

from fractions import Fraction

from referee.games.gameflipflop.pots import PotKind, split
from referee.games.gameflipflop.settle import COLUMNS

from .test_properties import OPTION_SETS, session


def _plain_net(money) -> dict[int, dict[str, Fraction]]:
    net = {s: {c: Fraction(0) for c in COLUMNS} for s in money.order}
    for award in money.awards:
        column = "game" if award.pot.kind in (PotKind.GAME, PotKind.BONUS) else award.pot.kind.value
        for s, amount in award.pot.paid.items():
            net[s][column] -= amount
        for s, amount in award.shares.items():
            net[s][column] += amount
    for row in net.values():
        row["total"] = row["game"] + row["flip"] + row["flop"]
    return net


def test_nets_and_bankrolls_are_the_plain_sums():
    seen_split = False
    for seed in range(3 * len(OPTION_SETS)):
        options, players, generated, _ = session(seed)
        bankrolls = dict(generated.bankrolls)
        for deal in generated.deals:
            money = deal.money
            assert money.net == _plain_net(money), (seed, deal.number)
            assert all(type(v) is Fraction for row in money.net.values() for v in row.values())
            assert money.bankrolls == {s: bankrolls[s] + (money.net[s]["total"] if s in money.net else 0)
                                       for s in bankrolls}, (seed, deal.number)
            bankrolls = dict(money.bankrolls)
            seen_split |= len(money.awards[0].shares) > 1
    assert seen_split, "some deal splits the game pot"


def test_a_pot_for_one_taker_is_the_split_of_the_plain_path():
    for amount in (Fraction(7), Fraction(7, 3), Fraction(0)):
        assert split(amount, [2], cents=False) == {2: amount / 1}
    assert split(Fraction(5, 2), [1, 0], cents=False) == {1: Fraction(5, 4), 0: Fraction(5, 4)}

