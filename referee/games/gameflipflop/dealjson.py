"""One deal's JSON text, written straight from its report: the text
`json.dumps(deal_data(report, names), indent=2)` writes, byte for byte,
at a given depth, without building the data first.

A Game, Flip, Flop session has a dozen deals of some hundred amounts each,
and `--format json` spent a fifth of a check building those dicts and then
encoding and laying them out. Here each deal is written once,
at the depth the report holds it, by %-templates made once per shape (a
pot's payers, a table's players); `render_json` splices it into the report
(`jsontext.spliced`). Amounts are looked up by numerator and denominator
(cheaper than hashing a Fraction), each written once by `display.exact`. Anything the writer does not know how to
write (a key that is not text, a value of another type, two players of one
name) sends the deal to the plain path, `dumps_indented(deal_data(...))`.
`tests/gameflipflop/test_dealjson.py` compares the two on every preset,
on broken and stopped sessions, and on the samples.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import chain
from json.encoder import encode_basestring_ascii as _quoted
from operator import itemgetter
from typing import Any, Iterable, Mapping

from ...jsontext import dumps_indented
from .display import exact
from .endings import Ending
from .pots import PotKind, Tier
from .reports import DealReport
from .summary import deal_data

__all__ = ["deal_json"]

_DEEPEST = 24  # a deal deeper than this is written at depth 0 and indented
_BREAK = ["\n" + "  " * depth for depth in range(_DEEPEST + 8)]
_WORDS: dict[Any, str] = {True: "true", False: "false", None: "null"}
# by value (an enum's hash runs Python code), and members bound once (so does reading one from its class)
_KIND = {kind.value: _quoted(kind.value) for kind in PotKind}
_ENDING = {ending.value: _quoted(ending.value) for ending in Ending}
_TIER = {tier.value: _quoted(tier.value) for tier in Tier}
_OUT, _TUNK, _DROP, _CAUGHT, _STOCK = Ending.OUT, Ending.TUNK, Ending.DROP, Ending.CAUGHT, Ending.STOCK
_FLIP, _FLOP = PotKind.FLIP, PotKind.FLOP
_KEPT = 4096
_columns = itemgetter("game", "flip", "flop", "total")  # a net row, in deal_data's order
_pairs = chain.from_iterable


class _Plain(Exception):
    """A deal left to the plain path."""


class _Amounts(dict):
    """(numerator, denominator) -> `display.exact` of the amount as a JSON string (`"2.50"`)."""

    def __missing__(self, ratio: tuple[int, int]) -> str:
        if len(self) >= _KEPT:
            self.clear()
        self[ratio] = text = _quoted(exact(Fraction(*ratio)))
        return text


_AMOUNTS = _Amounts()
_ZERO = _AMOUNTS[0, 1]


def _amounts(values: Iterable[Any]) -> list[str]:
    """Each Fraction's JSON string (read by its own fields, `_numerator` and `_denominator`)."""
    return [_AMOUNTS[v._numerator, v._denominator] for v in values]


def _object(entries: list[str], depth: int) -> str:
    """`entries` (`"key": value` texts) as an object at `depth`."""
    if not entries:
        return "{}"
    inner = _BREAK[depth + 1]
    return "{" + inner + ("," + inner).join(entries) + _BREAK[depth] + "}"


def _array(items: list[str], depth: int) -> str:
    if not items:
        return "[]"
    inner = _BREAK[depth + 1]
    return "[" + inner + ("," + inner).join(items) + _BREAK[depth] + "]"


class _Shapes(dict):
    """(depth, how many) -> an object of that many `%s: %s` pairs, or an array of that many `%s`."""

    def __init__(self, item: str, write: Any) -> None:
        super().__init__()
        self.item, self.write = item, write

    def __missing__(self, key: tuple[int, int]) -> str:
        depth, count = key
        self[key] = text = self.write([self.item] * count, depth)
        return text


_OBJECTS, _ARRAYS = _Shapes("%s: %s", _object), _Shapes("%s", _array)


def _value(value: Any, depth: int) -> str:
    """Any small value of text, whole numbers, true, false, null, lists and objects with text keys."""
    cls = value.__class__
    if cls is str:
        return _quoted(value)
    if cls is bool or value is None:
        return _WORDS[value]
    if cls is int:
        return str(value)
    if cls is dict:
        if any(key.__class__ is not str for key in value):
            raise _Plain
        return _object([_quoted(k) + ": " + _value(v, depth + 1) for k, v in value.items()], depth)
    if cls is list or cls is tuple:
        return _array([_value(v, depth + 1) for v in value], depth)
    raise _Plain


