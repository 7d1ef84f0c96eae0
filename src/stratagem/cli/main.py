"""The ``stratagem`` command: play games, list games and agents, check replays.

Every error a user can cause (an unknown game, a bad agent code, an illegal
action, a malformed replay) ends in one line on stderr and exit status 2,
never a traceback.
"""

from __future__ import annotations

import json
import math
import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.measure import Measurement
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..agents import ROSTER, make_agent, split_agent_codes
from ..agents.human import describe_view
from ..agents.program import (
    bundled_programs,
    card_gaps,
    check_program,
    load_program,
    parse_condition,
    program_game,
    render_html,
    render_markdown,
    sample_constants,
)
from ..agents.roster import BUDGET_ARGUMENTS, code_text
from ..arena import Replay, replay_game
from ..arena.narration import as_told, narrated, result_line, rolls_text, tell, who
from ..arena.program_eval import evaluate_program
from ..engine import Action, Game, RulesChangedError, State, StratagemError, rederive, seed_of
from ..games import list_games, load
from ..rules import RulesError, check_rules
from .files import (
    FORCE_RULES_HINT,
    FileProblem,
    check_new_output,
    check_outputs,
    open_game,
    read_state,
    read_text,
    save_state,
    write_atomic,
)

out = Console(highlight=False, soft_wrap=True, emoji=False)  # "bogus:1234:" is no emoji
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


class Seconds(click.FloatRange):
    """A number of seconds above 0: finite (click's ranges let nan and inf through)."""

    name = "seconds"

    def __init__(self) -> None:
        super().__init__(min=0, min_open=True)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number of seconds", param, ctx)
        return number


