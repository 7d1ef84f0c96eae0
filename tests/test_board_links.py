"""Point-to-point maps: `board: places:` names cells, `board: links:` joins them.

On a board with links a unit steps only along a link, `distance` counts links (none:
infinite), sight is not blocked, and every shortcut the engine takes on a grid (the
option memo's box, the near-entities box, shapes, the tactical agent's surroundings)
gives way to the links. A place reads as `place('rome')`, a placement may say
`at: rome`, and the name is shown beside the position.
"""

from __future__ import annotations

import doctest
import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rules_helpers import build, remember
from stratagem.agents.human import describe_view
from stratagem.cli.main import cli
from stratagem.engine import Pos, Rng, options
from stratagem.engine.geometry import distance, neighbours, path_distance, reachable, shape
from stratagem.engine.narration import field_words
from stratagem.rules import RulesError, check_rules, load_rules
from stratagem.web.board_svg import board_svg
from test_options_incremental import _checked_walk

# Five towns drawn on a 5x3 grid; the dots are no place at all (no one enters them).
# The road runs rome - ostia - veii and rome - tibur - capua: ostia and tibur are next to
# rome on the drawing and by road; veii and capua are not next to each other on the
# drawing's diagonal... and are four links apart by road.
#
#   rome  .  ostia  .  veii
#    .    .    .    .   .
#   tibur .    .    .  capua
MAP = """\
board:
  tiles: {c: town, ".": nowhere}
  tile_types:
    nowhere: {cost: null}
  layout: |
    c . c . c
    . . . . .
    c . . . c
  places: {rome: [0, 0], ostia: [2, 0], veii: [4, 0], tibur: [0, 2], capua: [4, 2]}
  links: [rome - ostia, "ostia - veii", [rome, tibur], tibur - capua]
"""

RULES = """\
game: roads
players: [red, blue]
""" + MAP + """\
entities:
  legion:
    params: {march: 2}
    actions: [march, strike]
actions:
  march:
    targets:
      to: {kind: position, from: "reachable(actor, actor.march)", where: "is_empty(to)"}
    effects:
      - move: {to: to}
      - end_turn: {}
  strike:
    targets:
      foe: {entity: enemy, where: "distance(actor, foe) <= 1"}
    effects:
      - kill: {what: foe}
      - end_turn: {}
flow:
  phases:
    - name: play
      actions: [march, strike]
setup:
  entities:
    - {type: legion, owner: red, at: rome}
    - {type: legion, owner: blue, at: capua}
end:
  lose:
    "{player} has no legion": "count(entities(owner: player)) == 0"
  round_limit: 30
"""

ROME, OSTIA, VEII, TIBUR, CAPUA = Pos(0, 0), Pos(2, 0), Pos(4, 0), Pos(0, 2), Pos(4, 2)


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return build(RULES)


def test_steps_follow_the_links_and_distance_counts_them(game) -> None:  # type: ignore[no-untyped-def]
    board = game.board
    assert dict(board.places) == {"rome": ROME, "ostia": OSTIA, "veii": VEII,
                                  "tibur": TIBUR, "capua": CAPUA}
    assert sorted(neighbours(board, ROME)) == [TIBUR, OSTIA]  # (sorted as (x, y))
    assert neighbours(board, VEII) == [OSTIA]
    assert distance(ROME, OSTIA, board.metric) == 1
    assert distance(VEII, CAPUA, board.metric) == 4  # far by road, near on the drawing
    assert distance(CAPUA, CAPUA, board.metric) == 0
    assert distance(ROME, Pos(1, 1), board.metric) == math.inf  # no place: no road there
    state = game.new_state(0)
    # Two links from rome reach veii and capua; capua is blue's, so a way ends before it.
    assert set(reachable(state, ROME, 2)) == {ROME, OSTIA, VEII, TIBUR}
    assert path_distance(state, VEII, OSTIA) == 1
    assert path_distance(state, OSTIA, TIBUR) == math.inf  # red's legion holds rome, between
    assert set(shape(state, ROME, "circle", 1)) == {ROME, OSTIA, TIBUR}
    assert set(shape(state, ROME, "ring", 2)) == {VEII, CAPUA}


