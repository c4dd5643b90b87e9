"""Settling Getaway: round points (GW-5.8), the match (GW-5.9), the chip pot
and payouts (GW-5.10 to GW-5.12), exact and summing to zero, and comparing
what the transcript claims with all of it (GW-4.15)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from ...findings import Finding
from ...frozen import frozen
from ...money import assert_zero_sum, format_fraction
from ...outcome import Money, Payout, Payouts, Pot, Ranking, Standing, Tally, payout_line
from . import rules as R
from .engine import RoundResult
from .options import Betting, GetawayOptions, Scoring
from .record import MatchClaims, RoundClaims

__all__ = ["round_points", "MatchResult", "settle_match", "compare_round", "compare_match", "round_summary",
           "match_summary", "match_payouts", "match_standing"]


def round_points(result: RoundResult, options: GetawayOptions, n: int) -> dict[int, int] | None:
    """Penalty points of a settled round (None if undetermined; zeros if dead)."""
    if not result.settled:
        return None
    points = {seat: 0 for seat in range(n)}
    if result.dead or result.loser is None:
        return points
    if options.scoring is Scoring.LOSER_ONLY:
        points[result.loser] = 1
    elif options.scoring is Scoring.LEGS:
        points[result.loser] = max(result.legs or 0, 1)
    else:
        table = options.staggered_table
        # bottom place first; the first to finish never scores (GW-5.8)
        for from_bottom, seat in enumerate(reversed(result.order[1:])):
            if from_bottom < len(table):
                points[seat] = table[from_bottom]
    return points


@frozen(slots=True)
class MatchResult:
    """A match's result; the tables are None unless it is complete (pot and payouts: and betting is on)."""

    complete: bool  # every round settled and as many rounds as match_rounds
    totals: dict[int, int] | None
    winners: frozenset[int] | None
    losers: frozenset[int] | None
    pot: Fraction | None
    paid: dict[int, Fraction] | None
    received: dict[int, Fraction] | None
    net: dict[int, Fraction] | None


def settle_match(
    results: Sequence[RoundResult], points: Sequence[dict[int, int] | None], options: GetawayOptions, n: int,
) -> MatchResult:
    settled = [p for p in points if p is not None]
    if len(results) != options.match_rounds or len(settled) != len(points):
        return MatchResult(False, None, None, None, None, None, None, None)
    totals = {seat: sum(p[seat] for p in settled) for seat in range(n)}
    low, high = min(totals.values()), max(totals.values())
    winners = frozenset(s for s, t in totals.items() if t == low)
    losers = frozenset(s for s, t in totals.items() if t == high)
    if options.betting is Betting.OFF:
        return MatchResult(True, totals, winners, losers, None, None, None, None)
    ante = options.ante
    played = sum(1 for result in results if not result.dead)  # a dead round moves no chips (GW-10.1)
    paid = {seat: ante * played for seat in range(n)}
    if options.push_push:
        for result in results[:-1]:  # the last round's loser deals no next round
            if result.loser is not None:
                paid[result.loser] += ante
    pot = sum(paid.values(), Fraction(0))
    share = pot / len(winners)
    received = {seat: share if seat in winners else Fraction(0) for seat in range(n)}
    net = {seat: received[seat] - paid[seat] for seat in range(n)}
    assert_zero_sum(net)
    return MatchResult(True, totals, winners, losers, pot, paid, received, net)


def _differs(rule_at: tuple[int, int] | None, deal: int | None, what: str, claimed: str, actual: str) -> Finding:
    line, column = rule_at or (None, None)
    return Finding(rule=R.CLAIM_DIFFERS, message=f"claimed {what} {claimed}, but the referee finds {actual}",
                   deal=deal, line=line, column=column)


def _names(players: tuple[str, ...], seats) -> str:
    return ", ".join(players[s] for s in seats) if seats else "none"


def compare_round(claims: RoundClaims, result: RoundResult, points: dict[int, int] | None,
                  players: tuple[str, ...], deal: int) -> list[Finding]:
    """GW-4.15 for one round (only when the round was settled)."""
    if not result.settled:
        return []
    at = claims.at or {}
    found = []
    if claims.order is not None and claims.order != result.order:
        found.append(_differs(at.get("order"), deal, "finishing order", _names(players, claims.order),
                              _names(players, result.order) + (" (dead round)" if result.dead else "")))
    if claims.loser is not None and claims.loser != result.loser:
        if result.dead:
            actual = "no loser (dead round)"
        else:
            assert result.loser is not None, "a settled round that is not dead has a loser"
            actual = players[result.loser]
        found.append(_differs(at.get("loser"), deal, "loser", players[claims.loser], actual))
    if claims.legs is not None and claims.legs != result.legs:
        found.append(_differs(at.get("legs"), deal, "legs", str(claims.legs), str(result.legs)))
    if claims.dead is not None and claims.dead != result.dead:
        found.append(_differs(at.get("dead"), deal, "dead round", str(claims.dead).lower(), str(result.dead).lower()))
    if claims.points is not None and points is not None:
        for seat, value in claims.points.items():
            if points[seat] != value:
                found.append(_differs(at.get("points"), deal, f"points for {players[seat]}", str(value), str(points[seat])))
    if claims.penalties is not None and sorted(claims.penalties) != sorted(result.penalties):
        def show(items):
            return "; ".join(f"{players[s]} {rule}" for s, rule in items) or "none"
        found.append(_differs(at.get("penalties"), deal, "penalties", show(claims.penalties), show(result.penalties)))
    return found


