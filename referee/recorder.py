"""`referee record`: a game recorded live at the table, one prompt per move.

The transcript is kept as plain data and written as YAML after every
change (a temporary file in the same directory, fsync, rename), with
`in_progress: true` until the game ends. The record so far is judged once
through the core driver, as `referee check` judges it (`driver.live`),
and its last deal's `State` kept live: each move typed is read as the
check reads it (the game's move schema and `moves.parse_move`), applied
to that state (`Live.push`), and ruled on at once; the legal moves
offered for completion are the state's (`play_on`, written back through
the game's `moves.write_move`). A new deal, an undo or a resume judge the
record again. Nothing here names a game: the registry gives its package."""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .core.driver import Live, live
from .errors import InputError, Problem
from .findings import Finding
from .games import REGISTRY, get_game
from .movetext import MoveSyntaxError
from .recorder_parts import Kind, Part, Parts, check_cards, check_player, parts_for
from .report import Report, Status
from .simulation import transcript_head
from .writer import dump_yaml
from .yamldoc import load_document

if TYPE_CHECKING:
    from .games.base import Header, InProgress
    from .yamldoc import Document

__all__ = ["Recorder", "write_atomically", "new_transcript", "HELP"]

COMMENT = "Recorded at the table with `referee record`"
HELP = """commands:
  a move line     recorded as played (TAB completes the legal moves); an illegal move is kept and ruled on
  undo            remove the last move (in a deal with none, the deal itself)
  show            the table now;  show hidden: with the hands hidden
  next            start the next deal (after a deal the referee stopped)
  help            this text
  quit            stop (Ctrl-D too); the file is already saved, `referee record FILE` goes on
parts a deal may have that are not asked for (a talon order, antes, a reveal, notes, claims) can be
added by editing the file."""


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves the old or the new file, never part of one."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


def new_transcript(game: str, *, preset: str, overrides: dict[str, str], players: tuple[str, ...]) -> dict:
    data = transcript_head(game, preset=preset, overrides=overrides, players=players)
    data["in_progress"] = True
    return data


@lru_cache(maxsize=None)
def _moves_module(game: str) -> Any:
    """The game's `moves` module (`parse_move`, `write_move`), found through the registry."""
    return importlib.import_module(f"{REGISTRY[game].module}.moves")


@lru_cache(maxsize=None)
def _move_schema(game: str) -> Any:
    """A validator of one move line, from the game's transcript schema (None if it has no `move` definition)."""
    from .schemas import SCHEMA_BASE, local_validator, schema

    entry = REGISTRY[game]
    if "move" not in schema(entry.schema).get("$defs", {}):
        return None
    return local_validator({"$ref": f"{SCHEMA_BASE}{entry.schema}#/$defs/move"})


def read_text(text: str, *, name: str) -> tuple[Document, Header, Any]:
    """A transcript read as the check reads it, judged in progress: (document, header, typed record)."""
    from .schemas import validate
    from .transcript import name_the_game, read_header

    document = load_document(text, name=name)
    name_the_game(document)
    validate(document, "transcript.schema.json")
    header = read_header(document, in_progress=True)
    return document, header, get_game(header.game).read(document, header)


