"""One alternative to libyaml measured against `referee/yamldoc.py` (issue 21): a small
hand-written parser for the subset of YAML the transcripts use. A finding, not adopted.

    python benchmarks/alt_parser.py                  # every game's bench documents, 10 each
    python benchmarks/alt_parser.py --documents 20 --instructions   # and callgrind counts

The subset: block mappings and block sequences by indentation, `- key: value` items,
plain scalars, single- and double-quoted scalars on one line, flow sequences and mappings
of plain scalars on one line (`players: [N, E, S, W]`, `{Ada: 30.00, Bo: 15.00}`), comments and blank lines. It keeps the
project's semantics: every scalar is text but true/false/null (and `~`, empty), keys are
text, each value's line and column is kept, a key written twice is refused, and anything
outside the subset (tags, anchors, aliases, block scalars, nested or multi-line
flow collections, multi-line or escaped quoted scalars, tabs, several documents) is refused, where a real reader would
hand the text to libyaml instead. Each document's data is compared with yamldoc's.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import GAMES, documents, getaway_150  # noqa: E402
from referee.yamldoc import load_document  # noqa: E402

_SPECIAL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False,
            "null": None, "Null": None, "NULL": None, "~": None, "": None}
_KEY = re.compile(r"([^\s#'\"\[\]{}&*!|>%@`,?:-][^:#]*?|-[^\s:#][^:#]*?)\s*:(?:\s+|$)")
_REFUSED = re.compile(r"^[&*!|>%@`]")


class NotSubset(Exception):
    """Text outside the subset (libyaml would read it) or not YAML; with its line."""


def _scalar(text: str, line: int) -> object:
    text = text.strip()
    if not text:
        return None
    first = text[0]
    if first == "'":
        if len(text) < 2 or text[-1] != "'" or "'" in text[1:-1].replace("''", ""):
            raise NotSubset(f"line {line}: single-quoted scalar")
        return text[1:-1].replace("''", "'")
    if first == '"':
        if len(text) < 2 or text[-1] != '"' or "\\" in text or '"' in text[1:-1]:
            raise NotSubset(f"line {line}: double-quoted scalar with escapes")
        return text[1:-1]
    if first == "[":
        if not text.endswith("]") or any(c in text[1:-1] for c in "[]{}'\"#&*!"):
            raise NotSubset(f"line {line}: flow sequence")
        inner = text[1:-1].strip()
        return [] if not inner else [_SPECIAL.get(item.strip(), item.strip()) for item in inner.split(",")]
    if first == "{":
        if not text.endswith("}") or any(c in text[1:-1] for c in "[]{}'\"#&*!"):
            raise NotSubset(f"line {line}: flow mapping")
        inner = text[1:-1].strip()
        mapping: dict = {}
        for item in inner.split(",") if inner else ():
            key, colon, value = item.partition(":")
            key = key.strip()
            if not colon or not key or key in mapping:
                raise NotSubset(f"line {line}: flow mapping item {item!r}")
            mapping[key] = _SPECIAL.get(value.strip(), value.strip())
        return mapping
    if _REFUSED.match(text) or ": " in text or text.endswith(":") or " #" in text:
        raise NotSubset(f"line {line}: {text[:20]!r}")
    return _SPECIAL.get(text, text)


def _strip_comment(text: str) -> str:
    if "#" not in text:
        return text
    if "'" in text or '"' in text:
        raise NotSubset("a comment after a quoted scalar")
    at = text.find(" #")
    return text if at < 0 else text[:at]


def parse(text: str) -> tuple[object, dict[int, tuple[int, int]], dict[int, list[tuple[int, int]]]]:
    """(data, line and column of each container by its id, line and column of each list's items)."""
    lines: list[tuple[int, int, str]] = []  # (line number, indent, content)
    for number, raw in enumerate(text.split("\n"), start=1):
        if "\t" in raw or "\r" in raw:
            raise NotSubset(f"line {number}: tab or carriage return")
        content = raw.lstrip(" ")
        if not content or content.startswith("#"):
            continue
        if content.startswith(("---", "...")) and len(raw) == len(content):
            raise NotSubset(f"line {number}: document marker")
        lines.append((number, len(raw) - len(content), _strip_comment(content).rstrip()))
    positions: dict[int, tuple[int, int]] = {}
    item_lines: dict[int, list[tuple[int, int]]] = {}
    at = 0

    def block(indent: int) -> object:
        nonlocal at
        number, own, content = lines[at]
        if content.startswith("- ") or content == "-":
            items: list = []
            positions[id(items)] = (number, own + 1)
            lines_of: list[tuple[int, int]] = []
            while at < len(lines) and lines[at][1] == indent and (lines[at][2].startswith("- ") or lines[at][2] == "-"):
                number, own, content = lines[at]
                rest = content[2:].lstrip(" ")
                lines_of.append((number, own + 1))
                if not rest:
                    at += 1
                    items.append(block(lines[at][1]) if at < len(lines) and lines[at][1] > indent else None)
                elif _KEY.match(rest):  # `- key: value`: a mapping whose keys start at this column
                    column = own + (len(content) - len(rest))
                    lines[at] = (number, column, rest)
                    items.append(block(column))
                else:
                    items.append(_scalar(rest, number))
                    at += 1
            item_lines[id(items)] = lines_of
            return items
        mapping: dict = {}
        positions[id(mapping)] = (number, own + 1)
        while at < len(lines) and lines[at][1] == indent:
            number, own, content = lines[at]
            found = _KEY.match(content)
            if not found:
                raise NotSubset(f"line {number}: not a key: value line")
            key = found.group(1)
            if key in mapping:
                raise NotSubset(f"line {number}: key {key!r} written twice")
            rest = content[found.end():]
            at += 1
            if rest:
                mapping[key] = _scalar(rest, number)
            elif at < len(lines) and (lines[at][1] > indent or (lines[at][1] == indent and lines[at][2].startswith("- "))):
                mapping[key] = block(lines[at][1])
            else:
                mapping[key] = None
        if at < len(lines) and lines[at][1] > indent:
            raise NotSubset(f"line {lines[at][0]}: indentation")
        return mapping

    if not lines:
        return None, positions, item_lines
    data = block(lines[0][1])
    if at != len(lines):
        raise NotSubset(f"line {lines[at][0]}: indentation")
    return data, positions, item_lines


def texts_of(label: str, count: int) -> list[str]:
    return getaway_150(count) if label == "getaway-150" else documents(label, count)


def timed(action, texts, *, rounds: int) -> float:
    """Median over `rounds` of the µs per document of `action` over `texts`."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        for text in texts:
            action(text)
        times.append((time.perf_counter() - started) / len(texts) * 1e6)
    return statistics.median(times)


CHILD = r"""
import os, sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
import alt_parser, yaml
from referee.yamldoc import load_document
texts = [p.read_text() for p in sorted(Path(sys.argv[2]).glob("*.yaml"))]
work = {"yamldoc": load_document, "subset": alt_parser.parse, "csafe": lambda t: yaml.load(t, Loader=yaml.CSafeLoader)}
for name in sys.argv[3:]:
    for t in texts: work[name](t)   # warm-up
    os.getppid()
    for t in texts: work[name](t)
    os.getppid()
"""


def instructions(texts: list[str]) -> dict[str, float]:
    """Callgrind's instructions per document of each parser (one pass after a warm-up)."""
    import tempfile

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, text in enumerate(texts):
            (Path(tmp) / f"{i:03}.yaml").write_text(text)
        for name in ("yamldoc", "subset", "csafe"):
            dump = Path(tmp) / "cg.out"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={dump}", "--dump-before=getppid",
                            sys.executable, "-c", CHILD, str(Path(__file__).resolve().parent), tmp, name],
                           capture_output=True, env={"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"},
                           cwd=Path(__file__).resolve().parents[1])
            counted = Path(f"{dump}.2").read_text()
            out[name] = int(re.search(r"^totals: (\d+)", counted, re.M).group(1)) / len(texts)  # type: ignore[union-attr]
            for stale in Path(tmp).glob("cg.out*"):
                stale.unlink()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind)")
    args = parser.parse_args()
    print(f"{'set':<15}{'docs':>5}{'same':>6}{'yamldoc us':>12}{'subset us':>11}{'csafe us':>10}"
          f"{'subset/yamldoc':>16}" + (f"{'yamldoc M':>11}{'subset M':>10}{'csafe M':>9}" if args.instructions else ""))
    for label in [*sorted(GAMES), "getaway-150"]:
        texts = texts_of(label, args.documents)
        same = sum(parse(t)[0] == load_document(t).data for t in texts)
        ours = timed(load_document, texts, rounds=args.rounds)
        subset = timed(parse, texts, rounds=args.rounds)
        csafe = timed(lambda t: yaml.load(t, Loader=yaml.CSafeLoader), texts, rounds=args.rounds)
        row = f"{label:<15}{len(texts):>5}{same:>6}{ours:>12.0f}{subset:>11.0f}{csafe:>10.0f}{subset / ours:>16.2f}"
        if args.instructions:
            counts = instructions(texts)
            row += f"{counts['yamldoc'] / 1e6:>11.2f}{counts['subset'] / 1e6:>10.2f}{counts['csafe'] / 1e6:>9.2f}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
