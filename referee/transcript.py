"""The header every transcript shares: game, ruleset (preset plus option
overrides, resolved and typed) and players in clockwise seating order."""

from __future__ import annotations

from .errors import InputError, Problem
from .games import GAMES
from .games.base import Header
from .config import Choices
from .rulesets import OptionError, resolve
from .yamldoc import Document

__all__ = ["read_header", "name_the_game"]


def name_the_game(document: Document) -> None:
    """`game:` written as another name of a game (`bhabhi`, `Tattare`,
    `gameflipflop`) becomes the game's own name, before the schema (which
    dispatches on it) sees it; a preset's name (`donkey`) with no `ruleset:`
    also names the ruleset. Anything else is left for the schema to refuse."""
    data = document.data
    if isinstance(data, dict):
        game = data.get("game")
        if game not in GAMES and isinstance(game, str):
            from .rulesets import game_named

            named = game_named(game)
            if named is not None:
                data["game"] = named.game
                if named.preset is not None and "ruleset" not in data:  # `game: donkey` plays the donkey preset
                    data["ruleset"] = named.preset


def read_header(document: Document, *, in_progress: bool = False, choices: Choices | None = None) -> Header:
    """The typed header of a schema-valid transcript; an unknown preset,
    option or value is an InputError at its line. The game is in progress
    if the transcript says `in_progress: true` or the caller says so.
    `choices` (a configuration file's defaults, `-o` overrides) apply as
    `Choices.options_for` says; an override the game does not take is an
    InputError naming `-o`."""
    data = document.data
    game = data["game"]
    preset, options = data.get("ruleset"), data.get("options") or {}
    if choices is not None:
        preset, options = choices.options_for(game, preset, options)
    try:
        ruleset = resolve(game, preset, options)
    except OptionError as exc:
        if choices is not None and exc.key in choices.overrides:
            raise InputError(Problem(f"-o {exc.key}: {exc}"), file=document.name) from None
        if exc.key is None:
            line, column = document.position(("ruleset",))
        elif exc.on_key:
            line, column = document.key_position(("options", exc.key))
        else:
            line, column = document.position(("options", exc.key))
        raise InputError(Problem(str(exc), line, column), file=document.name) from None
    return Header(game=game, ruleset=ruleset, players=tuple(data["players"]),
                  in_progress=in_progress or data.get("in_progress") is True)
