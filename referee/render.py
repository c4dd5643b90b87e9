"""Renderers: a run's reports as text, JSON, JSON Lines or GitHub Actions
workflow annotations; the quiet text of `--quiet` and the table of
`--statistics`.

`RENDERERS` maps a format name to a function (reports -> text); the CLI
takes its `--format` choices from it. Every user-supplied string is escaped
before it reaches a terminal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from . import __version__
from .errors import Problem, shown
from .findings import Finding, Severity
from .jsontext import dumps_compact, dumps_indented, filled, indented, spliced
from .report import Report, Status

__all__ = ["RENDERERS", "render_text", "render_quiet", "render_problems", "render_json", "render_jsonl", "render_github",
           "render_summary", "render_statistics", "summary", "finding_line", "problem_lines", "progress_text"]


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
    if finding.penalty is not None:
        text += f"; penalty {shown(finding.penalty.text(), 400)}"
    return text


def _width(text: str) -> int:
    """Columns a terminal gives `text` (wide East Asian characters take two, combining marks none)."""
    if text.isascii():
        return len(text)
    from unicodedata import combining, east_asian_width

    return sum(0 if combining(ch) else 2 if east_asian_width(ch) in "WF" else 1 for ch in text)


def problem_lines(file: str, problem: Problem) -> list[str]:
    """`file:line:col: error: message`, then (when the problem has them) its line as
    written with a caret under the column, and its hint."""
    out = [f"{_place(file, problem.line, problem.column)}: error: {shown(problem.message, 400)}"]
    if problem.excerpt is not None and problem.line is not None:
        first = problem.excerpt_column or 1
        cut = "..." if first > 1 else ""
        number = str(problem.line)
        before = shown(problem.excerpt[:max(0, (problem.column or 1) - first)], 400)
        out.append(f"  {number} | {cut}{shown(problem.excerpt, 400)}")
        out.append(f"  {' ' * len(number)} | {' ' * _width(cut + before)}^")
    if problem.hint:
        out.append(f"  hint: {shown(problem.hint, 400)}")
    return out


def _unusable_text(report: Report) -> list[str]:
    out = [line for problem in report.problems for line in problem_lines(report.file, problem)]
    out.append(f"{shown(report.file, 200)}: unusable (exit 2)")
    return out


def _report_text(report: Report) -> list[str]:
    if report.status is Status.UNUSABLE:
        return _unusable_text(report)
    out: list[str] = []
    name = shown(report.file, 200)
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
    assert at is not None, "only for a record in progress"
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


def render_quiet(reports: Iterable[Report], *, seconds: float | None = None) -> str:
    """`--quiet` text: each finding line and each unusable file's lines;
    no deal outcome, settlement or per-file verdict is rendered at all."""
    lines: list[str] = []
    for report in reports:
        if report.status is Status.UNUSABLE:
            lines.extend(_unusable_text(report))
        else:
            lines.extend(finding_line(report.file, finding) for finding in report.findings)
    return "\n".join(lines) + ("\n" if lines else "")


def render_problems(reports: Iterable[Report], *, seconds: float | None = None) -> str:
    """Only the lines of unusable files (for `--statistics`, which counts the findings)."""
    lines = [line for report in reports if report.status is Status.UNUSABLE for line in _unusable_text(report)]
    return "\n".join(lines) + ("\n" if lines else "")


def _github_escaped(text: str, *, limit: int, is_property: bool = False) -> str:
    """Text for a workflow command: `%`, CR and LF encoded as GitHub decodes
    them (and `:` and `,` in a property), any other control character escaped."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if is_property:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return shown(text, limit)


def _annotation(level: str, file: str, line: int | None, column: int | None, title: str, message: str) -> str:
    where = [f"file={_github_escaped(file, limit=4096, is_property=True)}"]
    if line is not None:
        where.append(f"line={line}")
        where.append(f"col={column or 1}")
    where.append(f"title={_github_escaped(title, limit=200, is_property=True)}")
    return f"::{level} {','.join(where)}::{_github_escaped(message, limit=1000)}"


def render_github(reports: Iterable[Report], *, seconds: float | None = None) -> str:
    """GitHub Actions workflow commands: `::error` for each finding that
    breaks a rule (title: its rule ID) and each problem of an unusable file
    (title: `unusable`), `::notice` for each note."""
    lines: list[str] = []
    for report in reports:
        if report.status is Status.UNUSABLE:
            lines.extend(_annotation("error", report.file, p.line, p.column, "unusable",
                                     p.message + (f"\nhint: {p.hint}" if p.hint else ""))
                         for p in report.problems)
            continue
        for finding in report.findings:
            where = [f"{k} {v}" for k, v in (("deal", finding.deal), ("move", finding.move)) if v is not None]
            message = (", ".join(where) + ": " if where else "") + finding.message
            if finding.penalty is not None:
                message += f"; penalty {finding.penalty.text()}"
            level = "error" if finding.is_error else "notice"
            lines.append(_annotation(level, report.file, finding.line, finding.column, finding.rule, message))
    return "\n".join(lines) + ("\n" if lines else "")


