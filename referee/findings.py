"""Findings: what the referee says about a move, a deal or a claim.

A finding is a value, never an exception. It names the rule (by the ID of
the digest), where it happened (deal, move index, line, column), who, how
serious, and the penalty applied if the rules define one (a `Penalty`,
data: its rule, who bears it, the cards he takes, the trick he leads).
Findings compare by position and rule (`where`), never by wording.
"""

from __future__ import annotations

import enum

from .frozen import frozen

__all__ = ["Severity", "Penalty", "Finding"]


class Severity(enum.Enum):
    """`error`: a rule broken or a claim that differs (exit status 1).
    `note`: how the referee read something ambiguous; not a breach."""

    ERROR = "error"
    NOTE = "note"


@frozen(slots=True, kw_only=True)
class Penalty:
    """A penalty the rules apply for a finding: the rule that gives it, the
    player who bears it, the cards he takes (as card texts, `10C`), and the
    trick he leads next, if the penalty says. `text()` is its one written form."""

    rule: str
    player: str | None = None
    cards: tuple[str, ...] = ()
    leads: int | None = None  # the number of the trick the player leads next

    def text(self) -> str:
        """`RULE: PLAYER takes CARDS and leads trick N` (the parts it has)."""
        text = self.rule
        if self.player is not None:
            text += f": {self.player} takes {' '.join(self.cards) or 'no cards'}"
            if self.leads is not None:
                text += f" and leads trick {self.leads}"
        return text

    def to_data(self) -> dict:
        data: dict = {"rule": self.rule}
        if self.player is not None:
            data["player"] = self.player
        data["cards"] = list(self.cards)
        if self.leads is not None:
            data["leads"] = self.leads
        return data


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
    penalty: Penalty | None = None
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
            data["penalty"] = self.penalty.text()
            data["penalty_data"] = self.penalty.to_data()
        if self.stops_deal:
            data["stops_deal"] = True
        return data
