"""Draw a terminal game of Broken Throne to an SVG picture (docs/images/terminal-game.svg).

The game is played by `stratagem play` itself, with its console recording (rich's
``Console(record=True)``) and the person's moves typed from a script; the picture is
the last screen: the board after the computer's reply, its reason, and the person's
next choice.

    PYTHONPATH=src python examples/terminal_screenshot.py docs/images/terminal-game.svg
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from rich.console import Console

from stratagem.cli import console, main, play, table

TYPED = ["select", "1", "move", "(4,3)", "end_turn"]
"""Red selects its knight, moves it to (4,3) and ends its turn."""


class Echo(io.StringIO):
    """The typed lines, echoed to the recording as a terminal would show them."""

    def __init__(self, lines: list[str], screen: Console) -> None:
        super().__init__("".join(line + "\n" for line in lines))
        self.screen = screen

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:  # the script is done: the picture is taken at the prompt
            raise KeyboardInterrupt
        if line == TYPED[-1] + "\n":  # the picture starts at the last line typed
            self.screen.export_text(clear=True)
            self.screen.print("red> ", end="")
        self.screen.print(line.rstrip("\n"), markup=False, highlight=False)
        return line


class Screen(io.TextIOBase):
    """Plain text written to stdout (the prompts), into the recording."""

    def __init__(self, screen: Console) -> None:
        self.screen = screen

    def write(self, text: str) -> int:
        self.screen.print(text, end="", markup=False, highlight=False)
        return len(text)


def record(path: Path) -> None:
    screen = Console(record=True, width=96, force_terminal=True, color_system="truecolor",
                     file=io.StringIO(), highlight=False, emoji=False)
    for module in (console, play, table):
        module.out = screen  # type: ignore[attr-defined]
    # A still picture has no spinner; the reasons are the ones the match passes on.
    play.think_aloud = lambda match, seat, chosen: None  # type: ignore[assignment]
    stdin, stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = Echo(TYPED, screen), Screen(screen)  # type: ignore[assignment]
    try:
        main.main(["play", "broken_throne", "--agents", "human,novice", "--seed", "3"])
    except SystemExit:  # Ctrl-C's exit status, from the end of the script
        pass
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    screen.save_svg(str(path), title="stratagem play broken_throne --agents human,novice")


if __name__ == "__main__":
    record(Path(sys.argv[1] if len(sys.argv) > 1 else "terminal-game.svg"))
