"""Seeded line-level mutations of every sample (lines dropped, repeated,
swapped, a word or a value replaced) never raise: `check`, the renderers,
`replay` and `show` answer each with a report, a finding, an input error or
a ShowError."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee.check import referee_source
from referee.errors import InputError
from referee.games import get_game
from referee.games.table import ShowError
from referee.html import html_page
from referee.render import render_json, render_text
from referee.source import Source
from referee.views import replay_text, show_text

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").glob("*/*.yaml"))
TOKENS = ["AS", "10H", "JK", "zz", "-1", "0", "99", "yes", "no", "~", "[]", "{}", "'x'", "N", "take", "play",
          "draw", "waste", "meld", "2.50", "1/3", "JK=3H", "capture", "none"]
RUNS = 150


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i, op = rng.randrange(len(lines)), rng.random()
        if op < 0.15:
            del lines[i]
        elif op < 0.3 and ":" in lines[i]:
            lines[i] = lines[i].split(":")[0] + ": " + rng.choice(TOKENS)
        elif op < 0.45:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op < 0.8:
            words = lines[i].split(" ")
            words[rng.randrange(len(words))] = rng.choice(TOKENS)
            lines[i] = " ".join(words)
        else:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


@pytest.mark.parametrize("game", sorted({p.parent.name for p in SAMPLES}))
def test_mutated_samples_never_raise(game):
    rng = random.Random(game)
    paths = [p for p in SAMPLES if p.parent.name == game]
    outcomes = set()
    for _ in range(RUNS):
        path = rng.choice(paths)
        text = mutate(path.read_text(encoding="utf-8"), rng)
        try:
            report, document, header = referee_source(Source(str(path), text))
        except InputError:
            outcomes.add("unusable")
            continue
        render_text([report]), render_json([report])
        outcomes.add(report.status.value)
        if document is None:
            continue
        referee = get_game(header.game)
        beats = referee.narrate(document, header)
        replay_text(report, beats)
        html_page([report], beats={report.file: beats})
        deals = document.data["deals"]
        number = rng.randint(1, len(deals))
        raw = deals[number - 1]
        moves = raw.get("moves") if isinstance(raw, dict) else None
        try:
            show_text(report, referee.position(document, header, deal=number,
                                               move=rng.randint(1, len(moves or ()) + 1)))
        except ShowError:
            outcomes.add("show-error")
    assert {"legal", "illegal"} & outcomes and ({"unusable", "illegal"} & outcomes), outcomes
