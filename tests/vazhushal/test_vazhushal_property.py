"""Seeded random legal games replay clean under every preset, cards are
conserved after every move, the generator is deterministic, and broken
copies of legal transcripts are caught with the right rule at the right move.

The number of games (deals) per preset is REFEREE_PROPERTY_GAMES (default
30); the acceptance figure is 500:

    REFEREE_PROPERTY_GAMES=500 python -m pytest tests/vazhushal/test_vazhushal_property.py
"""

from __future__ import annotations

import os
from typing import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.check import check_text
from referee.games.vazhushal import GAME
from referee.games.vazhushal.deal import check_deal
from referee.games.vazhushal.engine import GameState
from referee.games.vazhushal.moves import Discard, DrawLine, DrawStock, Meld, Move, write_move
from referee.games.vazhushal.options import VazhushalOptions
from referee.games.vazhushal.record import read_record
from referee.games.vazhushal.simulate import NAMES, generate, transcript_data
from referee.report import Status
from referee.rulesets import resolve
from referee.writer import dump_yaml
from referee.yamldoc import load_document

GAMES = int(os.environ.get("REFEREE_PROPERTY_GAMES", "30"))

PRESETS = {
    "vazhushal": (2, 3, 4, 5, 6),
    "vazhushal-2p-no-negative-joker": (2,),
    "vazhushal-3p-one-pack": (3,),
    "vazhushal-3p-one-pack-line10": (3,),
    "vazhushal-3p-one-pack-extra-jokers": (3,),
    "vazhushal-2p-joker-must-meld": (2,),
    "vazhushal-2p-joker-returned": (2,),
    "vazhushal-2p-joker-left-takes": (2,),
}


def opts(preset: str, **overrides: str) -> VazhushalOptions:
    return VazhushalOptions.from_values(resolve("vazhushal", preset, overrides).values)


def replay(data: dict) -> Iterator[tuple[int, Move, GameState]]:
    """Every move of a transcript with the engine state just before it."""
    document = load_document(dump_yaml(data))
    players = tuple(data["players"])
    record = read_record(document, players)
    options = VazhushalOptions.from_values(resolve("vazhushal", data["ruleset"], data.get("options") or {}).values)
    previous = None
    for deal in record.deals:
        setup = check_deal(options, deal, players=players, previous_dealer=previous)
        state = GameState(options=options, players=players, hands=deal.dealt.hands, setup=setup,
                          dealer=deal.dealer, deal=deal.number)
        for move in deal.moves:
            yield deal.number, move, state
            state.apply(move)
        state.finish()
        previous = deal.dealer


# ----------------------------------------------------------- legal games

def _transcripts(preset: str) -> Iterator[dict]:
    """Simulated legal matches of `preset`, GAMES deals in all."""
    options = opts(preset)
    counts = PRESETS[preset]
    deals = seed = 0
    while deals < GAMES:
        players = NAMES[:counts[seed % len(counts)]]
        games = generate(options=options, players=players, seed=seed)
        for game in games:
            assert game.state.findings == [], (preset, seed, game.state.findings[:3])
            assert game.state.result().settled
        yield transcript_data(preset=preset, overrides={}, options=options, players=players, games=games)
        deals += len(games)
        seed += 1


@pytest.mark.parametrize("preset", list(PRESETS))
def test_seeded_legal_games_replay_clean_and_broken_copies_are_caught(preset):
    caught: dict[str, int] = {}
    for data in _transcripts(preset):
        report = check_text(dump_yaml(data), name=preset)
        assert report.status is Status.LEGAL, (preset, [f.to_data() for f in report.findings[:3]])
        totals = {}
        for number, move, state in replay(data):
            before = totals.setdefault(number, state.census())
            assert state.census() == before, (preset, number, move)
        for deal in data["deals"]:
            single = dict(data, deals=[deal])
            single.pop("claims", None)
            for kind, expected, (index, text) in broken_copies(single):
                broken = dict(single, deals=[dict(deal, moves=text)])
                assert_caught(check_text(dump_yaml(broken)), 1, index, expected)
                caught[kind] = caught.get(kind, 0) + 1
    for kind in [b[0] for b in BREAKERS] + ["take after the stock"]:
        assert caught.get(kind), (preset, kind, caught)


