"""How fast `referee check` is, stage by stage, per game, and how it scales.

    python benchmarks/bench.py            # everything (a few minutes)
    python benchmarks/bench.py --quick    # fewer documents and no 2,000-file run

Transcripts come from each game's seeded generator (`referee simulate`),
so every run measures the same documents. Figures are medians over
repeated runs on one core unless said otherwise; "ratio" is the whole
check divided by a bare `yaml.CSafeLoader` parse of the same text, the two
timed in turn, so that a busy moment of a shared machine falls on both. So
are python-chess's `read_game` and the check of a 150-move Getaway game, the
two commands of the start-up comparison, and the sizes of the scaling run.
python-chess, if installed, is measured side by side with every game's set
(`pip install chess`). Beside `--jobs 1` and `--jobs 2`, two busy processes
against one show how much of a second core the host gave in the same rounds.
The run ends with issue 21's targets, each with whether this run met it. `referee ledger` is timed
against `check --format jsonl` on 2,000 files of every game.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import io
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.check import check_text  # noqa: E402
from referee.games import GAMES, REGISTRY, get_game  # noqa: E402
from referee.render import render_json, render_quiet, render_text  # noqa: E402
from referee.report import Report  # noqa: E402
from referee.schemas import validate  # noqa: E402
from referee.source import DEFAULT_MAX_BYTES, read_source  # noqa: E402
from referee.transcript import read_header  # noqa: E402
from referee.yamldoc import load_document  # noqa: E402

PRESETS = {entry.name: entry.default_preset for entry in REGISTRY}  # each game's set plays its default preset
PLAYERS = {entry.name: entry.bench_players for entry in REGISTRY}
#: Getaway's figures before issue 21 (its table): whole check / CSafeLoader parse of the
#: getaway-150 set, and its whole check per move / python-chess ply. "No regression" allows
#: NOISE over them, the spread of such ratios from run to run on a shared machine.
GETAWAY_BEFORE = {"ratio": 1.52, "chess": 0.37}
NOISE = 1.05


def issue_21_targets(figures: dict[str, float]) -> list[tuple[str, float, str, bool]]:
    """(what, this run's figure, target, met) for each of issue 21's targets this run measured.
    `figures` holds "ratio:<set>", "chess:<set>", "text:<set>" and "json:<set>" (rendering / whole check),
    "jobs" (--jobs 2 speed-up / the median ceiling), "linear" and "rss"."""
    rows = []
    per_set = sorted({key.split(":", 1)[1] for key in figures if ":" in key})
    for label in per_set:
        if f"ratio:{label}" in figures:
            v = figures[f"ratio:{label}"]
            rows.append((f"{label}: whole check / CSafeLoader parse", v, "<= 1.6", v <= 1.6))
        if f"chess:{label}" in figures:
            v = figures[f"chess:{label}"]
            rows.append((f"{label}: whole check per move / python-chess ply", v, "<= 0.5", v <= 0.5))
        for form in ("text", "json"):
            if f"{form}:{label}" in figures:
                v = figures[f"{form}:{label}"]
                rows.append((f"{label}: render ({form}) / whole check", v, "<= 0.10", v <= 0.10))
    if "jobs" in figures:
        v = figures["jobs"]
        rows.append(("2,000 files: --jobs 2 speed-up / this machine's ceiling", v, ">= 0.95", v >= 0.95))
    for key, what in (("ratio", "whole check / CSafeLoader parse"), ("chess", "per move / python-chess ply")):
        if f"{key}:getaway-150" in figures:
            v, before = figures[f"{key}:getaway-150"], GETAWAY_BEFORE[key]
            rows.append((f"no Getaway regression: getaway-150 {what}", v,
                         f"<= {before * NOISE:.2f}", v <= before * NOISE))
    if "linear" in figures:
        v = figures["linear"]
        rows.append(("time per move, 100k-move / 1k-move transcript", v, "<= 1.2", v <= 1.2))
    if "rss" in figures:
        v = figures["rss"]
        rows.append(("100k-move transcript, peak RSS MiB", v, "< 200", v < 200))
    return rows


_PYCACHE: list[str] = []


def child_env() -> dict[str, str]:
    """The environment of a timed `referee` process: this one's, without PYTHONPATH, and with
    bytecode compiled once into a cache of this run's (PYTHONPYCACHEPREFIX), as an installed
    referee has it. With PYTHONDONTWRITEBYTECODE set and a module edited since its .pyc was
    written, every process, every worker of `--jobs 2` included, would compile it from source
    again: start-up that an installed referee does not pay, and that counts against --jobs 2."""
    if not _PYCACHE:
        _PYCACHE.append(tempfile.mkdtemp(prefix="referee-bench-pyc-"))
        atexit.register(shutil.rmtree, _PYCACHE[0], ignore_errors=True)
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(__file__).resolve().parents[1] / "referee")],
                       capture_output=True, env={**os.environ, "PYTHONPYCACHEPREFIX": _PYCACHE[0]})
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    env["PYTHONPYCACHEPREFIX"] = _PYCACHE[0]
    return env


def median_ms(action, *, repeat: int) -> float:
    """Median wall time of `action()` in milliseconds, after one warm-up run."""
    action()
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def fresh_ms(make, action, *, repeat: int) -> float:
    """Median wall time of `action(make())` in milliseconds, `make()` untimed
    (a new object for every run: nothing cached by an earlier run counts)."""
    action(make())
    times = []
    for _ in range(repeat):
        item = make()
        started = time.perf_counter()
        action(item)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def paired_ms(first, second, *, repeat: int) -> tuple[float, float]:
    """Median wall times of `first()` and `second()` in milliseconds, run in
    turn so that a busy moment of the machine falls on both alike."""
    first(), second()
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for action, kept in ((first, times[0]), (second, times[1])):
            started = time.perf_counter()
            action()
            kept.append(time.perf_counter() - started)
    return statistics.median(times[0]) * 1000, statistics.median(times[1]) * 1000


def count_moves(data) -> int:
    return sum(len(deal.get("moves") or ()) for deal in data.get("deals", ()))


def documents(game: str, count: int) -> list[str]:
    simulate = get_game(game).simulate
    return [simulate(preset=PRESETS[game], players=PLAYERS[game], seed=seed, options={}) for seed in range(count)]


def getaway_150(count: int) -> list[str]:
    """The issue's target documents: the first `count` seeded 4- and 5-player
    Getaway games whose transcript has 140 to 160 moves (trick marks included)."""
    simulate = get_game("getaway").simulate
    found: list[str] = []
    seed = 0
    while len(found) < count:
        text = simulate(preset="getaway", players=4 + seed % 2, seed=seed, options={})
        if 140 <= count_moves(load_document(text).data) <= 160:
            found.append(text)
        seed += 1
    return found


def stages(game: str, texts: list[str], folder: Path, repeat: int) -> dict[str, float]:
    """Per-document median milliseconds of each stage, summed over the documents / count."""
    paths = []
    for i, text in enumerate(texts):
        path = folder / f"{game}-{i}.yaml"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    totals = dict.fromkeys(["read", "parse", "schema", "moves", "replay+settle", "render", "json", "whole",
                            "csafe"], 0.0)
    the_game = get_game(game)
    for path, text in zip(paths, texts):
        document = load_document(text, name=path)
        header = read_header(document)
        totals["read"] += median_ms(lambda: read_source(path), repeat=repeat)
        totals["parse"] += median_ms(lambda: load_document(text, name=path), repeat=repeat)
        totals["schema"] += median_ms(lambda: validate(document, "transcript.schema.json"), repeat=repeat)
        record = the_game.read(document, header)
        totals["moves"] += median_ms(lambda: the_game.read(document, header), repeat=repeat)
        totals["replay+settle"] += median_ms(lambda: the_game.judge_header(record, header), repeat=repeat)
        def fresh() -> Report:  # a report never rendered: its lines are made when first read
            return Report.of(path, header, the_game.referee(document, header))
        totals["render"] += fresh_ms(fresh, lambda report: render_text([report]), repeat=repeat)
        totals["json"] += fresh_ms(fresh, lambda report: render_json([report]), repeat=repeat)
        whole, csafe = paired_ms(lambda: check_text(read_source(path).text, name=path),
                                 lambda: yaml.load(text, Loader=yaml.CSafeLoader), repeat=2 * repeat + 1)
        totals["whole"] += whole
        totals["csafe"] += csafe
    return {k: v / len(texts) for k, v in totals.items()}


def peak_memory_mib(text: str) -> float:
    gc.collect()
    tracemalloc.start()
    check_text(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


CHESS_PLIES = 80


def chess_games(count: int) -> list[str] | None:
    """`count` seeded random 80-ply chess games as PGN; None without python-chess."""
    try:
        import chess
        import chess.pgn
    except ImportError:
        return None
    rng = random.Random(1)
    games: list[str] = []
    while len(games) < count:
        board = chess.Board()
        while len(board.move_stack) < CHESS_PLIES and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        if len(board.move_stack) == CHESS_PLIES:
            games.append(str(chess.pgn.Game.from_board(board)))
    return games


def chess_side_by_side(texts: list[str], games: list[str], *, repeat: int = 9) -> tuple[float, float]:
    """(µs per ply of python-chess's `read_game` on an 80-ply game, µs per move of
    a whole check of a document), each pair timed in turn (`paired_ms`), one
    chess game per document, the medians over the documents."""
    import chess.pgn

    plies = CHESS_PLIES
    per_ply, per_move = [], []
    for game, text in zip(games, texts):
        chess_ms, check_ms = paired_ms(lambda: chess.pgn.read_game(io.StringIO(game)),
                                       lambda: check_text(text), repeat=repeat)
        per_ply.append(chess_ms * 1000 / plies)
        per_move.append(check_ms * 1000 / count_moves(load_document(text).data))
    return statistics.median(per_ply), statistics.median(per_move)


def process_start(sample: Path, runs: int) -> tuple[float, float]:
    """Median wall time of `referee check FILE` (the console script beside
    this Python, else `python -m referee`) and of `python -c 'import click, yaml'`."""
    env = child_env()
    script = Path(sys.executable).with_name("referee")
    referee = [str(script) if script.exists() else sys.executable, *([] if script.exists() else ["-m", "referee"]),
               "check", str(sample)]
    bare = [sys.executable, "-c", "import click, yaml"]

    def run(command):
        subprocess.run(command, capture_output=True, env=env, cwd=tempfile.gettempdir())
    return paired_ms(lambda: run(referee), lambda: run(bare), repeat=runs)


def scaling(sizes: list[int], folder: Path) -> list[tuple[int, int, float, float]]:
    """(target moves, actual moves, µs per move, peak MiB of a separate process) for long
    Getaway matches. The sizes are timed in turn, round after round (the smaller ones
    several times a round), so that a slow spell of the machine falls on all of them."""
    simulate = get_game("getaway").simulate
    one = simulate(preset="getaway", players=4, seed=0, options={"match_rounds": "1"})
    per_round = count_moves(load_document(one).data)
    cases = []
    for target in sizes:
        rounds = max(1, round(target / per_round))
        text = simulate(preset="getaway", players=4, seed=0, options={"match_rounds": str(rounds)})
        path = folder / f"scale-{target}.yaml"
        path.write_text(text)
        cases.append((target, count_moves(load_document(text).data), path))
    largest = max(moves for _, moves, _ in cases)
    times: dict[int, list[float]] = {target: [] for target, _, _ in cases}
    for path in [path for _, _, path in cases]:
        check_text(path.read_text(), name=str(path))  # warm-up
    for _ in range(5):
        for target, moves, path in cases:
            for _ in range(max(1, min(15, largest // moves // 2))):
                started = time.perf_counter()
                check_text(path.read_text(), name=str(path))
                times[target].append(time.perf_counter() - started)
    rows = []
    for target, moves, path in cases:
        code = f"from referee.check import check_file\ncheck_file({str(path)!r})\n{PEAK_RSS_KIB}"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             cwd=Path(__file__).resolve().parents[1])
        us = statistics.median(times[target]) * 1e6 / moves
        rows.append((target, moves, us, int(out.stdout.strip() or 0) / 1024))
    return rows


def invalid_near_cap(*, repeat: int) -> tuple[float, float, float, float, float]:
    """(MiB, ms) of a schema-valid Getaway match near the size cap (one 10-player,
    2-pack round, 1,000 times: the most deals a transcript may hold) and of the same
    file with every move a list (`[N, play, AS]`: a wrong shape, one problem per
    move), the two timed in turn, and the ms of a bare CSafeLoader parse of the
    second (its five YAML events a move cost more to parse than a move line).
    Explaining stops after the first problems and a bounded count."""
    import re

    one = get_game("getaway").simulate(preset="getaway", players=10, seed=0, options={"packs": "2", "match_rounds": "1"})
    head, deal = one.split("deals:\n", 1)
    valid = head + "deals:\n" + deal * 1000
    invalid = re.sub(r"^(      - )(.*)$", lambda m: m[1] + "[" + ", ".join(m[2].split()) + "]", valid, flags=re.M)
    assert len(invalid.encode()) <= DEFAULT_MAX_BYTES
    valid_ms, invalid_ms = paired_ms(lambda: check_text(valid), lambda: check_text(invalid), repeat=repeat)
    csafe_ms = median_ms(lambda: yaml.load(invalid, Loader=yaml.CSafeLoader), repeat=repeat)
    return len(valid.encode()) / 2**20, valid_ms, len(invalid.encode()) / 2**20, invalid_ms, csafe_ms


#: Printed by a child process: its peak RSS in KiB. Linux's ru_maxrss survives exec, so a child
#: forked from this (large) process would report this process's size; VmHWM is the new program's own.
PEAK_RSS_KIB = """try:
    print(next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:")))
except (OSError, StopIteration):
    import resource
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _spin(rounds: int) -> int:
    """Pure-Python busy work for `parallel_ceiling`."""
    total = 0
    for i in range(rounds):
        total += i & 7
    return total


def parallel_ceiling(rounds: int = 6_000_000) -> float:
    """How many times the work of one process two busy processes get done in
    the same time on this machine now: 2.0 on two free cores, less when the
    host gives the second core to someone else."""
    import multiprocessing

    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)

    def timed(processes: int) -> float:
        started = time.perf_counter()
        running = [context.Process(target=_spin, args=(rounds,)) for _ in range(processes)]
        for process in running:
            process.start()
        for process in running:
            process.join()
        return time.perf_counter() - started
    one = timed(1)
    return 2 * one / timed(2)


def jobs_run(folder: Path, files: int) -> tuple[float, float, list[float]]:
    simulate = get_game("getaway").simulate
    batch = folder / "batch"
    batch.mkdir()
    for i in range(files):
        (batch / f"g{i:05}.yaml").write_text(simulate(preset="getaway", players=3 + i % 6, seed=i, options={}))
    env = child_env()

    def timed(jobs: int) -> float:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "referee", "check", "--format", "jsonl", "--jobs", str(jobs), str(batch)],
                       capture_output=True, env=env)
        return time.perf_counter() - started
    one, two, ceilings = [], [], []
    for _ in range(5):  # in turn, so that a busy moment falls on both alike; the best of each
        one.append(timed(1))
        two.append(timed(2))
        ceilings.append(parallel_ceiling())
    return min(one), min(two), sorted(ceilings)


