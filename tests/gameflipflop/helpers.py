"""Building small Game, Flip, Flop transcripts for tests, and reading reports."""

from __future__ import annotations

from fractions import Fraction

from referee.check import check_text
from referee.report import Report
from referee.writer import dump_yaml


def deal(*, dealer: str, hands: dict[str, str], flip: str, moves: list[str] | None = None,
         ending: dict | None = None, claims: dict | None = None, **extra) -> dict:
    entry: dict = {"dealer": dealer, **{k: v for k, v in extra.items() if k == "between"}}
    if hands:
        entry["hands"] = hands
    if flip:
        entry["flip_card"] = flip
    if moves is not None:
        entry["moves"] = moves
    if ending is not None:
        entry["ending"] = ending
    for key, value in extra.items():
        if key != "between":
            entry[key] = value
    if claims is not None:
        entry["claims"] = claims
    return entry


def transcript(*, players: list[str], deals: list[dict], stake: str = "1", bankrolls="10",
               options: dict | None = None, first_dealer: str | None = None, claims: dict | None = None) -> str:
    data: dict = {"format": "1", "game": "game-flip-flop", "ruleset": "dayton"}
    if options:
        data["options"] = options
    data["players"] = players
    data["stake"] = stake
    data["bankrolls"] = bankrolls if isinstance(bankrolls, (dict, str)) and not _is_amount(bankrolls) \
        else {p: bankrolls for p in players}
    data["first_dealer"] = first_dealer or deals[0]["dealer"]
    data["deals"] = deals
    if claims:
        data["claims"] = claims
    return dump_yaml(data)


def _is_amount(value) -> bool:
    return isinstance(value, str) and value != "unlimited"


def one_deal(*, players: str, dealer: str, hands: dict[str, str], flip: str, moves: list[str], **kw) -> str:
    """A one-deal session: `players` like 'A B C'."""
    deal_kw = {k: kw.pop(k) for k in ("claims", "reveal", "antes") if k in kw}
    return transcript(players=players.split(), deals=[deal(dealer=dealer, hands=hands, flip=flip, moves=moves,
                                                           **deal_kw)], **kw)


def run(text: str) -> Report:
    return check_text(text, name="test.yaml")


def nets(report: Report, number: int = 1) -> dict[str, dict[str, Fraction]]:
    """A deal's payout table: player -> game, flip, flop, total (exact)."""
    data = report.deals[number - 1].data
    assert data["settled"], (data, [f.to_data() for f in report.findings])
    return {name: {k: Fraction(v) for k, v in row.items()} for name, row in data["net"].items()}


def column(report: Report, key: str = "total", number: int = 1) -> dict[str, Fraction]:
    return {name: row[key] for name, row in nets(report, number).items()}


def amounts(**values: str) -> dict[str, Fraction]:
    return {k: Fraction(v) for k, v in values.items()}


def where(report: Report) -> set[tuple]:
    """(deal, move, rule) of every finding."""
    return {f.where for f in report.findings}


def session_net(report: Report) -> dict[str, Fraction]:
    return {k: Fraction(v) for k, v in report.settlement["net"].items()}
