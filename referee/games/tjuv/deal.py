"""Checking a deal record (tjuv.md section 2 and TJ-10.2) and building the
starting position it describes (TJ-2.13).

Every problem is a finding of the rule it breaks. Problems that leave no
well-defined position (a card outside the pack or in two places, a part of
the record that is missing and cannot be derived) are "structural": the
deal cannot be replayed even under on_violation=continue.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, filterfalse

from ...cards import Card, format_cards, standard_pack
from ...findings import Finding, Severity
from ...frozen import frozen
from . import rules as R
from .options import ExcessRemoval, TjuvOptions
from .record import DealRecord, Position
from .talon import Talon

__all__ = ["TJUV_PACK", "in_pack", "StartingPosition", "DealCheck", "check_setup", "check_deal",
           "highest_removal", "stock_above_removed", "dealing_order", "starting_position", "MIN_PLAYERS",
           "MAX_PLAYERS"]

TJUV_PACK: Counter[Card] = standard_pack(lowest=6)
_PACK = frozenset(TJUV_PACK)
_UNDEALT = dict.fromkeys(TJUV_PACK, 1)
_ONE = frozenset([1])  # the stock before any card is dealt, in pack order
MIN_PLAYERS, MAX_PLAYERS = 2, 11
ADVISORY_FROM = 5


def in_pack(card: Card) -> bool:
    """TJ-2.1: ranks 6 to A of the four suits; no 2 to 5, no joker."""
    return not card.is_joker and card.rank >= 6


def dealing_order(dealer: int, n: int) -> list[int]:
    """Seats from the dealer's left round to the dealer (TJ-2.10, A9)."""
    if 0 <= dealer < n:  # (a seat: the same list, without a loop)
        return [*range(dealer + 1, n), *range(dealer + 1)]
    return [(dealer + k) % n for k in range(1, n + 1)]


def stock_above_removed(n: int) -> int:
    """Undealt stock cards lying above the removed cards after round one."""
    return 36 - 3 * n


def highest_removal(exposed: list[Card], count: int) -> tuple[Card, ...] | None:
    """The `count` exposed cards `highest` removes, or None when equal ranks
    straddle the cut (the dealer's choice must then be recorded)."""
    if count <= 0:
        return ()
    if count > len(exposed):
        return None
    ranked = sorted(exposed, key=lambda c: (-c.rank, c.index))
    if count < len(ranked) and ranked[count - 1].rank == ranked[count].rank:
        return None
    return tuple(ranked[:count])


