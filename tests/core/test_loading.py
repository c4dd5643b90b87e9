"""The YAML loader, cards, money and schemas as units."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from referee.cards import JOKER, card, parse_card, parse_cards, standard_pack
from referee.errors import InputError, shown
from referee.money import AmountError, format_decimal, format_fraction, parse_amount, split_units
from referee.resources import data_dir
from referee.yamldoc import load_document


def test_scalars_stay_text_except_true_false_null():
    doc = load_document("a: no\nb: 010\nc: 1:30\nd: 2026-11-29\ne: true\nf: ~\ng:\nh: 0x1F\ni: .inf\nj: '1'\n")
    assert doc.data == {"a": "no", "b": "010", "c": "1:30", "d": "2026-11-29", "e": True, "f": None, "g": None,
                        "h": "0x1F", "i": ".inf", "j": "1"}


def test_positions_are_kept_for_every_value():
    doc = load_document("a:\n  - x\n  - {b: y}\nc: z\n")
    assert doc.position(("a", 0)) == (2, 5)
    assert doc.position(("a", 1, "b")) == (3, 9)
    assert doc.key_position(("c",)) == (4, 1)
    assert doc.item_lines(doc.data["a"]) == [(2, 5), (3, 5)]
    assert doc.position(("nowhere", 3)) == (1, 1)


def test_duplicate_keys_name_both_lines():
    with pytest.raises(InputError) as raised:
        load_document("a: 1\nb: 2\na: 3\n")
    assert raised.value.line == 3 and "line 1" in raised.value.problems[0].message


@pytest.mark.parametrize("token,canonical", [("AS", "AS"), ("10H", "10H"), ("TH", "10H"), ("t\u2663", "10C"),
                                              ("a\u2660", "AS"), ("Q\u2666", "QD"), ("jk", "JK"), ("2c", "2C")])
def test_card_tokens(token, canonical):
    assert parse_card(token).token == canonical
    assert parse_card(token) is card(canonical)


@pytest.mark.parametrize("token", ["1S", "11H", "AX", "10", "S", "", "JKR", "0S"])
def test_not_cards(token):
    assert parse_card(token) is None


def test_parse_cards_is_parse_card_of_each_token():
    tokens = ["AS", "TH", "1S", "a\u2660", "jk", "", "2C", "AX"]
    assert parse_cards(tokens) == [parse_card(t) for t in tokens]
    assert parse_cards(["AS", "2C"]) == [card("AS"), card("2C")] and parse_cards([]) == []


def test_a_hand_with_bad_tokens_names_each_and_keeps_the_cards():
    from referee.reader import RecordReader

    reader = RecordReader(load_document("hand: AS XX 2C 1S\n"), players=("A", "B"))
    assert reader.cards("AS XX 2C 1S", ("hand",)) == (card("AS"), card("2C"))
    assert ["XX" in p.message for p in reader.problems] == [True, False]
    assert "1S" in reader.problems[1].message and reader.cards("2C TH", ("hand",)) == (card("2C"), card("10H"))


def test_packs():
    assert sum(standard_pack().values()) == 52
    assert sum(standard_pack(packs=2, jokers=4).values()) == 108
    assert sum(standard_pack(lowest=6).values()) == 36
    assert standard_pack(jokers=2)[JOKER] == 2


@pytest.mark.parametrize("text,value", [("2", Fraction(2)), ("-1.50", Fraction(-3, 2)), ("+3/2", Fraction(3, 2)),
                                        ("0.07", Fraction(7, 100)), ("19.99", Fraction(1999, 100))])
def test_amounts_are_exact(text, value):
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", ["1e100000000", ".nan", ".inf", "1/0", "1.2.3", "", "0x10", "1" * 40, "½"])
def test_not_amounts(text):
    with pytest.raises(AmountError):
        parse_amount(text)


def test_amount_formats_and_splits():
    assert format_fraction(Fraction(3, 2), signed=True) == "+3/2"
    assert format_decimal(Fraction(1, 2)) == "0.50" and format_decimal(Fraction(-1, 8)) == "-0.125"
    assert format_decimal(Fraction(1, 3)) == "1/3"
    shares = split_units(Fraction(1), ["a", "b", "c"], unit=Fraction(1, 100))
    assert shares == {"a": Fraction(34, 100), "b": Fraction(33, 100), "c": Fraction(33, 100)}


def test_shown_escapes_control_and_bidi_characters_and_truncates():
    assert shown("a\x1b[31mb\u202ec") == "a\\x1b[31mb\\u202ec"
    assert shown("x" * 1000).endswith("(1000 characters)") and len(shown("x" * 1000)) < 100


def test_every_schema_is_a_valid_draft_2020_12_schema():
    from jsonschema import Draft202012Validator

    files = sorted(Path(data_dir("schemas")).rglob("*.schema.json"))
    assert {p.name for p in files} >= {"transcript.schema.json", "ruleset.schema.json", "report.schema.json",
                                       "getaway.schema.json"}
    for path in files:
        Draft202012Validator.check_schema(json.loads(path.read_text()))


def test_positions_are_looked_up_only_when_read(monkeypatch):
    from referee.yamldoc import Document, Positions

    document = load_document("a: 1\nb:\n  - x\n  - y\n")
    asked = []
    for method in ("position", "key_position"):
        original = getattr(Document, method)
        monkeypatch.setattr(Document, method, lambda self, path, _f=original, _m=method: asked.append(_m) or _f(self, path))
    at = Positions(document)
    at.add("b", ("b",), key=True)
    at.add("second", ("b", 1))
    assert "b" in at and "a" not in at and len(at) == 2 and list(at) == ["b", "second"]
    assert asked == []
    assert at["b"] == (2, 1) and at["second"] == (4, 5) and at["b"] == (2, 1)
    assert asked == ["key_position", "position"]  # each once
    assert at.get("a", (9, 9)) == (9, 9) and dict(at) == {"b": (2, 1), "second": (4, 5)}


def test_positions_of_a_mapping_name_its_values_or_its_keys():
    from referee.yamldoc import Positions

    document = load_document("top:\n  a: x\n  b:\n    - y\n")
    values = Positions.of(document, document.data["top"], ("top",))
    keys = Positions.of(document, document.data["top"], ("top",), key=True)
    assert list(values) == list(keys) == ["a", "b"]
    assert values["a"] == (2, 6) and keys["a"] == (2, 3)
    assert values["b"] == (4, 5) and keys["b"] == (3, 3)
    named = Positions.of(document, document.data["top"], ("top",), key=True, itself="top")
    assert list(named) == ["top", "a", "b"] and named["top"] == (2, 3) and named["b"] == (3, 3)
    taken = Positions.of(document, document.data["top"], ("top",), itself="a")
    assert list(taken) == ["a", "b"] and taken["a"] == (2, 6)  # a key of that name takes it over
