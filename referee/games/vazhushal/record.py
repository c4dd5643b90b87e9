"""A Vazhushal transcript read into typed values (VZ-14.1 to VZ-14.15), once.

Everything downstream works on these values; nothing looks at move text
again. Names that are not players and tokens that are not cards are input
errors (exit 2) with their line; cards that exist but do not belong (more
copies than the packs hold) are left for the deal check (VZ-9.4).
"""

from __future__ import annotations

from typing import Any, Hashable, Mapping, Sequence

from ...cards import Card
from ...errors import shown
from ...frozen import frozen
from ...reader import Position, RecordReader
from ...yamldoc import Document, Positions
from .moves import RESERVED_NAMES, Move, MoveReader, MoveSyntaxError, parse_move

__all__ = ["Dealt", "Redeal", "DealClaims", "MatchClaims", "DealRecord", "VazhushalRecord", "read_record"]


@frozen(slots=True)
class Dealt:
    """Hands by seat as dealt; `present[s]` is False when no hand is recorded."""

    hands: tuple[tuple[Card, ...], ...]
    present: tuple[bool, ...]
    at: Mapping[Hashable, Position]  # where each seat's hand is written, by seat (looked up when read)


@frozen(slots=True)
class Redeal:
    """A deal abandoned for three doubles (VZ-2.8, VZ-14.4)."""

    dealt: Dealt
    declared: tuple[int, ...]
    at: Position


@frozen(slots=True)
class DealClaims:
    scores: dict[int, int] | None = None
    winners: frozenset[int] | None = None
    at: Mapping[Hashable, Position] | None = None


@frozen(slots=True)
class MatchClaims:
    wins: dict[int, int] | None = None
    winner: int | None = None
    at: Mapping[Hashable, Position] | None = None


@frozen(slots=True)
class DealRecord:
    number: int
    dealer: int
    redeals: tuple[Redeal, ...]
    dealt: Dealt
    negative: Card | None  # None: written as `none`
    first: tuple[Card, ...]  # returned jokers first (VZ-10.5), the card that starts the line last
    moves: tuple[Move, ...]
    claims: DealClaims | None
    at: Mapping[Hashable, Position]  # 'deal', and each key of the deal
    move_marks: Sequence[Any] = ()  # the parser's marks of the move lines, read only for findings

    def position(self, index: int | None) -> tuple[int | None, int | None]:
        """Line and column of the `index`-th move (1-based); none without
        one (a finding of a game with no moves sits at no line)."""
        if index is None or not 1 <= index <= len(self.move_marks):
            return None, None
        mark = self.move_marks[index - 1]
        return mark.line + 1, mark.column + 1


@frozen(slots=True)
class VazhushalRecord:
    players: tuple[str, ...]
    deals: tuple[DealRecord, ...]
    claims: MatchClaims | None
    at: Mapping[Hashable, Position]


class _Reader(RecordReader):
    """The shared reader, with what only this game reads (and the seating's
    move lines known so far)."""

    def __init__(self, document: Document, players: tuple[str, ...]) -> None:
        super().__init__(document, players)
        self.moves = MoveReader(self.seats)

    def dealt(self, raw: dict, path: tuple) -> Dealt:
        hands: list[tuple[Card, ...]] = [()] * len(self.players)
        present = [False] * len(self.players)
        at = Positions(self.document)
        for name, text in raw.items():
            seat = self.seat(name, path + (name,), key=True)
            if seat is not None:
                hands[seat] = self.cards(text, path + (name,))
                present[seat] = True
                at.add(seat, path + (name,))
        return Dealt(tuple(hands), tuple(present), at)


def _check_players(reader: _Reader) -> None:
    for i, name in enumerate(reader.players):
        if name in RESERVED_NAMES or name.isdigit():
            reader.fail(("players", i), f"'{shown(name)}' is a word or number of the move language;"
                                        " choose another player name")


def _deal(reader: _Reader, raw: dict, *, number: int) -> DealRecord:
    path = ("deals", number - 1)
    document = reader.document
    at = Positions.of(document, raw, path, itself="deal")
    dealer = reader.seat(raw["dealer"], path + ("dealer",))
    redeals = []
    for i, entry in enumerate(raw.get("redeals") or ()):
        where = path + ("redeals", i)
        dealt = reader.dealt(entry["hands"], where + ("hands",))
        declared = tuple(sorted(reader.names(entry["declared"], where + ("declared",))))
        redeals.append(Redeal(dealt, declared, document.position(where + ("declared",))))
    dealt = reader.dealt(raw["hands"], path + ("hands",))
    negative_text = raw["negative"].strip()
    negative = None
    if negative_text.lower() != "none":
        found = reader.cards(negative_text, path + ("negative",))
        negative = found[0] if len(found) == 1 else None
        if len(found) > 1:
            reader.fail(path + ("negative",), "one negative joker, or 'none'")
    first = reader.cards(raw["first"], path + ("first",))
    if not first:  # a problem: read_record raises before this deal is used
        reader.fail(path + ("first",), "the first card of the line is missing")
    try:
        moves: list[Move] = reader.moves.all(raw["moves"])
    except MoveSyntaxError:  # a line that is not a move: each problem at its line
        moves = reader.parse_moves(raw["moves"], deal=number, parse=_parse)
    claims = None
    if raw.get("claims"):
        cpath = path + ("claims",)
        craw = raw["claims"]
        claims = DealClaims(
            scores=reader.per_player(craw["scores"], cpath + ("scores",), convert=reader.integer) if "scores" in craw else None,
            winners=frozenset(reader.names(craw["winners"], cpath + ("winners",))) if "winners" in craw else None,
            at=Positions.of(document, craw, cpath),
        )
    return DealRecord(number=number, dealer=dealer if dealer is not None else 0, redeals=tuple(redeals),
                      dealt=dealt, negative=negative, first=first, moves=tuple(moves), claims=claims, at=at,
                      move_marks=document.marks.get(id(raw["moves"]), ()))


def _parse(text: str, *, seats: Mapping[str, int], **_: object) -> Move:
    """`parse_move` for the shared reader (which also passes where the line
    is written: the record keeps that, not the move)."""
    return parse_move(text, seats=seats)


def _match_claims(reader: _Reader, raw: dict) -> MatchClaims:
    path = ("claims",)

    def count(text: str, where: tuple) -> int | None:
        value = reader.integer(text, where)
        return value if value is None or value >= 0 else None

    return MatchClaims(
        wins=reader.per_player(raw["wins"], path + ("wins",), convert=count) if "wins" in raw else None,
        winner=reader.seat(raw["winner"], path + ("winner",)) if "winner" in raw else None,
        at=Positions.of(reader.document, raw, path),
    )


def read_record(document: Document, players: tuple[str, ...]) -> VazhushalRecord:
    """Typed deals, moves and claims; raises InputError listing every problem."""
    reader = _Reader(document, players)
    _check_players(reader)
    data = document.data
    deals = []
    for number, raw in enumerate(data["deals"], start=1):
        deals.append(_deal(reader, raw, number=number))
        if reader.full:
            break
    claims = _match_claims(reader, data["claims"]) if data.get("claims") else None
    reader.raise_problems()
    at = reader.keys_at(data, ())
    return VazhushalRecord(players=players, deals=tuple(deals), claims=claims, at=at)
