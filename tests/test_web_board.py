"""Boards, cards and dice drawn for people (stratagem.web.board_svg), and what the page's
snapshot may tell a seat: hidden cards without identity, an agent's reasons only as far
as the seat may see, bookkeeping parameters left out, every mid-game replay checkable."""

from __future__ import annotations

import math
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import stratagem
from stratagem.agents import Choice
from stratagem.engine import Rng
from stratagem.engine.display import Display, Look
from stratagem.engine.geometry import cell_centre
from stratagem.engine.spec import Board
from stratagem.engine.state import Entity, Status
from stratagem.web import Session, board_svg, cards_svg, dice_svg
from stratagem.web.board_svg import UNIT, Mark
from test_cli import run


class FakeGame:
    """Just what ``board_svg`` reads of a game: for boards no bundled game has yet (hex)."""

    def __init__(self, board: Board, display: Display | None = None, name: str = "hexes"
                 ) -> None:
        self.board, self.display, self.name = board, display or Display(), name
        self.players = ("a", "b")
        self.entity_types: dict[str, Any] = {}


def _cells(svg: str) -> list[tuple[int, int]]:
    return [(int(x), int(y)) for x, y in re.findall(r'data-x="(\d+)" data-y="(\d+)"', svg)]


def test_a_square_board_has_every_cell_each_unit_in_its_owners_colour_and_a_legend() -> None:
    game = stratagem.load("broken_throne")
    state = game.new_state(seed=1)
    svg = board_svg(game, state)
    assert sorted(_cells(svg)) == sorted((x, y) for y in range(8) for x in range(10))
    units = [e for e in state.iter_entities() if e.pos is not None]
    assert svg.count('class="token"') == len(units)
    red = game.display.player(0, "red").colour
    assert red == "#c0392b" and f'fill="{red}"' in svg  # the red player drawn red
    for label in ("Grass", "Forest", "Water", "Red castle", "Blue castle"):
        assert f">{label}</text>" in svg  # the legend names the terrain
    assert "castle_x" not in svg and "selected" not in svg  # bookkeeping stays hidden


def test_health_shows_as_a_bar_and_statuses_as_badges() -> None:
    """A knight at half its hit points has a bar half as wide as a full one's; a status
    is a badge with its initial, named in the token's title."""
    game = stratagem.load("broken_throne")
    state = game.new_state(seed=1)
    knight = next(e for e in state.iter_entities() if e.type == "knight")
    hurt = Entity(knight.id, knight.type, knight.owner, knight.pos,
                  {**knight.params, "hp": 10}, (Status("poisoned", 2, None),))
    view = SimpleNamespace(tiles=state.tiles, iter_entities=lambda: [hurt], game=game,
                           counters_={})
    svg = board_svg(game, view)  # type: ignore[arg-type]
    widths = [float(w) for w in re.findall(r'width="([\d.]+)" height="4"', svg)]
    assert len(widths) == 2 and widths[1] == pytest.approx(widths[0] / 2, abs=0.1)
    assert "poisoned" in svg and ">P</text>" in svg


@pytest.mark.parametrize("layout", ["pointy-odd", "pointy-even", "flat-odd", "flat-even",
                                    "pointy-axial", "flat-axial"])
