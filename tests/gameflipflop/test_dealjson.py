"""A deal's JSON text written straight from its report (`dealjson.deal_json`,
spliced in by `render_json`) is the text json.dumps writes for its data
(`deal_data`), at every depth: over seeded sessions of every option set, their
broken and cut copies (deals not settled, not replayed, a session in progress),
the samples, and deals made awkward on purpose (names to escape, amounts that
are no whole cents, two players of one name). The normal deals take the
written path, not the plain one."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from referee.batch import guarded_check
from referee.check import check_text
from referee.games.gameflipflop import dealjson
from referee.games.gameflipflop.settle import Carry
from referee.games.gameflipflop.summary import DealSummary, deal_data
from referee.render import render_json

from .test_lazy_summary import SEEDS, _texts

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples" / "game-flip-flop").rglob("*.yaml"))
_indented = json.JSONEncoder(indent=2, ensure_ascii=True).encode


def _plain(report, names, depth: int) -> str:
    return _indented(deal_data(report, names)).replace("\n", "\n" + "  " * depth)


def _reports():
    for seed in SEEDS:
        for text, in_progress in _texts(seed):
            yield check_text(text, in_progress=in_progress)
    for path in SAMPLES:
        yield guarded_check(str(path), max_bytes=1 << 24)


REPORTS = list(_reports())
DEALS = [(d._report, d._names) for r in REPORTS for d in r.deals if isinstance(d, DealSummary)]


@pytest.fixture
def written_only(monkeypatch):
    """The plain path may not be taken."""
    def refused(*args, **kwargs):
        raise AssertionError("deal_json fell back to deal_data")
    monkeypatch.setattr(dealjson, "deal_data", refused)


def test_the_deals_cover_every_kind():
    kinds = {(report.replayed, report.settled, report.money is not None and report.money.bankrolls is not None,
              report.result is not None and report.result.ending) for report, _ in DEALS}
    assert {(False, False), (True, False), (True, True)} <= {k[:2] for k in kinds}
    assert {k[3] for k in kinds if k[3]} >= {e for e in dealjson.Ending if e is not dealjson.Ending.DECLARATION}
    assert len(DEALS) > 300


@pytest.mark.parametrize("depth", [0, 1, 4, 9])
def test_every_deal_written_as_json_dumps_writes_its_data(depth, written_only):
    for report, names in DEALS:
        assert dealjson.deal_json(report, names, depth=depth) == _plain(report, names, depth), report.number


def test_render_json_is_json_dumps_of_the_reports():
    texts = []
    for report in REPORTS:
        whole = render_json([report])
        texts.append(whole)
        head = json.loads(whole)
        assert whole == _indented({"referee": head["referee"], "reports": [report.to_data()],
                                   "summary": head["summary"]}) + "\n"
    several = REPORTS[:5] + [check_text("game: getaway\n", name="other.yaml")]
    whole = render_json(several)
    head = json.loads(whole)
    assert whole == _indented({"referee": head["referee"], "reports": [r.to_data() for r in several],
                               "summary": head["summary"]}) + "\n"


def _settled():
    return next((report, names) for report, names in DEALS if report.settled and report.money.bankrolls)


def test_names_that_need_escaping(written_only):
    report, names = _settled()
    for odd in (('say "hi"', "back\\slash", "日本 ♠", "%s %d %%"), ("\x00", "\n", "\u202e", "\ud800")):
        weird = tuple(odd[i % len(odd)] + str(i) for i in range(len(names)))
        assert dealjson.deal_json(report, weird, depth=3) == _plain(report, weird, 3)


def test_amounts_that_are_no_whole_cents(written_only):
    report, names = _settled()
    money = report.money
    odd = [Fraction(1, 3), Fraction(-7, 6), Fraction(10**30 + 1, 1000), Fraction(-1, 7), Fraction(5, 8)]
    net = {s: {c: odd[(i + j) % len(odd)] for j, c in enumerate(("game", "flip", "flop", "total"))}
           for i, s in enumerate(money.net)}
    bankrolls = {s: odd[i % len(odd)] * 3 for i, s in enumerate(money.bankrolls)}
    after = Carry(flip=Fraction(2, 3), flop=Fraction(1, 9), flip_ledger={0: Fraction(2, 3)},
                  flop_ledger={0: Fraction(1, 9)})
    awkward = replace(report, money=replace(money, net=net, bankrolls=bankrolls, after=after))
    assert dealjson.deal_json(awkward, names, depth=2) == _plain(awkward, names, 2)


def test_what_it_does_not_write_goes_to_the_plain_path():
    report, names = _settled()
    twins = (names[0],) * len(names)  # two players of one name: the data keeps one key
    assert dealjson.deal_json(report, twins, depth=1) == _plain(report, twins, 1)
    not_bool = replace(report, provisional=0)
    assert dealjson.deal_json(not_bool, names) == _plain(not_bool, names, 0)
    ints = replace(report, money=replace(report.money, bankrolls=dict.fromkeys(report.money.bankrolls, 3)))
    assert dealjson.deal_json(ints, names) == _plain(ints, names, 0)
