"""Vazhushal events (VZ-14.7 to VZ-14.12) as typed values, parsed once from
move lines.

Grammar of a move line (one per list item; P is a player):

    P draw stock CARD             the stock draw and the card drawn
    P draw line K [CARDS]         a take of the top K line cards (optionally
                                  listed top to bottom, as a cross-check)
    P meld CARDS                  a new meld from hand; a wild card that does
                                  not stand for itself is written JK=9D, 8H=7C
    P add N CARDS                 lay CARDS off on P's own meld number N
    P add Q N CARDS               ... on player Q's meld N (always VZ-3.7)
    P rearrange CARDS / CARDS ..  P's complete list of melds after rearranging
    P discard CARD                the discard (emptying the hand is going out)
    P out CARD                    the face-down discard of going out
    P declare                     a three-doubles declaration (here: too late)
    overflow CARD                 echo: the card the line overflow moved under the stock
    end stock | end out           echo: how the game ended
"""

from __future__ import annotations

from typing import Mapping

from ... import movetext
from ...cards import ALL_CARDS, JOKER, Card, format_cards
from ...errors import shown
from ...frozen import frozen
from ...movetext import MoveSyntaxError, move_card, move_seat, not_a_move
from .melds import Token

__all__ = [
    "Move", "DrawStock", "DrawLine", "Meld", "Add", "Rearrange", "Discard", "Declare", "Overflow",
    "EndMark", "MeldAction", "Draw", "parse_move", "write_move", "MoveSyntaxError", "RESERVED_NAMES",
    "token_text", "MoveReader",
]

RESERVED_NAMES = frozenset({"overflow", "end"})
#: Every form of a move line, `(form, example, meaning)`, in the order the
#: error for an unknown line lists them; `referee rules vazhushal --moves` prints it.
MOVE_FORMS: tuple[tuple[str, str, str], ...] = (
    ("P draw stock CARD", "A draw stock 9D", "the stock draw and the card drawn"),
    ("P draw line K [CARDS]", "A draw line 2 7C 5H",
     "a take of the top K cards of the line; the cards, top first, are an optional cross-check (VZ-5.1)"),
    ("P meld CARDS", "A meld 5H JK=6H 7H", "a new meld from hand, in any order; JK=6H is a wild card standing for 6H"),
    ("P add N CARDS", "A add 1 8H", "lay cards off on P's own meld number N, numbered by creation (VZ-14.9)"),
    ("P add Q N CARDS", "A add B 2 8H", "lay cards off on Q's meld N: always a finding (VZ-3.7)"),
    ("P rearrange CARDS / CARDS ...", "A rearrange 5H 6H 7H 8H / 9C 9D 9S",
     "P's complete list of melds after rearranging; new cards come from hand"),
    ("P discard CARD", "A discard KS", "the discard; one that empties the hand is going out (VZ-12.33)"),
    ("P out CARD", "A out KS", "the face-down discard of going out"),
    ("P declare", "B declare", "a three-doubles declaration after the negative joker (always VZ-2.9)"),
    ("overflow CARD", "overflow 4C", "optional echo: the card a line overflow put under the stock (VZ-10.3)"),
    ("end stock|out", "end stock", "optional echo: how the game ended (a difference is VZ-9.7)"),
)
MAX_DEPTH_DIGITS = 4


@frozen(slots=True, kw_only=True)
class Move:
    """A Vazhushal move: a pure value (where it is written is the deal
    record's `DealRecord.position`)."""


@frozen(slots=True, kw_only=True)
class DrawStock(Move):
    player: int
    card: Card


@frozen(slots=True, kw_only=True)
class DrawLine(Move):
    player: int
    depth: int
    cards: tuple[Card, ...] | None = None  # the cross-check, top to bottom


@frozen(slots=True, kw_only=True)
class Meld(Move):
    player: int
    tokens: tuple[Token, ...]


@frozen(slots=True, kw_only=True)
class Add(Move):
    player: int
    owner: int | None  # None: the player's own meld
    number: int
    tokens: tuple[Token, ...]


@frozen(slots=True, kw_only=True)
class Rearrange(Move):
    player: int
    melds: tuple[tuple[Token, ...], ...]


@frozen(slots=True, kw_only=True)
class Discard(Move):
    player: int
    card: Card
    out: bool = False


@frozen(slots=True, kw_only=True)
class Declare(Move):
    player: int


@frozen(slots=True, kw_only=True)
class Overflow(Move):
    card: Card


@frozen(slots=True, kw_only=True)
class EndMark(Move):
    reason: str  # "stock" or "out"


Draw = DrawStock | DrawLine
MeldAction = Meld | Add | Rearrange


_CANONICAL: dict[str, Card] = {c.token: c for c in ALL_CARDS}  # the usual spelling, found without parsing
_CANONICAL[JOKER.token] = JOKER
_PLAIN: dict[str, Token] = {text: Token(c) for text, c in _CANONICAL.items()}  # frozen, so shared


def _token(text: str) -> Token:
    plain = _PLAIN.get(text)
    if plain is not None:
        return plain
    left, sep, right = text.partition("=")
    if not sep:
        return Token(move_card(text, jokers=True))
    return Token(move_card(left, jokers=True), move_card(right, jokers=True))


