"""Instructions per document, game by game and stage by stage, counted by valgrind's callgrind.

    python benchmarks/instructions.py                       # every game, 10 documents each (a few minutes)
    python benchmarks/instructions.py --games tjuv getaway-150 --documents 20
    python benchmarks/instructions.py --profile --games tjuv   # cProfile of the whole check instead

Wall time on a shared machine swings by 15% or more from run to run, too much
to see a change of a few per cent. Instruction counts do not: with hash
randomisation off (PYTHONHASHSEED=0) and address randomisation off
(`setarch -R`), the same code on the same documents gives the same count to
within a few hundred instructions a document. So this script is for
comparing two versions of the code; it does not replace `bench.py`, whose
timings are what the targets name. An instruction is not a unit of time:
the whole check runs fewer instructions per nanosecond than libyaml's tight
loops do, so its ratio here is lower than its ratio of times.

The documents are `bench.py`'s: each game's first N seeded transcripts of its
default preset, and the getaway-150 set. One child per game runs under
callgrind; everything a stage needs from the stages before it is made first.
Each stage then runs once over every document as a warm-up (imports, compiled
schema, caches) and ROUNDS times measured; the child calls `os.getppid()`
between the two, and `--dump-before=getppid` makes callgrind write the
instructions since the previous call, so each measured pass is counted on its
own. The cyclic collector is off while a stage runs, as it is in a check, and
a collection runs before each pass.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import platform
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import GAMES, count_moves, documents, getaway_150  # noqa: E402
from referee.yamldoc import load_document  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 1
LABELS = [*sorted(GAMES), "getaway-150"]
STAGES = ["parse", "schema", "moves", "judge", "render", "json", "whole", "csafe", "events"]
NAMES = {"parse": "parse (load_document)", "schema": "schema check", "moves": "record and moves (read)",
         "judge": "replay and settle (judge_header)", "render": "render (text)", "json": "render (json)",
         "whole": "whole check (check_text)", "csafe": "bare yaml.CSafeLoader parse",
         "events": "libyaml events alone (CParser.get_event)"}

#: Run by each child: argv is (folder, game, rounds, stages...). Prints the label of each
#: counted stretch, in order, as JSON: callgrind's dump N holds the instructions of stretch N.
CHILD = r"""
import gc
import json
import os
import sys
from pathlib import Path
import yaml
from yaml._yaml import CParser
from yaml.events import StreamEndEvent
from referee.check import check_text
from referee.games import get_game
from referee.render import render_json, render_text
from referee.report import Report
from referee.schemas import validate
from referee.transcript import read_header
from referee.yamldoc import load_document

folder, game_name, rounds, stages = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4:]
texts = [p.read_text() for p in sorted(folder.glob("*.yaml"))]
game = get_game(game_name)
documents = [load_document(t) for t in texts]
headers = [read_header(d) for d in documents]
records = [game.read(d, h) for d, h in zip(documents, headers)]
fresh: list[list[Report]] = []  # per pass of a render stage, reports made for it (outside the count)


def events(text):
    get_event = CParser(text).get_event
    while get_event().__class__ is not StreamEndEvent:
        pass


def each(action, items):  # action on each item, keeping no result, as a check of an archive keeps none
    def run():
        for item in items:
            action(*item)
    return run


work = {
    "parse": each(load_document, [(t,) for t in texts]),
    "schema": each(validate, [(d, "transcript.schema.json") for d in documents]),
    "moves": each(game.read, list(zip(documents, headers))),
    "judge": each(game.judge_header, list(zip(records, headers))),
    "render": lambda: [render_text([r]) for r in fresh.pop()],
    "json": lambda: [render_json([r]) for r in fresh.pop()],
    "whole": each(check_text, [(t,) for t in texts]),
    "csafe": each(lambda t: yaml.load(t, Loader=yaml.CSafeLoader), [(t,) for t in texts]),
    "events": each(events, [(t,) for t in texts]),
}
labels = []


def mark(label):  # callgrind dumps the instructions since the previous mark
    labels.append(label)
    os.getppid()


mark("setup")
for stage in stages:
    for label, passes in (("warm-up", 1), (stage, rounds)):
        if stage in ("render", "json"):  # reports never rendered (a report's lines are made when first read)
            fresh = [[Report.of("<string>", h, game.referee(d, h)) for d, h in zip(documents, headers)]
                     for _ in range(passes)]
        gc.collect()
        gc.disable()
        mark("between")
        for _ in range(passes):
            work[stage]()
        gc.enable()
        mark(label)
print(json.dumps(labels))
"""


def texts_of(label: str, count: int) -> list[str]:
    """bench.py's documents for `label` (a game, or getaway-150)."""
    return getaway_150(count) if label == "getaway-150" else documents(label, count)


