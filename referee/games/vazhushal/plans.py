"""A simple legal player's view of a position: melds it can find in a hand,
the melds a take from the line needs, and the legal moves of a position.

This is a practical selection, not every legal move: it finds pure runs,
natural sets, melds with one wild card and lay-offs, and takes whose key
card fits such a meld (with case A, case B and section 7 respected). Pure
functions of the engine's state; nothing here changes it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, AbstractSet, Iterable, Sequence

from ...cards import JOKER, Card, Rank, Suit, card
from .melds import (ACE_HIGH, ACE_LOW, Kind, Placed, Token, check_meld, held_run_in, identity, sequence_positions,
                    stood_for)
from .moves import Add, Discard, DrawLine, DrawStock, Meld, Move, Rearrange
from .options import FirstJokerTake, IdenticalTest
from .wild import WildRule

if TYPE_CHECKING:
    from .engine import GameState, Turn

__all__ = ["runs_in", "pure_run_with", "meld_with", "plan_take", "voluntary", "legal_moves", "tokens_of"]

_RANK_AT = {int(r): r for r in Rank if r is not Rank.JOKER}
_RANK_AT[ACE_LOW] = Rank.ACE
Plan = list[list[Placed]]


def _card_at(position: int, suit: Suit) -> Card:
    return card(_RANK_AT[position].symbol + suit.value)


def _held(cards: Counter[Card]) -> Counter[Card]:
    """The cards held at least once, in rank order (`Card.index`: suit by
    suit, low to high): every search below walks them in this order, so what
    it finds depends on the cards, never on the order a hand was dealt,
    written or changed in."""
    return Counter({c: cards[c] for c in sorted(cards, key=_index) if cards[c] > 0})


def _index(c: Card) -> int:
    return c.index


def _itself(cards: Iterable[Card]) -> list[Placed]:
    return [Placed(c, c) for c in cards]


def tokens_of(placed: Sequence[Placed]) -> tuple[Token, ...]:
    """How a meld is written: wild cards not standing for themselves carry their value."""
    return tuple(Token(p.card, None if p.as_itself else p.stands) for p in placed)


def _by_suit(cards: Counter[Card]) -> dict[Suit, dict[int, Card]]:
    found: dict[Suit, dict[int, Card]] = {}
    for c in cards:
        if c.suit is None or cards[c] <= 0:
            continue
        positions = found.setdefault(c.suit, {})
        positions[int(c.rank)] = c
        if c.rank is Rank.ACE:
            positions[ACE_LOW] = c
    return found


def runs_in(cards: Counter[Card]) -> list[list[Card]]:
    """Disjoint pure runs of three or more cards, each card as itself."""
    runs = []
    for suit, positions in _by_suit(cards).items():
        segment: list[Card] = []
        used_ace = False
        for position in range(2, ACE_HIGH + 1):
            if position in positions:
                segment.append(positions[position])
                continue
            if len(segment) >= 3:
                runs.append(segment)
            segment = []
        if len(segment) >= 3:
            runs.append(segment)
            used_ace = ACE_HIGH in positions
        if not used_ace and ACE_LOW in positions:
            low = [positions[ACE_LOW]]
            position = 2
            while position in positions and position <= 13:
                low.append(positions[position])
                position += 1
            if len(low) >= 3 and not any(low[1] in r for r in runs):
                runs.append(low)
    return runs


def pure_run_with(cards: Counter[Card], key: Card) -> list[Card] | None:
    """Three cards of `cards` (key included, as itself) forming a pure run."""
    if key.suit is None:
        return None
    positions = _by_suit(cards).get(key.suit, {})
    starts = [int(key.rank)] + ([ACE_LOW] if key.rank is Rank.ACE else [])
    for at in starts:
        for start in (at - 2, at - 1, at):
            window = [start, start + 1, start + 2]
            if window[0] < ACE_LOW or window[-1] > ACE_HIGH or (ACE_LOW in window and ACE_HIGH in window):
                continue
            if all(p in positions for p in window):
                return [key if p == at else positions[p] for p in window]
    return None


def _positions_of(c: Card) -> list[int]:
    return [int(c.rank)] + ([ACE_LOW] if c.rank is Rank.ACE else [])


def _wilds(cards: Counter[Card], wild: WildRule) -> list[Card]:
    found = [c for c in cards if cards[c] > 0 and wild.is_wild(c)]
    found.sort(key=lambda c: c is not JOKER)  # printed jokers first
    return found


def _candidates_with(cards: Counter[Card], key: Card, *, wild: WildRule) -> Iterable[list[Placed]]:
    """Melds containing `key` that a simple player would lay, best first."""
    suit = key.suit
    if suit is not None:
        run = pure_run_with(cards, key)
        if run:
            yield _itself(run)
    if suit is not None and not wild.is_wild(key):  # (a card without a suit, a printed joker, is always wild)
        yield from _with_natural(cards, key, suit, wild=wild)
    else:
        yield from _with_wild(cards, key, wild=wild)


def _with_natural(cards: Counter[Card], key: Card, suit: Suit, *, wild: WildRule) -> Iterable[list[Placed]]:
    """Sets and one-wild sequences around a natural `key` of `suit`."""
    suits: dict[Suit, Card] = {}
    for c in cards:
        if cards[c] > 0 and c.rank is key.rank and c.suit is not None and c.suit is not suit and not wild.is_wild(c):
            suits.setdefault(c.suit, c)
    if len(suits) >= 2:
        yield _itself([key] + list(suits.values())[:3])
    for w in _wilds(cards, wild):
        for other in suits.values():
            missing = [s for s in Suit if s not in (suit, other.suit)][0]
            yield [Placed(key, key), Placed(other, other), Placed(w, card(key.rank.symbol + missing.value))]
        naturals = Counter({c: 1 for c in cards if cards[c] > 0 and not wild.is_wild(c)})
        positions = _by_suit(naturals).get(suit, {})
        for at in _positions_of(key):
            for step, fill in ((1, 2), (-1, -2), (2, 1), (-2, -1), (1, -1)):
                window = (at, at + step, at + fill)
                if min(window) < ACE_LOW or max(window) > ACE_HIGH or (ACE_LOW in window and ACE_HIGH in window):
                    continue
                found = positions.get(at + step)
                if found is None or found is key:
                    continue
                yield [Placed(key, key), Placed(found, found), Placed(w, _card_at(at + fill, suit))]


def _with_wild(cards: Counter[Card], key: Card, *, wild: WildRule) -> Iterable[list[Placed]]:
    """Two natural cards of a set or a sequence completed by the wild `key`."""
    naturals = [c for c in cards if cards[c] > 0 and not wild.is_wild(c)]
    by_rank: dict[Rank, dict[Suit, Card]] = {}
    for c in naturals:
        if c.suit is not None:
            by_rank.setdefault(c.rank, {}).setdefault(c.suit, c)
    for rank, suits in by_rank.items():
        if len(suits) >= 2:
            a, b = list(suits.values())[:2]
            missing = [s for s in Suit if s not in (a.suit, b.suit)][0]
            yield [Placed(a, a), Placed(b, b), Placed(key, card(rank.symbol + missing.value))]
    for suit, positions in _by_suit(Counter({c: 1 for c in naturals})).items():
        for p in range(2, ACE_HIGH):
            if p in positions and p + 1 in positions:
                fill = p + 2 if p + 2 <= ACE_HIGH else p - 1
                yield [Placed(positions[p], positions[p]), Placed(positions[p + 1], positions[p + 1]),
                       Placed(key, _card_at(fill, suit))]


def meld_with(cards: Counter[Card], key: Card, *, wild: WildRule, forbid: AbstractSet[tuple[int, ...]] = frozenset(),
              test: IdenticalTest | None = None) -> list[Placed] | None:
    """A valid meld of `cards` that holds `key`, not identical to `forbid`."""
    for placed in _candidates_with(cards, key, wild=wild):
        if Counter(p.card for p in placed) - cards:
            continue
        if not check_meld(placed, wild).valid:
            continue
        if test is not None and identity(placed, test) in forbid:
            continue
        return placed
    return None


def _size(cards: Counter[Card]) -> int:
    return sum(v for v in cards.values() if v > 0)


def plan_take(state: GameState, seat: int, *, depth: int) -> Plan | None:
    """The melds that make a take of `depth` legal for `seat` now, or None."""
    line = state.line
    if not 1 <= depth <= len(line):
        return None
    return _plan(state, hand=state.hands[seat], taken=line.top(depth), bottom=line.reaches_bottom_joker(depth),
                 melds=[m.cards for m in state.melds[seat]], has_pure=state.has_pure_sequence(seat))


def _plan(state: GameState, *, hand: Counter[Card], taken: Sequence[Card], bottom: bool,
          melds: Sequence[Sequence[Placed]], has_pure: bool) -> Plan | None:
    """The melds a simple player lays for a take of `taken` (top first; the
    last is the key card) from `hand`, holding `melds` (`bottom`: the take
    reaches a bottom joker), or None when it finds none. A function of those
    values alone: the take's plan and the meld phase after it agree."""
    key = taken[-1]
    held_cards = _held(hand)
    pool = _held(held_cards + Counter(taken))
    wild, options = state.wild, state.options
    test = options.identical_meld_test
    existing = {identity(m, test) for m in melds}
    has_melds = bool(melds)
    held = runs_in(held_cards)

    def keep_one(plan: Plan) -> Plan | None:
        laid = sum(len(m) for m in plan)
        keys = [identity(m, test) for m in plan]
        if len(set(keys)) != len(keys) or existing & set(keys):
            return None
        return plan if _size(pool) - laid >= 1 else None

    def with_key(rest: Counter[Card]) -> list[Placed] | None:
        return meld_with(rest, key, wild=wild, forbid=existing, test=test)

    if bottom:
        if key.suit is not None:
            run = pure_run_with(pool, key)
            if run:
                return keep_one([_itself(run)])
        if not (has_pure or held):
            return None
        if options.first_joker_take is FirstJokerTake.STANDARD:
            return keep_one([] if has_pure else [_itself(held[0])])
        if has_pure:
            m = with_key(pool)
            return keep_one([m]) if m else None
        rest = pool - Counter(held[0])
        m = with_key(rest)
        return keep_one([_itself(held[0]), m]) if m else None
    if has_melds:
        m = with_key(pool)
        return keep_one([m]) if m else None
    run = pure_run_with(pool, key) if key.suit is not None else None
    if run:
        return keep_one([_itself(run)])
    if held:
        rest = pool - Counter(held[0])
        m = with_key(rest)
        if m:
            return keep_one([_itself(held[0]), m])
    return None


