"""`referee show` and `referee replay` for Vazhushal: the position before a
move (the same state the check reaches), the legal alternatives (exactly
the engine's `legal_moves()`), hidden hands, and the game told turn by turn
with every move in exactly one beat."""

from __future__ import annotations

import copy
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from referee.cards import parse_card, split_cards
from referee.check import check_text
from referee.games.table import ShowError
from referee.games.vazhushal import GAME
from referee.games.vazhushal.deal import check_deal
from referee.games.vazhushal.engine import GameState, Phase
from referee.games.vazhushal.moves import Declare, DrawLine, DrawStock, write_move
from referee.games.vazhushal.options import VazhushalOptions
from referee.games.vazhushal.record import read_record
from referee.transcript import read_header
from referee.views import show_text
from referee.writer import dump_yaml
from referee.yamldoc import load_document
from vazhushal_helpers import options
from vazhushal_helpers import position as at

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples" / "vazhushal").glob("*.yaml"))
VIOLATIONS = (ROOT / "samples" / "vazhushal" / "violations.yaml").read_text()
SHORT = (ROOT / "samples" / "vazhushal" / "short-game.yaml").read_text()
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

# 30 one-game matches over the presets and player counts
SIMULATED = [(preset, players, seed) for seed, (preset, players) in enumerate(
    [("vazhushal", n) for n in (2, 3, 4, 5, 6)] + [("vazhushal-2p-no-negative-joker", 2),
                                                   ("vazhushal-3p-one-pack", 3), ("vazhushal-3p-one-pack-line10", 3),
                                                   ("vazhushal-3p-one-pack-extra-jokers", 3),
                                                   ("vazhushal-2p-joker-must-meld", 2),
                                                   ("vazhushal-2p-joker-returned", 2),
                                                   ("vazhushal-2p-joker-left-takes", 2)] * 3)][:30]


def simulated(preset: str, players: int, seed: int) -> str:
    return GAME.simulate(preset=preset, players=players, seed=seed, options={"match_wins": "1"})


def loaded(text: str):
    document = load_document(text, name="t.yaml")
    return document, read_header(document)


def show(text: str, *, move: int, deal: int = 1, hide: bool = False):
    return GAME.position(*loaded(text), deal=deal, move=move, hide_hands=hide)


def legal_of(position, verb: str) -> set[str]:
    return {line for line in position.legal if line.split()[1] == verb}


def engine_positions(text: str):
    """(deal, move, state) before every move and after the last (then
    finished), replayed as the check replays: its own setup per deal."""
    document, header = loaded(text)
    players = header.players
    options = VazhushalOptions.from_values(header.ruleset.values)
    record = read_record(document, players)
    previous = None
    for deal in record.deals:
        late = frozenset(m.player for m in deal.moves if isinstance(m, Declare))
        setup = check_deal(options, deal, players=players, previous_dealer=previous, late_declarers=late)
        state = GameState(options=options, players=players, hands=deal.dealt.hands, setup=setup,
                          dealer=deal.dealer, deal=deal.number)
        for index, move in enumerate(deal.moves, start=1):
            yield deal.number, index, state
            state.apply(move)
        state.finish()
        yield deal.number, len(deal.moves) + 1, state
        previous = deal.dealer


# ------------------------------------------------------------------- show

def test_show_at_an_illegal_take_gives_position_every_draw_and_take_and_the_ruling():
    position = show(VIOLATIONS, deal=2, move=18)
    assert position.recorded == "Asha draw line 3" and position.to_move == ("Asha",)
    assert re.search(r"^  Asha +6 cards: KS 8H 5D QC JC 6C$", "\n".join(position.lines), re.M)
    assert position.data["line"] == ["4D", "KC", "9D", "JD"]
    # the stock (the pack less everything in sight and the negative joker) is drawn from its face-down top:
    # one listed draw, not one per card it may hold
    seen = Counter(parse_card(t) for t in position.data["line"] + ["6S"])
    for name in ("Asha", "Bala"):
        seen.update(parse_card(t) for t in position.data["hands"][name])
        seen.update(parse_card(t.split("=")[0]) for meld in position.data["melds"][name] for t in meld)
    stock = VazhushalOptions.from_values(loaded(VIOLATIONS)[1].ruleset.values).pack(2) - seen
    assert legal_of(position, "draw") == {"Asha draw stock (the top card)", "Asha draw line 2 4D KC"}
    assert sum(stock.values()) == position.data["stock"] == 23
    assert legal_of(position, "discard") == set()
    report = check_text(VIOLATIONS, name="violations.yaml")
    text = show_text(report, position)
    assert "recorded: Asha draw line 3" in text
    assert re.search(r"^  violations\.yaml:\d+:\d+: VZ-5\.2 deal 2, move 18: ", text, re.M)
    assert re.search(r"^  VZ-5\.2 [^:]+: ", text, re.M)  # the rule's full text


