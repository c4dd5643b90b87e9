"""V0: seed 000's worked example (getaway.md section 8), replayed exactly."""

from pathlib import Path

from referee.check import check_file
from referee.games.getaway.engine import Phase, Round
from referee.games.getaway.options import GetawayOptions
from referee.report import Status
from tests.getaway.helpers import cards, held, moves, play, sizes

SAMPLE = Path(__file__).parents[2] / "samples" / "getaway" / "seed-000-example.yaml"
PLAYERS = ("N", "E", "S", "W")
DEAL = {
    "N": "JS 7S 6S 5S 9H 8H 6H 4H QD 8D 7D 4C 3C",
    "E": "AH QH 3H AC KC QC JC 10C 9C 8C JD 10D 9D",
    "S": "10S 4S 3S 2S JH 7H AD 6D 5D 4D 3D 2D 2C",
    "W": "AS KS QS 9S 8S KH 10H 5H 2H KD 7C 6C 5C",
}
TRICKS = [
    ["W play AS", "N play JS", "E play AH", "S play 10S"],
    ["W play 5H", "N play 9H", "E play QH", "S play JH"],
    ["E play 3H", "S play 7H", "W play KH", "N play 8H"],
    ["W play 2H", "N play 6H", "E play KC"],
    ["N play QD", "E play JD", "S play AD", "W play KD"],
    ["S play 5D", "W play KS"],
]


def _round() -> Round:
    return Round(options=GetawayOptions(), players=PLAYERS, hands=[cards(DEAL[p]) for p in PLAYERS], deal=1)


def _after(tricks: int) -> Round:
    state = _round()
    lines = []
    for number, trick in enumerate(TRICKS[:tricks], start=1):
        lines += [f"trick {number}", *trick]
    play(state, lines)
    state.advance()
    return state


def test_v0_counts_after_trick_4():
    state = _after(4)
    assert sizes(state) == {"N": 12, "E": 9, "S": 10, "W": 9}
    assert state.players[state.power] == "N"  # N's 6H was the winning card
    assert sum(state.waste.values()) == 12


def test_v0_counts_after_trick_6_and_the_position():
    state = _after(6)
    assert sizes(state) == {"N": 11, "E": 8, "S": 10, "W": 7}
    assert sum(state.waste.values()) == 16
    assert state.players[state.power] == "S"  # S took back 5D plus KS
    assert held(state, "N") == sorted("7S 6S 5S 6H 4H 2H 8D 7D KC 4C 3C".split())
    assert held(state, "E") == sorted("AC QC JC 10C 9C 8C 10D 9D".split())
    assert held(state, "S") == sorted("KS 4S 3S 2S 6D 5D 4D 3D 2D 2C".split())
    assert held(state, "W") == sorted("QS 9S 8S 10H 7C 6C 5C".split())
    assert sorted(c.token for c in state.waste.elements()) == sorted(
        "AS JS AH 10S 5H 9H QH JH 3H 7H KH 8H QD JD AD KD".split())
    assert state.findings == []


def test_v0_leaders_of_each_trick():
    leaders = []
    state = _round()
    for number, trick in enumerate(TRICKS, start=1):
        play(state, [f"trick {number}", *trick])
        leaders.append(state.players[state.trick.leader])
    assert leaders == ["W", "W", "E", "W", "N", "S"]


def test_v0_trick_1_goes_to_the_waste_pile_though_e_cannot_follow():
    state = _after(1)
    assert sum(state.waste.values()) == 4 and state.players[state.power] == "W"


def test_v0_without_trick_numbers_reads_the_same():
    state = _round()
    play(state, [line for trick in TRICKS for line in trick])
    state.advance()
    assert sizes(state) == {"N": 11, "E": 8, "S": 10, "W": 7}
    assert state.findings == []


def test_v0_six_tricks_alone_are_an_unfinished_round():
    state = _after(6)
    result = state.close()
    assert not result.settled
    assert [(f.rule, f.move) for f in state.findings] == [("GW-4.14", 27)]  # at the last move: 6 trick lines + 21 plays


def test_sample_replays_clean_to_the_end():
    report = check_file(str(SAMPLE))
    assert report.status is Status.LEGAL, [f.message for f in report.findings]
    assert report.findings == ()
    outcome = report.deals[0].data
    assert outcome["order"] == ["N", "W", "E", "S"] and outcome["loser"] == "S" and outcome["legs"] == 16


def test_sample_cards_are_conserved_after_every_move():
    from referee.yamldoc import load_document

    document = load_document(SAMPLE.read_text(), name=str(SAMPLE))
    state = _round()
    full = state.census()
    for index, move in enumerate(moves(document.data["deals"][0]["moves"], PLAYERS), start=1):
        state.apply(move, index)
        assert state.census() == full
    assert state.close().settled and state.phase is Phase.OVER
