"""Every example in README.md and docs/**/*.md checks as it claims.

- A ```yaml block that is a whole transcript (a `format:` and a `game:` key
  at the start of a line) is run through the referee and must be legal with
  no finding at all, unless it says which findings it gives: an HTML comment
  just before the block, `<!-- expect: GFF-3.5 at deal 1 move 4; GFF-10.15
  at deal 1 -->`, or a comment line inside it, `# expect: ...`. Each item is
  `RULE-ID`, `RULE-ID at deal D` or `RULE-ID at deal D move M`, and the
  findings must be exactly those (as a multiset; a finding without a deal or
  a move matches an item without one).
- Any other ```yaml block (a fragment such as `options:` alone) is skipped.
- A plain ``` block whose first line is `$ referee ARGS` must show exactly
  what `referee ARGS` prints (run from the checkout's root); so must a block
  just after `<!-- output: referee ARGS -->`.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import referee
from referee.frozen import frozen

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```(?P<lang>[^\n`]*)\n(?P<body>.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
MARKER = re.compile(r"<!--\s*(?P<kind>expect|output):\s*(?P<text>(?:(?!<!--|-->).)*?)\s*-->\s*\Z", re.DOTALL)
INNER_EXPECT = re.compile(r"^\s*#\s*expect:\s*(?P<text>.*?)\s*$", re.MULTILINE)
ITEM = re.compile(r"^(?P<rule>[A-Z]{2,3}-\d+\.\d+)(?:\s+at\s+deal\s+(?P<deal>\d+)(?:,?\s+move\s+(?P<move>\d+))?)?$")
TOP_KEY = "^{}:"


@frozen(slots=True)
class Block:
    """A fenced block of a document, with the marker just before it."""

    file: str
    line: int
    lang: str
    body: str
    marker: tuple[str, str] | None

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def is_transcript(self) -> bool:
        return self.lang in ("yaml", "yml") and all(
            re.search(TOP_KEY.format(key), self.body, re.MULTILINE) for key in ("format", "game"))


def blocks_of(text: str, name: str) -> list[Block]:
    found = []
    for match in FENCE.finditer(text):
        before = MARKER.search(text[: match.start()].rstrip() + "\n")
        marker = (before.group("kind"), before.group("text")) if before else None
        found.append(Block(name, text.count("\n", 0, match.start()) + 1, match.group("lang").strip(),
                           match.group("body"), marker))
    return found


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def all_blocks() -> list[Block]:
    return [block for path in documents()
            for block in blocks_of(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]


def expectations(text: str) -> Counter:
    """The findings an `expect:` text names: (rule, deal, move) with None
    where it names none."""
    wanted: Counter = Counter()
    for item in filter(None, (part.strip() for part in text.split(";"))):
        match = ITEM.match(item)
        assert match, f"not an expectation: {item!r} (RULE-ID [at deal D [move M]])"
        deal, move = match.group("deal"), match.group("move")
        wanted[match.group("rule"), int(deal) if deal else None, int(move) if move else None] += 1
    return wanted


def expected_of(block: Block) -> Counter:
    texts = [m.group("text") for m in INNER_EXPECT.finditer(block.body)]
    if block.marker and block.marker[0] == "expect":
        texts.append(block.marker[1])
    wanted: Counter = Counter()
    for text in texts:
        wanted += expectations(text)
    return wanted


def judged(block: Block) -> tuple[str, Counter]:
    report = referee.check_text(block.body, name=block.where)
    found = Counter((f["rule"], f.get("deal"), f.get("move")) for f in report["findings"])
    return report["status"], found


def output_command(block: Block) -> tuple[str, str] | None:
    """(the referee's arguments, the output shown) of an output block."""
    if block.marker and block.marker[0] == "output":
        command, shown = block.marker[1], block.body
    elif block.lang == "" and block.body.startswith("$ referee "):
        command, _, shown = block.body[2:].partition("\n")
    else:
        return None
    words = shlex.split(command)
    assert words[0] == "referee", f"{block.where}: an output marker runs the referee only"
    return command, shown


TRANSCRIPTS = [b for b in all_blocks() if b.is_transcript]
OUTPUTS = [b for b in all_blocks() if output_command(b) is not None]


def test_the_examples_are_found():
    games = {re.search(r"^game:\s*(\S+)", b.body, re.MULTILINE).group(1) for b in TRANSCRIPTS}
    assert games >= {"getaway", "tjuv", "game-flip-flop", "vazhushal"}
    assert {b.file for b in OUTPUTS} >= {"README.md"} and len(OUTPUTS) >= 2


@pytest.mark.parametrize("block", TRANSCRIPTS, ids=lambda b: b.where)
def test_every_transcript_example_checks_as_it_claims(block):
    status, found = judged(block)
    wanted = expected_of(block)
    assert found == wanted, f"{block.where}: findings {dict(found)}, the text claims {dict(wanted)}"
    if not wanted:
        assert status == "legal", block.where


@pytest.mark.parametrize("block", OUTPUTS, ids=lambda b: b.where)
def test_every_shown_referee_output_is_what_the_referee_prints(block):
    command, shown = output_command(block)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "FORCE_COLOR")}
    env["NO_COLOR"] = "1"
    result = subprocess.run([sys.executable, "-m", "referee", *shlex.split(command)[1:]], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.stdout.rstrip("\n") == shown.rstrip("\n"), f"{block.where}: `{command}` prints otherwise"


# The mechanism itself, on made-up documents ---------------------------------------------------------

DISPUTED = (ROOT / "samples" / "getaway" / "disputed-revoke.yaml").read_text(encoding="utf-8")


def fenced(body: str, before: str = "") -> str:
    return f"Some text.\n{before}\n```yaml\n{body}```\n"


def test_a_fragment_is_skipped_and_a_transcript_is_not():
    fragment, = blocks_of(fenced("options: {pickup: breaker}\n"), "x.md")
    transcript, = blocks_of(fenced(DISPUTED), "x.md")
    assert not fragment.is_transcript and transcript.is_transcript


def test_an_illegal_example_without_a_marker_fails():
    block, = blocks_of(fenced(DISPUTED), "x.md")
    status, found = judged(block)
    assert status == "illegal" and found != expected_of(block) == Counter()


def test_a_marker_before_the_block_or_inside_it_names_the_findings():
    exact = "GW-4.4 at deal 1 move 32; GW-4.2 at deal 1 move 37; GW-4.15 at deal 1"
    for text in (fenced(DISPUTED, f"<!-- expect: {exact} -->"), fenced(f"# expect: {exact}\n" + DISPUTED)):
        block, = blocks_of(text, "x.md")
        assert judged(block)[1] == expected_of(block)
    short, = blocks_of(fenced(DISPUTED, "<!-- expect: GW-4.4 at deal 1 move 32 -->"), "x.md")
    assert judged(short)[1] != expected_of(short)


def test_a_marker_must_be_just_before_its_block():
    block, = blocks_of("<!-- expect: GW-4.4 -->\n\nMore text.\n\n```yaml\nformat: 1\n```\n", "x.md")
    assert block.marker is None


def test_output_blocks():
    shown, = blocks_of("```\n$ referee check a.yaml\na.yaml: legal\n```\n", "x.md")
    assert output_command(shown) == ("referee check a.yaml", "a.yaml: legal\n")
    marked, = blocks_of("<!-- output: referee rules -->\n```\ngetaway: Getaway\n```\n", "x.md")
    assert output_command(marked) == ("referee rules", "getaway: Getaway\n")
    plain, = blocks_of("```sh\nreferee check a.yaml\n```\n", "x.md")
    assert output_command(plain) is None
    # a marker belongs to the block right after it, never to a later one
    first, second = blocks_of("<!-- output: referee rules -->\n```\nx\n```\n\ntext\n\n```\ny\n```\n", "x.md")
    assert first.marker == ("output", "referee rules") and second.marker is None
