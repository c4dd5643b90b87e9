"""A Tjuv transcript read into typed values (TJ-10.1 to TJ-10.5), once.

Everything downstream works on these values; nothing looks at move text
again. Names that are not players and tokens that are not cards are input
errors (exit 2) with their line. Cards that exist but do not belong (a 5, a
JK, a card listed twice) and missing parts of a deal record are left for the
deal check, which cites the digest (TJ-2.1, TJ-10.x).
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Hashable, Mapping, Sequence

from ...cards import Card
from ...frozen import frozen
from ...reader import Position, RecordReader
from ...yamldoc import Document, Positions
from .moves import Move, MoveReader, MoveSyntaxError, parse_move

__all__ = ["DealRecord", "DealClaims", "SweepClaim", "SessionClaims", "TjuvRecord", "read_record", "Position",
           "Positions"]

PerSeat = dict[int, tuple[Card, ...]]


@frozen(slots=True)
class SweepClaim:
    player: int | None
    cards: tuple[Card, ...] | None  # None: cards not recorded


@frozen(slots=True)
class DealClaims:
    counts: dict[int, int] | None = None
    winners: frozenset[int] | None = None
    sweep: SweepClaim | None = None
    ranking: dict[int, int] | None = None
    at: Mapping[Hashable, Position] = field(default_factory=dict)


@frozen(slots=True)
class SessionClaims:
    wins: dict[int, int] | None = None
    totals: dict[int, int] | None = None
    ranking: dict[int, int] | None = None
    at: Mapping[Hashable, Position] = field(default_factory=dict)


@frozen(slots=True)
class DealRecord:
    """One deal as recorded (TJ-10.2); None means "not recorded"."""

    number: int
    dealer: int | None
    round_one: PerSeat | None
    exposed: PerSeat | None
    extra: tuple[Card, ...] | None
    removed: tuple[Card, ...] | None
    round_two: PerSeat | None
    talon: tuple[Card, ...] | None
    moves: tuple[Move, ...] | None
    claims: DealClaims | None
    at: Mapping[Hashable, Position]  # 'deal', every key written, and 'round_one:<seat>' etc.
    move_marks: Sequence[Any] = ()  # the parser's marks of the move lines, read only for findings

    def position(self, index: int | None) -> Position:
        """Line and column of the `index`-th move (1-based); of the `moves`
        key without one (of the deal when it has no `moves` key)."""
        if index is None or not 1 <= index <= len(self.move_marks):
            return self.at.get("moves") or self.at["deal"]
        mark = self.move_marks[index - 1]
        return mark.line + 1, mark.column + 1


@frozen(slots=True)
class TjuvRecord:
    players: tuple[str, ...]
    deals: tuple[DealRecord, ...]
    claims: SessionClaims | None
    at: Mapping[Hashable, Position]


class _Reader(RecordReader):
    """The shared reader, with the seating's move lines known so far."""

    def __init__(self, document: Document, players: tuple[str, ...]) -> None:
        super().__init__(document, players)
        self.moves = MoveReader(self.seats)


def _deal_claims(reader: _Reader, raw: dict, *, path: tuple) -> DealClaims:
    at = reader.keys_at(raw, path)
    sweep = None
    if "sweep" in raw:
        entry = raw["sweep"]
        player = reader.seat(entry["player"], path + ("sweep", "player")) if "player" in entry else None
        cards = reader.cards(entry["cards"], path + ("sweep", "cards")) if "cards" in entry else None
        sweep = SweepClaim(player, cards)
    return DealClaims(
        counts=reader.per_player(raw["counts"], path + ("counts",), convert=reader.count) if "counts" in raw else None,
        winners=frozenset(reader.names(raw["winners"], path + ("winners",))) if "winners" in raw else None,
        sweep=sweep,
        ranking=(reader.per_player(raw["ranking"], path + ("ranking",), convert=reader.count)
                 if "ranking" in raw else None),
        at=at,
    )


def _session_claims(reader: _Reader, raw: dict) -> SessionClaims:
    path = ("claims",)
    at = reader.keys_at(raw, path)

    def table(key: str) -> dict[int, int] | None:
        return reader.per_player(raw[key], path + (key,), convert=reader.count) if key in raw else None

    return SessionClaims(wins=table("wins"), totals=table("totals"), ranking=table("ranking"), at=at)


def _per_seat(reader: _Reader, raw: dict, *, path: tuple, key: str, at: Positions) -> PerSeat | None:
    if key not in raw:
        return None
    result: PerSeat = {}
    seats, cards, add = reader.seats, reader.cards, at.add
    names = _SEAT_KEYS.get(key) or _SEAT_KEYS.setdefault(key, [])  # f"{key}:{seat}", made once a seat
    for name, text in (raw[key] or {}).items():
        where = path + (key, name)
        seat = seats.get(name)  # (reader.seat, which reports a name that is not a player's)
        if seat is None:
            reader.seat(name, where, key=True)
            continue
        result[seat] = cards(text, where)
        while len(names) <= seat:
            names.append(f"{key}:{len(names)}")
        add(names[seat], where)
    return result


_SEAT_KEYS: dict[str, list[str]] = {}


def _parse(text: str, *, seats: Mapping[str, int], **_where: int) -> Move:
    """A move line (its index and position, which the reader passes, stay in the record)."""
    return parse_move(text, seats=seats)


def _deal(reader: _Reader, raw: dict, *, number: int) -> DealRecord:
    path = ("deals", number - 1)
    document = reader.document
    at = Positions.of(document, raw, path, key=True, itself="deal")
    dealer = reader.seat(raw["dealer"], path + ("dealer",)) if "dealer" in raw else None

    def cards(key: str) -> tuple[Card, ...] | None:
        return reader.cards(raw[key], path + (key,)) if key in raw else None

    moves: list[Move] | None = None
    marks: Sequence[Any] = ()
    if "moves" in raw:
        items = raw["moves"] or []
        try:
            moves = reader.moves.all(items)
        except MoveSyntaxError:  # a line that is not a move: each problem at its line
            moves = reader.parse_moves(items, deal=number, parse=_parse)
        marks = document.marks.get(id(items), ())
    claims = _deal_claims(reader, raw["claims"], path=path + ("claims",)) if raw.get("claims") else None
    return DealRecord(
        number=number, dealer=dealer,
        round_one=_per_seat(reader, raw, path=path, key="round_one", at=at),
        exposed=_per_seat(reader, raw, path=path, key="exposed", at=at),
        extra=cards("extra"), removed=cards("removed"),
        round_two=_per_seat(reader, raw, path=path, key="round_two", at=at),
        talon=cards("talon"),
        moves=tuple(moves) if moves is not None else None,
        claims=claims, at=at, move_marks=marks,
    )


def read_record(document: Document, players: tuple[str, ...]) -> TjuvRecord:
    """Typed deals, moves and claims; raises InputError listing every problem."""
    reader = _Reader(document, players)
    data = document.data
    deals = []
    for number, raw in enumerate(data["deals"], start=1):
        deals.append(_deal(reader, raw, number=number))
        if reader.full:
            break
    claims = _session_claims(reader, data["claims"]) if data.get("claims") else None
    reader.raise_problems()
    at = reader.keys_at(data, ())
    return TjuvRecord(players=players, deals=tuple(deals), claims=claims, at=at)
