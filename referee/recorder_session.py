"""The terminal side of `referee record`: prompts, tab completion (stdlib
`readline`), the commands, a new game's head and each deal's parts."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from .errors import InputError, Problem
from .recorder_parts import Kind
from .recorder import HELP, Recorder, load_transcript, new_transcript
from .suggest import not_a_player

__all__ = ["run"]

COMMANDS = ("undo", "show", "show hidden", "next", "help", "quit")


class _Completion:
    """Completes the whole line from the current choices (moves, names)."""

    def __init__(self) -> None:
        self.choices: tuple[str, ...] = ()
        self._found: list[str] = []
        try:
            import readline
        except ImportError:  # no readline (Windows): no completion
            return
        readline.set_completer_delims("")
        readline.parse_and_bind("tab: complete")
        readline.set_completer(self.complete)

    def complete(self, text: str, state: int) -> str | None:
        if state == 0:
            self._found = [c for c in self.choices if c.startswith(text)]
        return self._found[state] if state < len(self._found) else None


def _completions(legal: tuple[str, ...]) -> tuple[str, ...]:
    """Move texts to complete: a legal line whose card is unknown (`draw (the top card)`) up to that card."""
    return tuple(dict.fromkeys(line.split(" (", 1)[0] + " " if " (" in line else line for line in legal))


def _ask(completion: _Completion, choices: tuple[str, ...] = ()) -> Callable[[str], str]:
    def ask(prompt: str) -> str:
        completion.choices = choices
        return input(prompt)
    return ask


def _new_game(path: Path, *, game: str | None, preset: str | None, players: str | None, dealer: str | None,
              overrides: dict[str, str], ask: Callable[[str], str]) -> Recorder:
    from .rulesets import catalogue, game_named, unknown_game

    while True:
        named = game_named(game or ask("game> ").strip())
        if named is not None:
            break
        print(f"  {unknown_game(game)}" if game else "  unknown game")
        game = None
    preset = preset or named.preset or ask(f"preset [{catalogue(named.game).default_preset}]> ").strip() \
        or catalogue(named.game).default_preset
    names = tuple(p.strip() for p in (players or ask("players (comma-separated, in seating order)> ")).split(",")
                  if p.strip())
    if len(set(names)) != len(names) or not names:
        raise InputError(Problem(f"players: {', '.join(names) or 'none'}; give each player once"))
    while dealer not in names:
        if dealer:
            print(f"  {not_a_player(dealer, names)}")
        dealer = ask("dealer> ").strip()
    recorder = Recorder(path, new_transcript(named.game, preset=preset, overrides=overrides, players=names))
    parts = recorder.parts()  # an unknown preset or option, or a player count the game cannot take, fails here
    for part in parts.head:  # a player named in the head (the first dealer) is the dealer
        if part.kind is Kind.PLAYER and not part.per_player:
            recorder.data[part.key] = dealer
    recorder.ask_parts(tuple(p for p in parts.head if p.key not in recorder.data), recorder.data, ask, parts)
    recorder.data["deals"] = []
    _deal(recorder, ask, dealer=dealer)
    return recorder


def _deal(recorder: Recorder, ask: Callable[[str], str], *, dealer: str | None = None) -> None:
    """Ask for the next deal's dealer and parts until the referee accepts them; save it."""
    parts = recorder.parts()
    number = len(recorder.deals) + 1
    while True:
        print(f"deal {number}: enter each part (cards separated by spaces; a blank hand: not dealt in)")
        chosen = dealer
        while chosen not in recorder.players:
            default = recorder.next_dealer()
            chosen = ask(f"dealer [{default}]> ").strip() or default
            if chosen not in recorder.players:
                print(f"  {not_a_player(chosen, recorder.players)}")
        deal: dict = {"dealer": chosen}
        recorder.ask_parts(parts.deal, deal, ask, parts)
        deal["moves"] = []
        recorder.deals.append(deal)
        recorder.data["in_progress"] = True
        problems = recorder.deal_problems()
        if not problems:
            recorder.save()
            return
        recorder.deals.pop()
        for line in problems:
            print(f"  {line}")
        print("  the deal again:")
        dealer = None


def run(path: Path, *, game: str | None = None, preset: str | None = None, players: str | None = None,
        dealer: str | None = None, overrides: dict[str, str] | None = None) -> int:
    """Record into `path` (a new game, or the one it holds); the exit status of `check` on the result."""
    completion = _Completion()
    ask = _ask(completion, tuple(players.split(",")) if players else ())
    if path.exists() and path.stat().st_size:
        data, comment = load_transcript(path)
        recorder = Recorder(path, data, comment=comment)
        recorder.data["in_progress"] = True
        print(f"{path}: {data['game']}, deal {len(recorder.deals)}, {len(recorder.moves) if recorder.deals else 0}"
              " moves so far")
        if not recorder.deals:
            _deal(recorder, _ask(completion, recorder.players))
    else:
        recorder = _new_game(path, game=game, preset=preset, players=players, dealer=dealer,
                             overrides=overrides or {}, ask=ask)
    recorder.judge()  # the record so far, replayed once; its last deal kept live
    if "in_progress" not in recorder.data:  # it was over already
        recorder.save()
    print("type a move, or `help`")
    told: list[str] = []
    while True:
        status = recorder.status()
        if status != told:
            for line in status:
                print(line)
        told = status
        progress = recorder.progress
        if progress is None:
            break
        if progress.state == "between_deals":
            if _yes(ask, f"start deal {len(recorder.deals) + 1}? [Y/n]> "):
                _deal(recorder, _ask(completion, recorder.players))
                continue
            break
        who = ", ".join(recorder.to_play)
        completion.choices = _completions(recorder.legal) + COMMANDS
        try:
            line = input(f"{who} to play> " if who else "move> ").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            break
        if not line:
            continue
        if not _command(recorder, line, completion):
            break
    return recorder.exit_code


def _yes(ask: Callable[[str], str], prompt: str) -> bool:
    try:
        return ask(prompt).strip().lower() in ("", "y", "yes")
    except (EOFError, KeyboardInterrupt):
        print()
        return False


def _command(recorder: Recorder, line: str, completion: _Completion) -> bool:
    """Carry out one line; False to stop."""
    if line in ("quit", "exit"):
        return False
    if line == "help":
        print(HELP)
    elif line == "undo":
        print(recorder.undo())
    elif line in ("show", "show hidden"):
        print("\n".join(recorder.show(hide_hands=line == "show hidden")))
    elif line == "next":
        _deal(recorder, _ask(completion, recorder.players))
    else:
        move, problems = recorder.read_move(line)
        if move is None:
            for problem in problems:
                print(f"  not recorded: {problem}")
            return True
        for text in recorder.play(line, move):
            print(text)
    return True