@given(st.integers(min_value=0, max_value=10**6), st.sampled_from(list(PRESETS)))
@settings(max_examples=5, deadline=None)
def test_same_seed_same_text(seed, preset):
    players = PRESETS[preset][seed % len(PRESETS[preset])]
    first = GAME.simulate(preset=preset, players=players, seed=seed, options={"match_wins": "1"})
    assert first == GAME.simulate(preset=preset, players=players, seed=seed, options={"match_wins": "1"})
    assert check_text(first).status is Status.LEGAL


# ---------------------------------------------------------- broken copies
#
# Each breaker looks at a move and the state just before it, and returns the
# move line that breaks the transcript there (or None). The expected rules
# are the only findings at that move, and nothing is reported earlier.


def _in_own_turn(state: GameState, move: Move) -> bool:
    return state.turn is not None and state.turn.player == getattr(move, "player", None)


def break_meld(move: Move, state: GameState) -> str | None:
    """A three-card meld laid by a player who already has a pure sequence loses a card: VZ-3.10."""
    if not isinstance(move, Meld) or len(move.tokens) != 3 or not _in_own_turn(state, move):
        return None
    turn = state.turn
    if not turn.had_pure or turn.takes or turn.new_melds:
        return None
    return write_move(Meld(player=move.player, tokens=move.tokens[:2]), state.players)


def break_depth(move: Move, state: GameState) -> str | None:
    """A take by a player without melds one card deeper: the key card is in no new meld (VZ-5.2)."""
    if not isinstance(move, DrawLine) or state.melds[move.player] or move.depth >= len(state.line):
        return None
    if state.line.reaches_bottom_joker(move.depth + 1) or state.forced_player is not None:
        return None
    *taken, deeper = state.line.top(move.depth + 1)
    if deeper in state.hands[move.player] or deeper in taken:
        return None  # a copy of it could be melded too (VZ-15.2)
    return f"{state.players[move.player]} draw line {move.depth + 1}"


def break_purity(move: Move, state: GameState) -> str | None:
    """A first pure sequence with a card replaced by a wild card standing for it: VZ-3.8."""
    if not isinstance(move, Meld) or state.melds[move.player] or not _in_own_turn(state, move):
        return None
    if state.turn.takes or state.turn.new_melds or any(t.declared for t in move.tokens):
        return None
    hand = state.hands[move.player]
    laid = [t.card for t in move.tokens]
    wilds = [c for c in hand if hand[c] > 0 and state.wild.is_wild(c) and c not in laid]
    if not wilds:
        return None
    tokens = " ".join([f"{wilds[0].token}={laid[0].token}"] + [c.token for c in laid[1:]])
    return f"{state.players[move.player]} meld {tokens}"


def break_discard(move: Move, state: GameState) -> str | None:
    """A melded card discarded instead: VZ-6.3."""
    if not isinstance(move, Discard) or move.out or not _in_own_turn(state, move):
        return None
    hand = state.hands[move.player]
    if sum(hand.values()) < 2:
        return None
    melded = [p.card for m in state.melds[move.player] for p in m.cards
              if hand[p.card] <= 0 and p.card is not state.turn.forced_card]  # that would be VZ-10.6 too
    return f"{state.players[move.player]} discard {melded[0].token}" if melded else None


def break_stock(move: Move, state: GameState) -> str | None:
    """A stock draw of a card the drawer holds (so not in the stock): VZ-9.3."""
    if not isinstance(move, DrawStock):
        return None
    hand = state.hands[move.player]
    held = [c for c in hand if hand[c] > 0 and c not in state.stock.unknown and c not in state.stock.under]
    return f"{state.players[move.player]} draw stock {held[0].token}" if held else None


def break_turn(move: Move, state: GameState) -> str | None:
    """A draw by the player after the one whose turn it is: VZ-9.2."""
    if not isinstance(move, DrawStock) or state.first_turn or state.turn is not None:
        return None
    return f"{state.players[(move.player + 1) % state.n]} draw stock {move.card.token}"


def break_declaration(move: Move, state: GameState) -> str | None:
    """A printed joker's declaration left out: VZ-9.6."""
    if not isinstance(move, Meld):
        return None
    jokers = [t for t in move.tokens if t.card.token == "JK" and t.declared is not None]
    if not jokers:
        return None
    words = ["JK" if t is jokers[0] else t.card.token + (f"={t.declared.token}" if t.declared else "")
             for t in move.tokens]
    return f"{state.players[move.player]} meld {' '.join(words)}"


