"""Checking a round's deal and dealer (GW-2.1 to GW-2.10; failures are GW-4.11)
and the setup of the whole game (GW-2.3 and option consistency; GW-4.16)."""

from __future__ import annotations

from collections import Counter
from itertools import chain

from ...cards import JOKER, Card, Suit, card, format_cards, standard_pack
from ...findings import Finding
from ...frozen import frozen
from . import rules as R
from .options import DealerRule, DealExtras, GetawayOptions
from ...reader import cards_over
from .record import RoundRecord

__all__ = ["check_setup", "check_deal", "low_cards", "hand_sizes", "PreviousRound"]

ACE_OF_SPADES = card("AS")
_LOW_SUIT_ORDER = (Suit.C, Suit.D, Suit.H, Suit.S)


@frozen(slots=True)
class PreviousRound:
    dealer: int
    loser: int | None  # None when the round was dead or not settled
    known: bool  # False when the round's result is undetermined


def check_setup(options: GetawayOptions, players: tuple[str, ...], *, line: int, column: int) -> list[Finding]:
    """GW-4.16: player count (GW-2.3) and inconsistent options."""
    problems = []
    n = len(players)
    if not 2 <= n <= options.max_players:
        problems.append(f"{n} players; with {options.packs} pack(s) Getaway takes 2 to {options.max_players} (GW-2.3)")
    problems.extend(options.inconsistencies())
    return [
        Finding(rule=R.BAD_SETUP, message=f"{text}; nothing is replayed", line=line, column=column, stops_deal=True)
        for text in problems
    ]


def low_cards(count: int, packs: int) -> list[Card]:
    """GW-2.8: the `count` lowest cards, in the order 2C 2D 2H 2S 3C ...;
    with two packs both copies of a card before the next card."""
    order = [card(f"{rank}{suit.value}") for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10")
             for suit in _LOW_SUIT_ORDER]
    return [c for c in order for _ in range(packs)][:count]


def hand_sizes(options: GetawayOptions, n: int, dealer: int) -> tuple[int, int, list[int]]:
    """(q, r, seats that get q+1 under dealer_left) for n players."""
    total = 52 * options.packs
    q, r = divmod(total, n)
    extra = [(dealer + options.step * k) % n for k in range(1, r + 1)]
    return q, r, extra


_PACKS: dict[int, Counter[Card]] = {}
_HAND_KEYS = [f"hand:{seat}" for seat in range(32)]  # record.at's key of each seat's hand, made once


def _pack(packs: int) -> Counter[Card]:
    """The pack(s) as a multiset, made once per number of packs (never modified)."""
    pack = _PACKS.get(packs)
    if pack is None:
        pack = standard_pack(packs=packs)
        if len(_PACKS) < 8:
            _PACKS[packs] = pack
    return pack


