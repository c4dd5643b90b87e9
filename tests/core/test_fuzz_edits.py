"""Seeded edits of the kinds that found faults in a hostile-input run: line
ends editors do not see (U+2028, U+2029, NEL, a lone CR), lone surrogates,
and structural YAML edits (a list and a mapping swapped, a value moved up or
down a level). Every edited file gets a report (legal, illegal or unusable)
and never an exception; its exit status is 0, 1 or 2; an unusable report's
positions lie inside the file as an editor shows it.

The default run is small (a few seconds); `REFEREE_FUZZ_CASES=2000 pytest
tests/core/test_fuzz_edits.py` runs that many edits of each kind."""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path
from typing import Any, Callable

import pytest

from referee.check import check_text
from referee.render import render_json, render_text
from referee.report import Status
from referee.writer import dump_yaml
from referee.yamldoc import load_document

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").glob("*/*.yaml"))
TEXTS = [path.read_text(encoding="utf-8") for path in SAMPLES]
CASES = int(os.environ.get("REFEREE_FUZZ_CASES", "100"))
BREAKS = ["\u2028", "\u2029", "\x85", "\r", "\r\n", "\n"]
SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"]


def judged(text: str) -> Status:
    """The report on `text`: no exception, a known status, and positions inside the file."""
    report = check_text(text, name="fuzz.yaml")
    assert report.status in (Status.LEGAL, Status.ILLEGAL, Status.UNUSABLE)
    assert report.exit_code == {Status.LEGAL: 0, Status.ILLEGAL: 1, Status.UNUSABLE: 2}[report.status]
    render_text([report]), render_json([report])
    lines = text.split("\n")  # as editors and grep -n count: CR LF ends at its LF
    if report.status is Status.UNUSABLE:
        assert report.problems and report.problems[0].line is not None, report.problems
        for problem in report.problems:
            if problem.line is None:
                continue
            assert 1 <= problem.line <= len(lines), (problem, len(lines))
            assert 1 <= problem.column <= len(lines[problem.line - 1].rstrip("\r")) + 2, problem
    for finding in report.findings:
        if finding.line is not None:
            assert 1 <= finding.line <= len(lines), finding
    return report.status


def insert(text: str, rng: random.Random, what: str) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + what + text[at:]


def line_ends(text: str, rng: random.Random) -> str:
    """One to three odd line ends, anywhere or inside a quoted value."""
    if rng.random() < 0.3 and "\nmeta:\n" in text:  # a note holding a separator: kept, the file still judged
        quote, separator = rng.choice(["\"", "'"]), rng.choice(BREAKS[:2])
        return text.replace("\nmeta:\n", f"\nmeta:\n  fuzz: {quote}a{separator}b{quote}\n", 1)
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.3 and ": " in text:  # a quoted value holding a separator
            lines = text.split("\n")
            i = rng.choice([n for n, line in enumerate(lines) if ": " in line])
            key, _, value = lines[i].partition(": ")
            quote = rng.choice(['"', "'"])
            lines[i] = f"{key}: {quote}{value.replace(quote, '')}{rng.choice(BREAKS[:3])}x{quote}"
            text = "\n".join(lines)
        else:
            text = insert(text, rng, rng.choice(BREAKS))
    if rng.random() < 0.2:
        text = text.replace("\n", "\r\n")
    return text


def surrogates(text: str, rng: random.Random) -> str:
    return insert(text, rng, rng.choice(SURROGATES) * rng.randint(1, 2))


def _containers(node: Any, path: tuple = ()) -> list[tuple]:
    found = [path] if isinstance(node, (dict, list)) else []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        found += _containers(value, path + (key,))
    return found


def _at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def structure(text: str, rng: random.Random) -> str:
    """A list made a mapping or a mapping a list, or a value moved up or down a level."""
    data = copy.deepcopy(load_document(text).data)
    for _ in range(rng.randint(1, 2)):
        paths = _containers(data)[1:]
        if not paths:
            break
        path = rng.choice(paths)
        parent, node = _at(data, path[:-1]), _at(data, path)
        action = rng.randrange(3)
        if action == 0:  # swap the kind of collection
            parent[path[-1]] = ({f"k{i}": v for i, v in enumerate(node)} if isinstance(node, list)
                                else list(node.values()))
        elif action == 1 and isinstance(node, dict) and node:  # a value moved up a level
            key = rng.choice(list(node))
            value = node.pop(key)
            if isinstance(parent, dict):
                parent.setdefault(key, value)
            else:
                parent.append(value)
        elif node:  # a value moved down a level, into a sibling
            siblings = [v for v in (parent.values() if isinstance(parent, dict) else parent)
                        if isinstance(v, (dict, list)) and v is not node]
            if siblings:
                target = rng.choice(siblings)
                value = node.pop(rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node)))
                if isinstance(target, dict):
                    target[f"moved{rng.randrange(99)}"] = value
                else:
                    target.insert(rng.randrange(len(target) + 1), value)
    return dump_yaml(data) if isinstance(data, dict) else text


EDITS: dict[str, Callable[[str, random.Random], str]] = {
    "line ends": line_ends, "surrogates": surrogates, "structure": structure,
}


@pytest.mark.parametrize("kind", sorted(EDITS))
def test_edited_samples_are_judged_without_an_exception(kind):
    rng = random.Random(f"fuzz-{kind}")
    edit = EDITS[kind]
    statuses = set()
    for _ in range(CASES):
        statuses.add(judged(edit(rng.choice(TEXTS), rng)))
    assert Status.UNUSABLE in statuses or kind == "structure"
    assert len(statuses) >= (2 if kind == "line ends" else 1), statuses


@pytest.mark.parametrize("kind", sorted(EDITS))
def test_edits_on_a_crlf_sample(kind):
    rng = random.Random(f"crlf-{kind}")
    for _ in range(max(4, CASES // 8)):
        judged(EDITS[kind](rng.choice(TEXTS).replace("\n", "\r\n"), rng))
