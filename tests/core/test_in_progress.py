"""A game in progress (issue 18): a record recorded as `in_progress: true`,
or checked with `--in-progress`, may stop anywhere. Seeded simulated
transcripts of every game are cut mid-trick or mid-turn, right after a deal
header and between deals: each cut is legal so far (exit 0, no finding),
names the last deal and its move count, who is to play (as the engine has
it) and how many legal moves he has (`legal_moves()`). An illegal move
before the cut is still reported with its rule and move; without the flag
the cut is the game's old finding."""

from __future__ import annotations

import copy
import functools
import importlib
import json

import pytest
from click.testing import CliRunner

from referee.check import check_text, referee_source
from referee.render import render_json, render_text
from referee.report import Status
from referee.schemas import validator
from referee.source import Source
from referee.transcript import read_header
from referee.yamldoc import load_document

#: game -> (preset, players, seed, options, simulate keywords)
GAMES = {
    "getaway": ("getaway", 4, 3, {"match_rounds": "3"}, {}),
    "tjuv": ("tjuv", 3, 2, {}, {"deals": 3}),
    "game-flip-flop": ("game-flip-flop", 3, 2, {}, {"deals": 3}),
    "vazhushal": ("vazhushal", 3, 2, {"match_wins": "2"}, {}),
}

#: the finding each game gives a record that stops before its deal has ended
STOP_RULES = {"getaway": "GW-4.14", "tjuv": "TJ-3.17", "game-flip-flop": "GFF-14.3", "vazhushal": "VZ-9.5"}


@functools.lru_cache(maxsize=None)
def simulated(game: str) -> str:
    preset, players, seed, options, extra = GAMES[game]
    module = importlib.import_module(f"referee.games.{game.replace('-', '')}.simulate")
    return module.simulate(preset=preset, players=players, seed=seed, overrides=options, **extra)


def full(game: str) -> dict:
    return copy.deepcopy(load_document(simulated(game), name="sim").data)


def moves_of(game: str, deal: int) -> list[str]:
    return list(full(game)["deals"][deal - 1].get("moves") or ())


def cut(game: str, deal: int, move: int, *, flag: bool = True, moves: list[str] | None = None) -> str:
    """The simulated transcript up to `move` moves of `deal` (claims of a cut
    deal and of the whole game dropped), as YAML (JSON) text."""
    data = full(game)
    data["deals"] = data["deals"][:deal]
    last = data["deals"][-1]
    recorded = moves if moves is not None else list(last.get("moves") or ())
    if move < len(recorded) or moves is not None:
        last.pop("claims", None)
    last["moves"] = recorded[:move]
    data.pop("claims", None)
    if flag:
        data["in_progress"] = True
    return json.dumps(data, indent=1)


def engine_at(game: str, text: str):
    """(who the engine says is to play, len(legal_moves())) at the end of the
    last deal of `text`, replayed here with each game's engine."""
    document = load_document(text, name="cut")
    header = read_header(document)
    if game == "getaway":
        from referee.games.getaway.engine import Phase, Round
        from referee.games.getaway.game import options_for
        from referee.games.getaway.options import FirstTrickOrder
        from referee.games.getaway.record import read_record

        record = read_record(document, header.players)
        rnd = record.rounds[-1]
        state = Round(options=options_for(header.ruleset.values), players=record.players, hands=rnd.hands,
                      deal=rnd.number, removed=rnd.removed, marked=rnd.marked)
        state.replay(rnd.moves)
        state.advance()
        if state.phase is Phase.SETUP:
            seats = [state.as_holder()]
        elif state.phase is Phase.PLAYING:
            trick = state.trick
            free = trick.first and state.options.first_trick_order is FirstTrickOrder.FREE
            seats = [s for s in trick.order if s not in trick.acted] if free else [trick.expected()]
        elif state.phase is Phase.DRAW:
            seats = [state.draw_for]
        else:
            seats = [state.power]
        return tuple(record.players[s] for s in seats), len(state.legal_moves())
    if game == "tjuv":
        from referee.games.tjuv.engine import TjuvDeal
        from referee.games.tjuv.game import replay_start
        from referee.games.tjuv.options import TjuvOptions
        from referee.games.tjuv.record import read_record

        options = TjuvOptions.from_values(header.ruleset.values)
        record = read_record(document, header.players)
        deal = record.deals[-1]
        _, start = replay_start(options, record.players, deal=deal)
        state = TjuvDeal.from_start(options=options, players=record.players, start=start, deal=deal.number)
        for move in deal.moves:
            state.apply(move)
        return tuple(record.players[s] for s in state.to_play()), len(state.legal_moves())
    if game == "game-flip-flop":
        from referee.core.driver import replay
        from referee.games.gameflipflop.engine import Phase
        from referee.games.gameflipflop.game import read, session_for

        record = read(document, header)  # (the cut says `in_progress: true`)
        deal = record.deals[-1]
        state = replay(session_for(record, header), deal=deal.number, upto=len(deal.moves) + 1).state
        seats = [state.turn] if state.phase is Phase.PLAY else state.queue[state.window:]
        return tuple(record.roster[s] for s in seats), len(state.legal_moves())
    from referee.games.vazhushal.deal import check_deal
    from referee.games.vazhushal.engine import GameState, Phase
    from referee.games.vazhushal.moves import Declare
    from referee.games.vazhushal.options import VazhushalOptions
    from referee.games.vazhushal.record import read_record

    options = VazhushalOptions.from_values(header.ruleset.values)
    record = read_record(document, header.players)
    deal = record.deals[-1]
    previous = record.deals[-2].dealer if len(record.deals) > 1 else None
    setup = check_deal(options, deal, players=record.players, previous_dealer=previous,
                       late_declarers=frozenset(m.player for m in deal.moves if isinstance(m, Declare)))
    state = GameState(options=options, players=record.players, hands=deal.dealt.hands, setup=setup,
                      dealer=deal.dealer, deal=deal.number)
    for move in deal.moves:
        state.apply(move)
    if state.phase is Phase.DRAW:
        seats = [state.turn_player]
    elif state.phase is Phase.MELD:
        seats = [state.turn.player]
    else:
        seats = range(state.n)
    return tuple(record.players[s] for s in seats), len(state.legal_moves())


