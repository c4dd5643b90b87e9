"""Text for people at the table: `referee show` (the position before a move,
the legal moves, the ruling with the rules' full text) and `referee replay`
(the game as a story, findings where they happened, the settlement)."""

from __future__ import annotations

from typing import Iterable

from .errors import shown
from .findings import Finding
from .games.table import Beat, Position
from .render import finding_line
from .report import Report
from .rulesets import rule_text

__all__ = ["show_text", "replay_text", "beat_text", "rules_cited"]


def rules_cited(findings: Iterable[Finding]) -> list[str]:
    """The rule IDs findings cite (their penalty rule included), in order of first use."""
    seen: list[str] = []
    for finding in findings:
        for rule in (finding.rule, *(finding.penalty.split(":")[0:1] if finding.penalty else ())):
            if rule not in seen and rule_text(rule) is not None:
                seen.append(rule)
    return seen


def _rule_block(rule_id: str) -> list[str]:
    rule = rule_text(rule_id)
    return [f"  {rule.id} {rule.title}: {rule.text}"] if rule else []


def show_text(report: Report, position: Position) -> str:
    """The position before a move, what was legal, what was played, the ruling."""
    here = [f for f in report.findings if f.deal == position.deal and f.move == position.move]
    out = [f"{shown(report.file, 200)}: {report.game}, ruleset {report.ruleset}; deal {position.deal}, "
           f"before move {position.move}"]
    out.extend(shown(line, 400) for line in position.lines)
    if position.to_move:
        out.append(f"to move: {', '.join(position.to_move)}")
    if not position.legal:
        out.append("legal moves: none")
    else:
        import textwrap

        out.append(f"legal moves ({len(position.legal)}):")
        out.extend(textwrap.wrap(", ".join(position.legal), width=96, initial_indent="  ", subsequent_indent="  ",
                                 break_on_hyphens=False))
    if position.recorded is None:
        out.append("recorded: nothing more (the deal's moves end here)")
        return "\n".join(out) + "\n"
    out.append(f"recorded: {shown(position.recorded)}")
    stopped = [f for f in report.findings if f.deal == position.deal and f.stops_deal
               and f.move is not None and f.move < position.move]
    if stopped:
        out.append(f"ruling: not refereed; the replay of deal {position.deal} stopped at move {stopped[0].move}"
                   f" ({stopped[0].rule})")
        return "\n".join(out) + "\n"
    if not here:
        out.append("ruling: no rule broken by this move")
        return "\n".join(out) + "\n"
    out.append("ruling:")
    out.extend("  " + finding_line(report.file, f) for f in here)
    out.append("the rules:")
    for rule_id in rules_cited(here):
        out.extend(_rule_block(rule_id))
    return "\n".join(out) + "\n"


def beat_text(beat: Beat) -> str:
    plays = ", ".join(f"{who} {what}" for who, what in beat.plays)
    body = f"{plays}: {beat.outcome}" if plays else beat.outcome
    where = f" (moves {beat.first}-{beat.last})" if beat.first and beat.last > beat.first else (
        f" (move {beat.first})" if beat.first else "")
    return f"{beat.title}{where}: {body}"


def replay_text(report: Report, beats: list[Beat]) -> str:
    """The whole game, one line per trick or turn, findings inline, then the settlement."""
    out = [f"{shown(report.file, 200)}: {report.game}, ruleset {report.ruleset}; players "
           f"{', '.join(report.players)}"]
    placed: set[int] = set()
    for deal in report.deals:
        out.append(f"deal {deal.number}" + (f", dealer {deal.data['dealer']}" if "dealer" in deal.data else ""))
        here = [f for f in report.findings if f.deal == deal.number]
        for beat in (b for b in beats if b.deal == deal.number):
            out.append("  " + shown(beat_text(beat), 600))
            for finding in here:
                if id(finding) not in placed and beat.first and beat.first <= (finding.move or 0) <= beat.last:
                    placed.add(id(finding))
                    out.append("    ! " + finding_line(report.file, finding))
        for finding in here:
            if id(finding) not in placed:
                placed.add(id(finding))
                out.append("    ! " + finding_line(report.file, finding))
        out.extend("  " + shown(line, 400) for line in deal.lines)
    for finding in report.findings:
        if id(finding) not in placed:
            out.append("! " + finding_line(report.file, finding))
    out.extend(shown(line, 400) for line in report.lines)
    out.append(f"{report.status.value}")
    return "\n".join(out) + "\n"
