"""Programmed opponents: the format, each rule form, triggers, memory, fallback, checks,
the card, evaluation, and the bundled programs."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

import stratagem
from rules_helpers import build
from stratagem.agents import AgentSpecError, make_agent
from stratagem.agents.program import (
    ProgramAgent,
    ProgramSeatError,
    bundled_programs,
    card_gaps,
    check_program,
    load_program,
    parse_condition,
    parse_program,
    render_html,
    render_markdown,
    sample_constants,
)
from stratagem.agents.program.model import PREFER_KINDS, RULE_KEYS, STATE_KEYS, TOP_KEYS
from stratagem.arena.program_eval import evaluate_program
from stratagem.cli.main import main
from stratagem.engine import Action, Pos, State
from stratagem.rules import RulesError

TTT = stratagem.load("tic_tac_toe")


def program(body: str, game: str = "tic_tac_toe", side: str = "any",
            header: str = "") -> str:
    return f"program: test\ngame: {game}\nside: {side}\n{header}" + body


def agent(text: str, game: stratagem.Game = TTT, seed: int = 0) -> ProgramAgent:
    return ProgramAgent(game, seed=seed, program=parse_program(text, game, "p.yaml"))


def cell(action: Action) -> Pos:
    return action.target("cell")  # type: ignore[return-value]


def play_ttt(state: State, *cells: tuple[int, int]) -> State:
    for x, y in cells:
        state = TTT.apply(state, Action("place", None, (("cell", Pos(x, y)),)))
    return state


# ------------------------------------------------------------------ rule forms
def test_order_takes_the_earliest_listed_value_that_is_legal() -> None:
    text = program("""
states:
  only:
    rules:
      - do: place
        order: {of: cell, values: ["(1, 1)", "(0, 0)", "(2, 2)"]}
""")
    a = agent(text)
    s = TTT.new_state(0)
    assert cell(a.choose(s, s.decision).action) == Pos(1, 1)  # type: ignore[arg-type]
    s = play_ttt(s, (1, 1))
    choice = a.choose(s, s.decision)  # type: ignore[arg-type]
    assert cell(choice.action) == Pos(0, 0)
    assert "rule 1" in choice.rationale
    s = play_ttt(s, (0, 0), (2, 2))  # every listed cell taken: the rule no longer matches
    choice = a.choose(s, s.decision)  # type: ignore[arg-type]
    assert "no rule matched: fallback" in choice.rationale and a.trace[-1].fallback


def test_most_least_and_random_tie_breaks_in_order() -> None:
    text = program("""
states:
  only:
    rules:
      - do: place
        prefer:
          - least: cell.y
          - most: cell.x
""")
    s = TTT.new_state(0)
    choice = agent(text).choose(s, s.decision)  # type: ignore[arg-type]
    assert cell(choice.action) == Pos(2, 0)
    assert "most cell.x" in choice.rationale
    rand = program("""
states:
  only:
    rules:
      - do: place
        prefer: [least: cell.y, random]
""")
    picks = {cell(agent(rand, seed=k).choose(s, s.decision).action) for k in range(30)}  # type: ignore[arg-type]
    assert picks == {Pos(0, 0), Pos(1, 0), Pos(2, 0)}  # the ladder narrows, the die picks


def test_where_and_if_filter_and_later_rules_catch_the_rest() -> None:
    text = program("""
states:
  only:
    rules:
      - do: place
        if: "count(entities(owner: player)) >= 1"
        where: "cell.x == 2"
        prefer: [least: cell.y]
      - do: place
        say: opening
        where: "cell.y == 1"
        prefer: [least: cell.x]
""")
    a = agent(text)
    s = TTT.new_state(0)
    first = a.choose(s, s.decision)  # type: ignore[arg-type]
    assert cell(first.action) == Pos(0, 1) and "rule 2 (opening)" in first.rationale
    s = play_ttt(s, (0, 1), (1, 1))
    second = a.choose(s, s.decision)  # type: ignore[arg-type]
    assert cell(second.action) == Pos(2, 0) and "rule 1" in second.rationale


def test_do_accepts_a_list_and_any() -> None:
    for do in ("[place]", "any"):
        text = program(f"""
states:
  only:
    rules:
      - do: {do}
        prefer: [most: "0"]
""")
        s = TTT.new_state(0)
        assert agent(text).choose(s, s.decision).action in s.decision.actions  # type: ignore[arg-type,union-attr]


def test_blocks_are_numbered_inside_the_step_that_uses_them() -> None:
    text = program("""
blocks:
  corners:
    - do: place
      where: "cell.x != 1 and cell.y != 1"
      prefer: [least: cell.x, least: cell.y]
states:
  only:
    rules:
      - do: place
        where: "cell == (1, 1) and count(entities(owner: enemy)) > 0"
      - use: corners
""")
    s = TTT.new_state(0)
    choice = agent(text).choose(s, s.decision)  # type: ignore[arg-type]
    assert cell(choice.action) == Pos(0, 0) and "rule 2.1" in choice.rationale


# ------------------------------------------------------------------ memory and triggers
ORDERED = program("""
memory:
  mark: number
  last: pos
