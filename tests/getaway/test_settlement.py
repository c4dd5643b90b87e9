"""R-1 to R-5: round scoring, matches, the chip pot and payouts (GW-5.8 to GW-5.12)."""

from fractions import Fraction as F

from referee.games.getaway.engine import RoundResult
from referee.games.getaway.options import Betting, Scoring
from referee.games.getaway.settle import round_points, settle_match
from tests.getaway.helpers import preset


def result(order: tuple[int, ...], legs: int = 1, dead: bool = False) -> RoundResult:
    return RoundResult(settled=True, dead=dead, order=order, loser=None if dead else order[-1], legs=legs,
                       penalties=())


def test_r1_staggered_points_from_the_bottom():
    options = preset("getaway", scoring=Scoring.STAGGERED)
    # seats P1..P4 = 0..3; finishing order P3, P1, P4, P2
    assert round_points(result((2, 0, 3, 1)), options, 4) == {0: 0, 1: 3, 2: 0, 3: 1}
    assert round_points(result((1, 0)), options, 2) == {0: 3, 1: 0}


def test_r1_first_finisher_never_scores_and_places_beyond_the_table_score_nothing():
    options = preset("getaway", scoring=Scoring.STAGGERED, staggered_table=(5, 3, 2, 1))
    assert round_points(result((0, 1, 2)), options, 3) == {0: 0, 1: 3, 2: 5}


def test_r2_match_with_a_pot():
    options = preset("getaway", match_rounds=2, betting=Betting.POT, ante=F(1))
    results = [result((0, 2, 1)), result((0, 1, 2))]
    points = [round_points(r, options, 3) for r in results]
    match = settle_match(results, points, options, 3)
    assert match.totals == {0: 0, 1: 1, 2: 1}
    assert match.winners == {0} and match.losers == {1, 2}
    assert match.pot == 6 and match.received == {0: 6, 1: 0, 2: 0}
    assert match.net == {0: 4, 1: -2, 2: -2}


def test_r3_winners_share_the_pot():
    options = preset("getaway", betting=Betting.POT)
    results = [result((0, 2, 1))]
    match = settle_match(results, [round_points(results[0], options, 3)], options, 3)
    assert match.winners == {0, 2} and match.received == {0: F(3, 2), 1: 0, 2: F(3, 2)}
    assert match.net == {0: F(1, 2), 1: -1, 2: F(1, 2)}


def test_r4_push_push_extra_ante():
    options = preset("getaway", match_rounds=2, betting=Betting.POT, push_push=True)
    results = [result((0, 2, 1)), result((2, 0, 1))]
    match = settle_match(results, [round_points(r, options, 3) for r in results], options, 3)
    assert match.pot == 7 and match.totals == {0: 0, 1: 2, 2: 0}
    assert match.paid == {0: 2, 1: 3, 2: 2}
    assert match.received == {0: F(7, 2), 1: 0, 2: F(7, 2)}
    assert match.net == {0: F(3, 2), 1: -3, 2: F(3, 2)}
    assert sum(match.net.values()) == 0


def test_r5_legs_scoring():
    options = preset("donkey")
    assert round_points(result((0, 1, 2), legs=4), options, 3)[2] == 4
    assert round_points(result((0, 1, 2), legs=0), options, 3)[2] == 1


def test_all_equal_totals_make_everyone_winner_and_loser():
    options = preset("getaway", match_rounds=3)
    results = [result((1, 2, 0)), result((2, 0, 1)), result((0, 1, 2))]
    match = settle_match(results, [round_points(r, options, 3) for r in results], options, 3)
    assert match.winners == match.losers == {0, 1, 2}


def test_a_dead_round_scores_nothing_and_moves_no_chips():
    options = preset("getaway-pickup-breaker", match_rounds=2, betting=Betting.POT)
    results = [result((0,), dead=True), result((0, 1, 2))]
    points = [round_points(r, options, 3) for r in results]
    assert points[0] == {0: 0, 1: 0, 2: 0}
    match = settle_match(results, points, options, 3)
    assert match.pot == 3 and match.winners == {0, 1}


def test_an_incomplete_match_is_undetermined():
    options = preset("getaway", match_rounds=3)
    results = [result((0, 1, 2))]
    match = settle_match(results, [round_points(results[0], options, 3)], options, 3)
    assert not match.complete and match.totals is None
