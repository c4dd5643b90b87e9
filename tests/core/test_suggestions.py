"""Messages that say how to fix a mistake (issue 20): each pins where the
problem is reported (line, column) and what is suggested (the suggested
value, quoted as a token), never the wording around it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cards import cards_meant
from referee.check import check_text
from referee.cli import _complete_games, _complete_options, _complete_presets, main
from referee.report import Status
from referee.rulesets import game_named
from referee.suggest import closest

SAMPLES = Path(__file__).parents[2] / "samples"
GETAWAY = (SAMPLES / "getaway" / "seed-000-example.yaml").read_text(encoding="utf-8")
GFF = (SAMPLES / "game-flip-flop" / "carried-flop-session.yaml").read_text(encoding="utf-8")
TJUV = (SAMPLES / "tjuv" / "tjuv-three-players.yaml").read_text(encoding="utf-8")
VAZHUSHAL = (SAMPLES / "vazhushal" / "short-game.yaml").read_text(encoding="utf-8")


def edited(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


def at(text: str, needle: str, *, after: str = "") -> tuple[int, int]:
    """1-based line and column of the first `needle` (after the first `after`)."""
    offset = text.index(needle, text.index(after) if after else 0)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def problems(text: str) -> list[tuple[int | None, int | None, str]]:
    report = check_text(text, name="t.yaml")
    assert report.status is Status.UNUSABLE, report
    return [(p.line, p.column, p.message) for p in report.problems]


def only_problem(text: str) -> tuple[tuple[int | None, int | None], str]:
    found = problems(text)
    assert len(found) == 1, found
    line, column, message = found[0]
    return (line, column), message


# 1. did you mean, on every closed set

@pytest.mark.parametrize("old, new, token, meant", [
    ("ruleset: getaway", "rulset: getaway", "rulset", "'ruleset'"),
    ("  - dealer: S", "  - dealr: S", "dealr", "'dealer'"),
    ("deals:", "claims: {totlas: {N: '1'}}\ndeals:", "totlas", "'totals'"),
    ("      loser: S", "      losr: S", "losr", "'loser'"),
])
def test_an_unknown_key_names_the_key_meant_at_the_key(old, new, token, meant):
    text = edited(GETAWAY, old, new)
    where, message = only_problem(text) if token != "dealr" else _unknown_key(text)
    assert where == at(text, token)
    assert meant in message


def _unknown_key(text: str) -> tuple[tuple[int | None, int | None], str]:
    """The unknown-key problem (a misspelt required key is also missing)."""
    found = [(line, column, message) for line, column, message in problems(text) if "'dealr'" in message]
    assert len(found) == 1
    return found[0][:2], found[0][2]


def test_an_unknown_option_names_the_option_meant_not_all_of_them():
    text = edited(GETAWAY, "ruleset: getaway\n", "ruleset: getaway\noptions: {take_hnd: any}\n")
    where, message = only_problem(text)
    assert where == at(text, "take_hnd")
    assert "'take_hand'" in message and "push_push" not in message


def test_an_unknown_option_value_names_the_value_meant():
    text = edited(GETAWAY, "ruleset: getaway\n", "ruleset: getaway\noptions: {pickup: winer}\n")
    where, message = only_problem(text)
    assert where == at(text, "winer")
    assert "'winner'" in message


def test_an_unknown_game_names_the_game_meant():
    text = edited(GETAWAY, "game: getaway", "game: getway")
    where, message = only_problem(text)
    assert where == at(text, "getway")
    assert "'getaway'" in message


@pytest.mark.parametrize("written, meant", [("getway", "'getaway'"), ("Bhabhi", "'bhabhi'"),
                                            ("donky", "'donkey'"), ("tjuv", "tjuv preset")])
def test_an_unknown_ruleset_names_the_preset_meant(written, meant):
    text = edited(GETAWAY, "ruleset: getaway", f"ruleset: {written}")
    where, message = only_problem(text)
    assert where == at(text, written, after="ruleset:")
    assert meant in message


def test_a_misspelt_move_word_is_corrected_in_the_line_at_the_line():
    text = edited(GETAWAY, "W play AS", "W plya AS")
    where, message = only_problem(text)
    assert where == at(text, "W plya AS")
    assert "'W play AS'" in message and "P draw waste CARD" not in message


@pytest.mark.parametrize("sample, old, new", [
    (TJUV, "Cecilia play 10H", "Cecilia paly 10H"),
    (GFF, "      - A drop", "      - A dorp"),
    (VAZHUSHAL, "Bala meld 6H 7H 8H", "Bala mled 6H 7H 8H"),
])
def test_every_game_corrects_a_misspelt_move_word(sample, old, new):
    text = edited(sample, old, new)
    found = problems(text)
    assert (found[0][0], found[0][1]) == at(text, new.strip(" -"))
    assert f"'{old.strip(' -')}'" in found[0][2]


def test_an_unknown_player_in_a_move_lists_the_players_and_the_closest_at_its_column():
    text = edited(TJUV, "Anna play 10C", "Ana play 10C")
    where, message = only_problem(text)
    assert where == at(text, "Ana play 10C")
    assert "'Anna'" in message and "Cecilia" in message
    text = edited(GETAWAY, "W play AS", "M play AS")
    where, message = only_problem(text)
    assert where == at(text, "M play AS")
    assert all(name in message for name in ("N", "E", "S", "W"))


def test_a_bad_card_in_a_move_is_named_at_its_own_column_with_the_card_meant():
    text = edited(GETAWAY, "W play AS", "W play 1OH")
    where, message = only_problem(text)
    assert where == at(text, "1OH")
    assert "'10H'" in message


# 3. precise positions

def test_each_bad_card_of_a_hand_is_named_at_its_own_column():
    text = edited(GETAWAY, "N: JS 7S", "N: JS 1OH QX 7S")  # both refused by the schema's card pattern
    found = problems(text)
    assert [(line, column) for line, column, _ in found] == [at(text, "1OH"), at(text, "QX")]
    assert "'10H'" in found[0][2] and "'QS'" in found[1][2] and "'QC'" in found[1][2]


def test_a_card_the_schema_passes_but_no_card_is_named_at_its_column_too():
    text = edited(GETAWAY, "N: JS 7S", "N: JS 11H 7S")  # the card reader refuses it
    where, message = only_problem(text)
    assert where == at(text, "11H")
    assert "'10H'" in message


def test_a_bad_card_of_a_quoted_hand_is_at_its_column_inside_the_quotes():
    hand = "JS 7S 6S 5S 9H 8H 6H 4H QD 8D 7D 4C 3C"
    text = edited(GETAWAY, f"N: {hand}", f"N: \"JS 11H{hand[2:]}\"")
    where, _ = only_problem(text)
    assert where == at(text, "11H")


def test_a_card_dealt_twice_is_reported_at_the_later_hand_naming_both_getaway():
    text = edited(GETAWAY, "N: JS 7S", "N: JS AS 7S")
    report = check_text(text, name="t.yaml")
    twice = [f for f in report.findings if f.rule == "GW-4.11" and "AS" in f.message and "line" in f.message]
    assert len(twice) == 1
    assert (twice[0].line, twice[0].column) == at(text, "AS KS QS")  # W's hand, written after N's
    assert f"line {at(text, 'N: JS AS')[0]}" in twice[0].message and f"line {twice[0].line}" in twice[0].message


def test_a_card_dealt_twice_is_reported_at_the_later_hand_game_flip_flop():
    text = edited(GFF, "B: 8C 9H", "B: AH 9H")
    report = check_text(text, name="t.yaml")
    twice = [f for f in report.findings if f.rule == "GFF-2.2"]
    assert len(twice) == 1 and (twice[0].line, twice[0].column) == at(text, "AH 9H")
    assert "A's hand" in twice[0].message and "B's hand" in twice[0].message


def test_a_card_dealt_too_often_is_reported_at_the_hand_holding_the_copy_too_many_vazhushal():
    text = edited(VAZHUSHAL, "Bala: 7S JH", "Bala: KS KS")
    report = check_text(text, name="t.yaml")
    over = [f for f in report.findings if f.rule == "VZ-9.4"]
    assert len(over) == 1 and (over[0].line, over[0].column) == at(text, "KS KS")
    assert f"line {at(text, 'Asha: KS')[0]}" in over[0].message


def test_a_card_recorded_in_two_places_names_both_lines_tjuv():
    text = edited(TJUV, "Bo: JH 10D 8C", "Bo: AS 10D 8C")
    report = check_text(text, name="t.yaml")
    twice = [f for f in report.findings if f.rule == "TJ-2.1"]
    assert len(twice) == 1 and (twice[0].line, twice[0].column) == at(text, "AS 10D 8C")
    assert f"line {twice[0].line}" in twice[0].message


def test_a_bad_bankroll_amount_is_reported_at_the_amount_not_as_a_mapping():
    text = edited(GFF, 'bankrolls: {A: "20"', "bankrolls: {A: ten")
    where, message = only_problem(text)
    assert where == at(text, "ten")
    assert "3/2" in message


def test_a_bad_option_amount_says_how_an_amount_is_written():
    text = edited(GETAWAY, "ruleset: getaway\n", "ruleset: getaway\noptions: {ante: ten}\n")
    where, message = only_problem(text)
    assert where == at(text, "ten")
    assert "2.50" in message and "3/2" in message


# 2. aliases everywhere a game or preset is named

@pytest.mark.parametrize("name, game, preset", [
    ("bhabhi", "getaway", "getaway"), ("Bhabhi Thulla", "getaway", "getaway"), ("donkey", "getaway", "donkey"),
    ("gameflipflop", "game-flip-flop", None), ("Tattare", "tjuv", None), ("getaway", "getaway", None),
])
def test_a_game_is_named_by_its_aliases(name, game, preset):
    named = game_named(name)
    assert named is not None and (named.game, named.preset) == (game, preset)


def test_a_transcript_names_its_game_by_an_alias():
    report = check_text(edited(GETAWAY, "game: getaway", "game: Bhabhi"), name="t.yaml")
    assert report.status is Status.LEGAL and report.game == "getaway"
    no_ruleset = edited(edited(GFF, "game: game-flip-flop", "game: gameflipflop"), "ruleset: dayton\n", "")
    assert check_text(no_ruleset, name="t.yaml").game == "game-flip-flop"
    donkey = check_text(edited(edited(GETAWAY, "game: getaway", "game: donkey"), "ruleset: getaway\n", ""))
    assert donkey.ruleset == "donkey"  # a preset's name as the game plays that preset


def test_rules_and_simulate_take_an_alias_and_suggest_the_game_meant():
    runner = CliRunner()
    shown = runner.invoke(main, ["rules", "bhabhi"])
    assert shown.exit_code == 0 and shown.output.startswith("getaway:")
    wrong = runner.invoke(main, ["rules", "getway"])
    assert wrong.exit_code == 2 and "'getaway'" in wrong.output
    made = runner.invoke(main, ["simulate", "bhabhi", "--players", "3", "--seed", "1"])
    assert made.exit_code == 0 and "\ngame: getaway\n" in made.output
    option = runner.invoke(main, ["simulate", "getaway", "-o", "take_hnd=any"])
    assert option.exit_code == 2 and "'take_hand'" in option.output and "push_push" not in option.output


class _Context:
    def __init__(self, **params: object) -> None:
        self.params = params
        self.args: list[str] = []


def test_completion_offers_aliases_and_resolves_them():
    assert "bhabhi" in _complete_games(None, None, "bh") and "tattare" in _complete_games(None, None, "ta")
    assert set(_complete_presets(_Context(game="bhabhi"), None, "")) >= {"getaway", "donkey"}
    assert "tjuv" not in _complete_presets(_Context(game="bhabhi"), None, "")
    assert "steal_mode=" in _complete_options(_Context(game="tattare"), None, "steal")


def test_the_helpers_fold_case_and_guess_cards():
    assert closest("Bhabhi", ["bhabhi", "getaway"]) == ["bhabhi"]
    assert closest("M", ["N", "E"]) == []
    assert cards_meant("1OH") == ["10H"] and cards_meant("QX") == ["QS", "QH", "QD", "QC"]
    assert cards_meant("JK", jokers=False) != ["JK"]
