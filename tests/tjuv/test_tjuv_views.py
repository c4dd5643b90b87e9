"""`referee show` and `referee replay` for Tjuv: the position before a move
(hands, table, piles, talon, whose turn and step, every legal alternative),
and every deal told turn by turn. Both must reach the states the referee's
own replay reaches."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.games.base import ShowError
from referee.games.tjuv import GAME
from referee.games.tjuv import rules as R
from referee.games.tjuv.engine import TjuvDeal
from referee.games.tjuv.game import replay_start
from referee.games.tjuv.options import TjuvOptions
from referee.games.tjuv.record import read_record
from referee.games.tjuv.simulate import simulate
from referee.transcript import read_header
from referee.writer import dump_yaml
from referee.yamldoc import load_document

from tests.tjuv.test_tjuv_fuzz import edit

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples" / "tjuv").glob("*.yaml"))
VIOLATIONS = next(p for p in SAMPLES if p.name == "tjuv-violations.yaml")
CARD = re.compile(r"\b(10|[6-9JQKA])[SHDC]\b")


def loaded(text: str):
    document = load_document(text)
    return document, read_header(document)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def engine_states(document, header, deal: int):
    """The engine before each move of a deal (and after the last), replayed
    independently of the views, as the referee replays it."""
    options = TjuvOptions.from_values(header.ruleset.values)
    record = read_record(document, header.players)
    rec = record.deals[deal - 1]
    _, start = replay_start(options, record.players, deal=rec)
    if start is None:
        return None
    state = TjuvDeal.from_start(options=options, players=record.players, start=start, deal=rec.number)
    snapshots = []
    for move in rec.moves:
        snapshots.append(state.table_data())
        if not state.stopped:
            state.apply(move)
    state.finish()
    snapshots.append(state.table_data())
    return snapshots


def simulated(count: int) -> list[str]:
    """Generated sessions over presets, seat counts and steal modes."""
    texts = []
    for seed in range(count):
        preset = "tjuv-schenkmanis" if seed % 4 == 3 else "tjuv"
        steal = ("optional", "all_or_none", "mandatory")[seed % 3]
        texts.append(simulate(preset=preset, players=2 + seed % 6, seed=seed, overrides={"steal_mode": steal},
                              deals=1))
    return texts


# --------------------------------------------------------------------- show

def test_show_at_an_illegal_capture_gives_position_alternatives_and_ruling():
    document, header = loaded(VIOLATIONS.read_text())
    position = GAME.position(document, header, deal=1, move=13)
    assert position.recorded == "Cecilia play 9D capture none"
    assert position.to_move == ("Cecilia",)
    assert set(position.legal) == {"Cecilia play QD capture 7D", "Cecilia play JD capture 7D",
                                   "Cecilia play 9D capture 7D"}
    data = position.data
    assert data["step"] == "play" and data["turn"] == 7
    assert data["hands"]["Cecilia"] == {"count": 3, "cards": ["QD", "JD", "9D"]}
    assert data["table"] == ["7D", "KC", "9C"] and data["talon"] == 18
    assert [(p["owner"], p["top"], p["size"]) for p in data["piles"]] == [("Bo", "AH", 2), ("Bo", "KS", 4)]
    assert data["counts"] == {"Anna": 0, "Bo": 6, "Cecilia": 0}

    result = run("show", str(VIOLATIONS), "--move", "13")
    assert result.exit_code == 1
    out = result.output
    assert re.search(r"^  Cecilia +3 cards: QD JD 9D ", out, re.M)
    assert re.search(r"^  Bo +3 cards: 9S 10H 7C +2 piles topped by AH \(2\), KS \(4\)", out, re.M)
    assert re.search(r"^  table: 7D KC 9C\b", out, re.M) and re.search(r"^  talon: 18 cards", out, re.M)
    assert re.search(r"^to move: Cecilia$", out, re.M)
    listed = re.search(r"^legal moves \(\d+\):\n((?:  .*\n)+)", out, re.M).group(1)
    assert listed == "  Cecilia play: 9D capture 7D, JD capture 7D, QD capture 7D\n"  # one line, in rank order
    assert "recorded: Cecilia play 9D capture none" in out
    assert re.search(rf"^  .*:32:9: {R.COMPULSORY} deal 1, move 13: ", out, re.M)
    assert re.search(rf"^  {R.COMPULSORY} ", out, re.M)  # the rule's full text


def test_show_at_a_steal_without_capture_lists_every_card_as_an_alternative():
    document, header = loaded(VIOLATIONS.read_text())
    position = GAME.position(document, header, deal=2, move=13)
    assert position.recorded == "Cecilia play 6C steal QC"
    assert set(position.legal) == {"Cecilia play 6H", "Cecilia play AD", "Cecilia play 6C"}
    result = run("show", str(VIOLATIONS), "--deal", "2", "--move", "13", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert [f["rule"] for f in data["findings"]] == [R.STEAL_NEEDS_CAPTURE]
    assert data["position"]["piles"][0]["owner"] == "Bo" and data["position"]["piles"][0]["top"] == "QC"


def test_show_steps_two_and_three_and_a_legal_move():
    document, header = loaded(VIOLATIONS.read_text())
    draw = GAME.position(document, header, deal=2, move=2)  # Bo has played; the talon order is recorded
    assert draw.data["step"] == "draw" and draw.recorded == "Bo draw"
    assert draw.legal == ("Bo draw (the top talon card)",)  # face down: its card is not named, though recorded
    refill = GAME.position(document, header, deal=2, move=3)
    assert refill.data["step"] == "refill" and refill.to_move == ("Bo",)
    assert set(refill.legal) == {f"Bo place {c}" for c in refill.data["hands"]["Bo"]["cards"]}
    result = run("show", str(VIOLATIONS), "--deal", "3", "--move", "5")
    assert result.exit_code == 0 and "ruling: no rule broken by this move" in result.output


def test_a_draw_from_a_talon_of_unknown_order_is_listed_once():
    document, header = loaded(VIOLATIONS.read_text())
    position = GAME.position(document, header, deal=3, move=14)  # Cecilia draws after her refill placement
    assert position.data["step"] == "draw" and position.data["talon"] == 18
    assert position.legal == ("Cecilia draw (the top talon card)",) and position.recorded == "Cecilia draw QC"


def test_show_after_the_stop_and_at_the_end():
    document, header = loaded(VIOLATIONS.read_text())
    stopped = GAME.position(document, header, deal=1, move=14)
    assert stopped.data["stopped"] == {"move": 13, "rule": R.COMPULSORY}
    assert stopped.legal == () and stopped.to_move == ()
    end = GAME.position(document, header, deal=3, move=58)
    assert end.recorded is None and end.legal == () and end.data["step"] == "over"
    assert end.data["counts"] == {"Anna": 21, "Bo": 6, "Cecilia": 9}
    assert sorted(end.data["sweep"]["cards"]) == sorted(["QD", "7D", "AC", "10C", "8C"])


def test_show_where_the_moves_run_out_before_the_deal_ends():
    text = simulate(preset="tjuv", players=3, seed=4, overrides={}, deals=1)
    document, header = loaded(text)
    moves = document.data["deals"][0]["moves"]
    del moves[10:]
    document, header = loaded(dump_yaml(document.data))
    end = GAME.position(document, header, deal=1, move=11)
    assert end.recorded is None and end.data["step"] == "stopped"
    assert end.data["stopped"]["rule"] == R.END_OF_PLAY and end.legal == ()
    beats = GAME.narrate(document, header)
    assert beats[-1].title == "Stopped" and (beats[-1].first, beats[-1].last) == (0, 0)


def test_show_hides_hands():
    document, header = loaded(VIOLATIONS.read_text())
    shown = GAME.position(document, header, deal=3, move=15)
    hidden = GAME.position(document, header, deal=3, move=15, hide_hands=True)
    assert all(set(h) == {"count"} for h in hidden.data["hands"].values())
    assert {p: h["count"] for p, h in hidden.data["hands"].items()} == {"Anna": 3, "Bo": 3, "Cecilia": 3}
    held = {c for h in shown.data["hands"].values() for c in h["cards"]}
    for line in hidden.lines[1:4]:  # one line per player: name, count, piles
        name, count = line.split()[:2]
        assert count == "3" and not held & set(CARD.findall(line.split("pile")[0]))
        assert not CARD.search(line.split("topped by")[0]), line
    assert hidden.legal == shown.legal and hidden.data["table"] == shown.data["table"]
    result = run("show", str(VIOLATIONS), "--deal", "3", "--move", "15", "--hide-hands")
    assert re.search(r"^  Anna +3 cards +pile topped by AD: 2 cards$", result.output, re.M)
    assert "JD 9D AC" not in result.output.split("legal moves")[0]


@pytest.mark.parametrize("deal, move", [(0, 1), (4, 1), (1, 0), (1, 59), (3, 59)])
def test_numbers_the_transcript_does_not_have(deal, move):
    document, header = loaded(VIOLATIONS.read_text())
    with pytest.raises(ShowError):
        GAME.position(document, header, deal=deal, move=move)


def test_out_of_range_numbers_exit_2_on_the_command_line():
    assert run("show", str(VIOLATIONS), "--move", "59").exit_code == 2
    assert run("show", str(VIOLATIONS), "--deal", "4", "--move", "1").exit_code == 2


def test_a_deal_the_referee_does_not_replay_has_no_position():
    document, header = loaded(VIOLATIONS.read_text())
    data = document.data
    data["deals"][0]["round_two"]["Anna"] = "KC"  # a card in two places: no position
    document, header = loaded(dump_yaml(data))
    position = GAME.position(document, header, deal=1, move=3)
    assert position.data["replayed"] is False and position.legal == () and position.to_move == ()
    beats = [b for b in GAME.narrate(document, header) if b.deal == 1]
    assert [(b.title, b.first, b.last) for b in beats] == [("Not replayed", 1, 57)]


def _check_positions(text: str, *, every: int = 1) -> int:
    document, header = loaded(text)
    checked = 0
    for number, entry in enumerate(document.data["deals"], start=1):
        states = engine_states(document, header, number)
        if states is None:
            continue
        for move in range(1, len(states) + 1, every):
            data = GAME.position(document, header, deal=number, move=move).data
            snap = states[move - 1]
            assert {k: v for k, v in data.items() if k in snap and k != "hands"} == \
                {k: v for k, v in snap.items() if k != "hands"}, (number, move)
            assert {p: h["cards"] for p, h in data["hands"].items()} == snap["hands"]
            checked += 1
    return checked


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_positions_are_the_engine_snapshots_of_the_samples(sample):
    assert _check_positions(sample.read_text()) > 50


# -------------------------------------------------------------- narration

def _assert_partition(document, header) -> list:
    beats = GAME.narrate(document, header)
    for number, entry in enumerate(document.data["deals"], start=1):
        mine = [b for b in beats if b.deal == number]
        covered = sorted(i for b in mine if b.first for i in range(b.first, b.last + 1))
        assert covered == list(range(1, len(entry.get("moves") or ()) + 1)), number
        assert all(b.first <= b.last for b in mine)
        assert mine[-1].title in ("End of the deal", "Stopped", "Not replayed")
    return beats


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_narration_covers_every_move_once_for_the_samples(sample):
    document, header = loaded(sample.read_text())
    beats = _assert_partition(document, header)
    report = GAME.referee(document, header)
    ends = {b.deal for b in beats if b.title == "End of the deal"}
    assert ends == {d.number for d in report.deals if d.settled}


def test_narration_of_the_violations_sample():
    document, header = loaded(VIOLATIONS.read_text())
    beats = GAME.narrate(document, header)
    deal1 = [b for b in beats if b.deal == 1]
    assert (deal1[-2].first, deal1[-2].last) == (13, 13) and (deal1[-1].title, deal1[-1].first) == ("Stopped", 14)
    steal = next(b for b in deal1 if b.first == 11)
    assert steal.title == "Turn 6: Bo" and [who for who, _ in steal.plays] == ["Bo", "Bo"]
    assert [m.group(0) for m in CARD.finditer(steal.plays[0][1])] == ["KS", "7S", "JS"]
    deal3 = [b for b in beats if b.deal == 3]
    assert deal3[-1].title == "End of the deal" and deal3[-1].first == deal3[-1].last == 0
    result = run("replay", str(VIOLATIONS))
    assert result.exit_code == 1 and result.output.splitlines()[-1] == "illegal"


def test_narration_covers_every_move_once_for_simulated_deals():
    for text in simulated(50):
        document, header = loaded(text)
        beats = _assert_partition(document, header)
        assert beats[-1].title == "End of the deal"
        turns = [b for b in beats if b.title.startswith("Turn ")]
        plays = sum(1 for m in document.data["deals"][0]["moves"] if m.split()[1] == "play")
        assert len(turns) == plays


@pytest.mark.parametrize("mode", ["stop", "continue"])
def test_narration_covers_every_move_once_for_broken_deals(mode):
    rng = random.Random(mode)
    for seed in range(25):
        text = simulate(preset="tjuv", players=2 + seed % 4, seed=seed, overrides={"on_violation": mode}, deals=1)
        data = load_document(text).data
        data["deals"][0]["moves"] = edit(rng, data["deals"][0]["moves"], data["players"])
        try:
            document, header = loaded(dump_yaml(data))
            GAME.referee(document, header)
        except Exception as exc:  # an input error (e.g. 'P play none'): nothing to tell
            assert type(exc).__name__ == "InputError"
            continue
        _assert_partition(document, header)


# --------------------------------------------------------------------- HTML

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_the_replay_page_renders_in_headless_chromium_without_console_errors(sample, tmp_path):
    result = run("replay", "--format", "html", str(sample))
    page = result.output
    assert page.startswith("<!DOCTYPE html>") and "Turn 1: " in page
    assert not re.search(r"<script|<link|src=|@import|url\(|https?://", page), "the page must be self-contained"
    for rule in set(re.findall(r'href="#rule-([A-Z]+-[\d.]+)"', page)):
        assert f'id="rule-{rule}"' in page, rule
    (tmp_path / "page.html").write_text(page, encoding="utf-8")
    shot = tmp_path / "page.png"
    browser = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0",
         "--window-size=1200,1600", f"--screenshot={shot}", (tmp_path / "page.html").as_uri()],
        capture_output=True, text=True, timeout=120)
    assert browser.returncode == 0, browser.stderr[-2000:]
    assert "CONSOLE" not in browser.stderr, [line for line in browser.stderr.splitlines() if "CONSOLE" in line]
    assert shot.exists() and shot.stat().st_size > 20_000
