"""The commands on programmed opponents: ``check-program``, ``render-program``,
``evaluate-program``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.progress import (
    Progress,
)

from ..agents import make_agent, split_agent_codes
from ..agents.base import SAMPLES
from ..agents.program import (
    bundled_programs,
    card_gaps,
    check_program,
    load_program,
    program_game,
    render_html,
    render_markdown,
    sample_constants,
)
from ..arena.measures import parse_measure
from ..arena.program_eval import AHEAD, evaluate_program
from ..engine import Game, UnknownGameError
from ..games import load
from .complete import complete_agents, complete_scenario
from .console import err, fail, n, out
from .files import (
    check_outputs,
    save_text,
    write_atomic,
)


def _program(file: Path, game_name: str | None,
             scenario: str | None = None) -> tuple[Any, Game]:
    """A program file and the game it is checked against (its header's, by default, in
    ``scenario`` when one is named)."""
    if not file.exists():
        bundled = bundled_programs(game_name)
        if str(file) in bundled:
            file = bundled[str(file)]
        else:
            names = ", ".join(sorted(bundled)) or "none"
            of = f" for {game_name}" if game_name else ""
            fail(f"no program file at {file}, and no bundled program of that name: give a "
                 f"program FILE or a bundled NAME (bundled{of}: {names})")
    named = program_game(file) if game_name is None else None
    try:
        game = load(game_name or named or "", scenario)
    except UnknownGameError as exc:
        if named is None:
            raise
        # A program for a game of one's own rules file names the game, and the command is
        # told where its rules are.
        fail(f"{file}: its game `{named}` is not a bundled game: give its rules file with "
             f"--game FILE ({exc})")
    return load_program(file, game), game


@click.command("check-program")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE|NAME")
@click.option("--game", "game_name", default=None,
              help="The game to check against (default: the one the program names).")
@click.option("--scenario", default=None, shell_complete=complete_scenario,
              help="A scenario of the game to check in, and to play the --sample games in "
                   "(`stratagem games` lists them).")
@click.option("--sample", default=0, show_default=True, type=click.IntRange(min=0),
              help="Also play this many games against random moves and list the "
                   "conditions that never changed value (hints, not problems).")
def check_program_cmd(file: Path, game_name: str | None, scenario: str | None,
                      sample: int) -> None:
    """Check a program (a FILE, or a bundled NAME such as `goblins`) and list its problems.

    Unknown names, unreachable states, states with no way out, rules that can never
    match, constant conditions and shadowed triggers, each with file:line:column."""
    program, game = _program(file, game_name, scenario)
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


@click.command("render-program")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE|NAME")
@click.option("--game", "game_name", default=None,
              help="The game the program plays (default: the one it names).")
@click.option("--format", "fmt", type=click.Choice(["md", "html"]), default="md",
              show_default=True, help="Markdown, or one self-contained printable HTML page.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the card to this file (default: print it).")
def render_program_cmd(file: Path, game_name: str | None, fmt: str,
                       out_file: Path | None) -> None:
    """Print a program (a FILE, or a bundled NAME) as the card a player follows at the
    table."""
    program, _ = _program(file, game_name)
    check_outputs(out_file)
    text = render_html(program) if fmt == "html" else render_markdown(program)
    if out_file is None:
        out.print(text, markup=False, end="")
    else:
        write_atomic(out_file, text)
        out.print(f"[dim]card written to {out_file}[/]")


@click.command("evaluate-program")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE|NAME")
@click.option("--game", "game_name", default=None,
              help="The game the program plays (default: the one it names).")
@click.option("--scenario", default=None, shell_complete=complete_scenario,
              help="A scenario of the game (`stratagem games` lists them).")
@click.option("--games", default=20, show_default=True, type=click.IntRange(min=1),
              help="Games against each baseline.")
@click.option("--against", shell_complete=complete_agents,
              default="random,osla", show_default=True, metavar="A,B,...",
              help="Baseline agents, comma-separated.")
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the games' schedule (each game's own seed follows from it).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the figures as JSON.")
@click.option("--sample-every", default=5, show_default=True, type=click.IntRange(min=0),
              help="Value every Nth decision of the program for regret (0: none, faster).")
@click.option("--depth", default=1, show_default=True, type=click.IntRange(min=1, max=6),
              help="How many of the program's own decisions in a row the regret's reference "
                   "looks ahead: 1 values each option by its outcomes; more value it by the "
                   "best way on within the same turn (a push-your-luck roll by the stop "
                   "after it).")
@click.option("--measure", "measure_specs", multiple=True, metavar="NAME=ACTION:EXPR",
              help="Count how often EXPR holds after each ACTION the program takes, e.g. "
                   "'no dice=roll_dice:player.hand_common + player.hand_uncommon + "
                   "player.hand_rare == 0' (repeatable).")
@click.option("--blunders", "blunder_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Save the positions of the worst blunders in this folder, "
                                 "to open with `stratagem show`.")
def evaluate_program_cmd(file: Path, game_name: str | None, scenario: str | None, games: int,
                         against: str, seed: int, json_out: Path | None, sample_every: int,
                         measure_specs: tuple[str, ...], blunder_dir: Path | None,
                         depth: int) -> None:
    """Measure a program (a FILE or a bundled NAME) against baseline agents.

    Win rate against baselines (95% intervals), coverage of its states and rules,
    fallbacks, and the regret of its choices against a reference."""
    program, base = _program(file, game_name)
    game = load(base.name if game_name is None else game_name, scenario)
    baselines = tuple(split_agent_codes(against))
    for code in baselines:
        make_agent(code, game)
    measures = []
    for spec in measure_specs:  # read as the arena reads its measures, after an action only
        read = parse_measure(spec, game, at_end=False)
        measures.append((read.name, read.action or "", read.test))
    check_outputs(json_out)
    with Progress(console=err, transient=True) as bar:
        task = bar.add_task("games", total=games * len(baselines))
        ev = evaluate_program(program, game, baselines=baselines, games=games, seed=seed,
                              progress=lambda *_: bar.advance(task),
                              sample_every=sample_every, measures=tuple(measures),
                              depth=depth)
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
                  + ("(valued by the one-step lookahead over exact outcomes)" if depth == 1
                     else f"(valued by the best of up to {depth} of its own decisions in a "
                          f"row; an option of more than {AHEAD} outcomes by {SAMPLES} sampled "
                          "ones)"))
    for i, b in enumerate(ev.worst, 1):
        where = ""
        if blunder_dir is not None:
            blunder_dir.mkdir(parents=True, exist_ok=True)
            path = blunder_dir / f"blunder-{i}.json"
            save_text(path, game, b.state)  # with its rules file, as `new` saves
            where = f" — saved as {path}"
        out.print(f"  blunder {i}: regret {b.regret:.3f} in game {b.game}, state "
                  f"{b.program_state}, rule {b.rule}: chose '{b.chosen}', best '{b.best}'"
                  f"{where}", markup=False)
    if json_out is not None:
        write_atomic(json_out, json.dumps(ev.as_dict(), indent=2) + "\n")