start: one
states:
  one:
    triggers:
      - if: "count(entities(owner: player)) >= 1"
        go: two
      - if: "true"
        go: three
    exit:
      - remember: {mark: 1}
    rules:
      - do: place
        prefer: [least: cell.x, least: cell.y]
        remember: {last: cell}
  two:
    enter:
      - remember: {mark: "mark * 10 + 2"}
    triggers:
      - if: "false"
        go: one
    rules:
      - do: place
        prefer: [remembered: last, most: cell.x, most: cell.y]
  three:
    rules:
      - do: place
""")


def test_first_trigger_wins_and_exit_runs_before_enter() -> None:
    a = agent(ORDERED)
    s = TTT.new_state(0)
    first = a.choose(s, s.decision)  # type: ignore[arg-type]
    # at the first turn trigger 1 does not hold yet; trigger 2 always does
    assert a.current == "three" and "one → three (trigger 2)" in first.rationale
    b = agent(ORDERED)
    s2 = play_ttt(TTT.new_state(0), (0, 0), (1, 1))  # x (player 0) has one piece
    choice = b.choose(s2, s2.decision)  # type: ignore[arg-type]
    assert b.current == "two" and b.memory["mark"] == 12  # exit (1) then enter (*10 + 2)
    assert "one → two (trigger 1)" in choice.rationale
    assert cell(choice.action) == Pos(2, 2)


def test_memory_remembers_the_target_and_the_remembered_tie_break_uses_it() -> None:
    a = agent(ORDERED)
    s = TTT.new_state(0)
    a.current = "one"
    a._turn = s.flow.turn  # already past this turn's trigger check
    choice = a.choose(s, s.decision)  # type: ignore[arg-type]
    assert cell(choice.action) == Pos(0, 0) and a.memory["last"] == Pos(0, 0)


def test_triggers_are_checked_at_turn_start_unless_marked_always(tmp_path: Path) -> None:
    """Broken Throne: a turn is many decisions (select, move, act). A `when: always` trigger
    changes state in the middle of the turn; a plain one waits for the next turn."""
    game = stratagem.load("broken_throne")
    body = """
states:
  idle:
    triggers:
      - if: "player.selected != 0"
        go: busy
        {when}
    rules:
      - do: select
        prefer: [least: actor.id]
      - do: end_turn
  busy:
    triggers:
      - if: "player.selected == 0"
        go: idle
        {when}
    rules:
      - do: hold
      - do: any
"""
    for when, expect_mid_turn in (("when: always", True), ("", False)):
        a = agent(program(body.replace("{when}", when), "broken_throne"), game)
        s = game.new_state(0)
        d = s.decision
        assert d is not None
        first = a.choose(s.view(d.player), d)
        assert first.action.type == "select"
        s = game.apply(s, first.action)
        d = s.decision
        assert d is not None
        second = a.choose(s.view(d.player), d)
        assert (a.current == "busy") is expect_mid_turn
        assert (second.action.type == "hold") is expect_mid_turn


def test_no_match_falls_back_and_the_trace_says_so() -> None:
    for fallback, first_legal in (("random", False), ("first", True)):
        text = program(f"""
states:
  only:
    rules:
      - do: place
        where: "cell.x > 5"
fallback: {fallback}
""")
        a = agent(text, seed=4)
        s = TTT.new_state(0)
        choice = a.choose(s, s.decision)  # type: ignore[arg-type]
        assert "no rule matched: fallback" in choice.rationale
        assert a.trace[-1].fallback and a.trace[-1].rule == "fallback"
        if first_legal:
            assert choice.action == s.decision.actions[0]  # type: ignore[union-attr]


def test_a_rule_fallback_acts_when_nothing_else_does() -> None:
    text = program("""
states:
  only:
    rules:
      - do: place
        where: "cell.x > 5"
fallback:
  do: place
  prefer: [most: cell.x, most: cell.y]
