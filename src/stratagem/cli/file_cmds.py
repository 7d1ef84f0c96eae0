"""The commands on saved games and replays: ``new``, ``show``, ``move``, ``undo``, ``replay``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from ..agents.human import describe_view, named, worded
from ..arena import Replay, replay_game
from ..arena.narration import as_told, result_line, rolls_text, tell, who
from ..engine import (
    CHANCE,
    Action,
    Game,
    RulesChangedError,
    State,
    StratagemError,
    rederive,
    seed_of,
)
from ..games import load
from ..web.board_svg import Mark, move_marks
from .board import board_grid, legend
from .complete import complete_game, complete_scenario
from .console import Narrator, err, fail, n, out, tell_opening
from .files import (
    FORCE_RULES_HINT,
    FileProblem,
    check_new_output,
    check_outputs,
    default_seed,
    open_game,
    read_state,
    read_text,
    save_state,
)
from .pictures import picture, step_writer, write_png, write_svg

RULES_HELP = ("The rules file (or folder) of the game, when it is not where the file "
               "records it (default: the recorded rules file, else the bundled game).")
FORCE_HELP = ("Open a file saved under rules that have changed since: its moves are "
               "replayed under the rules as they are now.")


def _show_state(state: State, limit: int = 30, viewer: int | None = None) -> None:
    """The saved state: where the game is, the board, the units with their parameters,
    every player's parameters and cards, and the options of the decision. With a
    ``viewer``, only what that player may see: in a game that hides things, others'
    hidden cards are counted, and the options of a decision not theirs are not listed."""
    game = state.game
    view = state if viewer is None else game.view(state, viewer)
    out.print(f"[bold]{game.name}[/] — {game.describe_flow(view)}")
    if game.board.width and game.board.height:  # drawn as the terminal table draws it
        out.print(board_grid(game, view))
        out.print(legend(game, view))
    for line in describe_view(game, view, board=False):
        out.print(line, markup=False, emoji=False)
    for line in card_texts(game, view):
        out.print(line, markup=False, emoji=False)
    if state.outcome is not None:
        out.print(result_line(game, state))
        return
    d = state.decision
    assert d is not None
    kind = {"action": "", "reaction": " (a reaction)", "chance": ""}.get(d.kind, f" ({d.kind})")
    if viewer is not None and d.player not in (viewer, CHANCE) and game.info.hidden:
        # Not even how many: a count of the options tells of the hand they come from.
        out.print(f"{who(game, d.player)} to decide{kind}")
        out.print(f"  (their options are {who(game, d.player)}'s to see)", markup=False)
        return
    out.print(f"{who(game, d.player)} to decide{kind}: {n(len(d.actions), 'option')}")
    if d.kind == "reaction":
        out.print(f"  {game.describe_reaction(state)}", markup=False)
    elif d.prompt and (d.kind != "action" or state.stack):
        # A choice asked in the middle of an effect has a question of its own ("hand
        # limit: discard"); an action decision's prompt only names the flow's step.
        out.print(f"  {d.prompt}", markup=False)
    for a in d.actions[:limit]:
        out.print(f"  {a}{worded(view, d.player, a) or named(view, a)}", markup=False)
    if len(d.actions) > limit:
        out.print(f"  … and {len(d.actions) - limit} more")


def card_texts(game: Game, view: State) -> list[str]:
    """What the cards in sight do: each type of card the view shows in a zone, once, with
    its rules text (the type's ``description``)."""
    lines: list[str] = []
    seen: set[str] = set()
    zones = [ids for player in view.players for ids in player.zones.values()]
    zones += list(view.cards.table.values())  # a market row on the table is in sight too
    for ids in zones:
        for i in ids:
            e = view.entities.get(i)
            spec = game.entity_types.get(e.type) if e is not None else None
            if spec is None or not spec.description or spec.name in seen:
                continue
            seen.add(spec.name)
            lines.append(f"    {spec.name}: {spec.description}")
    return ["  what the cards do:", *lines] if lines else []


AS_HELP = ("Print only what this player (a name or a number from 0) may see. In a game that "
           "hides things the player to decide is the default: `show FILE` shows everything.")


@click.command("new")
@click.argument("game_name", metavar="GAME", shell_complete=complete_game)
@click.option("--seed", default=None, type=int,
              help="Seed of the game's dice and deals (default: $STRATAGEM_SEED, else a new "
              "one).")
@click.option("--scenario", default=None, shell_complete=complete_scenario,
              help="A scenario of the game (`stratagem games` lists them).")
@click.option("--out", "out_file", required=True,
              type=click.Path(dir_okay=False, path_type=Path), help="Where to save the state.")
@click.option("--force", is_flag=True, help="Replace the --out file if it exists.")
@click.option("--as", "viewer", default=None, metavar="PLAYER", help=AS_HELP)
def new_cmd(game_name: str, seed: int | None, scenario: str | None, out_file: Path,
            force: bool, viewer: str | None) -> None:
    """Start GAME (a bundled name or a rules file) and save its first state to a file.

    With `show` and `move` this plays a game by hand, one move at a time. The file
    records the scenario and, for a game from a rules file, where that file is. An
    existing file (a game in progress, perhaps) is replaced only with --force. In a
    game that hides things it prints what the player to decide may see (or --as's).
    """
    game = load(game_name, scenario)
    seat = None if viewer is None else _player(game, viewer)
    check_new_output(out_file, force)
    state = game.new_state(default_seed() if seed is None else seed)
    save_state(out_file, state)
    _show_as(state, seat)


def _show_as(state: State, seat: int | None) -> None:
    """The state as ``seat`` sees it; in a game that hides things, with no seat, as the
    player to decide sees it (the one the file goes to), said in a line."""
    game = state.game
    d = state.decision
    if seat is None and game.info.hidden and d is not None and d.player >= 0:
        seat = d.player
        out.print(f"[dim]as {game.players[seat]} sees it, who decides next (`--as` another "
                  "player; `show FILE` shows everything)[/]")
    _show_state(state, viewer=seat)


@click.command("show")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--limit", default=30, show_default=True, type=click.IntRange(min=0),
              help="How many options to list.")
