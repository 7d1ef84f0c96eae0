"""The tournament commands: ``arena`` runs one, ``report`` reads its results file again."""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.measure import Measurement
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..agents import split_agent_codes
from ..games import list_games, load
from .complete import complete_agents, complete_game, complete_scenario
from .console import Seconds, err, n, out
from .files import (
    check_outputs,
    write_atomic,
)


@click.command("arena")
@click.argument("game_name", metavar="GAME", shell_complete=complete_game)
@click.option("--agents", "agents", shell_complete=complete_agents,
              required=True, metavar="A,B,...",
              help="The entrants' agent codes, comma-separated (see `stratagem agents`).")
@click.option("--games", default=20, show_default=True, type=click.IntRange(min=1),
              help="Games per line-up (per pairing in a two-player game).")
@click.option("--scenario", "scenarios", multiple=True, shell_complete=complete_scenario,
              metavar="NAME[,NAME...]",
              help="A scenario of the game (`stratagem games` lists them). Give several "
              "(repeated or comma-separated) to play the same tournament in each and "
              "compare the sides' results scenario by scenario: a sweep over settings.")
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
@click.option("--seat-orders", "seat_orders", type=click.Choice(["auto", "every", "one"]),
              default="auto", show_default=True,
              help="Play each deal in every seat order, or once (the orders taking turns "
              "from deal to deal); auto: once for a line-up of one agent in every seat, "
              "whose other orders would replay the deal alike.")
@click.option("--measure", "measures", multiple=True, metavar="NAME=ACTION:TEST|NAME=EXPR",
              help="Count a measure of your own in every game: how often TEST holds after "
              "each ACTION a player takes, or the value of EXPR for each player at the end "
              "(in pig: 'busts=throw:player.turn_total == 0', 'moves=player.moves'; "
              "repeatable).")
@click.option("--omit", "omit", multiple=True, metavar="units,actions",
              help="Leave out of the balance report (--report) the unit types' figures "
              "(use, losses, kills) or the actions' (use), where they mean nothing for the "
              "game (comma-separated or repeated).")
@click.option("--wide", is_flag=True, help="Print tables whole however narrow the terminal "
              "(they always are when the output is not a terminal).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def arena_cmd(game_name: str, agents: str, games: int, scenarios: tuple[str, ...], mode: str,
              seed: int, workers: int, backend: str, address: str | None, db: Path | None,
              resume: bool, seconds: float | None, forfeit: float | None,
              json_out: Path | None, csv_out: Path | None, replays: Path | None, sample: int,
              report: Path | None, opening: int, seat_orders: str, measures: tuple[str, ...],
              omit: tuple[str, ...], wide: bool, quiet: bool) -> None:
    """Run a tournament on GAME: every line-up of agents, every seat order, fixed seeds.

    A line-up of one agent in every seat plays one game per deal (see --seat-orders); with
    three agents or more, a head-to-head table gives each two against each other.

    Finished games are committed to a SQLite file one by one; a tournament stopped at any
    point continues with --resume, losing no finished game and playing none twice.
    Example: `stratagem arena connect_four --agents mcts,osla,random --games 40 --workers 2`.

    With several --scenario, the tournament is played in each (each with its own results
    file, and --json, --csv, --replays and --report named after the scenario:
    `out.json` becomes `out-NAME.json`), then a table sets the sides' win rates, the
    draws and the games' lengths side by side, scenario by scenario.
    """
    codes = tuple(split_agent_codes(agents))
    names = [s.strip() for given in scenarios for s in given.split(",") if s.strip()]
    if len(set(names)) != len(names):
        raise click.BadParameter("a scenario is named twice", param_hint="'--scenario'")
    if len(names) > 1 and db is not None:
        raise click.BadParameter("each scenario keeps its own results file: leave --db out "
                                 "when giving several", param_hint="'--db'")
    games_of = [load(game_name, s) for s in names] if names else [load(game_name, None)]
    if game_name not in list_games() and Path(game_name).exists():
        # A rules file by its resolved path, as replays keep it: `report` finds it anywhere.
        game_name = str(Path(game_name).resolve())
    runs = []
    chosen: list[str | None] = [*names] if names else [None]
    if len(names) > 1:  # every scenario's table, agents and outputs, before any game
        from ..arena import tournament as tm  # noqa: PLC0415 - tournament machinery
        for name in names:
            tournament = tm.Tournament(game_name, codes, games, name, mode, seed, seconds,
                                    forfeit, opening=opening, seat_orders=seat_orders,
                                    measures=measures)
            try:
                tm.check(tournament)
            except tm.TournamentError as exc:  # said before any scenario's first game
                raise tm.TournamentError(f"scenario {name}: {exc}") from None
            check_outputs(*(_named_after(p, name)
                            for p in (json_out, csv_out, replays, report)))
    for scenario, game in zip(chosen, games_of, strict=True):
        if len(names) > 1:
            out.print(f"\n[bold]Scenario {scenario}[/]", highlight=False)
        own = scenario if len(names) > 1 else None
        kept = _one_tournament(
            game, game_name, codes, games, scenario, mode, seed, workers, backend, address,
            db, resume, seconds, forfeit, _named_after(json_out, own),
            _named_after(csv_out, own), _named_after(replays, own), _named_after(report, own),
            sample, opening, seat_orders, measures, _omitted(omit), wide, quiet)
        runs.append((scenario, game, kept))
    if len(names) > 1:
        _print_sweep(runs, wide)


