"""Outcome-only deals: no moves, only how the deal ended (who declared, who
dropped and each hand's total, who went or tunked out, the flip and flop
holders). The referee checks what it can and lists what it took on trust.

What it cannot check without moves: hand totals, that a tunk out really was
two 3-card spreads, that the flip and flop holders really showed in their
windows.
"""

from __future__ import annotations

from typing import Sequence, TypeGuard, TypeVar

from ...cards import Suit
from ...findings import Finding
from ...frozen import frozen
from . import rules as R
from .endings import Ending, PlayResult, ShowWinner, decide
from .engine import lowest_dealt
from .melds import hand_total, low_rank, partner
from .options import FlipFlopOptions, ShowMode
from .record import NOBODY, DealRecord

__all__ = ["judge_outcome", "OutcomeCheck"]

MAX_TOTAL = 60  # six cards of ten points: the most a hand can hold at an ending

_T = TypeVar("_T")


@frozen(slots=True)
class OutcomeCheck:
    result: PlayResult
    findings: tuple[Finding, ...]
    checked: tuple[str, ...]
    trusted: tuple[str, ...]


class _Judge:
    def __init__(self, record: DealRecord, names: tuple[str, ...], options: FlipFlopOptions) -> None:
        self.record = record
        self.names = names
        self.options = options
        self.findings: list[Finding] = []
        self.checked: list[str] = []
        self.trusted: list[str] = []
        self.illegal = False
        self.defect = False

    def flag(self, rule: str, key: str, message: str, *, player: int | None = None, claim: bool = False) -> None:
        assert self.record.ending is not None, "an outcome-only deal"
        at = self.record.ending.at
        line, column = at.get(key, self.record.at.get("ending", self.record.at["deal"]))
        self.findings.append(Finding(rule=rule, message=message, deal=self.record.number, line=line, column=column,
                                     player=None if player is None else self.names[player], stops_deal=not claim))
        if not claim:
            self.illegal = True
            if rule in R.DEFECT_RULES:
                self.defect = True


def judge_outcome(record: DealRecord, *, options: FlipFlopOptions, names: tuple[str, ...], order: Sequence[int],
                  eligible_flip: frozenset[int], eligible_flop: frozenset[int]) -> OutcomeCheck:
    """The play result an outcome-only deal records, with every check the record allows."""
    judge = _Judge(record, names, options)
    ending = record.ending
    assert ending is not None, "an outcome-only deal records its ending"
    order = tuple(order)
    active = set(order)
    hands = record.hands if record.hands else None
    kind = Ending(ending.type) if ending.type != "caught" else Ending.DROP
    actor: int | None = None
    totals: dict[int, int] = {}
    declarers: dict[int, int] = {}

    def needs(value: _T | None, key: str, what: str) -> TypeGuard[_T]:
        if value is None:
            judge.flag(R.EVENTS, "type", f"an outcome-only '{ending.type}' ending must record {what} ({key})")
            return False
        return True

    def dealt_in(seat: int, key: str) -> bool:
        if seat not in active:
            judge.flag(R.ELIMINATED, key, f"{names[seat]} is not dealt in this deal", player=seat)
            return False
        return True

    if kind in (Ending.OUT, Ending.TUNK):
        if needs(ending.winner, "winner", "who went out") and dealt_in(ending.winner, "winner"):
            actor = ending.winner
        judge.trusted.append("who went out" if kind is Ending.OUT else
                             "the tunk out (two 3-card spreads of his own, no lay-off, no discard)")
    elif kind in (Ending.DROP, Ending.STOCK):
        if kind is Ending.DROP and needs(ending.dropper, "dropper", "who dropped"):
            if dealt_in(ending.dropper, "dropper"):
                actor = ending.dropper
        if needs(ending.totals, "totals", "every hand's total"):
            missing = [names[s] for s in order if s not in ending.totals]
            if missing:
                judge.flag(R.EVENTS, "totals", f"no hand total for {', '.join(missing)}")
            for seat, total in ending.totals.items():
                if dealt_in(seat, "totals") and not 1 <= total <= MAX_TOTAL:
                    judge.flag(R.HAND_TOTAL, "totals", f"{names[seat]}'s hand total {total} is impossible at an"
                               f" ending (1 to {MAX_TOTAL})", player=seat)
            totals = {s: t for s, t in ending.totals.items() if s in active}
        judge.trusted.append("the hand totals")
        judge.checked.append("who takes the game pot, from the totals")
    else:
        if not options.allow_49_50:
            judge.flag(R.DECLARE_OFF, "declared", "49/50 may not be declared (allow_49_50 = off)")
        if needs(ending.declared or None, "declared", "who declared 49 or 50"):
            assert ending.declared is not None
            for seat, number in ending.declared.items():
                if not dealt_in(seat, "declared"):
                    continue
                if number not in (49, 50):
                    judge.flag(R.DECLARE_TOTAL, "declared", f"{names[seat]} declared {number}; only 49 or 50"
                               " can be declared", player=seat)
                    continue
                actual = hand_total(hands[seat]) if hands and seat in hands else number
                if actual not in (49, 50):
                    judge.flag(R.DECLARE_TOTAL, "declared", f"{names[seat]}'s dealt five total {actual},"
                               " not 49 or 50", player=seat)
                    continue
                if actual != number:
                    judge.flag(R.DECLARE_TOTAL, "declared", f"{names[seat]} declared {number}, but his dealt five"
                               f" total {actual}; settled on {actual}", player=seat, claim=True)
                declarers[seat] = actual
            actor = next((s for s in order if s in declarers), None)
        if hands:
            judge.checked.append("the declared totals, against the dealt hands")
        else:
            judge.trusted.append("the declared totals (no hands recorded)")
        judge.trusted.append("that each declaration came in its window")

    flip_suit = record.flip_card.suit if record.flip_card is not None and hands else None
    flip = _holder(judge, "flip", ending.flip, flip_suit, eligible_flip, order, hands, record)
    flop = _holder(judge, "flop", ending.flop, partner(flip_suit) if flip_suit else None, eligible_flop, order,
                   hands, record)
    if judge.illegal and (options.stops or judge.defect) or actor is None and kind is not Ending.STOCK:
        return OutcomeCheck(PlayResult(settled=False, illegal=True), tuple(judge.findings), tuple(judge.checked),
                            tuple(judge.trusted))
    final, winners = decide(kind, actor=actor, totals=totals, order=order, declarers=declarers)
    if ending.type == "caught" and final is not Ending.CAUGHT:
        judge.flag(R.CAUGHT, "type", "recorded as caught, but the dropper's total is strictly the lowest",
                   claim=True)
    result = PlayResult(settled=True, ending=final, actor=actor, totals=totals, game_winners=winners,
                        declarers=declarers, flip=flip, flop=flop, illegal=judge.illegal)
    return OutcomeCheck(result, tuple(judge.findings), tuple(judge.checked), tuple(judge.trusted))


