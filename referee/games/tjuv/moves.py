"""Tjuv events (TJ-10.3) as typed values, parsed once from move lines.

Grammar of a move line (one per list item; `P` is a player):

    P play CARD [capture CARDS|none] [steal TOPS|none] [top CARD] [into TOP]
    P draw [CARD]          step 2, or the draw after a refill placement
    P place CARD           a refill round under table_refill=from_hand
    P turn [CARD]          a refill round under table_refill=from_talon
    P pass                 no card played (always a finding, TJ-11.6)

`capture` records the table cards taken (they are derived; a record is
compared). `steal` names stolen piles by their top cards; `none` says "none"
explicitly (under steal_mode=mandatory, no `steal` clause means "derived").
A draw or turn without a card means "the top card of the recorded talon".
`top` and `into` record how the new pile was formed (TJ-3.11), and `place`
and `turn` accept `capture`/`steal` clauses only so that such a record can
be flagged (TJ-3.14, TJ-3.15).
"""

from __future__ import annotations

from typing import Mapping

from ... import movetext
from ...cards import Card, format_cards, parse_card
from ...errors import shown
from ...frozen import frozen
from ...movetext import MoveSyntaxError, move_card, move_seat, not_a_move

__all__ = ["Move", "Play", "Draw", "Place", "Turn", "Pass", "parse_move", "write_move", "MoveSyntaxError",
           "MoveReader", "VERBS", "KEYWORDS"]

VERBS = ("play", "draw", "place", "turn", "pass")
KEYWORDS = ("capture", "steal", "top", "into")
#: The words of the move language (a misspelt one is corrected in messages).
MOVE_WORDS = (*VERBS, *KEYWORDS, "none")
_LISTS = ("capture", "steal")
_NONE = "none"
#: Every form of a move line, `(form, example, meaning)`, in the order the
#: error for an unknown line lists them; `referee rules tjuv --moves` prints it.
MOVE_FORMS: tuple[tuple[str, str, str], ...] = (
    ("P play CARD [capture CARDS|none] [steal TOPS|none] [top CARD] [into TOP]", "A play 9H capture 7H 6H",
     "P plays CARD; the capture and steals are derived, and compared when written (TJ-3.2)"),
    ("P draw [CARD]", "A draw QS", "P draws from the talon (step 2), or after a refill placement"),
    ("P place CARD", "B place 8C", "a refill round under table_refill=from_hand"),
    ("P turn [CARD]", "B turn 8C", "a refill round under table_refill=from_talon"),
    ("P pass", "C pass", "always a finding: nobody may pass"),
)


@frozen(slots=True, kw_only=True)
class Move:
    """Who acted (a pure value: where the move was written is the deal
    record's, `DealRecord.position`)."""

    player: int


@frozen(slots=True, kw_only=True)
class Play(Move):
    """Step 1. `cards` holds what was written (legal: exactly one card);
    `capture` and `steals` are None when not recorded."""

    cards: tuple[Card, ...]
    capture: tuple[Card, ...] | None = None
    steals: tuple[Card, ...] | None = None
    top: Card | None = None
    into: Card | None = None

    @property
    def card(self) -> Card:
        return self.cards[0]


@frozen(slots=True, kw_only=True)
class Draw(Move):
    card: Card | None = None  # None: "drawn, card not named"


@frozen(slots=True, kw_only=True)
class Place(Move):
    card: Card | None = None  # None: a placement with no card named (TJ-10.7)
    capture: tuple[Card, ...] | None = None
    steals: tuple[Card, ...] | None = None


@frozen(slots=True, kw_only=True)
class Turn(Move):
    card: Card | None = None  # None: "the top talon card, not named"
    capture: tuple[Card, ...] | None = None
    steals: tuple[Card, ...] | None = None


@frozen(slots=True, kw_only=True)
class Pass(Move):
    pass


_SHAPES = ", ".join(form for form, _, _ in MOVE_FORMS)


def _clauses(words: list[str], text: str) -> tuple[list[str], dict[str, list[str]]]:
    """The words before the first keyword, and each keyword's words."""
    head: list[str] = []
    clauses: dict[str, list[str]] = {}
    current = head
    for word in words:
        key = word.lower()
        if key in KEYWORDS:
            if key in clauses:
                raise MoveSyntaxError(f"'{shown(text)}': '{key}' written twice")
            current = clauses[key] = []
        else:
            current.append(word)
    return head, clauses


def _card_list(key: str, words: list[str], *, text: str) -> tuple[Card, ...]:
    if not words:
        raise MoveSyntaxError(f"'{shown(text)}': '{key}' needs cards or 'none'")
    if len(words) == 1 and words[0].lower() == _NONE:
        return ()
    return tuple(move_card(w) for w in words)


