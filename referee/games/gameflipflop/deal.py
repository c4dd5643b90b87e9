"""Checking a deal's record before it is replayed: the hands and the flip card
(GFF-2.1, 2.2, 3.9, 4.7, 14.2). A bad deal cannot be replayed, so each of
these findings stops the replay whatever `on_illegal` says."""

from __future__ import annotations

from typing import Sequence

from ...cards import JOKER
from ...findings import Finding
from . import rules as R
from ...reader import cards_over
from .record import DealRecord

__all__ = ["check_hands"]


def check_hands(record: DealRecord, *, active: Sequence[int], dealer: int, names: tuple[str, ...]) -> list[Finding]:
    """Every problem with the dealt hands and flip card of one deal."""
    problems: list[tuple[str, str, str | tuple[int, int]]] = []  # (rule, message, where key or position)
    for seat in active:
        if seat not in record.hands:
            problems.append((R.DEAL_RECORD, f"no hand recorded for {names[seat]}", "hands"))
    for seat in record.hands:
        if seat not in active:
            problems.append((R.ELIMINATED, f"{names[seat]} is not dealt in this deal but has a hand",
                             f"hand:{seat}"))
    if record.flip_card is None:
        problems.append((R.DEAL_RECORD, "the flip card is not recorded", "deal"))
    for seat, cards in record.hands.items():
        where = f"hand:{seat}"
        if JOKER in cards:
            problems.append((R.NOT_IN_PACK, f"JK in {names[seat]}'s hand: the game has no jokers", where))
        if len(cards) != 5 or len(set(cards)) != len(cards):
            problems.append((R.BAD_DEAL, f"{names[seat]} holds {len(cards)} cards"
                             f"{'' if len(set(cards)) == len(cards) else ', not all distinct'}; five distinct"
                             " cards are dealt", where))
    dealt = [c for cards in record.hands.values() for c in cards]
    if len(set(dealt)) != len(dealt):  # only then: where each copy is
        places = [(f"{names[seat]}'s hand", record.at.get(f"hand:{seat}", record.at["deal"]), cards)
                  for seat, cards in record.hands.items()]
        for c, place, named in cards_over(places, lambda c: 1):
            if c is not JOKER:
                problems.append((R.CARD_TWICE, f"{c} dealt more than once: {named}", place))
    if record.flip_card is JOKER:
        problems.append((R.NOT_IN_PACK, "the flip card is JK: the game has no jokers", "flip_card"))
    elif record.flip_card is not None and dealer in record.hands and record.flip_card not in record.hands[dealer]:
        problems.append((R.BAD_DEAL, f"the flip card {record.flip_card} is not in the dealer"
                         f" {names[dealer]}'s hand", "flip_card"))
    findings = []
    for rule, message, key in problems:
        line, column = key if isinstance(key, tuple) else record.at.get(key, record.at["deal"])
        findings.append(Finding(rule=rule, message=f"{message}; the deal cannot be replayed", deal=record.number,
                                line=line, column=column, stops_deal=True))
    return findings
