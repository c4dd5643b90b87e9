"""Game, Flip, Flop as a `Game`: read the record, judge the session through
the core driver (core/driver.py) with its `Match` (session.py), and tell it
to people (`show`, `replay`) from the same replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ...core.driver import judge
from ...errors import InputError, Problem
from ...yamldoc import Document
from ..base import Header, RecordGame, Verdict
from .options import FlipFlopOptions
from .record import FlipFlopRecord, read_record
from .session import FlipFlopSession

if TYPE_CHECKING:
    from ..table import Beat, Position

__all__ = ["GameFlipFlop", "read", "session_for"]


def session_for(record: FlipFlopRecord, header: Header, *, in_progress: bool = False) -> FlipFlopSession:
    """The session to judge a typed record under the header's ruleset. The stake
    is the header's `stake`, or the `stake` option when the transcript overrides it."""
    options = FlipFlopOptions.from_values(header.ruleset.values)
    stake = record.stake if record.stake is not None else (
        options.stake if "stake" in header.ruleset.overridden else None)
    return FlipFlopSession(record, options, stake, in_progress=in_progress)


def read(document: Document, header: Header) -> FlipFlopRecord:
    """The typed record; an InputError for a transcript that cannot be read as this game."""
    record = read_record(document, header.players)
    options = FlipFlopOptions.from_values(header.ruleset.values)
    if record.stake is not None and "stake" in header.ruleset.overridden and record.stake != options.stake:
        line, column = record.at["stake"]
        raise InputError(Problem("the header's stake and the stake option differ; write it once", line, column),
                         file=document.name)
    return record


class GameFlipFlop(RecordGame):
    name = "game-flip-flop"

    def read(self, document: Document, header: Header) -> FlipFlopRecord:
        """The typed record (benchmarks time reading apart from replaying)."""
        return read(document, header)

    def match(self, record: FlipFlopRecord, header: Header) -> FlipFlopSession:
        return session_for(record, header, in_progress=header.in_progress)

    def judge_header(self, record: FlipFlopRecord, header: Header) -> Verdict:
        """Replay and settle a typed record (`read`) under the header's ruleset. In
        progress: the last deal may stop anywhere (no GFF-14.3 for it, its claims
        not compared) and more deals may follow (no session end: no refunds, no
        session claims compared; the pots on the table are reported) unless the
        session end marker says otherwise."""
        return judge(self.match(record, header), in_progress=header.in_progress)

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        from .views import position

        session = session_for(read(document, header), header)
        raw = [entry.get("moves") for entry in document.data["deals"]]
        return position(session, raw, deal=deal, move=move, hide_hands=hide_hands)

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        from .views import narrate

        return narrate(session_for(read(document, header), header))

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})