@pytest.mark.parametrize("move,player,rule", [(14, "Asha", "VZ-6.3"), (17, "Bala", "VZ-8.4")])
def test_show_at_an_illegal_discard_lists_every_legal_discard(move, player, rule):
    position = show(VIOLATIONS, move=move)
    hand = position.data["hands"][player]
    assert legal_of(position, "discard") == {f"{player} discard {c}" for c in hand}
    assert legal_of(position, "out") == set() and legal_of(position, "draw") == set()
    assert position.to_move == (player,)
    report = check_text(VIOLATIONS, name="violations.yaml")
    assert {f.rule for f in report.findings if f.deal == 1 and f.move == move} == {rule}
    assert f"{rule} deal 1, move {move}" in show_text(report, position)


def test_show_while_a_take_still_needs_its_meld_lists_no_discard():
    position = show(VIOLATIONS, move=6)  # Bala took 3D and has not melded it yet
    assert legal_of(position, "discard") == set() and legal_of(position, "draw") == set()
    melds = legal_of(position, "meld")
    assert melds and all("3D" in line.split() for line in melds)
    assert any("3D" in line and "may not discard yet" in line for line in position.lines)


def test_show_with_hidden_hands_names_no_hand_or_stock_card():
    open_ = show(VIOLATIONS, deal=2, move=18)
    hidden = show(VIOLATIONS, deal=2, move=18, hide=True)
    assert "hands" not in hidden.data and hidden.data["hand_sizes"] == {"Asha": 6, "Bala": 4}
    for name, size in hidden.data["hand_sizes"].items():
        assert f"  {name}  {size} cards" in hidden.lines
    public = {t.split("=")[-1] for name in ("Asha", "Bala") for meld in open_.data["melds"][name] for t in meld}
    public |= {t.split("=")[0] for name in ("Asha", "Bala") for meld in open_.data["melds"][name] for t in meld}
    public |= set(open_.data["line"]) | {"6S", "6D", "6H", "JK"}
    shown = {t for line in hidden.lines + hidden.legal for t in line.replace(":", " ").split() if parse_card(t)}
    assert shown <= public
    assert hidden.legal == ("Asha draw stock (the top card)", "Asha draw line 2 4D KC")  # the line is open
    assert hidden.hidden >= {"KS", "8H", "5D", "QC", "JC", "6C"}  # Asha's hand: show counts moves naming them
    assert hidden.recorded == open_.recorded == "Asha draw line 3"


def test_numbers_the_transcript_does_not_have_raise_show_error():
    for deal, move in ((0, 1), (3, 1), (1, 0), (1, 32), (2, 29)):
        with pytest.raises(ShowError):
            show(VIOLATIONS, deal=deal, move=move)
    end = show(VIOLATIONS, move=31)  # one past the last move: the game as settled
    assert end.recorded is None and end.to_move == ()


@pytest.mark.parametrize("text", [SHORT, VIOLATIONS, simulated("vazhushal-2p-joker-returned", 2, 3)],
                         ids=["short-game", "violations", "simulated"])
def test_every_position_is_the_state_the_check_reaches(text):
    document, header = loaded(text)
    raw = [deal["moves"] for deal in document.data["deals"]]
    findings = check_text(text).findings
    for deal, move, state in engine_positions(text):
        position = GAME.position(document, header, deal=deal, move=move)
        snapshot = state.table_data()
        assert {k: position.data[k] for k in snapshot} == snapshot, (deal, move)
        assert position.recorded == (raw[deal - 1][move - 1] if move <= len(raw[deal - 1]) else None)
        assert position.data["replay_stopped"] == (state.phase is Phase.STOPPED)
        # the engine's findings so far are the check's (those of a meld phase come when it ends)
        earlier = {(f.rule, f.move) for f in findings if f.deal == deal and f.move is not None and f.move < move}
        so_far = {(f.rule, f.move) for f in state.findings if f.move is not None}
        assert so_far <= earlier and (so_far == earlier or move <= len(raw[deal - 1]))


