"""Tjuv as a `Game`: read the record, check the seats and every deal,
replay each deal, score it, check the next dealer, compare the claims, and
sum up the session."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from ...findings import Finding, Severity
from ...yamldoc import Document
from ..base import Beat, DealOutcome, Header, InProgress, Position, RecordGame, Verdict
from . import rules as R
from .deal import DealCheck, StartingPosition, check_deal, check_setup
from .engine import DealResult, TjuvDeal
from .options import SessionResult, TjuvOptions
from .record import DealRecord, TjuvRecord, read_record
from .settle import (DealScore, PreviousDeal, check_dealer, compare_deal, compare_session, deal_summary,
                     missing_claims, score_deal, score_session, session_summary)

__all__ = ["Tjuv", "replay_deal", "replay_start"]

VERIFIED = "verified"
WITH_VIOLATIONS = "replayed with violations"
NOT_REPLAYED = "not replayed"
STOPPED = "replay stopped"
IN_PROGRESS = "in progress"


def replay_deal(options: TjuvOptions, players: tuple[str, ...], *, record: DealRecord,
                start: StartingPosition) -> TjuvDeal:
    """A deal replayed through all its moves from its starting position."""
    state = TjuvDeal.from_start(options=options, players=players, start=start, deal=record.number)
    for move in record.moves or ():
        state.apply(move)
        if state.stopped:
            break
    state.finish(at=record.at.get("moves"))
    return state


def replay_start(options: TjuvOptions, players: tuple[str, ...], *,
                 deal: DealRecord) -> tuple[DealCheck, StartingPosition | None]:
    """The deal record's check, and the position the referee replays it from:
    None when the deal is not replayed (no moves, no position, or findings
    in the record under on_violation=stop)."""
    check = check_deal(options, players, record=deal)
    if deal.moves is None or check.start is None or (options.stops and not check.clean):
        return check, None
    return check, check.start


class Tjuv(RecordGame):
    name = "tjuv"

    def read(self, document: Document, header: Header) -> TjuvRecord:
        """The transcript read into typed values (the "moves" stage of
        benchmarks/bench.py)."""
        return read_record(document, header.players)

    def judge_header(self, record: TjuvRecord, header: Header) -> Verdict:
        """Replay and settle a record under the header's ruleset."""
        return self.judge(record, TjuvOptions.from_values(header.ruleset.values), in_progress=header.in_progress)

    def judge(self, record: TjuvRecord, options: TjuvOptions, *, in_progress: bool = False) -> Verdict:
        """Every deal judged and the session summed up. `in_progress`: the
        last deal may stop anywhere (no TJ-3.17 or TJ-10.3 for it, its claims
        are neither compared nor asked for) and more deals may follow (no
        session result, no session claims compared)."""
        players = record.players
        setup = check_setup(options, players, at=record.at.get("players", (1, 1)))
        blocked = any(f.is_error for f in setup)
        findings: list[Finding] = list(setup)
        outcomes: list[DealOutcome] = []
        scores: list[DealScore | None] = []
        previous: PreviousDeal | None = None
        last = 0 if in_progress else len(record.deals)  # (no deal is the last of a session in progress)
        progress: InProgress | None = None
        for deal in record.deals:
            found: list[Finding] = []
            result: DealResult | None = None
            status = NOT_REPLAYED
            playing = in_progress and deal is record.deals[-1]
            if not blocked:
                if previous is not None:
                    found.extend(check_dealer(options, players, record=deal, previous=previous))
                if playing:
                    result, status, progress = self._play_on(options, players, deal=deal, found=found)
                else:
                    result, status = self._replay(options, players, deal=deal, found=found)
            elif playing:
                progress = InProgress(deal=deal.number, move=len(deal.moves or ()), state="stopped")
            if progress is not None:
                outcomes.append(DealOutcome(number=deal.number, settled=False, data={
                    "deal": deal.number, "dealer": None if deal.dealer is None else players[deal.dealer],
                    "settled": False, "status": IN_PROGRESS, "in_progress": True},
                    lines=(f"deal {deal.number}: in progress after move {progress.move}",)))
                findings.extend(found)
                break
            score = score_deal(result.counts, deal.dealer) if result is not None and result.settled else None
            if deal.claims is not None:
                found.extend(compare_deal(deal.claims, result, score=score, players=players, deal=deal.number))
            found.extend(missing_claims(deal.claims, deal))
            lines, data = deal_summary(deal=deal.number, dealer=deal.dealer, status=status, result=result,
                                       score=score, players=players, options=options, last=deal.number == last)
            outcomes.append(DealOutcome(number=deal.number, settled=score is not None, lines=lines, data=data))
            findings.extend(found)
            scores.append(score)
            previous = PreviousDeal(number=deal.number, dealer=deal.dealer, score=score)
        if in_progress:
            progress = progress or InProgress(deal=record.deals[-1].number, move=len(record.deals[-1].moves or ()),
                                              state="between_deals")  # a session has no set length (TJ-5.7)
            lines, data = _standing(scores, players, options=options, deals=len(record.deals))
            return Verdict(findings=tuple(findings), deals=tuple(outcomes), lines=lines, data=data,
                           in_progress=progress)
        session = score_session(scores, options, n=len(players))
        if record.claims is not None:
            findings.extend(compare_session(record.claims, session, players=players, options=options))
        elif options.session_result is not SessionResult.NONE:
            line, column = record.at.get("deals", (None, None))
            findings.append(Finding(rule=R.OUTCOME_RECORD, severity=Severity.NOTE, line=line, column=column,
                                    message=f"session_result={options.session_result.value}: no claimed session"
                                    " ranking"))
        lines, data = session_summary(session, players, options=options)
        return Verdict(findings=tuple(findings), deals=tuple(outcomes), lines=lines, data=data)

    @staticmethod
    def _replay(options: TjuvOptions, players: tuple[str, ...], *, deal: DealRecord,
                found: list[Finding]) -> tuple[DealResult | None, str]:
        """Check the deal record and replay its moves; appends the findings."""
        check, start = replay_start(options, players, deal=deal)
        found.extend(check.findings)
        if deal.moves is None:
            line, column = deal.at["deal"]
            found.append(Finding(rule=R.TURN_RECORD, deal=deal.number, line=line, column=column, stops_deal=True,
                                 message="the deal records no moves; replay of this deal stops"))
        if start is None:
            return None, NOT_REPLAYED
        state = replay_deal(options, players, record=deal, start=start)
        found.extend(state.findings)
        result = state.result()
        if not result.settled:
            return result, STOPPED
        clean = not any(f.is_error for f in found)
        return result, VERIFIED if clean else WITH_VIOLATIONS

    @staticmethod
    def _play_on(options: TjuvOptions, players: tuple[str, ...], *, deal: DealRecord,
                 found: list[Finding]) -> tuple[DealResult | None, str, InProgress | None]:
        """The last deal of a record in progress: replayed through its moves
        and left where they stop (the turn in progress is not closed), with
        where it stands; a deal that has ended is finished as `_replay` does
        (no InProgress then)."""
        if deal.moves is None:  # dealt, no move yet
            deal = replace(deal, moves=())
        check, start = replay_start(options, players, deal=deal)
        found.extend(check.findings)
        moves = len(deal.moves)
        if start is None:
            return None, NOT_REPLAYED, InProgress(deal=deal.number, move=moves, state="stopped")
        state = TjuvDeal.from_start(options=options, players=players, start=start, deal=deal.number)
        for move in deal.moves:
            state.apply(move)
            if state.stopped:
                found.extend(state.findings)
                return state.result(), STOPPED, InProgress(deal=deal.number, move=moves, state="stopped")
        legal = [] if state.over else state.legal_moves()
        if not legal:  # the deal is over, or can go no further: finished as `_replay` finishes it
            state.finish(at=deal.at.get("moves"))
            found.extend(state.findings)
            result = state.result()
            if not result.settled:
                return result, STOPPED, None
            return result, VERIFIED if not any(f.is_error for f in found) else WITH_VIOLATIONS, None
        found.extend(state.findings)
        seat, _ = state.to_move()
        return state.result(), IN_PROGRESS, InProgress(deal=deal.number, move=moves, to_play=(players[seat],),
                                                       legal_moves=len(legal))

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        from .views import position

        options = TjuvOptions.from_values(header.ruleset.values)
        record = read_record(document, header.players)
        raw = [entry.get("moves") or [] for entry in document.data["deals"]]
        return position(options, record, raw, deal=deal, move=move, hide_hands=hide_hands)

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        from .views import narrate

        return narrate(TjuvOptions.from_values(header.ruleset.values), read_record(document, header.players))

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})


def _standing(scores: list[DealScore | None], players: tuple[str, ...], *, options: TjuvOptions,
              deals: int) -> tuple[tuple[str, ...], dict]:
    """A session in progress: no session result; the finished deals' wins
    and cards as the standing so far (unknown if one was not settled)."""
    so_far = score_session(scores, options, n=len(players))
    data = {"deals": deals, "complete": False, "in_progress": True, "session_result": options.session_result.value,
            "payouts": None, "finished_deals": len(scores)}
    head = f"session in progress: {len(scores)} deal(s) finished"
    if not scores:
        return (head,), data
    if not so_far.complete:
        return (f"{head}; standing unknown (a deal is not settled)",), data
    data["wins"] = {players[s]: w for s, w in enumerate(so_far.wins)}
    data["totals"] = {players[s]: t for s, t in enumerate(so_far.totals)}
    return (f"{head}; standing: deals won " + ", ".join(f"{players[s]} {w}" for s, w in enumerate(so_far.wins))
            + "; total cards " + ", ".join(f"{players[s]} {t}" for s, t in enumerate(so_far.totals)),), data
