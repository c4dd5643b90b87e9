"""`options_for` remembers options by the identity of the ruleset's values: the same values
give the same options, other values (equal or not) give their own."""

from fractions import Fraction

from referee.games.getaway.game import options_for
from referee.games.getaway.options import Trump
from referee.rulesets import find_preset


def test_the_same_values_give_the_same_options_and_other_values_their_own():
    values = dict(find_preset("getaway").options)
    first = options_for(values)
    assert options_for(dict(values)) is first  # another mapping of the same value objects
    spades = options_for({**values, "trump": "spades"})
    assert spades.trump is Trump.SPADES and first.trump is not Trump.SPADES
    ante = {**values, "betting": "pot", "ante": Fraction(1, 4)}
    assert options_for(ante).ante == Fraction(1, 4)
    assert options_for({**ante, "ante": Fraction(1, 2)}).ante == Fraction(1, 2)
    assert options_for({**ante, "ante": Fraction(2, 8)}).ante == Fraction(1, 4)  # equal, not the same object