def test_a_legion_marches_by_road_and_strikes_along_a_link(game) -> None:  # type: ignore[no-untyped-def]
    state = game.new_state(0)
    marches = {a.target("to") for a in state.decision.actions if a.type == "march"}
    assert marches == {OSTIA, TIBUR, VEII}  # capua, two links away, is taken
    assert not [a for a in state.decision.actions if a.type == "strike"]
    state = game.apply(state, next(a for a in state.decision.actions
                                   if a.type == "march" and a.target("to") == TIBUR))
    strikes = [a for a in state.decision.actions if a.type == "strike"]
    assert len(strikes) == 1  # blue at capua is one link from tibur
    done = game.apply(state, strikes[0])
    assert done.outcome is not None and done.outcome.winners == (1,)


def test_random_games_keep_to_the_roads(game) -> None:  # type: ignore[no-untyped-def]
    """Every march of random games goes along at most two links, whatever the drawing."""
    for seed in range(30):
        state, rng = game.new_state(seed), Rng(seed)
        while state.decision is not None:
            options = state.decision.actions
            action = options[rng.below(len(options))]
            if action.type == "march":
                mover = state.entities[action.actor]
                assert distance(mover.pos, action.target("to"), game.board.metric) <= 2
            state = game.apply(state, action)
        assert game.deserialize(game.serialize(state)) == state


def test_places_read_by_name() -> None:
    extra = RULES.replace('"{player} has no legion": "count(entities(owner: player)) == 0"',
                          '"{player} has no legion": "count(entities(owner: player)) == 0"\n'
                          '  win:\n    "{player} holds veii": "any(entities(owner: player, '
                          'where: it.pos == place(\'veii\')))"')
    game = build(extra)
    state = game.new_state(0)
    state = game.apply(state, next(a for a in state.decision.actions
                                   if a.type == "march" and a.target("to") == VEII))
    assert state.outcome is not None and state.outcome.reason.startswith("red holds veii")


@pytest.mark.parametrize(("change", "said"), [
    ("rome - ostia,", "no place `romee` to link"),
    ("[rome, tibur]", "a link joins two places, not `rome` to itself"),
    ("tibur - capua]", "a link is two places, `rome - ostia` or `[rome, ostia]`, not `7`"),
])
def test_a_bad_link_is_a_located_error(tmp_path: Path, change: str, said: str) -> None:
    bad = {"rome - ostia,": "romee - ostia,", "[rome, tibur]": "[rome, rome]",
           "tibur - capua]": "tibur - capua, 7]"}[change]
    path = tmp_path / "roads.yaml"
    path.write_text(RULES.replace(change, bad))
    with pytest.raises(RulesError) as err:
        load_rules(path)
    line = RULES.splitlines().index("  links: [rome - ostia, \"ostia - veii\", [rome, tibur], "
                                    "tibur - capua]") + 1
    assert f"{path}:{line}:" in str(err.value) and said in str(err.value)


@pytest.mark.parametrize(("change", "said"), [
    ("veii: [4, 0]", "`veii`: [9, 0] is off the 5x3 board"),
    ("tibur: [0, 2]", "`tibur` and `rome` name the same cell [0, 0]"),
    ("at: rome}", "no place `roma` on the board"),
    ("board:\n", "a board with `links` steps along them and counts distance in them: "
                 "`neighbours` has no say"),
    ("where: \"is_empty(to)\"", "no place `vei` on the board"),
])
def test_bad_places_are_located_errors(tmp_path: Path, change: str, said: str) -> None:
    bad = {"veii: [4, 0]": "veii: [9, 0]", "tibur: [0, 2]": "tibur: [0, 0]",
           "at: rome}": "at: roma}", "board:\n": "board:\n  neighbours: 4\n",
           "where: \"is_empty(to)\"": "where: \"is_empty(to) and to != place('vei')\""}[change]
    path = tmp_path / "roads.yaml"
    path.write_text(RULES.replace(change, bad, 1))
    with pytest.raises(RulesError) as err:
        check_rules(path)
    assert said in str(err.value)


