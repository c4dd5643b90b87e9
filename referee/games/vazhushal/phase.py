"""The end of a meld phase (vazhushal.md sections 3, 5, 6 and 7): every
rule the phase breaks, judged from the melds as it leaves them and what it
did (the melds it touched, the takes it made, its rearrangements). Pure
functions of the engine's state; the engine reports what they find.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...cards import Card
from . import rules as R
from .melds import Placed
from .options import IdenticalTest
from .table import TableMeld
from .takes import TakeFacts, TurnFacts, judge_take
from .wild import WildRule

if TYPE_CHECKING:
    from .engine import GameState, Turn

__all__ = ["phase_problems", "new_melds_now"]



def phase_problems(state: GameState, turn: Turn) -> list[tuple[str, int, str]]:
    """Every rule the meld phase so far would break if it ended now
    (sections 3, 5, 6, 7): (rule, index of the move reported at, message). A phase
    that touched no meld and took nothing (most turns: a draw and a
    discard) has nothing to judge and costs next to nothing. Shortcuts of a
    clean phase (tests/vazhushal/test_vazhushal_shortcuts.py compares them
    with the plain computation at every phase end): no identical-meld test
    when no touched meld shares its identity with another, and a take that is plainly allowed
    (`_plainly_allowed`) is not judged."""
    seat = turn.player
    melds = state.melds[seat]
    wild = state.wild
    found: list[tuple[str, int, str]] = []
    touched: list[TableMeld] = []
    pure = False  # a pure sequence seen among the kept checks (else the loop below looks at every meld)
    # one loop over the melds (a comprehension's own call costs more than a few melds): the touched
    # ones checked, in table order; a phase that touched no meld, took nothing and rearranged nothing
    # (most turns: a draw and a discard) finds nothing below
    for meld in melds:
        check = meld._check
        at = meld.touched
        if at is not None:
            if check is None:
                check = meld.check(wild)
            touched.append(meld)
            if check.problems:
                number = next(i for i, m in enumerate(melds, start=1) if m is meld)
                for rule, message in check.problems:
                    found.append((rule, at, f"meld {number} ({' '.join(meld.tokens())}): {message}"))
                if not meld.laid_now:
                    _result_rule(found, at)
        if check is not None and check.pure:
            pure = True
    if touched and len(melds) > 1:  # two identical melds matter only when one of them was touched
        test = state.options.identical_meld_test
        if not _distinct(melds, touched, test):
            seen: dict[tuple[int, ...], TableMeld] = {}
            for meld in melds:
                key = meld.identity(test)
                other = seen.get(key)
                if other is not None and (meld.touched or other.touched):
                    at = max(m.touched for m in (meld, other) if m.touched)
                    found.append((R.IDENTICAL, at, f"{state.name(seat)} holds two identical melds"
                                                   f" ({' '.join(meld.tokens())})"))
                    if any(m.touched and not m.laid_now for m in (meld, other)):
                        _result_rule(found, at)
                seen.setdefault(key, meld)
    if not pure and melds and turn.last_action is not None:
        for meld in melds:  # `state.has_pure_sequence(seat)`, reading the kept checks
            if (meld._check or meld.check(wild)).pure:
                break
        else:
            found.append((R.PURE_REQUIRED, turn.last_action,
                          f"{state.name(seat)} has melds but no pure sequence among them" +
                          ("" if turn.had_melds else " (a player's first meld must be a pure sequence)")))
            if turn.had_melds:
                _result_rule(found, turn.last_action)
    if turn.rearranges and turn.from_hand == 0 and not state.options.rearrange_without_new_cards:
        found.append((R.REARRANGE_WHEN, turn.rearranges[0], "rearranging is allowed only in a meld phase in"
                                                            " which a card from hand is also laid or added"))
    for _, take in turn.takes:  # a loop here, not a call: most phases with a take find it plainly allowed
        if not _plainly_allowed(take, turn, melds, wild):
            _judge_takes(found, state, turn, melds)
            break
    return found


def _judge_takes(found: list[tuple[str, int, str]], state: GameState, turn: Turn, melds: Sequence[TableMeld]) -> None:
    """Every take of the phase judged (`judge_take`), its problems appended to `found`."""
    wild = state.wild
    facts = TurnFacts(had_melds=turn.had_melds, had_pure=turn.had_pure, start_hand=turn.start_hand,
                      new_melds=turn.new_melds, end_melds=[m.cards for m in melds],
                      start_melds=turn.start_melds, end_new=new_melds_now(turn, melds),
                      known_pure={id(m.cards): (m.cards, m.check(wild).pure) for m in melds})
    for at, take in turn.takes:
        for rule, message in judge_take(take, facts, wild=wild, options=state.options):
            found.append((rule, at, message))


_REGROUPED = "after adding or rearranging, every meld of the player must still obey section 3"


def _result_rule(found: list[tuple[str, int, str]], at: int) -> None:
    """VZ-6.2's finding at move `at`, once a move (looked for among the findings: a phase that breaks
    nothing, the common one, builds no set of moves for it)."""
    finding = (R.REARRANGE_RESULT, at, _REGROUPED)
    if finding not in found:
        found.append(finding)


def _distinct(melds: Sequence[TableMeld], touched: Sequence[TableMeld], test: IdenticalTest) -> bool:
    """Whether no touched meld shares its identity with another meld (VZ-3.9;
    the only pairs the identical-meld test reports). Identical melds have as
    many cards. A touched meld whose identity is kept (most: `check` keeps
    one by value) is compared whole with the others' kept ones, which needs
    no size test (tuples of unequal length differ); a meld without one under
    `test` gets it if of the same size. Else only melds of a touched one's
    size are compared, by their kept identities."""
    for meld in touched:
        mine = meld._identity
        if mine is not None and mine[0] is test:  # kept (most touched melds): compared whole, with no size test
            size = len(meld.cards)
            for other in melds:
                kept = other._identity
                if kept is None or kept[0] is not test:
                    if other is not meld and len(other.cards) == size and other.identity(test) == mine[1]:
                        return False
                elif kept == mine and other is not meld:
                    return False
            continue
        size, key = len(meld.cards), None
        for other in melds:
            if other is not meld and len(other.cards) == size:
                if key is None:
                    key = meld.identity(test)
                kept = other._identity  # `other.identity(test)`, read without a call when kept
                if (kept[1] if kept is not None and kept[0] is test else other.identity(test)) == key:
                    return False
    return True


def _plainly_allowed(take: TakeFacts, turn: Turn, melds: Sequence[TableMeld], wild: WildRule) -> bool:
    """A take `judge_take` allows whatever else the phase did: the forced
    take (VZ-10.6); a take that reaches no bottom joker, whose key card a
    meld laid this turn used (VZ-5.2), by a player who had melds before the
    turn (sections 5 and 7 ask nothing more of such a player); or a take whose
    key card is in a meld laid this phase that is a pure sequence now (every
    other take, the bottom joker's too, is allowed then)."""
    if take.forced:
        return True
    key = take.key
    if not take.bottom_joker:
        for _, cards in turn.new_melds:
            for placed in cards:
                if placed.card is key:
                    break
            else:
                continue
            break
        else:
            return False  # the key card not used
        if turn.had_melds:
            return True
    for meld in melds:  # the key card in a pure sequence laid this phase
        if meld.laid_now:
            for placed in meld.cards:
                if placed.card is key:
                    if (meld._check or meld.check(wild)).pure:  # the kept check, without a call
                        return True
                    break
    return False


def new_melds_now(turn: Turn, melds: Sequence[TableMeld]) -> list[tuple[int, tuple[Placed, ...]]]:
    """The player's new melds as they stand now, numbered by place (VZ-15.6:
    the take rules judge their purity at the end of the phase): the melds
    laid by this phase's `meld` actions, with what `add` put on them, and
    after a `rearrange` the melds that hold no card melded before the turn."""
    older: set[Card] = {p.card for cards in turn.start_melds for p in cards}  # which cards, not how many
    return [(i, m.cards) for i, m in enumerate(melds)
            if m.laid_now or (m.touched is not None and not any(p.card in older for p in m.cards))]
