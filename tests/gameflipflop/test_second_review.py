"""The second-review rulings GFF-15.10 to 15.13: joins without an amount under
unlimited bankrolls, joins after a seat that is gone, claims that are only
compared, and simulated sessions that show in every window."""

from __future__ import annotations

from referee.check import check_text
from referee.games.gameflipflop.engine import Deal, Phase
from referee.games.gameflipflop.moves import Declare, Show
from referee.games.gameflipflop.options import ShowMode
from referee.games.gameflipflop.pots import PotKind
from referee.writer import dump_yaml

from .helpers import amounts, column, deal, nets, one_deal, run, transcript, where
from .test_properties import OPTION_SETS, session

# Deal 1 of scenario T9: dealer C, A drops and wins, C shows 2C; the flop pot (3) is carried.
DEAL1 = dict(dealer="C", hands={"A": "AH 2D 3H 4D 5H", "B": "8C 9H 10D JH QC", "C": "2C 6D 9D KH 7C"},
             flip="7C", moves=["A drop", "C show 2C"])
# Deal 2 with E seated just clockwise of C, so E deals (GFF-4.2); A, the first player, drops.
AFTER_C = dict(dealer="E", hands={"A": "AH 2D 3H 4D 5H", "B": "8C 9H 10D JH QC", "C": "3C 6D 9D KH 7S",
                                  "E": "2C 4S JD QH 7C"}, flip="7C",
               moves=["A drop", "C show 3C", "C show 7S", "E show 2C", "E show 4S"])


def _join(between: list[str], *, bankrolls="10", second: dict = AFTER_C, players=("A", "B", "C")):
    return run(transcript(players=list(players), bankrolls=bankrolls,
                          deals=[deal(**DEAL1), deal(**second, between=between)]))


# ------------------------------------------------------------------ GFF-15.10


def test_gff_15_10_join_without_amount_under_unlimited_bankrolls():
    for form in ("join E after C", "join E unlimited after C"):
        report = _join([form], bankrolls="unlimited")
        assert report.exit_code == 0, (form, [f.to_data() for f in report.findings])
        assert report.deals[1].data["dealer"] == "E"
        assert report.deals[1].data["tiers"] == {} or set(report.deals[1].data["tiers"].values()) == {"full"}
        # deal 2: game 4 to A (drop), flip 4 to E (2C), flop 4 + 3 carried to E (4S)
        assert column(report, number=2) == amounts(A="1", B="-3", C="-3", E="8")


def test_gff_15_10_amount_in_an_unlimited_session_is_a_finding():
    report = _join(["join E 10 after C"], bankrolls="unlimited")
    assert where(report) == {(2, None, "GFF-14.6")}
    assert not report.deals[1].data["settled"]


def test_gff_15_10_recorded_bankrolls_still_need_the_amount():
    for form in ("join E after C", "join E unlimited after C"):
        assert where(_join([form])) == {(2, None, "GFF-14.6")}, form
    report = _join(["join E 10 after C"])
    assert report.exit_code == 0 and report.settlement["bankrolls"]["E"] == "18.00"


# ------------------------------------------------------------------ GFF-15.11


def test_gff_15_11_join_after_player_who_left():
    # B leaves, E sits in B's place clockwise: A (B) E C; after dealer C comes A.
    second = dict(dealer="A", hands={"E": "AH 2D 3H 4D 5H", "C": "8C 9H 10D JH QC", "A": "2C 6D 9D KH 7C"},
                  flip="7C", moves=["E drop", "A show 2C"])
    report = _join(["leave B", "join E 10 after B"], second=second)
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert report.deals[1].data["dealer"] == "A"
    assert list(nets(report, 2)) == ["E", "C", "A"]  # turn order: E sits right after B's seat, before C
    assert column(report, number=2) == amounts(E="0", C="-3", A="0")


def test_gff_15_11_join_after_eliminated_player():
    # D (1.50 < 2s) is out before deal 1 (GFF-3.9 a); E sits after D's seat, so after dealer C comes E.
    rolls = {"A": "10", "B": "10", "C": "10", "D": "1.50"}
    report = _join(["join E 10 after D"], bankrolls=rolls, players=("A", "B", "C", "D"))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert report.deals[1].data["dealer"] == "E"
    assert column(report, number=2) == amounts(A="1", B="-3", C="-3", E="8")
    assert report.settlement["bankrolls"]["D"] == "1.50"