def test_kept_options_equal_fresh_ones_on_a_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """The option memo keeps a unit's targets when what changed is far from it on the
    drawing; on a map that is not far by road, so the memo must not keep them: with the
    memo on everywhere, every step's options equal options worked out afresh."""
    monkeypatch.setattr(options, "KEEP_OPTIONS", True)
    crowded = RULES.replace(
        "    - {type: legion, owner: blue, at: capua}\n",
        "    - {type: legion, owner: blue, at: capua}\n"
        "    - {type: legion, owner: red, at: veii}\n"
        "    - {type: legion, owner: blue, at: ostia}\n")
    game = build(crowded)
    rng = Rng(5)
    for seed in range(12):
        assert _checked_walk(game, seed, rng, f"roads seed {seed}") > 0


def test_entities_near_a_place_count_links_not_squares() -> None:
    """`entities(near:, within:)` looks at the squares around its center when the board is
    crowded; on a map the places one link away may stand far on the drawing."""
    n = 12
    places = ", ".join(f"p{i}: [{2 * i}, 0]" for i in range(n))
    links = ", ".join(f"p{i} - p{i + 1}" for i in range(n - 1))
    units = "".join(f"    - {{type: pawn, owner: {'red' if i == 0 else 'blue'}, at: p{i}}}\n"
                    for i in range(n))
    game = build(f"""\
game: chain
players: [red, blue]
board:
  tiles: {{c: town, ".": nowhere}}
  tile_types: {{nowhere: {{cost: null}}}}
  layout: |
    {" ".join("c" if x % 2 == 0 else "." for x in range(2 * n - 1))}
  places: {{{places}}}
  links: [{links}]
entities:
  pawn: {{actions: [probe]}}
actions:
  probe:
    effects:
      - {remember("near", "count(entities(near: actor, within: 1))")}
      - {remember("two", "count(entities(near: place('p5'), within: 2))")}
flow:
  phases: [{{name: play, actions: [probe]}}]
setup:
  entities:
{units}end: {{round_limit: 1}}
""")
    state = game.apply(game.new_state(0), game.parse_action(game.new_state(0), "probe #1"))
    assert state.memory["near"] == 2  # p0 and p1, two squares apart on the drawing
    assert state.memory["two"] == 5  # p3 to p7


_BLOCK = re.compile(r"<!-- (?P<marker>map [a-z]+) -->\n```\w*\n(?P<body>.*?)```", re.S)
TUTORIAL = Path(__file__).resolve().parent.parent / "docs" / "tutorial.md"


def _tutorial(marker: str) -> str:
    found = [m.group("body") for m in _BLOCK.finditer(TUTORIAL.read_text(encoding="utf-8"))
             if m.group("marker") == marker]
    assert len(found) == 1, f"docs/tutorial.md has {len(found)} blocks marked {marker}"
    return found[0]


