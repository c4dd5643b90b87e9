"""The batch path's shortcut (`Deal.run`): a run of plain draws and
discards, the commonest events of a clean record, played without the
general event code. It stops, having changed nothing for the move it stops
at, where the general path (`Deal.apply`) has anything more to judge;
tests/conformance/test_fast_path.py compares `run` with `apply` move by
move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ...cards import JOKER
from .legal import Stage
from .moves import Discard, Draw, Move, Source

if TYPE_CHECKING:
    from .engine import Deal

__all__ = ["plain_run"]

# As module globals: reading an enum member as a class attribute costs about 90 ns on CPython 3.11.
_START, _DRAWN, _STOCK = Stage.START, Stage.DRAWN, Source.STOCK


def plain_run(self: Deal, moves: Sequence[Move], i: int) -> int:
    """`Deal._plain_draw` and `Deal._plain_discard` inlined, from move `i` while they
    apply (in play, the stock not taken empty); the index of the first move
    they do not play. The state is as `apply` one move at a time leaves it
    (tests/conformance/test_fast_path.py)."""
    order, hands, stock, pile, drawn = self.order, self.hands, self.stock, self.pile, self.drawn
    seats, retake = len(order), self.options.retake_discard
    current, stage, took, beat, turns = self.current, self.stage, self.took, self.beat, self.turns
    start, count, moved, discarder = i, len(moves), False, self.last_discarder
    while i < count:
        move: Any = moves[i]  # a Draw or a Discard where read as one (by exact type: no isinstance)
        kind = move.__class__
        if kind is Draw:
            seat, card = move.player, move.card
            if seat != order[current] or stage is not _START or card is JOKER:
                break
            if move.source is _STOCK:
                if card not in stock:
                    break
                stock.remove(card)
            else:
                if not pile or pile[-1] is not card:
                    break
                pile.pop()
                took = card
            hand = hands[seat]
            counts = hand.counts
            counts[card] = counts.get(card, 0) + 1
            hand.suits[card.suit_index] += 1
            hand.size += 1
            drawn.add(seat)
            moved = True
            stage = _DRAWN
            if beat != seat:
                turns += 1
                beat = seat
            i += 1
            if not stock:
                self.stock_turn = True  # the last stock card: every later move has the full checks
                break
        elif kind is Discard:
            seat, card = move.player, move.card
            if seat != order[current] or stage is not _DRAWN or card is JOKER:
                break
            hand = hands[seat]
            counts = hand.counts
            if hand.size < 2 or card not in counts or (card is took and not retake):
                break
            left = counts[card] - 1
            if left:
                counts[card] = left
            else:
                del counts[card]
            hand.suits[card.suit_index] -= 1
            hand.size -= 1
            pile.append(card)
            discarder = seat
            current = (current + 1) % seats
            stage = _START
            took = None
            if beat != seat:
                turns += 1
            beat = None
            i += 1
        else:
            break
    self.current, self.stage, self.took, self.beat, self.turns = current, stage, took, beat, turns
    self.last_discarder = discarder
    self.applied += i - start
    if moved:
        self.anyone_moved = True
    return i
