"""referee/jsontext.py writes the text json.dumps writes: the indented text of
`--format json` and the compact lines of `--format jsonl`, byte for byte, on
reports of every game and preset (legal and broken), on the samples, and on
awkward values; and reports never need json.dumps's own (slow) path."""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from dataclasses import replace
from enum import Enum, IntEnum
from pathlib import Path

import pytest

from referee import __version__, jsontext
from referee.batch import guarded_check
from referee.check import check_text
from referee.games import REGISTRY, get_game
from referee.render import render_json, render_jsonl, summary
from referee.rulesets import presets

SAMPLES = sorted(str(p) for p in (Path(__file__).resolve().parents[2] / "samples").rglob("*.yaml"))


# What json.dumps(data, indent=2, ensure_ascii=True) and json.dumps(data, ensure_ascii=True,
# separators=(",", ":")) return (they build these encoders), kept apart from json.dumps itself.
_indented = json.JSONEncoder(indent=2, ensure_ascii=True).encode
_compact = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def _simulated(preset: str, game: str, seed: int) -> str:
    players = REGISTRY[game].bench_players
    for count in (players, 2, 3, 4, 5, 6):
        try:
            return get_game(game).simulate(preset=preset, players=count, seed=seed, options={})
        except Exception:  # noqa: BLE001 - a player count the preset does not take
            continue
    raise AssertionError(f"no player count simulates {preset}")


def _broken(text: str) -> str:
    """The transcript with its third move line left out (most games then break a rule)."""
    lines = text.splitlines(keepends=True)
    moves = [i for i, line in enumerate(lines) if re.match(r"\s+- \S", line) and "moves" not in line]
    return "".join(line for i, line in enumerate(lines) if i != (moves[2] if len(moves) > 2 else -1))


def _reports():
    for preset in presets():
        text = _simulated(preset.name, preset.game, seed=3)
        yield f"{preset.name}", check_text(text, name=f"{preset.name}.yaml")
        yield f"{preset.name}-broken", check_text(_broken(text), name=f"{preset.name} broken.yaml")


REPORTS = list(_reports())
SAMPLE_REPORTS = [guarded_check(path, max_bytes=1 << 24) for path in SAMPLES]


@pytest.fixture
def no_stdlib_path(monkeypatch):
    """json.dumps may not be called by jsontext: every report takes the fast path."""
    def refused(*args, **kwargs):
        raise AssertionError("jsontext fell back to json.dumps")
    monkeypatch.setattr(jsontext.json, "dumps", refused)


@pytest.mark.parametrize("name, report", REPORTS, ids=[name for name, _ in REPORTS])
def test_reports_of_every_preset_as_json_dumps_writes_them(name, report, no_stdlib_path):
    data = report.to_data()
    assert jsontext.dumps_indented(data) == _indented(data)
    assert jsontext.dumps_compact(data) == _compact(data)


def test_some_simulated_reports_are_broken():
    """The broken copies do give findings, so finding data is compared too."""
    assert sum(1 for name, r in REPORTS if name.endswith("-broken") and r.findings) >= len(REPORTS) // 4


def test_the_samples_render_as_json_dumps_writes_them():
    assert SAMPLE_REPORTS
    for report in SAMPLE_REPORTS:
        data = report.to_data()
        assert jsontext.dumps_indented(data) == _indented(data)
        assert jsontext.dumps_compact(data) == _compact(data)
    whole = render_json(SAMPLE_REPORTS)
    reports = [r.to_data() for r in SAMPLE_REPORTS]
    assert whole == _indented({"referee": json.loads(whole)["referee"], "reports": reports,
                               "summary": json.loads(whole)["summary"]}) + "\n"
    assert render_jsonl(SAMPLE_REPORTS) == "".join(_compact(r) + "\n" for r in reports)


class Colour(str, Enum):
    RED = "red"


class Rank(IntEnum):
    ACE = 14


