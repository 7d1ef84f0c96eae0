"""Pictures of a board outside the browser: `show --svg/--png` and `replay --svg-dir`.

The drawing is the web page's own (``web.board_svg``), so a picture looks like the page. A
PNG is that SVG rasterised by cairosvg, an optional extra (`pip install 'stratagem[png]'`)
that needs the cairo library on the machine; without it `--png` says so in one line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine import Action, Game, State
from ..web.board_svg import Mark, board_svg, move_marks
from .console import fail
from .files import FileProblem, write_atomic


def picture(game: Game, state: State, viewer: int | None, marks: list[Mark]) -> str:
    """The board of ``state`` as ``viewer`` sees it, as an SVG document."""
    view = state.view(viewer) if viewer is not None else state
    svg = board_svg(game, view, viewer, last=marks)
    if not svg:
        fail(f"{game.name} has no board to draw")
    if not svg.lstrip().startswith("<?xml"):
        svg = '<?xml version="1.0" encoding="UTF-8"?>\n' + svg
    return svg


def write_svg(path: Path, svg: str) -> None:
    """Write an SVG picture whole or not at all."""
    try:
        write_atomic(path, svg)
    except FileProblem as exc:
        fail(exc.message)


def write_png(path: Path, svg: str) -> None:
    """Rasterise an SVG picture to a PNG file (one line when cairosvg or cairo is missing)."""
    try:
        import cairosvg  # noqa: PLC0415 (optional: only `--png` needs it and the cairo library)
    except (ImportError, OSError):
        fail("--png needs the cairosvg package and the cairo library: "
             "pip install 'stratagem[png]' (and your system's cairo), or use --svg")
    tmp = path.with_name(path.name + ".tmp")
    try:
        cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(tmp))
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        fail(f"cannot write {path}: {exc.strerror or exc}")


def step_writer(game: Game, folder: Path) -> Callable[[Any, int, Action, str, Any], None]:
    """An ``on_step`` for ``replay_game`` that writes a picture per step into ``folder``:
    `step-000.svg` the start, then one after each decision with the move outlined."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot make the folder {folder}: {exc.strerror or exc}")
    count = 0

    def write(before: State, player: int, action: Action, rationale: str,
              after: State) -> None:
        nonlocal count
        if count == 0:
            write_svg(folder / "step-000.svg", picture(game, before, None, []))
        count += 1
        marks = move_marks(game, before, player, action)
        write_svg(folder / f"step-{count:03d}.svg", picture(game, after, None, marks))
    return write
