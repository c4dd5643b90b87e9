"""What every game's seeded generator shares: the ruleset it plays, the head
of the transcript it writes, and the comment saying how to make it again.
The games' own `simulate.py` modules do the playing."""

from __future__ import annotations

from typing import Mapping

from .cards import format_cards
from .errors import InputError, Problem
from .hand import sort_cards
from .rulesets import OptionError, Ruleset, resolve
from .writer import dump_yaml

__all__ = ["simulation_ruleset", "transcript_head", "hands_text", "write_transcript"]


def simulation_ruleset(game: str, preset: str, overrides: Mapping[str, str]) -> Ruleset:
    """The resolved ruleset; an unknown preset, option or value is an InputError."""
    try:
        return resolve(game, preset, overrides)
    except OptionError as exc:
        raise InputError(Problem(str(exc))) from None


def transcript_head(game: str, *, preset: str, overrides: Mapping[str, str], players: tuple[str, ...]) -> dict:
    """format, game, ruleset, options (when any) and players, in that order."""
    data: dict = {"format": "1", "game": game, "ruleset": preset}
    if overrides:
        data["options"] = dict(overrides)
    data["players"] = list(players)
    return data


def hands_text(players: tuple[str, ...], hands) -> dict[str, str]:
    """Each seat's hand as dealt, sorted, by player name."""
    return {players[s]: format_cards(sort_cards(h)) for s, h in enumerate(hands)}


def write_transcript(data: dict, *, what: str, game: str, preset: str, players: int, seed: int,
                     overrides: Mapping[str, str]) -> str:
    """The YAML text, headed by the `referee simulate` command that makes it."""
    extra = "".join(f" -o {k}={v}" for k, v in overrides.items())
    comment = (f"A legal random {what}, made by\n"
               f"  referee simulate {game} --preset {preset} --players {players} --seed {seed}{extra}")
    return dump_yaml(data, comment=comment)
