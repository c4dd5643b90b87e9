"""Vazhushal as a `Game`: its `Match` for the core driver (core/driver.py),
which reads the record, checks the setup and each deal, replays every game
through the engine (a `State`), settles the match and compares the claims."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping, cast

from ...core.driver import Closed, Match, Opening, Play, Settlement, judge
from ...findings import Finding
from ...yamldoc import Document
from ..base import DealOutcome, Header, InProgress, RecordGame, Verdict
from . import rules as R
from .deal import check_deal, check_setup
from .engine import GameResult, GameState
from .moves import Declare
from .options import VazhushalOptions
from .record import DealRecord, VazhushalRecord, read_record
from .settle import MatchTally, compare_deal, compare_match, deal_summary, match_summary

if TYPE_CHECKING:
    from ..table import Beat, Position

__all__ = ["Vazhushal", "VazhushalMatch"]

_UNSETTLED = GameResult(settled=False, end=None, out_player=None, scores=None, winners=frozenset())


def _at(deal: DealRecord) -> Callable[[int | None], tuple[int, int]]:
    """Where the deal's move i is written, for the driver (without moves: no
    line at all, which the core's type does not name: a finding of a game
    with no moves has always been reported at no line)."""
    return cast("Callable[[int | None], tuple[int, int]]", deal.position)


class VazhushalMatch:
    """One Vazhushal transcript judged by the driver: what a game leaves to
    the next (its dealer, for the next deal check) and to the match (the
    tally of wins, which also says when the match is decided)."""

    def __init__(self, record: VazhushalRecord, options: VazhushalOptions) -> None:
        self.record, self.options = record, options
        self.players = record.players
        self.blocked = False  # VZ-2.1, VZ-2.15: no game is replayed
        self.previous: int | None = None  # the previous game's dealer
        self.tally = MatchTally(options, len(record.players))
        self.closed = 0  # games closed (a game paused in progress is not)
        self.doubles = options.uses_doubles(len(record.players))  # without it no deal check reads late declarers

    def setup(self) -> list[Finding]:
        line, column = self.record.at.get("players", (1, 1))
        found = check_setup(self.options, self.players, line=line, column=column)
        self.blocked = bool(found)
        return found

    def deals(self) -> tuple[DealRecord, ...]:
        return self.record.deals

    def open(self, deal: DealRecord) -> Opening:
        """The deal check (late declarers read from the moves) and, once the
        tally is decided, the finding that this game is not part of it."""
        if self.blocked:
            return Opening(number=deal.number, moves=deal.moves, replay=False, position=_at(deal))
        late = frozenset(m.player for m in deal.moves if isinstance(m, Declare)) \
            if self.doubles and Declare in set(map(type, deal.moves)) else frozenset()  # rare: looked for at C speed
        setup = check_deal(self.options, deal, players=self.players, previous_dealer=self.previous,
                           late_declarers=late)
        found = setup.findings
        if self.tally.decided:
            line, column = deal.at["deal"]
            found += (Finding(rule=R.MATCH, message="the match was already decided; this game is not part of it",
                              deal=deal.number, line=line, column=column),)
        state = GameState(options=self.options, players=self.players, hands=deal.dealt.hands, setup=setup,
                          dealer=deal.dealer, deal=deal.number, ahead=deal.moves)
        return Opening(number=deal.number, findings=found, state=state, moves=deal.moves, position=_at(deal))

    def close(self, deal: DealRecord, play: Play) -> Closed:
        result = play.state.result() if play.replayed and play.state is not None else _UNSETTLED
        found = compare_deal(deal.claims, result, players=self.players, deal=deal.number) \
            if deal.claims is not None else ()
        lines, data = deal_summary(result, self.players, dealer=deal.dealer, deal=deal.number)
        self.tally.add(deal.number, result)
        self.previous = deal.dealer
        self.closed += 1
        return Closed(outcome=DealOutcome(number=deal.number, settled=result.settled, lines=lines, data=data),
                      findings=tuple(found))

    def pause(self, deal: DealRecord, play: Play) -> Closed:
        dealer = self.players[deal.dealer]
        data = {"deal": deal.number, "dealer": dealer, "settled": False, "in_progress": True}
        return Closed(outcome=DealOutcome(number=deal.number, settled=False, data=data, lines=(
            f"game {deal.number} (dealer {dealer}): in progress after move {len(deal.moves)}",)))

    def goes_on(self) -> bool:
        return not self.tally.decided

    def settle(self) -> Settlement:
        match = self.tally.result()
        claims = self.record.claims
        found = tuple(compare_match(claims, match, players=self.players)) if claims is not None else ()
        lines, data, standing = match_summary(match, self.players, options=self.options,
                                              games=len(self.record.deals))
        return Settlement(lines=lines, data=data, findings=found, standing=standing)

    def standing(self, progress: InProgress) -> Settlement:
        """No match result yet: the finished games' wins as the standing so far."""
        lines, data, standing = match_summary(self.tally.result(), self.players, options=self.options,
                                              games=self.closed)
        lines = tuple(line.replace("match: ", "match in progress: ", 1) for line in lines)
        return Settlement(lines=lines, data={**data, "in_progress": True}, standing=standing)


class Vazhushal(RecordGame):
    name = "vazhushal"

    def read(self, document: Document, header: Header) -> VazhushalRecord:
        """The transcript read into typed values (the "moves" stage of
        benchmarks/bench.py)."""
        return read_record(document, header.players)

    def match(self, record: VazhushalRecord, header: Header) -> Match:
        return VazhushalMatch(record, VazhushalOptions.from_values(header.ruleset.values))

    def judge_header(self, record: VazhushalRecord, header: Header) -> Verdict:
        """Replay and settle a record under the header's ruleset."""
        return self.judge(record, VazhushalOptions.from_values(header.ruleset.values), in_progress=header.in_progress)

    def judge(self, record: VazhushalRecord, options: VazhushalOptions, *, in_progress: bool = False) -> Verdict:
        """Every game judged and the match settled. `in_progress`: the last
        game may stop anywhere (no VZ-9.x finding for that, its claims are
        not compared) and the match may have games to come (no match claims
        compared while it is undecided)."""
        return judge(VazhushalMatch(record, options), in_progress=in_progress)

    def position(self, document: Document, header: Header, *, deal: int, move: int,
                 hide_hands: bool = False) -> Position:
        from .views import position

        raw = [entry["moves"] for entry in document.data["deals"]]
        match = VazhushalMatch(self.read(document, header), VazhushalOptions.from_values(header.ruleset.values))
        return position(match, raw, deal=deal, move=move, hide_hands=hide_hands,
                        in_progress=header.in_progress)

    def narrate(self, document: Document, header: Header) -> list[Beat]:
        from .views import narrate

        return narrate(VazhushalMatch(self.read(document, header), VazhushalOptions.from_values(header.ruleset.values)))

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        from .simulate import simulate

        return simulate(preset=preset, players=players, seed=seed, overrides=options or {})
