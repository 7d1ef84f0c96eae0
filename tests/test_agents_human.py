"""The human agent: a person answers each decision at the terminal, step by step, through an
ActionBuilder, and nothing typed makes it fail."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import stratagem
from rules_helpers import build
from stratagem.agents import AgentSpecError, HumanAgent, QuitGame, make_agent
from stratagem.cli.main import cli
from stratagem.engine import CHANCE, Action, Game, Pos, Ref, Rng, State

GAUNTLET = Path(__file__).parent / "rules_fixtures" / "gauntlet.yaml"


def human(game: Game, typed: str) -> tuple[HumanAgent, io.StringIO]:
    """A human agent that reads ``typed`` and writes to a buffer it returns."""
    out = io.StringIO()
    return HumanAgent(game, stdin=io.StringIO(typed), stdout=out), out


def answer(game: Game, state: State, typed: str) -> tuple[Action, str]:
    """The action the person who types ``typed`` picks in ``state``, and what they were shown."""
    d = state.decision
    assert d is not None
    agent, out = human(game, typed)
    view = state.view(d.player) if d.player != CHANCE else state
    action = agent.choose(view, d).action
    assert action in d
    return action, out.getvalue()


def reach(game: Game, seed: int, wanted: object, explicit: bool = False) -> State:
    """The first state of random play from ``seed`` whose decision ``wanted`` accepts."""
    state = game.new_state(seed, explicit_chance=explicit)
    rng = Rng(seed)
    for _ in range(500):
        d = state.decision
        assert d is not None, "the game ended before the wanted decision"
        if wanted(d):  # type: ignore[operator]
            return state
        state = game.apply(state, d.actions[rng.below(len(d.actions))])
    raise AssertionError("wanted decision not reached")


@pytest.fixture(scope="module")
def pig() -> Game:
    return stratagem.load("pig")


@pytest.fixture(scope="module")
def duel() -> Game:
    return stratagem.load("duel")


def hero_turn(duel: Game) -> State:
    """The fighter's first turn: move, attack and end_turn are all open."""
    return reach(duel, 0, lambda d: d.player == 0 and d.kind == "action"
                 and {a.type for a in d.actions} >= {"move", "attack", "end_turn"})


# ------------------------------------------------------------------ answering
def test_a_number_picks_from_the_numbered_choices_shown_with_the_state(pig: Game) -> None:
    """At pig's first decision the person sees the scores and the numbered options; `1`
    throws and `2` stops."""
    state = pig.new_state(0)
    action, shown = answer(pig, state, "1\n")
    assert action == Action("throw")
    assert "first: score 0, turn_total 0" in shown
    assert "  1  throw" in shown and "  2  stop" in shown
    assert answer(pig, state, "2\n")[0] == Action("stop")


def test_an_action_can_be_typed_whole_or_as_the_value_shown(duel: Game) -> None:
    """The action's text form is accepted at the first step, as is a value as listed."""
    state = hero_turn(duel)
    legal = next(a for a in state.decision.actions if a.type == "move")  # type: ignore[union-attr]
    assert answer(duel, state, f"{legal}\n")[0] == legal
    assert answer(duel, state, "END_TURN\n")[0].type == "end_turn"


def test_steps_follow_the_builder_and_back_undoes_the_last_one(duel: Game) -> None:
    """`move` asks for the destination next (the actor, the only one, is filled in); `back`
    returns to the type, where `attack` completes the action at once."""
    state = hero_turn(duel)
    action, shown = answer(duel, state, "move\nback\nattack\n")
    assert action.type == "attack"
    assert "choose to (so far: move #1):" in shown
    assert shown.count("choose the action:") == 2
    first_move = next(a for a in state.decision.actions if a.type == "move")  # type: ignore[union-attr]
    assert answer(duel, state, "move\n1\n")[0] == first_move


def test_bad_input_is_answered_and_asked_again(duel: Game) -> None:
    """Garbage, empty lines, out-of-range numbers, unbalanced text, an illegal action (with the
    rule it breaks), `back` at the first step, help and the other commands: each gets a line
    of explanation and the question again, and a good answer then goes through."""
    state = hero_turn(duel)
    typed = ["", "   ", "0", "99", "-1", "1.5", "٣", "xyzzy", "((", "move #1 to=(9,9)",
             "move #1 to=", "x" * 5_000, "\x00\x1b[2J", "back", "help", "?", "list", "show",
             "end_turn"]
    action, shown = answer(duel, state, "\n".join(typed) + "\n")
    assert action.type == "end_turn"
    assert "type a number from 1 to 3, an action, or ? for help" in shown
    assert shown.count("no such choice: pick 1..3") == 2  # 0 and 99
    assert "move #1 to=(9,9) is not legal: target to=(9,9) is not a possible position" in shown
    assert "not understood (unbalanced brackets" in shown
    assert "nothing to undo" in shown
    assert shown.count("Commands:") == 2
    assert "  move #1 to=" in shown  # the full list