LEDGER_MIX = [("getaway", "getaway", 4, {}), ("getaway", "getaway", 5, {"betting": "pot", "match_rounds": "3"}),
              ("tjuv", "tjuv", 3, {}), ("game-flip-flop", "dayton", 4, {}), ("vazhushal", "vazhushal", 2, {})]


def ledger_run(folder: Path, files: int, *, distinct: int = 250) -> tuple[float, float]:
    """(check --format jsonl, ledger) seconds over `files` files of every game
    (`distinct` seeded transcripts, repeated), each command three times in
    turn, the best of each; both with every core."""
    season = folder / "season"
    season.mkdir()
    texts = []
    for i in range(distinct):
        game, preset, players, options = LEDGER_MIX[i % len(LEDGER_MIX)]
        texts.append(get_game(game).simulate(preset=preset, players=players, seed=i, options=options))
    for i in range(files):
        (season / f"s{i:05}.yaml").write_text(texts[i % distinct])
    env = child_env()

    def timed(*command: str) -> float:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "referee", *command, str(season)], capture_output=True, env=env)
        return time.perf_counter() - started
    check, ledger = [], []
    for _ in range(3):
        check.append(timed("check", "--format", "jsonl"))
        ledger.append(timed("ledger"))
    return min(check), min(ledger)


