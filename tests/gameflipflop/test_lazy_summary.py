"""A deal's lines and data (`DealSummary`) are written when first read, after
the whole session has been judged: they must equal the plain `deal_summary`
of the same deal written at the moment it closed, over seeded sessions of
every preset and option set, broken copies (deals not settled, not
replayed) and sessions in progress (a paused last deal)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from referee.check import check_text
from referee.games.base import DealOutcome
from referee.games.gameflipflop import session as session_module
from referee.games.gameflipflop.summary import DealSummary, deal_summary
from referee.rulesets import presets
from referee.writer import dump_yaml

from .test_properties import OPTION_SETS, session

SEEDS = range(2 * len(OPTION_SETS))


def _texts(seed: int) -> list[tuple[str, bool]]:
    """A seeded session, a broken copy (a move dropped in a middle deal) and a cut copy in progress."""
    _, _, _, data = session(seed)
    rng = random.Random(seed)
    broken = copy.deepcopy(data)
    deal = broken["deals"][len(broken["deals"]) // 2]
    if deal.get("moves"):
        del deal["moves"][rng.randrange(len(deal["moves"]))]
    cut = copy.deepcopy(data)
    last = cut["deals"][-1]
    if last.get("moves"):
        last["moves"] = last["moves"][:len(last["moves"]) // 2]
        last.pop("claims", None)
    cut.pop("claims", None)
    return [(dump_yaml(data), False), (dump_yaml(broken), False), (dump_yaml(cut), True)]


@pytest.fixture
def eager(monkeypatch):
    """Each DealSummary made by the session, with its plain summary written at once."""
    made: list[tuple[DealSummary, tuple]] = []

    def making(report, names):
        outcome = DealSummary(report, names)
        made.append((outcome, deal_summary(report, names)))
        return outcome

    monkeypatch.setattr(session_module, "DealSummary", making)
    return made


def test_the_default_preset_is_the_one_simulated():
    assert [p.name for p in presets("game-flip-flop")] == ["dayton"]  # session() plays dayton


@pytest.mark.parametrize("seed", SEEDS)
def test_lazy_deal_summaries_equal_the_plain_ones_written_at_close(seed, eager):
    kinds = set()
    for text, in_progress in _texts(seed):
        eager.clear()
        report = check_text(text, in_progress=in_progress)
        assert report.deals, seed
        for outcome, (lines, data) in eager:
            assert outcome.lines == lines and outcome.data == data, (seed, outcome.number)
            kinds.add((outcome.settled, data["replayed"]))
        for outcome in report.deals:  # the outcomes reported (a paused one is rebuilt from its summary)
            if isinstance(outcome, DealSummary):
                assert outcome == outcome.plain() and outcome.plain() == outcome
                again = pickle.loads(pickle.dumps(outcome))
                assert type(again) is DealOutcome and again == outcome
                assert copy.copy(outcome) == outcome
    assert (True, True) in kinds, seed


def test_the_broken_copies_reach_deals_not_settled_and_not_replayed(eager):
    kinds = set()
    for seed in SEEDS:
        for text, in_progress in _texts(seed):
            eager.clear()
            check_text(text, in_progress=in_progress)
            kinds |= {(outcome.settled, data["replayed"]) for outcome, (_, data) in eager}
    assert kinds == {(True, True), (False, True), (False, False)}
