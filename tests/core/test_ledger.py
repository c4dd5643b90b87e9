"""`referee ledger`: a season's table over many files, from the command line,
checked against the individual reports; the settle-up is zero-sum, clears
every balance, and is proved the fewest transfers by brute force."""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

import referee
from referee.games import get_game
from referee.ledger import build_ledger, settle_up
from referee.ledger_render import CSV_COLUMNS, ledger_data, ledger_html, ledger_text
from referee.schemas import validator

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
UNSETTLED_SAMPLES = {"samples/game-flip-flop/violations.yaml", "samples/tjuv/tjuv-violations.yaml"}


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NO_COLOR")}
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def ledger_json(*args: str, cwd: Path = ROOT) -> tuple[dict, int]:
    result = run("ledger", "--format", "json", *args, cwd=cwd)
    return json.loads(result.stdout), result.returncode


def expected_from_reports(reports: list[dict]) -> dict:
    """Games, findings by rule and net money per player, straight from the reports."""
    games: Counter[str] = Counter()
    nets: dict[str, Fraction] = {}
    findings: dict[str, Counter[str]] = {}
    for report in reports:
        for player in report["players"]:
            games[player] += 1
        settlement = report["settlement"]
        if report["game"] == "game-flip-flop":
            for player, net in settlement["net"].items():
                nets[player] = nets.get(player, Fraction(0)) + Fraction(net)
        elif report["game"] == "getaway" and "payouts" in settlement:
            for player, row in settlement["payouts"].items():
                nets[player] = nets.get(player, Fraction(0)) + Fraction(row["net"])
        for finding in report["findings"]:
            if finding["severity"] == "error" and "player" in finding:
                findings.setdefault(finding["player"], Counter())[finding["rule"]] += 1
    return {"games": games, "nets": nets, "findings": findings}


def check_totals(ledger: dict, reports: list[dict]) -> None:
    expected = expected_from_reports(reports)
    players = {p["name"]: p for p in ledger["players"]}
    assert set(players) == set(expected["games"])
    for name, row in players.items():
        assert row["games"] == expected["games"][name], name
        assert Fraction(row["net"]) == expected["nets"].get(name, Fraction(0)), name
        assert row["findings"] == dict(expected["findings"].get(name, {})), name
    assert sum(Fraction(p["net"]) for p in ledger["players"]) == 0  # zero-sum
    assert sum(ledger["findings"].values()) == sum(
        1 for r in reports for f in r["findings"] if f["severity"] == "error")


def apply(transfers: list[dict], nets: dict[str, Fraction]) -> dict[str, Fraction]:
    left = dict(nets)
    for t in transfers:
        amount = Fraction(t["amount"])
        assert amount > 0
        left[t["from"]] += amount
        left[t["to"]] -= amount
    return left


# -- the samples ----------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def samples_ledger() -> tuple[dict, int]:
    return ledger_json("samples/")


@pytest.fixture(scope="module")
def samples_reports() -> list[dict]:
    out = run("check", "--format", "json", "samples/")
    return json.loads(out.stdout)["reports"]


def test_samples_totals_match_the_individual_reports(samples_ledger, samples_reports):
    ledger, code = samples_ledger
    counted = [r for r in samples_reports if r["file"] not in UNSETTLED_SAMPLES]
    assert ledger["files"] == len(samples_reports)
    assert ledger["counted"] == [r["file"] for r in counted]
    check_totals(ledger, counted)
    players = {p["name"]: p for p in ledger["players"]}
    # names match across files and games: E plays Getaway (seed 000, the dispute) and two Game, Flip, Flop seeds
    assert players["E"]["games"] == 4 and players["E"]["findings"] == {"GW-4.4": 1}
    assert players["N"]["findings"] == {"GW-4.2": 1}
    assert ledger["findings"]["GW-4.15"] == 1  # a claim finding naming nobody still counts by rule
    assert players["Dev"]["net"] == "5.50" and players["C"]["net"] == "9.00"  # match-empurra; three GFF sessions
    assert players["Dot"]["deals"] == 1  # eliminated after deal 1 of the outcome-only session
    assert players["Bilal"]["points"] == {"getaway": 7}
    assert code == 1  # two usable files left out as not settled


def test_samples_unsettled_files_are_listed_not_dropped(samples_ledger):
    ledger, _ = samples_ledger
    left = {f["file"]: f for f in ledger["left_out"]}
    assert set(left) == UNSETTLED_SAMPLES
    assert {f["status"] for f in left.values()} == {"illegal"}
    # an illegal file whose deals all settled is counted, findings and all
    assert "samples/vazhushal/violations.yaml" in ledger["counted"]
    assert "samples/getaway/disputed-revoke.yaml" in ledger["counted"]