@pytest.mark.parametrize("preset,players,seed", SIMULATED[::4], ids=lambda v: str(v))
def test_every_move_of_a_legal_game_is_among_the_legal_moves(preset, players, seed):
    """Issue 17: each recorded move, as written (a take's cards, a cross-check
    the record may leave out, as the line holds them), is a legal move."""
    text = simulated(preset, players, seed)
    document, _ = loaded(text)
    raw = document.data["deals"][0]["moves"]
    for _, move, state in engine_positions(text):
        if move > len(raw):
            break
        played = raw[move - 1].split()
        if played[0] in ("overflow", "end"):
            continue  # the echo lines are marks of the record, not moves
        if played[1:3] == ["draw", "line"] and len(played) == 4:
            played += [c.token for c in state.line.top(int(played[3]))]
        legal = {write_move(m, state.players) for m in state.legal_moves()}
        assert " ".join(played) in legal, (move, raw[move - 1], sorted(legal)[:12])


def _as_shown(recorded: str, position) -> str:
    """A recorded move as `show` lists it: a stock draw as the face-down top
    card, a take with the cards it lifts."""
    words = recorded.split()
    if words[1:3] == ["draw", "stock"]:
        return f"{words[0]} draw stock (the top card)"
    if words[1:3] == ["draw", "line"] and len(words) == 4:
        return " ".join(words + position.data["line"][:int(words[3])])
    return recorded


@pytest.mark.parametrize("preset,players,seed", SIMULATED[::3], ids=lambda v: str(v))
def test_show_lists_the_recorded_move_among_the_legal_moves(preset, players, seed):
    text = simulated(preset, players, seed)
    document, _ = loaded(text)
    raw = document.data["deals"][0]["moves"]
    shown = 0
    for move in range(1 + seed % 5, len(raw) + 1, 5):
        position = show(text, move=move)
        if position.recorded.split()[0] in ("overflow", "end"):
            continue
        assert _as_shown(position.recorded, position) in position.legal, (move, position.recorded, position.legal[:8])
        shown += 1
    assert shown > 5


@pytest.mark.parametrize("text", [SHORT, VIOLATIONS, simulated("vazhushal-3p-one-pack", 3, 6)],
                         ids=["short-game", "violations", "simulated"])
def test_show_lists_exactly_the_engines_legal_moves(text):
    """One meaning of legal moves: show lists `legal_moves()` (a stock draw
    once, as the face-down top card), the list the simulator draws from and
    a record in progress counts."""
    document, header = loaded(text)
    for deal, move, state in engine_positions(text):
        if move % 3 and move > 3:
            continue
        shown = GAME.position(document, header, deal=deal, move=move)
        legal = state.legal_moves()
        expected = {"draw stock (the top card)" if isinstance(m, DrawStock) else write_move(m, state.players)
                    .split(" ", 1)[1] for m in legal}
        assert {line.split(" ", 1)[1] for line in shown.legal} == expected, (deal, move)
        assert len(shown.legal) == len({write_move(m, state.players) for m in legal
                                         if not isinstance(m, DrawStock)}) + any(isinstance(m, DrawStock) for m in legal)


@pytest.mark.parametrize("preset,players,seed", SIMULATED[1::6], ids=lambda v: str(v))
def test_every_listed_draw_and_discard_breaks_no_rule(preset, players, seed):
    text = simulated(preset, players, seed)
    for _, move, state in list(engine_positions(text))[::3]:
        if state.phase not in (Phase.DRAW, Phase.MELD):
            continue
        for candidate in state.legal_moves():
            if isinstance(candidate, DrawLine):
                continue  # a take is judged with its melds (`plans.plan_take`)
            trial = copy.deepcopy(state)
            before = len(trial.findings)
            trial.apply(candidate)
            assert trial.findings[before:] == [], (move, write_move(candidate, state.players))


# ----------------------------------------------------------------- replay

