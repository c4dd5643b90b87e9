"""Vazhushal's check-path shortcuts (issue 21) against the plain computations
they replace, over seeded games of every preset and broken copies of them:

- move lines parsed once per seating (`MoveReader`) against `parse_move`;
- the deal check's stock (`_left`, the cached pack, the quick copy test)
  against Counter arithmetic;
- `new_melds_now` (a set of older cards) against the Counter it replaced;
- the take rules given the engine's cached meld checks (`known_pure`)
  against the same rules checking every meld afresh;
- the end of a meld phase (`phase_problems`: the identical-meld test skipped
  when no touched meld shares its identity with a meld of its size, plainly
  allowed takes not judged) against `_plain_phase_problems`, the computation
  without those shortcuts, in replayed games and on tables with identical melds;
- the meld check's and the wild-card reading's shortcuts for natural melds
  (`_natural`, `resolve`'s first loop) against the general computations;
- the invariant the batch path's quick turn relies on: a meld phase with
  no meld action and no take leaves every meld of its player untouched;
- a meld's or an add's cards checked, taken out of the hand and read in one
  pass (`take_tokens`) against `_holds_all`, `subtract` and `resolve`;
- a take's hand before it, shared with the turn's starting hand on the
  turn's first draw, against a copy of the hand made at the take;
- `Hand` (a Counter with dict's item deletion, for C-speed assignment)
  against Counter under the operations the engine and the tools use;
- the stock built from the deal check's Counter, the scores from hand counts
  and from every meld at once, against `elements()` and `meld_points` per meld.

`run`'s quick draw, take and turn themselves are compared with `apply` by
tests/conformance/test_fast_path.py and tests/vazhushal/test_vazhushal_quick_paths.py.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import chain

import pytest

from referee.cards import ALL_CARDS, JOKER, Card, Rank, Suit
from referee.errors import InputError
from referee.games.vazhushal import GAME
from referee.games.vazhushal import phase as phase_module
from referee.games.vazhushal import rules as R
from referee.games.vazhushal.batch import take_tokens
from referee.games.vazhushal.deal import _left, _pack, check_deal
from referee.games.vazhushal.engine import GameState
from referee.games.vazhushal.status import Hand, copy_hand, subtract
from referee.games.vazhushal.stock import Stock
from referee.games.vazhushal.table import TableMeld
from referee.games.vazhushal.values import hand_points, held_points, meld_points, melds_points
from referee.games.vazhushal.melds import (Token, _check_meld, _natural, _resolve, check_meld, identity, placed_as,
                                           resolve)
from referee.games.vazhushal.moves import MoveReader, parse_move
from referee.games.vazhushal.options import IdenticalTest, Packs, VazhushalOptions
from referee.games.vazhushal.record import read_record
from referee.games.vazhushal.takes import TurnFacts
from vazhushal_helpers import position
from referee.games.vazhushal.wild import WildRule
from referee.rulesets import presets
from referee.transcript import read_header
from referee.yamldoc import load_document

PRESETS = [(p.name, 3 if "3p" in p.name else 2) for p in presets("vazhushal")]
SEEDS = range(2)


def _texts(preset: str, players: int) -> list[str]:
    return [GAME.simulate(preset=preset, players=players, seed=seed, options={"match_wins": "2"}) for seed in SEEDS]


def test_the_presets_are_all_here():
    assert len(PRESETS) >= 8 and ("vazhushal", 2) in PRESETS


@pytest.mark.parametrize("preset,players", PRESETS)
def test_cached_move_lines_equal_parsing_each(preset, players):
    for text in _texts(preset, players):
        document = load_document(text)
        seats = {name: i for i, name in enumerate(read_header(document).players)}
        for raw in document.data["deals"]:
            lines = raw["moves"]
            plain = [parse_move(line, seats=seats) for line in lines]
            assert MoveReader(seats).all(lines) == plain
            again = MoveReader(dict(seats)).all(lines)  # the same seating: the same objects
            assert again == plain and all(a is b for a, b in zip(again, MoveReader(seats).all(lines)))


def test_a_bad_line_among_cached_ones_is_still_a_problem_at_its_line():
    text = _texts("vazhushal", 2)[0]
    document = load_document(text)
    header = read_header(document)
    read_record(document, header.players)  # every line now cached
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("- ") and " discard " in line)
    lines[at] = lines[at].replace(" discard ", " dicsard ", 1)
    broken = load_document("\n".join(lines) + "\n")
    with pytest.raises(InputError) as caught:
        read_record(broken, header.players)
    assert [p.line for p in caught.value.problems] == [at + 1]


def _plain_stock(options: VazhushalOptions, record, used: Counter[Card]) -> Counter[Card]:
    """The deal check's stock as Counter arithmetic computed it (`pack - used`,
    the first line cards taken out and returned ones put back, then `+`)."""
    stock = options.pack(len(record.dealt.hands)) - used
    *returned, _ = record.first
    for i, card in enumerate(record.first):
        if stock.get(card):
            stock[card] -= 1
        if i < len(returned):
            stock[card] += 1
    return +stock


def _deal_cases(preset: str, players: int):
    """(options, deal record) of seeded games and of copies with a hand
    changed: a card dealt more often than the pack holds, a joker added, a
    card dropped."""
    rng = random.Random(preset)
    for text in _texts(preset, players):
        document = load_document(text)
        header = read_header(document)
        options = VazhushalOptions.from_values(header.ruleset.values)
        record = read_record(document, header.players)
        for deal in record.deals:
            yield options, deal
            hands = [list(h) for h in deal.dealt.hands]
            seat = rng.randrange(len(hands))
            donor = hands[(seat + 1) % len(hands)]
            hands[seat][0] = donor[0]  # a copy too many in a one-pack game
            hands[seat].append(JOKER)
            del hands[(seat + 1) % len(hands)][-1]
            dealt = type(deal.dealt)(tuple(tuple(h) for h in hands), deal.dealt.present, deal.dealt.at)
            yield options, replace(deal, dealt=dealt)


def test_the_pack_kept_for_the_latest_options_is_that_options_pack():
    """`_pack` reuses the latest call's pack for the same options object and
    player count without hashing the options: switching objects, equal or
    not, or player counts gives each its own pack."""
    one, two, again = VazhushalOptions(packs=Packs.ONE), VazhushalOptions(packs=Packs.TWO, extra_jokers=1), \
        VazhushalOptions(packs=Packs.ONE)
    by_players = VazhushalOptions()
    for options, players in [(one, 2), (one, 2), (two, 2), (one, 2), (again, 2), (one, 3), (two, 4), (two, 4),
                             (by_players, 2), (by_players, 3), (by_players, 2)]:
        assert _pack(options, players) == options.pack(players)


@pytest.mark.parametrize("preset,players", PRESETS)
def test_the_deal_checks_stock_equals_counter_arithmetic(preset, players):
    names = tuple(f"p{i}" for i in range(players))
    broken = 0
    for options, record in _deal_cases(preset, players):
        pack = options.pack(players)
        assert _pack(options, players) == pack and list(_pack(options, players)) == list(pack)
        used = Counter(chain.from_iterable(record.dealt.hands))
        assert _left(pack, used) == dict(+(pack - used)) and list(_left(pack, used)) == list(+(pack - used))
        setup = check_deal(options, record, players=names, previous_dealer=None)
        if record.negative is not None and options.negative_joker:
            used[record.negative] += 1
        plain = _plain_stock(options, record, used)
        assert setup.stock == plain and list(setup.stock) == list(plain)  # the order draws list cards in too
        over = bool(Counter(chain.from_iterable(record.dealt.hands)) - pack)
        assert over == any(f.rule == "VZ-9.4" for f in setup.findings)
        broken += over
    assert broken


def _plain_new_melds_now(turn, melds):
    older: Counter[Card] = Counter()
    for cards in turn.start_melds:
        older.update(p.card for p in cards)
    return [(i, m.cards) for i, m in enumerate(melds)
            if m.laid_now or (m.touched is not None and not any(older[p.card] for p in m.cards))]


def _plain_phase_problems(state, turn):
    """`phase.phase_problems` without its shortcuts (every meld's identity
    compared, every take judged), as it was before them."""
    seat, wild = turn.player, state.wild
    melds = state.melds[seat]
    touched = any(m.touched is not None for m in melds)
    if not touched and turn.last_action is None and not turn.takes and not turn.rearranges:
        return []
    found, regrouped = [], set()

    def result_rule(at):
        if at not in regrouped:
            regrouped.add(at)
            found.append((R.REARRANGE_RESULT, at, "after adding or rearranging, every meld of the player"
                                                    " must still obey section 3"))

    for number, meld in enumerate(melds, start=1):
        if meld.touched is None:
            continue
        check = check_meld(meld.cards, wild)
        for rule, message in check.problems:
            found.append((rule, meld.touched, f"meld {number} ({' '.join(meld.tokens())}): {message}"))
        if check.problems and not meld.laid_now:
            result_rule(meld.touched)
    if touched and len(melds) > 1:
        seen = {}
        test = state.options.identical_meld_test
        for meld in melds:
            key = identity(meld.cards, test)
            other = seen.get(key)
            if other is not None and (meld.touched or other.touched):
                at = max(m.touched for m in (meld, other) if m.touched)
                found.append((R.IDENTICAL, at, f"{state.name(seat)} holds two identical melds"
                                               f" ({' '.join(meld.tokens())})"))
                if any(m.touched and not m.laid_now for m in (meld, other)):
                    result_rule(at)
            seen.setdefault(key, meld)
    if melds and turn.last_action is not None and not any(check_meld(m.cards, wild).pure for m in melds):
        found.append((R.PURE_REQUIRED, turn.last_action,
                      f"{state.name(seat)} has melds but no pure sequence among them" +
                      ("" if turn.had_melds else " (a player's first meld must be a pure sequence)")))
        if turn.had_melds:
            result_rule(turn.last_action)
    if turn.rearranges and turn.from_hand == 0 and not state.options.rearrange_without_new_cards:
        found.append((R.REARRANGE_WHEN, turn.rearranges[0], "rearranging is allowed only in a meld phase in"
                                                            " which a card from hand is also laid or added"))
    if turn.takes:
        facts = TurnFacts(had_melds=turn.had_melds, had_pure=turn.had_pure, start_hand=turn.start_hand,
                          new_melds=turn.new_melds, end_melds=[m.cards for m in melds],
                          start_melds=turn.start_melds, end_new=phase_module.new_melds_now(turn, melds))
        for at, take in turn.takes:
            for rule, message in phase_module.judge_take(take, facts, wild=wild, options=state.options):
                found.append((rule, at, message))
    return found


@pytest.mark.parametrize("preset,players", PRESETS)
def test_phase_end_shortcuts_equal_the_plain_computations(preset, players, monkeypatch):
    """At every end of a meld phase (through `apply`, the plain path): what
    `phase_problems` finds, its shortcuts against `_plain_phase_problems`; the new
    melds as `new_melds_now` finds them; and a phase with nothing done to its
    player's melds (no meld action, no take) has no meld touched."""
    seen = {"new": 0, "quiet": 0, "take": 0, "problems": 0}
    real_new, real_close, real_take = phase_module.new_melds_now, GameState._close, phase_module.judge_take

    def new_melds_now(turn, melds):
        found = real_new(turn, melds)
        assert found == _plain_new_melds_now(turn, melds)
        seen["new"] += 1
        return found

    def judge_take(take, facts, *, wild, options):
        found = real_take(take, facts, wild=wild, options=options)
        if facts.known_pure is not None:  # the engine's call (the plain computation gives none)
            assert found == real_take(take, replace(facts, known_pure=None), wild=wild, options=options)
            seen["take"] += 1
        return found

    def close(state, turn):
        if turn.last_action is None and not turn.takes and not turn.rearranges:
            assert all(m.touched is None and not m.laid_now for m in state.melds[turn.player])
            seen["quiet"] += 1
        problems = phase_module.phase_problems(state, turn)
        assert problems == _plain_phase_problems(state, turn)
        seen["problems"] += bool(problems)  # (most presets' broken copies reach some)
        real_close(state, turn)

    monkeypatch.setattr(phase_module, "new_melds_now", new_melds_now)
    monkeypatch.setattr(GameState, "_close", close)
    monkeypatch.setattr(phase_module, "judge_take", judge_take)
    monkeypatch.delattr(GameState, "run")  # the driver steps `apply`: the plain path
    rng = random.Random(preset)
    for text in _texts(preset, players):
        document = load_document(text)
        header = read_header(document)
        GAME.referee(document, header)
        _referee_broken_copies(text, rng, 12)
    assert seen["new"] and seen["quiet"] and seen["take"], seen



