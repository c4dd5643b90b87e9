"""A session of many deals (game-flip-flop.md sections 3, 4, 9, 10 and 14):
seating, joins and leaves, tiers and eliminations, dealer rotation, antes,
the replay (or outcome-only record) of each deal, its settlement, carried
pots, and the claims compared.

`on_illegal = stop`: the first illegal action stops the session; the deal it
is in is not settled and the session table is the one after the last clean
deal. `continue`: every later settlement is provisional. Transcript defects
(GFF-9.5) stop whatever the option says.
"""

from __future__ import annotations

from dataclasses import field, replace
from fractions import Fraction
from typing import Mapping

from ...findings import Finding
from ...frozen import frozen
from ..base import InProgress
from . import rules as R
from .compare import compare_deal, compare_reveal, compare_session
from .deal import check_hands
from .display import show
from .endings import PlayResult
from .engine import Deal, Phase
from .options import CENT, CarryAnte, FlipFlopOptions
from .outcome import judge_outcome
from .pots import ZERO, PotKind, Tier, antes_for, tier_of
from .record import BetweenKind, DealRecord, FlipFlopRecord
from .settle import Carry, DealMoney, SessionMoney, close_session, settle_deal

IN_PROGRESS = "in progress"

__all__ = ["DealReport", "DealStart", "SessionReport", "run_session", "start_deal"]


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


def start_deal(options: FlipFlopOptions, names: tuple[str, ...], record: DealRecord, start: DealStart) -> Deal:
    """The engine at the first move of a deal whose hands were checked."""
    return Deal(options=options, names=names, order=start.order, hands=record.hands, flip_card=record.flip_card,
                eligible_flip=start.eligible_flip, eligible_flop=start.eligible_flop, deal=record.number,
                pots=start.pots)


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


