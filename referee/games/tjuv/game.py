"""Tjuv as a `Game`: its `Match` for the core driver (core/driver.py),
which reads the record, checks the seats and every deal (and the dealer
against the previous deal), replays each deal through the engine (a
`State`), scores it, compares the claims and sums up the session."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ...core.driver import Closed, Match, Opening, Play, Settlement, judge
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

__all__ = ["Tjuv", "TjuvMatch", "replay_start"]

VERIFIED = "verified"
WITH_VIOLATIONS = "replayed with violations"
NOT_REPLAYED = "not replayed"
STOPPED = "replay stopped"
IN_PROGRESS = "in progress"


def replay_start(options: TjuvOptions, players: tuple[str, ...], *,
                 deal: DealRecord) -> tuple[DealCheck, StartingPosition | None]:
    """The deal record's check, and the position the referee replays it from:
    None when the deal is not replayed (no moves, no position, or findings
    in the record under on_violation=stop)."""
    check = check_deal(options, players, record=deal)
    if deal.moves is None or check.start is None or (options.stops and not check.clean):
        return check, None
    return check, check.start


class TjuvMatch:
    """One Tjuv session judged by the driver: what a deal leaves to the next
    (its dealer and score, for the dealer check) and to the session (every
    deal's score). `in_progress`: the last deal is still being played (a
    missing `moves` key is no move yet), and no deal is the session's last."""

    def __init__(self, record: TjuvRecord, options: TjuvOptions, *, in_progress: bool = False) -> None:
        self.record, self.options, self.in_progress = record, options, in_progress
        self.players = record.players
        self.setup_errors: list[Finding] = []
        self.previous: PreviousDeal | None = None
        self.scores: list[DealScore | None] = []
        self.check: DealCheck | None = None  # the check of the deal opened last (None: setup blocks it)
        self._opened: tuple[Finding, ...] = ()

    @property
    def blocked(self) -> bool:
        """A setup error: no deal is checked or replayed."""
        return bool(self.setup_errors)

    def setup(self) -> list[Finding]:
        found = check_setup(self.options, self.players, at=self.record.at.get("players", (1, 1)))
        self.setup_errors = [f for f in found if f.is_error]
        return found

    def deals(self) -> tuple[DealRecord, ...]:
        return self.record.deals

    def open(self, deal: DealRecord) -> Opening:
        self.check = None
        if self.blocked:
            self._opened = ()
            return Opening(number=deal.number, moves=deal.moves or (), replay=False, position=deal.position)
        if deal.moves is None and self.in_progress and deal is self.record.deals[-1]:
            deal = replace(deal, moves=())  # dealt, no move yet
        found: list[Finding] = []
        if self.previous is not None:
            found.extend(check_dealer(self.options, self.players, record=deal, previous=self.previous))
        self.check, start = replay_start(self.options, self.players, deal=deal)
        found.extend(self.check.findings)
        if deal.moves is None:
            line, column = deal.at["deal"]
            found.append(Finding(rule=R.TURN_RECORD, deal=deal.number, line=line, column=column, stops_deal=True,
                                 message="the deal records no moves; replay of this deal stops"))
        self._opened = tuple(found)
        state = None if start is None else TjuvDeal.from_start(options=self.options, players=self.players,
                                                               start=start, deal=deal.number)
        return Opening(number=deal.number, findings=self._opened, state=state, moves=deal.moves or (),
                       replay=state is not None, position=deal.position)

    def close(self, deal: DealRecord, play: Play) -> Closed:
        result: DealResult | None = None
        status = NOT_REPLAYED
        if play.replayed and play.state is not None:
            result = play.state.result()
            if not result.settled:
                status = STOPPED
            else:
                status = VERIFIED  # unless any finding is an error (a loop, not any() over a generator)
                for found_ in (self._opened, play.findings):
                    for f in found_:
                        if f.is_error:
                            status = WITH_VIOLATIONS
                            break
        score: DealScore | None = None
        if result is not None and result.settled:
            # a replayed deal passed the deal check (its dealer is recorded); a settled one has its counts
            assert result.counts is not None and deal.dealer is not None, "a settled deal has counts and dealer"
            score = score_deal(result.counts, deal.dealer)
        found: list[Finding] = []
        if deal.claims is not None:
            found.extend(compare_deal(deal.claims, result, score=score, players=self.players, deal=deal.number))
        found.extend(missing_claims(deal.claims, deal))
        last = not self.in_progress and deal is self.record.deals[-1]  # (a session in progress has no last deal)
        lines, data = deal_summary(deal=deal.number, dealer=deal.dealer, status=status, result=result,
                                   score=score, players=self.players, options=self.options, last=last)
        self.scores.append(score)
        self.previous = PreviousDeal(number=deal.number, dealer=deal.dealer, score=score)
        return Closed(outcome=DealOutcome(number=deal.number, settled=score is not None, lines=lines, data=data),
                      findings=tuple(found))

    def pause(self, deal: DealRecord, play: Play) -> Closed:
        players = self.players
        data = {"deal": deal.number, "dealer": None if deal.dealer is None else players[deal.dealer],
                "settled": False, "status": IN_PROGRESS, "in_progress": True}
        return Closed(outcome=DealOutcome(number=deal.number, settled=False, data=data,
                                          lines=(f"deal {deal.number}: in progress after move {play.moves}",)))

    def goes_on(self) -> bool:
        return True  # a session has no set length (TJ-5.7)

    def settle(self) -> Settlement:
        record, options, players = self.record, self.options, self.players
        session = score_session(self.scores, options, n=len(players))
        found: list[Finding] = []
        if record.claims is not None:
            found.extend(compare_session(record.claims, session, players=players, options=options))
        elif options.session_result is not SessionResult.NONE:
            line, column = record.at.get("deals", (None, None))
            found.append(Finding(rule=R.OUTCOME_RECORD, severity=Severity.NOTE, line=line, column=column,
                                 message=f"session_result={options.session_result.value}: no claimed session"
                                 " ranking"))
        lines, data, standing = session_summary(session, players, options=options)
        return Settlement(lines=lines, data=data, findings=tuple(found), standing=standing)

    def standing(self, progress: InProgress) -> Settlement:
        lines, data = _standing(self.scores, self.players, options=self.options, deals=len(self.record.deals))
        return Settlement(lines=lines, data=data)


