"""The settlement value types (referee/outcome.py): exact money, zero-sum
payout tables, pots checked on construction, and each game's settlement
expressed as the same `Standing` (`settlement.outcome`), with its amounts."""

from __future__ import annotations

import pickle
import random
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

import referee
from referee.check import check_file
from referee.html import html_page
from referee.ledger import build_ledger
from referee.outcome import (ZERO, Money, Payout, Payouts, Pot, Standing, Tally, exact_sum, payout_line,
                             settlement_data, tally_text)
from referee.report import Report

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_money_is_exact_across_denominators():
    half, third = Money(1, 2), Money(1, 3)
    assert half + third == Money(5, 6) == Fraction(5, 6)
    assert Money(250, 100) == Money(5, 2) and hash(Money(250, 100)) == hash(Fraction(5, 2))
    assert (Money(300, 100) - Money(3)).units == 0 and not (Money(300, 100) - Money(3))
    assert Money(2).split(3) == Fraction(2, 3) and Money(200, 100).split(2) == Money(1)
    assert Money(200, 100).split(2).den == 100  # a split that divides keeps its units
    assert Money(7, 2) > Money(3) and Money(-1, 3) < ZERO and -Money(1, 3) == Money(-1, 3)
    assert pickle.loads(pickle.dumps(Money(3, 2))) == Money(3, 2)
    with pytest.raises(AttributeError):
        Money(1).units = 2  # type: ignore[misc]


def test_money_formats():
    assert Money(3, 2).ratio() == "3/2" and Money(11, 2).ratio(signed=True) == "+11/2" and Money(0).ratio() == "0"
    assert Money(-3, 2).decimal() == "-1.50" and Money(1, 8).decimal() == "0.125" and Money(1, 3).decimal() == "1/3"
    assert Money(250, 100).cents(signed=True) == "+2.50" and Money(-8, 3).cents(signed=True) == "-8/3"
    assert Money(1, 8).cents() == "1/8"  # not whole cents: the exact fraction


def test_exact_sum_equals_the_fraction_sum():
    rng = random.Random(17)
    for _ in range(500):
        plus = [Fraction(rng.randint(-99, 99), rng.choice((1, 2, 3, 100))) for _ in range(rng.randint(0, 6))]
        minus = [Fraction(rng.randint(-99, 99), rng.choice((1, 4, 100))) for _ in range(rng.randint(0, 3))]
        start = Fraction(rng.randint(-9, 9), rng.choice((1, 5)))
        assert exact_sum(plus, start, less=minus) == start + sum(plus) - sum(minus)


def test_payouts_sum_to_zero_and_pay_the_pot():
    pot = Pot("pot", Money(7))
    rows = (Payout("A", Money(3, 2), ZERO), Payout("B", Money(2), ZERO), Payout("C", Money(2), ZERO),
            Payout("D", Money(3, 2), Money(7)))
    payouts = Payouts(pot, rows)
    assert payouts.net() == {"A": Money(-3, 2), "B": Money(-2), "C": Money(-2), "D": Money(11, 2)}
    assert payout_line(payouts).startswith("pot 7: A paid 3/2, received 0, net -3/2; ")
    assert payouts.data(form="decimal")["D"] == {"paid": "1.50", "received": "7.00", "net": "+5.50"}
    with pytest.raises(AssertionError):  # received more than was paid in: not zero-sum
        Payouts(pot, (*rows[:3], Payout("D", Money(3, 2), Money(8))))
    with pytest.raises(ValueError):  # paid in is not the pot
        Payouts(Pot("pot", Money(6)), rows)


def test_pots_check_themselves():
    assert Pot("game", Money(300, 100), (("A", Money(150, 100)), ("B", Money(3, 2)))).amount == Money(3)
    with pytest.raises(ValueError):
        Pot("game", Money(3), (("A", Money(1)),))
    with pytest.raises(ValueError):
        Pot("game", Money(-1))


def test_tallies_and_standings():
    tally = Tally.of({"A": 0, "B": 2})
    assert tally.text() == "A 0, B 2" and tally.text(skip_zero=True) == "B 2" and tally_text([("C", 1)]) == "C 1"
    assert (tally + Tally.of({"B": 1, "C": 4})).data() == {"A": 0, "B": 3, "C": 4}
    standing = Standing(dealt=Tally.of({"A": 2, "B": 2}), money={"A": Money(-1, 3), "B": Money(-2, 3)},
                        on_table=Money(1), winners=(), losers=("A", "B"))
    data = standing.data()
    assert data["money"] == {"A": "-1/3", "B": "-2/3"} and data["on_table"] == "1.00"
    assert Standing.from_data(data) == standing
    with pytest.raises(AssertionError):  # money from nowhere
        Standing(dealt=Tally(()), money={"A": Money(1)})


def _report(sample: str) -> Report:
    return check_file(str(SAMPLES / sample))


def _outcome(sample: str) -> Standing:
    """A finished game's standing as the Report carries it (the typed value, not read back from JSON)."""
    standing = _report(sample).standing
    assert standing is not None
    return standing


def test_getaway_match_as_values():
    outcome = _outcome("getaway/match-empurra.yaml")
    assert outcome.points == Tally.of({"Asha": 2, "Bilal": 7, "Chandni": 3, "Dev": 0})
    assert outcome.money == {"Asha": Fraction(-3, 2), "Bilal": -2, "Chandni": -2, "Dev": Fraction(11, 2)}
    assert (outcome.winners, outcome.losers) == (("Dev",), ("Bilal",)) and outcome.dealt.get("Dev") == 3


