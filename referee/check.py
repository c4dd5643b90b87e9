"""The check pipeline: bytes -> text -> document -> schema -> typed header
-> the game's referee -> report. Input problems become an unusable report;
nothing here prints or exits."""

from __future__ import annotations

import gc

from .config import Choices
from .errors import InputError
from .games import get_game
from .games.base import Header
from .report import Report
from .schemas import validate
from .source import DEFAULT_MAX_BYTES, DEFAULT_STALL_SECONDS, Source, read_source
from .transcript import name_the_game, read_header
from .yamldoc import Document, load_document

__all__ = ["check_source", "check_file", "check_text", "referee_source"]


def referee_source(source: Source, *, in_progress: bool = False,
                   choices: Choices | None = None) -> tuple[Report, Document | None, Header | None]:
    """The report on one transcript, with the document and header it was
    read into (None when the input is unusable). `in_progress`: judge the
    game as in progress whatever the transcript says (`check --in-progress`).
    `choices`: a configuration file's ruleset defaults and `-o` overrides.

    The cyclic garbage collector is off while the check runs, then as it
    was. A check keeps what it builds (the document, its positions, the
    typed moves) until it ends and leaves no reference cycles (tested), so a
    collection during it frees nothing; but as those objects pile up in a
    long transcript, collections come often and walk them all (a third of
    the time of a 100,000-move check). The switch is process-wide: other
    threads' garbage waits too, and a thread that starts a check while
    another's runs leaves it to that one to switch the collector back on."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        document = load_document(source.text, name=source.name)
        name_the_game(document)
        validate(document, "transcript.schema.json")
        header = read_header(document, in_progress=in_progress, choices=choices)
        verdict = get_game(header.game).referee(document, header)
    except InputError as exc:
        return Report.unusable(source.name, exc), None, None
    finally:
        if was_enabled:
            gc.enable()
    return Report.of(source.name, header, verdict), document, header


def check_source(source: Source, *, in_progress: bool = False, choices: Choices | None = None) -> Report:
    """Referee one transcript already read into text."""
    return referee_source(source, in_progress=in_progress, choices=choices)[0]


def check_text(text: str, *, name: str = "<string>", in_progress: bool = False) -> Report:
    return check_source(Source(name, text), in_progress=in_progress)


def check_file(path: str, *, max_bytes: int = DEFAULT_MAX_BYTES,
               stall_seconds: float = DEFAULT_STALL_SECONDS, in_progress: bool = False,
               choices: Choices | None = None) -> Report:
    """Read and referee one file (`-` for standard input)."""
    try:
        source = read_source(path, max_bytes=max_bytes, stall_seconds=stall_seconds)
    except InputError as exc:
        return Report.unusable(path, exc)
    return check_source(source, in_progress=in_progress, choices=choices)
