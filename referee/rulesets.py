"""Rulesets as data: each game's catalogue (options, rule texts) and the
named presets, read from `rulesets/*.yaml` and checked against
`schemas/ruleset.schema.json`.

A transcript names a preset and may override options; `resolve()` turns that
into typed values (text, int, Fraction, tuple of ints). Games build their own
option dataclasses from those values and never branch on a preset's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Mapping

from .money import AmountError, parse_amount
from .resources import data_dir
from .schemas import validate
from .source import read_source
from .yamldoc import load_document

__all__ = [
    "OptionSpec", "RuleText", "Catalogue", "Preset", "Ruleset", "OptionError",
    "catalogue", "catalogues", "presets", "find_preset", "rule_text", "resolve",
]

OptionValue = str | int | Fraction | tuple[int, ...]


class OptionError(ValueError):
    """An unknown preset, option or value; `key` says which option (None for
    the preset), `on_key` whether the key itself (not its value) is wrong."""

    def __init__(self, message: str, *, key: str | None, on_key: bool = False) -> None:
        super().__init__(message)
        self.key = key
        self.on_key = on_key


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its values (or type), default, source seed and meaning."""

    name: str
    kind: str  # choice | integer | amount | integer_list
    values: tuple[str, ...]
    default: str
    text: str
    seed: str = ""
    minimum: int | None = None
    maximum: int | None = None
    positive: bool = False

    def parse(self, raw: object) -> OptionValue:
        """Typed value of a written option value; raises OptionError."""
        if self.kind == "integer_list" and isinstance(raw, list):
            raw = ",".join(str(item) for item in raw)
        if not isinstance(raw, str):
            raise OptionError(f"option {self.name}: expected text, found {type(raw).__name__}", key=self.name)
        text = raw.strip()
        if self.kind == "choice":
            if text not in self.values:
                raise OptionError(
                    f"option {self.name}: '{text}' is not one of {', '.join(self.values)}", key=self.name
                )
            return text
        if self.kind == "integer":
            if not text.isdigit() or len(text) > 9:
                raise OptionError(f"option {self.name}: '{text}' is not a whole number", key=self.name)
            value = int(text)
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name}: {value} is below {self.minimum}", key=self.name)
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name}: {value} is above {self.maximum}", key=self.name)
            return value
        if self.kind == "amount":
            try:
                amount = parse_amount(text)
            except AmountError:
                raise OptionError(
                    f"option {self.name}: '{text}' is not an exact amount (like 1, 0.25 or 1/3)", key=self.name
                ) from None
            if self.positive and amount <= 0:
                raise OptionError(f"option {self.name}: must be more than 0", key=self.name)
            return amount
        parts = [part.strip() for part in text.split(",")] if text else []
        if not parts or any(not p.isdigit() or len(p) > 6 for p in parts):
            raise OptionError(
                f"option {self.name}: '{text}' is not a list of whole numbers like 3,1", key=self.name
            )
        return tuple(int(p) for p in parts)


@dataclass(frozen=True, slots=True)
class RuleText:
    id: str
    title: str
    text: str
    game: str


@dataclass(frozen=True, slots=True)
class Catalogue:
    """A game's options and rules."""

    game: str
    title: str
    options: Mapping[str, OptionSpec]
    rules: Mapping[str, RuleText]
    aka: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    game: str
    title: str
    text: str
    aliases: tuple[str, ...]
    options: Mapping[str, OptionValue]
    cites: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A preset plus a transcript's overrides, fully typed."""

    game: str
    preset: str
    values: Mapping[str, OptionValue]
    overridden: tuple[str, ...] = ()

    def written(self) -> dict[str, str]:
        """Every option as text, as a transcript would write it."""
        return {key: _write(value) for key, value in self.values.items()}


def _write(value: OptionValue) -> str:
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    if isinstance(value, Fraction):
        return str(value)
    return str(value)


