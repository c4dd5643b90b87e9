"""Random edits of generated transcripts never crash the referee, and the 36
cards stay conserved after every move under both replay policies (an
impossible action stops before anything moves). The documentation's example
is a legal transcript."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from referee.check import check_text
from referee.games.tjuv.deal import TJUV_PACK, check_deal
from referee.games.tjuv.engine import TjuvDeal
from referee.report import Status

from tests.tjuv.tjuv_support import generated, options, record_of, transcript

DOC = Path(__file__).resolve().parents[2] / "docs" / "tjuv.md"
TOKENS = ["AS", "KH", "10D", "6C", "5H", "JK", "none", "7S", "QC", "9H"]


def edit(rng: random.Random, lines: list[str], players: list[str]) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:
            words = lines[i].split()
            words[0] = rng.choice(players)
            lines[i] = " ".join(words)
        elif kind == 4:
            words = lines[i].split()
            words[-1] = rng.choice(TOKENS)
            lines[i] = " ".join(words)
        else:
            verb = rng.choice(["play", "draw", "place", "turn", "pass"])
            lines.insert(i, f"{rng.choice(players)} {verb} {rng.choice(TOKENS)}".replace(" pass " + TOKENS[0], " pass"))
    return [re.sub(r" pass .*$", " pass", line) for line in lines]


@pytest.mark.parametrize("preset, mode", [("tjuv", "stop"), ("tjuv", "continue"), ("tjuv-schenkmanis", "continue")])
def test_random_edits_never_crash_and_conserve_cards(preset, mode):
    rng = random.Random(f"{preset}-{mode}")
    checked = 0
    for seed in range(60):
        data, _ = generated(preset, players=2 + seed % 5, seed=seed, overrides={"on_violation": mode})
        deal = data["deals"][0]
        deal["moves"] = edit(rng, deal["moves"], data["players"])
        report = check_text(transcript(data))
        if report.status is Status.UNUSABLE:  # e.g. 'P play none': an input error, located
            assert all(p.line for p in report.problems), report.problems
            continue
        record = record_of(data)
        opts = options(table_refill="from_talon" if preset == "tjuv-schenkmanis" else "from_hand",
                       on_violation=mode)
        start = check_deal(opts, record.players, record=record.deals[0]).start
        checked += 1
        state = TjuvDeal.from_start(options=opts, players=record.players, start=start)
        for move in record.deals[0].moves:
            state.apply(move)
            assert state.census() == TJUV_PACK, (seed, move)
        state.finish()
        assert state.census() == TJUV_PACK
    assert checked >= 30


def test_the_documentation_example_is_legal():
    text = DOC.read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    report = check_text(example)
    assert report.status is Status.LEGAL and report.deals[0].settled