def test_the_tutorials_map_plays_as_it_says(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/tutorial.md's *A map of places and roads*: its session prints what it shows,
    and random sides play Consuls to its end."""
    (tmp_path / "consuls.yaml").write_text(_tutorial("map rules"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(_tutorial("map session"), {}, "tutorial map",
                                               str(TUTORIAL), 0)
    result = doctest.DocTestRunner().run(test)
    assert result.attempted >= 8 and result.failed == 0
    game = load_rules(tmp_path / "consuls.yaml")
    for seed in range(10):
        state, rng = game.new_state(seed), Rng(seed)
        while state.decision is not None:
            options_now = state.decision.actions
            state = game.apply(state, options_now[rng.below(len(options_now))])
        assert state.outcome is not None


def test_the_web_board_draws_the_roads_and_names_the_places(game) -> None:  # type: ignore[no-untyped-def]
    svg = board_svg(game, game.new_state(0))
    drawn = re.search(r'<g class="map"[^>]*>(.*?)</g>', svg, re.S)
    assert drawn is not None
    assert drawn.group(1).count("<line ") == 4  # one road a link
    assert re.findall(r">(\w+)</text>", drawn.group(1)) == ["rome", "ostia", "veii", "tibur",
                                                             "capua"]
    plain = build(RULES.replace("  places: {rome: [0, 0], ostia: [2, 0], veii: [4, 0], "
                                "tibur: [0, 2], capua: [4, 2]}\n", "").replace(
        "  links: [rome - ostia, \"ostia - veii\", [rome, tibur], tibur - capua]\n", "")
        .replace("at: rome}", "at: [0, 0]}").replace("at: capua}", "at: [4, 2]}"))
    assert 'class="map"' not in board_svg(plain, plain.new_state(0))


def test_a_place_is_typed_and_told_by_its_name(game) -> None:  # type: ignore[no-untyped-def]
    state = game.new_state(0)
    typed = game.parse_action(state, "march #1 to=tibur")
    assert typed.target("to") == TIBUR and typed == game.parse_action(state, "march #1 to=(0,2)")
    assert game.describe_action(state, 0, typed) == "legion #1 march to=tibur"
    after = game.apply(state, typed)
    assert field_words(game, after, "moved", {"from": ROME, "to": TIBUR}) == \
        ["from rome", "to tibur"]  # an event without narration, told from its fields
    assert str(typed) == "march #1 to=(0,2)"  # the text saved in files keeps the square
    with pytest.raises(Exception, match="tiber"):
        game.parse_action(state, "march #1 to=tiber")


def test_sight_on_a_map_counts_links() -> None:
    """With fog, a legion sees the places within its sight in links: blue at capua, two
    squares from veii on the drawing but four links away, is hidden from red at veii and
    seen from tibur, one link away."""
    game = build(RULES.replace(
        "    - {type: legion, owner: blue, at: capua}\n",
        "    - {type: legion, owner: blue, at: capua}\n    - {type: legion, owner: red, "
        "at: veii}\n") + "visibility:\n  sight: 1\n")
    state = game.new_state(0)
    red = game.view(state, 0)
    assert {e.pos for e in red.iter_entities()} == {ROME, VEII}  # capua: 2 and 4 links away
    assert game.fog.sees_pos(state, 0, OSTIA) and not game.fog.sees_pos(state, 0, CAPUA)
    state = game.apply(state, game.parse_action(state, "march #1 to=tibur"))
    assert CAPUA in {e.pos for e in game.view(state, 0).iter_entities()}


def test_a_place_is_typed_in_any_case_and_named_in_the_unit_list(game) -> None:  # type: ignore[no-untyped-def]
    state = game.new_state(0)
    assert game.parse_action(state, "march #1 to=Tibur").target("to") == TIBUR
    assert "  legion #1 (red) at rome (0,0); march 2" in describe_view(game, state, board=False)


def test_stranded_places_are_warned_of(tmp_path: Path) -> None:
    """A place on a square no one enters, or one no link joins, can never be reached."""
    path = tmp_path / "roads.yaml"
    path.write_text(RULES.replace("capua: [4, 2]}", "capua: [4, 2], bay: [1, 1]}"))
    warned = [str(w) for w in check_rules(path)[1]]
    assert any("place `bay` is on a `nowhere` square, which no one may enter" in w
               for w in warned)
    path.write_text(RULES.replace("  links: [rome - ostia, \"ostia - veii\", [rome, tibur], "
                                  "tibur - capua]", "  links: [rome - ostia, [rome, tibur], "
                                  "tibur - capua]"))
    warned = [str(w) for w in check_rules(path)[1]]
    assert [w for w in warned if "has no link" in w] == [
        f"{path}:11:41: place `veii` has no link: no unit can reach it or leave it — add a "
        "link to it in `links`"]


def test_the_rules_sheet_lists_the_places_and_their_links(tmp_path: Path) -> None:
    path = tmp_path / "roads.yaml"
    path.write_text(RULES)
    result = CliRunner().invoke(cli, ["rules", str(path)], terminal_width=100)
    assert "Places\n  rome (0,0) town → ostia, tibur\n" in result.output
    assert "  veii (4,0) town → ostia\n" in result.output
