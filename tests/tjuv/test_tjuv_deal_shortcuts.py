"""The deal check's shortcuts (deal.py) against the plain computations they stand for: the exposed
cards in dealing order handed to `starting_position` instead of gathered again, and the talon order's
removed-at-bottom test skipped when nothing was removed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import referee.games.tjuv.deal as deal_module
from referee.games.tjuv import rules as R
from referee.games.tjuv.deal import TJUV_PACK, _check_talon_order, _Problems

from .tjuv_support import generated, options, record_of


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_shown_cards_given_make_the_same_starting_position(monkeypatch, players):
    real = deal_module.starting_position
    given = []

    def both(**kwargs):
        fast = real(**kwargs)
        assert fast == real(**{k: v for k, v in kwargs.items() if k != "shown"})
        given.append(kwargs.get("shown") is not None)
        return fast

    monkeypatch.setattr(deal_module, "starting_position", both)
    for seed in range(4):
        data, _ = generated(players=players, seed=seed, deals=2)
        record = record_of(data)
        for deal in record.deals:
            given.clear()  # (the generator calls it too, without `shown`)
            check = deal_module.check_deal(options(), record.players, record=deal)
            assert check.start is not None and given == [True]


def _plain_talon_findings(order, removed):
    m = sum(1 for c in order if c in removed)
    return [c for c in order[: len(order) - m] if c in removed]


@pytest.mark.parametrize("seed", range(60))
def test_the_talon_order_check_matches_the_plain_path(seed):
    rng = random.Random(seed)
    cards = list(TJUV_PACK)
    rng.shuffle(cards)
    order = tuple(cards[: rng.randrange(0, 20)])
    removed = set(rng.sample(order, rng.randrange(0, min(3, len(order)) + 1))) if rng.random() < 0.7 else set()
    if removed and rng.random() < 0.5:  # removed cards at the bottom, as they should be
        order = tuple([c for c in order if c not in removed] + [c for c in order if c in removed])
    data, _ = generated(players=3, seed=1)
    record = record_of(data)
    out = _Problems(record.deals[0], record.players)
    _check_talon_order(out, order, rest=Counter(order), removed=removed)
    expected = [R.REMOVED_AT_BOTTOM] if _plain_talon_findings(order, removed) else []
    assert [f.rule for f in out.findings] == expected
