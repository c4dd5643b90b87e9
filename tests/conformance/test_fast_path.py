"""The fast paths against the plain path, for every game in the registry
whose `State` offers one (`BatchState.run`), over every preset and the
option sets that reach other shortcuts: seeded games and broken copies of
them (a move line dropped, repeated or moved, a card changed), each deal
replayed

- by the plain path, one move at a time (the game's full rule path where its
  `apply` itself takes shortcuts, `PLAIN`; otherwise `apply`);
- by `apply` one move at a time (what `show` and the recorder step), where
  that is not the plain path: compared after every move;
- by `run` on a fresh state over the first k moves (what the check does),
  compared at every k (every few k in long deals: `CHECKS`, `BUDGET`), at
  every stop, and at the end, after `finish()`.

Compared: every finding (move, rule, player, message, penalty, severity,
stop), and the whole state, every attribute of it read recursively (what a
later move, the end or the result can depend on), `show`'s table and the
result. A game offering no `run` is skipped. REFEREE_PROPERTY_GAMES sets the
seeded games per preset (default 2; half as many per option set).

This replaces the per-game fast-path tests of Getaway, Game Flip Flop and
Vazhushal; a game's own record forms stay in its tests (Tjuv's, for one).
"""

from __future__ import annotations

import enum
import os
import random
import re
from collections import Counter, deque
from dataclasses import fields, is_dataclass
from fractions import Fraction
from functools import cache, partial
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any, Callable, Iterable, Iterator

import pytest

from referee.cards import Card
from referee.core import driver
from referee.errors import InputError
from referee.games import REGISTRY
from referee.rulesets import presets
from referee.transcript import read_header
from referee.writer import dump_yaml
from referee.yamldoc import load_document
from tests.conformance.minigame import registered

GAMES = int(os.environ.get("REFEREE_PROPERTY_GAMES", "2"))  # seeded games per preset (half as many per variant)
DEALS = 3  # deals compared per game (and broken, one copy each)
CHECKS = 120  # prefixes of a deal `run` replays (at most; every move in shorter deals)
BUDGET = 12_000  # and moves it replays over them, at most: the stride between compared prefixes follows
COUNTS = range(2, 9)


def _getaway_plain(state: Any, move: Any, index: int) -> None:
    state._apply(move, index)  # the full rule path alone, without the shortcuts of `replay`


def _flip_flop_plain(state: Any, move: Any, index: int) -> None:
    state.applied += 1  # what `apply` does around the full checks
    state._apply_checked(move)


#: Games whose `apply` takes shortcuts of its own: their full rule path, one move at a time.
PLAIN: dict[str, Callable[[Any, Any, int], None]] = {"getaway": _getaway_plain, "game-flip-flop": _flip_flop_plain}

#: Attributes, by class, that say how the state was driven, not where the deal stands: the findings (compared
#: on their own), Getaway's index of the move being applied (`apply` leaves it to the driver) and its trick's
#: cursor of whose turn it is, which each path moves on lazily (`to_play()` is compared).
DRIVEN = {("*", "findings"), ("Round", "index"), ("Trick", "turn"), ("TjuvDeal", "_move_start"),
          # Vazhushal's memos of a meld's check and identity, filled when first asked
          ("TableMeld", "_check"), ("TableMeld", "_identity")}
#: Attributes, by class, read through a function first: Vazhushal keys a phase's new melds by the identity of
#: the meld object, which differs between two states (their cards are compared).
READ: dict[tuple[str, str], Callable[[Any], Any]] = {("Turn", "new_melds"): lambda melds: [m for _, m in melds]}

