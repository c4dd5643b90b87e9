"""`show` one past the last move of a record in progress: the deal goes on,
so the table shows who is to play and the moves legal now, never a result
(issue 18: a record cut at the disputed move)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import referee
from referee.cli import main
from referee.games import REGISTRY, get_game

GAMES = [("getaway", 4, 3), ("tjuv", 3, 3), ("game-flip-flop", 3, 3), ("vazhushal", 3, 3)]


def _cut(text: str, keep: int) -> str:
    """The transcript with only the first `keep` moves of its first deal, no
    later deal and no claims, marked in progress."""
    out: list[str] = []
    in_moves, seen = False, 0
    for line in text.splitlines():
        stripped = line.lstrip()
        if stripped.startswith("moves:"):
            in_moves = True
            out.append(line)
            continue
        if in_moves:
            if stripped.startswith("- ") and line.startswith(" " * 6):
                seen += 1
                if seen <= keep:
                    out.append(line)
                continue
            break  # the end of the first deal's moves: nothing after it is kept
        out.append(line)
    text = "\n".join(out) + "\n"
    return text.replace("format: 1\n", "format: 1\nin_progress: true\n", 1)


@pytest.mark.parametrize("game,players,seed", GAMES)
def test_show_after_the_last_move_of_a_record_in_progress_lists_the_legal_moves(tmp_path, game, players, seed):
    full = get_game(game).simulate(preset=REGISTRY[game].default_preset, players=players, seed=seed)
    text = _cut(full, 12)
    report = referee.check_text(text, name="cut.yaml")
    assert report["status"] == "legal", report["findings"]
    progress = report["in_progress"]
    assert progress["state"] == "playing" and progress["move"] == 12
    path = tmp_path / "cut.yaml"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["show", str(path), "--move", "13", "--format", "json"])
    assert out.exit_code == 0, out.output
    shown = json.loads(out.output)
    assert "result" not in shown["position"]
    assert shown["to_move"] == progress["to_play"]
    assert shown["legal"] or shown.get("legal_hidden")
    assert not shown["findings"]

