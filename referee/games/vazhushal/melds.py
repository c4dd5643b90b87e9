"""Melds (vazhushal.md section 3): what a placed card stands for, sequences
and sets, wild-card declarations (recorded or inferred), purity, identity,
and pure sequences held in a hand.

Everything here is a pure function of cards; who owns a meld and when it
was laid is the engine's business. Rule checks return (rule, message)
pairs, never findings.
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import Iterable, Sequence, TypeGuard

from ...cards import ALL_CARDS, JOKER, Card, Rank, Suit, card
from ...frozen import frozen
from . import rules as R
from .options import IdenticalTest
from .wild import WildRule

__all__ = [
    "Placed", "Token", "Kind", "MeldCheck", "check_meld", "resolve", "infer",
    "natural_keyed", "natural_looked_up", "natural_sorted", "NATURAL_MELDS", "identity", "has_pure_run", "pure_run_positions",
    "held_run_in", "sequence_positions",
    "ACE_LOW", "ACE_HIGH", "placed_token", "placed_as", "stood_for",
]

ACE_LOW = 1
ACE_HIGH = 14
Problem = tuple[str, str]  # (rule, message)
_SUITS = tuple(Suit)
_RANK_AT = {r.value: r for r in Rank if r is not Rank.JOKER}
_RANK_AT[ACE_LOW] = Rank.ACE
_JOKER_INDEX = JOKER.index
_ACE, _PHYSICAL = Rank.ACE, IdenticalTest.PHYSICAL  # globals: a member read through its enum class is slow on 3.11


@frozen(slots=True)
class Token:
    """A card as written in a meld action: `JK=9D` has `declared` 9D; `9D` has None."""

    card: Card
    declared: Card | None = None


@frozen(slots=True)
class Placed:
    """A card in a meld and the card it stands for (None: undeclared and not inferable)."""

    card: Card
    stands: Card | None

    @property
    def as_itself(self) -> bool:
        return self.card is self.stands

    def token(self) -> str:
        return placed_token(self)


_INTERNED: dict[tuple[Card, Card | None], Placed] = {}


def placed_as(card: Card, stands: Card | None) -> Placed:
    """`Placed(card, stands)`, one shared object per pair: the value is
    immutable, and building a frozen dataclass costs more than finding it."""
    key = (card, stands)
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = Placed(card, stands)
    return found


#: `placed_as(c, c)` of every card, read without a call
_ITSELF: dict[Card, Placed] = {c: placed_as(c, c) for c in (*ALL_CARDS, JOKER)}


def placed_token(placed: Placed) -> str:
    """`9D`, or `JK=9D` for a card standing for another (VZ-14.8)."""
    if placed.stands is None or placed.as_itself:
        return placed.card.token
    return f"{placed.card.token}={placed.stands.token}"


def _all_known(stands: list[Card | None]) -> TypeGuard[list[Card]]:
    return None not in stands


def stood_for(placed: Sequence[Placed]) -> list[Card] | None:
    """What each card of a meld stands for, in order; None if one is unknown
    (a valid meld knows them all)."""
    stands = [p.stands for p in placed]
    return stands if _all_known(stands) else None


class Kind(enum.Enum):
    SET = "set"
    SEQUENCE = "sequence"


@frozen(slots=True)
class MeldCheck:
    """A meld judged by what its cards stand for: its kind when valid,
    whether it is a pure sequence (VZ-3.6), and every section-3 rule it breaks."""

    kind: Kind | None
    pure: bool
    problems: tuple[Problem, ...]

    @property
    def valid(self) -> bool:
        return not self.problems


_VALID_SET = MeldCheck(Kind.SET, False, ())
_VALID_SEQUENCE = MeldCheck(Kind.SEQUENCE, False, ())
_PURE_SEQUENCE = MeldCheck(Kind.SEQUENCE, True, ())


def _position(rank: Rank, *, low: bool) -> int:
    return ACE_LOW if (rank is Rank.ACE and low) else int(rank)


def sequence_positions(stands: Sequence[Card]) -> list[int] | None:
    """Rank positions (ace 1 or 14) of cards that form a sequence of one suit
    (VZ-3.2), in the given order; None if they do not."""
    suits = {c.suit_index for c in stands}  # plain ints: hashing a Suit is slow
    if len(suits) != 1 or -1 in suits:
        return None
    count = len(stands)
    positions = [int(c.rank) for c in stands]  # the ace high
    if len(set(positions)) == count and max(positions) - min(positions) == count - 1:
        return positions
    if ACE_HIGH in positions:  # the ace low
        positions = [ACE_LOW if p == ACE_HIGH else p for p in positions]
        if len(set(positions)) == count and max(positions) - min(positions) == count - 1:
            return positions
    return None


def _sequence_problem(stands: Sequence[Card]) -> str:
    ranks = [c.rank for c in stands]
    if ranks.count(Rank.ACE) > 1:
        return "the ace cannot be both low and high in one sequence"
    if len(set(ranks)) != len(ranks):
        return "a sequence cannot repeat a rank"
    if Rank.ACE in ranks and Rank.KING in ranks and Rank.TWO in ranks:
        return "a sequence cannot turn the corner (K-A-2)"
    return "the ranks are not consecutive"


def _set_problem(stands: Sequence[Card]) -> str | None:
    if len(stands) > 4:
        return f"a set has at most 4 cards, not {len(stands)}"
    if len({c.suit_index for c in stands}) != len(stands):
        return "a set cannot hold two cards of the same suit"
    return None


def check_meld(placed: Sequence[Placed], wild: WildRule) -> MeldCheck:
    """Judge one meld (VZ-3.2 to VZ-3.4, VZ-3.6, VZ-3.10, VZ-3.11). A valid
    meld of natural cards, each standing for itself (most melds), is told
    by `_natural` first; tests/vazhushal/test_vazhushal_shortcuts.py compares
    it with `_check_meld`."""
    found = _natural(placed)
    return found if found is not None else _check_meld(placed, wild)


def _natural(placed: Sequence[Placed]) -> MeldCheck | None:
    """A valid set, or a sequence (the ace high, low or absent), of at least
    three cards each standing for a known suited card, not all of them
    printed jokers (a pure sequence when every card stands for itself);
    None for any other meld (`_check_meld` judges it)."""
    found = natural_keyed(placed)
    return None if found is None else found[0]


def natural_keyed(placed: Sequence[Placed]) -> tuple[MeldCheck, tuple[int, ...]] | None:
    """`_natural`'s check of a meld it judges, with the meld's identity by
    what its cards stand for (`identity(placed, IdenticalTest.REPRESENTED)`,
    the sorted indexes it reads the meld from); None where `_natural` is.
    Such a meld is judged by what its cards stand for alone, read from their
    sorted indexes: those are suit-major (a run of one suit is a run of
    indexes, or the ace's, the suit's highest, and a run from the two; and
    the lowest and highest index share a suit only when every
    card does) and the printed joker's is the highest."""
    count = len(placed)
    if count < 3:
        return None
    # one loop over the cards, the rest on the list of indexes: each statement of
    # a loop costs as much as a C call over the whole list
    indexes: list[int] = []
    append = indexes.append
    itself = True
    jokers = 0
    for p in placed:
        s = p.stands
        if s is None:
            return None
        if p.card is not s:
            itself = False
            if p.card is JOKER:
                jokers += 1
        append(s.index)
    if jokers == count:  # only printed jokers: VZ-3.11
        return None
    return natural_looked_up(indexes, itself)


