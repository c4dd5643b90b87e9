"""Seeded random sessions: legal ones replay with zero findings and zero-sum
tables under option combinations, and broken copies are caught with the
right rule and move index. (Cards kept after every move: tests/conformance.)

REFEREE_PROPERTY_GAMES sets how many sessions the clean-replay test plays
(default 60; the acceptance figure is 1000).
"""

from __future__ import annotations

import os
import random
from fractions import Fraction

import pytest

from referee.check import check_text
from referee.games.gameflipflop.engine import Deal
from referee.games.gameflipflop.melds import hand_total, partner
from referee.games.gameflipflop.moves import Declare, Draw, Source
from referee.games.gameflipflop.options import FlipFlopOptions
from referee.games.gameflipflop.pots import PotKind
from referee.games.gameflipflop.simulate import NAMES, generate, transcript_data
from referee.rulesets import resolve
from referee.writer import dump_yaml

GAMES = int(os.environ.get("REFEREE_PROPERTY_GAMES", "60"))
OPTION_SETS = [{}, {"split_rounding": "cents", "stake": "0.25"}, {"reserve_rule": "off"},
               {"flop_carry_ante": "double"}, {"stock_end": "at_draw"}, {"declare_window": "before_play"},
               {"flip_flop_show": "automatic"}, {"retake_discard": "forbidden"}, {"allow_drop": "off"},
               {"unwon_pot_at_end": "report"}, {"all_in_split_survives": "off", "on_illegal": "continue"},
               {"allow_49_50": "off"}, {"stake": "1/3"}]


def session(seed: int):
    overrides = OPTION_SETS[seed % len(OPTION_SETS)]
    options = FlipFlopOptions.from_values(resolve("game-flip-flop", "dayton", overrides).values)
    players = NAMES[:3 + seed % 3]
    generated = generate(options=options, players=players, seed=seed)
    data = transcript_data(preset="dayton", overrides=overrides, players=players, session=generated)
    if "stake" in overrides:
        data["stake"] = overrides["stake"]
    return options, players, generated, data


def test_random_sessions_replay_clean_and_sum_to_zero():
    for seed in range(GAMES):
        _, _, generated, data = session(seed)
        assert 5 <= len(data["deals"]) <= 20 or len(data["deals"]) < 5  # fewer only when players ran out
        report = check_text(dump_yaml(data), name=f"seed-{seed}")
        assert report.exit_code == 0, (seed, [f.to_data() for f in report.findings][:3])
        for deal in report.deals:
            total = sum(Fraction(row["total"]) for row in deal.data["net"].values())
            assert total + Fraction(deal.data["carried"]["change"]) == 0
        carried = report.settlement["carried_pots"]
        assert sum(map(Fraction, report.settlement["net"].values())) + Fraction(carried["flip"]) \
            + Fraction(carried["flop"]) == 0


def _replayed_until(options, players, deal, index: int) -> Deal:
    money = deal.money
    state = Deal(options=options, names=players, order=deal.order, hands=deal.hands, flip_card=deal.flip_card,
                 eligible_flip=[s for s in deal.order if PotKind.FLIP in money.antes[s]],
                 eligible_flop=[s for s in deal.order if PotKind.FLOP in money.antes[s]])
    for move in deal.moves[:index - 1]:
        state.apply(move)
    return state


def _broken(seed: int, kind: str):
    """A broken copy of a stop-mode session: (data, expected (deal, move, rule) set) or None."""
    options, players, generated, data = session(seed * len(OPTION_SETS))  # option set 0: dayton defaults
    rng = random.Random(seed)
    deals = [d for d in generated.deals if not d.outcome_only]
    if not deals:
        return None
    deal = rng.choice(deals)
    moves = list(data["deals"][deal.number - 1]["moves"])
    texts = [m.split() for m in moves]
    if kind == "stock-card-not-in-stock":
        choices = [i for i, m in enumerate(deal.moves, 1) if isinstance(m, Draw) and m.source is Source.STOCK]
        i = rng.choice(choices)
        other = next(s for s in deal.order if s != deal.moves[i - 1].player)
        moves[i - 1] = f"{players[deal.moves[i - 1].player]} draw stock {deal.hands[other][0]}"
        expected = {(deal.number, i, "GFF-7.3")}
    elif kind == "discard-not-held":
        choices = [i for i, t in enumerate(texts, 1) if t[1] == "discard"]
        if not choices:
            return None
        i = rng.choice(choices)
        state = _replayed_until(options, players, deal, i)
        card = min(state.stock, key=lambda c: c.index)
        moves[i - 1] = f"{texts[i - 1][0]} discard {card}"
        expected = {(deal.number, i, "GFF-7.15")}
    elif kind == "late-declaration":
        choices = [i for i, t in enumerate(texts, 1) if t[1] == "draw"]
        i = rng.choice(choices) + 1
        seat = deal.moves[i - 2].player
        moves.insert(i - 1, f"{players[seat]} declare 50")
        expected = {(deal.number, i, "GFF-5.2"), (deal.number, i, "GFF-5.3")}
        if hand_total(deal.hands[seat]) not in (49, 50):
            expected.add((deal.number, i, "GFF-5.4"))
    elif kind == "drop-after-draw":
        choices = [i for i, t in enumerate(texts, 1) if t[1] == "draw"]
        i = rng.choice(choices) + 1
        moves.insert(i - 1, f"{texts[i - 2][0]} drop")
        expected = {(deal.number, i, "GFF-8.8")}
    elif kind == "show-out-of-order":
        second = deal.order[1]
        card = deal.hands[second][0]
        moves.insert(0, f"{players[second]} show {card}")
        early_flop = second == deal.dealer and card.suit is partner(deal.flip_card.suit)  # a two-player deal: the dealer is second
        expected = "GFF-6.6" if early_flop else "GFF-6.4"  # at move 1, perhaps with 6.5 / 6.7 for the same show
    else:
        raise AssertionError(kind)
    data["deals"][deal.number - 1]["moves"] = moves
    return data, expected, deal.number


@pytest.mark.parametrize("kind", ["stock-card-not-in-stock", "discard-not-held", "late-declaration",
                                  "drop-after-draw", "show-out-of-order"])
def test_broken_copies_are_caught_with_rule_and_index(kind):
    tried = 0
    for seed in range(12):
        made = _broken(seed, kind)
        if made is None:
            continue
        data, expected, number = made
        report = check_text(dump_yaml(data), name=f"broken-{seed}")
        found = {f.where for f in report.findings}
        if kind == "show-out-of-order":
            assert (number, 1, expected) in found
            assert {w[:2] for w in found} == {(number, 1)}
        else:
            assert found == expected, (seed, [f.to_data() for f in report.findings])
        assert not report.deals[number - 1].settled
        assert all(not d.settled for d in report.deals[number:])
        tried += 1
    assert tried >= 8
