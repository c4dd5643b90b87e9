"""Playing cards: ranks, suits, printed jokers, packs, and card tokens.

There is exactly one `Card` object per distinct card, so cards compare and
hash by identity (fast); two packs hold the same object twice. Rank order
is a game's business: `Rank` values are only "A high" defaults.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from typing import Iterable

from .frozen import frozen

__all__ = [
    "Suit", "Rank", "Card", "JOKER", "card", "parse_card", "split_cards",
    "standard_pack", "ALL_CARDS", "format_cards", "CardTokenError", "parse_cards",
    "card_spans", "cards_meant", "card_of",
]


class Suit(enum.Enum):
    """The four suits, in the order spades, hearts, diamonds, clubs."""

    S = "S"
    H = "H"
    D = "D"
    C = "C"

    def __init__(self, letter: str) -> None:
        # plain attributes: an enum's own hash is slow in hot loops
        self.index = "SHDC".index(letter)
        self.noun = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[letter]


class Rank(enum.IntEnum):
    """Ranks valued 2..14 (ace high); JOKER is 0."""

    JOKER = 0
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS = {
    Rank.JOKER: "JK", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5",
    Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10",
    Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
}


@frozen(slots=True, eq=False)
class Card:
    """One card; `suit` is None for a printed joker. Use `card()` or
    `parse_card()`, never the constructor."""

    rank: Rank
    suit: Suit | None
    token: str
    index: int  # 0..51 suit-major (S, H, D, C; 2 low), 52 for the joker
    suit_index: int  # 0..3 for S, H, D, C; -1 for the joker

    def __repr__(self) -> str:
        return self.token

    __str__ = __repr__

    def __reduce__(self) -> tuple:
        return (card, (self.token,))

    @property
    def is_joker(self) -> bool:
        return self.suit is None


ALL_CARDS: tuple[Card, ...] = tuple(
    Card(rank, suit, rank.symbol + suit.value, si * 13 + rank - 2, si)
    for si, suit in enumerate(Suit)
    for rank in sorted(r for r in Rank if r is not Rank.JOKER)
)
JOKER = Card(Rank.JOKER, None, "JK", 52, -1)

_BY_TOKEN: dict[str, Card] = {c.token: c for c in ALL_CARDS}
_BY_TOKEN["JK"] = JOKER

#: The card a canonical token names (`AS`, `10H`, `JK`), one C call; KeyError for any other token
#: (`parse_card` reads the other spellings). For reading a written list at the speed of a lookup a card.
card_of = _BY_TOKEN.__getitem__

_TOKEN = re.compile(r"(?i)^(10|[2-9TJQKA])([SHDC\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667])$")
_GLYPHS = {
    "\u2660": "S", "\u2664": "S", "\u2665": "H", "\u2661": "H",
    "\u2666": "D", "\u2662": "D", "\u2663": "C", "\u2667": "C",
}


class CardTokenError(ValueError):
    """A token that names no card (`1S`, `11H`, `AX`)."""


def card(token: str) -> Card:
    """The card a canonical or accepted token names; raises CardTokenError."""
    found = _BY_TOKEN.get(token)
    if found is not None:
        return found
    found = parse_card(token)
    if found is None:
        raise CardTokenError(token)
    return found


def parse_card(token: str) -> Card | None:
    """Accepts `AS`, `10H`, `TH`, `A♠`, lower case, and `JK`; None if no card."""
    found = _BY_TOKEN.get(token)
    if found is not None:
        return found
    if token.upper() == "JK":
        return JOKER
    match = _TOKEN.match(token)
    if match is None:
        return None
    rank, suit = match.group(1).upper(), match.group(2).upper()
    if rank == "T":
        rank = "10"
    return _BY_TOKEN[rank + _GLYPHS.get(suit, suit)]


def parse_cards(tokens: list[str]) -> list[Card | None]:
    """`parse_card` of each token (None where there is no card); the usual
    spellings cost one lookup each, in one call."""
    found = list(map(_BY_TOKEN.get, tokens))
    if None in found:
        found = [c if c is not None else parse_card(t) for c, t in zip(found, tokens)]
    return found


def split_cards(text: str) -> list[str]:
    """Card tokens of a written list: separated by spaces and/or commas."""
    return text.replace(",", " ").split()


_TOKEN_SPAN = re.compile(r"[^\s,]+")


def card_spans(text: str) -> list[tuple[int, str]]:
    """(offset, token) of every token of a written card list, as `split_cards` splits it."""
    return [(m.start(), m.group()) for m in _TOKEN_SPAN.finditer(text)]


_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_CONFUSED = str.maketrans({"O": "0", "I": "1", "L": "1"})


def cards_meant(token: str, *, jokers: bool = True) -> list[str]:
    """The cards a token that names none was probably meant to name (`1OH`
    gives 10H; `QX` the four queens; `1H` 10H), best first; may be empty.
    Called only for a bad token."""
    from difflib import get_close_matches

    up = token.strip().upper()
    if not up or len(up) > 8:
        return []
    fixed = up.translate(_CONFUSED)
    found = parse_card(fixed)
    if found is not None and (jokers or not found.is_joker):
        return [found.token]
    suit = _GLYPHS.get(up[-1], up[-1])
    rank = fixed[:-1] if suit in "SHDC" else fixed
    rank = "10" if rank == "T" else rank
    if suit in "SHDC" and len(up) > 1:
        ranks = [rank] if rank in _RANKS else get_close_matches(rank, _RANKS, n=1, cutoff=0.5)
        return [r + suit for r in ranks]
    for head in (rank, rank[:-1]):  # a rank written alone, or with a letter that is no suit
        head = "10" if head == "T" else head
        if head in _RANKS:
            return [head + s for s in "SHDC"]
    tokens = [c.token for c in ALL_CARDS] + (["JK"] if jokers else [])
    return get_close_matches(fixed, tokens, n=3, cutoff=0.6)


def standard_pack(*, packs: int = 1, jokers: int = 0, lowest: int = 2) -> Counter[Card]:
    """The multiset of cards in `packs` 52-card packs (ranks from `lowest` up
    to the ace) plus `jokers` printed jokers."""
    pack: Counter[Card] = Counter()
    for c in ALL_CARDS:
        if c.rank >= lowest:
            pack[c] = packs
    if jokers:
        pack[JOKER] = jokers
    return pack


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(c.token for c in cards)
