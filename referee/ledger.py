"""A season's ledger: per-player totals over many reports, and the settle-up.

Built from reports: `Report` values as the batch runner gives them (`referee
ledger` reads each one's typed `Report.standing`), or the plain report data
`referee.check_path` gives (`schemas/report.schema.json`, its
`settlement.outcome` read back); players are matched by name across files.
A file is counted only when it is usable and settled (every deal settled,
the game or match complete, nothing provisional, no money left on the
table); any other file is listed with the reason it was left out, never
dropped. A file with findings but a settled result counts, and so do its
findings.

Each report's result is its standing (`Report.standing`; in plain data
`settlement.outcome`, written from it), which every game gives in the same
form (`outcome.Standing`: deals dealt, points, money, winners and losers),
so the ledger names no game. What is counted, per player, over the counted
files, and what each game puts there:

- games: files the player is seated in; deals: deals the player was dealt in
  (Game, Flip, Flop: the deal's tiers; the others: every deal);
- wins and losses, one per game at most, as the game's own result names them:
  Getaway the match's winners and losers; Vazhushal the match winner (the
  others lose; a match with no winner yet gives none); Tjuv the session
  ranking when `session_result` asks for one, otherwise deals won (most
  wins, fewest loses); Game, Flip, Flop the session's net money (above zero
  wins, below loses). A player named both winner and loser (everyone tied)
  gets neither;
- points, per game, never added across games: Getaway penalty points (match
  totals), Tjuv cards taken (session totals), Vazhushal the deals' scores;
- findings of severity `error` naming the player, by rule ID (the ledger
  also counts every error finding by rule, those that name no player too);
- money: the net of every Game, Flip, Flop session and every Getaway match
  played with `betting=pot`, exact (`Fraction`); Tjuv and Vazhushal have no
  stakes. The nets sum to zero (asserted, file by file and in total).

The settle-up is the fewest transfers that clear every balance. That is
NP-hard in general: with k people in a group that sums to zero, k-1
transfers clear it, so the fewest transfers are (people with a balance) -
(the most zero-sum groups they split into). Pairs that cancel exactly are
paired off first (always part of some best answer); then, for up to
`EXACT_LIMIT` balances, a dynamic programme over subsets finds the most
groups; beyond that a greedy (largest debtor pays largest creditor) is
used, which clears every balance but may use more transfers than needed,
and the ledger says so (`SettleUp.exact`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from fractions import Fraction
from math import lcm
from typing import Any, Iterable, Iterator, Mapping

from .frozen import frozen
from .games import REGISTRY
from .money import assert_zero_sum
from .outcome import Standing, Tally
from .report import Report, Status

__all__ = ["EXACT_LIMIT", "POINTS_GAMES", "Transfer", "SettleUp", "LeftOut", "PlayerLine", "Ledger",
           "left_out_reason", "rule_order", "build_ledger", "settle_up", "reports_of", "exit_code"]

EXACT_LIMIT = 18  # balances (after cancelling pairs) the exact settle-up takes: 2**18 subsets, about 0.15 s
POINTS_GAMES = tuple(sorted(e.name for e in REGISTRY if e.points))  # games whose points the ledger keeps, a column each


@frozen(slots=True)
class Transfer:
    """`payer` pays `amount` (> 0) to `payee`."""

    payer: str
    payee: str
    amount: Fraction


@frozen(slots=True)
class SettleUp:
    transfers: tuple[Transfer, ...]
    exact: bool  # True: provably the fewest transfers; False: the greedy fallback
    balances: int  # people with a non-zero balance


@frozen(slots=True)
class LeftOut:
    """A file not in the totals: its status and why."""

    file: str
    status: str
    reason: str


@frozen(slots=True)
class PlayerLine:
    name: str
    games: int
    deals: int
    wins: int
    losses: int
    points: Mapping[str, int]  # only the POINTS_GAMES the player played
    net: Fraction
    money_games: int  # games whose money is in `net`
    findings: Mapping[str, int]  # rule ID -> error findings naming the player


@frozen(slots=True)
class Ledger:
    files: int
    counted: tuple[str, ...]
    left_out: tuple[LeftOut, ...]
    players: tuple[PlayerLine, ...]  # by name
    findings: Mapping[str, int] = field(default_factory=dict)  # rule ID -> every error finding
    settle_up: SettleUp = SettleUp((), True, 0)

    @property
    def unusable(self) -> int:
        return sum(1 for f in self.left_out if f.status == "unusable")


def exit_code(ledger: Ledger) -> int:
    """0 every file counted; 1 a usable file left out (not settled); 2 a file unusable."""
    if ledger.unusable:
        return 2
    return 1 if ledger.left_out else 0


def left_out_reason(report: Mapping[str, Any], standing: Standing | None = None) -> str | None:
    """Why a report (plain data; `standing`: its result, else read from it) cannot be counted (None when
    it can)."""
    if report["status"] == "unusable":
        problems = report.get("problems") or [{}]
        first = problems[0]
        where = f"line {first['line']}: " if first.get("line") else ""
        return f"{where}{first.get('message', 'unreadable')}"
    unsettled = [str(d["deal"]) for d in report["deals"] if not d.get("settled")]
    if unsettled:
        return f"not settled: deal{'s' if len(unsettled) > 1 else ''} {', '.join(unsettled)}"
    settlement = report["settlement"]
    if settlement.get("provisional") or any(d.get("provisional") for d in report["deals"]):
        return "provisional settlement (after an illegal action)"
    if settlement.get("complete") is False or settlement.get("known") is False:
        return "result undetermined (not every round or game recorded)"
    if not report["deals"]:
        return "no deal recorded"
    if standing is None:
        standing = _outcome(report)
    if standing.on_table:
        return "money left on the table (won by nobody): the nets do not settle up"
    return None


class _Tally:
    __slots__ = ("games", "deals", "wins", "losses", "points", "net", "money_games", "findings")

    def __init__(self) -> None:
        self.games = self.deals = self.wins = self.losses = self.money_games = 0
        self.points: dict[str, int] = {}
        self.net = Fraction(0)
        self.findings: Counter[str] = Counter()


def _outcome(report: Mapping[str, Any]) -> Standing:
    """A counted report's result as every game states it (`settlement.outcome`); none: nothing to count
    but the games."""
    data = report["settlement"].get("outcome")
    return Standing.from_data(data) if data else Standing(dealt=Tally(()))


def _entry(report: Report | Mapping[str, Any]) -> tuple[Mapping[str, Any], Standing]:
    """What the ledger reads of a report: its plain fields (for a `Report`, only those the ledger looks at:
    no JSON made) and its standing (a `Report`'s own typed value; plain data: read back)."""
    if not isinstance(report, Report):
        return report, _outcome(report)
    plain: dict[str, Any] = {"file": report.file, "status": report.status.value}
    if report.status is Status.UNUSABLE:
        plain["problems"] = [p.to_data() for p in report.problems]
        return plain, Standing(dealt=Tally(()))
    plain.update(game=report.game, players=list(report.players), settlement=report.settlement,
                 deals=[{"deal": d.number, "settled": d.settled, "provisional": d.data.get("provisional")}
                        for d in report.deals],
                 findings=[{"rule": f.rule, "severity": f.severity.value, "player": f.player}
                           for f in report.findings])
    return plain, report.standing if report.standing is not None else Standing(dealt=Tally(()))


def build_ledger(reports: Iterable[Report | Mapping[str, Any]], *, exact_limit: int = EXACT_LIMIT) -> Ledger:
    """The ledger of `reports` (`Report` values or plain report data, in any order)."""
    tallies: dict[str, _Tally] = {}
    counted: list[str] = []
    left_out: list[LeftOut] = []
    by_rule: Counter[str] = Counter()
    files = 0
    for item in reports:
        files += 1
        report, outcome = _entry(item)
        reason = left_out_reason(report, outcome)
        if reason is not None:
            left_out.append(LeftOut(report["file"], report["status"], reason))
            continue
        counted.append(report["file"])
        game, players = report["game"], report["players"]
        nets = {p: v.fraction for p, v in outcome.money.items()} if outcome.money is not None else None
        winners, losers = set(outcome.winners), set(outcome.losers)
        points = outcome.points.data() if outcome.points is not None else None
        dealt = outcome.dealt.data()
        for player in players:
            tally = tallies.get(player)
            if tally is None:
                tally = tallies[player] = _Tally()
            tally.games += 1
            tally.deals += dealt.get(player, 0)
            if player in winners and player not in losers:
                tally.wins += 1
            elif player in losers and player not in winners:
                tally.losses += 1
            if points is not None:
                tally.points[game] = tally.points.get(game, 0) + points.get(player, 0)
            if nets is not None:
                tally.net += nets.get(player, Fraction(0))
                tally.money_games += 1
        for finding in report["findings"]:
            if finding["severity"] != "error":
                continue
            by_rule[finding["rule"]] += 1
            named = finding.get("player")
            if named in tallies and named in players:
                tallies[named].findings[finding["rule"]] += 1
    balances = {name: t.net for name, t in tallies.items()}
    assert_zero_sum(balances)
    lines = tuple(
        PlayerLine(name=name, games=t.games, deals=t.deals, wins=t.wins, losses=t.losses, points=dict(t.points),
                   net=t.net, money_games=t.money_games, findings=dict(sorted(t.findings.items(), key=rule_order)))
        for name, t in sorted(tallies.items()))
    return Ledger(files=files, counted=tuple(counted), left_out=tuple(left_out), players=lines,
                  findings=dict(sorted(by_rule.items(), key=rule_order)),
                  settle_up=settle_up(balances, exact_limit=exact_limit))


def rule_order(item: tuple[str, int]) -> tuple:
    """GW-4.4 before GW-4.15: by prefix, then the numbers."""
    prefix, _, number = item[0].partition("-")
    return (prefix, *(int(p) if p.isdigit() else 0 for p in number.split(".")))


# -- the settle-up --------------------------------------------------------------------------------------------


def settle_up(balances: Mapping[str, Fraction], *, exact_limit: int = EXACT_LIMIT) -> SettleUp:
    """Transfers that clear every balance (positive: is owed; negative: owes),
    the fewest there can be when at most `exact_limit` balances remain
    after exact pairs cancel."""
    assert_zero_sum(balances)
    people = sorted((name, Fraction(amount)) for name, amount in balances.items() if amount)
    transfers: list[Transfer] = []
    rest = _pair_off(people, transfers)
    exact = len(rest) <= exact_limit
    groups = _zero_sum_groups(rest) if exact else [rest]
    for group in groups:
        transfers.extend(_clear(group))
    for transfer in transfers:
        assert transfer.amount > 0
    transfers.sort(key=lambda t: (t.payer, t.payee))
    return SettleUp(tuple(transfers), exact, len(people))


def _pair_off(people: list[tuple[str, Fraction]], transfers: list[Transfer]) -> list[tuple[str, Fraction]]:
    """Pay off every debtor whose debt equals a creditor's credit exactly
    (such a pair is its own group in some best answer); the others remain."""
    creditors: dict[Fraction, list[str]] = {}
    for name, amount in people:
        if amount > 0:
            creditors.setdefault(amount, []).append(name)
    paired: set[str] = set()
    for name, amount in people:
        if amount < 0 and creditors.get(-amount):
            payee = creditors[-amount].pop(0)
            transfers.append(Transfer(name, payee, -amount))
            paired.update((name, payee))
    return [(name, amount) for name, amount in people if name not in paired]


def _zero_sum_groups(people: list[tuple[str, Fraction]]) -> list[list[tuple[str, Fraction]]]:
    """`people` (summing to zero) split into the most groups that each sum to
    zero: best[mask] is the most zero-sum prefixes over orders of `mask`'s
    members (one more when `mask` itself sums to zero)."""
    n = len(people)
    if n == 0:
        return []
    scale = lcm(*(amount.denominator for _, amount in people))
    values = [int(amount * scale) for _, amount in people]
    size = 1 << n
    sums = [0] * size
    best = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
        top, rest = 0, mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] > top:
                top = best[mask ^ bit]
            rest ^= bit
        best[mask] = top + (sums[mask] == 0)
    groups, mask, closed = [], size - 1, size - 1
    while mask:
        step = best[mask] - (sums[mask] == 0)
        rest = mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] == step:
                break
            rest ^= bit
        mask ^= bit
        if sums[mask] == 0:  # closes a group: the members removed since the last zero-sum set
            groups.append([people[i] for i in range(n) if (closed ^ mask) >> i & 1])
            closed = mask
    assert len(groups) == best[size - 1]
    return groups


