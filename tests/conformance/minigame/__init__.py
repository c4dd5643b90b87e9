"""High Card, the conformance suite's test-only game: a 20-card trick game
for 2 to 4 players that plugs in through the registry alone (an entry with
a `data` folder for its catalogue, presets and schema), editing no core
module."""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator

from referee.core.registry import GameEntry
from referee.games import REGISTRY

from .game import HighCard

GAME = HighCard()
ENTRY = GameEntry(name="high-card", module=__name__, prefix="HC", data=os.path.join(os.path.dirname(__file__), "data"))


@contextmanager
def registered() -> Iterator[set[str]]:
    """The game in the registry for the block (nothing if it is already there); yields the test games' names."""
    if ENTRY.name in REGISTRY:
        yield {ENTRY.name}
        return
    with REGISTRY.added(ENTRY):
        yield {ENTRY.name}