""")
    s = TTT.new_state(0)
    a = agent(text)
    assert cell(a.choose(s, s.decision).action) == Pos(2, 2)  # type: ignore[arg-type]
    assert a.trace[-1].fallback


# ------------------------------------------------------------------ errors and safety
@pytest.mark.parametrize(("body", "where", "message"), [
    ("states:\n  a:\n    rules:\n      - do: plac\n", "7:13", "no action `plac`"),
    ("states:\n  a:\n    rules:\n      - do: place\n        where: \"cell.z == 1\"\n",
     "8:22", "z"),
    ("states:\n  a:\n    rules:\n      - do: place\n        prefer: [closest: cell.x]\n",
     "8:18", "unknown tie-break `closest`"),
    ("states:\n  a:\n    triggers:\n      - if: \"true\"\n        go: b\n", "8:13",
     "unknown state `b`"),
    ("memory:\n  x: entityy\nstates:\n  a: {}\n", "5:6", "unknown memory type"),
    ("states:\n  a:\n    rules:\n      - do: place\n        remember: {spot: cell}\n",
     "8:20", "no memory slot `spot`"),
    ("states:\n  a:\n    rulez: []\n", "6:5", "unknown key `rulez`"),
])
def test_mistakes_are_reported_with_file_line_and_column(body: str, where: str,
                                                         message: str) -> None:
    with pytest.raises(RulesError) as exc:
        parse_program(program(body), TTT, "p.yaml")
    text = str(exc.value)
    assert f"p.yaml:{where}" in text and message in text


def test_wrong_game_and_side_are_refused() -> None:
    with pytest.raises(RulesError, match="not `tic_tac_toe`"):
        parse_program(program("states: {a: {}}\n", game="pig"), TTT)
    with pytest.raises(RulesError, match="`z` is not a side of tic_tac_toe"):
        parse_program(program("states: {a: {}}\n", side="z"), TTT)


def test_a_program_file_cannot_run_code(tmp_path: Path) -> None:
    evil = tmp_path / "evil.yaml"
    evil.write_text(program("states: !!python/object/apply:os.system ['touch pwned']\n"))
    with pytest.raises(RulesError):
        load_program(evil, TTT)
    assert not Path("pwned").exists()
    sneaky = program("states:\n  a:\n    rules:\n      - do: place\n"
                     "        where: \"__import__('os')\"\n")
    with pytest.raises(RulesError, match="unknown function"):
        parse_program(sneaky, TTT)


# ------------------------------------------------------------------ checks
BROKEN = """program: broken
game: tic_tac_toe
side: any
start: a
states:
  a:
    triggers:
      - if: "true"
        go: b
      - if: "count(entities(owner: player)) > 2"
        go: c
    rules:
      - do: place
      - do: place
        where: "cell.x == 1"
      - do: place
        where: "false"
  b:
    triggers:
      - if: "count(entities(owner: player)) > 1"
        go: a
      - if: "count(entities(owner: player)) > 1"
        go: b
  c:
    rules: []
  lost:
    triggers:
      - if: "false"
        go: a
"""


def test_checks_find_each_kind_of_flaw() -> None:
    problems = check_program(parse_program(BROKEN, TTT, "broken.yaml"), TTT)
    text = [str(p) for p in problems]

    def has(where: str, words: str) -> bool:
        return any(t.startswith(f"broken.yaml:{where}") and words in t for t in text)

    assert has("10:9", "trigger 2 of `a` never fires: trigger 1 always fires")
    assert has("14:9", "never acts: rule 1 takes the same actions first")
    assert has("16:9", "its `where` is always false")
    assert has("22:9", "trigger 2 of `b` never fires: trigger 1 has the same test")
    assert has("24:3", "state `c` has no way out")
    assert has("26:3", "state `lost` cannot be reached")
    assert has("28:9", "trigger 1 of `lost` never fires: its test is always false")
    assert len(problems) == 7


def test_checks_know_which_actions_a_phase_and_the_units_offer() -> None:
    game = stratagem.load("skirmish")
    text = program("""
states:
  a:
    phases:
      combat:
        - do: parry
        - do: second_wind
