"""A Tjuv transcript read into typed values (TJ-10.1 to TJ-10.5), once.

Everything downstream works on these values; nothing looks at move text
again. Names that are not players and tokens that are not cards are input
errors (exit 2) with their line. Cards that exist but do not belong (a 5, a
JK, a card listed twice) and missing parts of a deal record are left for the
deal check, which cites the digest (TJ-2.1, TJ-10.x).
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Hashable, Iterator, Mapping, Sequence

from ...cards import Card, card_of
from ...frozen import frozen
from ...reader import Position, RecordReader
from ...yamldoc import Document, Positions
from .moves import Move, MoveReader, MoveSyntaxError, parse_move

__all__ = ["DealRecord", "RecordPositions", "DealClaims", "SweepClaim", "SessionClaims", "TjuvRecord", "read_record",
           "Position", "Positions"]

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


class RecordPositions(Mapping[Hashable, Position]):
    """Where the parts of a mapping of the record (a deal, its claims) were written: `itself`, when
    given, where the mapping starts; each of its keys (its key's position); then, for a deal,
    'round_one:<seat>' (likewise 'exposed:', 'round_two:') for each seat's entry, where its cards
    were written, in the order read. What `Positions.of(document, raw, path, key=True, itself=...)`
    and a path `add`ed a seat hold, without a path made for any of them until a finding asks for
    its position, which a legal record never does (the paths, made as the record was read, cost a
    fifth of reading it). A seat's entry keeps only the name written for it (`seats`).
    tests/tjuv/test_tjuv_read_shortcuts.py compares it with that `Positions`."""

    __slots__ = ("seats", "_document", "_raw", "_path", "_itself")

    def __init__(self, document: Document, raw: dict, path: tuple, *, itself: str | None = None) -> None:
        self._document, self._raw, self._path, self._itself = document, raw, path, itself
        self.seats: dict[str, str] = {}  # 'round_one:2' -> the player's name as written there

    def __getitem__(self, name: Hashable) -> Position:
        if name in self._raw:  # (a key named as `itself` is the key)
            return self._document.key_position(self._path + (name,))
        if isinstance(name, str):
            if name == self._itself:
                return self._document.position(self._path)
            written = self.seats.get(name)
            if written is not None:
                return self._document.position(self._path + (name.partition(":")[0], written))
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return name in self._raw or (name.__class__ is str and name == self._itself) or name in self.seats

    def __iter__(self) -> Iterator[Hashable]:
        itself = self._itself
        if itself is not None:
            yield itself
        for name in self._raw:
            if name != itself:
                yield name
        yield from self.seats

    def __len__(self) -> int:
        itself = self._itself
        return len(self._raw) + len(self.seats) + (itself is not None and itself not in self._raw)

    def __repr__(self) -> str:
        return f"RecordPositions({dict(self)!r})"


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
    at = RecordPositions(reader.document, raw, path)
    sweep = None
    if "sweep" in raw:
        entry = raw["sweep"]
        player = None
        if "player" in entry:
            player = reader.seats.get(entry["player"])
            if player is None:  # (reader.seat reports it)
                player = reader.seat(entry["player"], path + ("sweep", "player"))
        cards = _card_list(reader, entry, path=path + ("sweep",), key="cards")
        sweep = SweepClaim(player, cards)
    return DealClaims(counts=_whole_numbers(reader, raw, path=path, key="counts"),
                      winners=_winners(reader, raw, path=path), sweep=sweep,
                      ranking=_whole_numbers(reader, raw, path=path, key="ranking"), at=at)


def _whole_numbers(reader: _Reader, raw: dict, *, path: tuple, key: str) -> dict[int, int] | None:
    """`reader.per_player(raw[key], path + (key,), convert=reader.count)`; None without the key.
    A table of players' names and whole numbers (the usual claim) is read in one loop here;
    any other is read, and its problems reported, by that plain path."""
    if key not in raw:
        return None
    mapping = raw[key]
    seats = reader.seats
    table: dict[int, int] = {}
    for name, text in mapping.items():
        seat = seats.get(name)
        if seat is None or text.__class__ is not str or not text.isdigit() or len(text) > 6:
            return reader.per_player(mapping, path + (key,), convert=reader.count)
        table[seat] = int(text)
    return table


def _winners(reader: _Reader, raw: dict, *, path: tuple) -> frozenset[int] | None:
    """`frozenset(reader.names(raw["winners"], path + ("winners",)))`; None without the key.
    Players' names (the usual claim) are looked up here; a list with any other goes down
    that plain path, which reports it."""
    if "winners" not in raw:
        return None
    names = raw["winners"]
    seats, get = [], reader.seats.get
    for name in names:
        seat = get(name)
        if seat is None:
            return frozenset(reader.names(names, path + ("winners",)))
        seats.append(seat)
    return frozenset(seats)


def _card_list(reader: _Reader, raw: dict, *, path: tuple, key: str) -> tuple[Card, ...] | None:
    """`reader.cards(raw[key], path + (key,))`; None without the key. Its shortcut (every token
    canonical) is taken here, without the call and the path; any other list goes to it."""
    if key not in raw:
        return None
    text = raw[key]
    if text.__class__ is str:
        try:
            return tuple(map(card_of, text.replace(",", " ").split()))
        except KeyError:
            pass
    return reader.cards(text, path + (key,))


def _session_claims(reader: _Reader, raw: dict) -> SessionClaims:
    path = ("claims",)
    at = RecordPositions(reader.document, raw, path)

    return SessionClaims(wins=_whole_numbers(reader, raw, path=path, key="wins"),
                         totals=_whole_numbers(reader, raw, path=path, key="totals"),
                         ranking=_whole_numbers(reader, raw, path=path, key="ranking"), at=at)


def _per_seat(reader: _Reader, raw: dict, *, path: tuple, key: str, at: RecordPositions) -> PerSeat | None:
    if key not in raw:
        return None
    result: PerSeat = {}
    seats, cards, written = reader.seats, reader.cards, at.seats
    names = _SEAT_KEYS.get(key) or _SEAT_KEYS.setdefault(key, [])  # f"{key}:{seat}", made once a seat
    for name, text in (raw[key] or {}).items():
        seat = seats.get(name)  # (reader.seat, which reports a name that is not a player's)
        if seat is None:
            reader.seat(name, path + (key, name), key=True)
            continue
        hand = None
        if text.__class__ is str:  # reader.cards' shortcut (every token canonical), in this frame
            try:
                hand = tuple(map(card_of, text.replace(",", " ").split()))
            except KeyError:
                pass
        result[seat] = cards(text, path + (key, name)) if hand is None else hand
        while len(names) <= seat:
            names.append(f"{key}:{len(names)}")
        written[names[seat]] = name
    return result


_SEAT_KEYS: dict[str, list[str]] = {}


def _parse(text: str, *, seats: Mapping[str, int], **_where: int) -> Move:
    """A move line (its index and position, which the reader passes, stay in the record)."""
    return parse_move(text, seats=seats)


def _deal(reader: _Reader, raw: dict, *, number: int) -> DealRecord:
    path = ("deals", number - 1)
    document = reader.document
    at = RecordPositions(document, raw, path, itself="deal")
    dealer = reader.seat(raw["dealer"], path + ("dealer",)) if "dealer" in raw else None

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
        extra=_card_list(reader, raw, path=path, key="extra"),
        removed=_card_list(reader, raw, path=path, key="removed"),
        round_two=_per_seat(reader, raw, path=path, key="round_two", at=at),
        talon=_card_list(reader, raw, path=path, key="talon"),
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
    at = RecordPositions(document, data, ())
    return TjuvRecord(players=players, deals=tuple(deals), claims=claims, at=at)
