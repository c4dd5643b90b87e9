"""`referee check`'s configuration file, and the ruleset choices a check
applies besides each transcript's own header.

The file is found as ruff finds its own: walking up from the current
directory, the nearest directory holding a `referee.toml` (its top-level
keys) or a `pyproject.toml` with a `[tool.referee]` table wins; where one
directory has both, `referee.toml`. A `pyproject.toml` without that table is
passed over. Keys:

    format = "text"            # text, json, jsonl, html, github
    jobs = 2                   # worker processes
    quiet = true               # as --quiet
    exclude = ["old/*", "drafts"]   # as --exclude (the command line's replace these)
    [games.getaway]            # [tool.referee.games.getaway] in pyproject.toml
    preset = "donkey"          # for a transcript with no `ruleset:`
    options = {take_hand = "leader"}

A transcript names its own ruleset: `ruleset:` is optional (the schema does
not require it), and only a transcript that omits it is judged under the
file's `preset` and `options` (its own `options:` still win over the
file's). Command-line flags win over the file; `-o KEY=VALUE` applies on top
of everything, the transcript included.

A key the file may not hold, or a value of the wrong type or unknown to the
game, is a `ConfigError` naming the file and the line (found by scanning the
text, as `tomllib` gives no positions). Nothing here prints; `tomllib` is
imported only when a file is read.
"""

from __future__ import annotations

import os
import re
from dataclasses import field
from typing import Any, Iterable, Mapping

from .frozen import frozen

__all__ = ["Config", "ConfigError", "GameDefaults", "Choices", "FORMATS", "find_config", "load_config",
           "option_pairs"]

FORMATS = ("text", "json", "jsonl", "html", "github")
_KEYS = ("exclude", "format", "games", "jobs", "quiet")
_GAME_KEYS = ("options", "preset")


class ConfigError(ValueError):
    """A configuration file that cannot be used: `path:line: message`."""

    def __init__(self, message: str, *, path: str, line: int | None = None) -> None:
        self.path, self.line = path, line
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")


@frozen(slots=True)
class GameDefaults:
    """A game's ruleset for transcripts that omit `ruleset:`."""

    preset: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@frozen(slots=True)
class Choices:
    """What a check applies besides a transcript's header: per-game defaults
    (used when it omits `ruleset:`) and `-o` overrides (over everything)."""

    games: Mapping[str, GameDefaults] = field(default_factory=dict)
    overrides: Mapping[str, str] = field(default_factory=dict)

    def options_for(self, game: str, ruleset: str | None,
                    options: Mapping[str, Any]) -> tuple[str | None, dict[str, Any]]:
        """(preset, options) of a transcript of `game` whose header wrote
        `ruleset` and `options`, with these choices applied."""
        merged = dict(options)
        defaults = self.games.get(game)
        if ruleset is None and defaults is not None:
            ruleset = defaults.preset
            merged = {**defaults.options, **merged}
        merged.update(self.overrides)
        return ruleset, merged


@frozen(slots=True)
class Config:
    """A configuration file's settings; None where it says nothing."""

    path: str | None = None
    format: str | None = None
    jobs: int | None = None
    quiet: bool | None = None
    exclude: tuple[str, ...] | None = None
    games: Mapping[str, GameDefaults] = field(default_factory=dict)


def option_pairs(items: Iterable[str]) -> dict[str, str]:
    """`-o KEY=VALUE` arguments as a mapping (the last of a key wins); a
    ValueError names an item without `=`."""
    pairs: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(item)
        pairs[key.strip()] = value.strip()
    return pairs


def find_config(start: str | None = None) -> tuple[str, str, tuple[str, ...], dict] | None:
    """(path, text, where the table is, the table) of the nearest file, or None."""
    directory = os.path.abspath(start or os.getcwd())
    while True:
        for name, table in (("referee.toml", ()), ("pyproject.toml", ("tool", "referee"))):
            path = os.path.join(directory, name)
            if not os.path.isfile(path):
                continue
            text = _read(path)
            if table and "referee" not in text:  # cannot hold the table: not parsed
                continue
            data: Any = _parse(path, text)  # the table inside it, or None
            for key in table:
                data = data.get(key) if isinstance(data, dict) else None
            if data is not None:
                return path, text, table, data
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _read(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            return handle.read(4 * 1024 * 1024).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the configuration: {exc}", path=_shown_path(path)) from None


def _parse(path: str, text: str) -> dict:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"at line (\d+)", str(exc))
        line = int(found.group(1)) if found else (len(text.splitlines()) or None) if "end of document" in str(exc) else None
        raise ConfigError(f"not valid TOML: {exc}", path=_shown_path(path), line=line) from None


def _shown_path(path: str) -> str:
    from .errors import shown

    try:
        relative = os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive
        relative = path
    return shown(relative if len(relative) < len(path) else path, 300)


