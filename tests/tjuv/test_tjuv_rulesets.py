"""The Tjuv data: catalogue, presets, rule IDs cited both ways, options."""

from __future__ import annotations

import dataclasses

from referee.games.tjuv import rules as R
from referee.games.tjuv.options import TjuvOptions
from referee.rulesets import catalogue, find_preset, presets, resolve


def code_rules() -> set[str]:
    return {value for name, value in vars(R).items() if name.isupper()}


def test_presets_cite_exactly_the_rules_the_code_cites():
    for preset in presets("tjuv"):
        assert set(preset.cites) == code_rules(), preset.name


def test_every_cited_rule_is_in_the_catalogue():
    assert code_rules() <= set(catalogue("tjuv").rules)


def test_every_option_is_typed_and_every_preset_sets_every_option():
    options = catalogue("tjuv").options
    assert set(options) == {f.name for f in dataclasses.fields(TjuvOptions)}
    for preset in presets("tjuv"):
        TjuvOptions.from_values(preset.options)
        assert set(preset.options) == set(options)


def test_presets_and_alias():
    assert find_preset("tattare-1922").name == "tjuv"
    tjuv = TjuvOptions.from_values(resolve("tjuv", None, {}).values)
    assert tjuv == TjuvOptions()
    schenkmanis = TjuvOptions.from_values(resolve("tjuv", "tjuv-schenkmanis", {}).values)
    assert schenkmanis == dataclasses.replace(TjuvOptions(), table_refill=schenkmanis.table_refill)
    assert not schenkmanis.from_hand


def test_overrides_are_typed():
    values = resolve("tjuv", "tjuv", {"players": "4", "steal_mode": "mandatory", "on_violation": "continue"}).values
    options = TjuvOptions.from_values(values)
    assert options.players == 4 and options.steal_mode.value == "mandatory" and not options.stops
