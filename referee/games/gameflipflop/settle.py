"""Settling a deal and a session (game-flip-flop.md section 10), exactly.

`settle_deal` takes how the play ended and the session's money before the
deal and returns every pot, who paid in, who took it, each player's net per
pot, the carried pots and the bankrolls after; every column sums to zero
(asserted). `close_session` refunds or reports what is still carried.
"""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from math import gcd
from typing import Mapping, Sequence

from ...frozen import frozen
from ...outcome import exact_sum, fraction_of
from .endings import Ending, PlayResult
from .options import FlipFlopOptions, UnwonPot
from .pots import ZERO, Award, Pot, PotKind, Tier, split

__all__ = ["Carry", "DealMoney", "settle_deal", "SessionMoney", "close_session", "COLUMNS"]

COLUMNS = ("game", "flip", "flop")

# As module globals: reading an enum member as a class attribute costs about 90 ns on CPython 3.11.
_GAME, _BONUS, _FLIP, _FLOP = PotKind.GAME, PotKind.BONUS, PotKind.FLIP, PotKind.FLOP
_TUNK, _CAUGHT, _DECLARATION, _ALL_IN = Ending.TUNK, Ending.CAUGHT, Ending.DECLARATION, Tier.ALL_IN


@frozen(slots=True)
class Carry:
    """The carried flip and flop pots and who put what into each since it was last won (GFF-10.13)."""

    flip: Fraction = ZERO
    flop: Fraction = ZERO
    flip_ledger: Mapping[int, Fraction] = field(default_factory=dict)
    flop_ledger: Mapping[int, Fraction] = field(default_factory=dict)

    def __post_init__(self) -> None:
        assert exact_sum(self.flip_ledger.values()) == self.flip, "flip ledger does not match the carried pot"
        assert exact_sum(self.flop_ledger.values()) == self.flop, "flop ledger does not match the carried pot"

    @property
    def total(self) -> Fraction:
        return self.flip + self.flop


@frozen(slots=True)
class DealMoney:
    """The money of one settled deal."""

    order: tuple[int, ...]
    tiers: Mapping[int, Tier]
    antes: Mapping[int, Mapping[PotKind, Fraction]]
    extras: Mapping[int, Fraction]  # extra stakes actually paid (GFF-3.7), capped under reserve_rule = off
    awards: tuple[Award, ...]  # game, bonus (if any), flip, flop
    net: Mapping[int, Mapping[str, Fraction]]  # seat -> game, flip, flop, total
    before: Carry
    after: Carry
    bankrolls: Mapping[int, Fraction] | None  # after the deal (None: unlimited)
    eliminated: tuple[int, ...]  # all-in players who lost their tunk life (GFF-3.8)

    @property
    def carried_change(self) -> Fraction:
        return self.after.total - self.before.total

    def award(self, kind: PotKind) -> Award | None:
        return next((a for a in self.awards if a.pot.kind is kind), None)