def compare_match(claims: MatchClaims, match: MatchResult, players: tuple[str, ...]) -> list[Finding]:
    """GW-4.15 for the match (only when it is complete)."""
    if not match.complete:
        return []
    totals = match.totals
    assert totals is not None, "a complete match has its totals"
    at = claims.at or {}
    found = []
    for key in ("totals",):
        table = getattr(claims, key)
        if table is not None:
            for seat, value in table.items():
                if totals[seat] != value:
                    found.append(_differs(at.get(key), None, f"total for {players[seat]}", str(value), str(totals[seat])))
    for key in ("winners", "losers"):
        group = getattr(claims, key)
        actual = getattr(match, key)
        if group is not None and group != actual:
            found.append(_differs(at.get(key), None, f"match {key}", _names(players, sorted(group)),
                                  _names(players, sorted(actual))))
    for key in ("paid", "received", "net"):
        table = getattr(claims, key)
        actual = getattr(match, key)
        if table is None:
            continue
        for seat, value in table.items():
            real = actual[seat] if actual is not None else Fraction(0)
            if real != value:
                found.append(_differs(at.get(key), None, f"{key} for {players[seat]}",
                                      format_fraction(value), format_fraction(real)))
    return found


def round_summary(result: RoundResult, points: dict[int, int] | None, players: tuple[str, ...],
                  *, dealer: int, deal: int) -> tuple[tuple[str, ...], dict[str, Any]]:
    """Text lines and plain data for one round."""
    data: dict[str, Any] = {"deal": deal, "dealer": players[dealer], "settled": result.settled}
    if not result.settled:
        return (f"deal {deal}: not settled (replay stopped)",), data
    assert points is not None, "a settled round has its points"
    data["dead"] = result.dead
    data["order"] = [players[s] for s in result.order]
    if result.dead:
        line = f"deal {deal}: dead round ({R.DEAD_ROUND}): no loser, no points; escaped: {_names(players, result.order)}"
    else:
        assert result.loser is not None, "a settled round that is not dead has a loser"
        data["loser"] = players[result.loser]
        data["legs"] = result.legs
        line = (f"deal {deal}: finishing order {_names(players, result.order)}; loser {players[result.loser]}"
                f" (legs {result.legs})")
    tally = Tally(tuple((players[s], v) for s, v in points.items()))
    data["points"] = tally.data()
    scored = tally.text(skip_zero=True)
    lines = [line]
    if scored:
        lines.append(f"deal {deal}: points {scored}")
    return tuple(lines), data


def match_payouts(match: MatchResult, players: tuple[str, ...]) -> Payouts | None:
    """The chip pot and who paid and received what, as values (None: betting is off or the match is open)."""
    if match.pot is None:
        return None
    paid, received = match.paid, match.received
    assert paid is not None and received is not None, "a pot has its payouts"
    return Payouts(Pot("pot", Money.of(match.pot)),
                   tuple(Payout(players[s], Money.of(paid[s]), Money.of(received[s])) for s in range(len(players))))


def match_standing(match: MatchResult, players: tuple[str, ...], payouts: Payouts | None, *, rounds: int) -> Standing:
    """A complete match as the ledger counts it: every round dealt to everyone, the match totals as points,
    the pot's nets as money, the match's winners and losers."""
    totals, winners, losers = match.totals, match.winners, match.losers
    assert totals is not None and winners is not None and losers is not None, "a complete match has them"
    return Standing(dealt=Tally(tuple((name, rounds) for name in players)),
                    points=Tally(tuple((players[s], t) for s, t in totals.items())),
                    money=payouts.net() if payouts is not None else None,
                    winners=tuple(players[s] for s in sorted(winners)),
                    losers=tuple(players[s] for s in sorted(losers)))


def match_summary(match: MatchResult, players: tuple[str, ...], options: GetawayOptions,
                  rounds: int) -> tuple[tuple[str, ...], dict[str, Any], Standing | None]:
    """Text lines, plain data and the standing (a complete match's) for the match; a one-round match
    without betting adds no text lines (the round says it all)."""
    data: dict[str, Any] = {"complete": match.complete, "rounds": rounds, "match_rounds": options.match_rounds}
    if not match.complete:
        why = (f"{rounds} of {options.match_rounds} rounds recorded" if rounds != options.match_rounds
               else "a round is not settled")
        return (f"match: undetermined ({why})",), data, None
    totals, winners, losers = match.totals, match.winners, match.losers
    assert totals is not None and winners is not None and losers is not None, "a complete match has them"
    ranking = Ranking(winners=tuple(players[s] for s in sorted(winners)),
                      losers=tuple(players[s] for s in sorted(losers)))
    points = Tally(tuple((players[s], t) for s, t in totals.items()))
    data["totals"] = points.data()
    data["winners"] = list(ranking.winners)
    data["losers"] = list(ranking.losers)
    lines = [
        "match: totals " + points.text(),
        f"match: winners {Ranking.names(ranking.winners)}; losers {Ranking.names(ranking.losers)}",
    ]
    payouts = match_payouts(match, players)
    if payouts is not None:
        data["pot"] = payouts.pot.amount.ratio()
        data["payouts"] = payouts.data(form="ratio")
        lines.append(payout_line(payouts, form="ratio"))
    elif options.match_rounds == 1:
        lines = []
    return tuple(lines), data, match_standing(match, players, payouts, rounds=rounds)
