"""What every game module provides, and the verdict it returns.

A game reads its part of a transcript into typed values, replays it with a
pure engine, and settles it. It describes its own outcome twice, as plain
data (for JSON) and as lines of text, so renderers stay game-agnostic.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol

from ..findings import Finding
from ..rulesets import Ruleset
from ..yamldoc import Document

__all__ = ["Game", "Header", "Verdict", "DealOutcome", "Position", "Beat", "ShowError"]


@dataclass(frozen=True, slots=True)
class Header:
    """What every transcript states before its deals."""

    game: str
    ruleset: Ruleset
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One deal (round): whether the referee could settle it, and how it ended."""

    number: int
    settled: bool
    lines: tuple[str, ...]
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Verdict:
    findings: tuple[Finding, ...]
    deals: tuple[DealOutcome, ...]
    lines: tuple[str, ...] = ()  # the whole game's settlement, as text
    data: Mapping[str, Any] = field(default_factory=dict)  # ... and as plain data


@dataclass(frozen=True, slots=True)
class Position:
    """The table just before a move, for `referee show`."""

    deal: int
    move: int  # the move about to be played (1-based); one past the last for the end of the deal
    recorded: str | None  # that move as written, None past the end
    lines: tuple[str, ...]  # the table as text for players (hands left out when hidden)
    data: Mapping[str, Any]  # the table as plain data
    to_move: tuple[str, ...]  # who may act now
    legal: tuple[str, ...]  # every move that breaks no rule now, as move lines


@dataclass(frozen=True, slots=True)
class Beat:
    """One trick or turn of a replay, told as players would tell it."""

    deal: int
    first: int  # the first and last move it covers (1-based); 0, 0 for the deal itself
    last: int
    title: str  # "Trick 4", "Turn 12"
    plays: tuple[tuple[str, str], ...]  # (who, what he did), in order; cards as tokens
    outcome: str  # what came of it ("N picks up 2H 6H KC and leads")


class ShowError(ValueError):
    """A deal or move number that the transcript does not have."""


class Game(Protocol):
    name: str

    def referee(self, document: Document, header: Header) -> Verdict:
        """Replay and settle a schema-valid transcript; raise InputError only
        for input that cannot be read as this game at all."""

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        """A legal random transcript (YAML text), the same for the same arguments."""

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        """The table just before `move` of `deal`; raise ShowError for numbers
        the transcript does not have."""

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        """Every deal as beats (tricks, turns, takes, draws), in order."""
