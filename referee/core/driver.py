"""The one driver loop every game's check runs (python-chess's single
reader driver), and the replay `show` and `replay` share with it.

A game plugs in with a `Match`: one transcript being judged, holding what
one deal leaves to the next (the previous dealer and loser, points, pots,
bankrolls, seating). The driver asks it, in order:

    setup()            findings before the first deal (player count, options)
    deals()            the deal records, in order
    open(deal)         the deal's checks and the `State` to replay it from
    close(deal, play)  the deal ended (or was not replayed): score it, compare
                       its claims, ask for missing ones, summarise it, carry
                       what the next deal needs; returns its findings and outcome
    pause(deal, play)  the last deal of a record in progress, still in play
    goes_on()          after the last deal of a record in progress: more to come?
    settle()           the whole match or session: settlement, claims compared
    standing(progress) ... of a record in progress: the standing so far

and replays each deal itself: the moves through `State.apply` (or a
`BatchState.run` fast path), the single stop policy (a state that says
`stopped` gets no further move), `finish()` at the end of the record, and
the position of every finding (deal, move index, line, column) stamped once
from the record. Where the games' four old loops differed, the hooks hold
the difference:

- Getaway (getaway/game.py): setup findings block every deal (each is then
  summarised as not settled); `open` runs the deal check against the
  previous round; `close` scores the round, compares its claims and keeps
  the points; `settle` settles the match and compares the match claims;
  `goes_on` while fewer rounds than `match_rounds` are recorded.
- Tjuv: `open` runs the dealer check (against the previous deal) and the
  deal check, and says `replay=False` under on_violation=stop with findings
  or with no moves (the TJ "no moves" finding is an opening finding);
  `close` adds the missing-claims notes; `goes_on` is always true (a session
  has no set length); `settle` adds the session-result note.
- Vazhushal: `open` runs the deal check (late declarers read from the
  moves) and the "match already decided" finding; `close` adds the game to
  the match tally; `goes_on` until the tally is decided.
- Game Flip Flop: the `Match` is the session. `open` does the leaves and
  joins, tiers and eliminations, the dealer, antes and hands checks (a
  stopped session opens later deals with `replay=False` and no state); an
  outcome-only deal opens with `state=None, settled=True` (no moves to
  replay, settled by its ending); `close` settles the deal's pots, moves the
  bankrolls, carries the flip and flop pots, compares the reveal and the
  claims; `settle` closes the session (refunds, session claims);
  `standing` gives the pots on the table.
"""

from __future__ import annotations

import copy
from dataclasses import field, fields, is_dataclass, replace
from typing import Any, Callable, Iterator, Mapping, Protocol, Sequence, cast

from ..findings import Finding
from ..frozen import frozen
from ..games.base import DealOutcome, InProgress, Verdict
from ..outcome import Standing
from .state import BatchState, State

__all__ = ["Opening", "Play", "Closed", "Settlement", "Match", "Replay", "judge", "play_deal", "replay", "walk",
           "Live", "live"]

Position = tuple[int, int]


@frozen(slots=True, kw_only=True)
class Opening:
    """A deal before its first move, as the game opens it."""

    number: int
    findings: tuple[Finding, ...] = ()  # the deal's own checks (dealer, hands, antes)
    state: State | None = None  # the engine at the first move; None: the deal has none
    moves: Sequence[Any] = ()
    replay: bool = True  # False: the check does not replay it (`show` still can, from `state`)
    settled: bool = False  # settled without moves (an outcome-only record): closed as a complete deal
    position: Callable[[int | None], Position] | None = None  # line and column of move i (None: the moves key)


@frozen(slots=True, kw_only=True)
class Play:
    """A deal as the driver replayed it."""

    number: int
    state: State | None  # None when it was not replayed
    findings: tuple[Finding, ...]  # the moves' and the end's, with their positions
    moves: int  # how many the record has
    replayed: bool
    finished: bool  # the record's end was applied (`finish()`): a complete deal
    progress: InProgress | None = None


@frozen(slots=True, kw_only=True)
class Closed:
    outcome: DealOutcome
    findings: tuple[Finding, ...] = ()


@frozen(slots=True, kw_only=True)
class Settlement:
    lines: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
    findings: tuple[Finding, ...] = ()
    standing: Standing | None = None  # the result as a value (the core writes `settlement.outcome` from it)