def load_config(start: str | None = None) -> Config:
    """The nearest configuration file's settings (an empty Config if none)."""
    found = find_config(start)
    if found is None:
        return Config()
    path, text, table, data = found
    return _Reader(_shown_path(path), text, table).config(data)


class _Reader:
    """Checks a configuration table, raising ConfigError at the line of the key."""

    def __init__(self, path: str, text: str, table: tuple[str, ...]) -> None:
        self.path, self.text, self.table = path, text, table

    def fail(self, keys: tuple[str, ...], message: str) -> ConfigError:
        return ConfigError(message, path=self.path, line=_line_of(self.text, (*self.table, *keys)))

    def _name(self, keys: tuple[str, ...]) -> str:
        return ".".join((*self.table, *keys))

    def config(self, data: dict) -> Config:
        if not isinstance(data, dict):
            raise self.fail((), f"{self._name(()) or 'the file'} must be a table")
        for key in data:
            if key not in _KEYS:
                raise self.fail((key,), f"unknown key '{self._name((key,))}' (known: {', '.join(_KEYS)})")
        values: dict[str, Any] = {"path": self.path}
        if "format" in data:
            if data["format"] not in FORMATS:
                raise self.fail(("format",), f"format must be one of {', '.join(FORMATS)}")
            values["format"] = data["format"]
        if "jobs" in data:
            jobs = data["jobs"]
            if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
                raise self.fail(("jobs",), "jobs must be a whole number, 1 or more")
            values["jobs"] = jobs
        if "quiet" in data:
            if not isinstance(data["quiet"], bool):
                raise self.fail(("quiet",), "quiet must be true or false")
            values["quiet"] = data["quiet"]
        if "exclude" in data:
            exclude = data["exclude"]
            if not isinstance(exclude, list) or not all(isinstance(p, str) for p in exclude):
                raise self.fail(("exclude",), "exclude must be a list of glob patterns (text)")
            values["exclude"] = tuple(exclude)
        if "games" in data:
            values["games"] = self.games(data["games"])
        return Config(**values)

    def games(self, data: object) -> dict[str, GameDefaults]:
        from .games import GAMES
        from .rulesets import OptionError, resolve

        if not isinstance(data, dict):
            raise self.fail(("games",), "games must be a table of games")
        found: dict[str, GameDefaults] = {}
        for game, entry in data.items():
            where = ("games", game)
            if game not in GAMES:
                raise self.fail(where, f"unknown game '{self._name(where)}' (known: {', '.join(GAMES)})")
            if not isinstance(entry, dict):
                raise self.fail(where, f"{self._name(where)} must be a table")
            for key in entry:
                if key not in _GAME_KEYS:
                    raise self.fail((*where, key), f"unknown key '{self._name((*where, key))}'"
                                                   f" (known: {', '.join(_GAME_KEYS)})")
            preset = entry.get("preset")
            if preset is not None and not isinstance(preset, str):
                raise self.fail((*where, "preset"), "preset must be text (a preset's name)")
            options = self.options(where, entry.get("options", {}))
            try:
                resolve(game, preset, options)
            except OptionError as exc:
                keys = (*where, "preset") if exc.key is None else (*where, "options", exc.key)
                raise self.fail(keys, str(exc)) from None
            found[game] = GameDefaults(preset=preset, options=options)
        return found

    def options(self, where: tuple[str, ...], data: object) -> dict[str, Any]:
        where = (*where, "options")
        if not isinstance(data, dict):
            raise self.fail(where, "options must be a table of option = value")
        options: dict[str, Any] = {}
        for key, value in data.items():
            if isinstance(value, list) and all(_scalar(v) for v in value):
                options[key] = [str(v) for v in value]
            elif _scalar(value):
                options[key] = str(value)
            else:
                raise self.fail((*where, key), f"option {key}: write its value as text (or a whole number),"
                                               " or a list of them")
        return options


def _scalar(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _line_of(text: str, keys: tuple[str, ...]) -> int | None:
    """The line (from 1) where the last of `keys` is written: searched from
    the header of the innermost table of the path that has one, as a bare or
    quoted key before `=`, `.` or `]`; None if not found."""
    if not keys:
        return None
    lines = text.splitlines()
    key = re.escape(keys[-1])
    written = re.compile(rf"""(?:^|[\s{{,.\[])(?:{key}|"{key}"|'{key}')\s*(?:=|\.|\])""")
    start = 0
    for depth in range(len(keys) - 1, 0, -1):
        header = re.compile(r"^\s*\[\s*" + r"\s*\.\s*".join(
            rf"""(?:{re.escape(k)}|"{re.escape(k)}")""" for k in keys[:depth]) + r"\s*\]")
        at = next((i for i, line in enumerate(lines) if header.match(line)), None)
        if at is not None:
            start = at
            break
    for first in (start, 0):
        for number in range(first, len(lines)):
            if not lines[number].lstrip().startswith("#") and written.search(lines[number]):
                return number + 1
    return None
