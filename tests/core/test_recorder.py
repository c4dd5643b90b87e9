"""`referee record` (issue 18), driven through a real pseudo-terminal with
pexpect: a whole seeded simulated game of each game fed through the prompts
gives the same transcript, legal under `referee check`; tab completion;
a hand refused at once; a line that is no move refused; an illegal move
kept and ruled with its rule ID, as `check` rules it; undo; SIGKILL in the
middle and a resume that goes on."""

from __future__ import annotations

import importlib
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from referee.check import check_file
from referee.writer import dump_yaml
from referee.yamldoc import load_document

pexpect = pytest.importorskip("pexpect")

#: game -> (preset, players, seed, options, simulate keywords): short games
GAMES = {
    "getaway": ("getaway", 2, 1, {}, {}),
    "tjuv": ("tjuv", 2, 1, {}, {}),
    "game-flip-flop": ("dayton", 3, 0, {}, {"deals": 1}),
    "vazhushal": ("vazhushal", 2, 1, {"match_wins": "1"}, {}),
}
PROMPT = re.compile(r"([^\r\n]*?)(?: \[([^\]\r\n]*)\])?> ")


def simulated(game: str) -> dict:
    preset, players, seed, options, extra = GAMES[game]
    module = importlib.import_module(f"referee.games.{game.replace('-', '')}.simulate")
    text = module.simulate(preset=preset, players=players, seed=seed, overrides=options, **extra)
    return load_document(text, name="sim").data


def spawn(path, *args: str):
    child = pexpect.spawn(sys.executable, ["-m", "referee", "record", str(path), *args], encoding="utf-8",
                          timeout=30, dimensions=(50, 300))
    child.delaybeforesend = None
    return child


def start(game: str, path):
    preset, _, _, options, _ = GAMES[game]
    sim = simulated(game)
    extra = [a for k, v in options.items() for a in ("-o", f"{k}={v}")]
    return sim, spawn(path, "--game", game, "--preset", preset, "--players", ",".join(sim["players"]),
                      "--dealer", sim["deals"][0]["dealer"], *extra)


def feed(child, sim: dict, *, deal: int = 0, skip: int = 0, kill_after: int | None = None) -> None:
    """Answer every prompt from the simulated transcript: parts, dealers, moves; no deal beyond it.
    `kill_after`: SIGKILL the recorder at the prompt after that many moves."""
    moves = list(sim["deals"][deal].get("moves") or ())[skip:]
    fed = 0
    while True:
        if child.expect([PROMPT, pexpect.EOF]) == 1:
            return
        what = child.match.group(1).strip()
        if what.endswith("to play") or what == "move":
            if kill_after is not None and fed == kill_after:
                child.kill(signal.SIGKILL)
                child.close()
                return
            if not moves:
                child.sendline("quit")
                continue
            child.sendline(moves.pop(0))
            fed += 1
        elif what.startswith("start deal"):
            deal += 1
            if deal < len(sim["deals"]):
                moves = list(sim["deals"][deal].get("moves") or ())
                child.sendline("y")
            else:
                child.sendline("n")
        elif what == "dealer":
            child.sendline(sim["deals"][deal]["dealer"])
        else:
            key, _, player = what.removesuffix(" (optional)").partition(" ")
            source = sim["deals"][deal] if key in sim["deals"][deal] else sim
            value = source.get(key, "")
            child.sendline(str(value.get(player, "") if player else value))


#: a closing marker the simulation writes and the referee does not need (the game is over without it)
END_MARKERS = ("end out",)


def substance(data: dict) -> dict:
    data = {k: v for k, v in data.items() if k not in ("claims", "in_progress")}
    data["deals"] = [{k: v for k, v in d.items() if k != "claims"} for d in data["deals"]]
    for d in data["deals"]:
        if d.get("moves") and d["moves"][-1] in END_MARKERS:
            d["moves"] = d["moves"][:-1]
    return data


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_recorded_is_the_game_played(game, tmp_path):
    path = tmp_path / "game.yaml"
    sim, child = start(game, path)
    feed(child, sim)
    child.close()
    recorded = load_document(path.read_text(), name="rec").data
    assert substance(recorded) == substance(sim)
    report = check_file(str(path))
    assert report.exit_code == 0 and not any(f.is_error for f in report.findings)
    ends = recorded.get("in_progress") is not True
    assert ends == (report.in_progress is None)


def _getaway(tmp_path):
    path = tmp_path / "g.yaml"
    sim, child = start("getaway", path)
    for player in sim["players"]:
        child.expect(f"hands {player}> ")
        child.sendline(sim["deals"][0]["hands"][player])
    child.expect("to play> ")
    return path, sim, child


