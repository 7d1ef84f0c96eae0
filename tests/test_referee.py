"""The forward-model protocol, the referee (``Match``) and the narration helpers all callers share."""

from __future__ import annotations

import ast
import inspect
import time
from pathlib import Path

import pytest

import stratagem
from stratagem.arena import HUMAN, Match, Replay, TimeLimit, play, replay_game
from stratagem.arena.narration import Step, as_told, left_line, rolls_text
from stratagem.engine import (
    ForwardModel,
    Game,
    GameState,
    IllegalActionError,
    State,
    StratagemError,
)
from stratagem.interop.openspiel_agents import SpielGame

MEMBERS = [name for name in dir(ForwardModel)
           if not name.startswith("_") and name in ForwardModel.__dict__]


def _conforms(model: object) -> list[str]:
    """The protocol members ``model`` lacks or takes with other parameters."""
    wrong = []
    for name in MEMBERS:
        if not hasattr(model, name):
            wrong.append(f"{name}: missing")
            continue
        wanted = ForwardModel.__dict__[name]
        if isinstance(wanted, property):
            continue
        have = inspect.signature(getattr(model, name)).parameters
        for pname, p in inspect.signature(wanted).parameters.items():
            if pname != "self" and (pname not in have or have[pname].kind != p.kind):
                wrong.append(f"{name}: parameter {pname}")
    return wrong


def test_the_protocol_names_the_public_face() -> None:
    """The protocol holds the forward model, views, text forms and the three sentences,
    and leaves the compiled rules to the native game."""
    assert {"new_state", "legal_actions", "is_legal", "apply", "outcomes", "view",
            "determinize", "serialize", "deserialize", "parse_action", "reseed", "calls",
            "describe_action", "render"} <= set(MEMBERS)
    assert not {"board", "entity_types", "narrate", "scenario", "rules_file"} & set(MEMBERS)


def test_a_native_game_is_a_forward_model() -> None:
    """Every bundled game has each protocol member with the protocol's parameters, and its
    states are game states."""
    for name in ("tic_tac_toe", "pig", "high_card"):
        game = stratagem.load(name)
        assert isinstance(game, ForwardModel) and _conforms(game) == []
        assert isinstance(game.new_state(1), GameState)


def test_an_openspiel_game_is_a_forward_model_by_composition() -> None:
    """``SpielGame`` satisfies the protocol without being a ``Game``; its states are game
    states without being the engine's ``State``."""
    pyspiel = pytest.importorskip("pyspiel")
    game = SpielGame(pyspiel.load_game("tic_tac_toe"))
    assert not isinstance(game, Game) and isinstance(game, ForwardModel)
    assert _conforms(game) == []
    state = game.new_state()
    assert isinstance(state, GameState) and not isinstance(state, State)


def _page_match(name: str = "tic_tac_toe", seed: int = 0) -> Match:
    return Match(stratagem.load(name), [None, "random"], seed)


def test_a_match_stops_for_a_seat_answered_from_outside_and_resumes() -> None:
    """With the first seat answered from outside, ``advance`` stops where it must decide;
    ``act`` plays its move and the agent answers on ``advance``."""
    match = _page_match()
    match.advance()
    assert match.waiting_for() == 0 and len(match.state.history) == 0
    first = match.game.legal_actions(match.state)[4]
    match.act(first)
    assert match.waiting_for() is None and match.rationales == [""]
    match.advance()
    assert match.waiting_for() == 0 and len(match.state.history) == 2
    assert match.rationales[1].startswith("picked at random")


def test_an_illegal_action_from_outside_changes_nothing() -> None:
    """A move that is not legal, or given when no outside seat decides, is refused."""
    match = _page_match()
    match.advance()
    action = match.game.legal_actions(match.state)[0]
    match.act(action)
    before = match.state
    with pytest.raises(StratagemError, match="no seat answered from outside"):
        match.act(action)
    match.advance()
    with pytest.raises(IllegalActionError):
        match.act(action)  # that square is taken
    assert match.state.history[:1] == before.history