def _natural_sets(cards: Counter[Card], wild: WildRule) -> list[list[Card]]:
    by_rank: dict[Rank, dict[Suit, Card]] = {}
    for c in cards:
        if cards[c] > 0 and c.suit is not None and not wild.is_wild(c):
            by_rank.setdefault(c.rank, {}).setdefault(c.suit, c)
    return [list(s.values()) for s in by_rank.values() if len(s) >= 3]


def _takes_need_purity(state: GameState, seat: int) -> bool:
    """Whether a take of this turn may rest on the purity of a meld laid now:
    the player had no pure sequence at the start of the turn (case A, case B,
    section 7), judged at the end of the phase (VZ-15.6)."""
    turn = state.turn
    return (turn is not None and turn.player == seat and not turn.had_pure
            and any(not facts.forced for _, facts in turn.takes))


def _layoffs(state: GameState, seat: int, *, hand: Counter[Card]) -> Iterable[tuple[int, Placed]]:
    """Cards of `hand` that extend one of the player's valid melds (a wild card
    only where it does not spoil the player's last pure sequence, nor any pure
    sequence a take of this turn may rest on)."""
    wild = state.wild
    melds = state.melds[seat]
    pure_count = sum(1 for m in melds if m.check(wild).pure)
    keep_pure = _takes_need_purity(state, seat)
    held = [c for c in hand if hand[c] > 0]
    for number, meld in enumerate(melds, start=1):
        check = meld.check(wild)
        stands = stood_for(meld.cards)
        if not check.valid or stands is None:  # (a valid meld says what each of its cards stands for)
            continue
        wild_ok = not (check.pure and (pure_count < 2 or keep_pure))
        if check.kind is Kind.SET:
            if len(stands) >= 4:
                continue
            suits = {c.suit for c in stands}
            rank = stands[0].rank
            missing = [s for s in Suit if s not in suits]
            for c in held:
                if wild.is_wild(c):
                    if wild_ok:
                        yield number, Placed(c, card(rank.symbol + missing[0].value))
                elif c.rank is rank and c.suit not in suits:
                    yield number, Placed(c, c)
            continue
        positions = sequence_positions(stands)
        suit = stands[0].suit
        if positions is None or suit is None:  # (a valid meld that is not a set is a sequence)
            continue
        low, high = min(positions), max(positions)
        top, bottom = (13, ACE_LOW) if low == ACE_LOW else (ACE_HIGH, 2 if high == ACE_HIGH else ACE_LOW)
        ends = [p for p in (high + 1, low - 1) if bottom <= p <= top]
        for c in held:
            if c.suit is suit and (not wild.is_wild(c) or wild_ok):
                for at in _positions_of(c):
                    if at in ends:
                        yield number, Placed(c, c)
                        break
            if wild.is_wild(c) and wild_ok and ends:
                yield number, Placed(c, _card_at(ends[0], suit))


