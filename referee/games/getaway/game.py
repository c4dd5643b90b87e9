"""Getaway as a `Game`: its `Match` for the core driver (core/driver.py),
which reads the record, checks setup and deals, replays every round through
the engine (a `State`), settles the match and compares the claims."""

from __future__ import annotations

from operator import is_
from typing import TYPE_CHECKING, Mapping, cast

from ...core.driver import Closed, Match, Opening, Play, Settlement, judge, play_deal
from ...findings import Finding
from ...yamldoc import Document
from ..base import DealOutcome, Header, InProgress, RecordGame, Verdict
from .deal import PreviousRound, check_deal, check_setup
from .engine import Round, RoundResult
from .options import GetawayOptions
from .record import GetawayRecord, RoundRecord, read_record
from .settle import compare_match, compare_round, match_summary, round_points, round_summary, settle_match

if TYPE_CHECKING:
    from ..table import Beat, Position

__all__ = ["Getaway", "GetawayMatch", "replay_round", "options_for"]

_UNSETTLED = RoundResult(settled=False, dead=False, order=(), loser=None, legs=None, penalties=())

_OPTIONS: dict[tuple, GetawayOptions] = {}  # by ruleset values; a few hundred rulesets at most are kept
#: The same, by the identity of the values: transcripts of one ruleset share its value objects, which are
#: kept here (so their ids are not reused) and compared by identity, not hashed (a Fraction's hash is slow).
_SAME: dict[tuple[int, ...], tuple[tuple[str, ...], tuple[object, ...], GetawayOptions]] = {}


def options_for(values: Mapping[str, object]) -> GetawayOptions:
    """`GetawayOptions.from_values`, made once per distinct set of values
    (the options are frozen, so one value serves every transcript)."""
    held = tuple(values.values())
    key = tuple(map(id, held))
    seen = _SAME.get(key)
    if seen is not None and seen[0] == tuple(values) and all(map(is_, seen[1], held)):
        return seen[2]
    options = _options_for(values)
    if len(_SAME) < 256:
        _SAME[key] = (tuple(values), held, options)
    return options


def _options_for(values: Mapping[str, object]) -> GetawayOptions:
    try:
        key = tuple([(name, value.__class__, value) for name, value in values.items()])
        options = _OPTIONS.get(key)
    except TypeError:  # an unhashable value: nothing to remember it by
        return GetawayOptions.from_values(values)
    if options is None:
        options = GetawayOptions.from_values(values)
        if len(_OPTIONS) < 256:
            _OPTIONS[key] = options
    return options


def start_round(options: GetawayOptions, players: tuple[str, ...], record: RoundRecord) -> Round:
    """The engine at the first move of a round."""
    return Round(options=options, players=players, hands=record.hands, deal=record.number,
                 removed=record.removed, marked=record.marked)


def replay_round(options: GetawayOptions, players: tuple[str, ...], record: RoundRecord) -> Round:
    """A round replayed through all its moves and finished (deal assumed valid)."""
    state = start_round(options, players, record)
    state.run(record.moves)
    state.finish()
    return state


