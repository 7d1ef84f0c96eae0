"""`repeat: {until: TEST, most: N}` on a phase: the phase runs again, whole (its `on_start`,
its turns, its `on_end`), until its test holds after a run, or it has run N times in the
round (a chit-pull wargame draws a chit and activates a side until the end-of-turn chit
comes out: the chit-pull writer's finding 12)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import stratagem
from rules_helpers import act, build, problems
from stratagem.arena import Replay, narration, replay_game
from stratagem.engine import RuleError, RunawayError
from stratagem.rules import check_rules
from stratagem.web import Session
from test_cli import run

HERE = Path(__file__).parent
CHITS = HERE / "rules_fixtures" / "chits_repeat.yaml"
PROGRAM = HERE / "outsider" / "chits" / "blue_ai.yaml"

# Each run of `draw` adds one to `pulls` as it begins, and `ended` counts the runs that
# ended; the phase repeats until three pulls, then `tidy` runs once. Both players pass in
# every turn, so each run of a phase is two decisions.
RULES = """\
game: pulls
players: [red, blue]
state:
  pulls: 0
  ended: 0
  seen: 0
actions:
  pass_turn: {ends_turn: true}
narration:
  pulled: "pull {n}"
flow:
  phases:
    - name: draw
      REPEAT
      on_start:
        - modify: {what: game.pulls, by: 1}
        - set: {what: game.seen, to: game.repetition}
        - emit: {event: pulled, narrate: true, fields: {n: game.pulls}}
      on_end:
        - modify: {what: game.ended, by: 1}
      actions: [pass_turn]
    - name: tidy
      on_start: [{set: {what: game.pulls, to: 0}}]
      actions: [pass_turn]
end: {round_limit: 2}
"""


def pulls(repeat: str = 'repeat: {until: "game.pulls >= 3"}'):  # type: ignore[no-untyped-def]
    return build(RULES.replace("REPEAT", repeat))


def headings(game, state, n: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Where the flow stands at each of the next ``n`` decisions (each answered by the
    first option)."""
    out = []
    for _ in range(n):
        out.append(game.describe_flow(state))
        state = game.apply(state, state.decision.actions[0])
    return out


def test_a_phase_runs_again_until_its_test_holds() -> None:
    """The phase runs three times, each run numbered in the flow's words, then the round
    goes on to the next phase; the next round starts the count again."""
    game = pulls()
    seen = headings(game, game.new_state(), 10)
    assert seen == ["round 1, draw 1"] * 2 + ["round 1, draw 2"] * 2 + \
        ["round 1, draw 3"] * 2 + ["round 1, tidy"] * 2 + ["round 2, draw 1"] * 2


def test_each_run_has_its_own_hooks_and_knows_its_number() -> None:
    """`on_start` and `on_end` run once a run; `game.repetition` counts the runs from 1;
    the test is read once `on_end` has run."""
    game = pulls('repeat: {until: "game.ended >= 2"}')
    s = game.new_state()
    assert (s.counters["state:pulls"], s.counters["state:seen"]) == (1, 1)
    s = act(game, act(game, s, "pass_turn"), "pass_turn")
    assert (s.counters["state:pulls"], s.counters["state:seen"]) == (2, 2)
    assert s.counters["state:ended"] == 1
    s = act(game, act(game, s, "pass_turn"), "pass_turn")
    # two runs ended: `until` read the second `on_end`'s count, and `tidy` begins
    assert game.describe_flow(s) == "round 1, tidy"
    assert s.counters["state:ended"] == 2 and s.counters["state:pulls"] == 0


def test_most_bounds_the_runs_and_alone_repeats_a_fixed_number_of_times() -> None:
    """`most` stops the phase after that many runs even if `until` never held; `most`
    alone runs the phase exactly that many times a round."""
    capped = pulls('repeat: {until: "game.pulls >= 9", most: 2}')
    assert headings(capped, capped.new_state(), 6)[3:] == ["round 1, draw 2",
                                                           "round 1, tidy", "round 1, tidy"]
    fixed = pulls("repeat: {most: 4}")
    seen = headings(fixed, fixed.new_state(), 10)
    assert seen[6:] == ["round 1, draw 4"] * 2 + ["round 1, tidy"] * 2


