"""Where the data that ships with the package lives (rulesets, schemas).

Installed, they are inside the package (`referee/_data/`); in a source
checkout, beside it. Either way the referee finds them from any directory.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["data_dir"]

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The directory `rulesets` or `schemas`."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise RuntimeError(f"referee is installed without its {name!r} data")