def quiet_run(folder: Path, files: int, *, distinct: int = 100) -> tuple[float, float, float, float]:
    """(default text, --quiet) seconds of `referee check --jobs 1` over `files`
    legal Getaway files (`distinct` seeded transcripts, repeated), five times
    in turn, the best of each; and the µs of rendering one such report as
    text and as quiet text: --quiet renders no outcome or verdict line."""
    quiet = folder / "quiet"
    quiet.mkdir()
    simulate = get_game("getaway").simulate
    texts = [simulate(preset="getaway", players=3 + i % 6, seed=i, options={}) for i in range(distinct)]
    for i in range(files):
        (quiet / f"q{i:05}.yaml").write_text(texts[i % distinct])
    env = child_env()

    def timed(*options: str) -> float:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "referee", "check", "--jobs", "1", *options, str(quiet)],
                       capture_output=True, env=env)
        return time.perf_counter() - started
    default, quiet_s = [], []
    for _ in range(5):
        default.append(timed())
        quiet_s.append(timed("--quiet"))
    reports = [check_text(text) for text in texts[:20]]
    text_us = median_ms(lambda: [render_text([r]) for r in reports], repeat=51) * 1000 / len(reports)
    quiet_us = median_ms(lambda: [render_quiet([r]) for r in reports], repeat=51) * 1000 / len(reports)
    return min(default), min(quiet_s), text_us, quiet_us


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer documents; skip the 2,000-file run")
    args = parser.parse_args()
    docs, repeat = (10, 5) if args.quick else (40, 9)
    print(f"referee benchmark; Python {sys.version.split()[0]}; libyaml {yaml.__with_libyaml__}; "
          f"{os.cpu_count()} cores\n")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        header = (f"{'game':<15}{'moves/doc':>10}{'read':>8}{'parse':>8}{'schema':>8}{'moves':>8}"
                  f"{'replay+':>9}{'render':>8}{'json':>8}{'whole':>8}{'csafe':>8}{'ratio':>7}{'docs/s':>8}"
                  f"{'moves/s':>10}{'peak MiB':>9}")
        print("Per document, median ms on one core (replay+ = replay and settle; render = text, json apart):")
        print(header)
        per_move_us = {}
        sets = [(game, game, documents(game, docs)) for game in sorted(GAMES)]
        long_games = getaway_150(docs)
        sets.append(("getaway-150", "getaway", long_games))
        figures: dict[str, float] = {}
        for label, game, texts in sets:
            moves = statistics.mean(count_moves(load_document(t).data) for t in texts)
            ms = stages(game, texts, folder, repeat)
            per_move_us[label] = ms["whole"] * 1000 / moves
            figures[f"ratio:{label}"] = ms["whole"] / ms["csafe"]
            figures[f"text:{label}"] = ms["render"] / ms["whole"]
            figures[f"json:{label}"] = ms["json"] / ms["whole"]
            peak = max(peak_memory_mib(t) for t in texts[:5])
            print(f"{label:<15}{moves:>10.0f}{ms['read']:>8.3f}{ms['parse']:>8.3f}{ms['schema']:>8.3f}"
                  f"{ms['moves']:>8.3f}{ms['replay+settle']:>9.3f}{ms['render']:>8.3f}{ms['json']:>8.3f}"
                  f"{ms['whole']:>8.3f}"
                  f"{ms['csafe']:>8.3f}{ms['whole'] / ms['csafe']:>7.2f}{1000 / ms['whole']:>8.0f}"
                  f"{1000 * moves / ms['whole']:>10.0f}{peak:>9.1f}")
        games = chess_games(docs)
        print()
        if games is None:
            print("python-chess: not installed (pip install chess) - per-move comparison skipped")
        else:
            print("python-chess read_game (80-ply games), timed in turn with a whole check of each set's documents"
                  " (medians over the documents):")
            for label, _, texts in sets:
                ply_us, move_us = chess_side_by_side(texts, games, repeat=repeat)
                print(f"  {label:<15} {ply_us:6.1f} us per ply; whole check {move_us:6.1f} us per move"
                      f" = {move_us / ply_us:.2f} of a chess ply")
                figures[f"chess:{label}"] = move_us / ply_us
        sizes = [1_000, 10_000] if args.quick else [1_000, 10_000, 100_000]
        print("\nScaling (one Getaway match transcript, whole check):")
        print(f"{'target':>8}{'moves':>9}{'us/move':>9}{'peak RSS MiB':>14}")
        rows = scaling(sizes, folder)
        for target, moves, us, rss in rows:
            print(f"{target:>8}{moves:>9}{us:>9.2f}{rss:>14.1f}")
        print(f"time per move, largest / smallest: {rows[-1][2] / rows[0][2]:.2f}")
        if sizes[-1] == 100_000:  # the targets name the 100,000-move transcript
            figures.update(linear=rows[-1][2] / rows[0][2], rss=rows[-1][3])
        valid_mib, valid_ms, invalid_mib, invalid_ms, csafe_ms = invalid_near_cap(repeat=1 if args.quick else 3)
        print(f"\nNear the {DEFAULT_MAX_BYTES / 2**20:.0f} MiB cap: a schema-valid match ({valid_mib:.1f} MiB) {valid_ms:.0f} ms;"
              f" every move of it a list, schema-invalid ({invalid_mib:.1f} MiB) {invalid_ms:.0f} ms"
              f" (ratio {invalid_ms / valid_ms:.2f}; a bare CSafeLoader parse of it {csafe_ms:.0f} ms)")
        sample = Path(__file__).resolve().parents[1] / "samples" / "getaway" / "seed-000-example.yaml"
        check_ms, bare_ms = process_start(sample, runs=11 if args.quick else 31)
        verdict = "met" if check_ms / bare_ms <= 1.5 else "NOT met"
        print(f"\nProcess start: `referee check` one file {check_ms:.0f} ms; `python -c 'import click, yaml'` "
              f"{bare_ms:.0f} ms; ratio {check_ms / bare_ms:.2f} (target <= 1.5, issue 7: {verdict})")
        if not args.quick:
            one, two, ceilings = jobs_run(folder, 2000)
            print(f"\n2,000 files: --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s, speed-up {one / two:.2f}x")
            print(f"In the same rounds, two busy processes got {ceilings[0]:.2f} to {ceilings[-1]:.2f} times"
                  f" (median {statistics.median(ceilings):.2f}) the work of one done: this machine's own ceiling")
            share = one / two / statistics.median(ceilings)
            print(f"--jobs 2 got {share:.0%} of that median ceiling")
            figures["jobs"] = share
            check_s, ledger_s = ledger_run(folder, 2000)
            verdict = "met" if ledger_s <= 1.2 * check_s else "NOT met"
            print(f"2,000 files of every game: ledger {ledger_s:.2f} s, check --format jsonl {check_s:.2f} s,"
                  f" ratio {ledger_s / check_s:.2f} (target <= 1.2, issue 19: {verdict})")
            text_s, quiet_s, text_us, quiet_us = quiet_run(folder, 2000)
            verdict = "met" if quiet_s < text_s else "NOT met"
            print(f"2,000 legal files, --jobs 1: check {text_s:.2f} s, check --quiet {quiet_s:.2f} s,"
                  f" ratio {quiet_s / text_s:.2f} (target < 1, issue 19: {verdict}); rendering one report"
                  f" {text_us:.1f} us as text, {quiet_us:.1f} us quiet")
        print("\nTargets (issue 21), this run:")
        rows = issue_21_targets(figures)
        for text, value, goal, met in rows:
            print(f"  {text:<66}{value:>9.3f}   target {goal:<9}{'met' if met else 'NOT met'}")
        print(f"  {sum(met for *_, met in rows)} of {len(rows)} met"
              + ("; --quick measures no 100k-move transcript and no --jobs run" if args.quick else ""))


if __name__ == "__main__":
    main()
