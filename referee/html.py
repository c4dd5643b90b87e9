"""One self-contained HTML page for `check --format html` and `replay
--format html`: inline CSS, no script, no fonts or images from elsewhere.
Cards show as rank and suit glyph in the suit's colour; every finding is
highlighted and linked to the full text of its rule; the settlement is a
table."""

from __future__ import annotations

import re
from html import escape as _html_escape
from typing import Any, Iterable, Mapping

from . import __version__
from .findings import Finding, Severity
from .games.table import Beat
from .report import Report, Status
from .errors import shown
from .rulesets import rule_text
from .views import rules_cited

__all__ = ["html_page"]

_CARD = re.compile(r"\b(10|[2-9JQKA])([SHDC])\b|\bJK\b")
_GLYPH = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
_RULE = re.compile(r"\b(GW|TJ|GFF|VZ)-\d+\.\d+\b")

_STYLE = """
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 64em;
       padding: 0 1em; color: #1d1d1f; background: #fbfbf8; }
h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { font-size: 1.25em; margin-top: 2em; }
h3 { font-size: 1.05em; margin: 1.4em 0 .4em; }
.meta { color: #555; } .status { font-weight: 600; padding: .1em .5em; border-radius: .3em; }
.legal { background: #dff3e4; color: #14532d; } .illegal { background: #fde2e1; color: #7f1d1d; }
.unusable { background: #fef3c7; color: #78350f; }
.card { font-weight: 600; white-space: nowrap; } .card.red { color: #c1121f; } .card.black { color: #111; }
.card.joker { color: #6b21a8; }
table { border-collapse: collapse; margin: .4em 0 1em; }
th, td { border: 1px solid #d6d6d0; padding: .25em .6em; text-align: left; vertical-align: top; }
th { background: #efefe9; }
table.beat { min-width: 24em; } table.beat caption { text-align: left; font-weight: 600; padding: .2em 0; }
table.beat td.outcome { background: #f6f6f1; font-style: italic; }
.finding { border-left: .3em solid #c1121f; background: #fff1f0; padding: .35em .7em; margin: .3em 0; }
.finding.note { border-color: #b45309; background: #fffbeb; }
.finding .where { color: #555; font-size: .9em; } a.rule { font-weight: 600; color: #9f1239; }
dl.rules dt { font-weight: 600; margin-top: .6em; } dl.rules dd { margin-left: 1.5em; }
.beats { display: flex; flex-wrap: wrap; gap: 0 1.5em; }
"""


def _escape(text: str) -> str:
    """Text for the page: control, format and unpaired surrogate characters
    (from a file name that is not UTF-8, say) written as visible escapes as
    the text report does, so that the page is UTF-8 and holds none of them
    raw; then HTML-escaped."""
    return _html_escape(text if text.isprintable() else shown(text, len(text)))


def _cards(text: str) -> str:
    """Escaped text with card tokens as coloured glyphs and rule IDs as links."""
    def card(match: re.Match) -> str:
        if match.group(0) == "JK":
            return '<span class="card joker">JK</span>'
        rank, suit = match.group(1), match.group(2)
        colour = "red" if suit in "HD" else "black"
        return f'<span class="card {colour}" title="{rank}{suit}">{rank}{_GLYPH[suit]}</span>'

    def rule(match: re.Match) -> str:
        rule_id = match.group(0)
        return f'<a class="rule" href="#rule-{rule_id}">{rule_id}</a>' if rule_text(rule_id) else rule_id

    return _RULE.sub(rule, _CARD.sub(card, _escape(text)))


def _finding(finding: Finding) -> str:
    where = ", ".join(f"{k} {v}" for k, v in (("deal", finding.deal), ("move", finding.move),
                                               ("line", finding.line)) if v is not None)
    kind = " note" if finding.severity is Severity.NOTE else ""
    penalty = f"<br>penalty: {_cards(finding.penalty)}" if finding.penalty else ""
    return (f'<div class="finding{kind}"><a class="rule" href="#rule-{finding.rule}">{finding.rule}</a> '
            f'<span class="where">{_escape(where)}</span><br>{_cards(finding.message)}{penalty}</div>')


def _beat(beat: Beat) -> str:
    moves = f" (moves {beat.first}\u2013{beat.last})" if beat.first and beat.last > beat.first else (
        f" (move {beat.first})" if beat.first else "")
    rows = "".join(f"<tr><th>{_escape(who)}</th><td>{_cards(what)}</td></tr>" for who, what in beat.plays)
    return (f'<table class="beat"><caption>{_escape(beat.title)}{moves}</caption>{rows}'
            f'<tr><td class="outcome" colspan="2">{_cards(beat.outcome)}</td></tr></table>')


