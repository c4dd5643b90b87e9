"""Vazhushal (Vazhishal), the Chennai rummy with a discard line: vazhushal.md."""

from .game import Vazhushal

GAME = Vazhushal()

__all__ = ["GAME", "Vazhushal"]