def n(count: int, word: str) -> str:
    """``count`` and ``word``, plural unless one: ``1 state``, ``3 states``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _fail(message: str) -> None:
    err.print(f"[bold red]error:[/] {escape(message)}")
    sys.exit(2)


class Narrator:
    """Prints a readable account of a game as it is played."""

    def __init__(self, game: Game, board: bool = False, secret: bool = False) -> None:
        self.game = game
        self.board = board
        self.secret = secret
        """A person plays a game that hides things: the raw dice and draws are not told
        (as on the web page), the sentences are."""
        self.where = ""
        self.width = max(len(p) for p in game.players)

    def __call__(self, before: State, player: int, action: Action, rationale: str,
                 after: State) -> None:
        g = self.game
        step = as_told(tell(g, before, player, action, after), self.secret)
        if step.where != self.where:
            out.print(f"[bold]{step.where}[/]")
            self.where = step.where
        rolls = f"  [dim]({rolls_text(step.rolls)})[/]" if step.rolls else ""
        out.print(f"  [cyan]{step.who.ljust(self.width)}[/] {step.line}{rolls}")
        pad = " " * (self.width + 3)
        for sentence in step.events:
            out.print(f"{pad}[dim]·[/] {sentence}")
        if self.board and g.board.width:
            for row in g.render(after).splitlines():
                out.print(f"{pad}{row}")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="stratagem")
def cli() -> None:
    """Stratagem: turn-based tactics, wargames and tabletop games as data, with AI opponents."""


@cli.command("games")
def games_cmd() -> None:
    """List the bundled games."""
    for name in list_games():
        g = load(name)
        scenarios = f"; scenarios: {', '.join(g.scenarios)}" if g.scenarios else ""
        out.print(f"[bold]{name}[/]  {escape(g.description)}  "
                  f"[dim]({len(g.players)} players: {', '.join(g.players)}{scenarios})[/]")


@cli.command("agents")
def agents_cmd() -> None:
    """List the agents by roster code, with the arguments a code can set."""
    for code in sorted(ROSTER):
        spec = ROSTER[code]
        out.print(f"[bold]{code}[/]  {escape(spec.description)}")
        own = [f"{k}={code_text(v)}"
               for k, v in spec.arguments.items()
               if k not in BUDGET_ARGUMENTS and k != spec.positional]
        if own:
            out.print(f"    [dim]arguments: {escape(', '.join(own))}[/]")
    out.print(f"\nEvery agent also takes a budget: {', '.join(BUDGET_ARGUMENTS)} "
              "(`mcts:iterations=2000,c=1.4`, `tactical:seconds=0.5`).", markup=False)


@cli.command("validate")
@click.argument("paths", nargs=-1, required=True,
                type=click.Path(path_type=Path), metavar="PATH...")
def validate_cmd(paths: tuple[Path, ...]) -> None:
    """Check rules files (or game folders) and report every problem with its place.

    Designs that are legal but probably not meant (no end condition, a negative speed,
    a roll of zero dice) are listed as warnings; they do not fail the check.
    """
    failed = 0
    for path in paths:
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
        out.print(f"{path}: ok — {game.name}: {n(len(game.entity_types), 'entity type')}, "
                  f"{n(len(game.action_types), 'action')}, phases: {phases}{extra}",
                  markup=False, emoji=False)
    if failed:
        sys.exit(1)


_RULES_HELP = ("The rules file (or folder) of the game, when it is not where the file "
               "records it (default: the recorded rules file, else the bundled game).")
_FORCE_HELP = ("Open a file saved under rules that have changed since: its moves are "
               "replayed under the rules as they are now.")


def _show_state(state: State, limit: int = 30, viewer: int | None = None) -> None:
    """The saved state: where the game is, the board, the units with their parameters,
    every player's parameters and cards, and the options of the decision. With a
    ``viewer``, only what that player may see: in a game that hides things, others'
    hidden cards are counted, and the options of a decision not theirs are not listed."""
    game = state.game
    view = state if viewer is None else game.view(state, viewer)
    out.print(f"[bold]{game.name}[/] — {game.describe_flow(view)}")
    for line in describe_view(game, view):
        out.print(line, markup=False, emoji=False)
    if state.outcome is not None:
        out.print(result_line(game, state))
        return
    d = state.decision
    assert d is not None
    kind = {"action": "", "reaction": " (a reaction)", "chance": ""}.get(d.kind, f" ({d.kind})")
    out.print(f"{who(game, d.player)} to decide{kind}: {n(len(d.actions), 'option')}")
    if viewer is not None and d.player != viewer and game.info.hidden:
        out.print(f"  (not listed: they are {who(game, d.player)}'s to see)", markup=False)
        return
    if d.kind == "reaction":
        out.print(f"  {game.describe_reaction(state)}", markup=False)
    for a in d.actions[:limit]:
        out.print(f"  {a}", markup=False)
    if len(d.actions) > limit:
        out.print(f"  … and {len(d.actions) - limit} more")


@cli.command("new")
@click.argument("game_name", metavar="GAME")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the game's dice.")
@click.option("--scenario", default=None,
              help="A scenario of the game (`stratagem games` lists them).")
@click.option("--out", "out_file", required=True,
              type=click.Path(dir_okay=False, path_type=Path), help="Where to save the state.")
@click.option("--force", is_flag=True, help="Replace the --out file if it exists.")
def new_cmd(game_name: str, seed: int, scenario: str | None, out_file: Path,
            force: bool) -> None:
    """Start GAME (a bundled name or a rules file) and save its first state to a file.

    With `show` and `move` this plays a game by hand, one move at a time. The file
    records the scenario and, for a game from a rules file, where that file is. An
    existing file (a game in progress, perhaps) is replaced only with --force.
    """
    game = load(game_name, scenario)
    check_new_output(out_file, force)
    state = game.new_state(seed)
    save_state(out_file, state)
    _show_state(state)


@cli.command("show")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--limit", default=30, show_default=True, type=click.IntRange(min=0),
              help="How many options to list.")
@click.option("--rules", "rules_file", type=click.Path(path_type=Path), default=None,
              help=_RULES_HELP)
@click.option("--as", "viewer", default=None, metavar="PLAYER",
              help="Show only what this player (a name or a number from 0) may see: "
              "for passing the files between players of a game with hidden cards.")
@click.option("--force-rules", is_flag=True, help=_FORCE_HELP)
def show_cmd(file: Path, limit: int, rules_file: Path | None, viewer: str | None,
             force_rules: bool) -> None:
    """Show a saved state: the board, who decides, and the legal options.

    Without --as it shows everything, hidden cards included, as an umpire sees it.
    The file is checked first: its moves must replay, with the game's own dice, to
    exactly the position it holds (docs/saved-files.md says what that protects).
    """
    state = read_state(file, rules_file, force_rules)
    _show_state(state, limit, None if viewer is None else _player(state.game, viewer))
    if state.game.info.chance:
        out.print(f"[dim]dice seed {seed_of(state)} (the seed of `new --seed`: a file with "
                  "another is another game)[/]")


def _player(game: Game, text: str) -> int:
    """A player of ``game`` by name or number (a one-line error otherwise)."""
    if text in game.players:
        return game.players.index(text)
    if text.isdigit() and int(text) < len(game.players):
        return int(text)
    _fail(f"{game.name} has no player '{text}' (players: "
          f"{', '.join(f'{i} {p}' for i, p in enumerate(game.players))})")
    raise AssertionError  # _fail exits


@cli.command("move")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("action_text", metavar="ACTION")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to save the new state (default: overwrite FILE).")
@click.option("--rules", "rules_file", type=click.Path(path_type=Path), default=None,
              help=_RULES_HELP)
@click.option("--force-rules", is_flag=True, help=_FORCE_HELP)
def move_cmd(file: Path, action_text: str, out_file: Path | None,
             rules_file: Path | None, force_rules: bool) -> None:
    """Apply ACTION to a saved state and save the result.

    ACTION is the action's text form as `show` lists it, e.g. "place cell=(1,1)".
    The file is replaced only once the new state is complete.
    """
    state = read_state(file, rules_file, force_rules)
    check_outputs(out_file or file)
    game = state.game
    action = game.parse_action(state, action_text)
    after = game.apply(state, action)
    save_state(out_file or file, after)
    rec = after.history[-1]
    player = state.decision.player if state.decision else 0
    rolls = f" ({rolls_text(rec.rolls)})" if rec.rolls else ""
    out.print(f"{who(game, player)}: {game.describe_action(state, player, action)}{rolls}")
    for ev, fields in rec.events:
        out.print(f"  · {narrated(game, state, after, ev, fields)}")
    _show_state(after)


@cli.command("undo")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--steps", default=1, show_default=True, type=click.IntRange(min=1),
              help="How many decisions to take back.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to save the earlier state (default: overwrite FILE).")
@click.option("--rules", "rules_file", type=click.Path(path_type=Path), default=None,
              help=_RULES_HELP)
@click.option("--force-rules", is_flag=True, help=_FORCE_HELP)
def undo_cmd(file: Path, steps: int, out_file: Path | None, rules_file: Path | None,
             force_rules: bool) -> None:
    """Take back the last decision of a saved game (or the last --steps), and save it.

    The earlier position is replayed from the start of the game, so its dice are the
    ones the game gave; taking back a roll and making it again gives the same roll.
    """
    state = read_state(file, rules_file, force_rules)
    made = len(state.history)
    if made == 0:
        _fail(f"{file}: nothing to undo: no decision has been made yet")
    if steps > made:
        _fail(f"{file}: only {n(made, 'decision')} to undo, not {steps}")
    check_outputs(out_file or file)
    earlier = rederive(state, moves=made - steps)
    save_state(out_file or file, earlier)
    out.print(f"took back {n(steps, 'decision')}: "
              + "; ".join(str(r.action) for r in state.history[made - steps:]), markup=False)
    _show_state(earlier)


@cli.command("replay")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--show", is_flag=True, help="Narrate the game move by move.")
@click.option("--rules", "rules_file", type=click.Path(path_type=Path), default=None,
              help=_RULES_HELP)
@click.option("--force-rules", is_flag=True, help=_FORCE_HELP)
def replay_cmd(file: Path, show: bool, rules_file: Path | None, force_rules: bool) -> None:
    """Check a replay FILE: re-run it and confirm the recorded outcome and state.

    A file of JSON lines (`arena --replays`) is checked line by line: every failing
    replay is one line with its line number, then a count; exit status 1 if any failed.
    """
    lines = [(i, ln) for i, ln in enumerate(read_text(file).splitlines(), 1) if ln.strip()]
    if not lines:
        _fail(f"{file}: empty replay file")
    failed = 0
    for i, line in lines:
        try:
            rep = Replay.from_json(line)
            scenario = rep.meta.get("scenario")
            game = open_game(rep.game, scenario if isinstance(scenario, str) else None,
                             rep.meta.get("rules"), rules_file)
            state = replay_game(game, rep, on_step=Narrator(game) if show else None,
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


@cli.command("arena")
@click.argument("game_name", metavar="GAME")
@click.option("--agents", "agents", required=True, metavar="A,B,...",
              help="The entrants' agent codes, comma-separated (see `stratagem agents`).")
@click.option("--games", default=20, show_default=True, type=click.IntRange(min=1),
              help="Games per line-up (per pairing in a two-player game).")
@click.option("--scenario", default=None,
              help="A scenario of the game (`stratagem games` lists them).")
@click.option("--mode", type=click.Choice(["round-robin", "gauntlet"]), default="round-robin",
              show_default=True, help="Everyone against everyone, or the first agent against "
              "each of the others.")
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the whole tournament: each game's seed derives from it.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1),
              help="Games played at once (worker processes, or Ray CPUs).")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True, help="Play on local worker processes or on a Ray cluster.")
@click.option("--address", default=None, help="The Ray cluster to join (default: start a "
              "local Ray instance).")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The SQLite results file (default: arena-GAME-KEY.sqlite here).")
@click.option("--resume", is_flag=True, help="Continue a tournament its results file holds "
              "part of: finished games are kept, the rest are played. With a larger --games "
              "and that file's --db, extend it to the larger tournament.")
@click.option("--seconds", type=Seconds(), default=None,
              help="Time limit per decision: agents' budgets are capped at it and slower "
              "decisions are counted as warnings.")
@click.option("--forfeit", type=Seconds(), default=None,
              help="A decision slower than this many seconds loses the game.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the results as JSON.")
@click.option("--csv", "csv_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the results as CSV.")
@click.option("--replays", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every finished game's replay here (JSON lines; check them with "
              "`stratagem replay`).")
@click.option("--sample", default=1, show_default=True, type=click.IntRange(min=1),
              help="With --replays: keep every Nth game's replay.")
@click.option("--report", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the balance report (one self-contained HTML page).")
@click.option("--opening", default=0, show_default=True, type=click.IntRange(min=0),
              help="Play the first N decisions of each deal at random (seeded by the deal, "
              "the same from every seat): distinct games where neither dice nor agents vary.")
@click.option("--wide", is_flag=True, help="Print tables whole however narrow the terminal "
              "(they always are when the output is not a terminal).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def arena_cmd(game_name: str, agents: str, games: int, scenario: str | None, mode: str,
              seed: int, workers: int, backend: str, address: str | None, db: Path | None,
              resume: bool, seconds: float | None, forfeit: float | None,
              json_out: Path | None, csv_out: Path | None, replays: Path | None, sample: int,
              report: Path | None, opening: int, wide: bool, quiet: bool) -> None:
    """Run a tournament on GAME: every line-up of agents, every seat order, fixed seeds.

    Finished games are committed to a SQLite file one by one; a tournament stopped at any
    point continues with --resume, losing no finished game and playing none twice.
    Example: `stratagem arena connect_four --agents mcts,osla,random --games 40 --workers 2`.
    """
    # The tournament machinery (process pools, the SQLite store, ratings) loads only for
    # `arena`, so that `play` and the other commands start quickly.
    from ..arena.report import render_report  # noqa: PLC0415 - tournament machinery
    from ..arena.runner import run_tournament  # noqa: PLC0415 - tournament machinery
    from ..arena.stats import summarize  # noqa: PLC0415 - tournament machinery
    from ..arena.tournament import GameRow, Tournament  # noqa: PLC0415 - tournament machinery

    codes = tuple(split_agent_codes(agents))
    tournament = Tournament(game_name, codes, games, scenario, mode, seed, seconds, forfeit,
                            opening=opening)
    game = load(game_name, scenario)
    path = db or Path(f"arena-{Path(game.name).stem}-{tournament.key}.sqlite")
    check_outputs(path, json_out, csv_out, replays, report)
    bar = None if quiet else _ArenaProgress()

    try:
        if bar is not None:
            with bar:
                rows = run_tournament(tournament, path, workers=workers, backend=backend,
                                      resume=resume, address=address, progress=bar.update)
        else:
            rows = run_tournament(tournament, path, workers=workers, backend=backend,
                                  resume=resume, address=address)
    except KeyboardInterrupt:
        if _has_games(path):
            err.print(f"interrupted: finished games are in {path}; run the same command "
                      "with --resume to play the rest", markup=False)
        else:
            err.print("interrupted before any game finished: no results were kept",
                      markup=False)
        sys.exit(130)
    total = bar.total if bar is not None else len(rows)
    summary = summarize(tournament, game.players, rows, max(total, len(rows)))
    _print_summary(summary, wide)
    _print_distinct(tournament, game.players, rows)
    out.print(f"[dim]results in {path}[/]")
    if json_out is not None:
        write_atomic(json_out, json.dumps(summary.as_dict(), indent=2) + "\n")
    if csv_out is not None:
        write_atomic(csv_out, summary.to_csv())
    if replays is not None:
        kept: list[GameRow] = [r for r in rows if r.index % sample == 0]
        write_atomic(replays, "".join(r.replay + "\n" for r in kept))
    if report is not None:
        write_atomic(report, render_report(summary, rows))
    for kind, target in (("JSON", json_out), ("CSV", csv_out), ("replays", replays),
                         ("balance report", report)):
        if target is not None:
            out.print(f"[dim]{kind} written to {target}[/]")


@cli.command("report")
@click.argument("db", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--compare", "before", type=click.Path(dir_okay=False, path_type=Path),
              help="The results file of the same tournament on the rules before a change: "
              "say whether the change moved the balance, with a test.")
@click.option("--html", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the balance report (one self-contained HTML page).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the balance figures (and the comparison) as JSON.")
@click.option("--wide", is_flag=True, help="Print tables whole however narrow the terminal.")
def report_cmd(db: Path, before: Path | None, html: Path | None, json_out: Path | None,
               wide: bool) -> None:
    """The balance report of a tournament's results file DB (`stratagem arena --db`).

    Counts distinct games, splits by agent and side, makes a claim only when its interval
    supports it and names the test. With --compare OLD.sqlite, compares against the same
    tournament on an earlier version of the rules.
    Example: `stratagem report new.sqlite --compare old.sqlite --html balance.html`.
    """
    from ..arena.balance import (  # noqa: PLC0415 - tournament machinery
        analyse,
        balance_lines,
        balance_to_dict,
    )
    from ..arena.compare import compare  # noqa: PLC0415 - tournament machinery
    from ..arena.stats import summarize  # noqa: PLC0415 - tournament machinery
    from ..arena.store import read_results  # noqa: PLC0415 - tournament machinery
    from ..arena.tournament import load_game  # noqa: PLC0415 - tournament machinery

    check_outputs(None, html, json_out)
    tournament, rows = read_results(db)
    game = load_game(tournament)
    summary = summarize(tournament, game.players, rows, len(rows))
    _print_summary(summary, wide)
    balance = analyse(tournament, game.players, rows)
    for line in balance_lines(balance):
        out.print(line, markup=False)
    doc: dict[str, Any] = {"balance": balance_to_dict(balance)}
    if before is not None:
        old_t, old_rows = read_results(before)
        old_game = load_game(old_t)
        comparison = compare(analyse(old_t, old_game.players, old_rows), balance)
        out.print(f"[bold]compared with {before}[/]")
        for line in comparison.lines():
            out.print(f"  {line}", markup=False)
        doc["comparison"] = comparison.lines()
    if html is not None:
        from ..arena.report import render_report  # noqa: PLC0415 - tournament machinery
        write_atomic(html, render_report(summary, rows))
        out.print(f"[dim]balance report written to {html}[/]")
    if json_out is not None:
        write_atomic(json_out, json.dumps(doc, indent=2) + "\n")
        out.print(f"[dim]JSON written to {json_out}[/]")


def _has_games(path: Path) -> bool:
    """Whether a results file exists and holds at least one finished game."""
    if not path.is_file():
        return False
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            return bool(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return False


class _ArenaProgress:
    """A progress bar for tournaments: games done of the total, games per second, time left."""

    def __init__(self) -> None:
        self.progress = Progress(
            TextColumn("games"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), console=err,
            transient=True)
        self.task: Any = None
        self.total = 0
        self.start = 0
        self.clock = 0.0

    def __enter__(self) -> _ArenaProgress:
        return self  # the bar appears with the first update, once the tournament is checked

    def __exit__(self, *exc: object) -> None:
        if self.task is not None:
            self.progress.stop()

    def update(self, row: object, done: int, total: int) -> None:
        if self.task is None:
            self.total, self.start, self.clock = total, done, time.perf_counter()
            self.progress.start()
            self.task = self.progress.add_task("arena", total=total, completed=done, rate="")
            return
        elapsed = time.perf_counter() - self.clock
        rate = (done - self.start) / elapsed if elapsed > 0 else 0.0
        self.progress.update(self.task, completed=done, rate=f"{rate:.2f} games/s")


def _print_table(table: Any, wide: bool) -> None:
    """A table whole: at its natural width when asked (``--wide``) or when the output is not
    a terminal (a file, a pipe); on a narrow terminal its cells wrap, never cut."""
    natural = Measurement.get(out, out.options.update(max_width=10_000), table).maximum
    if (wide or not out.is_terminal) and natural > out.width:
        saved = out.width
        out.width = natural  # rich caps print(width=) at the console's width
        try:
            out.print(table, crop=False)
        finally:
            out.width = saved
    else:
        out.print(table)


def _print_distinct(tournament: Any, players: tuple[str, ...], rows: list[Any]) -> None:
    """One line on repeated games, and the balance claims the results support."""
    from ..arena.balance import analyse  # noqa: PLC0415 - tournament machinery
    b = analyse(tournament, players, rows)
    for line in [*b.warnings, *b.claims]:
        out.print(line, markup=False, highlight=False)


def _print_summary(summary: Any, wide: bool = False) -> None:
    t = summary.tournament
    table = Table(title=f"{t.game}{' — ' + t.scenario if t.scenario else ''}: "
                  f"{summary.played} games", title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    table.add_column("agent", overflow="fold")
    for col in ("games", "W", "D", "L", "win%", "95% CI", "rating", "moves", "ms"):
        table.add_column(col, justify="right", overflow="fold")
    for a in summary.agents:
        low, high = a.interval
        table.add_row(a.agent, str(a.games), str(a.wins), str(a.draws), str(a.losses),
                      f"{100 * a.win_rate:.1f}", f"{100 * low:.0f}–{100 * high:.0f}",
                      f"{a.rating:.1f}", f"{a.mean_length:.1f}", f"{a.ms_per_decision:.1f}")
    _print_table(table, wide)
    seats = Table(title="by seat", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("agent", "seat", "games", "W", "D", "L", "win%"):
        seats.add_column(col, justify="left" if col in ("agent", "seat") else "right",
                         overflow="fold")
    for s in summary.seats:
        seats.add_row(s.agent, s.seat, str(s.games), str(s.wins), str(s.draws), str(s.losses),
                      f"{100 * s.win_rate:.1f}")
    _print_table(seats, wide)
    warned = [a for a in summary.agents if a.slow or a.forfeits]
    for a in warned:
        out.print(f"[yellow]{a.agent}: {n(a.slow, 'decision')} over the time limit, "
                  f"{n(a.forfeits, 'game')} forfeited[/]")


def _program(file: Path, game_name: str | None) -> tuple[Any, Game]:
    """A program file and the game it is checked against (its header's, by default)."""
    if not file.exists() and game_name is not None and str(file) in bundled_programs(game_name):
        file = bundled_programs(game_name)[str(file)]
    if not file.exists():
        _fail(f"no program file at {file}")
    game = load(game_name or program_game(file))
    return load_program(file, game), game


@cli.command("check-program")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--game", "game_name", default=None,
              help="The game to check against (default: the one the program names).")