def test_tjuv_session_as_values():
    outcome = _outcome("tjuv/tjuv-three-players.yaml")
    assert outcome.points == Tally.of({"Anna": 21, "Bo": 30, "Cecilia": 21}) and outcome.money is None
    assert (outcome.winners, outcome.losers) == (("Bo",), ("Anna", "Cecilia"))  # deals won 1, 2, 1


def test_vazhushal_match_as_values():
    outcome = _outcome("vazhushal/vazhushal.yaml")
    assert outcome.winners == ("Bala",) and set(outcome.losers) == {"Asha", "Chitra"} and outcome.money is None
    assert outcome.points is not None and set(outcome.points.data()) == {"Asha", "Bala", "Chitra"}


def test_game_flip_flop_session_as_values():
    outcome = _outcome("game-flip-flop/outcome-only-session.yaml")
    assert outcome.money == {"Ana": Fraction(-83, 100), "Ben": Fraction(-83, 100), "Cal": Fraction(266, 100),
                             "Dot": -1}
    assert outcome.dealt.data() == {"Ana": 3, "Ben": 3, "Cal": 3, "Dot": 1} and outcome.points is None
    assert outcome.winners == ("Cal",) and outcome.on_table == 0


@pytest.mark.parametrize("sample", sorted(p.relative_to(SAMPLES).as_posix() for p in SAMPLES.rglob("*.yaml")))
def test_the_json_outcome_is_written_by_the_core_from_the_standing(sample):
    """No game writes `settlement.outcome`: the Report carries the Standing and `to_data` writes it (last,
    or before an in-progress tail), equal to `Standing.data()` and read back to the same value."""
    report = _report(sample)
    assert "outcome" not in report.settlement
    data = report.to_data()["settlement"]
    if report.standing is None:
        assert "outcome" not in data
    else:
        assert data["outcome"] == report.standing.data() and list(data)[-1] == "outcome"
        assert Standing.from_data(data["outcome"]) == report.standing
    assert pickle.loads(pickle.dumps(report)).standing == report.standing  # the batch runner's workers


def test_the_outcome_goes_before_an_in_progress_tail():
    standing = Standing(dealt=Tally.of({"A": 1}))
    settled = settlement_data({"wins": {"A": 1}}, standing)
    assert list(settled) == ["wins", "outcome"] and settled["outcome"] == standing.data()
    going = settlement_data({"wins": {"A": 1}, "in_progress": True, "on_table": {}}, standing)
    assert list(going) == ["wins", "outcome", "in_progress", "on_table"]
    assert settlement_data({"wins": {}}, None) == {"wins": {}}


def test_the_ledger_reads_the_reports_standing_in_process():
    samples = ["getaway/match-empurra.yaml", "tjuv/tjuv-three-players.yaml", "vazhushal/vazhushal.yaml",
               "game-flip-flop/outcome-only-session.yaml", "game-flip-flop/carried-flop-session.yaml",
               "tjuv/tjuv-violations.yaml"]
    reports = [_report(s) for s in samples]
    assert build_ledger(reports) == build_ledger(r.to_data() for r in reports)
    match = reports[0]
    assert match.standing is not None
    turned = replace(match, standing=replace(match.standing, winners=("Asha",), losers=("Dev",)))
    players = {p.name: p for p in build_ledger([turned]).players}
    assert (players["Asha"].wins, players["Dev"].losses, players["Dev"].wins) == (1, 1, 0)  # the value, not JSON


def test_the_html_standings_table_lists_the_amounts():
    for sample, cells in [("getaway/match-empurra.yaml", ["-1.50", "+5.50", ">7<"]),
                          ("game-flip-flop/outcome-only-session.yaml", ["-0.83", "+2.66", "-1.00"]),
                          ("tjuv/tjuv-three-players.yaml", [">30<", ">21<"]),
                          ("vazhushal/vazhushal.yaml", [">Bala</bdi></th>"])]:
        report = _report(sample)
        page = html_page([report])
        table = re.search(r'<table class="standing">.*?</table>', page)
        assert table is not None, sample
        rows = re.findall(r"<tr>.*?</tr>", table.group(0))[1:]
        assert len(rows) == len(report.players), sample
        for cell in cells:
            assert cell in table.group(0), (sample, cell)
        assert report.standing is not None
        for name in report.standing.winners:
            row = next(r for r in rows if f">{name}<" in r)
            assert 'class="won"' in row, (sample, name)
        for name in report.standing.losers:
            assert 'class="lost"' in next(r for r in rows if f">{name}<" in r), (sample, name)


def test_money_left_on_the_table_is_left_out_of_the_ledger():
    """A session ending with pots won by nobody (unwon_pot_at_end = report): its nets do not sum to zero,
    so the ledger lists it rather than settle it up."""
    report = referee.check_path(str(SAMPLES / "game-flip-flop" / "carried-flop-session.yaml"))
    outcome = {"dealt": {"A": 2, "B": 2, "C": 2}, "money": {"A": "1.00", "B": "-2.00", "C": "0.00"},
               "on_table": "1.00", "winners": ["A"], "losers": ["B"]}
    ledger = build_ledger([{**report, "settlement": {**report["settlement"], "outcome": outcome}}])
    assert ledger.counted == () and ledger.left_out[0].reason.startswith("money left on the table")
