"""Vazhushal as a `Game`: read the record, check the setup and each deal,
replay every game, settle the match, compare the claims."""

from __future__ import annotations

from typing import Mapping

from ...findings import Finding
from ...yamldoc import Document
from ..base import DealOutcome, Header, Verdict
from . import rules as R
from .deal import Setup, check_deal, check_setup
from .engine import GameResult, GameState
from .moves import Declare
from .options import VazhushalOptions
from .record import DealRecord, VazhushalRecord, read_record
from .settle import MatchTally, compare_deal, compare_match, deal_summary, match_summary

__all__ = ["Vazhushal", "replay_deal"]

_UNSETTLED = GameResult(settled=False, end=None, out_player=None, scores=None, winners=frozenset())


def replay_deal(options: VazhushalOptions, record: DealRecord, *, players: tuple[str, ...], setup: Setup) -> GameState:
    """A game replayed through all its moves."""
    state = GameState(options=options, players=players, hands=record.dealt.hands, setup=setup,
                      dealer=record.dealer, deal=record.number)
    for move in record.moves:
        state.apply(move)
    state.finish()
    return state


class Vazhushal:
    name = "vazhushal"

    def referee(self, document: Document, header: Header) -> Verdict:
        options = VazhushalOptions.from_values(header.ruleset.values)
        record = read_record(document, header.players)
        return self.judge(record, options)

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
                state = replay_deal(options, deal, players=players, setup=setup)
                findings.extend(state.findings)
                result = state.result()
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

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})