def _random_melds(rng: random.Random, count: int):
    """Melds of every shape: runs and sets of natural cards (valid, with the ace
    either end, or broken by a repeat, a gap or a wrong suit) and any cards
    standing for themselves, for other cards or for nothing."""
    pack = [c for c in chain(ALL_CARDS, [JOKER])]
    suited = list(ALL_CARDS)
    for _ in range(count):
        shape = rng.randrange(4)
        if shape == 0:  # a run of one suit, perhaps broken
            start, size = rng.randrange(13), rng.randint(2, 6)
            suit = rng.randrange(4)
            cards = [suited[suit * 13 + (start + k) % 13] for k in range(size)]
            if rng.random() < 0.3:
                cards[rng.randrange(size)] = rng.choice(pack)
            placed = [placed_as(c, c) for c in cards]
        elif shape == 1:  # a set, perhaps broken
            rank = rng.randrange(13)
            cards = [suited[s * 13 + rank] for s in rng.sample(range(4), rng.randint(2, 4))]
            if rng.random() < 0.3:
                cards.append(rng.choice(cards + pack))
            placed = [placed_as(c, c) for c in cards]
        else:
            placed = [placed_as(c, rng.choice([c, c, None, rng.choice(suited)])) for c in rng.sample(pack, rng.randint(1, 6))]
        if shape < 2 and rng.random() < 0.4:  # a card or three played by printed jokers standing for them
            for i in rng.sample(range(len(placed)), min(len(placed), rng.randint(1, 3))):
                placed[i] = placed_as(JOKER, placed[i].stands)
        rng.shuffle(placed)
        yield placed


