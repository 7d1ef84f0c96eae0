"""The engine's modules import one way, read in one sitting and keep private names home.

``docs/design.md`` draws the order; these tests hold the code to it: no cycle among
the engine's modules (imports for type checking only do not count, as they never
run), no import inside a function, no underscore name imported from another module,
and no module over about 500 lines without a reason written at its top.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "src" / "stratagem" / "engine"
MAX_LINES = 530
"""About 500 lines: a module longer than this says why at its top."""


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _run_time_imports(tree: ast.Module) -> list[ast.ImportFrom]:
    """The module-level ``from .x import ...`` statements that run (not under
    ``if TYPE_CHECKING``)."""
    return [node for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1]


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        deps: set[str] = set()
        for node in _run_time_imports(_tree(path)):
            if node.module:
                deps.add(node.module.split(".")[0])
            else:  # `from . import rng`
                deps.update(alias.name for alias in node.names)
        graph[path.stem] = deps - {path.stem}
    return graph


def test_engine_modules_import_one_way() -> None:
    """Ordering the modules so that each imports only those before it succeeds."""
    graph = _graph()
    graph.pop("__init__")
    placed: list[str] = []
    left = dict(graph)
    while left:
        ready = sorted(m for m, deps in left.items() if deps <= set(placed))
        assert ready, f"import cycle among: {sorted(left)}"
        placed += ready
        for m in ready:
            del left[m]
    assert placed.index("frames") < placed.index("context") < placed.index("runtime")
    assert placed.index("phases") < placed.index("runtime") < placed.index("game")


def test_no_import_inside_a_function() -> None:
    """Every import of an engine module is at its top (or for type checking only)."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found += [f"{path.name}:{inner.lineno}" for inner in ast.walk(node)
                          if isinstance(inner, ast.Import | ast.ImportFrom)]
    assert not found


def test_no_private_name_is_imported_across_modules() -> None:
    """Names starting with an underscore stay in the module that defines them."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom):
                found += [f"{path.name}:{node.lineno} {alias.name}" for alias in node.names
                          if alias.name.startswith("_") and alias.name != "__future__"
                          and node.module != "__future__"]
    assert not found


def test_modules_read_in_one_sitting() -> None:
    """A module over about 500 lines says at its top why it is longer."""
    long = []
    for path in sorted(ENGINE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        doc = ast.get_docstring(_tree(path)) or ""
        if text.count("\n") > MAX_LINES and "500 lines" not in doc:
            long.append(path.name)
    assert not long


def test_type_checking_imports_are_the_only_guarded_ones() -> None:
    """The only conditional imports are those for type checking (which never run)."""
    for path in sorted(ENGINE.glob("*.py")):
        for node in _tree(path).body:
            if isinstance(node, ast.If) and any(
                    isinstance(n, ast.Import | ast.ImportFrom) for n in node.body):
                assert _is_type_checking(node), path.name