def test_tab_completes_a_legal_move(tmp_path):
    path, sim, child = _getaway(tmp_path)
    child.send("Asha p\t")
    child.expect("Asha play AS")
    child.sendline("")
    child.expect("to play> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert load_document(path.read_text(), name="g").data["deals"][0]["moves"] == ["Asha play AS"]


def test_a_bad_hand_is_asked_again_with_the_referees_message(tmp_path):
    path = tmp_path / "g.yaml"
    sim, child = start("getaway", path)
    hands = sim["deals"][0]["hands"]
    first, second = sim["players"]
    child.expect(f"hands {first}> ")
    child.sendline(hands[first].replace("AS", "1OS", 1))
    child.expect("did you mean")
    child.expect(f"hands {first}> ")
    child.sendline(" ".join(hands[first].split()[1:]))  # one card short
    child.expect(f"hands {first}> ")
    child.sendline(hands[first])
    child.expect(f"hands {second}> ")
    child.sendline(" ".join(hands[first].split()[:1] + hands[second].split()[1:]))  # a card already dealt
    child.expect("already entered")
    child.expect(f"hands {second}> ")
    child.sendline(hands[second])
    child.expect("to play> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert load_document(path.read_text(), name="g").data["deals"][0]["hands"] == hands


def test_an_illegal_move_is_kept_and_ruled_as_check_rules_it_and_undone(tmp_path):
    path, sim, child = _getaway(tmp_path)
    child.sendline("Asha dances")  # no move line: refused, not written
    child.expect("not recorded")
    child.expect("to play> ")
    assert "moves: []" in path.read_text()
    child.sendline("Bilal play 2S")  # out of turn: the table played it
    child.expect(r"ruling: (GW-\d+\.\d+) \(deal 1, move 1")
    said = child.match.group(1)
    child.expect("> ")
    report = check_file(str(path))
    assert report.exit_code == 1
    assert said in {f.rule for f in report.findings if f.where[:2] == (1, 1)}
    child.sendline("undo")
    child.expect("removed move 1")
    child.expect("to play> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert load_document(path.read_text(), name="g").data["deals"][0]["moves"] == []
    assert check_file(str(path)).exit_code == 0


@pytest.mark.parametrize("game", list(GAMES))
def test_killed_mid_game_then_resumed_goes_on(game, tmp_path):
    path = tmp_path / "game.yaml"
    sim, child = start(game, path)
    feed_until = 20
    feed(child, sim, kill_after=feed_until)
    assert child.signalstatus == signal.SIGKILL
    moves = sim["deals"][0]["moves"]
    data = load_document(path.read_text(), name="cut").data
    assert data["in_progress"] is True and data["deals"][0]["moves"] == moves[:feed_until]
    child = spawn(path)
    feed(child, sim, skip=feed_until)
    child.close()
    recorded = load_document(path.read_text(), name="rec").data
    assert substance(recorded) == substance(sim)
    assert check_file(str(path)).exit_code == 0


def test_an_illegal_move_is_ruled_at_once_with_its_penalty_on_a_resumed_file(tmp_path):
    """The disputed sample cut before its revoke, resumed: the revoke typed is
    GW-4.4 with the GW-4.1 penalty, as `check` rules the file written."""
    sample = Path(__file__).resolve().parents[2] / "samples" / "getaway" / "disputed-revoke.yaml"
    data = load_document(sample.read_text(), name="sample").data
    moves = data["deals"][0]["moves"]
    data["deals"][0]["moves"] = moves[:31]
    data["deals"][0].pop("claims", None)
    path = tmp_path / "disputed.yaml"
    path.write_text(dump_yaml({**data, "in_progress": True}))
    child = spawn(path)
    child.expect("E to play> ")
    child.sendline(moves[31])
    child.expect(r"ruling: GW-4\.4 \(deal 1, move 32, E\): [^\r\n]*; penalty: GW-4\.1: E takes 2C 5C 3C 10D and leads"
                 r" trick 8")
    child.expect("to play> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    report = check_file(str(path))
    assert [(f.where, f.penalty.text() if f.penalty else None) for f in report.findings] == [
        ((1, 32, "GW-4.4"), "GW-4.1: E takes 2C 5C 3C 10D and leads trick 8")]


def test_the_readmes_recorded_session_is_what_the_recorder_prints(tmp_path):
    """README's session typed again: the same prompts, answers and output; then `check` as it shows."""
    import io
    import subprocess

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    block = re.search(r"```text\n(\$ referee record .*?)```", readme, re.DOTALL).group(1)
    command, *lines = block.splitlines()
    at = lines.index("$ referee check game.yaml")
    session, checked = lines[:at], lines[at + 1:]
    child = pexpect.spawn(sys.executable, ["-m", "referee", *command.split()[2:]], cwd=str(tmp_path),
                          encoding="utf-8", timeout=30, dimensions=(50, 300))
    child.delaybeforesend = None
    child.logfile_read = log = io.StringIO()
    for line in session:
        typed = re.match(r"^(\S[^>]*)> (.*)$", line)
        if typed:
            child.expect_exact(f"{typed.group(1)}> ")
            child.sendline(typed.group(2))
    child.expect(pexpect.EOF)
    child.close()
    assert log.getvalue().replace("\r", "").splitlines() == session
    result = subprocess.run([sys.executable, "-m", "referee", "check", "game.yaml"], cwd=tmp_path,
                            capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    assert result.stdout.splitlines() == checked
