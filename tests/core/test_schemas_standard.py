"""The shipped JSON Schemas in standard tools: check-jsonschema, plain
jsonschema over what PyYAML (YAML 1.1) and ruamel.yaml (YAML 1.2) load, and
the referee's own stricter reading of the same files."""

from __future__ import annotations

import datetime
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from referee.errors import InputError
from referee.schemas import SCHEMA_BASE, _as_text, schema, validate
from referee.yamldoc import load_document

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
MAIN = SCHEMAS / "transcript.schema.json"
SAMPLES = sorted((ROOT / "samples").rglob("*.yaml"))
PUBLIC = [MAIN, *sorted((SCHEMAS / "games").glob("*.schema.json"))]

needs_check_jsonschema = pytest.mark.skipif(importlib.util.find_spec("check_jsonschema") is None,
                                            reason="check-jsonschema is not installed (pip install '.[test]')")


def check_jsonschema(*files: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--output-format", "json",
                           "--schemafile", str(MAIN), *map(str, files)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def public_validator() -> Any:
    """Plain jsonschema on the files as shipped, `$ref`s read from `schemas/` by file URI."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    def retrieve(uri: str) -> Resource:
        path = Path(uri.removeprefix("file://"))
        assert path.is_relative_to(SCHEMAS), uri
        return Resource.from_contents(json.loads(path.read_text(encoding="utf-8")))
    return Draft202012Validator({"$ref": MAIN.as_uri()}, registry=Registry(retrieve=retrieve))


def as_json(data: Any) -> Any:
    """YAML data as JSON holds it: dates (PyYAML makes date objects) as text."""
    return json.loads(json.dumps(data, default=lambda value: value.isoformat()))


def pyyaml(text: str) -> Any:
    return as_json(yaml.safe_load(text))


def ruamel(text: str) -> Any:
    from ruamel.yaml import YAML

    return as_json(YAML(typ="safe", pure=True).load(text))


LOADERS = [pytest.param(pyyaml, id="pyyaml-1.1"),
           pytest.param(ruamel, id="ruamel-1.2", marks=pytest.mark.skipif(
               importlib.util.find_spec("ruamel") is None, reason="ruamel.yaml is not installed"))]

MISSPELLED = ("ruleset: getaway\n", "rulset: getaway\n"), ("  - dealer: Asha\n", "  - dealr: Asha\n")


def misspelled(tmp_path: Path) -> Path:
    text = (ROOT / "samples" / "getaway" / "match-empurra.yaml").read_text(encoding="utf-8")
    for right, wrong in MISSPELLED:
        assert right in text
        text = text.replace(right, wrong, 1)
    path = tmp_path / "misspelled.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@needs_check_jsonschema
def test_check_jsonschema_passes_every_sample():
    result = check_jsonschema(*SAMPLES)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["status"] == "ok"


@needs_check_jsonschema
def test_check_jsonschema_reports_a_misspelled_key_with_its_path(tmp_path):
    result = check_jsonschema(misspelled(tmp_path))
    assert result.returncode == 1, result.stdout + result.stderr
    errors = {(error["path"], error["message"]) for error in json.loads(result.stdout)["errors"]}
    assert any(path == "$" and "'rulset'" in message for path, message in errors), errors
    assert any(path == "$.deals[0]" and "'dealr'" in message for path, message in errors), errors


@pytest.mark.parametrize("load", LOADERS)
def test_every_sample_as_a_standard_yaml_loader_reads_it_follows_the_schema(load):
    validator = public_validator()
    for path in SAMPLES:
        data = load(path.read_text(encoding="utf-8"))
        assert [error.message for error in validator.iter_errors(data)] == [], path


@pytest.mark.parametrize("load", LOADERS)
def test_a_standard_loader_rejects_a_misspelled_key(load, tmp_path):
    errors = list(public_validator().iter_errors(load(misspelled(tmp_path).read_text(encoding="utf-8"))))
    unknown = {(tuple(leaf.absolute_path), leaf.message) for error in errors
               for leaf in [error, *error.context] if leaf.validator == "additionalProperties"}
    assert any(path == () and "'rulset'" in message for path, message in unknown), unknown
    assert any(path == ("deals", 0) and "'dealr'" in message for path, message in unknown), unknown


NUMBERS = """\
format: 1
game: getaway
players: [1, 2, 3]
options: {ante: 0.50, match_rounds: 3}
meta: {event: 2026}
deals:
  - dealer: 1
    hands: {1: AS, 2: 2S, 3: 3S}
    moves: [trick 1]
    note: 7
    claims: {legs: 13, points: {1: 0, 2: 2}, loser: 3}
claims: {net: {1: 2.50, 2: -1, 3: -1.5}, totals: {1: 0}}
"""


@pytest.mark.parametrize("load", LOADERS)
def test_numbers_are_accepted_where_the_referee_reads_digits(load):
    data = load(NUMBERS)
    assert data["format"] == 1 and data["players"] == [1, 2, 3] and data["claims"]["net"]["1"] == 2.5
    assert list(public_validator().iter_errors(data)) == []


@pytest.mark.parametrize("change, value", [
    (("format",), 2), (("players",), [True, 2]), (("deals", 0, "claims", "legs"), -1),
    (("deals", 0, "claims", "legs"), 1.5), (("deals", 0, "claims", "legs"), 1_000_000),
    (("claims", "net", "1"), 10**12), (("options", "ante"), True), (("meta", "event"), False)])
def test_numbers_out_of_range_and_booleans_stay_invalid(change, value):
    data = pyyaml(NUMBERS)
    node = data
    for step in change[:-1]:
        node = node[step]
    node[change[-1]] = value
    assert not public_validator().is_valid(data)


@pytest.mark.parametrize("text, valid", [
    ("{format: 1, game: vazhushal, players: [A], deals: [{dealer: A, hands: {A: AS}, negative: none,"
     " first: 2S, moves: [], claims: {scores: {A: -57}}}]}", True),
    ("{format: 1, game: vazhushal, players: [A], deals: [{dealer: A, hands: {A: AS}, negative: none,"
     " first: 2S, moves: [], claims: {scores: {A: 1000000}}}]}", False),
    ("{format: 1, game: game-flip-flop, players: [A, 7], stake: 1, bankrolls: {A: 20, 7: 20.5},"
     " deals: [{deal: 1, ending: {type: declaration, declared: {A: 49, 7: '50'}, flip: 7}}]}", True),
    ("{format: 1, game: game-flip-flop, players: [A], deals: [{ending: {type: declaration, declared: {A: 51}}}]}",
     False),
])
def test_game_schemas_accept_typed_scores_declarations_and_amounts(text, valid):
    assert public_validator().is_valid(pyyaml(text)) is valid


def test_the_public_files_resolve_their_refs_against_their_own_location():
    """No `$id` (tools read relative `$ref`s against the file), every `$ref`
    to another file names one beside it."""
    for path in PUBLIC:
        contents = json.loads(path.read_text(encoding="utf-8"))
        assert "$id" not in contents, path
        refs = []

        def walk(node: Any) -> None:
            if isinstance(node, dict):
                refs.extend(value for key, value in node.items() if key == "$ref" and isinstance(value, str))
                for value in node.values():
                    walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)
        walk(contents)
        for ref in refs:
            target = ref.partition("#")[0]
            assert not target or (path.parent / target).resolve().is_file(), (path, ref)


_NUMBER_TYPES = ("integer", "number")


def test_the_referee_reads_the_transcript_schemas_narrowed_to_text():
    found = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            kinds = node.get("type")
            if kinds in _NUMBER_TYPES or (isinstance(kinds, list) and set(kinds) & set(_NUMBER_TYPES)):
                found.append(where)
            if any(key in node for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")):
                found.append(where)
            if any(value.__class__ in (int, float) for value in node.get("enum", ())):
                found.append(where)
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")
    for path in PUBLIC:
        name = path.relative_to(SCHEMAS).as_posix()
        strict = schema(name)
        assert strict["$id"] == SCHEMA_BASE + name
        walk(strict, name)
    assert found == []
    assert schema("transcript.schema.json")["$defs"]["format"]["const"] == "1"
    assert schema("transcript.schema.json")["$defs"]["count"]["type"] == "string"


def test_as_text_narrows_types_enums_and_numeric_keywords_only():
    assert _as_text({"type": ["string", "integer"], "pattern": "^[0-9]$", "minimum": 0, "maximum": 9}) == {
        "type": "string", "pattern": "^[0-9]$"}
    assert _as_text({"type": ["string", "number", "array"], "maxLength": 3}) == {"type": ["string", "array"],
                                                                                 "maxLength": 3}
    assert list(_as_text({"enum": ["1", 1], "description": "d"}).items()) == [("const", "1"), ("description", "d")]
    assert _as_text({"enum": ["a", "b", 3]}) == {"enum": ["a", "b"]}
    untouched = {"type": "integer", "minimum": 0}
    assert _as_text(dict(untouched)) == untouched  # not text at all: left for a schema of JSON output
    assert _as_text({"enum": [True, "x"]}) == {"enum": [True, "x"]}


def test_the_referee_still_reads_every_value_as_text():
    """Its loader gives `'1'`, which passes; a document holding the number 1
    (which its loader never makes) fails its stricter reading."""
    text = "format: 1\ngame: getaway\nplayers: [A]\ndeals: [{dealer: A, hands: {A: AS}, moves: []}]\n"
    document = load_document(text, name="t.yaml")
    assert document.data["format"] == "1"
    validate(document, "transcript.schema.json")
    document.data["format"] = 1
    with pytest.raises(InputError):
        validate(document, "transcript.schema.json")


def test_the_samples_pyyaml_reads_hold_numbers_and_dates():
    """The samples do exercise the typed values (else the tests above prove little)."""
    data = yaml.safe_load((ROOT / "samples" / "getaway" / "match-empurra.yaml").read_text(encoding="utf-8"))
    assert data["format"] == 1 and data["options"]["ante"] == 0.5
    tjuv = yaml.safe_load((ROOT / "samples" / "tjuv" / "tjuv-four-players.yaml").read_text(encoding="utf-8"))
    assert isinstance(tjuv["meta"]["date"], datetime.date)
