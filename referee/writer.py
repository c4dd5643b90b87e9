"""Writing transcripts: plain data (dicts, lists, text) to the compact,
hand-editable YAML style of the samples (one move per line, short lists and
tables on one line)."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["dump_yaml"]

_PLAIN = re.compile(r"^([^\s\-?:,\[\]{}#&*!|>'\"%@`]|-[0-9A-Za-z])[^\x00-\x1f\x7f]*$")
_FLOW_UNSAFE = re.compile(r"[,\[\]{}]")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "~"}
_FLOW_WIDTH = 76


def _scalar(value: Any, *, flow: bool = False) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    text = str(value)
    if (_PLAIN.match(text) and text.lower() not in _RESERVED and not text.endswith((" ", ":"))
            and ": " not in text and " #" not in text and not (flow and _FLOW_UNSAFE.search(text))):
        return text
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _flow(value: Any) -> str | None:
    """A one-line form for a short list or table of scalars."""
    if isinstance(value, list) and all(_is_scalar(v) for v in value):
        text = "[" + ", ".join(_scalar(v, flow=True) for v in value) + "]"
    elif isinstance(value, dict) and all(_is_scalar(v) for v in value.values()):
        text = "{" + ", ".join(f"{_scalar(k, flow=True)}: {_scalar(v, flow=True)}" for k, v in value.items()) + "}"
    else:
        return None
    return text if len(text) <= _FLOW_WIDTH else None


def _emit(value: Any, indent: int, out: list[str], *, flow_ok: bool = True) -> None:
    pad = " " * indent
    if isinstance(value, dict):
        for key, item in value.items():
            head = f"{pad}{_scalar(key)}:"
            if _is_scalar(item):
                out.append(f"{head} {_scalar(item)}")
                continue
            flow = _flow(item) if flow_ok else None
            if flow is not None:
                out.append(f"{head} {flow}")
            else:
                out.append(head)
                _emit(item, indent + 2, out, flow_ok=key != "moves")
    elif isinstance(value, list):
        for item in value:
            if _is_scalar(item):
                out.append(f"{pad}- {_scalar(item)}")
            elif isinstance(item, dict):
                lines: list[str] = []
                _emit(item, indent + 2, lines)
                first = lines[0]
                out.append(f"{pad}- {first[indent + 2:]}")
                out.extend(lines[1:])
            else:
                out.append(f"{pad}- {_flow(item) or _scalar(item)}")
    else:
        out.append(f"{pad}{_scalar(value)}")


def dump_yaml(data: dict, *, comment: str | None = None) -> str:
    """YAML text for a transcript's plain data; moves always one per line."""
    out: list[str] = []
    if comment:
        out.extend(f"# {line}" if line else "#" for line in comment.splitlines())
    _emit(data, 0, out)
    return "\n".join(out) + "\n"
