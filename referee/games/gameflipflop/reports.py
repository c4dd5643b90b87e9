"""What a session of Game, Flip, Flop leaves behind, as values: where each
deal's play started, each deal as the session saw it, and the session."""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from typing import Mapping

from ...findings import Finding
from ...frozen import frozen
from ...outcome import Money, Standing, Tally
from ..base import InProgress
from .endings import PlayResult
from .pots import PotKind, Tier
from .settle import Carry, DealMoney, SessionMoney

__all__ = ["DealStart", "DealReport", "SessionReport", "session_standing"]


@frozen(slots=True)
class DealStart:
    """Where a deal's play starts: the seats in turn order (dealer last), what each
    antes, who may win flip and flop, the pots in play, and the bankrolls and
    carried pots before the deal. `referee show` and `replay` start from it."""

    order: tuple[int, ...]
    antes: Mapping[int, Mapping[PotKind, Fraction]]
    eligible_flip: frozenset[int]
    eligible_flop: frozenset[int]
    pots: Mapping[str, Fraction]  # game, flip, flop: antes plus what was carried in
    bankrolls: Mapping[int, Fraction] | None  # before the deal (None: unlimited)
    carry: Carry


@frozen(slots=True)
class DealReport:
    """One deal as the session saw it."""

    number: int
    dealer: int | None
    replayed: bool  # False: the session had stopped before this deal
    settled: bool
    provisional: bool
    outcome_only: bool = False
    order: tuple[int, ...] = ()
    tiers: Mapping[int, Tier] = field(default_factory=dict)
    result: PlayResult | None = None
    money: DealMoney | None = None
    checked: tuple[str, ...] = ()
    trusted: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    start: DealStart | None = None  # None: the deal's play was never started (it is not replayed)


@frozen(slots=True)
class SessionReport:
    findings: tuple[Finding, ...]
    deals: tuple[DealReport, ...]
    money: SessionMoney
    stake: Fraction | None
    complete: bool  # every deal settled, no illegal action
    provisional: bool
    stopped_at: int | None  # the deal where the replay stopped
    in_progress: InProgress | None = None  # a session recorded as in progress, and not over
    on_table: Mapping[str, Fraction] | None = None  # ... the pots on the table now (game, flip, flop)


def session_standing(session: SessionReport, names: tuple[str, ...]) -> Standing:
    """The session as the ledger counts it: the deals each player was dealt in (a deal not replayed counts
    for everyone), each player's net money; above zero wins, below loses; the pots still carried at the end
    under unwon_pot_at_end = report are on the table. No points."""
    dealt: dict[str, int] = dict.fromkeys(names, 0)
    for report in session.deals:
        seats = (report.order or tuple(report.tiers)) if report.replayed and report.tiers else range(len(names))
        for seat in seats:
            dealt[names[seat]] += 1
    net = {names[s]: Money.of(v) for s, v in session.money.net.items()}
    return Standing(dealt=Tally.of(dealt), money=net, winners=tuple(p for p, v in net.items() if v.sign > 0),
                    losers=tuple(p for p, v in net.items() if v.sign < 0),
                    on_table=Money.of(session.money.left_on_table.total))
