"""The rule books docs/rules/<game>.md: one entry per catalogue rule ID,
both ways, for every game; `referee explain ID` prints an entry in full and
`referee explain WORDS` searches them all."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import rulebook
from referee.cli import EXPLAIN_RESULTS, main
from referee.games import GAMES
from referee.resources import data_dir
from referee.rulesets import catalogue, presets

ROOT = Path(__file__).resolve().parents[2]
BOOKS = ("getaway", "tjuv", "game-flip-flop", "vazhushal")
HEADING = re.compile(r"^### ((?:GW|TJ|GFF|VZ)-\d+\.\d+) ", re.MULTILINE)
ID_LINE = re.compile(r"^((?:GW|TJ|GFF|VZ)-\d+\.\d+) +")


def explain(*words: str):
    return CliRunner().invoke(main, ["explain", *words])


def listed_ids(output: str) -> list[str]:
    return [m.group(1) for line in output.splitlines() if (m := ID_LINE.match(line))]


def test_every_game_has_a_rule_book():
    assert sorted(GAMES) == sorted(BOOKS)
    assert sorted(rulebook.games()) == sorted(BOOKS)


@pytest.mark.parametrize("game", BOOKS)
def test_every_catalogue_rule_has_exactly_one_entry_and_every_entry_is_in_the_catalogue(game):
    path = ROOT / "docs" / "rules" / f"{game}.md"
    assert path.is_file(), f"docs/rules/{game}.md is missing"
    headings = HEADING.findall(path.read_text(encoding="utf-8"))
    duplicated = sorted({rule for rule in headings if headings.count(rule) > 1})
    assert duplicated == []
    declared = set(catalogue(game).rules)
    assert set(headings) - declared == set(), "entries that are not in the catalogue"
    assert declared - set(headings) == set(), "catalogue rules without an entry"
    assert set(rulebook.entries(game)) == declared


@pytest.mark.parametrize("game", BOOKS)
def test_every_entry_has_a_title_and_a_text(game):
    for entry in rulebook.entries(game).values():
        assert entry.title and entry.body.strip(), entry.id


def test_the_rule_books_ship_in_the_wheel():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included["docs/rules"] == "referee/_data/docs/rules"
    assert "docs" in config["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert Path(data_dir("docs"), "rules", "getaway.md").is_file()


def test_explain_id_prints_the_whole_entry_and_the_citing_presets():
    result = explain("gw-4.4")
    assert result.exit_code == 0
    entry = rulebook.entry("GW-4.4")
    lines = result.output.splitlines()
    assert lines[0].startswith(f"GW-4.4 {entry.title}")
    shown = [line.strip() for line in lines[1:]]
    for line in entry.body.splitlines():
        assert line.strip() in shown
    assert any(line.startswith("Penalty:") for line in shown) and any(line.startswith("Example:") for line in shown)
    citing = [p.name for p in presets("getaway") if "GW-4.4" in p.cites]
    assert citing and all(name in lines[-1] for name in citing)


@pytest.mark.parametrize("rule_id", ["TJ-3.7", "GFF-3.5", "VZ-15.6", "GW-10.10"])
def test_explain_id_in_every_game(rule_id):
    result = explain(rule_id)
    assert result.exit_code == 0 and result.output.startswith(rule_id + " ")
    assert rulebook.entry(rule_id).body.splitlines()[0] in result.output


def test_an_unknown_id_exits_2_and_names_close_ids():
    result = explain("GW-4.44")
    assert result.exit_code == 2 and "GW-4.4" in result.output


def test_explain_words_finds_the_rule_titled_with_them_first():
    result = explain("revoke")
    assert result.exit_code == 0
    assert listed_ids(result.output)[0] == "GW-4.4"
    assert "GW-4.4" in listed_ids(explain("Revoking").output)


def test_search_ranks_by_words_matched_then_title_then_count():
    hits = rulebook.search("trump suit")
    keys = [(-hit.words, -hit.in_title, -hit.count) for hit in hits]
    assert keys == sorted(keys) and hits[0].words == 2
    for hit in hits:
        assert hit.line == hit.entry.title or hit.line in hit.entry.body


def test_search_lists_at_most_the_limit_and_counts_the_rest():
    hits = rulebook.search("the")
    assert len(hits) > EXPLAIN_RESULTS
    result = explain("the")
    assert result.exit_code == 0 and len(listed_ids(result.output)) == EXPLAIN_RESULTS
    assert str(len(hits) - EXPLAIN_RESULTS) in result.output


def test_search_covers_every_game():
    games = {hit.entry.game for hit in rulebook.search("deal")}
    assert games == set(BOOKS)


def test_nothing_found_exits_2_with_a_did_you_mean():
    result = explain("revokk")
    assert result.exit_code == 2 and "revoke" in result.output
    assert explain("zzzzqqq").exit_code == 2


# Move forms: `referee rules GAME --moves` ------------------------------------------------------------

SEATS = {"getaway": ("N", "E", "S", "W"), "tjuv": ("A", "B", "C"), "game-flip-flop": ("A", "B", "C"),
         "vazhushal": ("A", "B", "C")}


def moves_module(game: str):
    import importlib

    return importlib.import_module(GAMES[game] + ".moves")


def parse_example(game: str, text: str):
    seats = {name: seat for seat, name in enumerate(SEATS[game])}
    # As every game's record reader does (Getaway's MoveReader too): moves are pure values, positions stay
    # with the record.
    return moves_module(game).parse_move(text, seats=seats)


@pytest.mark.parametrize("game", BOOKS)
def test_every_move_form_has_an_example_that_parses_as_that_form(game):
    forms = moves_module(game).MOVE_FORMS
    assert len(forms) >= 5 and len({form for form, _, _ in forms}) == len(forms)
    for form, example, meaning in forms:
        assert meaning
        parse_example(game, example)  # raises MoveSyntaxError if it is no move
        form_words, example_words = form.split(), example.split()
        fixed = 1 if form_words[0] == "P" else 0  # the words after the player are the form's own
        assert example_words[fixed] in form_words[fixed].split("|"), (form, example)


@pytest.mark.parametrize("game", BOOKS)
def test_rules_moves_lists_every_form_with_its_example(game):
    result = CliRunner().invoke(main, ["rules", game, "--moves"])
    assert result.exit_code == 0
    lines = [line.strip() for line in result.output.splitlines()]
    for form, example, _ in moves_module(game).MOVE_FORMS:
        assert form in lines and f"e.g. {example}" in lines
    assert "presets:" not in lines


@pytest.mark.parametrize("game", BOOKS)
def test_rules_names_the_moves_option(game):
    result = CliRunner().invoke(main, ["rules", game])
    assert result.exit_code == 0 and f"referee rules {game} --moves" in result.output


@pytest.mark.parametrize("game", BOOKS)
def test_the_unknown_move_message_lists_the_same_forms(game):
    from referee.movetext import MoveSyntaxError

    with pytest.raises(MoveSyntaxError) as raised:
        parse_example(game, f"{SEATS[game][0]} qqqqqqqq 9H")
    assert ", ".join(form for form, _, _ in moves_module(game).MOVE_FORMS) in str(raised.value)