def _value(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{_escape(str(k))} {_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value)
    return _cards(str(value))


def _tables(data: Mapping[str, Any]) -> str:
    """Plain settlement data as tables: a mapping of mappings becomes a grid."""
    parts, simple = [], []
    for key, value in data.items():
        if isinstance(value, (Mapping, list)) and not value:
            continue  # nothing to show
        if isinstance(value, Mapping) and all(isinstance(v, Mapping) for v in value.values()):
            columns: list[str] = []
            for row in value.values():
                columns.extend(c for c in row if c not in columns)
            head = "".join(f"<th>{_escape(str(c))}</th>" for c in columns)
            body = "".join(
                f"<tr><th>{_escape(str(name))}</th>" + "".join(f"<td>{_value(row.get(c, ''))}</td>" for c in columns)
                + "</tr>" for name, row in value.items())
            parts.append(f"<h3>{_escape(key)}</h3><table><tr><th></th>{head}</tr>{body}</table>")
        elif isinstance(value, Mapping) and all(not isinstance(v, (Mapping, list)) for v in value.values()):
            rows = "".join(f"<tr><th>{_escape(str(k))}</th><td>{_value(v)}</td></tr>" for k, v in value.items())
            parts.append(f"<h3>{_escape(key)}</h3><table>{rows}</table>")
        else:
            simple.append(f"<tr><th>{_escape(key)}</th><td>{_value(value)}</td></tr>")
    if simple:
        parts.insert(0, f"<table>{''.join(simple)}</table>")
    return "".join(parts)


def _report(report: Report, beats: list[Beat] | None) -> str:
    status = report.status.value
    out = [f'<section><h2>{_escape(report.file)} <span class="status {status}">{status}</span></h2>']
    if report.status is Status.UNUSABLE:
        out.extend(f'<div class="finding">line {p.line or "?"}: {_escape(p.message)}</div>' for p in report.problems)
        out.append("</section>")
        return "".join(out)
    out.append(f'<p class="meta">{_escape(report.game or "")}, ruleset {_escape(report.ruleset or "")}; '
               f'players {_escape(", ".join(report.players))}</p>')
    placed: set[int] = set()
    for deal in report.deals:
        out.append(f"<h3>Deal {deal.number}</h3>")
        here = [f for f in report.findings if f.deal == deal.number]
        if beats is not None:
            out.append('<div class="beats">')
            for beat in (b for b in beats if b.deal == deal.number):
                notes = [f for f in here if id(f) not in placed and beat.first and beat.first <= (f.move or 0) <= beat.last]
                placed.update(id(f) for f in notes)
                out.append("<div>" + _beat(beat) + "".join(_finding(f) for f in notes) + "</div>")
            out.append("</div>")
        for finding in here:
            if id(finding) not in placed:
                placed.add(id(finding))
                out.append(_finding(finding))
        out.append("<ul>" + "".join(f"<li>{_cards(line)}</li>" for line in deal.lines) + "</ul>")
    rest = [f for f in report.findings if id(f) not in placed]
    if rest:
        out.append("<h3>Findings</h3>" + "".join(_finding(f) for f in rest))
    if report.lines or report.settlement:
        out.append("<h3>Settlement</h3>")
        out.append("<ul>" + "".join(f"<li>{_cards(line)}</li>" for line in report.lines) + "</ul>")
        out.append(_tables(report.settlement))
    out.append("</section>")
    return "".join(out)


def html_page(reports: Iterable[Report], *, beats: Mapping[str, list[Beat]] | None = None,
              title: str = "referee report") -> str:
    """The page; `beats` (by file) adds the trick-by-trick replay."""
    reports = list(reports)
    body = "".join(_report(r, None if beats is None else beats.get(r.file, [])) for r in reports)
    cited = rules_cited(f for r in reports for f in r.findings)
    for linked in re.findall(r'href="#rule-([A-Z]+-[0-9.]+)"', body):  # rules named in any text
        if linked not in cited:
            cited.append(linked)
    rules = "".join(
        f'<dt id="rule-{rule.id}">{rule.id} {_escape(rule.title)}</dt><dd>{_cards(rule.text)}</dd>'
        for rule in (rule_text(r) for r in cited) if rule is not None)
    rules_section = f'<h2>Rules cited</h2><dl class="rules">{rules}</dl>' if rules else ""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_escape(title)}</title><style>{_STYLE}</style></head><body>"
            f"<h1>{_escape(title)}</h1><p class=\"meta\">referee {_escape(__version__)}</p>"
            f"{body}{rules_section}</body></html>\n")
