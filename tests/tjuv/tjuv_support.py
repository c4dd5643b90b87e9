"""Building Tjuv positions, deal records and transcripts for the tests."""

from __future__ import annotations

from typing import Iterable

from referee.cards import Card, card
from referee.check import check_text
from referee.games.tjuv.deal import TJUV_PACK
from referee.games.tjuv.engine import TjuvDeal
from referee.games.tjuv.moves import Move, parse_move
from referee.games.tjuv.options import TjuvOptions
from referee.games.tjuv.talon import Talon
from referee.report import Report
from referee.writer import dump_yaml

P3 = ("P1", "P2", "P3")
P2 = ("P1", "P2")


def cards(text: str) -> list[Card]:
    return [card(token) for token in text.split()]


def options(**values: str) -> TjuvOptions:
    """Options of the `tjuv` preset with some values changed."""
    base = {"table_refill": "from_hand", "excess_table_removal": "highest", "steal_mode": "optional",
            "players": "seats", "dealer_tie_break": "nearest_right", "session_result": "none", "on_violation": "stop"}
    base.update(values)
    return TjuvOptions.from_values(base)


def unused(*texts: str, count: int) -> list[Card]:
    """`count` cards of the pack that none of `texts` mention (to fill a talon
    the scenario does not list in full)."""
    taken = {c for text in texts for c in cards(text)}
    spare = [c for c in sorted(TJUV_PACK, key=lambda c: c.index) if c not in taken]
    assert len(spare) >= count
    return spare[:count]


def position(players: tuple[str, ...], *, mover: str, hands: dict[str, str], table: str, talon: str | Talon = "",
             talon_size: int | None = None, piles: Iterable[tuple[str, str]] = (),
             opts: TjuvOptions | None = None) -> TjuvDeal:
    """A mid-deal position. The talon lists its top cards; `talon_size` fills
    it up with cards mentioned nowhere else."""
    seat = {name: i for i, name in enumerate(players)}
    if isinstance(talon, Talon):
        talon_cards = talon
    else:
        talon_cards = cards(talon)
        if talon_size is not None and talon_size > len(talon_cards):
            mentioned = [table, talon, *hands.values(), *(pile for _, pile in piles)]
            talon_cards += unused(*mentioned, count=talon_size - len(talon_cards))
    return TjuvDeal.at_position(
        options=opts or options(), players=players, mover=seat[mover],
        hands=[cards(hands.get(name, "")) for name in players], table=cards(table), talon=talon_cards,
        piles=[(seat[owner], cards(pile)) for owner, pile in piles],
    )


def moves(lines: list[str], players: tuple[str, ...]) -> list[Move]:
    seats = {name: i for i, name in enumerate(players)}
    return [parse_move(line, seats=seats) for line in lines]


def play(state: TjuvDeal, lines: list[str], *, start: int = 1) -> TjuvDeal:
    """The moves applied in turn, the first as the `start`-th of the deal."""
    for i, move in enumerate(moves(lines, state.players)):
        state.apply(move, start + i)
    return state


def rules_at(state_or_findings, move: int | None) -> set[str]:
    """The rule IDs of the error findings at one move index."""
    findings = state_or_findings.findings if hasattr(state_or_findings, "findings") else state_or_findings
    return {f.rule for f in findings if f.move == move and f.is_error}


def errors(state_or_findings) -> list[tuple]:
    findings = state_or_findings.findings if hasattr(state_or_findings, "findings") else state_or_findings
    return [f.where for f in findings if f.is_error]


def pile_tops(state: TjuvDeal) -> dict[str, list[tuple[str, int]]]:
    """Each player's piles as (top, size)."""
    out: dict[str, list[tuple[str, int]]] = {name: [] for name in state.players}
    for pile in state.piles.values():
        out[state.players[pile.owner]].append((pile.top.token, pile.size))
    return out


def tokens(items: Iterable[Card]) -> list[str]:
    return [c.token for c in items]


def transcript(data: dict) -> str:
    return dump_yaml(data)


def check(data: dict) -> Report:
    return check_text(dump_yaml(data))


def deal_data(players: tuple[str, ...], *, dealer: str, round_one: dict[str, str], exposed: dict[str, str] | None,
              removed: str | None = None, extra: str | None = None, round_two: dict[str, str] | None = None,
              talon: str | None = None, moves: list[str] | None = None, **header: object) -> dict:
    """A one-deal transcript. Round-two cards not given are the first unused
    cards of the pack (never an exposed card that is removed)."""
    given = round_two or {}
    used = [*round_one.values(), extra or "", *given.values()]
    spare = iter(unused(*used, count=sum(1 for name in players if name not in given)))
    second = {name: given[name] if name in given else next(spare).token for name in players}
    deal: dict = {"dealer": dealer, "round_one": dict(round_one)}
    if exposed is not None:
        deal["exposed"] = dict(exposed)
    if extra is not None:
        deal["extra"] = extra
    if removed is not None:
        deal["removed"] = removed
    deal["round_two"] = second
    if talon is not None:
        deal["talon"] = talon
    deal["moves"] = list(moves or [])
    data = {"format": "1", "game": "tjuv", "ruleset": "tjuv", "players": list(players), "deals": [deal]}
    data.update(header)
    return data


def record_of(data: dict):
    from referee.games.tjuv.record import read_record
    from referee.yamldoc import load_document

    document = load_document(dump_yaml(data))
    return read_record(document, tuple(data["players"]))


def deal_check(data: dict, *, opts: TjuvOptions | None = None):
    from referee.games.tjuv.deal import check_deal

    record = record_of(data)
    return check_deal(opts or options(), record.players, record=record.deals[0])


def deal_state(check, *, opts: TjuvOptions | None = None) -> TjuvDeal:
    players = tuple(f"P{i + 1}" for i in range(len(check.start.hands)))
    return TjuvDeal.from_start(options=opts or options(), players=players, start=check.start)


def generated(preset: str = "tjuv", *, players: int = 3, seed: int = 1, deals: int = 1,
              overrides: dict[str, str] | None = None) -> tuple[dict, list]:
    """The plain data of a generated legal transcript (every card named, every
    capture recorded) and its generated deals."""
    from dataclasses import replace

    from referee.games.tjuv.simulate import NAMES, generate, transcript_data
    from referee.rulesets import resolve

    opts = TjuvOptions.from_values(resolve("tjuv", preset, overrides or {}).values)
    names = NAMES[:players]
    made = [replace(d, record_talon=False, written=d.moves)
            for d in generate(options=opts, players=names, seed=seed, deals=deals)]
    return transcript_data(preset=preset, overrides=overrides or {}, options=opts, players=names, deals=made), made


def where(report: Report) -> list[tuple]:
    """(deal, move, rule) of every error finding of a report."""
    return [f.where for f in report.findings if f.is_error]
