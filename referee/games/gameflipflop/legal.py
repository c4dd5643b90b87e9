"""What may happen next in a deal of Game, Flip, Flop: every move that breaks
no rule now (what `simulate` draws from and `show` lists), and the deal's
visible table as plain data. They only read a `Deal` (engine.py), whose
phase and stage are named here."""

from __future__ import annotations

import enum
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...cards import Card, Suit
from ...hand import sort_cards
from .display import exact
from .endings import Ending
from .melds import hand_total, in_hand_order, layoff_problem, low_rank, possible_spreads
from .moves import Declare, Discard, Draw, Drop, LayOff, Move, Show, Source, Spread
from .options import DeclareWindow, ShowMode, StockEnd

if TYPE_CHECKING:
    from .engine import Deal

__all__ = ["Phase", "Stage", "legal_moves", "census", "table_data", "lowest_dealt", "new_spread_id"]


class Phase(enum.Enum):
    PLAY = "play"
    POST = "post-end windows"  # GFF-5.6, 6.9
    HALTED = "replay stopped"


class Stage(enum.Enum):
    START = "start of turn"  # window (first turn), drop or draw
    DRAWN = "after the draw"  # spreads, lay-offs, discard


def legal_moves(deal: Deal) -> list[Move]:
    """Every move that breaks no rule now."""
    moves: list[Move] = []
    if deal.phase is Phase.POST:
        for seat in deal.queue[deal.window:]:
            moves.extend(_shows(deal, seat))
            if deal.ending is Ending.DECLARATION:
                moves.extend(_declare(deal, seat))
        return moves
    if deal.phase is not Phase.PLAY:
        return moves
    options = deal.options
    seat, hand = deal.turn, deal.hands[deal.turn]
    if deal.stage is Stage.START:
        if seat not in deal.drawn:
            moves.extend(_shows(deal, seat))
        if options.declare_window is DeclareWindow.BEFORE_PLAY and not deal.anyone_moved:
            for other in deal.order:
                moves.extend(_declare(deal, other))
        elif seat not in deal.drawn:
            moves.extend(_declare(deal, seat))
        if options.allow_drop:
            moves.append(Drop(player=seat))
        moves.extend(Draw(player=seat, source=Source.STOCK, card=c) for c in sorted(deal.stock, key=lambda c: c.index))
        if deal.pile:
            moves.append(Draw(player=seat, source=Source.DISCARD, card=deal.pile[-1]))
        return moves
    for cards in possible_spreads(hand):
        moves.append(Spread(player=seat, spread=new_spread_id(deal), cards=cards))
    for c in hand.counts:
        for spread in deal.spreads.values():
            if layoff_problem(c, spread) is None:
                moves.append(LayOff(player=seat, card=c, spread=spread.ident))
    if not (deal.stock_turn and options.stock_end is StockEnd.AT_DRAW):
        for c in sort_cards(hand):
            if options.retake_discard or c is not deal.took:
                moves.append(Discard(player=seat, card=c))
    return moves


def new_spread_id(deal: Deal) -> str:
    return f"S{len(deal.spreads) + 1}"


def _shows(deal: Deal, seat: int) -> list[Move]:
    if deal.options.flip_flop_show is ShowMode.AUTOMATIC:
        return []
    found: list[Move] = []
    for suit in (deal.flip_suit, deal.flop_suit):
        if seat not in deal.eligible[suit] or (seat, suit) in deal.shown:
            continue
        best = deal.lowest.get(suit)
        for c in deal.hands[seat].counts:
            if c.suit is suit and (best is None or low_rank(c) < low_rank(best[0])):
                found.append(Show(player=seat, card=c))
    return found


def _declare(deal: Deal, seat: int) -> list[Move]:
    if not deal.options.allow_49_50 or seat in deal.declared or seat in deal.drawn:
        return []
    total = hand_total(deal.dealt[seat])
    return [Declare(player=seat, number=total)] if total in (49, 50) else []


def census(deal: Deal) -> Counter[Card]:
    """Every card of the deal, wherever it is (for conservation checks)."""
    total: Counter[Card] = Counter()
    for hand in deal.hands.values():
        total.update(hand.counts)
    total.update(deal.stock)
    total.update(deal.pile)
    for spread in deal.spreads.values():
        total.update(spread.cards)
    return total


def table_data(deal: Deal) -> dict[str, Any]:
    """The visible position as plain data."""
    name = deal.name
    top = deal.pile[-1].token if deal.pile else None
    playing = deal.phase is Phase.PLAY
    return {
        "deal": deal.deal,
        "phase": deal.phase.value,
        "turn": name(deal.turn) if playing else None,
        "stage": deal.stage.value if playing else None,
        "dealer": name(deal.dealer),
        "flip_card": deal.flip_card.token,
        "hands": {name(s): [c.token for c in in_hand_order(deal.hands[s])] for s in deal.order},
        "stock": len(deal.stock),
        "discard_top": top,
        "discard_size": len(deal.pile),
        "spreads": {ident: {"owner": name(sp.owner), "kind": sp.kind.value,
                            "cards": [c.token for c in sp.cards]} for ident, sp in deal.spreads.items()},
        "lowest_shown": {("flip" if suit is deal.flip_suit else "flop"): {"card": c.token, "player": name(s)}
                         for suit, (c, s) in deal.lowest.items()},
        "pots": {key: exact(value) for key, value in deal.pots.items()},
        "ending": deal.ending.value if deal.ending else None,
    }


def lowest_dealt(dealt: Mapping[int, Sequence[Card]], suit: Suit, eligible: frozenset[int],
                 order: Sequence[int]) -> tuple[int | None, Card | None]:
    """The eligible player dealt the lowest card of `suit` (GFF-6.14, 15.8)."""
    best: tuple[int, int, Card] | None = None
    for seat in order:
        if seat not in eligible:
            continue
        for c in dealt[seat]:
            if c.suit is suit and (best is None or low_rank(c) < best[0]):
                best = (low_rank(c), seat, c)
    return (best[1], best[2]) if best else (None, None)
