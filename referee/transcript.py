"""The header every transcript shares: game, ruleset (preset plus option
overrides, resolved and typed) and players in clockwise seating order."""

from __future__ import annotations

from .errors import InputError, Problem
from .games.base import Header
from .rulesets import OptionError, resolve
from .yamldoc import Document

__all__ = ["read_header"]


def read_header(document: Document, *, in_progress: bool = False) -> Header:
    """The typed header of a schema-valid transcript; an unknown preset,
    option or value is an InputError at its line. The game is in progress
    if the transcript says `in_progress: true` or the caller says so."""
    data = document.data
    game = data["game"]
    try:
        ruleset = resolve(game, data.get("ruleset"), data.get("options") or {})
    except OptionError as exc:
        if exc.key is None:
            line, column = document.position(("ruleset",))
        elif exc.on_key:
            line, column = document.key_position(("options", exc.key))
        else:
            line, column = document.position(("options", exc.key))
        raise InputError(Problem(str(exc), line, column), file=document.name) from None
    return Header(game=game, ruleset=ruleset, players=tuple(data["players"]),
                  in_progress=in_progress or data.get("in_progress") is True)