@click.option("--rules", "rules_file", type=click.Path(path_type=Path), default=None,
              help=RULES_HELP)
@click.option("--as", "viewer", default=None, metavar="PLAYER",
              help="Show only what this player (a name or a number from 0) may see: "
              "for passing the files between players of a game with hidden cards.")
@click.option("--force-rules", is_flag=True, help=FORCE_HELP)
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Also draw the board into this SVG file (as the web page "
              "draws it, for the player of --as).")
@click.option("--png", "png_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Also draw the board into this PNG file (needs the png "
              "extra: pip install 'stratagem[png]').")
def show_cmd(file: Path, limit: int, rules_file: Path | None, viewer: str | None,
             force_rules: bool, svg_file: Path | None, png_file: Path | None) -> None:
    """Show a saved state: the board, who decides, and the legal options.

    Without --as it shows everything, hidden cards included, as an umpire sees it.
    The file is checked first: its moves must replay, with the game's own dice, to
    exactly the position it holds (docs/saved-files.md says what that protects).
    """
    state = read_state(file, rules_file, force_rules)
    seat = None if viewer is None else _player(state.game, viewer)
    _show_state(state, limit, seat)
    if svg_file is not None or png_file is not None:
        game = state.game
        marks: list[Mark] = []
        if state.history:  # the last move: its squares (where it came from is not kept)
            rec = state.history[-1]
            marks = move_marks(game, state, rec.player, rec.action)
        svg = picture(game, state, seat, marks)
        if svg_file is not None:
            write_svg(svg_file, svg)
            out.print(f"drew the board into {svg_file}", markup=False)
        if png_file is not None:
            write_png(png_file, svg)
            out.print(f"drew the board into {png_file}", markup=False)
    if state.game.info.chance and seat is None:  # a player's view: the seed tells the dice
        out.print(f"[dim]dice seed {seed_of(state)} (the seed of `new --seed`: a file with "
                  "another is another game)[/]")


def _folder(root: Path, line: int, lines: int) -> Path:
    """Where a replay's pictures go: the folder itself, or one folder per line of a file
    of many replays (`line-3`)."""
    return root if lines == 1 else root / f"line-{line}"


def _both(steps: list[Callable[[Any, int, Action, str, Any], None]]
          ) -> Callable[[Any, int, Action, str, Any], None]:
    """One ``on_step`` that calls each of ``steps`` in turn."""
    def call(before: Any, player: int, action: Action, why: str, after: Any) -> None:
        for step in steps:
            step(before, player, action, why, after)
    return call


def _player(game: Game, text: str) -> int:
    """A player of ``game`` by name or number (a one-line error otherwise)."""
    if text in game.players:
        return game.players.index(text)
    if text.isdigit() and int(text) < len(game.players):
        return int(text)
    fail(f"{game.name} has no player '{text}' (players: "
          f"{', '.join(f'{i} {p}' for i, p in enumerate(game.players))})")
    raise AssertionError  # _fail exits


@click.command("move")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("action_text", metavar="ACTION")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to save the new state (default: overwrite FILE).")
@click.option("--rules", "rules_file", type=click.Path(path_type=Path), default=None,
              help=RULES_HELP)