def _named_after(path: Path | None, scenario: str | None) -> Path | None:
    """An output's path for one scenario of several: ``out.json`` → ``out-NAME.json``."""
    if path is None or scenario is None:
        return path
    return path.with_name(f"{path.stem}-{scenario}{path.suffix}")


def _one_tournament(game: Any, game_name: str, codes: tuple[str, ...], games: int,
                    scenario: str | None, mode: str, seed: int, workers: int, backend: str,
                    address: str | None, db: Path | None, resume: bool,
                    seconds: float | None, forfeit: float | None, json_out: Path | None,
                    csv_out: Path | None, replays: Path | None, report: Path | None,
                    sample: int, opening: int, seat_orders: str, measures: tuple[str, ...],
                    left_out: tuple[str, ...], wide: bool, quiet: bool) -> list[Any]:
    """Play (or resume) one tournament and print and write its results; its games."""
    # The tournament machinery (process pools, the SQLite store, ratings) loads only for
    # `arena`, so that `play` and the other commands start quickly.
    from ..arena.measure_figures import measure_figures  # noqa: PLC0415 - tournament machinery
    from ..arena.report import render_report  # noqa: PLC0415 - tournament machinery
    from ..arena.runner import run_tournament  # noqa: PLC0415 - tournament machinery
    from ..arena.stats import summarize  # noqa: PLC0415 - tournament machinery
    from ..arena.tournament import GameRow, Tournament  # noqa: PLC0415 - tournament machinery

    tournament = Tournament(game_name, codes, games, scenario, mode, seed, seconds, forfeit,
                            opening=opening, seat_orders=seat_orders, measures=measures)
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
    _print_summary(summary, wide, rows)
    _print_distinct(tournament, game.players, rows)
    figures = measure_figures(tournament, game.players, rows)
    for figure in figures:
        for line in figure.lines():
            out.print(line, markup=False, highlight=False)
    out.print(f"[dim]results in {path}[/]")
    if json_out is not None:
        doc = summary.as_dict()
        if figures:
            doc["measures"] = [f.as_dict() for f in figures]
        write_atomic(json_out, json.dumps(doc, indent=2) + "\n")
    if csv_out is not None:
        write_atomic(csv_out, summary.to_csv())
    if replays is not None:
        kept: list[GameRow] = [r for r in rows if r.index % sample == 0]
        write_atomic(replays, "".join(r.replay + "\n" for r in kept))
    if report is not None:
        write_atomic(report, render_report(summary, rows, left_out))
    for kind, target in (("JSON", json_out), ("CSV", csv_out), ("replays", replays),
                         ("balance report", report)):
        if target is not None:
            out.print(f"[dim]{kind} written to {target}[/]")
    return rows


def _print_sweep(runs: list[tuple[str | None, Any, list[Any]]], wide: bool) -> None:
    """The scenarios side by side: each side's win rate with its interval, the draws and
    the mean length, counting each distinct game once (as the balance report does)."""
    from ..arena.balance import rate  # noqa: PLC0415 - tournament machinery
    from ..arena.distinct import distinct_rows  # noqa: PLC0415 - tournament machinery
    from ..arena.stats import result_of  # noqa: PLC0415 - tournament machinery
    from ..engine import drawn  # noqa: PLC0415 - with the tournament machinery

    sides = list(dict.fromkeys(p for _, game, _ in runs for p in game.players))
    table = Table(title="Scenarios side by side", title_justify="left", box=box.SIMPLE)
    table.add_column("scenario")
    table.add_column("games", justify="right")
    for side in sides:
        table.add_column(f"{side} wins", justify="right")
    table.add_column("draws", justify="right")
    table.add_column("mean length", justify="right")
    def cell(wins: int, n: int) -> str:
        r = rate(wins, n)
        if r.interval is None:
            return f"{100 * r.value:.1f}%" if n else "–"
        low, high = r.interval
        return f"{100 * r.value:.1f}% ({100 * low:.0f}–{100 * high:.0f})"

    few = False
    for scenario, game, rows in runs:
        unique = distinct_rows(sorted(rows, key=lambda r: r.index))
        n = len(unique)
        few = few or rate(0, n).interval is None
        cells = [str(scenario), str(n)]
        for side in sides:
            if side not in game.players:
                cells.append("–")  # a scenario that does not seat this side
                continue
            p = game.players.index(side)
            cells.append(cell(sum(result_of(r, p) == "win" for r in unique), n))
        cells.append(cell(sum(drawn(r.winners, r.ranks) for r in unique), n))
        cells.append(f"{sum(r.decisions for r in unique) / n:.1f}" if n else "–")
        table.add_row(*cells)
    _print_table(table, wide)
    out.print("Distinct games, each counted once; in brackets the 95% interval"
              + (" (none where too few games allow one)" if few else "") + ".",
              highlight=False)


