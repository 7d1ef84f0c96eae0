"""Shell completion: click's completion, fed with the game names, their scenarios and the
agent codes.

``eval "$(_STRATAGEM_COMPLETE=bash_source stratagem)"`` in ``~/.bashrc`` (``zsh_source``,
``fish_source`` for the other shells) completes commands, options, game names,
``--scenario`` of the game already typed and each code of ``--agents A,B``. The
completers read names only (the games' headers, never their compiled rules), so a
completion stays fast.
"""

from __future__ import annotations

import os

from click import Context, Parameter
from click.shell_completion import CompletionItem

from ..agents import ROSTER
from ..games import list_games
from ..games.sheet import read_header


def complete_game(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """The bundled games whose name starts with what is typed (a path completes as a file
    when nothing matches)."""
    names = [CompletionItem(n) for n in list_games() if n.startswith(incomplete)]
    return names or [CompletionItem(incomplete, type="file")]


def complete_scenario(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """The scenarios of the game named earlier on the line."""
    games = list_games()
    name = ctx.params.get("game_name")
    if not isinstance(name, str):  # an option still waiting for its value stops click's
        # parse before the arguments: find the game among the words being completed
        words = os.environ.get("COMP_WORDS", "").split()
        name = next((w for w in words if w in games), None)
    if name not in games:
        return []
    try:
        header = read_header(name)
    except Exception:
        return []
    return [CompletionItem(s, help=d) for s, d in header.scenarios if s.startswith(incomplete)]


def complete_agents(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """Agent codes for the last of a comma-separated list (``human,mc`` → ``human,mcts``)."""
    done, _, last = incomplete.rpartition(",")
    head = done + "," if done else ""
    return [CompletionItem(head + code, help=ROSTER[code].description)
            for code in sorted(ROSTER) if code.startswith(last)]
