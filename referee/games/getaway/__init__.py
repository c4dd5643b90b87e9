"""Getaway (Bhabhi, Bhabhi Thulla; trump variant Donkey): getaway.md."""

from .game import Getaway

GAME = Getaway()

__all__ = ["GAME", "Getaway"]
