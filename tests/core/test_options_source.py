"""Options from one source: for every game in the registry, its catalogue
(`rulesets/games/<game>.yaml`) against its code (the options dataclass of
`options.py`), and every preset against the catalogue. A preset file lists
only what differs from the catalogue's defaults; `preset_values.json` holds
every preset's resolved values as they were when the presets still listed
every option, and they must stay exactly that."""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
from pathlib import Path

import pytest

from referee.games import REGISTRY
from referee.options import TRUTHS
from referee.resources import data_dir
from referee.rulesets import catalogue, catalogues, presets, resolve
from referee.yamldoc import load_document

GAMES = REGISTRY.names()
SNAPSHOT = json.loads((Path(__file__).parent / "preset_values.json").read_text(encoding="utf-8"))


def options_class(game: str) -> type:
    """The game's options dataclass: the one in its `options.py` with `from_values`."""
    module = importlib.import_module(REGISTRY[game].module + ".options")
    found = [value for value in vars(module).values()
             if isinstance(value, type) and dataclasses.is_dataclass(value) and hasattr(value, "from_values")
             and value.__module__ == module.__name__]
    assert len(found) == 1, f"{game}: options classes {found}"
    return found[0]


def defaults(game: str) -> dict[str, object]:
    """The catalogue's defaults, typed as `rulesets.resolve` types them."""
    return {name: spec.parse(spec.default) for name, spec in catalogue(game).options.items()}


def preset_files(game: str) -> list[tuple[str, dict]]:
    """(file name, data) of every preset file of `game`, as written."""
    found = []
    for path in sorted(Path(data_dir("rulesets")).glob("*.yaml")):
        data = load_document(path.read_text(encoding="utf-8"), name=str(path)).data
        if data["game"] == game:
            found.append((path.name, data))
    return found


def encoded(value: object) -> str:
    """A typed value as the snapshot writes it: `type:text`."""
    text = ",".join(str(v) for v in value) if isinstance(value, tuple) else str(value)
    return f"{type(value).__name__}:{text}"


def test_the_registry_and_the_catalogues_name_the_same_games():
    assert set(catalogues()) == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_catalogue_options_are_the_dataclass_fields_in_order(game):
    fields = [field.name for field in dataclasses.fields(options_class(game))]
    assert fields == list(catalogue(game).options)


@pytest.mark.parametrize("game", GAMES)
def test_enum_and_on_off_options_have_the_catalogue_values(game):
    options = catalogue(game).options
    for field in dataclasses.fields(options_class(game)):
        spec, default = options[field.name], field.default
        if isinstance(default, enum.Enum):
            assert spec.kind == "choice", field.name
            assert [member.value for member in type(default)] == list(spec.values), field.name
        elif isinstance(default, bool):
            assert spec.kind == "choice" and len(spec.values) == 2, field.name
            assert {TRUTHS.get(value) for value in spec.values} == {True, False}, field.name


@pytest.mark.parametrize("game", GAMES)
def test_catalogue_defaults_are_the_dataclass_defaults(game):
    cls = options_class(game)
    built = cls.from_values(defaults(game))
    assert built == cls()
    for field in dataclasses.fields(cls):
        value = getattr(built, field.name)
        assert type(value) is type(field.default), field.name  # 1 is not Fraction(1), nor True 1


@pytest.mark.parametrize("game", GAMES)
def test_every_catalogue_value_means_something_of_its_own_to_the_code(game):
    cls, base = options_class(game), defaults(game)
    for name, spec in catalogue(game).options.items():
        meant = [getattr(cls.from_values({**base, name: spec.parse(value)}), name) for value in spec.values]
        assert len(set(meant)) == len(spec.values), name


@pytest.mark.parametrize("game", GAMES)
def test_presets_list_only_valid_values_that_differ_from_the_defaults(game):
    options, base = catalogue(game).options, defaults(game)
    files = preset_files(game)
    assert files
    for file, data in files:
        written = data.get("options", {})
        assert set(written) <= set(options), file
        for name, raw in written.items():
            assert options[name].parse(raw) != base[name], f"{file}: {name} restates the default"
    for preset in presets(game):
        options_class(game).from_values(preset.options)


@pytest.mark.parametrize("game", GAMES)
def test_every_preset_resolves_to_exactly_its_values_before_presets_listed_only_differences(game):
    pinned = {name: entry for name, entry in SNAPSHOT.items() if entry["game"] == game}
    assert pinned
    for name, entry in pinned.items():
        values = resolve(game, name, {}).values
        assert list(values) == list(entry["values"]), name
        assert {key: encoded(value) for key, value in values.items()} == entry["values"], name


def test_a_preset_without_options_is_every_default():
    assert dict(resolve("getaway", "getaway", {}).values) == defaults("getaway")


PRESET = "kind: preset\npreset: p\ngame: getaway\ntitle: P\ncites: []\n"


@pytest.mark.parametrize("text,valid", [
    (PRESET, True),  # no options: every default
    (PRESET + "options: {trump: spades}\n", True),
    (PRESET + "options: {}\n", False),  # left out instead
    ("kind: game\ngame: g\ntitle: G\noptions: {}\nrules: {GW-1.1: {title: t, text: t}}\n", True),
    ("kind: game\ngame: g\ntitle: G\ndigest: d\noptions: {}\nrules: {GW-1.1: {title: t, text: t}}\n", False),
    ("kind: game\ngame: g\ntitle: G\nseeds: [s]\noptions: {}\nrules: {GW-1.1: {title: t, text: t}}\n", False),
], ids=["preset-without-options", "preset-with-options", "preset-empty-options", "catalogue",
        "catalogue-digest", "catalogue-seeds"])
def test_the_ruleset_schema_takes_presets_without_options_and_no_digest_or_seeds(text, valid):
    from referee.errors import InputError
    from referee.schemas import validate

    document = load_document(text, name="r.yaml")
    if valid:
        validate(document, "ruleset.schema.json")
    else:
        with pytest.raises(InputError):
            validate(document, "ruleset.schema.json")