""", "skirmish", "monsters")
    problems = check_program(parse_program(text, game, "s.yaml"), game)
    assert problems == []  # reactions come whenever; a fighter has second wind
    bad = program("states:\n  a:\n    phases:\n      combt: []\n", "skirmish")
    with pytest.raises(RulesError, match="no phase `combt`"):
        parse_program(bad, game)


@pytest.mark.parametrize("name", sorted(bundled_programs()))
def test_bundled_programs_are_clean(name: str) -> None:
    path = bundled_programs()[name]
    prog = load_program(path)
    assert check_program(prog, stratagem.load(prog.game)) == []


# ------------------------------------------------------------------ the card
class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.tags: list[str] = []
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:  # type: ignore[type-arg]
        self.tags.append(tag)
        self.refs += [v for k, v in attrs if k in ("src", "href")]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_the_card_shows_every_state_trigger_and_step() -> None:
    """Every state has its section, every trigger its sentence (its `say:`) and every
    step its numbered item; the expressions are printed in the appendix only."""
    prog = load_program(bundled_programs("skirmish")["goblins"])
    md = render_markdown(prog)
    main, appendix = md.split("## Appendix")
    for name, st in prog.states.items():
        assert f"## State: {name}" in main
        for t in st.triggers:
            assert f"**{t.number}.** If {t.say[0].lower()}{t.say[1:]}: go to **{t.go}**" in main
            assert f"trigger {t.number}: `{t.test.text}`" in appendix
        for _part, rules in st.parts():
            for r in rules:
                assert f"\n- **{r.number}.** " in main
                assert f"- {r.label}: do `" in appendix
    assert "```mermaid" in md and "hunt --> cunning" in md
    assert "if still tied, roll a die" in main
    page = _Page()
    page.feed(render_html(prog))
    joined = "".join(page.text)
    assert "State: hunt" in joined and "State: cunning" in joined
    assert "svg" in page.tags and page.refs == []
    # the how-to and, in the main text and again in the appendix, each definition,
    # trigger and step; enter and exit steps in the main text only
    items = sum(2 * (len(st.all_rules()) + len(st.triggers)) + len(st.enter) + len(st.exit)
                for st in prog.states.values())
    assert page.tags.count("li") == 5 + 2 * len(prog.defines) + items


def test_the_markdown_card_lists_each_step_as_an_item_of_its_own() -> None:
    """CommonMark reads every trigger and every step of the card as a list item (steps
    numbered 2.1 included), never as lines run together into one paragraph."""
    markdown_it = pytest.importorskip("markdown_it")
    for game, name in (("skirmish", "goblins"), ("broken_throne", "captain")):
        prog = load_program(bundled_programs(game)[name])
        md = render_markdown(prog)
        tokens = markdown_it.MarkdownIt("commonmark").parse(md)
        words = [t.content for t in tokens if t.type == "inline"]
        steps = [r for st in prog.states.values() for r in st.all_rules()]
        for r in steps:
            assert sum(w.startswith(f"**{r.number}.** ") for w in words) >= 1, r.number
        assert not any("\n" in w for w in words if w.startswith("**")), "steps run together"
        items = [t for t in tokens if t.type == "list_item_open"]
        triggers = [t for st in prog.states.values() for t in st.triggers]
        enter_exit = [s for st in prog.states.values() for s in (*st.enter, *st.exit)]
        # the how-to, the terms, the steps, triggers and enter/exit steps; the appendix
        # lists the definitions, the triggers and the steps again
        assert len(items) == (5 + 2 * len(prog.defines) + 2 * len(steps)
                              + 2 * len(triggers) + len(enter_exit)), name


# ------------------------------------------------------------------ roster, seats, games
def test_program_codes_in_the_roster() -> None:
    game = stratagem.load("skirmish", "duel")
    built = make_agent("program:goblins", game, seed=1)
    assert isinstance(built, ProgramAgent) and built.program.side_name == "monsters"
    with pytest.raises(AgentSpecError, match="name the program"):
        make_agent("program", game)
    with pytest.raises(AgentSpecError, match="no program 'gnomes'"):
        make_agent("program:gnomes", game)
    s = game.new_state(0)
    while s.decision is not None and s.decision.player != 0:
        s = game.apply(s, s.decision.actions[0])
    with pytest.raises(ProgramSeatError, match="plays monsters"):
        built.choose(s.view(0), s.decision)  # type: ignore[arg-type]


@pytest.mark.parametrize(("game_name", "scenario", "code", "seat"), [
    ("skirmish", "duel", "program:goblins", 1),
    ("skirmish", "ambush", "program:goblins", 1),
    ("broken_throne", None, "program:captain", 0),
    ("broken_throne", None, "program:captain", 1),
])
def test_bundled_programs_play_whole_games_without_gaps(game_name: str, scenario: str | None,
                                                       code: str, seat: int) -> None:
    game = stratagem.load(game_name, scenario)
    for seed in range(3):
        lineup = ["random", "random"]
        lineup[seat] = code
        result = stratagem.play(game, lineup, seed=seed)
        mine = [r for r, rec in zip(result.rationales, result.state.history, strict=True)
                if rec.player == seat]
        assert mine and all(r.startswith("state ") for r in mine)
        assert not any("fallback" in r for r in mine)


def test_evaluation_measures_strength_coverage_and_plausibility() -> None:
    game = stratagem.load("skirmish", "ambush")
    prog = load_program(bundled_programs("skirmish")["goblins"])
    ev = evaluate_program(prog, game, baselines=("random",), games=4, seed=2)
    (vs,) = ev.versus
    assert vs.games == 4 and vs.wins + vs.draws + vs.losses == 4
    assert vs.wins >= 3  # the war-band beats a random hero side
    assert sum(ev.states.values()) == ev.decisions == sum(ev.rules.values())
    assert ev.fallbacks == 0 and ev.sampled > 0
    assert 0 <= ev.blunder_rate <= 1 and ev.mean_regret >= 0
    doc = ev.as_dict()
    assert doc["versus"][0]["games"] == 4 and doc["decisions"] == ev.decisions


# ------------------------------------------------------------------ CLI
def test_cli_check_render_and_evaluate(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    goblins = str(bundled_programs("skirmish")["goblins"])
    assert main(["check-program", goblins]) is None
    assert "ok — Goblin war-band, 2 states" in capsys.readouterr().out
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN)
    with pytest.raises(SystemExit) as stop:
        main(["check-program", str(broken)])
    assert stop.value.code == 1
    shown = capsys.readouterr()
    assert f"{broken}:26:3: state `lost` cannot be reached" in shown.out
    assert "7 problems" in shown.err
    card = tmp_path / "card.html"
    assert main(["render-program", "goblins", "--game", "skirmish", "--format", "html",
                 "--out", str(card)]) is None
    assert card.read_text().startswith("<!DOCTYPE html>")
    out = tmp_path / "ev.json"
    assert main(["evaluate-program", goblins, "--scenario", "duel", "--games", "2",
                 "--against", "random", "--json", str(out)]) is None
    assert "against random" in capsys.readouterr().out
    assert json.loads(out.read_text())["versus"][0]["games"] == 2


def test_cli_program_errors_are_one_line(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(program("states:\n  a:\n    rules:\n      - do: plac\n"))
    for args in (["check-program", str(bad)], ["render-program", str(tmp_path / "none.yaml")],
                 ["evaluate-program", str(bad)]):
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and err.count("error:") == 1


def test_a_program_file_that_is_a_list_says_what_a_program_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every command that reads a program names its shape when the file is not a mapping,
    at the file's first line, whether or not it has read the game yet."""
    listed = tmp_path / "list.yaml"
    listed.write_text("- a\n- b\n")
    for args in (["check-program", str(listed)], ["render-program", str(listed)],
                 ["play", "flower_war", "--agents", f"program:{listed},random"]):
        with pytest.raises(SystemExit):
            main(args)
        err = capsys.readouterr().err
        assert f"{listed}:1:1: a program must be a mapping with `program`, `game`" in err, args


