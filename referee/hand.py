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
        self.counts: dict[Card, int] = {}
        self.suits = [0, 0, 0, 0]
        self.size = 0
        self.add_all(cards)

    def add(self, card: Card) -> None:
        self.counts[card] = self.counts.get(card, 0) + 1
        if card.suit_index >= 0:
            self.suits[card.suit_index] += 1
        self.size += 1

    def add_all(self, cards: Iterable[Card]) -> None:
        for card in cards:
            self.add(card)

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
