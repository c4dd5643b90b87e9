"""The JSON report against schemas/report.schema.json and its per-game files
(schemas/report/<game>.schema.json): every sample; seeded simulated games
over every preset and player count, with option sets that reach betting
matches, staggered tables, session results, carried pots and fractions;
their single-fault mutations; and truncated copies judged in progress. The
deal and settlement objects are closed (`additionalProperties: false`), so
a key a game starts emitting fails here until the schema says what it is."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from referee.check import check_text
from referee.errors import InputError
from referee.games import GAMES, get_game
from referee.render import render_json
from referee.rulesets import catalogue, presets
from referee.schemas import fast_check, validator
from referee.writer import dump_yaml
from referee.yamldoc import load_document

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
SAMPLES = sorted((ROOT / "samples").rglob("*.yaml"))
sys.path.insert(0, str(ROOT))
from benchmarks.corpus import mutate  # noqa: E402  (benchmarks/ is not a package on the path)

#: Simulated transcripts per game, spread over its presets and player counts.
PER_GAME = {"getaway": 70, "tjuv": 50, "game-flip-flop": 10, "vazhushal": 16}
#: Options for those (and for finding the player counts each preset takes): a Vazhushal match
#: to five wins costs a second to simulate, one to two wins a tenth of that.
SHORTER = {"vazhushal": {"match_wins": "2"}}
#: Option sets that reach the data the defaults do not (simulated with the game's default preset).
OPTION_SETS = {
    "getaway": [{"betting": "pot", "match_rounds": "3"}, {"betting": "pot", "ante": "1/3", "push_push": "yes",
                                                          "match_rounds": "2"},
                {"scoring": "staggered", "staggered_table": "3,2,1", "match_rounds": "2"}, {"scoring": "legs"}],
    "tjuv": [{"session_result": "deals_won"}, {"session_result": "total_cards"}, {"dealer_tie_break": "free"}],
    "game-flip-flop": [{"stake": "1/3"}, {"unwon_pot_at_end": "report"}, {"split_rounding": "cents", "stake": "0.25"},
                       {"all_in_split_survives": "off", "on_illegal": "continue"}, {"flip_flop_show": "automatic"}],
    "vazhushal": [{"match_wins": "1"}, {"tie_rule": "no_win", "match_wins": "2"}],
}


def report_of(text: str, *, in_progress: bool = False) -> dict:
    """The whole JSON document `check --format json` writes for one transcript."""
    return json.loads(render_json([check_text(text, name="t.yaml", in_progress=in_progress)]))


_fast = fast_check("report.schema.json")


def problems(document: dict) -> list[str]:
    """The schema's errors (path: message), jsonschema's word on a failure."""
    if _fast is not None and _fast(document):
        return []
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}"
            for e in validator("report.schema.json").iter_errors(document)]


def simulated() -> Iterator[tuple[str, str]]:
    """(name, text) of the seeded games: every preset and player count, then
    the option sets under the default preset (each with one player count, in turn)."""
    for game in GAMES:
        plays = get_game(game)
        shorter = SHORTER.get(game, {})
        combos = []
        for preset in presets(game):
            for n in range(2, 9):
                try:
                    plays.simulate(preset=preset.name, players=n, seed=0,
                                   options={"match_wins": "1"} if shorter else {})
                except InputError:
                    continue
                combos.append((preset.name, n))
        for k in range(PER_GAME[game]):
            preset, n = combos[k % len(combos)]
            options = shorter if k % 4 else {}
            yield f"{game}-{preset}-{n}p-s{k}", plays.simulate(preset=preset, players=n, seed=k, options=options)
        default = catalogue(game).default_preset or game
        counts = sorted({n for preset, n in combos if preset == default})
        for k, options in enumerate(OPTION_SETS[game] * 2):
            n = counts[k % len(counts)]
            yield f"{game}-{default}-{n}p-{options}", plays.simulate(preset=default, players=n, seed=100 + k,
                                                                     options=options)


def truncated(text: str, rng: random.Random) -> str:
    """The transcript stopped part-way: some deals kept, the last cut after a
    random number of its moves (its claims and outcome dropped), no session claims."""
    data = load_document(text).data
    deals = data["deals"][: rng.randint(1, len(data["deals"]))]
    last = dict(deals[-1])
    for key in ("claims", "result", "outcome"):
        last.pop(key, None)
    if isinstance(last.get("moves"), list):
        last["moves"] = last["moves"][: rng.randint(0, len(last["moves"]))]
    data = {key: value for key, value in data.items() if key != "claims"}
    data["deals"] = [*deals[:-1], last]
    return dump_yaml(data)


#: Two deals of Game, Flip, Flop with a player joining before the second (and one leaving).
FLIP_FLOP = {"format": "1", "game": "game-flip-flop", "ruleset": "dayton", "players": ["A", "B", "C"], "stake": "1",
             "first_dealer": "C", "deals": [
                 {"dealer": "C", "hands": {"A": "AH 2D 3H 4D 5H", "B": "8C 9H 10D JH QC", "C": "2C 6D 9D KH 7C"},
                  "flip_card": "7C", "moves": ["A drop", "C show 2C"]},
                 {"dealer": "E", "between": ["join E after C"],
                  "hands": {"A": "AH 2D 3H 4D 5H", "B": "8C 9H 10D JH QC", "C": "3C 6D 9D KH 7S",
                            "E": "2C 4S JD QH 7C"},
                  "flip_card": "7C", "moves": ["A drop", "C show 3C", "C show 7S", "E show 2C", "E show 4S"]}]}


def joined_sessions() -> Iterator[tuple[str, str]]:
    """Unlimited bankrolls and a join; recorded bankrolls, a leave and a join."""
    yield "join unlimited", dump_yaml({**FLIP_FLOP, "bankrolls": "unlimited"})
    second = {"dealer": "A", "between": ["leave B", "join E 10 after B"],
              "hands": {"E": "AH 2D 3H 4D 5H", "C": "8C 9H 10D JH QC", "A": "2C 6D 9D KH 7C"}, "flip_card": "7C",
              "moves": ["E drop", "A show 2C"]}
    yield "leave and join", dump_yaml({**FLIP_FLOP, "bankrolls": {p: "10" for p in "ABC"},
                                       "deals": [FLIP_FLOP["deals"][0], second]})


@pytest.fixture(scope="module")
def corpus() -> list[tuple[str, dict]]:
    """(name, JSON document) of every report the tests below validate."""
    rng = random.Random("report-schema")
    out = []
    for path in SAMPLES:
        text = path.read_text(encoding="utf-8")
        out.append((path.name, report_of(text)))
        out.append((path.name + " in progress", report_of(text, in_progress=True)))
        for cut in range(2):
            out.append((f"{path.name} cut {cut}", report_of(truncated(text, rng), in_progress=True)))
    for name, text in joined_sessions():
        document = report_of(text)
        assert document["reports"][0]["status"] == "legal", document
        out.append((name, document))
        out.append((name + " in progress", report_of(text, in_progress=True)))
    for i, (name, text) in enumerate(simulated()):
        out.append((name, report_of(text)))
        if i % 3 == 0:
            out.append((name + " mutated", report_of(mutate(text, rng))))
        out.append((name + " cut", report_of(truncated(text, rng), in_progress=True)))
    return out


def test_every_report_follows_the_report_schema(corpus):
    wrong = {name: found[:5] for name, document in corpus if (found := problems(document))}
    assert not wrong, json.dumps(dict(list(wrong.items())[:5]), indent=1)


def features(report: dict) -> set[str]:
    """What a report shows of the variants the schema describes."""
    game, settlement, deals = report["game"], report["settlement"], report["deals"]
    found = {f"{game} settlement " + ("in progress" if "in_progress" in report else
                                      f"complete={settlement.get('complete', settlement.get('known'))}")}
    found.update(f"{game} deal " + ("in progress" if "in_progress" in d else f"settled={d['settled']}") for d in deals)
    keys = {key for d in deals for key in d} | set(settlement)
    named = {"pot", "ranking", "next_dealer", "went_out", "checked", "bankrolls"}
    found.update(f"{game} {key}" for key in keys & named)
    if game == "getaway":
        found.update(f"{game} dead" for d in deals if d.get("dead"))
        found.update(f"{game} staggered" for d in deals if sum(1 for v in d.get("points", {}).values() if v) > 1)
    if game == "game-flip-flop":
        found.update(f"{game} unlimited" for d in deals if d["settled"] and "bankrolls" not in d)
        found.update(f"{game} fraction" for d in deals for pot in d.get("pots", ()) if "/" in pot["amount"])
        found.update(f"{game} not replayed" for d in deals if not d["replayed"])
    return found


def test_the_corpus_reaches_every_variant(corpus):
    seen = set().union(*(features(r) for _, document in corpus for r in document["reports"]
                         if r["status"] != "unusable"))
    for game in GAMES:
        assert {f"{game} deal in progress", f"{game} deal settled=True", f"{game} deal settled=False",
                f"{game} settlement in progress"} <= seen, game
    assert {"getaway settlement complete=True", "getaway settlement complete=False", "getaway pot", "getaway dead",
            "getaway staggered", "tjuv ranking", "tjuv next_dealer", "tjuv settlement complete=False",
            "game-flip-flop checked", "game-flip-flop bankrolls", "game-flip-flop unlimited",
            "game-flip-flop fraction", "game-flip-flop not replayed", "vazhushal went_out"} <= seen, seen


def _sample_report(game: str) -> dict:
    path = next(p for p in SAMPLES if p.parent.name == game and "violation" not in p.name)
    document = report_of(path.read_text(encoding="utf-8"))
    assert problems(document) == []
    return document


def _settled_deal(document: dict) -> dict:
    return next(d for d in document["reports"][0]["deals"] if d["settled"])


@pytest.mark.parametrize("game", GAMES)
def test_a_key_the_schema_does_not_name_fails(game):
    document = _sample_report(game)
    _settled_deal(document)["new_key"] = 1
    assert problems(document)
    document = _sample_report(game)
    document["reports"][0]["settlement"]["new_key"] = 1
    assert problems(document)


def test_amounts_are_exact_strings_in_each_games_form():
    document = _sample_report("game-flip-flop")
    pot = _settled_deal(document)["pots"][0]
    pot["amount"] = float(pot["amount"])
    assert problems(document)
    document = _sample_report("game-flip-flop")
    _settled_deal(document)["pots"][0]["amount"] = "3"  # Getaway's form, not this game's
    assert problems(document)
    getaway = report_of((ROOT / "samples" / "getaway" / "match-empurra.yaml").read_text(encoding="utf-8"))
    settlement = getaway["reports"][0]["settlement"]
    assert "pot" in settlement and problems(getaway) == []
    settlement["pot"] = settlement["pot"] + ".00"
    assert problems(getaway)


def test_an_in_progress_settlement_needs_an_in_progress_report():
    document = _sample_report("tjuv")
    cut = report_of(truncated((ROOT / "samples" / "tjuv" / "tjuv-three-players.yaml").read_text(encoding="utf-8"),
                              random.Random(1)), in_progress=True)
    document["reports"][0]["settlement"] = cut["reports"][0]["settlement"]
    assert "in_progress" in document["reports"][0]["settlement"] and problems(document)


def test_the_report_schema_files_have_no_id_and_resolve_beside_each_other():
    for path in [SCHEMAS / "report.schema.json", *sorted((SCHEMAS / "report").glob("*.schema.json"))]:
        contents = json.loads(path.read_text(encoding="utf-8"))
        assert "$id" not in contents, path
        text = json.dumps(contents)
        for ref in {part.split('"')[0] for part in text.split('"$ref": "')[1:]}:
            target = ref.partition("#")[0]
            assert not target or (path.parent / target).resolve().is_file(), (path, ref)
    files = sorted(p.name.removesuffix(".schema.json") for p in (SCHEMAS / "report").glob("*.schema.json"))
    dispatch = json.loads((SCHEMAS / "report.schema.json").read_text(encoding="utf-8"))["$defs"]["report"]["else"]
    assert files == sorted(GAMES) == sorted(entry["if"]["properties"]["game"]["const"] for entry in dispatch["allOf"])
    assert all(entry["then"]["$ref"] == f"report/{entry['if']['properties']['game']['const']}.schema.json"
               for entry in dispatch["allOf"])


def _undescribed(node: Any, where: str) -> Iterator[str]:
    """The properties of closed objects (`additionalProperties: false`) with
    neither a description nor a bare `$ref` to a described definition."""
    if isinstance(node, dict):
        if node.get("additionalProperties") is False:
            for name, sub in node.get("properties", {}).items():
                if "description" not in sub and set(sub) != {"$ref"}:
                    yield f"{where}/properties/{name}"
        for key, sub in node.items():
            yield from _undescribed(sub, f"{where}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _undescribed(sub, f"{where}/{i}")


def test_every_property_of_the_game_files_is_described():
    missing = []
    for path in sorted((SCHEMAS / "report").glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        missing.extend(_undescribed(contents, path.name))
        missing.extend(f"{path.name}#/$defs/{name}" for name, sub in contents["$defs"].items()
                       if "description" not in sub)
    assert not missing, missing


@pytest.mark.skipif(importlib.util.find_spec("check_jsonschema") is None,
                    reason="check-jsonschema is not installed (pip install '.[test]')")
def test_check_jsonschema_resolves_the_game_files(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_sample_report("game-flip-flop")), encoding="utf-8")
    bad = _sample_report("vazhushal")
    _settled_deal(bad)["new_key"] = 1
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "check_jsonschema", "--output-format", "json", "--schemafile",
                             str(SCHEMAS / "report.schema.json"), str(good), str(tmp_path / "bad.json")],
                            capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode == 1, result.stdout + result.stderr
    errors = json.loads(result.stdout)["errors"]
    assert {Path(e["filename"]).name for e in errors} == {"bad.json"}, errors
    assert all(e["path"].startswith("$.reports[0].deals[") for e in errors), errors
