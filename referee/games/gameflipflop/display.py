"""Amounts as the report shows them: GFF-10.10 in text (`+2.50`, `-8/3`) and
exact decimal strings in JSON (`money.format_decimal`: `2.50`, `1/3`)."""

from __future__ import annotations

from fractions import Fraction

from ...money import format_decimal, format_fraction

__all__ = ["show", "exact"]


def show(value: Fraction, *, signed: bool = True) -> str:
    """Whole cents with two decimals and a sign, anything else a reduced fraction."""
    if (value * 100).denominator == 1:
        return format_decimal(value, signed=signed)
    return format_fraction(value, signed=signed)


def exact(value: Fraction) -> str:
    """An exact decimal string (a fraction when no finite decimal is exact)."""
    return format_decimal(value)