@frozen(slots=True)
class StartingPosition:
    """TJ-2.13: hands, table cards and talon after the deal."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    removed: tuple[Card, ...]
    talon_order: tuple[Card, ...] | None
    upper: tuple[Card, ...]  # talon cards above the removed ones (order unknown)
    bottom: tuple[Card, ...]  # removed cards still in the talon

    def talon(self) -> Talon:
        if self.talon_order is not None:
            return Talon(order=self.talon_order)
        return Talon(upper=self.upper, bottom=self.bottom)


@frozen(slots=True)
class DealCheck:
    findings: tuple[Finding, ...]
    start: StartingPosition | None  # None: the record describes no position

    @property
    def clean(self) -> bool:
        return not any(f.is_error for f in self.findings)


def check_setup(options: TjuvOptions, players: tuple[str, ...], *, at: Position) -> list[Finding]:
    """TJ-2.3: the number of seats (a finding stops every deal), and the
    advisory note for five or more players (TJ-4.4)."""
    n = len(players)
    line, column = at
    found = []
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        found.append(Finding(rule=R.PLAYERS, message=f"{n} seat(s); Tjuv takes 2 to 11 players; nothing is replayed",
                             line=line, column=column, stops_deal=True))
    if options.players is not None and options.players != n:
        found.append(Finding(rule=R.PLAYERS, message=f"option players={options.players} but the transcript seats {n};"
                             " nothing is replayed", line=line, column=column, stops_deal=True))
    if not found and n >= ADVISORY_FROM:
        found.append(Finding(rule=R.ADVISORY, severity=Severity.NOTE, line=line, column=column,
                             message=f"{n} players: the source warns the game gets unwieldy with 5 or more"))
    return found


class _Problems:
    def __init__(self, record: DealRecord, players: tuple[str, ...]) -> None:
        self.record = record
        self.players = players
        self.findings: list[Finding] = []
        self.structural = False

    def add(self, rule: str, message: str, *, where: str, seat: int | None = None, structural: bool = False) -> None:
        at = self.record.at
        line, column = at.get(where) or at.get(where.split(":")[0]) or at["deal"]
        self.findings.append(Finding(rule=rule, message=message, deal=self.record.number, line=line, column=column,
                                     player=None if seat is None else self.players[seat]))
        self.structural = self.structural or structural

    def result(self, start: StartingPosition | None) -> DealCheck:
        return DealCheck(tuple(self.findings), None if self.structural else start)


def _lowest(hand: tuple[Card, ...]) -> int | None:
    low = None  # (a loop: cheaper than min() on three cards)
    for c in hand:
        if low is None or c.rank < low:
            low = c.rank
    return low


def starting_position(*, dealer: int, round_one: list[tuple[Card, ...]], exposed: list[tuple[Card, ...]],
                      extra: tuple[Card, ...], removed: tuple[Card, ...], round_two: list[tuple[Card, ...]],
                      rest: Counter[Card], talon_order: tuple[Card, ...] | None,
                      shown: list[Card] | None = None) -> StartingPosition:
    """TJ-2.13 from a deal's parts (by seat): hands are round one less the
    exposed card plus round two; the table is the exposed cards in dealing
    order less the removed ones, then the extra card; `rest` is the talon. `shown`, when given, is
    those exposed cards in dealing order, as the deal check has them already."""
    n = len(round_one)
    if shown is None:
        shown = [c for seat in dealing_order(dealer, n) for c in exposed[seat]]
    if removed:
        left = list(removed)
        kept = []
        for c in shown:
            if c in left:
                left.remove(c)
            else:
                kept.append(c)
    else:
        kept = shown
    hands = []
    for seat in range(n):
        hand = list(round_one[seat])
        for c in exposed[seat]:
            if c in hand:
                hand.remove(c)
        hands.append((*hand, *round_two[seat]))
    talon = list(rest) if _ONE.issuperset(rest.values()) else list(rest.elements())  # (each card once: its keys)
    if removed:
        removed_set = set(removed).__contains__
        upper, bottom = tuple(filterfalse(removed_set, talon)), tuple(filter(removed_set, talon))
    else:
        upper, bottom = tuple(talon), ()
    # dealer, hands, table, removed, talon_order, upper, bottom (by position: a keyword costs more)
    return StartingPosition(dealer, tuple(hands), (*kept, *extra), tuple(removed), talon_order, upper, bottom)


def check_deal(options: TjuvOptions, players: tuple[str, ...], *, record: DealRecord) -> DealCheck:
    """Every problem of one deal record, and its starting position."""
    n = len(players)
    out = _Problems(record, players)
    if record.dealer is None:
        out.add(R.HEADER, "the deal names no dealer", where="deal", structural=True)
    if record.round_one is None:
        out.add(R.MISSING_DATA, "the round-one cards are not recorded (round_one)", where="deal", structural=True)
    if record.round_two is None:
        out.add(R.MISSING_DATA, "the round-two cards are not recorded (round_two)", where="deal", structural=True)
    if out.structural:
        return out.result(None)
    dealer, round_one, round_two = record.dealer, record.round_one, record.round_two
    assert dealer is not None and round_one is not None and round_two is not None, "structural when missing"
    _check_cards(out, record)
    if out.structural:
        return out.result(None)

    for seat in range(n):
        dealt = len(round_one.get(seat, ()))
        if dealt != 3:
            out.add(R.ROUND_ONE, f"{players[seat]} is dealt {dealt} card(s) in round one, not 3",
                    where=f"round_one:{seat}", seat=seat)
    exposed = _exposures(out, record, n=n)
    if out.structural:
        return out.result(None)
    order = dealing_order(dealer, n)
    shown = [c for seat in order for c in exposed[seat]]
    removed = _adjustment(out, options, record=record, n=n, shown=shown)
    if out.structural:
        return out.result(None)
    removed_set = set(removed)
    rest = _round_two(out, record, order=order, removed=removed)  # the talon's cards
    if out.structural:
        return out.result(None)
    talon_order = record.talon
    if talon_order is not None:
        _check_talon_order(out, talon_order, rest=rest, removed=removed_set)
    ones, shows, twos = [], [], []  # by seat (one loop, not three list comprehensions)
    for s in range(n):
        ones.append(round_one.get(s, ()))
        shows.append(exposed[s])
        twos.append(round_two.get(s, ()))
    start = starting_position(dealer=dealer, round_one=ones, exposed=shows, extra=record.extra or (),
                              removed=removed, round_two=twos, rest=rest, talon_order=talon_order, shown=shown)
    return out.result(start)


def _round_two(out: _Problems, record: DealRecord, *, order: list[int], removed: tuple[Card, ...]) -> Counter[Card]:
    """TJ-2.10, TJ-2.12: one card each from the stock, no removed card while
    stock cards lay above it; returns what is left undealt (the talon), in
    pack order then the removed cards, none with a count of 0.
    Round one and the extra card are known to be pack cards, none twice."""
    players, n = out.players, len(order)
    stock = _UNDEALT.copy()  # undealt after the adjustment: the pack less round one and the extra card ...
    for c in _initial(record):
        del stock[c]
    for c in removed:  # ... and the removed cards beneath it
        stock[c] = stock.get(c, 0) + 1
    round_two = record.round_two
    assert round_two is not None, "checked by check_deal"
    for k, seat in enumerate(order, 1):
        got = round_two.get(seat, ())
        if len(got) != 1:
            out.add(R.ROUND_TWO, f"{players[seat]} is dealt {len(got)} card(s) in round two, not 1",
                    where=f"round_two:{seat}", seat=seat)
        for c in got:
            left = stock.get(c, 0) - 1
            if left < 0:
                out.add(R.PACK, f"{c}, dealt to {players[seat]} in round two, is already dealt or on the table",
                        where=f"round_two:{seat}", seat=seat, structural=True)
                continue
            if left:
                stock[c] = left
            else:
                del stock[c]
            if c in removed and k <= stock_above_removed(n):
                out.add(R.REMOVED_AT_BOTTOM, f"{c}, a removed card, is dealt to {players[seat]} in round two while"
                        " stock cards lay above it", where=f"round_two:{seat}", seat=record.dealer)
    return _counter(stock)


def _counter(counts: dict[Card, int]) -> Counter[Card]:
    """A Counter holding `counts` (made without Counter's per-key loop)."""
    made: Counter[Card] = Counter()
    dict.update(made, counts)
    return made


def _check_cards(out: _Problems, record: DealRecord) -> None:
    """TJ-2.1: every card of the pack, and none twice."""
    first: list[Card] = list(chain.from_iterable((record.round_one or {}).values()))
    first += record.extra or ()
    pack = _PACK.issuperset
    if (pack(first) and len(set(first)) == len(first) and pack(chain.from_iterable((record.exposed or {}).values()))
            and pack(chain.from_iterable((record.round_two or {}).values()))
            and pack(record.removed or ()) and pack(record.talon or ())):
        return  # (the common record: the checks below find nothing)
    _card_problems(out, record)


def _card_problems(out: _Problems, record: DealRecord) -> None:
    """`_check_cards` of a record with a problem: each one found and placed."""
    players = out.players
    listed: list[tuple[str, str, tuple[Card, ...]]] = []
    for key, label in (("round_one", "round one"), ("exposed", "the exposed cards"), ("round_two", "round two")):
        for seat, cards in (getattr(record, key) or {}).items():
            listed.append((f"{key}:{seat}", f"{label} of {players[seat]}", cards))
    for key, label in (("extra", "the extra table card"), ("removed", "the removed cards"), ("talon", "the talon")):
        cards = getattr(record, key)
        if cards is not None:
            listed.append((key, label, cards))
    for where, label, cards in listed:
        if _PACK.issuperset(cards):
            continue
        for c in cards:
            if not in_pack(c):
                out.add(R.PACK, f"{c} in {label} is not a card of Tjuv's 36-card pack (6 to A)", where=where,
                        structural=True)
    # exposed and removed cards repeat round-one cards; round two and the talon come later
    first = [entry for entry in listed if entry[0].startswith("round_one") or entry[0] == "extra"]
    dealt = [c for _, _, cards in first for c in cards]
    if len(set(dealt)) == len(dealt):
        return
    places: dict[Card, list[tuple[str, str]]] = {}
    for where, label, cards in first:
        for c in cards:
            places.setdefault(c, []).append((label, where))
    at = record.at
    for c, found in places.items():
        if len(found) > 1:
            lines = [(at.get(where) or at.get(where.split(":")[0]) or at["deal"])[0] for _, where in found]
            labels = " and ".join(f"{label} (line {line})" for (label, _), line in zip(found, lines))
            out.add(R.PACK, f"{c} is recorded in two places ({labels})", where=found[1][1], structural=True)


def _initial(record: DealRecord) -> set[Card]:
    """The cards of round one and the two-player extra card."""
    initial = set(record.extra or ())
    assert record.round_one is not None, "checked by check_deal"
    for cards in record.round_one.values():
        initial.update(cards)
    return initial


def _exposures(out: _Problems, record: DealRecord, *, n: int) -> dict[int, tuple[Card, ...]]:
    """TJ-2.6: one card of the lowest rank from each player's three; derived
    when the lowest rank is unique and nothing is recorded."""
    players = out.players
    exposed: dict[int, tuple[Card, ...]] = {}
    round_one = record.round_one
    assert round_one is not None, "checked by check_deal"
    recorded = record.exposed
    for seat in range(n):
        hand = round_one.get(seat, ())
        low = _lowest(hand)
        given = recorded.get(seat) if recorded is not None else None
        if given is None:
            lowest: tuple[Card, ...] = ()  # (a loop: cheaper than a generator over three cards)
            for c in hand:
                if c.rank == low:
                    lowest += (c,)
            if len(lowest) == 1:
                exposed[seat] = lowest
            elif not lowest:
                exposed[seat] = ()
                out.add(R.EXPOSE, f"{players[seat]} exposes no card", where="exposed", seat=seat)
            else:
                out.add(R.MISSING_DATA, f"which of {format_cards(lowest)} {players[seat]} exposed is not recorded",
                        where="exposed", seat=seat, structural=True)
            continue
        exposed[seat] = given
        if len(given) == 1 and given[0] in hand and given[0].rank == low:
            continue  # (the usual record: the checks below find nothing)
        where = f"exposed:{seat}"
        if len(given) != 1:
            out.add(R.EXPOSE, f"{players[seat]} exposes {len(given)} cards, not exactly one", where=where, seat=seat)
        for c in given:
            if c not in hand:
                out.add(R.EXPOSE, f"{players[seat]} exposes {c}, which is not one of their round-one cards",
                        where=where,
                        seat=seat, structural=True)
            elif c.rank != low:
                lower = format_cards(x for x in hand if x.rank == low)
                out.add(R.EXPOSE, f"{players[seat]} exposes {c} but holds a lower card ({lower})", where=where,
                        seat=seat)
        if len(given) > 1 and len(set(given)) != len(given):
            out.add(R.EXPOSE, f"{players[seat]} exposes the same card twice", where=where, seat=seat, structural=True)
    return exposed


def _adjustment(out: _Problems, options: TjuvOptions, *, record: DealRecord, n: int,
                shown: list[Card]) -> tuple[Card, ...]:
    """TJ-2.7 to TJ-2.9: the extra card (2 players) or the removed cards (4 or
    more); returns the removed cards."""
    dealer = record.dealer
    extra = record.extra or ()
    if n == 2:
        if len(extra) != 1:
            what = "no extra table card" if not extra else f"{len(extra)} extra table cards"
            out.add(R.TWO_PLAYERS, f"with two players the dealer turns exactly one extra table card, not {what}",
                    where="extra" if record.extra is not None else "deal", seat=dealer)
        if record.removed:
            out.add(R.TWO_PLAYERS, "with two players no exposed card is removed", where="removed", seat=dealer)
        return ()
    if n == 3:
        if extra:
            out.add(R.THREE_PLAYERS, f"with three players no card is added to the table ({format_cards(extra)})",
                    where="extra", seat=dealer)
        if record.removed:
            out.add(R.THREE_PLAYERS, f"with three players no card is removed from the table"
                    f" ({format_cards(record.removed)})", where="removed", seat=dealer)
        return ()
    if extra:
        out.add(R.REMOVAL, f"with {n} players no card is added to the table ({format_cards(extra)})", where="extra",
                seat=dealer)
    need = n - 3
    highest = options.excess_table_removal is ExcessRemoval.HIGHEST
    if record.removed is None:
        derived = highest_removal(shown, need) if highest else None
        if derived is None:
            out.add(R.MISSING_DATA, f"which {need} exposed card(s) the dealer removed is not recorded (removed)",
                    where="deal", seat=dealer, structural=True)
            return ()
        return derived
    removed = record.removed
    if len(removed) != need:
        out.add(R.REMOVAL, f"with {n} players the dealer removes {need} exposed card(s), not {len(removed)}",
                where="removed", seat=dealer)
    left: dict[Card, int] = {}  # the exposed cards not removed (loops: cheaper than Counter, min and max here)
    for c in shown:
        left[c] = left.get(c, 0) + 1
    for c in removed:
        if left.get(c):
            left[c] -= 1
        else:
            out.add(R.REMOVAL, f"{c} is removed but was not exposed", where="removed", seat=dealer, structural=True)
    if highest and not out.structural and removed:
        low = removed[0]  # the first of the lowest removed, and of the highest kept
        for c in removed:
            if c.rank < low.rank:
                low = c
        high = None
        for c, count in left.items():
            if count > 0 and (high is None or c.rank > high.rank):
                high = c
        if high is not None and high.rank > low.rank:
            out.add(R.REMOVAL, f"under excess_table_removal=highest {low} may not be removed while {high}"
                    " stays on the table", where="removed", seat=dealer)
    return tuple(removed)


def _check_talon_order(out: _Problems, order: tuple[Card, ...], *, rest: Counter[Card], removed: set[Card]) -> None:
    """TJ-10.2 (f): exactly the undealt cards; TJ-2.12: removed cards last."""
    written = Counter(order)
    if dict.__ne__(written, rest):  # (both hold positive counts only: dict equality is Counter equality)
        missing = format_cards(sorted((rest - written).elements(), key=lambda c: c.index))
        extra = format_cards(sorted((written - rest).elements(), key=lambda c: c.index))
        parts = ([f"missing {missing}"] if missing else []) + ([f"not undealt: {extra}"] if extra else [])
        out.add(R.DEAL_RECORD, f"the talon order must list exactly the undealt cards ({'; '.join(parts)})",
                where="talon",
                structural=True)
        return
    if not removed:
        return  # (nothing removed: no card can lie above the stock)
    m = 0
    for c in order:
        if c in removed:
            m += 1
    above = [c for c in order[: len(order) - m] if c in removed]
    if above:
        out.add(R.REMOVED_AT_BOTTOM, f"removed card(s) {format_cards(above)} lie above stock cards in the talon;"
                " removed cards go beneath the stock", where="talon", seat=out.record.dealer)
