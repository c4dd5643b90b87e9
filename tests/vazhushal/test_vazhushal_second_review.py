"""The second review's rulings on Vazhushal (VZ-15.6): the take rules of
section 5 judge a new meld's purity as the meld phase leaves it, like the
rest of section 3, and a meld short or broken when first laid but valid at
the end of the phase is valid. Simulated games never hold a take whose key
card's pure sequence is spoiled later in the phase."""

from __future__ import annotations

import pytest

from referee.check import check_text
from referee.games.vazhushal import GAME
from referee.games.vazhushal.deal import check_deal
from referee.games.vazhushal.engine import GameState, Phase
from referee.games.vazhushal.melds import check_meld
from referee.games.vazhushal.moves import Discard, DrawLine, DrawStock
from referee.games.vazhushal.record import read_record
from referee.games.vazhushal.simulate import NAMES, generate, transcript_data
from referee.report import Status
from referee.writer import dump_yaml
from referee.yamldoc import load_document
from vazhushal_helpers import by_move, options, play, position

THREE = ("P", "Q", "R")

# P has no melds and no pure sequence in hand; the line holds JS on top of QC.
# 8H is wild (8S shown); the take of 2 has QC as its key card.
HAND = "JC KC 9S 10S 8H 5H 5D 5S 2D 7C 4S AH QH"


def no_melds_take(hand: str = HAND):
    return position(players=THREE, hands={"P": hand}, negative="8S", line="JS QC")


# ------------------------------------------------ a pure sequence spoiled later

def test_vz_15_6_key_card_meld_made_impure_later_in_phase():
    found = play(no_melds_take(), "P draw line 2", "P meld JC QC KC", "P meld 9S 10S JS", "P add 1 8H=AC",
                 "P discard 2D")
    assert by_move(found) == {1: {"VZ-5.6", "VZ-5.5"}}


def test_vz_15_6_the_same_take_without_the_wild_card_is_case_a():
    assert play(no_melds_take(), "P draw line 2", "P meld JC QC KC", "P meld 9S 10S JS", "P discard 2D") == []


def test_vz_15_6_a_wild_card_on_the_other_pure_sequence_leaves_case_a():
    found = play(no_melds_take(), "P draw line 2", "P meld JC QC KC", "P meld 9S 10S JS", "P add 2 8H=QS",
                 "P discard 2D")
    assert found == []


def test_vz_15_6_key_card_meld_made_impure_by_a_rearrangement():
    found = play(no_melds_take(), "P draw line 2", "P meld JC QC KC", "P meld 9S 10S JS",
                 "P meld 5H 5D 5S 8H=5C", "P rearrange JC QC KC 8H=AC / 9S 10S JS / 5H 5D 5S", "P discard 2D")
    assert by_move(found) == {1: {"VZ-5.6", "VZ-5.5"}}


def test_vz_15_6_a_split_of_the_key_cards_pure_sequence_keeps_case_a():
    hand = "9C 10C JC KC AC 5H 5D 2D 7S 4S 3H QH 6D"
    state = position(players=THREE, hands={"P": hand}, negative="8S", line="QC")
    found = play(state, "P draw line 1", "P meld 9C 10C JC QC KC AC", "P rearrange 9C 10C JC / QC KC AC",
                 "P discard 2D")
    assert found == []


def test_vz_15_6_case_b_held_sequence_made_impure_later_in_phase():
    # 9C 10C JC held; the key card 6H goes into a set; QS KS AS is pure but holds the taken KS;
    # then a wild card spoils the held sequence.
    def start():
        return position(players=THREE, hands={"P": "9C 10C JC 6S 6C 8H 2D AS 7H KD 5D AH QS"}, negative="8S",
                        line="KS 6H")

    moves = ["P draw line 2", "P meld 9C 10C JC", "P meld 6S 6C 6H", "P meld QS KS AS"]
    assert play(start(), *moves, "P discard 2D") == []
    found = play(start(), *moves, "P add 1 8H=QC", "P discard 2D")
    assert by_move(found) == {1: {"VZ-5.6", "VZ-5.7"}}


