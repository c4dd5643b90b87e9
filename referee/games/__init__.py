"""The games the referee knows: the registry's entries (core/registry.py).
Each entry names a package exposing `GAME`, an object with the `Game`
interface of `base.py`; packages load on first use. This is the one list
of games: a new game adds its entry here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.registry import GameEntry, Registry

if TYPE_CHECKING:
    from .base import Game

__all__ = ["REGISTRY", "GAMES", "get_game"]

REGISTRY = Registry(
    GameEntry(name="getaway", module="referee.games.getaway", prefix="GW", points=True),
    GameEntry(name="vazhushal", module="referee.games.vazhushal", prefix="VZ", bench_players=2, points=True),
    GameEntry(name="game-flip-flop", module="referee.games.gameflipflop", prefix="GFF"),
    GameEntry(name="tjuv", module="referee.games.tjuv", prefix="TJ", points=True),
)

#: Name -> package, for callers that want only that.
GAMES: dict[str, str] = REGISTRY.modules()


def get_game(name: str) -> Game:
    return REGISTRY.game(name)