#: Option sets beyond the presets (preset, options), for the shortcuts they reach.
VARIANTS: dict[str, list[tuple[str, dict[str, str]]]] = {
    "getaway": [
        ("donkey", {"donkey_trump": "played"}),
        ("getaway", {"direction": "counterclockwise", "take_hand": "leader"}),
        ("getaway", {"packs": "2", "deal_extras": "big_hand"}),
        ("getaway", {"deal_extras": "discard_low", "dealer": "loser", "match_rounds": "3"}),
        ("getaway", {"empty_power": "draw_next_hand"}),
        ("getaway", {"empty_power": "draw_any_hand", "first_trick_order": "clockwise"}),
        ("getaway", {"empty_power": "pass_lead", "last_card_high": "yes"}),
        ("getaway", {"first_trick": "normal", "trump": "spades", "must_trump": "no"}),
        ("getaway-pickup-breaker", {"trump": "donkey", "scoring": "staggered", "match_rounds": "3"}),
        ("getaway-no-pickup", {"empty_power": "draw_waste", "take_hand": "any"}),
        ("getaway-pickup-breaker", {"take_hand": "any"}),
        ("getaway-pickup-breaker", {"take_hand": "leader", "empty_power": "draw_waste"}),
    ],
    "game-flip-flop": [
        ("dayton", options) for options in (
            {"reserve_rule": "off"}, {"stock_end": "at_draw"}, {"declare_window": "before_play"},
            {"flip_flop_show": "automatic"}, {"retake_discard": "forbidden"}, {"allow_drop": "off"},
            {"all_in_split_survives": "off", "on_illegal": "continue"}, {"allow_49_50": "off"},
            {"flop_carry_ante": "double"}, {"unwon_pot_at_end": "report", "stake": "1/3"})
    ],
    "tjuv": [("tjuv", {"steal_mode": "mandatory"}), ("tjuv", {"on_violation": "continue"}),
             ("tjuv", {"steal_mode": "all_or_none", "on_violation": "continue"})],
    "vazhushal": [("vazhushal", {"match_wins": "2"})],
}


def _cases() -> Iterator[Any]:
    with registered():
        for entry in REGISTRY:
            for preset in presets(entry.name):
                yield pytest.param(entry.name, preset.name, (), id=f"{entry.name}:{preset.name}")
            for preset, options in VARIANTS.get(entry.name, ()):
                text = ",".join(f"{k}={v}" for k, v in options.items())
                yield pytest.param(entry.name, preset, tuple(options.items()), id=f"{entry.name}:{preset},{text}")


@pytest.fixture(autouse=True)
def _with_the_test_game():
    with registered():
        yield


# ------------------------------------------------------------ the state, read whole


def _plain(value: Any, seen: dict[int, Any]) -> Any:
    """`value` as nested tuples of plain values, every attribute of every object read."""
    return _read(value, seen)[0]


def _read(value: Any, seen: dict[int, Any]) -> tuple[Any, bool]:
    """`_plain`, and whether nothing in `value` can change (a tuple or frozen
    dataclass of such values: it is read once, and remembered in `seen`)."""
    how = _how(type(value))
    if how == "atom":
        return value, True
    if how == "card":
        return value.token, True
    key = id(value)
    if key in seen:
        return seen[key][1], True
    if how == "counter":
        return ("Counter", _sorted((_plain(k, seen), n) for k, n in value.items() if n)), False
    if how == "dict":
        return ("dict", _sorted((_plain(k, seen), _plain(v, seen)) for k, v in value.items())), False
    if how == "set":
        return ("set", _sorted(_plain(v, seen) for v in value)), False
    if how == "list":
        return (type(value).__name__, tuple(_plain(v, seen) for v in value)), False
    if how == "callable":
        return ("callable", getattr(value, "__qualname__", type(value).__name__)), True
    parts = list(enumerate(value)) if how == "tuple" else _attributes(value)
    read = [(k, _read(v, seen)) for k, v in parts]
    out = (type(value).__name__, tuple((k, v) for k, (v, _) in read))
    fixed = how != "object" and all(f for _, (_, f) in read)
    if fixed:
        seen[key] = (value, out)  # kept alive, so its id is not reused
    return out, fixed


def _sorted(items: Iterable[Any]) -> tuple:
    """Items in a set order (a mapping's or a set's order is no part of the state)."""
    items = list(items)
    try:
        items.sort()
    except TypeError:
        items.sort(key=repr)
    return tuple(items)