def natural_looked_up(indexes: list[int], itself: bool) -> tuple[MeldCheck, tuple[int, ...]] | None:
    """`natural_sorted(sorted(indexes), itself)` read from `NATURAL_MELDS`, with the
    sorted indexes as a key (`indexes` is sorted in place): the check and the
    identity by value of a meld whose cards stand for these indexes (its
    cards not all printed jokers), or None."""
    indexes.sort()
    key = tuple(indexes)
    check = NATURAL_MELDS.get(key)
    if check is None:
        return None
    return (_VALID_SEQUENCE if check is _PURE_SEQUENCE and not itself else check), key


def natural_sorted(indexes: list[int], itself: bool) -> MeldCheck | None:
    """`natural_keyed`'s check, the plain reading `NATURAL_MELDS` holds: from
    the sorted indexes of the cards a meld's cards stand for (every one known,
    not all of the meld's cards printed jokers), and whether each card stands
    for itself."""
    count = len(indexes)
    if count < 3:
        return None
    low, high = indexes[0], indexes[-1]
    if high == _JOKER_INDEX or len(set(indexes)) != count:  # a card standing for a printed joker; a repeat
        return None
    if low // 13 == high // 13:  # one suit
        if high - low == count - 1 or (high % 13 == 12 and low % 13 == 0 and indexes[-2] - low == count - 2):
            return _PURE_SEQUENCE if itself else _VALID_SEQUENCE  # the ace high or no ace; the ace low
        return None
    if count > 4:
        return None
    rank = low % 13
    for index in indexes:
        if index % 13 != rank:
            return None
    return _VALID_SET


