"""High Card's one move, `NAME play CARD`, as a pure value."""

from __future__ import annotations

from referee.cards import Card
from referee.frozen import frozen


@frozen(slots=True)
class Play:
    player: int
    card: Card


def write_move(move: Play, players: tuple[str, ...]) -> str:
    return f"{players[move.player]} play {move.card}"
