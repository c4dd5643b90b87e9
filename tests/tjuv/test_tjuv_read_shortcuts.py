"""The record reader's shortcuts (record.py) against the plain reading they stand for: claimed tables of
whole numbers, claimed winners and card lists read in one loop or map (`RecordReader.per_player`,
`names`, `cards`), and the seats' positions of a deal (`RecordPositions`) against a `Positions` holding
every path, as the reader used to register them (and the claims' and the record's keys)."""

from __future__ import annotations

import random

import pytest

from referee.games.tjuv import record as record_module
from referee.games.tjuv.record import RecordPositions, _Reader
from referee.writer import dump_yaml
from referee.yamldoc import Positions, load_document

from .tjuv_support import generated

NAMES = ("Anna", "Bo", "Cecilia", "David")
WORDS = ["Anna", "Bo", "Cecilia", "David", "Eve", "anna", "", "0", "7", "12", "007", "1234567", "123456", "-3", "x",
         "٣", "²", "10S", "AS", "QH", "5S", "JK", "ts", "9d", "AS,KS"]


def _reader() -> _Reader:
    data, _ = generated(players=4, seed=1)
    return _Reader(load_document(dump_yaml(data)), tuple(data["players"]))


def _problems(reader: _Reader) -> list[tuple]:
    return [(p.message, p.line, p.column) for p in reader.problems]


@pytest.mark.parametrize("seed", range(80))
def test_claimed_tables_winners_and_cards_read_as_the_plain_reader_reads_them(seed):
    rng = random.Random(seed)
    path = ("deals", 0, "claims")
    names = list(NAMES) + (["Eve"] if rng.random() < 0.3 else [])
    table = {name: rng.choice(WORDS[6:15]) if rng.random() < 0.3 else str(rng.randrange(37))
             for name in rng.sample(names, rng.randrange(0, len(names) + 1))}
    if rng.random() < 0.2:
        table[rng.choice(NAMES)] = rng.randrange(10)  # not text at all
    winners = [rng.choice(WORDS[:6]) if rng.random() < 0.2 else rng.choice(NAMES) for _ in range(rng.randrange(0, 4))]
    cards = " ".join(rng.choice(WORDS[15:]) if rng.random() < 0.15 else rng.choice(["AS", "KH", "6D", "10C"])
                     for _ in range(rng.randrange(0, 6)))
    raw = {"counts": table, "winners": winners, "cards": cards}

    fast, plain = _reader(), _reader()
    assert record_module._whole_numbers(fast, raw, path=path, key="counts") == plain.per_player(
        table, path + ("counts",), convert=plain.count)
    assert record_module._whole_numbers(fast, raw, path=path, key="ranking") is None
    assert record_module._winners(fast, raw, path=path) == frozenset(plain.names(winners, path + ("winners",)))
    assert record_module._card_list(fast, raw, path=path, key="cards") == plain.cards(cards, path + ("cards",))
    assert record_module._card_list(fast, raw, path=path, key="talon") is None
    assert _problems(fast) == _problems(plain)


def _plain_positions(document, raw: dict, path: tuple) -> Positions:
    """Every path registered as the reader read the deal: its keys, then each seat's entry of the
    per-seat keys (at its value) under 'key:seat'."""
    at = Positions.of(document, raw, path, key=True, itself="deal")
    seats = {name: i for i, name in enumerate(document.data["players"])}
    for key in ("round_one", "exposed", "round_two"):
        for name in raw.get(key) or {}:
            if name in seats:
                at.add(f"{key}:{seats[name]}", path + (key, name))
    return at


def _misplaced(data: dict, rng: random.Random) -> dict:
    """Seat entries written in another order, or under a name that is not a player's."""
    for deal in data["deals"]:
        for key in ("round_one", "exposed", "round_two"):
            if key in deal and rng.random() < 0.5:
                items = list(deal[key].items())
                rng.shuffle(items)
                if rng.random() < 0.3:
                    items[0] = ("Nobody", items[0][1])
                deal[key] = dict(items)
    return data


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7])
@pytest.mark.parametrize("seed", range(6))
def test_deal_positions_are_the_positions_of_every_path(players, seed):
    data, _ = generated(players=players, seed=seed, deals=2)
    data = _misplaced(data, random.Random(seed))
    document = load_document(dump_yaml(data))
    reader = _Reader(document, tuple(data["players"]))
    for number, raw in enumerate(document.data["deals"], start=1):
        made = record_module._deal(reader, raw, number=number).at
        assert isinstance(made, RecordPositions)
        plain = _plain_positions(document, raw, ("deals", number - 1))
        assert list(made) == list(plain) and len(made) == len(plain)
        assert dict(made) == dict(plain)  # every position, looked up
        for name in (*plain, "round_one:9", "exposed:x", "nothing", 3):
            assert (name in made) == (name in plain)
            assert made.get(name) == plain.get(name)
        claims = record_module._deal(reader, raw, number=number).claims
        assert claims is not None
        plain = Positions.of(document, raw["claims"], ("deals", number - 1, "claims"), key=True)
        assert list(claims.at) == list(plain) and dict(claims.at) == dict(plain) and len(claims.at) == len(plain)
    if reader.problems:  # (a name that is not a player's: the record is not read)
        return
    whole = record_module.read_record(document, tuple(data["players"])).at
    plain = Positions.of(document, document.data, (), key=True)
    assert list(whole) == list(plain) and dict(whole) == dict(plain) and "deal" not in whole


def test_a_key_named_as_the_mapping_itself_is_the_key():
    data, _ = generated(players=3, seed=2)
    document = load_document(dump_yaml(data))
    raw = document.data["deals"][0]
    for itself in ("deal", "dealer", "moves"):
        made = RecordPositions(document, raw, ("deals", 0), itself=itself)
        plain = Positions.of(document, raw, ("deals", 0), key=True, itself=itself)
        assert list(made) == list(plain) and dict(made) == dict(plain) and len(made) == len(plain)
