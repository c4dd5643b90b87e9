"""What every game module provides, and the verdict it returns.

A game reads its part of a transcript into typed values, replays it with a
pure engine, and settles it. It describes its own outcome twice, as plain
data (for JSON) and as lines of text, so renderers stay game-agnostic.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any, Mapping, Protocol

from ..findings import Finding
from ..frozen import frozen
from ..outcome import Standing
from ..rulesets import Ruleset
from ..yamldoc import Document

if TYPE_CHECKING:
    from .table import Beat, Position

__all__ = ["Game", "RecordGame", "Header", "Verdict", "DealOutcome", "InProgress"]


@frozen(slots=True)
class Header:
    """What every transcript states before its deals."""

    game: str
    ruleset: Ruleset
    players: tuple[str, ...]
    in_progress: bool = False  # `in_progress: true`, or `check --in-progress`: the record may stop mid-game


@frozen(slots=True)
class DealOutcome:
    """One deal (round): whether the referee could settle it, and how it ended."""

    number: int
    settled: bool
    lines: tuple[str, ...]
    data: Mapping[str, Any]


@frozen(slots=True, kw_only=True)
class InProgress:
    """Where a game recorded as in progress stands after its last move.

    `state` is `playing` (the last deal goes on: `to_play` may act, with
    `legal_moves` moves that break no rule), `between_deals` (the last deal
    is over and the next is not dealt yet) or `stopped` (a finding stopped
    the replay of the last deal: nobody to play can be told)."""

    deal: int  # the last deal of the record
    move: int  # the number of moves recorded in it (0: none yet)
    state: str = "playing"
    to_play: tuple[str, ...] = ()
    legal_moves: int | None = None

    def to_data(self) -> dict[str, Any]:
        return {"deal": self.deal, "move": self.move, "state": self.state, "to_play": list(self.to_play),
                "legal_moves": self.legal_moves}


@frozen(slots=True)
class Verdict:
    findings: tuple[Finding, ...]
    deals: tuple[DealOutcome, ...]
    lines: tuple[str, ...] = ()  # the whole game's settlement, as text
    data: Mapping[str, Any] = field(default_factory=dict)  # ... and as plain data
    in_progress: InProgress | None = None  # set only for a record in progress whose game is not over
    standing: Standing | None = None  # the result as a value: what `settlement.outcome` is written from


class Game(Protocol):
    name: str

    def referee(self, document: Document, header: Header) -> Verdict:
        """Replay and settle a schema-valid transcript; raise InputError only
        for input that cannot be read as this game at all."""

    def read(self, document: Document, header: Header) -> Any:
        """The transcript's typed record (raises InputError)."""

    def judge_header(self, record: Any, header: Header) -> Verdict:
        """Replay and settle a typed record under the header's ruleset."""

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        """A legal random transcript (YAML text), the same for the same arguments."""

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        """The table just before `move` of `deal`; raise ShowError for numbers
        the transcript does not have."""

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        """Every deal as beats (tricks, turns, takes, draws), in order."""


class RecordGame:
    """`referee` as every game does it: read the record, then judge it (the
    benchmark times the two stages apart)."""

    def referee(self, document: Document, header: Header) -> Verdict:
        return self.judge_header(self.read(document, header), header)  # type: ignore[attr-defined]


def __getattr__(name: str) -> Any:
    """`Position`, `Beat` and `ShowError` live in `table.py`; they are found
    here too, loaded only when asked for."""
    if name in ("Position", "Beat", "ShowError"):
        from . import table

        return getattr(table, name)
    raise AttributeError(name)
