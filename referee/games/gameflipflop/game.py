"""Game, Flip, Flop as a `Game`: read the record, replay and settle the
session, describe it as text and data."""

from __future__ import annotations

from typing import Mapping

from ...errors import InputError, Problem
from ...yamldoc import Document
from ..base import DealOutcome, Header, Verdict
from .options import FlipFlopOptions
from .record import FlipFlopRecord, read_record
from .session import SessionReport, run_session
from .summary import deal_summary, session_summary

__all__ = ["GameFlipFlop", "judge"]

DEFAULT_PRESET = "dayton"


def judge(record: FlipFlopRecord, options: FlipFlopOptions, *, stake_overridden: bool) -> SessionReport:
    """The session report for a typed record. The stake is the header's `stake`,
    or the `stake` option when the transcript overrides it."""
    stake = record.stake if record.stake is not None else (options.stake if stake_overridden else None)
    return run_session(record, options, stake)


class GameFlipFlop:
    name = "game-flip-flop"

    def referee(self, document: Document, header: Header) -> Verdict:
        options = FlipFlopOptions.from_values(header.ruleset.values)
        record = read_record(document, header.players)
        overridden = "stake" in header.ruleset.overridden
        if record.stake is not None and overridden and record.stake != options.stake:
            line, column = record.at["stake"]
            raise InputError(Problem("the header's stake and the stake option differ; write it once", line, column),
                             file=document.name)
        session = judge(record, options, stake_overridden=overridden)
        return verdict(session, record.roster)

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        if preset == self.name:  # `referee simulate` names the game's own preset by default
            preset = DEFAULT_PRESET
        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})


def verdict(session: SessionReport, names: tuple[str, ...]) -> Verdict:
    outcomes = []
    for report in session.deals:
        lines, data = deal_summary(report, names)
        outcomes.append(DealOutcome(number=report.number, settled=report.settled, lines=lines, data=data))
    lines, data = session_summary(session, names)
    return Verdict(findings=session.findings, deals=tuple(outcomes), lines=lines, data=data)