@pytest.mark.parametrize("wild", [WildRule(None, frozenset()), WildRule(Rank.SEVEN, frozenset({Suit.S, Suit.C})),
                                  WildRule(Rank.ACE, frozenset(Suit))], ids=["jokers", "sevens", "aces"])
def test_natural_meld_shortcut_equals_the_plain_check(wild):
    """`check_meld`'s shortcut for natural melds (`_natural`) against `_check_meld`."""
    rng = random.Random(str(wild))
    natural = declared = 0
    for placed in _random_melds(rng, 6000):
        assert check_meld(placed, wild) == _check_meld(placed, wild), placed
        natural += _natural(placed) is not None
        declared += _natural(placed) is not None and any(p.card is not p.stands for p in placed)
    assert natural > 1000 and declared > 300


@pytest.mark.parametrize("wild", [WildRule(None, frozenset()), WildRule(Rank.SEVEN, frozenset({Suit.S, Suit.C}))],
                         ids=["jokers", "sevens"])
def test_natural_resolve_shortcut_equals_the_plain_reading(wild):
    """`resolve`'s shortcut for melds of natural, undeclared cards against
    `_resolve`, its general reading, over written melds of every kind."""
    rng = random.Random(str(wild))
    quick = 0
    for placed in _random_melds(rng, 4000):
        tokens = [Token(p.card, None if rng.random() < 0.8 else p.stands) for p in placed]
        context = rng.choice([(), tuple(next(_random_melds(rng, 1)))])
        assert resolve(tokens, wild, context=context) == _resolve(tokens, wild, context), (tokens, context)
        quick += all(t.declared is None and t.card.suit is not None and t.card.rank is not wild.rank for t in tokens)
    assert quick > 1000