def _natural_melds() -> dict[tuple[int, ...], MeldCheck]:
    """Every meld `natural_sorted` finds valid, by its sorted indexes, with its
    check when each card stands for itself: the runs of 3 to 13 indexes of one
    suit (the ace high), the runs of one suit with the ace low and the sets of
    3 or 4 suits of a rank (369 melds; a lookup costs less than the reading)."""
    # slices and literal tuples, not generators: this runs at import, on every check's start-up
    found: dict[tuple[int, ...], MeldCheck] = {}
    for suit in range(4):
        row = tuple(range(suit * 13, suit * 13 + 13))
        for low in range(11):
            for high in range(low + 3, 14):
                found[row[low:high]] = _PURE_SEQUENCE
        for high in range(2, 12):  # the ace low: A-2-3 to A-2-...-Q
            found[row[:high] + row[12:]] = _PURE_SEQUENCE
    for rank in range(13):
        s, h, d, c = rank, rank + 13, rank + 26, rank + 39
        for key in ((s, h, d, c), (h, d, c), (s, d, c), (s, h, c), (s, h, d)):
            found[key] = _VALID_SET
    return found


#: `natural_sorted(list(key), True)` of every key it finds valid; tests/vazhushal/test_vazhushal_meld_checks.py
#: compares the two
NATURAL_MELDS = _natural_melds()


def _check_meld(placed: Sequence[Placed], wild: WildRule) -> MeldCheck:
    """`check_meld` for every meld, the plain way."""
    problems: list[Problem] = []
    if len(placed) < 3:
        problems.append((R.SIZE, f"a meld has at least 3 cards, not {len(placed)}"))
    if placed and all(p.card is JOKER for p in placed):
        problems.append((R.ONLY_JOKERS, "a meld cannot be made only of printed jokers"))
    if problems:
        return MeldCheck(None, False, tuple(problems))
    known = [p.stands for p in placed if p.stands is not None]
    undeclared = len(known) < len(placed)
    same_rank = len({c.rank for c in known}) <= 1
    same_suit = len({c.suit_index for c in known}) <= 1
    if not undeclared:
        if same_rank:
            problem = _set_problem(known)
            if problem is None:
                return _VALID_SET
            return MeldCheck(None, False, ((R.SET, problem),))
        if same_suit:
            if sequence_positions(known) is not None:
                return _PURE_SEQUENCE if all(p.card is p.stands for p in placed) else _VALID_SEQUENCE
            return MeldCheck(None, False, ((R.SEQUENCE, _sequence_problem(known)),))
        declared_wild = [p for p in placed if wild.is_wild(p.card) and not p.as_itself]
        if declared_wild and infer([p.stands for p in placed if p.stands is not None and not wild.is_wild(p.card)],
                                   len(placed) - sum(1 for p in placed if not wild.is_wild(p.card))) is not None:
            return MeldCheck(None, False, ((R.WILD_USE, "a wild card is declared as a card that does not fit"),))
    if same_rank and known:
        return MeldCheck(None, False, ((R.SET, "these cards cannot form a set"),))
    if same_suit and known:
        return MeldCheck(None, False, ((R.SEQUENCE, "these cards cannot form a sequence"),))
    return MeldCheck(None, False, ((R.SEQUENCE, "the cards are not a sequence"),
                                   (R.SET, "the cards are not a set")))


def _card_at(position: int, suit: Suit) -> Card:
    return card(_RANK_AT[position].symbol + suit.value)


