"""The game's data: catalogue, presets, schema, registration and samples."""

import json
from pathlib import Path

import pytest

from referee.games import GAMES, get_game
from referee.games.vazhushal import rules as R
from referee.report import Status
from referee.rulesets import catalogue, presets
from referee.schemas import schema
from vazhushal_helpers import check

ROOT = Path(__file__).resolve().parents[2]

SECTION_10 = {
    "packs": (["by_players", "1", "2"], "by_players"),
    "extra_jokers": (["0", "1", "2", "3", "4"], "0"),
    "negative_joker": (["on", "off"], "on"),
    "printed_joker_as_negative": (["no_extra_wild", "aces_wild"], "no_extra_wild"),
    "negative_joker_drawable": (["no", "yes"], "no"),
    "doubles_include_jokers": (["no", "yes"], "no"),
    "line_capacity": (["unlimited", "10"], "unlimited"),
    "line_overflow_card": (["oldest", "newest"], "oldest"),
    "first_joker_take": (["standard", "must_meld"], "standard"),
    "first_joker_no_pure_sequence": (["none", "return_printed", "left_must_take"], "none"),
    "identical_meld_test": (["represented", "physical"], "represented"),
    "new_meld_from_table_cards": (["no", "yes"], "no"),
    "rearrange_without_new_cards": (["no", "yes"], "no"),
    "unmelded_printed_joker_value": (["0", "10"], "0"),
    "tie_rule": (["shared", "no_win"], "shared"),
    "match_wins": (None, "5"),
}

SECTION_11 = {
    "vazhushal": {},
    "vazhushal-2p-no-negative-joker": {"negative_joker": "off"},
    "vazhushal-3p-one-pack": {"packs": "1"},
    "vazhushal-3p-one-pack-line10": {"packs": "1", "line_capacity": 10, "line_overflow_card": "oldest"},
    "vazhushal-3p-one-pack-extra-jokers": {"packs": "1", "extra_jokers": "2"},
    "vazhushal-2p-joker-must-meld": {"first_joker_take": "must_meld"},
    "vazhushal-2p-joker-returned": {"first_joker_no_pure_sequence": "return_printed"},
    "vazhushal-2p-joker-left-takes": {"first_joker_no_pure_sequence": "left_must_take"},
}


def _cited_ids() -> set[str]:
    return {v for k, v in vars(R).items() if k.isupper() and isinstance(v, str)}


def test_registered():
    assert GAMES["vazhushal"] == "referee.games.vazhushal"
    assert get_game("vazhushal").name == "vazhushal"
    main = schema("transcript.schema.json")
    assert "vazhushal" in main["properties"]["game"]["enum"]
    assert schema("games/vazhushal.schema.json")["additionalProperties"] is False


def test_every_option_of_section_10():
    options = catalogue("vazhushal").options
    assert set(options) == set(SECTION_10)
    for name, (values, default) in SECTION_10.items():
        assert options[name].default == default
        if values is not None:
            assert list(options[name].values) == values
    assert (options["match_wins"].minimum, options["match_wins"].maximum) == (1, 99)


def test_every_preset_of_section_11():
    found = {p.name: p for p in presets("vazhushal")}
    assert set(found) == set(SECTION_11)
    defaults = {name: spec.parse(spec.default) for name, spec in catalogue("vazhushal").options.items()}
    for name, changes in SECTION_11.items():
        expected = dict(defaults)
        expected.update({k: (v if isinstance(v, str) else str(v)) for k, v in changes.items()})
        assert {k: str(v) for k, v in found[name].options.items()} == {k: str(v) for k, v in expected.items()}


def test_cited_rule_ids_match_the_presets_both_ways():
    cited = set()
    for preset in presets("vazhushal"):
        cited.update(preset.cites)
    assert cited == _cited_ids()
    rules = catalogue("vazhushal").rules
    assert _cited_ids() <= set(rules)
    for option_rule in R.OPTION_RULES:
        citing = [p.name for p in presets("vazhushal") if option_rule in p.cites]
        assert len(citing) == 1, (option_rule, citing)


SAMPLES = sorted((ROOT / "samples" / "vazhushal").glob("*.yaml"))


def test_one_sample_per_preset():
    named = {p.stem for p in SAMPLES}
    assert set(SECTION_11) <= named
    for name in SECTION_11:
        assert f"ruleset: {name}\n" in (ROOT / "samples" / "vazhushal" / f"{name}.yaml").read_text()


@pytest.mark.parametrize("path", [p for p in SAMPLES if p.stem != "violations"], ids=lambda p: p.stem)
def test_samples_are_legal(path):
    report = check(path.read_text(encoding="utf-8"))
    assert report.status is Status.LEGAL, [f.to_data() for f in report.findings]
    assert report.settlement["known"]


def test_violations_sample():
    report = check((ROOT / "samples" / "vazhushal" / "violations.yaml").read_text(encoding="utf-8"))
    assert report.status is Status.ILLEGAL and report.exit_code == 1
    assert sorted((f.deal, f.move or 0, f.rule) for f in report.findings) == [
        (1, 0, "VZ-9.7"), (1, 6, "VZ-9.6"), (1, 14, "VZ-6.3"), (1, 17, "VZ-8.4"), (1, 21, "VZ-6.1"),
        (2, 0, "VZ-9.7"), (2, 0, "VZ-9.7"), (2, 1, "VZ-2.8"), (2, 1, "VZ-2.9"), (2, 18, "VZ-5.2")]


def test_report_is_valid_json_for_the_report_schema():
    from referee.render import render_json
    from referee.schemas import local_validator

    report = check((ROOT / "samples" / "vazhushal" / "violations.yaml").read_text(encoding="utf-8"))
    data = json.loads(render_json([report]))
    local_validator(schema("report.schema.json")).validate(data)
