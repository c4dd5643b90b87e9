"""Vazhushal as a `Game`: read the record, check the setup and each deal,
replay every game, settle the match, compare the claims."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ...findings import Finding
from ...yamldoc import Document
from ..base import DealOutcome, Header, RecordGame, Verdict
from . import rules as R
from .deal import Setup, check_deal, check_setup
from .engine import GameResult, GameState
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


class Vazhushal(RecordGame):
    name = "vazhushal"

    def read(self, document: Document, header: Header) -> VazhushalRecord:
        """The transcript read into typed values (the "moves" stage of
        benchmarks/bench.py)."""
        return read_record(document, header.players)

    def judge_header(self, record: VazhushalRecord, header: Header) -> Verdict:
        """Replay and settle a record under the header's ruleset."""
        return self.judge(record, VazhushalOptions.from_values(header.ruleset.values))

    def judge(self, record: VazhushalRecord, options: VazhushalOptions) -> Verdict:
        players = record.players
        n = len(players)
        line, column = record.at.get("players", (1, 1))
        setup_findings = check_setup(options, players, line=line, column=column)
        findings: list[Finding] = list(setup_findings)
        outcomes: list[DealOutcome] = []
        tally = MatchTally(options, n)
        previous: int | None = None
        for deal in record.deals:
            if setup_findings:
                result = _UNSETTLED
            else:
                late = frozenset(m.player for m in deal.moves if isinstance(m, Declare))
                setup = check_deal(options, deal, players=players, previous_dealer=previous, late_declarers=late)
                findings.extend(setup.findings)
                if tally.decided:
                    dline, dcolumn = deal.at["deal"]
                    findings.append(Finding(rule=R.MATCH, message="the match was already decided; this game is"
                                            " not part of it", deal=deal.number, line=dline, column=dcolumn))
                state, result = _replay(options, deal, players=players, setup=setup)
                findings.extend(state.findings)
            if deal.claims is not None:
                findings.extend(compare_deal(deal.claims, result, players=players, deal=deal.number))
            lines, data = deal_summary(result, players, dealer=deal.dealer, deal=deal.number)
            outcomes.append(DealOutcome(number=deal.number, settled=result.settled, lines=lines, data=data))
            tally.add(deal.number, result)
            previous = deal.dealer
        match = tally.result()
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
