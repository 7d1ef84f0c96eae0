"""The ``stratagem`` command: the group, and the small commands (play games, list games
and agents, validate rules, serve the web page).

Every error a user can cause (an unknown game, a bad agent code, an illegal
action, a malformed replay) ends in one line on stderr and exit status 2,
never a traceback.
"""

from __future__ import annotations

import difflib
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any, ClassVar

import click
from rich.markup import escape

from ..agents import split_agent_codes
from ..arena.seeding import seed_is_set, seed_tells
from ..engine import StratagemError
from ..games import list_games, load, rules_path
from ..rules import RulesError, check_rules
from .arena_cmds import arena_cmd, report_cmd
from .complete import complete_agents, complete_game, complete_scenario
from .console import err, n, out
from .console import fail as _fail
from .file_cmds import move_cmd, new_cmd, replay_cmd, show_cmd, undo_cmd
from .files import default_seed
from .info_cmds import agents_cmd, games_cmd, rules_cmd
from .play import play_cmd
from .program_cmds import check_program_cmd, evaluate_program_cmd, render_program_cmd
from .stratega_cmds import import_stratega_cmd


class Commands(click.Group):
    """The command group, which names the command most likely meant for an unknown one."""

    SYNONYMS: ClassVar[dict[str, str]] = {
        "check": "validate", "lint": "validate", "run": "play", "start": "new",
        "load": "show", "tournament": "arena", "web": "serve"}

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            known = self.list_commands(ctx)
            guess = self.SYNONYMS.get(name.lower())
            close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            guess = guess if guess in known else (close[0] if close else None)
            if guess:
                ctx.fail(f"No such command '{name}': did you mean '{guess}'?")
        return super().resolve_command(ctx, args)


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="stratagem")
def cli() -> None:
    """Stratagem: turn-based tactics, wargames and tabletop games as data, with AI opponents."""


# The commands of each subject live in their own module; the group gathers them here.
for _command in (play_cmd, new_cmd, show_cmd, move_cmd, undo_cmd, replay_cmd, arena_cmd,
                 report_cmd, check_program_cmd, render_program_cmd, evaluate_program_cmd,
                 games_cmd, agents_cmd, rules_cmd, import_stratega_cmd):
    cli.add_command(_command)


def first_sentence(text: str | None) -> str:
    """A docstring's first sentence, whole, on one line (the top-level help lists each
    command by it; click would cut it at 45 characters)."""
    words = " ".join((text or "").split("\n\n")[0].split())
    end = next((i + 1 for i in range(len(words)) if words[i] == "."
                and (i + 1 == len(words) or words[i + 1] == " ")), len(words))
    return words[:end]


@cli.command("validate")
@click.argument("paths", nargs=-1, required=True,
                type=click.Path(path_type=Path), metavar="PATH...")
def validate_cmd(paths: tuple[Path, ...]) -> None:
    """Check rules files (or game folders) and report every problem with its place.

    A bundled game's name checks its rules file (`stratagem validate skirmish`). Designs
    that are legal but probably not meant (no end condition, a negative speed, a roll of
    zero dice) are listed as warnings; they do not fail the check.
    """
    failed = 0
    for path in paths:
        label = str(path)
        if not path.exists() and len(path.parts) == 1 and not path.suffix:  # a game's name?
            bundled = rules_path(label)
            if bundled is not None:
                path = bundled
            elif label in list_games():
                out.print(f"{label}: ok — a bundled game written in Python (no rules file)",
                          markup=False, emoji=False)
                continue
            else:
                failed += 1
                close = difflib.get_close_matches(label, list_games(), n=1)
                hint = f"; did you mean the bundled game '{close[0]}'?" if close else ""
                err.print(f"{label}: no such file or folder{hint}", markup=False, emoji=False)
                continue
        try:
            parts, warnings = check_rules(path)
        except RulesError as exc:
            failed += 1
            for problem in exc.problems:  # as written: no console markup, no emoji codes
                err.print(str(problem), markup=False, emoji=False)
            continue
        for problem in warnings:
            err.print(f"warning: {problem}", markup=False, emoji=False)
        game = parts.build()
        phases = ", ".join(p.name for p in game.phases)
        scenarios = [k for k in parts.placements if k]
        extra = f", scenarios: {', '.join(scenarios)}" if scenarios else ""
        out.print(f"{label}: ok — {game.name}: {n(len(game.entity_types), 'entity type')}, "
                  f"{n(len(game.action_types), 'action')}, phases: {phases}{extra}",
                  markup=False, emoji=False)
    if failed:
        sys.exit(1)