@cache
def _how(kind: type) -> str:
    """How `_read` reads a value of this type."""
    if kind is type(None) or issubclass(kind, (bool, int, str, float, Fraction, enum.Enum)):
        return "atom"
    for base, how in ((Card, "card"), (Counter, "counter"), (dict, "dict"), ((set, frozenset), "set"),
                      ((list, deque), "list"), (tuple, "tuple")):
        if issubclass(kind, base):
            return how
    if is_dataclass(kind) and (kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
                               or getattr(kind.__setattr__, "__module__", None) == "referee.frozen"):
        return "frozen"  # a frozen dataclass (`dataclass(frozen=True)`, or `referee.frozen.frozen`'s)
    if issubclass(kind, (FunctionType, MethodType, BuiltinFunctionType, partial)):
        return "callable"
    return "object"


def _attributes(value: Any) -> list[tuple[str, Any]]:
    """The values of an object's attributes (by name; those in `DRIVEN` left out, those in `READ` read through)."""
    kind = type(value)
    names = _slots(kind)
    if hasattr(value, "__dict__"):
        names = tuple(sorted(set(names) | set(vars(value))))
    name = kind.__name__
    return [(k, READ.get((name, k), _same)(getattr(value, k))) for k in names
            if hasattr(value, k) and ("*", k) not in DRIVEN and (name, k) not in DRIVEN]


@cache
def _slots(kind: type) -> tuple[str, ...]:
    if is_dataclass(kind):
        return tuple(f.name for f in fields(kind))
    return tuple(sorted({s for c in kind.__mro__ for s in getattr(c, "__slots__", ()) if not s.startswith("__")}))


def _same(value: Any) -> Any:
    return value


def _state(state: Any, seen: dict[int, Any], *, shown: bool = True) -> tuple:
    """Where the deal stands: every attribute (`shown`: and what is read from them: `show`'s
    table, who is to play, the result)."""
    if not shown:
        return (_plain(state, seen),)
    snapshot = state.snapshot(hide_hands=False)
    return (_plain(state, seen), snapshot.lines, repr(snapshot.data), state.to_play(), state.stopped, state.over,
            repr(state.result()))


def _differ(a: Any, b: Any, path: str = "") -> str:
    """Where two read states first differ (for the failure message)."""
    if type(a) is tuple and type(b) is tuple and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                label = x[0] if type(x) is tuple and len(x) == 2 and isinstance(x[0], (str, int)) else i
                return _differ(x, y, f"{path}/{label}")
    return f"{path}: {a!r:.300} != {b!r:.300}"


def _findings(found: Any, at: int | None = None) -> list[tuple]:
    return [(f.move if f.move is not None else at, f.rule, f.player, f.message, f.penalty, f.severity, f.stops_deal)
            for f in found]


# ------------------------------------------------------------ the games


def _text(name: str, preset: str, seed: int, options: tuple[tuple[str, str], ...]) -> str | None:
    engine = REGISTRY.game(name)
    for k in range(len(COUNTS)):
        try:
            return engine.simulate(preset=preset, players=COUNTS[(seed + k) % len(COUNTS)], seed=seed,
                                   options=dict(options))
        except InputError:
            continue
    return None


def _deals(name: str, text: str) -> Iterator[tuple[int, Any, Callable[[], Any]]]:
    """Each replayed deal with moves: (number, its moves, a maker of its state as the check opens it).
    The deals are completed and closed as the check does it."""
    engine = REGISTRY.game(name)
    document = load_document(text)
    header = read_header(document)
    match = engine.match(engine.read(document, header), header)
    deals = match.deals()
    for number, run in enumerate(driver.walk(match), start=1):
        if run.state is not None and run.opening.replay and run.opening.moves:
            deal = deals[number - 1]
            yield run.opening.number, tuple(run.opening.moves), lambda deal=deal: match.open(deal).state


_CARD = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[SHDC](?![\w])")


