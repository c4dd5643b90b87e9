"""`@frozen` and docstrings: a class without one keeps an empty one, and building it does not ask
`inspect` for its signature (dataclasses does for an empty docstring; the first time costs the
tokenizer's patterns, a tenth of a one-file check's start-up)."""

from __future__ import annotations

import inspect
import sys

import pytest

from referee.frozen import frozen


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="@frozen is dataclass itself there")
def test_an_undocumented_class_keeps_an_empty_docstring_without_a_signature(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("inspect.signature called")

    monkeypatch.setattr(inspect, "signature", refuse)

    @frozen(slots=True, kw_only=True)
    class Bare:
        a: int
        b: str = ""

    @frozen
    class Documented:
        """Said."""

        a: int

    assert Bare.__doc__ == "" and Documented.__doc__ == "Said."
    assert Bare(a=1) == Bare(a=1, b="") and repr(Documented(2)).endswith(".Documented(a=2)")
