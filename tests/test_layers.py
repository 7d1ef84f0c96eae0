"""The layers of DESIGN.md hold: each part imports only the parts below it.

    engine  ←  rules  ←  agents  ←  arena  ←  cli · web · interop

``games`` (the bundled games and their loader) sits between the rules and the
agents. The CLI is the program's front door: its ``serve`` command starts the web
page, so it may import ``web``; nothing else imports the CLI or the web. Every import is checked, including those inside functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "src" / "stratagem"
ALLOWED = {
    "engine": {"engine"},
    "rules": {"engine", "rules"},
    "games": {"engine", "rules", "games"},
    "agents": {"engine", "rules", "games", "agents"},
    "arena": {"engine", "rules", "games", "agents", "arena"},
    "interop": {"engine", "rules", "games", "agents", "arena", "interop"},
    "web": {"engine", "rules", "games", "agents", "arena", "web"},
    "cli": {"engine", "rules", "games", "agents", "arena", "interop", "web", "cli"},
}


def _imported_parts(path: Path) -> set[tuple[str, int]]:
    """The top-level parts of ``stratagem`` a module imports, with the line of each."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(ROOT).parts[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[:len(package) - node.level + 1])
                target = [*base, *(node.module.split(".") if node.module else [])]
            elif node.module and node.module.startswith("stratagem."):
                target = node.module.split(".")[1:]
            else:
                continue
            if target:
                found.add((target[0], node.lineno))
            else:  # `from .. import x` at the package root names parts directly
                found.update((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("stratagem."):
                    found.add((alias.name.split(".")[1], node.lineno))
    return found


@pytest.mark.parametrize("part", sorted(ALLOWED))
def test_each_part_imports_only_the_parts_below_it(part: str) -> None:
    folder = ROOT / part
    if not folder.exists():
        pytest.skip(f"no {part} package yet")
    wrong = []
    for path in sorted(folder.rglob("*.py")):
        for imported, line in _imported_parts(path):
            if imported in ALLOWED and imported not in ALLOWED[part]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    assert not wrong, "\n".join(wrong)


BUILDERS = ("rules", "games/python")
"""Parts that build engine objects through ``engine.spec`` and ``engine.effects``, the
documented building API; everything else above the engine imports its package only."""


def test_other_layers_import_the_engine_package_not_its_modules() -> None:
    """Above the engine, a module imports ``stratagem.engine`` (its ``__init__``
    re-exports the public names), never ``engine.game``, ``engine.state`` and the like —
    except the parts that build games."""
    wrong = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("engine/") or rel.startswith(BUILDERS):
            continue
        package = path.relative_to(ROOT).parts[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = list(package[:len(package) - node.level + 1])
                target = [*base, *(node.module.split(".") if node.module else [])]
            elif node.module and node.module.startswith("stratagem."):
                target = node.module.split(".")[1:]
            else:
                continue
            if len(target) > 1 and target[0] == "engine":
                wrong.append(f"{rel}:{node.lineno} imports {'.'.join(target)}")
    assert not wrong, "\n".join(wrong)