AWKWARD = [
    {},
    [],
    (),
    "",
    0,
    None,
    True,
    "plain",
    -12345678901234567890123456789012345678901234567890,
    2**64,
    1.5,
    -0.0,
    1e300,
    float("nan"),
    float("inf"),
    -float("inf"),
    {"a": {}, "b": [], "c": [[]], "d": [{}], "e": {"f": {"g": {}}}},
    [[[[[[[[[[["deep"]]]]]]]]]]],
    {"x" * 3: [1, [2, [3, {"k": [4, {}]}]]], "": ""},
    {"unicode": "Ünïcödé ♠♥♦♣ 日本 \U0001f0a1", "bidi": "\u202eevil\u202c", "nul": "\x00\x01\x1f\x7f"},
    {"quotes": 'say "hi"', "backslash": "a\\", "both": '\\"', "end": "x\\\\", "lone": "\\"},
    {"structure": "{[,:]}", "more": ": , { } [ ]", "json": '{"a": [1, 2]}'},
    ":",
    [":"],
    {":": 1, "k": ":", "l": ["a", ":"], "m": {":": ":"}},
    {"newline": "a\nb\r\nc\t", "tab\tkey": 1, 'quote"key': 2, "\\": 3},
    {"surrogate": "\ud800", "pair": "\ud83c\udca1"},
    {1: "int key", 2.5: "float key", True: "bool key", None: "null key"},
    {"colour": Colour.RED, "rank": Rank.ACE, Colour.RED: "enum key"},
    OrderedDict([("z", 1), ("a", [OrderedDict(b=2)])]),
    {"tuple": (1, (2, 3), ()), "mixed": [1, "two", None, False, 3.25, {"k": "v"}]},
    [{"a": 1}, {"a": 2}, {}, [], {"b": [1, 2, {"c": "%s %d %%"}]}],
    {"many": list(range(200)), "strings": [str(i) * (i % 5) for i in range(100)]},
]


@pytest.mark.parametrize("value", AWKWARD, ids=range(len(AWKWARD)))
def test_awkward_values(value):
    assert jsontext.dumps_indented(value) == _indented(value)
    assert jsontext.dumps_compact(value) == _compact(value)


def test_the_same_structure_at_another_depth_is_laid_out_again():
    """The layout cache is keyed by depth as well as by structure."""
    one = {"a": [1, 2]}
    for value in (one, [one], [[one]], {"k": [one, [one]]}):
        assert jsontext.dumps_indented(value) == _indented(value)


def test_what_json_dumps_refuses_it_refuses_the_same_way():
    loop: list = []
    loop.append(loop)
    for value in ({"set": {1}}, {("tuple", "key"): 1}, loop, [object()]):
        with pytest.raises((TypeError, ValueError)) as expected:
            _indented(value)
        with pytest.raises(expected.type):
            jsontext.dumps_indented(value)
        with pytest.raises(expected.type):
            jsontext.dumps_compact(value)


def test_deeper_than_the_layouts_go():
    value: list = ["bottom"]
    for _ in range(80):
        value = [value, {"k": [1]}]
    assert jsontext.dumps_indented(value) == _indented(value)


def _whole_run(reports: list) -> str:
    """What render_json writes for the reports, through json.dumps's own encoder."""
    data = {"referee": __version__, "reports": [r.to_data() for r in reports],
            "summary": summary([r.status for r in reports])}
    return _indented(data) + "\n"


def test_a_run_of_many_rulesets_has_each_report_options_filled_in_as_json_dumps_writes_them():
    """render_json writes each ruleset's options once and fills them in (reports whose deals do
    not write their own text, with an unusable report and one without options among them)."""
    plain = [r for _, r in REPORTS if not any(hasattr(type(d), "json_text") for d in r.deals)]
    assert len({tuple(r.options.items()) for r in plain}) > 5
    unusable = check_text("not: [a transcript", name="bad.yaml")
    bare = replace(plain[0], options={})
    reports = plain + [unusable, bare] + plain[:3]
    assert render_json(reports) == _whole_run(reports)
    for report in reports:
        assert render_json([report]) == _whole_run([report])


def test_filled_finds_only_the_keys_at_its_depth():
    text = jsontext.dumps_indented([{"o": {}, "x": {"o": {}}}, {"o": {}}])
    assert jsontext.filled(text, "o", ["[\n      1\n    ]", "2"], depth=1) == _indented(
        [{"o": [1], "x": {"o": {}}}, {"o": 2}])
    with pytest.raises(ValueError):
        jsontext.filled(text, "o", ["1"], depth=1)
