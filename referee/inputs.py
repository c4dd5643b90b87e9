"""Turning the FILE arguments of `referee check` into the files to check:
`-` is standard input, a directory means every transcript under it, a quoted
glob is expanded; the order is stable (as given, each directory's files in
sorted order, then its subdirectories in sorted order).

What a walk skips, as ruff and flake8 do: a file or directory whose name
starts with a dot (`.git`, `.venv`, `.pre-commit-config.yaml`), and any
path an `exclude` glob matches (`fnmatch`, case-sensitive, `*` crossing
`/`), tried against the path relative to the walked root and against the
base name. A path named on the command line is never skipped for either
reason: `referee check .venv/game.yaml` checks it. A glob's matches are
treated as found, not named (`glob` itself skips dot names).

Symbolic links are followed only inside the walked root: a link whose
target lies outside it is skipped without a note (name the target to check
it). Each real directory is walked once, where it is first reached, so a
link back up the tree (a loop) or a second link to one directory adds
nothing.

Every file is otherwise accounted for: a directory that cannot be listed
(on the command line or anywhere under it) is not skipped but becomes an
`Unlisted` entry, which the check reports as unusable. A glob's own matching
cannot say which directories it could not read (`glob` skips them
silently); a directory it matches is walked like any other."""

from __future__ import annotations

import glob
import os
from fnmatch import fnmatchcase
from typing import Iterable

from .frozen import frozen

__all__ = ["expand_inputs", "Unlisted", "TRANSCRIPT_SUFFIXES", "excluded"]

TRANSCRIPT_SUFFIXES = (".yaml", ".yml")


@frozen(slots=True)
class Unlisted:
    """A directory whose transcripts cannot be known, and why (`strerror`)."""

    path: str
    reason: str

    @property
    def message(self) -> str:
        return f"cannot read this directory: {self.reason.lower()}"


def excluded(relative: str, name: str, patterns: Iterable[str]) -> bool:
    """Whether a pattern matches a found path: its path relative to the
    walked root (`/`-separated) or its base name."""
    return any(fnmatchcase(relative, p) or fnmatchcase(name, p) for p in patterns)


def _inside(real: str, root: str) -> bool:
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def _under(directory: str, exclude: tuple[str, ...] = ()) -> list[str | Unlisted]:
    found: list[str | Unlisted] = []
    root_real = os.path.realpath(directory)
    try:
        top = os.stat(directory)
        seen = {(top.st_dev, top.st_ino)}
    except OSError:
        seen = set()
    pending: list[tuple[str, str]] = [(directory, "")]  # (path, path relative to the root), last walked first
    while pending:
        path, relative = pending.pop()
        try:
            with os.scandir(path) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as error:
            # placed where the directory's files would have been
            found.append(Unlisted(path, error.strerror or type(error).__name__))
            continue
        subdirectories: list[tuple[str, str]] = []
        for entry in entries:
            inner = f"{relative}/{entry.name}" if relative else entry.name
            if entry.name.startswith(".") or excluded(inner, entry.name, exclude):
                continue
            if entry.is_symlink() and not _inside(os.path.realpath(entry.path), root_real):
                continue
            try:
                is_directory = entry.is_dir()
            except OSError:
                is_directory = False
            if is_directory:
                try:
                    status = entry.stat()
                    identity = (status.st_dev, status.st_ino)
                except OSError:
                    identity = None
                if identity is not None:
                    if identity in seen:
                        continue
                    seen.add(identity)
                subdirectories.append((entry.path, inner))
            elif entry.name.endswith(TRANSCRIPT_SUFFIXES):
                found.append(entry.path)
        pending.extend(reversed(subdirectories))
    return found


def expand_inputs(arguments: list[str], *, exclude: Iterable[str] = ()) -> list[str | Unlisted]:
    """Paths to check, in order; a name that matches nothing is kept so that
    its report says so. `exclude`: globs skipping what a walk or a glob finds."""
    patterns = tuple(exclude)
    paths: list[str | Unlisted] = []
    for argument in arguments:
        if argument != "-" and os.path.isdir(argument):
            paths.extend(_under(argument, patterns) or [argument])  # an empty directory reports itself
        elif argument != "-" and not os.path.exists(argument) and glob.has_magic(argument):
            matches = [m for m in sorted(glob.glob(argument, recursive=True))
                       if not excluded(m.replace(os.sep, "/"), os.path.basename(m), patterns)]
            for match in matches:
                paths.extend(_under(match, patterns) if os.path.isdir(match) else [match])
            if not matches:
                paths.append(argument)
        else:
            paths.append(argument)
    return paths