def _tokens(words: list[str], what: str) -> tuple[Token, ...]:
    if not words:
        raise MoveSyntaxError(f"{what} lists no cards")
    plain = _PLAIN
    return tuple(plain.get(w) or _token(w) for w in words)


def _number(token: str, what: str) -> int:
    if not token.isdigit() or len(token) > MAX_DEPTH_DIGITS:
        raise MoveSyntaxError(f"'{shown(token)}': {what} is a whole number")
    return int(token)


#: The words of the move language (a misspelt one is corrected in messages).
MOVE_WORDS = ("draw", "stock", "line", "meld", "add", "rearrange", "discard", "out", "declare", "overflow", "end")
_FORMS = ", ".join(form for form, _, _ in MOVE_FORMS)


def parse_move(text: str, *, seats: Mapping[str, int]) -> Move:
    """One typed move; raises MoveSyntaxError naming what is wrong. The
    verbs are tried in the order of how often they occur."""
    words = text.split()
    count = len(words)
    if count == 2 and words[0] == "overflow":
        return Overflow(card=move_card(words[1], jokers=True))
    if count == 2 and words[0] == "end":
        if words[1] not in ("stock", "out"):
            raise MoveSyntaxError(f"'end {shown(words[1])}': a game ends by 'stock' or 'out'")
        return EndMark(reason=words[1])
    if count < 2:
        raise MoveSyntaxError(f"'{shown(text)}' is not a move ({_FORMS})")
    player = move_seat(words[0], seats)
    verb = words[1]
    if verb == "discard" or verb == "out":
        if count == 3:
            return Discard(player=player, card=_CANONICAL.get(words[2]) or move_card(words[2], jokers=True),
                           out=verb == "out")
    elif verb == "draw":
        if count == 4 and words[2] == "stock":
            return DrawStock(player=player, card=_CANONICAL.get(words[3]) or move_card(words[3], jokers=True))
        if count >= 4 and words[2] == "line":
            depth = _number(words[3], "a take's depth")
            cards = tuple(_CANONICAL.get(w) or move_card(w, jokers=True) for w in words[4:]) or None
            return DrawLine(player=player, depth=depth, cards=cards)
    elif verb == "meld":
        return Meld(player=player, tokens=_tokens(words[2:], "a meld"))
    elif verb == "add":
        args = words[2:]
        if count >= 4 and args[0].isdigit() and args[0] not in seats:
            return Add(player=player, owner=None, number=_number(args[0], "a meld number"),
                       tokens=_tokens(args[1:], "an add"))
        if count >= 5 and args[1].isdigit():
            owner = move_seat(args[0], seats)
            return Add(player=player, owner=None if owner == player else owner,
                       number=_number(args[1], "a meld number"), tokens=_tokens(args[2:], "an add"))
    elif verb == "rearrange":
        if count > 2:
            rest = text.split(None, 2)[2]
            parts = [part.split() for part in rest.split("/")]
            if any(not part for part in parts):
                raise MoveSyntaxError("a rearrangement lists melds separated by '/', each with its cards")
            return Rearrange(player=player, melds=tuple(_tokens(part, "a meld") for part in parts))
    elif verb == "declare":
        if count == 2:
            return Declare(player=player)
    raise not_a_move(text, game="Vazhushal", forms=_FORMS, words=MOVE_WORDS, seats=seats)


def MoveReader(seats: Mapping[str, int]) -> movetext.MoveReader[Move]:
    """Move lines parsed once per seating (movetext.MoveReader over `parse_move`)."""
    return movetext.MoveReader(seats, parse=parse_move)


def token_text(token: Token) -> str:
    if token.declared is None:
        return token.card.token
    return f"{token.card.token}={token.declared.token}"


def _cards_text(tokens: tuple[Token, ...]) -> str:
    return " ".join(token_text(t) for t in tokens)


def write_move(move: Move, players: tuple[str, ...]) -> str:
    """The move line for a typed move (the inverse of parse_move)."""
    match move:
        case DrawStock(player=p, card=c):
            return f"{players[p]} draw stock {c}"
        case DrawLine(player=p, depth=k, cards=cards):
            listed = (" " + format_cards(cards)) if cards else ""
            return f"{players[p]} draw line {k}{listed}"
        case Meld(player=p, tokens=tokens):
            return f"{players[p]} meld {_cards_text(tokens)}"
        case Add(player=p, owner=owner, number=number, tokens=tokens):
            whose = f"{players[owner]} " if owner is not None else ""
            return f"{players[p]} add {whose}{number} {_cards_text(tokens)}"
        case Rearrange(player=p, melds=melds):
            return f"{players[p]} rearrange " + " / ".join(_cards_text(m) for m in melds)
        case Discard(player=p, card=c, out=out):
            return f"{players[p]} {'out' if out else 'discard'} {c}"
        case Declare(player=p):
            return f"{players[p]} declare"
        case Overflow(card=c):
            return f"overflow {c}"
        case EndMark(reason=reason):
            return f"end {reason}"
    raise TypeError(move)