def test_the_format_reference_documents_every_key() -> None:
    """docs/programs.md names every rule key and tie-break the compiler accepts."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "programs.md").read_text()
    for key in RULE_KEYS:
        assert f"| `{key}` |" in doc, key
    for kind in PREFER_KINDS:
        assert f"`{kind}" in doc, kind
    for key in (*STATE_KEYS, *TOP_KEYS):
        assert f"{key}:" in doc or f"`{key}" in doc, key


def test_reaction_rules_see_the_event_they_answer() -> None:
    game = stratagem.load("flower_war")
    body = """
states:
  only:
    rules:
      - do: harassing_fire
        where: "distance(event.mover, actor) <= 4"
      - do: pass
"""
    prog = parse_program(program(body, "flower_war", "tlaxcaltecs"), game, "p.yaml")
    rule = prog.states["only"].rules_for("battle")[0]
    assert rule.where is not None and "event.mover" in rule.where.text
    with pytest.raises(RulesError, match="the event has no field `moverr`"):
        parse_program(program(body.replace("event.mover", "event.moverr"), "flower_war",
                              "tlaxcaltecs"), game, "p.yaml")
    # An action that answers no event cannot read one.
    with pytest.raises(RulesError, match="`event` is only known in reactions"):
        parse_program(program(body.replace("harassing_fire", "shoot"), "flower_war",
                              "tlaxcaltecs"), game, "p.yaml")


def test_definitions_name_an_expression_for_every_later_one() -> None:
    text = program("""
define:
  centre_free: {is: "not any(entities(near: (1, 1), within: 0))", say: the centre is empty}
  crowded: "count(entities()) >= 2 and not centre_free"
states:
  open:
    triggers:
      - {if: crowded, go: late}
    rules:
      - do: place
        if: centre_free
        where: "cell == (1, 1)"
        say: take the centre while it is free
      - do: place
        prefer: [least: cell.x, least: cell.y]
  late:
    final: true
    rules:
      - do: place
        prefer: [most: cell.x, most: cell.y]
""")
    prog = parse_program(text, TTT, "p.yaml")
    assert list(prog.defines) == ["centre_free", "crowded"]
    assert check_program(prog, TTT) == []
    a = agent(text)
    s = TTT.new_state(0)
    assert cell(a.choose(s, s.decision).action) == Pos(1, 1)  # type: ignore[arg-type]
    s = play_ttt(s, (1, 1))
    assert cell(a.choose(s, s.decision).action) == Pos(0, 0)  # type: ignore[arg-type]
    s = play_ttt(s, (0, 0))  # two marks, the centre taken: the turn-start trigger fires
    assert cell(a.choose(s, s.decision).action) == Pos(2, 2)  # type: ignore[arg-type]
    assert a.current == "late"
    card = render_markdown(prog)
    assert "*centre free*: the centre is empty" in card and "*crowded*:" in card
    for bad, message in (("  player: 'true'\n", "`player` cannot be defined"),
                         ("  x: 'centr_free'\n", "unknown name `centr_free`"),
                         ("  place: 'true'\n", "`place` cannot be defined")):
        with pytest.raises(RulesError, match=message):
            parse_program(text.replace("define:\n", "define:\n" + bad), TTT, "p.yaml")


# ------------------------------------------------------------------ steps, acting steps
STEPPED = """
states:
  only:
    steps:
      orders:
        - do: roll_dice
          say: Roll
        - do: end_orders
          say: End the orders
      activation:
        - do: end_turn
          say: End the turn
    reactions:
      - do: pass
        say: Let it pass
