"""What there is to play: `stratagem games`, `stratagem agents` and `stratagem rules GAME`.

`games` reads each game's header (``sheet.read_header``), not its compiled rules, so
the listing is quick; `rules` compiles the one game asked for and prints its sheet.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import click
from rich.markup import escape
from rich.table import Table

from ..agents import ROSTER
from ..agents.levels import LEVELS
from ..agents.roster import BUDGET_ARGUMENTS, code_text
from ..engine import neighbours, plural
from ..games import list_games, load
from ..games.sheet import Header, header_of, read_header, rules_sheet
from ..rules import RulesError
from .board import MANY_PLACES, places_in_short, side_glyph, tile_glyph
from .complete import complete_game, complete_scenario
from .console import fail, out


@click.command("games")
@click.argument("files", nargs=-1, metavar="[FILE]...",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("-s", "--scenarios", "detail", is_flag=True,
              help="Also list each scenario under its game, with its description.")
def games_cmd(files: tuple[Path, ...], detail: bool) -> None:
    """List the bundled games (or the rules FILEs given) with their players and
    scenarios, the default one named.

    One line a game; with --scenarios, each scenario follows on a line of its own with
    its description, the default marked with `*`. The games' rules files are read for
    their headers only, not compiled (`stratagem validate FILE` checks the whole file).
    """
    headers: list[tuple[str, Header]] = []
    for path in files:
        if not path.is_file():
            fail(f"{path}: no such file")
        try:
            headers.append((str(path), header_of(path)))
        except (RulesError, OSError, UnicodeDecodeError) as exc:
            fail(f"{exc}" if isinstance(exc, RulesError) else f"{path}: {exc}")
    for name, h in headers or [(name, read_header(name)) for name in list_games()]:
        facts = f"{plural(len(h.players), 'player')}: {', '.join(h.players)}"
        default = ""
        if h.scenarios:
            facts += f"; scenarios: {', '.join(s for s, _ in h.scenarios)}"
            default = f"  [cyan]default: {escape(h.default or 'its own set-up')}[/]"
        out.print(f"[bold]{name}[/]  {escape(h.description)}{default}  "
                  f"[dim]({escape(facts)})[/]")
        if not detail or not h.scenarios:
            continue
        if h.default == "":
            out.print("    * [dim](its own set-up, with no --scenario)[/]")
        for scenario, description in h.scenarios:
            mark = "*" if scenario == h.default else " "
            out.print(f"    {mark} [cyan]{escape(scenario)}[/]  {escape(description)}")


def _agent_lines(code: str) -> None:
    spec = ROSTER[code]
    out.print(f"[bold]{code}[/]  {escape(spec.description)}")
    own = [f"{k}={code_text(v)}" for k, v in spec.arguments.items()
           if k not in BUDGET_ARGUMENTS and k != spec.positional]
    if own:
        out.print(f"    [dim]arguments: {escape(', '.join(own))}[/]")
    if spec.default_budget is not None:
        out.print(f"    [dim]default budget: {escape(str(spec.default_budget))} a decision[/]")
    factory = spec.factory
    if isinstance(factory, type):  # what it refuses to play (``Agent.refusal``)
        limits = [words for flag, words in (
            (getattr(factory, "handles_hidden", True), "no hidden information (cards face "
             "down, a deck's order, fog of war)"),
            (getattr(factory, "handles_chance", True), "no chance")) if not flag]
        most = getattr(factory, "max_players", None)
        if most is not None:
            limits.append(f"at most {most} players")
        if limits:
            out.print(f"    [dim]plays only games with {escape('; '.join(limits))}[/]")


@click.command("agents")
def agents_cmd() -> None:
    """List the agents by roster code: the search agents first, then the difficulty levels
    from novice to master."""
    levels = [level.name for level in LEVELS if level.name in ROSTER]
    out.print("[bold underline]Agents[/]")
    for code in sorted(c for c in ROSTER if c not in levels):
        _agent_lines(code)
    out.print("\n[bold underline]Difficulty levels[/] [dim](weakest first)[/]")
    for code in levels:
        _agent_lines(code)
    out.print(f"\nEvery agent also takes a budget: {', '.join(BUDGET_ARGUMENTS)} "
              "(`mcts:iterations=2000,c=1.4`, `tactical:seconds=0.5`).", markup=False)


@click.command("rules")
@click.argument("game_name", metavar="GAME|FILE", shell_complete=complete_game)
@click.option("--scenario", default=None, shell_complete=complete_scenario,
              help="A scenario of the game (`stratagem games` lists them).")
def rules_cmd(game_name: str, scenario: str | None) -> None:
    """Print a game's rules sheet: its rules in words, scenarios, units and actions.

    GAME is a bundled name (`stratagem rules connect_four`) or a rules file.
    """
    game = load(game_name, scenario)
    sheet = rules_sheet(game)
    if sheet.readme:
        from rich.markdown import Markdown  # noqa: PLC0415 - markdown-it loads only for a README

        out.print(Markdown(sheet.readme), soft_wrap=False)  # wrapped to the terminal, not cut
    else:
        out.print(f"[bold]{escape(sheet.title)}[/]: {escape(sheet.description)}")
    out.print()
    seats = ", ".join(game.display.player(i, p).label for i, p in enumerate(game.players))
    out.print(f"[bold]Players[/]: {escape(seats)}")
    secret: list[list[str]] = []  # name, first key, last key, the rest: `die[1…5] 1 (max 6)`
    for p in game.private_player_params:
        if p.name in game.display.shown_of_player([p.name]):
            base, _, key = p.name.partition("[")
            rest = _stat(p, said=False)[len(p.name):]
            if key and secret and secret[-1][0] == base and secret[-1][3] == rest:
                secret[-1][2] = key[:-1]  # the next key of a run alike
            else:
                secret.append([base, key[:-1], key[:-1], rest])
    if secret:  # a player's private parameters: what the others never see
        said = [name + (f"[{a}…{b}]" if a != b else f"[{a}]" if a else "") + rest
                for name, a, b, rest in secret]
        out.print("  [dim]kept secret by each player:[/] " + escape(", ".join(said)))
    if game.teams:  # sides of several players: they win and lose together
        sides = [" and ".join(game.display.player(p, game.players[p]).label for p in team)
                 for team in game.teams]
        if len(sides) == 1:  # one team of everyone: together, against the game itself
            out.print(f"[bold]Together, against the game[/]: {escape(sides[0])}")
        else:
            out.print(f"[bold]Teams[/]: {escape(' against '.join(sides))}")
    if sheet.scenarios:
        out.print(f"[bold]Scenarios[/]: {escape(', '.join(sheet.scenarios))}"
                  + (f" [dim](playing: {escape(game.scenario)})[/]" if game.scenario else ""))
        if game.rules_file:
            header = header_of(Path(game.rules_file))
            if header.default == "":
                out.print("  * [dim](its own set-up, with no --scenario)[/]")
            for name, description in header.scenarios:
                mark = "*" if name == header.default else " "
                out.print(f"  {mark} [cyan]{escape(name)}[/]  {escape(description)}")
    # A game without a board has cards (or counters kept in zones), not units, and a type
    # the set-up deals only into zones is a card too: no board glyph to show for them.
    has_board = bool(game.board.width and game.board.height)
    start = game.new_state(0)  # what the set-up placed and spawned (a deck dealt by effects)
    in_zones = {pl.type for pl in game.placements if pl.zone is not None}
    in_zones |= {e.type for e in start.entities.values() if e.zone is not None}
    on_board = {pl.type for pl in game.placements if pl.pos is not None}
    on_board |= {e.type for e in start.entities.values() if e.pos is not None}
    cards = {name for name, _, _ in sheet.units
             if not has_board or (name in in_zones and name not in on_board)}
    # a type that starts both on the board and in a zone (the first tile laid, the rest
    # in the bag) is told in both tables: as a unit, and as a card with its count
    both = (in_zones & on_board) if has_board else set()
    for kind, board in (("unit", True), ("card", False)):
        kinds = [u for u in sheet.units
                 if (u[0] not in cards if board else u[0] in cards or u[0] in both)]
        if not kinds:
            continue
        table = Table(title=kind.capitalize() + "s", title_justify="left", box=None,
                      pad_edge=False)
        for head in ("", kind, "parameters" if board else "in play", "")[0 if board else 1:]:
            table.add_column(head, overflow="fold")
        dealt = _dealt(game)
        for name, glyph, description in kinds:
            et = game.entity_types[name]
            # a unit's full statistics (`show` says what the board's table lists; only
            # the bookkeeping `hide` names is left out here)
            params = ", ".join(_stat(p) for p in et.params
                               if p.name in game.display.shown_of_player([p.name]))
            table.add_row(*((glyph,) if board else ()), name,
                          params if board or name not in dealt else dealt[name], description)
        out.print(table)
    if game.board.places and not game.board.links and len(game.board.places) > MANY_PLACES:
        out.print(f"[bold]Places[/]: {escape(places_in_short(game.board))}")
    elif game.board.places:  # a map's places, with the places their links reach
        out.print("[bold]Places[/]")
        for name, pos in game.board.places:
            near = ", ".join(game.board.place_name(q) or f"({q.x},{q.y})"
                             for q in neighbours(game.board, pos)) if game.board.links else ""
            out.print(f"  [cyan]{escape(name)}[/] ({pos.x},{pos.y}) "
                      f"{escape(game.board.tiles[pos.y * game.board.width + pos.x])}"
                      + (f" → {escape(near or 'no link')}" if game.board.links else ""))
    if sheet.terrain:
        table = Table(title="Terrain", title_justify="left", box=None, pad_edge=False)
        for head in ("", "tile", "cost to enter", ""):
            table.add_column(head, overflow="fold")
        for name, cost, notes in sheet.terrain:
            table.add_row(tile_glyph(game, name), name, cost, notes)
        out.print(table)
    if sheet.sides:
        table = Table(title="Sides between cells", title_justify="left", box=None,
                      pad_edge=False)
        for head in ("", "side", "cost to cross", ""):
            table.add_column(head, overflow="fold")
        for name, cost, notes in sheet.sides:
            table.add_row(side_glyph(game, name), name, cost, notes)
        out.print(table)
    if sheet.fog:
        out.print("[bold]Fog of war[/]")
        for line in sheet.fog:
            out.print(f"  {escape(line)}")
    if sheet.turns:
        out.print(f"[bold]Order of play[/] (each {escape(game.display.round)})")
        for line in sheet.turns:
            out.print(f"  {escape(line)}")
    for title, rows in (("Actions", sheet.actions), ("Reactions", sheet.reactions)):
        if rows:
            out.print(f"[bold]{title}[/]")
            for name, description in rows:
                out.print(f"  [cyan]{escape(name)}[/]" + (f"  {escape(description)}"
                                                        if description else ""))
    if sheet.ending:
        out.print("[bold]How it ends[/]")
        table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 2, 0, 0))
        table.add_column(style="cyan", no_wrap=True)
        table.add_column(overflow="fold")
        for what, when in sheet.ending:
            table.add_row("  " + what, escape(when))
        out.print(table)


def _dealt(game: Any) -> dict[str, str]:
    """The cards the set-up puts in the zones (placed, or spawned by its effects), by type:
    each face with how many there are (`power 2 ×3, power 5`), the parameters players
    see; a deck's list is public."""
    faces: dict[str, Counter[str]] = {}
    for e in game.new_state(0).entities.values():  # placed, or spawned by the set-up
        if e.zone is None:
            continue
        et = game.entity_types[e.type]
        shown = [p for p in et.params if p.name in game.display.shown([p.name])]
        face = ", ".join(f"{p.name.replace('_', ' ')} {e.params.get(p.name, p.default):g}"
                         for p in shown)
        faces.setdefault(e.type, Counter())[face or "a card"] += 1
    return {kind: ", ".join(face + (f" ×{n}" if n > 1 else "") for face, n in counts.items())
            for kind, counts in faces.items()}


def _stat(p: Any, said: bool = True) -> str:
    """A parameter on the rules sheet: its starting value, its most when that differs, and
    who sees it when it is private (`strength 3 (max 6)`, `hp 5`)."""
    text = f"{p.name} {p.default:g}"
    notes = [] if p.max is None or p.max == p.default else [f"max {p.max:g}"]
    if p.private and said:  # only its owner sees it (until its `unless` parameter is set)
        notes.append("seen by its owner only" + (f" until {p.unless}" if p.unless else ""))
    return f"{text} ({'; '.join(notes)})" if notes else text
