"""The legal moves of a Tjuv position: what the simulator draws from, what
`show` lists, and what a recorded move is checked against.

The moves are written out in full (captures listed, steals named by their
piles' top cards, every card named). A record may leave out what the rules
determine (TJ-10.3): the capture and, under steal_mode=mandatory, the
steals are derived, and a draw or turn without a card takes the top of a
recorded talon. `LegalMoves` finds such a shorter form too, as the move it
stands for (`spelled_out`).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Iterable

from ...hand import sort_cards
from .moves import Draw, Move, Place, Play, Turn
from .options import StealMode

if TYPE_CHECKING:
    from .engine import TjuvDeal

__all__ = ["LegalMoves", "plays", "draws", "refills", "spelled_out"]


class LegalMoves(list):
    """The legal moves now, as a list. `move in legal` also holds for a
    recorded move written in a shorter form of one of them (ask before the
    state changes: the form is read against the position they belong to)."""

    __slots__ = ("_state",)

    def __init__(self, state: TjuvDeal, moves: Iterable[Move] = ()) -> None:
        super().__init__(moves)
        self._state = state

    def __contains__(self, move: object) -> bool:
        if list.__contains__(self, move):
            return True
        return isinstance(move, Move) and list.__contains__(self, spelled_out(self._state, move))


def plays(state: TjuvDeal, seat: int) -> list[Move]:
    """Step 1: each held card with its capture, and each choice of piles the steal mode allows (TJ-3.2 to TJ-3.10)."""
    moves: list[Move] = []
    mode = state.options.steal_mode
    for card in sort_cards(state.hands[seat].counts):
        capture = tuple(sort_cards(state.capture_set(card)))
        tops = sorted((p.top for p in state.eligible(seat, card)), key=lambda c: c.index) if capture else []
        if mode is StealMode.OPTIONAL:
            choices = [combo for k in range(len(tops) + 1) for combo in combinations(tops, k)]
        elif mode is StealMode.ALL_OR_NONE:
            choices = [()] + ([tuple(tops)] if tops else [])
        else:
            choices = [tuple(tops)]
        for steals in choices:
            moves.append(Play(player=seat, cards=(card,), capture=capture or None, steals=tuple(steals) or None))
    return moves


def draws(state: TjuvDeal, seat: int) -> list[Move]:
    """A draw of each card that may be the next from the talon."""
    return [Draw(player=seat, card=c) for c in state.talon.candidates()]


def refills(state: TjuvDeal, seat: int) -> list[Move]:
    """A refill round: a held card placed (table_refill=from_hand), or a talon card turned."""
    if state.options.from_hand:
        return [Place(player=seat, card=c) for c in sort_cards(state.hands[seat].counts)]
    return [Turn(player=seat, card=c) for c in state.talon.candidates()]


def spelled_out(state: TjuvDeal, move: Move) -> Move:
    """The move as `legal_moves` writes it: a derived capture or mandatory
    steal filled in, captures and steals in order, `none` and a top that is
    the played card dropped, the top card of a recorded talon named."""
    if isinstance(move, Play):
        if len(move.cards) != 1:
            return move
        card = move.card
        capture = state.capture_set(card) if move.capture is None else move.capture
        if move.steals is not None:
            steals = tuple(sorted(move.steals, key=lambda c: c.index))
        elif state.options.steal_mode is StealMode.MANDATORY and capture:
            steals = tuple(sorted((p.top for p in state.eligible(move.player, card)), key=lambda c: c.index))
        else:
            steals = ()
        return Play(player=move.player, cards=move.cards, capture=tuple(sort_cards(capture)) or None,
                    steals=steals or None, top=None if move.top is card else move.top, into=move.into)
    if isinstance(move, (Draw, Turn)) and move.card is None:
        top = state.talon.top()
        return move if top is None else type(move)(player=move.player, card=top)
    return move
