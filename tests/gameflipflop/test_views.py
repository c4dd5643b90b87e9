"""`referee show` and `referee replay` for Game, Flip, Flop: the position before
a move (the table, who is to play, every legal move, the move recorded, the
ruling), and every deal told turn by turn, with the same engine and the same
policy on violations as the referee's own replay."""

from __future__ import annotations

import copy
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from referee.check import check_text
from referee.games.table import Beat, ShowError
from referee.games.gameflipflop import GAME
from referee.games.gameflipflop import views
from referee.games.gameflipflop.engine import Deal
from referee.games.gameflipflop.game import read, session_for
from referee.games.gameflipflop.moves import Draw, Show, write_move
from referee.games.gameflipflop.pots import PotKind
from referee.html import html_page
from referee.transcript import read_header
from referee.views import show_text
from referee.writer import dump_yaml
from referee.yamldoc import load_document

from .helpers import deal, transcript
from .test_properties import session as simulated

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples" / "game-flip-flop").glob("*.yaml"))
VIOLATIONS = ROOT / "samples" / "game-flip-flop" / "violations.yaml"
CARD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")


def load(text: str, name: str = "test.yaml"):
    document = load_document(text, name=name)
    return document, read_header(document)


def load_path(path: Path):
    return load(path.read_text(encoding="utf-8"), name=str(path))


def assert_partition(beats: list[Beat], document) -> None:
    """Each deal's beats cover its moves exactly once, in order; whole-deal beats cover none."""
    for number, raw in enumerate(document.data["deals"], start=1):
        ranges = sorted((b.first, b.last) for b in beats if b.deal == number and b.first)
        assert all(b.last == 0 for b in beats if b.deal == number and not b.first)
        covered = [index for first, last in ranges for index in range(first, last + 1)]
        assert covered == list(range(1, len(raw.get("moves") or []) + 1)), (number, ranges)


# ---------------------------------------------------------------- show


def test_show_at_the_illegal_move_gives_position_alternatives_record_and_ruling():
    document, header = load_path(VIOLATIONS)
    position = GAME.position(document, header, deal=2, move=3)
    assert position.to_move == ("B",)
    assert position.recorded == "B draw stock 8H"
    assert position.lines[0].startswith("turn 1: B to play (his first turn)")
    assert re.search(r"^  B  5 cards: 4S KS 5H 3D 9C \(31 points\)", "\n".join(position.lines), re.M)
    assert position.data["shows"] == [{"player": "B", "card": "5H", "pot": "flip"},
                                      {"player": "B", "card": "3D", "pot": "flop"}]
    assert position.data["pots"] == {"game": "3.00", "flip": "3.00", "flop": "6.00"}  # 3.00 flop carried in
    # a stock draw takes the face-down top card: listed once, not once per card still in the stock
    assert position.legal == ("B drop", "B draw stock (the top card)")

    report = check_text(VIOLATIONS.read_text(), name="violations.yaml")
    text = show_text(report, position)
    assert "recorded: B draw stock 8H" in text
    assert re.search(r"^  violations\.yaml:22:9: GFF-7\.3 deal 2, move 3: 8H is not in the stock", text, re.M)
    assert "GFF-7.3 Draw:" in text  # the rule's full text


def test_show_command_exit_status_follows_the_ruling():
    def show(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "referee", "show", str(VIOLATIONS), *args],
                              capture_output=True, text=True, cwd=ROOT, timeout=120)
    illegal = show("--deal", "2", "--move", "3")
    assert illegal.returncode == 1 and "to move: B" in illegal.stdout and "GFF-7.3" in illegal.stdout
    legal = show("--deal", "2", "--move", "2")
    assert legal.returncode == 0 and "ruling: no rule broken by this move" in legal.stdout
    assert show("--deal", "2", "--move", "9").returncode == 2


def test_positions_after_the_stop_show_the_stopped_table_and_no_legal_moves():
    document, header = load_path(VIOLATIONS)
    before = GAME.position(document, header, deal=2, move=3)
    after = GAME.position(document, header, deal=2, move=5)
    assert after.legal == () and after.to_move == () and after.recorded is None
    assert after.data["stopped_at_move"] == 3 and after.data["hands"] == before.data["hands"]
    assert "stopped at move 3" in after.lines[0]


def test_post_end_windows_and_the_end_of_a_deal():
    document, header = load_path(ROOT / "samples" / "game-flip-flop" / "seed-caught-drop.yaml")
    windows = GAME.position(document, header, deal=1, move=4)  # A has dropped; C and D may still show
    assert windows.data["phase"] == "post-end windows"
    assert set(windows.legal) == {"C show AC", "D show 2C", "D show 3C", "D show 2S", "D show AS"}
    assert windows.to_move == ("C", "D")
    end = GAME.position(document, header, deal=1, move=6)
    assert end.recorded is None and end.legal == ()
    assert any(line.startswith("  result: A dropped and was caught") for line in end.lines)


