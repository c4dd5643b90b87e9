"""Tjuv (formerly Tattare), the fishing game of stolen piles: tjuv.md."""

from .game import Tjuv

GAME = Tjuv()

__all__ = ["GAME", "Tjuv"]