def test_a_number_out_of_any_range_is_no_such_choice(duel: Game) -> None:
    """A number of any length, even one too long to be an index, is answered with the range
    to pick from; a refused action is said in one phrase, without a doubled "illegal"."""
    state = hero_turn(duel)
    action, shown = answer(duel, state, "9" * 26 + "\n" + "1" + "0" * 4400 + "\nmove #1 to=(9,9)"
                           "\nend_turn\n")
    assert action.type == "end_turn"
    assert shown.count("no such choice: pick 1..3") == 2
    assert "must start with an action name" not in shown
    assert "not legal: illegal" not in shown and "illegal action" not in shown


def test_a_reaction_is_asked_in_a_sentence_naming_the_units_and_the_event(duel: Game) -> None:
    """The reaction prompt names the reacting unit by type and the event in the game's words,
    before a pending event and after a done one."""
    pending = reach(duel, 4, lambda d: d.actions[0].type == "opportunity_attack")
    said = duel.describe_reaction(pending.view(pending.decision.player))  # type: ignore[union-attr]
    assert re.fullmatch(r"(fighter #1|goblin #2) may react before (goblin #2|fighter #1) moves "
                        r"\(\d,\d\) → \(\d,\d\)", said), said
    done = next(s for seed in range(20) for s in [_reached(duel, seed, "riposte")] if s)
    said = duel.describe_reaction(done)
    assert re.fullmatch(r"fighter #1 may react after goblin #2 attacks fighter #1: rolls \d+, "
                        r"misses", said), said
    turn = hero_turn(duel)
    assert duel.describe_reaction(turn) == turn.decision.prompt  # type: ignore[union-attr]


def _reached(game: Game, seed: int, reaction: str) -> State | None:
    """The first state of random play from ``seed`` that offers ``reaction``, if any."""
    state, rng = game.new_state(seed), Rng(seed)
    while state.decision is not None:
        if state.decision.actions[0].type == reaction:
            return state
        state = game.apply(state, state.decision.actions[rng.below(len(state.decision.actions))])
    return None


def test_random_picks_a_legal_option_consistent_with_the_choices_made(duel: Game) -> None:
    """`random` after choosing `move` picks one of the moves."""
    state = hero_turn(duel)
    action, shown = answer(duel, state, "move\nrandom\n")
    assert action.type == "move" and "picked at random: move" in shown


def test_quit_and_the_end_of_input_leave_the_game(pig: Game) -> None:
    """`quit` and the end of the input raise QuitGame, naming the player and why."""
    state = pig.new_state(0)
    for typed, reason in (("quit\n", "quit"), ("", "end of input"), ("foo\n", "end of input")):
        agent, _ = human(pig, typed)
        with pytest.raises(QuitGame) as left:
            agent.choose(state, state.decision)  # type: ignore[arg-type]
        assert (left.value.player, left.value.reason) == (0, reason)


# ------------------------------------------------------------------ every kind of decision
def test_reactions_offer_the_reaction_and_pass(duel: Game) -> None:
    """A reaction window says the player may react or pass; `pass` passes and the number of
    the reaction reacts."""
    state = reach(duel, 0, lambda d: d.player == 0 and d.kind == "reaction")
    action, shown = answer(duel, state, "pass\n")
    assert action == Action("pass")
    assert "fighter #1 may react before goblin #2 attacks fighter #1: rolls " in shown
    assert "choose your reaction, or pass:" in shown
    reaction = answer(duel, state, "1\n")[0]
    assert reaction.type != "pass" and reaction.actor == Ref(1)


def test_a_choice_in_the_middle_of_an_effect_is_answered_like_any_step() -> None:
    """The gauntlet's `raise` asks for a spot mid-effect: the prompt is shown and a number or
    the position as written picks it."""
    game = stratagem.load(GAUNTLET)
    state = reach(game, 0, lambda d: d.prompt == "pick a spot")
    action, shown = answer(game, state, "2\n")
    assert action == Action("choose", None, (("spot", Pos(2, 0)),))
    assert "your move: pick a spot" in shown and "choose spot:" in shown
    assert answer(game, state, "(3,0)\n")[0].targets == (("spot", Pos(3, 0)),)


def test_an_explicit_chance_decision_shows_each_outcome_with_its_probability(pig: Game) -> None:
    """Handed a chance decision (explicit chance), the agent lists the die's faces with 1/6
    each, and the number picks the face."""
    state = pig.apply(pig.new_state(0, explicit_chance=True), Action("throw"))
    assert state.decision is not None and state.decision.player == CHANCE
    action, shown = answer(pig, state, "4\n")
    assert action == Action("roll", None, (("value", 4),))
    assert "choose the outcome of the chance event" in shown and "roll value=4  (1/6)" in shown