def voluntary(state: GameState, seat: int, *, keep: int) -> list[Move]:
    """Meld actions `seat` may take now that keep the meld phase legal and
    leave at least `keep` cards in hand."""
    wild, test = state.wild, state.options.identical_meld_test
    hand = _held(state.hands[seat])
    size = _size(hand)
    melds = state.melds[seat]
    existing = {identity(m.cards, test) for m in melds}
    has_pure = state.has_pure_sequence(seat)
    found: list[Move] = []

    def offer(placed: list[Placed]) -> None:
        if len(placed) <= size - keep and identity(placed, test) not in existing and check_meld(placed, wild).valid:
            found.append(Meld(player=seat, tokens=tokens_of(placed)))

    for run in runs_in(hand):
        if len(run) > size - keep:
            run = run[: size - keep]
        if len(run) >= 3:
            offer(_itself(run))
    if not has_pure:
        return found
    for group in _natural_sets(hand, wild):
        offer(_itself(group[:4]))
    for w in _wilds(hand, wild):
        rest = hand - Counter([w])
        for c in list(rest):
            if not wild.is_wild(c):
                placed = meld_with(rest, c, wild=wild, forbid=existing, test=test)
                if placed and any(p.card is w for p in placed):
                    offer(placed)
                    break
    if size - 1 >= keep:
        seen: set[tuple[int, Card]] = set()
        for number, laid in _layoffs(state, seat, hand=hand):
            if (number, laid.card) in seen:
                continue
            seen.add((number, laid.card))
            others = {identity(m.cards, test) for i, m in enumerate(melds, start=1) if i != number}
            if identity(melds[number - 1].cards + (laid,), test) in others:
                continue
            found.append(Add(player=seat, owner=None, number=number, tokens=tokens_of([laid])))
            split = _split(state, seat, number=number, placed=laid, others=others)
            if split is not None:
                found.append(split)
    return found


