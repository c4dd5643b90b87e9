"""A Game, Flip, Flop transcript read into typed values (GFF-14.1 to 14.8), once.

Everything downstream works on these values; nothing looks at text again.
Names that are not players and tokens that are not cards are input errors
(exit 2) with their line; cards that exist but do not belong (a JK, a card
dealt twice) and missing records are left to the referee, which reports them
as findings (GFF-2.1, 2.2, 4.7, 14.x).

Players who join between deals (`join NAME AMOUNT after SEAT`, or with
unlimited bankrolls `join NAME after SEAT` / `join NAME unlimited after SEAT`)
are added to the roster after the header's players, in the order they first
join.
"""

from __future__ import annotations

import enum
from dataclasses import field
from fractions import Fraction
from typing import Any, Hashable, Mapping, Sequence, cast

from ...cards import Card
from ...errors import shown
from ...frozen import frozen
from ...reader import Position, RecordReader
from ...yamldoc import Document, Positions
from .moves import Move, MoveReader, MoveSyntaxError, parse_move
from .pots import PotKind

__all__ = ["NOBODY", "BetweenKind", "Between", "AnteRecord", "EndingRecord", "DealClaims", "DealRecord",
           "SessionClaims", "FlipFlopRecord", "read_record"]

NOBODY = -1  # `none`: nobody won the flip (flop) pot


class BetweenKind(enum.Enum):
    LEAVE = "leave"
    JOIN = "join"


@frozen(slots=True)
class Between:
    """GFF-14.6, 15.10: a player leaves, or joins after a seat, with an amount
    (`bankroll`), the word `unlimited`, or neither (both None/False)."""

    kind: BetweenKind
    player: int
    at: Position
    bankroll: Fraction | None = None
    after: int | None = None
    unlimited: bool = False  # the word `unlimited` was written in place of the amount


@frozen(slots=True)
class AnteRecord:
    """Recorded antes of one player: amounts per pot, or (word form) a count of stakes per pot."""

    amounts: dict[PotKind, Fraction]
    in_stakes: bool
    at: Position


@frozen(slots=True)
class EndingRecord:
    """An outcome-only deal: how it ended, without its moves (GFF-14 issue note)."""

    type: str  # out | tunk | drop | caught | stock | declaration
    winner: int | None
    dropper: int | None
    totals: dict[int, int] | None
    declared: dict[int, int] | None
    flip: int | None  # a seat, NOBODY, or None when not recorded
    flop: int | None
    at: Mapping[Hashable, Position]


@frozen(slots=True)
class DealClaims:
    """GFF-14.5: what the players say happened; every item is checked."""

    ending: str | None = None
    game: tuple[int, ...] | None = None
    flip: int | None = None
    flop: int | None = None
    net: dict[int, Fraction] | None = None
    pots: dict[int, dict[str, Fraction]] | None = None
    bankrolls: dict[int, Fraction] | None = None
    at: Mapping[Hashable, Position] = field(default_factory=dict)


@frozen(slots=True)
class DealRecord:
    number: int
    dealer: int | None
    between: tuple[Between, ...]
    antes: dict[int, AnteRecord] | None
    hands: dict[int, tuple[Card, ...]]
    flip_card: Card | None
    moves: tuple[Move, ...] | None
    ending: EndingRecord | None
    reveal: dict[int, tuple[Card, ...]] | None
    claims: DealClaims | None
    written_number: int | None
    at: Mapping[Hashable, Position]  # 'deal', each key, 'hand:<seat>'
    move_marks: Sequence[Any] = ()  # the parser's marks of the move lines, read only for findings

    def position(self, index: int | None) -> tuple[int | None, int | None]:
        """Line and column of the `index`-th move (1-based); none without a move."""
        if index is None or not 1 <= index <= len(self.move_marks):
            return None, None
        mark = self.move_marks[index - 1]
        return mark.line + 1, mark.column + 1


@frozen(slots=True)
class SessionClaims:
    net: dict[int, Fraction] | None
    bankrolls: dict[int, Fraction] | None
    at: Mapping[Hashable, Position]


@frozen(slots=True)
class FlipFlopRecord:
    roster: tuple[str, ...]  # the header's players, then newcomers in order of joining
    players: tuple[str, ...]  # the header's players (clockwise)
    stake: Fraction | None
    bankrolls: dict[int, Fraction] | None  # None: unlimited (or not recorded; see `unlimited`)
    unlimited: bool
    first_dealer: int | None
    deals: tuple[DealRecord, ...]
    claims: SessionClaims | None
    ended: bool  # the optional session end marker (GFF-14.7)
    at: Mapping[Hashable, Position]