"""


def test_rules_keyed_on_steps_are_tried_only_in_their_step() -> None:
    """Flower War's orders and activation are steps of one phase: a program keyed on
    them tries the orders' rules in the orders, the activation's in the activation,
    and its reactions when the game asks it to react."""
    game = stratagem.load("flower_war", "close_quarters")
    prog = parse_program(program(STEPPED, "flower_war", "tlaxcaltecs"), game, "p.yaml")
    st = prog.states["only"]
    assert [r.label for r in st.rules_for("battle", "orders")] == ["orders 1", "orders 2"]
    assert [r.label for r in st.rules_for("battle", "activation")] == ["activation 1"]
    assert [r.label for r in st.rules_for("battle", "orders", reaction=True)] == [
        "reactions 1"]
    me = ProgramAgent(game, seed=1, program=prog)
    stratagem.play(game, ["random", me], seed=3)
    part = {"roll_dice": "orders", "end_orders": "orders", "end_turn": "activation",
            "pass": "reactions"}
    assert me.trace and not any(t.fallback for t in me.trace)
    for t in me.trace:
        assert t.rule.startswith(part.get(t.action.split(" ")[0], "?")), t
    assert check_program(prog, game) == []
    with pytest.raises(RulesError, match="has no step `order`"):
        parse_program(program(STEPPED.replace("orders:", "order:"), "flower_war",
                              "tlaxcaltecs"), game, "p.yaml")


def test_a_step_rule_for_actions_its_step_never_offers_is_reported() -> None:
    game = stratagem.load("flower_war")
    text = program(STEPPED.replace("- do: end_turn", "- do: shoot"), "flower_war",
                   "tlaxcaltecs")
    fine = check_program(parse_program(text, game, "p.yaml"), game)
    assert fine == []
    bad = program(STEPPED.replace("- do: roll_dice", "- do: shoot"), "flower_war",
                  "tlaxcaltecs")
    problems = [str(p) for p in check_program(parse_program(bad, game, "p.yaml"), game)]
    assert any("rule orders 1 of `only` never matches: phase `orders` never offers `shoot`"
               in p for p in problems), problems


ACTING = """
states:
  calm:
    triggers:
      - if: "count(entities(owner: player)) >= 1"
        go: angry
    rules:
      - do: place
        prefer: [least: cell.x, least: cell.y]
  angry:
    exit: []
    enter:
      - say: Take the far corner first
      - do: place
        where: "cell == (2, 2)"
        say: Take the far corner
    rules:
      - do: place
        prefer: [least: cell.y, least: cell.x]
"""


def test_enter_steps_can_take_a_game_action() -> None:
    """An acting enter step is tried first at the side's next decision, acts once, and
    the trace names it; a note (`say:`) only prints on the card."""
    a = agent(program(ACTING))
    s = play_ttt(TTT.new_state(0), (0, 0), (1, 1))  # x has one mark: calm → angry
    choice = a.choose(s, s.decision)  # type: ignore[arg-type]
    assert a.current == "angry" and cell(choice.action) == Pos(2, 2)
    assert a.trace[-1].rule == "enter 2" and "Take the far corner" in choice.rationale
    s = play_ttt(s, (2, 2), (1, 0))
    again = a.choose(s, s.decision)  # type: ignore[arg-type]
    assert cell(again.action) == Pos(2, 0) and a.trace[-1].rule == "1"
    md = render_markdown(parse_program(program(ACTING), TTT, "p.yaml"))
    assert "### On entering" in md and "- **2.** Take the far corner." in md


def test_an_acting_step_that_cannot_act_this_turn_is_dropped_at_the_next() -> None:
    a = agent(program(ACTING.replace("(2, 2)", "(1, 1)")))
    s = play_ttt(TTT.new_state(0), (0, 0), (1, 1))  # the centre is taken already
    choice = a.choose(s, s.decision)  # type: ignore[arg-type]
    assert a.current == "angry" and cell(choice.action) == Pos(1, 0)
    assert len(a.pending) == 1  # waits for the rest of this turn
    s = play_ttt(s, (1, 0), (2, 0))
    a.choose(s, s.decision)  # type: ignore[arg-type]
    assert a.pending == []


# ------------------------------------------------------------------ constant conditions
def test_checks_flag_conditions_that_are_constant_not_only_false() -> None:
    """A condition that reads nothing of the game, or compares a parameter with a bound
    it can never cross, is constant: always true says nothing, always false never acts."""
    game = stratagem.load("flower_war")
    text = program("""
states:
  only:
    triggers:
      - if: "1 + 1 == 2"
        go: only
      - if: "player.long_range > 1"
        go: only
    steps:
      orders:
        - do: roll_dice
          if: "player.long_range >= 0"
        - do: end_orders
          if: "2 < 1"
        - do: place
          where: "player.hand_rare <= 6 and symbol == 'rare'"
""", "flower_war", "tlaxcaltecs")
    problems = [str(p) for p in check_program(parse_program(text, game, "c.yaml"), game)]
    assert any("trigger 1 of `only`: its test is always true" in p for p in problems)
    assert any("trigger 2 of `only` never fires: its test is always false" in p
               for p in problems)
    assert any("rule orders 1 of `only`: its `if` is always true" in p for p in problems)
    assert any("rule orders 2 of `only` never matches: its `if` is always false" in p
               for p in problems)
    assert not any("orders 3" in p for p in problems)  # not a lone comparison: not judged


def test_a_sampled_check_finds_conditions_that_never_changed_in_play() -> None:
    game = stratagem.load("flower_war", "close_quarters")
    text = program("""
states:
  only:
    steps:
      orders:
        - do: roll_dice
        - do: place
          if: "count(entities(owner: enemy)) > 99"
        - do: end_orders
      activation:
        - do: end_turn
    reactions:
      - do: pass
""", "flower_war", "tlaxcaltecs")
    prog = parse_program(text, game, "s.yaml")
    assert check_program(prog, game) == []
    hints = [str(p) for p in sample_constants(prog, game, games=1, seed=0)]
    assert any(h.startswith("s.yaml:") and "the `if` of rule orders 2 of `only` was always "
               "false" in h for h in hints), hints


# ------------------------------------------------------------------ evaluation for authors
DULL = program("""
states:
  only:
    rules:
      - do: place
        say: Mark the first free cell, row by row
        prefer: [least: cell.y, least: cell.x]
