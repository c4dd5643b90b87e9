"""The `referee` command. The exit status is decided in one place,
`report.exit_status`: 0 legal and claims match, 1 illegal moves or a claim
that differs, 2 unusable input, a usage error or an internal error; a run
stopped by SIGINT or SIGTERM exits 130 or 143 (`console.interrupted`)."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from . import __version__
from .console import interrupted, quiet_broken_pipe, write_page, write_text

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

MAX_BYTES_LIMIT = 256 * 1024 * 1024  # the largest --max-bytes: a check holds the whole file, and more, in memory


def _complete_games(ctx, param, incomplete: str) -> list[str]:
    from .rulesets import game_names

    return [g for g in game_names() if g.startswith(incomplete.casefold())]


def _game_param(ctx) -> str | None:
    """The game named on the command line so far (an alias resolved), or None."""
    from .rulesets import game_named

    given = ctx.params.get("game") or next(iter(ctx.args), None)  # completing an option, GAME is still unparsed
    named = game_named(given)
    return named.game if named is not None else None


def _complete_presets(ctx, param, incomplete: str) -> list[str]:
    from .rulesets import presets

    game = _game_param(ctx)
    return [p.name for p in presets(game) if p.name.startswith(incomplete)]


def _complete_options(ctx, param, incomplete: str) -> list[str]:
    from .games import REGISTRY
    from .rulesets import catalogue

    game = _game_param(ctx) or REGISTRY.default.name
    options = catalogue(game).options
    key, sep, value = incomplete.partition("=")
    if sep and key in options:
        return [f"{key}={v}" for v in options[key].values if v.startswith(value)]
    return [f"{name}=" for name in options if name.startswith(key)]


def _complete_rules(ctx, param, incomplete: str) -> list[str]:
    from .rulesets import catalogues

    return [rule for cat in catalogues().values() for rule in cat.rules if rule.startswith(incomplete.upper())]


def _escaped(text: str) -> str:
    """A message with every control or format character in it escaped (the
    user's arguments are echoed in messages), line breaks kept."""
    from .errors import shown

    return "\n".join(shown(line, len(line)) for line in text.split("\n"))


def _fail(message: str) -> NoReturn:
    click.echo(f"referee: error: {_escaped(message)}", err=True)
    sys.exit(2)


class _Guarded(click.Group):
    """Turns a fault of the referee itself into a one-line message and exit
    status 2 (`check` also guards each file, so a batch goes on), Ctrl-C
    into one line and status 130, and escapes the arguments that click's
    own usage errors echo."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.exceptions.ClickException as exc:
            raise _escaped_error(exc) from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.exceptions.ClickException as exc:
            raise _escaped_error(exc) from None
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            import signal

            sys.exit(interrupted(signal.SIGINT))
        except BrokenPipeError:
            sys.exit(quiet_broken_pipe())
        except Exception as exc:  # noqa: BLE001
            from .errors import internal_error

            _fail(internal_error(exc))


def _escaped_error(exc: click.exceptions.ClickException) -> click.exceptions.ClickException:
    exc.message = _escaped(exc.message)  # type: ignore[misc]  # Final in click's types; escaped in place
    return exc


@click.group(cls=_Guarded, context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="referee")
def main() -> None:
    """Referee recorded card games: Getaway (Bhabhi, Donkey), Tjuv (Tattare),
    Game Flip Flop and Vazhushal.

    \b
    Examples:
      referee check samples/getaway/seed-000-example.yaml
      referee show samples/getaway/disputed-revoke.yaml --move 32
      referee replay --format html game.yaml > game.html
      referee rules getaway
      referee explain GW-4.4
      referee simulate getaway --players 4 --seed 1 > game.yaml

    Shell completion (games, presets, options, rule IDs), e.g. for bash:
    eval "$(_REFEREE_COMPLETE=bash_source referee)"
    """


@main.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True)
@click.option("--format", "output_format", type=click.Choice(["text", "json", "jsonl", "html", "github"]),
              default=None, help="Report format [default: text, or the configuration's] (json: one document;"
              " jsonl: one line per file; html: one page; github: GitHub Actions annotations).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes [default: every core].")
@click.option("--max-bytes", type=click.IntRange(min=1, max=MAX_BYTES_LIMIT), default=None,
              help=f"Largest transcript accepted, in bytes [default: 8 MiB; at most {MAX_BYTES_LIMIT:,} (256 MiB)].")
@click.option("--quiet/--no-quiet", "-q", "quiet", default=None,
              help="Text: only findings, unusable files and the summary (no outcomes, no per-file verdicts).")
@click.option("--statistics", is_flag=True,
              help="Instead of the findings, a count per rule ID and game, most frequent first.")
@click.option("--exclude", "exclude", multiple=True, metavar="GLOB",
              help="Skip what a directory walk or glob finds matching GLOB (relative path or base name);"
              " repeatable; replaces the configuration's.")
@click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Judge as if played with this option (over the transcript's own); repeatable.",
              shell_complete=_complete_options)
@click.option("--in-progress", "in_progress", is_flag=True,
              help="Every file is a game still being played (as `in_progress: true` says): a record that stops"
              " before the end is no finding; the report says who is to play and how many legal moves he has.")
@click.option("--timing", is_flag=True,
              help="JSON: give the run's wall time in the summary (summary.seconds). Without it two runs on the"
              " same files write the same bytes.")
def check(files: tuple[str, ...], output_format: str | None, jobs: int | None, max_bytes: int | None,
          quiet: bool | None, statistics: bool, exclude: tuple[str, ...], options: tuple[str, ...],
          in_progress: bool, timing: bool) -> None:
    """Replay transcripts and report every illegal move, penalty and result.

    FILES are transcripts, directories (every *.yaml and *.yml under them,
    but for names starting with a dot and --exclude matches), quoted globs,
    or '-' for standard input. Reports come in the order the files were
    given; with several files a summary follows. Defaults come from the
    nearest referee.toml or pyproject.toml [tool.referee]; flags win. Exit
    status: 0 legal and every claim matches, 1 an illegal move or a claim
    that differs, 2 unusable input.

    \b
    Examples:
      referee check samples/getaway/seed-000-example.yaml
      referee check -q --exclude 'drafts/*' archive/
      referee check --statistics archive/
      referee check --format github archive/
      referee check -o take_hand=leader samples/getaway/no-pickup.yaml
      referee check --in-progress game-so-far.yaml
      referee check --format jsonl --jobs 2 archive/ > reports.jsonl
      cat game.yaml | referee check -
    """
    from .config import option_pairs
    from .console import run_check

    try:
        overrides = option_pairs(options)
    except ValueError as exc:
        raise click.BadParameter(f"takes KEY=VALUE, not '{exc}'", param_hint="'-o'") from None
    if statistics and output_format not in (None, "text"):
        raise click.UsageError("--statistics prints a text table; it cannot be combined with --format "
                               f"{output_format}")
    sys.exit(run_check(files, output_format="text" if statistics else output_format, jobs=jobs,
                       max_bytes=max_bytes, quiet=quiet, statistics=statistics,
                       exclude=exclude or None, overrides=overrides, in_progress=in_progress,
                       timing=timing))


def _load_for_views(file: str, output_format: str = "text"):
    """(report, document, header, game) for show/replay, or exit 2 with the
    problems: in text on standard output; with `json`, the unusable report
    (schemas/report.schema.json) on standard output; with `html`, in text on
    standard error and no page."""
    from .check import referee_source
    from .errors import InputError
    from .games import get_game
    from .render import render_json, render_text
    from .report import Report
    from .source import read_source

    try:
        report, document, header = referee_source(read_source(file))
    except InputError as exc:
        report, document, header = Report.unusable(file, exc), None, None
    if document is None or header is None:  # both None together
        if output_format == "json":
            sys.stdout.write(render_json([report]))
        elif output_format == "html":
            sys.stderr.write(render_text([report]))
        else:
            write_text(render_text([report]))
        sys.exit(2)
    return report, document, header, get_game(header.game)


@main.command(context_settings=CONTEXT)
@click.argument("file")
@click.option("--deal", "-d", type=click.IntRange(min=1), default=1, show_default=True, help="Which deal (round).")
@click.option("--move", "-m", type=click.IntRange(min=1), required=True,
              help="The move, counted from 1 in the deal's moves list.")
@click.option("--hide-hands", is_flag=True,
              help="Show only how many cards each player holds; legal moves naming a held card are counted.")
@click.option("--format", "output_format", type=click.Choice(["text", "json", "html"]), default="text",
              show_default=True, help="html: the position as one self-contained page.")
def show(file: str, deal: int, move: int, hide_hands: bool, output_format: str) -> None:
    """Show the table just before a move, the legal moves, and the ruling.

    Prints each hand (or only counts with --hide-hands), the trick or turn in
    progress, piles, melds and pots as the game has them, whose turn it is,
    every move that was legal then, the move recorded, and the full text of
    every rule it breaks.

    \b
    Examples:
      referee show samples/getaway/disputed-revoke.yaml --move 32
      referee show game.yaml --deal 2 --move 14 --hide-hands
    """
    import json

    from .games.table import ShowError
    from .views import show_data, show_text

    report, document, header, game = _load_for_views(file, output_format)
    try:
        position = game.position(document, header, deal=deal, move=move, hide_hands=hide_hands)
    except ShowError as exc:
        _fail(str(exc))
    if output_format == "json":
        sys.stdout.write(json.dumps(show_data(report, position), indent=2, ensure_ascii=True) + "\n")
    elif output_format == "html":
        from .html import show_page

        write_page(show_page(report, position))
    else:
        write_text(show_text(report, position))
    sys.exit(1 if any(f.deal == deal and f.move == move and f.is_error for f in report.findings) else 0)


@main.command(context_settings=CONTEXT)
@click.argument("file")
@click.option("--format", "output_format", type=click.Choice(["text", "html"]), default="text", show_default=True,
              help="html: one self-contained page with card glyphs, a table per trick or turn, linked rules.")
def replay(file: str, output_format: str) -> None:
    """Tell the whole game, one line per trick or turn, with findings inline.

    The exit status is that of `referee check` on the same file.

    \b
    Examples:
      referee replay samples/getaway/seed-000-example.yaml
      referee replay --format html samples/getaway/disputed-revoke.yaml > dispute.html
    """
    from .views import replay_text

    report, document, header, game = _load_for_views(file, output_format)
    beats = game.narrate(document, header)
    if output_format == "html":
        from .html import html_page

        write_page(html_page([report], beats={report.file: beats}, title=f"{report.game}: {report.file}"))
    else:
        write_text(replay_text(report, beats))
    sys.exit(report.exit_code)


@main.command(context_settings=CONTEXT)
@click.argument("game", required=False, shell_complete=_complete_games)
@click.option("--moves", is_flag=True, help="Only the move lines of the game(s): every form, with an example.")
def rules(game: str | None, moves: bool) -> None:
    """List the games, their presets, options and rule IDs; with --moves,
    the forms of a game's move lines, each with an example.

    \b
    Examples:
      referee rules
      referee rules getaway
      referee rules tjuv --moves
    """
    from .rulesets import catalogues, game_named, presets, unknown_game

    known = catalogues()
    if game is not None:
        named = game_named(game)
        if named is None:
            _fail(unknown_game(game))
        game = named.game
    for name, cat in known.items():
        if game is not None and name != game:
            continue
        if moves:
            _echo_moves(name)
            continue
        click.echo(f"{name}: {cat.title}" + (f" (also {', '.join(cat.aka)})" if cat.aka else ""))
        found = presets(name)
        click.echo("  presets:")
        for preset in found:
            alias = f" (aliases: {', '.join(preset.aliases)})" if preset.aliases else ""
            click.echo(f"    {preset.name}{alias}: {preset.title}")
        click.echo("  options (default; values; value in each preset):")
        for option in cat.options.values():
            values = ", ".join(option.values) if option.values else option.kind.replace("_", " ")
            click.echo(f"    {option.name} = {option.default}  [{values}]")
            click.echo(f"        {option.text}")
            differing = [f"{p.name}={_written(p.options[option.name])}" for p in found
                         if _written(p.options[option.name]) != option.default]
            if differing:
                click.echo(f"        presets that differ: {', '.join(differing)}")
        click.echo("  rules:")
        for rule in cat.rules.values():
            click.echo(f"    {rule.id:<9} {rule.title}")
        click.echo(f"  a rule in full: `referee explain ID`; the move lines: `referee rules {name} --moves`")


def move_forms(game: str) -> tuple[tuple[str, str, str], ...]:
    """The game's move forms, `(form, example, meaning)` (its moves.py `MOVE_FORMS`)."""
    import importlib

    from .games import GAMES

    return importlib.import_module(GAMES[game] + ".moves").MOVE_FORMS


def _echo_moves(game: str) -> None:
    click.echo(f"{game}: move lines, one per item of a deal's `moves`")
    click.echo("  (P, Q: player names; CARD: a card such as AS, 10H, TD or 7♣; CARDS: cards separated by spaces)")
    for form, example, meaning in move_forms(game):
        click.echo(f"  {form}")
        click.echo(f"      e.g. {example}")
        click.echo(f"      {meaning}")


def _written(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


EXPLAIN_RESULTS = 20  # the most search results `referee explain WORDS` lists


@main.command(context_settings=CONTEXT)
@click.argument("words", nargs=-1, required=True, shell_complete=_complete_rules)
def explain(words: tuple[str, ...]) -> None:
    """Print a rule in full, or search every game's rules for words.

    With a rule ID: its title, its whole text (options, penalty, example)
    and the presets under which the referee cites it as a finding. With
    anything else: the rules whose titles or texts use those words, best
    first (more of the words, then words in the title), with the line that
    matched.

    \b
    Examples:
      referee explain GW-4.4
      referee explain revoke
      referee explain two players
    """
    from . import rulebook

    if len(words) == 1 and rulebook.looks_like_id(words[0]):
        _explain_rule(words[0])
    else:
        _explain_search(" ".join(words))


def _explain_rule(rule_id: str) -> None:
    from . import rulebook
    from .errors import shown
    from .rulesets import presets, rule_text

    entry, rule = rulebook.entry(rule_id), rule_text(rule_id.strip().upper())
    if entry is None and rule is None:
        close = rulebook.similar_ids(rule_id)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        _fail(f"no rule '{shown(rule_id)}'{hint} (try `referee rules GAME` for the list)")
    if entry is not None:
        rule_id, game, title, body = entry.id, entry.game, entry.title, entry.body
    else:
        assert rule is not None
        rule_id, game, title, body = rule.id, rule.game, rule.title, rule.text
    click.echo(f"{rule_id} {title} ({game})")
    for line in body.splitlines():
        click.echo(f"  {line}" if line else "")
    citing = [p.name for p in presets(game) if rule_id in p.cites]
    if citing:
        click.echo("")
        click.echo(f"  cited as a finding under: {', '.join(citing)}")


def _explain_search(query: str) -> None:
    from . import rulebook
    from .errors import shown

    hits = rulebook.search(query)
    if not hits:
        close = rulebook.suggestions(query)
        hint = f"; did you mean: {', '.join(close)}?" if close else ""
        _fail(f"no rule mentions '{shown(query)}'{hint} (try other words, or `referee rules GAME`)")
    for hit in hits[:EXPLAIN_RESULTS]:
        click.echo(f"{hit.entry.id:<9} {hit.entry.title} ({hit.entry.game})")
        if hit.line != hit.entry.title:
            click.echo(f"          {hit.line}")
    if len(hits) > EXPLAIN_RESULTS:
        click.echo(f"... and {len(hits) - EXPLAIN_RESULTS} more; add words to narrow the search")
    click.echo("`referee explain ID` prints a rule in full.")


@main.command(context_settings=CONTEXT)
@click.argument("game", shell_complete=_complete_games)
@click.option("--preset", default=None, help="Ruleset preset [default: the game's own].",
              shell_complete=_complete_presets)
@click.option("--players", type=click.IntRange(min=1, max=16), default=4, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same transcript.")
@click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE", help="Override an option.",
              shell_complete=_complete_options)
def simulate(game: str, preset: str | None, players: int, seed: int, options: tuple[str, ...]) -> None:
    """Write a legal random transcript of GAME to standard output.

    \b
    Examples:
      referee simulate getaway --players 5 --seed 42
      referee simulate getaway --preset donkey --seed 7 -o match_rounds=3
    """
    from .errors import InputError, shown
    from .games import get_game
    from .rulesets import game_named, unknown_game

    named = game_named(game)
    if named is None:
        _fail(unknown_game(game))
    game, preset = named.game, preset or named.preset
    overrides = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep:
            _fail(f"-o takes KEY=VALUE, not '{shown(item)}'")
        overrides[key.strip()] = value.strip()
    try:
        from .rulesets import catalogue

        text = get_game(game).simulate(preset=preset or catalogue(game).default_preset, players=players, seed=seed,
                                       options=overrides)
    except InputError as exc:
        _fail("; ".join(p.message for p in exc.problems))
    sys.stdout.write(text)


@main.command(context_settings=CONTEXT)
@click.argument("file")
@click.option("--game", default=None, help="A new game: which [default: asked].", shell_complete=_complete_games)
@click.option("--preset", default=None, help="A new game: the ruleset preset [default: the game's own].",
              shell_complete=_complete_presets)
@click.option("--players", default=None, metavar="A,B,...", help="A new game: the players in seating order.")
@click.option("--dealer", default=None, help="A new game: the first deal's dealer [default: asked].")
@click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE", help="A new game: an option.",
              shell_complete=_complete_options)
def record(file: str, game: str | None, preset: str | None, players: str | None, dealer: str | None,
           options: tuple[str, ...]) -> None:
    """Record a game live at the table, one prompt per move.

    A new FILE: name the game, preset, options, players and dealer (or
    answer the prompts), then each part of the deal as the game needs it
    (hands, table cards, stake and bankrolls, ...), each checked at once.
    An existing FILE: go on after its last move. Then one prompt per move,
    with TAB completing the legal moves; an illegal move is kept (the table
    played it) and ruled on at once. Commands: undo, show, show hidden,
    next, help, quit. The file is saved after every move, with
    `in_progress: true` until the game ends. Parts the recorder does not
    ask for (a talon order, antes, a reveal, notes, claims) are added by
    editing the file. Exit status: that of `referee check` on the file.

    \b
    Examples:
      referee record game.yaml --game getaway --players N,E,S,W --dealer S
      referee record game.yaml
    """
    from pathlib import Path

    from .config import option_pairs
    from .errors import InputError
    from .recorder_session import run

    try:
        overrides = option_pairs(options)
    except ValueError as exc:
        raise click.BadParameter(f"takes KEY=VALUE, not '{exc}'", param_hint="'-o'") from None
    try:
        sys.exit(run(Path(file), game=game, preset=preset, players=players, dealer=dealer,
                     overrides=dict(overrides)))
    except InputError as exc:
        _fail("; ".join(p.message for p in exc.problems))
    except (EOFError, KeyboardInterrupt):
        click.echo("")
        sys.exit(130)


@main.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True)
@click.option("--format", "output_format", type=click.Choice(["text", "json", "csv", "html"]), default="text",
              show_default=True, help="json: schemas/ledger.schema.json; csv: one row per player; html: one page.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes [default: every core].")
