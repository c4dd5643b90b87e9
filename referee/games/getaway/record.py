"""A Getaway transcript read into typed values (GW-9.1 to GW-9.10), once.

Everything downstream works on these values; nothing looks at move text
again. Names that are not players and tokens that are not cards are input
errors (exit 2) with their line; cards that exist but do not belong (a JK,
a card dealt twice) are left for the deal check (GW-4.11).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Hashable, Mapping, Sequence

from ...cards import Card
from ...frozen import frozen
from ...reader import Position, RecordReader, move_problem
from ...yamldoc import Document, Positions
from .moves import RESERVED_NAMES, Move, MoveReader, MoveSyntaxError

__all__ = ["RoundRecord", "RoundClaims", "MatchClaims", "GetawayRecord", "read_record"]


@frozen(slots=True)
class RoundClaims:
    order: tuple[int, ...] | None = None
    loser: int | None = None
    legs: int | None = None
    points: dict[int, int] | None = None
    dead: bool | None = None
    penalties: tuple[tuple[int, str], ...] | None = None
    at: Mapping[Hashable, Position] | None = None  # where each claim was written


@frozen(slots=True)
class MatchClaims:
    totals: dict[int, int] | None = None
    winners: frozenset[int] | None = None
    losers: frozenset[int] | None = None
    paid: dict[int, Fraction] | None = None
    received: dict[int, Fraction] | None = None
    net: dict[int, Fraction] | None = None
    at: Mapping[Hashable, Position] | None = None


@frozen(slots=True)
class RoundRecord:
    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # by seat; a missing hand is empty
    removed: tuple[Card, ...] | None
    big_hand: int | None
    marked: int | None
    moves: tuple[Move, ...]
    claims: RoundClaims | None
    at: Mapping[Hashable, Position]  # 'round', 'dealer', 'hands', 'hand:<seat>', 'removed', ...
    move_marks: Sequence[Any] = ()  # the parser's marks of the move lines, read only for findings

    def position(self, index: int | None) -> Position:
        """Line and column of the `index`-th move (of the `moves` key without one)."""
        if index is None or not 1 <= index <= len(self.move_marks):
            return self.at.get("moves", self.at["round"])
        mark = self.move_marks[index - 1]
        return mark.line + 1, mark.column + 1


@frozen(slots=True)
class GetawayRecord:
    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    claims: MatchClaims | None
    at: Mapping[Hashable, Position]


class _GetawayReader(RecordReader):
    def __init__(self, document: Document, players: tuple[str, ...]) -> None:
        super().__init__(document, players)
        self.moves = MoveReader(self.seats)


def _check_players(reader: _GetawayReader) -> None:
    for i, name in enumerate(reader.players):
        if name in RESERVED_NAMES:
            reader.fail(("players", i), f"'{name}' is a word of the move language; choose another player name")


def _round_claims(reader: _GetawayReader, raw: dict, path: tuple) -> RoundClaims:
    at = Positions.of(reader.document, raw, path)
    penalties = None
    if "penalties" in raw:
        found: list[tuple[int, str]] = []
        for i, entry in enumerate(raw["penalties"]):
            name, rule = entry.split()
            seat = reader.seat(name, path + ("penalties", i))
            if seat is not None:
                found.append((seat, rule))
        penalties = tuple(found)
    return RoundClaims(
        order=tuple(reader.names(raw["order"], path + ("order",))) if "order" in raw else None,
        loser=reader.seat(raw["loser"], path + ("loser",)) if "loser" in raw else None,
        legs=reader.count(raw["legs"], path + ("legs",)) if "legs" in raw else None,
        points=reader.per_player(raw["points"], path + ("points",), reader.count) if "points" in raw else None,
        dead=raw.get("dead"),
        penalties=penalties,
        at=at,
    )


def _match_claims(reader: _GetawayReader, raw: dict) -> MatchClaims:
    path = ("claims",)
    at = Positions.of(reader.document, raw, path)

    def table(key: str, convert):
        return reader.per_player(raw[key], path + (key,), convert) if key in raw else None

    def group(key: str):
        return frozenset(reader.names(raw[key], path + (key,))) if key in raw else None

    return MatchClaims(
        totals=table("totals", reader.count), winners=group("winners"), losers=group("losers"),
        paid=table("paid", reader.amount), received=table("received", reader.amount),
        net=table("net", reader.amount), at=at,
    )


def _round(reader: _GetawayReader, raw: dict, number: int) -> RoundRecord:
    path = ("deals", number - 1)
    document = reader.document
    at = Positions.of(document, raw, path, key=True, itself="round")
    dealer = reader.seat(raw["dealer"], path + ("dealer",))
    hands: list[tuple[Card, ...]] = [() for _ in reader.players]
    for name, text in raw["hands"].items():
        seat = reader.seat(name, path + ("hands", name), key=True)
        if seat is not None:
            hands[seat] = reader.cards(text, path + ("hands", name))
            at.add(f"hand:{seat}", path + ("hands", name))
    removed = reader.cards(raw["removed"], path + ("removed",)) if "removed" in raw else None
    big_hand = reader.seat(raw["big_hand"], path + ("big_hand",)) if "big_hand" in raw else None
    marked = reader.seat(raw["marked"], path + ("marked",)) if "marked" in raw else None
    try:
        moves = reader.moves.all(raw["moves"])
    except MoveSyntaxError:
        moves = []
        for i, text in enumerate(raw["moves"]):
            try:
                moves.append(reader.moves(text))
            except MoveSyntaxError as exc:
                where = document.position(path + ("moves", i))
                reader.problems.append(move_problem(document, where, text, exc, deal=number, index=i + 1))
                if reader.full:
                    break
    claims = _round_claims(reader, raw["claims"], path + ("claims",)) if raw.get("claims") else None
    return RoundRecord(
        number=number, dealer=dealer if dealer is not None else 0, hands=tuple(hands), removed=removed,
        big_hand=big_hand, marked=marked, moves=tuple(moves), claims=claims, at=at,
        move_marks=document.marks.get(id(raw["moves"]), ()),
    )


def read_record(document: Document, players: tuple[str, ...]) -> GetawayRecord:
    """Typed rounds, moves and claims; raises InputError listing every problem."""
    reader = _GetawayReader(document, players)
    _check_players(reader)
    data = document.data
    rounds = []
    for number, raw in enumerate(data["deals"], start=1):
        rounds.append(_round(reader, raw, number))
        if reader.full:
            break
    claims = _match_claims(reader, data["claims"]) if data.get("claims") else None
    reader.raise_problems()
    at = reader.keys_at(data, ())
    return GetawayRecord(players=players, rounds=tuple(rounds), claims=claims, at=at)