class Match(Protocol):
    """One transcript of a game being judged (see the module docstring)."""

    players: tuple[str, ...]  # seat names, by seat index

    def setup(self) -> Sequence[Finding]: ...
    def deals(self) -> Sequence[Any]: ...
    def open(self, deal: Any) -> Opening: ...
    def close(self, deal: Any, play: Play) -> Closed: ...
    def pause(self, deal: Any, play: Play) -> Closed: ...
    def goes_on(self) -> bool: ...
    def settle(self) -> Settlement: ...
    def standing(self, progress: InProgress) -> Settlement: ...


class Replay:
    """One deal replayed move by move from its opening: what the check runs,
    what `show` stops part-way (`upto`), and what `replay` tells step by step."""

    __slots__ = ("opening", "state", "index", "findings", "finished")

    def __init__(self, opening: Opening) -> None:
        self.opening = opening
        # None only for a deal walk() hands over that is not replayed (its methods are then not
        # called); typed State so the per-move methods need no check.
        self.state: State = opening.state  # type: ignore[assignment]
        self.index = 0  # moves applied so far
        self.findings: list[Finding] = []
        self.finished = False

    @property
    def pending(self) -> bool:
        """A recorded move is still to be applied (and the replay has not stopped)."""
        return self.index < len(self.opening.moves) and not self.state.stopped

    def next_move(self) -> Any:
        return self.opening.moves[self.index]

    def step(self) -> list[Finding]:
        """Apply the next recorded move; its findings, placed."""
        self.index += 1
        found = self._placed(self.state.apply(self.opening.moves[self.index - 1]), self.index)
        self.findings.extend(found)
        return found

    def upto(self, move: int) -> Replay:
        """Apply the moves before `move` (1-based), or up to a stop."""
        while self.index < move - 1 and self.pending:
            self.step()
        return self

    def rest(self) -> Replay:
        """Apply every remaining move, up to a stop (in one call where the state offers one)."""
        if self.index == 0 and hasattr(self.state.__class__, "run"):  # a BatchState (not isinstance: slow on a Protocol)
            moves = self.opening.moves
            self.findings.extend(self._placed(cast(BatchState, self.state).run(moves), None))
            self.index = len(moves)
            return self
        while self.pending:
            self.step()
        return self

    def finish(self) -> list[Finding]:
        """The end of the record: the state's last findings, at the last move applied."""
        self.finished = True
        found = self._placed(self.state.finish(), self.index or None)
        self.findings.extend(found)
        return found

    def _placed(self, findings: Sequence[Finding], move: int | None) -> list[Finding]:
        if not findings:
            return []
        number, position = self.opening.number, self.opening.position
        out = []
        for f in findings:
            at = f.move if f.move is not None else move
            if f.line is None and position is not None:
                line, column = position(at)
                f = replace(f, deal=number if f.deal is None else f.deal, move=at, line=line, column=column)
            elif f.deal is None or f.move != at:
                f = replace(f, deal=number if f.deal is None else f.deal, move=at)
            out.append(f)
        return out


def play_deal(opening: Opening, *, players: tuple[str, ...], playing: bool = False) -> Play:
    """Replay one opened deal; `playing`: it is the last of a record in progress."""
    moves = len(opening.moves)
    if not opening.replay or opening.state is None:
        progress = InProgress(deal=opening.number, move=moves, state="stopped") \
            if playing and not opening.settled else None
        return Play(number=opening.number, state=None, findings=(), moves=moves, replayed=False,
                    finished=False, progress=progress)
    run = Replay(opening).rest()
    state = run.state
    progress = None
    if playing:
        if state.stopped:
            progress = InProgress(deal=opening.number, move=moves, state="stopped")
        else:
            legal = state.play_on()
            if legal is not None:
                progress = InProgress(deal=opening.number, move=moves, legal_moves=len(legal),
                                      to_play=tuple(players[s] for s in state.to_play()))
    if progress is None:
        run.finish()
    return Play(number=opening.number, state=state, findings=tuple(run.findings), moves=moves, replayed=True,
                finished=progress is None, progress=progress)


def judge(match: Match, *, in_progress: bool = False) -> Verdict:
    """Every deal opened, replayed and closed, and the whole settled.
    `in_progress`: the last deal may stop anywhere (it is paused, not
    finished: no "the record stops early" finding, no claims compared) and
    more deals may follow (`goes_on`: no settlement, the standing instead)."""
    findings: list[Finding] = list(match.setup())
    outcomes: list[DealOutcome] = []
    deals = match.deals()
    progress: InProgress | None = None
    for deal in deals:
        opening = match.open(deal)
        findings.extend(opening.findings)
        play = play_deal(opening, players=match.players, playing=in_progress and deal is deals[-1])
        findings.extend(play.findings)
        progress = play.progress
        closed = match.pause(deal, play) if progress is not None else match.close(deal, play)
        findings.extend(closed.findings)
        outcomes.append(closed.outcome)
    if in_progress and progress is None and deals and match.goes_on():
        progress = InProgress(deal=outcomes[-1].number, move=_moves(deals[-1]), state="between_deals")
    settlement = match.standing(progress) if progress is not None else match.settle()
    findings.extend(settlement.findings)
    return Verdict(findings=tuple(findings), deals=tuple(outcomes), lines=settlement.lines, data=settlement.data,
                   in_progress=progress, standing=settlement.standing)


