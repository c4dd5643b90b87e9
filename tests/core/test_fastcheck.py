"""The compiled validity check agrees with jsonschema on valid and broken documents."""

import copy
import random

import pytest

from referee.fastcheck import Unsupported, compile_schema
from referee.games.getaway.simulate import simulate
from referee.schemas import SCHEMA_BASE, _all_schemas, fast_check, validator
from referee.yamldoc import load_document

JUNK = [None, True, False, "", "x", "AS", "N play AS", [], ["a"], {}, {"a": "b"}, "1", "-1.5", "trick 1", "9" * 50]


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, path + (i,))


def _mutate(data, rng):
    data = copy.deepcopy(data)
    path = rng.choice(list(_paths(data))[1:])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = rng.randrange(4)
    if action == 0:
        parent[last] = rng.choice(JUNK)
    elif action == 1:
        del parent[last]
    elif action == 2 and isinstance(parent, dict):
        parent[rng.choice(["extra", "claims", "note", "marked", "format"])] = rng.choice(JUNK)
    elif isinstance(parent[last], str):
        parent[last] = parent[last] + rng.choice([" x", "\t", " play", "", "  "])
    return data


@pytest.mark.parametrize("preset", ["getaway", "donkey", "getaway-pickup-breaker"])
def test_compiled_check_agrees_with_jsonschema(preset):
    rng = random.Random(preset)
    check = fast_check("transcript.schema.json")
    slow = validator("transcript.schema.json")
    options = {"match_rounds": "2", "betting": "pot"} if preset == "donkey" else {}
    for seed in range(6):
        data = load_document(simulate(preset=preset, players=3 + seed % 4, seed=seed, overrides=options)).data
        assert check(data) and slow.is_valid(data)
        for _ in range(60):
            mutant = _mutate(data, rng)
            assert check(mutant) == slow.is_valid(mutant), mutant


def test_the_report_and_ruleset_schemas_compile_and_agree():
    ruleset = fast_check("ruleset.schema.json")
    report = fast_check("report.schema.json")
    assert ruleset({"kind": "preset", "game": "x"}) is validator("ruleset.schema.json").is_valid({"kind": "preset", "game": "x"})
    assert report({"referee": "1", "reports": [], "summary": {"files": 0, "legal": 0, "illegal": 0, "unusable": 0}})


@pytest.mark.parametrize("name", ["transcript.schema.json", "ruleset.schema.json", "report.schema.json"])
def test_every_schema_compiles_completely(name):
    compile_schema(SCHEMA_BASE + name, _all_schemas(), eager=True)


def test_unknown_keywords_are_refused_not_ignored():
    resources = dict(_all_schemas())
    resources[SCHEMA_BASE + "odd.json"] = {"$id": SCHEMA_BASE + "odd.json", "unevaluatedProperties": False}
    with pytest.raises(Unsupported):
        compile_schema(SCHEMA_BASE + "odd.json", resources)


@pytest.mark.parametrize("base", ["https://referee.invalid/schemas/transcript.schema.json",
                                  "https://referee.invalid/schemas/games/getaway.schema.json",
                                  "https://referee.invalid/", "https://referee.invalid/a/b/c"])
@pytest.mark.parametrize("ref", ["games/getaway.schema.json", "#/$defs/name", "../transcript.schema.json#/$defs/a",
                                 "./x.json", "https://o.org/s.json#a", "", "/abs/p.json", "a/./b/../c.json",
                                 "..", ".", "../../../../z"])
def test_references_resolve_as_urljoin_does(base, ref):
    from urllib.parse import urldefrag, urljoin

    from referee.fastcheck import _join

    assert _join(base, ref) == tuple(urldefrag(urljoin(base, ref)))


@pytest.mark.parametrize("ref", ["x.json?q=1", "//other.host/x.json"])
def test_unusual_references_are_left_to_jsonschema(ref):
    from referee.fastcheck import _join

    with pytest.raises(Unsupported):
        _join("https://referee.invalid/schemas/transcript.schema.json", ref)


def test_remembered_matches_answer_as_the_pattern_does(monkeypatch):
    """Texts a pattern matched are remembered (a bounded set): a remembered text
    passes again, other texts are still searched, and non-text never passes."""
    import referee.fastcheck as fastcheck

    monkeypatch.setattr(fastcheck, "_MATCHED", 2)
    schema = {"$id": "https://x.invalid/s.json", "type": "array",
              "items": {"type": "string", "pattern": "^[a-z]+ play [A-Z]$"}}
    check = compile_schema("https://x.invalid/s.json", {"https://x.invalid/s.json": schema})
    lines = ["a play B", "c play D", "e play F"]
    for _ in range(2):
        assert check(lines) and check(lines[::-1])
        assert not check(lines + ["a play b"]) and not check(["a play B", ["a play B"]])
        assert not check(["a play B", {"a": "b"}, "a play B"]) and not check(["a play B", None])
    item = {"type": "string", "pattern": "^x$"}
    single = compile_schema("https://x.invalid/t.json", {"https://x.invalid/t.json": {
        "$id": "https://x.invalid/t.json", "type": "object", "properties": {"k": item}}})
    for _ in range(2):
        assert single({"k": "x"}) and not single({"k": "y"}) and not single({"k": ["x"]})


def test_remembered_matches_keep_the_length_bounds():
    """A pattern with minLength/maxLength (the move lines' schema) is remembered too:
    a text too long or too short never passes, however often a text in bounds did."""
    schema = {"$id": "https://x.invalid/l.json", "type": "array",
              "items": {"type": "string", "pattern": "^a+$", "minLength": 2, "maxLength": 3}}
    check = compile_schema("https://x.invalid/l.json", {"https://x.invalid/l.json": schema})
    for _ in range(3):
        assert check(["aa", "aaa"]) and check(["aaa", "aa", "aa"])
        assert not check(["aa", "aaaa"]) and not check(["a"]) and not check(["aab"])
    single = compile_schema("https://x.invalid/m.json", {"https://x.invalid/m.json": {
        "$id": "https://x.invalid/m.json", "type": "object",
        "properties": {"k": {"type": "string", "pattern": "^b+$", "maxLength": 2}}}})
    for _ in range(3):
        assert single({"k": "bb"}) and not single({"k": "bbb"}) and not single({"k": "ab"})


@pytest.mark.parametrize("game,players", [("tjuv", 4), ("game-flip-flop", 4), ("vazhushal", 2), ("getaway", 5)])
def test_compiled_check_agrees_with_jsonschema_for_every_game(game, players):
    from referee.games import get_game

    rng = random.Random(game)
    check = fast_check("transcript.schema.json")
    slow = validator("transcript.schema.json")
    simulate_game = get_game(game).simulate
    for seed in range(3):
        data = load_document(simulate_game(preset=game, players=players, seed=seed, options={})).data
        assert check(data) and slow.is_valid(data)
        for _ in range(80):
            mutant = _mutate(data, rng)
            assert check(mutant) == slow.is_valid(mutant), mutant
