"""Suggestions ("did you mean ...?"): the closest names of a closed set (keys, games, presets,
options, values, move words, players), for messages about a mistake.

Runs only when something is already wrong; nothing here is on the path of a
valid file. Matching folds case, then uses `difflib`; it cannot guess a
word that shares too little with the one meant (`M` for `N` gives nothing).
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Any, Iterable

from .errors import Problem, shown

__all__ = ["closest", "did_you_mean", "unknown", "listed", "MAX_LISTED", "not_a_card", "not_a_player",
           "corrected_move", "schema_problems"]

#: A closed set longer than this is not listed in full in a message.
MAX_LISTED = 12


def closest(word: object, choices: Iterable[str], *, n: int = 1, cutoff: float = 0.6) -> list[str]:
    """Up to `n` choices nearest to `word`, best first: the same word in
    another case first, then `difflib`'s close matches (case folded)."""
    if not isinstance(word, str) or not word:
        return []
    options = list(dict.fromkeys(choices))
    folded: dict[str, str] = {}
    for choice in options:
        folded.setdefault(choice.casefold(), choice)
    key = word.casefold()
    found = [folded[key]] if key in folded and folded[key] != word else []
    for match in get_close_matches(key, list(folded), n=n + 1, cutoff=cutoff):
        choice = folded[match]
        if choice != word and choice not in found:
            found.append(choice)
    return found[:n]


def did_you_mean(word: object, choices: Iterable[str], *, n: int = 1) -> str:
    """"; did you mean 'x'?" (or 'x' or 'y'), or "" when nothing is close."""
    found = closest(word, choices, n=n)
    if not found:
        return ""
    return f"; did you mean {_either([shown(choice) for choice in found])}?"


def _either(words: list[str]) -> str:
    """'a', 'b' or 'c'."""
    quoted = [f"'{word}'" for word in words]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def listed(choices: Iterable[str]) -> str:
    """The choices, comma-separated; a long set is cut with a count of the rest."""
    items = list(choices)
    if len(items) <= MAX_LISTED:
        return ", ".join(items)
    return ", ".join(items[:MAX_LISTED]) + f", ... ({len(items) - MAX_LISTED} more)"


def unknown(what: str, word: object, choices: Iterable[str], *, where: str = "") -> str:
    """`unknown <what> 'word'<where>` with the closest choice, or the known
    ones when none is close (e.g. "unknown option 'take_hnd' for getaway;
    did you mean 'take_hand'?")."""
    items = list(choices)
    hint = did_you_mean(word, items)
    return f"unknown {what} '{shown(word)}'{where}" + (hint or f" (known: {listed(items)})")


def not_a_card(token: object, *, jokers: bool = True) -> str:
    """"'1OH' is not a card; did you mean '10H'?", or the usual spellings
    when no card is near."""
    from .cards import cards_meant

    meant = cards_meant(token, jokers=jokers) if isinstance(token, str) else []
    if meant:
        return f"'{shown(token)}' is not a card; did you mean {_either(meant)}?"
    examples = "AS, 10H, TD, 7\u2663, JK" if jokers else "AS, 10H, TD, 7\u2663"
    return f"'{shown(token)}' is not a card (cards look like {examples})"


def not_a_player(name: object, players: Iterable[str]) -> str:
    """"'M' is not one of the players (N, E, S, W)", with the closest name if any."""
    items = list(players)
    return f"'{shown(name)}' is not one of the players ({listed(items)})" + did_you_mean(name, items)


def corrected_move(text: str, words: Iterable[str], players: Iterable[str]) -> str | None:
    """The move line with its first unknown word replaced by the closest move
    word (`W plya AS` gives `W play AS`), or None when no word is near. A
    word is known when it is a move word, a player, a card or a number."""
    from .cards import parse_card

    known, names = tuple(words), set(players)
    tokens = text.split()
    for i, token in enumerate(tokens):
        if token in known or token in names or token.isdigit() or parse_card(token) is not None:
            continue
        found = closest(token, known)
        if not found:
            return None
        return " ".join([*tokens[:i], found[0], *tokens[i + 1:]])
    return None


def schema_problems(document: Any, path: tuple, *, keyword: str, expected: Any, value: Any,
                    hint: str | None, where: str) -> list[Problem] | None:
    """Better problems for a schema error the schema alone explains poorly, or
    None to keep the schema's own: an enum value or a preset name with the
    closest choice, each bad token of a card list at its own column, a move
    line with its misspelt word corrected."""
    if keyword == "enum" and isinstance(value, str):
        if path == ("game",):
            from .rulesets import unknown_game

            line, column = document.position(path)
            return [Problem(f"{where}: {unknown_game(value)}", line, column)]
        found = did_you_mean(value, [str(choice) for choice in expected])
        if found:
            line, column = document.position(path)
            shown_all = ", ".join(map(str, expected))
            return [Problem(f"{where}: '{shown(value)}' is not one of: {shown_all}{found}", line, column)]
        return None
    if keyword != "pattern" or not isinstance(value, str) or not isinstance(expected, str):
        return None
    if path == ("ruleset",):
        from .rulesets import preset_hint

        data = document.data if isinstance(document.data, dict) else {}
        found = preset_hint(value, data.get("game") if isinstance(data.get("game"), str) else None)
        if found:
            line, column = document.position(path)
            return [Problem(f"{where}: '{shown(value)}' is not {hint or 'a preset name'}{found}", line, column)]
        return None
    if _accepts(expected, "AS 10H"):
        return _card_list_problems(document, path, value, where) or None
    if path and isinstance(path[-1], int):
        corrected = _corrected_line(document, value)
        if corrected is not None and _accepts(expected, corrected):
            line, column = document.position(path)
            what = (hint or "a move").split(":")[0]
            return [Problem(f"{where}: '{shown(value)}' is not {what}; did you mean '{shown(corrected)}'?",
                            line, column)]
    return None


def _accepts(pattern: str, text: str) -> bool:
    import re

    try:
        return re.search(pattern, text) is not None
    except re.error:
        return False


def _card_list_problems(document: Any, path: tuple, value: str, where: str) -> list[Problem]:
    from .cards import card_spans, parse_card
    from .reader import token_position

    problems = []
    for offset, token in card_spans(value):
        if parse_card(token) is None:
            line, column = token_position(document, path, offset)
            problems.append(Problem(f"{where}: {not_a_card(token)}", line, column))
    return problems


def _corrected_line(document: Any, text: str) -> str | None:
    """`text` with its misspelt move word corrected, in the document's game."""
    import importlib

    from .games import GAMES

    data = document.data if isinstance(document.data, dict) else {}
    game, players = data.get("game"), data.get("players")
    if game not in GAMES:
        return None
    words = getattr(importlib.import_module(GAMES[game] + ".moves"), "MOVE_WORDS", ())
    names = [p for p in players if isinstance(p, str)] if isinstance(players, list) else []
    return corrected_move(text, words, names)