def test_a_view_shows_the_players_own_cards_and_only_counts_the_others() -> None:
    """In high card the person sees their own hand by card and the opponent's as hidden."""
    game = stratagem.load("high_card")
    state = game.new_state(3)
    _, shown = answer(game, state, "1\n")
    hand = state.players[0].zones["hand"]
    mine = ", ".join(f"{state.entities[i].type} #{i}" for i in hand)
    assert f"hand: {mine}" in shown
    assert "hand: 3 hidden" in shown
    assert "north (you)" in shown


def test_cards_on_the_table_are_named_once() -> None:
    """A card played onto the table reads `card6 #6`, never with a doubled `#`."""
    game = stratagem.load("high_card")
    state = reach(game, 3, lambda d: d.kind == "action" and d.player == 1)
    table = state.players[0].zones["table"]
    assert table
    _, shown = answer(game, state, "1\n")
    assert f"table: {state.entities[table[0]].type} #{int(table[0])}" in shown
    assert "##" not in shown


def test_a_single_option_is_taken_without_asking() -> None:
    """A decision with one option is taken and said, with nothing read."""
    game = stratagem.load(GAUNTLET)
    state = reach(game, 0, lambda d: len(d.actions) == 1 and d.player != CHANCE)
    action, shown = answer(game, state, "")
    assert "the only option" in shown and action == state.decision.actions[0]  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=40), max_size=8))
def test_no_typed_line_makes_the_agent_fail(lines: list[str]) -> None:
    """Whatever is typed, the agent returns a legal action or, at the end, leaves the game."""
    game = stratagem.load("duel")
    state = hero_turn(game)
    typed = "\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines) + "\n"
    agent, _ = human(game, typed)
    try:
        action = agent.choose(state, state.decision).action  # type: ignore[arg-type]
    except QuitGame:
        return
    assert action in state.decision  # type: ignore[operator]


# ------------------------------------------------------------------ roster and CLI
def test_the_roster_builds_a_human_and_refuses_a_stream_that_is_not_one(pig: Game) -> None:
    """`human` is a roster code like any other; its streams cannot be set from code text."""
    assert isinstance(stratagem.agent("human", pig), HumanAgent)
    with pytest.raises(AgentSpecError, match="stdin is an object passed from Python"):
        make_agent("human:stdin=keyboard", pig)


def _play(args: list[str], typed: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["play", *args], input=typed)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_cli_plays_a_whole_game_with_a_human_seat() -> None:
    """`stratagem play tic_tac_toe --agents human,random` reads the person's moves and ends
    with the result line."""
    # `play` numbers a cell by its place on the board (1-9), so the person names cells in
    # turn; a cell already taken is refused and the next line is read.
    code, out = _play(["tic_tac_toe", "--agents", "human,random", "--seed", "2"],
                      "".join(f"{cell}\n" for cell in range(1, 10)))
    assert code == 0
    assert "x: human, o: random" in out and "choose cell:" in out
    assert "Result: " in out and "Traceback" not in out


def test_cli_quit_and_end_of_input_are_one_line_and_status_zero() -> None:
    """`quit` and the end of the input stop `stratagem play pig --agents human,mcts` with one
    line and exit status 0, never a traceback."""
    for typed, reason in (("1\nquit\n", "quit"), ("", "end of input")):
        code, out = _play(["pig", "--agents", "human,mcts:iterations=20"], typed)
        assert code == 0
        assert f"first left the game ({reason}) after" in out and "no result" in out
        assert "Traceback" not in out and "Result:" not in out


def test_cli_human_survives_garbage_and_plays_on() -> None:
    """Bad lines at the CLI prompt are answered and the game goes on to the next decision."""
    code, out = _play(["pig", "--agents", "human,random", "--seed", "5"],
                      "nonsense\n7\nstop\nquit\n")
    assert code == 0
    assert "nonsense is not legal: unknown action" in out
    assert "no such choice: pick 1..2" in out
    assert "first  stops" in out and "left the game (quit)" in out


def test_with_a_person_at_a_hidden_card_game_the_raw_draws_are_not_told() -> None:
    """Narration beside a human seat in a game that hides things keeps its sentences but
    drops the raw dice and draws (as the web page does); between agents a draw is not
    told as a number either (a card's place in a deck means nothing to a reader), while
    dice are (tests/test_narration_draws.py)."""
    code, output = _play(["high_card", "--agents", "human,random"], "1\n1\n1\n1\n1\n1\n")
    assert code == 0 and "south plays" in output and "(rolls" not in output
    code, output = _play(["high_card", "--agents", "random,random", "--seed", "1"], "")
    assert code == 0 and "south plays" in output and "(rolls" not in output


