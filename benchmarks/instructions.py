"""Instructions per document, stage by stage, counted by valgrind's callgrind.

    python benchmarks/instructions.py          # about three minutes; needs valgrind

Wall time on a shared machine swings by 15% or more from run to run, too much
to see a change of a few per cent. Instruction counts do not: with hash
randomisation off (PYTHONHASHSEED=0) and address randomisation off
(`setarch -R`), the same code on the same documents gives the same count to
within a few hundred instructions a document. So this script is for
comparing two versions of the code; it does not replace `bench.py`, whose
timings are what the targets name. An instruction is not a unit of time:
the whole check runs fewer instructions per nanosecond than libyaml's tight
loops do, so its ratio here is lower than its ratio of times.

The documents are `bench.py`'s getaway-150 set. Each stage runs in a child
under callgrind once with no rounds and once with ROUNDS rounds over every
document; the difference, per document and round, is the figure.
"""

from __future__ import annotations

import argparse
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import getaway_150  # noqa: E402

ROUNDS = 3
STAGES = ["parse", "schema", "moves", "judge", "whole", "csafe", "events"]

#: Run by each child: argv is (folder, stage, rounds). Everything a stage needs from
#: the stages before it is made before the measured rounds, in every child alike.
CHILD = r"""
import sys
from pathlib import Path
import yaml
from yaml._yaml import CParser
from yaml.events import StreamEndEvent
from referee.check import check_text
from referee.games import get_game
from referee.schemas import validate
from referee.transcript import read_header
from referee.yamldoc import load_document

folder, stage, rounds = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
texts = [p.read_text() for p in sorted(folder.glob("*.yaml"))]
game = get_game("getaway")
documents = [load_document(t) for t in texts]
headers = [read_header(d) for d in documents]
records = [game.read(d, h) for d, h in zip(documents, headers)]


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
    "whole": each(check_text, [(t,) for t in texts]),
    "csafe": each(lambda t: yaml.load(t, Loader=yaml.CSafeLoader), [(t,) for t in texts]),
    "events": each(events, [(t,) for t in texts]),
}[stage]
work()  # warm-up: imports, compiled schema, caches
for _ in range(rounds):
    work()
"""


def count(folder: Path, stage: str, rounds: int) -> int:
    """Instructions callgrind counted for the child on `stage` with `rounds` rounds."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, "-c", CHILD, str(folder), stage, str(rounds)]
    if shutil.which("setarch"):
        command = ["setarch", platform.machine(), "-R", *command]
    env = {"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(command, capture_output=True, text=True, env=env,
                          cwd=Path(__file__).resolve().parents[1])
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"callgrind failed on {stage}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=40, help="how many getaway-150 documents (40)")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i, text in enumerate(getaway_150(args.documents)):
            (folder / f"{i:03}.yaml").write_text(text, encoding="utf-8")
        per_round = ROUNDS * args.documents
        figures = {}
        for stage in STAGES:
            figures[stage] = (count(folder, stage, ROUNDS) - count(folder, stage, 0)) / per_round
    print(f"Instructions per 146-move Getaway document ({args.documents} documents, callgrind,"
          f" PYTHONHASHSEED=0, {ROUNDS} rounds less none):")
    names = {"parse": "parse (load_document)", "schema": "schema check", "moves": "record and moves",
             "judge": "replay and settle", "whole": "whole check (check_text)",
             "csafe": "bare yaml.CSafeLoader parse", "events": "libyaml events alone (CParser.get_event)"}
    for stage in STAGES:
        print(f"  {names[stage]:<44}{figures[stage] / 1e6:>8.3f} M")
    print(f"  {'whole check / CSafeLoader parse':<44}{figures['whole'] / figures['csafe']:>8.3f}")


if __name__ == "__main__":
    main()