def test_hidden_hands_show_only_counts():
    for path in SAMPLES:
        document, header = load_path(path)
        for number, raw in enumerate(document.data["deals"], start=1):
            moves = raw.get("moves")
            public = {raw.get("flip_card")} | {m.split()[2] for m in moves or () if m.split()[1] == "show"}
            for move in range(1, len(moves or ()) + 2):
                try:
                    position = GAME.position(document, header, deal=number, move=move, hide_hands=True)
                except ShowError:
                    continue  # not replayed, or outcome-only past move 1
                visible = GAME.position(document, header, deal=number, move=move)
                held = {token for hand in visible.data.get("hands", {}).values() for token in hand}
                assert held or not raw.get("hands")
                text = "\n".join(position.lines)
                assert not set(CARD.findall(text)) & (held - public), (path.name, number, move)
                assert "hands" not in position.data
                if "hand_sizes" in visible.data:  # a replayed deal: the hidden view differs only by the cards
                    assert position.data["hand_sizes"] == visible.data["hand_sizes"]
                    assert {k: v for k, v in visible.data.items() if k not in ("hands", "hand_totals")} \
                        == position.data


def _engine_at(options, players, generated_deal, move: int) -> Deal:
    """The deal replayed independently of the session: from the generator's own seats, antes and carry."""
    money = generated_deal.money
    antes = money.antes
    pots = {"game": sum((a[PotKind.GAME] for a in antes.values()), Fraction(0)),
            "flip": money.before.flip + sum((a.get(PotKind.FLIP, 0) for a in antes.values()), Fraction(0)),
            "flop": money.before.flop + sum((a.get(PotKind.FLOP, 0) for a in antes.values()), Fraction(0))}
    state = Deal(options=options, names=players, order=generated_deal.order, hands=generated_deal.hands,
                 flip_card=generated_deal.flip_card, deal=generated_deal.number, pots=pots,
                 eligible_flip=[s for s in generated_deal.order if PotKind.FLIP in antes[s]],
                 eligible_flop=[s for s in generated_deal.order if PotKind.FLOP in antes[s]])
    for earlier in generated_deal.moves[: move - 1]:
        state.apply(earlier)
    return state


def _listed(line: str) -> str:
    """A move line as show lists it: a stock draw once, without the (face-down) card."""
    return re.sub(r" draw stock \S+$", " draw stock (the top card)", line)


