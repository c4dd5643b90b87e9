"""Two shortcuts of the deal checks against the plain checks they skip: a recorded exposed card that is
one of the seat's lowest round-one cards (deal.py `_exposures`: nothing to report), and a dealer who is
the previous deal's next dealer (settle.py `check_dealer`: right under either tie-break)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from referee.findings import Finding, Severity
from referee.games.tjuv import rules as R
from referee.games.tjuv.deal import TJUV_PACK, _exposures, _lowest, _Problems
from referee.games.tjuv.options import DealerTieBreak
from referee.games.tjuv.settle import PreviousDeal, _names, check_dealer, score_deal

from .tjuv_support import generated, options, record_of

PACK = sorted(TJUV_PACK, key=lambda c: c.index)


def _plain_recorded_exposure(out: _Problems, *, seat: int, hand: tuple, given: tuple) -> None:
    """Every check of a recorded exposure, as `_exposures` makes them without its shortcut."""
    players, low = out.players, _lowest(hand)
    where = f"exposed:{seat}"
    if len(given) != 1:
        out.add(R.EXPOSE, f"{players[seat]} exposes {len(given)} cards, not exactly one", where=where, seat=seat)
    for c in given:
        if c not in hand:
            out.add(R.EXPOSE, f"{players[seat]} exposes {c}, which is not one of their round-one cards", where=where,
                    seat=seat, structural=True)
        elif c.rank != low:
            lower = ", ".join(str(x) for x in hand if x.rank == low)
            out.add(R.EXPOSE, f"{players[seat]} exposes {c} but holds a lower card ({lower})", where=where, seat=seat)
    if len(given) > 1 and len(set(given)) != len(given):
        out.add(R.EXPOSE, f"{players[seat]} exposes the same card twice", where=where, seat=seat, structural=True)


def _found(out: _Problems) -> list[tuple]:
    return [(f.rule, f.line, f.column, f.player, f.message.split(" (")[0]) for f in out.findings]


@pytest.mark.parametrize("seed", range(80))
def test_recorded_exposures_are_checked_as_the_plain_checks_check_them(seed):
    rng = random.Random(seed)
    data, _ = generated(players=4, seed=seed % 5, deals=1)
    deal = record_of(data).deals[0]
    cards = rng.sample(PACK, 12)
    round_one = {s: tuple(cards[3 * s: 3 * s + rng.choice([3, 3, 3, 2, 1])]) for s in range(4)}
    exposed = {}
    for s, hand in round_one.items():
        low = _lowest(hand)
        lowest = [c for c in hand if c.rank == low]
        exposed[s] = rng.choice([(lowest[0],), (lowest[0],), (rng.choice(hand),), (rng.choice(cards),),
                                 (rng.choice(PACK),), (), (lowest[0], rng.choice(hand)), (lowest[0], lowest[0])])
    record = replace(deal, round_one=round_one, exposed=exposed)
    fast, plain = _Problems(record, record_of(data).players), _Problems(record, record_of(data).players)
    assert _exposures(fast, record, n=4) == exposed
    for s in range(4):
        _plain_recorded_exposure(plain, seat=s, hand=round_one[s], given=exposed[s])
    assert _found(fast) == _found(plain) and fast.structural == plain.structural


def _plain_dealer(options_, players, *, record, previous) -> list[Finding]:
    """`check_dealer` without its shortcut."""
    if record.dealer is None:
        return []
    line, column = record.at.get("dealer", record.at["deal"])
    dealer = players[record.dealer]
    score = previous.score
    if score is None:
        return [Finding(rule=R.ADVISORY, severity=Severity.NOTE, deal=record.number, line=line, column=column,
                        message=f"the dealer ({dealer}) cannot be checked: deal {previous.number} was not settled")]
    if record.dealer not in score.fewest:
        low = score.counts[score.fewest[0]]
        return [Finding(rule=R.NEXT_DEALER, deal=record.number, line=line, column=column, player=dealer,
                        message=f"{dealer} deals, but the fewest cards in deal {previous.number} ({low}) were"
                        f" {_names(players, score.fewest)}'s")]
    if options_.dealer_tie_break is DealerTieBreak.NEAREST_RIGHT and record.dealer != score.next_dealer:
        return [Finding(rule=R.TIE_BREAK, deal=record.number, line=line, column=column, player=dealer,
                        message=f"{_names(players, score.fewest)} tie for fewest cards; the nearest to the right of"
                        f" the dealer, {players[score.next_dealer]}, deals next, not {dealer}")]
    return []


@pytest.mark.parametrize("seed", range(60))
def test_the_dealer_check_matches_the_plain_check(seed):
    rng = random.Random(seed)
    n = rng.randrange(2, 6)
    data, _ = generated(players=n, seed=seed % 4, deals=2)
    record = record_of(data)
    deal = record.deals[1]
    for tie_break in ("nearest_right", "free"):
        opts = options(dealer_tie_break=tie_break)
        for _ in range(5):
            cuts = sorted(rng.choice([rng.randrange(37), 12, 18]) for _ in range(n - 1))  # ties often
            counts = tuple(b - a for a, b in zip([0, *cuts], [*cuts, 36]))
            score = None if rng.random() < 0.15 else score_deal(counts, rng.randrange(n))
            previous = PreviousDeal(number=1, dealer=rng.randrange(n), score=score)
            for dealer in (*range(n), None):
                shown = replace(deal, dealer=dealer)
                assert (check_dealer(opts, record.players, record=shown, previous=previous)
                        == _plain_dealer(opts, record.players, record=shown, previous=previous))
