"""The batch path's shortcuts (`GameState.run`): the commonest events of a
clean record, a stock draw by the player to draw, a take from the line by
that player, and a whole turn of a stock draw and a discard, applied
without the general event code. Each returns False, having changed
nothing, where the general path (`GameState._apply`) has anything more to
do. tests/conformance/test_fast_path.py compares `run` with `apply` move
by move, tests/vazhushal/test_vazhushal_quick_paths.py the take and the
turn over positions the seeded games seldom reach, and
tests/vazhushal/test_vazhushal_shortcuts.py pins the invariant the quick
turn relies on (no meld action and no take: no meld touched, so the phase
has nothing to judge).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Sequence

from ...cards import Card
from .melds import _ITSELF, Placed, Token, placed_as
from .takes import TakeFacts
from .wild import WildRule

if TYPE_CHECKING:
    from .engine import GameState
    from .moves import Discard, DrawLine, DrawStock
    from .turn import Turn

__all__ = ["quick_draw", "quick_turn", "quick_take", "take_tokens"]


def take_tokens(hand: Counter[Card], tokens: Sequence[Token],
                wild: WildRule) -> tuple[bool, list[Placed] | None, list[int], bool]:
    """A meld action's cards taken out of `hand` in one pass, with what they
    stand for when `resolve`'s shortcut reads them (natural cards written
    plainly, each standing for itself, and wild cards declared as suited
    cards): (True, placed, indexes, itself), `indexes` the stood-for cards'
    indexes in order and `itself` whether each card stands for itself (what
    `natural_sorted` reads, for `laid_meld` and `TableMeld.extend`), or (True, None, ...)
    for `resolve` to read them. (False, None, ...) when the hand lacks a card,
    the hand as it was (`GameState._holds_all` then names what is missing).
    `_take_out`, `resolve` and `natural_keyed`'s loop in one;
    tests/vazhushal/test_vazhushal_shortcuts.py and
    tests/vazhushal/test_vazhushal_meld_checks.py compare them."""
    itself = _ITSELF
    wild_rank = wild.rank
    placed: list[Placed] | None = []
    indexes: list[int] = []
    add_index = indexes.append
    plain = True
    taken = 0  # a count, not `enumerate` (dearer): the hand is given back only when a card is missing
    for token in tokens:
        c = token.card
        count = hand.get(c, 0)
        if count <= 0:  # (the position, not the token: a meld's equal tokens are one object)
            for back in tokens[:taken]:
                hand[back.card] += 1
            return False, None, indexes, False
        hand[c] = count - 1
        taken += 1
        if placed is not None:  # `resolve`'s first loop
            declared = token.declared
            is_wild = c.suit_index < 0 or (c.rank is wild_rank and wild.is_wild(c))
            if declared is None and not is_wild:
                placed.append(itself[c])
                add_index(c.index)
            elif declared is not None and is_wild and declared.suit_index >= 0:
                placed.append(placed_as(c, declared))
                add_index(declared.index)
                if c is not declared:
                    plain = False
            else:
                placed = None
    return True, placed, indexes, plain


def _begin_turn(state: GameState, seat: int) -> Turn:
    """`_on_draw`'s start of `seat`'s turn at its first draw (the quick draw's and the quick take's)."""
    state.last_overflow = None
    state.turn = turn = state._start_turn(seat)
    state.turns += 1
    state.turn_started = state.count
    state.first_turn = False
    state.last_discarder = None
    turn.draws = 1
    return turn


def quick_draw(state: GameState, move: DrawStock) -> bool:
    """`_on_draw` of a stock draw by the player whose turn it is, when the
    card is among the stock's unknown cards and no forced take is due
    (nothing to report); False, having changed nothing, otherwise. The
    caller moves the phase on to the meld phase (Phase lives in engine.py)."""
    seat, drawn = move.player, move.card
    stock = state.stock
    left = stock.unknown.get(drawn)
    if seat != state.turn_player or not left or state.forced_player is not None:
        return False
    turn = _begin_turn(state, seat)
    if left > 1:
        stock.unknown[drawn] = left - 1
    else:
        stock.unknown.pop(drawn)
    stock.unknown_size -= 1
    hand = state.hands[seat]
    hand[drawn] = hand.get(drawn, 0) + 1
    if not state.exhausted and not stock.unknown_size and not stock.under and stock.negative is None:  # `stock.empty`
        state.exhausted = True
    return True


def quick_take(state: GameState, move: DrawLine) -> bool:
    """`_on_draw` of a take from the line by the player whose turn it is
    (`_start_turn`, `_draw` and `_take` in one), when the line holds the
    cards the move names (nothing to report; the forced take of VZ-10.6
    included); False, having changed nothing, otherwise. The caller moves
    the phase on to the meld phase."""
    seat, depth = move.player, move.depth
    line = state.line
    cards = line.cards
    held = len(cards)
    if seat != state.turn_player or not 1 <= depth <= held:
        return False
    named = move.cards
    if named is not None:  # `list(named) == line.top(depth)`, without building the list (cards are compared by identity)
        if len(named) != depth:
            return False
        for i in range(depth):
            if named[i] is not cards[-1 - i]:
                return False
    forced = state.forced_player == seat
    if forced:
        state.forced_player = None
    turn = _begin_turn(state, seat)
    bottom = line.bottom_joker and depth == held  # `line.reaches_bottom_joker(depth)`
    hand = state.hands[seat]
    taken = []  # `line.take(depth)`, with the cards put in hand in the same loop
    for _ in range(depth):
        c = cards.pop()
        taken.append(c)
        hand[c] = hand.get(c, 0) + 1
    if not cards:
        line.bottom_joker = False
    # the turn's first draw: the hand before it is the turn's starting hand (neither is ever changed)
    key = taken[-1]
    facts = TakeFacts(key=key, taken=tuple(taken), bottom_joker=bottom and not forced, forced=forced and bottom,
                      hand_before=turn.start_hand)
    turn.takes.append((state.count, facts))
    if forced and bottom:
        turn.forced_card = key
    return True


def quick_turn(state: GameState, draw: DrawStock, discard: Discard) -> bool:
    """`quick_draw` then the discard from hand by the player whose turn it
    is, when it neither goes out nor breaks a rule: a whole turn of a stock
    draw and a discard (most turns of a game), in one step and without the
    `Turn` the draw would begin and the discard end; False, having changed
    nothing, where either would not apply. Counts the discard's move
    (`state.count`); the caller skips it."""
    seat, drawn = draw.player, draw.card
    stock = state.stock
    unknown = stock.unknown
    left = unknown.get(drawn)
    if seat != state.turn_player or not left or state.forced_player is not None or discard.player != seat \
            or discard.out:
        return False
    hand = state.hands[seat]
    card = discard.card
    # held after the draw, and not the last card (a card held before the draw never is: no count is negative)
    if hand.get(card, 0) <= 0 and (card is not drawn or not any(hand.values())):
        return False
    count = state.count
    state.turns += 1
    state.turn_started = count
    state.count = count + 1  # the discard's
    state.first_turn = False
    state.last_overflow = None
    if left > 1:
        unknown[drawn] = left - 1
    else:
        unknown.pop(drawn)
    size = stock.unknown_size = stock.unknown_size - 1
    hand[drawn] = hand.get(drawn, 0) + 1
    hand[card] -= 1
    if not size and not stock.under and stock.negative is None and not state.exhausted:  # `stock.empty`, seldom
        state.exhausted = True
    line = state.line
    if line.capacity is None and not state.exhausted:  # `to_line` of an unbounded line: the draw phase stays
        line.cards.append(card)
        state.last_discarder = seat
        state.turn = None
        state.turn_player = (seat + 1) % state.n
        return True
    state.to_line(seat, card)
    return True
