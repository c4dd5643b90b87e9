"""High Card as a `Game`: the record read, its `Match` for the core driver,
show and replay through the driver's replay, and the seeded simulator."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any, Mapping

from referee.cards import parse_card
from referee.core.driver import Closed, Opening, Play as Played, Settlement, judge, replay, walk
from referee.errors import InputError, Problem
from referee.findings import Finding
from referee.frozen import frozen
from referee.games.base import DealOutcome, Header, InProgress, RecordGame, Verdict
from referee.money import format_fraction
from referee.simulation import hands_text, simulation_ruleset, transcript_head, write_transcript
from referee.yamldoc import Document

from .engine import DEAL, PACK, Deal
from .moves import Play, write_move

NAMES = ("Ann", "Bo", "Cy", "Di")


@frozen(slots=True)
class DealRecord:
    number: int
    hands: tuple[tuple[Any, ...], ...]
    moves: tuple[Play, ...]
    at: tuple[int, int]
    lines: tuple[tuple[int, int], ...]

    def position(self, index: int | None) -> tuple[int, int]:
        return self.lines[index - 1] if index is not None and 1 <= index <= len(self.lines) else self.at


def read_record(document: Document, players: tuple[str, ...]) -> tuple[DealRecord, ...]:
    """The deals, typed; a name that is no player or a token that is no card is an InputError."""
    seats = {name: seat for seat, name in enumerate(players)}
    problems, deals = [], []
    for number, raw in enumerate(document.data["deals"], start=1):
        hands = []
        for name in players:
            tokens = (raw["hands"].get(name) or "").split()
            hands.append(tuple(c for c in map(parse_card, tokens) if c is not None))
        moves, lines = [], document.item_lines(raw["moves"])
        for k, text in enumerate(raw["moves"]):
            words = text.split()
            card = parse_card(words[2]) if len(words) == 3 else None
            if len(words) != 3 or words[0] not in seats or words[1] != "play" or card is None:
                problems.append(Problem(f"not a move: {text!r} (NAME play CARD)", *lines[k]))
                continue
            moves.append(Play(seats[words[0]], card))
        deals.append(DealRecord(number, tuple(hands), tuple(moves), document.position(("deals", number - 1)),
                                tuple(lines)))
    if problems:
        raise InputError(*problems, file=document.name)
    return tuple(deals)


class HighCardMatch:
    """One transcript judged by the driver: deals are independent; the match adds up the tricks."""

    def __init__(self, deals: tuple[DealRecord, ...], players: tuple[str, ...], values: Mapping[str, Any]) -> None:
        self.records, self.players = deals, players
        self.follow, self.stake = values["follow"] == "yes", Fraction(values["stake"])
        self.blocked = False
        self.tricks: list[tuple[int, ...] | None] = []

    def setup(self) -> list[Finding]:
        self.blocked = not 2 <= len(self.players) <= 4
        return [Finding(rule=DEAL, message=f"{len(self.players)} players: the game takes 2 to 4", line=1, column=1)] \
            if self.blocked else []

    def deals(self) -> tuple[DealRecord, ...]:
        return self.records

    def open(self, deal: DealRecord) -> Opening:
        found = [] if self.blocked else self._check(deal)
        state = Deal(self.players, [list(h) for h in deal.hands], follow=self.follow)
        return Opening(number=deal.number, findings=tuple(found), state=state, moves=deal.moves,
                       replay=not self.blocked and not found, position=deal.position)

    def _check(self, deal: DealRecord) -> list[Finding]:
        held = Counter(c.token for hand in deal.hands for c in hand)
        line, column = deal.at
        if any(t not in PACK for t in held) or any(n > 1 for n in held.values()) \
                or len({len(h) for h in deal.hands}) != 1 or not deal.hands[0]:
            return [Finding(rule=DEAL, message="the hands are not equal hands from the 20-card pack", deal=deal.number,
                            line=line, column=column)]
        return []

    def close(self, deal: DealRecord, play: Played) -> Closed:
        result = play.state.result() if play.replayed else None
        tricks = result.tricks if result is not None and result.settled else None
        self.tricks.append(tricks)
        data = {"deal": deal.number, "settled": tricks is not None,
                "tricks": None if tricks is None else dict(zip(self.players, tricks))}
        said = "not settled" if tricks is None else ", ".join(f"{p} {t}" for p, t in zip(self.players, tricks))
        return Closed(outcome=DealOutcome(deal.number, tricks is not None, (f"deal {deal.number}: {said}",), data))

    def pause(self, deal: DealRecord, play: Played) -> Closed:
        data = {"deal": deal.number, "settled": False, "in_progress": True}
        return Closed(outcome=DealOutcome(deal.number, False, (f"deal {deal.number}: in progress",), data))

    def goes_on(self) -> bool:
        return False

    def settle(self) -> Settlement:
        if any(t is None for t in self.tricks):
            return Settlement(lines=("not every deal is settled: no totals",),
                              data={"complete": False, "tricks": None, "payouts": None})
        n = len(self.players)
        totals = [sum(t[s] for t in self.tricks if t is not None) for s in range(n)]
        data: dict[str, Any] = {"complete": True, "tricks": dict(zip(self.players, totals)), "payouts": None}
        lines = ["tricks: " + ", ".join(f"{p} {t}" for p, t in zip(self.players, totals))]
        if self.stake:
            every = sum(totals)
            nets = {p: self.stake * (n * t - every) for p, t in zip(self.players, totals)}
            data["payouts"] = {p: {"net": format_fraction(v, signed=True)} for p, v in nets.items()}
            lines.append("net: " + ", ".join(f"{p} {format_fraction(v, signed=True)}" for p, v in nets.items()))
        return Settlement(lines=tuple(lines), data=data)

    def standing(self, progress: InProgress) -> Settlement:
        return Settlement(data={"complete": False, "in_progress": True})


class HighCard(RecordGame):
    name = "high-card"

    def read(self, document: Document, header: Header) -> tuple[DealRecord, ...]:
        return read_record(document, header.players)

    def match(self, record: tuple[DealRecord, ...], header: Header) -> HighCardMatch:
        return HighCardMatch(record, header.players, header.ruleset.values)

    def judge_header(self, record: tuple[DealRecord, ...], header: Header) -> Verdict:
        return judge(self.match(record, header), in_progress=header.in_progress)

    def position(self, document: Document, header: Header, *, deal: int, move: int, hide_hands: bool = False) -> Any:
        from referee.games.table import Position, ShowError

        record = self.read(document, header)
        if not 1 <= deal <= len(record) or not 1 <= move <= len(record[deal - 1].moves) + 1:
            raise ShowError(f"deal {deal}, move {move}: not in the transcript")
        run = replay(self.match(record, header), deal=deal, upto=move)
        state = run.state
        snap = state.snapshot(hide_hands=hide_hands)
        legal = state.play_on() or []
        raw = document.data["deals"][deal - 1]["moves"]
        return Position(deal=deal, move=move, recorded=raw[move - 1] if move <= len(raw) else None,
                        lines=snap.lines, data=snap.data, to_move=tuple(header.players[s] for s in state.to_play()),
                        legal=tuple(write_move(m, header.players) for m in legal))

    def narrate(self, document: Document, header: Header) -> list[Any]:
        from referee.games.table import Beat

        beats = []
        for run in walk(self.match(self.read(document, header), header)):
            while run.pending:
                move = run.next_move()
                run.step()
                beats.append(Beat(deal=run.opening.number, first=run.index, last=run.index, title=f"Move {run.index}",
                                  plays=((header.players[move.player], move.card.token),), outcome=""))
        return beats

    def simulate(self, *, preset: str, players: int, seed: int, options: Mapping[str, str] | None = None) -> str:
        if not 2 <= players <= 4:
            raise InputError(Problem(f"High Card takes 2 to 4 players, not {players}"))
        overrides = dict(options or {})
        values = simulation_ruleset(self.name, preset, overrides).values
        rng = random.Random(seed)
        names = NAMES[:players]
        data = transcript_head(self.name, preset=preset, overrides=overrides, players=names)
        data["deals"] = []
        for _ in range(1 + seed % 2):
            pack = [parse_card(t) for t in PACK]
            rng.shuffle(pack)
            size = len(pack) // players
            hands = [pack[s * size:(s + 1) * size] for s in range(players)]
            state = Deal(names, [list(h) for h in hands], follow=values["follow"] == "yes")
            moves = []
            while (legal := state.play_on()) is not None:
                move = rng.choice(legal)
                state.apply(move)
                moves.append(write_move(move, names))
            data["deals"].append({"hands": hands_text(names, hands), "moves": moves})
        return write_transcript(data, what="High Card game", game=self.name, preset=preset, players=players,
                                seed=seed, overrides=overrides)