class Recorder:
    """One transcript being recorded: its data, and the record so far
    judged through the driver with its last deal live (`live`)."""

    def __init__(self, path: Path, data: dict, *, comment: str = COMMENT,
                 say: Callable[[str], None] = print) -> None:
        from .rulesets import game_named

        self.path, self.data, self.comment, self.say = path, data, comment, say
        named = game_named(data["game"])
        self.name = named.game if named is not None else str(data["game"])
        self.game = get_game(self.name)
        self.players = tuple(str(p) for p in data["players"])
        self.report: Report | None = None  # the last judgement's (the final check's, once the game is over)
        self.live: Live | None = None  # the record judged, its last deal live (None: unusable, or over)
        self.document: Document | None = None
        self.header: Header | None = None
        self._ruled: list[Finding] = []

    # -- the transcript --------------------------------------------------
    @property
    def deals(self) -> list[dict]:
        return self.data.setdefault("deals", [])

    @property
    def moves(self) -> list[str]:
        return self.deals[-1].setdefault("moves", [])

    def text(self) -> str:
        return dump_yaml(self.data, comment=self.comment)

    def save(self) -> None:
        write_atomically(self.path, self.text())

    def parts(self) -> Parts:
        options = tuple(sorted((str(k), str(v)) for k, v in (self.data.get("options") or {}).items()))
        return parts_for(self.name, str(self.data.get("ruleset")), options, len(self.players))

    # -- ruling ----------------------------------------------------------
    def judge(self) -> Report:
        """Judge the transcript as it stands, in progress, through the driver
        (one replay of the record), keeping its last deal live; once the game
        is over, `in_progress` goes and the complete record is checked."""
        report = self._judge()
        if self.live is not None and self.progress is None and self.data.pop("in_progress", None):
            self.final()
        return report

    def _judge(self) -> Report:
        try:
            document, header, record = read_text(self.text(), name=str(self.path))
        except InputError as exc:
            self.live, self.document, self.header = None, None, None
            self.report = Report.unusable(str(self.path), exc)
            self._ruled = []
            return self.report
        self.document, self.header = document, header
        self.live = live(self.game.match(record, header), keep=(record, document))  # type: ignore[attr-defined]
        self.report = Report.of(str(self.path), header, self.live.verdict)
        self._ruled = list(self.live.findings)
        return self.report

    def final(self) -> None:
        """The game is over: the complete record, as `referee check` reports it."""
        from .check import check_text

        self.report = check_text(self.text(), name=str(self.path))
        self.live = None
        self._ruled = list(self.report.findings)

    @property
    def findings(self) -> list[Finding]:
        """Every finding on the record as it stands, in the check's order."""
        return self._ruled

    @property
    def progress(self) -> InProgress | None:
        """Where the game stands (None: over, or unusable)."""
        return self.live.progress if self.live is not None else None

    @property
    def to_play(self) -> tuple[str, ...]:
        progress = self.progress
        return progress.to_play if progress is not None and progress.state == "playing" else ()

    @property
    def legal(self) -> tuple[str, ...]:
        """The moves legal now, as move lines."""
        if self.live is None or not self.to_play:
            return ()
        write = _moves_module(self.name).write_move
        players = self.live.players
        return tuple(dict.fromkeys(write(move, players) for move in self.live.legal))

    def read_move(self, line: str) -> tuple[Any, list[str]]:
        """(the typed move, []) for a move line the check reads, else (None,
        the check's problems with it: nothing is kept). The line alone is read
        (the game's move schema, then its parser); one that fails is read
        again in the whole transcript, for the check's own words."""
        move = self._quick(line)
        if move is not None:
            return move, []
        self.moves.append(line)
        try:
            document, header, record = read_text(self.text(), name=str(self.path))
        except InputError as exc:
            return None, [p.message for p in exc.problems] or ["not a move line"]
        finally:
            self.moves.pop()
        return self.game.match(record, header).deals()[-1].moves[-1], []  # type: ignore[attr-defined]

    def _quick(self, line: str) -> Any:
        if self.live is None:
            return None
        check = _move_schema(self.name)
        if check is not None and not check.is_valid(line):
            return None
        seats = {name: seat for seat, name in enumerate(self.live.players)}
        try:
            return _moves_module(self.name).parse_move(line, seats=seats)
        except MoveSyntaxError:
            return None

    def refused(self, line: str) -> list[str] | None:
        """The check's problems when `line` is no move line at all (nothing is kept), else None."""
        move, problems = self.read_move(line)
        return problems if move is None else None

    def play(self, line: str, move: Any = None) -> list[str]:
        """Record `line` (`move`, as read), apply it to the live deal, save:
        the lines telling the new rulings (and any withdrawn), and the deal's end."""
        if move is None:
            move, problems = self.read_move(line)
            if move is None:
                raise InputError([Problem(p) for p in problems])
        before = self._said(self.findings)
        self.moves.append(line)
        if self.live is not None and self.live.playing:
            self.live.push(move)
            self._ruled = list(self.live.findings)
            if self.live.progress is None:  # the game is over
                self.data.pop("in_progress", None)
                self.final()
            elif not self.live.playing and self.header is not None:  # the deal is over: its outcome, the standing
                self.report = Report.of(str(self.path), self.header, self.live.verdict)
        else:  # nothing live (a deal not open to moves): the record is judged again
            self.judge()
        self.save()
        after = self._said(self.findings)
        return [*_beyond(after, before), *(f"withdrawn: {said}" for said in _beyond(before, after))]

    @staticmethod
    def _said(findings: list[Finding]) -> list[str]:
        out = []
        for f in findings:
            where = f"deal {f.deal}, move {f.move}" if f.move is not None else f"deal {f.deal}"
            text = f"{f.rule} ({where}{', ' + f.player if f.player else ''}): {f.message}"
            if f.penalty is not None:
                text += f"; penalty: {f.penalty.text()}"
            out.append(("ruling: " if f.is_error else "note: ") + text)
        return out

    @property
    def exit_code(self) -> int:
        """What `referee check` gives the file as written."""
        report = self.report
        if report is None:
            return 0
        if report.status is Status.UNUSABLE:
            return report.exit_code
        return 1 if any(f.is_error for f in self.findings) else 0

    def undo(self) -> str:
        if self.moves:
            gone = self.moves.pop()
            said = f"removed move {len(self.moves) + 1}: {gone}"
        elif len(self.deals) > 1:
            self.deals.pop()
            said = f"removed deal {len(self.deals) + 1} (it had no moves)"
        else:
            return "nothing to undo"
        self.data["in_progress"] = True
        self.judge()
        self.save()
        return said

    def _position(self, *, hide_hands: bool = False):
        """The table after the last move: what `referee show` gives one past
        the last move of a record in progress (the same replay as the check)."""
        if self.document is None or self.header is None or not self.deals:
            return None
        return self.game.position(self.document, self.header, deal=len(self.deals), move=len(self.moves) + 1,
                                  hide_hands=hide_hands)

    def show(self, *, hide_hands: bool) -> list[str]:
        from .views import legal_lines

        if self.to_play:
            self._judge()  # the document shown is the record as it stands
        position = self._position(hide_hands=hide_hands) if self.to_play else None
        if position is None:
            return [f"deal {len(self.deals)}, after move {len(self.moves)}: no one to play", *self.status()]
        legal, counted = legal_lines(position.legal, hidden=position.hidden, players=self.players)
        out = [f"deal {len(self.deals)}, after move {len(self.moves)}", *position.lines]
        out.append(f"to move: {', '.join(position.to_move)}")
        out.append(f"legal moves ({len(position.legal)}):")
        out.extend(f"  {group}" for group in legal)
        out.extend(f"  {who}: {n} legal move(s) (cards hidden)" for who, n in counted.items())
        return out

    def status(self) -> list[str]:
        report, progress = self.report, self.progress
        if progress is None:
            last = report.deals[-1].lines if report and report.deals else ()
            return [*last, *(report.lines if report else ()), "the game is over"]
        if progress.state == "between_deals":
            return [*report.deals[-1].lines] if report is not None and report.deals else []
        if progress.state == "stopped":
            return [f"the referee stopped deal {len(self.deals)}; moves are still recorded (`next` starts a deal)"]
        return []

    # -- a deal's parts ----------------------------------------------------
    def next_dealer(self) -> str:
        if not self.deals:
            return self.players[0]
        last = str(self.deals[-1].get("dealer", self.players[-1]))
        return self.players[(self.players.index(last) + 1) % len(self.players)] if last in self.players else last

    def ask_parts(self, parts: tuple[Part, ...], into: dict, ask: Callable[[str], str], all_parts: Parts) -> None:
        """Prompt for each part (a prompt per player for a table by player), checking each answer at once."""
        held: Counter[str] = Counter()
        for part in parts:
            if part.per_player:
                table = {}
                for player in self.players:
                    value = self._ask_one(part, f"{part.key} {player}> ", ask, held, all_parts, blank_ok=True)
                    if value:
                        table[player] = value
                if table:
                    into[part.key] = table
            else:
                prompt = f"{part.key} (optional)> " if part.optional else f"{part.key}> "
                value = self._ask_one(part, prompt, ask, held, all_parts, blank_ok=part.optional)
                if value:
                    into[part.key] = value

    def _ask_one(self, part: Part, prompt: str, ask: Callable[[str], str], held: Counter[str], all_parts: Parts,
                 *, blank_ok: bool) -> str:
        if part.default is not None:
            prompt = f"{part.key} [{part.default}]> "
        while True:
            answer = ask(prompt).strip()
            if not answer and part.default is not None:
                return part.default
            if not answer and (blank_ok or part.kind is not Kind.CARDS):
                if blank_ok:
                    return ""
                self.say(f"  {part.key} is needed")
                continue
            if part.kind is Kind.CARDS:
                problem, cards = check_cards(answer, part=part, earlier=held, parts=all_parts)
                if problem is None:
                    held.update(cards)
                    return " ".join(cards)
            elif part.kind is Kind.PLAYER:
                problem = check_player(answer, self.players)
                if problem is None:
                    return answer
            else:
                return answer
            self.say(f"  {problem}")

    def deal_problems(self) -> list[str]:
        """The referee's word on the new deal before any move (the record
        judged again: the deal opened through the match as the check opens
        it): unusable input, or its findings without a move."""
        report = self.judge()
        if self.document is None:
            return [p.message for p in report.problems]
        return [s for f, s in zip(self.findings, self._said(self.findings))
                if f.deal == len(self.deals) and f.move in (None, 0) and f.is_error]


def _beyond(lines: list[str], other: list[str]) -> list[str]:
    """The lines of `lines` that `other` does not have (each as often as it has it more), in order."""
    spare = Counter(other)
    out = []
    for line in lines:
        if spare[line]:
            spare[line] -= 1
        else:
            out.append(line)
    return out


def load_transcript(path: Path) -> tuple[dict, str]:
    """(the data, its leading comment) of an existing transcript."""
    text = path.read_text(encoding="utf-8")
    comment = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        comment.append(line[1:].removeprefix(" "))
    data = load_document(text, name=str(path)).data
    return dict(data), "\n".join(comment) or COMMENT


def _stdout(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
