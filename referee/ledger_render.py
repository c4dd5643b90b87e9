"""A ledger (`referee/ledger.py`) as text, JSON, CSV or one HTML page.

JSON has the shape of `schemas/ledger.schema.json`; amounts are exact
strings (`2.50`, or `1/3` when no decimal is exact). CSV is one row per
player, for spreadsheets (columns in `CSV_COLUMNS`, then one column per
rule ID cited against any player); a name that a spreadsheet would read
as a formula (starting with = + - @) is written with a leading `'`. Every
name and file name is escaped for the terminal or the page; on the page
each name sits in `<bdi>` so right-to-left names do not reorder the table.
"""

from __future__ import annotations

import csv
import io
import json
from html import escape as _html_escape
from typing import Callable

from . import __version__
from .errors import shown
from .ledger import POINTS_GAMES, Ledger, PlayerLine, exit_code, rule_order
from .money import format_decimal

__all__ = ["LEDGER_RENDERERS", "CSV_COLUMNS", "ledger_text", "ledger_json", "ledger_csv", "ledger_html", "ledger_data"]

CSV_COLUMNS = ("player", "games", "deals", "wins", "losses", *(f"points_{g}" for g in POINTS_GAMES),
               "net", "money_games", "findings")


def _amount(value, *, signed: bool = False) -> str:
    return format_decimal(value, signed=signed)


def _method(ledger: Ledger) -> str:
    settle = ledger.settle_up
    count = len(settle.transfers)
    what = f"{count} transfer{'s' if count != 1 else ''}"
    if settle.exact:
        return f"{what}, the fewest possible ({settle.balances} balances)"
    return (f"{what}, by the greedy fallback ({settle.balances} balances: too many to search for the fewest;"
            " may not be minimal)")


def _net(player: PlayerLine) -> str:
    return _amount(player.net, signed=True) if player.money_games else "-"


def _rules(counts) -> str:
    return ", ".join(f"{rule} {n}" for rule, n in counts.items())


# -- text ---------------------------------------------------------------------------------------------------


def ledger_text(ledger: Ledger) -> str:
    out = [f"ledger: {ledger.files} file{'s' if ledger.files != 1 else ''}; {len(ledger.counted)} counted,"
           f" {len(ledger.left_out)} left out ({ledger.unusable} unusable)", ""]
    head = ("player", "games", "deals", "wins", "losses", *POINTS_GAMES, "net", "findings")
    rows: list[tuple[str, ...]] = [head]
    for p in ledger.players:
        rows.append((shown(p.name, 40), str(p.games), str(p.deals), str(p.wins), str(p.losses),
                     *(str(p.points[g]) if g in p.points else "-" for g in POINTS_GAMES), _net(p),
                     _rules(p.findings) or "-"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head) - 1)]
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(row[1:-1], widths[1:])]
        out.append("  ".join(cells + [row[-1]]).rstrip())
    out.append("")
    if ledger.findings:
        out.append(f"findings by rule (errors in counted files): {_rules(ledger.findings)}")
    else:
        out.append("findings by rule (errors in counted files): none")
    out.append(f"settle-up: {_method(ledger)}")
    for t in ledger.settle_up.transfers:
        out.append(f"  {shown(t.payer, 40)} pays {shown(t.payee, 40)} {_amount(t.amount)}")
    if ledger.left_out:
        out.append(f"left out of the totals ({len(ledger.left_out)}):")
        for f in ledger.left_out:
            out.append(f"  {shown(f.file, 200)}: {f.status}; {shown(f.reason, 400)}")
    return "\n".join(out) + "\n"


# -- JSON ---------------------------------------------------------------------------------------------------


def ledger_data(ledger: Ledger) -> dict:
    """The ledger as plain JSON-ready data (schemas/ledger.schema.json)."""
    settle = ledger.settle_up
    return {
        "referee": __version__,
        "files": ledger.files,
        "counted": list(ledger.counted),
        "left_out": [{"file": f.file, "status": f.status, "reason": f.reason} for f in ledger.left_out],
        "players": [{"name": p.name, "games": p.games, "deals": p.deals, "wins": p.wins, "losses": p.losses,
                     "points": dict(p.points), "net": _amount(p.net), "money_games": p.money_games,
                     "findings": dict(p.findings)} for p in ledger.players],
        "findings": dict(ledger.findings),
        "settle_up": {"method": "exact" if settle.exact else "greedy", "balances": settle.balances,
                      "transfers": [{"from": t.payer, "to": t.payee, "amount": _amount(t.amount)}
                                    for t in settle.transfers]},
        "exit": exit_code(ledger),
    }


