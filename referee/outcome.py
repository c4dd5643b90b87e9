"""What a settlement holds, as values: money, tallies, rankings, pots,
payouts, notes, and the standing the ledger reads (PokerKit's habit: pots
are a type, checked on construction).

A game's settle step builds these; the renderers here write them as text
(`Tally.text`, `payout_line`, ...) and as plain JSON data (`.data()`), so
every game writes a tally, an amount or a payout table the same way. What
they cannot do: a game's own sentence around them (`deal 1: points ...`)
stays with the game, and a `Note` is prose the referee does not read back.

`Money` is exact and cheap: an integer number of units over a denominator
(`Money(250, 100)` is 2.50). Amounts over the same denominator add and
compare as plain integers, with no `gcd` per step (what `Fraction` pays);
mixed denominators meet at their least common multiple, and a split that
does not divide gives a finer denominator, so no amount is ever rounded.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd
from typing import Any, Iterable, Mapping, Sequence

from .frozen import frozen
from .money import format_decimal, format_fraction

__all__ = ["Money", "ZERO", "exact_sum", "fraction_of", "Tally", "Ranking", "Pot", "Payout", "Payouts", "Note", "Standing",
           "money_table", "assert_balanced", "payout_line", "tally_text", "settlement_data"]


class Money:
    """An exact amount: `units / den` (den > 0; not reduced until shown or hashed)."""

    __slots__ = ("units", "den")
    units: int
    den: int

    def __init__(self, units: int = 0, den: int = 1) -> None:
        assert den > 0, "a money denominator is positive"
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "den", den)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Money is immutable")

    @classmethod
    def of(cls, value: Money | Fraction | int) -> Money:
        """The same amount as a `Money` (a `Fraction` keeps its denominator)."""
        if isinstance(value, Money):
            return value
        if isinstance(value, int):
            return cls(value, 1)
        return cls(value.numerator, value.denominator)

    # -- arithmetic: same denominator, plain integers -------------------------------------------------------

    def _meet(self, other: Money) -> tuple[int, int, int]:
        if self.den == other.den:
            return self.units, other.units, self.den
        den = self.den * other.den // gcd(self.den, other.den)
        return self.units * (den // self.den), other.units * (den // other.den), den

    def __add__(self, other: Money) -> Money:
        if self.den == other.den:
            return Money(self.units + other.units, self.den)
        a, b, den = self._meet(other)
        return Money(a + b, den)

    def __sub__(self, other: Money) -> Money:
        if self.den == other.den:
            return Money(self.units - other.units, self.den)
        a, b, den = self._meet(other)
        return Money(a - b, den)

    def __neg__(self) -> Money:
        return Money(-self.units, self.den)

    def __mul__(self, times: int) -> Money:
        return Money(self.units * times, self.den)

    __rmul__ = __mul__

    def split(self, parts: int) -> Money:
        """One of `parts` equal exact shares."""
        assert parts > 0, "a split has takers"
        if self.units % parts == 0:
            return Money(self.units // parts, self.den)
        return Money(self.units, self.den * parts)

    def __bool__(self) -> bool:
        return self.units != 0

    @property
    def sign(self) -> int:
        return (self.units > 0) - (self.units < 0)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Money):
            return self.units * other.den == other.units * self.den
        if isinstance(other, (int, Fraction)):
            return self.fraction == other
        return NotImplemented

    def __lt__(self, other: Money) -> bool:
        return self.units * other.den < other.units * self.den

    def __le__(self, other: Money) -> bool:
        return self.units * other.den <= other.units * self.den

    def __gt__(self, other: Money) -> bool:
        return self.units * other.den > other.units * self.den

    def __ge__(self, other: Money) -> bool:
        return self.units * other.den >= other.units * self.den

    def __hash__(self) -> int:
        return hash(self.fraction)

    def __repr__(self) -> str:
        return f"Money({self.ratio()})"

    def __reduce__(self) -> tuple[Any, tuple[int, int]]:
        return Money, (self.units, self.den)

    # -- values and text ------------------------------------------------------------------------------------

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.units, self.den)

    def ratio(self, *, signed: bool = False) -> str:
        """`3/2`, `-1`, `+11/2` (with `signed`): the reduced fraction."""
        return format_fraction(self.fraction, signed=signed)

    def decimal(self, *, places: int = 2, signed: bool = False) -> str:
        """`2.50`, `-0.125`: a decimal with at least `places` digits when one is exact, else `1/3`."""
        return format_decimal(self.fraction, places=places, signed=signed)

    def cents(self, *, signed: bool = False) -> str:
        """`+2.50` for whole cents (two decimals), any other amount as a reduced fraction."""
        value = self.fraction
        if (value * 100).denominator == 1:
            return format_decimal(value, signed=signed)
        return format_fraction(value, signed=signed)


ZERO = Money(0, 1)


def exact_sum(values: Iterable[Fraction], start: Fraction = Fraction(0), *,
              less: Iterable[Fraction] = ()) -> Fraction:
    """`start + sum(values) - sum(less)`, exact, summed as integers over a common denominator: one
    `Fraction` made at the end instead of one (and a gcd) per step, as `sum` of `Fraction`s costs."""
    total, den = start.numerator, start.denominator
    for sign, items in ((1, values), (-1, less)):
        for value in items:
            d = value.denominator
            if d == den:
                total += sign * value.numerator
            else:
                common = den // gcd(den, d) * d
                total = total * (common // den) + sign * value.numerator * (common // d)
                den = common
    return fraction_of(total, den)


def fraction_of(units: int, den: int) -> Fraction:
    """`Fraction(units, den)`, made once per pair and kept: a session repeats a handful of amounts
    (multiples of its stake) hundreds of times, and a Fraction is immutable."""
    made = _MADE.get((units, den))
    if made is None:
        if len(_MADE) >= 4096:
            _MADE.clear()
        made = _MADE[units, den] = Fraction(units, den)
    return made


#: The Fractions `fraction_of` made, by numerator and denominator before reducing.
_MADE: dict[tuple[int, int], Fraction] = {}


def _total(amounts: Iterable[Money]) -> Money:
    total = ZERO
    for amount in amounts:
        total = total + amount
    return total


def assert_balanced(amounts: Iterable[Money]) -> None:
    """Every payout table sums to zero; a non-zero sum is a bug, not bad input."""
    total = _total(amounts)
    assert not total, f"payout table sums to {total.ratio()}, not zero"


def money_table(values: Mapping[str, Money], *, form: str = "decimal", signed: bool = False) -> dict[str, str]:
    """Amounts per player as exact strings (`form`: `decimal`, `ratio` or `cents`)."""
    return {name: getattr(amount, form)(signed=signed) for name, amount in values.items()}


# -- tallies and rankings ---------------------------------------------------------------------------------------


def tally_text(values: Iterable[tuple[str, object]]) -> str:
    """`A 1, B 2`: names with their numbers, in order."""
    return ", ".join(f"{name} {value}" for name, value in values)


@frozen(slots=True)
class Tally:
    """A number per player (points, counts, scores, wins), in seat order."""

    values: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, values: Mapping[str, int]) -> Tally:
        return cls(tuple(values.items()))

    def text(self, *, skip_zero: bool = False) -> str:
        return tally_text((n, v) for n, v in self.values if v or not skip_zero)

    def data(self) -> dict[str, int]:
        return dict(self.values)

    def get(self, name: str, default: int = 0) -> int:
        return next((v for n, v in self.values if n == name), default)

    def __add__(self, other: Tally) -> Tally:
        """Two tallies added name by name (in this one's order, then the other's new names)."""
        total = dict(self.values)
        for name, value in other.values:
            total[name] = total.get(name, 0) + value
        return Tally(tuple(total.items()))


@frozen(slots=True)
class Ranking:
    """A finishing order, or who won and who lost (`order` may be empty)."""

    order: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()

    @staticmethod
    def names(names: Sequence[str]) -> str:
        return ", ".join(names) if names else "none"

    def text(self) -> str:
        return self.names(self.order)


# -- pots and payouts -------------------------------------------------------------------------------------------


@frozen(slots=True)
class Pot:
    """A pot: its name, what is in it and who took which share (shares add up to the amount, or are empty:
    nobody took it)."""

    name: str
    amount: Money
    shares: tuple[tuple[str, Money], ...] = ()

    def __post_init__(self) -> None:
        if self.amount.sign < 0:
            raise ValueError(f"{self.name} pot with a negative amount")
        if self.shares and _total(s for _, s in self.shares) != self.amount:
            raise ValueError(f"{self.name} pot shares do not add up to the pot")


@frozen(slots=True)
class Payout:
    """What one player paid in, and received."""

    player: str
    paid: Money
    received: Money

    @property
    def net(self) -> Money:
        return self.received - self.paid


@frozen(slots=True)
class Payouts:
    """Who paid and who received a pot; the nets sum to zero (checked on construction)."""

    pot: Pot
    rows: tuple[Payout, ...]

    def __post_init__(self) -> None:
        if _total(r.paid for r in self.rows) != self.pot.amount:
            raise ValueError("what was paid in is not the pot")
        assert_balanced(r.net for r in self.rows)

    def net(self) -> dict[str, Money]:
        return {r.player: r.net for r in self.rows}

    def data(self, *, form: str = "ratio") -> dict[str, dict[str, str]]:
        def text(amount: Money, signed: bool = False) -> str:
            return getattr(amount, form)(signed=signed)
        return {r.player: {"paid": text(r.paid), "received": text(r.received), "net": text(r.net, True)}
                for r in self.rows}


def payout_line(payouts: Payouts, *, form: str = "ratio") -> str:
    """`pot 7: Asha paid 3/2, received 0, net -3/2; ...`."""
    def text(amount: Money, signed: bool = False) -> str:
        return str(getattr(amount, form)(signed=signed))
    return f"{payouts.pot.name} {text(payouts.pot.amount)}: " + "; ".join(
        f"{r.player} paid {text(r.paid)}, received {text(r.received)}, net {text(r.net, True)}"
        for r in payouts.rows)


@frozen(slots=True)
class Note:
    """Plain prose a settlement states (no stakes, a next dealer): shown, never read back."""

    text: str


# -- the standing ---------------------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class Standing:
    """A settled game's result in the same form for every game: what the ledger counts.

    `dealt`: deals each player was dealt in; `points`: the game's points per
    player (None: the game keeps none); `money`: net money per player, summing
    to zero (None: no money moved); `winners` and `losers` as the game's own
    result names them (a player in both, everyone tied, is neither);
    `on_table`: money won by nobody and left on the table at the end (the
    nets and it sum to zero)."""

    dealt: Tally
    points: Tally | None = None
    money: Mapping[str, Money] | None = None
    winners: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()
    on_table: Money = ZERO

    def __post_init__(self) -> None:
        if self.money is not None:
            assert_balanced((*self.money.values(), self.on_table))

    def data(self) -> dict[str, Any]:
        """As plain data (`settlement.outcome` in the report): money as exact decimal strings."""
        data: dict[str, Any] = {"dealt": self.dealt.data()}
        if self.points is not None:
            data["points"] = self.points.data()
        if self.money is not None:
            data["money"] = money_table(self.money)
            if self.on_table:
                data["on_table"] = self.on_table.decimal()
        data["winners"] = list(self.winners)
        data["losers"] = list(self.losers)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Standing:
        """Read back from a report's plain data (amounts through `money.parse_amount`)."""
        from .money import parse_amount

        money = data.get("money")
        return cls(dealt=Tally.of(data.get("dealt") or {}),
                   points=Tally.of(data["points"]) if data.get("points") is not None else None,
                   money={p: Money.of(parse_amount(v)) for p, v in money.items()} if money is not None else None,
                   winners=tuple(data.get("winners") or ()), losers=tuple(data.get("losers") or ()),
                   on_table=Money.of(parse_amount(data["on_table"])) if data.get("on_table") else ZERO)


def settlement_data(settlement: Mapping[str, Any], standing: Standing | None) -> dict[str, Any]:
    """A report's `settlement` block: the game's own data with `outcome` written from `standing` (the core
    writes it; no game does), after the game's keys and before an in-progress tail (`in_progress` and what
    follows it)."""
    if standing is None:
        return dict(settlement)
    if "in_progress" not in settlement:
        data = dict(settlement)
        data["outcome"] = standing.data()
        return data
    data = {}
    for key, value in settlement.items():
        if key == "in_progress":
            data["outcome"] = standing.data()
        data[key] = value
    return data
