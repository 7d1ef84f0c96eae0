"""The terminal as a game table: `play` with a person's seat (through a pseudo-terminal:
board, coordinates, legend, stable numbers, reason lines, spinner), reaction questions,
`?`, `rules`, `games`, `agents`, help that reads whole, FILE|NAME, exit codes and
completion."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

import stratagem
from conftest import like_a_terminal
from stratagem.agents.base import Choice
from stratagem.agents.human import describe_view
from stratagem.cli.board import plain
from stratagem.cli.main import cli, main
from stratagem.cli.table import (
    TableHuman,
    TableNarrator,
    event_sentence,
    reaction_question,
    stable_number,
)
from stratagem.engine import ActionBuilder, EventFrame, Pos, Ref, Rng

SRC = Path(__file__).parents[1] / "src"
OUTSIDER = Path(__file__).parent / "outsider" / "marches" / "marches.yaml"


def run(capsys: pytest.CaptureFixture[str], *args: str, typed: str = "",
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    """Run the CLI; (exit status, stdout, stderr)."""
    if monkeypatch is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


def seen(child: pexpect.spawn) -> str:
    """What the child printed before the last match, without terminal codes."""
    return ANSI.sub("", child.before)


def spawn(cwd: Path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, PYTHONPATH=str(SRC), NO_COLOR="1", COLUMNS="120", TERM="xterm")
    return pexpect.spawn(sys.executable, ["-m", "stratagem.cli.main", *args], cwd=str(cwd),
                         env=env, encoding="utf-8", timeout=90,
                         preexec_fn=like_a_terminal)


# ---------------------------------------------------------------- through a terminal
def test_connect_four_at_the_terminal(tmp_path: Path) -> None:
    """Connect four with a person's seat: the board with its coordinates and legend, the
    column number as the choice number, a spinner while the agent thinks, its reason
    under its move, and the last move marked."""
    child = spawn(tmp_path, "play", "connect_four", "--agents", "human,mcts:seconds=1")
    child.expect("x> ")
    first = seen(child)
    assert "0  1  2  3  4  5  6" in first
    assert re.search(r"^5 +·", first, re.MULTILINE)
    assert "■ X" in first and "■ O" in first
    for column in range(7):
        assert f"  {column}  drop column={column}" in first
    child.sendline("3")
    child.expect("is thinking")
    second = seen(child)
    child.expect("x> ")
    second += seen(child)
    assert "x drops into column 3" in second
    assert re.search(r"o drops into column \d\s+↳ Drops into column \d: \d+% over \d+ look-aheads",
                     second)
    assert "last move: [ ] at" in second and "[o]" in second
    assert "  0  drop column=0" in second  # numbers did not shift
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_broken_throne_at_the_terminal(tmp_path: Path) -> None:
    """Broken Throne: each side's units told apart, coordinates, terrain legend, the units'
    health in a side table, units numbered by their ids and actions by their place in the
    rules (an action's number stays when others disappear)."""
    child = spawn(tmp_path, "play", "broken_throne", "--agents", "human,novice")
    child.expect("red> ")
    first = seen(child)
    assert "0   1   2   3   4   5   6   7   8   9" in first
    assert "Red: Kr knight" in first and "Blue: Kb knight" in first
    assert "terrain:" in first and "forest" in first
    assert "knight #1     (2,2)  20/20" in first
    assert re.search(r"^\s+1  select …$", first, re.MULTILINE)
    assert re.search(r"^\s+11  end_turn$", first, re.MULTILINE)
    child.sendline("1")
    child.expect("red> ")
    units = seen(child)
    for unit in range(1, 5):
        assert f"  {unit}  select #{unit}" in units
    child.sendline("2")
    child.expect("red> ")
    after = seen(child)
    assert "selects spearman #2" in after
    assert re.search(r"^\s+11  end_turn$", after, re.MULTILINE)
    child.sendline("?")
    child.expect("red> ")
    assert "your options now" in seen(child) and "end_turn" in seen(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_hex_board_at_the_terminal(tmp_path: Path) -> None:
    """Outpost, on pointy-topped hexes with odd rows pushed right: every odd row is drawn
    half a cell further right than the even rows, with its row number; the legend names
    both sides and the terrain; a march is chosen by its number, then each squad by its
    id, the two stacked on one hex included."""
    child = spawn(tmp_path, "play", "outpost", "--agents", "human,random", "--seed", "1")
    child.expect("attackers> ")
    first = seen(child)
    rows = {int(m.group(1)): m.group(2) for m in
            re.finditer(r"^(\d) (\s*)[·♣∩oRsM]", first, re.MULTILINE)}
    assert sorted(rows) == list(range(7))
    assert all(len(rows[y]) == len(rows[0]) + (2 if y % 2 else 0) for y in rows), rows
    assert "Attackers: R rifles" in first and "Defenders: s sentry, M mg" in first
    assert "terrain:" in first and "hill" in first and "wood" in first
    assert re.search(r"^\s+1  march …$", first, re.MULTILINE)
    child.sendline("1")
    child.expect("attackers> ")
    units = seen(child)
    for unit in (1, 2, 3):  # the two squads stacked on (0,3) and the one on (1,5)
        assert f"  {unit}  rifles #{unit} …" in units
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# ---------------------------------------------------------------- numbers and questions
def test_numbers_come_from_something_stable() -> None:
    """A cell keeps its number row by row, a column its own number, a unit its id, an action
    its place in the rules, and `pass` is 0."""
    ttt = stratagem.load("tic_tac_toe")
    assert [stable_number(ttt, Pos(x, y)) for y in range(3) for x in range(3)] == \
        list(range(1, 10))
    c4 = stratagem.load("connect_four")
    assert [stable_number(c4, c) for c in range(7)] == list(range(7))
    bt = stratagem.load("broken_throne")
    assert stable_number(bt, Ref(5)) == 5
    assert stable_number(bt, "end_turn") == list(bt.action_types).index("end_turn") + 1
    assert stable_number(bt, "pass") == 0


def test_tic_tac_toe_cells_do_not_shift(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """In tic-tac-toe a cell's number is the same every turn: 9 is the corner (2,2) once
    cells before it are taken."""
    code, out, _ = run(capsys, "play", "tic_tac_toe", "--agents", "human,random",
                       typed="1\n9\nquit\n", monkeypatch=monkeypatch)
    assert code == 0
    assert "x marks (0,0)" in out
    assert out.count("  9  place cell=(2,2)") == 2
    assert "x marks (2,2)" in out


def parry_state():  # type: ignore[no-untyped-def]
    """Skirmish played by seeded picks (attacks first, reactions passed) to the first
    parry offered."""
    game = stratagem.load("skirmish")
    state, rng = game.new_state(0), Rng(0)
    for _ in range(300):
        actions = game.legal_actions(state)
        d = state.decision
        assert d is not None
        if d.kind == "reaction":
            if any(a.type == "parry" for a in actions):
                return game, state
            state = game.apply(state, next(a for a in actions if a.type == "pass"))
            continue
        pool = [a for a in actions if a.type in ("attack", "strike")] or list(actions)
        state = game.apply(state, pool[rng.below(len(pool))])
    raise AssertionError("no parry offered")


def test_a_reaction_is_asked_as_a_sentence() -> None:
    """A reaction prompt says what happened and asks, in words: no raw field dump."""
    game, state = parry_state()
    question = reaction_question(game, state, ActionBuilder(state))
    assert re.fullmatch(r"Goblin #2's attack hits fighter #1 for \d+\. Fighter #1: parry\?",
                        question), question
    assert "True" not in question and "=" not in question


def test_play_asks_reactions_as_sentences(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """At `play`, the person's reaction prompts are sentences and questions, numbered with
    `pass` as 0."""
    code, out, _ = run(capsys, "play", "skirmish", "--agents", "human,random",
                       typed="random\n" * 300, monkeypatch=monkeypatch)
    assert code == 0
    assert "Goblin #2's attack hits fighter #1 for 6. Fighter #1: parry?" in out
    assert re.search(r"^Goblin #2 is about to move from \(\d,\d\) to \(\d,\d\)\. "
                     r"Fighter #1: opportunity attack\?$", out, re.MULTILINE)
    assert re.search(r"^\s+0  pass$", out, re.MULTILINE)
    assert "may react before" not in out


def test_an_event_without_narration_is_told_from_its_fields() -> None:
    """A move is told by its mover and squares, an attack by its attacker, target, hit and
    damage, anything else by its name and fields in words."""
    game = stratagem.load("skirmish")
    state = game.new_state(0)

    def frame(name: str, fields: dict[str, object], stage: str = "pending") -> EventFrame:
        return EventFrame(0, name, fields, stage, None, 0, False, None, (), None)  # type: ignore[arg-type]

    assert event_sentence(game, state, frame("moved", {"mover": Ref(1), "from": Pos(2, 1),
                                                       "to": Pos(4, 1)})) == \
        "Fighter #1 is about to move from (2,1) to (4,1)"
    assert event_sentence(game, state, frame("attacked", {"attacker": Ref(2), "target": Ref(1),
                                                          "hit": False, "damage": 0})) == \
        "Goblin #2's attack misses fighter #1"
    assert event_sentence(game, state, frame("attacked", {"attacker": 2, "target": 1,
                                                          "hit": True, "damage": 3})) == \
        "Goblin #2's attack hits fighter #1 for 3"
    assert event_sentence(game, state, frame("cheered", {"entity": Ref(2), "loud_by": 3})) == \
        "Goblin #2: cheered (loud by 3)"


def test_help_at_the_prompt_shows_the_rules_and_the_options() -> None:
    """`?` prints the game's rules (its README's rules) and what the options now mean."""
    game = stratagem.load("connect_four")
    human = TableHuman(game)
    state = game.new_state(0)
    assert state.decision is not None
    text = human.help_text(state, state.decision, ActionBuilder(state))
    assert "four of their pieces in a line" in text
    assert "your options now" in text and "drop: drops into column …" in text


def test_private_reasons_reach_only_their_own_seat() -> None:
    """The reason every seat may read is shown; the private one only when the agent's seat
    is the one person's own, or nobody plays — never to an opponent."""
    game = stratagem.load("tic_tac_toe")
    chosen: dict[int, Choice] = {}
    person = {0: TableHuman(game)}
    against = TableNarrator(game, person, chosen, explain=True)
    assert not against.may_read_private(1)
    assert against.may_read_private(0)
    assert TableNarrator(game, {}, chosen, explain=True).may_read_private(1)
    hot_seat = TableNarrator(game, {0: TableHuman(game), 1: TableHuman(game)}, chosen)
    assert not hot_seat.may_read_private(0) and not hot_seat.may_read_private(1)


def test_explain_prints_reasons_under_the_moves(capsys: pytest.CaptureFixture[str]) -> None:
    """`--explain` prints an agent's reason under its move; without it, none."""
    code, out, _ = run(capsys, "play", "tic_tac_toe", "--agents", "osla,osla", "--explain")
    assert code == 0 and "↳ " in out
    code, out, _ = run(capsys, "play", "tic_tac_toe", "--agents", "osla,osla")
    assert code == 0 and "↳ " not in out


# ---------------------------------------------------------------- commands
def test_rules_prints_the_rules_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem rules GAME` prints the README's rules, the players, units and actions."""
    code, out, _ = run(capsys, "rules", "skirmish")
    assert code == 0
    assert "Players: Heroes, Monsters" in out
    assert "Scenarios: duel, ambush, clearing" in out
    assert "parry" in out and "Spend a superiority die" in out
    code, out, _ = run(capsys, "rules", "connect_four")
    assert code == 0 and "four of their pieces" in out and "drop" in out


def test_the_rules_sheet_gives_a_units_starting_values(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """A unit's parameters read as they start, with their most beside them when it differs
    (`strength 3 (max 6)`; the sheet gave the most alone, `strength 6`)."""
    path = tmp_path / "marches.yaml"
    path.write_text(OUTSIDER.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run(capsys, "rules", str(path))
    assert code == 0 and re.search(r"army\s+strength 3 \(max 6\)\s", out), out
    code, out, _ = run(capsys, "rules", "skirmish")
    assert code == 0 and "hp 16, ac 17" in out and "(max" not in out


def test_written_tile_and_game_parameters_are_shown(tmp_path: Path) -> None:
    """Who holds a region (a tile parameter) and the game's own parameters (`state:`), once
    play writes them, are shown under the players in `show`'s text and on the table (they
    were shown nowhere)."""
    game = stratagem.load(OUTSIDER)
    rng = Rng(2)
    state = game.new_state(seed=3)
    while not any(k.startswith("tile:") for k in state.counters):
        options = state.decision.actions
        state = game.apply(state, options[rng.below(len(options))])
    ((key, value),) = [(k, v) for k, v in state.counters.items() if k.startswith("tile:")]
    x, y = (int(v) for v in key.split(":")[1].split(","))
    kind = state.tiles[y * game.board.width + x]
    line = f"tile ({x},{y}) {kind}: {key.split(':')[2]} {value}"
    assert f"  {line}" in describe_view(game, state, board=False)
    assert line in plain(game, state.view(0))
    path = tmp_path / "tally.yaml"
    path.write_text("""\
game: tally
players: [red, blue]
state:
  tension: {default: 0, max: 9}
actions:
  raise: {effects: [{modify: {what: game.tension, by: 2}}], ends_turn: true}
flow:
  phases: [{name: turns, actions: [raise]}]
end: {round_limit: 2}
""", encoding="utf-8")
    tally = stratagem.load(path)
    start = tally.new_state(seed=0)
    assert not [ln for ln in describe_view(tally, start) if "game: " in ln]
    raised = tally.apply(start, start.decision.actions[0])
    assert "  game: tension 2" in describe_view(tally, raised)
    assert "game: tension 2" in plain(tally, raised)
    # Bookkeeping the players need not see is hidden like a unit's (it was refused).
    path.write_text(path.read_text(encoding="utf-8").replace(
        "  tension: {default: 0, max: 9}\n",
        "  tension: {default: 0, max: 9}\n  turns_taken: 0\n").replace(
        "by: 2}}]", "by: 2}}, {modify: {what: game.turns_taken, by: 1}}]")
        + "display: {hide: [turns_taken]}\n", encoding="utf-8")
    hidden = stratagem.load(path)
    raised = hidden.apply(hidden.new_state(seed=0), hidden.new_state(seed=0).decision.actions[0])
    assert raised.counters["state:turns_taken"] == 1
    assert "  game: tension 2" in describe_view(hidden, raised)
    assert "turns_taken" not in plain(hidden, raised)


def test_games_marks_the_default_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    """`games` names each game's default; `--scenarios` lists each scenario with its
    description, the default marked."""
    code, out, _ = run(capsys, "games")
    line = next(ln for ln in out.splitlines() if ln.startswith("skirmish"))
    assert code == 0 and "default: duel" in line
    code, out, _ = run(capsys, "games", "--scenarios")
    assert code == 0
    assert re.search(r"^\s+\* duel\s+The fighter against a goblin", out, re.MULTILINE)
    assert re.search(r"^\s+ambush\s+Fighter and rogue", out, re.MULTILINE)
    assert re.search(r"^\s+\* \(its own set-up", out, re.MULTILINE)  # broken_throne


def test_games_reads_headers_without_compiling(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """`games` lists every game without compiling any rules file."""
    import stratagem.rules as rules_pkg  # noqa: PLC0415 - patched for this test only

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled")

    monkeypatch.setattr(rules_pkg, "load_rules", refuse)
    monkeypatch.setattr("stratagem.games.load_rules", refuse)
    code, out, _ = run(capsys, "games")
    assert code == 0 and "flower_war" in out and "battle, close_quarters" in out


def test_agents_are_grouped(capsys: pytest.CaptureFixture[str]) -> None:
    """`agents` lists the search agents, then the levels from novice to master."""
    code, out, _ = run(capsys, "agents")
    assert code == 0
    lines = out.splitlines()
    at = {ln.split()[0]: i for i, ln in enumerate(lines) if ln and not ln.startswith(" ")}
    levels = [at[c] for c in ("novice", "casual", "skilled", "expert", "master")]
    assert levels == sorted(levels)
    heading = next(i for i, ln in enumerate(lines) if ln.startswith("Difficulty levels"))
    assert max(at[c] for c in ("mcts", "osla", "tactical", "random")) < heading < levels[0]


def test_top_level_help_reads_whole(capsys: pytest.CaptureFixture[str]) -> None:
    """Every command's summary in `stratagem --help` is a whole sentence: never cut."""
    code, out, _ = run(capsys, "--help")
    assert code == 0
    body = out.split("Commands:", 1)[1]
    entries = re.split(r"\n  (?=\S)", "\n" + body.rstrip())
    summaries = {e.split()[0]: " ".join(e.split()[1:]) for e in entries if e.strip()}
    assert set(summaries) == set(cli.commands)
    for name, text in summaries.items():
        assert text.endswith(".") and not text.endswith("..."), (name, text)


def test_programs_are_named_by_file_or_bundled_name(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    """check-program and render-program take a FILE or a bundled NAME, and say so when
    given neither."""
    code, out, _ = run(capsys, "check-program", "goblins")
    assert code == 0 and "ok — Goblin war-band" in out
    code, out, _ = run(capsys, "render-program", "goblins")
    assert code == 0 and "Goblin war-band" in out
    for command in ("check-program", "render-program"):
        code, _, err = run(capsys, command, str(tmp_path / "nope.yaml"))
        assert code == 2 and "a program FILE or a bundled NAME" in err
    code, out, _ = run(capsys, "check-program", "--help")
    assert "FILE|NAME" in out


BAD_INPUT = {
    "play": ["no_such_game"], "new": ["no_such_game", "--out", "x.json"],
    "show": ["missing.json"], "move": ["missing.json", "move"], "undo": ["missing.json"],
    "replay": ["missing.json"], "arena": ["no_such_game", "--agents", "random,random"],
    "report": ["missing.db"], "check-program": ["no_such_program"],
    "render-program": ["no_such_program"], "evaluate-program": ["no_such_program"],
    "rules": ["no_such_game"], "serve": ["no_such_game"], "games": ["extra"],
    "agents": ["extra"], "validate": [], "import-stratega": ["missing.yaml", "--out", "out"],
}


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_bad_input_exits_with_status_2(command: str, capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command ends bad input (an unknown option; a game, file or program that is not
    there; a missing argument) with one error line and exit status 2."""
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, command, "--no-such-option")
    assert code == 2 and err.startswith("error:"), err
    code, out, err = run(capsys, command, *BAD_INPUT[command])
    assert code == 2, (command, out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith("error:"), err


def test_completion_offers_games_scenarios_and_agent_codes(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Shell completion (click's) completes commands, game names, the scenarios of the game
    typed, and each agent code of --agents."""
    def complete(line: str) -> list[str]:
        words = line.split(" ")
        monkeypatch.setenv("_STRATAGEM_COMPLETE", "bash_complete")
        monkeypatch.setenv("COMP_WORDS", line)
        monkeypatch.setenv("COMP_CWORD", str(len(words) - 1))
        code, out, _ = run(capsys)
        assert code == 0
        return [ln.split(",", 1)[1] for ln in out.splitlines()]

    assert "rules" in complete("stratagem ru")
    assert complete("stratagem play conn") == ["connect_four"]
    assert complete("stratagem play skirmish --scenario am") == ["ambush"]
    assert complete("stratagem play pig --agents human,mc") == ["human,mcts"]
