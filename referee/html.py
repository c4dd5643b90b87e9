"""One self-contained HTML page for `check --format html` and `replay
--format html`: inline CSS, no script, no fonts or images from elsewhere.
Cards show as rank and suit glyph in the suit's colour; every finding is
highlighted and linked to the full text of its rule; the settlement opens
with a standings table made from the report's typed `Standing` (the same
for every game: deals, points, money, winners and losers), then the game's
own lines and tables."""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape as _html_escape
from typing import Any, Iterable, Mapping

from . import __version__
from .findings import Finding, Severity
from .games import REGISTRY
from .games.table import Beat, Position
from .report import Report, Status
from .errors import shown
from .rulesets import rule_text
from .money import format_decimal
from .outcome import Standing
from .views import rules_cited, show_view

__all__ = ["html_page", "show_page"]

_CARD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b|\bJK\b")
_GLYPH = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
_RULE = re.compile(rf"\b{REGISTRY.rule_id_pattern()}\b")

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
table.standing caption { text-align: left; font-weight: 600; padding: .2em 0; }
table.standing td.amount { text-align: right; font-variant-numeric: tabular-nums; }
table.standing td.won { color: #166534; font-weight: 600; } table.standing td.lost { color: #991b1b; }
.finding { border-left: .3em solid #c1121f; background: #fff1f0; padding: .35em .7em; margin: .3em 0; }
.finding.note { border-color: #b45309; background: #fffbeb; }
.finding .where { color: #555; font-size: .9em; } a.rule { font-weight: 600; color: #9f1239; }
dl.rules dt { font-weight: 600; margin-top: .6em; } dl.rules dd { margin-left: 1.5em; }
.beats { display: flex; flex-wrap: wrap; gap: 0 1.5em; }
.note { color: #78350f; background: #fffbeb; padding: .3em .6em; }
nav.index { margin: 1em 0 2em; } nav.index .summary { font-weight: 600; }
div.table { background: #f6f6f1; border: 1px solid #d6d6d0; padding: .5em 1em; }
div.table div { padding-left: 1em; } ul.legal-moves li { margin: .15em 0; }
"""


def _escape(text: str) -> str:
    """Text for the page: control, format and unpaired surrogate characters
    (from a file name that is not UTF-8, say) written as visible escapes as
    the text report does, so that the page is UTF-8 and holds none of them
    raw; then HTML-escaped."""
    return _html_escape(text if text.isprintable() else shown(text, len(text)))


def _markup(names: Iterable[str]) -> re.Pattern:
    """Card tokens, rule IDs and (escaped) player names, matched in one pass."""
    escaped = sorted({_escape(n) for n in names if n}, key=len, reverse=True)
    people = "|".join(re.escape(n) for n in escaped)
    who = rf"|(?<![\w&#])(?P<name>{people})(?![\w;])" if people else ""
    return re.compile(rf"(?P<card>{_CARD.pattern})|(?P<rule>{_RULE.pattern}){who}")


_MARKUP: dict[tuple[str, ...], re.Pattern] = {}


def _cards(text: str, names: tuple[str, ...] = ()) -> str:
    """Escaped text with card tokens as coloured glyphs, rule IDs as links and
    player names in <bdi> (a right-to-left name keeps its place in the line)."""
    pattern = _MARKUP.get(names) or _MARKUP.setdefault(names, _markup(names))

    def one(match: re.Match) -> str:
        if match.group("card"):
            token = match.group("card")
            if token == "JK":
                return '<span class="card joker">JK</span>'
            rank, suit = token[:-1], token[-1]
            colour = "red" if suit in "HD" else "black"
            return f'<span class="card {colour}" title="{rank}{suit}">{rank}{_GLYPH[suit]}</span>'
        if match.group("rule"):
            rule_id = match.group("rule")
            return f'<a class="rule" href="#rule-{rule_id}">{rule_id}</a>' if rule_text(rule_id) else rule_id
        return f"<bdi>{match.group('name')}</bdi>"

    return pattern.sub(one, _escape(text))


def _name(name: str) -> str:
    return f"<bdi>{_escape(name)}</bdi>"


def _finding(finding: Finding, names: tuple[str, ...] = ()) -> str:
    where = ", ".join(f"{k} {v}" for k, v in (("deal", finding.deal), ("move", finding.move),
                                               ("line", finding.line)) if v is not None)
    kind = " note" if finding.severity is Severity.NOTE else ""
    penalty = f"<br>penalty: {_cards(finding.penalty.text(), names)}" if finding.penalty is not None else ""
    return (f'<div class="finding{kind}"><a class="rule" href="#rule-{finding.rule}">{finding.rule}</a> '
            f'<span class="where">{_escape(where)}</span><br>{_cards(finding.message, names)}{penalty}</div>')


def _beat(beat: Beat, names: tuple[str, ...] = ()) -> str:
    moves = f" (moves {beat.first}\u2013{beat.last})" if beat.first and beat.last > beat.first else (
        f" (move {beat.first})" if beat.first else "")
    rows = "".join(f"<tr><th>{_cards(who, names)}</th><td>{_cards(what, names)}</td></tr>" for who, what in beat.plays)
    return (f'<table class="beat"><caption>{_cards(beat.title, names)}{moves}</caption>{rows}'
            f'<tr><td class="outcome" colspan="2">{_cards(beat.outcome, names)}</td></tr></table>')


_AMOUNT = re.compile(r"[+-]?\d+(?:/\d+)?")
_FRACTION = re.compile(r"(?<![\w./])([+-]?\d+/\d+)(?![\w/])")
# The settlement's bookkeeping, said in words on the page (or not at all) rather than as raw fields.
_INTERNAL = {"complete", "provisional", "stopped_at_deal", "known", "outcome_only"}


def _decimal(text: str) -> str:
    """An exact amount (`3/2`, `-1/2`, `7`) as a decimal (`1.50`)."""
    value = Fraction(text)
    return format_decimal(value, signed=text.startswith("+"))


def _money_text(text: str) -> str:
    """Exact fractions in a line of text (`paid 3/2`) as decimals."""
    return _FRACTION.sub(lambda m: _decimal(m.group(1)), text)


def _value(value: Any, names: tuple[str, ...] = ()) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{_cards(str(k), names)} {_value(v, names)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value(v, names) for v in value)
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "none"}[value]
    if isinstance(value, str) and _AMOUNT.fullmatch(value):
        return _escape(_decimal(value))  # amounts are exact strings; counts and points are numbers
    return _cards(str(value), names)


def _label(key: str) -> str:
    return key.replace("_", " ")


def _status_notes(data: Mapping[str, Any]) -> list[str]:
    """What the internal fields mean, for people."""
    notes = []
    if data.get("complete") is False:
        stopped = data.get("stopped_at_deal")
        notes.append("The match is not complete" + (f": the referee stopped at deal {stopped}." if stopped else "."))
    if data.get("provisional"):
        notes.append("Provisional: a deal was settled on trust.")
    if data.get("known") is False:
        notes.append("The result is not known.")
    return notes


def _tables(data: Mapping[str, Any], names: tuple[str, ...] = ()) -> str:
    """Plain settlement data as tables: a mapping of mappings becomes a grid."""
    parts, simple = [], []
    for key, value in data.items():
        if key in _INTERNAL or value is None:
            continue
        if isinstance(value, (Mapping, list)) and not value:
            continue  # nothing to show
        if isinstance(value, Mapping) and all(isinstance(v, Mapping) for v in value.values()):
            columns: list[str] = []
            for row in value.values():
                columns.extend(c for c in row if c not in columns)
            head = "".join(f"<th>{_escape(_label(str(c)))}</th>" for c in columns)
            body = "".join(
                f"<tr><th>{_cards(str(name), names)}</th>"
                + "".join(f"<td>{_value(row.get(c, ''), names)}</td>" for c in columns)
                + "</tr>" for name, row in value.items())
            parts.append(f"<h3>{_escape(_label(key))}</h3><table><tr><th></th>{head}</tr>{body}</table>")
        elif isinstance(value, Mapping) and all(not isinstance(v, (Mapping, list)) for v in value.values()):
            rows = "".join(f"<tr><th>{_cards(str(k), names)}</th><td>{_value(v, names)}</td></tr>"
                           for k, v in value.items())
            parts.append(f"<h3>{_escape(_label(key))}</h3><table>{rows}</table>")
        else:
            simple.append(f"<tr><th>{_escape(_label(key))}</th><td>{_value(value, names)}</td></tr>")
    if simple:
        parts.insert(0, f"<table>{''.join(simple)}</table>")
    notes = "".join(f'<p class="note">{_escape(n)}</p>' for n in _status_notes(data))
    return notes + "".join(parts)


def _standing(standing: Standing, players: tuple[str, ...]) -> str:
    """The standings table: a row per player (seat order) with deals dealt, the game's points when it
    keeps them, the net money (exact decimals) when money moved, and won or lost."""
    names = tuple(players) or tuple(n for n, _ in standing.dealt.values)
    points, money = standing.points, standing.money
    head = "<tr><th>player</th><th>deals</th>" + ("<th>points</th>" if points is not None else "") + (
        "<th>net</th>" if money is not None else "") + "<th>result</th></tr>"
    rows = []
    for name in names:
        won, lost = name in standing.winners, name in standing.losers
        result = ('<td class="won">winner</td>' if won and not lost else
                  '<td class="lost">loser</td>' if lost and not won else "<td>\u2013</td>")
        cells = [f"<th>{_cards(name, players)}</th>", f'<td class="amount">{standing.dealt.get(name)}</td>']
        if points is not None:
            cells.append(f'<td class="amount">{points.get(name)}</td>')
        if money is not None:
            amount = money.get(name)
            cells.append(f'<td class="amount">{_escape(amount.decimal(signed=True)) if amount is not None else ""}</td>')
        rows.append("<tr>" + "".join(cells) + result + "</tr>")
    table = f'<table class="standing"><caption>Standings</caption>{head}{"".join(rows)}</table>'
    if standing.on_table:
        table += f'<p class="note">Left on the table, won by nobody: {_escape(standing.on_table.decimal())}</p>'
    return table


def _anchor(index: int) -> str:
    return f"file-{index}"


def _report(report: Report, beats: list[Beat] | None, *, anchor: str = "") -> str:
    status = report.status.value
    names = tuple(report.players)
    ident = f' id="{anchor}"' if anchor else ""
    out = [f'<section{ident}><h2>{_escape(report.file)} <span class="status {status}">{status}</span></h2>']
    if report.status is Status.UNUSABLE:
        out.extend(f'<div class="finding">line {p.line or "?"}: {_escape(p.message)}</div>' for p in report.problems)
        out.append("</section>")
        return "".join(out)
    out.append(f'<p class="meta">{_escape(report.game or "")}, ruleset {_escape(report.ruleset or "")}; '
               f'players {", ".join(_name(n) for n in report.players)}</p>')
    placed: set[int] = set()
    for deal in report.deals:
        out.append(f"<h3>Deal {deal.number}</h3>")
        here = [f for f in report.findings if f.deal == deal.number]
        if beats is not None:
            out.append('<div class="beats">')
            for beat in (b for b in beats if b.deal == deal.number):
                notes = [f for f in here if id(f) not in placed and beat.first and beat.first <= (f.move or 0) <= beat.last]
                placed.update(id(f) for f in notes)
                out.append("<div>" + _beat(beat, names) + "".join(_finding(f, names) for f in notes) + "</div>")
            out.append("</div>")
        for finding in here:
            if id(finding) not in placed:
                placed.add(id(finding))
                out.append(_finding(finding, names))
        out.append("<ul>" + "".join(f"<li>{_cards(_money_text(line), names)}</li>" for line in deal.lines) + "</ul>")
    rest = [f for f in report.findings if id(f) not in placed]
    if rest:
        out.append("<h3>Findings</h3>" + "".join(_finding(f, names) for f in rest))
    if report.lines or report.settlement or report.standing is not None:
        out.append("<h3>Settlement</h3>")
        if report.standing is not None:
            out.append(_standing(report.standing, names))
        out.append("<ul>" + "".join(f"<li>{_cards(_money_text(line), names)}</li>" for line in report.lines)
                   + "</ul>")
        out.append(_tables(report.settlement, names))
    out.append("</section>")
    return "".join(out)


def _index(reports: list[Report]) -> str:
    """A summary and one row per file, linked to its section (a page of several files)."""
    counts = {s: sum(1 for r in reports if r.status is s) for s in Status}
    summary = ", ".join(f"{n} {s.value}" for s, n in counts.items())
    rows = []
    for i, report in enumerate(reports, start=1):
        errors = sum(1 for f in report.findings if f.is_error)
        status = report.status.value
        rows.append(f'<tr><td><a href="#{_anchor(i)}">{_escape(report.file)}</a></td>'
                    f'<td><span class="status {status}">{status}</span></td>'
                    f"<td>{_escape(report.game or '')}</td><td>{errors}</td></tr>")
    return (f'<nav class="index"><p class="summary">{len(reports)} files: {_escape(summary)}</p>'
            f"<table><tr><th>file</th><th>status</th><th>game</th><th>findings</th></tr>{''.join(rows)}</table></nav>")


def _rules_section(body: str, cited: list[str]) -> str:
    for linked in re.findall(r'href="#rule-([A-Z]+-[0-9.]+)"', body):  # rules named in any text
        if linked not in cited:
            cited.append(linked)
    rules = "".join(
        f'<dt id="rule-{rule.id}">{rule.id} {_escape(rule.title)}</dt><dd>{_cards(rule.text)}</dd>'
        for rule in (rule_text(r) for r in cited) if rule is not None)
    return f'<h2>Rules cited</h2><dl class="rules">{rules}</dl>' if rules else ""


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_escape(title)}</title><style>{_STYLE}</style></head><body>"
            f"<h1>{_escape(title)}</h1><p class=\"meta\">referee {_escape(__version__)}</p>"
            f"{body}</body></html>\n")


def show_page(report: Report, position: Position) -> str:
    """`show --format html`: the table before a move, the legal moves, the
    recorded move and the ruling, as `show_text` has them (hands hidden alike)."""
    view = show_view(report, position)
    names = tuple(report.players)
    out = [f'<section><h2>{_escape(view.title)}</h2>']
    out.append('<div class="table">' + "".join(f"<div>{_cards(line.strip(), names)}</div>" if i else
                                                f"<p><strong>{_cards(line, names)}</strong></p>"
                                                for i, line in enumerate(view.lines)) + "</div>")
    if view.to_move:
        out.append(f"<p>to move: {', '.join(_name(n) for n in view.to_move)}</p>")
    out.append(f"<h3>Legal moves ({view.legal_count})</h3>")
    items = [f"<li>{_cards(group, names)}</li>" for group in view.legal]
    items += [f"<li>{_name(who)}: {n} legal move{'s' if n != 1 else ''} (cards hidden)</li>"
              for who, n in view.legal_hidden.items()]
    out.append(f'<ul class="legal-moves">{"".join(items)}</ul>' if items else "<p>none</p>")
    if view.ruling == "none":
        out.append("<p>recorded: nothing more (the deal's moves end here)</p>")
    else:
        assert view.recorded is not None, "a move is recorded unless the ruling is none"
        out.append(f"<h3>Recorded</h3><p>{_cards(view.recorded, names)}</p><h3>Ruling</h3>")
        if view.ruling == "stopped":
            assert view.stopped is not None
            out.append(f"<p>not refereed: the replay of deal {position.deal} stopped at move {view.stopped.move} "
                       f"({_cards(view.stopped.rule)})</p>")
        elif view.ruling == "ok":
            out.append("<p>no rule broken by this move</p>")
        else:
            out.extend(_finding(f, names) for f in view.findings)
    out.append("</section>")
    body = "".join(out)
    return _page(f"{report.game}: {report.file}", body + _rules_section(body, list(view.rules)))


def html_page(reports: Iterable[Report], *, beats: Mapping[str, list[Beat]] | None = None,
              title: str = "referee report") -> str:
    """The page; `beats` (by file) adds the trick-by-trick replay; several
    files get an index with a summary at the top."""
    reports = list(reports)
    anchors = len(reports) > 1
    body = "".join(_report(r, None if beats is None else beats.get(r.file, []), anchor=_anchor(i) if anchors else "")
                   for i, r in enumerate(reports, start=1))
    cited = rules_cited(f for r in reports for f in r.findings)
    return _page(title, (_index(reports) if anchors else "") + body + _rules_section(body, cited))