class Tjuv(RecordGame):
    name = "tjuv"

    def read(self, document: Document, header: Header) -> TjuvRecord:
        """The transcript read into typed values (the "moves" stage of
        benchmarks/bench.py)."""
        return read_record(document, header.players)

    def match(self, record: TjuvRecord, header: Header) -> Match:
        return TjuvMatch(record, TjuvOptions.from_values(header.ruleset.values), in_progress=header.in_progress)

    def judge_header(self, record: TjuvRecord, header: Header) -> Verdict:
        """Replay and settle a record under the header's ruleset."""
        return self.judge(record, TjuvOptions.from_values(header.ruleset.values), in_progress=header.in_progress)

    def judge(self, record: TjuvRecord, options: TjuvOptions, *, in_progress: bool = False) -> Verdict:
        """Every deal judged and the session summed up. `in_progress`: the
        last deal may stop anywhere (no TJ-3.17 or TJ-10.3 for it, its claims
        are neither compared nor asked for) and more deals may follow (no
        session result, no session claims compared)."""
        return judge(TjuvMatch(record, options, in_progress=in_progress), in_progress=in_progress)

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        from .views import position

        match = TjuvMatch(read_record(document, header.players), TjuvOptions.from_values(header.ruleset.values))
        raw = [entry.get("moves") or [] for entry in document.data["deals"]]
        return position(match, raw, deal=deal, move=move, hide_hands=hide_hands,
                        in_progress=header.in_progress)

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        from .views import narrate

        return narrate(TjuvMatch(read_record(document, header.players), TjuvOptions.from_values(header.ruleset.values)))

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})


def _standing(scores: list[DealScore | None], players: tuple[str, ...], *, options: TjuvOptions,
              deals: int) -> tuple[tuple[str, ...], dict]:
    """A session in progress: no session result; the finished deals' wins
    and cards as the standing so far (unknown if one was not settled)."""
    so_far = score_session(scores, options, n=len(players))
    data: dict[str, Any] = {"deals": deals, "complete": False, "in_progress": True,
                            "session_result": options.session_result.value,
            "payouts": None, "finished_deals": len(scores)}
    head = f"session in progress: {len(scores)} deal(s) finished"
    if not scores:
        return (head,), data
    if not so_far.complete:
        return (f"{head}; standing unknown (a deal is not settled)",), data
    wins, totals = so_far.wins, so_far.totals
    assert wins is not None and totals is not None, "a complete standing has them"
    data["wins"] = {players[s]: w for s, w in enumerate(wins)}
    data["totals"] = {players[s]: t for s, t in enumerate(totals)}
    return (f"{head}; standing: deals won " + ", ".join(f"{players[s]} {w}" for s, w in enumerate(wins))
            + "; total cards " + ", ".join(f"{players[s]} {t}" for s, t in enumerate(totals)),), data