def test_an_option_whose_only_card_is_filled_in_names_it() -> None:
    """An action listed whole because its target has one possible value (the one card a
    player can afford) names that card beside it, as a card chosen by number is named:
    `buy card=#2  [gem #2]`, not the bare id."""
    game = build("""\
game: shop
players: [a, b]
zones: {row: public, hand: owner}
entities:
  gem: {params: {cost: 1}}
actions:
  buy:
    targets:
      card: {kind: entity, from: "zone(player, 'row')"}
    effects: [{move_card: {card: card, to: hand}}]
    ends_turn: true
  pass: {ends_turn: true}
flow:
  phases: [{name: p, actions: [buy, pass]}]
end:
  round_limit: 1
setup:
  entities:
    - {type: gem, owner: a, zone: row}
""", "shop.yaml")
    state = game.new_state(0)
    _, shown = answer(game, state, "1\n")
    assert re.search(r"\d\s+buy card=#1\s+\[gem #1\]", shown), shown


FORCED = """\
game: forced
players: [ann, bob]
player:
  cards: 0
actions:
  draw:
    effects: [{modify: {what: player.cards, by: 1}}]
  play: {ends_turn: true}
  hold: {ends_turn: true}
flow:
  phases:
    - name: turn
      steps:
        - {name: draw, actions: [draw], max_actions: 1}
        - {name: act, actions: [play, hold], max_actions: 1}
end: {round_limit: 2}
"""


def test_a_move_with_one_option_is_told_under_its_heading(tmp_path: Path) -> None:
    """At the terminal table, a person's move with one option is not announced before
    the round's heading: the narration tells it in its place, marked as taken for them."""
    rules = tmp_path / "forced.yaml"
    rules.write_text(FORCED)
    code, output = _play([str(rules), "--agents", "human,random", "--seed", "1"], "1\n1\n")
    assert code == 0, output
    assert "is taken" not in output
    lines = output.splitlines()
    at = next(i for i, x in enumerate(lines) if x.strip() == "ann draw")
    assert lines[at - 1].startswith("round 1")
    assert "the only option: taken without asking" in lines[at + 1]


def test_a_square_not_offered_is_answered_with_why_not() -> None:
    """A square typed alone that is not among the choices (taken, or off the board) is
    answered as the whole action's text would be, not as text that names no action."""
    game = stratagem.load("tic_tac_toe")
    state = game.new_state(seed=0)
    first = game.legal_actions(state)[0]
    state = game.apply(state, first)
    (name, taken), = first.targets
    action, shown = answer(game, state, f"{taken}\n(7,7)\n1\n")
    assert action in game.legal_actions(state)
    assert f"{taken} is not a choice for {name} now: target {name}={taken} is not a possible" \
        in shown
    assert f"(7,7) is not a choice for {name} now" in shown
    assert "must start with an action name" not in shown


CARD_FACES = """
game: faces
players: [ann, bob]
entities:
  card: {params: {value: 0}}
zones:
  hand: owner
  played: everyone
actions:
  play:
    targets:
      card: {kind: card, from: "zone(player, 'hand')"}
    effects: [{move_card: {card: card, to: played}}]
    ends_turn: true
display:
  show: [value]
flow:
  phases: [{name: play, actions: [play]}]
end:
  round_limit: 1
setup:
  entities:
    - {type: card, owner: ann, zone: hand, params: {value: 10}}
    - {type: card, owner: ann, zone: hand, params: {value: 20}}
    - {type: card, owner: bob, zone: hand, params: {value: 30}}
"""


def test_a_card_option_says_what_display_show_names_of_the_card() -> None:
    """The options name a card as the hand does (`card #1 (value 10)`), not by its id alone."""
    from stratagem.rules import compile_text  # noqa: PLC0415

    game = compile_text(CARD_FACES)
    state = game.new_state(seed=0)
    _, shown = answer(game, state, "?\n1\n")
    for card in state.zone(0, "hand"):
        assert f"play card=#{card}  [card #{card} (value {state.entity(card)['value']})]" \
            in shown


def test_display_show_leaves_the_game_state_line_shown() -> None:
    """`display: show` names what a unit or card shows; the game-state parameters are still
    written (it hid `game: newest 3`)."""
    from stratagem.agents.human import written_places  # noqa: PLC0415
    from stratagem.rules import compile_text  # noqa: PLC0415

    text = CARD_FACES.replace("zones:", "state:\n  newest: 0\nzones:").replace(
        "setup:\n", "setup:\n  effects: [{set: {what: game.newest, to: 3}}]\n")
    game = compile_text(text)
    assert written_places(game, game.new_state(seed=0)) == ["game: newest 3"]
