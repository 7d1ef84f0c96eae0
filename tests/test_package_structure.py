"""Across the whole package, private names stay home and imports sit at the top.

``tests/test_engine_structure.py`` holds the engine to these rules module by module; this
file holds every part of ``stratagem`` to the two that concern how parts meet: a name
starting with an underscore is never imported from another module, and an import inside a
function is one of the few deferred on purpose, each marked ``# noqa: PLC0415`` with why.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src" / "stratagem"


def private_imports(tree: ast.Module) -> list[int]:
    """Lines that import a name starting with an underscore from another module."""
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module != "__future__"
            and any(alias.name.startswith("_") for alias in node.names)]


def unexplained_deferred_imports(tree: ast.Module, lines: list[str]) -> list[int]:
    """Lines that import inside a function without ``noqa: PLC0415`` and a reason after it."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    line = lines[inner.lineno - 1]
                    _, mark, why = line.partition("noqa: PLC0415")
                    if not mark or not why.strip(" -,:"):
                        found.append(inner.lineno)
    return found


def _modules() -> list[tuple[str, ast.Module, list[str]]]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        out.append((str(path.relative_to(ROOT)), ast.parse(text), text.splitlines()))
    return out


def test_no_private_name_is_imported_across_modules() -> None:
    found = [f"{name}:{line}" for name, tree, _ in _modules() for line in private_imports(tree)]
    assert not found, found


def test_every_import_inside_a_function_says_why() -> None:
    found = [f"{name}:{line}" for name, tree, lines in _modules()
             for line in unexplained_deferred_imports(tree, lines)]
    assert not found, found


def test_the_checks_find_what_they_look_for() -> None:
    text = ("from .x import _hidden, shown\n\n"
            "def f():\n    import json\n"
            "    import ray  # noqa: PLC0415 - only for the cluster\n"
            "    import zlib  # noqa: PLC0415\n")
    tree = ast.parse(text)
    assert private_imports(tree) == [1]
    assert unexplained_deferred_imports(tree, text.splitlines()) == [4, 6]
