"""What the mover has done in the turn being played (TJ-3.1: play, draw,
refill), as the engine and its fast path (batch.py) keep it."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TurnState", "HAND_SIZE", "TABLE_SIZE"]

HAND_SIZE = 3
TABLE_SIZE = 3


@dataclass(slots=True)
class TurnState:
    """What the mover has done in the current turn."""

    mover: int
    played: bool = False
    passed: bool = False
    drew: bool = False  # the step-2 draw happened (possibly too early)
    draw_due: bool = False  # step 2 is still owed
    place_open: bool = False  # a from_hand placement waits for its draw
    place_required: bool = False  # ... and that round was required
    refilled_early: bool = False  # a refill round came before the step-2 draw
    talon_at_draw: int = 0  # talon size when step 2 began
    flagged: bool = False  # a finding named the mover during this turn
    closed: bool = False

    def begin(self, mover: int) -> None:
        """This object made a fresh `TurnState(mover)`, every field reset (a new object costs about four
        times as much; the fast path's turns are held by nobody else). tests/tjuv/test_tjuv_state.py
        compares it with a fresh one."""
        self.mover = mover
        self.played = self.passed = self.drew = self.draw_due = self.place_open = self.place_required = False
        self.refilled_early = self.flagged = self.closed = False
        self.talon_at_draw = 0
