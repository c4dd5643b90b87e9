"""A session of many deals (game-flip-flop.md sections 3, 4, 9, 10 and 14) as
the core driver's `Match` (core/driver.py): seating, joins and leaves, tiers
and eliminations, dealer rotation, antes, the replay (or outcome-only
record) of each deal, its settlement, carried pots, and the claims compared.

`on_illegal = stop`: the first illegal action stops the session; the deal it
is in is not settled and the session table is the one after the last clean
deal (later deals open with no state: they are not replayed). `continue`:
every later settlement is provisional. Transcript defects (GFF-9.5) stop
whatever the option says.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Mapping

from ...core.driver import Closed, Opening, Play, Settlement
from ...findings import Finding
from ...outcome import exact_sum
from ..base import DealOutcome, InProgress
from . import rules as R
from .compare import compare_deal, compare_reveal, compare_session
from .deal import check_hands
from .display import show
from .endings import PlayResult
from .engine import Deal
from .options import CENT, CarryAnte, FlipFlopOptions
from .outcome import OutcomeCheck, judge_outcome
from .pots import ZERO, PotKind, Tier, antes_for, tier_of
from .record import BetweenKind, DealRecord, FlipFlopRecord
from .reports import DealReport, DealStart, SessionReport
from .settle import Carry, SessionMoney, close_session, settle_deal
from .summary import DealSummary, session_summary, standing_summary

__all__ = ["DealReport", "DealStart", "SessionReport", "FlipFlopSession", "start_deal"]

_UNSETTLED = PlayResult(settled=False, illegal=True)
# As module globals: reading an enum member as a class attribute costs about 90 ns on CPython 3.11.
_GAME, _FLIP, _FLOP, _OUT, _DOUBLE = PotKind.GAME, PotKind.FLIP, PotKind.FLOP, Tier.OUT, CarryAnte.DOUBLE


def start_deal(options: FlipFlopOptions, names: tuple[str, ...], record: DealRecord, start: DealStart) -> Deal:
    """The engine at the first move of a deal whose hands were checked."""
    assert record.flip_card is not None, "the deal checks stop a deal without its flip card"
    return Deal(options=options, names=names, order=start.order, hands=record.hands, flip_card=record.flip_card,
                eligible_flip=start.eligible_flip, eligible_flop=start.eligible_flop, deal=record.number,
                pots=start.pots, start=start)


class Opened:
    """What `open` found for a deal, kept for `close`: how it is to be judged
    (`kind`: skipped, the session had stopped; blocked, a deal check stopped
    it; moves; outcome, an outcome-only record; empty, neither), and the seats,
    tiers, antes and start of its play where it got that far."""

    __slots__ = ("kind", "dealer", "order", "tiers", "antes", "notes", "illegal", "start", "check", "state")

    def __init__(self, kind: str, dealer: int | None, *, order: tuple[int, ...] = (), tiers=None, antes=None,
                 notes: list[str] | None = None, illegal: bool = False, start: DealStart | None = None,
                 check: OutcomeCheck | None = None, state: Deal | None = None) -> None:
        self.kind, self.dealer, self.order, self.tiers, self.antes = kind, dealer, order, tiers or {}, antes or {}
        self.notes, self.illegal, self.start, self.check, self.state = notes or [], illegal, start, check, state


class FlipFlopSession:
    """One Game, Flip, Flop transcript judged by the driver: what a deal leaves
    to the next (seating, who is gone, bankrolls, carried pots, nets, the
    previous dealer, whether the session has stopped) and to the session."""

    def __init__(self, record: FlipFlopRecord, options: FlipFlopOptions, stake: Fraction | None, *,
                 in_progress: bool = False) -> None:
        self.record = record
        self.options = options
        self.stake = stake
        self.players = self.names = record.roster
        self.findings: list[Finding] = []  # every finding so far, the driver's placed ones too
        self.seating: list[int] = list(range(len(record.players)))
        self.gone: set[int] = set()  # eliminated or left
        self.bankrolls: dict[int, Fraction] | None = None if record.unlimited else dict(record.bankrolls or {})
        self.carry = Carry()
        self.nets: dict[int, Fraction] = {s: ZERO for s in self.seating}
        self.previous: int | None = None
        self.stopped_at: int | None = None
        self.provisional = False
        self.reports: list[DealReport] = []
        self.on_table: dict[str, Fraction] | None = None  # the pots of a deal in play (a session in progress)
        self.opened: Opened | None = None  # the deal opened last
        deals = record.deals
        if in_progress and deals and deals[-1].moves is None and deals[-1].ending is None:
            deals = deals[:-1] + (replace(deals[-1], moves=()),)  # dealt, no move yet
        self._deals = deals

    # ------------------------------------------------------------- findings

    def flag(self, rule: str, message: str, *, at: tuple[int, int] | None, deal: int | None = None,
             player: int | None = None) -> None:
        line, column = at or (None, None)
        self.findings.append(Finding(rule=rule, message=message, deal=deal, line=line, column=column,
                                     player=None if player is None else self.names[player], stops_deal=True))

    def stop(self, deal: int | None) -> None:
        self.stopped_at = deal if deal is not None else 0

    @property
    def stopped(self) -> bool:
        return self.stopped_at is not None

    # ----------------------------------------------------------------- setup

    def setup(self) -> list[Finding]:
        """GFF-2.6, 3.12, 14.1, 15.6: what must hold before the first deal."""
        record, options, at = self.record, self.options, self.record.at
        here = at.get("players", at["document"])
        for problem in options.inconsistencies():
            self.flag(R.PLAYER_COUNT, problem, at=here)
        n = len(record.players)
        if not options.min_players <= n <= options.max_players:
            self.flag(R.PLAYER_COUNT, f"{n} players at the start; this ruleset takes {options.min_players} to"
                      f" {options.max_players} (min_players, max_players)", at=here)
        if self.stake is None:
            self.flag(R.HEADER, "no stake recorded ('stake: AMOUNT')", at=at["document"])
        elif self.stake <= 0:
            self.flag(R.HEADER, "the stake must be more than 0", at=at.get("stake"))
        if not record.unlimited:
            if record.bankrolls is None:
                self.flag(R.HEADER, "no bankrolls recorded ('bankrolls: {NAME: AMOUNT, ...}' or 'unlimited')",
                          at=at["document"])
            else:
                missing = [self.names[s] for s in self.seating if s not in record.bankrolls]
                if missing:
                    self.flag(R.HEADER, f"no starting bankroll for {', '.join(missing)}", at=at.get("bankrolls"))
                for seat, amount in record.bankrolls.items():
                    if amount < 0:
                        self.flag(R.NEGATIVE_BANKROLL, f"{self.names[seat]}'s bankroll is negative",
                                  at=at.get("bankrolls"), player=seat)
        if record.first_dealer is None:
            self.flag(R.HEADER, "no first dealer recorded ('first_dealer: NAME')", at=at["document"])
        elif record.first_dealer >= n:
            self.flag(R.HEADER, f"the first dealer {self.names[record.first_dealer]} is not seated at the start",
                      at=at.get("first_dealer"))
        if options.cents and self.stake is not None:
            if (self.stake / CENT).denominator != 1:
                self.flag(R.CENTS, f"stake {show(self.stake, signed=False)} is not a whole number of cents"
                          " (split_rounding = cents)", at=at.get("stake", at.get("options")))
            for seat, amount in (record.bankrolls or {}).items():
                if (amount / CENT).denominator != 1:
                    self.flag(R.CENTS, f"{self.names[seat]}'s bankroll {show(amount, signed=False)} is not a whole"
                              " number of cents (split_rounding = cents)", at=at.get("bankrolls"), player=seat)
        if self.findings:
            self.stop(None)
        return list(self.findings)

    def deals(self) -> tuple[DealRecord, ...]:
        return self._deals

    # ------------------------------------------------------------ each deal

    def between(self, record: DealRecord) -> None:
        """GFF-14.6: leaves and joins before this deal."""
        for event in record.between:
            seat = event.player
            if event.kind is BetweenKind.LEAVE:
                if seat not in self.seating or seat in self.gone:
                    self.flag(R.BETWEEN_DEALS, f"{self.names[seat]} is not playing and cannot leave", at=event.at,
                              deal=record.number, player=seat)
                    continue
                self.gone.add(seat)
                continue
            assert event.after is not None, "a join names the seat it sits after"
            if seat in self.seating:
                self.flag(R.BETWEEN_DEALS, f"{self.names[seat]} is already seated", at=event.at,
                          deal=record.number, player=seat)
                continue
            if event.after not in self.seating:  # GFF-15.11: a seat that is gone still fixes the position
                self.flag(R.BETWEEN_DEALS, f"{self.names[event.after]} has never sat at the table; a newcomer"
                          " sits after a seat", at=event.at, deal=record.number, player=seat)
                continue
            if self.bankrolls is None:  # GFF-15.10: no amount, or the word `unlimited`
                if event.bankroll is not None:
                    self.flag(R.BETWEEN_DEALS, "bankrolls are unlimited: a newcomer joins without an amount"
                              f" ('join {self.names[seat]} after {self.names[event.after]}')", at=event.at,
                              deal=record.number, player=seat)
                    continue
            elif event.bankroll is None:
                self.flag(R.BETWEEN_DEALS, f"bankrolls are recorded: {self.names[seat]} joins with an amount"
                          " ('join NAME AMOUNT after NAME')", at=event.at, deal=record.number, player=seat)
                continue
            elif event.bankroll < 0 or self.options.cents and (event.bankroll / CENT).denominator != 1:
                rule = R.NEGATIVE_BANKROLL if event.bankroll < 0 else R.CENTS
                self.flag(rule, f"{self.names[seat]} joins with {show(event.bankroll, signed=False)}", at=event.at,
                          deal=record.number, player=seat)
                continue
            self.seating.insert(self.seating.index(event.after) + 1, seat)
            if self.bankrolls is not None:
                assert event.bankroll is not None, "checked above: recorded bankrolls, an amount"
                self.bankrolls[seat] = event.bankroll
            self.nets.setdefault(seat, ZERO)

    def expected_dealer(self, active: list[int]) -> int | None:
        """GFF-4.1, 4.2: the recorded first dealer, then the next active player clockwise."""
        if self.previous is None:
            return self.record.first_dealer
        start = self.seating.index(self.previous)
        for step in range(1, len(self.seating) + 1):
            seat = self.seating[(start + step) % len(self.seating)]
            if seat in active:
                return seat
        return None

    def open(self, record: DealRecord) -> Opening:
        """The deal's checks up to its first move (leaves and joins, tiers, the
        dealer, antes, hands), and the engine to replay it from; an
        outcome-only deal is judged here (it has no moves)."""
        before = len(self.findings)
        self.opened = opened = self._open(record)
        outcome = opened.check is not None and opened.check.result.settled
        return Opening(number=record.number, findings=tuple(self.findings[before:]), state=opened.state,
                       moves=record.moves or (), replay=opened.state is not None, settled=outcome,
                       position=record.position)  # type: ignore[arg-type]  # no line for a deal without moves

    def _open(self, record: DealRecord) -> Opened:
        if self.stopped:
            return Opened("skipped", record.dealer)
        number, options, stake = record.number, self.options, self.stake
        assert stake is not None, "a session without a valid stake stops at its setup"
        before = len(self.findings)
        self.between(record)
        if len(self.findings) > before:
            return self._blocked(number, None)
        if record.written_number is not None and record.written_number != number:
            self.flag(R.DEAL_RECORD, f"recorded as deal {record.written_number}, but it is deal {number} of the"
                      " transcript", at=record.at.get("deal"), deal=number)
            return self._blocked(number, None)
        double = options.flop_carry_ante is _DOUBLE and self.carry.flop.numerator > 0  # GFF-3.11, 15.7
        notes: list[str] = []
        tiers: dict[int, Tier] = {}
        for seat in self.seating:
            if seat in self.gone:
                continue
            bankroll = None if self.bankrolls is None else self.bankrolls[seat]
            tier = tier_of(bankroll, stake=stake, reserve=options.reserve_rule, double=double)
            if tier is _OUT:
                assert bankroll is not None, "only a bankroll runs out"
                self.gone.add(seat)  # GFF-3.9 (a)
                notes.append(f"{self.names[seat]} is out (bankroll {show(bankroll, signed=False)}) and eliminated")
                continue
            tiers[seat] = tier
        active = [s for s in self.seating if s in tiers]
        if len(active) < 2:
            self.flag(R.PLAYER_COUNT, f"only {len(active)} player(s) can ante: the session is over before this"
                      " deal", at=record.at["deal"], deal=number)
            return self._blocked(number, None)
        expected = self.expected_dealer(active)
        dealer = record.dealer
        if dealer is None:
            self.flag(R.DEAL_RECORD, "no dealer recorded", at=record.at["deal"], deal=number)
            return self._blocked(number, None)
        illegal = False
        if dealer not in tiers:
            self.flag(R.BAD_DEAL, f"the dealer {self.names[dealer]} is not dealt in this deal",
                      at=record.at.get("dealer"), deal=number, player=dealer)
            return self._blocked(number, dealer)
        if dealer != expected:
            assert expected is not None, "two players or more: someone is next"
            self.flag(R.BAD_DEAL, f"{self.names[dealer]} deals, but {self.names[expected]} should (GFF-4.1, 4.2)",
                      at=record.at.get("dealer"), deal=number, player=dealer)
            illegal = True
        start = active.index(dealer) + 1
        order = tuple(active[start:] + active[:start])
        antes = {s: antes_for(tiers[s], stake=stake, double=double) for s in order}
        if record.antes is not None:
            illegal |= self.check_antes(record, antes)
        if illegal and options.stops:
            return self._blocked(number, dealer)
        eligible_flip = frozenset(s for s in order if _FLIP in antes[s])
        eligible_flop = frozenset(s for s in order if _FLOP in antes[s])
        if record.moves is not None or record.hands:
            problems = check_hands(record, active=order, dealer=dealer, names=self.names)
            if problems:
                self.findings.extend(problems)
                return self._blocked(number, dealer)
        carry = self.carry
        pots = {"game": exact_sum(a[_GAME] for a in antes.values()),
                "flip": exact_sum((a[_FLIP] for a in antes.values() if _FLIP in a), carry.flip),
                "flop": exact_sum((a[_FLOP] for a in antes.values() if _FLOP in a), carry.flop)}
        begin = DealStart(order=order, antes=antes, eligible_flip=eligible_flip, eligible_flop=eligible_flop,
                          pots=pots, bankrolls=None if self.bankrolls is None else dict(self.bankrolls), carry=carry)
        opened = Opened("moves", dealer, order=order, tiers=tiers, antes=antes, notes=notes, illegal=illegal,
                        start=begin)
        if record.moves is not None:
            opened.state = start_deal(options, self.names, record, begin)
        elif record.ending is not None:
            opened.kind = "outcome"
            opened.check = check = judge_outcome(record, options=options, names=self.names, order=order,
                                                 eligible_flip=eligible_flip, eligible_flop=eligible_flop)
            self.findings.extend(check.findings)
        else:
            opened.kind = "empty"
            self.flag(R.EVENTS, "the deal records neither its moves nor an outcome-only ending",
                      at=record.at["deal"], deal=number)
        return opened

    def _blocked(self, number: int, dealer: int | None) -> Opened:
        """A deal check stopped the session at this deal: it is not replayed."""
        self.stop(number)
        return Opened("blocked", dealer)

    def close(self, record: DealRecord, play: Play) -> Closed:
        """The deal ended (or was not replayed): settle its pots, move the
        bankrolls, carry the flip and flop pots, compare the reveal and the claims."""
        self.findings.extend(play.findings)
        before = len(self.findings)
        opened = self._current()
        result = _UNSETTLED
        if opened.kind == "moves" and play.replayed:
            state = play.state
            assert isinstance(state, Deal)
            result = state.result()
            if result.settled and record.reveal is not None:
                hands = {s: tuple(state.hands[s]) for s in opened.order}
                self.findings.extend(compare_reveal(record.reveal, hands, self.names, record.at.get("reveal"),
                                                    record.number))
        elif opened.check is not None:
            result = opened.check.result
        self._settle_deal(record, opened, result)  # GFF-15.12: the claims are compared there, never used
        return self._closed(self.reports[-1], before)

    def pause(self, record: DealRecord, play: Play) -> Closed:
        """The last deal of a session in progress, still in play (or stopped):
        not settled; the pots of a deal in play stay on the table."""
        self.findings.extend(play.findings)
        before = len(self.findings)
        opened, progress = self._current(), play.progress
        assert progress is not None
        result = opened.check.result if opened.check is not None else _UNSETTLED
        if opened.kind == "moves" and opened.start is not None and progress.state == "playing":
            self.on_table = dict(opened.start.pots)
        self._settle_deal(record, opened, result)
        closed = self._closed(self.reports[-1], before)
        last = closed.outcome
        if not last.lines[-1].endswith("not settled"):
            return closed
        line = f"deal {last.number}: in progress after move {progress.move}"
        return Closed(outcome=DealOutcome(number=last.number, settled=False, data={**last.data, "in_progress": True},
                                          lines=last.lines[:-1] + (line,)), findings=closed.findings)

    def _current(self) -> Opened:
        assert self.opened is not None, "close before open"
        return self.opened

    def _closed(self, report: DealReport, before: int) -> Closed:
        return Closed(outcome=DealSummary(report, self.names), findings=tuple(self.findings[before:]))

    def _settle_deal(self, record: DealRecord, opened: Opened, result: PlayResult) -> None:
        number = record.number
        if opened.kind == "skipped":
            self.reports.append(DealReport(number=number, dealer=record.dealer, replayed=False, settled=False,
                                           provisional=self.provisional, outcome_only=record.moves is None))
            return
        if opened.kind == "blocked":
            return self.not_settled(record, opened.dealer)
        order, tiers = opened.order, opened.tiers
        illegal = opened.illegal or result.illegal
        if not result.settled:
            self.stop(number)
            return self.not_settled(record, opened.dealer, order=order, tiers=tiers, start=opened.start)
        if illegal:
            self.provisional = True
        assert self.stake is not None, "a session without a valid stake stops at its setup"
        money = settle_deal(result, options=self.options, stake=self.stake, order=order, tiers=tiers,
                            antes=opened.antes, bankrolls=self.bankrolls, carry=self.carry)
        if money.bankrolls is not None:
            for seat in order:
                if money.bankrolls[seat].numerator < 0:
                    self.flag(R.NEGATIVE_BANKROLL, f"{self.names[seat]}'s bankroll would go below zero",
                              at=record.at["deal"], deal=number, player=seat)
            self.bankrolls = dict(money.bankrolls)
        for seat in order:
            self.nets[seat] = exact_sum((self.nets[seat], money.net[seat]["total"]))
        notes = opened.notes
        for seat in money.eliminated:
            self.gone.add(seat)
            notes.append(f"{self.names[seat]} was all in, did not win the game pot and is eliminated (GFF-3.8)")
        self.carry = money.after
        self.previous = opened.dealer
        if record.claims is not None:
            self.findings.extend(compare_deal(record.claims, result, money, self.names, number))
        check = opened.check
        self.reports.append(DealReport(
            number=number, dealer=opened.dealer, replayed=True, settled=True, provisional=self.provisional,
            outcome_only=record.moves is None, order=order, tiers=tiers, result=result, money=money,
            checked=check.checked if check else (), trusted=check.trusted if check else (), notes=tuple(notes),
            start=opened.start))

    def not_settled(self, record: DealRecord, dealer: int | None, *, order=(), tiers=None,
                    start: DealStart | None = None) -> None:
        self.reports.append(DealReport(number=record.number, dealer=dealer, replayed=True, settled=False,
                                       provisional=self.provisional, order=tuple(order), tiers=tiers or {},
                                       outcome_only=record.moves is None, start=start))

    def check_antes(self, record: DealRecord, antes: Mapping[int, Mapping[PotKind, Fraction]]) -> bool:
        """GFF-3.5: recorded antes must be what the tiers force."""
        wrong = False
        assert record.antes is not None and self.stake is not None, "recorded antes, under a valid stake"
        for seat, recorded in record.antes.items():
            amounts = {k: v * self.stake if recorded.in_stakes else v for k, v in recorded.amounts.items()}
            amounts = {k: v for k, v in amounts.items() if v}
            due = dict(antes.get(seat, {}))
            if amounts != due:
                def text(table):
                    return ", ".join(f"{k.value} {show(v, signed=False)}" for k, v in table.items()) or "nothing"
                self.flag(R.WRONG_ANTE, f"{self.names[seat]} antes {text(amounts)}, but his tier calls for"
                          f" {text(due)}", at=recorded.at, deal=record.number, player=seat)
                wrong = True
        for seat in antes:
            if seat not in record.antes:
                self.flag(R.WRONG_ANTE, f"no ante recorded for {self.names[seat]}", at=record.at.get("antes"),
                          deal=record.number, player=seat)
                wrong = True
        return wrong

    # ------------------------------------------------------------ the whole

    def goes_on(self) -> bool:
        """In progress, after the last deal closed: more deals to come unless the end marker says not (GFF-14.7)."""
        return not self.record.ended

    def settle(self) -> Settlement:
        """The session closed: carried pots refunded or reported, the session claims compared."""
        seats = sorted(self.nets)
        money = close_session(seats=seats, deal_nets=self.nets, carry=self.carry, options=self.options,
                              bankrolls=self.bankrolls)
        before = len(self.findings)
        if self.record.claims is not None and not self.stopped:
            self.findings.extend(compare_session(self.record.claims, money, self.names))
        complete = not self.stopped and not any(f.is_error for f in self.findings)
        session = SessionReport(findings=tuple(self.findings), deals=tuple(self.reports), money=money,
                                stake=self.stake, complete=complete, provisional=self.provisional,
                                stopped_at=self.stopped_at)
        lines, data, standing = session_summary(session, self.names)
        return Settlement(lines=lines, data=data, findings=tuple(self.findings[before:]), standing=standing)

    def standing(self, progress: InProgress) -> Settlement:
        """The session in progress: the settled deals' nets and bankrolls as they
        stand, nothing refunded, and the pots on the table (the carried pots,
        plus the antes of a deal in play)."""
        seats = sorted(self.nets)
        carry = self.carry
        on_table = self.on_table or {"flip": carry.flip, "flop": carry.flop}
        money = SessionMoney(deal_nets=dict(self.nets), refunds={s: ZERO for s in seats}, net=dict(self.nets),
                             left_on_table=carry, bankrolls=None if self.bankrolls is None else dict(self.bankrolls))
        session = SessionReport(findings=tuple(self.findings), deals=tuple(self.reports), money=money,
                                stake=self.stake, complete=False, provisional=self.provisional,
                                stopped_at=None if progress.state == "playing" else self.stopped_at,
                                in_progress=progress, on_table=on_table)
        lines, data, standing = standing_summary(session, self.names)
        return Settlement(lines=lines, data=data, standing=standing)
