"""Findings: what the referee says about a move, a deal or a claim.

A finding is a value, never an exception. It names the rule (by the ID of
the digest), where it happened (deal, move index, line, column), who, how
serious, and the penalty applied if the rules define one. Findings compare
by position and rule (`where`), never by wording.
"""

from __future__ import annotations

import enum

from .frozen import frozen

__all__ = ["Severity", "Finding"]


class Severity(enum.Enum):
    """`error`: a rule broken or a claim that differs (exit status 1).
    `note`: how the referee read something ambiguous; not a breach."""

    ERROR = "error"
    NOTE = "note"


@frozen(slots=True, kw_only=True)
class Finding:
    rule: str
    message: str
    deal: int | None = None
    move: int | None = None
    line: int | None = None
    column: int | None = None
    player: str | None = None
    severity: Severity = Severity.ERROR
    penalty: str | None = None
    stops_deal: bool = False

    @property
    def where(self) -> tuple[int | None, int | None, str]:
        """(deal, move, rule): what tests and comparisons look at."""
        return (self.deal, self.move, self.rule)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_data(self) -> dict:
        data: dict = {"rule": self.rule, "severity": self.severity.value}
        for key in ("deal", "move", "line", "column", "player"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        data["message"] = self.message
        if self.penalty is not None:
            data["penalty"] = self.penalty
        if self.stops_deal:
            data["stops_deal"] = True
        return data