def _moves(deal: Any) -> int:
    return len(getattr(deal, "moves", None) or ())


def walk(match: Match) -> Iterator[Replay]:
    """Each deal opened in turn, as the check opens it, handed over as a
    `Replay` at its first move for the caller to step through (`replay`
    tells the moves one by one); when the caller asks for the next, the
    deal is completed as the check completes it and closed."""
    match.setup()
    for deal in match.deals():
        opening = match.open(deal)
        run = Replay(opening)
        yield run
        if opening.replay and opening.state is not None:
            if not run.finished:
                run.rest().finish()
            play = Play(number=opening.number, state=run.state, findings=tuple(run.findings),
                        moves=len(opening.moves), replayed=True, finished=True)
        else:
            play = Play(number=opening.number, state=None, findings=(), moves=len(opening.moves), replayed=False,
                        finished=False)
        match.close(deal, play)


def replay(match: Match, *, deal: int, upto: int | None = None) -> Replay:
    """Deal `deal` (1-based) of a fresh match replayed as the check replays
    it: the deals before it opened, replayed and closed, then it opened and
    its moves before `upto` applied (`upto=None`: none yet; step on with
    `Replay.step`). `show --move N` is `replay(..., upto=N).state`."""
    for number, run in enumerate(walk(match), start=1):
        if number == deal:
            if upto is not None and run.state is not None:
                run.upto(upto)
            return run
    raise IndexError(deal)


def live(match: Match, *, keep: Sequence[object] = ()) -> Live:
    """The record so far judged once, as `judge(match, in_progress=True)`
    judges it (`Live.verdict`), with its last deal left open for
    `Live.push` to go on move by move (`referee record`). `keep`: objects
    the match holds that never change (the typed record, its document),
    shared by the copies of the match `push` makes, not copied."""
    return Live(match, keep=keep)