def _holder(judge: _Judge, pot: str, recorded: int | None, suit: Suit | None, eligible: frozenset[int],
            order: tuple[int, ...], hands, record: DealRecord) -> ShowWinner:
    """The flip (flop) winner an outcome-only deal records, checked against the hands when known."""
    names, options = judge.names, judge.options
    dealer = order[-1]
    if options.flip_flop_show is ShowMode.AUTOMATIC and suit is not None:
        seat, card = lowest_dealt(hands, suit, eligible, order)
        if recorded is not None and recorded != (NOBODY if seat is None else seat):
            judge.flag(R.AUTOMATIC_SHOWS, pot, f"recorded {pot} holder {_name(names, recorded)}, but the lowest"
                       f" {suit.noun[:-1]} dealt to an eligible player went to {_name(names, seat)}", claim=True)
        judge.checked.append(f"the {pot} winner, from the dealt cards (automatic)")
        return ShowWinner(seat, card, "automatic")
    if recorded is None:
        if suit is None:
            judge.flag(R.EVENTS, "type", f"an outcome-only deal without hands must name the {pot} winner"
                       f" ('{pot}: NAME' or 'none')")
            return ShowWinner(None)
        seat, card = lowest_dealt(hands, suit, eligible, order)
        judge.checked.append(f"the {pot} winner, derived from the dealt cards (no shows recorded, GFF-15.8)")
        return ShowWinner(seat, card, "derived")
    if recorded == NOBODY:
        if pot == "flip" and dealer in eligible:
            judge.flag(R.FLIP_ALWAYS_WON, pot, "the dealer antes into flip and his flip card counts: the flip pot"
                       " is always won")
        judge.trusted.append(f"that nobody showed for {pot}")
        return ShowWinner(None, None, "recorded")
    if recorded not in order:
        judge.flag(R.ELIMINATED, pot, f"{names[recorded]} is not dealt in this deal", player=recorded)
        return ShowWinner(None)
    if recorded not in eligible:
        judge.flag(R.SHOW_INELIGIBLE, pot, f"{names[recorded]} did not ante into {pot} this deal",
                   player=recorded)
        return ShowWinner(None)
    card = None
    if suit is not None:
        assert record.flip_card is not None, "a suit is known from the flip card"
        held = sorted((c for c in hands[recorded] if c.suit is suit), key=low_rank)
        card = held[0] if held else None
        beats = card is not None and (pot == "flop" or recorded == dealer or dealer not in eligible
                                      or low_rank(card) < low_rank(record.flip_card))
        if not beats:
            judge.flag(R.FLIP_FLOP_WINNER, pot, f"{names[recorded]} was dealt no {suit.noun[:-1]} that could win"
                       f" {pot}", player=recorded)
            return ShowWinner(None)
        judge.checked.append(f"that the {pot} holder was dealt a card that could win it")
    judge.trusted.append(f"that {names[recorded]} showed for {pot} in his window")
    return ShowWinner(recorded, card, "recorded")


def _name(names: tuple[str, ...], seat: int | None) -> str:
    return "nobody" if seat is None or seat == NOBODY else names[seat]
