"""Whether a take from the discard line was allowed (vazhushal.md sections
5 and 7, options VZ-10.4 and VZ-10.11), judged at the end of the meld phase
from what the player held before the take and the melds laid this turn.

Whether the key card was used in a new meld (VZ-5.2) is read from every
moment of the phase; which new melds are pure sequences (case A and case B,
section 7) only from the melds as the phase leaves them (VZ-15.6).

Pure functions: the engine gathers the facts and reports the problems.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

from ...cards import Card
from ...frozen import frozen
from . import rules as R
from .melds import Placed, check_meld, has_pure_run, held_run_in
from .options import FirstJokerTake, VazhushalOptions
from .wild import WildRule

__all__ = ["TakeFacts", "TurnFacts", "judge_take", "NewMeld"]

Problem = tuple[str, str]
NewMeld = tuple[int, Sequence[Placed]]  # (which meld, its cards at one moment of the phase)


@frozen(slots=True)
class TakeFacts:
    """One take: the key card (the deepest taken), the cards taken (top first),
    whether it reached a bottom joker (section 7), whether it was the forced
    take of VZ-10.6, and the hand just before it."""

    key: Card
    taken: tuple[Card, ...]
    bottom_joker: bool
    forced: bool
    hand_before: Counter[Card]


@frozen(slots=True)
class TurnFacts:
    """The turn around the takes: the position at the start of the turn, the
    melds laid by `meld` actions this turn, as laid and as each `add` left
    them (several moments of one meld share its number), and the new melds
    at the end of the phase."""

    had_melds: bool
    had_pure: bool  # a pure sequence on the table at the start of the turn
    start_hand: Counter[Card]
    new_melds: Sequence[NewMeld]
    end_melds: Sequence[Sequence[Placed]]  # all the player's melds at the end of the phase
    start_melds: Sequence[Sequence[Placed]]  # each meld held before the turn
    end_new: Sequence[NewMeld] = ()  # the new melds as the phase leaves them (numbered by place in end_melds)
    # the purity of melds already checked (the engine's cached checks), by id: (the meld, pure)
    known_pure: Mapping[int, tuple[Sequence[Placed], bool]] | None = None


def _pure(meld: Sequence[Placed], wild: WildRule, turn: TurnFacts) -> bool:
    """Whether a meld is a pure sequence: the engine's check of that very meld
    when it gave one (`known_pure`), else `check_meld`."""
    known = turn.known_pure
    if known is not None:
        entry = known.get(id(meld))
        if entry is not None and entry[0] is meld:
            return entry[1]
    return check_meld(meld, wild).pure


def _holds(meld: Sequence[Placed], key: Card) -> bool:
    return any(p.card is key for p in meld)


def _rearranged_new(meld: Sequence[Placed], start_melds: Sequence[Sequence[Placed]]) -> bool:
    """VZ-10.11: a meld holding none of the older melds whole counts as new."""
    cards = Counter(p.card for p in meld)
    return not any(not (Counter(p.card for p in old) - cards) for old in start_melds)


def _rearranged(turn: TurnFacts, options: VazhushalOptions) -> list[NewMeld]:
    if not options.new_meld_from_table_cards:
        return []
    return [(i, m) for i, m in enumerate(turn.end_melds) if _rearranged_new(m, turn.start_melds)]


def _new_melds(turn: TurnFacts, options: VazhushalOptions) -> list[NewMeld]:
    """Every moment of every new meld (for VZ-5.2: was the key card used)."""
    return list(turn.new_melds) + [(-1 - i, m) for i, m in _rearranged(turn, options)]


def _end_new(turn: TurnFacts, options: VazhushalOptions) -> list[NewMeld]:
    """The new melds at the end of the phase, once each (VZ-15.6: purity is judged there)."""
    melds = list(turn.end_new)
    seen = {i for i, _ in melds}
    melds.extend((i, m) for i, m in _rearranged(turn, options) if i not in seen)
    return melds


def _case_b(melds: Sequence[NewMeld], key: Card, *, turn: TurnFacts, wild: WildRule) -> bool:
    """VZ-5.7: a pure sequence laid this turn holds a pure sequence from the
    hand before the take, and the key card is in another new meld."""
    for ident, meld in melds:
        if _pure(meld, wild, turn) and held_run_in(meld, turn.start_hand):
            if any(other_ident != ident and _holds(other, key) for other_ident, other in melds):
                return True
    return False


def _held_laid(melds: Sequence[NewMeld], *, turn: TurnFacts, wild: WildRule) -> bool:
    return any(_pure(m, wild, turn) and held_run_in(m, turn.start_hand) for _, m in melds)


def judge_take(take: TakeFacts, turn: TurnFacts, *, wild: WildRule, options: VazhushalOptions) -> list[Problem]:
    """Every rule the take breaks, given the whole meld phase."""
    if take.forced:
        return []  # VZ-10.6: sections 5 and 7 do not apply to the forced take
    key = take.key
    used = any(_holds(m, key) for _, m in _new_melds(turn, options))
    melds = _end_new(turn, options)
    in_pure = any(_holds(m, key) and _pure(m, wild, turn) for _, m in melds)
    if take.bottom_joker:
        return _judge_bottom_joker(take, turn, melds=melds, in_new=used, in_pure=in_pure,
                                   held_pure=has_pure_run(turn.start_hand), wild=wild, options=options)
    if not used:
        return [(R.KEY_CARD, f"the key card {key} (the deepest card taken) is not used in a new meld this turn")]
    if turn.had_melds or in_pure:
        return []
    if _case_b(melds, key, turn=turn, wild=wild):
        return []  # a pure sequence from the hand laid implies one was held: `has_pure_run` is not needed
    held_pure = has_pure_run(turn.start_hand)
    found = [(R.CASE_A, f"the key card {key} is not part of a pure sequence laid this turn")]
    if held_pure:
        found.append((R.CASE_B, "the pure sequence held before the take is not laid with the key card"
                                " in a second new meld"))
    else:
        found.append((R.NO_MELDS_TAKE, "a player with no melds and no pure sequence in hand may take only as"
                                       " deep as the deepest card of the pure sequence it completes"))
    return found


def _judge_bottom_joker(take: TakeFacts, turn: TurnFacts, *, melds: Sequence[NewMeld], in_new: bool,
                        in_pure: bool, held_pure: bool, wild: WildRule, options: VazhushalOptions) -> list[Problem]:
    key = take.key
    if in_pure:
        return []  # VZ-7.2(a): the bottom joker stands for itself in a new pure sequence
    if not (turn.had_pure or held_pure):
        completed = has_pure_run(take.hand_before + Counter(take.taken)) or any(_pure(m, wild, turn) for _, m in melds)
        if completed:
            return [(R.COMPLETED_THIS_TURN, f"the bottom joker {key} may not be taken in the turn in which a pure"
                                            " sequence is completed; from the next turn it may")]
        return [(R.BOTTOM_JOKER, f"the bottom joker {key} may be taken only with a pure sequence on the table"
                                 " or in hand, or standing for itself in a new pure sequence")]
    found = []
    if not turn.had_pure and not _held_laid(melds, turn=turn, wild=wild):
        found.append((R.BOTTOM_JOKER_PURE, "the pure sequence held before taking the bottom joker is not laid"
                                           " this turn"))
    if options.first_joker_take is FirstJokerTake.MUST_MELD:
        ok = in_new if turn.had_pure else _case_b(melds, key, turn=turn, wild=wild)
        if not ok:
            found.append((R.JOKER_MUST_MELD, f"the bottom joker {key} is not used in a new meld this turn"
                                             " (first_joker_take=must_meld)"))
    return found
