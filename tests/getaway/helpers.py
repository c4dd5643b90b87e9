"""Building Getaway positions and move lists for scenario tests."""

from __future__ import annotations

from referee.cards import card
from referee.games.getaway.engine import Round
from referee.games.getaway.moves import Move, parse_move
from referee.games.getaway.options import GetawayOptions


def cards(text: str) -> list:
    return [card(token) for token in text.split()]


def moves(lines: list[str], players: tuple[str, ...]) -> list[Move]:
    seats = {name: i for i, name in enumerate(players)}
    return [parse_move(line, seats=seats) for line in lines]


def position(players: tuple[str, ...], hands: dict[str, str], *, power: str, trick_no: int, waste: str = "",
             escaped: tuple[str, ...] = (), options: GetawayOptions | None = None, trump=None) -> Round:
    seat = {name: i for i, name in enumerate(players)}
    return Round.at_position(
        options=options or GetawayOptions(), players=players,
        hands=[cards(hands.get(name, "")) for name in players], power=seat[power], trick_no=trick_no,
        waste=cards(waste), escaped=tuple(seat[e] for e in escaped), trump=trump,
    )


def play(state: Round, lines: list[str]) -> Round:
    """Apply move lines, numbered on from the last move applied."""
    for move in moves(lines, state.players):
        state.apply(move, state.index + 1)
    return state


def sizes(state: Round) -> dict[str, int]:
    return {name: state.hands[i].size for i, name in enumerate(state.players)}


def held(state: Round, name: str) -> list[str]:
    return sorted(c.token for c in state.hands[state.players.index(name)])


def wheres(state: Round) -> set[tuple]:
    """(move, rule) of every finding."""
    return {(f.move, f.rule) for f in state.findings}


def order(state: Round) -> list[str]:
    return [state.players[s] for s in state.result().order]


def preset(name: str, **changes) -> GetawayOptions:
    """The options of a preset, with some changed."""
    import dataclasses

    from referee.rulesets import find_preset

    return dataclasses.replace(GetawayOptions.from_values(find_preset(name).options), **changes)


def fresh(players: tuple[str, ...], hands: dict[str, str], *, options: GetawayOptions | None = None) -> Round:
    """A round before trick 1 with the given (partial) hands."""
    return Round(options=options or GetawayOptions(), players=players,
                 hands=[cards(hands.get(name, "")) for name in players], deal=1)


V0_DEAL = {
    "N": "JS 7S 6S 5S 9H 8H 6H 4H QD 8D 7D 4C 3C",
    "E": "AH QH 3H AC KC QC JC 10C 9C 8C JD 10D 9D",
    "S": "10S 4S 3S 2S JH 7H AD 6D 5D 4D 3D 2D 2C",
    "W": "AS KS QS 9S 8S KH 10H 5H 2H KD 7C 6C 5C",
}


def transcript(*, players=("N", "E", "S", "W"), deals=None, ruleset="getaway", options=None, claims=None) -> str:
    """YAML text of a Getaway transcript (deals default to V0's deal with no moves)."""
    from referee.writer import dump_yaml

    data = {"format": "1", "game": "getaway", "ruleset": ruleset}
    if options:
        data["options"] = options
    data["players"] = list(players)
    data["deals"] = deals if deals is not None else [{"dealer": "S", "hands": dict(V0_DEAL), "moves": []}]
    if claims:
        data["claims"] = claims
    return dump_yaml(data)


def check(text: str):
    from referee.check import check_text

    return check_text(text, name="t.yaml")


def rules_at(report) -> set[tuple]:
    """(deal, move, rule) of every error finding of a report."""
    return {(f.deal, f.move, f.rule) for f in report.findings if f.is_error}
