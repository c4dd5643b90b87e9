"""Engine affordances and replay policy: on_violation (TJ-4.2), impossible
actions (TJ-4.3), empty hands (TJ-4.5), snapshot, legal moves, census."""

from __future__ import annotations

from referee.games.tjuv import rules as R
from referee.games.tjuv.engine import Step
from referee.report import Status

from tests.tjuv.tjuv_support import P3, check, deal_data, errors, generated, options, play, position, where


def test_stop_reports_only_the_first_move_with_findings():
    state = position(P3, mover="P1", hands={"P1": "9C AS KS", "P2": "AH KH QH"}, table="6C 7C 8C",
                     talon="AD KD QD")
    play(state, ["P1 play 9C capture none", "P1 draw AD", "P1 draw KD"])
    assert errors(state) == [(1, 1, R.COMPULSORY)]
    assert state.stopped and all(f.stops_deal for f in state.findings)


def test_continue_reports_every_finding_and_applies_as_recorded():
    state = position(P3, mover="P1", hands={"P1": "9C AS KS", "P2": "AH KH QH"}, table="6C 7C 8C",
                     talon="AD KD QD", opts=options(on_violation="continue"))
    play(state, ["P1 play 9C capture none", "P1 draw AD", "P1 draw KD"])
    assert errors(state) == [(1, 1, R.COMPULSORY), (1, 3, R.DRAW)]
    assert [c.token for c in state.table] == ["6C", "7C", "8C", "9C"]  # laid beside, as recorded
    assert state.hands[0].size == 4 and not state.stopped


def test_impossible_actions_stop_even_under_continue():
    state = position(P3, mover="P1", hands={"P1": "9C AS KS", "P2": "AH KH QH"}, table="6C 7C 8C",
                     talon="AD KD QD", opts=options(on_violation="continue"))
    play(state, ["P1 play QH", "P1 draw AD"])
    assert errors(state) == [(1, 1, R.PLAY)]
    assert state.stopped


def test_continue_passes_over_a_player_without_cards():
    state = position(P3, mover="P3", hands={"P1": "", "P2": "7C", "P3": "8D"}, table="AS",
                     opts=options(on_violation="continue"))
    play(state, ["P3 play 8D", "P2 play 7C"])
    assert errors(state) == [] and state.over
    assert state.result().sweep.owner == 1


def test_replayed_with_violations_under_continue():
    data, deals = generated(seed=9, overrides={"on_violation": "continue"})
    moves = data["deals"][0]["moves"]
    i = next(i for i, m in enumerate(moves) if " draw " in m and i > 3)
    moves.insert(i + 1, moves[i].split()[0] + " pass")
    report = check(data)
    assert (1, i + 2, R.SEQUENCE) in where(report)
    assert report.deals[0].settled and report.deals[0].data["status"] == "replayed with violations"
    assert report.status is Status.ILLEGAL


def test_table_data_and_to_play():
    state = position(P3, mover="P2", hands={"P1": "AC", "P2": "9D AH 7S", "P3": "6C"}, table="8D JS 10C",
                     talon="QH KH", piles=[("P1", "10S 7S")])
    snap = state.table_data()
    assert snap["to_move"] == "P2" and snap["step"] == "play" and snap["talon"] == 2
    assert snap["table"] == ["8D", "JS", "10C"]
    assert snap["piles"] == [{"owner": "P1", "top": "10S", "size": 2, "cards": ["10S", "7S"]}]
    assert snap["hands"]["P2"] == ["7S", "AH", "9D"]  # spades, hearts, diamonds, clubs
    play(state, ["P2 play 9D"])
    assert (state.to_play(), state.step) == ((1,), Step.DRAW)
    assert [m.card.token for m in state.legal_moves()] == ["QH"]
    play(state, ["P2 draw"], start=2)
    assert (state.to_play(), state.step) == ((1,), Step.REFILL)
    assert {m.card.token for m in state.legal_moves()} == {"AH", "7S", "QH"}


def test_legal_moves_break_no_rule():
    state = position(P3, mover="P1", hands={"P1": "JS 9D 6C", "P2": "AC KC QC", "P3": "JD QD KD"},
                     table="8S 10D 7C", piles=[("P2", "9S 6S"), ("P3", "10S 7S")], talon="AH KH")
    for move in state.legal_moves():
        trial = position(P3, mover="P1", hands={"P1": "JS 9D 6C", "P2": "AC KC QC", "P3": "JD QD KD"},
                         table="8S 10D 7C", piles=[("P2", "9S 6S"), ("P3", "10S 7S")], talon="AH KH")
        trial.apply(move)
        assert errors(trial) == [], move
    assert len(state.legal_moves()) == 4 + 1 + 1  # JS with any of 4 steal sets, 9D, 6C


def test_census_counts_every_card_once():
    state = position(P3, mover="P1", hands={"P1": "JS 9D 6C"}, table="8S 10D", piles=[("P2", "9S 6S")],
                     talon="AH KH")
    assert sum(state.census().values()) == 3 + 2 + 2 + 2
    play(state, ["P1 play JS steal 9S", "P1 draw", "P1 place 9D", "P1 draw"])
    assert errors(state) == [] and sum(state.census().values()) == 9


def test_a_deal_with_no_moves_is_tj_3_17_at_the_moves_key():
    data, _ = generated(seed=2)
    data["deals"][0]["moves"] = []
    report = check(data)
    finding = next(f for f in report.findings if f.is_error)
    assert finding.where == (1, None, R.END_OF_PLAY) and finding.line is not None


def test_a_deal_record_finding_under_continue_is_replayed_from_the_recorded_position():
    round_one = {"P1": "6S 6D KH", "P2": "9C JD AS", "P3": "7H 10S QC"}
    exposed = {"P1": "KH", "P2": "9C", "P3": "7H"}  # P1 should expose a 6 (TJ-2.6)
    for mode, replayed in (("stop", False), ("continue", True)):
        data = deal_data(P3, dealer="P3", round_one=round_one, exposed=exposed, moves=["P1 play 6S"],
                         options={"on_violation": mode})
        report = check(data)
        assert where(report)[0] == (1, None, R.EXPOSE)
        assert ((1, 1, R.END_OF_PLAY) in where(report)) is replayed, mode


def test_capture_sets_and_eligible_piles_follow_the_table_and_piles_after_every_move():
    """The engine keeps the table and the piles indexed by suit; every answer
    must equal a plain scan of the table (in its order) and of the piles."""
    from referee.games.tjuv.deal import TJUV_PACK
    from referee.games.tjuv.engine import TjuvDeal

    pack = sorted(TJUV_PACK, key=lambda c: c.index)
    for seed, mode in ((3, "continue"), (8, "stop")):
        data, made = generated("tjuv", players=3 + seed % 3, seed=seed, overrides={"steal_mode": "mandatory"})
        deal = made[0]
        state = TjuvDeal.from_start(options=options(steal_mode="mandatory", on_violation=mode),
                                    players=tuple(data["players"]), start=deal.start)
        for move in deal.moves:
            state.apply(move)
            for card in pack:
                assert state.capture_set(card) == [c for c in state.table
                                                   if c.suit is card.suit and c.rank < card.rank]
                for seat in range(state.n):
                    assert state.eligible(seat, card) == [
                        p for p in state.piles.values()
                        if p.owner != seat and p.top.suit is card.suit and p.top.rank < card.rank]
        assert state.over and not state.table
