"""Renderers: a run's reports as text, JSON or JSON Lines.

`RENDERERS` maps a format name to a function (reports -> text); the CLI
takes its `--format` choices from it. Every user-supplied string is escaped
before it reaches a terminal.
"""

from __future__ import annotations

import json
from typing import Callable, Iterable

from . import __version__
from .errors import shown
from .findings import Finding, Severity
from .report import Report, Status

__all__ = ["RENDERERS", "render_text", "render_json", "render_jsonl", "render_summary", "summary", "finding_line",
           "progress_text"]


def _place(file: str, line: int | None, column: int | None) -> str:
    if line is None:
        return shown(file, 200)
    return f"{shown(file, 200)}:{line}:{column or 1}"


def finding_line(file: str, finding: Finding) -> str:
    """`file:line:col: RULE-ID deal D, move M: message; penalty ...`"""
    where = []
    if finding.deal is not None:
        where.append(f"deal {finding.deal}")
    if finding.move is not None:
        where.append(f"move {finding.move}")
    prefix = f"{_place(file, finding.line, finding.column)}: "
    if finding.severity is Severity.NOTE:
        prefix += "note: "
    text = f"{prefix}{finding.rule} {', '.join(where) + ': ' if where else ''}{shown(finding.message, 400)}"
    if finding.penalty:
        text += f"; penalty {shown(finding.penalty, 400)}"
    return text


def _report_text(report: Report) -> list[str]:
    out: list[str] = []
    name = shown(report.file, 200)
    if report.status is Status.UNUSABLE:
        for problem in report.problems:
            out.append(f"{_place(report.file, problem.line, problem.column)}: error: {shown(problem.message, 400)}")
        out.append(f"{name}: unusable (exit 2)")
        return out
    for finding in report.findings:
        out.append(finding_line(report.file, finding))
    for deal in report.deals:
        out.extend(f"{name}: {shown(line, 400)}" for line in deal.lines)
    out.extend(f"{name}: {shown(line, 400)}" for line in report.lines)
    errors = sum(1 for f in report.findings if f.is_error)
    if report.in_progress is not None:
        out.append(f"{name}: {progress_text(report, errors)}")
    elif report.status is Status.LEGAL:
        out.append(f"{name}: legal ({report.game}, ruleset {report.ruleset})")
    else:
        out.append(f"{name}: illegal ({errors} finding{'s' if errors != 1 else ''}; {report.game}, ruleset {report.ruleset})")
    return out


def progress_text(report: Report, errors: int) -> str:
    """`in progress after deal D, move M; legal so far (...); W to play (12 legal moves)`."""
    at = report.in_progress
    game = f"{report.game}, ruleset {report.ruleset}"
    if report.status is Status.LEGAL:
        verdict = f"legal so far ({game})"
    else:
        verdict = f"illegal so far ({errors} finding{'s' if errors != 1 else ''}; {game})"
    if at.state == "between_deals":
        next_step = f"deal {at.deal + 1} to be dealt"
    elif at.state == "stopped":
        next_step = f"the replay of deal {at.deal} stopped"
    else:
        names = [shown(p, 200) for p in at.to_play]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        moves = at.legal_moves
        next_step = f"{who} to play ({moves} legal move{'s' if moves != 1 else ''})"
    return f"in progress after deal {at.deal}, move {at.move}; {verdict}; {next_step}"


def render_text(reports: Iterable[Report], *, seconds: float | None = None) -> str:
    lines: list[str] = []
    for report in reports:
        lines.extend(_report_text(report))
    return "\n".join(lines) + ("\n" if lines else "")


def summary(statuses: list[Status], *, seconds: float | None = None) -> dict:
    """Counts of a run, and its wall time when known."""
    counts = {
        "files": len(statuses),
        "legal": statuses.count(Status.LEGAL),
        "illegal": statuses.count(Status.ILLEGAL),
        "unusable": statuses.count(Status.UNUSABLE),
    }
    if seconds is not None:
        counts["seconds"] = round(seconds, 3)
    return counts


def render_summary(counts: dict) -> str:
    text = f"{counts['files']} files: {counts['legal']} legal, {counts['illegal']} illegal, {counts['unusable']} unusable"
    if "seconds" in counts:
        text += f" ({counts['seconds']:.2f} s)"
    return text + "\n"


def render_json(reports: Iterable[Report], *, seconds: float | None = None) -> str:
    reports = list(reports)
    data = {"referee": __version__, "reports": [r.to_data() for r in reports],
            "summary": summary([r.status for r in reports], seconds=seconds)}
    return json.dumps(data, indent=2, ensure_ascii=True) + "\n"


def render_jsonl(reports: Iterable[Report], *, seconds: float | None = None) -> str:
    return "".join(json.dumps(r.to_data(), ensure_ascii=True, separators=(",", ":")) + "\n" for r in reports)


RENDERERS: dict[str, Callable[..., str]] = {
    "text": render_text,
    "json": render_json,
    "jsonl": render_jsonl,
}
