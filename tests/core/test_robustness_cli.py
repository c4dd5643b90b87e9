"""The command line against a hostile run: unreadable directories, signals,
control characters in arguments, caps on the caps, odd file names in HTML.

The referee runs in a subprocess (`python -m referee`, this checkout on
PYTHONPATH) wherever the behaviour is the process's: exit status, what
reaches standard error, which processes are left."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import referee
from referee.cli import MAX_BYTES_LIMIT, main
from referee.html import html_page
from referee.report import Report, Status

PACKAGE_ROOT = Path(referee.__file__).resolve().parents[1]  # the checkout whose referee is under test
SAMPLES = Path(__file__).resolve().parents[2] / "samples"
LEGAL = (SAMPLES / "getaway" / "seed-000-example.yaml").read_text()


def referee_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "referee", *args]


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PYTHONPATH")}
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    env.update(extra)
    return env


def run(*args: str, cwd: Path, prefix: list[str] | tuple[str, ...] = (), **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([*prefix, *referee_command(*args)], capture_output=True, cwd=cwd,
                          env=environment(**extra), timeout=120)


def raw_controls(text: str) -> list[str]:
    """Control, format and surrogate characters, but for line ends."""
    return [ch for ch in text if not ch.isprintable() and ch != "\n"]


# 1. Every file is accounted for ---------------------------------------------------------------

_PROBE = """
import os, sys
import click, jsonschema, yaml, referee
try:
    os.listdir(sys.argv[1])
except PermissionError:
    sys.exit(0)
