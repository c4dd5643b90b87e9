"""Every item of the hostile-input list: a clean message at file:line:col,
exit status 2, no traceback (and, for items 7-10 and 13, values that stay
exactly what was written). Bounded cost is asserted as behaviour (bytes read,
nothing fetched); timeouts here are watchdogs against hangs, never a speed
test (speed is measured in benchmarks/)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import socket
import threading
from pathlib import Path

import pytest

from referee.check import check_file, check_text
from referee.report import Status
from referee.schemas import RefusedRetrieval, local_validator
from referee.writer import dump_yaml
from tests.getaway.helpers import V0_DEAL

SAMPLE = Path(__file__).parents[2] / "samples" / "getaway" / "seed-000-example.yaml"
WATCHDOG = 120  # seconds: only a hang takes this long, however loaded the machine
HEAD = "format: 1\ngame: getaway\nruleset: getaway\nplayers: [N, E, S, W]\n"
DEALS = "deals:\n  - dealer: S\n    hands: {N: AS}\n    moves: []\n"


def run_cli(*args: str, stdin: bytes | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "-m", "referee", *args], input=stdin, capture_output=True,
                          cwd=cwd, env=env, timeout=WATCHDOG)


def unusable_at(text: str | bytes, tmp_path: Path) -> tuple[int | None, str]:
    """Write the input, check it through the CLI, return (line of the first problem, output)."""
    path = tmp_path / "bad.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    result = run_cli("check", "--format", "json", str(path))
    assert result.returncode == 2, result.stdout + result.stderr
    assert b"Traceback" not in result.stderr and b"Traceback" not in result.stdout
    import json

    report = json.loads(result.stdout)["reports"][0]
    assert report["status"] == "unusable"
    problem = report["problems"][0]
    return problem.get("line"), problem["message"]


CASES = {
    "01 python tag": (HEAD + "x: !!python/object/apply:os.system ['touch /tmp/pwned']\n" + DEALS, 5),
    "02 tag !foo": (HEAD + "meta: {a: !foo x}\n" + DEALS, 5),
    "02 tag !!int": ("format: !!int 1\n", 1),
    "02 tag !!timestamp": (HEAD + "meta:\n  d: !!timestamp abc\n" + DEALS, 6),
    "03 billion laughs": ('a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
                          'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n', 1),
    "04 deep flow nesting": ("[" * 100000, 1),
    "04 deep block nesting": ("- " * 100000 + "x\n", 1),
    "05 duplicate keys": (HEAD + "ruleset: donkey\n" + DEALS, 5),
    "06 yes/on/true keys are ordinary unknown keys": (HEAD + DEALS + "yes: 1\non: 2\n", 9),
    "06 10 and 010 keys stay distinct": (HEAD + "deals:\n  - dealer: S\n    hands: {10: AS, 010: KS}\n    moves: []\n", 7),
    "11 5000-digit integer": (HEAD + "meta: {n: " + "9" * 5000 + "}\n" + DEALS, 5),
    "12 .nan amount": (HEAD + "options: {betting: pot, ante: .nan}\n" + DEALS, 5),
    "12 .inf amount": (HEAD + "options: {betting: pot, ante: .inf}\n" + DEALS, 5),
    "14 1e100000000 amount": (HEAD + "options: {betting: pot, ante: \"1e100000000\"}\n" + DEALS, 5),
    "15 second document": (HEAD + DEALS + "---\n" + HEAD, 9),
    "16 empty file": ("", 1),
    "16 only comments": ("# nothing here\n# at all\n", 1),
    "17 top level list": ("- a\n- b\n", 1),
    "17 top level scalar": ("just text\n", 1),
    "18 tab indentation": ("format: 1\ngame: getaway\nplayers:\n\t- N\n", 4),
    "19 latin-1 bytes": (("format: 1\nmeta: {place: Z" + "\u00fcrich}\n").encode("latin-1"), 2),
    "20 BOM mid-file": ("format: 1\n\ufeffgame: getaway\n", 2),
    "21 ESC in a name": (HEAD.replace("[N, E, S, W]", '["N\\e[31m", E, S, W]') + DEALS, 4),
    "21 U+202E in a name": (HEAD.replace("[N, E, S, W]", "[N\u202eX, E, S, W]") + DEALS, 4),
    "25 mixed-type keys": (HEAD + "deals:\n  - dealer: S\n    hands: {alice: AS, 10: KS, ~: QS}\n    moves: []\n", 7),
    "26 a 1 MB value": (HEAD + "meta: {note: " + "x" * 1_000_000 + "}\n" + DEALS, 5),
    "28 a misspelt move": (HEAD + "deals:\n  - dealer: S\n    hands: {N: AS}\n    moves:\n      - N plya AS\n", 9),
    "28 a deal without its dealer": (HEAD + "deals:\n  - hands: {N: AS}\n    moves: []\n", 6),
    "29 implicit key over 1024 characters": (HEAD + "k" * 1100 + ": 1\n" + DEALS, 5),
    "30 card 1S": (HEAD + "deals:\n  - dealer: S\n    hands: {N: 1S 2S}\n    moves: []\n", 7),
    "30 card 11H": (HEAD + "deals:\n  - dealer: S\n    hands: {N: AS 11H}\n    moves: []\n", 7),
    "30 card AX in a move": (HEAD + "deals:\n  - dealer: S\n    hands: {N: AS}\n    moves:\n      - N play AX\n", 9),
    "30 unknown player in a move": (HEAD + "deals:\n  - dealer: S\n    hands: {N: AS}\n    moves:\n      - Q play AS\n", 9),
    "unknown preset": (HEAD.replace("ruleset: getaway", "ruleset: bridge") + DEALS, 3),
    "unknown option": (HEAD + "options: {trumps: spades}\n" + DEALS, 5),
    "unknown option value": (HEAD + "options: {trump: hearts}\n" + DEALS, 5),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_is_unusable_with_a_location(name, tmp_path):
    text, line = CASES[name]
    got, message = unusable_at(text, tmp_path)
    assert got == line, message
    assert len(message) < 400


def test_01_a_python_tag_never_runs(tmp_path):
    marker = tmp_path / "pwned"
    text = HEAD + f"x: !!python/object/apply:os.system ['touch {marker}']\n" + DEALS
    unusable_at(text, tmp_path)
    assert not marker.exists()


def test_21_control_and_bidi_characters_are_escaped_in_every_format(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD.replace("[N, E, S, W]", '["N\\e[31m\u202e", E, S, W]') + DEALS, encoding="utf-8")
    for fmt in ("text", "json", "jsonl"):
        result = run_cli("check", "--format", fmt, str(path))
        assert result.returncode == 2
        assert b"\x1b" not in result.stdout and "\u202e".encode() not in result.stdout


def test_22_a_9_mb_transcript_is_refused_unread(tmp_path, monkeypatch):
    """Refused from its size alone: not a byte of it is read."""
    import referee.source

    path = tmp_path / "huge.yaml"
    path.write_text(HEAD + DEALS.replace("moves: []", "moves:") + "      - N play AS\n" * 500_000)
    assert path.stat().st_size > 9_000_000

    def no_read(*args, **kwargs):
        raise AssertionError("the file was read")
    monkeypatch.setattr(referee.source, "_read_file", no_read)
    report = check_file(str(path))
    assert report.status is Status.UNUSABLE and report.problems[0].line == 1


def test_22_the_size_cap_is_an_option(tmp_path):
    path = tmp_path / "small.yaml"
    path.write_text(HEAD + DEALS)
    result = run_cli("check", "--max-bytes", "50", str(path))
    assert result.returncode == 2 and b"limit" in result.stdout


def test_22_the_cap_admits_a_file_of_exactly_its_size(tmp_path):
    path = tmp_path / "exact.yaml"
    path.write_text(HEAD + DEALS)
    size = path.stat().st_size
    assert check_file(str(path), max_bytes=size).status is not Status.UNUSABLE
    report = check_file(str(path), max_bytes=size - 1)
    assert report.status is Status.UNUSABLE and report.problems[0].line == 1


@pytest.mark.parametrize("stated", [0, 10, 63, 64, 65, 200])
def test_22_a_file_that_grew_or_shrank_since_stat_is_read_to_its_end_within_the_cap(stated):
    """`stat` sizes the first read only: /proc files say 0, and a file being written grows."""
    from referee.errors import InputError
    from referee.source import _read_file

    data = bytes(range(64))
    assert _read_file(io.BytesIO(data), "f", size=stated, max_bytes=64) == data
    with pytest.raises(InputError):
        _read_file(io.BytesIO(data), "f", size=stated, max_bytes=63)
    assert _read_file(io.BytesIO(b""), "f", size=stated, max_bytes=64) == b""


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_23_dev_zero_ends_at_the_cap(monkeypatch):
    """At most the cap and one byte are read, then the check stops."""
    import referee.source

    read = [0]
    real_read = os.read

    def counting(fd, size):
        chunk = real_read(fd, size)
        read[0] += len(chunk)
        return chunk
    monkeypatch.setattr(referee.source.os, "read", counting)
    report = check_file("/dev/zero", max_bytes=1_000_000)
    assert report.status is Status.UNUSABLE and report.problems[0].line == 1
    assert 1_000_000 < read[0] <= 1_000_001


def test_23_a_fifo_without_a_writer(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result: list = []
    worker = threading.Thread(target=lambda: result.append(check_file(str(fifo))), daemon=True)
    worker.start()
    worker.join(timeout=WATCHDOG)
    assert result and result[0].status is Status.UNUSABLE


def test_23_endless_standard_input():
    process = subprocess.Popen([sys.executable, "-m", "referee", "check", "-"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    chunk = b"- x\n" * 65536
    try:
        for _ in range(64):  # 16 MiB, twice the cap
            process.stdin.write(chunk)
    except BrokenPipeError:
        pass
    out, err = process.communicate(timeout=WATCHDOG)
    assert process.returncode == 2 and b"Traceback" not in err


def test_24_missing_file_and_empty_directory(tmp_path):
    result = run_cli("check", str(tmp_path / "missing.yaml"))
    assert result.returncode == 2 and b"no such file" in result.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run_cli("check", str(empty))
    assert result.returncode == 2 and b"Traceback" not in result.stderr


def test_27_a_remote_ref_is_refused_not_fetched(monkeypatch):
    def no_network(*args, **kwargs):
        raise AssertionError("a connection was attempted")
    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    validator = local_validator({"$ref": "https://example.com/schema.json"})
    with pytest.raises(Exception) as raised:
        validator.is_valid({})
    chain, seen = raised.value, []
    while chain is not None:
        seen.append(chain)
        chain = chain.__cause__ or chain.__context__
    assert any(isinstance(e, RefusedRetrieval) for e in seen)


# Items 7-10 and 13: values stay exactly as written.

@pytest.mark.parametrize("names", [["NO", "Off", "Yes", "y"], ["10", "010", "0x1F", "1:30"], ["1_000", "on", "n", "~x"]])
def test_07_08_yaml_11_words_and_numbers_stay_player_names(names):
    data = {"format": "1", "game": "getaway", "ruleset": "getaway", "players": names,
            "deals": [{"dealer": names[2], "hands": {n: V0_DEAL[o] for n, o in zip(names, "NESW")},
                       "moves": [f"{names[3]} play AS", f"{names[0]} play JS", f"{names[1]} play AH",
                                 f"{names[2]} play 10S"]}]}
    text = dump_yaml(data).replace('"', "")  # every name written plain
    report = check_text(text)
    assert report.status is not Status.UNUSABLE, report.problems
    assert list(report.players) == names
    assert [f.rule for f in report.findings] == ["GW-4.14"]  # only unfinished


@pytest.mark.parametrize("date", ["2026-11-29", "2026-02-30", "2026-13-01"])
def test_09_10_dates_stay_text(date):
    text = SAMPLE.read_text().replace("meta:\n", f"meta:\n  date: {date}\n")
    report = check_text(text)
    assert report.status is Status.LEGAL


def test_13_amounts_are_exact():
    text = SAMPLE.read_text().replace("ruleset: getaway\n", "ruleset: getaway\noptions: {betting: pot, ante: 0.07}\n")
    report = check_text(text)
    assert report.status is Status.LEGAL
    assert report.settlement["pot"] == "7/25"
    assert report.settlement["payouts"]["N"]["net"] == "+7/300"


def test_a_bad_input_through_standard_input():
    result = run_cli("check", "-", stdin=b"format: 1\n\tgame: x\n")
    assert result.returncode == 2 and b"<stdin>:2:" in result.stdout
