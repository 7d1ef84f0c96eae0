"""The layers of DESIGN.md hold: each part imports only the parts below it.

    engine  ←  rules  ←  agents  ←  arena  ←  cli · web · interop

``games`` (the bundled games and their loader) sits between the rules and the
agents. The CLI is the program's front door: its ``serve`` command starts the web
page, so it may import ``web``; nothing else imports the CLI or the web. Every import is checked, including those inside functions.

Inside a part, modules import one another one way: the module-level imports of the
parts in ``NO_CYCLES`` form no cycle (a cycle found is listed, module by module).
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


# ------------------------------------------------------------------ cycles between modules
NO_CYCLES = {""}
"""The parts (dotted, under ``stratagem``) held to imports that run one way between their
modules. The graph is the whole package's; adding a part here (or ``""`` for all of it)
extends the check."""


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported: those at module level, including
    inside a top-level ``if``/``try``, but not those under ``if TYPE_CHECKING:`` (never
    run) nor inside functions and classes (run later)."""
    found: list[ast.Import | ast.ImportFrom] = []
    body: list[ast.stmt] = list(tree.body)
    while body:
        node = body.pop(0)
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else \
                test.attr if isinstance(test, ast.Attribute) else ""
            if name != "TYPE_CHECKING":
                body.extend(node.body)
            body.extend(node.orelse)
        elif isinstance(node, ast.Try):
            body.extend([*node.body, *node.orelse, *node.finalbody])
            for handler in node.handlers:
                body.extend(handler.body)
    return found


def _import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package at ``root``, with the modules of the package it imports
    at module level (``from a import b`` imports ``a``, and ``a.b`` too when that is a
    module)."""
    paths = {_module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
                continue
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                origin = ".".join([*base, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            for alias in node.names:  # a submodule, or a name the module at `origin` holds
                sub = f"{origin}.{alias.name}"
                targets.add(sub if sub in paths else origin)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (its modules in import order, the first repeated at the end) for each
    group of modules that import one another, found by Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    cycles = []
    for group in groups:
        start = min(group)
        paths = {start: [start]}
        todo = [start]
        cycle: list[str] = []
        while todo and not cycle:  # the shortest way back to the start, within the group
            v = todo.pop(0)
            for w in sorted(graph[v] & group):
                if w == start:
                    cycle = [*paths[v], start]
                    break
                if w not in paths:
                    paths[w] = [*paths[v], w]
                    todo.append(w)
        cycles.append(cycle)
    return cycles


def test_the_cycle_finder_finds_and_lists_a_cycle() -> None:
    """A cycle through three modules is found and listed in order; a one-way graph has none."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert _cycles(graph) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_import_graph_reads_module_level_imports_only(tmp_path: Path) -> None:
    """Imports at module level count (relative or absolute, of a module or of a name in
    one); those inside functions or under ``if TYPE_CHECKING:`` do not."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from .a import x\n",
        "a.py": "from . import b\nimport pkg.sub.d\nx = 1\n",
        "b.py": "def f():\n    from .a import x\n    return x\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n"
                "try:\n    from .sub import d\nexcept ImportError:\n    pass\n",
        "sub/__init__.py": "",
        "sub/d.py": "from ..b import f\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text, encoding="utf-8")
    assert _import_graph(pkg) == {
        "pkg": {"pkg.a"}, "pkg.a": {"pkg.b", "pkg.sub.d"}, "pkg.b": set(),
        "pkg.c": {"pkg.sub.d"}, "pkg.sub": set(), "pkg.sub.d": {"pkg.b"},
    }
    graph = _import_graph()
    assert "stratagem.rules.sections.actions" in graph["stratagem.rules.compiler"]


@pytest.mark.parametrize("part", sorted(NO_CYCLES))
def test_no_import_cycle_between_modules(part: str) -> None:
    """The modules of each checked part import one another one way: no cycle, and if
    there is one, the test lists it."""
    prefix = f"stratagem.{part}" if part else "stratagem"
    found = [c for c in _cycles(_import_graph())
             if any(m == prefix or m.startswith(prefix + ".") for m in c)]
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)

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


# ------------------------------------------------------------------ long modules
MAX_LINES = 500
"""A module longer than this says at the top of its docstring why it is one module."""

REASON = "One module because"
"""The phrase that opens the reason, in the module's docstring (``docs/design.md``)."""


def _missing_reason(text: str) -> bool:
    """Whether a module's source runs over ``MAX_LINES`` lines without ``REASON`` in its
    docstring."""
    if len(text.splitlines()) <= MAX_LINES:
        return False
    return REASON not in (ast.get_docstring(ast.parse(text)) or "")


def test_the_reason_check_reads_the_docstring_only() -> None:
    """A long module passes with the phrase in its docstring, fails with it only in a
    comment; a short one needs none."""
    body = "x = 1\n" * MAX_LINES
    assert not _missing_reason(body[: -len("x = 1\n")])
    assert _missing_reason(body + f"# {REASON} of a comment\n")
    assert not _missing_reason(f'"""Many lines. {REASON} it is a table."""\n' + body)


def test_every_long_module_says_why_it_is_one() -> None:
    """Every module of the package over 500 lines says in its docstring, with the phrase
    "One module because", why it is not split."""
    long = [path.relative_to(ROOT).as_posix() for path in sorted(ROOT.rglob("*.py"))
            if _missing_reason(path.read_text(encoding="utf-8"))]
    assert not long, f"over {MAX_LINES} lines with no '{REASON} …' at the top: {long}"