@click.option("--sample", default=0, show_default=True, type=click.IntRange(min=0),
              help="Also play this many games against random moves and list the "
                   "conditions that never changed value (hints, not problems).")
def check_program_cmd(file: Path, game_name: str | None, sample: int) -> None:
    """Check a program FILE: unknown names, unreachable states, states with no way out,
    rules that can never match, constant conditions and shadowed triggers, each with
    file:line:column."""
    program, game = _program(file, game_name)
    problems = check_program(program, game)
    for p in problems:
        out.print(str(p), markup=False)
    for p in card_gaps(program):
        out.print(f"card: {p}", markup=False)
    for p in sample_constants(program, game, games=sample) if sample else []:
        out.print(f"hint: {p}", markup=False)
    if problems:
        err.print(f"{file}: {len(problems)} problem{'s' * (len(problems) != 1)}")
        sys.exit(1)
    rules = sum(len(st.all_rules()) for st in program.states.values())
    out.print(f"{file}: ok — {program.name}, {n(len(program.states), 'state')}, "
              f"{n(rules, 'rule')}")


@cli.command("render-program")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--game", "game_name", default=None,
              help="The game the program plays (default: the one it names).")
@click.option("--format", "fmt", type=click.Choice(["md", "html"]), default="md",
              show_default=True, help="Markdown, or one self-contained printable HTML page.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the card to this file (default: print it).")
