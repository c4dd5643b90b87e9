"""A hand (or any pile) of cards as a multiset with per-suit counts, so that
"does he hold this card" and "is he void in this suit" cost one lookup."""

from __future__ import annotations

from typing import Iterable, Iterator

from .cards import Card, Suit

__all__ = ["Hand", "sort_cards"]


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Spades, hearts, diamonds, clubs; high to low within a suit; jokers last."""
    return sorted(cards, key=lambda c: (c.suit.index if c.suit else 9, -c.rank))


class Hand:
    __slots__ = ("counts", "suits", "size")

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        if cards.__class__ is not list and cards.__class__ is not tuple:
            cards = list(cards)
        counts: dict[Card, int] = dict.fromkeys(cards, 1)
        if len(counts) != len(cards):  # some card more than once (two packs): count them
            counts = {}
            for card in cards:
                counts[card] = counts.get(card, 0) + 1
        self.counts = counts
        suits = [0, 0, 0, 0]  # (a loop: cheaper than a list of indexes and four counts, for any hand)
        for card in cards:
            index = card.suit_index
            if index >= 0:  # (a joker has none)
                suits[index] += 1
        self.suits = suits
        self.size = len(cards)

    def add(self, card: Card) -> None:
        self.counts[card] = self.counts.get(card, 0) + 1
        if card.suit_index >= 0:
            self.suits[card.suit_index] += 1
        self.size += 1

    def add_all(self, cards: Iterable[Card]) -> None:
        """`add` of each card, in one loop."""
        counts, suits = self.counts, self.suits
        get = counts.get
        for card in cards:
            counts[card] = get(card, 0) + 1
            if card.suit_index >= 0:
                suits[card.suit_index] += 1
            self.size += 1

    def remove(self, card: Card) -> None:
        left = self.counts[card] - 1
        if left:
            self.counts[card] = left
        else:
            del self.counts[card]
        if card.suit_index >= 0:
            self.suits[card.suit_index] -= 1
        self.size -= 1

    def has(self, card: Card) -> bool:
        return card in self.counts

    def has_suit(self, suit: Suit) -> bool:
        return self.suits[suit.index] > 0

    def clear(self) -> list[Card]:
        """Empty the hand and return what it held."""
        cards = list(self)
        self.counts.clear()
        self.suits = [0, 0, 0, 0]
        self.size = 0
        return cards

    def __iter__(self) -> Iterator[Card]:
        for card, count in self.counts.items():
            for _ in range(count):
                yield card

    def __len__(self) -> int:
        return self.size

    def sorted(self) -> list[Card]:
        return sort_cards(self)