def test_a_hex_board_places_each_hex_where_geometry_says(layout: str) -> None:
    """Each hex is a hexagon around ``cell_centre`` (scaled), neighbours a hex apart, and
    the cells do not overlap."""
    board = Board(4, 3, ("g",) * 12, {"g": {}}, topology="hex", hex_layout=layout)
    game = FakeGame(board)
    view = SimpleNamespace(tiles=board.tiles, iter_entities=lambda: [])
    svg = board_svg(game, view)  # type: ignore[arg-type]
    polygons = re.findall(r'<polygon points="([^"]+)" class="cell" data-x="(\d+)" '
                          r'data-y="(\d+)"', svg)
    assert len(polygons) == 12
    centres = {}
    for points, x, y in polygons:
        xy = [tuple(map(float, p.split(","))) for p in points.split()]
        assert len(xy) == 6
        cx, cy = (sum(p[0] for p in xy) / 6, sum(p[1] for p in xy) / 6)
        ex, ey = cell_centre(board, (int(x), int(y)))
        assert (cx, cy) == pytest.approx((ex * UNIT * 0.6, ey * UNIT * 0.6), abs=0.2)
        centres[(int(x), int(y))] = (cx, cy)
    gaps = [math.dist(a, b) for i, a in enumerate(centres.values())
            for b in list(centres.values())[i + 1:]]
    assert min(gaps) == pytest.approx(UNIT * 0.6 * math.sqrt(3), abs=0.3)


def test_names_from_the_rules_are_escaped() -> None:
    """A tile label or a card name with markup in it is text in the picture, not markup."""
    board = Board(2, 1, ("g", "h"), {"g": {}, "h": {}})
    display = Display(tiles={"g": Look("#ffffff", "g", "<script>x</script>")})
    game = FakeGame(board, display, "a&b")
    view = SimpleNamespace(tiles=board.tiles, iter_entities=lambda: [])
    svg = board_svg(game, view)  # type: ignore[arg-type]
    assert "<script>" not in svg and "&lt;script&gt;" in svg and 'aria-label="a&amp;b board"' in svg
    cards = cards_svg([{"name": '"><b>', "text": "<i>"}])
    assert "<b>" not in cards and "<i>" not in cards


def test_cards_are_drawn_face_up_or_as_backs_and_dice_as_pips() -> None:
    cards = cards_svg([{"name": "Fire Ball", "cost": 3, "text": "deals 2", "id": 9},
                       {"name": None}])
    assert "Fire Ball" in cards and 'data-id="9"' in cards and ">3</text>" in cards
    assert cards.count("a card you cannot see") == 1
    dice = dice_svg([1, 6, "pyro"])
    assert dice.count("<circle") == 1 + 6 and "pyro" in dice
    assert board_svg(stratagem.load("pig"), stratagem.load("pig").new_state(seed=0)) == ""


def test_the_last_moves_and_a_selection_are_marked() -> None:
    game = stratagem.load("tic_tac_toe")
    svg = board_svg(game, game.new_state(seed=0), last=[Mark((1, 1), "last", "#c0392b")],
                    selected=(0, 0), marks=[Mark((2, 2), "reach"), Mark((2, 0), "target")])
    assert 'class="last"' in svg and 'class="selected"' in svg
    assert 'class="reach"' in svg and 'class="target"' in svg