def _split(state: GameState, seat: int, *, number: int, placed: Placed,
           others: AbstractSet[tuple[int, ...]]) -> Rearrange | None:
    """A lay-off that also splits a long pure sequence in two (a rearrangement)."""
    wild, test = state.wild, state.options.identical_meld_test
    melds = state.melds[seat]
    grown = melds[number - 1].cards + (placed,)
    if len(grown) < 6 or not check_meld(grown, wild).pure:
        return None
    positions = sequence_positions([p.card for p in grown])
    if positions is None:  # (not reached: a pure sequence has positions)
        return None
    ordered = [p for _, p in sorted(zip(positions, grown), key=lambda pair: pair[0])]
    cut = len(ordered) // 2
    halves = [ordered[:cut], ordered[cut:]]
    keys = [identity(h, test) for h in halves]
    if keys[0] == keys[1] or any(k in others for k in keys):
        return None
    result = [list(m.cards) for i, m in enumerate(melds, start=1) if i != number] + halves
    return Rearrange(player=seat, melds=tuple(tokens_of(m) for m in result))


def _obligation(state: GameState, turn: Turn) -> list[Move] | None:
    """The next meld a take of this turn still needs ([] when none, None when stuck)."""
    if not turn.takes or not state.phase_problems(turn):
        return []
    _, facts = turn.takes[-1]
    if facts.forced:
        return []
    hand = _held(state.hands[turn.player])
    planned = _planned(state, turn, hand=hand)
    if planned is not None:
        return planned
    if facts.key not in hand and not facts.bottom_joker:
        return None
    plan = _replan(state, turn, hand=hand, key=facts.key, bottom=facts.bottom_joker)
    if not plan:
        return None
    return [Meld(player=turn.player, tokens=tokens_of(plan[0]))]