@pytest.mark.parametrize("wild", [WildRule(None, frozenset()), WildRule(Rank.SEVEN, frozenset({Suit.S, Suit.C}))],
                         ids=["jokers", "sevens"])
def test_taking_cards_out_in_one_pass_equals_holds_all_then_subtract(wild):
    """`take_tokens` (a meld action's cards taken out and read in one pass)
    against `_holds_all` and, when it holds them all, `subtract` and
    `resolve`: the same answer, the same hand (zero counts and key order
    too), the same placed cards where its shortcut reads them, and the same
    stop after `_holds_all` on the hand it leaves."""
    rng = random.Random(21)
    pack = list(ALL_CARDS) + [JOKER]
    lacking = quick = 0
    for _ in range(600):
        hand = Counter({c: rng.randint(0, 2) for c in rng.sample(pack, rng.randint(0, 14))})
        want = rng.choices(list(hand) * 3 + rng.sample(pack, 2), k=rng.randint(1, 5))
        tokens = [Token(c, None if rng.random() < 0.8 else rng.choice(pack)) for c in want]
        one, two = (position(hands={"P": "", "Q": ""}, fill=False) for _ in range(2))
        one.hands[0], two.hands[0] = copy_hand(hand), copy_hand(hand)
        move = parse_move("P meld " + " ".join(c.token for c in want), seats={"P": 0, "Q": 1})
        held = two._holds_all(0, move, want)
        if held:
            subtract(two.hands[0], want)
        taken, placed, _, _ = take_tokens(one.hands[0], tokens, wild)
        assert taken is held
        assert list(one.hands[0].items()) == list(two.hands[0].items())
        if not taken:
            assert placed is None and one._holds_all(0, move, want) is False
        elif placed is not None:
            assert (placed, []) == resolve(tokens, wild)
            quick += 1
        assert [(f.rule, f.message) for f in one.findings] == [(f.rule, f.message) for f in two.findings]
        assert one.phase is two.phase
        lacking += not held
    assert 100 < lacking < 500 and quick > 50