def render_program_cmd(file: Path, game_name: str | None, fmt: str,
                       out_file: Path | None) -> None:
    """Print a program FILE as the card a player follows at the table."""
    program, _ = _program(file, game_name)
    check_outputs(out_file)
    text = render_html(program) if fmt == "html" else render_markdown(program)
    if out_file is None:
        out.print(text, markup=False, end="")
    else:
        write_atomic(out_file, text)
        out.print(f"[dim]card written to {out_file}[/]")


@cli.command("evaluate-program")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--game", "game_name", default=None,
              help="The game the program plays (default: the one it names).")
@click.option("--scenario", default=None,
              help="A scenario of the game (`stratagem games` lists them).")
@click.option("--games", default=20, show_default=True, type=click.IntRange(min=1),
              help="Games against each baseline.")
@click.option("--against", default="random,osla", show_default=True, metavar="A,B,...",
              help="Baseline agents, comma-separated.")
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the games' schedule (each game's own seed follows from it).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the figures as JSON.")
@click.option("--sample-every", default=5, show_default=True, type=click.IntRange(min=0),
              help="Value every Nth decision of the program for regret (0: none, faster).")
@click.option("--measure", "measure_specs", multiple=True, metavar="NAME=ACTION:EXPR",
              help="Count how often EXPR holds after each ACTION the program takes, e.g. "
                   "'no dice=roll_dice:player.hand_common + player.hand_uncommon + "
                   "player.hand_rare == 0' (repeatable).")
