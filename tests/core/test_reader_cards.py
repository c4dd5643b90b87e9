"""`RecordReader.cards` (its shortcut for a list of canonical tokens) against
`RecordReader.plain_cards`, the path without it: the same cards and the
same problems, at the same lines and columns, for every text."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cards import ALL_CARDS, card
from referee.reader import RecordReader
from referee.yamldoc import load_document

ROOT = Path(__file__).resolve().parents[2]

AWKWARD = [
    "AS 10H 2C", "AS,10H,2C", "AS, 10H ,2C,", " AS  10H\t2C ", "", ",", " , ", "JK", "jk", "JK AS JK",
    "TH", "as 10h", "A\u2660 K\u2665", "AS XX 2C 1S", "AS AS", "10", "1OH", "AS\u00a0KH", "ASKH",
    "2S,,3S", "QX", "11H", " ".join(c.token for c in ALL_CARDS), "10H 10h TH th",
]


def _both(text, path=("hand",), source="hand: x\n"):
    """(cards, problems) of the shortcut, and of the plain path, each on a fresh reader."""
    out = []
    for method in ("cards", "plain_cards"):
        reader = RecordReader(load_document(source), players=("A", "B"))
        try:
            out.append((getattr(reader, method)(text, path), reader.problems))
        except Exception as exc:  # (a value that is no text: whatever the plain path raises)
            out.append((exc.__class__, reader.problems))
    return out


@pytest.mark.parametrize("text", AWKWARD + [None, 12, True, False, ["AS"]])
def test_the_shortcut_reads_as_the_plain_path(text):
    fast, plain = _both(text)
    assert fast == plain


def test_the_shortcut_reads_canonical_lists_and_leaves_the_rest_to_the_plain_path():
    reader = RecordReader(load_document("hand: x\n"), players=("A", "B"))
    assert reader.cards("AS,10H JK", ("hand",)) == (card("AS"), card("10H"), card("JK"))
    assert reader.cards("as TH", ("hand",)) == (card("AS"), card("10H")) and not reader.problems
    assert reader.cards("AS XX", ("hand",)) == (card("AS"),) and len(reader.problems) == 1


def _strings(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, path + (i,))
    elif isinstance(data, str):
        yield path, data


def test_every_text_of_the_samples_reads_alike():
    """Each string of each sample transcript, read as a card list both ways (a text that names no card is
    read too: its problems, with their positions, must match)."""
    checked = 0
    for file in sorted((ROOT / "samples").rglob("*.yaml")):
        text = file.read_text(encoding="utf-8")
        document = load_document(text)
        for path, value in _strings(document.data):
            results = []
            for method in ("cards", "plain_cards"):
                reader = RecordReader(document, players=("A", "B"))
                results.append((getattr(reader, method)(value, path), reader.problems))
            assert results[0] == results[1], (file.name, path)
            checked += 1
    assert checked > 1000