sys.exit(3)
"""


@pytest.fixture
def unprivileged():
    """(prefix, base): a command prefix under which file permissions hold,
    and a directory to build trees in that it can read. As root: the user
    nobody if this interpreter and its packages are readable by it, else
    root without the capabilities that bypass permissions."""
    base = Path(tempfile.mkdtemp(prefix="referee-perm-"))
    base.chmod(0o755)
    probe = base / "probe"
    probe.mkdir(mode=0o000)
    probe.chmod(0o000)
    candidates: list[list[str]] = [[]]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        candidates = [] if setpriv is None else [
            [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"],
            [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--inh-caps=-all"],
        ]
    chosen = None
    for prefix in candidates:
        done = subprocess.run([*prefix, sys.executable, "-c", _PROBE, str(probe)], capture_output=True,
                              cwd=base, env=environment(), timeout=60)
        if done.returncode == 0:
            chosen = prefix
            break
    probe.chmod(0o755)
    try:
        if chosen is None:
            pytest.skip("cannot run the referee where file permissions apply (root, and no usable setpriv)")
        yield chosen, base
    finally:
        for path in [base, *base.rglob("*")]:
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        shutil.rmtree(base)


def _tree(base: Path) -> Path:
    archive = base / "archive"
    for name in ("a.yaml", "locked/b.yaml", "z/c.yaml", "secret.yaml", "z/deep/locked/d.yaml"):
        (archive / name).parent.mkdir(parents=True, exist_ok=True)
        (archive / name).write_text(LEGAL)
    for path in archive.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    archive.chmod(0o755)
    (archive / "secret.yaml").chmod(0o000)
    (archive / "locked").chmod(0o000)
    (archive / "z" / "deep" / "locked").chmod(0o000)
    return archive


@pytest.mark.parametrize("options", [[], ["--format", "jsonl", "--jobs", "1"], ["--format", "jsonl", "--jobs", "2"]])
def test_1_an_unreadable_directory_anywhere_in_the_walk_is_reported_and_counted(unprivileged, options):
    prefix, base = unprivileged
    _tree(base)
    done = run("check", *options, "archive", cwd=base, prefix=prefix)
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    expected = {"archive/a.yaml": "legal", "archive/secret.yaml": "unusable", "archive/locked": "unusable",
                "archive/z/c.yaml": "legal", "archive/z/deep/locked": "unusable"}  # as walked: files, then folders
    if options:
        reports = [json.loads(line) for line in done.stdout.decode().splitlines()]
        assert [(r["file"], r["status"]) for r in reports] == list(expected.items())
        for report in reports:
            if report["status"] == "unusable":
                assert "permission denied" in report["problems"][0]["message"].lower()
                assert "no transcripts" not in report["problems"][0]["message"]
        assert "5 files: 2 legal, 0 illegal, 3 unusable" in done.stderr.decode()
    else:
        text = done.stdout.decode()
        for file, status in expected.items():
            assert f"{file}: {status}" in text
        assert "5 files: 2 legal, 0 illegal, 3 unusable" in text


def test_1_an_unreadable_directory_given_itself_says_permission_denied(unprivileged):
    prefix, base = unprivileged
    _tree(base)
    for args in (["check", "archive/locked"], ["check", "--format", "json", "archive/locked", "archive/a.yaml"]):
        done = run(*args, cwd=base, prefix=prefix)
        assert done.returncode == 2 and b"Traceback" not in done.stderr
        text = done.stdout.decode()
        assert "permission denied" in text.lower() and "no transcripts" not in text
    data = json.loads(done.stdout)
    assert [(r["file"], r["status"]) for r in data["reports"]] == [("archive/locked", "unusable"),
                                                                   ("archive/a.yaml", "legal")]
    assert data["summary"]["unusable"] == 1


def test_1_an_empty_directory_still_reports_itself(tmp_path):
    (tmp_path / "empty").mkdir()
    done = run("check", "--format", "jsonl", "empty", cwd=tmp_path)
    assert done.returncode == 2
    assert [json.loads(line)["status"] for line in done.stdout.decode().splitlines()] == ["unusable"]


# 5. Interrupts ----------------------------------------------------------------------------------

def _descendants(pid: int) -> dict[int, str]:
    """Every live process under `pid`, by pid, with its start time (so that a
    reused pid is not mistaken for it)."""
    parents: dict[int, tuple[int, str, str]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            parents[int(entry)] = (int(fields[1]), fields[0], fields[19])  # ppid, state, start time
    found: dict[int, str] = {}
    frontier = [pid]
    while frontier:
        here = frontier.pop()
        for child, (ppid, state, start) in parents.items():
            if ppid == here and child not in found and state != "Z":
                found[child] = start
                frontier.append(child)
    return found


def _holds(pid: int, path: Path) -> bool:
    """Whether process `pid` has `path` open."""
    try:
        return any(os.readlink(f"/proc/{pid}/fd/{fd}") == str(path) for fd in os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return False


def _waiting_on(process: subprocess.Popen, fifo: Path) -> dict[int, str]:
    """Wait until the check (or one of its workers) has the FIFO open, so it
    is under way and cannot finish first; return its live descendants."""
    deadline = time.monotonic() + 120  # a watchdog, not a measurement
    while time.monotonic() < deadline and process.poll() is None:
        workers = _descendants(process.pid)
        if any(_holds(pid, fifo) for pid in [process.pid, *workers]):
            return workers
        time.sleep(0.05)
    raise AssertionError("the check never reached the FIFO")


def _alive(pid: int, start: str) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z" and fields[19] == start


FIFO = "g030-pipe.yaml"


@pytest.fixture
def busy_archive(tmp_path):
    """A directory of simulated transcripts and a FIFO whose writer never
    writes, so that a check of it is still running when a signal comes."""
    if not Path("/proc/self/stat").exists() or not hasattr(os, "mkfifo"):
        pytest.skip("needs /proc and FIFOs")
    text = run("simulate", "getaway", "--seed", "5", cwd=tmp_path).stdout
    archive = tmp_path / "archive"
    archive.mkdir()
    for i in range(60):
        (archive / f"g{i:03}.yaml").write_bytes(text)
    os.mkfifo(archive / FIFO)
    writer = os.open(archive / FIFO, os.O_RDWR | os.O_NONBLOCK)
    yield archive
    os.close(writer)


def _signalled(archive: Path, args: list[str], *, group: bool, signum: int) -> tuple[int, str, dict[int, str]]:
    """Start a check in its own process group, wait for its worker,
    signal it, and return its status, standard error and the workers."""
    process = subprocess.Popen(referee_command(*args, str(archive)), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, cwd=archive.parent, env=environment(),
                               start_new_session=True)
    workers: dict[int, str] = {}
    try:
        workers = _waiting_on(process, archive / FIFO)
        assert len(workers) >= 1, "the check did not start a worker"  # --jobs 2: this process and one worker
        if group:
            os.killpg(process.pid, signum)  # as a terminal's Ctrl-C does
        else:
            os.kill(process.pid, signum)
        _, stderr = process.communicate(timeout=120)
        deadline = time.monotonic() + 30
        while any(_alive(p, s) for p, s in workers.items()) and time.monotonic() < deadline:
            time.sleep(0.05)
        return process.returncode, stderr.decode(), {p: s for p, s in workers.items() if _alive(p, s)}
    finally:
        for pid, start in [*workers.items(), (process.pid, None)]:
            if start is None or _alive(pid, start):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        process.wait(timeout=60)


@pytest.mark.parametrize("args", [["check", "--jobs", "2"], ["check", "--format", "jsonl", "--jobs", "2"]])
def test_5_ctrl_c_to_the_process_group_exits_130_in_one_line_and_leaves_no_worker(busy_archive, args):
    status, stderr, left = _signalled(busy_archive, args, group=True, signum=signal.SIGINT)
    assert status == 130
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert len(stderr.strip().splitlines()) == 1
    assert left == {}


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="the plain check starts workers only with two cores")
def test_5_ctrl_c_during_a_plain_check_exits_130_too(busy_archive):
    status, stderr, left = _signalled(busy_archive, ["check"], group=True, signum=signal.SIGINT)
    assert status == 130 and "Traceback" not in stderr and len(stderr.strip().splitlines()) == 1
    assert left == {}


@pytest.mark.parametrize("args", [["check", "--jobs", "2"], ["check", "--format", "json", "--jobs", "2"]])
def test_5_sigterm_to_the_parent_only_exits_143_in_one_line_and_leaves_no_worker(busy_archive, args):
    status, stderr, left = _signalled(busy_archive, args, group=False, signum=signal.SIGTERM)
    assert status == 143
    assert "Traceback" not in stderr
    assert len(stderr.strip().splitlines()) == 1
    assert left == {}


def test_5_a_run_in_one_process_takes_sigterm_too(busy_archive):
    """--jobs 1: no worker, but the same status and line (the FIFO waits in this process)."""
    process = subprocess.Popen(referee_command("check", "--jobs", "1", str(busy_archive)),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=busy_archive.parent,
                               env=environment(), start_new_session=True)
    try:
        assert _waiting_on(process, busy_archive / FIFO) == {}
        os.kill(process.pid, signal.SIGTERM)
        _, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=60)
    assert process.returncode == 143 and b"Traceback" not in stderr
    assert len(stderr.decode().strip().splitlines()) == 1


# 6. Control characters in arguments -------------------------------------------------------------

HOSTILE = "\x1b]2;owned\x07\u202eX\x9b2J"  # an OSC title, a bidi override, a C1 CSI


@pytest.mark.parametrize("args", [
    ["rules", HOSTILE],
    ["explain", HOSTILE],
    ["simulate", HOSTILE],
    ["simulate", "getaway", "--preset", HOSTILE],
    ["simulate", "getaway", "-o", HOSTILE],
    ["simulate", "getaway", "-o", f"{HOSTILE}=1"],
    ["simulate", "getaway", "-o", f"pickup={HOSTILE}"],
    ["check", "--format", HOSTILE, "a.yaml"],
    ["check", "--max-bytes", HOSTILE, "a.yaml"],
    ["check", f"--{HOSTILE}", "a.yaml"],
    ["rules", "getaway", HOSTILE],
    ["show", "a.yaml", "--move", HOSTILE],
    ["show", HOSTILE, "--move", "1"],
    ["replay", HOSTILE],
    [HOSTILE],
    [f"--{HOSTILE}"],
])
def test_6_arguments_are_escaped_in_every_error_message(args):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and not isinstance(result.exception, (KeyError, TypeError, ValueError))
    assert raw_controls(result.output) == [], args
    assert "Traceback" not in result.output


def test_6_the_plain_check_escapes_file_names_too(tmp_path):
    done = run("check", HOSTILE, cwd=tmp_path)
    assert done.returncode == 2
    assert raw_controls(done.stdout.decode() + done.stderr.decode()) == []


# 7. Caps have caps ------------------------------------------------------------------------------

@pytest.mark.parametrize("value, status", [
    ("99999999999999999999999", 2), (str(MAX_BYTES_LIMIT + 1), 2), ("0", 2), ("-1", 2),
    (str(MAX_BYTES_LIMIT), 0), ("1000000", 0),
])
def test_7_max_bytes_is_refused_above_its_stated_maximum_and_at_zero(value, status, tmp_path):
    (tmp_path / "a.yaml").write_text(LEGAL)
    result = CliRunner().invoke(main, ["check", "--max-bytes", value, str(tmp_path / "a.yaml")])
    assert result.exit_code == status, result.output


def test_7_the_maximum_is_stated_in_the_help_and_the_readme():
    help_text = " ".join(CliRunner().invoke(main, ["check", "--help"]).output.split())
    readme = (PACKAGE_ROOT / "README.md").read_text()
    assert f"{MAX_BYTES_LIMIT:,}" in help_text and "256 MiB" in help_text
    assert "256 MiB" in readme


def test_7_a_huge_max_bytes_on_dev_zero_is_a_usage_error_not_a_read(tmp_path):
    import resource

    def limited() -> None:  # should the cap ever go, fail for want of memory, not take the machine's
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    done = subprocess.run(referee_command("check", "--max-bytes", "99999999999999999999999", "/dev/zero"),
                          capture_output=True, cwd=tmp_path, env=environment(), timeout=120, preexec_fn=limited)
    assert done.returncode == 2 and b"Traceback" not in done.stderr and b"--max-bytes" in done.stderr


# 8. HTML from odd file names --------------------------------------------------------------------

ODD_NAMES = [os.fsdecode(b"bad-\xff\xfe.yaml"), "ctl-\x1b[31m\x07\u202e\x9b.yaml", "line\nbreak.yaml"]


def _assert_clean_page(page: bytes) -> str:
    text = page.decode("utf-8")  # strict: the page is what its charset says
    assert raw_controls(text) == []
    assert '<meta charset="utf-8">' in text
    return text


@pytest.mark.parametrize("name", ODD_NAMES)
def test_8_html_page_of_an_odd_name_is_utf8_without_raw_controls(name):
    reports = [Report(file=name, status=Status.LEGAL, game="getaway", ruleset="getaway", players=("a", "b")),
               Report(file=name, status=Status.UNUSABLE)]
    _assert_clean_page(html_page(reports, title=f"getaway: {name}").encode("utf-8"))


@pytest.mark.parametrize("encoding", [None, "latin-1"])
def test_8_check_and_replay_write_a_utf8_page_for_odd_names(encoding, tmp_path):
    archive = tmp_path / "archive"
    archive.mkdir()
    for name in ODD_NAMES:
        (archive / name).write_text(LEGAL)
    extra = {} if encoding is None else {"PYTHONIOENCODING": encoding}
    done = run("check", "--format", "html", "archive", cwd=tmp_path, **extra)
    assert done.returncode == 0, done.stderr
    text = _assert_clean_page(done.stdout)
    assert text.count('<span class="status legal">legal</span></h2>') == len(ODD_NAMES)  # a section each
    for name in ODD_NAMES:
        done = run("replay", "--format", "html", str(Path("archive") / name), cwd=tmp_path, **extra)
        assert done.returncode == 0, done.stderr
        _assert_clean_page(done.stdout)
