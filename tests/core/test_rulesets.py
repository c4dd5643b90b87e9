"""Rulesets as data: presets resolve, options are typed, and the rule IDs the
code cites match the presets' `cites` both ways and exist in the catalogue
(the catalogue against the rule books docs/rules: tests/core/test_rulebook.py;
against each game's options dataclass, and the presets against the defaults:
tests/core/test_options_source.py)."""

import importlib
import re
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.rulesets import OptionError, catalogue, catalogues, find_preset, presets, resolve

RULE_ID = re.compile(r"^(GW|TJ|GFF|VZ)-\d+\.\d+$")
ANY_RULE_ID = re.compile(r"\b(GW|TJ|GFF|VZ)-\d+\.\d+\b")


def package(game: str) -> str:
    return GAMES[game]


def code_constants(game: str) -> set[str]:
    rules = importlib.import_module(package(game) + ".rules")
    return {value for value in vars(rules).values() if isinstance(value, str) and RULE_ID.match(value)}


def mentioned_in_code(game: str) -> set[str]:
    root = Path(importlib.import_module(package(game)).__file__).parent
    return {m.group(0) for path in root.rglob("*.py") for m in ANY_RULE_ID.finditer(path.read_text())}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rule_ids_in_code_and_presets_match_both_ways(game):
    cited = {rule for preset in presets(game) for rule in preset.cites}
    assert code_constants(game) == cited


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_id_the_code_mentions_is_declared(game):
    declared = set(catalogue(game).rules)
    assert mentioned_in_code(game) - declared == set()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_a_preset_of_its_own_or_named_default(game):
    assert presets(game)


def test_aliases_and_overrides():
    assert find_preset("bhabhi").name == "getaway" and find_preset("bhabhi-thulla").name == "getaway"
    ruleset = resolve("getaway", "bhabhi", {"take_hand": "leader", "staggered_table": ["5", "2"]})
    assert ruleset.preset == "getaway" and ruleset.values["take_hand"] == "leader"
    assert ruleset.values["staggered_table"] == (5, 2)


@pytest.mark.parametrize("preset,overrides,key", [
    ("chess", {}, None), ("getaway", {"trumps": "x"}, "trumps"), ("getaway", {"trump": "hearts"}, "trump"),
    ("getaway", {"match_rounds": "0"}, "match_rounds"), ("getaway", {"ante": "-1"}, "ante"),
    ("getaway", {"staggered_table": "3,x"}, "staggered_table"),
])
def test_unknown_presets_options_and_values(preset, overrides, key):
    with pytest.raises(OptionError) as raised:
        resolve("getaway", preset, overrides)
    assert raised.value.key == key


def test_every_catalogue_loads():
    assert "getaway" in catalogues()


def test_every_shipped_ruleset_file_follows_the_ruleset_schema():
    from referee.resources import data_dir
    from referee.schemas import validate
    from referee.yamldoc import load_document

    files = sorted(Path(data_dir("rulesets")).rglob("*.yaml"))
    assert len(files) >= 6
    for path in files:
        validate(load_document(path.read_text(encoding="utf-8"), name=str(path)), "ruleset.schema.json")
