"""What `referee record` asks for before the moves: the parts of a game's
head (stake, bankrolls, ...) and of each deal (hands, table cards, ...).

Nothing here names a game. The parts are read off a seeded simulation of
the same game, preset, options and player count (the game's own `simulate`):
every key it writes beside `dealer`, `moves` and `claims` is asked for, in
its shape (cards per player, a card list, a player, a value per player, a
value), with the hand sizes and card copies it shows. Parts the simulation
leaves out (Tjuv's talon, Game, Flip, Flop's antes or reveal, notes) are
optional and left to editing the file."""

from __future__ import annotations

import enum
import functools
from collections import Counter
from typing import Any, Mapping

from .cards import parse_card, split_cards
from .errors import InputError, Problem
from .frozen import frozen
from .games import get_game
from .suggest import not_a_card, not_a_player
from .yamldoc import load_document

__all__ = ["Kind", "Part", "Parts", "parts_for", "check_cards", "check_player"]

#: Keys a deal or head has that are not asked for as parts.
_NOT_PARTS = {"dealer", "moves", "claims", "note", "ending", "format", "game", "ruleset", "options", "players",
              "deals", "meta", "in_progress"}
_SEEDS = (0, 1, 2)


class Kind(enum.Enum):
    CARDS = "cards"  # a card list (sizes: how many)
    PLAYER = "player"  # a player's name
    TEXT = "text"  # anything else (an amount)


@frozen(slots=True, kw_only=True)
class Part:
    key: str
    kind: Kind
    per_player: bool  # a table by player name (a prompt per player)
    sizes: frozenset[int] = frozenset()  # card counts seen (CARDS)
    default: str | None = None  # a head value the simulation gives (not per player)
    optional: bool = False  # some simulated deals leave it out: a blank answer leaves it out too


@frozen(slots=True, kw_only=True)
class Parts:
    head: tuple[Part, ...]  # the game's head, after `players`
    deal: tuple[Part, ...]  # each deal's, after `dealer`
    copies: int  # the most copies of one card in a deal (two packs: 2)
    jokers: int = 0  # ... and of the joker


def _kind(value: Any, players: tuple[str, ...]) -> Kind:
    text = str(value)
    if text in players:
        return Kind.PLAYER
    tokens = split_cards(text)
    if tokens and all(parse_card(t) is not None for t in tokens):
        return Kind.CARDS
    return Kind.TEXT


def _parts(tables: list[Mapping[str, Any]], players: tuple[str, ...], *, head: bool) -> tuple[Part, ...]:
    keys = list(dict.fromkeys(k for t in tables for k in t if k not in _NOT_PARTS))
    found = []
    for key in keys:
        values = [t[key] for t in tables if key in t]
        per_player = all(isinstance(v, dict) for v in values)
        items = [x for v in values for x in (v.values() if isinstance(v, dict) else [v])]
        if not items or any(isinstance(x, (dict, list)) for x in items):
            continue  # a shape the recorder does not prompt for: left to editing the file
        kind = _kind(items[0], players)
        sizes = frozenset(len(split_cards(str(x))) for x in items) if kind is Kind.CARDS else frozenset()
        default = str(values[0]) if head and not per_player and kind is Kind.TEXT else None
        found.append(Part(key=key, kind=kind, per_player=per_player, sizes=sizes, default=default,
                          optional=len(values) < len(tables)))
    return tuple(found)


@functools.lru_cache(maxsize=32)
def parts_for(game: str, preset: str, options: tuple[tuple[str, str], ...], players: int) -> Parts:
    """The parts to ask for, from simulations with the same ruleset and player count."""
    simulated = []
    for seed in _SEEDS:
        try:
            text = get_game(game).simulate(preset=preset, players=players, seed=seed, options=dict(options))
        except InputError:
            raise
        except Exception:  # noqa: BLE001 - a seed the generator cannot play is skipped
            continue
        simulated.append(load_document(text, name="<simulated>").data)
    if not simulated:
        raise InputError(Problem(f"{game}: the referee cannot simulate this ruleset, so it cannot tell what a deal"
                                 " needs; write the deal by hand, then `referee record FILE` goes on from it"))
    names = tuple(simulated[0]["players"])
    deals = [d for data in simulated for d in data["deals"] if "ending" not in d]
    copies, jokers = 1, 0
    for d in deals:
        held: Counter[str] = Counter()
        for key, value in d.items():
            if key in _NOT_PARTS:
                continue
            for item in (value.values() if isinstance(value, dict) else [value]):
                if isinstance(item, str) and _kind(item, names) is Kind.CARDS:
                    # every token is a card (Kind.CARDS); the filter only tells mypy so
                    held.update(c.token for c in map(parse_card, split_cards(item)) if c is not None)
        jokers = max(jokers, held.pop("JK", 0))
        copies = max(copies, max(held.values(), default=1))
    return Parts(head=_parts(simulated, names, head=True), deal=_parts(deals, names, head=False), copies=copies,
                 jokers=jokers)


def check_cards(text: str, *, part: Part, earlier: Counter[str], parts: Parts) -> tuple[str | None, list[str]]:
    """(the first problem, or None; the cards as canonical tokens). A card
    not known, a count not dealt, or a card more often than the packs have
    (in this hand and the ones entered before) is a problem."""
    tokens = split_cards(text)
    cards = []
    for token in tokens:
        found = parse_card(token)
        if found is None:
            return not_a_card(token), []
        cards.append(found.token)
    if part.sizes and len(cards) not in part.sizes:
        want = " or ".join(str(n) for n in sorted(part.sizes))
        return f"{len(cards)} cards; {part.key} takes {want}", []
    seen = Counter(cards)
    for token in cards:
        copies = parts.jokers if token == "JK" else parts.copies
        if seen[token] + earlier[token] > copies:
            where = "in this hand" if seen[token] > copies else "already entered"
            return f"{token} {seen[token] + earlier[token]} times ({where}); the deal has {copies}", []
    return None, cards


def check_player(text: str, players: tuple[str, ...]) -> str | None:
    return None if text in players else not_a_player(text, players)
