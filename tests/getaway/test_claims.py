"""GW-4.15: claimed outcomes compared with the replay (GW-9.6 to GW-9.8)."""

from pathlib import Path

from referee.report import Status
from referee.yamldoc import load_document
from referee.writer import dump_yaml
from tests.getaway.helpers import check, rules_at

SAMPLE = Path(__file__).parents[2] / "samples" / "getaway" / "seed-000-example.yaml"


def sample_with(**claims) -> str:
    data = load_document(SAMPLE.read_text()).data
    data["deals"][0]["claims"] = {**data["deals"][0]["claims"], **claims}
    return dump_yaml(data)


def test_matching_claims_are_legal():
    assert check(sample_with()).status is Status.LEGAL


def test_each_differing_claim_is_a_finding():
    report = check(sample_with(loser="N", legs="3", order=["W", "N", "E", "S"], points={"S": "0"}))
    assert report.status is Status.ILLEGAL
    assert [f.rule for f in report.findings] == ["GW-4.15"] * 4
    assert all(f.deal == 1 and f.line is not None for f in report.findings)


def test_a_penalty_claim_is_compared():
    report = check(sample_with(penalties=["E GW-4.4"]))
    assert rules_at(report) == {(1, None, "GW-4.15")}
    assert check(sample_with(penalties=[])).status is Status.LEGAL


def test_match_claims_and_payouts():
    data = load_document(SAMPLE.read_text()).data
    data["options"] = {"betting": "pot", "ante": "1/2"}
    data["claims"] = {"totals": {"S": "1"}, "winners": ["N", "E", "W"], "losers": ["S"],
                      "paid": {"N": "1/2", "S": "0.50"}, "received": {"N": "2/3"}, "net": {"S": "-1/2", "E": "+1/6"}}
    report = check(dump_yaml(data))
    assert rules_at(report) == set()
    assert report.settlement["pot"] == "2"
    assert report.settlement["payouts"]["E"] == {"paid": "1/2", "received": "2/3", "net": "+1/6"}
    data["claims"]["net"]["S"] = "-1"
    data["claims"]["winners"] = ["N"]
    report = check(dump_yaml(data))
    assert [(f.rule, f.deal) for f in report.findings] == [("GW-4.15", None)] * 2


def test_claims_of_an_unsettled_round_are_not_compared():
    data = load_document(SAMPLE.read_text()).data
    data["deals"][0]["moves"] = data["deals"][0]["moves"][:10]
    report = check(dump_yaml(data))
    assert rules_at(report) == {(1, 10, "GW-4.14")}