def test_stock_and_scores_from_counts_equal_the_plain_ones():
    """A `Stock` made from a Counter (zero counts in it) against one made from
    its `elements()`; `held_points` and `melds_points` against `hand_points`
    of the elements and `meld_points` meld by meld."""
    rng = random.Random(8)
    pack = list(ALL_CARDS) + [JOKER]
    for _ in range(300):
        counts = Counter({c: rng.randint(0, 3) for c in rng.sample(pack, rng.randint(0, 40))})
        quick, plain = Stock(counts), Stock(counts.elements())
        assert list(quick.unknown.items()) == list(plain.unknown.items())
        assert quick.unknown_size == plain.unknown_size and type(quick.unknown) is type(plain.unknown)
        joker = rng.choice([0, 10, 25])
        assert held_points(counts, joker=joker) == hand_points(counts.elements(), joker=joker)
        melds = [TableMeld(m) for m in _random_melds(rng, rng.randint(0, 5))]
        assert melds_points(melds) == sum(meld_points(m.cards) for m in melds)


@pytest.mark.parametrize("preset,players", PRESETS[:4])
def test_a_takes_hand_before_equals_a_copy_made_at_the_take(preset, players, monkeypatch):
    """`TakeFacts.hand_before` (the turn's starting hand itself on the turn's
    first draw) against a copy of the hand made just before the take."""
    real, taken = GameState._take, []

    def take(state, move, turn, *, forced):
        before = dict(state.hands[move.player])
        real(state, move, turn, forced=forced)
        if turn.takes and turn.takes[-1][0] == state.count:
            assert dict(turn.takes[-1][1].hand_before) == before
            taken.append(turn.takes[-1][1].hand_before is turn.start_hand)

    monkeypatch.setattr(GameState, "_take", take)
    for text in _texts(preset, players):
        lines = text.splitlines()
        document = load_document(text)
        GAME.referee(document, read_header(document))
        for i in [i for i, line in enumerate(lines) if " meld " in line][:6]:  # a second draw, a take after a meld
            copy = list(lines)
            copy.insert(i + 1, f"{lines[i].split(' meld ')[0]} draw line 1")
            broken = load_document("\n".join(copy) + "\n")
            GAME.referee(broken, read_header(broken))
    assert any(taken) and not all(taken)


