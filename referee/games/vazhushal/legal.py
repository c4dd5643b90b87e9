"""The moves `referee show` lists as legal at a position.

- Every stock draw (every card the stock model says could come up, VZ-4.8).
- Every take from the line that the rules allow. A take is listed when the
  referee itself accepts it: the take and melds that justify it are played
  on a copy of the position, and the meld phase must then leave nothing to
  report. The melds tried hold the key card (sets, and sequences of three
  or more cards, from the hand and the cards taken; wild cards standing for
  missing cards) and, for a player without melds, a pure sequence held in
  hand with the key card in a second meld (case B, VZ-5.7). A take that only
  a rearrangement of the table could justify is not found.
- Every legal discard (none while the meld phase still breaks a rule), and
  the face-down `out` of the last card.
- The melds, lay-offs and rearrangements the simple player finds
  (`plans.py`): a selection, not every possible meld.
- The optional echo lines (`overflow CARD`, `end stock`, `end out`) that
  would be correct now.

Pure functions of the engine's state; nothing here changes it.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Iterator

from ...cards import JOKER, Card, Rank, Suit, card
from ...hand import sort_cards
from .engine import GameState, Phase, Turn
from .melds import ACE_HIGH, ACE_LOW, Placed, check_meld, identity, placed_as
from .moves import Discard, DrawLine, DrawStock, EndMark, Meld, Move, Overflow
from .options import FirstJokerTake
from .plans import tokens_of
from .wild import WildRule

__all__ = ["legal_listed", "take_allowed", "discards"]

_SUITS = tuple(Suit)
_RANK_AT = {int(r): r for r in Rank if r is not Rank.JOKER}
_RANK_AT[ACE_LOW] = Rank.ACE
_MAX_LENGTH_WILD_KEY = 5  # a wild key card standing for another card: sequences up to this long
_MAX_TRIALS = 200  # plans replayed per depth, at most (the first that fits is almost always accepted)
Plan = list[list[Placed]]


def legal_listed(state: GameState) -> list[Move]:
    """The legal moves of the position, as described in the module doc."""
    phase = state.phase
    moves: list[Move] = []
    if phase is Phase.DRAW:
        seat = state.turn_player
        if state.last_overflow is not None:
            moves.append(Overflow(card=state.last_overflow))
        if state.forced_player == seat:  # VZ-10.6: the joker that starts the line, and nothing else
            moves.append(DrawLine(player=seat, depth=1))
            return moves
        moves.extend(DrawStock(player=seat, card=c) for c in sort_cards(set(state.stock.drawable())))
        moves.extend(DrawLine(player=seat, depth=k) for k in range(1, len(state.line) + 1)
                     if take_allowed(state, seat, depth=k))
    elif phase is Phase.MELD:
        moves.extend(m for m in state.legal_moves() if not isinstance(m, Discard))
        moves.extend(discards(state, state.turn))
    elif phase is Phase.FINAL:
        moves.extend(state.legal_moves())
        moves.append(EndMark(reason="stock"))
    elif phase is Phase.OVER and state.end is not None:
        moves.append(EndMark(reason=state.end.value))
    return moves


def discards(state: GameState, turn: Turn) -> list[Discard]:
    """Every discard that ends the meld phase legally: none while the phase
    breaks a rule; never the joker of a forced take (VZ-10.6); the last card
    either way (a discard that empties the hand goes out, VZ-12.33)."""
    if state.phase_problems(turn):
        return []
    seat = turn.player
    hand = state.hands[seat]
    held = sum(hand.values())
    found = []
    for c in sort_cards(c for c in hand if hand[c] > 0 and c is not turn.forced_card):
        found.append(Discard(player=seat, card=c))
        if held == 1:
            found.append(Discard(player=seat, card=c, out=True))
    return found


# ------------------------------------------------------------------ takes

def take_allowed(state: GameState, seat: int, *, depth: int) -> bool:
    """Whether `seat`, due to draw, may take the top `depth` cards of the line
    now (see the module doc for what is tried)."""
    if not 1 <= depth <= len(state.line):
        return False
    trials = 0
    for plan in _plans(state, seat, depth=depth):
        trials += 1
        if trials > _MAX_TRIALS:
            return False
        if _accepted(state, seat, depth=depth, plan=plan):
            return True
    return False


def _plans(state: GameState, seat: int, *, depth: int) -> Iterator[Plan]:
    """Melds that could justify the take, most likely first; each fits the
    hand and the cards taken, leaves a card to discard and repeats no meld."""
    line, wild, options = state.line, state.wild, state.options
    taken = line.top(depth)
    key = taken[-1]
    hand = +state.hands[seat]
    pool = hand + Counter(taken)
    size = sum(pool.values())
    test = options.identical_meld_test
    existing = {m.identity(test) for m in state.melds[seat]}

    def fits(plan: Plan) -> bool:
        keys = [identity(m, test) for m in plan]
        return sum(len(m) for m in plan) < size and len(set(keys)) == len(keys) and not existing & set(keys)

    def with_held(then_key: bool) -> Iterator[Plan]:
        for run in _held_runs(hand):
            if not then_key:
                yield [run]
                continue
            rest = pool - Counter(p.card for p in run)
            for meld in _melds_with(rest, key, wild):
                yield [run, meld]

    if line.reaches_bottom_joker(depth):
        plans: list[Iterator[Plan]] = [([m] for m in _melds_with(pool, key, wild, pure=True))]  # VZ-7.2(a)
        if state.has_pure_sequence(seat):
            if options.first_joker_take is FirstJokerTake.MUST_MELD:
                plans.append([m] for m in _melds_with(pool, key, wild))
            else:
                plans.append(iter([[]]))
        else:
            plans.append(with_held(options.first_joker_take is FirstJokerTake.MUST_MELD))
    elif state.melds[seat]:
        plans = [([m] for m in _melds_with(pool, key, wild))]
    else:
        plans = [([m] for m in _melds_with(pool, key, wild, pure=True)), with_held(True)]  # case A, case B
    for source in plans:
        for plan in source:
            if fits(plan):
                yield plan


def _accepted(state: GameState, seat: int, *, depth: int, plan: Plan) -> bool:
    """The referee's own judgement: the take and the plan's melds, played on a
    copy, report nothing and leave a meld phase that may end with a discard."""
    trial = copy.deepcopy(state)
    before = len(trial.findings)
    trial.apply(DrawLine(player=seat, depth=depth))
    for meld in plan:
        trial.apply(Meld(player=seat, tokens=tokens_of(meld)))
    return (trial.phase is Phase.MELD and len(trial.findings) == before and not trial.phase_problems(trial.turn)
            and any(trial.hands[seat].values()))


def _at(position: int, suit: Suit) -> Card:
    return card(_RANK_AT[position].symbol + suit.value)


def _positions(c: Card) -> tuple[int, ...]:
    return (ACE_HIGH, ACE_LOW) if c.rank is Rank.ACE else (int(c.rank),)


def _windows(length: int, around: int) -> Iterator[range]:
    """Runs of `length` positions holding `around`, the ace low or high but not both."""
    for start in range(around - length + 1, around + 1):
        end = start + length - 1
        if start >= ACE_LOW and end <= ACE_HIGH and not (start == ACE_LOW and end == ACE_HIGH):
            yield range(start, end + 1)


def _held_runs(hand: Counter[Card]) -> Iterator[list[Placed]]:
    """Pure sequences of three to five cards of the hand, each as itself."""
    for suit in _SUITS:
        for length in (3, 4, 5):
            for start in range(ACE_LOW, ACE_HIGH - length + 2):
                cards = [_at(p, suit) for p in range(start, start + length)]
                if all(hand[c] > 0 for c in cards):
                    yield [placed_as(c, c) for c in cards]


def _melds_with(pool: Counter[Card], key: Card, wild: WildRule, *, pure: bool = False) -> Iterator[list[Placed]]:
    """Valid melds of `pool` that hold the card `key`, pure sequences first:
    the key as itself in sequences (3 to 13 cards) and sets (3 or 4), then a
    wild key standing for another card. A missing card is filled by a card as
    itself if the pool holds one, else by a wild card."""
    if pool[key] <= 0:
        return
    rest = pool.copy()
    rest[key] -= 1
    wilds = sorted((c for c in rest if rest[c] > 0 and wild.is_wild(c)), key=lambda c: c is not JOKER)
    sources: list[Iterator[list[Placed]]] = []
    if key.suit is not None:
        sources.append(_sequences(rest, key, key, wilds, suits=(key.suit,), pure=True, longest=13))
        if not pure:
            sources.append(_sequences(rest, key, key, wilds, suits=(key.suit,), pure=False, longest=13))
            sources.append(_sets(rest, key, key, wilds, ranks=(key.rank,)))
    if not pure and wild.is_wild(key):
        ranks = tuple(r for r in Rank if r is not Rank.JOKER)
        sources.append(_sequences(rest, key, None, wilds, suits=_SUITS, pure=False, longest=_MAX_LENGTH_WILD_KEY))
        sources.append(_sets(rest, key, None, wilds, ranks=ranks))
    seen: set[tuple[tuple[int, int], ...]] = set()
    for source in sources:
        for meld in source:
            signature = tuple(sorted((p.card.index, p.stands.index) for p in meld))
            if signature not in seen and check_meld(meld, wild).valid:
                seen.add(signature)
                yield meld


def _fill(rest: Counter[Card], wanted: list[Card], wilds: list[Card], *, pure: bool) -> list[Placed] | None:
    """Placed cards for `wanted`: each as itself from `rest`, else (unless
    `pure`) a wild card of `rest` standing for it; None if they run out."""
    left = rest.copy()
    placed = []
    for c in wanted:
        if left[c] > 0:
            left[c] -= 1
            placed.append(placed_as(c, c))
            continue
        spare = None if pure else next((w for w in wilds if left[w] > 0), None)
        if spare is None:
            return None
        left[spare] -= 1
        placed.append(placed_as(spare, c))
    return placed


def _sequences(rest: Counter[Card], key: Card, itself: Card | None, wilds: list[Card], *,
               suits: tuple[Suit, ...], pure: bool, longest: int) -> Iterator[list[Placed]]:
    """Sequences holding the key: as itself (`itself` is the key, at its own
    position), or standing for the card at any position of the run."""
    for suit in suits:
        for length in range(3, longest + 1):
            for around in (_positions(itself) if itself is not None else range(ACE_LOW, ACE_HIGH + 1)):
                for window in _windows(length, around):
                    filled = _fill(rest, [_at(p, suit) for p in window if p != around], wilds, pure=pure)
                    if filled is not None:
                        yield [placed_as(key, itself if itself is not None else _at(around, suit))] + filled


def _sets(rest: Counter[Card], key: Card, itself: Card | None, wilds: list[Card], *,
          ranks: tuple[Rank, ...]) -> Iterator[list[Placed]]:
    """Sets of three or four holding the key, as itself or standing for one of
    the set's cards."""
    for rank in ranks:
        for key_suit in ((itself.suit,) if itself is not None else _SUITS):
            others = [s for s in _SUITS if s is not key_suit]
            for count in (2, 3):
                for chosen in _choose(others, count):
                    filled = _fill(rest, [card(rank.symbol + s.value) for s in chosen], wilds, pure=False)
                    if filled is not None:
                        stands = itself if itself is not None else card(rank.symbol + key_suit.value)
                        yield [placed_as(key, stands)] + filled


def _choose(items: list[Suit], count: int) -> Iterator[list[Suit]]:
    if count == 0:
        yield []
        return
    for i, item in enumerate(items):
        for rest in _choose(items[i + 1:], count - 1):
            yield [item] + rest
