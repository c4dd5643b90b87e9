"""Helpers for the Vazhushal tests: positions built from card text, moves
played from move lines, findings read by (move, rule), transcripts as text."""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping, Sequence

from referee.cards import JOKER, Card, parse_card, split_cards
from referee.check import check_text
from referee.findings import Finding
from referee.games.vazhushal.deal import setup_from
from referee.games.vazhushal.engine import GameState
from referee.games.vazhushal.melds import Placed
from referee.games.vazhushal.moves import parse_move
from referee.games.vazhushal.options import VazhushalOptions
from referee.rulesets import resolve

PLAYERS = ("P", "Q")


def cards(text: str) -> list[Card]:
    found = [parse_card(t) for t in split_cards(text)]
    assert all(found), text
    return found


def placed(text: str) -> list[Placed]:
    """`9H 9S JK=9D` as placed cards (a bare card stands for itself)."""
    result = []
    for token in text.split():
        left, _, right = token.partition("=")
        c = parse_card(left)
        result.append(Placed(c, parse_card(right) if right else c))
    return result


def options(preset: str = "vazhushal", **overrides: str) -> VazhushalOptions:
    return VazhushalOptions.from_values(resolve("vazhushal", preset, overrides).values)


def position(*, hands: Mapping[str, str], players: Sequence[str] = PLAYERS, turn: str = "P",
             negative: str | None = "8S", line: str = "", melds: Mapping[str, Sequence[str]] | None = None,
             stock: str | None = None, under: str = "", bottom_joker: bool = False,
             opts: VazhushalOptions | None = None, fill: bool = True) -> GameState:
    """A mid-game position. Players not in `hands` get 13 unused cards; the
    stock (U) is every card of the pack not placed elsewhere unless given."""
    opts = opts or options()
    players = tuple(players)
    pack = opts.pack(len(players))
    neg = parse_card(negative) if negative else None
    placed_melds = {name: [placed(m) for m in ms] for name, ms in (melds or {}).items()}
    used: Counter[Card] = Counter()
    hand_cards = {name: cards(text) for name, text in hands.items()}
    for hand in hand_cards.values():
        used.update(hand)
    for ms in placed_melds.values():
        for m in ms:
            used.update(p.card for p in m)
    line_cards = cards(line)
    used.update(line_cards)
    used.update(cards(under))
    if neg is not None:
        used[neg] += 1
    assert not (used - pack), f"more copies than the pack holds: {used - pack}"
    free = sorted((pack - used).elements(), key=lambda c: (c is JOKER, c.index))
    for name in players:
        if name not in hand_cards:
            hand_cards[name] = free[:13] if fill else []
            free = free[13:] if fill else free
            used.update(hand_cards[name])
    stock_cards = cards(stock) if stock is not None else sorted((pack - used).elements(), key=lambda c: c.index)
    setup = setup_from(opts, negative=neg, first=line_cards[-1] if line_cards else cards("2C")[0],
                       stock=stock_cards)
    seats = {name: i for i, name in enumerate(players)}
    return GameState.at_position(
        options=opts, players=players, hands=[hand_cards[name] for name in players], setup=setup,
        turn=seats[turn], line=line_cards, under=cards(under), bottom_joker=bottom_joker,
        melds=[placed_melds.get(name, []) for name in players])


def play(state: GameState, *lines: str, start: int = 1) -> list[Finding]:
    """Apply move lines (indexes from `start`); the findings they produced."""
    before = len(state.findings)
    seats = {name: i for i, name in enumerate(state.players)}
    for i, text in enumerate(lines, start=start):
        state.apply(parse_move(text, seats=seats), i)
    return state.findings[before:]


def rules(findings: Iterable[Finding], move: int | None = ...) -> set[str]:
    """The rule IDs of the findings (at one move index, if given)."""
    return {f.rule for f in findings if move is ... or f.move == move}


def by_move(findings: Iterable[Finding]) -> dict[int | None, set[str]]:
    found: dict[int | None, set[str]] = {}
    for f in findings:
        found.setdefault(f.move, set()).add(f.rule)
    return found


def hand_of(state: GameState, name: str) -> Counter[Card]:
    return +state.hands[state.players.index(name)]


def check(text: str):
    return check_text(text, name="t.yaml")


def transcript(players: Sequence[str], deals: list[dict], *, ruleset: str = "vazhushal",
               opts: Mapping[str, str] | None = None, claims: dict | None = None) -> str:
    """Transcript text from plain data (every scalar text)."""
    from referee.writer import dump_yaml

    data: dict = {"format": "1", "game": "vazhushal", "ruleset": ruleset}
    if opts:
        data["options"] = dict(opts)
    data["players"] = list(players)
    data["deals"] = deals
    if claims:
        data["claims"] = claims
    return dump_yaml(data)


def generated(preset: str = "vazhushal", players: int = 2, seed: int = 0, **overrides: str) -> dict:
    """A simulated legal transcript as plain data, ready to be broken."""
    from referee.games.vazhushal import GAME
    from referee.yamldoc import load_document

    text = GAME.simulate(preset=preset, players=players, seed=seed, options=overrides)
    return load_document(text).data