def settle_deal(
    result: PlayResult,
    *,
    options: FlipFlopOptions,
    stake: Fraction,
    order: Sequence[int],
    tiers: Mapping[int, Tier],
    antes: Mapping[int, Mapping[PotKind, Fraction]],
    bankrolls: Mapping[int, Fraction] | None,
    carry: Carry,
) -> DealMoney:
    """GFF-10.3 to 10.12 for one deal whose play was settled."""
    assert result.settled
    order = tuple(order)
    cents = options.cents
    extras = dict.fromkeys(order, ZERO)

    def extra(seat: int) -> Fraction:  # GFF-3.10, 10.6: capped at what he still holds
        amount = stake
        if bankrolls is not None and not options.reserve_rule:
            amount = max(ZERO, min(stake, exact_sum((bankrolls[seat],), less=(*antes[seat].values(), extras[seat]))))
        extras[seat] = exact_sum((extras[seat], amount))
        return amount

    def paid(kind: PotKind) -> dict[int, Fraction]:
        return {s: antes[s][kind] for s in order if kind in antes[s]}

    game_paid = paid(_GAME)
    bonus_paid: dict[int, Fraction] = {}
    ending, winners = result.ending, result.game_winners
    if ending is _TUNK:
        for s in order:
            if s != result.actor:
                game_paid[s] = exact_sum((game_paid[s], extra(s)))
    elif ending is _CAUGHT:
        assert result.actor is not None, "a drop has its player"
        game_paid[result.actor] = exact_sum((game_paid[result.actor], extra(result.actor)))
    fifties: tuple[int, ...] = ()
    if ending is _DECLARATION:
        fifties = tuple(s for s in order if result.declarers.get(s) == 50)
        if fifties:
            for s in order:
                if s not in fifties:
                    bonus_paid[s] = extra(s)
    everyone = frozenset(order)
    game = Pot(_GAME, ZERO, game_paid, everyone)
    awards = [Award(game, split(game.amount, winners, cents=cents))]
    if fifties:
        bonus = Pot(_BONUS, ZERO, bonus_paid, frozenset(fifties))
        awards.append(Award(bonus, split(bonus.amount, fifties, cents=cents)))
    flip_paid, flop_paid = paid(_FLIP), paid(_FLOP)
    flip = Pot(_FLIP, carry.flip, flip_paid, frozenset(flip_paid))
    flop = Pot(_FLOP, carry.flop, flop_paid, frozenset(flop_paid))
    for pot, winner in ((flip, result.flip), (flop, result.flop)):
        seat = winner.seat if winner.seat in pot.eligible else None
        awards.append(Award(pot, {seat: pot.amount} if seat is not None else {}, card=winner.card))

    # each player's net per column, what he took less what he paid in, summed as integers over one
    # denominator for the whole deal (one Fraction per result, none per step)
    flip_award, flop_award = awards[-2], awards[-1]
    values = [carry.flip, carry.flop]
    for award in awards:
        values.extend(award.pot.paid.values())
        values.extend(award.shares.values())
    if bankrolls is not None:
        values.extend(bankrolls[s] for s in order)
    den = 1
    for value in values:
        d = value.denominator
        if den % d:
            den = den // gcd(den, d) * d
    rows = {s: [0, 0, 0] for s in order}  # game, flip, flop in 1/den
    for award in awards:
        column = _COLUMN[award.pot.kind]
        for s, amount in award.pot.paid.items():
            rows[s][column] -= amount.numerator * (den // amount.denominator)
        for s, amount in award.shares.items():
            rows[s][column] += amount.numerator * (den // amount.denominator)
    net: dict[int, dict[str, Fraction]] = {}
    for s in order:
        game_units, flip_units, flop_units = rows[s]
        net[s] = {"game": _of(game_units, den), "flip": _of(flip_units, den), "flop": _of(flop_units, den),
                  "total": _of(game_units + flip_units + flop_units, den)}

    after = Carry(
        flip=flip_award.carried_forward, flop=flop_award.carried_forward,
        flip_ledger=_ledger(carry.flip_ledger, flip_paid) if not flip_award.shares else {},
        flop_ledger=_ledger(carry.flop_ledger, flop_paid) if not flop_award.shares else {},
    )
    assert not sum(rows[s][0] for s in order), "the game column does not sum to zero"
    for column, kept, left in ((1, carry.flip, after.flip), (2, carry.flop, after.flop)):
        change = left.numerator * (den // left.denominator) - kept.numerator * (den // kept.denominator)
        assert not sum(rows[s][column] for s in order) + change, f"the {COLUMNS[column]} column does not sum to zero"
    # each total is game + flip + flop, so the totals and the carried change sum to zero too

    new_bankrolls = None
    if bankrolls is not None:
        new_bankrolls = dict(bankrolls)
        for s in order:
            row, bankroll = rows[s], bankrolls[s]
            new_bankrolls[s] = _of(bankroll.numerator * (den // bankroll.denominator) + row[0] + row[1] + row[2],
                                   den)
    eliminated = tuple(s for s in order if tiers[s] is _ALL_IN and not _survives(s, winners, options))
    return DealMoney(order=order, tiers=dict(tiers), antes=antes, extras=extras, awards=tuple(awards), net=net,
                     before=carry, after=after, bankrolls=new_bankrolls, eliminated=eliminated)


_COLUMN = {_GAME: 0, _BONUS: 0, _FLIP: 1, _FLOP: 2}  # the bonus is booked under game


_of = fraction_of  # `Fraction(units, den)`, made once per pair (a session repeats a handful of amounts)


def _ledger(old: Mapping[int, Fraction], paid: Mapping[int, Fraction]) -> dict[int, Fraction]:
    ledger = dict(old)
    for s, amount in paid.items():
        ledger[s] = exact_sum((ledger.get(s, ZERO), amount))
    return ledger


def _survives(seat: int, winners: tuple[int, ...], options: FlipFlopOptions) -> bool:
    """GFF-3.8, 15.4: an all-in player keeps his tunk life by winning (or sharing) the game pot."""
    if seat not in winners:
        return False
    return len(winners) == 1 or options.all_in_split_survives


@frozen(slots=True)
class SessionMoney:
    """The session table (GFF-10.14): per player the sum of deal nets plus refunds."""

    deal_nets: Mapping[int, Fraction]
    refunds: Mapping[int, Fraction]
    net: Mapping[int, Fraction]
    left_on_table: Carry  # still carried at the end (only under unwon_pot_at_end = report)
    bankrolls: Mapping[int, Fraction] | None


def close_session(
    *, seats: Sequence[int], deal_nets: Mapping[int, Fraction], carry: Carry, options: FlipFlopOptions,
    bankrolls: Mapping[int, Fraction] | None,
) -> SessionMoney:
    """Refund each carried pot to its contributors, or leave it reported on the table."""
    refunds = {s: ZERO for s in seats}
    left = carry
    if options.unwon_pot_at_end is UnwonPot.REFUND:
        for ledger in (carry.flip_ledger, carry.flop_ledger):
            for s, amount in ledger.items():
                refunds[s] = exact_sum((refunds[s], amount))
        left = Carry()
    net = {s: exact_sum((deal_nets.get(s, ZERO), refunds[s])) for s in seats}
    assert not exact_sum((*net.values(), left.total)), "the session table does not sum to zero"
    final = None
    if bankrolls is not None and all(s in bankrolls for s in seats):  # not when a header problem stopped all
        final = {s: exact_sum((bankrolls[s], refunds[s])) for s in seats}
    return SessionMoney(deal_nets=dict(deal_nets), refunds=refunds, net=net, left_on_table=left, bankrolls=final)
