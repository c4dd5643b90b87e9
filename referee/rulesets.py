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

from .errors import shown
from .frozen import frozen
from .money import AMOUNT_FORM, AmountError, parse_amount
from .resources import data_file, data_names
from .yamldoc import load_document

__all__ = [
    "OptionSpec", "RuleText", "Catalogue", "Preset", "Ruleset", "OptionError",
    "catalogue", "catalogues", "presets", "find_preset", "rule_text", "resolve",
    "GameName", "game_named", "game_names", "preset_hint", "unknown_game", "unknown_option", "unknown_preset",
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
                from .suggest import did_you_mean

                raise OptionError(
                    f"option {self.name}: '{shown(text)}' is not one of {', '.join(self.values)}"
                    + did_you_mean(text, self.values), key=self.name
                )
            return text
        if self.kind == "integer":
            if not text.isdigit() or len(text) > 9:
                raise OptionError(f"option {self.name}: '{shown(text)}' is not a whole number", key=self.name)
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
                    f"option {self.name}: '{shown(text)}' is not an amount ({AMOUNT_FORM})", key=self.name
                ) from None
            if self.positive and amount <= 0:
                raise OptionError(f"option {self.name}: must be more than 0", key=self.name)
            return amount
        if not text:
            return ()  # an empty list ("" or [])
        parts = [part.strip() for part in text.split(",")]
        if any(not p.isdigit() or len(p) > 6 for p in parts):
            raise OptionError(
                f"option {self.name}: '{shown(text)}' is not a list of whole numbers like 3,1", key=self.name
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
    """A named preset; `options` holds every option's value (the file's
    own, else the catalogue's default)."""

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
    """A preset file: it lists only the options that differ from the
    catalogue's defaults (tests/core/test_options_source.py rejects one
    restating a default); every other option gets its default here."""
    game = catalogue(raw["game"])
    written = raw.get("options", {})
    values = {name: spec.parse(written.get(name, spec.default)) for name, spec in game.options.items()}
    unknown = set(written) - set(game.options)
    assert not unknown, f"{path}: unknown options {unknown}"
    missing = set(raw["cites"]) - set(game.rules)
    assert not missing, f"{path}: cites undeclared rules {missing}"
    return Preset(
        name=raw["preset"], game=raw["game"], title=raw["title"], text=raw.get("text", ""),
        aliases=tuple(raw.get("aliases", ())), options=values, cites=tuple(raw["cites"]),
    )


def _outside() -> dict[str, str]:
    """The data folders of the games registered from outside the package (core/registry.py)."""
    from .games import REGISTRY

    return REGISTRY.data_folders()


@cache
def catalogue(game: str) -> Catalogue:
    """A game's catalogue, read on first use (`rulesets/games/<game>.yaml`,
    or `<game>.yaml` in the data folder of a game registered from outside)."""
    folder = _outside().get(game)
    path = os.path.join(folder, f"{game}.yaml") if folder else data_file("rulesets", "games", f"{game}.yaml")
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
        assert preset is not None, f"{stem}.yaml is listed"
        for name in (preset.name, *preset.aliases):
            assert name not in found, f"{stem}.yaml: preset name {name} used twice"
            found[name] = preset
    for game, folder in _outside().items():
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.name.endswith(".yaml") and entry.name != f"{game}.yaml":
                preset = _preset_of(_load(entry.path), entry.path)
                found.update((name, preset) for name in (preset.name, *preset.aliases) if name not in found)
    return found


def _forget() -> None:
    """A game was registered or removed: its catalogue and presets are read again."""
    for cached in (catalogue, _all_presets, _game_aliases):
        cached.cache_clear()


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
        raise OptionError(unknown_preset(name, game), key=None)
    options = catalogue(game).options
    values = dict(preset.options)
    for key, raw in overrides.items():
        spec = options.get(key)
        if spec is None:
            raise OptionError(unknown_option(key, game), key=key, on_key=True)
        values[key] = spec.parse(raw)
    return Ruleset(game=game, preset=preset.name, values=values, overridden=tuple(overrides))


def unknown_option(key: object, game: str) -> str:
    """The message for an option `game` does not have, with the closest one."""
    from .suggest import unknown

    return unknown("option", key, catalogue(game).options, where=f" for {game}")


def unknown_preset(name: object, game: str) -> str:
    """The message for a ruleset that is not one of `game`'s presets."""
    from .suggest import listed

    hint = preset_hint(name, game)
    known = listed(sorted(p.name for p in presets(game)))
    return f"unknown ruleset '{shown(name)}' for {game}" + (hint or f" (known: {known})")


def preset_hint(name: object, game: str | None) -> str:
    """"; did you mean 'x'?" for the preset of `game` closest to `name` (case
    folded, aliases included), "; 'x' is a <other> preset" when it names
    another game's, or ""."""
    from .suggest import closest

    if not isinstance(name, str):
        return ""
    everything = _all_presets()
    other = everything.get(name) or everything.get(name.casefold())
    if other is not None and game is not None and other.game != game:
        return f"; '{shown(name)}' is a {other.game} preset, not one of {game}'s"
    names = [key for key, preset in everything.items() if game is None or preset.game == game]
    found = closest(name, names)
    if not found:
        return ""
    preset = everything[found[0]]
    also = f" (the preset {preset.name})" if preset.name != found[0] else ""
    return f"; did you mean '{found[0]}'{also}?"


@frozen(slots=True)
class GameName:
    """What a game name given by a user names: the game, and the preset when
    the name was a preset's (`donkey`, `bhabhi`), else None."""

    game: str
    preset: str | None = None


def _slug(name: str) -> str:
    return "-".join(name.casefold().replace(",", " ").replace("_", " ").replace("-", " ").split())


@cache
def _game_aliases() -> dict[str, GameName]:
    """Every other name of each game: its title and `aka` names as slugs
    (`bhabhi-thulla`), with and without hyphens, and the presets' names and
    aliases (read only when a name is not a game's own)."""
    found: dict[str, GameName] = {game: GameName(game) for game in catalogues()}
    for name, preset in _all_presets().items():
        found.setdefault(name, GameName(preset.game, preset.name))
    for game, cat in catalogues().items():
        for other in (game, cat.title, *cat.aka):
            slug = _slug(other)
            found.setdefault(slug, GameName(game))
            found.setdefault(slug.replace("-", ""), GameName(game))
    return found


def game_names() -> list[str]:
    """The games' own names, then their other names and the presets' aliases
    (for completion and suggestions; preset names work too but are not listed)."""
    from .games import GAMES

    others = [_slug(other) for cat in catalogues().values() for other in (cat.title, *cat.aka)]
    aliases = [alias for preset in presets() for alias in preset.aliases]
    return list(dict.fromkeys([*GAMES, *sorted(others), *sorted(aliases)]))


def game_named(name: object) -> GameName | None:
    """The game a user's name for it means (`getaway`, `Bhabhi`, `gameflipflop`,
    `donkey`), case folded; None if it names none."""
    from .games import GAMES

    if not isinstance(name, str):
        return None
    if name in GAMES:
        return GameName(name)
    return _game_aliases().get(_slug(name))


def unknown_game(name: object) -> str:
    """The message for a name that is no game, with the closest name."""
    from .games import GAMES
    from .suggest import closest

    found = closest(_slug(name) if isinstance(name, str) else name, game_names())
    if not found:
        found = closest(_slug(name) if isinstance(name, str) else name, _game_aliases())
    means = ""
    if found:
        named = _game_aliases().get(found[0]) or GameName(found[0])
        means = f"; did you mean '{found[0]}'" + (f" ({named.game})" if named.game != found[0] else "") + "?"
    return f"unknown game '{shown(name)}'" + (means or f" (known: {', '.join(GAMES)})")


def _listen() -> None:
    from .games import REGISTRY

    REGISTRY.on_change(_forget)


_listen()
