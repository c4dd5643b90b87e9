"""Getaway as a `Game`: read the record, check setup and deals, replay every
round, settle the match, compare the claims."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Mapping

from ...findings import Finding
from ...yamldoc import Document
from ..base import DealOutcome, Header, InProgress, RecordGame, Verdict
from .deal import PreviousRound, check_deal, check_setup
from .engine import Phase, Round, RoundResult
from .options import GetawayOptions
from .record import GetawayRecord, RoundRecord, read_record
from .settle import compare_match, compare_round, match_summary, round_points, round_summary, settle_match

if TYPE_CHECKING:
    from ..table import Beat, Position

__all__ = ["Getaway", "replay_round"]


def replay_round(options: GetawayOptions, players: tuple[str, ...], record: RoundRecord) -> Round:
    """A round replayed through all its moves (deal assumed valid)."""
    state = Round(options=options, players=players, hands=record.hands, deal=record.number,
                  removed=record.removed, marked=record.marked)
    state.replay(record.moves)
    state.finish()
    return state


def replay_in_progress(options: GetawayOptions, players: tuple[str, ...],
                       record: RoundRecord) -> tuple[Round, InProgress | None]:
    """The last round of a record in progress, replayed through its moves,
    and where it stands; None when it is over (it is then finished as any
    round is, by `finish()`)."""
    state = Round(options=options, players=players, hands=record.hands, deal=record.number,
                  removed=record.removed, marked=record.marked)
    state.replay(record.moves)
    moves = len(record.moves)
    if state.phase is Phase.STOPPED:
        return state, InProgress(deal=record.number, move=moves, state="stopped")
    legal = state.play_on()
    if legal is None:
        state.finish()
        return state, None
    return state, InProgress(deal=record.number, move=moves, to_play=tuple(players[s] for s in state.to_play()),
                             legal_moves=len(legal))


_UNSETTLED = RoundResult(settled=False, dead=False, order=(), loser=None, legs=None, penalties=())

_OPTIONS: dict[tuple, GetawayOptions] = {}  # by ruleset values; a few hundred rulesets at most are kept


def options_for(values: Mapping[str, object]) -> GetawayOptions:
    """`GetawayOptions.from_values`, made once per distinct set of values
    (the options are frozen, so one value serves every transcript)."""
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


def located(findings: list[Finding], record: RoundRecord) -> list[Finding]:
    """The findings with the line and column of the move each concerns."""
    return [replace(f, line=line, column=column) for f in findings
            for line, column in (record.position(f.move),)]


class Getaway(RecordGame):
    name = "getaway"

    def read(self, document: Document, header: Header) -> GetawayRecord:
        """The typed record (raises InputError)."""
        return read_record(document, header.players)

    def judge_header(self, record: GetawayRecord, header: Header) -> Verdict:
        return self.judge(record, options_for(header.ruleset.values), in_progress=header.in_progress)

    def judge(self, record: GetawayRecord, options: GetawayOptions, *, in_progress: bool = False) -> Verdict:
        """Every round judged and the match settled. `in_progress`: the last
        round may stop before it has ended (no GW-4.14 for it, its claims
        are not compared) and the match may have rounds to come."""
        if in_progress:
            return self._judge_in_progress(record, options)
        players = record.players
        n = len(players)
        line, column = record.at.get("players", (1, 1))
        setup = check_setup(options, players, line=line, column=column)
        findings: list[Finding] = list(setup)
        outcomes: list[DealOutcome] = []
        results: list[RoundResult] = []
        points_list = []
        previous: PreviousRound | None = None
        for rnd in record.rounds:
            if setup:
                result = RoundResult(settled=False, dead=False, order=(), loser=None, legs=None, penalties=())
            else:
                deal_findings = check_deal(options, players, rnd, previous)
                findings.extend(deal_findings)
                if deal_findings:
                    result = RoundResult(settled=False, dead=False, order=(), loser=None, legs=None, penalties=())
                else:
                    state = replay_round(options, players, rnd)
                    findings.extend(located(state.findings, rnd))
                    result = state.result()
            points = round_points(result, options, n)
            if rnd.claims is not None:
                findings.extend(compare_round(rnd.claims, result, points, players, rnd.number))
            lines, data = round_summary(result, points, players, dealer=rnd.dealer, deal=rnd.number)
            outcomes.append(DealOutcome(number=rnd.number, settled=result.settled, lines=lines, data=data))
            results.append(result)
            points_list.append(points)
            previous = PreviousRound(dealer=rnd.dealer, loser=result.loser, known=result.settled)
        match = settle_match(results, points_list, options, n)
        if record.claims is not None:
            findings.extend(compare_match(record.claims, match, players))
        lines, data = match_summary(match, players, options, len(record.rounds))
        return Verdict(findings=tuple(findings), deals=tuple(outcomes), lines=lines, data=data)

    def _judge_in_progress(self, record: GetawayRecord, options: GetawayOptions) -> Verdict:
        players = record.players
        n = len(players)
        line, column = record.at.get("players", (1, 1))
        setup = check_setup(options, players, line=line, column=column)
        findings: list[Finding] = list(setup)
        outcomes: list[DealOutcome] = []
        points_list = []
        previous: PreviousRound | None = None
        last = record.rounds[-1]
        progress: InProgress | None = None
        for rnd in record.rounds:
            result = _UNSETTLED
            deal_findings = [] if setup else check_deal(options, players, rnd, previous)
            findings.extend(deal_findings)
            if rnd is not last:
                if not setup and not deal_findings:
                    state = replay_round(options, players, rnd)
                    findings.extend(located(state.findings, rnd))
                    result = state.result()
            elif setup or deal_findings:
                progress = InProgress(deal=rnd.number, move=len(rnd.moves), state="stopped")
            else:
                state, progress = replay_in_progress(options, players, rnd)
                findings.extend(located(state.findings, rnd))
                result = state.result()
            points = round_points(result, options, n)
            if progress is not None:
                lines = (f"deal {rnd.number}: in progress after move {len(rnd.moves)}",)
                data = {"deal": rnd.number, "dealer": players[rnd.dealer], "settled": False, "in_progress": True}
            else:
                if rnd.claims is not None:
                    findings.extend(compare_round(rnd.claims, result, points, players, rnd.number))
                lines, data = round_summary(result, points, players, dealer=rnd.dealer, deal=rnd.number)
                points_list.append(points)
            outcomes.append(DealOutcome(number=rnd.number, settled=result.settled, lines=lines, data=data))
            previous = PreviousRound(dealer=rnd.dealer, loser=result.loser, known=result.settled)
        if progress is None and len(record.rounds) < options.match_rounds:
            progress = InProgress(deal=last.number, move=len(last.moves), state="between_deals")
        if progress is None:  # the match is over: judged as a finished record is
            return self.judge(record, options)
        lines, data = _standing(points_list, players, options, rounds=len(record.rounds))
        return Verdict(findings=tuple(findings), deals=tuple(outcomes), lines=lines, data=data, in_progress=progress)

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        from .views import position

        options = options_for(header.ruleset.values)
        record = read_record(document, header.players)
        raw = [entry["moves"] for entry in document.data["deals"]]
        return position(options, record, raw, deal=deal, move=move, hide_hands=hide_hands)

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        from .views import narrate

        return narrate(options_for(header.ruleset.values), read_record(document, header.players))

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})


def _standing(points: list[dict[int, int] | None], players: tuple[str, ...], options: GetawayOptions, *,
              rounds: int) -> tuple[tuple[str, ...], dict]:
    """A match in progress: no result, the finished rounds' points as the
    standing so far (unknown if one of them was not settled)."""
    known = all(p is not None for p in points)
    totals = {players[s]: sum(p[s] for p in points) for s in range(len(players))} if known else None
    data = {"complete": False, "in_progress": True, "rounds": rounds, "match_rounds": options.match_rounds,
            "finished_rounds": len(points), "standing": totals}
    if options.match_rounds == 1:
        return (), data
    head = f"match in progress: {len(points)} of {options.match_rounds} rounds finished"
    if totals is None:
        return (f"{head}; standing unknown (a round is not settled)",), data
    return (f"{head}; standing " + ", ".join(f"{name} {t}" for name, t in totals.items()),), data