@click.option("--blunders", "blunder_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Save the positions of the worst blunders in this folder, "
                                 "to open with `stratagem show`.")
def evaluate_program_cmd(file: Path, game_name: str | None, scenario: str | None, games: int,
                         against: str, seed: int, json_out: Path | None, sample_every: int,
                         measure_specs: tuple[str, ...], blunder_dir: Path | None) -> None:
    """Measure a program FILE: win rate against baselines (95% intervals), coverage of its
    states and rules, fallbacks, and the regret of its choices against a reference."""
    program, base = _program(file, game_name)
    game = load(base.name if game_name is None else game_name, scenario)
    baselines = tuple(split_agent_codes(against))
    for code in baselines:
        make_agent(code, game)
    measures = []
    for spec in measure_specs:
        name, eq, rest = spec.partition("=")
        action, colon, expr = rest.partition(":")
        if not (eq and colon and name.strip() and expr.strip()):
            _fail(f"--measure '{spec}': write NAME=ACTION:EXPR")
        if action.strip() not in game.action_types:
            _fail(f"--measure '{spec}': {game.name} has no action '{action.strip()}'")
        measures.append((name.strip(), action.strip(),
                         parse_condition(expr.strip(), game, "--measure")))
    check_outputs(json_out)
    with Progress(console=err, transient=True) as bar:
        task = bar.add_task("games", total=games * len(baselines))
        ev = evaluate_program(program, game, baselines=baselines, games=games, seed=seed,
                              progress=lambda *_: bar.advance(task),
                              sample_every=sample_every, measures=tuple(measures))
    out.print(f"[bold]{program.name}[/] on {game.name}: {ev.decisions} decisions")
    for v in ev.versus:
        low, high = v.interval
        out.print(f"  against {v.baseline}: {v.wins} wins, {v.draws} draws, {v.losses} losses "
                  f"of {v.games} — win rate {100 * v.wins / v.games:.0f}% "
                  f"(95% interval {100 * low:.0f}–{100 * high:.0f}%)")
    share = 100 * ev.fallbacks / ev.decisions if ev.decisions else 0.0
    out.print(f"  fallback acted {ev.fallbacks} times ({share:.1f}% of decisions)")
    for name in program.states:
        out.print(f"  state {name}: {ev.states[name]} decisions")
        for r in program.states[name].all_rules():
            n = ev.rules[name, r.label]
            out.print(f"    rule {r.label}: {n}" + ("  [yellow](never used)[/]" if not n
                                                     else ""))
    for t, n in ev.triggers.most_common():
        out.print(f"  trigger {t}: fired {n} times")
    if ev.never_used:
        out.print(f"  never acted: {', '.join(ev.never_used)}", markup=False)
    for m in ev.measures:
        out.print(f"  measure {m.name}: {m.held} of {m.times} {m.action} "
                  f"({100 * m.share:.1f}%)", markup=False)
    if sample_every:
        out.print(f"  plausibility: {ev.sampled} decisions sampled, mean regret "
                  f"{ev.mean_regret:.4f}, blunders {100 * ev.blunder_rate:.1f}% "
                  "(valued by the one-step lookahead over exact outcomes)")
    for i, b in enumerate(ev.worst, 1):
        where = ""
        if blunder_dir is not None:
            blunder_dir.mkdir(parents=True, exist_ok=True)
            path = blunder_dir / f"blunder-{i}.json"
            write_atomic(path, b.state)
            where = f" — saved as {path}"
        out.print(f"  blunder {i}: regret {b.regret:.3f} in game {b.game}, state "
                  f"{b.program_state}, rule {b.rule}: chose '{b.chosen}', best '{b.best}'"
                  f"{where}", markup=False)
    if json_out is not None:
        write_atomic(json_out, json.dumps(ev.as_dict(), indent=2) + "\n")


