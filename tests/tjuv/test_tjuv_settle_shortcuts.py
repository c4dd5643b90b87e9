"""The session's sums and summary, written out for speed (settle.py), against
the plain computations they stand for: sums of lists, `Tally`'s text and
data, `session_standing` (max and min of a key)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from referee.games.tjuv.options import SessionResult, TjuvOptions
from referee.games.tjuv.settle import (DealScore, SessionScore, nearest_right, places_of, score_deal,
                                       score_session, session_standing, session_summary)
from referee.outcome import Tally

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def _options(result: SessionResult) -> TjuvOptions:
    return replace(TjuvOptions(), session_result=result)


def _plain_session(scores, options, n):
    settled = [s for s in scores if s is not None]
    if not scores or len(settled) != len(scores):
        return SessionScore(False, len(scores), None, None, None)
    wins = tuple(sum(seat in s.winners for s in settled) for seat in range(n))
    totals = tuple(sum(s.counts[seat] for s in settled) for seat in range(n))
    places = {SessionResult.DEALS_WON: places_of(wins), SessionResult.TOTAL_CARDS: places_of(totals)}.get(
        options.session_result)
    return SessionScore(True, len(scores), wins, totals, places)


def _plain_summary(session, players, options):
    won, cards = Tally(tuple(zip(players, session.wins))), Tally(tuple(zip(players, session.totals)))
    data = {"deals": session.deals, "complete": True, "session_result": options.session_result.value,
            "payouts": None, "wins": won.data(), "totals": cards.data()}
    lines = [f"session: {session.deals} deal(s); deals won {won.text()}; total cards {cards.text()}"]
    if session.places is not None:
        places = session.places
        data["ranking"] = {players[s]: p for s, p in enumerate(places)}
        order = sorted(range(len(players)), key=lambda s: (places[s], s))
        lines.append(f"session ranking by {options.session_result.value}: "
                     + ", ".join(f"{places[s]}. {players[s]}" for s in order))
    lines.append("no stakes in Tjuv: no payouts")
    return tuple(lines), data, session_standing(session, players)


def _scores(rng, n, deals):
    out = []
    for _ in range(deals):
        if rng.random() < 0.1:
            out.append(None)
            continue
        cuts = sorted(rng.choice([rng.randrange(37), 12, 24]) for _ in range(n - 1))  # ties often
        counts = tuple(b - a for a, b in zip([0, *cuts], [*cuts, 36]))
        out.append(score_deal(counts, rng.randrange(n)))
    return out


@pytest.mark.parametrize("seed", range(60))
def test_session_sums_summary_and_standing_match_the_plain_computations(seed):
    rng = random.Random(seed)
    n = rng.randrange(2, 7)
    players = PLAYERS[:n]
    scores = _scores(rng, n, rng.randrange(0, 6))
    for result in SessionResult:
        options = _options(result)
        session = score_session(scores, options, n=n)
        assert session == _plain_session(scores, options, n)
        if session.complete:
            assert session_summary(session, players, options=options) == _plain_summary(session, players, options)


def test_a_level_session_has_no_winner_or_loser():
    score = DealScore(counts=(18, 18), winners=(0, 1), places=(1, 1), fewest=(0, 1), next_dealer=0)
    for result in SessionResult:
        session = score_session([score, score], _options(result), n=2)
        standing = session_summary(session, PLAYERS[:2], options=_options(result))[2]
        assert standing is not None and standing.winners == () and standing.losers == ()


def _plain_score(counts, dealer):
    high, low = max(counts), min(counts)
    fewest = tuple(s for s, c in enumerate(counts) if c == low)
    return DealScore(counts=counts, winners=tuple(s for s, c in enumerate(counts) if c == high),
                     places=places_of(counts), fewest=fewest, next_dealer=nearest_right(fewest, dealer, n=len(counts)))


@pytest.mark.parametrize("seed", range(60))
def test_a_deal_score_matches_the_plain_computations(seed):
    """`score_deal`'s loops against max, min, `places_of` and `nearest_right` (ties often)."""
    rng = random.Random(seed)
    n = rng.randrange(2, 12)
    cuts = sorted(rng.choice([rng.randrange(37), 12, 24, 0, 36]) for _ in range(n - 1))
    counts = tuple(b - a for a, b in zip([0, *cuts], [*cuts, 36]))
    for dealer in range(n):
        assert score_deal(counts, dealer) == _plain_score(counts, dealer)