class _Pots(dict):
    """(depth, kind's value, payers, eligible, winners, shares, has how, has card) -> the pot's
    text with `%s` for each name and amount."""

    def __missing__(self, shape: tuple[int, str, int, int, int, int, bool, bool]) -> str:
        depth, kind, paid, eligible, winners, shares, how, card = shape
        entries = [f'"pot": {_KIND[kind].replace("%", "%%")}', '"amount": %s', '"carried_in": %s',
                   '"paid_in": ' + _OBJECTS[depth + 1, paid], '"eligible": ' + _ARRAYS[depth + 1, eligible],
                   '"winners": ' + _ARRAYS[depth + 1, winners], '"shares": ' + _OBJECTS[depth + 1, shares],
                   '"carried_out": %s']
        if how:
            entries.append('"how": %s')
        if card:
            entries.append('"card": %s')
        self[shape] = text = _object(entries, depth)
        return text


class _Nets(dict):
    """(depth, players) -> the net table with `%s` for each name and amount."""

    def __missing__(self, key: tuple[int, int]) -> str:
        depth, players = key
        row = "{" + ",".join(f'{_BREAK[depth + 2]}"{c}": %s' for c in ("game", "flip", "flop", "total"))
        self[key] = text = _object([f"%s: {row}{_BREAK[depth + 1]}}}"] * players, depth)
        return text


_POTS, _NETS = _Pots(), _Nets()
_CHANGES: dict[tuple[int, ...], str] = {}  # four amounts' numerators and denominators -> the change's text


def _change(flip: Any, flop: Any, new_flip: Any, new_flop: Any) -> str:
    """`DealMoney.carried_change` as a JSON string, worked out once per four amounts."""
    key = (flip._numerator, flip._denominator, flop._numerator, flop._denominator, new_flip._numerator,
           new_flip._denominator, new_flop._numerator, new_flop._denominator)
    text = _CHANGES.get(key)
    if text is None:
        if len(_CHANGES) >= _KEPT:
            _CHANGES.clear()
        change: Any = (new_flip + new_flop) - (flip + flop)
        text = _CHANGES[key] = _AMOUNTS[change._numerator, change._denominator]
    return text


def _ending(report: DealReport, quoted: list[str], depth: int) -> str:
    """`summary.ending_text`'s data."""
    result = report.result
    assert result is not None and result.ending is not None, "a settled deal has ended"
    ending, actor = result.ending, result.actor
    entries = ['"type": ' + _ENDING[ending._value_]]
    if ending is _OUT or ending is _TUNK or ending is _DROP or ending is _CAUGHT:
        assert actor is not None, "going out and dropping have their player"
        entries.append('"by": ' + quoted[actor])
    elif ending is not _STOCK:
        entries.append('"declared": ' + _whole(result.declarers, quoted, depth + 1))
    if result.totals and (ending is _DROP or ending is _CAUGHT or ending is _STOCK):
        entries.append('"totals": ' + _whole(result.totals, quoted, depth + 1))
    return _object(entries, depth)


_INT = {int}


def _whole(numbers: Mapping[int, int], quoted: list[str], depth: int) -> str:
    """{seat: whole number} as an object of names at `depth`."""
    if not set(map(type, numbers.values())) <= _INT:
        raise _Plain
    return _OBJECTS[depth, len(numbers)] % tuple(_pairs(zip(map(quoted.__getitem__, numbers), numbers.values())))


