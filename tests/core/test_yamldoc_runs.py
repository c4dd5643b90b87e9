"""The parser's shortcut for screened text (no `&`, no `!`: no event asked
for an anchor or a tag, a list's scalars read in a loop of their own) against
the plain path: the same data, every position, and the same error, on every
game's seeded transcripts and on broken copies of them (text inserted,
replaced or cut at random places)."""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

from referee import yamldoc
from referee.errors import InputError
from referee.games import get_game
from referee.yamldoc import Document, load_document

GAMES = {"getaway": ("getaway", 4), "tjuv": ("tjuv", 4), "game-flip-flop": ("game-flip-flop", 4),
         "vazhushal": ("vazhushal", 2)}
#: Snippets put into a transcript: list items of every kind, values YAML reads specially,
#: long values, keys met twice, deep nesting, flow collections, syntax errors, odd line ends.
SNIPPETS = [
    "\n      - true", "\n      - ~", "\n      - ''", "\n      - 'quoted move'", '\n      - "a\\tb"',
    "\n      - [a, b]", "\n      - {a: b}", "\n      - a: b", "\n      -", "\n      - - x", "\n      - null",
    "\n      - " + "x" * 5000, "\n    dealer: A", "\n    hands: {}", ": x", "- ", "[", "]", "{", "}", ",",
    "'", '"', "\t", "\r", "\u2028", "\x85", "#", "---\n", "\n---\n", "\n...\n", "%YAML 1.1\n", "\n  - " + "[" * 40,
    "\n      - |\n        block\n", "\n      - >-\n        folded\n", " \\", "?", ":", "\n", "  ", "x: y",
]


def _plain(monkeypatch: pytest.MonkeyPatch, text: str) -> Document | InputError:
    with monkeypatch.context() as patch:
        patch.setattr(yamldoc, "_screened", lambda text: False)
        return _load(text)


def _load(text: str) -> Document | InputError:
    try:
        return load_document(text, name="t.yaml")
    except InputError as exc:
        return exc


def _paths(node: Any, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, path + (i,))


def _same(fast: Document | InputError, plain: Document | InputError) -> None:
    if isinstance(plain, InputError):
        assert isinstance(fast, InputError) and str(fast) == str(plain)
        assert [(p.message, p.line, p.column) for p in fast.problems] == \
            [(p.message, p.line, p.column) for p in plain.problems]
        return
    assert isinstance(fast, Document)
    assert fast.data == plain.data and type(fast.data) is type(plain.data)
    for path in _paths(plain.data):
        assert fast.position(path) == plain.position(path), path
        assert fast.key_position(path) == plain.key_position(path), path
    for path in _paths(plain.data):
        node: Any = plain.data
        for step in path:
            node = node[step]
        if isinstance(node, list):
            fast_node: Any = fast.data
            for step in path:
                fast_node = fast_node[step]
            assert fast.item_lines(fast_node) == plain.item_lines(node), path


def _transcripts() -> list[str]:
    texts = []
    for game, (preset, players) in GAMES.items():
        simulate = get_game(game).simulate
        texts += [simulate(preset=preset, players=players, seed=seed, options={}) for seed in range(2)]
    return texts


def test_the_shortcut_is_taken_on_the_usual_text():
    text = _transcripts()[-1]
    assert yamldoc._screened(text) and not yamldoc._screened(text + "\n# a & b\n")


@pytest.mark.parametrize("text", _transcripts())
def test_a_transcript_reads_the_same_both_ways(monkeypatch, text):
    _same(_load(text), _plain(monkeypatch, text))


def test_broken_copies_read_or_fail_the_same_both_ways(monkeypatch):
    rng = random.Random(25)
    texts = _transcripts()
    for round_ in range(400):
        text = rng.choice(texts)
        lines = text.split("\n")
        # Mostly within the move lists, where the loop of their own runs.
        at = rng.randrange(len(lines))
        line = lines[at]
        action = rng.randrange(4)
        cut = rng.randrange(len(line) + 1)
        if action == 0:
            lines[at] = line[:cut] + rng.choice(SNIPPETS) + line[cut:]
        elif action == 1:
            lines[at] = line[:cut] + rng.choice(SNIPPETS)
        elif action == 2:
            lines[at:at] = [lines[rng.randrange(len(lines))]]  # a line again (a key twice, at times)
        else:
            lines = lines[:at]
        broken = "\n".join(lines)
        if not yamldoc._screened(broken):
            continue
        _same(_load(broken), _plain(monkeypatch, broken))


def test_small_forms_read_the_same_both_ways(monkeypatch):
    for text in ["- a\n- b\n", "[a, true, ~, '', 'x']\n", "a:\n  - b\n  -\n  - - c\n    - d\n  - {e: f}\n",
                 "a:\n- 1\n- 2\nb: []\n", "x\n", "- " + "y" * 4097 + "\n", "a: [b, [c, [d]], e]\n",
                 "a:\n  - b\n  - c\nd: 1\na: 2\n", "- a\n- b: c\n  b: d\n", "- a\n- [b\n"]:
        _same(_load(text), _plain(monkeypatch, text))


def _eager(mapping: dict, path: tuple, *, key: bool, itself: Any) -> dict:
    """What `Positions.of` names, built at once (as it was before it waited to be asked)."""
    paths = {} if itself is None else {itself: (path, False)}
    paths.update({name: (path + (name,), key) for name in mapping})
    return paths


def test_positions_of_a_mapping_wait_yet_name_the_same():
    from referee.yamldoc import Positions

    text = get_game("vazhushal").simulate(preset="vazhushal", players=2, seed=3, options={})
    document = load_document(text)
    rng = random.Random(7)
    places = [(path, node) for path in _paths(document.data) for node in [_at(document.data, path)]
              if isinstance(node, dict)]
    for path, mapping in places:
        for key in (False, True):
            for itself in (None, "deal", next(iter(mapping), None)):
                fresh = Positions.of(document, mapping, path, key=key, itself=itself)
                for name, (where, as_key) in _eager(mapping, path, key=key, itself=itself).items():
                    assert fresh[name] == (document.key_position if as_key else document.position)(where)
                with pytest.raises(KeyError):
                    fresh["no such name"]  # looked up one by one, before the table is made
                assert list(fresh) == list(_eager(mapping, path, key=key, itself=itself))
                at = Positions.of(document, mapping, path, key=key, itself=itself)
                if rng.random() < 0.5:  # added to before or after being read
                    assert len(at) == len(_eager(mapping, path, key=key, itself=itself))
                added = {"extra": (path, False), next(iter(mapping), "x"): (path + ("x",), True)}
                for name, (where, as_key) in added.items():
                    at.add(name, where, key=as_key)
                expected = _eager(mapping, path, key=key, itself=itself)
                expected.update(added)
                assert list(at) == list(expected) and len(at) == len(expected)
                for name, (where, as_key) in expected.items():
                    assert name in at
                    assert at[name] == (document.key_position if as_key else document.position)(where)
                assert "no such name" not in at


def _at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data
