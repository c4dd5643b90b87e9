"""`referee record`: a game recorded live at the table, one prompt per move.

The transcript is kept as plain data and written as YAML after every
change (a temporary file in the same directory, fsync, rename), with
`in_progress: true` until the game ends. Each move is ruled on by checking
that text with the library, as `referee check` does, and reading the new
findings; the legal moves offered for completion come from the game's
`position`. Only the public Game API is used."""

from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .check import referee_source
from .games import get_game
from .recorder_parts import Kind, Part, Parts, check_cards, check_player, parts_for
from .report import Report
from .simulation import transcript_head
from .source import Source
from .writer import dump_yaml
from .yamldoc import load_document

if TYPE_CHECKING:
    from .games.base import Header
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


class Recorder:
    """One transcript being recorded: its data, the last report and position."""

    def __init__(self, path: Path, data: dict, *, comment: str = COMMENT,
                 say: Callable[[str], None] = print) -> None:
        self.path, self.data, self.comment, self.say = path, data, comment, say
        self.game = get_game(data["game"])
        self.players = tuple(str(p) for p in data["players"])
        self.report: Report | None = None
        self.legal: tuple[str, ...] = ()
        self.to_play: tuple[str, ...] = ()
        self.document: Document | None = None
        self.header: Header | None = None

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
        return parts_for(self.data["game"], str(self.data.get("ruleset")), options, len(self.players))

    # -- ruling ----------------------------------------------------------
    def judge(self) -> Report:
        """Check the transcript as it stands (in progress) and find the legal moves after its last move."""
        report, self.document, self.header = referee_source(Source(str(self.path), self.text()), in_progress=True)
        self.report = report
        self.legal, self.to_play = (), ()
        progress = report.in_progress
        if self.document is not None and self.deals and progress is not None and progress.state == "playing":
            self.to_play = progress.to_play
            position = self._position()
            if position is not None:
                self.legal, self.to_play = position.legal, position.to_move or progress.to_play
        return report

    def _position(self, *, hide_hands: bool = False):
        """The table after the last move: what `show` gives one past the last
        move of a record in progress (who is to play, the moves legal now)."""
        report, document, header = referee_source(Source(str(self.path), self.text()), in_progress=True)
        if document is None or header is None:  # both None together (unusable input)
            return None
        return self.game.position(document, header, deal=len(self.deals), move=len(self.moves) + 1,
                                  hide_hands=hide_hands)

    def refused(self, line: str) -> list[str] | None:
        """The referee's problems when `line` is no move line at all (nothing is kept), else None."""
        self.moves.append(line)
        report, document, _ = referee_source(Source(str(self.path), self.text()), in_progress=True)
        self.moves.pop()
        if document is not None:
            return None
        return [p.message for p in report.problems] or ["not a move line"]

    def play(self, line: str) -> list[str]:
        """Record `line`, save, rule: the lines telling the new findings (and the deal's end)."""
        before = set(self._said(self.report))
        self.moves.append(line)
        report = self.judge()
        out = [said for said in self._said(report) if said not in before]
        if report.in_progress is None:
            self.data.pop("in_progress", None)
            report = self.judge()
        self.save()
        return out

    @staticmethod
    def _said(report: Report | None) -> list[str]:
        if report is None:
            return []
        out = []
        for f in report.findings:
            where = f"deal {f.deal}, move {f.move}" if f.move is not None else f"deal {f.deal}"
            text = f"{f.rule} ({where}{', ' + f.player if f.player else ''}): {f.message}"
            if f.penalty is not None:
                text += f"; penalty: {f.penalty.text()}"
            out.append(("ruling: " if f.is_error else "note: ") + text)
        return out

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

    def show(self, *, hide_hands: bool) -> list[str]:
        from .views import legal_lines

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
        report = self.report
        if report is None or report.in_progress is None:
            last = report.deals[-1].lines if report and report.deals else ()
            return [*last, *(report.lines if report else ()), "the game is over"]
        state = report.in_progress.state
        if state == "between_deals":
            return [*report.deals[-1].lines] if report.deals else []
        if state == "stopped":
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
        """The referee's word on the new deal before any move: unusable input, or findings without a move."""
        report = self.judge()
        if self.document is None:
            return [p.message for p in report.problems]
        return [s for f, s in zip(report.findings, self._said(report))
                if f.deal == len(self.deals) and f.move in (None, 0) and f.is_error]


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
