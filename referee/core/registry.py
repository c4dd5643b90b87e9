"""The game registry: per game, its name, module, rule prefix, schema file,
catalogue (options and rules, with the game's other names) and default
preset. The core derives everything game-specific from it: the CLI's
choices and completion, colouring and HTML links of rule IDs, the
benchmark's sets. The entries themselves are listed in `referee/games/`
(the only place that names the games); a new game adds one there."""

from __future__ import annotations

import importlib
import re
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..frozen import frozen

if TYPE_CHECKING:
    from ..rulesets import Catalogue

__all__ = ["GameEntry", "Registry"]


@frozen(slots=True, kw_only=True)
class GameEntry:
    """One game, as the registry knows it."""

    name: str  # the transcript's `game:` value
    module: str  # the package exposing GAME (loaded on first use)
    prefix: str  # of its rule IDs: GW for GW-4.4
    bench_players: int = 4  # the player count benchmarks/bench.py plays it with
    data: str | None = None  # a game from outside the package (a test's): the folder of its data files
    points: bool = False  # its outcome keeps points per player: `referee ledger` gives it a points column

    @property
    def schema(self) -> str:
        """Its transcript schema, relative to `schemas/` (where `schemas.py` files one from `data` too)."""
        return f"games/{self.name}.schema.json"

    def catalogue(self) -> Catalogue:
        from ..rulesets import catalogue

        return catalogue(self.name)

    @property
    def aliases(self) -> tuple[str, ...]:
        """Its title and other names (`aka`), as the catalogue gives them."""
        cat = self.catalogue()
        return (cat.title, *cat.aka)

    @property
    def default_preset(self) -> str:
        return self.catalogue().default_preset or self.name

    def load(self) -> Any:
        """The game's `Game` object."""
        return importlib.import_module(self.module).GAME


class Registry:
    """The games by name, in the order they were listed (the first is the default)."""

    def __init__(self, *entries: GameEntry) -> None:
        self._entries = {entry.name: entry for entry in entries}
        self._forget: list[Callable[[], None]] = []
        if len({e.prefix for e in entries}) != len(entries):
            raise ValueError("two games share a rule prefix")

    @contextmanager
    def added(self, entry: GameEntry) -> Iterator[GameEntry]:
        """A game from outside the package (a test's) registered for the
        block. Its `data` folder holds `<name>.yaml` (the catalogue), one
        `<preset>.yaml` per preset and `<name>.schema.json`; the rulesets and
        schemas read them from there (`on_change` drops what they had cached)."""
        if entry.name in self._entries or any(e.prefix == entry.prefix for e in self):
            raise ValueError(f"{entry.name}: the name or rule prefix is taken")
        self._entries[entry.name] = entry
        self._changed()
        try:
            yield entry
        finally:
            del self._entries[entry.name]
            self._changed()

    def on_change(self, forget: Callable[[], None]) -> None:
        """Call `forget` whenever a game is added or removed (a cache of the games' data)."""
        self._forget.append(forget)

    def _changed(self) -> None:
        for forget in self._forget:
            forget()

    def data_folders(self) -> dict[str, str]:
        """Name -> data folder of each game registered from outside the package."""
        return {e.name: e.data for e in self if e.data is not None}

    def __iter__(self) -> Iterator[GameEntry]:
        return iter(self._entries.values())

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __getitem__(self, name: str) -> GameEntry:
        return self._entries[name]

    def names(self) -> list[str]:
        return list(self._entries)

    @property
    def default(self) -> GameEntry:
        """The game assumed where none is named yet (option completion)."""
        return next(iter(self._entries.values()))

    def game(self, name: str) -> Any:
        return self._entries[name].load()

    def modules(self) -> dict[str, str]:
        return {e.name: e.module for e in self}

    def rule_id_pattern(self) -> str:
        """A regular expression (no groups) matching any registered game's rule ID."""
        prefixes = "|".join(sorted((re.escape(e.prefix) for e in self), key=lambda p: (-len(p), p)))
        return rf"(?:{prefixes})-\d+\.\d+"

    def of_rule(self, rule: str) -> GameEntry | None:
        """The game whose rule ID this is (by prefix)."""
        head = rule.split("-", 1)[0].upper()
        return next((e for e in self if e.prefix == head), None)
