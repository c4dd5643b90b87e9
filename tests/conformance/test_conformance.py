"""The conformance suite (OpenSpiel's `random_sim_test`): for every game in
the registry and every preset of it, seeded simulated games

- replay with no finding, and the same seed gives the same text;
- keep every card: the deal's census after every move is the one it
  opened with, the same in every deal;
- have zero-sum money tables (the report's settlement and deal data);
- are legal move by move through the core driver: each recorded move is
  one of the state's `legal_moves()` (as `play_on()` lists them) by a seat
  `to_play()` names, no move has a finding, the deal is over at its end,
  and a state stepped this way ends as the plain replay does;
- are shown as checked: `show` (`Game.position`) at seeded moves is the
  state the driver's replay reaches there (its table data, who is to play);
- and their broken copies (a card the player does not hold, a move by a
  player not to play, a move repeated, the record cut short where it may
  not end) are caught
  with the game's rule at the broken move and nothing earlier, with the
  findings `show`'s replay reaches being the check's.

The game-specific facts (rules per broken copy, money fields, record marks)
are in `tables.py`. REFEREE_PROPERTY_GAMES sets the seeded games per preset
(default 3).
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import random
from dataclasses import dataclass
from functools import cache
from typing import Any, Iterator

import pytest

from referee.cards import Card
from referee.check import check_text
from referee.core import driver
from referee.core.state import State
from referee.errors import InputError
from referee.games import REGISTRY
from referee.report import Status
from referee.rulesets import presets
from referee.transcript import read_header
from referee.writer import dump_yaml
from referee.yamldoc import load_document
from tests.conformance.minigame import registered
from tests.conformance.tables import Table, table_of

GAMES = int(os.environ.get("REFEREE_PROPERTY_GAMES", "3"))
COUNTS = range(2, 9)  # player counts tried, from one that turns with the seed
SHOWN = 3  # positions per game compared between show and check
KINDS = ("not_held", "wrong_player", "duplicated", "truncated")


# ------------------------------------------------------------ the cases


#: Games whose port onto the core has not landed yet (their parametrizations are expected to fail).
NOT_YET: set[str] = set()
#: Known gaps of a ported game, by test: the reason it is expected to fail until the game is fixed.
GAPS: dict[tuple[str, str], str] = {}


def _gap(name: str, test: str) -> None:
    reason = GAPS.get((name, test))
    if reason is not None:
        pytest.xfail(reason)


def _ported(name: str) -> bool:
    """The game runs on the core: its `Game` gives the driver a `Match`."""
    if name in NOT_YET:
        return False
    try:
        return callable(getattr(REGISTRY.game(name), "match", None))
    except Exception:  # a port in the middle of its edit
        return False


def _cases() -> Iterator[Any]:
    with registered() as extra:
        names = [entry.name for entry in REGISTRY]
        for name in names:
            marks = [] if name in extra or _ported(name) else \
                [pytest.mark.xfail(reason="not yet on the core", strict=False)]
            for preset in presets(name):
                yield pytest.param(name, preset.name, id=f"{name}:{preset.name}", marks=marks)


CASES = list(_cases())


@pytest.fixture(autouse=True)
def _with_the_test_game():
    """The test-only game is in the registry while a test runs, and only then."""
    with registered():
        yield


@dataclass(frozen=True)
class Game:
    """One seeded simulated transcript, read."""

    name: str
    preset: str
    seed: int
    players: int
    text: str
    options: tuple[tuple[str, str], ...] = ()

    @property
    def engine(self) -> Any:
        return REGISTRY.game(self.name)

    @property
    def table(self) -> Table:
        return table_of(self.name)

    def read(self, text: str | None = None) -> tuple[Any, Any]:
        document = load_document(self.text if text is None else text)
        return document, read_header(document)

    def match(self, text: str | None = None) -> Any:
        """A fresh `Match` of the transcript (or of `text`, a broken copy of it)."""
        document, header = self.read(text)
        return self.engine.match(self.engine.read(document, header), header)

    def write(self, move: Any, players: tuple[str, ...]) -> str:
        return importlib.import_module(REGISTRY[self.name].module + ".moves").write_move(move, players)


@cache
def simulated(name: str, preset: str, seed: int, options: tuple[tuple[str, str], ...] = ()) -> Game:
    """Seed `seed` of `preset`, at the first player count from `2 + seed % 7` on that the game takes."""
    engine = REGISTRY.game(name)
    for k in range(len(COUNTS)):
        players = COUNTS[(seed + k) % len(COUNTS)]
        try:
            text = engine.simulate(preset=preset, players=players, seed=seed, options=dict(options))
        except InputError:
            continue
        return Game(name, preset, seed, players, text, options)
    raise AssertionError(f"{name} {preset}: no player count from 2 to 8 is simulated")


def seeded(name: str, preset: str) -> list[Game]:
    return [simulated(name, preset, seed) for seed in range(1, GAMES + 1)]


def _errors(report) -> list:
    return [f for f in report.findings if f.is_error]


# ------------------------------------------------------- legal games


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_seeded_games_replay_clean(name, preset):
    for game in seeded(name, preset):
        report = check_text(game.text, name=f"{name}-{preset}-s{game.seed}")
        found = [f for f in report.findings if f.rule not in game.table.advisory or f.is_error]
        assert report.status is Status.LEGAL and found == [], \
            (game.seed, game.players, [f.to_data() for f in report.findings[:3]])
        assert report.deals and all(deal.settled for deal in report.deals), game.seed


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_the_same_seed_gives_the_same_text(name, preset):
    game = simulated(name, preset, 1)
    assert game.engine.simulate(preset=preset, players=game.players, seed=1, options={}) == game.text
    other = simulated(name, preset, 2)
    assert other.text != game.text


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_payouts_sum_to_zero(name, preset):
    table = table_of(name)
    games = seeded(name, preset)
    if table.money_options:
        games += [simulated(name, preset, g.seed, tuple(sorted(table.money_options.items()))) for g in games]
    tables = 0
    for game in games:
        report = check_text(game.text)
        assert report.status is Status.LEGAL, (game.seed, game.options, [f.to_data() for f in report.findings[:3]])
        for what, amounts in table.money(report.settlement, [deal.data for deal in report.deals]):
            assert sum(amounts) == 0, (game.seed, game.options, what, amounts)
            tables += 1
    if table.money_options:
        assert tables, "the money options put no payout table in any report"


def _walk(game: Game) -> Iterator[tuple[int, Any, Any, Any]]:
    """Every move the driver replays, as (deal number, its Replay, the move,
    the legal moves before it; None for a mark of the record), each checked
    against the state before it and its census after it; each deal finished."""
    match = game.match()
    table = game.table
    packs = []
    for number, run in enumerate(driver.walk(match), start=1):
        state = run.state
        if state is None:  # a deal settled by its record alone (no moves to replay)
            continue
        assert isinstance(state, State), type(state)
        pack = state.census()
        packs.append(pack)
        assert sum(pack.values()) > 0 and pack == packs[0], (game.seed, number)
        while run.index < len(run.opening.moves):
            move, index = run.next_move(), run.index + 1
            mark = type(move).__name__ in table.marks
            # a mark of the record may follow the end (Vazhushal's `end out`)
            assert not state.stopped and (mark or not state.over), (game.seed, number, index)
            legal = None
            if not mark:
                legal = state.play_on()
                assert legal is not None and _listed(table, move, legal), (game.seed, number, index, move)
                if hasattr(move, "player") and type(move).__name__ not in table.anyone:
                    assert move.player in state.to_play(), (game.seed, number, index, move, state.to_play())
            yield number, run, move, legal
            assert run.step() == [], (game.seed, number, index, move)
            assert state.census() == pack, (game.seed, number, index)
        assert run.finish() == [], (game.seed, number)
        assert state.over and state.play_on() is None and state.census() == pack, (game.seed, number)


def _listed(table: Table, move: Any, legal: list) -> bool:
    """The recorded move is one of the legal ones (in what the record leaves out, any of them)."""
    if move in legal:
        return True
    left = {f: None for f in table.unnamed.get(type(move).__name__, ()) if getattr(move, f) is None}
    return bool(left) and any(type(m) is type(move) and dataclasses.replace(m, **left) == move for m in legal)


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_every_recorded_move_is_legal_and_every_card_kept(name, preset):
    _gap(name, "legal")
    for game in seeded(name, preset):
        moves = results = 0
        plain = [run.rest() for run in driver.walk(game.match())]  # the check's replay, held open
        stepped: dict[int, Any] = {}
        for number, run, _, _ in _walk(game):
            stepped[number] = run
            moves += 1
        for number, run in stepped.items():
            other = plain[number - 1]
            other.finish()
            assert other.findings == [] and other.state.result() == run.state.result(), (game.seed, number)
            results += 1
        assert moves and results, game.seed


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_show_is_the_checked_state(name, preset):
    for game in seeded(name, preset):
        rng = random.Random(game.seed)
        document, header = game.read()
        deals = [(number, len(run.opening.moves)) for number, run in enumerate(driver.walk(game.match()), start=1)
                 if run.state is not None and run.opening.moves]
        for _ in range(SHOWN):
            number, count = rng.choice(deals)
            move = rng.randint(1, count)
            shown = game.engine.position(document, header, deal=number, move=move)
            run = driver.replay(game.match(), deal=number, upto=move)
            state = run.state
            snapshot = state.snapshot(hide_hands=False)
            assert (shown.deal, shown.move) == (number, move)
            assert shown.recorded == document.data["deals"][number - 1]["moves"][move - 1]
            assert {key: shown.data.get(key) for key in snapshot.data} == dict(snapshot.data), (game.seed, number, move)
            legal = state.play_on() or []
            assert shown.to_move == tuple(match_players(game)[s] for s in state.to_play()), (game.seed, number, move)
            # show may group moves ("a card at random"), but lists the same movers' moves as legal_moves()
            movers = {match_players(game)[m.player] for m in legal if hasattr(m, "player")}
            assert bool(shown.legal) == bool(legal) and {line.split()[0] for line in shown.legal} >= movers, \
                (game.seed, number, move)


def match_players(game: Game) -> tuple[str, ...]:
    return tuple(game.read()[0].data["players"])


# ------------------------------------------------------- broken copies


def _held(game: Game, state: Any, seat: int) -> set:
    return set(game.table.hands(state, seat))


def _card_field(move: Any) -> bool:
    return dataclasses.is_dataclass(move) and "card" in {f.name for f in dataclasses.fields(move)} \
        and isinstance(getattr(move, "card"), Card)


def _broken(game: Game, rng: random.Random) -> dict[str, tuple[int, int, str, list[str]]]:
    """One broken copy of each kind the game offers a place for, in the
    first deal with moves: kind -> (deal, index of the broken move, the
    class of the move broken, the deal's move lines)."""
    players = match_players(game)
    places: dict[str, list[tuple[int, int, str, list[str]]]] = {kind: [] for kind in KINDS}
    first = raw = None
    due: dict[int, tuple[int, ...]] = {}  # index -> the seats to play before it (after what is pending is settled)
    seats: dict[int, int] = {}
    names: dict[int, str] = {}
    ends: dict[int, bool] = {}  # index -> the record may end before it (Table.may_end)
    for number, run, move, legal in _walk(game):
        if first is None:
            first, raw = number, list(game.read()[0].data["deals"][number - 1]["moves"])
        if number != first:
            break
        state, index = run.state, run.index + 1
        seat = getattr(move, "player", None)
        if legal is None or seat is None:
            continue
        due[index], seats[index], names[index] = tuple(state.to_play()), seat, type(move).__name__
        ends[index] = game.table.may_end(state)
        others = [s for s in range(len(players)) if s != seat]
        if _card_field(move):
            mine = _held(game, state, seat)
            for card in sorted({c for s in others for c in _held(game, state, s)} - mine, key=str)[:3]:
                broken = dataclasses.replace(move, card=card)
                if broken not in legal:
                    places["not_held"].append((number, index, type(move).__name__, _edit(raw, index, game.write(broken, players))))
                    break
        waiting = [s for s in others if s not in due[index] and _held(game, state, s)]  # not one who is out
        if due[index] == (seat,) and waiting:
            other = rng.choice(waiting)
            changes: dict[str, Any] = {"player": other}
            theirs = sorted(_held(game, state, other), key=str) if _card_field(move) else [None]
            if theirs:
                if _card_field(move):
                    changes["card"] = rng.choice(theirs)
                broken = dataclasses.replace(move, **changes)
                if broken not in legal:
                    places["wrong_player"].append((number, index, type(move).__name__, _edit(raw, index, game.write(broken, players))))
    for index, seat in seats.items():
        after = due.get(index + 1)  # the next move is a choice: the deal goes on after this one
        if after is not None and seat not in after:
            places["duplicated"].append((first, index + 1, names[index], raw[:index] + [raw[index - 1]] + raw[index:]))
        if after is not None and not ends[index + 1]:
            places["truncated"].append((first, index, names[index], raw[:index]))
    return {kind: rng.choice(found) for kind, found in places.items() if found}


def _edit(raw: list[str], index: int, line: str) -> list[str]:
    out = list(raw)
    out[index - 1] = line
    return out


def _text_with(game: Game, number: int, lines: list[str]) -> str:
    data = load_document(game.text).data
    data["deals"][number - 1]["moves"] = lines
    return dump_yaml(data)


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_broken_copies_are_caught_with_the_rule(name, preset):
    _gap(name, "legal")  # the broken copies are made on the same walk
    table = table_of(name)
    caught = set()
    for game in seeded(name, preset):
        for kind, (number, index, moved, lines) in _broken(game, random.Random(game.seed)).items():
            text = _text_with(game, number, lines)
            report = check_text(text)
            errors = _errors(report)
            assert report.status is Status.ILLEGAL and errors, (game.seed, kind)
            first = errors[0]
            assert (first.deal, first.move) == (number, index), (game.seed, kind, [f.to_data() for f in errors[:3]])
            assert first.rule in table.rules.get(f"{kind}:{moved}", table.rules[kind]), (game.seed, kind, moved, first.rule)
            # show's replay of that deal reaches the check's findings
            run = driver.replay(game.match(text), deal=number, upto=len(lines) + 1)
            if not run.finished:
                run.finish()
            found = list(run.opening.findings) + run.findings
            assert first in found and all(f in report.findings for f in found), (game.seed, kind)
            caught.add(kind)
    assert caught, "no broken copy could be made"
