"""Rules as data: the YAML format, the expression language and the function library.

``load_rules(path)`` compiles a rules file (or a folder with ``rules.yaml``)
into an engine ``Game``. Nothing in a rules file is ever executed: it is parsed
into data, its expressions into closures over a fixed library.
"""

from __future__ import annotations

from pathlib import Path

from ..engine import Game
from .compiler import Compiler, Parts
from .digest import digest_rules
from .errors import Loc, Problem, RulesError
from .lint import lint
from .source import parse_yaml, read_yaml
from .stratega import is_stratega, native_tree


def compile_rules(path: str | Path) -> Parts:
    """Compile a rules file, or a folder holding ``rules.yaml``, into its parts."""
    return check_rules(path)[0]


def check_rules(path: str | Path) -> tuple[Parts, list[Problem]]:
    """Compile a rules file (or a folder holding ``rules.yaml``) and check the result
    (``rules.lint``): its parts and the warnings; errors raise ``RulesError``."""
    p = Path(path)
    folder = None
    if p.is_dir():
        folder = p
        p = p / "rules.yaml"
        if not p.exists():
            yamls = sorted(x.name for x in folder.glob("*.y*ml"))
            raise RulesError([Problem(Loc(str(folder), 1, 1),
                                      "a game folder keeps its rules in `rules.yaml` (and "
                                      "the rules in words in `README.md`); this one has none",
                                      f"name the file: {folder / yamls[0]}" if yamls
                                      else "")])
    elif p.parent.is_dir():
        folder = p.parent
    notes: list[Problem] = []  # a Stratega file's keys given twice (the later one is used)
    root = read_yaml(p, notes)
    if is_stratega(root):  # a Stratega configuration: compiled through its translation
        root = native_tree(root)
    parts = Compiler(root, folder).compile()
    errors, warnings = lint(parts, root)
    if errors:
        raise RulesError(errors)
    return parts, [*notes, *warnings]


def load_rules(path: str | Path, scenario: str | None = None) -> Game:
    """The ``Game`` a rules file describes (``RulesError`` listing every problem).

    The game's ``rules_file`` is set to the rules file, resolved.
    """
    parts = compile_rules(path)
    named = tuple(k for k in parts.placements if k)
    if scenario is not None and scenario not in parts.placements:
        hint = (f"scenarios: {', '.join(named)}" if named
                else "the game has one set-up: leave it out")
        where = parts.scenarios_at or Loc(str(path), 1, 1)  # the list it is not in
        raise RulesError([Problem(where, f"no scenario `{scenario}`", hint)])
    game = parts.build(scenario)
    p = Path(path)
    file = p / "rules.yaml" if p.is_dir() else p
    game.set_origin(str(file.resolve()), named, digest_rules(file, game.scenario),
                    parts.seated())
    return game


def compile_text(text: str, file: str = "<rules>") -> Game:
    """The ``Game`` of rules given as text (for tests and tools)."""
    return Compiler(parse_yaml(text, file)).compile().build()


__all__ = ["RulesError", "check_rules", "compile_rules", "compile_text", "load_rules"]