def check_deal(
    options: GetawayOptions, players: tuple[str, ...], record: RoundRecord, previous: PreviousRound | None,
) -> list[Finding]:
    """Every GW-2.10 problem of one round's deal, as GW-4.11 findings."""
    n = len(players)
    problems: list[tuple[str, str | tuple[int, int]]] = []  # (message, where key or position)
    hands = record.hands
    pack = _pack(options.packs)
    dealt: Counter[Card] = Counter(chain.from_iterable(hands))
    if record.removed:
        dealt.update(record.removed)
    if JOKER in dealt:
        problems.append(("JK: Getaway is played without jokers (GW-2.1)", "hands"))
        del dealt[JOKER]
    # as plain dicts (no zero counts on either side): equal means neither extra nor missing cards
    if not dict.__eq__(dealt, pack):
        extra = dealt - pack
        missing = pack - dealt
        if extra:
            problems.extend(_copies_too_many(players, record, pack))
        if missing:
            problems.append((f"not dealt: {format_cards(sorted(missing.elements(), key=lambda c: c.index))}", "hands"))
    keys = _HAND_KEYS if n <= len(_HAND_KEYS) else [f"hand:{seat}" for seat in range(n)]
    at = record.at
    for seat, name in enumerate(players):
        if keys[seat] not in at:
            problems.append((f"no hand recorded for {name}", "hands"))

    q, r, after_dealer = hand_sizes(options, n, record.dealer)
    sizes = [len(h) for h in hands]
    mode = options.deal_extras
    wanted: list[int] | None = None
    if mode is DealExtras.DISCARD_LOW:
        expected_removed = low_cards(r, options.packs)
        if Counter(record.removed or ()) != Counter(expected_removed):
            problems.append((f"discard_low removes {format_cards(expected_removed) or 'nothing'} here,"
                             f" not {format_cards(record.removed or ()) or 'nothing'} (GW-2.8)", "removed"))
        wanted = [q] * n
    elif record.removed:
        problems.append(("cards are removed only under deal_extras=discard_low", "removed"))
    if mode is DealExtras.DEALER_LEFT:
        wanted = [q + 1 if s in after_dealer else q for s in range(n)]
    elif mode is DealExtras.AGREED:
        if sorted(sizes) != sorted([q + 1] * r + [q] * (n - r)):
            problems.append((f"hand sizes {sizes}: {r} hand(s) of {q + 1} and the rest {q} expected (GW-2.7)", "hands"))
    elif mode is DealExtras.BIG_HAND:
        if record.big_hand is None and r:
            problems.append(("deal_extras=big_hand: the player given the surplus must be named (big_hand)", "hands"))
        else:
            wanted = [q + r if s == record.big_hand else q for s in range(n)]
    if wanted is not None and sizes != wanted:
        problems.append((_sizes_message(players, sizes, wanted), "hands"))

    if options.packs == 2:
        if record.marked is None:
            problems.append(("packs=2: the holder of the marked AS must be named (marked)", "round"))
        elif ACE_OF_SPADES not in hands[record.marked]:
            problems.append((f"{players[record.marked]}, named for the marked AS, holds no AS (GW-2.9)", "marked"))

    if previous is not None:
        expected_dealer = _expected_dealer(options, n, previous)
        if expected_dealer is not None and record.dealer != expected_dealer:
            problems.append((f"{players[record.dealer]} deals, but {players[expected_dealer]} should"
                             f" (dealer={options.dealer.value}{', push_push' if options.push_push else ''}; GW-2.5)",
                             "dealer"))
    findings = []
    for message, where in problems:
        line, column = where if isinstance(where, tuple) else record.at.get(where, record.at["round"])
        findings.append(Finding(rule=R.INVALID_DEAL, message=f"{message}; replay of this round stops",
                                deal=record.number, line=line, column=column, stops_deal=True))
    return findings


def _copies_too_many(players: tuple[str, ...], record: RoundRecord,
                     pack: Counter[Card]) -> list[tuple[str, tuple[int, int]]]:
    """Each card dealt more often than the pack(s) hold, at the hand holding
    the copy too many, naming every hand that holds it."""
    at = record.at
    places = [(f"{name}'s hand", at[f"hand:{seat}"], record.hands[seat])
              for seat, name in enumerate(players) if f"hand:{seat}" in at]
    if record.removed:
        places.append(("the removed cards", at.get("removed", at["round"]), record.removed))
    return [(f"{c} dealt more often than the pack(s) hold ({pack[c]}): {named}", where)
            for c, where, named in cards_over(places, lambda c: pack[c]) if c is not JOKER]


def _sizes_message(players: tuple[str, ...], sizes: list[int], wanted: list[int]) -> str:
    wrong = ", ".join(f"{players[s]} {sizes[s]} (not {wanted[s]})" for s in range(len(sizes)) if sizes[s] != wanted[s])
    return f"hand sizes: {wrong} (GW-2.6, GW-2.7)"


def _expected_dealer(options: GetawayOptions, n: int, previous: PreviousRound) -> int | None:
    """The dealer GW-2.5 requires after `previous`, or None when it cannot be told."""
    if options.push_push or options.dealer is DealerRule.LOSER:
        if not previous.known:
            return None
        if previous.loser is not None:
            return previous.loser
        # a dead round has no loser: fall back to rotation if that is the rule
    if options.dealer is DealerRule.ROTATE:
        return (previous.dealer + options.step) % n
    return None