class Live:
    """A record being written at the table: its last deal's `State` kept
    live and each new move applied to it (`push`), with `verdict` after
    each what `judge(match, in_progress=True)` says of the record with that
    move (a finding of a pushed move has the `moves` key's line: the record
    read had no line for it).

    Each push also opens the deal again, with the move added, on a copy of
    the match as it stood before the deal (its checks, not its moves): that
    copy pauses or closes the deal and gives the standing, as the check's
    match does at the record's end, and where its opening differs from the
    one held (a game whose deal check reads the deal's moves: a declaration
    made late), or the deal had stopped (a game that reads the moves after
    a stop), the deal is replayed from it. When the record's end would
    finish the deal (its state's `play_on` says None) it is finished and
    closed there, and the next deal is for the caller to record and judge
    again (`live`)."""

    def __init__(self, match: Match, *, keep: Sequence[object] = ()) -> None:
        self.players = match.players
        self.keep = tuple(keep)
        self.closed: list[Finding] = list(match.setup())  # setup's and every closed deal's findings
        self.outcomes: list[DealOutcome] = []  # ... and outcomes
        self.before: Match | None = None  # the match as it stood before the last deal was opened
        self.deal: Any = None  # the last deal's record, as read
        self.opening: Opening | None = None  # ... its opening, with every move pushed (None: closed)
        self.run: Replay | None = None  # ... its replay, when it is replayed (the live state)
        self.legal: Sequence[Any] = ()  # the moves legal now (`State.play_on`, asked on a copy)
        self.ended = False  # the record's end finishes the open deal here
        self.progress: InProgress | None = None
        self._ahead: State | None = None  # the copy `play_on` was asked
        deals = match.deals()
        for deal in deals[:-1]:
            opening = match.open(deal)
            self.closed.extend(opening.findings)
            play = play_deal(opening, players=match.players)
            self.closed.extend(play.findings)
            closed = match.close(deal, play)
            self.closed.extend(closed.findings)
            self.outcomes.append(closed.outcome)
        if deals:
            self.deal = deals[-1]
            self.before = self._copy(match)
            self._open(match.open(self.deal))
        self._judge(match, self.deal)

    @property
    def playing(self) -> bool:
        """The last deal is open to more moves."""
        return self.opening is not None

    @property
    def state(self) -> State | None:
        """The open deal's live state (None when it is not replayed, or closed)."""
        return self.run.state if self.run is not None else None

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.verdict.findings

    def push(self, move: Any) -> list[Finding]:
        """One more recorded move of the open deal; the findings it adds (or changes)."""
        held, run = self.opening, self.run
        assert held is not None and self.before is not None, "a deal open to moves"
        before = self.verdict.findings
        moves = (*held.moves, move)
        deal = self.deal
        assert is_dataclass(deal) and "moves" in {f.name for f in fields(deal)}, "a deal record with its moves"
        deal = replace(deal, moves=moves)  # type: ignore[type-var]  # a dataclass instance
        match = self._copy(self.before)
        opening = match.open(deal)
        if run is None or run.state.stopped or opening.findings != held.findings or opening.replay != held.replay \
                or opening.settled != held.settled:
            self._open(opening)
        else:
            self.opening = run.opening = replace(held, moves=moves)
            run.step()
            self._look()
        self._judge(match, deal)
        return _added(before, self.verdict.findings)

    def _open(self, opening: Opening) -> None:
        """Replay the open deal from `opening`, as the check replays it."""
        self.opening = opening
        self.run = Replay(opening).rest() if opening.replay and opening.state is not None else None
        self._look()

    def _look(self) -> None:
        """Where the open deal stands, read on a copy of its state (`play_on`
        settles what the next event would settle: the live state must not)."""
        opening, run = self.opening, self.run
        assert opening is not None
        moves = len(opening.moves)
        self.legal, self.ended, self._ahead = (), False, None
        if run is None:
            self.ended = opening.settled
            self.progress = None if opening.settled else InProgress(deal=opening.number, move=moves, state="stopped")
            return
        if run.state.stopped:
            self.progress = InProgress(deal=opening.number, move=moves, state="stopped")
            return
        self._ahead = ahead = copy.deepcopy(run.state)
        legal = ahead.play_on()
        if legal is None:
            self.ended, self.progress = True, None
            return
        self.legal = legal
        self.progress = InProgress(deal=opening.number, move=moves, legal_moves=len(legal),
                                   to_play=tuple(self.players[s] for s in ahead.to_play()))

    def _judge(self, match: Match, deal: Any) -> None:
        """The open deal paused or closed on `match` (which opened it), as
        `judge` does at the record's end; then the standing or the settlement."""
        opening, run = self.opening, self.run
        findings, outcomes = list(self.closed), list(self.outcomes)
        if opening is not None:
            moves = len(opening.moves)
            if run is None:
                play = Play(number=opening.number, state=None, findings=(), moves=moves, replayed=False,
                            finished=False, progress=self.progress)
            else:
                state = self._ahead if self._ahead is not None else run.state  # the state the check asked `play_on`
                if self.ended:  # finished there, as the check finishes it
                    run.state = state
                    run.finish()
                play = Play(number=opening.number, state=state, findings=tuple(run.findings), moves=moves,
                            replayed=True, finished=self.ended, progress=self.progress)
            findings.extend(opening.findings)
            findings.extend(play.findings)
            closed = match.pause(deal, play) if self.progress is not None else match.close(deal, play)
            findings.extend(closed.findings)
            outcomes.append(closed.outcome)
            if self.progress is None:  # the deal is over: closed for good
                self.closed, self.outcomes = list(findings), list(outcomes)
                self.opening = self.run = None
                self.legal = ()
                if match.goes_on():
                    self.progress = InProgress(deal=closed.outcome.number, move=moves, state="between_deals")
        settlement = match.standing(self.progress) if self.progress is not None else match.settle()
        findings.extend(settlement.findings)
        self.verdict = Verdict(findings=tuple(findings), deals=tuple(outcomes), lines=settlement.lines,
                               data=settlement.data, in_progress=self.progress, standing=settlement.standing)

    def _copy(self, match: Match) -> Match:
        memo: dict[int, Any] = {id(kept): kept for kept in self.keep}
        deals = match.deals()
        memo[id(deals)] = deals
        memo.update((id(deal), deal) for deal in deals)
        return copy.deepcopy(match, memo)


def _added(before: Sequence[Finding], after: Sequence[Finding]) -> list[Finding]:
    """The findings of `after` that `before` does not have (as many times as it has them more)."""
    left = list(before)
    out = []
    for f in after:
        if f in left:
            left.remove(f)
        else:
            out.append(f)
    return out