@click.command("report")
@click.argument("db", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--compare", "before", type=click.Path(dir_okay=False, path_type=Path),
              help="The results file of the same tournament on the rules before a change: "
              "say whether the change moved the balance, with a test.")
@click.option("--html", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the balance report (one self-contained HTML page).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the balance figures (and the comparison) as JSON.")
@click.option("--omit", "omit", multiple=True, metavar="units,actions",
              help="Leave out the unit types' figures (use, losses, kills) or the actions' "
              "(use), where they mean nothing for the game (comma-separated or repeated).")
@click.option("--wide", is_flag=True, help="Print tables whole however narrow the terminal.")
def report_cmd(db: Path, before: Path | None, html: Path | None, json_out: Path | None,
               omit: tuple[str, ...], wide: bool) -> None:
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
        distinct_rows,
    )
    from ..arena.compare import compare  # noqa: PLC0415 - tournament machinery
    from ..arena.measure_figures import measure_figures  # noqa: PLC0415 - tournament machinery
    from ..arena.report import length_lines, unit_lines  # noqa: PLC0415 - tournament machinery
    from ..arena.stats import summarize  # noqa: PLC0415 - tournament machinery
    from ..arena.store import read_results  # noqa: PLC0415 - tournament machinery
    from ..arena.tournament import load_game  # noqa: PLC0415 - tournament machinery

    left_out = _omitted(omit)
    check_outputs(None, html, json_out)
    tournament, rows = read_results(db)
    game = load_game(tournament)
    summary = summarize(tournament, game.players, rows, len(rows))
    _print_summary(summary, wide, rows)
    balance = analyse(tournament, game.players, rows)
    unique = distinct_rows(rows)  # after the agents' table, each distinct game once
    figures = measure_figures(tournament, game.players, rows)
    units = [] if "units" in left_out else unit_lines(game.players, unique)
    for line in (balance_lines(balance, left_out) + units
                 + [x for f in figures for x in f.lines()] + length_lines(unique)):
        out.print(line, markup=False)
    doc: dict[str, Any] = {"balance": balance_to_dict(balance, left_out),
                           "head_to_head": [p.as_dict() for p in summary.head_to_head],
                           "measures": [f.as_dict() for f in figures]}
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
        write_atomic(html, render_report(summary, rows, left_out))
        out.print(f"[dim]balance report written to {html}[/]")
    if json_out is not None:
        write_atomic(json_out, json.dumps(doc, indent=2) + "\n")
        out.print(f"[dim]JSON written to {json_out}[/]")


def _omitted(values: tuple[str, ...]) -> tuple[str, ...]:
    """The figures ``--omit`` names (comma-separated or repeated), each checked."""
    from ..arena.balance import OMIT  # noqa: PLC0415 - tournament machinery
    names = tuple(x.strip() for v in values for x in v.split(",") if x.strip())
    for name in names:
        if name not in OMIT:
            raise click.BadParameter(f"'{name}' is not a kind of figure to leave out "
                                     f"(choose {', '.join(OMIT)})", param_hint="--omit")
    return names


