"""Amounts as the report shows them: GFF-10.10 in text (`+2.50`, `-8/3`) and
exact decimal strings in JSON (`money.format_decimal`: `2.50`, `1/3`).

A session repeats a handful of amounts (multiples of the stake) hundreds of
times, so each text is worked out once per value and remembered, keyed by
numerator and denominator (cheaper to hash than a `Fraction`).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...money import format_decimal, format_fraction

__all__ = ["show", "exact"]


@lru_cache(maxsize=4096)
def _shown(numerator: int, denominator: int, signed: bool) -> str:
    value = Fraction(numerator, denominator)
    if (value * 100).denominator == 1:
        return format_decimal(value, signed=signed)
    return format_fraction(value, signed=signed)


@lru_cache(maxsize=4096)
def _exact(numerator: int, denominator: int, signed: bool) -> str:
    return format_decimal(Fraction(numerator, denominator), signed=signed)


def show(value: Fraction, *, signed: bool = True) -> str:
    """Whole cents with two decimals and a sign, anything else a reduced fraction."""
    return _shown(value.numerator, value.denominator, signed)


def exact(value: Fraction, *, signed: bool = False) -> str:
    """An exact decimal string (a fraction when no finite decimal is exact); with
    `signed`, a gain carries a plus sign."""
    return _exact(value.numerator, value.denominator, signed)