""")


def test_evaluation_keeps_the_worst_blunders_the_unused_rules_and_measures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Beside win rates: the positions of the worst blunders as saved states that `show`
    opens, the rules and triggers that never acted, and the author's own measures."""
    game = stratagem.load("skirmish", "ambush")
    prog = load_program(bundled_programs("skirmish")["goblins"])
    hurt = parse_condition("count(entities(owner: enemy)) < 2", game)
    ev = evaluate_program(prog, game, baselines=("random",), games=2, seed=2,
                          sample_every=0, measures=(("hero down", "attack", hurt),))
    (m,) = ev.measures
    assert m.times > 0 and 0 <= m.held <= m.times and ev.sampled == 0
    assert "cunning: trigger 1 (to hunt)" in ev.never_used or ev.states["cunning"]
    doc = ev.as_dict()
    assert doc["measures"][0]["name"] == "hero down" and "never_used" in doc
    # A program that marks the first free cell misses wins and lets the enemy win.
    dull = parse_program(DULL, TTT, "dull.yaml")
    ev = evaluate_program(dull, TTT, baselines=("random",), games=20, seed=1,
                          sample_every=1, keep_worst=2)
    assert len(ev.worst) == 2 and ev.worst[0].regret >= ev.worst[1].regret > 0.05
    assert all(b.rule == "1" and b.program_state == "only" for b in ev.worst)
    file = tmp_path / "dull.yaml"
    file.write_text(DULL)
    out = tmp_path / "worst"
    assert main(["evaluate-program", str(file), "--game", "tic_tac_toe", "--games", "20",
                 "--against", "random", "--sample-every", "1", "--measure",
                 "centre=place:count(entities(owner: player)) > 0",
                 "--blunders", str(out)]) is None
    shown = capsys.readouterr().out
    assert "measure centre:" in shown and "blunder 1: regret" in shown
    saved = sorted(out.glob("blunder-*.json"))
    assert saved and f"saved as {saved[0]}" in shown
    assert main(["show", str(saved[0])]) is None
    assert "place" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["evaluate-program", str(file), "--game", "tic_tac_toe", "--games", "1",
              "--measure", "oops"])


CROSSROADS = Path(__file__).parent / "outsider" / "hex_stacks"


def test_a_program_reads_what_its_rules_read() -> None:
    """A program's conditions may use what the game's own expressions use: a `state:`
    parameter, a keyed one, a tile parameter and a function of the rules' `define:` (each
    was refused: "`game` has no `lost`", "unknown function `odds_column`"). Blue's first
    decision in Crossroads takes the rule that reads all four."""
    game = stratagem.load(CROSSROADS / "hex_stacks.yaml")
    agent = make_agent(f"program:{CROSSROADS / 'repro' / 'program_reads.yaml'}", game)
    state = game.new_state(0)
    while state.decision is not None and state.decision.player != 1:
        ends = [a for a in state.decision.actions if a.type in ("halt", "end_turn")]
        state = game.apply(state, ends[0])
    assert state.decision is not None
    choice = agent.choose(state, state.decision)
    assert str(choice.action) == "halt"
    assert "rule movement 1 (stop)" in choice.rationale


PICKER = """\
game: picker
players: [red, blue]
actions:
  pick:
    effects:
      - choose: {as: number, from: "[3, 9, 5]", prompt: pick a number}
      - remember: {key: picked, value: number}
    ends_turn: true
flow:
  phases: [{name: p, actions: [pick]}]
end:
  round_limit: 1
"""


def test_a_program_ranks_the_values_a_choose_offers_by_the_name_it_binds() -> None:
    """A `do: choose` rule reads the value offered by the name the rules' `choose` binds
    (`as: number`): `prefer: most: number` takes 9 (the name was unknown: "unknown name
    `dest`")."""
    game = build(PICKER, "picker.yaml")
    text = program("states:\n  s:\n    rules:\n      - do: pick\n      - do: choose\n"
                   "        prefer: [{most: number, say: the largest}]\n", game="picker")
    bot = agent(text, game)
    state = game.apply(game.new_state(0), game.legal_actions(game.new_state(0))[0])
    assert state.decision is not None
    assert {a.type for a in state.decision.actions} == {"choose"}
    choice = bot.choose(state, state.decision)
    assert choice.action.target("number") == 9