def _planned(state: GameState, turn: Turn, *, hand: Counter[Card]) -> list[Move] | None:
    """The next meld of the plan the turn's one take was made on (`plan_take`,
    worked out again from the position before the take), [] once all of it
    is on the table; None when the turn took more than once, or left the plan."""
    if len(turn.takes) != 1:
        return None
    _, facts = turn.takes[0]
    plan = _plan(state, hand=facts.hand_before, taken=facts.taken, bottom=facts.bottom_joker,
                 melds=turn.start_melds, has_pure=turn.had_pure)
    if plan is None:
        return None
    test = state.options.identical_meld_test
    on_table = {identity(m.cards, test) for m in state.melds[turn.player]}
    for placed in plan:
        if identity(placed, test) in on_table:
            continue
        if Counter(p.card for p in placed) - hand:
            return None
        return [Meld(player=turn.player, tokens=tokens_of(placed))]
    return []


def _replan(state: GameState, turn: Turn, *, hand: Counter[Card], key: Card, bottom: bool) -> Plan | None:
    from .phase import new_melds_now

    wild, options = state.wild, state.options
    test = options.identical_meld_test
    existing = {identity(m.cards, test) for m in state.melds[turn.player]}
    held = [r for r in runs_in(_held(turn.start_hand)) if not Counter(r) - hand]
    laid_held = any(check_meld(m, wild).pure and held_run_in(m, turn.start_hand)
                    for _, m in new_melds_now(turn, state.melds[turn.player]))
    key_in = key in hand
    if bottom and options.first_joker_take is FirstJokerTake.STANDARD:
        return [_itself(held[0])] if held and not laid_held else None
    if turn.had_melds or laid_held:
        m = meld_with(hand, key, wild=wild, forbid=existing, test=test) if key_in else None
        return [m] if m else None
    run = pure_run_with(hand, key) if key_in and key.suit is not None else None
    if run:
        return [_itself(run)]
    if held:
        m = meld_with(hand - Counter(held[0]), key, wild=wild, forbid=existing, test=test) if key_in else None
        return [_itself(held[0]), m] if m else None
    return None


def legal_moves(state: GameState) -> list[Move]:
    """A practical list of moves that break no rule now (see the module doc)."""
    from .engine import Phase

    phase = state.phase
    if phase is Phase.DRAW:
        seat = state.turn_player
        if state.forced_player == seat:
            return [DrawLine(player=seat, depth=1, cards=tuple(state.line.top(1)))]
        moves: list[Move] = [DrawStock(player=seat, card=c) for c in state.stock.drawable()]
        moves.extend(DrawLine(player=seat, depth=k, cards=tuple(state.line.top(k)))  # the cards: the written form
                     for k in range(1, len(state.line) + 1) if plan_take(state, seat, depth=k) is not None)
        return moves
    if phase is Phase.MELD:
        turn = state.turn
        assert turn is not None, "a meld phase without its turn"
        seat = turn.player
        needed = _obligation(state, turn)
        if needed:
            return needed
        if needed is None:
            return []
        moves = voluntary(state, seat, keep=1)
        if not state.phase_problems(turn):
            hand = _held(state.hands[seat])
            out = _size(hand) == 1
            moves.extend(Discard(player=seat, card=c, out=out) for c in hand
                         if turn.forced_card is None or c is not turn.forced_card)
        return moves
    if phase is Phase.FINAL:
        moves = []
        for seat in range(state.n):
            moves.extend(voluntary(state, seat, keep=0))
        return moves
    return []
