"""The project stands alone: no file of it points to a folder beside the
checkout (the sibling `shared` folder, its rules, seeds or design notes)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIBLING = "shared"  # spelt apart so that this file does not match itself
POINTER = re.compile(r"\.\./" + SIBLING + r"|(?<![\w-])" + SIBLING + r"/")
SKIPPED = {".git", ".venv", "venv", "__pycache__", ".pytest_cache", ".hypothesis", "build", "dist"}


def project_files() -> list[Path]:
    """The tracked (and new, not ignored) files, or every file of the tree
    when there is no git."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                cwd=ROOT, capture_output=True, check=True, timeout=60).stdout
        return [ROOT / name for name in listed.decode().split("\0") if name]
    except (OSError, subprocess.SubprocessError):
        found = []
        for folder, dirs, files in os.walk(ROOT):
            dirs[:] = [d for d in dirs if d not in SKIPPED and not d.endswith(".egg-info")]
            found.extend(Path(folder, name) for name in files)
        return found


def test_the_pattern_finds_every_kind_of_pointer():
    for text in ("../" + SIBLING + "/rules/tjuv.md", "/work/" + SIBLING + "/seeds/", SIBLING + "/design/x.md",
                 "# ../" + SIBLING):
        assert POINTER.search(text), text
    assert not POINTER.search("a pot shared by the winners; tie_rule: shared")


def test_no_project_file_points_outside_the_project():
    files = project_files()
    assert len(files) > 50
    pointing = []
    for path in files:
        if not path.is_file():
            continue  # listed by git but deleted in the working tree
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue  # binary
        text = data.decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            if POINTER.search(line):
                pointing.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert pointing == []
