"""Explaining a schema-invalid document costs a bounded amount of work: the
first problems are explained, the rest counted up to a cap, and jsonschema
never walks what the compiled check passes nor compares items pairwise.
(Speed itself is measured in benchmarks/bench.py, not here.)"""

from __future__ import annotations

import copy
import random

import jsonschema._utils
import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from referee import schemas
from referee.errors import InputError
from referee.fastcheck import distinct
from referee.games.getaway.simulate import simulate
from referee.schemas import MAX_PROBLEMS, _registry, explain, validate, validator
from referee.yamldoc import load_document
from tests.core.test_fastcheck import _mutate

HEAD = "format: 1\ngame: getaway\nruleset: getaway\nplayers: [N, E, S, W]\n"
NAME = "transcript.schema.json"


def moves_document(good: int, bad: int):
    """One deal whose moves are `good` valid lines, then `bad` lists (a wrong shape)."""
    lines = ["      - N play AS\n"] * good + ["      - [N, play, AS]\n"] * bad
    return load_document(HEAD + "deals:\n  - dealer: S\n    hands: {N: AS}\n    moves:\n" + "".join(lines))


@pytest.fixture
def created(monkeypatch):
    """How many ValidationErrors jsonschema builds (its work per problem)."""
    count = [0]
    init = ValidationError.__init__

    def counting(self, *args, **kwargs):
        count[0] += 1
        init(self, *args, **kwargs)
    monkeypatch.setattr(ValidationError, "__init__", counting)
    return count


def test_the_first_problems_are_explained_and_the_rest_counted():
    found = explain(moves_document(0, 65), NAME)
    assert len(found.problems) == MAX_PROBLEMS and (found.more, found.counted_all) == (45, True)
    assert [p.line for p in found.problems] == list(range(9, 9 + MAX_PROBLEMS))
    with pytest.raises(InputError) as raised:
        validate(moves_document(0, 65), NAME)
    assert len(raised.value.problems) == MAX_PROBLEMS + 1
    assert raised.value.problems[-1].line is None and "45" in raised.value.problems[-1].message


def test_a_few_problems_have_no_count():
    found = explain(moves_document(3, 2), NAME)
    assert [p.line for p in found.problems] == [12, 13] and found.more == 0
    with pytest.raises(InputError) as raised:
        validate(moves_document(3, 2), NAME)
    assert [p.line for p in raised.value.problems] == [12, 13]


def test_counting_stops_at_the_cap(monkeypatch, created):
    monkeypatch.setattr(schemas, "MAX_COUNTED", 50)
    document = moves_document(0, 3000)
    created[0] = 0
    found = explain(document, NAME)
    assert len(found.problems) == MAX_PROBLEMS and (found.more, found.counted_all) == (50, False)
    assert created[0] <= 2 * (MAX_PROBLEMS + 50)  # not one per wrong item (3,000)


def test_valid_items_are_not_walked_by_jsonschema(monkeypatch):
    document = moves_document(5000, 1)
    cls = type(validator(NAME))
    calls = [0]
    descend = cls.descend

    def counting(self, *args, **kwargs):
        calls[0] += 1
        return descend(self, *args, **kwargs)
    monkeypatch.setattr(cls, "descend", counting)
    found = explain(document, NAME)
    assert [p.line for p in found.problems] == [9 + 5000]
    assert calls[0] < 100  # one descent per valid move would be over 5,000


def test_unique_items_compares_by_hashing_not_pairwise(monkeypatch):
    calls = [0]
    equal = jsonschema._utils.equal

    def counting(a, b):
        calls[0] += 1
        return equal(a, b)
    monkeypatch.setattr(jsonschema._utils, "equal", counting)
    players = "".join(f"  - {{a: '{i}'}}\n" for i in range(1500))
    document = load_document("format: 1\ngame: getaway\nplayers:\n" + players + "deals: []\n")
    found = explain(document, NAME)
    assert found.problems and calls[0] < 1000  # pairwise: over a million


def test_one_of_keeps_a_bounded_context(created):
    bankrolls = "".join(f"  p{i}: [x]\n" for i in range(2000))
    document = load_document("format: 1\ngame: game-flip-flop\nruleset: dayton\nplayers: [N, E]\nbankrolls:\n"
                             + bankrolls + "deals: []\n")
    created[0] = 0
    found = explain(document, NAME)
    assert any(p.line == 6 for p in found.problems)  # the bankrolls entry, at its line
    assert created[0] < 200  # the second branch alone has an error per entry (2,000)


@pytest.mark.parametrize("values, expected", [
    ([{"a": "1"}, {"a": "1"}], False), ([{"a": "1"}, {"a": "2"}], True), ([True, "true"], True),
    ([1, True], True), ([[1], [1.0]], False), ([None, [], {}], True), ([["x", {"k": None}]] * 2, False),
])
def test_distinct_is_json_equality(values, expected):
    assert distinct(values) is expected
    assert jsonschema._utils.uniq(values) is expected


def test_the_bounded_validator_gives_the_plain_validators_verdicts():
    plain = Draft202012Validator(schemas.schema(NAME), registry=_registry())
    ours = validator(NAME)
    rng = random.Random(16)
    for seed in range(4):
        data = load_document(simulate(preset="getaway", players=3 + seed, seed=seed, overrides={})).data
        for _ in range(40):
            mutant = _mutate(copy.deepcopy(data), rng)
            assert ours.is_valid(mutant) == plain.is_valid(mutant)
            assert bool(list(ours.iter_errors(mutant))) == bool(list(plain.iter_errors(mutant)))