@cli.command("serve")
@click.argument("game_name", metavar="GAME")
@click.option("--agents", "agents", default=None, metavar="A,B,...",
              help="One seat per player: `human` for a person at the page, else an agent "
                   "code (default: human, then casual for the others).")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the game's dice.")
@click.option("--scenario", default=None,
              help="A scenario of the game (`stratagem games` lists them).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (the default lets only this machine in).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="The port to listen on (0: any free one).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
def serve_cmd(game_name: str, agents: str | None, seed: int, scenario: str | None, host: str,
              port: int, open_browser: bool) -> None:
    """Play GAME in the browser: a board you click, the legal moves, the game's narration.

    `stratagem serve broken_throne --agents human,tactical` then open the address it
    prints. Several `human` seats share the page (hot seat). Ctrl-C stops the server.
    """
    from ..web import GameServer, Session  # noqa: PLC0415 - the web server loads only for `serve`
    game = load(game_name, scenario)
    codes = (split_agent_codes(agents) if agents
             else ["human"] + ["casual"] * (len(game.players) - 1))
    session = Session(game, codes, seed)
    try:
        server = GameServer(session, host, port)
    except OSError as exc:
        _fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}"
              + (" (choose another with --port)" if port else ""))
    seats = ", ".join(f"{p}: {c}" for p, c in zip(game.players, codes, strict=True))
    out.print(f"[bold]{game.name}[/] — seed {seed} — {seats}")
    out.print(f"Open {server.url} in a browser; Ctrl-C stops the server.")
    if open_browser:
        import webbrowser  # noqa: PLC0415 - a browser's machinery only when --open asks for it
        webbrowser.open(server.url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        out.print("stopped")
    finally:
        server.server_close()


from . import play as _play  # noqa: E402, F401  (registers `play` on the group)


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
    return None


if __name__ == "__main__":  # `python -m stratagem.cli.main`: run the module proper, on whose
    from stratagem.cli.main import main as _main  # group `play` registers itself

    _main()
