"""Scoring Tjuv (tjuv.md section 5): card counts, joint winners, ranking,
the next dealer and its tie-break, the session result, and what the
transcript claims compared with all of it. There is no money (TJ-5.8)."""

from __future__ import annotations

from operator import add, attrgetter
from typing import Any, Iterable, Sequence

from ...cards import ALL_CARDS, JOKER, format_cards
from ...findings import Finding, Severity
from ...frozen import frozen
from ...hand import sort_cards
from ...outcome import Note, Standing, Tally
from . import rules as R
from .engine import DealResult
from .options import DealerTieBreak, SessionResult, TjuvOptions
from .record import DealClaims, DealRecord, Position, SessionClaims

__all__ = ["DealScore", "PreviousDeal", "SessionScore", "places_of", "nearest_right", "score_deal",
           "check_dealer", "compare_deal", "missing_claims", "score_session", "compare_session",
           "deal_summary", "session_summary", "session_standing", "PACK_SIZE"]

PACK_SIZE = 36
_INDEX = attrgetter("index")
#: `sort_cards`' order (suit, then high to low) of every card, as a key that is one C call
_SORT_ORDER = {c: (c.suit.index if c.suit else 9, -c.rank) for c in (*ALL_CARDS, JOKER)}.__getitem__


def places_of(values: Sequence[int]) -> tuple[int, ...]:
    """TJ-5.4: places in descending order of value; equal values share a
    place (1, 2, 2, 4)."""
    ranked = sorted(values, reverse=True)  # 1 + how many are higher: where the value first appears here
    return tuple([1 + ranked.index(v) for v in values])


def nearest_right(tied: Iterable[int], dealer: int, *, n: int) -> int:
    """TJ-5.6 nearest_right: from the dealer's right-hand neighbour
    counter-clockwise; the dealer is reached last."""
    tied = set(tied)
    for k in range(1, n + 1):
        seat = (dealer - k) % n
        if seat in tied:
            return seat
    raise ValueError("nobody is tied")


@frozen(slots=True)
class DealScore:
    counts: tuple[int, ...]
    winners: tuple[int, ...]  # TJ-5.3: everyone with the most cards
    places: tuple[int, ...]
    fewest: tuple[int, ...]  # TJ-5.5: who may deal next
    next_dealer: int  # ... and who deals next under nearest_right


def _high_low(values: Sequence[int]) -> tuple[int, int]:
    """(max(values), min(values)) in one loop: for a few seats, cheaper than the two calls."""
    high = low = values[0]
    for v in values:
        if v > high:
            high = v
        elif v < low:
            low = v
    return high, low


def score_deal(counts: tuple[int, ...], dealer: int) -> DealScore:
    """TJ-5.3 to TJ-5.6 of one deal's counts: the plain computations (max, min, `places_of`,
    `nearest_right`) written as loops over a few seats, which cost a third as much;
    tests/tjuv/test_tjuv_settle_shortcuts.py compares the two."""
    high, low = _high_low(counts)
    winners, fewest, places = [], [], []
    for s, c in enumerate(counts):
        if c == high:
            winners.append(s)
        if c == low:
            fewest.append(s)
        place = 1  # 1 + how many are higher
        for other in counts:
            if other > c:
                place += 1
        places.append(place)
    n = len(counts)
    seat = nearest = (dealer - 1) % n  # nearest_right(fewest, dealer, n=n): the dealer's right first
    while nearest not in fewest:
        nearest = (nearest - 1) % n
        if nearest == seat:
            raise ValueError("nobody is tied")
    return DealScore(counts, tuple(winners), tuple(places), tuple(fewest), nearest)


@frozen(slots=True)
class PreviousDeal:
    number: int
    dealer: int | None
    score: DealScore | None  # None: not settled, so the next dealer cannot be checked


def _names(players: Sequence[str], seats: Iterable[int]) -> str:
    return ", ".join([players[s] for s in seats]) or "none"


def check_dealer(options: TjuvOptions, players: tuple[str, ...], *, record: DealRecord,
                 previous: PreviousDeal) -> list[Finding]:
    """TJ-5.5, TJ-5.6: the dealer of a deal that follows another; a note
    (TJ-4.4) when the previous deal was not settled."""
    if record.dealer is None:
        return []
    score = previous.score
    if score is not None and record.dealer == score.next_dealer:
        return []  # (the usual record: the dealer is right under either tie-break; its position is not looked up)
    line, column = record.at.get("dealer", record.at["deal"])
    dealer = players[record.dealer]
    if score is None:
        return [Finding(rule=R.ADVISORY, severity=Severity.NOTE, deal=record.number, line=line, column=column,
                        message=f"the dealer ({dealer}) cannot be checked: deal {previous.number} was not settled")]
    if record.dealer not in score.fewest:
        low = score.counts[score.fewest[0]]
        return [Finding(rule=R.NEXT_DEALER, deal=record.number, line=line, column=column, player=dealer,
                        message=f"{dealer} deals, but the fewest cards in deal {previous.number} ({low}) were"
                        f" {_names(players, score.fewest)}'s")]
    if options.dealer_tie_break is DealerTieBreak.NEAREST_RIGHT and record.dealer != score.next_dealer:
        return [Finding(rule=R.TIE_BREAK, deal=record.number, line=line, column=column, player=dealer,
                        message=f"{_names(players, score.fewest)} tie for fewest cards; the nearest to the right of"
                        f" the dealer, {players[score.next_dealer]}, deals next, not {dealer}")]
    return []


