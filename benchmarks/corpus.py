"""A fixed corpus of transcripts and the referee's answers to each, for
comparing two versions of the code byte for byte (a refactoring must change
nothing).

    python benchmarks/corpus.py OUT [--per-game 200] [--games getaway,tjuv]
    python benchmarks/corpus.py --compare BEFORE AFTER

The corpus: every sample; `--per-game` seeded `simulate` transcripts of
each game, over its presets and the player counts they take; a seeded
single-fault mutation of every fourth of them (a line dropped, repeated or
swapped, a word replaced); and a cut copy of every fifth (its last deal
stopped part-way, marked `in_progress: true`). For each file OUT gets
`NAME.yaml` (the input), `NAME.txt` (check's text), `NAME.json` (check's
JSON, without timings), and for every sample and every tenth generated file
`NAME.show` (show's text and JSON at three seeded positions) and
`NAME.replay` (replay's text). Everything runs in-process through the
library: to snapshot another checkout, run this file with PYTHONPATH
pointing to it (`PYTHONPATH=/tmp/before python benchmarks/corpus.py ...`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOKENS = ["AS", "10H", "JK", "zz", "-1", "0", "99", "yes", "no", "~", "N", "take", "play", "draw", "waste",
          "meld", "2.50", "1/3", "capture", "none", "trick 2"]
PLAYER_COUNTS = range(2, 9)


def mutate(text: str, rng: random.Random) -> str:
    """One seeded fault in a move line or a value (tests/core/test_mutations.py's kinds)."""
    lines = text.split("\n")
    body = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    i, op = rng.choice(body), rng.random()
    if op < 0.2:
        del lines[i]
    elif op < 0.4:
        lines.insert(i, lines[rng.choice(body)])
    elif op < 0.8:
        line = lines[i]
        indent = line[: len(line) - len(line.lstrip(" -"))]  # the indentation and list dash stay
        words = line[len(indent):].split(" ")
        words[rng.randrange(len(words))] = rng.choice(TOKENS)
        lines[i] = indent + " ".join(words)
    else:
        j = rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def cut(text: str, rng: random.Random) -> str | None:
    """The transcript stopped part-way through a deal, as a record in progress."""
    import yaml

    from referee.writer import dump_yaml

    data = yaml.safe_load(text)
    deals = data.get("deals") or []
    if not deals:
        return None
    keep = rng.randint(1, len(deals))
    data["deals"] = deals[:keep]
    last = data["deals"][-1]
    for key in ("claims", "result", "outcome"):
        last.pop(key, None)
    data.pop("claims", None)
    moves = last.get("moves")
    if isinstance(moves, list) and moves:
        last["moves"] = moves[: rng.randint(0, len(moves))]
    data = {**{k: v for k, v in data.items() if k != "deals"}, "in_progress": True, "deals": data["deals"]}
    return dump_yaml(data)


def generated(per_game: int, games: list[str]) -> list[tuple[str, str]]:
    """(name, text) of the seeded transcripts, their mutations and cut copies."""
    from referee.errors import InputError
    from referee.games import get_game
    from referee.rulesets import presets

    out: list[tuple[str, str]] = []
    for game in games:
        plays = get_game(game)
        combos = []
        for preset in presets(game):
            for n in PLAYER_COUNTS:
                try:
                    plays.simulate(preset=preset.name, players=n, seed=0)
                except InputError:
                    continue
                combos.append((preset.name, n))
        rng = random.Random(f"corpus-{game}")
        for k in range(per_game):
            preset, n = combos[k % len(combos)]
            seed = k // len(combos) + 1
            name = f"{game}-{preset}-{n}p-s{seed}"
            text = plays.simulate(preset=preset, players=n, seed=seed)
            out.append((name, text))
            if k % 4 == 0:
                out.append((name + "-mut", mutate(text, rng)))
            if k % 5 == 0:
                cutted = cut(text, rng)
                if cutted is not None:
                    out.append((name + "-cut", cutted))
    return out


def answers(name: str, text: str, *, views: bool) -> dict[str, str]:
    """check's text and JSON, and (views) show and replay, for one transcript."""
    from referee.check import referee_source
    from referee.errors import InputError
    from referee.games import get_game
    from referee.games.table import ShowError
    from referee.render import render_json, render_text
    from referee.source import Source
    from referee.views import replay_text, show_data, show_text

    report, document, header = referee_source(Source(name + ".yaml", text))
    out = {"txt": render_text([report]), "json": render_json([report])}
    if not views or document is None:
        return out
    game = get_game(header.game)
    rng = random.Random(name)
    shown = []
    deals = document.data["deals"]
    for _ in range(3):
        deal = rng.randint(1, len(deals))
        raw = deals[deal - 1]
        moves = raw.get("moves") if isinstance(raw, dict) else None
        move = rng.randint(1, len(moves or ()) + 1)
        for hide in (False, True):
            try:
                position = game.position(document, header, deal=deal, move=move, hide_hands=hide)
            except (ShowError, InputError) as exc:
                shown.append(f"deal {deal} move {move}: {type(exc).__name__}: {exc}")
                continue
            shown.append(show_text(report, position))
            shown.append(json.dumps(show_data(report, position), sort_keys=True, default=str))
    out["show"] = "\n".join(shown)
    try:
        out["replay"] = replay_text(report, game.narrate(document, header))
    except InputError as exc:
        out["replay"] = f"InputError: {exc}"
    return out


def snapshot(folder: Path, *, per_game: int, games: list[str]) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    files = [(f"sample-{p.parent.name}-{p.stem}", p.read_text(encoding="utf-8"))
             for p in sorted((ROOT / "samples").glob("*/*.yaml")) if p.parent.name in games or not games]
    samples = len(files)
    files += generated(per_game, games)
    for i, (name, text) in enumerate(files):
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
        for ext, body in answers(name, text, views=i < samples or i % 10 == 0).items():
            (folder / f"{name}.{ext}").write_text(body, encoding="utf-8")
    return len(files)


def compare(before: Path, after: Path) -> int:
    """Report every file that differs or exists on one side only; the exit status is their count (capped)."""
    a = {p.name: p for p in before.iterdir()}
    b = {p.name: p for p in after.iterdir()}
    differ = 0
    for name in sorted(a.keys() | b.keys()):
        if name not in a or name not in b:
            print(f"only in {'after' if name in b else 'before'}: {name}")
            differ += 1
        elif a[name].read_bytes() != b[name].read_bytes():
            import difflib

            differ += 1
            lines = difflib.unified_diff(a[name].read_text().splitlines(), b[name].read_text().splitlines(),
                                         f"before/{name}", f"after/{name}", lineterm="", n=1)
            print("\n".join(list(lines)[:20]))
    print(f"{len(a.keys() | b.keys())} files compared, {differ} differ")
    return min(differ, 100)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument("--per-game", type=int, default=200)
    parser.add_argument("--games", default="", help="comma-separated (default: every game)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("give OUT, or --compare BEFORE AFTER")
    from referee.games import GAMES

    games = [g for g in args.games.split(",") if g] or list(GAMES)
    count = snapshot(args.out, per_game=args.per_game, games=games)
    print(f"{count} transcripts written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