def test_a_program_for_a_game_of_ones_own_rules_file_is_told_to_give_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`check-program garrison.yaml` (its game, `crossroads`, is a rules file of one's own)
    says to give the rules file with --game, in one line (it said only "unknown game")."""
    with pytest.raises(SystemExit) as exited:
        main(["check-program", str(CROSSROADS / "garrison.yaml")])
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert "its game `crossroads` is not a bundled game: give its rules file with " \
           "--game FILE" in err
    assert len(err.strip().splitlines()) == 1


def test_a_blunder_of_a_game_from_a_rules_file_opens_without_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`evaluate-program --blunders` saves each position with its rules file, as `new`
    does: `show` opens it from anywhere without `--rules` (it said "unknown game")."""
    rules = tmp_path / "mine.yaml"
    rules.write_text(Path(stratagem.games.rules_path("tic_tac_toe")).read_text()
                     .replace("game: tic_tac_toe", "game: my_noughts", 1))
    prog = tmp_path / "dull.yaml"
    prog.write_text(DULL.replace("game: tic_tac_toe", "game: my_noughts", 1))
    out = tmp_path / "worst"
    assert main(["evaluate-program", str(prog), "--game", str(rules), "--games", "20",
                 "--against", "random", "--sample-every", "1", "--blunders", str(out)]) is None
    saved = sorted(out.glob("blunder-*.json"))
    assert saved
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    capsys.readouterr()
    assert main(["show", str(saved[0])]) is None
    assert "my_noughts" in capsys.readouterr().out


def test_the_card_notes_name_a_slot_never_used_and_steps_it_words_badly() -> None:
    """`check-program`'s card notes: a memory slot no rule reads or writes (the card still
    asked the player to keep a note of it), a rule with no `say:` (the card says "Take
    halt."), a `nearest` tie-break with no `say:` ("the nearest to")."""
    game = stratagem.load(CROSSROADS / "hex_stacks.yaml")
    prog = parse_program(program(
        "memory:\n  spare: {type: pos, say: a spare square}\nstates:\n  s:\n    steps:\n"
        "      movement:\n        - do: move\n          prefer: [nearest: to]\n"
        "        - do: halt\n", game="crossroads", side="blue"), game, "p.yaml")
    notes = [str(p) for p in card_gaps(prog)]
    assert any("memory slot `spare` is never read or written" in n for n in notes), notes
    assert any("(`Take halt.`)" in n for n in notes), notes
    assert any("a `nearest` tie-break of rule movement 1" in n for n in notes), notes
    assert card_gaps(load_program(bundled_programs("skirmish")["goblins"])) == []


def test_a_step_the_card_words_well_without_say_is_no_note() -> None:
    """`end_turn` reads "End the turn." on a card with no `say:` or glossary: no note (the
    note quoted "Take end_turn." where the card printed "End the turn"); a note quotes the
    card's own words."""
    game = stratagem.load(CROSSROADS / "hex_stacks.yaml")
    prog = parse_program(program(
        "states:\n  s:\n    steps:\n      movement:\n        - do: end_turn\n"
        "        - do: halt\n", game="crossroads", side="blue"), game, "p.yaml")
    notes = [str(p) for p in card_gaps(prog)]
    assert len(notes) == 1 and "rule movement 2" in notes[0], notes
    assert "End the turn" in render_markdown(prog)


def test_a_section_named_as_its_step_is_not_headed_twice() -> None:
    """A rule's `section: Movement` in the `movement` step's list prints one heading, not
    `### Movement` then `#### Movement`; another section name still gets its own."""
    game = stratagem.load(CROSSROADS / "hex_stacks.yaml")
    prog = parse_program(program(
        "states:\n  s:\n    steps:\n      movement:\n        - do: halt\n"
        "          section: Movement\n          say: stop\n        - do: move\n"
        "          section: Marching\n          say: march\n",
        game="crossroads", side="blue"), game, "p.yaml")
    card = render_markdown(prog)
    assert card.count("Movement") == 1 and "#### Marching" in card


def test_the_fallback_first_is_a_card_note_and_the_card_says_whose_order() -> None:
    """`fallback: first` takes the first option in the engine's order: `check-program`
    notes that a person at the table cannot follow it, and the card says which order it
    means (the crawl writer's finding 7)."""
    game = stratagem.load(CROSSROADS / "hex_stacks.yaml")
    text = program("states:\n  s:\n    steps:\n      movement:\n        - do: halt\n"
                   "          say: Halt.\n", game="crossroads", side="blue")
    prog = parse_program(text + "fallback: first\n", game, "p.yaml")
    notes = [str(p) for p in card_gaps(prog)]
    assert any("the fallback `first` takes the first option" in n for n in notes), notes
    assert "in the order `stratagem show` lists the options" in render_markdown(prog)
    plain = parse_program(text, game, "p.yaml")
    assert not any("fallback" in str(p) for p in card_gaps(plain))


def test_the_reason_names_each_tie_break_that_narrowed_the_choice() -> None:
    """A `least` tie-break that leaves four of ten squares, then the die: the reason says
    both, with the number each chose among (the crawl writer's finding 3: it said "random
    among 10")."""
    here = Path(__file__).parent / "outsider" / "crawl"
    game = stratagem.load(str(here / "crawl.yaml"))
    state = game.new_state(seed=2)
    for move in ("end_turn #5", "move #2 to=(4,2)", "open_door #2 door=(5,3)", "end_turn #2",
                 "move #1 to=(1,1)", "end_turn #1", "end_turn #3"):
        state = game.apply(state, game.parse_action(state, move))
    bot = stratagem.agent(f"program:{here / 'monsters.yaml'}", game, seed=1)
    choice = bot.choose(state, state.decision)
    assert choice.rationale.endswith(
        "· least distance(to, nearest(actor, seen_heroes(actor))) among 10, then random "
        "among 4")
    assert bot.trace[-1].decided_by == "random" and bot.trace[-1].candidates == 10
