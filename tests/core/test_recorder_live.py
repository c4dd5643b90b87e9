"""`referee record` in-process (issue 18): the recorder keeps the last
deal's `State` live through the driver (`driver.live`) and applies each
move to it; after every move its rulings (by rule, deal and move) and where
the game stands (who is to play, how many legal moves) are what `referee
check` says of the file it has written. Also: an ordinary move replays
nothing (no check, no driver replay), and a late declaration that withdraws
a deal's ruling (a deal check that reads the deal's moves) is withdrawn at once."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from pathlib import Path

import pytest

from referee.check import check_text
from referee.core import driver
from referee.recorder import Recorder
from referee.yamldoc import load_document

#: game -> (preset, players, seed, options, simulate keywords)
GAMES = {
    "getaway": ("getaway", 3, 2, {}, {}),
    "tjuv": ("tjuv", 2, 1, {}, {}),
    "game-flip-flop": ("dayton", 3, 0, {}, {"deals": 2}),
    "vazhushal": ("vazhushal", 2, 1, {"match_wins": "1"}, {}),
}
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def simulated(game: str, seed: int | None = None) -> dict:
    preset, players, default, options, extra = GAMES[game]
    module = importlib.import_module(f"referee.games.{game.replace('-', '')}.simulate")
    text = module.simulate(preset=preset, players=players, seed=default if seed is None else seed,
                           overrides=options, **extra)
    return load_document(text, name="sim").data


def where(findings) -> Counter:
    return Counter(f.where for f in findings)


def standing(progress) -> tuple | None:
    return None if progress is None else (progress.state, progress.deal, progress.move, progress.to_play,
                                          progress.legal_moves)


def recorder_for(path: Path, data: dict) -> Recorder:
    head = {k: v for k, v in data.items() if k not in ("deals", "claims")}
    head["in_progress"] = True
    head["deals"] = []
    return Recorder(path, head, say=lambda _: None)


def record(path: Path, data: dict, *, edit=lambda deal, moves: moves, compare: bool = True) -> Recorder:
    """Record `data` deal by deal (each deal's parts, claims included, then its
    moves one by one, as `edit` gives them); after each move, compare with the check."""
    recorder = recorder_for(path, data)
    for number, raw in enumerate(data["deals"], start=1):
        if recorder.deals and (recorder.progress is None or recorder.progress.state != "between_deals"):
            break
        recorder.deals.append({**{k: v for k, v in raw.items() if k != "moves"}, "moves": []})
        recorder.data["in_progress"] = True
        recorder.deal_problems()
        recorder.save()
        for line in edit(number, list(raw.get("moves") or ())):
            if recorder.progress is None or recorder.progress.state == "between_deals":
                break
            move, problems = recorder.read_move(line)
            assert move is not None, problems
            recorder.play(line, move)
            if compare:
                report = check_text(path.read_text(), name=str(path))
                assert where(recorder.findings) == where(report.findings), (number, len(recorder.moves), line)
                assert standing(recorder.progress) == standing(report.in_progress), (number, len(recorder.moves))
                assert recorder.exit_code == report.exit_code
    return recorder


def swapped(seed: int):
    """Two moves of each deal swapped (an illegal move, often a stop, and moves after it)."""
    rng = random.Random(seed)

    def edit(deal: int, moves: list) -> list:
        if len(moves) > 3:
            i, j = rng.randrange(len(moves) - 1), rng.randrange(1, len(moves))
            moves[i], moves[j] = moves[j], moves[i]
        return moves
    return edit


@pytest.mark.parametrize("game", list(GAMES))
def test_rulings_after_every_move_are_checks_over_the_written_file(game, tmp_path):
    data = simulated(game)
    recorder = record(tmp_path / "legal.yaml", data)
    assert not any(f.is_error for f in recorder.findings)
    for seed in range(3):
        record(tmp_path / f"broken-{seed}.yaml", data, edit=swapped(seed))


@pytest.mark.parametrize("sample", sorted(p.relative_to(SAMPLES).as_posix() for p in SAMPLES.glob("*/*.yaml")))
def test_each_sample_recorded_again_is_ruled_as_check_rules_it(sample, tmp_path):
    data = load_document((SAMPLES / sample).read_text(), name=sample).data
    if any("moves" not in d for d in data["deals"]):
        pytest.skip("a deal without moves (an outcome-only record) is not recorded move by move")
    recorder = record(tmp_path / "again.yaml", data, compare=False)
    report = check_text((tmp_path / "again.yaml").read_text(), name="again")
    assert where(recorder.findings) == where(report.findings)
    assert standing(recorder.progress) == standing(report.in_progress)


def test_a_late_declaration_withdraws_the_deals_ruling_at_once(tmp_path):
    """Vazhushal's deal check reads the deal's moves: a hand of three doubles
    not declared is VZ-2.8 at the deal, until a later `declare` (VZ-2.9 at its move)."""
    from referee.games.vazhushal.simulate import simulate

    data = load_document(simulate(preset="vazhushal", players=3, seed=1, overrides={"match_wins": "1"}),
                         name="sim").data  # two packs
    deal = data["deals"][0]
    first, *others = data["players"]
    mine = deal["hands"][first].split()
    dealt = {*(c for p in others for c in deal["hands"][p].split()), str(deal["negative"]), str(deal["first"])}
    single = [c for c in mine if mine.count(c) == 1 and c not in dealt and c != "JK"]
    for copied, gone in zip(single[:3], single[3:6]):  # the second copy of three cards (two packs), for three others
        mine[mine.index(gone)] = copied
    deal["hands"][first] = " ".join(mine)
    recorder = record(tmp_path / "late.yaml", data,
                      edit=lambda number, moves: [f"{first} declare", *moves[:5]])
    said = [f for f in recorder.findings if f.rule in ("VZ-2.8", "VZ-2.9")]
    assert [(f.rule, f.move) for f in said] == [("VZ-2.9", 1)]


def test_an_ordinary_move_replays_nothing(tmp_path, monkeypatch):
    """Counted while recording a deal: the check, the driver's full judging
    and a whole deal's replay (`Replay.rest`) are not run per move."""
    import referee.check

    calls: Counter = Counter()

    def counted(owner, name: str) -> None:
        real = getattr(owner, name)

        def wrapper(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        monkeypatch.setattr(owner, name, wrapper)

    data = simulated("getaway")
    recorder = recorder_for(tmp_path / "count.yaml", data)
    recorder.deals.append({**{k: v for k, v in data["deals"][0].items() if k not in ("moves", "claims")},
                           "moves": []})
    recorder.deal_problems()
    for owner, name in ((referee.check, "referee_source"), (referee.check, "check_text"), (driver, "judge"),
                        (driver, "play_deal"), (driver.Replay, "rest"), (driver.Live, "__init__")):
        counted(owner, name)
    moves = data["deals"][0]["moves"]
    for line in moves[:30]:
        move, _ = recorder.read_move(line)
        recorder.play(line, move)
    assert len(recorder.moves) == 30 and recorder.progress is not None and recorder.progress.state == "playing"
    assert sum(calls.values()) == 0, calls