class GetawayMatch:
    """One Getaway transcript judged by the driver: what a round leaves to
    the next (the dealer and loser, for the next deal check) and to the
    match (every round's result and points)."""

    def __init__(self, record: GetawayRecord, options: GetawayOptions) -> None:
        self.record, self.options = record, options
        self.players = record.players
        self.blocked = False
        self.previous: PreviousRound | None = None
        self.results: list[RoundResult] = []
        self.points: list[dict[int, int] | None] = []

    def setup(self) -> list[Finding]:
        line, column = self.record.at.get("players", (1, 1))
        found = check_setup(self.options, self.players, line=line, column=column)
        self.blocked = bool(found)
        return found

    def deals(self) -> tuple[RoundRecord, ...]:
        return self.record.rounds

    def open(self, rnd: RoundRecord) -> Opening:
        found = () if self.blocked else tuple(check_deal(self.options, self.players, rnd, self.previous))
        return Opening(number=rnd.number, findings=found, state=start_round(self.options, self.players, rnd),
                       moves=rnd.moves, replay=not self.blocked and not found, position=rnd.position)

    def close(self, rnd: RoundRecord, play: Play) -> Closed:
        result = cast(Round, play.state).result() if play.replayed else _UNSETTLED  # a replayed deal has its state
        points = round_points(result, self.options, len(self.players))
        found = compare_round(rnd.claims, result, points, self.players, rnd.number) if rnd.claims is not None else []
        lines, data = round_summary(result, points, self.players, dealer=rnd.dealer, deal=rnd.number)
        self.results.append(result)
        self.points.append(points)
        self.previous = PreviousRound(dealer=rnd.dealer, loser=result.loser, known=result.settled)
        return Closed(outcome=DealOutcome(number=rnd.number, settled=result.settled, lines=lines, data=data),
                      findings=tuple(found))

    def pause(self, rnd: RoundRecord, play: Play) -> Closed:
        data = {"deal": rnd.number, "dealer": self.players[rnd.dealer], "settled": False, "in_progress": True}
        return Closed(outcome=DealOutcome(number=rnd.number, settled=False, data=data,
                                          lines=(f"deal {rnd.number}: in progress after move {len(rnd.moves)}",)))

    def goes_on(self) -> bool:
        return len(self.record.rounds) < self.options.match_rounds

    def settle(self) -> Settlement:
        n = len(self.players)
        match = settle_match(self.results, self.points, self.options, n)
        claims = self.record.claims
        found = tuple(compare_match(claims, match, self.players)) if claims is not None else ()
        lines, data, standing = match_summary(match, self.players, self.options, len(self.record.rounds))
        return Settlement(lines=lines, data=data, findings=found, standing=standing)

    def standing(self, progress: InProgress) -> Settlement:
        lines, data = _standing(self.points, self.players, self.options, rounds=len(self.record.rounds))
        return Settlement(lines=lines, data=data)


class Getaway(RecordGame):
    name = "getaway"

    def read(self, document: Document, header: Header) -> GetawayRecord:
        """The typed record (raises InputError)."""
        return read_record(document, header.players)

    def match(self, record: GetawayRecord, header: Header) -> Match:
        return GetawayMatch(record, options_for(header.ruleset.values))

    def judge_header(self, record: GetawayRecord, header: Header) -> Verdict:
        return self.judge(record, options_for(header.ruleset.values), in_progress=header.in_progress)

    def judge(self, record: GetawayRecord, options: GetawayOptions, *, in_progress: bool = False) -> Verdict:
        """Every round judged and the match settled. `in_progress`: the last
        round may stop before it has ended (no GW-4.14 for it, its claims
        are not compared) and the match may have rounds to come."""
        return judge(GetawayMatch(record, options), in_progress=in_progress)

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        from .views import position

        options = options_for(header.ruleset.values)
        record = read_record(document, header.players)
        raw = [entry["moves"] for entry in document.data["deals"]]
        return position(GetawayMatch(record, options), raw, deal=deal, move=move, hide_hands=hide_hands,
                        in_progress=header.in_progress)

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        from .views import narrate

        return narrate(GetawayMatch(read_record(document, header.players), options_for(header.ruleset.values)))

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})


def replay_in_progress(options: GetawayOptions, players: tuple[str, ...],
                       record: RoundRecord) -> tuple[Round, InProgress | None]:
    """The last round of a record in progress as the driver leaves it, and
    where it stands (None when it is over: it is then finished)."""
    opening = Opening(number=record.number, state=start_round(options, players, record), moves=record.moves,
                      position=record.position)
    play = play_deal(opening, players=players, playing=True)
    return cast(Round, play.state), play.progress  # replayed: the opening's state


def _standing(points: list[dict[int, int] | None], players: tuple[str, ...], options: GetawayOptions, *,
              rounds: int) -> tuple[tuple[str, ...], dict]:
    """A match in progress: no result, the finished rounds' points as the
    standing so far (unknown if one of them was not settled)."""
    settled = [p for p in points if p is not None]
    known = len(settled) == len(points)
    totals = {players[s]: sum(p[s] for p in settled) for s in range(len(players))} if known else None
    data = {"complete": False, "in_progress": True, "rounds": rounds, "match_rounds": options.match_rounds,
            "finished_rounds": len(points), "standing": totals}
    if options.match_rounds == 1:
        return (), data
    head = f"match in progress: {len(points)} of {options.match_rounds} rounds finished"
    if totals is None:
        return (f"{head}; standing unknown (a round is not settled)",), data
    return (f"{head}; standing " + ", ".join(f"{name} {t}" for name, t in totals.items()),), data