def _infer_set(fixed: Sequence[Card], count: int) -> list[Card] | None:
    if len({c.rank for c in fixed}) != 1 or len({c.suit for c in fixed}) != len(fixed):
        return None
    if len(fixed) + count > 4:
        return None
    rank = fixed[0].rank
    used = {c.suit for c in fixed}
    return [card(rank.symbol + s.value) for s in _SUITS if s not in used][:count]


def _infer_sequence(fixed: Sequence[Card], count: int) -> list[Card] | None:
    if len({c.suit for c in fixed}) != 1:
        return None
    suit = fixed[0].suit
    if suit is None:  # printed jokers stand for no card
        return None
    for low in (False, True):
        positions = [_position(c.rank, low=low) for c in fixed]
        if len(set(positions)) != len(positions):
            continue
        bottom, top = (ACE_LOW, 13) if low else (2, ACE_HIGH)
        lo, hi = min(positions), max(positions)
        gaps = [p for p in range(lo, hi + 1) if p not in positions]
        extra = count - len(gaps)
        if extra < 0:
            continue
        up = min(extra, top - hi)
        down = extra - up
        if lo - down < bottom:
            continue
        chosen = gaps + list(range(hi + 1, hi + 1 + up)) + list(range(lo - down, lo))
        return [_card_at(p, suit) for p in chosen]
    return None


def infer(fixed: Sequence[Card], count: int) -> list[Card] | None:
    """Cards for `count` undeclared wild cards that make a valid meld with the
    `fixed` stood-for cards; None if there are none. Sets fill the missing
    suits in the order S H D C; sequences fill gaps first, then extend
    upwards, then downwards. A deterministic reading, not the only one."""
    if not fixed or count < 0:
        return None
    if count == 0:
        ranks = {c.rank for c in fixed}
        if len(ranks) == 1:
            return [] if _set_problem(fixed) is None else None
        return [] if sequence_positions(fixed) is not None else None
    if len(fixed) >= 2 and len({c.rank for c in fixed}) == 1:
        return _infer_set(fixed, count)
    found = _infer_sequence(fixed, count)
    if found is None and len(fixed) + count >= 3:
        found = _infer_set(fixed, count)
    return found


def resolve(tokens: Sequence[Token], wild: WildRule, *, context: Sequence[Placed] = ()) -> tuple[list[Placed], list[Problem]]:
    """What each written card stands for (VZ-3.4, VZ-9.6). `context` holds the
    cards already in the meld (for an `add`). A printed joker without a
    declaration, a natural card declared as another card, or a declaration of
    `JK` is a VZ-9.6 problem; the missing values are inferred where the meld
    allows it. An unmarked wild-rank card stands for itself unless only another
    value makes the meld valid, which is then a missing declaration. A meld
    with none of these (every natural card undeclared, every wild card
    declared as a suited card) is read in one loop, whatever its context."""
    # the common melds: natural cards written plainly, each standing for itself, and
    # wild cards declared as suited cards (`plain_reading`, the same test as `take_tokens`')
    wild_rank = wild.rank
    itself = _ITSELF
    placed: list[Placed] = []
    for token in tokens:
        c, declared = token.card, token.declared
        is_wild = c.suit_index < 0 or (c.rank is wild_rank and wild.is_wild(c))
        if declared is None and not is_wild:
            placed.append(itself[c])
        elif declared is not None and is_wild and declared.suit_index >= 0:
            placed.append(placed_as(c, declared))
        else:
            return _resolve(tokens, wild, context)
    return placed, []


