"""`replay` tells each Tjuv event at the move that caused it (issue 18):
every play with what it captured and stole, every draw, placement and
turned card, every pile made, and the sweep at the end, each in the beat
that covers its move, with its cards. The causes come from a replay of the
engine alone, move by move, independently of the views."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games.tjuv import GAME
from referee.games.tjuv.engine import TjuvDeal
from referee.games.tjuv.game import replay_start
from referee.games.tjuv.moves import Draw, Pass, Place, Play, Turn
from referee.games.tjuv.options import TjuvOptions
from referee.games.tjuv.record import read_record
from referee.games.tjuv.simulate import NAMES, generate, simulate, transcript_data
from referee.rulesets import presets
from referee.transcript import read_header
from referee.writer import dump_yaml
from referee.yamldoc import load_document
from tests.tjuv.test_tjuv_property import BROKEN, GENERIC, _named, opts_of, walk

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples" / "tjuv").glob("*.yaml"))
CARD = re.compile(r"\b(?:10|[6-9JQKA])[SHDC]\b")
OWNS = re.compile(r"(\S+) now owns the pile topped by (\S+)")
SWEEPS = re.compile(r"(\S+) played the last card and sweeps ([^;]*)")
SEEDS = 6  # per preset


def _cards(text: str) -> set[str]:
    return set(CARD.findall(text))


class _Causes:
    """What each move of a deal did, by its 1-based index, from the engine alone."""

    def __init__(self, state: TjuvDeal, moves) -> None:
        self.moved: dict[int, set[str]] = {}  # the cards the move moved (or named, when not applied)
        self.piles: dict[str, tuple[int, str]] = {}  # pile top -> (the move that made it, its owner)
        self.swept_at: int | None = None
        players = state.players
        for index, move in enumerate(moves, start=1):
            if state.stopped:
                break
            table, piles = list(state.table), dict(state.piles)
            hand = dict(state.hands[move.player].counts)
            state.apply(move, index)
            after = state.hands[move.player].counts
            if isinstance(move, Play) and len(move.cards) == 1 and move.card in hand and move.card not in after:
                made = [p for top, p in state.piles.items() if piles.get(top) is not p]
                taken = {c.token for c in table if made and c in made[0].cards}  # (the rest of the table is swept)
                stolen = {top.token for top, p in piles.items() if state.piles.get(top) is not p}
                self.moved[index] = {move.card.token} | taken | stolen
            elif isinstance(move, Draw):
                self.moved[index] = {c.token for c in after if c not in hand}
            elif isinstance(move, (Place, Turn)):
                self.moved[index] = {c.token for c in state.table if c not in table}
            elif not isinstance(move, Pass):
                self.moved[index] = {c.token for c in getattr(move, "cards", ())}
            for top, pile in state.piles.items():
                if piles.get(top) is not pile:
                    self.piles[top.token] = (index, players[pile.owner])
            if state.over and self.swept_at is None:
                self.swept_at = index
        self.swept = state.swept


def _entries(beat, moves) -> list[list[int]]:
    """The move indexes each of a turn beat's plays tells: one each, a refill
    placement and the draw after it by the same player together."""
    entries: list[list[int]] = []
    placed = None
    for index in range(beat.first, beat.last + 1):
        move = moves[index - 1]
        if isinstance(move, Draw) and placed == move.player:
            entries[-1].append(index)
            placed = None
            continue
        entries.append([index])
        placed = move.player if isinstance(move, Place) else None
    return entries


def _check(text: str) -> int:
    """Every event of every replayed deal told at its move; the number of events checked."""
    document = load_document(text)
    header = read_header(document)
    options = TjuvOptions.from_values(header.ruleset.values)
    record = read_record(document, header.players)
    beats = GAME.narrate(document, header)
    checked = 0
    for deal in record.deals:
        _, start = replay_start(options, record.players, deal=deal)
        if start is None:
            continue
        moves = deal.moves or ()
        causes = _Causes(TjuvDeal.from_start(options=options, players=record.players, start=start,
                                             deal=deal.number), moves)
        told_piles: dict[str, int] = {}
        told_sweep = None
        for beat in (b for b in beats if b.deal == deal.number and b.first):
            if beat.title == "Stopped":
                continue
            entries = _entries(beat, moves)
            assert len(entries) == len(beat.plays), (deal.number, beat)
            for indexes, (who, what) in zip(entries, beat.plays):
                assert {record.players[moves[i - 1].player] for i in indexes} == {who}, (indexes, beat)
                if "not applied" in what:
                    continue
                expected = set().union(*(causes.moved.get(i, set()) for i in indexes))
                assert _cards(what) == expected, (deal.number, indexes, what, expected)
                checked += 1
            for owner, top in OWNS.findall(beat.outcome):
                made, really = causes.piles[top]
                assert beat.first <= made <= beat.last and owner == really, (deal.number, top, made, beat)
                assert top not in told_piles or told_piles[top] < made, (top, beat)  # told once per pile made
                told_piles[top] = made
                checked += 1
            for who, cards in SWEEPS.findall(beat.outcome):
                assert causes.swept is not None and told_sweep is None
                assert beat.first <= causes.swept_at <= beat.last, (deal.number, causes.swept_at, beat)
                assert who == record.players[causes.swept.owner]
                assert _cards(cards) == {c.token for c in causes.swept.cards}
                told_sweep = causes.swept_at
                checked += 1
        made_and_kept = {top for top, (made, _) in causes.piles.items()}
        assert set(told_piles) == made_and_kept, (deal.number, made_and_kept - set(told_piles))
        assert (told_sweep is None) == (causes.swept is None)
    return checked


@pytest.mark.parametrize("preset", [p.name for p in presets("tjuv")])
def test_every_event_of_a_simulated_deal_is_told_at_its_move(preset):
    for seed in range(SEEDS):
        text = simulate(preset=preset, players=2 + seed % 5, seed=seed, overrides={})
        assert _check(text) > 20, seed


@pytest.mark.parametrize("overrides", [{"steal_mode": "mandatory"}, {"table_refill": "from_talon"},
                                       {"steal_mode": "all_or_none", "on_violation": "continue"}],
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_event_is_told_at_its_move_under_other_options(overrides):
    for seed in range(3):
        assert _check(simulate(preset="tjuv", players=3 + seed, seed=seed, overrides=overrides)) > 20


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_every_event_of_a_sample_is_told_at_its_move(sample):
    assert _check(sample.read_text()) > 0


@pytest.mark.parametrize("broken", BROKEN + GENERIC, ids=lambda b: b.name)
def test_every_event_of_a_broken_deal_is_told_at_its_move(broken):
    """Broken copies (test_tjuv_property's mutations), replayed on under
    on_violation=continue: the moves applied are told at their moves."""
    overrides = {**dict(broken.overrides), "on_violation": "continue"}
    options = opts_of(broken.preset, overrides)
    told = 0
    for seed in range(6):
        players = NAMES[: 2 + seed % 5]
        deals = _named(generate(options=options, players=players, seed=seed, deals=1))
        data = transcript_data(preset=broken.preset, overrides=overrides, options=options, players=players,
                               deals=deals)
        lines = list(data["deals"][0]["moves"])
        for number, (state, move) in enumerate(walk(options, players, deals[0]), start=1):
            if move is None:
                break
            done = broken.mutate(state, move, number, list(lines), players)
            if done is None or done[1] is None:
                continue
            data["deals"][0]["moves"] = done[0]
            _check(dump_yaml(data))
            told += 1
            break
    assert told, broken.name
