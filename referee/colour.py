"""Colour for a terminal: rule IDs, verdicts, and red suits. Used only when
standard output is a terminal and NO_COLOR is not set (https://no-color.org)."""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO

from .games import REGISTRY

__all__ = ["wanted", "paint"]

_RULE = re.compile(rf"(?<![\w-])({REGISTRY.rule_id_pattern()})")
_RED_CARD = re.compile(r"\b(10|[2-9JQKA])([HD])\b")
_VERDICT = re.compile(r": (legal|illegal|unusable)(?= \(|$)", re.M)
_NOTE = re.compile(r": note: ")
_COLOURS = {"legal": "32", "illegal": "31", "unusable": "33"}


def wanted(stream: TextIO = sys.stdout) -> bool:
    return stream.isatty() and not os.environ.get("NO_COLOR")


def paint(text: str) -> str:
    """The same text with ANSI colours."""
    text = _RULE.sub(lambda m: f"\033[1;35m{m.group(1)}\033[0m", text)
    text = _RED_CARD.sub(lambda m: f"\033[31m{m.group(0)}\033[0m", text)
    text = _NOTE.sub(": \033[33mnote\033[0m: ", text)
    return _VERDICT.sub(lambda m: f": \033[1;{_COLOURS[m.group(1)]}m{m.group(1)}\033[0m", text)
