"""The game registry (core/registry.py): no core module names a game; the
core's game-specific pieces derive from the registry."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from referee.games import GAMES, REGISTRY

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "referee"
#: Core modules that still read game-specific data, and why (none left: the ledger reads `settlement.outcome`).
KNOWN: dict[str, str] = {}


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _named(path: Path) -> list[str]:
    """Each string in the module's code (docstrings aside) that is a game's
    name or alias, or holds a rule ID prefix as code would use it."""
    names = {n.casefold() for e in REGISTRY for n in (e.name, *e.aliases)}
    prefixes = "|".join(e.prefix for e in REGISTRY)
    rule = re.compile(rf"(?<![\w-])(?:{prefixes})(?:-\d|\||\))")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if node.value.casefold() in names or rule.search(node.value):
                hits.append(f"{path.name}:{node.lineno}: {node.value[:60]!r}")
    return hits


def test_no_core_module_names_a_game():
    core = [p for p in PACKAGE.rglob("*.py") if "games" not in p.relative_to(PACKAGE).parts[:1]]
    assert len(core) > 20
    hits = [hit for p in core if p.name not in KNOWN for hit in _named(p)]
    assert hits == []


def test_the_check_finds_a_game_named_in_code(tmp_path):
    module = tmp_path / "x.py"
    module.write_text('"""Getaway in a docstring is fine."""\nDEFAULT = "getaway"\nRULE = r"(?:GW|TJ)-1"\n')
    assert len(_named(module)) == 2


def test_registry_entries():
    assert list(GAMES) == REGISTRY.names() and REGISTRY.default.name in GAMES
    pattern = re.compile(REGISTRY.rule_id_pattern())
    for entry in REGISTRY:
        assert (ROOT / "schemas" / entry.schema).is_file()
        assert entry.catalogue().game == entry.name
        assert entry.default_preset
        assert entry.load().name == entry.name
        assert all(pattern.fullmatch(rule) for rule in entry.catalogue().rules)
        assert REGISTRY.of_rule(next(iter(entry.catalogue().rules))) is entry