def _has_games(path: Path) -> bool:
    """Whether a results file exists and holds at least one finished game."""
    if not path.is_file():
        return False
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            return bool(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return False


REPORT_EVERY = 30.0
"""Seconds between progress lines when standard error is not a terminal."""


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
        self.said = 0.0

    def __enter__(self) -> _ArenaProgress:
        return self  # the bar appears with the first update, once the tournament is checked

    def __exit__(self, *exc: object) -> None:
        if self.task is not None:
            self.progress.stop()

    def update(self, row: object, done: int, total: int) -> None:
        if self.task is None:
            self.total, self.start, self.clock = total, done, time.perf_counter()
            self.said = self.clock
            self.progress.start()
            self.task = self.progress.add_task("arena", total=total, completed=done, rate="")
            return
        now = time.perf_counter()
        elapsed = now - self.clock
        rate = (done - self.start) / elapsed if elapsed > 0 else 0.0
        self.progress.update(self.task, completed=done, rate=f"{rate:.2f} games/s")
        if not err.is_terminal and (now - self.said >= REPORT_EVERY or done == total):
            # Written to a file or a pipe, the bar draws nothing: a line now and then.
            self.said = now
            err.print(f"arena: {done} of {total} games, {rate:.2f} games/s", markup=False)


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
    """What the schedule did, one line on repeated games, and the balance claims the results
    support."""
    from ..arena.balance import analyse  # noqa: PLC0415 - tournament machinery
    b = analyse(tournament, players, rows)
    for line in [*b.notes, *b.warnings, *b.claims]:
        out.print(line, markup=False, highlight=False)


def _print_summary(summary: Any, wide: bool, rows: list[Any]) -> None:
    t = summary.tournament
    table = Table(title=f"{t.game}{' — ' + t.scenario if t.scenario else ''}: "
                  f"{summary.played} games played", title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    table.add_column("agent", overflow="fold")
    for col in ("games", "W", "D", "L", "win%", "95% CI", "rating", "moves", "ms"):
        table.add_column(col, justify="right", overflow="fold")
    from ..arena.balance import MIN_DISTINCT, distinct_rows  # noqa: PLC0415 - tournament machinery
    few = len(distinct_rows(rows)) < MIN_DISTINCT
    for a in summary.agents:
        low, high = a.interval
        # Below the balance report's least count of distinct games, no interval (as it
        # says under the table): repeats of one game are not more samples.
        ci = f"{100 * low:.0f}–{100 * high:.0f}" if a.games >= MIN_DISTINCT and not few else "—"
        table.add_row(a.agent, str(a.games), str(a.wins), str(a.draws), str(a.losses),
                      f"{100 * a.win_rate:.1f}", ci,
                      f"{a.rating:.1f}" if len(summary.players) > 1 else "—",  # (solitaire)
                      f"{a.mean_length:.1f}", f"{a.ms_per_decision:.1f}")
    _print_table(table, wide)
    seats = Table(title="by seat", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("agent", "seat", "games", "W", "D", "L", "win%"):
        seats.add_column(col, justify="left" if col in ("agent", "seat") else "right",
                         overflow="fold")
    for s in summary.seats:
        seats.add_row(s.agent, s.seat, str(s.games), str(s.wins), str(s.draws), str(s.losses),
                      f"{100 * s.win_rate:.1f}")
    _print_table(seats, wide)
    _print_head_to_head(summary, wide)
    warned = [a for a in summary.agents if a.slow or a.forfeits]
    for a in warned:
        out.print(f"[yellow]{a.agent}: {n(a.slow, 'decision')} over the time limit, "
                  f"{n(a.forfeits, 'game')} forfeited[/]")


def _print_head_to_head(summary: Any, wide: bool) -> None:
    """Each two entrants against each other, with the pairing's test (three entrants or
    more; two in a solitaire game)."""
    pairings = summary.head_to_head
    if not pairings:
        return
    from ..arena.distinct import MIN_DISTINCT  # noqa: PLC0415 - tournament machinery
    solo = len(summary.players) == 1
    table = Table(title="head to head" + (" (on the same deals)" if solo else ""),
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("agent", "opponent", "games", "W", "D", "L", "deals W–L", "p", "Holm p",
                "ahead"):
        table.add_column(col, justify="left" if col in ("agent", "opponent", "ahead")
                         else "right", overflow="fold")
    for p in pairings:
        table.add_row(p.agent, p.opponent, str(p.games), str(p.wins), str(p.draws),
                      str(p.losses), f"{p.deals_won}–{p.deals_lost} of {p.deals}",
                      f"{p.p_value:.3g}", f"{p.adjusted:.3g}", p.ahead or "—")
    _print_table(table, wide)
    if solo:
        how = ("W is the deals the agent won and the opponent lost, D those both won or both "
               "lost; p: exact two-sided sign test on the deals one of the two won and the "
               "other lost, ")
    else:
        how = ("W is the games the agent finished above the opponent, D level; a deal (the "
               "games of one seed and line-up) goes to the one ahead in more of its games; "
               "p: exact two-sided sign test on the deals one of the two won, ")
    out.print(f"head to head, each distinct game once: {how}"
              f"Holm-adjusted for the {len(pairings)} pairing"
              f"{'s' if len(pairings) != 1 else ''}; an agent is named ahead from "
              f"{MIN_DISTINCT} deals on, when the adjusted p is below 0.05.",
              markup=False, highlight=False)