def _claim(rule: str, at: Position | None, *, deal: int | None, message: str,
           severity: Severity = Severity.ERROR) -> Finding:
    line, column = at or (None, None)
    return Finding(rule=rule, message=message, deal=deal, line=line, column=column, severity=severity)


def compare_deal(claims: DealClaims, result: DealResult | None, *, score: DealScore | None,
                 players: tuple[str, ...], deal: int) -> list[Finding]:
    """TJ-5.2 (a claimed total other than 36) first, then, for a settled deal,
    TJ-5.1, TJ-3.18, TJ-5.3 and TJ-5.4 (TJ-11.5)."""
    n = len(players)
    at = claims.at
    found: list[Finding] = []
    counts = claims.counts
    if counts is not None and len(counts) == n and sum(counts.values()) != PACK_SIZE:
        found.append(_claim(R.SUM, at.get("counts"), deal=deal,
                            message=f"claimed counts add up to {sum(counts.values())}, not {PACK_SIZE}"))
    if score is None or result is None:
        return found
    actual = score.counts
    sweep = result.sweep
    # shortcuts (tests/tjuv/test_tjuv_settle_shortcuts.py compares them with the plain path): a loop finds
    # whether any claimed count is wrong before the wrong ones are listed; with every count right, V25
    # (`_misplaced_sweep`) can only fire for an empty sweep; equal card tuples need no sorting
    if counts is not None:
        wrong = _wrong_claims(counts, actual, players=players, what="claimed ")
        if wrong is not None:
            found.append(_claim(R.COUNT, at.get("counts"), deal=deal, message=wrong))
        if wrong is not None or (sweep is not None and not sweep.cards):
            misplaced = _misplaced_sweep(counts, actual, result=result, n=n)
            if misplaced:
                found.append(_claim(R.SWEEP, at.get("counts"), deal=deal, message=misplaced.format(*players)))
    if claims.sweep is not None:
        claimed = claims.sweep
        if claimed.player is not None and (sweep is None or claimed.player != sweep.owner):
            owner = f"{players[sweep.owner]}, who played the last card" if sweep else "nobody (the table was empty)"
            found.append(_claim(R.SWEEP, at.get("sweep"), deal=deal,
                                message=f"the final table cards are credited to {players[claimed.player]};"
                                f" they go to {owner}"))
        if claimed.cards is not None:
            real = sweep.cards if sweep else ()
            if claimed.cards != real and sorted(map(_INDEX, claimed.cards)) != sorted(map(_INDEX, real)):
                found.append(_claim(R.SWEEP, at.get("sweep"), deal=deal,
                                    message=f"claimed sweep {format_cards(claimed.cards) or 'nothing'}; the table held"
                                    f" {format_cards(sort_cards(real)) or 'nothing'}"))
    if claims.winners is not None and claims.winners != frozenset(score.winners):
        found.append(_claim(R.WINNER, at.get("winners"), deal=deal,
                            message=f"claimed winner(s) {_names(players, sorted(claims.winners))}; the most cards are"
                            f" {_names(players, score.winners)}'s"))
    ranking = claims.ranking
    if ranking is not None:
        wrong = _wrong_claims(ranking, score.places, players=players, what="claimed places ")
        if wrong is not None:
            found.append(_claim(R.RANKING, at.get("ranking"), deal=deal, message=wrong))
    return found


def _wrong_claims(claimed: dict[int, int], actual: tuple[int, ...], *, players: tuple[str, ...],
                  what: str) -> str | None:
    """`what` and the seats whose claimed figure differs from the replay's, with the
    replay's figures; None when every claim is right (found by a loop before any list
    is built: most claims are right)."""
    for s in claimed:
        if claimed[s] != actual[s]:
            break
    else:
        return None
    wrong = [s for s in sorted(claimed) if claimed[s] != actual[s]]
    return (what + ", ".join(f"{players[s]} {claimed[s]}" for s in wrong) + "; the replay gives "
            + ", ".join(f"{players[s]} {actual[s]}" for s in wrong))


