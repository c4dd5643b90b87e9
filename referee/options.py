"""From a resolved ruleset's values to a game's frozen options dataclass.

Each field is converted by its default's type: an enum by its value, a
bool from the catalogue's yes/no-style words, anything else (int, Fraction,
tuple) as `rulesets.resolve` already typed it. A game passes converters for
fields that need more (a number that may also be a word, say).
"""

from __future__ import annotations

import enum
from dataclasses import MISSING, fields
from typing import TYPE_CHECKING, Any, Callable, Mapping, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["typed_options", "TRUTHS"]

T = TypeVar("T", bound="DataclassInstance")

#: The words the catalogues use for on/off options.
TRUTHS: Mapping[str, bool] = {"yes": True, "no": False, "on": True, "off": False,
                              "allowed": True, "forbidden": False}


def typed_options(cls: type[T], values: Mapping[str, object], *,
                  converters: Mapping[str, Callable[[object], Any]] | None = None) -> T:
    """An instance of the options dataclass `cls` from typed ruleset values."""
    converters = converters or {}
    kwargs: dict[str, Any] = {}
    for spec in fields(cls):
        raw = values[spec.name]
        default = spec.default if spec.default is not MISSING else None
        if spec.name in converters:
            kwargs[spec.name] = converters[spec.name](raw)
        elif isinstance(default, enum.Enum):
            kwargs[spec.name] = type(default)(raw)
        elif isinstance(default, bool):
            kwargs[spec.name] = TRUTHS[str(raw)]
        else:
            kwargs[spec.name] = raw
    return cls(**kwargs)
