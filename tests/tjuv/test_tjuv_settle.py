"""Scoring (tjuv.md section 5): counts, joint winners, ranking, the next
dealer and its tie-break (V29), sessions, and the notes of TJ-4.4 and
TJ-10.5."""

from __future__ import annotations

import pytest

from referee.games.tjuv import rules as R
from referee.games.tjuv.settle import places_of, score_deal
from referee.report import Status

from tests.tjuv.tjuv_support import check, generated, where


def test_places_share_equal_counts():
    assert places_of((14, 11, 11)) == (1, 2, 2)
    assert places_of((9, 6, 15, 6)) == (2, 3, 1, 3)
    assert places_of((18, 18)) == (1, 1)


def session(seed: int, *, deals: int = 2, players: int = 3, overrides: dict | None = None):
    return generated(players=players, seed=seed, deals=deals, overrides=overrides)


def test_v29_next_dealer_not_among_the_fewest():
    for seed in range(10):
        data, deals = session(seed)
        score = deals[0].score
        wrong = next(s for s in range(3) if s not in score.fewest)
        data["deals"][1]["dealer"] = data["players"][wrong]
        found = where(check(data))
        assert found[0] == (2, None, R.NEXT_DEALER), seed


def test_v29_tie_for_fewest_nearest_right_and_free():
    tried = 0
    for seed in range(200):
        data, deals = session(seed, players=4)
        score = deals[0].score
        if len(score.fewest) < 2:
            continue
        other = next(s for s in score.fewest if s != score.next_dealer)
        data["deals"][1]["dealer"] = data["players"][other]
        found = where(check(data))
        assert found[0] == (2, None, R.TIE_BREAK), seed
        data["options"] = {"dealer_tie_break": "free"}
        assert (2, None, R.TIE_BREAK) not in where(check(data)) and not any(
            w[:2] == (2, None) for w in where(check(data))), seed
        tried += 1
        if tried == 5:
            break
    assert tried == 5


def test_next_dealer_is_a_note_when_the_previous_deal_is_not_settled():
    data, _ = session(3)
    moves = data["deals"][0]["moves"]
    moves[0] = moves[0].split()[0] + " pass"
    report = check(data)
    assert where(report)[0] == (1, 1, R.SEQUENCE)
    notes = [f for f in report.findings if not f.is_error]
    assert [(f.rule, f.deal) for f in notes] == [(R.ADVISORY, 2)]
    assert not report.deals[0].settled and report.deals[1].settled
    assert not report.settlement["complete"]


def test_deal_claims_ranking():
    data, deals = session(8, deals=1)
    places = deals[0].score.places
    data["deals"][0]["claims"]["ranking"] = {p: str(v) for p, v in zip(data["players"], places)}
    assert check(data).status is Status.LEGAL
    assert len(set(places)) > 1
    data["deals"][0]["claims"]["ranking"] = {p: "1" for p in data["players"]}
    assert where(check(data)) == [(1, None, R.RANKING)]


def test_missing_claims_are_a_note():
    data, _ = session(8, deals=1)
    del data["deals"][0]["claims"]
    report = check(data)
    assert report.status is Status.LEGAL
    assert [(f.rule, f.severity.value) for f in report.findings] == [(R.OUTCOME_RECORD, "note")]


@pytest.mark.parametrize("result", ["deals_won", "total_cards"])
def test_session_result(result):
    data, deals = session(11, deals=3, overrides={"session_result": result})
    report = check(data)
    assert report.status is Status.LEGAL
    settlement = report.settlement
    wins = [sum(1 for d in deals if s in d.score.winners) for s in range(3)]
    totals = [sum(d.score.counts[s] for d in deals) for s in range(3)]
    assert list(settlement["wins"].values()) == wins
    assert list(settlement["totals"].values()) == totals
    metric = wins if result == "deals_won" else totals
    assert list(settlement["ranking"].values()) == list(places_of(tuple(metric)))
    data["claims"]["totals"] = {p: str(t + (i == 0)) for i, (p, t) in enumerate(zip(data["players"], totals))}
    assert where(check(data)) == [(None, None, R.SESSION)]
    del data["claims"]
    notes = [f.rule for f in check(data).findings]
    assert notes == [R.OUTCOME_RECORD]


def test_joint_winners_every_one_wins_a_deal():
    score = score_deal((12, 12, 6, 6), dealer=0)
    assert score.winners == (0, 1)
    assert score.fewest == (2, 3) and score.next_dealer == 3


def test_settlement_data_has_no_payouts():
    data, _ = session(1, deals=1)
    report = check(data)
    assert report.settlement["payouts"] is None
    assert report.deals[0].data["status"] == "verified"
    assert sum(report.deals[0].data["counts"].values()) == 36
