"""The catalogue, the preset and the code agree on options and rule IDs."""

from __future__ import annotations

from referee.games.gameflipflop import rules as R
from referee.games.gameflipflop.options import FlipFlopOptions
from referee.rulesets import catalogue, find_preset, resolve

OPTIONS = ["stake", "min_players", "max_players", "reserve_rule", "allow_drop", "allow_49_50", "declare_window",
           "flip_flop_show", "flop_carry_ante", "unwon_pot_at_end", "all_in_split_survives", "stock_end",
           "retake_discard", "split_rounding", "on_illegal"]


def test_cited_ids_match_the_preset_both_ways():
    cited = {v for k, v in vars(R).items() if k.isupper() and isinstance(v, str)}
    assert set(find_preset("dayton").cites) == cited
    assert cited <= set(catalogue("game-flip-flop").rules)


def test_the_catalogue_holds_every_rule():  # against the rule book: tests/core/test_rulebook.py
    rules = catalogue("game-flip-flop").rules
    assert len(rules) == 161  # with GFF-15.10 to 15.13 (second review)


def test_every_option_of_section_11_with_its_default():
    cat = catalogue("game-flip-flop")
    assert list(cat.options) == OPTIONS
    preset = find_preset("dayton")
    assert FlipFlopOptions.from_values(preset.options) == FlipFlopOptions()


def test_a_transcript_without_a_ruleset_gets_dayton():
    assert resolve("game-flip-flop", None, {}).preset == "dayton"