class _Session:
    def __init__(self, record: FlipFlopRecord, options: FlipFlopOptions, stake: Fraction | None, *,
                 in_progress: bool = False) -> None:
        self.record = record
        self.options = options
        self.stake = stake
        self.in_progress = in_progress
        self.playing: DealRecord | None = None  # the last deal of a session in progress
        self.progress: InProgress | None = None
        self.on_table: dict[str, Fraction] | None = None
        self.names = record.roster
        self.findings: list[Finding] = []
        self.seating: list[int] = list(range(len(record.players)))
        self.gone: set[int] = set()  # eliminated or left
        self.bankrolls: dict[int, Fraction] | None = None if record.unlimited else dict(record.bankrolls or {})
        self.carry = Carry()
        self.nets: dict[int, Fraction] = {s: ZERO for s in self.seating}
        self.previous: int | None = None
        self.stopped_at: int | None = None
        self.provisional = False
        self.reports: list[DealReport] = []

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

    def setup(self) -> None:
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

    def deal(self, record: DealRecord) -> None:
        number, options, stake = record.number, self.options, self.stake
        before = len(self.findings)
        self.between(record)
        if len(self.findings) > before:
            self.stop(number)
            return self.not_settled(record, None)
        if record.written_number is not None and record.written_number != number:
            self.flag(R.DEAL_RECORD, f"recorded as deal {record.written_number}, but it is deal {number} of the"
                      " transcript", at=record.at.get("deal"), deal=number)
            self.stop(number)
            return self.not_settled(record, None)
        double = options.flop_carry_ante is CarryAnte.DOUBLE and self.carry.flop > 0  # GFF-3.11, 15.7
        notes: list[str] = []
        tiers: dict[int, Tier] = {}
        for seat in self.seating:
            if seat in self.gone:
                continue
            bankroll = None if self.bankrolls is None else self.bankrolls[seat]
            tier = tier_of(bankroll, stake=stake, reserve=options.reserve_rule, double=double)
            if tier is Tier.OUT:
                self.gone.add(seat)  # GFF-3.9 (a)
                notes.append(f"{self.names[seat]} is out (bankroll {show(bankroll, signed=False)}) and eliminated")
                continue
            tiers[seat] = tier
        active = [s for s in self.seating if s in tiers]
        if len(active) < 2:
            self.flag(R.PLAYER_COUNT, f"only {len(active)} player(s) can ante: the session is over before this"
                      " deal", at=record.at["deal"], deal=number)
            self.stop(number)
            return self.not_settled(record, None)
        expected = self.expected_dealer(active)
        dealer = record.dealer
        if dealer is None:
            self.flag(R.DEAL_RECORD, "no dealer recorded", at=record.at["deal"], deal=number)
            self.stop(number)
            return self.not_settled(record, None)
        illegal = False
        if dealer not in tiers:
            self.flag(R.BAD_DEAL, f"the dealer {self.names[dealer]} is not dealt in this deal",
                      at=record.at.get("dealer"), deal=number, player=dealer)
            self.stop(number)
            return self.not_settled(record, dealer)
        if dealer != expected:
            self.flag(R.BAD_DEAL, f"{self.names[dealer]} deals, but {self.names[expected]} should (GFF-4.1, 4.2)",
                      at=record.at.get("dealer"), deal=number, player=dealer)
            illegal = True
        start = active.index(dealer) + 1
        order = tuple(active[start:] + active[:start])
        antes = {s: antes_for(tiers[s], stake=stake, double=double) for s in order}
        if record.antes is not None:
            illegal |= self.check_antes(record, antes)
        if illegal and options.stops:
            self.stop(number)
            return self.not_settled(record, dealer)
        eligible_flip = frozenset(s for s in order if PotKind.FLIP in antes[s])
        eligible_flop = frozenset(s for s in order if PotKind.FLOP in antes[s])
        checked: tuple[str, ...] = ()
        trusted: tuple[str, ...] = ()
        if record.moves is not None or record.hands:
            problems = check_hands(record, active=order, dealer=dealer, names=self.names)
            if problems:
                self.findings.extend(problems)
                self.stop(number)
                return self.not_settled(record, dealer)
        carry = self.carry
        pots = {"game": sum((a[PotKind.GAME] for a in antes.values()), ZERO),
                "flip": sum((a[PotKind.FLIP] for a in antes.values() if PotKind.FLIP in a), carry.flip),
                "flop": sum((a[PotKind.FLOP] for a in antes.values() if PotKind.FLOP in a), carry.flop)}
        start_at = DealStart(order=order, antes=antes, eligible_flip=eligible_flip, eligible_flop=eligible_flop,
                             pots=pots, bankrolls=None if self.bankrolls is None else dict(self.bankrolls),
                             carry=carry)
        if record.moves is not None and record is self.playing:
            result = self.play_on(record, start_at)
        elif record.moves is not None:
            result = self.replay(record, start_at)
        elif record.ending is not None:
            check = judge_outcome(record, options=options, names=self.names, order=order,
                                  eligible_flip=eligible_flip, eligible_flop=eligible_flop)
            self.findings.extend(check.findings)
            result, checked, trusted = check.result, check.checked, check.trusted
        else:
            self.flag(R.EVENTS, "the deal records neither its moves nor an outcome-only ending",
                      at=record.at["deal"], deal=number)
            result = PlayResult(settled=False, illegal=True)
        illegal |= result.illegal
        if not result.settled:
            self.stop(number)
            return self.not_settled(record, dealer, order=order, tiers=tiers, start=start_at)
        if illegal:
            self.provisional = True
        money = settle_deal(result, options=options, stake=stake, order=order, tiers=tiers, antes=antes,
                            bankrolls=self.bankrolls, carry=self.carry)
        if money.bankrolls is not None:
            for seat in order:
                if money.bankrolls[seat] < 0:
                    self.flag(R.NEGATIVE_BANKROLL, f"{self.names[seat]}'s bankroll would go below zero",
                              at=record.at["deal"], deal=number, player=seat)
            self.bankrolls = dict(money.bankrolls)
        for seat in order:
            self.nets[seat] += money.net[seat]["total"]
        for seat in money.eliminated:
            self.gone.add(seat)
            notes.append(f"{self.names[seat]} was all in, did not win the game pot and is eliminated (GFF-3.8)")
        self.carry = money.after
        self.previous = dealer
        if record.claims is not None:
            self.findings.extend(compare_deal(record.claims, result, money, self.names, number))
        self.reports.append(DealReport(
            number=number, dealer=dealer, replayed=True, settled=True, provisional=self.provisional,
            outcome_only=record.moves is None, order=order, tiers=tiers, result=result, money=money,
            checked=checked, trusted=trusted, notes=tuple(notes), start=start_at))

    def standing(self) -> SessionReport:
        """The session in progress: the settled deals' nets and bankrolls as they
        stand, nothing refunded, and the pots on the table (the carried pots,
        plus the antes of a deal in play)."""
        seats = sorted(self.nets)
        carry = self.carry
        on_table = self.on_table or {"flip": carry.flip, "flop": carry.flop}
        money = SessionMoney(deal_nets=dict(self.nets), refunds={s: ZERO for s in seats}, net=dict(self.nets),
                             left_on_table=carry, bankrolls=None if self.bankrolls is None else dict(self.bankrolls))
        return SessionReport(findings=tuple(self.findings), deals=tuple(self.reports), money=money,
                             stake=self.stake, complete=False, provisional=self.provisional,
                             stopped_at=None if self.progress.state == "playing" else self.stopped_at,
                             in_progress=self.progress, on_table=on_table)

    def check_antes(self, record: DealRecord, antes: Mapping[int, Mapping[PotKind, Fraction]]) -> bool:
        """GFF-3.5: recorded antes must be what the tiers force."""
        wrong = False
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

    def replay(self, record: DealRecord, start: DealStart) -> PlayResult:
        """The deal's moves through the engine. With no show recorded the flip and flop winners are
        derived from the dealt cards (GFF-15.8); claims never name them (GFF-15.12)."""
        order = start.order
        state = start_deal(self.options, self.names, record, start)
        apply = state.apply
        for move in record.moves:
            apply(move)
        result = state.finish(last=record.moves[-1] if record.moves else None)
        self.findings.extend(state.findings)
        if not result.settled:
            return result
        if record.reveal is not None:
            hands = {s: tuple(state.hands[s]) for s in order}
            self.findings.extend(compare_reveal(record.reveal, hands, self.names, record.at.get("reveal"),
                                                record.number))
        return result  # GFF-15.12: claims are compared afterwards (compare_deal), never used here

    def play_on(self, record: DealRecord, start: DealStart) -> PlayResult:
        """The last deal of a session in progress: its moves through the engine,
        left where they stop (not settled); a deal whose play and post-end
        windows are over (nothing more is legal) is settled as `replay` does."""
        state = start_deal(self.options, self.names, record, start)
        for move in record.moves:
            state.apply(move)
        moves = len(record.moves)
        if state.phase is Phase.HALTED:
            self.findings.extend(state.findings)
            self.progress = InProgress(deal=record.number, move=moves, state="stopped")
            return PlayResult(settled=False, illegal=True)
        legal = state.legal_moves()
        if not legal:
            return self.replay(record, start)
        self.findings.extend(state.findings)
        self.progress = InProgress(deal=record.number, move=moves, legal_moves=len(legal),
                                   to_play=tuple(self.names[s] for s in state.to_play()))
        self.on_table = dict(start.pots)
        return PlayResult(settled=False, illegal=state.illegal)

    def not_settled(self, record: DealRecord, dealer: int | None, *, order=(), tiers=None,
                    start: DealStart | None = None) -> None:
        self.reports.append(DealReport(number=record.number, dealer=dealer, replayed=True, settled=False,
                                       provisional=self.provisional, order=tuple(order), tiers=tiers or {},
                                       outcome_only=record.moves is None, start=start))

    # ------------------------------------------------------------ the whole

    def run(self) -> SessionReport:
        self.setup()
        if self.in_progress:
            last = self.record.deals[-1]
            if last.moves is None and last.ending is None:  # dealt, no move yet
                last = replace(last, moves=())
            self.playing = last
        for record in self.record.deals:
            if record is self.record.deals[-1] and self.playing is not None:
                record = self.playing
            if self.stopped:
                self.reports.append(DealReport(number=record.number, dealer=record.dealer, replayed=False,
                                               settled=False, provisional=self.provisional,
                                               outcome_only=record.moves is None))
                continue
            self.deal(record)
        if self.in_progress and self.progress is None:
            if not self.reports[-1].settled:
                self.progress = InProgress(deal=self.playing.number, move=len(self.playing.moves or ()),
                                           state="stopped")
            elif not self.record.ended:  # GFF-14.7: the session goes on
                self.progress = InProgress(deal=self.playing.number, move=len(self.playing.moves or ()),
                                           state="between_deals")
        if self.progress is not None:
            return self.standing()
        seats = sorted(self.nets)
        money = close_session(seats=seats, deal_nets=self.nets, carry=self.carry, options=self.options,
                              bankrolls=self.bankrolls)
        if self.record.claims is not None and not self.stopped:
            self.findings.extend(compare_session(self.record.claims, money, self.names))
        complete = not self.stopped and not any(f.is_error for f in self.findings)
        return SessionReport(findings=tuple(self.findings), deals=tuple(self.reports), money=money,
                             stake=self.stake, complete=complete, provisional=self.provisional,
                             stopped_at=self.stopped_at)


def run_session(record: FlipFlopRecord, options: FlipFlopOptions, stake: Fraction | None, *,
                in_progress: bool = False) -> SessionReport:
    """Replay and settle every deal of a session. `in_progress`: the last deal
    may stop anywhere (no GFF-14.3 for it, its claims not compared) and more
    deals may follow (no session end: no refunds, no session claims compared;
    the pots on the table are reported) unless the session end marker says
    otherwise."""
    return _Session(record, options, stake, in_progress=in_progress).run()

