"""A session's deals and table as text lines and plain data: each pot, who paid
in, who won it, each player's net per pot, in text per GFF-10.10 and in data
as exact decimal strings."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...outcome import Standing
from ..base import DealOutcome
from .display import exact, show
from .endings import Ending
from .pots import ZERO, PotKind, Tier
from .reports import DealReport, SessionReport, session_standing
from .settle import COLUMNS

_NET = (*COLUMNS, "total")

__all__ = ["deal_summary", "deal_lines", "deal_data", "DealSummary", "session_summary", "standing_summary", "ending_text", "payouts"]

_HOW = {"shown": "", "derived": " (no shows recorded: derived from the dealt cards, GFF-15.8)",
        "automatic": " (automatic: lowest card dealt)", "recorded": " (as recorded)"}


def ending_text(report: DealReport, names: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
    result = report.result
    assert result is not None and result.ending is not None, "a settled deal has ended"
    ending, actor = result.ending, result.actor
    data: dict[str, Any] = {"type": ending.value}
    if ending in (Ending.OUT, Ending.TUNK):
        assert actor is not None, "going out has its player"
        data["by"] = names[actor]
        text = f"{names[actor]} {'went out' if ending is Ending.OUT else 'tunked out'}"
    elif ending in (Ending.DROP, Ending.CAUGHT):
        assert actor is not None, "a drop has its player"
        data["by"] = names[actor]
        text = f"{names[actor]} dropped" + (" and was caught" if ending is Ending.CAUGHT else " and was lowest")
    elif ending is Ending.STOCK:
        text = "the stock ran out"
    else:
        data["declared"] = {names[s]: t for s, t in result.declarers.items()}
        text = "declared " + ", ".join(f"{names[s]} {t}" for s, t in result.declarers.items())
    if result.totals and ending in (Ending.DROP, Ending.CAUGHT, Ending.STOCK):
        data["totals"] = {names[s]: t for s, t in result.totals.items()}
        text += "; totals " + ", ".join(f"{names[s]} {t}" for s, t in result.totals.items())
    return text, data


def deal_summary(report: DealReport, names: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, Any]]:
    """Text lines and plain data for one deal."""
    return deal_lines(report, names), deal_data(report, names)


def deal_lines(report: DealReport, names: tuple[str, ...]) -> tuple[str, ...]:
    """One deal as text lines (GFF-10.10 amounts)."""
    n = report.number
    if not report.replayed:
        return (f"deal {n}: not replayed (the replay stopped earlier)",)
    dealer = names[report.dealer] if report.dealer is not None else None
    lines = [f"deal {n}: {note}" for note in report.notes]
    if not report.settled:
        lines.append(f"deal {n} (dealer {dealer}): not settled")
        return tuple(lines)
    money, result = report.money, report.result
    assert money is not None and result is not None, "a settled deal has its result and money"
    text, _ = ending_text(report, names)
    flag = " [provisional]" if report.provisional else ""
    lines.append(f"deal {n} (dealer {dealer}){flag}: {text}")
    tiers = report.tiers
    if any(t is not Tier.FULL for t in tiers.values()) or not tiers:
        lines.append(f"deal {n}: tiers " + ", ".join(f"{names[s]} {tiers[s].value}" for s in report.order))
    for award in money.awards:
        pot = award.pot
        paid = ", ".join(f"{names[s]} {show(v, signed=False)}" for s, v in pot.paid.items()) or "nobody"
        head = f"deal {n}: {pot.kind.value} pot {show(pot.amount, signed=False)}"
        if pot.carried:
            head += f" ({show(pot.carried, signed=False)} carried in)"
        if pot.kind is PotKind.FLIP or pot.kind is PotKind.FLOP:
            if award.shares:
                how = (result.flip if pot.kind is PotKind.FLIP else result.flop).how
                card = f" with {award.card}" if award.card is not None else ""
                won = f"won by {names[award.winners[0]]}{card}{_HOW.get(how, '')}"
            else:
                won = f"no winner, {show(pot.amount, signed=False)} carried to the next deal"
        else:
            won = "won by " + ", ".join(f"{names[s]} {show(v, signed=False)}" for s, v in award.shares.items())
        lines.append(f"{head}; paid in by {paid}; {won}")
    for s in money.order:
        row = money.net[s]
        lines.append(f"deal {n}: net {names[s]}: " + ", ".join(f"{c} {show(row[c])}" for c in COLUMNS)
                     + f"; total {show(row['total'])}")
    after = money.after
    change = money.carried_change
    if change or after.total:
        lines.append(f"deal {n}: carried pots {show(change)} (now flip"
                     f" {show(after.flip, signed=False)}, flop {show(after.flop, signed=False)})")
    if money.bankrolls is not None:
        bankrolls = money.bankrolls
        lines.append(f"deal {n}: bankrolls after " + ", ".join(
            f"{names[s]} {show(bankrolls[s], signed=False)}" for s in money.order))
    if report.outcome_only:
        lines.append(f"deal {n}: outcome only; checked: {'; '.join(report.checked) or 'nothing'};"
                     f" taken on trust: {'; '.join(report.trusted) or 'nothing'}")
    return tuple(lines)


def deal_data(report: DealReport, names: tuple[str, ...]) -> dict[str, Any]:
    """One deal as plain data (amounts as exact decimal strings)."""
    dealer = names[report.dealer] if report.dealer is not None else None
    data: dict[str, Any] = {"deal": report.number, "dealer": dealer, "replayed": report.replayed,
                            "settled": report.settled, "provisional": report.provisional,
                            "outcome_only": report.outcome_only}
    if not report.replayed:
        return data
    if report.tiers:
        data["tiers"] = {names[s]: report.tiers[s].value for s in report.order or report.tiers}
    if not report.settled:
        return data
    money, result = report.money, report.result
    assert money is not None and result is not None, "a settled deal has its result and money"
    data["ending"] = ending_text(report, names)[1]
    pots = []
    for award in money.awards:
        pot = award.pot
        entry: dict[str, Any] = {
            "pot": pot.kind.value, "amount": exact(pot.amount), "carried_in": exact(pot.carried),
            "paid_in": {names[s]: exact(v) for s, v in pot.paid.items()},
            "eligible": [names[s] for s in report.order if s in pot.eligible],
            "winners": [names[s] for s in award.winners],
            "shares": {names[s]: exact(v) for s, v in award.shares.items()},
            "carried_out": exact(award.carried_forward),
        }
        if pot.kind is PotKind.FLIP or pot.kind is PotKind.FLOP:
            entry["how"] = (result.flip if pot.kind is PotKind.FLIP else result.flop).how
            if award.card is not None and award.shares:
                entry["card"] = award.card.token
        pots.append(entry)
    data["pots"] = pots
    data["net"] = {names[s]: {c: exact(money.net[s][c]) for c in _NET} for s in money.order}
    after = money.after
    data["carried"] = {"flip": exact(after.flip), "flop": exact(after.flop), "change": exact(money.carried_change)}
    if money.bankrolls is not None:
        data["bankrolls"] = {names[s]: exact(money.bankrolls[s]) for s in money.order}
    data["eliminated"] = [names[s] for s in money.eliminated]
    if report.outcome_only:
        data["checked"] = list(report.checked)
        data["trusted"] = list(report.trusted)
    return data


def _outcome(number: int, settled: bool, lines: tuple[str, ...], data: dict[str, Any]) -> DealOutcome:
    return DealOutcome(number=number, settled=settled, lines=lines, data=data)


class DealSummary(DealOutcome):
    """A deal's outcome whose text lines (`deal_lines`) and data (`deal_data`)
    are each written the first time they are read: a check that prints
    neither (`-q`, `--statistics`, the exit status, the ledger) builds
    neither, text output builds no data and JSON no text. The report is a
    frozen value by then, so they are the same whenever written
    (tests/gameflipflop/test_lazy_summary.py). Equal to the plain outcome
    with the same fields; pickled and copied as one."""

    __slots__ = ("_report", "_names", "_lines", "_data")
    _report: DealReport
    _names: tuple[str, ...]
    _lines: tuple[str, ...] | None
    _data: dict[str, Any] | None

    def __init__(self, report: DealReport, names: tuple[str, ...]) -> None:
        setter = object.__setattr__
        setter(self, "number", report.number)
        setter(self, "settled", report.settled)
        setter(self, "_report", report)
        setter(self, "_names", names)
        setter(self, "_lines", None)
        setter(self, "_data", None)

    @property
    def lines(self) -> tuple[str, ...]:
        lines = self._lines
        if lines is None:
            lines = deal_lines(self._report, self._names)
            object.__setattr__(self, "_lines", lines)
        return lines

    @property
    def data(self) -> dict[str, Any]:
        data = self._data
        if data is None:
            data = deal_data(self._report, self._names)
            object.__setattr__(self, "_data", data)
        return data

    def json_text(self, depth: int = 0) -> str:
        """`json.dumps(dict(self.data), indent=2)`, the same text, as it stands at `depth` of a
        larger text, written without the data (`dealjson.deal_json`); `render_json` splices it in."""
        return deal_json(self._report, self._names, depth=depth)

    def plain(self) -> DealOutcome:
        """The same outcome as a plain `DealOutcome`."""
        return _outcome(self.number, self.settled, self.lines, self.data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DealOutcome):
            return (self.number, self.settled, self.lines, self.data) == (other.number, other.settled, other.lines,
                                                                          other.data)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # its data is a dict, as a plain outcome's

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _outcome, (self.number, self.settled, self.lines, self.data)


def payouts(session: SessionReport, names: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """The session's payout table, one row per player: his net from each pot over the
    settled deals, refunds of carried pots, his net and, with bankrolls, where he ends."""
    money = session.money
    columns: dict[int, dict[str, list[Fraction]]] = {s: {c: [] for c in COLUMNS} for s in money.net}
    for report in session.deals:
        if report.money is not None:
            for s, deal_row in report.money.net.items():
                for c, values in columns[s].items():
                    values.append(deal_row[c])
    table: dict[str, dict[str, str]] = {}
    for s, net in money.net.items():
        sums = {c: sum(values, ZERO) for c, values in columns[s].items()}
        assert sum(sums.values(), money.refunds[s]) == net, "payout row does not add up to the net"
        row: dict[str, str] = {c: exact(value, signed=True) for c, value in sums.items()}
        row["refunds"] = exact(money.refunds[s])
        row["net"] = exact(net, signed=True)
        if money.bankrolls is not None:
            row["bankroll"] = exact(money.bankrolls[s])
        table[names[s]] = row
    return table


def session_summary(session: SessionReport,
                    names: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, Any], Standing]:
    """Text lines, plain data and the standing for the session table."""
    money = session.money
    settled = sum(1 for d in session.deals if d.settled)
    data: dict[str, Any] = {
        "stake": exact(session.stake) if session.stake is not None else None,
        "deals": len(session.deals), "deals_settled": settled, "complete": session.complete,
        "provisional": session.provisional, "stopped_at_deal": session.stopped_at,
        "payouts": payouts(session, names),
        "net": {names[s]: exact(v) for s, v in money.net.items()},
        "deal_nets": {names[s]: exact(v) for s, v in money.deal_nets.items()},
        "refunds": {names[s]: exact(v) for s, v in money.refunds.items() if v},
        "carried_pots": {"flip": exact(money.left_on_table.flip), "flop": exact(money.left_on_table.flop)},
    }
    lines = []
    if session.stopped_at is not None:
        where = f"at deal {session.stopped_at}" if session.stopped_at else "before the first deal"
        lines.append(f"session: the replay stopped {where}; the table stands as after the last settled deal")
    flag = " [provisional]" if session.provisional else ""
    lines.append(f"session{flag}: {settled} of {len(session.deals)} deals settled; net "
                 + ", ".join(f"{names[s]} {show(v)}" for s, v in money.net.items()))
    if any(money.refunds.values()):
        lines.append("session: carried pots refunded: " + ", ".join(
            f"{names[s]} {show(v, signed=False)}" for s, v in money.refunds.items() if v))
    if money.left_on_table.total:
        lines.append(f"session: still on the table (unwon_pot_at_end = report): flip"
                     f" {show(money.left_on_table.flip, signed=False)}, flop"
                     f" {show(money.left_on_table.flop, signed=False)}; carried pots row"
                     f" {show(money.left_on_table.total)}")
    if money.bankrolls is not None:
        data["bankrolls"] = {names[s]: exact(v) for s, v in money.bankrolls.items()}
        lines.append("session: bankrolls " + ", ".join(
            f"{names[s]} {show(v, signed=False)}" for s, v in money.bankrolls.items()))
    return tuple(lines), data, session_standing(session, names)


def standing_summary(session: SessionReport,
                     names: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, Any], Standing]:
    """A session in progress: no final settlement (nothing refunded); the
    settled deals' nets and bankrolls as they stand, and the pots on the table."""
    _, data, standing = session_summary(session, names)
    money, pots = session.money, session.on_table
    assert pots is not None, "a session in progress reports the pots on the table"
    settled = sum(1 for d in session.deals if d.settled)
    data = {**data, "in_progress": True, "on_table": {kind: exact(amount) for kind, amount in pots.items()}}
    lines = [f"session in progress: {settled} of {len(session.deals)} deals settled; standing net "
             + ", ".join(f"{names[s]} {show(v)}" for s, v in money.net.items()),
             "session in progress: on the table: " + ", ".join(
                 f"{kind} pot {show(amount, signed=False)}" for kind, amount in pots.items())]
    if money.bankrolls is not None:
        lines.append("session in progress: bankrolls " + ", ".join(
            f"{names[s]} {show(v, signed=False)}" for s, v in money.bankrolls.items()))
    return tuple(lines), data, standing


from .dealjson import deal_json  # noqa: E402  (dealjson falls back to deal_data above)