@pytest.mark.parametrize("seed", range(13))  # one session per option set of test_properties
def test_positions_match_the_engine_snapshot_and_its_legal_moves(seed):
    options, players, generated, data = simulated(seed)
    document, header = load(dump_yaml(data))
    record = read(document, header)  # read once; GAME.position does this per call
    raw = [entry.get("moves") for entry in document.data["deals"]]
    rng = random.Random(seed)
    checked = 0
    for generated_deal in generated.deals:
        if generated_deal.outcome_only:
            continue
        count = len(generated_deal.moves)
        for move in sorted({1, 2, count // 2 or 1, count, count + 1} | set(range(3, count, 17))):
            position = views.position(session_for(record, header), raw, deal=generated_deal.number, move=move,
                                      hide_hands=False)
            if checked % 25 == 0:
                assert GAME.position(document, header, deal=generated_deal.number, move=move) == position
            state = _engine_at(options, players, generated_deal, move)
            snapshot = state.table_data()
            assert {k: position.data[k] for k in snapshot} == snapshot
            legal = state.legal_moves()
            assert set(position.legal) == {_listed(write_move(m, players)) for m in legal}
            others = [m for m in legal if not isinstance(m, Draw)]
            for candidate in rng.sample(others, min(3, len(others))) + [m for m in legal if isinstance(m, Draw)][-1:]:
                trial = copy.deepcopy(state)
                trial.apply(candidate)  # a legal move breaks no rule
                assert not trial.findings, (write_move(candidate, players), trial.findings)
            if move <= count:  # every generated move is legal where it was played
                assert position.recorded == write_move(generated_deal.moves[move - 1], players)
                assert _listed(position.recorded) in position.legal
                assert position.recorded.split()[0] in position.to_move
            checked += 1
    assert checked >= 10


def test_numbers_the_transcript_does_not_have_raise_show_error():
    document, header = load_path(VIOLATIONS)
    for deal_no, move in ((0, 1), (3, 1), (1, 0), (1, 4), (2, 6)):
        with pytest.raises(ShowError):
            GAME.position(document, header, deal=deal_no, move=move)
    GAME.position(document, header, deal=1, move=3)  # one past the last move: the end of the deal
    document, header = load_path(ROOT / "samples" / "game-flip-flop" / "outcome-only-session.yaml")
    ending = GAME.position(document, header, deal=1, move=1)
    assert ending.recorded is None and ending.legal == ()
    assert "recorded ending: stock" in "\n".join(ending.lines)
    with pytest.raises(ShowError, match="outcome-only"):
        GAME.position(document, header, deal=1, move=2)


HANDS = {"A": "AH 2D 3H 4D 5H", "B": "8C 9H 10D JH QC", "C": "2C 6D 9D KH 7C"}
HANDS_2 = {"A": "6C 6H QD 2H 10H", "B": "3D 4S 9C KS 5H", "C": "7D AD 2S 8H JC"}


def test_a_deal_the_referee_did_not_replay():
    text = transcript(players=["A", "B", "C"], deals=[
        deal(dealer="C", hands=HANDS, flip="7C", moves=["A drop", "B drop"]),  # B drops after the end: stop
        deal(dealer="A", hands=HANDS_2, flip="10H", moves=["B drop"]),
    ])
    document, header = load(text)
    with pytest.raises(ShowError, match="not replayed"):
        GAME.position(document, header, deal=2, move=1)
    beats = GAME.narrate(document, header)
    assert_partition(beats, document)
    assert [(b.title, b.first, b.last) for b in beats if b.deal == 1] == [("Hands as dealt", 0, 0), ("Turn 1: A", 1, 1),
                                                                            ("Stopped", 2, 2)]
    assert [(b.title, b.first, b.last) for b in beats if b.deal == 2] == [("Not replayed", 1, 1)]


def test_a_deal_with_neither_moves_nor_an_ending():
    moveless = deal(dealer="C", hands=HANDS, flip="7C")
    moveless.pop("moves", None)
    text = transcript(players=["A", "B", "C"], deals=[moveless])
    assert {f.rule for f in check_text(text).findings} == {"GFF-14.3"}
    document, header = load(text)
    with pytest.raises(ShowError, match="neither"):
        GAME.position(document, header, deal=1, move=1)
    beats = GAME.narrate(document, header)
    assert [(b.title, b.first, b.last) for b in beats] == [("Not replayed", 0, 0)]
    assert "Not replayed" in html_page([check_text(text, name="t.yaml")], beats={"t.yaml": beats})


# ---------------------------------------------------------------- replay


def test_narration_tells_each_turn_the_end_and_the_settlement():
    document, header = load_path(ROOT / "samples" / "game-flip-flop" / "carried-flop-session.yaml")
    beats = GAME.narrate(document, header)
    assert_partition(beats, document)
    second = [b for b in beats if b.deal == 2]
    assert [b.title for b in second] == ["Hands as dealt", "Turn 1: B", "Turn 2: C", "Turn 3: A", "Turn 4: B",
                                         "Turn 5: C", "Turn 6: A", "End", "Settlement"]
    assert second[1].plays == (("B", "shows 5H for flip"), ("B", "shows 3D for flop"),
                               ("B", "draws 3C from the stock"), ("B", "discards KS"))
    assert ("A", "spreads S1: 6C 6H 6D") in second[3].plays
    settlement = second[-1]
    assert (settlement.first, settlement.last) == (0, 0)
    assert dict(settlement.plays) == {"B": "net -3.00 (game -1.00, flip -1.00, flop -1.00)",
                                      "C": "net +3.00 (game -1.00, flip -1.00, flop +5.00)",
                                      "A": "net +3.00 (game +2.00, flip +2.00, flop -1.00)"}
    assert "flip pot 3.00 to A (2H)" in settlement.outcome and "flop pot 6.00 to C (AD)" in settlement.outcome
    first = [b for b in beats if b.deal == 1]
    assert [b.title for b in first] == ["Hands as dealt", "Turn 1: A", "After the play: shows", "End", "Settlement"]
    assert "flop pot 3.00: no winner, carried" in first[-1].outcome


def test_narration_stops_where_the_referee_stops():
    document, header = load_path(VIOLATIONS)
    beats = [b for b in GAME.narrate(document, header) if b.deal == 2]
    assert [(b.title, b.first, b.last) for b in beats] == [("Hands as dealt", 0, 0), ("Turn 1: B", 1, 2),
                                                           ("Stopped", 3, 4)]
    assert beats[-1].plays == (("B", "draws 8H from the stock"),)


def test_outcome_only_deals_are_told_from_their_recorded_ending():
    document, header = load_path(ROOT / "samples" / "game-flip-flop" / "outcome-only-session.yaml")
    beats = GAME.narrate(document, header)
    assert_partition(beats, document)
    assert [(b.deal, b.title) for b in beats] == [
        (1, "Outcome only (stock)"), (1, "End"), (1, "Settlement"),
        (2, "Outcome only (declaration)"), (2, "End"), (2, "Settlement"),
        (3, "Outcome only (tunk)"), (3, "End"), (3, "Settlement")]
    assert all((b.first, b.last) == (0, 0) for b in beats)
    assert ("Ben", "declares 49") in beats[3].plays


def test_every_sample_is_narrated_move_by_move():
    for path in SAMPLES:
        document, header = load_path(path)
        assert_partition(GAME.narrate(document, header), document)


def test_thirty_simulated_sessions_are_narrated_move_by_move():
    for seed in range(30):
        _, players, generated, data = simulated(seed)
        text = dump_yaml(data)
        document, header = load(text, name=f"seed-{seed}")
        beats = GAME.narrate(document, header)
        assert_partition(beats, document)
        assert not [b for b in beats if b.title in ("Stopped", "Not replayed", "Not settled")], seed
        # under stock_end = at_draw the last stock turn ends with the record, as in the referee's replay
        assert not [b for b in beats if "before the play has ended" in b.outcome], seed
        report = check_text(text, name=f"seed-{seed}")
        for outcome in report.deals:  # the closing beat of each deal gives each player's net
            closing = [b for b in beats if b.deal == outcome.number][-1]
            assert closing.title.startswith("Settlement") and (closing.first, closing.last) == (0, 0)
            nets = {who: Fraction(what.split()[1]) for who, what in closing.plays}
            assert nets == {name: Fraction(row["total"]) for name, row in outcome.data["net"].items()}
        shows = sum(1 for d in generated.deals if not d.outcome_only for m in d.moves if isinstance(m, Show))
        told = sum(1 for b in beats for _, what in b.plays if what.startswith("shows "))
        assert told == shows


def test_the_html_page_has_a_payout_table():
    path = ROOT / "samples" / "game-flip-flop" / "seed-49-50-split.yaml"
    report = check_text(path.read_text(), name=path.name)
    document, header = load_path(path)
    page = html_page([report], beats={report.file: GAME.narrate(document, header)})
    grid = re.search(r"<h3>payouts</h3><table>(.*?)</table>", page).group(1)
    assert "<th>game</th><th>flip</th><th>flop</th><th>refunds</th><th>net</th><th>bankroll</th>" in grid
    assert "<tr><th><bdi>B</bdi></th><td>+5.50</td><td>-1.00</td><td>-1.00</td><td>0.00</td><td>+3.50</td><td>13.50</td></tr>" \
        in grid
    assert report.settlement["payouts"]["A"]["net"] == "-1.50"


# ------------------------------------------- who is to move: one source


def _who(text: str, *, deal: int, move: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """show's to_move and the names of the replayed state's `to_play()` before `move`."""
    from referee.core import driver

    document, header = load(text)
    shown = GAME.position(document, header, deal=deal, move=move)
    match = GAME.match(GAME.read(document, header), header)
    state = driver.replay(match, deal=deal, upto=move).state
    return shown.to_move, tuple(document.data["players"][s] for s in state.to_play())


def test_to_play_after_a_declaration_names_only_open_windows_with_something_to_do():
    # Cy declares 50 and shows KC for flop; his window is still the open one but he has nothing left to show:
    # Ada and Bo, whose windows follow, are the ones who may act (GFF-5.6, 6.9)
    text = transcript(players=["Ada", "Bo", "Cy"], deals=[deal(
        dealer="Bo", hands={"Cy": "KS JS JH 10H KC", "Ada": "5S 10D 6D 8C 7C", "Bo": "6S KD 2D QC 2C"}, flip="6S",
        moves=["Cy declare 50", "Cy show KC", "Ada show 5S", "Ada show 7C", "Bo show 2C"])])
    assert _who(text, deal=1, move=3) == (("Ada", "Bo"), ("Ada", "Bo"))
    assert _who(text, deal=1, move=5) == (("Bo",), ("Bo",))
    assert _who(text, deal=1, move=6) == ((), ())  # every window used or passed: over, nobody to play
    document = load_document(text).data
    document["in_progress"] = True
    document["deals"][0]["moves"] = document["deals"][0]["moves"][:2]
    report = check_text(dump_yaml(document), name="cut.yaml")
    assert report.in_progress.to_play == ("Ada", "Bo") and report.findings == ()


def test_to_play_under_before_play_names_everyone_who_may_still_declare():
    # declare_window = before_play: B (49) may declare before anyone draws or drops, out of turn (GFF-5.2, 7.13)
    text = transcript(players=["A", "B", "C"], options={"declare_window": "before_play"}, deals=[deal(
        dealer="C", hands={"A": "4H 5H 6H 9C 2S", "B": "KS QH JD 10C 9S", "C": "10S JS QS 8D KH"}, flip="KH",
        moves=["A draw stock 3S", "A discard 3S"])])
    assert _who(text, deal=1, move=1) == (("A", "B"), ("A", "B"))
    assert _who(text, deal=1, move=2) == (("A",), ("A",))  # A has drawn: the window has closed
