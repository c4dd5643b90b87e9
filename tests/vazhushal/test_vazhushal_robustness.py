"""Bad input never produces a traceback: randomly damaged transcripts give
a report (legal, illegal or unusable), and the replay stays deterministic."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.check import check_text
from referee.writer import dump_yaml
from vazhushal_helpers import generated

BASE = [generated(preset, players, seed) for preset, players, seed in
        (("vazhushal", 3, 1), ("vazhushal-3p-one-pack-line10", 3, 2), ("vazhushal-2p-joker-left-takes", 2, 4))]
WORDS = ["draw", "stock", "line", "meld", "add", "rearrange", "discard", "out", "declare", "overflow", "end", "/",
         "JK", "JK=9D", "8H=7C", "AS", "10H", "2C", "KD", "QS", "9C=9C", "JK=JK", "0", "1", "3", "40", "Asha", "Bala",
         "Chitra", "="]


def damage(data: dict, rnd: random.Random) -> dict:
    deal = rnd.choice(data["deals"])
    moves = deal["moves"]
    for _ in range(rnd.randint(1, 4)):
        i = rnd.randrange(len(moves))
        kind = rnd.randrange(5)
        if kind == 0:
            words = moves[i].split()
            words[rnd.randrange(len(words))] = rnd.choice(WORDS)
            moves[i] = " ".join(words)
        elif kind == 1:
            del moves[i]
        elif kind == 2:
            moves.insert(i, moves[rnd.randrange(len(moves))])
        elif kind == 3:
            j = rnd.randrange(len(moves))
            moves[i], moves[j] = moves[j], moves[i]
        else:
            name = rnd.choice(list(deal["hands"]))
            cards = deal["hands"][name].split()
            cards[rnd.randrange(len(cards))] = rnd.choice(["JK", "AS", "5D", "KC"])
            deal["hands"][name] = " ".join(cards)
    return data


@given(st.integers(min_value=0, max_value=2), st.randoms(use_true_random=False))
@settings(max_examples=40, deadline=None)
def test_damaged_transcripts_give_a_report(which, rnd):
    import copy

    data = damage(copy.deepcopy(BASE[which]), rnd)
    text = dump_yaml(data)
    report = check_text(text)
    assert report.exit_code in (0, 1, 2)
    assert check_text(text).to_data() == report.to_data()
