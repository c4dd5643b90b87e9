"""Tjuv's fast path (`TjuvDeal.run`, a core `BatchState`): a deal's moves
replayed in one call, the same as `TjuvDeal.apply` on each in turn.

The events a legal deal is mostly made of are refereed here by shortcuts
that first test, changing nothing, that the full rule path (`_apply`)
would find nothing wrong, and then change the state exactly as it would:

- a play of one held card of the pack by the player due, where the turn
  before it closes with nothing left undone (TJ-3.1, TJ-3.12 to TJ-3.14,
  TJ-3.19), its capture derived or recorded as the capture set (TJ-3.3),
  its steals derived or naming eligible piles the steal mode allows
  (TJ-3.6 to TJ-3.10), and no other top and no merge (TJ-3.11);
- the mover's step-2 draw, or the draw after a refill placement, of the
  card the talon gives without an issue (TJ-3.12, TJ-3.14);
- a required refill round of the table_refill in force (TJ-3.13 to
  TJ-3.15): a held card placed, or the talon card turned.

Any other event, or one a test fails, goes down the full path, which finds
whatever is wrong. tests/tjuv/test_tjuv_fast_path.py compares the two over
seeded and broken games, move by move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...cards import Card
from ...findings import Finding
from ...hand import Hand
from .deal import TJUV_PACK
from .moves import Draw, Move, Place, Play, Turn
from .options import StealMode
from .piles import Pile, new_pile
from .turn import HAND_SIZE, TABLE_SIZE

if TYPE_CHECKING:
    from .engine import TjuvDeal

__all__ = ["run"]

_PACK = frozenset(TJUV_PACK)


def run(deal: TjuvDeal, moves: Sequence[Move]) -> list[Finding]:
    """Every move in turn, the first as the deal's first, up to a stop; the findings."""
    findings = deal.findings
    start = len(findings)
    hands = deal.hands
    index = 0
    # `deal.stopped` and `deal.over` change only where this loop reads them again
    # (after `apply` or `_check_over`); `deal._index` is set where it is read
    # (the findings of `_check_over`, and after the last move)
    if deal.stopped:
        return []
    over = deal.over
    take = deal.talon.take  # (a deal keeps its talon)
    for move in moves:
        index += 1
        if not over:
            kind = move.__class__
            if kind is Play:
                hand = _play(deal, move)  # type: ignore[arg-type]  # told apart by class, which mypy does not narrow
                if hand is not None:
                    if not hand.size:  # the mover's hand, empty (as _apply ends a move)
                        _end_of_hands(deal, index)
                        if deal.stopped:
                            break
                        over = deal.over
                    continue
            elif kind is Draw:  # a clean draw of the mover's turn (`_on_draw`), in this frame
                turn = deal.turn
                seat = move.player
                if (seat == turn.mover and turn.played and not turn.passed
                        and (turn.place_open or (turn.draw_due and not turn.refilled_early))):
                    card = move.card  # type: ignore[attr-defined]  # (a Draw, told apart by class)
                    if card is None or card in _PACK:
                        drawn = take(card)  # (check, then remove)
                        if drawn is not None:
                            if turn.place_open:
                                turn.place_open = False
                            else:
                                turn.draw_due = False
                                turn.drew = True
                            hand = hands[seat]  # hand.add(drawn), for a card with a suit
                            counts = hand.counts
                            counts[drawn] = counts.get(drawn, 0) + 1
                            hand.suits[drawn.suit_index] += 1
                            hand.size += 1
                            continue  # (the mover's hand holds a card now)
            elif (kind is Place or kind is Turn) and _refill(deal, move):  # type: ignore[arg-type]
                if not hands[deal.turn.mover].size:
                    _end_of_hands(deal, index)
                    if deal.stopped:
                        break
                    over = deal.over
                continue
        deal.apply(move, index)
        if deal.stopped:
            break
        over = deal.over
    else:  # (a break comes after a move that set it)
        deal._index = index or deal._index
    return findings[start:]


def _end_of_hands(deal: TjuvDeal, index: int) -> None:
    """The mover's hand is empty after a move taken by a shortcut: as `_apply` ends it."""
    deal._index = index
    findings = deal.findings
    deal._move_start = len(findings)
    errors = deal._errors
    deal._check_over()
    if deal._errors > errors and deal._stops:
        deal._stop_here()


