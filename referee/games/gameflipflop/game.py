"""Game, Flip, Flop as a `Game`: read the record, replay and settle the
session, describe it as text and data, and tell it to people (`show`, `replay`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ...errors import InputError, Problem
from ...yamldoc import Document
from ..base import DealOutcome, Header, RecordGame, Verdict
from .display import exact, show
from .options import FlipFlopOptions
from .record import FlipFlopRecord, read_record
from .session import SessionReport, run_session
from .summary import deal_summary, session_summary

if TYPE_CHECKING:
    from ..table import Beat, Position

__all__ = ["GameFlipFlop", "Refereed", "judge", "read"]


def judge(record: FlipFlopRecord, options: FlipFlopOptions, *, stake_overridden: bool,
          in_progress: bool = False) -> SessionReport:
    """The session report for a typed record. The stake is the header's `stake`,
    or the `stake` option when the transcript overrides it."""
    stake = record.stake if record.stake is not None else (options.stake if stake_overridden else None)
    return run_session(record, options, stake, in_progress=in_progress)


def read(document: Document, header: Header) -> FlipFlopRecord:
    """The typed record; an InputError for a transcript that cannot be read as this game."""
    record = read_record(document, header.players)
    options = FlipFlopOptions.from_values(header.ruleset.values)
    if record.stake is not None and "stake" in header.ruleset.overridden and record.stake != options.stake:
        line, column = record.at["stake"]
        raise InputError(Problem("the header's stake and the stake option differ; write it once", line, column),
                         file=document.name)
    return record


class Refereed:
    """A transcript read and refereed, for `show` and `replay`: its options, typed
    record, session report and the move lines as written."""

    __slots__ = ("options", "record", "report", "raw_moves")

    def __init__(self, document: Document, header: Header) -> None:
        self.options = FlipFlopOptions.from_values(header.ruleset.values)
        self.record = read(document, header)
        self.report = judge(self.record, self.options, stake_overridden="stake" in header.ruleset.overridden)
        self.raw_moves: list[list[str] | None] = [entry.get("moves") for entry in document.data["deals"]]


class GameFlipFlop(RecordGame):
    name = "game-flip-flop"

    def read(self, document: Document, header: Header) -> FlipFlopRecord:
        """The typed record (benchmarks time reading apart from replaying)."""
        return read(document, header)

    def judge_header(self, record: FlipFlopRecord, header: Header) -> Verdict:
        """Replay and settle a typed record (`read`) under the header's ruleset."""
        options = FlipFlopOptions.from_values(header.ruleset.values)
        session = judge(record, options, stake_overridden="stake" in header.ruleset.overridden,
                        in_progress=header.in_progress)
        return verdict(session, record.roster)

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        from .views import position

        return position(Refereed(document, header), deal=deal, move=move, hide_hands=hide_hands)

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        from .views import narrate

        return narrate(Refereed(document, header))

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})


def verdict(session: SessionReport, names: tuple[str, ...]) -> Verdict:
    outcomes = []
    for report in session.deals:
        lines, data = deal_summary(report, names)
        outcomes.append(DealOutcome(number=report.number, settled=report.settled, lines=lines, data=data))
    progress = session.in_progress
    if progress is None:
        lines, data = session_summary(session, names)
        return Verdict(findings=session.findings, deals=tuple(outcomes), lines=lines, data=data)
    if progress.state != "between_deals" and outcomes[-1].lines[-1].endswith("not settled"):
        last = outcomes[-1]
        line = f"deal {last.number}: in progress after move {progress.move}"
        outcomes[-1] = DealOutcome(number=last.number, settled=False, data={**last.data, "in_progress": True},
                                   lines=last.lines[:-1] + (line,))
    lines, data = _standing(session, names)
    return Verdict(findings=session.findings, deals=tuple(outcomes), lines=lines, data=data, in_progress=progress)


def _standing(session: SessionReport, names: tuple[str, ...]) -> tuple[tuple[str, ...], dict]:
    """A session in progress: no final settlement (nothing refunded); the
    settled deals' nets and bankrolls as they stand, and the pots on the table."""
    _, data = session_summary(session, names)
    money, pots = session.money, session.on_table
    settled = sum(1 for d in session.deals if d.settled)
    data = {**data, "in_progress": True, "on_table": {kind: exact(amount) for kind, amount in pots.items()}}
    lines = [f"session in progress: {settled} of {len(session.deals)} deals settled; standing net "
             + ", ".join(f"{names[s]} {show(v)}" for s, v in money.net.items()),
             "session in progress: on the table: " + ", ".join(
                 f"{kind} pot {show(amount, signed=False)}" for kind, amount in pots.items())]
    if money.bankrolls is not None:
        lines.append("session in progress: bankrolls " + ", ".join(
            f"{names[s]} {show(v, signed=False)}" for s, v in money.bankrolls.items()))
    return tuple(lines), data
