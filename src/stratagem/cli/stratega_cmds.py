"""``stratagem import-stratega``: a Stratega configuration written as a native rules file."""

from __future__ import annotations

from pathlib import Path

import click

from ..rules import RulesError, compile_text
from ..rules.errors import Problem
from ..rules.source import read_yaml
from ..rules.stratega import is_stratega, translate, write_native
from .console import err, n, out
from .files import FileProblem, check_output, write_atomic


@click.command("import-stratega")
@click.argument("file", type=click.Path(path_type=Path), metavar="FILE")
@click.option("--out", "out_dir", required=True, type=click.Path(path_type=Path),
              metavar="DIR", help="The folder to write rules.yaml in (made if missing).")
@click.option("--force", is_flag=True, help="Replace DIR/rules.yaml if it exists.")
def import_stratega_cmd(file: Path, out_dir: Path, force: bool) -> None:
    """Translate a Stratega turn-based configuration into a native rules file.

    Writes DIR/rules.yaml: the same game in Stratagem's own format, each part with a
    comment saying where in FILE it came from, to carry on with features Stratega
    lacks. `stratagem play FILE` plays the Stratega file itself; `stratagem play DIR`
    the native one. Every construct that cannot be carried over is reported with its
    line and column, and nothing is written.
    """
    if not file.is_file():
        raise FileProblem(f"cannot read {file}: there is no such file")
    target = out_dir / "rules.yaml"
    if out_dir.exists() and not out_dir.is_dir():
        raise FileProblem(f"cannot write in {out_dir}: it is not a directory")
    if not out_dir.exists() and not out_dir.parent.is_dir():
        raise FileProblem(f"cannot make {out_dir}: there is no directory {out_dir.parent}")
    if target.exists() and not force:
        raise FileProblem(f"{target} already exists: give another --out, or --force to "
                          "replace it")
    notes: list[Problem] = []  # keys given twice: the later one is used, as in Stratega
    try:
        root = read_yaml(file, notes)
        if not is_stratega(root):
            raise FileProblem(f"{file}: not a Stratega configuration (no `GameConfig:` at "
                              "its top)")
        translation = translate(root)
        text = write_native(translation, file.name)
        game = compile_text(text, str(target))
    except RulesError as exc:
        for problem in exc.problems:
            err.print(str(problem), markup=False, emoji=False)
        raise SystemExit(2) from None
    for problem in notes:
        err.print(f"warning: {problem}", markup=False, emoji=False)
    # the folder is made only once the translation has succeeded: a refused file leaves
    # nothing behind
    out_dir.mkdir(exist_ok=True)
    check_output(target)
    write_atomic(target, text)
    out.print(f"{target}: written — {game.name}: {n(len(game.entity_types), 'entity type')}, "
              f"{n(len(game.action_types), 'action')} (`stratagem validate {target}` checks "
              "it)",
              markup=False, emoji=False)


__all__ = ["import_stratega_cmd"]
