"""The `referee` command. The exit status is decided in one place,
`report.exit_status`: 0 legal and claims match, 1 illegal moves or a claim
that differs, 2 unusable input or a usage error."""

from __future__ import annotations

import os
import sys

import click

from . import __version__

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _fail(message: str) -> None:
    click.echo(f"referee: error: {message}", err=True)
    sys.exit(2)


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="referee")
def main() -> None:
    """Referee recorded card games: Getaway (Bhabhi, Donkey), and more to come.

    \b
    Examples:
      referee check samples/getaway/seed-000-example.yaml
      referee rules getaway
      referee explain GW-4.4
      referee simulate getaway --players 4 --seed 1 > game.yaml
    """


@main.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True)
@click.option("--format", "output_format", type=click.Choice(["text", "json", "jsonl"]), default="text",
              show_default=True, help="Report format (json: one document; jsonl: one line per file).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes [default: every core].")
@click.option("--max-bytes", type=click.IntRange(min=1), default=None,
              help="Largest transcript accepted, in bytes [default: 8 MiB].")
def check(files: tuple[str, ...], output_format: str, jobs: int | None, max_bytes: int | None) -> None:
    """Replay transcripts and report every illegal move, penalty and result.

    FILES are transcripts, directories (every *.yaml and *.yml under them),
    quoted globs, or '-' for standard input. Reports come in the order the
    files were given; with several files a summary follows. Exit status: 0
    legal and every claim matches, 1 an illegal move or a claim that
    differs, 2 unusable input.

    \b
    Examples:
      referee check samples/getaway/seed-000-example.yaml
      referee check --format jsonl --jobs 2 archive/ > reports.jsonl
      cat game.yaml | referee check -
    """
    import time

    from .batch import check_files, default_jobs
    from .inputs import expand_inputs
    from .render import RENDERERS, render_summary, summary
    from .report import exit_status
    from .source import DEFAULT_MAX_BYTES

    started = time.perf_counter()
    paths = expand_inputs(list(files))
    progress = _progress_bar() if len(paths) >= 20 and sys.stderr.isatty() else None
    reports = []
    streaming = output_format != "json"
    for report in check_files(paths, jobs=jobs or default_jobs(), max_bytes=max_bytes or DEFAULT_MAX_BYTES,
                              progress=progress):
        reports.append(report)
        if streaming:
            _write(RENDERERS[output_format]([report]), progress)
    seconds = time.perf_counter() - started
    if progress:
        sys.stderr.write("\r\033[K" if "NO_COLOR" not in os.environ else "\n")
    if not streaming:
        sys.stdout.write(RENDERERS[output_format](reports, seconds=seconds))
    elif len(reports) > 1:
        target = sys.stdout if output_format == "text" else sys.stderr
        target.write(render_summary(summary(reports, seconds=seconds)))
    sys.stdout.flush()
    sys.exit(exit_status(reports))


def _progress_bar():
    width = 30

    def show(done: int, total: int) -> None:
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} files")
        sys.stderr.flush()
    return show


def _write(text: str, progress) -> None:
    if progress:
        sys.stderr.write("\r\033[K")
    sys.stdout.write(text)


@main.command(context_settings=CONTEXT)
@click.argument("game", required=False)
def rules(game: str | None) -> None:
    """List the games, their presets, options and rule IDs.

    \b
    Examples:
      referee rules
      referee rules getaway
    """
    from .rulesets import catalogues, presets

    known = catalogues()
    if game is not None and game not in known:
        _fail(f"unknown game '{game}' (known: {', '.join(known)})")
    for name, cat in known.items():
        if game is not None and name != game:
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


def _written(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


@main.command(context_settings=CONTEXT)
@click.argument("rule_id")
def explain(rule_id: str) -> None:
    """Print a rule: its title, text, game, and the presets that cite it.

    \b
    Example:
      referee explain GW-4.4
    """
    from .rulesets import presets, rule_text

    rule = rule_text(rule_id.upper())
    if rule is None:
        _fail(f"no rule '{rule_id}' (try `referee rules` for the list)")
    click.echo(f"{rule.id} {rule.title} ({rule.game})")
    click.echo(f"  {rule.text}")
    citing = [p.name for p in presets(rule.game) if rule.id in p.cites]
    if citing:
        click.echo(f"  cited as a finding under: {', '.join(citing)}")


@main.command(context_settings=CONTEXT)
@click.argument("game")
@click.option("--preset", default=None, help="Ruleset preset [default: the game's own].")
@click.option("--players", type=click.IntRange(min=1, max=16), default=4, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same transcript.")
@click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE", help="Override an option.")
def simulate(game: str, preset: str | None, players: int, seed: int, options: tuple[str, ...]) -> None:
    """Write a legal random transcript of GAME to standard output.

    \b
    Examples:
      referee simulate getaway --players 5 --seed 42
      referee simulate getaway --preset donkey --seed 7 -o match_rounds=3
    """
    from .errors import InputError
    from .games import GAMES, get_game

    if game not in GAMES:
        _fail(f"unknown game '{game}' (known: {', '.join(GAMES)})")
    overrides = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep:
            _fail(f"-o takes KEY=VALUE, not '{item}'")
        overrides[key.strip()] = value.strip()
    try:
        from .rulesets import catalogue

        text = get_game(game).simulate(preset=preset or catalogue(game).default_preset, players=players, seed=seed,
                                       options=overrides)
    except InputError as exc:
        _fail("; ".join(p.message for p in exc.problems))
    sys.stdout.write(text)