def _plain_deal_lines(deal, score, sweep, players, status):
    """`deal_summary`'s counts, winners, ranking and sweep, by comprehensions, `sort_cards` and `format_cards`."""
    from referee.cards import format_cards
    from referee.hand import sort_cards

    data = {"counts": {players[s]: c for s, c in enumerate(score.counts)},
            "winners": [players[s] for s in score.winners],
            "ranking": {players[s]: p for s, p in enumerate(score.places)}}
    swept = sort_cards(sweep.cards) if sweep else []
    data["sweep"] = {"player": players[sweep.owner], "cards": [c.token for c in swept]} if sweep else None
    joint = "joint winners" if len(score.winners) > 1 else "winner"
    note = "" if status == "verified" else f" ({status})"
    lines = [f"deal {deal}{note}: counts " + ", ".join(f"{players[s]} {c}" for s, c in enumerate(score.counts))
             + f"; {joint} " + (", ".join(players[s] for s in score.winners) or "none")]
    if sweep:
        lines.append(f"deal {deal}: {players[sweep.owner]} played the last card and sweeps {format_cards(swept)}")
    return lines, data


@pytest.mark.parametrize("seed", range(40))
def test_a_deal_summary_matches_the_plain_computations(seed):
    from referee.cards import ALL_CARDS
    from referee.games.tjuv.engine import DealResult
    from referee.games.tjuv.piles import Pile
    from referee.games.tjuv.settle import deal_summary

    rng = random.Random(seed)
    n = rng.randrange(2, 7)
    players = PLAYERS[:n]
    score = _scores(random.Random(seed), n, 1)[0] or score_deal((36,) + (0,) * (n - 1), 0)
    cards = tuple(rng.sample([c for c in ALL_CARDS if c.rank >= 6], rng.randrange(0, 5)))
    sweep = Pile(rng.randrange(n), cards[-1], cards, sweep=True) if cards else None
    status = rng.choice(["verified", "replayed with violations"])
    result = DealResult(settled=True, counts=score.counts, sweep=sweep, last_player=0)
    lines, data = deal_summary(deal=3, dealer=0, status=status, result=result, score=score, players=players,
                               options=TjuvOptions(), last=True)
    plain_lines, plain_data = _plain_deal_lines(3, score, sweep, players, status)
    assert list(lines) == plain_lines
    assert {k: data[k] for k in plain_data} == plain_data
    assert list(data)[4:] == list(plain_data)  # (deal, dealer, settled, status first: the key order of the JSON)


def _plain_compare_deal(claims, result, *, score, players, deal):
    """`compare_deal` as it was before its shortcuts: every list built, `_misplaced_sweep` always asked,
    the sweep's cards always sorted."""
    from operator import attrgetter

    from referee.cards import format_cards
    from referee.games.tjuv import rules as R
    from referee.games.tjuv.settle import PACK_SIZE, _claim, _misplaced_sweep, _names
    from referee.hand import sort_cards

    index = attrgetter("index")
    n, at, found, counts = len(players), claims.at, [], claims.counts
    if counts is not None and len(counts) == n and sum(counts.values()) != PACK_SIZE:
        found.append(_claim(R.SUM, at.get("counts"), deal=deal,
                            message=f"claimed counts add up to {sum(counts.values())}, not {PACK_SIZE}"))
    if score is None or result is None:
        return found
    actual = score.counts
    if counts is not None:
        wrong = [s for s in sorted(counts) if counts[s] != actual[s]]
        if wrong:
            found.append(_claim(R.COUNT, at.get("counts"), deal=deal, message="claimed " + ", ".join(
                f"{players[s]} {counts[s]}" for s in wrong) + "; the replay gives " + ", ".join(
                f"{players[s]} {actual[s]}" for s in wrong)))
        misplaced = _misplaced_sweep(counts, actual, result=result, n=n)
        if misplaced:
            found.append(_claim(R.SWEEP, at.get("counts"), deal=deal, message=misplaced.format(*players)))
    sweep = result.sweep
    if claims.sweep is not None:
        claimed = claims.sweep
        if claimed.player is not None and (sweep is None or claimed.player != sweep.owner):
            owner = f"{players[sweep.owner]}, who played the last card" if sweep else "nobody (the table was empty)"
            found.append(_claim(R.SWEEP, at.get("sweep"), deal=deal,
                                message=f"the final table cards are credited to {players[claimed.player]};"
                                f" they go to {owner}"))
        if claimed.cards is not None:
            real = sweep.cards if sweep else ()
            if sorted(map(index, claimed.cards)) != sorted(map(index, real)):
                found.append(_claim(R.SWEEP, at.get("sweep"), deal=deal,
                                    message=f"claimed sweep {format_cards(claimed.cards) or 'nothing'}; the table held"
                                    f" {format_cards(sort_cards(real)) or 'nothing'}"))
    if claims.winners is not None and claims.winners != frozenset(score.winners):
        found.append(_claim(R.WINNER, at.get("winners"), deal=deal,
                            message=f"claimed winner(s) {_names(players, sorted(claims.winners))}; the most cards are"
                            f" {_names(players, score.winners)}'s"))
    if claims.ranking is not None:
        wrong = [s for s in sorted(claims.ranking) if claims.ranking[s] != score.places[s]]
        if wrong:
            found.append(_claim(R.RANKING, at.get("ranking"), deal=deal, message="claimed places " + ", ".join(
                f"{players[s]} {claims.ranking[s]}" for s in wrong) + "; the replay gives " + ", ".join(
                f"{players[s]} {score.places[s]}" for s in wrong)))
    return found