def _misplaced_sweep(counts: dict[int, int], actual: tuple[int, ...], *, result: DealResult, n: int) -> str | None:
    """V25: claimed counts that leave the sweep out, or credit it to another
    player (a format string over the player names), else None."""
    sweep = result.sweep
    if sweep is None or len(counts) != n:
        return None
    size, owner = sweep.size, sweep.owner
    diff = {s: counts[s] - actual[s] for s in range(n)}
    if diff[owner] != -size:
        return None
    others = [s for s in range(n) if s != owner and diff[s]]
    if not others:
        return f"the {size} swept card(s) are left out of {{{owner}}}'s claimed count"
    if len(others) == 1 and diff[others[0]] == size:
        return (f"the {size} swept card(s) are counted for {{{others[0]}}}, not for {{{owner}}},"
                " who played the last card")
    return None


def missing_claims(claims: DealClaims | None, record: DealRecord) -> list[Finding]:
    """TJ-10.5 (a note): the claimed counts and winners a record should state."""
    if claims is not None and claims.counts is not None and claims.winners is not None:
        return []  # (the common case, without the list comprehension and getattr calls below)
    missing = [key for key in ("counts", "winners") if claims is None or getattr(claims, key) is None]
    line, column = record.at.get("claims", record.at["deal"])
    return [Finding(rule=R.OUTCOME_RECORD, severity=Severity.NOTE, deal=record.number, line=line, column=column,
                    message=f"no claimed {' or '.join(missing)}: the outcome is reported but not compared")]


@frozen(slots=True)
class SessionScore:
    complete: bool  # every deal settled
    deals: int
    wins: tuple[int, ...] | None
    totals: tuple[int, ...] | None
    places: tuple[int, ...] | None  # under session_result deals_won or total_cards


def score_session(scores: list[DealScore | None], options: TjuvOptions, *, n: int) -> SessionScore:
    """TJ-5.7: deals won (every joint winner wins) and total cards."""
    if not scores:
        return SessionScore(False, 0, None, None, None)
    won, cards = [0] * n, [0] * n  # (plain loops: a list a seat and a sum each cost more, at a few deals)
    for score in scores:
        if score is None:  # a deal not settled
            return SessionScore(False, len(scores), None, None, None)
        for seat in score.winners:
            won[seat] += 1
        cards = list(map(add, cards, score.counts))
    wins, totals = tuple(won), tuple(cards)
    places = None
    if options.session_result is SessionResult.DEALS_WON:
        places = places_of(wins)
    elif options.session_result is SessionResult.TOTAL_CARDS:
        places = places_of(totals)
    return SessionScore(True, len(scores), wins, totals, places)


def compare_session(claims: SessionClaims, session: SessionScore, *, players: tuple[str, ...],
                    options: TjuvOptions) -> list[Finding]:
    """TJ-5.7 for session claims (only when every deal was settled)."""
    if not session.complete:
        return []
    found = []
    for key, actual in (("wins", session.wins), ("totals", session.totals), ("ranking", session.places)):
        claimed = getattr(claims, key)
        if claimed is None or actual is None:
            continue
        wrong = [s for s in sorted(claimed) if claimed[s] != actual[s]]
        if wrong:
            found.append(_claim(R.SESSION, claims.at.get(key), deal=None, message=f"claimed session {key} " + ", ".join(
                f"{players[s]} {claimed[s]}" for s in wrong) + "; the replay gives " + ", ".join(
                f"{players[s]} {actual[s]}" for s in wrong)))
    if options.session_result is not SessionResult.NONE and claims.ranking is None:
        found.append(_claim(R.OUTCOME_RECORD, None, deal=None, message=f"session_result={options.session_result.value}:"
                            " no claimed session ranking", severity=Severity.NOTE))
    return found


