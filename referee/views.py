"""Text for people at the table: `referee show` (the position before a move,
the legal moves, the ruling with the rules' full text) and `referee replay`
(the game as a story, findings where they happened, the settlement).

With hands hidden (`show --hide-hands`) the games leave the hands out of the
table, and here a legal move that names a hidden card is counted, not
listed. The recorded move is shown as written: it is the move in dispute,
and the card it plays goes face up as it is played. Any other hidden card a
ruling's message names is written as "a hidden card"."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterable, Mapping

from .errors import shown
from .frozen import frozen
from .findings import Finding, Penalty
from .games.table import Beat, Position
from .render import finding_line
from .report import Report
from .rulesets import rule_text

__all__ = ["show_text", "show_data", "ShowView", "show_view", "replay_text", "beat_text", "rules_cited",
           "card_tokens", "legal_lines", "wrap_items"]


def rules_cited(findings: Iterable[Finding]) -> list[str]:
    """The rule IDs findings cite (their penalty rule included), in order of first use."""
    seen: list[str] = []
    for finding in findings:
        for rule in (finding.rule, *((finding.penalty.rule,) if finding.penalty is not None else ())):
            if rule not in seen and rule_text(rule) is not None:
                seen.append(rule)
    return seen


def _rule_block(rule_id: str) -> list[str]:
    rule = rule_text(rule_id)
    return [f"  {rule.id} {rule.title}: {rule.text}"] if rule else []


_TOKEN = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[SHDC](?![\w])|(?<![\w])JK(?![\w])")
_WIDTH = 96
HIDDEN_CARD = "a hidden card"


def card_tokens(text: str) -> set[str]:
    """The card tokens (`10C`, `JK`) a text names."""
    return set(_TOKEN.findall(text))


def _redact(text: str, secret: frozenset[str]) -> str:
    if not secret:
        return text
    return _TOKEN.sub(lambda m: HIDDEN_CARD if m.group(0) in secret else m.group(0), text)


def _redact_penalty(penalty: Penalty, secret: frozenset[str]) -> Penalty:
    """The penalty with its hidden cards written as HIDDEN_CARD."""
    if not secret or secret.isdisjoint(penalty.cards):
        return penalty
    return dataclasses.replace(penalty, cards=tuple(HIDDEN_CARD if c in secret else c for c in penalty.cards))


def _mover(line: str, players: Iterable[str]) -> str:
    """The player a move line begins with (the longest name that fits)."""
    best = ""
    for name in players:
        if len(name) > len(best) and (line == name or line.startswith(name + " ")):
            best = name
    return best or line.split(" ", 1)[0]


def legal_lines(legal: Iterable[str], *, hidden: frozenset[str] = frozenset(),
                players: Iterable[str] = ()) -> tuple[list[str], dict[str, int]]:
    """The legal moves grouped, in the order given (the game's rank order):
    moves that differ only from their first card on share a line
    (`E play: 8C 9C 10C AC`), the same move is listed once; moves naming a
    hidden card are counted per player instead (the second value)."""
    players = tuple(players)
    groups: dict[str, list[str]] = {}
    counted: dict[str, int] = {}
    for line in dict.fromkeys(legal):
        if hidden and card_tokens(line) & hidden:
            who = _mover(line, players)
            counted[who] = counted.get(who, 0) + 1
            continue
        match = _TOKEN.search(line, len(_mover(line, players)))
        if match is None or match.start() == 0:
            groups.setdefault(line, [])
            continue
        groups.setdefault(line[: match.start()].rstrip(), []).append(line[match.start():])
    out = []
    for head, items in groups.items():
        if not items:
            out.append(head)
        elif len(items) == 1 and " " in items[0]:
            out.append(f"{head} {items[0]}")  # one move of several words: as written
        else:
            out.append(f"{head}: " + (" ".join(items) if all(" " not in i for i in items) else ", ".join(items)))
    return out, counted


def wrap_items(items: Iterable[str], *, width: int = _WIDTH, indent: str = "  ", separator: str = " ") -> list[str]:
    """Items on lines of at most `width` columns, broken only between items."""
    lines: list[str] = []
    current = ""
    for item in items:
        if current and len(indent) + len(current) + len(separator) + len(item) > width:
            lines.append(indent + current + separator.rstrip())
            current = item
        else:
            current = f"{current}{separator}{item}" if current else item
    if current:
        lines.append(indent + current)
    return lines


def _legal_text(group: str) -> list[str]:
    """One group of legal moves, wrapped between its moves (continuation lines indented)."""
    if len(group) + 2 <= _WIDTH or ": " not in group:
        return ["  " + group]
    head, _, rest = group.partition(": ")
    separator = ", " if ", " in rest else " "
    wrapped = wrap_items(rest.split(separator), width=_WIDTH - len(head) - 2, indent="", separator=separator)
    pad = " " * (len(head) + 2)
    return [f"  {head}: {wrapped[0]}"] + [f"  {pad}{line}" for line in wrapped[1:]]


@frozen(slots=True)
class ShowView:
    """What `show` prints, worked out once for text, JSON and HTML."""

    title: str
    lines: tuple[str, ...]  # the table
    to_move: tuple[str, ...]
    legal: tuple[str, ...]  # grouped lines
    legal_count: int
    legal_hidden: Mapping[str, int]  # per player, moves that would name a hidden card
    recorded: str | None
    ruling: str  # "ok", "none" (past the end), "stopped", "findings"
    stopped: Finding | None
    findings: tuple[Finding, ...]  # at this move, hidden cards written as HIDDEN_CARD
    rules: tuple[str, ...]
    secret: frozenset[str]  # hidden cards no text may name (the recorded move's and the table's excepted)


def show_view(report: Report, position: Position) -> ShowView:
    """The view of `position` (with its hidden cards kept out of everything but the recorded move)."""
    recorded_cards = card_tokens(position.recorded or "")
    public = set().union(*(card_tokens(line) for line in position.lines)) if position.lines else set()
    secret = frozenset(position.hidden - recorded_cards - public)
    here = tuple(dataclasses.replace(f, message=_redact(f.message, secret),
                                     penalty=_redact_penalty(f.penalty, secret) if f.penalty else f.penalty)
                 for f in report.findings if f.deal == position.deal and f.move == position.move)
    legal, counted = legal_lines(position.legal, hidden=position.hidden, players=report.players)
    stopped = next((f for f in report.findings if f.deal == position.deal and f.stops_deal
                    and f.move is not None and f.move < position.move), None)
    if position.recorded is None:
        ruling = "none"
    elif stopped is not None:
        ruling = "stopped"
    else:
        ruling = "findings" if here else "ok"
    title = (f"{report.file}: {report.game}, ruleset {report.ruleset}; deal {position.deal}, "
             + (f"before move {position.move}" if position.recorded is not None else
                f"the end of the deal (after its last move, {position.move - 1})"))
    return ShowView(title=title, lines=tuple(_redact(line, secret) for line in position.lines),
                    to_move=position.to_move, legal=tuple(legal),
                    legal_count=len(dict.fromkeys(position.legal)), legal_hidden=counted,
                    recorded=position.recorded, ruling=ruling, stopped=stopped, findings=here,
                    rules=tuple(rules_cited(here) if ruling == "findings" else ()), secret=secret)


def show_text(report: Report, position: Position) -> str:
    """The position before a move, what was legal, what was played, the ruling."""
    view = show_view(report, position)
    out = [shown(view.title, 300)]
    out.extend(shown(line, 400) for line in view.lines)
    if view.to_move:
        out.append(f"to move: {', '.join(view.to_move)}")
    if not view.legal_count:
        out.append("legal moves: none")
    else:
        out.append(f"legal moves ({view.legal_count}):")
        for group in view.legal:
            out.extend(_legal_text(shown(group, 2000)))
        out.extend(f"  {shown(who)}: {n} legal move{'s' if n != 1 else ''} (cards hidden)"
                   for who, n in view.legal_hidden.items())
    if view.ruling == "none":
        out.append("recorded: nothing more (the deal's moves end here)")
        return "\n".join(out) + "\n"
    out.append(f"recorded: {shown(view.recorded)}")
    if view.ruling == "stopped":
        assert view.stopped is not None
        out.append(f"ruling: not refereed; the replay of deal {position.deal} stopped at move {view.stopped.move}"
                   f" ({view.stopped.rule})")
    elif view.ruling == "ok":
        out.append("ruling: no rule broken by this move")
    else:
        out.append("ruling:")
        out.extend("  " + finding_line(report.file, f) for f in view.findings)
        out.append("the rules:")
        for rule_id in view.rules:
            out.extend(_rule_block(rule_id))
    return "\n".join(out) + "\n"


def _scrub(value: Any, secret: frozenset[str]) -> Any:
    if isinstance(value, str):
        return _redact(value, secret)
    if isinstance(value, Mapping):
        return {k: _scrub(v, secret) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrub(v, secret) for v in value]
    return value


def show_data(report: Report, position: Position) -> dict[str, Any]:
    """`show --format json`: the position as data; with hands hidden, `legal`
    lists only the moves naming no hidden card and `legal_hidden` counts the rest."""
    view = show_view(report, position)
    legal = [m for m in dict.fromkeys(position.legal) if not card_tokens(m) & position.hidden]
    data = {"file": report.file, "deal": position.deal, "move": position.move,
            "position": _scrub(dict(position.data), view.secret), "to_move": list(position.to_move), "legal": legal,
            "recorded": position.recorded, "findings": [f.to_data() for f in view.findings]}
    if position.hidden:
        data["legal_hidden"] = dict(view.legal_hidden)
    return data


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