def _claimed_counts(rng, actual, sweep):
    n = len(actual)
    counts = dict(enumerate(actual))
    roll = rng.random()
    if sweep is not None and roll < 0.3:  # the sweep left out, or credited to another seat (V25)
        counts[sweep.owner] -= len(sweep.cards)
        if roll < 0.15:
            counts[rng.randrange(n)] += len(sweep.cards)
    elif roll < 0.5:
        counts[rng.randrange(n)] += rng.choice([-2, -1, 1, 3])
    if rng.random() < 0.15:
        del counts[rng.randrange(n)]
    return dict(rng.sample(sorted(counts.items()), len(counts)))  # (any key order)


@pytest.mark.parametrize("seed", range(200))
def test_a_deal_comparison_matches_the_plain_path(seed):
    """`compare_deal`'s early outs (every count right, equal sweep tuples, every place right) against the plain
    path, and `missing_claims`' early out against its comprehension, over claims right and wrong."""
    from referee.cards import ALL_CARDS
    from referee.games.tjuv.engine import DealResult
    from referee.games.tjuv.piles import Pile
    from referee.games.tjuv.record import DealClaims, DealRecord, SweepClaim
    from referee.games.tjuv.settle import compare_deal, missing_claims

    rng = random.Random(seed)
    n = rng.randrange(2, 7)
    players = PLAYERS[:n]
    score = _scores(random.Random(seed), n, 1)[0] or score_deal((36,) + (0,) * (n - 1), 0)
    cards = tuple(rng.sample([c for c in ALL_CARDS if c.rank >= 6], rng.randrange(0, 5)))
    sweep = None if rng.random() < 0.2 else Pile(rng.randrange(n), cards[0] if cards else ALL_CARDS[0], cards,
                                                  sweep=True)  # (an empty sweep too: V25's edge)
    result = DealResult(settled=True, counts=score.counts, sweep=sweep, last_player=0)
    swept = sweep.cards if sweep else ()
    claimed_cards = rng.choice([swept, tuple(reversed(swept)), swept[1:], cards[:1], None])
    claims = DealClaims(
        counts=rng.choice([None, _claimed_counts(rng, score.counts, sweep), _claimed_counts(rng, score.counts, sweep)]),
        winners=rng.choice([None, frozenset(score.winners), frozenset([rng.randrange(n)])]),
        sweep=rng.choice([None, SweepClaim(rng.choice([None, sweep.owner if sweep else 0, rng.randrange(n)]),
                                           claimed_cards)]),
        ranking=rng.choice([None, dict(enumerate(score.places)), {s: rng.randrange(1, n + 1) for s in range(n)}]),
        at={"counts": (4, 5), "sweep": (6, 7), "winners": (8, 9), "ranking": (10, 11)})
    for args in ((score, result), (None, None)):
        kwargs = dict(score=args[0], players=players, deal=2)
        assert compare_deal(claims, args[1], **kwargs) == _plain_compare_deal(claims, args[1], **kwargs)
    record = DealRecord.__new__(DealRecord)
    object.__setattr__(record, "number", 2)
    object.__setattr__(record, "at", {"deal": (1, 1), "claims": (3, 1)})
    for c in (claims, None):
        missing = [key for key in ("counts", "winners") if c is None or getattr(c, key) is None]
        assert [f.rule for f in missing_claims(c, record)] == (["TJ-10.5"] if missing else [])
        assert all(all(k in f.message for k in missing) for f in missing_claims(c, record))