# ------------------------------------ short or broken when laid, valid at the end

def test_vz_15_6_meld_short_when_first_laid_valid_at_end_of_phase():
    found = play(no_melds_take(), "P draw line 2", "P meld QC KC", "P meld 9S 10S JS", "P add 1 JC",
                 "P discard 2D")
    assert found == []


def test_vz_15_6_meld_broken_when_first_laid_valid_at_end_of_phase():
    hand = HAND.replace("AH", "AC")
    found = play(no_melds_take(hand), "P draw line 2", "P meld JC QC AC", "P meld 9S 10S JS", "P add 1 KC",
                 "P discard 2D")
    assert found == []


def test_vz_15_6_a_short_meld_still_short_at_the_end_is_reported_at_its_move():
    found = play(no_melds_take(), "P draw line 2", "P meld QC KC", "P meld 9S 10S JS", "P discard 2D")
    assert by_move(found) == {2: {"VZ-3.10"}, 1: {"VZ-5.6", "VZ-5.5"}}


# ------------------------------------------------------------ simulated games

def spoiled_takes(state: GameState) -> list[tuple[int, int]]:
    """(deal, move) of every take of the phase now ending whose key card was in
    a pure sequence laid this turn and is in none at the end of the phase,
    by a player who had no pure sequence at the start of the turn."""
    turn, wild = state.turn, state.wild
    if state.phase is not Phase.MELD or turn is None or turn.had_pure:
        return []
    found = []
    for move, facts in turn.takes:
        if facts.forced:
            continue
        key = facts.key
        was_pure = any(check_meld(m, wild).pure and any(p.card is key for p in m) for _, m in turn.new_melds)
        is_pure = any(m.check(wild).pure and m.holds(key) for m in state.melds[turn.player])
        if was_pure and not is_pure:
            found.append((state.deal, move.index))
    return found


def spoiled_in(data: dict) -> list[tuple[int, int]]:
    """Replay a transcript's games move by move, looking at each meld phase as it ends."""
    players = tuple(data["players"])
    record = read_record(load_document(dump_yaml(data)), players)
    opts = options(data["ruleset"], **(data.get("options") or {}))
    found, previous = [], None
    for deal in record.deals:
        setup = check_deal(opts, deal, players=players, previous_dealer=previous)
        state = GameState(options=opts, players=players, hands=deal.dealt.hands, setup=setup,
                          dealer=deal.dealer, deal=deal.number)
        for move in deal.moves:
            if isinstance(move, (Discard, DrawStock, DrawLine)):
                found.extend(spoiled_takes(state))
            state.apply(move)
        previous = deal.dealer
    return found


def simulated(preset: str, *, players: int, seed: int) -> dict:
    games = generate(options=options(preset), players=NAMES[:players], seed=seed)
    return transcript_data(preset=preset, overrides={}, options=options(preset), players=NAMES[:players],
                           games=games)


def test_vz_15_6_three_players_seed_13_holds_no_spoiled_take_and_replays_clean():
    text = GAME.simulate(preset="vazhushal", players=3, seed=13, options={})
    assert check_text(text, name="seed13.yaml").status is Status.LEGAL
    assert spoiled_in(load_document(text).data) == []


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


@pytest.mark.parametrize("preset", list(PRESETS))
def test_vz_15_6_seeded_games_hold_no_spoiled_take_and_replay_clean(preset):
    counts = PRESETS[preset]
    for seed in range(10, 22):
        data = simulated(preset, players=counts[seed % len(counts)], seed=seed)
        assert spoiled_in(data) == [], (preset, seed)
        report = check_text(dump_yaml(data), name=preset)
        assert report.status is Status.LEGAL, (preset, seed, [f.to_data() for f in report.findings[:3]])