def _rule_order(rule: str) -> tuple:
    """GW-4.4 before GW-10.9: the numbers of an ID compared as numbers."""
    prefix, _, number = rule.partition("-")
    return (prefix, *(int(part) if part.isdigit() else 0 for part in number.split(".")), rule)


def render_statistics(counts: dict[tuple[str, str], int]) -> str:
    """`--statistics`: one line per (rule ID, game) with its count of
    findings, most frequent first, then by rule ID; the rule's title last."""
    from .rulesets import catalogue

    rows = sorted(counts.items(), key=lambda item: (-item[1], _rule_order(item[0][0]), item[0][1]))
    if not rows:
        return ""
    width = max(5, *(len(str(count)) for _, count in rows))
    rule_width = max(len(rule) for (rule, _), _ in rows)
    game_width = max(len(game) for (_, game), _ in rows)
    lines = []
    for (rule, game), count in rows:
        try:
            known = catalogue(game).rules.get(rule)
        except KeyError:
            known = None
        title = known.title if known else ""
        lines.append(f"{count:>{width}}  {shown(rule, 40):<{rule_width}}  {game:<{game_width}}  {title}".rstrip())
    return "\n".join(lines) + "\n"


def summary(statuses: list[Status], *, seconds: float | None = None) -> dict:
    """Counts of a run, and its wall time when known."""
    counts: dict[str, float] = {
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
    """`json.dumps(data, indent=2, ensure_ascii=True)` of the run, the same text. The deals of a
    report that write their own JSON text (`json_text(depth)`, Game, Flip, Flop's) are spliced
    in as written instead of their data being encoded and laid out (tests/core/test_jsontext.py)."""
    reports = list(reports)
    if not any([_writes(type(r.deals[0])) for r in reports if r.deals]):
        datas = [r.to_data() for r in reports]
        # Each report's options ("options" of a usable report's data), written once for each
        # ruleset met and filled in as written: reports of one ruleset share them.
        options = [_options_text(tuple(d["options"].items())) for d in datas if "options" in d]
        for d in datas:
            if "options" in d:
                d["options"] = {}  # the key keeps its place
        data = {"referee": __version__, "reports": datas, "summary": summary([r.status for r in reports], seconds=seconds)}
        return filled(dumps_indented(data), "options", options, depth=2) + "\n"
    data = {"referee": __version__, "reports": [], "summary": summary([r.status for r in reports], seconds=seconds)}
    return spliced(dumps_indented(data), "reports", [_report_json(r, 2) for r in reports]) + "\n"


class _OptionsTexts(dict):
    """A report's options as pairs -> their object as it stands in `render_json`'s text."""

    def __missing__(self, pairs: tuple[tuple[str, str], ...]) -> str:
        if len(self) >= 256:
            self.clear()
        self[pairs] = text = indented(dumps_indented(dict(pairs)), 3)
        return text


_options_text = _OptionsTexts().__getitem__


def _written_deals(report: Report) -> bool:
    """Whether the report's deals write their own JSON text."""
    deals = report.deals
    if not deals or report.status is Status.UNUSABLE:
        return False
    return all([_writes(type(deal)) for deal in deals])


class _Writes(dict):
    """A deal outcome's class -> whether it writes its own JSON text."""

    def __missing__(self, cls: type) -> bool:
        self[cls] = writes = hasattr(cls, "json_text")
        return writes


_writes = _Writes().__getitem__


def _report_json(report: Report, depth: int) -> str:
    """`dumps_indented(report.to_data())`, the same text, as it stands at `depth`."""
    if not _written_deals(report):
        return indented(dumps_indented(report.to_data()), depth)
    text = indented(dumps_indented(replace(report, deals=()).to_data()), depth)
    return spliced(text, "deals", [deal.json_text(depth + 2) for deal in report.deals], depth=depth)  # type: ignore[attr-defined]


def render_jsonl(reports: Iterable[Report], *, seconds: float | None = None) -> str:
    """One line of compact JSON per report (`json.dumps(..., separators=(",", ":"))`, the same text)."""
    return "".join([dumps_compact(r.to_data()) + "\n" for r in reports])


RENDERERS: dict[str, Callable[..., str]] = {
    "text": render_text,
    "json": render_json,
    "jsonl": render_jsonl,
    "github": render_github,
}
