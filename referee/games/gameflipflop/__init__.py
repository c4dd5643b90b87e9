"""Game, Flip, Flop (a Tunk derivative from Dayton, Ohio): game-flip-flop.md."""

from .game import GameFlipFlop

GAME = GameFlipFlop()

__all__ = ["GAME", "GameFlipFlop"]
