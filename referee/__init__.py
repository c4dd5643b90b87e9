"""referee: replays card-game transcripts through a ruleset and rules on them.

Library use (plain data in, plain data out)::

    import referee
    report = referee.check_text(yaml_text, name="game.yaml")
    report["status"], report["findings"], report["settlement"]

`check_path(path)` does the same for a file. The returned dict has the
shape of `schemas/report.schema.json`.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["__version__", "check_text", "check_path"]


def check_text(text: str, *, name: str = "<string>") -> dict[str, Any]:
    """Referee a transcript given as text; returns the report as plain data."""
    from .check import check_text as _check_text

    return _check_text(text, name=name).to_data()


def check_path(path: str, *, max_bytes: int | None = None) -> dict[str, Any]:
    """Referee a transcript file; returns the report as plain data."""
    from .check import check_file
    from .source import DEFAULT_MAX_BYTES

    return check_file(str(path), max_bytes=max_bytes or DEFAULT_MAX_BYTES).to_data()