def test_samples_settle_up_clears_every_balance_in_the_fewest_transfers(samples_ledger):
    ledger, _ = samples_ledger
    nets = {p["name"]: Fraction(p["net"]) for p in ledger["players"]}
    assert set(apply(ledger["settle_up"]["transfers"], nets).values()) == {0}
    assert ledger["settle_up"]["method"] == "exact"
    balances = [v for v in nets.values() if v]
    assert ledger["settle_up"]["balances"] == len(balances)
    assert len(ledger["settle_up"]["transfers"]) == len(balances) - most_zero_sum_groups(balances)


def test_json_follows_the_ledger_schema(samples_ledger):
    ledger, _ = samples_ledger
    assert list(validator("ledger.schema.json").iter_errors(ledger)) == []


def test_csv_parses_one_row_per_player(samples_ledger):
    ledger, _ = samples_ledger
    out = run("ledger", "--format", "csv", "samples/")
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    header = next(csv.reader(io.StringIO(out.stdout)))
    cited = sorted({rule for p in ledger["players"] for rule in p["findings"]})
    assert header[:len(CSV_COLUMNS)] == list(CSV_COLUMNS) and sorted(header[len(CSV_COLUMNS):]) == cited
    assert [row["player"] for row in rows] == [p["name"] for p in ledger["players"]]
    for row, player in zip(rows, ledger["players"]):
        assert int(row["games"]) == player["games"] and int(row["wins"]) == player["wins"]
        assert Fraction(row["net"]) == Fraction(player["net"])
        assert row["points_getaway"] == str(player["points"].get("getaway", ""))
        assert int(row["findings"]) == sum(player["findings"].values())
        assert all(int(row[rule]) == player["findings"].get(rule, 0) for rule in cited)
    assert out.returncode == 1


def test_text_and_html_run_on_the_samples():
    text = run("ledger", "samples/")
    assert text.returncode == 1 and "settle-up:" in text.stdout
    page = run("ledger", "--format", "html", "samples/")
    assert page.returncode == 1 and page.stdout.startswith("<!DOCTYPE html>") and "<bdi>Asha</bdi>" in page.stdout


def test_readme_shows_the_ledger_of_the_samples_as_it_is():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"```\n\$ referee ledger samples/\n(.*?)```", readme, re.S)
    assert match, "the README shows `referee ledger samples/` and its output"
    assert run("ledger", "samples/").stdout == match.group(1)


# -- exit status and unusable files ------------------------------------------------------------------------------


def test_every_file_counted_exits_0():
    ledger, code = ledger_json("samples/getaway/seed-000-example.yaml", "samples/getaway/match-empurra.yaml")
    assert code == 0 and ledger["exit"] == 0 and ledger["left_out"] == []


def test_an_unusable_file_is_listed_and_exits_2(tmp_path):
    (tmp_path / "broken.yaml").write_text("format: 1\ngame: [", encoding="utf-8")
    ledger, code = ledger_json(str(tmp_path / "broken.yaml"), "samples/getaway/match-empurra.yaml",
                               str(tmp_path / "missing.yaml"))
    assert code == 2 and ledger["exit"] == 2
    assert [(f["file"], f["status"]) for f in ledger["left_out"]] == [
        (str(tmp_path / "broken.yaml"), "unusable"), (str(tmp_path / "missing.yaml"), "unusable")]
    assert ledger["counted"] == ["samples/getaway/match-empurra.yaml"]
    text = run("ledger", str(tmp_path / "broken.yaml"), "samples/getaway/match-empurra.yaml")
    assert text.returncode == 2 and "broken.yaml: unusable" in text.stdout and "Dev" in text.stdout


def test_provisional_or_undetermined_results_are_left_out():
    """Every deal settled is not enough: a provisional session (an illegal
    action under on_illegal=continue) or an undetermined match is left out."""
    gff = referee.check_path(str(SAMPLES / "game-flip-flop" / "carried-flop-session.yaml"))
    match = referee.check_path(str(SAMPLES / "getaway" / "match-empurra.yaml"))
    provisional = {**gff, "file": "p.yaml", "settlement": {**gff["settlement"], "provisional": True}}
    undetermined = {**match, "file": "u.yaml", "settlement": {"complete": False, "rounds": 3, "match_rounds": 4}}
    ledger = build_ledger([provisional, undetermined, match])
    assert [(f.file, f.reason.split()[0]) for f in ledger.left_out] == [("p.yaml", "provisional"),
                                                                         ("u.yaml", "result")]
    assert ledger.counted == (match["file"],) and {p.name for p in ledger.players} == set(match["players"])


# -- generated files --------------------------------------------------------------------------------------------

