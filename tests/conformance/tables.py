"""What the conformance suite needs to know of each game that the `State`
protocol does not say: the rules its generic broken copies must be caught
by, where its money tables are in the report, which recorded moves are marks
of the record rather than anyone's choice, and whose hand holds what.

Keyed by the registry's game name; a game not listed gets `Table()` (no
money, no marks, `state.hands[seat]` for hands) and must list its rules
here before its broken copies are judged."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

__all__ = ["Table", "TABLES", "table_of", "amount"]

#: A zero-sum check: (what it is, amounts that must add up to nothing).
Sums = list[tuple[str, list[Fraction]]]


def amount(text: str) -> Fraction:
    """A report amount ("+2", "-1.50", "1/3") as an exact number."""
    return Fraction(str(text))


def _no_money(settlement: Mapping[str, Any], deals: list[Mapping[str, Any]]) -> Sums:
    assert not settlement.get("payouts"), "a game without stakes reports no payout table"
    return []


def _getaway_money(settlement: Mapping[str, Any], deals: list[Mapping[str, Any]]) -> Sums:
    payouts = settlement.get("payouts")
    if not payouts:
        return []
    rows = payouts.values()
    paid = [amount(r["paid"]) for r in rows] + [-amount(r["received"]) for r in rows]
    return [("match net", [amount(r["net"]) for r in rows]), ("paid against received", paid)]


def _flip_flop_money(settlement: Mapping[str, Any], deals: list[Mapping[str, Any]]) -> Sums:
    sums: Sums = []
    for deal in deals:
        if "net" in deal and deal.get("carried"):
            sums.append((f"deal {deal['deal']} net and carried change",
                         [amount(row["total"]) for row in deal["net"].values()] + [amount(deal["carried"]["change"])]))
        for pot in deal.get("pots") or ():
            sums.append((f"deal {deal['deal']} {pot['pot']} pot in and out",
                         [amount(a) for a in pot["paid_in"].values()] + [amount(pot["carried_in"])]
                         + [-amount(a) for a in pot["shares"].values()] + [-amount(pot["carried_out"])]))
    carried = settlement.get("carried_pots") or {}
    pots = [amount(v) for v in carried.values()]
    if settlement.get("payouts"):
        sums.append(("session payouts", [amount(r["net"]) for r in settlement["payouts"].values()] + pots))
    if settlement.get("net"):
        sums.append(("session net", [amount(v) for v in settlement["net"].values()] + pots))
    return sums


def _payouts_net(settlement: Mapping[str, Any], deals: list[Mapping[str, Any]]) -> Sums:
    payouts = settlement.get("payouts")
    return [("net", [amount(r["net"]) for r in payouts.values()])] if payouts else []


def _hands(state: Any, seat: int) -> Iterable[Any]:
    hands = state.hands  # by seat; a mapping where seats sit out a deal (Game Flip Flop)
    hand = hands.get(seat, ()) if isinstance(hands, Mapping) else hands[seat]
    return hand.counts if hasattr(hand, "counts") else hand


def _never(state: Any) -> bool:
    return False


@dataclass(frozen=True)
class Table:
    """One game's facts for the suite."""

    #: Broken copies: mutation kind (or "kind:MoveClass", for that class) -> the rules that may catch
    #: it (the first error, at the broken move).
    rules: Mapping[str, frozenset[str]] = field(default_factory=dict)
    #: The zero-sum checks of a report's settlement and deal data.
    money: Callable[[Mapping[str, Any], list[Mapping[str, Any]]], Sums] = _no_money
    #: Options that put money on the table too (a second game per seed under them), if the presets have none.
    money_options: Mapping[str, str] = field(default_factory=dict)
    #: Move classes that mark the record (a trick's number) and are nobody's choice: not in `legal_moves()`.
    marks: tuple[str, ...] = ()
    #: Rules of findings that are advice, not a breach (a legal game may have them).
    advisory: frozenset[str] = frozenset()
    #: Move class -> fields the record may leave out (None: the referee works them out, e.g. the card
    #: drawn from a face-down pile, the capture a play makes).
    unnamed: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Move classes a seat may make though `to_play()` does not name it (a known gap of the game's `to_play`).
    anyone: tuple[str, ...] = ()
    #: The cards a seat holds now.
    hands: Callable[[Any, int], Iterable[Any]] = _hands
    #: The record may end in this state though moves are still legal (what is left may all be passed by
    #: silence): a copy cut here is a complete record, so no "cut short" copy is made there.
    may_end: Callable[[Any], bool] = _never


TABLES: dict[str, Table] = {
    "getaway": Table(
        # a move by a seat not to play: out of turn, or the first lead not made with AS
        rules={"not_held": frozenset({"GW-4.10"}), "not_held:Draw": frozenset({"GW-4.13"}),
               "wrong_player": frozenset({"GW-4.3", "GW-4.9"}), "wrong_player:Draw": frozenset({"GW-4.13"}),
               "wrong_player:Take": frozenset({"GW-4.12"}),
               "duplicated": frozenset({"GW-4.3", "GW-4.10"}), "truncated": frozenset({"GW-4.14"})},
        money=_getaway_money, money_options={"betting": "pot"}, marks=("TrickMark",),
        anyone=("Take",)),  # take_hand=any: any seat may take between tricks; to_play() names the power holder
    "tjuv": Table(
        # a repeated or missing step of a turn (play, draw, refill) is caught by that step's rule
        rules={"not_held": frozenset({"TJ-3.2"}), "wrong_player": frozenset({"TJ-3.1"}),
               "duplicated": frozenset({"TJ-3.1", "TJ-3.2", "TJ-3.12", "TJ-3.13", "TJ-3.14", "TJ-3.15"}),
               "truncated": frozenset({"TJ-3.12", "TJ-3.13", "TJ-3.14", "TJ-3.15", "TJ-3.17"}),
               # a refill placement (from_hand), a talon card turned (from_talon), a draw
               "not_held:Place": frozenset({"TJ-3.14"}), "not_held:Turn": frozenset({"TJ-3.15"}),
               "not_held:Draw": frozenset({"TJ-3.12"})},
        advisory=frozenset({"TJ-4.4"}),  # five or more players: the source's warning
        unnamed={"Draw": ("card",), "Turn": ("card",), "Play": ("capture", "steals", "top", "into")}),
    "game-flip-flop": Table(
        rules={"not_held": frozenset({"GFF-7.15"}), "wrong_player": frozenset({"GFF-7.13"}),
               "duplicated": frozenset({"GFF-7.13", "GFF-7.15"}), "duplicated:Discard": frozenset({"GFF-7.11"}),
               "truncated": frozenset({"GFF-14.3"}), "not_held:Draw": frozenset({"GFF-7.3"}),
               # a show or a declaration out of its window; in a post-end window still open to a seat
               # with nothing valid left to do (so not to play), what is wrong with the move itself: an
               # invalid or repeated show, a pot he did not ante into, a total that is not 49 or 50
               "wrong_player:Show": frozenset({"GFF-6.4", "GFF-6.5", "GFF-6.7"}),
               "wrong_player:Declare": frozenset({"GFF-5.2", "GFF-5.4"}),
               "duplicated:Show": frozenset({"GFF-6.4", "GFF-6.5"}), "duplicated:Declare": frozenset({"GFF-5.2"})},
        money=_flip_flop_money,
        # the play has ended: the post-end windows left may all pass unused (GFF-6.8), and a deal with no
        # show at all has its flip and flop derived from the dealt cards (GFF-15.8)
        may_end=lambda state: state.ending is not None),
    "vazhushal": Table(
        # a card not where the record says; out of turn (the first turn's: a wrong first player); melding
        # outside one's meld phase; a second discard; a record that stops before the game ends
        rules={"not_held": frozenset({"VZ-9.3"}), "wrong_player": frozenset({"VZ-9.2", "VZ-2.16"}),
               "wrong_player:Meld": frozenset({"VZ-4.4"}), "wrong_player:Add": frozenset({"VZ-4.4"}),
               "wrong_player:Rearrange": frozenset({"VZ-4.4"}),
               "duplicated": frozenset({"VZ-4.5", "VZ-9.5"}), "truncated": frozenset({"VZ-9.5"})},
        marks=("Overflow", "EndMark"),  # echoes of the record: the card an overflow moved, how the game ended
        unnamed={"DrawLine": ("cards",)}),  # a take's cards, an optional cross-check (legal_moves lists them)
    "high-card": Table(  # the suite's own test game (tests/conformance/minigame)
        rules={"not_held": frozenset({"HC-2.1"}), "wrong_player": frozenset({"HC-2.3"}),
               "duplicated": frozenset({"HC-2.3"}), "truncated": frozenset({"HC-2.4"})},
        money=_payouts_net),
}


def table_of(game: str) -> Table:
    return TABLES.get(game, Table())