def test_rewind_rebuilds_the_game_from_its_record() -> None:
    """Going back two decisions gives the very state the game had then, rebuilt from the
    record with its rolls; the game then goes on from there."""
    match = Match(stratagem.load("pig"), ["random", "random"], 3)
    states = []
    match.on_step = lambda before, *_: states.append(before)
    match.advance()
    assert match.over and len(states) >= 4
    match.rewind(len(states) - 2)
    assert match.state == states[-2] and not match.over
    assert len(match.rationales) == len(states) - 2
    match.advance()
    assert match.over
    with pytest.raises(ValueError, match="cannot rewind"):
        match.rewind(10_000)


def test_play_is_a_match_run_to_its_end() -> None:
    """``play`` and a ``Match`` advanced to the end give the same record, which replays."""
    game = stratagem.load("pig")
    result = play(game, ["random", "osla"], seed=5)
    match = Match(game, ["random", "osla"], 5)
    match.advance()
    assert match.replay() == result.replay and match.result().outcome == result.outcome
    assert replay_game(game, Replay.from_json(match.replay().to_json())) == match.state


def test_a_match_with_an_outside_seat_names_it_human_in_its_replay() -> None:
    """The record of a page game names the person's seat ``human``; a match not over has
    no result yet."""
    match = _page_match()
    match.advance()
    assert match.replay().agents == (HUMAN, "random")
    with pytest.raises(ValueError, match="not over"):
        match.result()


def test_a_forfeit_ends_the_match() -> None:
    """A decision over the forfeit limit ends the match with that seat last."""
    game = stratagem.load("tic_tac_toe")

    class Slow(stratagem.Agent):
        code = "slow"

        def choose(self, view, decision, budget=None):  # type: ignore[no-untyped-def]
            time.sleep(0.05)
            return stratagem.Choice(decision.actions[0])

    match = Match(game, [Slow(game), "random"], 0,
                  time_limit=TimeLimit(0.01, grace=0.0, forfeit=0.02))
    match.advance()
    assert match.over and match.forfeit == 0 and match.outcome is not None
    assert match.outcome.ranks == (2, 1) and match.replay().meta["forfeit"] == 0


def test_a_runaway_match_gives_up_with_one_line() -> None:
    """``advance`` stops after its limit of decisions with a plain error."""
    match = Match(stratagem.load("pig"), ["random", "random"], 1)
    with pytest.raises(StratagemError, match="no result after 3 decisions"):
        match.advance(3)


def test_what_a_secret_table_is_told() -> None:
    """Beside a person at a table that hides things, a step keeps its sentences but not
    its dice, and a chance decision only decides; elsewhere the step is told whole."""
    step = Step("round 1", "chance", "deal card=3", (4, 2), ("south draws",))
    assert as_told(step, False) is step
    told = as_told(step, True)
    assert (told.line, told.rolls, told.events) == ("decides", (), ("south draws",))
    mine = as_told(Step("round 1", "south", "plays", (1,), ()), True)
    assert (mine.line, mine.rolls) == ("plays", ())
    assert rolls_text((3, 5)) == "rolls 3, 5"
    game = stratagem.load("pig")
    assert left_line(game, 0, "quit", 4) == (f"{game.players[0]} left the game (quit) after "
                                             "4 decisions: no result")


def test_one_referee_loop() -> None:
    """Above the agents, only the referee asks an agent to choose: the CLI, the web page and
    the arena all play through ``Match``."""
    root = Path(stratagem.__file__).parent
    asking = []
    for part in ("arena", "cli", "web"):
        for path in sorted((root / part).rglob("*.py")):
            asking.extend(f"{path.relative_to(root)}:{node.lineno}"
                          for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                          if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                          and node.func.attr == "choose")
    assert asking and all(where.startswith("arena/match.py") for where in asking), asking
