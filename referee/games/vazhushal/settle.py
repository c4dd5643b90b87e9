"""Settling Vazhushal: each game's winners (VZ-8.2, VZ-8.10, VZ-8.11,
VZ-10.14), the match to `match_wins` wins (VZ-8.12, VZ-8.13), and the
claims compared with both (VZ-9.7). There is no money in this game."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from ...findings import Finding
from ...frozen import frozen
from ...outcome import Standing, Tally, tally_text
from . import rules as R
from .engine import End, GameResult
from .options import VazhushalOptions
from .record import DealClaims, MatchClaims

__all__ = ["MatchResult", "MatchTally", "settle_match", "compare_deal", "compare_match", "deal_summary", "match_summary",
           "match_standing"]


@frozen(slots=True)
class MatchResult:
    """The win tally after the games that count (those up to the deciding one)."""

    known: bool  # every game that counts was settled
    wins: dict[int, int]
    winner: int | None
    decided_at: int | None  # the game that decided the match
    counted: int  # games counted
    points: dict[int, int] = field(default_factory=dict)  # every settled game's scores added, counted or not


class MatchTally:
    """Wins counted game by game (linear in the number of games)."""

    def __init__(self, options: VazhushalOptions, n: int) -> None:
        self.target = options.match_wins
        self.wins = {seat: 0 for seat in range(n)}
        self.known = True
        self.winner: int | None = None
        self.decided_at: int | None = None
        self.counted = 0
        self.points = {seat: 0 for seat in range(n)}

    @property
    def decided(self) -> bool:
        return self.decided_at is not None

    def add(self, number: int, result: GameResult) -> None:
        """Count one more game (ignored once the match is decided or unknown; its scores are added)."""
        if result.settled and result.scores is not None:
            for seat, score in result.scores.items():
                self.points[seat] += score
        if self.decided or not self.known:
            return
        if not result.settled:
            self.known = False
            return
        self.counted = number
        for seat in result.winners:
            self.wins[seat] += 1
        top = max(self.wins.values())
        leaders = [s for s, w in self.wins.items() if w == top]
        if top >= self.target and len(leaders) == 1:
            self.winner, self.decided_at = leaders[0], number

    def result(self) -> MatchResult:
        return MatchResult(self.known, dict(self.wins), self.winner, self.decided_at, self.counted, dict(self.points))


def settle_match(results: list[GameResult], options: VazhushalOptions, *, n: int) -> MatchResult:
    """Wins per player until one player alone leads with at least `match_wins` (VZ-8.12, VZ-8.13)."""
    tally = MatchTally(options, n)
    for number, result in enumerate(results, start=1):
        tally.add(number, result)
    return tally.result()


def _differs(at: tuple[int, int] | None, deal: int | None, *, what: str, claimed: str, actual: str) -> Finding:
    line, column = at or (None, None)
    return Finding(rule=R.CLAIMS, message=f"claimed {what} {claimed}, but the referee finds {actual}",
                   deal=deal, line=line, column=column)


def _names(players: tuple[str, ...], seats) -> str:
    return ", ".join(players[s] for s in sorted(seats)) if seats else "none"


def compare_deal(claims: DealClaims, result: GameResult, *, players: tuple[str, ...], deal: int) -> list[Finding]:
    """VZ-9.7 for one game (only when it was settled)."""
    if not result.settled:
        return []
    at = claims.at or {}
    found = []
    scores = result.scores
    if claims.scores is not None and scores is not None:
        for seat, value in sorted(claims.scores.items()):
            if scores[seat] != value:
                found.append(_differs(at.get("scores"), deal, what=f"score for {players[seat]}", claimed=str(value),
                                      actual=str(scores[seat])))
    if claims.winners is not None and claims.winners != result.winners:
        found.append(_differs(at.get("winners"), deal, what="winners", claimed=_names(players, claims.winners),
                              actual=_names(players, result.winners)))
    return found


def compare_match(claims: MatchClaims, match: MatchResult, *, players: tuple[str, ...]) -> list[Finding]:
    """VZ-9.7 for the match (only when every counted game was settled)."""
    if not match.known:
        return []
    at = claims.at or {}
    found = []
    if claims.wins is not None:
        for seat, value in sorted(claims.wins.items()):
            if match.wins[seat] != value:
                found.append(_differs(at.get("wins"), None, what=f"wins for {players[seat]}", claimed=str(value),
                                      actual=str(match.wins[seat])))
    if claims.winner is not None and claims.winner != match.winner:
        actual = players[match.winner] if match.winner is not None else "no match winner yet"
        found.append(_differs(at.get("winner"), None, what="match winner", claimed=players[claims.winner],
                              actual=actual))
    return found


_OUT = End.OUT  # a global: a member read through its enum class is slow on 3.11
_END_TEXT = {end: end.value for end in End}  # ... and so is `.value`


def deal_summary(result: GameResult, players: tuple[str, ...], *, dealer: int,
                 deal: int) -> tuple[tuple[str, ...], dict[str, Any]]:
    """Text lines and plain data for one game."""
    data: dict[str, Any] = {"deal": deal, "dealer": players[dealer], "settled": result.settled}
    head = f"game {deal} (dealer {players[dealer]})"
    if not result.settled:
        return (f"{head}: not settled",), data
    assert result.scores is not None and result.end is not None, "a settled game has its end and scores"
    named = [(players[s], v) for s, v in result.scores.items()]
    scores = tally_text(named)  # `Tally(named).text()` and `.data()`, without the Tally
    data["end"] = _END_TEXT[result.end]
    data["scores"] = dict(named)
    data["winners"] = [players[s] for s in sorted(result.winners)]
    if result.end is _OUT:
        assert result.out_player is not None, "going out has its player"
        data["went_out"] = players[result.out_player]
        return (f"{head}: {players[result.out_player]} went out and wins; points for information: {scores}",), data
    if not result.winners:
        verdict = "tied, nobody wins (tie_rule=no_win)"
    elif len(result.winners) > 1:
        verdict = f"tied, winners {_names(players, result.winners)}"
    else:
        verdict = f"winner {_names(players, result.winners)}"
    return (f"{head}: the stock ran out; scores {scores}; {verdict}",), data


def match_standing(match: MatchResult, players: tuple[str, ...], *, games: int) -> Standing:
    """A match as the ledger counts it: every game dealt to everyone, the games' scores added as points,
    the match winner (the others lose; no winner yet: nobody). No money in this game."""
    winner = players[match.winner] if match.winner is not None else None
    return Standing(dealt=Tally(tuple((name, games) for name in players)),
                    points=Tally(tuple((players[s], v) for s, v in match.points.items())),
                    winners=(winner,) if winner else (),
                    losers=tuple(p for p in players if p != winner) if winner else ())


def match_summary(match: MatchResult, players: tuple[str, ...], *, options: VazhushalOptions,
                  games: int) -> tuple[tuple[str, ...], dict[str, Any], Standing | None]:
    """Text lines, plain data and the standing (a known match's, won or not yet) for the match."""
    won = Tally(tuple((players[s], w) for s, w in match.wins.items()))
    wins = won.text()
    data: dict[str, Any] = {"match_wins": options.match_wins, "games": games, "known": match.known,
                            "wins": won.data(),
                            "winner": players[match.winner] if match.winner is not None else None}
    if not match.known:
        return (f"match: undetermined (a game is not settled); wins so far {wins}",), data, None
    standing = match_standing(match, players, games=games)
    if match.winner is None:
        return (f"match: no winner yet after {games} game(s); wins {wins} ({options.match_wins} needed)",), data, \
            standing
    return (f"match: {players[match.winner]} wins the match in game {match.decided_at}; wins {wins}"
            f" ({options.match_wins} needed)",), data, standing
