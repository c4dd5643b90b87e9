"""How a deal's stock and line are set up for the replay: the size the deal
check hands over with the stock (`Setup.stock_size`, worked out in
`_clean_setup` from the stock it leaves) against the stock's counts, and
`Stock.dealt` (a ready stock copied as it is) against the plain `Stock`
that looks at every count, over many generated deals, clean and mutated."""

from __future__ import annotations

import pytest

from referee.games.vazhushal import deal as deal_module
from referee.games.vazhushal.stock import Stock

from .test_vazhushal_deal_fast import _OPTIONS, _setups
from .vazhushal_helpers import options


def _same_stock(quick: Stock, plain: Stock) -> None:
    assert list(quick.unknown.items()) == list(plain.unknown.items())  # the order too
    assert type(quick.unknown) is type(plain.unknown)
    assert quick.unknown_size == plain.unknown_size
    assert list(quick.under) == list(plain.under) and quick.negative is plain.negative
    assert len(quick) == len(plain) and quick.drawable() == plain.drawable()


@pytest.mark.parametrize("preset, overrides", _OPTIONS)
def test_a_setups_stock_size_and_the_dealt_stock(preset, overrides):
    opts = options(preset, **overrides)
    quick = 0
    for _, _, _, plain, fast in _setups(opts, 150):
        for setup in (fast, plain) if fast is not None else (plain,):
            assert all(k > 0 for k in setup.stock.values())  # what `Stock.dealt` takes on trust
            assert setup.stock_size == sum(setup.stock.values())
            for negative in (None, setup.negative):
                _same_stock(Stock.dealt(setup.stock, size=setup.stock_size, negative=negative),
                            Stock(setup.stock, negative=negative))
        quick += fast is not None
    assert quick > 100


def test_the_dealt_stock_is_a_copy():
    """Draws from the replay's stock leave the setup's stock as it was."""
    opts = options("vazhushal")
    setup = deal_module.setup_from(opts, negative=None, first=next(iter(opts.pack(4))),
                                   stock=list(opts.pack(4).elements())[:30])
    before = list(setup.stock.items())
    stock = Stock.dealt(setup.stock, size=setup.stock_size, negative=None)
    for card in list(stock.unknown.elements()):
        stock.draw(card)
    assert stock.unknown_size == 0 and list(setup.stock.items()) == before and setup.stock_size == 30
