"""Where the data that ships with the package lives (rulesets, schemas,
the rule books docs/rules).

Installed, they are inside the package (`referee/_data/`); in a source
checkout, beside it. Either way the referee finds them from any directory.
Paths are plain strings (os.path): pathlib is not worth its import time on
the way to a one-file check.
"""

from __future__ import annotations

import os
from functools import cache

__all__ = ["data_dir", "data_file", "data_names"]

_PACKAGE = os.path.dirname(os.path.realpath(__file__))


@cache
def data_dir(name: str) -> str:
    """The directory `rulesets`, `schemas` or `docs` (whose `rules` folder
    alone ships in a wheel)."""
    for candidate in (os.path.join(_PACKAGE, "_data", name), os.path.join(os.path.dirname(_PACKAGE), name)):
        if os.path.isdir(candidate):
            return candidate
    raise RuntimeError(f"referee is installed without its {name!r} data")


def data_file(name: str, *parts: str) -> str:
    """A path inside `data_dir(name)` (which may not exist)."""
    return os.path.join(data_dir(name), *parts)


def data_names(name: str, *parts: str, suffix: str) -> list[str]:
    """The sorted names, `suffix` removed, of the files ending in `suffix` in
    a folder of `data_dir(name)`."""
    folder = data_file(name, *parts)
    return sorted(entry.name[: -len(suffix)] for entry in os.scandir(folder)
                  if entry.name.endswith(suffix) and entry.is_file())
