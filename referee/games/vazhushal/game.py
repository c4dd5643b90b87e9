"""Vazhushal as a `Game`: read the record, check the setup and each deal,
replay every game, settle the match, compare the claims."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ...findings import Finding
from ...yamldoc import Document
from ..base import DealOutcome, Header, InProgress, RecordGame, Verdict
from . import rules as R
from .deal import Setup, check_deal, check_setup
from .engine import GameResult, GameState, Phase
from .moves import Declare
from .options import VazhushalOptions
from .record import DealRecord, VazhushalRecord, read_record
from .settle import MatchTally, compare_deal, compare_match, deal_summary, match_summary

if TYPE_CHECKING:
    from ..table import Beat, Position

__all__ = ["Vazhushal", "replay_deal"]

_UNSETTLED = GameResult(settled=False, end=None, out_player=None, scores=None, winners=frozenset())


def replay_deal(options: VazhushalOptions, record: DealRecord, *, players: tuple[str, ...], setup: Setup) -> GameState:
    """A game replayed through all its moves."""
    return _replay(options, record, players=players, setup=setup)[0]


def _replay(options: VazhushalOptions, record: DealRecord, *, players: tuple[str, ...],
            setup: Setup) -> tuple[GameState, GameResult]:
    """A game replayed through all its moves, and its result (scored once)."""
    state = GameState(options=options, players=players, hands=record.dealt.hands, setup=setup,
                      dealer=record.dealer, deal=record.number)
    apply = state.apply
    for move in record.moves:
        apply(move)
    return state, state.finish()


def _play_on(options: VazhushalOptions, record: DealRecord, *, players: tuple[str, ...],
             setup: Setup) -> tuple[GameState, GameResult, InProgress | None]:
    """The last game of a record in progress: replayed through its moves and
    left where they stop (the turn in progress is not judged as ended), with
    where it stands; a game that is over, or has nothing legal left in its
    final phase, is finished as `_replay` does (no InProgress then). The
    legal moves counted are the engine's practical selection (`plans.py`)."""
    state = GameState(options=options, players=players, hands=record.dealt.hands, setup=setup,
                      dealer=record.dealer, deal=record.number)
    apply = state.apply
    for move in record.moves:
        apply(move)
    moves = len(record.moves)
    if state.phase is Phase.STOPPED:
        return state, _UNSETTLED, InProgress(deal=record.number, move=moves, state="stopped")
    legal = state.legal_moves() if state.phase is not Phase.OVER else []
    if state.phase is Phase.OVER or (state.phase is Phase.FINAL and not legal):
        return state, state.finish(), None
    return state, _UNSETTLED, InProgress(deal=record.number, move=moves,
                                         to_play=tuple(players[s] for s in state.to_play()), legal_moves=len(legal))


class Vazhushal(RecordGame):
    name = "vazhushal"

    def read(self, document: Document, header: Header) -> VazhushalRecord:
        """The transcript read into typed values (the "moves" stage of
        benchmarks/bench.py)."""
        return read_record(document, header.players)

    def judge_header(self, record: VazhushalRecord, header: Header) -> Verdict:
        """Replay and settle a record under the header's ruleset."""
        return self.judge(record, VazhushalOptions.from_values(header.ruleset.values), in_progress=header.in_progress)

    def judge(self, record: VazhushalRecord, options: VazhushalOptions, *, in_progress: bool = False) -> Verdict:
        """Every game judged and the match settled. `in_progress`: the last
        game may stop anywhere (no VZ-9.x finding for that, its claims are
        not compared) and the match may have games to come (no match claims
        compared while it is undecided)."""
        players = record.players
        n = len(players)
        line, column = record.at.get("players", (1, 1))
        setup_findings = check_setup(options, players, line=line, column=column)
        findings: list[Finding] = list(setup_findings)
        outcomes: list[DealOutcome] = []
        tally = MatchTally(options, n)
        previous: int | None = None
        progress: InProgress | None = None
        for deal in record.deals:
            playing = in_progress and deal is record.deals[-1]
            if setup_findings:
                result = _UNSETTLED
                if playing:
                    progress = InProgress(deal=deal.number, move=len(deal.moves), state="stopped")
            else:
                late = frozenset(m.player for m in deal.moves if isinstance(m, Declare))
                setup = check_deal(options, deal, players=players, previous_dealer=previous, late_declarers=late)
                findings.extend(setup.findings)
                if tally.decided:
                    dline, dcolumn = deal.at["deal"]
                    findings.append(Finding(rule=R.MATCH, message="the match was already decided; this game is"
                                            " not part of it", deal=deal.number, line=dline, column=dcolumn))
                if playing:
                    state, result, progress = _play_on(options, deal, players=players, setup=setup)
                else:
                    state, result = _replay(options, deal, players=players, setup=setup)
                findings.extend(state.findings)
            if progress is not None:
                outcomes.append(DealOutcome(number=deal.number, settled=False, data={
                    "deal": deal.number, "dealer": players[deal.dealer], "settled": False, "in_progress": True},
                    lines=(f"game {deal.number} (dealer {players[deal.dealer]}): in progress after move"
                           f" {progress.move}",)))
                break
            if deal.claims is not None:
                findings.extend(compare_deal(deal.claims, result, players=players, deal=deal.number))
            lines, data = deal_summary(result, players, dealer=deal.dealer, deal=deal.number)
            outcomes.append(DealOutcome(number=deal.number, settled=result.settled, lines=lines, data=data))
            tally.add(deal.number, result)
            previous = deal.dealer
        match = tally.result()
        if in_progress and progress is None and not tally.decided:
            progress = InProgress(deal=record.deals[-1].number, move=len(record.deals[-1].moves),
                                  state="between_deals")
        if progress is not None:  # no match result yet: the finished games' wins as the standing so far
            finished = len(outcomes) - (progress.state != "between_deals")
            lines, data = match_summary(match, players, options=options, games=finished)
            lines = tuple(line.replace("match: ", "match in progress: ", 1) for line in lines)
            return Verdict(findings=tuple(findings), deals=tuple(outcomes), lines=lines,
                           data={**data, "in_progress": True}, in_progress=progress)
        if record.claims is not None:
            findings.extend(compare_match(record.claims, match, players=players))
        lines, data = match_summary(match, players, options=options, games=len(record.deals))
        return Verdict(findings=tuple(findings), deals=tuple(outcomes), lines=lines, data=data)

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        from .views import position

        raw = [entry["moves"] for entry in document.data["deals"]]
        return position(VazhushalOptions.from_values(header.ruleset.values), self.read(document, header), raw,
                        deal=deal, move=move, hide_hands=hide_hands)

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        from .views import narrate

        return narrate(VazhushalOptions.from_values(header.ruleset.values), self.read(document, header))

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})
