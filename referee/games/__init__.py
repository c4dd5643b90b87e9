"""The games the referee knows, by name. Each is a module exposing `GAME`,
an object with the `Game` interface of `base.py`; modules load on first use."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Game

__all__ = ["GAMES", "get_game"]

GAMES: dict[str, str] = {
    "getaway": "referee.games.getaway",
    "vazhushal": "referee.games.vazhushal",
    "game-flip-flop": "referee.games.gameflipflop",
    "tjuv": "referee.games.tjuv",
}


def get_game(name: str) -> Game:
    return importlib.import_module(GAMES[name]).GAME