def test_a_hand_behaves_as_a_counter():
    """`Hand` against `Counter`: item reads and writes (a card not held reads 0),
    `get`, `update`, `subtract`, arithmetic, `+`, `elements`, equality, copies, `del` of a held card."""
    rng = random.Random(5)
    pack = list(ALL_CARDS) + [JOKER]
    for _ in range(200):
        start = rng.choices(pack, k=rng.randint(0, 15))
        hand, plain = Hand(start), Counter(start)
        assert hand == plain and list(hand.items()) == list(plain.items()) and isinstance(hand, Counter)
        for _ in range(10):
            c, op = rng.choice(pack), rng.randrange(5)
            if op == 0:
                hand[c] = plain[c] = hand[c] + rng.choice([-1, 1])
            elif op == 1:
                more = rng.choices(pack, k=3)
                hand.update(more), plain.update(more)
            elif op == 2:
                less = rng.choices(pack, k=3)
                hand.subtract(less), plain.subtract(less)
            elif op == 3 and c in plain:
                del hand[c], plain[c]
            assert hand.get(c, 0) == plain.get(c, 0) and hand[c] == plain[c]
            assert list(hand.items()) == list(plain.items())
        other = Counter(rng.choices(pack, k=5))
        assert hand - other == plain - other and other - hand == other - plain and +hand == +plain
        assert sorted(hand.elements(), key=pack.index) == sorted(plain.elements(), key=pack.index)
        assert copy_hand(hand) == plain and Counter(hand) == plain


def test_identical_meld_shortcut_equals_the_plain_test():
    """`phase_problems`' identical-meld shortcut (only a touched meld's size
    compared) against `_plain_phase_problems`, on tables of melds drawn from
    a few, so that identical ones (two packs) are common, some touched."""
    rng = random.Random(39)
    pool = ["2S 3S 4S", "7D 8D 9D", "7D 8D JK=9D", "9H 9S 9C", "9S 9H 9C", "5C 6C 7C 8C", "JK=2S 3S 4S", "2S 3S 4S 5S"]
    identical = 0
    for _ in range(400):
        melds = rng.choices(pool, k=rng.randint(2, 5))
        try:
            state = position(players=("P", "Q", "R"), hands={"P": "2C"}, negative="5C", line="7S", melds={"P": melds})
        except AssertionError:  # more copies than two packs hold
            continue
        turn = state._start_turn(0)
        for meld in rng.sample(state.melds[0], rng.randint(1, len(melds))):
            meld.touched, meld.laid_now = rng.randint(1, 9), rng.random() < 0.5
        turn.last_action = 9
        plain = _plain_phase_problems(state, turn)
        assert phase_module.phase_problems(state, turn) == plain, melds
        identical += any(rule == R.IDENTICAL for rule, _, _ in plain)
    assert identical > 40


def test_a_melds_identity_equals_the_sorted_indexes():
    """`identity` (a loop and `list.sort`) against its plain form, sorted
    indexes of the cards or of what they stand for (99 for unknown)."""
    rng = random.Random(41)
    for placed in _random_melds(rng, 3000):
        assert identity(placed, IdenticalTest.PHYSICAL) == tuple(sorted(p.card.index for p in placed))
        assert identity(placed, IdenticalTest.REPRESENTED) == tuple(sorted(
            p.stands.index if p.stands is not None else 99 for p in placed))


def _referee_broken_copies(text: str, rng: random.Random, count: int) -> None:
    """Referee `count` broken copies of a transcript: a move line dropped, repeated or moved, or a
    melded card changed (unusable copies skipped)."""
    lines = text.splitlines()
    moves = [i for i, line in enumerate(lines) if line.startswith("      - ")]
    melding = [i for i in moves if " meld " in lines[i] or " add " in lines[i]]
    for _ in range(count):  # broken copies: a move line dropped, repeated or moved, a melded card changed
        i = rng.choice(moves)
        copy = list(lines)
        op = rng.randrange(4)
        if op == 3 and melding:
            i = rng.choice(melding)
            head, _, last = lines[i].rpartition(" ")
            copy[i] = f"{head} {rng.choice(['JK', '2S', '7H', 'KD', 'AC', last + '=9D'])}"
        elif op == 0:
            del copy[i]
        elif op == 1:
            copy.insert(i, lines[rng.choice(moves)])
        else:
            j = min(moves[-1], i + 1)
            copy[i], copy[j] = copy[j], copy[i]
        try:
            broken = load_document("\n".join(copy) + "\n")
            GAME.referee(broken, read_header(broken))
        except InputError:
            pass