def _clear(group: list[tuple[str, Fraction]]) -> Iterator[Transfer]:
    """Largest debtor pays largest creditor until all are clear: each transfer
    clears at least one person and the last clears two, so k people take at
    most k-1 transfers."""
    debtors = sorted(((-a, n) for n, a in group if a < 0), key=lambda x: (-x[0], x[1]))
    creditors = sorted(((a, n) for n, a in group if a > 0), key=lambda x: (-x[0], x[1]))
    while debtors and creditors:
        (owed, payer), (due, payee) = debtors[0], creditors[0]
        amount = min(owed, due)
        yield Transfer(payer, payee, amount)
        debtors[0], creditors[0] = (owed - amount, payer), (due - amount, payee)
        debtors = sorted((d for d in debtors if d[0]), key=lambda x: (-x[0], x[1]))
        creditors = sorted((c for c in creditors if c[0]), key=lambda x: (-x[0], x[1]))
    assert not debtors and not creditors


# -- reports from files ---------------------------------------------------------------------------------------


def reports_of(files: Iterable[str], *, jobs: int, max_bytes: int) -> Iterator[Report]:
    """The report of each file FILES name (as for `referee check`: files,
    directories, globs, `-`), in order, checked by the batch runner over
    `jobs` processes; each report comes back as a `Report` value (its
    standing typed, no JSON made or read)."""
    from contextlib import closing

    from .batch import check_files
    from .inputs import expand_inputs

    paths = expand_inputs(list(files))
    with closing(check_files(paths, jobs=jobs, max_bytes=max_bytes)) as checked:
        yield from checked