def assert_schema_valid(report) -> None:
    data = json.loads(render_json([report]))
    assert list(validator("report.schema.json").iter_errors(data)) == []


def cut_points(game: str) -> list[tuple[int, int]]:
    """(deal, moves kept): right after the header, mid-trick or mid-turn
    early on (1, 2, 3 moves), and later in deals 1 and 2."""
    points = []
    for deal in (1, 2):
        n = len(moves_of(game, deal))
        points.extend((deal, m) for m in sorted({0, 1, 2, 3, n // 3, n // 2, n - 5}) if 0 <= m < n)
    return points


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("how", ["key", "flag"])
def test_a_cut_is_legal_so_far_with_who_is_to_play(game, how):
    for deal, move in cut_points(game):
        text = cut(game, deal, move, flag=how == "key")
        report = check_text(text, name="cut", in_progress=how == "flag")
        where = (game, deal, move)
        assert report.status is Status.LEGAL and report.exit_code == 0, (where, [f.where for f in report.findings])
        assert report.findings == (), where
        progress = report.in_progress
        assert (progress.deal, progress.move, progress.state) == (deal, move, "playing"), where
        to_play, legal = engine_at(game, cut(game, deal, move))
        assert (progress.to_play, progress.legal_moves) == (to_play, legal), where
        assert legal > 0
        assert_schema_valid(report)
        assert report.to_data()["in_progress"] == {"deal": deal, "move": move, "state": "playing",
                                                    "to_play": list(to_play), "legal_moves": legal}


def test_getaway_cut_in_the_middle_of_a_trick_and_tjuv_in_the_middle_of_a_turn():
    from referee.games.getaway.engine import Phase

    # Getaway: "trick 1", the AS led: the trick is in progress, the next player is due
    report = check_text(cut("getaway", 2, 2), in_progress=True)
    assert report.status is Status.LEGAL and report.in_progress.move == 2
    document = load_document(cut("getaway", 2, 2), name="cut")
    from referee.games.getaway.game import options_for, replay_in_progress
    from referee.games.getaway.record import read_record

    header = read_header(document)
    record = read_record(document, header.players)
    state, progress = replay_in_progress(options_for(header.ruleset.values), record.players, record.rounds[-1])
    assert state.phase is Phase.PLAYING and len(state.trick.plays) == 1 and progress.legal_moves > 0
    # Tjuv: a card played, the step-2 draw still owed: no TJ-3.12 for the draw not yet made
    moves = moves_of("tjuv", 1)
    assert " play " in moves[0] and " draw " in moves[1]
    report = check_text(cut("tjuv", 1, 1), in_progress=True)
    assert report.findings == () and report.in_progress.to_play == (moves[1].split()[0],)


@pytest.mark.parametrize("game", ["tjuv", "game-flip-flop"])
def test_a_deal_with_no_moves_key_yet_is_at_move_0(game):
    data = json.loads(cut(game, 2, 0))
    del data["deals"][-1]["moves"]
    report = check_text(json.dumps(data))
    assert report.status is Status.LEGAL and report.findings == ()
    assert (report.in_progress.deal, report.in_progress.move, report.in_progress.state) == (2, 0, "playing")
    assert (report.in_progress.to_play, report.in_progress.legal_moves) == engine_at(game, cut(game, 2, 0))


@pytest.mark.parametrize("game", GAMES)
def test_between_deals_the_next_deal_is_to_be_dealt(game):
    n = len(moves_of(game, 1))
    report = check_text(cut(game, 1, n))
    assert report.status is Status.LEGAL and report.findings == ()
    assert report.to_data()["in_progress"] == {"deal": 1, "move": n, "state": "between_deals", "to_play": [],
                                                "legal_moves": None}
    assert report.deals[0].settled  # the finished deal is settled as usual
    assert report.settlement["in_progress"] is True and not report.settlement.get("complete")
    assert_schema_valid(report)


@pytest.mark.parametrize("game", GAMES)
def test_without_the_flag_the_cut_is_the_old_finding(game):
    moves = moves_of(game, 2)
    move = next(i for i in range(len(moves) // 2, len(moves)) if " play " in moves[i] or " draw " in moves[i])
    report = check_text(cut(game, 2, move, flag=False))
    assert report.status is Status.ILLEGAL and report.in_progress is None
    assert (2, STOP_RULES[game]) in {(f.deal, f.rule) for f in report.findings}


@pytest.mark.parametrize("game", ["tjuv", "game-flip-flop", "vazhushal"])
def test_an_illegal_move_before_the_cut_is_reported_with_its_rule_and_move(game):
    moves = moves_of(game, 2)
    k = next(i for i, m in enumerate(moves) if i > 8 and (" play " in m or " discard " in m))
    broken = moves[:k + 1] + [moves[k]] + moves[k + 1:]  # the same card played (discarded) twice
    report = check_text(cut(game, 2, k + 6, moves=broken), in_progress=True)
    uncut = check_text(cut(game, 2, len(broken), moves=broken, flag=False))
    errors = {f.where for f in report.findings if f.is_error}
    assert errors and all(deal == 2 and move == k + 2 for deal, move, _ in errors)
    assert errors == {f.where for f in uncut.findings if f.is_error}
    assert report.status is Status.ILLEGAL and report.exit_code == 1
    assert (report.in_progress.deal, report.in_progress.move, report.in_progress.state) == (2, k + 6, "stopped")
    assert report.in_progress.to_play == () and report.in_progress.legal_moves is None
    assert_schema_valid(report)


def test_getaway_a_revoke_before_the_cut_is_penalised_and_play_goes_on():
    from referee.games.getaway.engine import Phase, Round
    from referee.games.getaway.game import options_for
    from referee.games.getaway.record import read_record

    document = load_document(simulated("getaway"), name="sim")
    header = read_header(document)
    record = read_record(document, header.players)
    rnd, raw = record.rounds[1], moves_of("getaway", 2)
    state = Round(options=options_for(header.ruleset.values), players=record.players, hands=rnd.hands, deal=2)
    for index, move in enumerate(rnd.moves, start=1):  # the first play that can revoke, past trick 2
        if index > 10 and state.phase is Phase.PLAYING and state.trick.plays and raw[index - 1].split()[1] == "play":
            hand, led = state.hands[move.player], state.trick.led
            other = next((c for c in hand.counts if c.suit is not led and c.suit is not state.trump), None)
            if hand.has_suit(led) and other is not None:
                break
        state.apply(move, index)
    broken = raw[:index - 1] + [f"{record.players[move.player]} play {other.token}"] + raw[index:]
    report = check_text(cut("getaway", 2, index + 3, moves=broken), in_progress=True)
    first = report.findings[0]
    assert (first.deal, first.move, first.rule) == (2, index, "GW-4.4") and first.penalty.rule == "GW-4.1"
    assert report.status is Status.ILLEGAL and report.exit_code == 1
    progress = report.in_progress
    assert (progress.deal, progress.move, progress.state) == (2, index + 3, "playing")
    assert (progress.to_play, progress.legal_moves) == engine_at("getaway", cut("getaway", 2, index + 3,
                                                                                 moves=broken))
    assert_schema_valid(report)


@pytest.mark.parametrize("game", ["getaway", "vazhushal"])
def test_a_game_that_is_over_is_simply_finished(game):
    text = simulated(game)
    plain = check_text(text)
    data = load_document(text, name="sim").data
    data["in_progress"] = True
    for report in (check_text(json.dumps(data)), check_text(text, in_progress=True)):
        assert report.in_progress is None and "in_progress" not in report.to_data()
        assert report.status is plain.status is Status.LEGAL
        assert (report.findings, report.deals, report.settlement) == (plain.findings, plain.deals, plain.settlement)


def test_game_flip_flop_the_end_marker_closes_a_session_in_progress():
    data = full("game-flip-flop")
    data["deals"] = data["deals"][:1]
    data["end"] = True
    plain = check_text(json.dumps(data))
    data["in_progress"] = True
    report = check_text(json.dumps(data))
    assert report.in_progress is None and report.settlement == plain.settlement


def test_game_flip_flop_in_progress_shows_the_pots_on_the_table_and_refunds_nothing():
    from fractions import Fraction

    n = len(moves_of("game-flip-flop", 1))
    between = check_text(cut("game-flip-flop", 1, n))
    deal = between.deals[0].data
    assert between.settlement["on_table"] == {"flip": deal["carried"]["flip"], "flop": deal["carried"]["flop"]}
    assert between.settlement["refunds"] == {}  # nothing is paid back while the session goes on
    assert between.settlement["net"] == {p: deal["net"][p]["total"] for p in deal["net"]}
    carried = sum(Fraction(v) for v in between.settlement["on_table"].values())
    assert sum(Fraction(v) for v in between.settlement["net"].values()) + carried == 0
    playing = check_text(cut("game-flip-flop", 2, 4))
    assert playing.settlement["net"] == between.settlement["net"]  # deal 2 is not settled yet
    pots = {k: Fraction(v) for k, v in playing.settlement["on_table"].items()}
    assert set(pots) == {"game", "flip", "flop"} and pots["game"] > 0  # deal 2's antes are on the table
    assert pots["flip"] > Fraction(deal["carried"]["flip"]) and pots["flop"] > Fraction(deal["carried"]["flop"])


def test_claims_of_the_unfinished_deal_are_not_compared():
    data = json.loads(cut("getaway", 1, 20))
    data["deals"][0]["claims"] = {"loser": "Asha", "legs": "3"}
    report = check_text(json.dumps(data))
    assert report.status is Status.LEGAL and report.findings == ()


def test_a_session_standing_so_far_in_tjuv_counts_the_finished_deals():
    report = check_text(cut("tjuv", 2, 10))
    finished = check_text(cut("tjuv", 1, len(moves_of("tjuv", 1)), flag=False))
    counts = finished.deals[0].data["counts"]
    assert report.settlement["totals"] == counts and report.settlement["finished_deals"] == 1
    assert report.settlement["wins"] == {p: int(p in finished.deals[0].data["winners"]) for p in counts}


def test_the_text_report_ends_with_one_in_progress_line(tmp_path):
    report = check_text(cut("getaway", 2, 9), name="game.yaml")
    last = render_text([report]).splitlines()[-1]
    who = report.in_progress.to_play[0]
    assert last.startswith("game.yaml: in progress after deal 2, move 9; legal so far")
    assert last.endswith(f"; {who} to play ({report.in_progress.legal_moves} legal moves)")


def test_check_in_progress_on_the_command_line(tmp_path):
    from referee.cli import main

    path = tmp_path / "cut.yaml"
    path.write_text(cut("tjuv", 2, 7, flag=False), encoding="utf-8")
    runner = CliRunner()
    plain = runner.invoke(main, ["check", "--format", "json", str(path)])
    assert plain.exit_code == 1
    flagged = runner.invoke(main, ["check", "--in-progress", "--format", "json", "--jobs", "1", str(path)])
    assert flagged.exit_code == 0, flagged.output
    data = json.loads(flagged.output)
    assert list(validator("report.schema.json").iter_errors(data)) == []
    assert data["reports"][0]["status"] == "legal" and data["reports"][0]["in_progress"]["move"] == 7


def test_the_flag_and_the_key_agree_and_referee_source_takes_the_flag():
    text = cut("vazhushal", 1, 30, flag=False)
    with_flag, _, header = referee_source(Source("x", text), in_progress=True)
    assert header.in_progress
    with_key = check_text(cut("vazhushal", 1, 30), name="x")
    assert with_flag.to_data() == with_key.to_data()