@cli.command("serve")
@click.argument("game_name", metavar="GAME", shell_complete=complete_game)
@click.option("--agents", "agents", shell_complete=complete_agents,
              default=None, metavar="A,B,...",
              help="One seat per player: `human` for a person at the page, else an agent "
                   "code (default: human, then casual for the others).")
@click.option("--seed", default=None, type=int,
              help="Seed of the first game's dice and deals (default: $STRATAGEM_SEED, else "
              "a new one).")
@click.option("--scenario", default=None, shell_complete=complete_scenario,
              help="A scenario of the game (`stratagem games` lists them).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (the default lets only this machine in).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="The port to listen on (0: any free one).")
@click.option("--store", default=None, metavar="FILE",
              help="The SQLite file the games are kept in, so a restart loses nothing "
                   "(default: stratagem/web-games.sqlite in your data folder; `:memory:` "
                   "keeps nothing).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
def serve_cmd(game_name: str, agents: str | None, seed: int | None, scenario: str | None,
              host: str,
              port: int, store: str | None, open_browser: bool) -> None:
    """Play GAME in the browser: a board you click, the legal moves, the game's narration.

    `stratagem serve broken_throne --agents human,tactical` then open the address it
    prints; its lobby starts other games. Several `human` seats share the page (hot
    seat). Ctrl-C stops the server; the games are kept for the next start.
    """
    from ..web.serve import serve  # noqa: PLC0415 - the web server loads only for `serve`
    game = load(game_name, scenario)
    codes = (split_agent_codes(agents) if agents
             else ["human"] + ["casual"] * (len(game.players) - 1))
    told = seed is not None or seed_is_set()
    seed = default_seed() if seed is None else seed
    # not said when the people at the page could read the dice to come in it
    secret = not told and seed_tells(game)
    seed_said = None if secret else seed
    serve(game_name, scenario, codes, seed, seed_said, host=host, port=port, store=store,
          open_browser=open_browser, say=out.print, warn=err.print, fail=_fail)


for _command in cli.commands.values():
    _command.short_help = first_sentence(_command.help)


def main(argv: list[str] | None = None) -> Any:
    """Entry point: run the CLI, turning every user error into one line."""
    try:
        return cli.main(args=argv, prog_name="stratagem", standalone_mode=False)
    except click.exceptions.Abort:
        err.print("aborted")
        sys.exit(130)
    except click.UsageError as exc:
        hint = ""
        if exc.ctx is not None:
            hint = f" (see '{exc.ctx.command_path} --help')"
        _fail(exc.format_message() + hint)
    except click.ClickException as exc:
        _fail(exc.format_message())
    except StratagemError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)
    except Exception as exc:  # a bug of ours: one line here, the traceback in a file
        if os.environ.get("STRATAGEM_DEBUG"):
            raise
        _crashed(exc)
    return None


def _crashed(exc: Exception) -> None:
    """Say in one line that Stratagem itself failed, keeping the traceback in a file for
    the report (``$STRATAGEM_DEBUG`` set: raised as it is instead)."""
    text = "".join(traceback.format_exception(exc))
    try:
        fd, name = tempfile.mkstemp(prefix="stratagem-crash-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(f"stratagem {' '.join(sys.argv[1:])}\n\n{text}")
        where = f"the details are in {name}"
    except OSError:
        where = "set STRATAGEM_DEBUG=1 to see the details"
    message = " ".join(str(exc).split())[:200]
    err.print(f"[bold red]internal error[/] (a bug in Stratagem, not in what you gave it): "
              f"{escape(type(exc).__name__)}{': ' + escape(message) if message else ''}; "
              f"{escape(where)}. Please report it with the command you ran.")
    sys.exit(70)


if __name__ == "__main__":
    main()