def _play(deal: TjuvDeal, move: Play) -> Hand | None:
    """A clean step-1 play (`_begin_turn`, `_close_turn`, `_on_play`), applied: the
    mover's hand after it; None: not taken."""
    cards = move.cards
    if len(cards) != 1 or move.into is not None:
        return None
    card = cards[0]
    if card not in _PACK or (move.top is not None and move.top is not card):
        return None
    seat, turn, hands = move.player, deal.turn, deal.hands
    hand = hands[seat]
    if card not in hand.counts:
        return None
    new_turn = turn.played or turn.passed
    if new_turn:
        if turn.passed:
            return None
        mover = turn.mover
        if not turn.closed:  # _close_turn would report nothing
            if turn.draw_due or (turn.place_open and turn.place_required):
                return None
            if len(deal.table) < TABLE_SIZE and deal.talon.size > 0:
                return None
            size = hands[mover].size  # (TJ-3.19: a hand of 3 is the usual case, tested first)
            if size != HAND_SIZE and not turn.flagged and (size > HAND_SIZE or turn.talon_at_draw > 0):
                return None
        # seat is deal._next_seat(mover): it holds cards (the card played), so it is the seat on the
        # mover's left, or a later one when the left one holds none
        left = (mover + 1) % deal.n
        if seat != left and (hands[left].size or seat != deal._next_seat(mover)):
            return None
    elif seat != turn.mover:
        return None
    rank, suit = card.rank, deal._table_suits[card.suit_index]  # (a pack card has a suit)
    capture_set = []  # deal.capture_set(card), in this frame (a suit holds few table cards)
    for c in suit:
        if c.rank < rank:
            capture_set.append(c)
    taken: Sequence[Card] = capture_set
    recorded = move.capture
    if recorded is not None:
        size = len(recorded)
        if size != len(capture_set):
            return None
        if size == 1:
            if recorded[0] is not capture_set[0] or recorded[0] not in _PACK:
                return None
        elif size and (not set(recorded).issuperset(capture_set) or not _PACK.issuperset(recorded)):
            return None
        taken = recorded
    stolen: Sequence[Pile] = ()
    if move.steals is not None or deal._mandatory:
        chosen = _steals(deal, move, card, captures=bool(capture_set))
        if chosen is None:
            return None
        stolen = chosen
    # every test passed: the state changes as the full path changes it
    deal.turns += 1
    if new_turn:  # the turn before closed (nobody holds it): this one begins in its place (turn.begin(seat),
        turn.mover = seat  # written out; `played` is set below)
        turn.passed = turn.drew = turn.draw_due = turn.place_open = turn.place_required = False
        turn.refilled_early = turn.flagged = turn.closed = False
        turn.talon_at_draw = 0
    counts = hand.counts  # hand.remove(card), for a card with a suit
    left = counts[card] - 1
    if left:
        counts[card] = left
    else:
        del counts[card]
    hand.suits[card.suit_index] -= 1
    hand.size -= 1
    turn.played = True
    deal.last_player = seat
    table = deal.table
    for c in taken:  # deal._table_take(c): every taken card is of the played card's suit
        table.remove(c)
        suit.remove(c)
    if taken or stolen:
        pile = [card, *taken]
        for gone in stolen:
            deal._pile_take(gone)
            pile.extend(gone.cards)
        deal.piles[card] = deal._pile_suits[card.suit_index][card] = new_pile(seat, card, tuple(pile))  # _pile_add
    else:
        table.append(card)  # deal._table_add(card)
        suit.append(card)
    size = deal.talon.size
    if size and not turn.drew:
        turn.draw_due = True
        turn.talon_at_draw = size
    return hand


def _steals(deal: TjuvDeal, move: Play, card: Card, *, captures: bool) -> list[Pile] | None:
    """The piles a play takes when `_recorded_steals` would report nothing; None otherwise."""
    seat, steals = move.player, move.steals
    if steals is None:  # steal_mode=mandatory: derived
        return deal.eligible(seat, card) if captures else []
    if not captures:
        return [] if not steals else None
    if not _PACK.issuperset(steals):
        return None
    chosen: list[Pile] = []
    for top in steals:
        pile = deal.piles.get(top)
        if (pile is None or pile in chosen or pile.owner == seat or pile.sweep or pile.top.suit is not card.suit
                or pile.top.rank >= card.rank):
            return None
        chosen.append(pile)
    mode = deal.options.steal_mode
    if mode is not StealMode.OPTIONAL and len(chosen) < len(deal.eligible(seat, card)):
        if chosen or mode is StealMode.MANDATORY:  # all_or_none: all or none; mandatory: all
            return None
    return chosen


def _refill(deal: TjuvDeal, move: Place | Turn) -> bool:
    """A clean, required refill round of the table_refill in force (`_on_refill`), applied; False: not taken."""
    turn = deal.turn
    seat = move.player
    if seat != turn.mover or turn.passed or not turn.played or turn.draw_due or turn.place_open:
        return False
    if move.capture or move.steals or len(deal.table) >= TABLE_SIZE or not deal.talon.size:
        return False
    card = move.card
    if card is not None and card not in _PACK:
        return False
    if move.__class__ is Place:
        if not deal._from_hand or card is None or card not in deal.hands[seat].counts:
            return False
        deal.hands[seat].remove(card)
        deal._table_add(card)
        if deal.talon.size:
            turn.place_open = True
            turn.place_required = True
        return True
    if deal._from_hand:
        return False
    turned = deal.talon.take(card)
    if turned is None:
        return False
    deal._table_add(turned)
    return True