@click.option("--max-bytes", type=click.IntRange(min=1, max=MAX_BYTES_LIMIT), default=None,
              help="Largest transcript accepted, in bytes [default: 8 MiB].")
def ledger(files: tuple[str, ...], output_format: str, jobs: int | None, max_bytes: int | None) -> None:
    """A season's table over an archive: per player games, deals, wins,
    losses, points, findings by rule and net money, and the settle-up (the
    fewest transfers that clear every debt).

    FILES as for `referee check`. Unusable or unsettled files are listed and
    left out of the totals. Exit status: 0 every file counted, 1 a file left
    out as not settled, 2 a file unusable (the ledger is printed either way).

    \b
    Examples:
      referee ledger samples/
      referee ledger --format csv archive/ > season.csv
      referee ledger --format html 'season/**/*.yaml' > season.html
    """
    import signal

    from .batch import default_jobs
    from .console import Terminated, interrupted
    from .ledger import build_ledger, exit_code, reports_of
    from .ledger_render import LEDGER_RENDERERS
    from .source import DEFAULT_MAX_BYTES

    def terminated(signum: int, frame: object) -> None:
        raise Terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        table = build_ledger(reports_of(files, jobs=jobs or default_jobs(), max_bytes=max_bytes or DEFAULT_MAX_BYTES))
    except Terminated:
        sys.exit(interrupted(signal.SIGTERM))
    finally:
        signal.signal(signal.SIGTERM, previous)
    text = LEDGER_RENDERERS[output_format](table)
    if output_format == "html":
        write_page(text)
    else:
        write_text(text, colour=False)
    sys.exit(exit_code(table))
