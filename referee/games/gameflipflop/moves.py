"""Game, Flip, Flop events (GFF-14.3) as typed values, parsed once from move lines.

Grammar of a move line (one per list item of a deal's `moves`):

    P show CARD                 a flip or flop show (GFF-6.4, 6.5)
    P declare 49 | P declare 50 a 49/50 declaration (GFF-5.1)
    P drop                      a drop (GFF-8.4)
    P draw stock CARD           draws CARD from the stock (the card is named)
    P draw discard CARD         takes CARD, the top of the discard pile
    P spread ID CARD CARD CARD  lays a run or set from his hand as spread ID
    P layoff CARD ID            adds CARD to spread ID (anyone's)
    P discard CARD              ends his turn by discarding CARD

Spread identifiers are case-insensitive (`s1` is `S1`) and must not look like
a card.
"""

from __future__ import annotations

import enum
import re
from typing import Mapping

from ... import movetext
from ...cards import Card, format_cards, parse_card
from ...errors import shown
from ...frozen import frozen
from ...movetext import MoveSyntaxError, move_card, move_seat, not_a_move

__all__ = ["Move", "Show", "Declare", "Drop", "Draw", "Source", "Spread", "LayOff", "Discard",
           "parse_move", "write_move", "MoveSyntaxError", "parse_spread_id", "MoveReader"]

_SPREAD_ID = re.compile(r"^[A-Za-z0-9_\-]{1,16}$")


class Source(enum.Enum):
    STOCK = "stock"
    DISCARD = "discard"


@frozen(slots=True, kw_only=True)
class Move:
    """Who acts (a seat). Where a move was written is the deal record's business (`DealRecord.position`)."""

    player: int


@frozen(slots=True, kw_only=True)
class Show(Move):
    card: Card


@frozen(slots=True, kw_only=True)
class Declare(Move):
    number: int  # 49 or 50, as announced


@frozen(slots=True, kw_only=True)
class Drop(Move):
    pass


@frozen(slots=True, kw_only=True)
class Draw(Move):
    source: Source
    card: Card


@frozen(slots=True, kw_only=True)
class Spread(Move):
    spread: str
    cards: tuple[Card, ...]


@frozen(slots=True, kw_only=True)
class LayOff(Move):
    card: Card
    spread: str


@frozen(slots=True, kw_only=True)
class Discard(Move):
    card: Card


def parse_spread_id(token: str) -> str:
    """The canonical (upper-case) spread identifier; raises MoveSyntaxError."""
    if not _SPREAD_ID.match(token) or parse_card(token) is not None:
        raise MoveSyntaxError(f"'{shown(token)}' is not a spread identifier (like S1; letters, digits, - and _)")
    return token.upper()


_SOURCES = {source.value: source for source in Source}
#: Every form of a move line, `(form, example, meaning)`, in the order the error
#: for an unknown line lists them; `referee rules game-flip-flop --moves` prints it.
MOVE_FORMS: tuple[tuple[str, str, str], ...] = (
    ("P show CARD", "B show 2C", "P shows CARD for the flip or the flop pot (GFF-6.5)"),
    ("P declare 49|50", "A declare 49", "P declares a dealt 49 or 50, which ends the play (GFF-5.1)"),
    ("P drop", "A drop", "P drops: the play ends and the lowest hand wins, unless caught (GFF-8.4)"),
    ("P draw stock|discard CARD", "C draw stock 9S", "P draws CARD from the stock or takes the top discard (GFF-7.3)"),
    ("P spread ID CARDS", "C spread S1 3H 4H 5H", "P lays a run or a set as spread ID (like S1; not a card; GFF-7.8)"),
    ("P layoff CARD ID", "A layoff 6H S1", "P lays CARD off on spread ID (GFF-7.9)"),
    ("P discard CARD", "C discard KD", "P ends the turn by discarding CARD (GFF-7.11)"),
)
#: The words of the move language (a misspelt one is corrected in messages).
MOVE_WORDS = ("show", "declare", "drop", "draw", "stock", "discard", "spread", "layoff", "leave", "join", "after",
              "unlimited")
_FORMS = ", ".join(form for form, _, _ in MOVE_FORMS)


def parse_move(text: str, *, seats: Mapping[str, int]) -> Move:
    """One typed move; raises MoveSyntaxError naming what is wrong. Draws and
    discards, most of any deal, are tried first."""
    words = text.split()
    count = len(words)
    if count < 2:
        raise MoveSyntaxError(f"'{shown(text)}' is not a move")
    seat = move_seat(words[0], seats)
    verb = words[1]
    if verb == "draw":
        source = _SOURCES.get(words[2]) if count == 4 else None
        if source is not None:
            return Draw(player=seat, source=source, card=move_card(words[3]))
    elif verb == "discard":
        if count == 3:
            return Discard(player=seat, card=move_card(words[2]))
    elif verb == "show":
        if count == 3:
            return Show(player=seat, card=move_card(words[2]))
    elif verb == "spread":
        if count >= 4:
            return Spread(player=seat, spread=parse_spread_id(words[2]),
                          cards=tuple(move_card(t) for t in words[3:]))
    elif verb == "layoff":
        if count == 4:
            return LayOff(player=seat, card=move_card(words[2]),
                          spread=parse_spread_id(words[3]))
    elif verb == "declare":
        if count == 3 and words[2] in ("49", "50"):
            return Declare(player=seat, number=int(words[2]))
    elif verb == "drop":
        if count == 2:
            return Drop(player=seat)
    raise not_a_move(text, game="Game, Flip, Flop", forms=_FORMS, words=MOVE_WORDS, seats=seats)


def MoveReader(seats: Mapping[str, int]) -> movetext.MoveReader[Move]:
    """Move lines parsed once per seating (movetext.MoveReader over `parse_move`)."""
    return movetext.MoveReader(seats, parse=parse_move)


def write_move(move: Move, names: tuple[str, ...]) -> str:
    """The move line for a typed move (the inverse of parse_move)."""
    who = names[move.player]
    match move:
        case Show(card=c):
            return f"{who} show {c}"
        case Declare(number=number):
            return f"{who} declare {number}"
        case Drop():
            return f"{who} drop"
        case Draw(source=source, card=c):
            return f"{who} draw {source.value} {c}"
        case Spread(spread=sid, cards=cards):
            return f"{who} spread {sid} " + format_cards(cards)
        case LayOff(card=c, spread=sid):
            return f"{who} layoff {c} {sid}"
        case Discard(card=c):
            return f"{who} discard {c}"
    raise TypeError(move)