def test_a_phase_that_never_stops_repeating_is_an_error_not_a_hang() -> None:
    """Without `most`, a phase whose test never comes true stops the game with an error
    that names it, after 1,000 runs in a round, rather than running for ever."""
    game = build(RULES.replace("REPEAT", 'repeat: {until: "game.pulls < 0"}')
                 .replace("actions: [pass_turn]\n    - name: tidy", "actions: []\n    - name: tidy"))
    with pytest.raises(RunawayError, match=r"phase `draw` ran 1,000 times in round 1 and its "
                       r"`repeat: until` never held \(`game.pulls < 0`\)"):
        game.new_state()


def test_a_test_that_fails_in_play_is_told_at_its_place() -> None:
    """An `until` that fails as it is read (an index off a list) stops the game with one
    error at its line and column, naming the phase."""
    game = pulls('repeat: {until: "[1, 2][game.pulls] == 5"}')
    s = game.new_state()
    for _ in range(3):  # the first run's two turns, and the second's first
        s = act(game, s, "pass_turn")
    with pytest.raises(RuleError, match=r"rules.yaml:14:23: the `repeat: until` of phase "
                       r"`draw`: a rule failed while resolving: .*no item 2 in a list of 2"):
        act(game, s, "pass_turn")


@pytest.mark.parametrize(("repeat", "message"), [
    ('repeat: {until: "false"}', "8:23: `until` never holds: the phase would run for ever"),
    ("repeat: {until: true, most: 3}", "8:23: `until` always holds"),
    ('repeat: "game.pulls > 2"', "8:15: `repeat` is a mapping with `until` and/or `most`"),
    ("repeat: {}", "8:15: `repeat` needs `until`"),
    ("repeat: {most: 0}", "8:22: `most` must be from 1, not 0"),
    ('repeat: {until: "game.pulls > 2", times: 3}', "8:41: unknown key `times` in `repeat`"),
    ('repeat: {untill: "game.pulls > 2"}', "8:16: unknown key `untill` in `repeat`"),
    ('repeat: {until: "player.pulls > 2"}', "8:24: `player` is not known in a phase's "
     "`repeat: until`"),
])
def test_a_malformed_repeat_is_one_error_at_its_place(repeat: str, message: str) -> None:
    """Each mistake in `repeat` is reported once, at its line and column."""
    text = ("game: g\nplayers: [a, b]\nstate: {pulls: 0}\nactions: {go: {ends_turn: true}}\n"
            f"flow:\n  phases:\n    - name: p\n      {repeat}\n      actions: [go]\n")
    found = problems(text)
    assert len(found) == 1 and f"rules.yaml:{message}" in found[0], found


def test_validate_warns_of_a_test_that_reads_what_nothing_writes(tmp_path: Path) -> None:
    """`validate` warns when `until` reads only game parameters no effect writes (it can
    never come true), and not when an effect writes them or `most` bounds the phase."""
    path = tmp_path / "g.yaml"
    text = RULES.replace("REPEAT", 'repeat: {until: "game.stuck == 1"}') \
        .replace("  seen: 0\n", "  seen: 0\n  stuck: 0\n")
    path.write_text(text)
    said = [str(w) for w in check_rules(path)[1]]
    assert any("g.yaml:15:23: nothing in the rules writes `game.stuck`" in w for w in said), said
    path.write_text(text.replace('until: "game.stuck == 1"', 'until: "game.stuck == 1", most: 5'))
    assert not [w for w in check_rules(path)[1] if "nothing in the rules writes" in str(w)]
    path.write_text(RULES.replace("REPEAT", 'repeat: {until: "game.pulls >= 3"}'))
    assert not [w for w in check_rules(path)[1] if "nothing in the rules writes" in str(w)]


def test_saved_and_read_back_mid_repetition() -> None:
    """A state in the third run of a phase is saved with its count of runs, reads back
    equal and goes on the same; the files of a phase's first run, and of games without
    `repeat`, keep the flow's fields they always had."""
    game = pulls()
    s = game.new_state()
    first = json.loads(game.serialize(s))["flow"]
    for _ in range(4):
        s = act(game, s, "pass_turn")
    text = game.serialize(s)
    flow = json.loads(text)["flow"]
    assert len(first) == 12 and len(flow) == 13 and flow[-1] == 2
    back = game.deserialize(text)
    assert back == s and game.describe_flow(back) == "round 1, draw 3"
    assert game.serialize(act(game, back, "pass_turn")) == game.serialize(act(game, s, "pass_turn"))
    ttt = stratagem.load("tic_tac_toe")
    assert len(json.loads(ttt.serialize(ttt.new_state()))["flow"]) == 12


