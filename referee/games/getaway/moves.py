"""Getaway events (GW-9.3) as typed values, parsed once from move lines.

Grammar of a move line (one per list item):

    trick N               the plays that follow belong to trick N (GW-9.4)
    P play CARD           P plays CARD
    P take Q              P takes Q's whole hand
    P draw waste CARD     P draws CARD from the waste pile
    P draw Q CARD         P draws CARD from Q's hand
    P break | P skip      (pickup=breaker | pickup=none)
"""

from __future__ import annotations

from typing import Mapping

from ... import movetext
from ...cards import Card, parse_card
from ...errors import shown
from ...frozen import frozen
from ...movetext import MoveSyntaxError, move_card, move_seat, not_a_move

__all__ = ["Move", "PlayerMove", "TrickMark", "Play", "Take", "Draw", "Break", "Skip", "parse_move", "MoveReader",
           "MoveSyntaxError", "RESERVED_NAMES", "WASTE", "write_move"]

WASTE = -1
RESERVED_NAMES = frozenset({"trick", "waste"})
#: Every form of a move line, `(form, example, meaning)`, in the order the
#: error for an unknown line lists them; `referee rules getaway --moves` prints it.
MOVE_FORMS: tuple[tuple[str, str, str], ...] = (
    ("P play CARD", "N play 10H", "P plays CARD: a lead, a follow, a tochoo or a trump"),
    ("P take Q", "W take N", "P takes the whole hand of Q, the next player still in (GW-3.32)"),
    ("P draw waste CARD", "S draw waste 7C", "P, holding power with no cards, draws CARD from the waste pile (GW-3.25)"),
    ("P draw Q CARD", "S draw E 7C", "P draws CARD from Q's hand (empty_power=draw_next_hand or draw_any_hand)"),
    ("P break", "E break", "P, void in the suit led, picks up the trick and leads (pickup=breaker)"),
    ("P skip", "E skip", "P, void in the suit led, plays nothing to this trick (pickup=none)"),
    ("trick N", "trick 3", "the plays that follow belong to trick N (optional; recommended, GW-10.6)"),
)
#: The words of the move language (a misspelt one is corrected in messages).
MOVE_WORDS = ("trick", "play", "take", "draw", "waste", "break", "skip")
_FORMS = ", ".join(form for form, _, _ in MOVE_FORMS)


@frozen(slots=True)
class TrickMark:
    number: int


@frozen(slots=True)
class Play:
    player: int
    card: Card


@frozen(slots=True)
class Take:
    player: int
    taken: int


@frozen(slots=True)
class Draw:
    player: int
    source: int  # a seat, or WASTE
    card: Card


@frozen(slots=True)
class Break:
    player: int


@frozen(slots=True)
class Skip:
    player: int


#: A move is what happened, not where it was written: its index in the deal
#: and its line are kept by the record, and looked up only for a finding.
Move = TrickMark | Play | Take | Draw | Break | Skip
#: A player's move: every move but a trick mark (what `Round.legal_moves()` lists).
PlayerMove = Play | Take | Draw | Break | Skip


_PLAYS: dict[tuple[int, Card], Play] = {}  # shared by every game: (seat, card) pairs are few


def parse_move(text: str, *, seats: Mapping[str, int]) -> Move:
    """One typed move; raises MoveSyntaxError naming what is wrong."""
    words = text.split()
    if len(words) == 3 and words[1] == "play":  # the common case, without new objects
        seat, played = seats.get(words[0]), parse_card(words[2])
        if seat is not None and played is not None:
            move = _PLAYS.get((seat, played))
            if move is None:
                move = _PLAYS[seat, played] = Play(seat, played)
            return move
    if len(words) == 2 and words[0] == "trick":
        if not words[1].isdigit() or len(words[1]) > 6:
            raise MoveSyntaxError(f"'trick {shown(words[1])}': a trick number is a whole number")
        return TrickMark(int(words[1]))
    if len(words) < 2:
        raise MoveSyntaxError(f"'{shown(text)}' is not a move")
    player = move_seat(words[0], seats)
    verb, args = words[1], words[2:]
    if verb == "play" and len(args) == 1:
        return Play(player, move_card(args[0]))
    if verb == "take" and len(args) == 1:
        return Take(player, move_seat(args[0], seats))
    if verb == "draw" and len(args) == 2:
        source = WASTE if args[0] == "waste" else move_seat(args[0], seats)
        return Draw(player, source, move_card(args[1]))
    if verb == "break" and not args:
        return Break(player)
    if verb == "skip" and not args:
        return Skip(player)
    raise not_a_move(text, game="Getaway", forms=_FORMS, words=MOVE_WORDS, seats=seats)


def MoveReader(seats: Mapping[str, int]) -> movetext.MoveReader[Move]:
    """Move lines parsed once per seating (movetext.MoveReader over `parse_move`)."""
    return movetext.MoveReader(seats, parse=parse_move)


def write_move(move: Move, players: tuple[str, ...]) -> str:
    """The move line for a typed move (the inverse of parse_move)."""
    match move:
        case TrickMark(number=number):
            return f"trick {number}"
        case Play(player=p, card=c):
            return f"{players[p]} play {c}"
        case Take(player=p, taken=q):
            return f"{players[p]} take {players[q]}"
        case Draw(player=p, source=s, card=c):
            return f"{players[p]} draw {'waste' if s == WASTE else players[s]} {c}"
        case Break(player=p):
            return f"{players[p]} break"
        case Skip(player=p):
            return f"{players[p]} skip"
    raise TypeError(move)
