"""Rulesets as data: each game's catalogue (options, rule texts) and the
named presets, read from `rulesets/*.yaml` and checked against
`schemas/ruleset.schema.json`.

Files are read on first use, one game at a time. A transcript names a
preset and may override options; `resolve()` turns that
into typed values (text, int, Fraction, tuple of ints). Games build their own
option dataclasses from those values and never branch on a preset's name.
"""

from __future__ import annotations

import os
from fractions import Fraction
from functools import cache
from typing import Mapping

from .frozen import frozen
from .money import AmountError, parse_amount
from .resources import data_file, data_names
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


@frozen(slots=True)
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
        if not text:
            return ()  # an empty list ("" or [])
        parts = [part.strip() for part in text.split(",")]
        if any(not p.isdigit() or len(p) > 6 for p in parts):
            raise OptionError(
                f"option {self.name}: '{text}' is not a list of whole numbers like 3,1", key=self.name
            )
        return tuple(int(p) for p in parts)


@frozen(slots=True)
class RuleText:
    id: str
    title: str
    text: str
    game: str


@frozen(slots=True)
class Catalogue:
    """A game's options and rules."""

    game: str
    title: str
    options: Mapping[str, OptionSpec]
    rules: Mapping[str, RuleText]
    aka: tuple[str, ...] = ()
    default_preset: str = ""


@frozen(slots=True)
class Preset:
    name: str
    game: str
    title: str
    text: str
    aliases: tuple[str, ...]
    options: Mapping[str, OptionValue]
    cites: tuple[str, ...]


@frozen(slots=True)
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
    """A shipped data file. It is not schema-checked here (the test suite
    checks every file against ruleset.schema.json), to keep start-up short."""
    with open(path, encoding="utf-8") as handle:
        return load_document(handle.read(), name=path).data


def _catalogue_of(raw: dict) -> Catalogue:
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
    return Catalogue(raw["game"], raw["title"], options, rules, tuple(raw.get("aka", ())),
                     raw.get("default_preset", raw["game"]))


def _preset_of(raw: dict, path: str) -> Preset:
    game = catalogue(raw["game"])
    values = {name: spec.parse(raw["options"].get(name, spec.default)) for name, spec in game.options.items()}
    unknown = set(raw["options"]) - set(game.options)
    assert not unknown, f"{path}: unknown options {unknown}"
    missing = set(raw["cites"]) - set(game.rules)
    assert not missing, f"{path}: cites undeclared rules {missing}"
    return Preset(
        name=raw["preset"], game=raw["game"], title=raw["title"], text=raw.get("text", ""),
        aliases=tuple(raw.get("aliases", ())), options=values, cites=tuple(raw["cites"]),
    )


@cache
def catalogue(game: str) -> Catalogue:
    """A game's catalogue, read on first use (`rulesets/games/<game>.yaml`)."""
    path = data_file("rulesets", "games", f"{game}.yaml")
    if not os.path.isfile(path):
        raise KeyError(game)
    return _catalogue_of(_load(path))


@cache
def _preset_file(name: str) -> Preset | None:
    """The preset in `rulesets/<name>.yaml`, if that file exists."""
    path = data_file("rulesets", f"{name}.yaml")
    return _preset_of(_load(path), path) if os.path.isfile(path) else None


@cache
def _all_presets() -> dict[str, Preset]:
    """Every preset by name and alias (reads every preset file)."""
    found: dict[str, Preset] = {}
    for stem in data_names("rulesets", suffix=".yaml"):
        preset = _preset_file(stem)
        for name in (preset.name, *preset.aliases):
            assert name not in found, f"{stem}.yaml: preset name {name} used twice"
            found[name] = preset
    return found


def catalogues() -> Mapping[str, Catalogue]:
    """Every game's catalogue (reads them all)."""
    return {stem: catalogue(stem) for stem in data_names("rulesets", "games", suffix=".yaml")}


def presets(game: str | None = None) -> list[Preset]:
    """Distinct presets (aliases folded), optionally of one game; the game's
    default first."""
    seen: dict[str, Preset] = {}
    for preset in _all_presets().values():
        if game is None or preset.game == game:
            seen.setdefault(preset.name, preset)
    return sorted(seen.values(), key=lambda p: (p.game, p.name != catalogue(p.game).default_preset, p.name))


def find_preset(name: str) -> Preset | None:
    """A preset by name (one file read) or by alias (every file read)."""
    preset = _preset_file(name) if "/" not in name and not name.startswith(".") else None
    if preset is not None and preset.name == name:
        return preset
    return _all_presets().get(name)


def rule_text(rule_id: str) -> RuleText | None:
    for game in catalogues().values():
        found = game.rules.get(rule_id)
        if found is not None:
            return found
    return None


def resolve(game: str, preset_name: str | None, overrides: Mapping[str, object]) -> Ruleset:
    """The preset (default: the game's own) with `overrides` applied and typed."""
    name = preset_name or catalogue(game).default_preset
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