class _Reader(RecordReader):
    """The shared reader (its players are the whole roster), with what only this game reads,
    and the seating's move lines known so far."""

    def __init__(self, document: Document, players: tuple[str, ...]) -> None:
        super().__init__(document, players)
        self.moves = MoveReader(self.seats)
        self.amounts: dict[str, Fraction] = {}  # each amount text read so far (a session repeats a few)

    def amount(self, text: Any, path: tuple) -> Fraction | None:
        """`RecordReader.amount`, once per distinct text (a Fraction is a value: shared)."""
        known = self.amounts.get(text) if text.__class__ is str else None
        if known is None:
            known = super().amount(text, path)
            if known is not None and text.__class__ is str:
                self.amounts[text] = known
        return known

    def seat_or_none(self, value: Any, path: tuple) -> int | None:
        return NOBODY if value == "none" else self.seat(value, path)


def _joiners(data: dict, players: tuple[str, ...]) -> tuple[str, ...]:
    """Names that join between deals and are not header players, in order."""
    found: list[str] = []
    for raw in data.get("deals") or []:
        for item in (raw.get("between") or []):
            words = item.split() if isinstance(item, str) else []
            if len(words) >= 2 and words[0] == "join" and words[1] not in players and words[1] not in found:
                found.append(words[1])
    return tuple(found)


def _between(reader: _Reader, items: list, path: tuple) -> tuple[Between, ...]:
    found = []
    for i, text in enumerate(items):
        where = path + (i,)
        words = text.split()
        at = reader.position(where)
        if len(words) == 2 and words[0] == "leave":
            seat = reader.seat(words[1], where)
            if seat is not None:
                found.append(Between(BetweenKind.LEAVE, seat, at))
        elif len(words) in (4, 5) and words[0] == "join" and words[-2] == "after":
            seat = reader.seat(words[1], where)
            after = reader.seat(words[-1], where)
            unlimited = len(words) == 5 and words[2] == "unlimited"
            bankroll = reader.amount(words[2], where) if len(words) == 5 and not unlimited else None
            if seat is not None and after is not None and (bankroll is not None or len(words) == 4 or unlimited):
                found.append(Between(BetweenKind.JOIN, seat, at, bankroll=bankroll, after=after,
                                     unlimited=unlimited))
        else:
            reader.fail(where, f"'{shown(text)}' is not 'leave NAME' or 'join NAME [BANKROLL|unlimited] after NAME'")
    return tuple(found)


def _antes(reader: _Reader, raw: dict, path: tuple) -> dict[int, AnteRecord]:
    found = {}
    for name, value in raw.items():
        where = path + (name,)
        seat = reader.seat(name, where, key=True)
        amounts: dict[PotKind, Fraction] = {}
        if isinstance(value, str):
            in_stakes = True
            for word in value.replace(",", " ").split():
                if word == "none":
                    continue
                if word not in ("game", "flip", "flop"):
                    reader.fail(where, f"'{shown(word)}' is not a pot (game, flip, flop)")
                    continue
                kind = PotKind(word)
                amounts[kind] = amounts.get(kind, Fraction(0)) + 1
        else:
            in_stakes = False
            for pot, text in value.items():
                amount = reader.amount(text, where + (pot,))
                if amount is not None:
                    amounts[PotKind(pot)] = amount
        if seat is not None:
            found[seat] = AnteRecord(amounts, in_stakes, reader.position(where))
    return found


def _ending(reader: _Reader, raw: dict, path: tuple) -> EndingRecord:
    def one(key: str) -> int | None:
        return reader.seat(raw[key], path + (key,)) if key in raw else None

    def pot(key: str) -> int | None:
        return reader.seat_or_none(raw[key], path + (key,)) if key in raw else None

    declared = None
    if "declared" in raw:
        declared = reader.per_player(raw["declared"], path + ("declared",), reader.count)
    totals = reader.per_player(raw["totals"], path + ("totals",), reader.count) if "totals" in raw else None
    return EndingRecord(type=raw["type"], winner=one("winner"), dropper=one("dropper"), totals=totals,
                        declared=declared, flip=pot("flip"), flop=pot("flop"), at=reader.keys_at(raw, path))


def _claims(reader: _Reader, raw: dict, path: tuple) -> DealClaims:
    def pot(key: str) -> int | None:
        return reader.seat_or_none(raw[key], path + (key,)) if key in raw else None

    game = None
    if "game" in raw:
        seats = [reader.seat(name, path + ("game", i)) for i, name in enumerate(raw["game"])]
        game = tuple(s for s in seats if s is not None)
    pots: dict[int, dict[str, Fraction]] | None = None
    if "pots" in raw:
        pots = {}
        for name, row in raw["pots"].items():
            seat = reader.seat(name, path + ("pots", name), key=True)
            values = {key: reader.amount(text, path + ("pots", name, key)) for key, text in row.items()}
            if seat is not None and None not in values.values():
                pots[seat] = cast(dict[str, Fraction], values)  # no None among them
    return DealClaims(
        ending=raw.get("ending"), game=game, flip=pot("flip"), flop=pot("flop"),
        net=reader.per_player(raw["net"], path + ("net",), reader.amount) if "net" in raw else None,
        pots=pots,
        bankrolls=reader.per_player(raw["bankrolls"], path + ("bankrolls",), reader.amount)
        if "bankrolls" in raw else None,
        at=reader.keys_at(raw, path),
    )