def _resolve(tokens: Sequence[Token], wild: WildRule, context: Sequence[Placed]) -> tuple[list[Placed], list[Problem]]:
    """`resolve` for every meld, the plain way (tests/vazhushal/test_vazhushal_shortcuts.py
    compares the two)."""
    problems: list[Problem] = []
    stands: list[Card | None] = []
    open_slots: list[int] = []
    unmarked_wild: list[int] = []
    for i, token in enumerate(tokens):
        c, declared = token.card, token.declared
        if declared is JOKER:
            problems.append((R.DECLARATION, f"{c}={declared}: a card cannot stand for a printed joker"))
            declared = None if wild.is_wild(c) else c
        if c is JOKER:
            if declared is None:
                open_slots.append(i)
            stands.append(declared)
        elif wild.is_wild(c):
            if declared is None:
                unmarked_wild.append(i)
                stands.append(c)
            else:
                stands.append(declared)
        else:
            if declared is not None and declared is not c:
                problems.append((R.DECLARATION, f"{c}={declared}: {c} is not wild and stands only for itself"))
            stands.append(c)
    if open_slots:
        fixed = [p.stands for p in context if p.stands is not None]
        known = fixed + [s for i, s in enumerate(stands) if i not in open_slots and s is not None]
        filled = infer(known, len(open_slots) + sum(1 for p in context if p.stands is None))
        for n, i in enumerate(open_slots):
            if filled is not None:
                stands[i] = filled[n]
            if tokens[i].declared is None:
                read = f"; read as JK={filled[n]}" if filled is not None else ", and no value makes the meld valid"
                problems.append((R.DECLARATION, f"a printed joker in a meld must say what it stands for{read}"))
    elif unmarked_wild:
        trial = [placed_as(t.card, s) for t, s in zip(tokens, stands)]
        if not check_meld(list(context) + trial, wild).valid:
            fixed = [p.stands for p in context if p.stands is not None]
            known = fixed + [s for i, s in enumerate(stands) if s is not None and i not in unmarked_wild]
            filled = infer(known, len(unmarked_wild))
            if filled is not None and len(tokens) + len(context) >= 3:
                for i, value in zip(unmarked_wild, filled):
                    if value is not tokens[i].card:
                        problems.append((R.DECLARATION, f"{tokens[i].card} stands for {value} here,"
                                                        f" which the transcript must say ({tokens[i].card}={value})"))
                    stands[i] = value
    return [placed_as(t.card, s) for t, s in zip(tokens, stands)], problems


def identity(placed: Iterable[Placed], test: IdenticalTest) -> tuple[int, ...]:
    """The key two melds share when they are identical (VZ-3.9, VZ-10.10)."""
    # a loop, `list.sort` and `tuple`: a generator and `sorted` cost twice as much on a meld's few cards
    key: list[int] = []
    append = key.append
    if test is _PHYSICAL:
        for p in placed:
            append(p.card.index)
    else:
        for p in placed:
            stands = p.stands
            append(99 if stands is None else stands.index)
    key.sort()
    return tuple(key)


def _suit_positions(cards: Iterable[Card]) -> dict[int, set[int]]:
    """Rank positions held in each suit (by suit index), the ace at both ends."""
    found: dict[int, set[int]] = {}
    for c in cards:
        if c.suit is None:
            continue
        positions = found.setdefault(c.suit_index, set())
        positions.add(int(c.rank))
        if c.rank is _ACE:
            positions.add(ACE_LOW)
    return found


def _three_in_a_row(positions: set[int]) -> bool:
    return any(p + 1 in positions and p + 2 in positions for p in positions)


def has_pure_run(cards: Iterable[Card]) -> bool:
    """Whether three or more of `cards`, each standing for itself, form a pure
    sequence (a wild-rank card counts as itself; printed jokers never count).
    A Counter counts only the cards it holds at least once."""
    if isinstance(cards, Counter):
        cards = [c for c, count in cards.items() if count > 0]
    return any(_three_in_a_row(p) for p in _suit_positions(cards).values())


def pure_run_positions(placed: Sequence[Placed]) -> list[int] | None:
    """Positions of a pure sequence's cards, in order, or None if not pure."""
    if any(not p.as_itself for p in placed):
        return None
    return sequence_positions([p.card for p in placed])


def held_run_in(placed: Sequence[Placed], held: Counter[Card]) -> bool:
    """VZ-5.7, VZ-12.11: does this pure sequence contain three or more cards
    from `held` (the hand before the take) that form a pure sequence by
    themselves? A copy of a card that is also in `held` is credited to the
    hand (VZ-15.2). A pure sequence repeats no rank, so holds no card twice:
    each of its cards is credited when the hand holds it at all, without a
    copy of the hand to count copies down (`get`: a card missing from a
    Counter read by `[]` is a Python call); tests/vazhushal/test_vazhushal_takes_fast.py
    compares this with the counting version."""
    positions = pure_run_positions(placed)
    if positions is None:
        return False
    credited = set()
    for p, position in zip(placed, positions):
        if held.get(p.card, 0) > 0:
            credited.add(position)
    return _three_in_a_row(credited)
