"""`text_values:` on an action: named values worked out from an option (its player, actor
and targets) that the action's `text` shows, such as the odds of an attack before it is
rolled (the chit-pull writer's finding 13). They are worked out when an option's words are
asked for (the prompt, `list`, `show`, the web page, the log), never while options are
listed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import stratagem
from rules_helpers import build, problems
from stratagem.agents import HumanAgent
from stratagem.engine import RuleError
from stratagem.web import Session
from test_cli import run

# Red's two pawns face blue's two; `odds` is the attacker's strength over the defender's.
RULES = """\
game: odds
players: [red, blue]
board: {size: [4, 1]}
entities:
  pawn:
    params: {att: 6, dfn: 2, hp: 3}
    actions: [attack]
define:
  odds_of(a, t): "floor(a.att / t.dfn)"
actions:
  attack:
    text: "{actor} attacks {target} at {odds}:1 for {side}"
    text_values:
      odds: "odds_of(actor, target)"
      side: "player"
    targets:
      target: {entity: enemy}
    effects:
      - damage: {to: target, amount: 1}
    ends_turn: true
flow:
  phases:
    - name: main
      actions: [attack]
end: {round_limit: 2}
setup:
  entities:
    - {type: pawn, owner: red, at: [0, 0]}
    - {type: pawn, owner: red, at: [1, 0], params: {att: 2}}
    - {type: pawn, owner: blue, at: [2, 0]}
    - {type: pawn, owner: blue, at: [3, 0], params: {dfn: 3}}
"""


def test_the_text_shows_what_its_values_work_out_for_each_option() -> None:
    """Each option reads with its own odds, and a player value by its name."""
    game = build(RULES)
    s = game.new_state()
    said = {str(a): game.describe_action(s, 0, a) for a in game.legal_actions(s)}
    assert said == {"attack #1 target=#3": "pawn #1 attacks pawn #3 at 3:1 for red",
                    "attack #1 target=#4": "pawn #1 attacks pawn #4 at 2:1 for red",
                    "attack #2 target=#3": "pawn #2 attacks pawn #3 at 1:1 for red",
                    "attack #2 target=#4": "pawn #2 attacks pawn #4 at 0:1 for red"}


def test_values_are_worked_out_only_when_words_are_asked_for() -> None:
    """Listing, checking and applying options never works a value out: a whole game of
    random play calls none, and telling one option calls each value once."""
    game = build(RULES)
    at = game.action_types["attack"]
    calls = []

    def counted(fn):  # type: ignore[no-untyped-def]
        return lambda ctx: calls.append(1) or fn(ctx)

    object.__setattr__(at, "text_values", tuple((n, counted(f)) for n, f in at.text_values))
    result = stratagem.play(game, ["random", "random"], seed=1)
    assert result.outcome is not None and calls == []
    s = game.new_state()
    game.describe_action(s, 0, game.legal_actions(s)[0])
    assert len(calls) == 2


def test_the_terminal_prompt_and_list_show_the_values() -> None:
    """At the terminal each option of the action shows its sentence with the odds, and so
    does `list`."""
    game = build(RULES)
    s = game.new_state()
    out = io.StringIO()
    agent = HumanAgent(game, stdin=io.StringIO("list\n1\n2\n"), stdout=out)
    choice = agent.choose(s.view(0), s.decision)
    shown = out.getvalue()
    assert "attack #1 target=#3  [pawn #1 attacks pawn #3 at 3:1 for red]" in shown
    assert "  attack #2 target=#4  [pawn #2 attacks pawn #4 at 0:1 for red]" in shown  # list
    assert str(choice.action) == "attack #1 target=#4"
    assert "[pawn #1 attacks pawn #4 at 2:1 for red]" in shown


def test_show_the_web_page_and_the_log_tell_the_values(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """`stratagem show` lists each option with its sentence, the web page's buttons carry
    it, and the narrated move says the odds it was taken at."""
    rules = tmp_path / "odds.yaml"
    rules.write_text(RULES)
    saved = tmp_path / "s.json"
    assert run(capsys, "new", str(rules), "--out", str(saved))[0] == 0
    code, out, _err = run(capsys, "show", str(saved))
    assert code == 0 and "attack #2 target=#3  [pawn #2 attacks pawn #3 at 1:1 for red]" in out
    game = stratagem.load(str(rules))
    session = Session(game, ["human", "random"], 0)
    labels = [o["label"] for o in session.snapshot()["decision"]["options"]]
    assert "pawn #1 attacks pawn #3 at 3:1 for red" in labels
    session.act("attack #1 target=#3")
    assert session.snapshot()["log"][0]["line"] == "pawn #1 attacks pawn #3 at 3:1 for red"


def test_the_chit_pull_copy_tells_its_odds_before_the_roll() -> None:
    """In the chit-pull copy an attack option reads with the odds column the narrated
    combat then rolls on."""
    game = stratagem.load(str(Path(__file__).parent / "rules_fixtures" / "chits_repeat.yaml"))
    pairs = []

    def note(before, player, action, rationale, after):  # type: ignore[no-untyped-def]
        if action.type == "attack":
            events = [dict(f) for n, f in after.history[-1].events if n == "combat"]
            pairs.append((game.describe_action(before, player, action), events[0]["odds"]))

    stratagem.play(game, ["random", "random"], seed=1, on_step=note)
    assert pairs
    for said, odds in pairs:
        assert said.endswith(f" at {odds}"), (said, odds)


@pytest.mark.parametrize(("values", "message"), [
    ('{odds: "odds_of(actor, target)", spare: "1", side: "player"}',
     "rules.yaml:13:51: the text value `spare` is named in neither `text` nor "
     "`text_without_target`"),
    ('{odds: "1", target: "2", side: "player"}',
     "rules.yaml:13:30: `target` is already the action's target"),
    ('{odds: "1d6 + actor.att", side: "player"}',
     "rules.yaml:13:25: the text value `odds` is dice: an option's words are worked out, "
     "never rolled"),
    ('{odds: "actor.nope", side: "player"}', "rules.yaml:13:32: no entity type has a "
     "parameter `nope`"),
    ('[odds, side]', "rules.yaml:13:18: `text_values` must be a mapping"),
])
def test_a_malformed_value_is_one_error_at_its_place(values: str, message: str) -> None:
    """Each mistake in `text_values` is reported once, at its line and column."""
    text = RULES.replace('''    text_values:
      odds: "odds_of(actor, target)"
      side: "player"
''', f"    text_values: {values}\n")
    found = problems(text)
    assert len(found) == 1 and found[0].startswith(message), found


def test_a_placeholder_with_no_value_points_to_text_values() -> None:
    """A `{name}` that is neither the player, the actor, a target nor a value says where a
    worked-out value goes."""
    found = problems(RULES.replace('      side: "player"\n', ""))
    assert len(found) == 1 and "`{side}`" in found[0] and \
        "a value worked out from them goes under `text_values: {side: EXPRESSION}`" in found[0]


def test_a_value_that_fails_in_play_names_its_action() -> None:
    """A value that fails when an option is told stops with one error at the action's
    place in the rules, not a Python traceback."""
    game = build(RULES.replace('odds: "odds_of(actor, target)"', 'odds: "[1, 2][actor.att]"'))
    s = game.new_state()
    with pytest.raises(RuleError, match=r"rules.yaml:\d+:\d+: action `attack`: a rule failed"):
        game.describe_action(s, 0, game.legal_actions(s)[0])