def _told(game, seed: int, agents=("random", "random")):  # type: ignore[no-untyped-def]
    """A game played from ``seed``, and the headings of its narration in order (each move's
    and each turn's begun within a move), as the terminal and the web page tell them."""
    where: list[str] = []

    def tell(before, player, action, rationale, after):  # type: ignore[no-untyped-def]
        step = narration.tell(game, before, player, action, after)
        where.extend(w.split("/")[0] for w in (step.where, *(t.where for t in step.then)))

    return stratagem.play(game, list(agents), seed=seed, on_step=tell), where


def test_the_narration_tells_each_run_once_under_its_own_heading() -> None:
    """Every run of a repeating phase has a heading of its own ("round 1, draw 2"), the
    sentence said as a run begins is told under it, and no heading comes back once left."""
    game = pulls()
    result, where = _told(game, 1)
    shown = [w for i, w in enumerate(where) if i == 0 or where[i - 1] != w]
    assert shown == ["round 1, draw 1", "round 1, draw 2", "round 1, draw 3", "round 1, tidy",
                     "round 2, draw 1", "round 2, draw 2", "round 2, draw 3", "round 2, tidy"]
    opening = narration.opening_lines(game, 1)
    assert opening == (("round 1, draw 1", ("pull 1",)),)
    log = result.state.history
    assert [n for r in log for n, _ in r.events] == ["pulled"] * 5  # runs 2, 3 of each round
    # the log marks where runs 2 and 3 began with the runs before them (the first run's
    # mark keeps the five parts every other game's log has)
    marks = [m for r in log for m in r.turns if m[3:5] == (1, 0)]
    assert [m[5:] for m in marks] == [(1,), (2,)]


def test_a_game_with_a_repeating_phase_replays_and_reads_back() -> None:
    """A played game of the chit-pull copy replays exactly from its file, and every state
    it passed through reads back from its saved text."""
    game = stratagem.load(str(CHITS))
    states = []
    result = stratagem.play(game, ["random", "random"], seed=3,
                            on_step=lambda b, p, a, r, after: states.append(after))
    replay = Replay.from_json(result.replay.to_json())
    assert replay_game(game, replay) == result.state
    assert any(s.flow.repeats for s in states)
    for s in states[::7]:
        assert game.deserialize(game.serialize(s)) == s


def test_the_cli_saves_moves_and_shows_a_repeating_phase(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """`new`, `move` and `show` work through a run of a repeating phase (and the saved
    files say which run it is)."""
    first = tmp_path / "s.json"
    code, out, err = run(capsys, "new", str(CHITS), "--seed", "3", "--out", str(first))
    assert code == 0, err
    code, out, err = run(capsys, "show", str(first))
    assert code == 0 and "game turn 1, activation 1/movement" in out, err
    state = first
    for i in range(2):  # blue (its 5th formation drawn) ends its movement, then its activation
        nxt = tmp_path / f"m{i}.json"
        action = "end_move" if i == 0 else "end_activation"
        code, out, err = run(capsys, "move", str(state), action, "--out", str(nxt))
        assert code == 0, err
        state = nxt
    code, out, err = run(capsys, "show", str(state))
    assert code == 0 and "game turn 1, activation 2/movement" in out, err


def test_the_web_page_and_the_agents_play_a_repeating_phase() -> None:
    """The web page's session tells the run in its flow line and plays on; the program
    written for the six-copy game, and a search agent, play the one-phase copy through."""
    game = stratagem.load(str(CHITS))
    session = Session(game, ["human", "random"], 3)
    snap = session.snapshot()
    assert snap["flow"].startswith("game turn 1, activation")
    result = stratagem.play(game, ["osla", f"program:{PROGRAM}"], seed=2)
    assert result.outcome is not None and result.outcome.reason


def test_the_chits_game_rewritten_with_one_repeating_phase() -> None:
    """The chit-pull wargame, its six copied activation phases written as one phase that
    repeats until the end-of-turn chit is out, plays six turns to a result on towns, with
    a turn of more activations than the six copies allowed."""
    game = stratagem.load(str(CHITS))
    assert [p.name for p in game.phases] == ["activation"]
    result, where = _told(game, 7)
    assert result.outcome.reason.startswith("game turn limit (6) reached")
    assert "game turn 1, activation 1" in where
    assert any(w.endswith("activation 7") for w in where), sorted(set(where))