def _discard_next(moves: list[str], index: int, name: str) -> bool:
    """The move after `index` ends the same player's meld phase (so nothing else touches the meld)."""
    following = moves[index] if index < len(moves) else ""
    return following.startswith((f"{name} discard ", f"{name} out "))


BREAKERS = [
    ("invalid meld", {"VZ-3.10"}, break_meld),
    ("too deep", {"VZ-5.2"}, break_depth),
    ("first meld not pure", {"VZ-3.8"}, break_purity),
    ("melded card discarded", {"VZ-6.3"}, break_discard),
    ("card not in stock", {"VZ-9.3"}, break_stock),
    ("out of turn", {"VZ-9.2"}, break_turn),
    ("undeclared joker", {"VZ-9.6"}, break_declaration),
]


def broken_copies(data: dict) -> Iterator[tuple[str, set[str], tuple[int, list[str]]]]:
    """For a one-deal transcript: each breaker's first broken copy (kind, rules, (move index, moves))."""
    found: dict[str, tuple[int, str]] = {}
    moves = data["deals"][0]["moves"]
    for _, move, state in replay(data):
        index = state.count + 1  # the moves applied so far, and this one
        for kind, _, breaker in BREAKERS:
            if kind not in found:
                new = breaker(move, state)
                if new is not None and (breaker not in (break_meld, break_purity)
                                        or _discard_next(moves, index, state.players[move.player])):
                    found[kind] = (index, new)
    for kind, expected, _ in BREAKERS:
        if kind in found:
            index, new = found[kind]
            yield kind, expected, (index, moves[:index - 1] + [new] + moves[index:])
    if "end stock" in moves:  # a take in the final phase: VZ-5.11
        at = moves.index("end stock") + 1
        yield "take after the stock", {"VZ-5.11"}, (at + 1, moves[:at] + [f"{data['players'][0]} draw line 1"]
                                                    + moves[at:])


def legal(preset: str, seed: int) -> dict:
    players = PRESETS[preset][seed % len(PRESETS[preset])]
    return load_document(GAME.simulate(preset=preset, players=players, seed=seed, options={})).data


def assert_caught(report, number: int, index: int, expected: set[str]) -> None:
    early = [f for f in report.findings if f.deal is not None and f.move is not None
             and (f.deal, f.move) < (number, index)]
    assert early == [], early
    assert {f.rule for f in report.findings if (f.deal, f.move) == (number, index)} == expected


@pytest.mark.parametrize("kind,expected,breaker", BREAKERS, ids=[b[0] for b in BREAKERS])
def test_each_kind_of_broken_copy_is_caught(kind, expected, breaker):
    """The first breakable move in the first seeds of the default preset."""
    for seed in range(60):
        data = legal("vazhushal", seed)
        for number, move, state in replay(data):
            new = breaker(move, state)
            moves = data["deals"][number - 1]["moves"]
            index = state.count + 1
            if new is not None and (breaker not in (break_meld, break_purity)
                                    or _discard_next(moves, index, state.players[move.player])):
                moves[index - 1] = new
                assert_caught(check_text(dump_yaml(data)), number, index, expected)
                return
    pytest.fail(f"no move to break ({kind})")


OPTION_RUNS = [
    {"negative_joker_drawable": "yes"}, {"printed_joker_as_negative": "aces_wild"}, {"packs": "2"},
    {"line_capacity": "10", "line_overflow_card": "newest"}, {"identical_meld_test": "physical"},
    {"doubles_include_jokers": "yes"}, {"rearrange_without_new_cards": "yes"}, {"new_meld_from_table_cards": "yes"},
    {"tie_rule": "no_win", "unmelded_printed_joker_value": "10"}, {"extra_jokers": "4", "match_wins": "2"},
]


@pytest.mark.parametrize("overrides", OPTION_RUNS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_generated_games_under_other_option_values_replay_clean(overrides):
    for seed in range(3):
        players = 2 + seed % 2
        text = GAME.simulate(preset="vazhushal", players=players, seed=seed, options=overrides)
        report = check_text(text)
        assert report.status is Status.LEGAL, (overrides, seed, [f.to_data() for f in report.findings[:3]])