MIX = [("getaway", "getaway", 4, {}), ("getaway", "getaway", 5, {"betting": "pot", "match_rounds": "2"}),
       ("getaway", "donkey", 3, {"betting": "pot", "push_push": "yes", "match_rounds": "2"}),
       ("tjuv", "tjuv", 3, {}), ("game-flip-flop", "dayton", 4, {}), ("game-flip-flop", "dayton", 3, {}),
       ("vazhushal", "vazhushal", 2, {})]


@pytest.fixture(scope="module")
def season(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("season")
    for i in range(28):
        game, preset, players, options = MIX[i % len(MIX)]
        text = get_game(game).simulate(preset=preset, players=players, seed=100 + i, options=options)
        (folder / f"{i:03}-{game}.yaml").write_text(text, encoding="utf-8")
    (folder / "900-tjuv-unsettled.yaml").write_bytes((SAMPLES / "tjuv" / "tjuv-violations.yaml").read_bytes())
    (folder / "901-not-yaml.yaml").write_text("players: [A, B\n", encoding="utf-8")
    return folder


def test_generated_season_totals_match_the_reports(season):
    ledger, code = ledger_json("--jobs", "2", str(season))
    reports = [referee.check_path(str(path)) for path in sorted(season.glob("*.yaml"))]
    counted = [r for r in reports if r["file"] in ledger["counted"]]
    assert len(counted) == 28 and all(r["status"] == "legal" for r in counted)
    check_totals(ledger, counted)
    assert [f["file"].rsplit("/", 1)[-1] for f in ledger["left_out"]] == ["900-tjuv-unsettled.yaml",
                                                                          "901-not-yaml.yaml"]
    assert code == 2
    nets = {p["name"]: Fraction(p["net"]) for p in ledger["players"]}
    assert any(nets.values())  # money moved: Getaway betting and Game, Flip, Flop
    assert set(apply(ledger["settle_up"]["transfers"], nets).values()) == {0}
    assert list(validator("ledger.schema.json").iter_errors(ledger)) == []
    deals = Counter()
    for report in counted:
        for deal in report["deals"]:
            for player in (deal.get("tiers") or deal.get("points") or deal.get("counts") or deal.get("scores")):
                deals[player] += 1
    assert {p["name"]: p["deals"] for p in ledger["players"]} == dict(deals)


def test_generated_season_is_the_same_with_one_job_or_two(season):
    one = run("ledger", "--jobs", "1", "--format", "csv", str(season))
    two = run("ledger", "--jobs", "2", "--format", "csv", str(season))
    assert one.stdout == two.stdout and one.returncode == two.returncode == 2


# -- wins, losses, names ----------------------------------------------------------------------------------------


def test_wins_and_losses_follow_each_games_result(samples_reports):
    by_file = {r["file"]: r for r in samples_reports}
    pick = ["samples/getaway/match-empurra.yaml", "samples/vazhushal/vazhushal.yaml",
            "samples/tjuv/tjuv-three-players.yaml", "samples/game-flip-flop/seed-49-50-split.yaml"]
    players = {p.name: p for p in build_ledger(by_file[f] for f in pick).players}
    # Getaway: Dev lowest total wins, Bilal highest loses; Vazhushal: Bala wins the match, Asha and Chitra lose;
    # Tjuv: deals won Anna 1, Bo 2, Cecilia 1 (no session ranking); Game, Flip, Flop: by net money
    assert (players["Dev"].wins, players["Bilal"].losses) == (1, 1)
    assert (players["Bala"].wins, players["Chitra"].losses) == (1, 1)
    assert (players["Bo"].wins, players["Anna"].losses, players["Cecilia"].losses) == (1, 1, 1)
    assert (players["B"].wins, players["D"].losses, players["C"].wins) == (1, 1, 1)
    assert (players["Asha"].wins, players["Asha"].losses) == (0, 1)  # neither in the Getaway match, lost Vazhushal


def test_names_are_escaped_in_text_and_html_and_csv_guards_formulas(tmp_path):
    text = (SAMPLES / "getaway" / "match-empurra.yaml").read_text(encoding="utf-8")
    path = tmp_path / "odd.yaml"
    path.write_text(re.sub(r"\bDev\b", "=<i>D&amp;", text), encoding="utf-8")
    page = run("ledger", "--format", "html", str(path)).stdout
    assert "<bdi>=&lt;i&gt;D&amp;amp;</bdi>" in page and "<i>" not in page
    rows = list(csv.DictReader(io.StringIO(run("ledger", "--format", "csv", str(path)).stdout)))
    assert "'=<i>D&amp;" in [row["player"] for row in rows]
    assert "=<i>D&amp; " in run("ledger", str(path)).stdout


# -- the settle-up ----------------------------------------------------------------------------------------------


def most_zero_sum_groups(values: list[Fraction]) -> int:
    """Brute force: the most parts of a partition of `values` that each sum to zero."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 1
    for size in range(len(rest)):  # a group with `first` and a proper part of the rest
        for chosen in itertools.combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) == 0:
                others = [v for i, v in enumerate(rest) if i not in chosen]
                best = max(best, 1 + most_zero_sum_groups(others))
    return best


def fewest_transfers_by_brute_force(balances: dict[str, Fraction]) -> int:
    """The fewest transfers that clear `balances`, found by trying every set of
    payer-payee pairs, smallest first. Money stays inside each connected part
    of the pairs' graph, so a set can clear the balances only if every part
    sums to zero; and then it can (a spanning tree of each part carries a
    clearing flow, fixed edge by edge from the leaves; an edge that would carry
    nothing means a smaller set works, found earlier)."""
    people = [p for p, v in balances.items() if v]
    pairs = list(itertools.combinations(range(len(people)), 2))
    for size in range(len(people) + 1):
        for chosen in itertools.combinations(pairs, size):
            root = list(range(len(people)))

            def find(i: int) -> int:
                while root[i] != i:
                    i = root[i]
                return i
            for a, b in chosen:
                root[find(a)] = find(b)
            sums: dict[int, Fraction] = {}
            for i, person in enumerate(people):
                sums[find(i)] = sums.get(find(i), Fraction(0)) + balances[person]
            if all(v == 0 for v in sums.values()):
                return size
    raise AssertionError("unreachable: every balance set summing to zero can be cleared")


def random_balances(rnd: random.Random, n: int) -> dict[str, Fraction]:
    """n people summing to zero, with small amounts (so that zero-sum groups and
    cancelling pairs are common) and now and then fractions and zeros."""
    values = [Fraction(rnd.randint(-4, 4), rnd.choice((1, 1, 1, 2, 3))) for _ in range(n - 1)]
    values.append(-sum(values))
    return {f"p{i}": v for i, v in enumerate(values)}


def test_settle_up_is_the_fewest_transfers_by_brute_force():
    rnd = random.Random(19)
    for _ in range(250):
        balances = random_balances(rnd, rnd.randint(1, 6))
        result = settle_up(balances)
        fewest = fewest_transfers_by_brute_force(balances)
        assert result.exact and len(result.transfers) == fewest, balances
        left = dict(balances)
        for t in result.transfers:
            assert t.amount > 0 and t.payer != t.payee
            left[t.payer] += t.amount
            left[t.payee] -= t.amount
        assert set(left.values()) <= {0}, balances


def test_the_exact_settle_up_beats_the_greedy_somewhere():
    """The dynamic programme is not the greedy in disguise: on some instance the
    greedy (every balance in one group) needs more transfers."""
    rnd = random.Random(7)
    worse = 0
    for _ in range(200):
        balances = random_balances(rnd, 6)
        exact, greedy = settle_up(balances), settle_up(balances, exact_limit=0)
        assert len(exact.transfers) <= len(greedy.transfers) and exact.exact
        worse += len(exact.transfers) < len(greedy.transfers)
    assert worse > 0


def test_many_balances_fall_back_to_the_greedy_and_say_so():
    balances = {f"p{i}": Fraction(i + 1) for i in range(24)}
    balances["bank"] = -sum(balances.values())
    balances["p0"] += Fraction(1, 3)
    balances["bank"] -= Fraction(1, 3)
    result = settle_up(balances)
    assert not result.exact and result.balances == 25 and len(result.transfers) <= 24
    reports = [{"file": "x.yaml", "status": "legal", "game": "game-flip-flop", "players": list(balances),
                "findings": [], "deals": [{"deal": 1, "settled": True, "tiers": {p: "full" for p in balances}}],
                "settlement": {"complete": True, "provisional": False, "outcome": {
                    "dealt": {p: 1 for p in balances}, "winners": [], "losers": [],
                    "money": {p: f"{v.numerator}/{v.denominator}" for p, v in balances.items()}}}}]
    ledger = build_ledger(reports)
    assert ledger_data(ledger)["settle_up"]["method"] == "greedy"
    assert "greedy" in ledger_text(ledger) and "greedy" in ledger_html(ledger)
    nets = {p["name"]: p["net"] for p in ledger_data(ledger)["players"]}
    assert nets["p0"] == "4/3" and nets["p1"] == "2.00"  # exact: a third is written as a fraction


def test_a_settle_up_of_nothing_is_empty():
    assert settle_up({}).transfers == () and settle_up({"a": Fraction(0)}).transfers == ()
    with pytest.raises(AssertionError):
        settle_up({"a": Fraction(1), "b": Fraction(-2)})