def _one_card(key: str, words: list[str], *, text: str) -> Card:
    if len(words) != 1:
        raise MoveSyntaxError(f"'{shown(text)}': '{key}' takes exactly one card")
    return move_card(words[0])


_ONE_CARD: dict[str, type[Draw] | type[Place] | type[Turn]] = {"draw": Draw, "place": Place, "turn": Turn}


def parse_move(text: str, *, seats: Mapping[str, int]) -> Move:
    """One typed move; raises MoveSyntaxError naming what is wrong."""
    words = text.split()
    count = len(words)
    if count == 2 or count == 3:  # the common lines: P play CARD, P draw [CARD], P place CARD, P turn [CARD]
        player = seats.get(words[0])
        if player is not None:
            card = parse_card(words[2]) if count == 3 else None
            if words[1] == "play":
                if card is not None:
                    return Play(player=player, cards=(card,))
            elif (kind := _ONE_CARD.get(words[1])) is not None and (card is not None or count == 2):
                return kind(player=player, card=card)
    elif count > 4 and words[1] == "play" and words[3] == "capture":  # P play CARD capture CARDS
        player, card = seats.get(words[0]), parse_card(words[2])
        found = [parse_card(word) for word in words[4:]]  # a keyword or 'none' is no card
        taken = tuple(c for c in found if c is not None)
        if player is not None and card is not None and len(taken) == len(found):
            return Play(player=player, cards=(card,), capture=taken)
    if count < 2:
        raise MoveSyntaxError(f"'{shown(text)}' is not a Tjuv move ({_SHAPES})")
    player = move_seat(words[0], seats)
    verb = words[1].lower()
    at = {"player": player}
    head, clauses = _clauses(words[2:], text)
    lists = {key: _card_list(key, clauses[key], text=text) for key in _LISTS if key in clauses}
    if verb == "play":
        top = _one_card("top", clauses["top"], text=text) if "top" in clauses else None
        into = _one_card("into", clauses["into"], text=text) if "into" in clauses else None
        return Play(cards=tuple(move_card(w) for w in head), capture=lists.get("capture"),
                    steals=lists.get("steal"), top=top, into=into, **at)
    if verb not in VERBS:
        raise not_a_move(text, game="Tjuv", forms=_SHAPES, words=MOVE_WORDS, seats=seats)
    if "top" in clauses or "into" in clauses:
        raise MoveSyntaxError(f"'{shown(text)}': 'top' and 'into' belong to a play")
    if len(head) > 1:
        raise MoveSyntaxError(f"'{shown(text)}': one card at a time ('{verb}' takes at most one card)")
    card = move_card(head[0]) if head else None
    if verb in ("draw", "pass"):
        if clauses:
            raise MoveSyntaxError(f"'{shown(text)}': '{verb}' takes no capture or steal")
        if verb == "pass":
            if card is not None:
                raise MoveSyntaxError(f"'{shown(text)}': 'pass' takes no card")
            return Pass(**at)
        return Draw(card=card, **at)
    kind = Place if verb == "place" else Turn
    return kind(card=card, capture=lists.get("capture"), steals=lists.get("steal"), **at)


def MoveReader(seats: Mapping[str, int]) -> movetext.MoveReader[Move]:
    """Move lines parsed once per seating (movetext.MoveReader over `parse_move`)."""
    return movetext.MoveReader(seats, parse=parse_move)


def _list(key: str, cards: tuple[Card, ...] | None) -> str:
    if cards is None:
        return ""
    return f" {key} " + (format_cards(cards) if cards else _NONE)


def write_move(move: Move, players: tuple[str, ...]) -> str:
    """The move line for a typed move (the inverse of parse_move)."""
    name = players[move.player]
    match move:
        case Play(cards=cards, capture=capture, steals=steals, top=top, into=into):
            text = f"{name} play {' '.join(c.token for c in cards)}".rstrip()
            text += _list("capture", capture) + _list("steal", steals)
            if top is not None:
                text += f" top {top}"
            if into is not None:
                text += f" into {into}"
            return text
        case Draw(card=card):
            return f"{name} draw" + (f" {card}" if card is not None else "")
        case Place(card=card, capture=capture, steals=steals) | Turn(card=card, capture=capture, steals=steals):
            verb = "place" if isinstance(move, Place) else "turn"
            text = f"{name} {verb}" + (f" {card}" if card is not None else "")
            return text + _list("capture", capture) + _list("steal", steals)
        case Pass():
            return f"{name} pass"
    raise TypeError(move)
