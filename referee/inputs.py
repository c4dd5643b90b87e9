"""Turning the FILE arguments of `referee check` into the files to check:
`-` is standard input, a directory means every transcript under it, a quoted
glob is expanded; the order is stable (as given, directories sorted)."""

from __future__ import annotations

import glob
import os

__all__ = ["expand_inputs", "TRANSCRIPT_SUFFIXES"]

TRANSCRIPT_SUFFIXES = (".yaml", ".yml")


def _under(directory: str) -> list[str]:
    found = []
    for root, dirs, files in os.walk(directory):
        dirs.sort()
        found.extend(os.path.join(root, f) for f in sorted(files) if f.endswith(TRANSCRIPT_SUFFIXES))
    return found


def expand_inputs(arguments: list[str]) -> list[str]:
    """Paths to check, in order; a name that matches nothing is kept so that
    its report says so."""
    paths: list[str] = []
    for argument in arguments:
        if argument != "-" and os.path.isdir(argument):
            paths.extend(_under(argument) or [argument])  # an empty directory reports itself
        elif argument != "-" and not os.path.exists(argument) and glob.has_magic(argument):
            matches = sorted(glob.glob(argument, recursive=True))
            for match in matches:
                paths.extend(_under(match) if os.path.isdir(match) else [match])
            if not matches:
                paths.append(argument)
        else:
            paths.append(argument)
    return paths
