"""``stratagem play``: a game between agents (people at the terminal among them), narrated.

The game is a ``Match`` (the referee, the one loop that asks agents to choose; a
``human`` seat is an agent too). Nothing of the game is lost:

- ``--replay-out`` is written when the game ends, and also when it stops early: the
  person types ``quit`` or ends the input, presses Ctrl-C, or an error stops the game.
  A stopped game's replay has no outcome; ``stratagem replay`` checks it all the same.
- ``--save FILE`` keeps the game so far (seats, seed, every decision with its rolls, in
  the replay format) at every human decision and when the game stops; ``--resume FILE``
  rebuilds that game with the same agents and continues it. Rebuilding asks each agent
  again for its recorded decisions, so a resumed game goes on exactly as the same moves
  played in one go would.
- ``undo`` at a human prompt takes back that seat's last decision and every decision
  since (the agents' replies): the match is rebuilt from its record (``Match.rewind``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from ..agents import HumanAgent, QuitGame, UndoDecision, make_agent, split_agent_codes
from ..agents.base import Choice
from ..arena import Match, Replay
from ..arena.match import seating_for
from ..arena.narration import left_line, result_line, who
from ..arena.replay import game_digest
from ..arena.seeding import seed_is_set, seed_tells
from ..engine import Action, SerializationError, StratagemError
from ..games import load
from ..rules.stratega import stratega_agents
from .board import NO_MARKS, draw
from .complete import complete_agents, complete_game, complete_scenario
from .console import Narrator, err, n, out, tell_opening
from .console import fail as _fail
from .files import (
    check_new_output,
    check_outputs,
    default_seed,
    open_game,
    read_text,
    write_atomic,
)
from .table import TableNarrator, seat_people, think_aloud


class Keeper:
    """Writes what a game has come to: its replay (``--replay-out``) and its save file."""

    def __init__(self, replay_out: Path | None, save: Path | None) -> None:
        self.replay_out = replay_out
        self.save = save

    def save_now(self, match: Match) -> None:
        if self.save is not None:
            write_atomic(self.save, match.replay().to_json() + "\n")

    def keep(self, match: Match) -> None:
        """Write both files, saying where (on stderr, so a quiet game's stdout stays one
        line)."""
        self.save_now(match)
        if self.replay_out is not None:
            write_atomic(self.replay_out, match.replay().to_json() + "\n")
        for what, path in (("game saved", self.save), ("replay written", self.replay_out)):
            if path is not None:
                err.print(f"[dim]{what} to {escape(str(path))}[/]")


@click.command("play")
@click.argument("game_name", metavar="GAME", required=False,
                shell_complete=complete_game)
@click.option("--agents", "agents", shell_complete=complete_agents,
              default=None, metavar="A,B,...",
              help="One agent code per player, comma-separated (default: random for all; a "
                   "Stratega file's own `Agents:` where it names them).")
@click.option("--seed", default=None, type=int,
              help="Seed of the game's dice and deals (default: $STRATAGEM_SEED, else a new "
              "one each game, told when the game ends).")
@click.option("--scenario", default=None, shell_complete=complete_scenario,
              help="A scenario of the game (`stratagem games` lists them).")
@click.option("--quiet", is_flag=True, help="Print only the result.")
@click.option("--board", is_flag=True,
              help="Draw the table (the board, hands and piles) after every decision; with "
                   "a person seated in a game that hides things, what that person may see.")
@click.option("--replay-out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the game's replay (JSON) to this file, also of a game stopped "
              "early (quit, Ctrl-C, an error).")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Keep the game so far in this file at every human decision and when it "
              "stops, for --resume.")
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Continue the game saved in this file (with --save's agents and seed); "
              "it keeps saving there unless --save names another file.")
@click.option("--force", is_flag=True, help="Replace the --save file if it exists.")
@click.option("--force-rules", is_flag=True,
              help="With --resume: go on with a game kept under rules that have changed "
              "since, replaying its moves under the rules as they are now.")
@click.option("--takebacks/--no-takebacks", default=None,
              help="Let a person `undo` (default: only in a game with no dice and nothing "
              "hidden, where taking back shows nothing to come).")
@click.option("--ask-always", is_flag=True,
              help="Ask a person even for a decision with one option (Enter takes it), so "
              "input written ahead meets one prompt per decision whatever the dice leave.")
@click.option("--explain/--no-explain", default=None,
              help="Print each agent's reason under its move (default: on when a person "
              "plays).")
def play_cmd(game_name: str | None, agents: str | None, seed: int | None,
             scenario: str | None, quiet: bool, board: bool, replay_out: Path | None,
             save: Path | None, resume: Path | None, force: bool, force_rules: bool,
             takebacks: bool | None, ask_always: bool, explain: bool | None) -> None:
    """Play GAME (a bundled name or a rules file) between agents and narrate it.

    Seat `human` to play yourself: `stratagem play pig --agents human,mcts`. At your
    prompt, `undo` takes back your last decision and the replies since; `quit` (or ending
    the input) leaves the game: one line, and exit status 0. `--save FILE` keeps the game
    so far; `stratagem play --resume FILE` continues it.
    """
    records: tuple[tuple[int, str, tuple[int, ...]], ...] = ()
    told_seed = seed is not None or seed_is_set()  # the person chose it: it is no secret
    if resume is not None:
        if game_name is not None or scenario is not None or seed is not None:
            _fail("--resume takes the game, its scenario and seed from the file: give no "
                  "GAME, --scenario or --seed with it")
        rep = _read_save(resume)
        confirmed = split_agent_codes(agents) if agents else None
        if confirmed is not None and confirmed != list(rep.agents):
            _fail(f"{resume}: the game was saved with --agents {','.join(rep.agents)}, "
                  f"not {','.join(confirmed)}")
        if confirmed is None and any(c.partition(":")[0].strip() == "python"
                                     for c in rep.agents):
            _fail(f"{resume}: its seats name Python code ({','.join(rep.agents)}); to run "
                  "it, confirm them with the same --agents")
        recorded = rep.meta.get("scenario")
        game = open_game(rep.game, recorded if isinstance(recorded, str) else None,
                         rep.meta.get("rules"), None)
        now = game_digest(game)
        if (rep.rules_hash is not None and now is not None and rep.rules_hash != now
                and not force_rules):
            _fail(f"{resume}: saved under other rules of '{game.name}'; --force-rules "
                  "goes on under the rules as they are now, replaying its moves")
        codes, seed, records = list(rep.agents), rep.seed, rep.records
        if save is None:
            save = resume
        elif save.resolve() != resume.resolve():
            check_new_output(save, force)
        check_outputs(replay_out)
    else:
        if game_name is None:
            raise click.UsageError("Missing argument 'GAME' (or --resume FILE).")
        if force_rules:
            _fail("--force-rules goes with --resume FILE (a game kept under older rules)")
        game = load(game_name, scenario)
        check_outputs(replay_out)
        if save is not None:
            check_new_output(save, force)
        codes = split_agent_codes(agents) if agents else (
            stratega_agents(game_name, len(game.players)) or ["random"] * len(game.players))
        if len(codes) != len(game.players):
            _fail(f"{game.name} has {len(game.players)} players ({', '.join(game.players)}); "
                  f"--agents gave {len(codes)}" + (
                      f" (scenario `{fits}` seats {len(codes)}: add --scenario {fits})"
                      if (fits := seating_for(game, len(codes))) else ""))
        for code in codes:  # refuse a bad agent code before anything is printed
            make_agent(code, game)
    seed = default_seed() if seed is None else seed
    secret = seed_tells(game)
    opened = ""  # the heading the opening's narration ended under
    if not quiet:
        seats = ", ".join(f"{p}: {c}" for p, c in zip(game.players, codes, strict=True))
        # A seed not given is told at the end: with it, the dice to come and the cards
        # dealt could be worked out by a player at the table.
        shown = f" — seed {seed}" if told_seed or not secret else ""
        out.print(f"[bold]{game.name}[/]{shown} — {seats}")
        if resume is None:
            opened = tell_opening(game, seed)
    match = Match(game, codes, seed)
    seated = seat_people(match)
    humans: dict[int, HumanAgent] = dict(seated)
    allowed = not secret if takebacks is None else takebacks
    for agent in humans.values():
        agent.can_undo = allowed
        agent.asks_forced = ask_always
        shows = " and ".join(w for w, on in (("what is hidden", game.info.hidden),
                                             ("the dice or draws to come", game.info.chance))
                             if on)
        agent.no_undo = (f"take-backs are off: in {game.name}, taking back would show "
                         f"{shows} (play with --takebacks to allow them)")
    keeper = Keeper(replay_out, save)
    chosen: dict[int, Choice] = {}
    narrator = None
    if not quiet:
        for p in range(len(game.players)):
            if p not in humans:
                think_aloud(match, p, chosen)
        narrator = TableNarrator(game, seated, chosen, board=board,
                                 secret=bool(humans) and game.info.hidden,
                                 explain=bool(humans) if explain is None else explain)
        narrator.where = opened
    rebuilt = False  # until a resumed game is rebuilt, its file is all there is: keep it
    try:
        since = _follow(match, humans, records, resume)
        rebuilt = True
        if records and not quiet:
            out.print(f"[dim]resumed after {n(len(records), 'decision')}[/]")
            if narrator is not None and since:  # the people's last move, and what followed
                out.print(f"[dim]your last decision and what followed "
                          f"({n(len(since), 'decision')}):[/]")
                for before, player, action, after in since[-RECAP:]:
                    narrator(before, player, action, "", after)
        _run(match, humans, keeper, narrator)
    except QuitGame as left:
        if rebuilt:
            keeper.keep(match)
        out.print(left_line(game, left.player, left.reason, len(match.state.history)))
        return
    except KeyboardInterrupt:
        if rebuilt:
            keeper.keep(match)
        err.print(f"interrupted after {len(match.state.history)} decisions")
        sys.exit(130)
    except Exception:  # an error stops the game: what was played is kept, then it is told
        if rebuilt:
            keeper.keep(match)
        raise
    if not quiet and not board:  # the table as the game ended (a card game's hands too)
        out.print(draw(game, match.state, narrator.last if narrator is not None else NO_MARKS))
    out.print(result_line(game, match.state))
    if not quiet and not (told_seed or not secret):
        out.print(f"[dim]seed {seed}: --seed {seed} plays this game again[/]")
    keeper.save_now(match)
    if replay_out is not None:
        write_atomic(replay_out, match.replay().to_json() + "\n")
        out.print(f"[dim]replay written to {escape(str(replay_out))}[/]")


def _read_save(path: Path) -> Replay:
    """The saved game in ``path`` (one line of replay JSON)."""
    lines = [ln for ln in read_text(path).splitlines() if ln.strip()]
    if len(lines) != 1:
        _fail(f"{path}: not a saved game (a saved game is one line of JSON)")
    try:
        return Replay.from_json(lines[0])
    except SerializationError as exc:
        raise SerializationError(f"{path}: {exc}") from None


RECAP = 20
"""At most this many decisions are told again when a kept game is resumed."""


def _follow(match: Match, humans: dict[int, HumanAgent],
            records: tuple[tuple[int, str, tuple[int, ...]], ...], path: Path | None
            ) -> list[tuple[Any, int, Action, Any]]:
    """Rebuild a saved game: play its recorded decisions, asking the agents again (the
    people's decisions are taken from the file, not asked for). The people's last decision
    and the steps since, to tell them again: (before, player, action, after)."""
    game = match.game
    since: list[tuple[Any, int, Action, Any]] = []
    for p in humans:
        match.agents[p] = None
    try:
        for i, (player, text, rolls) in enumerate(records, 1):
            d = match.state.decision
            if d is None or d.player != player:
                raise SerializationError(f"{path}: decision {i}: expected player {player} "
                                         "to decide")
            before = match.state
            try:
                action = game.parse_action(match.state, text)
                match.follow(action)
            except StratagemError as exc:
                raise SerializationError(f"{path}: decision {i}: {exc}") from None
            if player in humans:  # told again too: what began after it (a card drawn)
                since.clear()
            since.append((before, player, action, match.state))
            drawn = tuple(match.state.history[-1].rolls)
            if drawn != tuple(rolls):
                raise SerializationError(f"{path}: decision {i}: the file records rolls "
                                         f"{list(rolls)}, the seed gives {list(drawn)}")
    finally:
        for p, agent in humans.items():
            match.agents[p] = agent
    return since


def _run(match: Match, humans: dict[int, HumanAgent], keeper: Keeper,
         narrator: Narrator | None) -> None:
    """Play the match to its end; the game is saved whenever a person is to choose."""
    def asks(state: Any) -> bool:
        d = state.decision
        return d is not None and d.player in humans and len(d.actions) > 1

    def step(before: Any, player: int, action: Action, rationale: str, after: Any) -> None:
        if narrator is not None:
            narrator(before, player, action, rationale, after)
        if asks(after):
            keeper.save_now(match)

    match.on_step = step
    if asks(match.state):
        keeper.save_now(match)
    while True:
        try:
            match.advance()
            return
        except UndoDecision as undo:
            _undo(match, humans[undo.player], undo.player)
            if narrator is not None:
                narrator.rewound(len(match.state.history))
            keeper.save_now(match)


def _undo(match: Match, human: HumanAgent, player: int) -> None:
    """Take back ``player``'s last decision that had a choice, and every decision since."""
    game, history = match.game, match.state.history
    state, target = game.new_state(match.seed), None
    for i, rec in enumerate(history):  # which of the seat's decisions offered a choice
        if rec.player == player and state.decision is not None and len(state.decision.actions) > 1:
            target = i
        state = game.apply(state, rec.action, rolls=rec.rolls)
    if target is None:
        human.say("nothing to take back: you have made no decision with a choice yet")
        return
    match.rewind(target)
    human.say(f"took back {len(history) - target} decisions: {who(game, player)} decides again")