def _parse_move(text: str, *, seats: Mapping[str, int], **_where: int) -> Move:
    """`parse_move` for the shared reader, which passes each line's place (kept by the record instead)."""
    return parse_move(text, seats=seats)


def _deal(reader: _Reader, raw: dict, number: int) -> DealRecord:
    path = ("deals", number - 1)
    document = reader.document
    at = Positions.of(document, raw, path, key=True, itself="deal")  # a `deal:` key takes the name over
    dealer = reader.seat(raw["dealer"], path + ("dealer",)) if "dealer" in raw else None
    written = reader.count(raw["deal"], path + ("deal",)) if "deal" in raw else None
    between = _between(reader, raw.get("between") or [], path + ("between",))
    antes = _antes(reader, raw["antes"], path + ("antes",)) if "antes" in raw else None
    hands: dict[int, tuple[Card, ...]] = {}
    for name, text in (raw.get("hands") or {}).items():
        seat = reader.seat(name, path + ("hands", name), key=True)
        if seat is not None:
            hands[seat] = reader.cards(text, path + ("hands", name))
            at.add(f"hand:{seat}", path + ("hands", name))
    flip_card = None
    if "flip_card" in raw:
        cards = reader.cards(raw["flip_card"], path + ("flip_card",))
        if len(cards) != 1:
            reader.fail(path + ("flip_card",), "the flip card is one card")
        else:
            flip_card = cards[0]
    moves: list[Move] | None = None
    if "moves" in raw:
        if "ending" in raw:
            reader.fail(path + ("ending",), "a deal records either its moves or an outcome-only ending, not both",
                        key=True)
        try:
            moves = reader.moves.all(raw["moves"])
        except MoveSyntaxError:  # a line that is not a move: each problem at its line
            moves = reader.parse_moves(raw["moves"], deal=number, parse=_parse_move)
    ending = _ending(reader, raw["ending"], path + ("ending",)) if "ending" in raw else None
    reveal = None
    if "reveal" in raw:
        reveal = reader.per_player(raw["reveal"], path + ("reveal",), reader.cards)
    claims = _claims(reader, raw["claims"], path + ("claims",)) if raw.get("claims") else None
    return DealRecord(number=number, dealer=dealer, between=between, antes=antes, hands=hands,
                      flip_card=flip_card, moves=tuple(moves) if moves is not None else None, ending=ending,
                      reveal=reveal, claims=claims, written_number=written, at=at,
                      move_marks=document.marks.get(id(raw["moves"]), ()) if moves is not None else ())


def read_record(document: Document, players: tuple[str, ...]) -> FlipFlopRecord:
    """Typed header, deals, moves and claims; raises InputError listing every problem."""
    data = document.data
    roster = players + _joiners(data, players)
    reader = _Reader(document, roster)
    stake = reader.amount(data["stake"], ("stake",)) if "stake" in data else None
    bankrolls: dict[int, Fraction] | None = None
    unlimited = False
    raw_bankrolls = data.get("bankrolls")
    if raw_bankrolls == "unlimited":
        unlimited = True
    elif isinstance(raw_bankrolls, dict):
        bankrolls = reader.per_player(raw_bankrolls, ("bankrolls",), reader.amount)
        for seat in bankrolls:
            if seat >= len(players):
                reader.fail(("bankrolls", roster[seat]), f"{roster[seat]} is not seated at the start;"
                            " a newcomer's bankroll is written in his join", key=True)
    elif raw_bankrolls is not None:
        reader.fail(("bankrolls",), "bankrolls: a mapping of player to amount, or 'unlimited'")
    first = reader.seat(data["first_dealer"], ("first_dealer",)) if "first_dealer" in data else None
    deals = []
    for number, raw in enumerate(data["deals"], start=1):
        deals.append(_deal(reader, raw, number))
        if reader.full:
            break
    claims = None
    if data.get("claims"):
        raw = data["claims"]
        claims = SessionClaims(
            net=reader.per_player(raw["net"], ("claims", "net"), reader.amount) if "net" in raw else None,
            bankrolls=reader.per_player(raw["bankrolls"], ("claims", "bankrolls"), reader.amount)
            if "bankrolls" in raw else None,
            at=reader.keys_at(raw, ("claims",)),
        )
    reader.raise_problems()
    at = reader.keys_at(data, ())
    at.add("document", ())
    return FlipFlopRecord(roster=roster, players=players, stake=stake, bankrolls=bankrolls, unlimited=unlimited,
                          first_dealer=first, deals=tuple(deals), claims=claims, ended=bool(data.get("end")),
                          at=at)
