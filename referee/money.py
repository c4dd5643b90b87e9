"""Exact money: amounts are `Fraction`s, parsed from short ASCII text only.

No float ever touches an amount. Text like `1e100000000` or `.inf` is
refused by a length-capped pattern before any conversion.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterable, Mapping, Sequence, TypeVar

__all__ = [
    "parse_amount", "AmountError", "format_fraction", "format_decimal",
    "split_exact", "split_units", "assert_zero_sum", "AMOUNT_FORM",
]

#: How an amount is written, for messages about one that is not.
AMOUNT_FORM = "an amount is written like 10, 2.50, -1 or 3/2"

K = TypeVar("K")

_AMOUNT = re.compile(r"^([+-]?)(\d{1,12})(?:\.(\d{1,6}))?$|^([+-]?)(\d{1,12})/(\d{1,12})$")


class AmountError(ValueError):
    """Text that is not an exact amount (`1.50`, `-2`, `3/2`)."""


def parse_amount(text: str) -> Fraction:
    """`12`, `-0.50`, `+3/2` to a Fraction; anything else raises AmountError."""
    if not isinstance(text, str) or len(text) > 28:
        raise AmountError(text)
    match = _AMOUNT.match(text.strip())
    if match is None:
        raise AmountError(text)
    if match.group(2) is not None:
        sign, whole, decimals = match.group(1), match.group(2), match.group(3) or ""
        value = Fraction(int(whole + decimals), 10 ** len(decimals))
    else:
        sign, num, den = match.group(4), int(match.group(5)), int(match.group(6))
        if den == 0:
            raise AmountError(text)
        value = Fraction(num, den)
    return -value if sign == "-" else value


def format_fraction(value: Fraction, *, signed: bool = False) -> str:
    """`3/2`, `-1`, `+1/2` (with `signed`)."""
    text = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return f"+{text}" if signed and value > 0 else text


def format_decimal(value: Fraction, *, places: int = 2, signed: bool = False) -> str:
    """A decimal string when exact with at least `places` digits (`1.50`);
    otherwise the exact fraction (`1/3`)."""
    scaled = value * 10**places
    digits = places
    while scaled.denominator != 1 and digits < places + 6:
        scaled *= 10
        digits += 1
    if scaled.denominator != 1:
        return format_fraction(value, signed=signed)
    units = scaled.numerator
    sign = "-" if units < 0 else ("+" if signed and units > 0 else "")
    units = abs(units)
    whole, frac = divmod(units, 10**digits)
    return f"{sign}{whole}.{frac:0{digits}d}" if digits else f"{sign}{whole}"


def split_exact(amount: Fraction, takers: Sequence[K]) -> dict[K, Fraction]:
    """Equal exact shares of `amount` for each taker."""
    if not takers:
        raise ValueError("nobody to split among")
    share = amount / len(takers)
    return {taker: share for taker in takers}


def split_units(amount: Fraction, takers: Sequence[K], *, unit: Fraction) -> dict[K, Fraction]:
    """Equal shares in whole `unit`s; the odd units go one each to the first
    takers in the order given (the caller orders them, e.g. from the dealer's
    left). `amount` must be a whole number of units."""
    if not takers:
        raise ValueError("nobody to split among")
    units = amount / unit
    if units.denominator != 1:
        raise ValueError(f"{amount} is not a whole number of {unit}")
    base, odd = divmod(units.numerator, len(takers))
    return {taker: (base + (1 if i < odd else 0)) * unit for i, taker in enumerate(takers)}


def assert_zero_sum(table: Mapping[K, Fraction] | Iterable[Fraction]) -> None:
    """Every payout table sums to zero; a non-zero sum is a bug, not bad input."""
    values = table.values() if isinstance(table, dict) or hasattr(table, "values") else table
    total = sum(values, Fraction(0))
    assert total == 0, f"payout table sums to {total}, not zero"