def count(folder: Path, game: str, stages: list[str]) -> dict[str, int]:
    """Instructions callgrind counted for ROUNDS passes of each stage of the child on `game`."""
    out = folder / "callgrind.out"
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-before=getppid",
               sys.executable, "-c", CHILD, str(folder), game, str(ROUNDS), *stages]
    if shutil.which("setarch"):
        command = ["setarch", platform.machine(), "-R", *command]
    env = {"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)
    if done.returncode:
        raise SystemExit(f"callgrind failed on {game}:\n{done.stderr[-2000:]}")
    labels = json.loads(done.stdout.strip().splitlines()[-1])
    totals = []
    for n in range(1, len(labels) + 1):
        found = re.search(r"^totals: (\d+)", (folder / f"callgrind.out.{n}").read_text(), re.M)
        assert found, f"no totals in callgrind dump {n}"
        totals.append(int(found.group(1)))
    assert not (folder / f"callgrind.out.{len(labels) + 1}").exists(), "getppid called outside a mark"
    for dump in folder.glob("callgrind.out*"):
        dump.unlink()
    return {label: total for label, total in zip(labels, totals) if label in stages}


def measure(label: str, count_docs: int, work: Path) -> tuple[float, dict[str, float]]:
    """(moves per document, instructions per document and pass of each stage) for one set."""
    texts = texts_of(label, count_docs)
    folder = work / label
    folder.mkdir()
    for i, text in enumerate(texts):
        (folder / f"{i:03}.yaml").write_text(text, encoding="utf-8")
    moves = statistics.mean(count_moves(load_document(t).data) for t in texts)
    game = "getaway" if label == "getaway-150" else label
    counted = count(folder, game, STAGES)
    return moves, {stage: counted[stage] / (ROUNDS * len(texts)) for stage in STAGES}


def table(label: str, moves: float, figures: dict[str, float], count_docs: int) -> list[str]:
    lines = [f"{label}: instructions per document ({count_docs} documents, {moves:.0f} moves a document)"]
    for stage in STAGES:
        lines.append(f"  {NAMES[stage]:<44}{figures[stage] / 1e6:>9.3f} M")
    rest = figures["whole"] - sum(figures[s] for s in ("parse", "schema", "moves", "judge"))
    lines.append(f"  {'rest of the whole check (header, report)':<44}{rest / 1e6:>9.3f} M")
    lines.append(f"  {'whole check per move':<44}{figures['whole'] / moves / 1e3:>9.1f} k")
    lines.append(f"  {'whole check / CSafeLoader parse':<44}{figures['whole'] / figures['csafe']:>9.3f}")
    lines.append(f"  {'render (text) / whole check':<44}{figures['render'] / figures['whole']:>9.3f}")
    lines.append(f"  {'render (json) / whole check':<44}{figures['json'] / figures['whole']:>9.3f}")
    return lines


def profile(label: str, count_docs: int, top: int) -> str:
    """cProfile of a whole check (`check_text`) of the set's documents, after a warm-up
    pass, sorted by own time, the first `top` functions."""
    from referee.check import check_text

    texts = texts_of(label, count_docs)
    for text in texts:
        check_text(text)
    profiler = cProfile.Profile()
    profiler.enable()
    for text in texts:
        check_text(text)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    body = re.sub(r"^.*?(?=^\s+\d+ function calls)", "", out.getvalue(), flags=re.S | re.M)
    root = str(ROOT) + "/"
    return (f"cProfile of check_text over {label}'s {len(texts)} bench documents (one warm-up pass first),"
            f" sorted by tottime, top {top}\n" + body.replace(root, ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=LABELS, default=LABELS, metavar="GAME",
                        help=f"which document sets ({', '.join(LABELS)}; all by default)")
    parser.add_argument("--documents", type=int, default=10, help="documents per set (10)")
    parser.add_argument("--profile", action="store_true",
                        help="print a cProfile of the whole check of each set instead (no valgrind)")
    parser.add_argument("--top", type=int, default=25, help="functions a profile shows (25)")
    args = parser.parse_args()
    if args.profile:
        for label in args.games:
            print(profile(label, args.documents, args.top))
        return
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
    print(f"Instructions per document and pass (callgrind, PYTHONHASHSEED=0, address randomisation off,"
          f" {ROUNDS} pass after a warm-up pass):")
    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        for label in args.games:
            moves, figures = measure(label, args.documents, Path(tmp))
            print("\n".join(["", *table(label, moves, figures, args.documents)]), flush=True)
            summary.append((label, moves, figures))
    print(f"\nSummary, M instructions per document:\n{'set':<15}{'moves':>6}"
          + "".join(f"{s:>8}" for s in STAGES) + f"{'whole/csafe':>12}{'render/whole':>13}{'k/move':>8}")
    for label, moves, figures in summary:
        print(f"{label:<15}{moves:>6.0f}" + "".join(f"{figures[s] / 1e6:>8.2f}" for s in STAGES)
              + f"{figures['whole'] / figures['csafe']:>12.3f}{figures['render'] / figures['whole']:>13.3f}"
              + f"{figures['whole'] / moves / 1e3:>8.1f}")


if __name__ == "__main__":
    main()