def _settled(report: DealReport, quoted: list[str], out: list[str], depth: int) -> None:
    """The entries of a settled deal after its tiers; `depth` is its keys'."""
    money, result = report.money, report.result
    assert money is not None and result is not None, "a settled deal has its result and money"
    order, name, amounts = report.order, quoted.__getitem__, _AMOUNTS
    out.append('"ending": ' + _ending(report, quoted, depth))
    value: Any  # amounts are Fractions, read by their own fields
    game: Any
    flip: Any
    flop: Any
    whole: Any
    everyone = frozenset(order)
    in_order = [quoted[s] for s in order]
    pots = []
    for award in money.awards:
        pot = award.pot
        kind, paid, shares, eligible = pot.kind, pot.paid, award.shares, pot.eligible
        who = in_order if eligible == everyone else [quoted[s] for s in order if s in eligible]
        amount: Any = pot.amount
        carried: Any = pot.carried
        total = amounts[amount._numerator, amount._denominator]
        values = [total, amounts[carried._numerator, carried._denominator]]
        for seat, value in paid.items():
            values += (quoted[seat], amounts[value._numerator, value._denominator])
        values += who
        winners = [quoted[s] for s in shares]  # Award.winners: the seats of the shares
        values += winners
        for seat, value in shares.items():
            values += (quoted[seat], amounts[value._numerator, value._denominator])
        values.append(_ZERO if shares else total)  # Award.carried_forward: nothing when won, else the pot
        how = card = False
        if kind is _FLIP or kind is _FLOP:
            how = True
            written = (result.flip if kind is _FLIP else result.flop).how
            values.append(_quoted(written) if written.__class__ is str else _value(written, depth + 2))
            if award.card is not None and shares:
                card = True
                token = award.card.token
                values.append(_quoted(token) if token.__class__ is str else _value(token, depth + 2))
        pots.append(_POTS[depth + 1, kind._value_, len(paid), len(who), len(winners), len(shares), how, card]
                    % tuple(values))
    out.append('"pots": ' + _array(pots, depth))
    net, seats = money.net, money.order
    if seats != order and len(set(seats)) != len(seats):
        raise _Plain
    values = []
    for seat in seats:
        game, flip, flop, whole = _columns(net[seat])
        values += (quoted[seat], amounts[game._numerator, game._denominator],
                   amounts[flip._numerator, flip._denominator], amounts[flop._numerator, flop._denominator],
                   amounts[whole._numerator, whole._denominator])
    out.append('"net": ' + _NETS[depth, len(seats)] % tuple(values))
    before, after = money.before, money.after
    flip, flop, inner = after.flip, after.flop, _BREAK[depth + 1]
    out.append(f'"carried": {{{inner}"flip": {amounts[flip._numerator, flip._denominator]},{inner}"flop": '
               f'{amounts[flop._numerator, flop._denominator]},{inner}"change": '
               f'{_change(before.flip, before.flop, flip, flop)}{_BREAK[depth]}}}')
    bankrolls = money.bankrolls
    if bankrolls is not None:
        values = []
        for seat in seats:
            value = bankrolls[seat]
            values += (quoted[seat], amounts[value._numerator, value._denominator])
        out.append('"bankrolls": ' + _OBJECTS[depth, len(seats)] % tuple(values))
    eliminated = money.eliminated
    out.append('"eliminated": ' + _ARRAYS[depth, len(eliminated)] % tuple(map(name, eliminated)))
    if report.outcome_only:
        out.append('"checked": ' + _value(list(report.checked), depth))
        out.append('"trusted": ' + _value(list(report.trusted), depth))


_NAMES: dict[tuple[str, ...], list[str]] = {}  # distinct names -> each as a JSON string


def _written(report: DealReport, names: tuple[str, ...], depth: int) -> str:
    order = report.order
    quoted = _NAMES.get(names)
    if quoted is None:
        if len(set(names)) != len(names):
            raise _Plain
        if len(_NAMES) >= _KEPT:
            _NAMES.clear()
        quoted = _NAMES[names] = list(map(_quoted, names))
    if len(set(order)) != len(order):
        raise _Plain
    replayed, settled, provisional, outcome_only = (report.replayed, report.settled, report.provisional,
                                                    report.outcome_only)
    if (replayed.__class__ is not bool or settled.__class__ is not bool or provisional.__class__ is not bool
            or outcome_only.__class__ is not bool):
        raise _Plain
    number = report.number
    dealer = quoted[report.dealer] if report.dealer is not None else "null"
    out = [f'"deal": {number if number.__class__ is int else _value(number, 0)}', f'"dealer": {dealer}',
           '"replayed": ' + _WORDS[replayed], '"settled": ' + _WORDS[settled],
           '"provisional": ' + _WORDS[provisional], '"outcome_only": ' + _WORDS[outcome_only]]
    if report.replayed:
        tiers = report.tiers
        if tiers:
            seats = order or tuple(tiers)
            out.append('"tiers": ' + _OBJECTS[depth + 1, len(seats)] % tuple(
                _pairs(zip(map(quoted.__getitem__, seats), [_TIER[tiers[s]._value_] for s in seats]))))
        if report.settled:
            _settled(report, quoted, out, depth + 1)
    inner = _BREAK[depth + 1]
    return "{" + inner + ("," + inner).join(out) + _BREAK[depth] + "}"


def deal_json(report: DealReport, names: tuple[str, ...], *, depth: int = 0) -> str:
    """`json.dumps(deal_data(report, names), indent=2)`, the same text, with each line after
    the first indented by `depth` levels more (as it stands at that depth of a larger text)."""
    if 0 <= depth <= _DEEPEST:
        try:
            return _written(report, names, depth)
        except (_Plain, AttributeError):  # AttributeError: an amount that is not a Fraction
            pass
    return dumps_indented(deal_data(report, names)).replace("\n", "\n" + "  " * depth)