# ------------------------------------------------------------------ what a seat is told
def test_a_seat_never_reads_another_agents_words_in_a_game_that_hides_things(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """High card against an agent whose public reason (against the agent contract) lists
    the cards in its hand by id: the match shares only the agent's one sentence for every
    decision (``Agent.hidden_reason``), and its words go to its private reason, so the
    person's page shows no id it cannot see, and no reason that differs from move to move.
    (The page still withholds a shared reason naming an unseen card.)"""
    session = Session(stratagem.load("high_card"), ["human", "casual"], 3)
    agent = session.agents[1]
    assert agent is not None
    original = agent.choose

    def choose(view: Any, decision: Any, budget: Any) -> Choice:
        picked = original(view, decision, budget)
        hand = view.players[1].zones["hand"]
        named = ", ".join(f"#{int(c)}" for c in hand)
        return Choice(picked.action, f"{picked.action}; weighed {named}", picked.private)

    monkeypatch.setattr(agent, "choose", choose)
    rng = Rng(1)
    theirs: set[str] = set()
    while session.state.decision is not None:
        snap = session.snapshot()
        view = session.game.view(session.state, 0)
        hidden = {e.id for e in view.iter_entities() if e.zone == "?"}
        for step in snap["log"]:
            ids = {int(i) for i in re.findall(r"#(\d+)", step["why"])}
            assert not ids & hidden, step["why"]
            if step["player"] == 1:
                theirs.add(step["why"])
        options = snap["decision"]["options"]
        session.act(options[rng.below(len(options))]["text"])
    assert theirs == {agent.hidden_reason}
    assert any("weighed #" in p for p in session.match.privates)


def test_private_reasons_reach_only_the_agents_own_seat(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    game = stratagem.load("tic_tac_toe")
    session = Session(game, ["human", "random"], 0)
    agent = session.agents[1]
    assert agent is not None
    original = agent.choose

    def choose(view: Any, decision: Any, budget: Any) -> Choice:
        action = original(view, decision, budget).action
        return Choice(action, "takes a corner", "my secret plan")

    monkeypatch.setattr(agent, "choose", choose)
    session.act("place cell=(1,1)")
    why = session.snapshot()["log"][1]["why"]
    assert "takes a corner" in why and "secret" not in why
    assert "my secret plan" in session._why(1, 1, set())  # the agent's own seat reads it


def test_hidden_cards_are_sent_as_backs_without_identity() -> None:
    session = Session(stratagem.load("elemental_duel"), ["human", "random"], 2)
    snap = session.snapshot()
    backs = [e for e in snap["entities"] if e["zone"] == "?"]
    assert backs and all(e["id"] is None and e["type"] is None and e["params"] == {}
                         for e in backs)
    view = session.game.view(session.state, 0)
    hidden = [e for e in view.iter_entities() if e.zone == "?"]
    text = str(snap["zones"]) + snap["svg"]
    assert not any(f'data-id="{e.id}"' in text for e in hidden)
    hands = [z for z in snap["zones"] if z["zone"] == "hand"]
    assert {z["player"] for z in hands} == {"red", "blue"}
    theirs = next(z for z in hands if z["player"] == "blue")
    assert theirs["svg"].count("a card you cannot see") == theirs["count"]
    mine = next(z for z in hands if z["player"] == "red")
    assert "a card you cannot see" not in mine["svg"]


def test_bookkeeping_parameters_are_not_shown() -> None:
    snap = Session(stratagem.load("broken_throne"), ["human", "random"], 0).snapshot()
    assert "castle_x" not in snap["players"][0]["params"]
    assert "selected" not in snap["players"][0]["params"] and "gold" in snap["players"][0]["params"]


@pytest.mark.parametrize("name", stratagem.list_games())
def test_a_replay_from_the_page_mid_game_is_checked_by_the_replay_command(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The file the page offers after one move of the person's, for every game, is
    checked by `stratagem replay` (a mid-game download once ended in an AssertionError)."""
    game = stratagem.load(name)
    session = Session(game, ["human"] + ["random"] * (len(game.players) - 1), 5)
    if session.state.decision is not None:
        session.act(session.snapshot()["decision"]["options"][0]["text"])
    path = tmp_path / "mid.json"
    path.write_text(session.replay().to_json() + "\n")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "1 replay checked, 0 failed" in out


def test_a_reaction_without_narration_is_asked_in_words() -> None:
    """Skirmish narrates no `moved` or `attacked` event: the prompt still says who may
    react and what is happening in words, never a raw `True` or `False` nor a bare id."""
    session = Session(stratagem.load("skirmish"), ["human", "random"], 7)
    rng = Rng(1)
    prompts = []
    while session.state.decision is not None and len(prompts) < 3:
        decision = session.snapshot()["decision"]
        if decision["kind"] == "reaction":
            prompts.append(decision["prompt"])
        session.act(decision["options"][rng.below(len(decision["options"]))]["text"])
    assert prompts and all(p.startswith("fighter #1 may react") for p in prompts)
    assert not any("True" in p or "False" in p for p in prompts)
    assert any("hits" in p or "misses" in p for p in prompts)
    assert not any(re.search(r"(attacker|target|mover) \d", p) for p in prompts)  # no bare ids