def _broken(lines: list[str], rng: random.Random) -> list[str]:
    """A move line dropped, repeated or moved a few places, or a card in it changed to another of the deal's."""
    lines = list(lines)
    i = rng.randrange(len(lines))
    op = rng.randrange(4)
    tokens = sorted({t for line in lines for t in _CARD.findall(line)})
    if op == 0 and _CARD.search(lines[i]) and tokens:
        lines[i] = _CARD.sub(lambda m: rng.choice(tokens), lines[i], count=1)
    elif op == 1:
        del lines[i]
    elif op == 2:
        lines.insert(i, lines[rng.randrange(len(lines))])
    else:
        j = min(len(lines) - 1, i + rng.randint(1, 3))
        lines[i], lines[j] = lines[j], lines[i]
    return lines


def _with(text: str, number: int, lines: list[str]) -> str:
    data = load_document(text).data
    data["deals"][number - 1]["moves"] = lines
    return dump_yaml(data)


# ------------------------------------------------------------ both ways


def _compare(name: str, moves: tuple, fresh: Callable[[], Any]) -> bool:
    """One deal both ways; whether the plain path stopped."""
    seen: dict[int, Any] = {}
    plain = fresh()
    _same_state(_state(fresh(), seen), _state(plain, seen), "a second opening")
    plain_step = PLAIN.get(name)
    stepped = fresh() if plain_step is not None else None
    stride = max(1, -(-len(moves) // CHECKS), len(moves) ** 2 // (2 * BUDGET))
    found: list[tuple] = []
    done = 0
    for k, move in enumerate(moves, start=1):
        before = len(plain.findings)
        if stepped is not None:
            plain_step(plain, move, k)  # type: ignore[misc]  # set with `stepped`
            assert _findings(stepped.apply(move), k) == _findings(plain.findings[before:], k), k
            _same_state(_state(stepped, seen, shown=False), _state(plain, seen, shown=False), f"apply, move {k}")
        else:
            plain.apply(move)
        found.extend(_findings(plain.findings[before:], k))
        done = k
        if k % stride == 0 or plain.stopped or k == len(moves):
            batch = fresh()
            assert _findings(batch.run(moves[:k])) == found, k
            _same_state(_state(batch, seen), _state(plain, seen), f"run, move {k}")
        if plain.stopped:
            break
    batch = fresh()
    batch.run(moves)
    last = _findings(plain.finish(), done)
    assert _findings(batch.finish(), len(moves)) == last
    now = _state(plain, seen)
    _same_state(_state(batch, seen), now, "run, finished")
    if stepped is not None:
        assert _findings(stepped.finish(), done) == last
        _same_state(_state(stepped, seen), now, "apply, finished")
    return plain.stopped


def _same_state(fast: tuple, plain: tuple, where: str) -> None:
    """The two read states are equal (no walrus in the asserts: pytest's rewriting mixes them up)."""
    if fast != plain:
        pytest.fail(f"{where}: {_differ(fast, plain)}")


@pytest.mark.parametrize(("name", "preset", "options"), list(_cases()))
def test_fast_path_equals_the_plain_path(name, preset, options):
    rng = random.Random(f"{name}:{preset}:{options}")
    compared = broken = stops = 0
    for seed in range(1, (GAMES if not options else max(1, GAMES // 2)) + 1):
        text = _text(name, preset, seed, options)
        assert text is not None, seed
        raw = load_document(text).data["deals"]
        for count, (number, moves, fresh) in enumerate(_deals(name, text)):  # each compared while it is open
            if not hasattr(type(fresh()), "run"):  # as the driver tells a `BatchState`
                pytest.skip(f"{name} offers no fast path")
            if count == DEALS:
                break
            _compare(name, moves, fresh)
            compared += 1
            try:
                copy = _with(text, number, _broken(list(raw[number - 1]["moves"]), rng))
                opened = next(((m, f) for n, m, f in _deals(name, copy) if n == number), None)
            except InputError:
                continue
            if opened is not None:
                stops += _compare(name, *opened)
                broken += 1
    assert compared and broken, (compared, broken)