def _load(path: str) -> dict:
    document = load_document(read_source(path).text, name=path)
    validate(document, "ruleset.schema.json")
    return document.data


@cache
def _data() -> tuple[dict[str, Catalogue], dict[str, Preset]]:
    root = data_dir("rulesets")
    games: dict[str, Catalogue] = {}
    for path in sorted((root / "games").glob("*.yaml")):
        raw = _load(str(path))
        options = {
            name: OptionSpec(
                name=name,
                kind=spec.get("type", "choice"),
                values=tuple(spec.get("values", ())),
                default=spec["default"],
                text=spec["text"],
                seed=spec.get("seed", ""),
                minimum=int(spec["minimum"]) if "minimum" in spec else None,
                maximum=int(spec["maximum"]) if "maximum" in spec else None,
                positive=bool(spec.get("positive", False)),
            )
            for name, spec in raw["options"].items()
        }
        for spec in options.values():
            spec.parse(spec.default)  # a bad default is a packaging bug
        rules = {
            rule_id: RuleText(rule_id, entry["title"], entry["text"], raw["game"])
            for rule_id, entry in raw["rules"].items()
        }
        games[raw["game"]] = Catalogue(raw["game"], raw["title"], options, rules, tuple(raw.get("aka", ())))
    found: dict[str, Preset] = {}
    for path in sorted(root.glob("*.yaml")):
        raw = _load(str(path))
        game = games[raw["game"]]
        values = {}
        for name, spec in game.options.items():
            values[name] = spec.parse(raw["options"].get(name, spec.default))
        unknown = set(raw["options"]) - set(game.options)
        assert not unknown, f"{path}: unknown options {unknown}"
        missing = set(raw["cites"]) - set(game.rules)
        assert not missing, f"{path}: cites undeclared rules {missing}"
        preset = Preset(
            name=raw["preset"], game=raw["game"], title=raw["title"], text=raw.get("text", ""),
            aliases=tuple(raw.get("aliases", ())), options=values, cites=tuple(raw["cites"]),
        )
        for name in (preset.name, *preset.aliases):
            assert name not in found, f"{path}: preset name {name} used twice"
            found[name] = preset
    return games, found


def catalogues() -> Mapping[str, Catalogue]:
    return _data()[0]


def catalogue(game: str) -> Catalogue:
    return _data()[0][game]


def presets(game: str | None = None) -> list[Preset]:
    """Distinct presets (aliases folded), optionally of one game."""
    seen: dict[str, Preset] = {}
    for preset in _data()[1].values():
        if game is None or preset.game == game:
            seen.setdefault(preset.name, preset)
    return sorted(seen.values(), key=lambda p: (p.game, p.name != p.game, p.name))


def find_preset(name: str) -> Preset | None:
    return _data()[1].get(name)


def rule_text(rule_id: str) -> RuleText | None:
    for game in _data()[0].values():
        found = game.rules.get(rule_id)
        if found is not None:
            return found
    return None


def default_preset(game: str) -> str:
    """The preset named after the game (every game has one)."""
    return game


def resolve(game: str, preset_name: str | None, overrides: Mapping[str, object]) -> Ruleset:
    """The preset (default: the game's own) with `overrides` applied and typed."""
    name = preset_name or default_preset(game)
    preset = find_preset(name)
    if preset is None or preset.game != game:
        known = ", ".join(sorted(p.name for p in presets(game)))
        raise OptionError(f"unknown ruleset '{name}' for {game} (known: {known})", key=None)
    options = catalogue(game).options
    values = dict(preset.options)
    for key, raw in overrides.items():
        spec = options.get(key)
        if spec is None:
            raise OptionError(
                f"unknown option '{key}' for {game} (known: {', '.join(options)})", key=key, on_key=True
            )
        values[key] = spec.parse(raw)
    return Ruleset(game=game, preset=preset.name, values=values, overridden=tuple(overrides))