def ledger_json(ledger: Ledger) -> str:
    return json.dumps(ledger_data(ledger), indent=2, ensure_ascii=True) + "\n"


# -- CSV ----------------------------------------------------------------------------------------------------


def _cell(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def ledger_csv(ledger: Ledger) -> str:
    rules = [rule for rule, _ in sorted({(r, 0) for p in ledger.players for r in p.findings}, key=rule_order)]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([*CSV_COLUMNS, *rules])
    for p in ledger.players:
        writer.writerow([_cell(p.name), p.games, p.deals, p.wins, p.losses,
                         *(p.points.get(g, "") for g in POINTS_GAMES), _amount(p.net), p.money_games,
                         sum(p.findings.values()), *(p.findings.get(rule, 0) for rule in rules)])
    return buffer.getvalue()


# -- HTML ---------------------------------------------------------------------------------------------------

_STYLE = """
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 72em;
       padding: 0 1em; color: #1d1d1f; background: #fbfbf8; }
h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { font-size: 1.25em; margin-top: 2em; }
.meta { color: #555; }
table { border-collapse: collapse; margin: .4em 0 1em; }
th, td { border: 1px solid #d6d6d0; padding: .25em .6em; text-align: left; vertical-align: top; }
th { background: #efefe9; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.plus { color: #14532d; } td.minus { color: #7f1d1d; }
.rule { white-space: nowrap; }
"""


def _e(text: str) -> str:
    """Escaped for the page, control and format characters shown as escapes first."""
    return _html_escape(text if text.isprintable() else shown(text, len(text)))


def _name(text: str) -> str:
    return f"<bdi>{_e(text)}</bdi>"


def _rule_spans(counts) -> str:
    return ", ".join(f'<span class="rule">{_e(rule)} {n}</span>' for rule, n in counts.items())


def ledger_html(ledger: Ledger) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in ("player", "games", "deals", "wins", "losses",
                                                 *(f"points: {g}" for g in POINTS_GAMES), "net", "findings"))
    rows = []
    for p in ledger.players:
        sign = " plus" if p.money_games and p.net > 0 else (" minus" if p.money_games and p.net < 0 else "")
        cells = [f"<td>{_name(p.name)}</td>", *(f'<td class="n">{v}</td>' for v in (p.games, p.deals, p.wins, p.losses)),
                 *(f'<td class="n">{p.points[g] if g in p.points else "-"}</td>' for g in POINTS_GAMES),
                 f'<td class="n{sign}">{_e(_net(p))}</td>', f"<td>{_rule_spans(p.findings) or '-'}</td>"]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    transfers = "".join(f'<tr><td>{_name(t.payer)}</td><td>{_name(t.payee)}</td><td class="n">{_e(_amount(t.amount))}</td></tr>'
                        for t in ledger.settle_up.transfers)
    left = "".join(f"<tr><td>{_e(f.file)}</td><td>{_e(f.status)}</td><td>{_e(f.reason)}</td></tr>"
                   for f in ledger.left_out)
    findings = _rule_spans(ledger.findings) or "none"
    parts = [
        f"<h1>Ledger</h1><p class=\"meta\">referee {_e(__version__)}: {ledger.files} files; {len(ledger.counted)}"
        f" counted, {len(ledger.left_out)} left out ({ledger.unusable} unusable)</p>",
        f"<h2>Players</h2><table><tr>{head}</tr>{''.join(rows)}</table>",
        f"<h2>Findings by rule</h2><p>{findings}</p>",
        f"<h2>Settle-up</h2><p>{_e(_method(ledger))}</p>",
    ]
    if transfers:
        parts.append(f"<table><tr><th>pays</th><th>to</th><th>amount</th></tr>{transfers}</table>")
    if left:
        parts.append(f"<h2>Left out of the totals</h2><table><tr><th>file</th><th>status</th><th>why</th></tr>{left}</table>")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>referee ledger</title><style>{_STYLE}</style></head><body>{''.join(parts)}</body></html>\n")


LEDGER_RENDERERS: dict[str, Callable[[Ledger], str]] = {
    "text": ledger_text,
    "json": ledger_json,
    "csv": ledger_csv,
    "html": ledger_html,
}