def deal_summary(*, deal: int, dealer: int | None, status: str, result: DealResult | None,
                 score: DealScore | None, players: tuple[str, ...], options: TjuvOptions,
                 last: bool) -> tuple[tuple[str, ...], dict[str, Any]]:
    """Text lines and plain data for one deal."""
    data: dict[str, Any] = {"deal": deal, "dealer": None if dealer is None else players[dealer],
                            "settled": score is not None, "status": status}
    if score is None or result is None:
        return (f"deal {deal}: not settled ({status}); the claimed outcome is unverified",), data
    # one loop over the seats, the sweep's order by a table lookup, its text from its tokens: the same
    # data and lines as dict comprehensions, `sort_cards` and `format_cards` (tests/tjuv/test_tjuv_settle_shortcuts.py)
    counts, ranking, parts = {}, {}, []
    places = score.places
    for s, c in enumerate(score.counts):
        name = players[s]
        counts[name] = c
        ranking[name] = places[s]
        parts.append(f"{name} {c}")
    winners = [players[s] for s in score.winners]
    data["counts"] = counts
    data["winners"] = winners
    data["ranking"] = ranking
    sweep = result.sweep
    tokens = []
    if sweep:
        cards = sweep.cards
        for card in (sorted(cards, key=_SORT_ORDER) if len(cards) > 1 else cards):
            tokens.append(card.token)
        data["sweep"] = {"player": players[sweep.owner], "cards": tokens}
    else:
        data["sweep"] = None
    joint = "joint winners" if len(winners) > 1 else "winner"
    note = "" if status == "verified" else f" ({status})"
    lines = [f"deal {deal}{note}: counts {', '.join(parts)}; {joint} {', '.join(winners) or 'none'}"]
    if sweep:
        lines.append(f"deal {deal}: {players[sweep.owner]} played the last card and sweeps {' '.join(tokens)}")
    if not last:
        if options.dealer_tie_break is DealerTieBreak.FREE and len(score.fewest) > 1:
            who = f"any of {_names(players, score.fewest)} (fewest cards; dealer_tie_break=free)"
            data["next_dealer"] = [players[s] for s in score.fewest]
        else:
            who = f"{players[score.next_dealer]} (fewest cards)"
            data["next_dealer"] = [players[score.next_dealer]]
        lines.append(f"deal {deal}: next dealer {who}")
    return tuple(lines), data


def session_summary(session: SessionScore, players: tuple[str, ...],
                    *, options: TjuvOptions) -> tuple[tuple[str, ...], dict[str, Any], Standing | None]:
    """Text lines, plain data and the standing (a complete session's) for the session."""
    data: dict[str, Any] = {"deals": session.deals, "complete": session.complete,
                            "session_result": options.session_result.value, "payouts": None}
    if not session.complete:
        return (f"session: {session.deals} deal(s); not every deal was settled, so no session totals",), data, None
    wins, totals, places = session.wins, session.totals, session.places
    assert wins is not None and totals is not None, "a complete session has them"
    # Tally(...).data() and .text() of the wins and the totals, written out: a session is summed up once
    won, cards = tuple(zip(players, wins)), tuple(zip(players, totals))
    data["wins"] = dict(won)
    data["totals"] = dict(cards)
    lines = [f"session: {session.deals} deal(s); deals won {', '.join([f'{n} {v}' for n, v in won])}; total cards"
             f" {', '.join([f'{n} {v}' for n, v in cards])}"]
    if places is not None:
        data["ranking"] = dict(zip(players, places))
        order = sorted(range(len(players)), key=places.__getitem__)  # (stable: a tie in seat order)
        lines.append(f"session ranking by {options.session_result.value}: " + ", ".join(
            [f"{places[s]}. {players[s]}" for s in order]))
    lines.append(NO_STAKES.text)
    return tuple(lines), data, _standing_of(session.deals, players, wins, places, Tally(cards))


NO_STAKES = Note("no stakes in Tjuv: no payouts")


def session_standing(session: SessionScore, players: tuple[str, ...]) -> Standing:
    """A complete session as the ledger counts it: every deal dealt to everyone, the cards taken as points;
    the session ranking's first and last places when `session_result` asks for one, otherwise the most and
    fewest deals won (everyone level: nobody wins or loses). No money (TJ-5.8)."""
    wins, totals, places = session.wins, session.totals, session.places
    assert wins is not None and totals is not None, "a complete session has them"
    # a place is better when lower; deals won when higher
    key = [-p for p in places] if places is not None else list(wins)
    top, bottom = max(key), min(key)
    winners = tuple(players[s] for s, v in enumerate(key) if v == top) if top != bottom else ()
    losers = tuple(players[s] for s, v in enumerate(key) if v == bottom) if top != bottom else ()
    return Standing(dealt=Tally(tuple((name, session.deals) for name in players)),
                    points=Tally(tuple(zip(players, totals))), winners=winners, losers=losers)


def _standing_of(deals: int, players: tuple[str, ...], wins: tuple[int, ...], places: tuple[int, ...] | None,
                 points: Tally) -> Standing:
    """`session_standing`, from the summary's own figures, without max() and min() (`_high_low`: the
    two are costly calls for a few seats) or a generator a part; tests/tjuv/test_tjuv_settle_shortcuts.py
    compares the two."""
    if places is not None:  # the best place is the lowest
        worst, best = _high_low(places)
        key = places
    else:  # the most deals won is best
        best, worst = _high_low(wins)
        key = wins
    winners: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()
    if best != worst:
        winners = tuple([players[s] for s, v in enumerate(key) if v == best])
        losers = tuple([players[s] for s, v in enumerate(key) if v == worst])
    return Standing(dealt=Tally(tuple([(name, deals) for name in players])), points=points, winners=winners,
                    losers=losers)
