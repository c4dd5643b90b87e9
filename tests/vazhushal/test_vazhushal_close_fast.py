"""The shortcuts of a game's close and a match's options against the plain code: `deal_summary`
(its scores told without a `Tally`) against the summary told with one, over many random results;
and `VazhushalOptions.from_values`, made once for the same values, against the options made from
them each time."""

from __future__ import annotations

import random

import pytest

from referee.games.vazhushal.options import _CONVERTERS, VazhushalOptions
from referee.games.vazhushal.settle import deal_summary
from referee.games.vazhushal.status import End, GameResult
from referee.options import typed_options
from referee.outcome import Tally
from referee.rulesets import resolve

from .test_vazhushal_deal_fast import _OPTIONS

def _plain_summary(result: GameResult, players: tuple[str, ...], *, dealer: int, deal: int):
    """deal_summary as it was written with a `Tally` of the scores."""
    data = {"deal": deal, "dealer": players[dealer], "settled": result.settled}
    head = f"game {deal} (dealer {players[dealer]})"
    if not result.settled:
        return (f"{head}: not settled",), data
    tally = Tally(tuple((players[s], v) for s, v in result.scores.items()))
    scores = tally.text()
    data["end"] = result.end.value
    data["scores"] = tally.data()
    data["winners"] = [players[s] for s in sorted(result.winners)]
    if result.end is End.OUT:
        data["went_out"] = players[result.out_player]
        return (f"{head}: {players[result.out_player]} went out and wins; points for information: {scores}",), data
    if not result.winners:
        verdict = "tied, nobody wins (tie_rule=no_win)"
    elif len(result.winners) > 1:
        verdict = f"tied, winners {', '.join(players[s] for s in sorted(result.winners))}"
    else:
        verdict = f"winner {', '.join(players[s] for s in sorted(result.winners))}"
    return (f"{head}: the stock ran out; scores {scores}; {verdict}",), data


@pytest.mark.parametrize("seed", range(100))
def test_the_deal_summary_is_the_tallys(seed):
    rng = random.Random(seed)
    n = rng.randrange(2, 7)
    players = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:n]
    scores = {s: rng.randrange(-120, 200) for s in rng.sample(range(n), n)}
    end = rng.choice([End.OUT, End.STOCK])
    out = rng.randrange(n) if end is End.OUT else None
    winners = frozenset({out}) if out is not None else frozenset(rng.sample(range(n), rng.randrange(0, 3)))
    for result in (GameResult(settled=True, end=end, out_player=out, scores=scores, winners=winners),
                   GameResult(settled=False, end=None, out_player=None, scores=None, winners=frozenset())):
        fast = deal_summary(result, players, dealer=rng.randrange(n), deal=rng.randrange(1, 20))
        plain = _plain_summary(result, players, dealer=players.index(fast[1]["dealer"]),
                               deal=fast[1]["deal"])
        assert fast == plain
        assert list(fast[1]) == list(plain[1]) and list(fast[1].get("scores", ())) == list(plain[1].get("scores", ()))


@pytest.mark.parametrize("preset, overrides", [*_OPTIONS, ("vazhushal", {"line_capacity": "10"}),
                                               ("vazhushal", {"match_wins": "3", "extra_jokers": "2"})])
def test_options_made_once_are_the_options_of_their_values(preset, overrides):
    values = resolve("vazhushal", preset, overrides).values
    plain = typed_options(VazhushalOptions, values, converters=_CONVERTERS)
    first = VazhushalOptions.from_values(values)
    assert first == plain and VazhushalOptions.from_values(dict(values)) is first
    other = resolve("vazhushal", "vazhushal-3p-one-pack-line10" if preset == "vazhushal" else "vazhushal", {}).values
    assert VazhushalOptions.from_values(other) == typed_options(VazhushalOptions, other, converters=_CONVERTERS)


def test_options_of_values_equal_but_of_other_types_are_made_apart():
    values = dict(resolve("vazhushal", "vazhushal", {}).values)
    made = VazhushalOptions.from_values(values)
    assert VazhushalOptions.from_values({**values, "negative_joker": "off"}).negative_joker is False
    assert VazhushalOptions.from_values(values) is made
    assert VazhushalOptions.from_values({**values, "match_wins": 1}).match_wins == 1
    with pytest.raises(ValueError):  # True == 1, of the same hash: not the options made for 1
        VazhushalOptions.from_values({**values, "match_wins": True})


def test_a_games_hands_are_counted_as_hands():
    """GameState counts each dealt hand into a `Hand` without Counter's __init__: the same counts, in
    the same order, of the same type."""
    from referee.games.vazhushal.deal import setup_from
    from referee.games.vazhushal.engine import GameState
    from referee.games.vazhushal.status import Hand

    opts = VazhushalOptions.from_values(resolve("vazhushal", "vazhushal", {}).values)
    rng = random.Random(3)
    for _ in range(50):
        pack = list(opts.pack(3).elements())
        rng.shuffle(pack)
        hands = [tuple(pack[13 * s:13 * s + 13]) for s in range(3)]
        state = GameState(options=opts, players=("A", "B", "C"), hands=hands, dealer=0,
                          setup=setup_from(opts, negative=pack[39], first=pack[40], stock=pack[41:]))
        for made, cards in zip(state.hands, hands):
            assert type(made) is Hand and list(made.items()) == list(Hand(cards).items())
