"""Turning the FILE arguments of `referee check` into the files to check:
`-` is standard input, a directory means every transcript under it, a quoted
glob is expanded; the order is stable (as given, directories sorted).

Every file is accounted for: a directory that cannot be listed (on the
command line or anywhere under it) is not skipped but becomes an `Unlisted`
entry, which the check reports as unusable. A glob's own matching cannot
say which directories it could not read (`glob` skips them silently); a
directory it matches is walked like any other."""

from __future__ import annotations

import glob
import os

from .frozen import frozen

__all__ = ["expand_inputs", "Unlisted", "TRANSCRIPT_SUFFIXES"]

TRANSCRIPT_SUFFIXES = (".yaml", ".yml")


@frozen(slots=True)
class Unlisted:
    """A directory whose transcripts cannot be known, and why (`strerror`)."""

    path: str
    reason: str

    @property
    def message(self) -> str:
        return f"cannot read this directory: {self.reason.lower()}"


def _under(directory: str) -> list[str | Unlisted]:
    found: list[str | Unlisted] = []
    unlisted: list[OSError] = []
    for root, dirs, files in os.walk(directory, onerror=unlisted.append):
        # os.walk reports a directory it cannot list before it would have
        # yielded it, so each one is placed where its files would have been
        while unlisted:
            _place(found, unlisted.pop(0), directory)
        dirs.sort()
        found.extend(os.path.join(root, f) for f in sorted(files) if f.endswith(TRANSCRIPT_SUFFIXES))
    for error in unlisted:
        _place(found, error, directory)
    return found


def _place(found: list[str | Unlisted], error: OSError, directory: str) -> None:
    path = error.filename if isinstance(error.filename, str) else directory
    found.append(Unlisted(path, error.strerror or type(error).__name__))


def expand_inputs(arguments: list[str]) -> list[str | Unlisted]:
    """Paths to check, in order; a name that matches nothing is kept so that
    its report says so."""
    paths: list[str | Unlisted] = []
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
