"""`referee show`, `referee replay` and the HTML page, for every game's samples."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.colour import paint, wanted

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.yaml"))
DISPUTED = ROOT / "samples" / "getaway" / "disputed-revoke.yaml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True,
                          env={**base, **(env or {})}, timeout=120, cwd=ROOT)


def legal_moves(out: str) -> list[str]:
    """The moves of show's grouped list (`E play: 8C 9C`, continuation lines indented further)."""
    block = re.search(r"^legal moves \(\d+\):\n((?:  .*\n)+)", out, re.M).group(1)
    groups: list[str] = []
    for line in block.splitlines():
        if line.startswith("   "):
            groups[-1] += " " + line.strip()
        else:
            groups.append(line.strip())
    moves = []
    for group in groups:
        head, colon, items = group.partition(": ")
        if not colon or items.endswith("(cards hidden)"):
            moves.append(group)
            continue
        moves.extend(f"{head} {item}" for item in items.split(", " if ", " in items else " "))
    return moves


def test_show_at_an_illegal_move_gives_position_alternatives_and_ruling():
    result = run("show", str(DISPUTED), "--move", "32")
    assert result.returncode == 1
    out = result.stdout
    assert "trick 7 in progress, led by S; E to play" in out
    assert re.search(r"^  E +8 cards: 10D 9D AC QC JC 10C 9C 8C$", out, re.M)
    assert legal_moves(out) == [f"E play {c}" for c in ("8C", "9C", "10C", "JC", "QC", "AC")]  # in rank order
    assert "recorded: E play 10D" in out
    assert re.search(r"^  .*:51:9: GW-4\.4 deal 1, move 32: ", out, re.M)
    assert "GW-4.4 Revoke (false tochoo): Playing a different suit while able to follow" in out
    assert "GW-4.1 Standard penalty:" in out


def test_show_hides_hands_and_speaks_json():
    hidden = run("show", str(DISPUTED), "--move", "32", "--hide-hands").stdout
    assert re.search(r"^  E +8 cards$", hidden, re.M) and "10D 9D" not in hidden
    data = json.loads(run("show", str(DISPUTED), "--move", "37", "--format", "json").stdout)
    assert data["recorded"] == "N play 7D" and [f["rule"] for f in data["findings"]] == ["GW-4.2"]
    assert data["position"]["hands"]["N"]["count"] == 10


def test_show_a_legal_move_and_numbers_out_of_range():
    result = run("show", str(DISPUTED), "--move", "2")
    assert result.returncode == 0 and "ruling: no rule broken by this move" in result.stdout
    assert "before trick 1: W leads AS" in result.stdout
    legal = legal_moves(result.stdout)
    assert set(legal) == {"W play AS", "N take E", "E take S", "S take W", "W take N"}  # takes are allowed too
    assert run("show", str(DISPUTED), "--move", "999").returncode == 2
    assert run("show", str(DISPUTED), "--deal", "2", "--move", "1").returncode == 2


def test_replay_tells_the_game_with_findings_inline():
    result = run("replay", str(DISPUTED))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    trick7 = next(i for i, line in enumerate(lines) if line.strip().startswith("Trick 7"))
    assert "E 10D (penalised)" in lines[trick7] and "GW-4.4" in lines[trick7 + 1]
    assert lines[-1] == "illegal" and any("loser E" in line for line in lines)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_sample_replays_and_renders(sample, tmp_path):
    text = run("replay", str(sample))
    assert text.returncode in (0, 1), text.stdout + text.stderr
    assert len(text.stdout.splitlines()) > 3
    page = run("replay", "--format", "html", str(sample))
    assert page.returncode == text.returncode
    html = page.stdout
    assert html.startswith("<!DOCTYPE html>") and "</html>" in html
    assert not re.search(r"<script|<link|src=|@import|url\(|https?://", html), "the page must be self-contained"
    for rule in set(re.findall(r'href="#rule-([A-Z]+-[\d.]+)"', html)):
        assert f'id="rule-{rule}"' in html
    (tmp_path / "page.html").write_text(html)


def test_check_html_lists_findings_with_linked_rules():
    page = run("check", "--format", "html", str(DISPUTED), str(ROOT / "samples" / "getaway" / "seed-000-example.yaml"))
    assert page.returncode == 1
    assert page.stdout.count('<section id="file-') == 2  # one section per file, after an index of both
    assert page.stdout.count('<a href="#file-') == 2
    assert 'href="#rule-GW-4.4"' in page.stdout and 'id="rule-GW-4.4"' in page.stdout
    assert '<span class="card red" title="10D">10\u2666</span>' in page.stdout


def _two_per_game() -> list[Path]:
    """Each game's first sample and its sample with violations."""
    chosen = []
    for folder in sorted({p.parent for p in SAMPLES}):
        files = sorted(folder.glob("*.yaml"))
        broken = [p for p in files if "violation" in p.name or "disputed" in p.name]
        chosen.extend(dict.fromkeys([files[0], *broken[:1]]))
    return chosen


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
@pytest.mark.parametrize("sample", _two_per_game(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_page_renders_in_headless_chromium_without_console_errors(sample, tmp_path):
    page = tmp_path / "page.html"
    page.write_text(run("replay", "--format", "html", str(sample)).stdout)
    shot = tmp_path / "page.png"
    result = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0",
         "--window-size=1200,1600", f"--screenshot={shot}", page.as_uri()],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "CONSOLE" not in result.stderr, [line for line in result.stderr.splitlines() if "CONSOLE" in line]
    assert shot.exists() and shot.stat().st_size > 20_000  # a blank page is a few KB


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wanted(_Terminal()) and not wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wanted(_Terminal())
    painted = paint("f.yaml:3:1: GW-4.4 deal 1, move 2: E plays 10D\nf.yaml: illegal (1 finding)")
    assert "\033[" in painted and painted.replace("\033[1;35m", "").count("GW-4.4") == 1
    assert "\033[" not in run("check", str(DISPUTED)).stdout  # a pipe is not a terminal


def test_shell_completion_offers_games_presets_options_and_rule_ids():
    def complete(words: str) -> list[str]:
        result = run(env={"_REFEREE_COMPLETE": "bash_complete", "COMP_WORDS": words,
                          "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))})
        return [line.split(",", 1)[1] for line in result.stdout.splitlines() if "," in line]
    assert "getaway" in complete("referee simulate ")
    assert "donkey" in complete("referee simulate getaway --preset ")
    assert "take_hand=" in complete("referee simulate getaway -o ta")
    assert "GW-4.4" in complete("referee explain GW-4.")