def test_gff_15_11_only_a_name_that_never_sat_is_a_finding():
    # F joins later in the same list: when E joins, F has never sat at the table.
    report = _join(["join E 10 after F", "join F 10 after C"])
    assert where(report) == {(2, None, "GFF-14.6")}
    assert [f.player for f in report.findings] == ["E"]


# ------------------------------------------------------------------ GFF-15.12

NO_SHOW = dict(players="A B C", dealer="C", hands=DEAL1["hands"], flip="7C", moves=["A drop"])


def test_gff_15_12_claimed_flip_winner_does_not_replace_the_derived_one():
    report = run(one_deal(**NO_SHOW, claims={"flip": "B", "flop": "none"}))
    assert where(report) == {(1, None, "GFF-6.2")}  # the wrong claim; the flop claim (none) is right
    pots = {p["pot"]: p for p in report.deals[0].data["pots"]}
    assert pots["flip"]["winners"] == ["C"] and pots["flip"]["how"] == "derived"  # C holds 2C (GFF-15.8)
    assert column(report, "flip") == amounts(A="-1", B="-1", C="2")
    assert column(report) == amounts(A="0", B="-3", C="0")


def test_gff_15_12_claims_that_match_the_cards_pass_and_nobody_is_compared_too():
    assert run(one_deal(**NO_SHOW, claims={"flip": "C", "flop": "none"})).exit_code == 0
    report = run(one_deal(**NO_SHOW, claims={"flip": "none"}))
    assert where(report) == {(1, None, "GFF-6.2")}
    assert column(report, "flip") == amounts(A="-1", B="-1", C="2")


# ------------------------------------------------------------------ GFF-15.13


def _windows(options, players, generated_deal) -> tuple[int, int, int]:
    """(windows where a show wins, of them skipped, post-end shows) in one generated deal."""
    antes = generated_deal.money.antes
    state = Deal(options=options, names=players, order=generated_deal.order, hands=generated_deal.hands,
                 flip_card=generated_deal.flip_card,
                 eligible_flip=[s for s in generated_deal.order if PotKind.FLIP in antes[s]],
                 eligible_flop=[s for s in generated_deal.order if PotKind.FLOP in antes[s]])
    called = skipped = post = 0
    for move in (*generated_deal.moves, None):
        shows = [m for m in state.legal_moves() if isinstance(m, Show)]
        if shows:
            called += 1
            if move is None:
                skipped += 1  # the deal ends with a post-end window still holding a winning show
            elif state.phase is Phase.POST:
                first = state.queue.index(shows[0].player)  # windows go in turn order
                skipped += state.queue.index(move.player) > first
            else:
                skipped += not isinstance(move, (Show, Declare))  # drew or dropped without showing
        if move is None:
            break
        post += isinstance(move, Show) and state.phase is Phase.POST
        state.apply(move)
    assert not state.findings
    return called, skipped, post


def test_gff_15_13_simulated_sessions_show_in_every_window():
    called = skipped = post = shown = 0
    for seed in range(2 * len(OPTION_SETS)):
        options, players, generated, data = session(seed)
        report = check_text(dump_yaml(data), name=f"seed-{seed}")
        assert report.exit_code == 0 and not report.findings, (seed, [f.to_data() for f in report.findings][:3])
        if options.flip_flop_show is not ShowMode.EXPLICIT:
            continue
        for generated_deal, deal_report in zip(generated.deals, report.deals):
            if generated_deal.outcome_only:
                continue
            c, s, p = _windows(options, players, generated_deal)
            called, skipped, post = called + c, skipped + s, post + p
            shows = sum(isinstance(m, Show) for m in generated_deal.moves)
            shown += shows
            how = {p["pot"]: p["how"] for p in deal_report.data["pots"] if p["pot"] in ("flip", "flop")}
            if shows:
                assert set(how.values()) == {"shown"}, (seed, generated_deal.number, how)
    assert skipped == 0, skipped
    assert called > 200 and shown > 200 and post > 0, (called, shown, post)
