"""Checking a game's setup (vazhushal.md section 2): the player count and
stock size (VZ-2.1, VZ-2.15), the dealer (VZ-2.4), the hands (VZ-2.5,
VZ-9.4), three doubles and redeals (VZ-2.7 to VZ-2.9), the negative joker
(VZ-2.10 to VZ-2.13) and the first line card (VZ-2.14, VZ-10.5, VZ-10.6).

Deal problems are reported and replay goes on: the game is played from the
recorded hands (VZ-12.5).
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Iterable

from ...cards import JOKER, Card
from ...findings import Finding
from ...frozen import frozen
from ...reader import cards_over
from . import rules as R
from .melds import has_pure_run
from .options import HAND_SIZE, NoPureSequence, VazhushalOptions
from .record import DealRecord, Dealt, Position
from .wild import WildRule, wild_rule

__all__ = ["Setup", "check_setup", "check_deal", "count_doubles", "setup_from"]


@frozen(slots=True)
class Setup:
    """What the deal leaves on the table when play starts."""

    findings: tuple[Finding, ...]
    wild: WildRule
    negative: Card | None  # the face-up negative joker (None: none)
    first: Card  # the card that starts the line
    stock: Counter[Card]  # U (VZ-4.8), positive counts only (the engine's Stock copies it as it is)
    stock_size: int  # the cards in `stock`
    bottom_joker: bool  # the first card is wild: section 7 applies
    forced_take: bool  # VZ-10.6 applies to the dealer's left player's first draw


def check_setup(options: VazhushalOptions, players: tuple[str, ...], *, line: int, column: int) -> list[Finding]:
    """VZ-2.1 and VZ-2.15: a configuration that cannot be played; nothing is replayed."""
    return [Finding(rule=rule, message=f"{text}; nothing is replayed", line=line, column=column, stops_deal=True)
            for rule, text in options.setup_problems(len(players))]


def count_doubles(hand: Iterable[Card], *, jokers: bool) -> int:
    """VZ-2.7: identical pairs in one hand, each pair once; JK pairs only under
    doubles_include_jokers (VZ-10.9)."""
    counts = Counter(hand)
    total = 0
    for c, count in counts.items():
        if c is JOKER and not jokers:
            continue
        total += count // 2
    return total


_PACKS: dict[tuple[VazhushalOptions, int], Counter[Card]] = {}  # options.pack(n), made once (read only)


_LAST: list = [None, 0, None]  # the latest call's (options, players, pack): the deals of a match share them


def _pack(options: VazhushalOptions, players: int) -> Counter[Card]:
    last = _LAST
    if last[0] is options and last[1] == players:  # without hashing the options (a Python call per enum field)
        return last[2]
    key = (options, players)
    pack = _PACKS.get(key)
    if pack is None:
        pack = options.pack(players)
        if len(_PACKS) < 64:
            _PACKS[key] = pack
    last[:] = (options, players, pack)
    return pack


_WILDS: list = [None, {}]  # the latest options, and the wild rule made for each negative joker under them


def _wild(options: VazhushalOptions, negative: Card | None) -> WildRule:
    """`wild_rule(negative, options)`, made once for the deals of a match (the rule is frozen)."""
    made = _WILDS
    if made[0] is not options:  # by identity, as `_pack`
        made[:] = (options, {})
    wild = made[1].get(negative)
    if wild is None:
        wild = made[1][negative] = wild_rule(negative, options)
    return wild


def _left(pack: Counter[Card], used: Counter[Card]) -> dict[Card, int]:
    """`pack - used` as a plain dict (the pack's order, positive counts only),
    without Counter's per-key Python loop over both."""
    left = dict(pack)
    for c, u in used.items():
        k = left.get(c)
        if k is not None:
            if u < k:
                left[c] = k - u
            else:
                del left[c]
    return left


class _Checker:
    def __init__(self, options: VazhushalOptions, record: DealRecord, *, players: tuple[str, ...]) -> None:
        self.options = options
        self.players = players
        self.n = len(players)
        self.record = record
        self.pack = _pack(options, self.n)
        self.findings: list[Finding] = []

    def report(self, rule: str, message: str, *, where: Position | None, player: int | None = None) -> None:
        line, column = where or self.record.at["deal"]
        self.findings.append(Finding(rule=rule, message=message, deal=self.record.number, line=line, column=column,
                                     player=None if player is None else self.players[player]))

    def hands(self, dealt: Dealt, *, where: Position, what: str) -> Counter[Card]:
        """VZ-2.5 sizes and VZ-9.4 copies of one deal; the cards it uses."""
        used = Counter(chain.from_iterable(dealt.hands))
        for seat, name in enumerate(self.players):
            hand = dealt.hands[seat]
            if not dealt.present[seat]:
                self.report(R.DEAL, f"{what}: no hand recorded for {name}", where=where, player=seat)
            elif len(hand) != HAND_SIZE:
                self.report(R.DEAL, f"{what}: {name} holds {len(hand)} cards, not {HAND_SIZE}",
                            where=dealt.at.get(seat, where), player=seat)
        self.copies(dealt, used, where=where, what=what)
        return used

    def copies(self, dealt: Dealt, used: Counter[Card], *, where: Position, what: str) -> None:
        """VZ-9.4: a card dealt more often than the pack holds, at the hand
        holding the copy too many, naming every hand that holds it."""
        pack = self.pack
        get = pack.get
        for c, count in used.items():  # (a loop: a generator costs more on a few dozen cards)
            if count > get(c, 0):
                break
        else:
            return
        places = [(f"{name}'s hand", dealt.at.get(seat, where) if dealt.present[seat] else where, dealt.hands[seat])
                  for seat, name in enumerate(self.players)]
        for c, at, named in cards_over(places, lambda c: pack[c]):
            self.report(R.PACK, f"{what}: {c} dealt more often than the pack holds ({pack[c]}): {named}", where=at)

    def doubles(self, dealt: Dealt, declared: frozenset[int], *, redeal: bool, where: Position,
                late: frozenset[int] = frozenset()) -> None:
        """VZ-2.8: every declaration true and, in the deal that stands, every
        three-doubles hand declared (in a redealt deal a missed declaration
        changed nothing: the cards were dealt again anyway)."""
        uses = self.options.uses_doubles(self.n)
        for seat, name in enumerate(self.players):
            count = count_doubles(dealt.hands[seat], jokers=self.options.doubles_include_jokers) if uses else 0
            if seat in declared and count < 3:
                why = "there are no doubles with one pack" if not uses else f"only {count} double(s)"
                self.report(R.DOUBLES, f"{name} declared three doubles, but {why}", where=where, player=seat)
            elif not redeal and seat not in declared and seat not in late and count >= 3:
                self.report(R.DOUBLES, f"{name} was dealt {count} doubles and did not declare them before the"
                                       " negative joker was turned; the game is replayed as dealt",
                            where=dealt.at.get(seat, where), player=seat)


def check_deal(options: VazhushalOptions, record: DealRecord, *, players: tuple[str, ...],
               previous_dealer: int | None, late_declarers: frozenset[int] = frozenset()) -> Setup:
    """Every setup problem of one game, and the position it leaves."""
    quick = _clean_setup(options, record, n=len(players), previous_dealer=previous_dealer)
    if quick is not None:
        return quick
    return _checked_setup(options, record, players=players, previous_dealer=previous_dealer,
                          late_declarers=late_declarers)


_RETURN_PRINTED, _LEFT_MUST_TAKE = NoPureSequence.RETURN_PRINTED, NoPureSequence.LEFT_MUST_TAKE  # (globals: cheaper)


def _clean_setup(options: VazhushalOptions, record: DealRecord, *, n: int,
                 previous_dealer: int | None) -> Setup | None:
    """The setup of a deal with no problem, made in a few steps (the deal
    check of nearly every deal); None when anything may be wrong or asks
    for more than that (a redeal, a missing or short hand, possible doubles,
    a negative joker against the option, a card over the pack's count, a
    returned first card, a printed joker first under return_printed): then
    `_checked_setup` judges the deal (tests/vazhushal/test_vazhushal_deal_fast.py
    compares the two)."""
    dealt = record.dealt
    hands = dealt.hands
    first = record.first
    if record.redeals or False in dealt.present or len(first) != 1 \
            or (previous_dealer is not None and record.dealer != (previous_dealer + 1) % n):
        return None
    doubles = options.uses_doubles(n)
    for hand in hands:  # (a loop: a generator costs more on a few hands)
        # a hand of k distinct cards holds at most 13 - k doubles: fewer than three is no finding
        if len(hand) != HAND_SIZE or doubles and HAND_SIZE - len(set(hand)) >= 3:
            return None
    negative = record.negative
    if (negative is not None) != options.negative_joker:
        return None
    card = first[0]
    rule = options.first_joker_no_pure_sequence
    if rule is _RETURN_PRINTED and card is JOKER:
        return None
    # the stock: the pack less every dealt card, the negative joker and the first card, in the
    # pack's order (as `_left` and `_checked_setup` leave it); a card the pack has no copy left
    # of is a problem for the full check
    left = dict(_pack(options, n))
    try:
        for cards in (*hands, (card,) if negative is None else (negative, card)):
            for c in cards:
                k = left[c]
                if k > 1:
                    left[c] = k - 1
                else:
                    del left[c]
    except KeyError:
        return None
    stock: Counter[Card] = Counter.__new__(Counter)  # (Counter's own __init__ is Python code)
    dict.update(stock, left)
    size = sum(left.values())
    wild = _wild(options, negative)
    bottom_joker = wild.is_wild(card)
    forced = rule is _LEFT_MUST_TAKE and bottom_joker and not any(has_pure_run(hand) for hand in hands)
    return Setup(findings=(), wild=wild, negative=negative, first=card, stock=stock, stock_size=size,
                 bottom_joker=bottom_joker,
                 forced_take=forced)


def _checked_setup(options: VazhushalOptions, record: DealRecord, *, players: tuple[str, ...],
                   previous_dealer: int | None, late_declarers: frozenset[int] = frozenset()) -> Setup:
    """`check_deal` in full: every check made and every problem reported."""
    check = _Checker(options, record, players=players)
    at = record.at
    n = len(players)
    if previous_dealer is not None and record.dealer != (previous_dealer + 1) % n:
        expected = players[(previous_dealer + 1) % n]
        check.report(R.DEALER, f"{players[record.dealer]} deals, but the deal passes left to {expected}",
                     where=at.get("dealer"))
    for number, redeal in enumerate(record.redeals, start=1):
        what = f"redealt deal {number}"
        check.hands(redeal.dealt, where=redeal.at, what=what)
        check.doubles(redeal.dealt, frozenset(redeal.declared), redeal=True, where=redeal.at)
    hands_at = at.get("hands") or at["deal"]  # as `report` falls back
    used = check.hands(record.dealt, where=hands_at, what="the deal")
    check.doubles(record.dealt, frozenset(), redeal=False, where=hands_at, late=late_declarers)

    negative = record.negative
    if options.negative_joker and negative is None:
        check.report(R.NEGATIVE_JOKER, "no negative joker recorded, but negative_joker is on;"
                                       " the game is replayed with only printed jokers wild", where=at.get("negative"))
    if not options.negative_joker and negative is not None:
        check.report(R.NO_NEGATIVE, f"negative_joker is off, but {negative} is recorded as the negative joker;"
                                    " it is read as an ordinary stock card", where=at.get("negative"))
        negative = None
    wild = wild_rule(negative, options)
    if negative is not None:
        used[negative] += 1
        if used[negative] > check.pack[negative] >= used[negative] - 1:
            check.report(R.PACK, f"the negative joker {negative}: more copies than the pack holds",
                         where=at.get("negative"))
    stock = _left(check.pack, used)

    rule = options.first_joker_no_pure_sequence
    # whether a dealt hand holds a pure sequence: only the rules other than `none` ask
    any_pure = rule is not NoPureSequence.NONE and any(has_pure_run(hand) for hand in record.dealt.hands)
    where = at.get("first")
    *returned, first = record.first
    for i, card in enumerate(record.first):
        if not stock.get(card):
            check.report(R.PACK, f"the first line card {card} is not left in the stock", where=where)
        else:
            stock[card] -= 1
        if i < len(returned):
            stock[card] = stock.get(card, 0) + 1  # shuffled back into the stock (VZ-10.5)
    for card in returned:
        if rule is not NoPureSequence.RETURN_PRINTED:
            check.report(R.FIRST_CARD, f"{card} was put back as the first line card; only"
                                       " first_joker_no_pure_sequence=return_printed allows that", where=where)
        elif card is not JOKER:
            check.report(R.JOKER_RETURNED, f"{card} was put back, but only a printed joker is returned", where=where)
        elif any_pure:
            check.report(R.JOKER_RETURNED, f"{card} was put back, but a dealt hand holds a pure sequence", where=where)
    if rule is NoPureSequence.RETURN_PRINTED and first is JOKER and not any_pure:
        check.report(R.JOKER_RETURNED, "the first line card is a printed joker and no dealt hand holds a pure"
                                       " sequence: it must go back into the stock", where=where)
    left: Counter[Card] = Counter()
    dict.update(left, {c: k for c, k in stock.items() if k > 0})  # `+stock`, at C speed
    bottom_joker = wild.is_wild(first)
    forced = rule is NoPureSequence.LEFT_MUST_TAKE and bottom_joker and not any_pure
    return Setup(findings=tuple(check.findings), wild=wild, negative=negative, first=first, stock=left,
                 stock_size=sum(left.values()),
                 bottom_joker=bottom_joker, forced_take=forced)


def setup_from(options: VazhushalOptions, *, negative: Card | None, first: Card, stock: Iterable[Card],
               any_pure: bool = True) -> Setup:
    """A setup built directly (for mid-game positions and tests)."""
    wild = wild_rule(negative, options)
    bottom_joker = wild.is_wild(first)
    forced = (options.first_joker_no_pure_sequence is NoPureSequence.LEFT_MUST_TAKE and bottom_joker and not any_pure)
    counts = Counter(stock)
    return Setup(findings=(), wild=wild, negative=negative, first=first, stock=counts, stock_size=sum(counts.values()),
                 bottom_joker=bottom_joker, forced_take=forced)
