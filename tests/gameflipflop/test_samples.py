"""The shipped samples, including both worked examples of the seed, to the cent."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from referee.check import check_file

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "game-flip-flop"


def game_column(report) -> dict[str, Fraction]:
    return {p: Fraction(row["game"]) for p, row in report.deals[0].data["net"].items()}


def test_seed_example_49_50():
    report = check_file(str(SAMPLES / "seed-49-50-split.yaml"))
    assert report.exit_code == 0
    assert game_column(report) == {"A": Fraction("0.50"), "B": Fraction("5.50"), "C": Fraction(-2),
                                   "D": Fraction(-2), "E": Fraction(-2)}


def test_seed_example_caught_drop():
    report = check_file(str(SAMPLES / "seed-caught-drop.yaml"))
    assert report.exit_code == 0
    assert game_column(report) == {"A": Fraction(-2), "B": Fraction(-1), "C": Fraction(2), "D": Fraction(2),
                                   "E": Fraction(-1)}


def test_other_samples():
    assert check_file(str(SAMPLES / "carried-flop-session.yaml")).exit_code == 0
    outcome = check_file(str(SAMPLES / "outcome-only-session.yaml"))
    assert outcome.exit_code == 0
    assert all(d.data["outcome_only"] for d in outcome.deals)
    assert outcome.settlement["net"] == {"Ana": "-0.83", "Ben": "-0.83", "Cal": "2.66", "Dot": "-1.00"}
    violations = check_file(str(SAMPLES / "violations.yaml"))
    assert [f.where for f in violations.findings] == [(2, 3, "GFF-7.3")]
    assert violations.settlement["net"] == {"A": "1.00", "B": "-2.00", "C": "1.00"}