def assert_told_once(text: str) -> list:
    document, header = loaded(text)
    record = read_record(document, header.players)
    beats = GAME.narrate(document, header)
    for deal in record.deals:
        mine = [b for b in beats if b.deal == deal.number]
        covered = [(b.first, b.last) for b in mine if b.first]
        expected = 1
        for first, last in covered:
            assert first == expected and last >= first, (deal.number, covered)
            expected = last + 1
        assert expected == len(deal.moves) + 1, (deal.number, covered[-3:], len(deal.moves))
        assert mine[-1].first == mine[-1].last == 0  # the result closes every game
        turns = [b.title for b in mine if b.title.startswith("Turn ")]
        assert [int(t.split()[1].rstrip(":")) for t in turns] == list(range(1, len(turns) + 1))
        for beat in mine:
            for who, what in beat.plays:
                assert who in header.players or who == "transcript"
    return beats


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_is_told_turn_by_turn_with_each_move_once(sample):
    assert_told_once(sample.read_text())


@pytest.mark.parametrize("preset,players,seed", SIMULATED, ids=lambda v: str(v))
def test_simulated_games_are_told_with_each_move_once(preset, players, seed):
    assert_told_once(simulated(preset, players, seed))


def test_a_stopped_game_ends_with_a_stopped_beat_covering_the_rest():
    data = load_document(simulated("vazhushal", 2, 0)).data
    moves = data["deals"][0]["moves"]
    at = next(i for i, line in enumerate(moves) if " draw stock " in line and i > 10)
    moves[at] = moves[at].rsplit(" ", 1)[0] + " " + data["deals"][0]["hands"]["Asha"].split()[0]  # a card in a hand
    beats = assert_told_once(dump_yaml(data))
    stopped = [b for b in beats if b.title == "Stopped"]
    assert len(stopped) == 1 and (stopped[0].first, stopped[0].last) == (at + 1, len(moves))
    assert [f.rule for f in check_text(dump_yaml(data)).findings if f.stops_deal] == ["VZ-9.3"]


def test_turns_are_told_with_card_tokens():
    beats = GAME.narrate(*loaded(SHORT))
    plays = [what for b in beats for _, what in b.plays]
    take = next(p for p in plays if p.startswith("takes 2 "))
    assert split_cards(take.split(":")[1])[:2] == ["7S", "KC"]
    assert any("JK=4D" in p for p in plays)  # a wild card with what it stands for
    assert beats[-1].first == 0 and "Asha" in beats[-1].outcome and "110" in beats[-1].outcome


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
def test_the_replay_page_renders_in_headless_chromium_without_console_errors(tmp_path):
    page = tmp_path / "page.html"
    result = subprocess.run([sys.executable, "-m", "referee", "replay", "--format", "html",
                             str(ROOT / "samples" / "vazhushal" / "violations.yaml")],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 1 and result.stdout.startswith("<!DOCTYPE html>")
    page.write_text(result.stdout)
    shot = tmp_path / "page.png"
    run = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
         "--enable-logging=stderr", "--v=0", "--window-size=1200,1600", f"--screenshot={shot}", page.as_uri()],
        capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "CONSOLE" not in run.stderr
    assert shot.stat().st_size > 20_000


# ------------------------------------------------- takes the rules allow

def _takes(state) -> list[int]:
    return [m.depth for m in state.legal_moves() if isinstance(m, DrawLine)]


def test_takes_of_a_player_without_melds_need_case_a_or_case_b():
    case_a = at(hands={"P": "9D 10D 2S 5C KD KH 4H"}, negative="8S", line="3C JD QC")
    assert _takes(case_a) == [2]  # JD completes 9D 10D JD; QC would need a pure sequence (VZ-5.6)
    case_b = at(hands={"P": "5H 6H 7H KD KH 2S 9C"}, negative="8S", line="3C KC")
    assert _takes(case_b) == [2]  # 5H 6H 7H from hand, KC KD KH
    neither = at(hands={"P": "KD KH 2S 9C 4D 6S 10H"}, negative="8S", line="3C KC")
    assert _takes(neither) == []


def test_the_bottom_joker_may_be_taken_with_a_pure_sequence_on_the_table():
    state = at(hands={"P": "2S 5C 9H QD"}, negative="4H", line="JK", bottom_joker=True,
               melds={"P": ["5S 6S 7S"]})
    assert _takes(state) == [1]
    must = at(hands={"P": "2S 5C 9H QD"}, negative="4H", line="JK", bottom_joker=True,
              melds={"P": ["5S 6S 7S"]}, opts=options(first_joker_take="must_meld"))
    assert _takes(must) == []  # JK must go into a new meld and 2S 5C 9H QD offer none
