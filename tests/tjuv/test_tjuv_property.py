"""Tjuv's own properties of seeded games: option combinations and sessions
replay clean, hands never exceed three cards, records that leave captures
or talon cards out replay clean; Tjuv-specific broken copies (captures,
steals, refills, draws, claims, the next dealer) are caught with the right
rule and move index.

What every game shares (seeded games of every preset replay clean, the same
seed gives the same text, cards are kept after every move, every recorded
move is legal, a move by the wrong player, a repeated move and a record cut
short are caught) is tests/conformance's. The broken copies and option
combinations use a fixed number of seeds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterator

import pytest

from referee.check import check_text
from referee.games.tjuv import rules as R
from referee.games.tjuv.deal import TJUV_PACK
from referee.games.tjuv.engine import TjuvDeal
from referee.games.tjuv.moves import Draw, Move, Place, Play, Turn, write_move
from referee.games.tjuv.options import StealMode, TjuvOptions
from referee.games.tjuv.simulate import NAMES, GeneratedDeal, generate, simulate, transcript_data
from referee.report import Report, Status
from referee.rulesets import resolve
from referee.writer import dump_yaml

PRESETS = ("tjuv", "tjuv-schenkmanis")
MUTATION_SEEDS = 60
ENOUGH = 8  # broken copies checked per mutation


def opts_of(preset: str, overrides: dict[str, str] | None = None) -> TjuvOptions:
    return TjuvOptions.from_values(resolve("tjuv", preset, overrides or {}).values)


def error_where(report: Report) -> list[tuple]:
    return [f.where for f in report.findings if f.is_error]


# ------------------------------------------------------------ legal deals


OPTION_SETS = [
    {"steal_mode": "mandatory"},
    {"steal_mode": "all_or_none"},
    {"excess_table_removal": "dealer_choice", "dealer_tie_break": "free"},
    {"session_result": "deals_won", "on_violation": "continue"},
    {"session_result": "total_cards", "table_refill": "from_talon", "steal_mode": "mandatory"},
]


@pytest.mark.parametrize("overrides", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_option_combinations_and_sessions_replay_clean(overrides):
    for seed in range(40):
        players = 2 + seed % 10  # every seat count, 2 to 11
        text = simulate(preset="tjuv", players=players, seed=seed, overrides=overrides)
        report = check_text(text)
        assert report.status is Status.LEGAL, (seed, [f.to_data() for f in report.findings])
        assert all(d.settled for d in report.deals)
        assert report.settlement["complete"]


def walk(options: TjuvOptions, players: tuple[str, ...], deal: GeneratedDeal) -> Iterator[tuple[TjuvDeal, Move]]:
    """Each move of a generated deal with the state just before it."""
    state = TjuvDeal.from_start(options=options, players=players, start=deal.start)
    for move in deal.moves:
        yield state, move
        state.apply(move)
    yield state, None


@pytest.mark.parametrize("preset", PRESETS)
def test_hands_never_exceed_three_cards_and_the_piles_end_with_the_whole_pack(preset):
    """TJ-2.1, TJ-3.19, TJ-5.1 (cards kept after every move: tests/conformance)."""
    options = opts_of(preset)
    for seed in range(150):
        players = NAMES[: 2 + seed % 10]
        deal = generate(options=options, players=players, seed=seed, deals=1)[0]
        for number, (state, move) in enumerate(walk(options, players, deal)):
            if not number:
                assert state.census() == TJUV_PACK, seed  # the whole pack is dealt
            assert all(h.size <= 3 for h in state.hands), (seed, move)
        assert state.over and not state.findings
        assert sum(state.counts()) == 36
        assert state.talon.size == 0 and not state.table and all(h.size == 0 for h in state.hands)


def test_deals_without_recorded_captures_or_with_a_recorded_talon_replay_clean():
    options = opts_of("tjuv", {"steal_mode": "mandatory"})
    players = NAMES[:4]
    for seed in range(40):
        deals = generate(options=options, players=players, seed=seed, deals=1)
        bare = [replace(d, written=tuple(replace(m, capture=None, steals=None) if isinstance(m, Play) else m
                                          for m in d.moves)) for d in deals]
        data = transcript_data(preset="tjuv", overrides={"steal_mode": "mandatory"}, options=options,
                               players=players, deals=bare)
        assert error_where(check_text(dump_yaml(data))) == [], seed
        talon = [replace(d, record_talon=True, written=tuple(replace(m, card=None) if isinstance(m, (Draw, Turn))
                                                               else m for m in d.moves)) for d in deals]
        data = transcript_data(preset="tjuv", overrides={"steal_mode": "mandatory"}, options=options,
                               players=players, deals=talon)
        assert error_where(check_text(dump_yaml(data))) == [], seed


# ---------------------------------------------------------- broken copies


@dataclass(frozen=True)
class Broken:
    """A mutation: from the state before a move (the move and its index), new move
    lines for the deal (or None if it does not apply here), and the rule
    IDs expected at the index it reports."""

    name: str
    mutate: Callable[[TjuvDeal, Move, int, list[str], tuple[str, ...]], tuple[list[str], int] | None]
    rules: frozenset[str]
    preset: str = "tjuv"
    overrides: tuple[tuple[str, str], ...] = ()


def line(move: Move, players: tuple[str, ...], **changes) -> str:
    return write_move(replace(move, **changes), players)


def _missed_capture(state, move, index, lines, players):
    if isinstance(move, Play) and state.capture_set(move.card):
        lines[index - 1] = line(move, players, capture=())
        return lines, index
    return None


def _partial_capture(state, move, index, lines, players):
    if isinstance(move, Play) and len(state.capture_set(move.card)) >= 2:
        lines[index - 1] = line(move, players, capture=tuple(state.capture_set(move.card)[1:]))
        return lines, index
    return None


def _wrong_capture(state, move, index, lines, players):
    if isinstance(move, Play):
        other = [c for c in state.table if c.suit is not move.card.suit]
        if other:
            lines[index - 1] = line(move, players, capture=tuple(state.capture_set(move.card)) + (other[0],))
            return lines, index
    return None


def _steal_without_capture(state, move, index, lines, players):
    if isinstance(move, Play) and not state.capture_set(move.card) and state.piles:
        lines[index - 1] = line(move, players, steals=(next(iter(state.piles)),))
        return lines, index
    return None


def _derived_steals(state, move):
    if move.steals is not None:
        return move.steals
    if state.options.steal_mode is StealMode.MANDATORY:
        return tuple(p.top for p in state.eligible(move.player, move.card))
    return ()


def _one_steal_more(state, move, index, lines, players, candidates):
    """A capturing play that also steals the first of `candidates()`, if any."""
    if isinstance(move, Play) and state.capture_set(move.card):
        extra = candidates()
        if extra:
            lines[index - 1] = line(move, players, steals=_derived_steals(state, move) + (extra[0],))
            return lines, index
    return None


def _steal_own_pile(state, move, index, lines, players):
    return _one_steal_more(state, move, index, lines, players, lambda: [
        p.top for p in state.piles.values() if p.owner == move.player])


def _steal_ineligible(state, move, index, lines, players):
    return _one_steal_more(state, move, index, lines, players, lambda: [
        p.top for p in state.piles.values() if p.owner != move.player and p.top.suit is not move.card.suit])


def _steal_part_of_pile(state, move, index, lines, players):
    return _one_steal_more(state, move, index, lines, players, lambda: [
        c for p in state.piles.values() if p.owner != move.player for c in p.cards[1:]])


def _mandatory_steal_none(state, move, index, lines, players):
    if isinstance(move, Play) and state.capture_set(move.card) and state.eligible(move.player, move.card):
        lines[index - 1] = line(move, players, steals=())
        return lines, index
    return None


def _refill_draw_left_out(state, move, index, lines, players):
    """A from_hand placement without the draw that follows it."""
    if isinstance(move, Place):
        del lines[index]  # the draw after the placement
        return lines, index + 1 if index < len(lines) else None
    return None


def _placed_card_not_held(state, move, index, lines, players):
    if isinstance(move, Place):
        elsewhere = next(c for s, h in enumerate(state.hands) if s != move.player for c in h)
        lines[index - 1] = line(move, players, card=elsewhere)
        return lines, index
    return None


def _hand_card_placed_under_from_talon(state, move, index, lines, players):
    if isinstance(move, Turn):
        held = next(iter(state.hands[move.player]))
        lines[index - 1] = f"{players[move.player]} place {held}"
        return lines, index
    return None


def _talon_card_turned_under_from_hand(state, move, index, lines, players):
    if isinstance(move, Place):
        lines[index - 1] = f"{players[move.player]} turn {lines[index].split()[-1]}"
        del lines[index]
        return lines, index
    return None


def _refill_left_out(state, move, index, lines, players):
    """The last refill round of a turn left out; found at the next play."""
    if isinstance(move, (Place, Turn)) and state.options.from_hand == isinstance(move, Place):
        size = 2 if isinstance(move, Place) else 1
        after = index - 1 + size
        if after < len(lines) and " play " in lines[after]:
            lines[after] = _bare(lines[after])  # its recorded capture may name the card left out
            del lines[index - 1: after]
            return lines, index
    return None


def _bare(text: str) -> str:
    """A play line without its capture and steal clauses."""
    words = text.split()
    return " ".join(words[:3])


def _step_two_draw_left_out(state, move, index, lines, players):
    """A step-2 draw left out where the turn needed no refill (and still needs none)."""
    if isinstance(move, Play) and state.talon.size >= 2 and index < len(lines):
        after = index + 1  # the move after the draw
        if after < len(lines) and " play " in lines[after] and len(state.table) >= 2:
            del lines[index]
            return lines, index + 1
    return None


def _draw_not_in_talon(state, move, index, lines, players):
    if isinstance(move, Draw) and move.card is not None:
        elsewhere = next(c for s, h in enumerate(state.hands) if s != move.player for c in h)
        lines[index - 1] = line(move, players, card=elsewhere)
        return lines, index
    return None


def _played_card_not_held(state, move, index, lines, players):
    if isinstance(move, Play):
        elsewhere = next(c for s, h in enumerate(state.hands) if s != move.player for c in h)
        lines[index - 1] = line(move, players, cards=(elsewhere,), capture=None, steals=None)
        return lines, index
    return None


def _played_out_of_turn(state, move, index, lines, players):
    if isinstance(move, Play) and index > 1:
        other = (move.player + 1) % len(players)
        held = next(iter(state.hands[other]))
        lines[index - 1] = f"{players[other]} play {held}"
        return lines, index
    return None


def _foreign_card(state, move, index, lines, players):
    if isinstance(move, Play):
        lines[index - 1] = f"{players[move.player]} play 5H"
        return lines, index
    return None


def _extra_refill_round(state, move, index, lines, players):
    """A refill placement made when none is due (table at 3 or more)."""
    if isinstance(move, Play) and not state.capture_set(move.card) and state.talon.size and len(state.table) >= 2:
        held = [c for c in state.hands[move.player] if c is not move.card]
        lines.insert(index + 1, f"{players[move.player]} place {held[0]}")
        return lines, index + 2
    return None


BROKEN = [
    Broken("missed compulsory capture", _missed_capture, frozenset({R.COMPULSORY})),
    Broken("capture made only in part", _partial_capture, frozenset({R.COMPULSORY})),
    Broken("capture of another suit", _wrong_capture, frozenset({R.CAPTURE_SET})),
    Broken("steal without capture", _steal_without_capture, frozenset({R.STEAL_NEEDS_CAPTURE})),
    Broken("stealing one's own pile", _steal_own_pile, frozenset({R.OWN_PILE})),
    Broken("stealing a pile of another suit", _steal_ineligible, frozenset({R.ELIGIBLE})),
    Broken("stealing part of a pile", _steal_part_of_pile, frozenset({R.WHOLE_PILES})),
    Broken("mandatory steals recorded as none", _mandatory_steal_none, frozenset({R.STEAL_MODE}),
           overrides=(("steal_mode", "mandatory"),)),
    Broken("refill placement without its draw", _refill_draw_left_out, frozenset({R.REFILL_FROM_HAND})),
    Broken("refill card not held", _placed_card_not_held, frozenset({R.REFILL_FROM_HAND})),
    Broken("hand card placed under from_talon", _hand_card_placed_under_from_talon,
           frozenset({R.REFILL_FROM_TALON}), preset="tjuv-schenkmanis"),
    Broken("talon card turned under from_hand", _talon_card_turned_under_from_hand, frozenset({R.REFILL_FROM_HAND})),
    Broken("refill left out (from_hand)", _refill_left_out, frozenset({R.REFILL_NEEDED})),
    Broken("refill left out (from_talon)", _refill_left_out, frozenset({R.REFILL_NEEDED}), preset="tjuv-schenkmanis"),
    Broken("refill when none is due", _extra_refill_round, frozenset({R.REFILL_NEEDED})),
    Broken("step-2 draw left out", _step_two_draw_left_out, frozenset({R.DRAW})),
    Broken("drawn card not in the talon", _draw_not_in_talon, frozenset({R.DRAW})),
    Broken("played card not held", _played_card_not_held, frozenset({R.PLAY})),
    Broken("a card outside the pack", _foreign_card, frozenset({R.PACK})),
]
#: Broken copies of a kind every game has (caught in tests/conformance), kept
#: for the tests that compare two paths over broken games (fast path, replay).
GENERIC = [
    Broken("play out of turn", _played_out_of_turn, frozenset({R.SEQUENCE})),
]


def _named(deals: list[GeneratedDeal]) -> list[GeneratedDeal]:
    """Every card named, every capture recorded (the mutations edit these)."""
    return [replace(d, record_talon=False, written=d.moves) for d in deals]


@pytest.mark.parametrize("broken", BROKEN, ids=lambda b: b.name)
def test_broken_copies_are_caught(broken):
    overrides = dict(broken.overrides)
    options = opts_of(broken.preset, overrides)
    caught = 0
    for seed in range(MUTATION_SEEDS):
        if caught == ENOUGH:
            break
        players = NAMES[: 2 + seed % 5]
        deals = _named(generate(options=options, players=players, seed=seed, deals=2))
        data = transcript_data(preset=broken.preset, overrides=overrides, options=options, players=players,
                               deals=deals)
        lines = list(data["deals"][0]["moves"])
        for number, (state, move) in enumerate(walk(options, players, deals[0]), start=1):
            if move is None:
                break
            done = broken.mutate(state, move, number, list(lines), players)
            if done is None or done[1] is None:
                continue
            new_lines, index = done
            data["deals"][0]["moves"] = new_lines
            report = check_text(dump_yaml(data))
            found = error_where(report)
            assert found and {rule for deal, at, rule in found if (deal, at) == (1, index)} == broken.rules, (
                seed, index, [f.to_data() for f in report.findings])
            assert all((deal, at) == (1, index) for deal, at, _ in found), (seed, found)
            assert report.status is Status.ILLEGAL and not report.deals[0].settled
            assert report.deals[1].settled  # the next deal is still refereed
            caught += 1
            break
    assert caught >= 5, f"the mutation applied to only {caught} deals"


def _claims_report(mutate: Callable[[dict, tuple[str, ...], GeneratedDeal], None], seed: int) -> Report:
    options = opts_of("tjuv")
    players = NAMES[: 2 + seed % 5]
    deals = generate(options=options, players=players, seed=seed, deals=2)
    data = transcript_data(preset="tjuv", overrides={}, options=options, players=players, deals=deals)
    mutate(data, players, deals[0])
    return check_text(dump_yaml(data))


def _bump(data, players, deal):
    """One card moved in the claim from the best player to the next seat."""
    counts = data["deals"][0]["claims"]["counts"]
    best = max(players, key=lambda p: int(counts[p]))
    other = players[(players.index(best) + 1) % len(players)]
    counts[best] = str(int(counts[best]) - 1)
    counts[other] = str(int(counts[other]) + 1)


def _bump_total(data, players, deal):
    counts = data["deals"][0]["claims"]["counts"]
    counts[players[0]] = str(int(counts[players[0]]) + 1)


def _wrong_winner(data, players, deal):
    data["deals"][0]["claims"]["winners"] = [p for i, p in enumerate(players) if i not in deal.score.winners][:1]


def _sweep_credited_elsewhere(data, players, deal):
    sweep = data["deals"][0]["claims"].get("sweep")
    owner = deal.state.swept.owner if deal.state.swept else 0
    data["deals"][0]["claims"]["sweep"] = {"player": players[(owner + 1) % len(players)],
                                           **({"cards": sweep["cards"]} if sweep else {})}


def _wrong_next_dealer(data, players, deal):
    not_fewest = [s for s in range(len(players)) if s not in deal.score.fewest]
    data["deals"][1]["dealer"] = players[not_fewest[0]]


@pytest.mark.parametrize("mutate, rules", [
    (_bump, [R.COUNT]),
    (_bump_total, [R.SUM, R.COUNT]),
    (_wrong_winner, [R.WINNER]),
    (_sweep_credited_elsewhere, [R.SWEEP]),
], ids=["count", "total", "winner", "sweep"])
def test_broken_claims_are_caught(mutate, rules):
    for seed in range(20):
        report = _claims_report(mutate, seed)
        assert report.status is Status.ILLEGAL
        assert [f.where for f in report.findings if f.is_error] == [(1, None, rule) for rule in rules], seed


def test_a_wrong_next_dealer_is_caught():
    """The dealer is not among the fewest (TJ-5.5); the recorded first play is
    then out of turn for that dealer (TJ-3.1)."""
    for seed in range(20):
        report = _claims_report(_wrong_next_dealer, seed)
        assert [f.where for f in report.findings if f.is_error] == [(2, None, R.NEXT_DEALER), (2, 1, R.SEQUENCE)]


def test_a_move_after_the_deal_has_ended_is_out_of_sequence():
    """TJ-3.1 at the move after the end (a record cut short: tests/conformance)."""
    options = opts_of("tjuv")
    players = NAMES[:3]
    deals = generate(options=options, players=players, seed=3, deals=1)
    data = transcript_data(preset="tjuv", overrides={}, options=options, players=players, deals=deals)
    moves = data["deals"][0]["moves"]
    data["deals"][0]["moves"] = moves + [moves[-1]]
    report = check_text(dump_yaml(data))
    assert error_where(report) == [(1, len(moves) + 1, R.SEQUENCE)]
