"""Claims compared with the referee's own results (GFF-9.4, 10.15, 14.4, 14.5).

A claim that differs is a finding citing the rule that fixes the right
value; it never stops the replay, and the computed result is what counts.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Iterable, Mapping

from ...cards import Card, format_cards
from ...findings import Finding
from . import rules as R
from .display import show
from .endings import Ending, PlayResult
from .pots import ZERO, PotKind
from .record import NOBODY, DealClaims, SessionClaims
from .settle import DealMoney, SessionMoney

__all__ = ["compare_deal", "compare_session", "compare_reveal"]


def _finding(rule: str, at: tuple[int, int] | None, deal: int | None, message: str) -> Finding:
    line, column = at or (None, None)
    return Finding(rule=rule, message=message, deal=deal, line=line, column=column)


def _who(names: tuple[str, ...], seat: int | None) -> str:
    return "nobody" if seat is None or seat == NOBODY else names[seat]


def _ending_rule(claimed: str, actual: Ending) -> str:
    if claimed == "tunk" and actual is Ending.OUT:
        return R.TUNK_CLAIM
    if {claimed, actual.value} == {"drop", "caught"}:
        return R.CAUGHT
    return R.AFTER_END


def compare_deal(claims: DealClaims, result: PlayResult, money: DealMoney, names: tuple[str, ...],
                 deal: int) -> list[Finding]:
    """Every claim of one settled deal that differs from the referee's result."""
    at, found = claims.at, []
    assert result.ending is not None, "a settled deal has ended"
    if claims.ending is not None and claims.ending != result.ending.value:
        found.append(_finding(_ending_rule(claims.ending, result.ending), at.get("ending"), deal,
                              f"claimed ending '{claims.ending}', but the deal ended as '{result.ending.value}'"))
    if claims.game is not None and set(claims.game) != set(result.game_winners):
        found.append(_finding(R.GAME_WINNER, at.get("game"), deal,
                              f"claimed game pot winners {', '.join(names[s] for s in claims.game) or 'none'},"
                              f" but the referee finds {', '.join(names[s] for s in result.game_winners)}"))
    for key, kind in (("flip", PotKind.FLIP), ("flop", PotKind.FLOP)):
        claimed = getattr(claims, key)
        if claimed is None:
            continue
        award = money.award(kind)
        assert award is not None, "a settled deal awards flip and flop (or carries them)"
        winners = award.winners
        holder = winners[0] if winners else NOBODY
        if claimed != holder:
            found.append(_finding(R.FLIP_FLOP_WINNER, at.get(key), deal,
                                  f"claimed {key} winner {_who(names, claimed)}, but the referee finds"
                                  f" {_who(names, holder)}"))
    if claims.net is not None:
        for seat, value in claims.net.items():
            actual = money.net[seat]["total"] if seat in money.net else ZERO
            if value != actual:
                found.append(_finding(R.PAYOUT_CLAIM, at.get("net"), deal,
                                      f"claimed net for {names[seat]} {show(value)}, but it is {show(actual)}"))
    if claims.pots is not None:
        for seat, row in claims.pots.items():
            for column, value in row.items():
                actual = money.net[seat][column] if seat in money.net else ZERO
                if value != actual:
                    found.append(_finding(R.PAYOUT_CLAIM, at.get("pots"), deal,
                                          f"claimed {column} net for {names[seat]} {show(value)}, but it is"
                                          f" {show(actual)}"))
    if claims.bankrolls is not None:
        found.extend(_bankrolls(claims.bankrolls, money.bankrolls, names, at.get("bankrolls"), deal))
    return found


def _bankrolls(claimed: Mapping[int, Fraction], actual: Mapping[int, Fraction] | None, names: tuple[str, ...],
               at, deal: int | None) -> list[Finding]:
    if actual is None:
        return [_finding(R.BANKROLL, at, deal, "bankrolls are claimed, but the session plays with unlimited"
                         " bankrolls")]
    found = []
    for seat, value in claimed.items():
        real = actual.get(seat)
        if real is not None and value != real:
            found.append(_finding(R.BANKROLL, at, deal, f"claimed bankroll for {names[seat]} {show(value, signed=False)},"
                                  f" but it is {show(real, signed=False)}"))
    return found


def compare_reveal(revealed: Mapping[int, tuple[Card, ...]], hands: Mapping[int, Iterable[Card]], names: tuple[str, ...],
                   at, deal: int) -> list[Finding]:
    """GFF-14.4: revealed hands, if recorded, must be the hands the replay ends with."""
    found = []
    for seat, cards in revealed.items():
        held = hands.get(seat)
        if held is None or Counter(cards) != Counter(held):
            shown = format_cards(held) if held is not None else "no hand"
            found.append(_finding(R.REVEAL, at, deal, f"revealed hand of {names[seat]} differs from the replay"
                                  f" ({shown})"))
    return found


def compare_session(claims: SessionClaims, money: SessionMoney, names: tuple[str, ...]) -> list[Finding]:
    found = []
    if claims.net is not None:
        for seat, value in claims.net.items():
            actual = money.net.get(seat, ZERO)
            if value != actual:
                found.append(_finding(R.PAYOUT_CLAIM, claims.at.get("net"), None,
                                      f"claimed session net for {names[seat]} {show(value)}, but it is"
                                      f" {show(actual)}"))
    if claims.bankrolls is not None:
        found.extend(_bankrolls(claims.bankrolls, money.bankrolls, names, claims.at.get("bankrolls"), None))
    return found

