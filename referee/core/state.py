"""What one deal's engine is, for every game (OpenSpiel's state object).

A `State` is one deal being replayed: the driver (`driver.py`) opens it from
the deal record, applies each typed move, and reads what it says. Moves are
pure values (no line, no index); a finding an engine returns leaves out the
move index, line and column, and the driver stamps them from the record,
once (an engine may set `line`/`column` itself for a finding that is about
something other than a move, e.g. the `moves` key; the driver keeps them).
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from ..findings import Finding
from ..frozen import frozen

__all__ = ["State", "BatchState", "Snapshot"]


@frozen(slots=True)
class Snapshot:
    """A deal's table for `show`: lines of text and the same as plain data."""

    lines: tuple[str, ...]
    data: Mapping[str, Any]


@runtime_checkable
class State(Protocol):
    """One deal of a game, move by move. Seats are indexes into the players."""

    @property
    def stopped(self) -> bool:
        """A finding stopped the replay: later moves of the deal are not applied."""

    @property
    def over(self) -> bool:
        """The deal has ended: nothing more can legally happen in it."""

    def to_play(self) -> tuple[int, ...]:
        """The seats that may act now (several where the rules let any of them; none when over or stopped)."""

    def legal_moves(self) -> Sequence[Any]:
        """Every move that breaks no rule now: what the simulator draws from and `show` lists."""

    def apply(self, move: Any) -> Sequence[Finding]:
        """Referee one move and change the state; the findings of that move only."""

    def play_on(self) -> Sequence[Any] | None:
        """The record stops here, in a deal still being played (a record in
        progress): settle what the next event would settle first, and return
        the moves legal now; None when the deal is over, or cannot go on, for
        the driver to `finish()` it as a complete deal."""

    def finish(self) -> Sequence[Finding]:
        """The record of the deal ends here: settle what is pending and flag a
        deal that has not ended (the findings; the driver puts them at the
        deal's last move). Called once, also on a stopped state."""

    def result(self) -> Any:
        """How the deal ended, as far as the replay can tell (the game's own value)."""

    def snapshot(self, *, hide_hands: bool) -> Snapshot:
        """The table now, for `show` (with `hide_hands`, naming no held card)."""


@runtime_checkable
class BatchState(State, Protocol):
    """A state that can also replay many moves in one call (a fast path).
    `run(moves)` must equal `apply` on each move in turn, up to a stop, with
    each finding's `move` set to its 1-based index in `moves`; it is called
    only on a state just opened. A game offering it keeps a test replaying
    every seeded and every broken game both ways, comparing the findings
    and the state after every move."""

    def run(self, moves: Sequence[Any]) -> Sequence[Finding]:
        ...