@click.option("--force-rules", is_flag=True, help=FORCE_HELP)
def move_cmd(file: Path, action_text: str, out_file: Path | None,
             rules_file: Path | None, force_rules: bool) -> None:
    """Apply ACTION to a saved state and save the result.

    ACTION is the action's text form as `show` lists it, e.g. "place cell=(1,1)".
    The file is replaced only once the new state is complete. In a game that hides
    things, what is printed is what the player who moved may see (as `show --as`
    would), and no raw dice or draws: the next player may be reading the screen.
    """
    state = read_state(file, rules_file, force_rules)
    check_outputs(out_file or file)
    game = state.game
    action = game.parse_action(state, action_text)
    after = game.apply(state, action)
    save_state(out_file or file, after)
    player = state.decision.player if state.decision else 0
    hides = game.info.hidden
    step = as_told(tell(game, state, player, action, after), hides)
    rolls = f" ({rolls_text(step.rolls)})" if step.rolls else ""
    out.print(f"{step.who}: {step.line}{rolls}")
    for sentence in step.events:
        out.print(f"  · {sentence}")
    for turn in step.then:  # a turn it handed on: the dice rolled as it began are its own
        said = rolls_text(turn.rolls) if turn.rolls else turn.line
        if said:
            out.print(f"{turn.who or turn.where}: {said}")
        for sentence in turn.events:
            out.print(f"  · {sentence}")
    _show_state(after, viewer=player if hides and player >= 0 else None)


@click.command("undo")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--steps", default=1, show_default=True, type=click.IntRange(min=1),
              help="How many decisions to take back.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to save the earlier state (default: overwrite FILE).")
@click.option("--rules", "rules_file", type=click.Path(path_type=Path), default=None,
              help=RULES_HELP)
@click.option("--force-rules", is_flag=True, help=FORCE_HELP)
@click.option("--as", "viewer", default=None, metavar="PLAYER", help=AS_HELP)
def undo_cmd(file: Path, steps: int, out_file: Path | None, rules_file: Path | None,
             force_rules: bool, viewer: str | None) -> None:
    """Take back the last decision of a saved game (or the last --steps), and save it.

    The earlier position is replayed from the start of the game, so its dice are the
    ones the game gave; taking back a roll and making it again gives the same roll. In
    a game that hides things it prints what the player to decide may see (or --as's).
    """
    state = read_state(file, rules_file, force_rules)
    seat = None if viewer is None else _player(state.game, viewer)
    made = len(state.history)
    if made == 0:
        fail(f"{file}: nothing to undo: no decision has been made yet")
    if steps > made:
        fail(f"{file}: only {n(made, 'decision')} to undo, not {steps}")
    check_outputs(out_file or file)
    earlier = rederive(state, moves=made - steps)
    save_state(out_file or file, earlier)
    out.print(f"took back {n(steps, 'decision')}: "
              + "; ".join(str(r.action) for r in state.history[made - steps:]), markup=False)
    _show_as(earlier, seat)


@click.command("replay")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--show", is_flag=True, help="Narrate the game move by move.")
@click.option("--svg-dir", "svg_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Draw the board after every step into this folder "
              "(step-000.svg is the start), as the web page draws it.")
@click.option("--rules", "rules_file", type=click.Path(path_type=Path), default=None,
              help=RULES_HELP)
@click.option("--force-rules", is_flag=True, help=FORCE_HELP)
def replay_cmd(file: Path, show: bool, svg_dir: Path | None, rules_file: Path | None,
               force_rules: bool) -> None:
    """Check a replay FILE: re-run it and confirm the recorded outcome and state.

    A file of JSON lines (`arena --replays`) is checked line by line: every failing
    replay is one line with its line number, then a count; exit status 1 if any failed.
    """
    lines = [(i, ln) for i, ln in enumerate(read_text(file).splitlines(), 1) if ln.strip()]
    if not lines:
        fail(f"{file}: empty replay file")
    failed = 0
    for i, line in lines:
        try:
            rep = Replay.from_json(line)
            scenario = rep.meta.get("scenario")
            game = open_game(rep.game, scenario if isinstance(scenario, str) else None,
                             rep.meta.get("rules"), rules_file)
            narrator = Narrator(game) if show else None
            if narrator is not None:
                narrator.where = tell_opening(game, rep.seed)
            steps = [f for f in (narrator,
                                 step_writer(game, _folder(svg_dir, i, len(lines)))
                                 if svg_dir is not None else None) if f is not None]
            state = replay_game(game, rep, on_step=_both(steps) if steps else None,
                                force_rules=force_rules)
        except FileProblem as exc:
            problem = exc.message
        except RulesChangedError as exc:
            problem = f"{exc}{FORCE_RULES_HINT}"
        except StratagemError as exc:
            problem = str(exc)
        else:
            out.print(f"{file}:{i}: ok — {rep.game} seed {rep.seed}, {len(rep.records)} "
                      f"decisions, {result_line(game, state)}", markup=False)
            continue
        failed += 1
        err.print(f"[bold red]error:[/] {escape(f'{file}:{i}: {problem}')}")
    summary = (f"{len(lines)} replay{'s' * (len(lines) != 1)} checked, {failed} failed")
    if failed:
        err.print(summary)
        sys.exit(1)
    out.print(summary)
