"""A file's report: findings, deal outcomes and settlement, or the problems
that made the file unusable; and the exit status it implies."""

from __future__ import annotations

import enum
from dataclasses import field
from typing import Any, Iterable, Mapping

from .errors import InputError, Problem
from .findings import Finding
from .frozen import frozen
from .games.base import DealOutcome, Header, InProgress, Verdict
from .outcome import Standing, settlement_data

__all__ = ["Status", "Report", "exit_status"]


class Status(enum.Enum):
    LEGAL = "legal"  # no rule broken, every claim matches
    ILLEGAL = "illegal"  # a rule broken or a claim that differs
    UNUSABLE = "unusable"  # the file cannot be refereed

    @property
    def exit_code(self) -> int:
        return {Status.LEGAL: 0, Status.ILLEGAL: 1, Status.UNUSABLE: 2}[self]


@frozen(slots=True)
class Report:
    file: str
    status: Status
    game: str | None = None
    ruleset: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    players: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()
    deals: tuple[DealOutcome, ...] = ()
    lines: tuple[str, ...] = ()
    settlement: Mapping[str, Any] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    in_progress: InProgress | None = None  # a game recorded as in progress, and not over
    standing: Standing | None = None  # the result as a value (JSON: `settlement.outcome`, written from it)

    @classmethod
    def unusable(cls, file: str, error: InputError) -> Report:
        return cls(file=error.file or file, status=Status.UNUSABLE, problems=error.problems)

    @classmethod
    def of(cls, file: str, header: Header, verdict: Verdict) -> Report:
        illegal = any(f.is_error for f in verdict.findings)
        return cls(
            file=file, status=Status.ILLEGAL if illegal else Status.LEGAL, game=header.game,
            ruleset=header.ruleset.preset, options=header.ruleset.written(), players=header.players,
            findings=verdict.findings, deals=verdict.deals, lines=verdict.lines, settlement=verdict.data,
            in_progress=verdict.in_progress, standing=verdict.standing,
        )

    @property
    def exit_code(self) -> int:
        return self.status.exit_code

    def to_data(self) -> dict[str, Any]:
        """The report as plain JSON-ready data (schemas/report.schema.json)."""
        data: dict[str, Any] = {"file": self.file, "status": self.status.value, "exit": self.exit_code}
        if self.status is Status.UNUSABLE:
            data["problems"] = [p.to_data() for p in self.problems]
            return data
        data.update(game=self.game, ruleset=self.ruleset, options=dict(self.options), players=list(self.players))
        data["findings"] = [f.to_data() for f in self.findings]
        data["deals"] = [dict(d.data) for d in self.deals]
        data["settlement"] = settlement_data(self.settlement, self.standing)
        if self.in_progress is not None:
            data["in_progress"] = self.in_progress.to_data()
        return data


def exit_status(statuses: Iterable[Status]) -> int:
    """The CLI's exit status for a run: the worst file's (0 if none)."""
    statuses = statuses if isinstance(statuses, list) else list(statuses)
    # Each status present, not each file's: `in` on a list compares by identity first, at C speed.
    return max((s.exit_code for s in Status if s in statuses), default=0)
