"""Cards drawn as cards with their rules text, a battle board drawn as the board it is,
and what a card does told by `stratagem show` too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import stratagem
from stratagem.engine import Pos, Ref
from stratagem.engine.narration import field_words, narrate
from stratagem.engine.state import Entity
from stratagem.web import Session
from stratagem.web.battle_board import battle_board_svg, is_box_zone
from stratagem.web.board_svg import _token
from test_cli import run


def test_an_entity_types_description_is_kept_by_the_rules_compiler() -> None:
    """`description:` of an entity type and of an item reaches the compiled game."""
    game = stratagem.load("elemental_duel")
    assert game.entity_types["battle_plan"].description == "Event, free: draw 2 cards."
    assert game.entity_types["pyro"].description == ""  # none given: empty


def test_cards_in_hand_show_name_and_rules_text_and_the_other_hand_as_backs() -> None:
    """Elemental Duel seen by red: each card of red's hand is drawn with its name and its
    description; blue's hand is backs only, with no id."""
    session = Session(stratagem.load("elemental_duel"), ["human", "random"], seed=1)
    zones = {(z["player"], z["zone"]): z["svg"] for z in session.snapshot()["zones"]}
    game, state = session.game, session.state
    mine = zones[("red", "hand")]
    for i in state.players[0].zones["hand"]:
        spec = game.entity_types[state.entities[i].type]
        assert f'data-id="{i}"' in mine
        first = spec.description.split()[0]
        assert first in mine, f"{spec.name}'s text is not on its card"
    theirs = zones[("blue", "hand")]
    assert theirs.count("a card you cannot see") == len(state.players[1].zones["hand"])
    assert "data-id" not in theirs


def test_court_letters_cards_carry_their_number_in_the_corner_and_their_text() -> None:
    """A card without a cost shows its value in the corner, and its rules text below."""
    session = Session(stratagem.load("court_letters"), ["human", "random"], seed=2)
    hand = next(z["svg"] for z in session.snapshot()["zones"]
                if z["zone"] == "hand" and z["player"] == session.game.players[0])
    state = session.state
    card = state.entities[state.players[0].zones["hand"][0]]
    assert f">{card.params['value']}</text>" in hand
    words = session.game.entity_types[card.type].description.split()[:2]
    assert " ".join(words) in re.sub(r"</text><text[^>]*>", " ", hand)


def test_flower_wars_battle_board_is_drawn_as_boxes_in_columns() -> None:
    """Each side's `board` zone is a board: every box is there once, in its column, with
    its rules text and its slots; a box filled to its need is marked ready."""
    game = stratagem.load("flower_war")
    state = game.new_state(seed=1)
    ids = state.players[0].zones["board"]
    boxes = [state.entities[i] for i in ids]
    assert is_box_zone(boxes)
    svg = battle_board_svg(game, boxes, "aztecs' board")
    assert svg.count('class="box') == len(boxes)
    assert ">ready</text>" not in svg
    assert "Take captives" in svg and "slaughter" in svg
    xs = {int(float(x)) for x in re.findall(r'class="box"[^>]*>(?:<title>[^<]*</title>)<rect '
                                            r'x="([\d.]+)"', svg)}
    assert len(xs) == len({b.params["column"] for b in boxes})  # one x a column
    box = next(b for b in boxes if b.params["need"] == 1)
    full = Entity(box.id, box.type, box.owner, None,
                  {**box.params, "dice": 1, "rare": 1}, zone=box.zone)
    assert ">ready</text>" in battle_board_svg(game, [full])
    session = Session(game, ["human", "random"], seed=1)
    drawn = next(z["svg"] for z in session.snapshot()["zones"] if z["zone"] == "board")
    assert 'class="battle-board"' in drawn


def test_show_tells_what_the_cards_in_sight_do(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    """`stratagem show --as red` lists the rules text of red's cards, not of blue's."""
    path = tmp_path / "duel.json"
    assert run(capsys, "new", "elemental_duel", "--seed", "1", "--out", str(path))[0] == 0
    code, out, _ = run(capsys, "show", str(path), "--as", "red")
    assert code == 0
    assert "what the cards do:" in out
    game = stratagem.load("elemental_duel")
    texts = [line.strip() for line in out.split("what the cards do:")[1].splitlines()
             if ": " in line and line.startswith("    ")]
    assert texts and all(line.split(":", 1)[0] in game.entity_types for line in texts)


def test_event_fields_are_told_in_words_units_players_and_hits() -> None:
    """An event without a narration template is told with units by type and number,
    players by name and true/false fields as words (``hits``, ``misses``)."""
    game = stratagem.load("skirmish")
    state = game.new_state(seed=1)
    told = narrate(game, state, "attacked", {"attacker": 2, "target": Ref(1), "hit": False,
                                             "melee": True, "damage": 0})
    assert told == "attacked: attacker goblin #2, target fighter #1, misses, in melee, damage 0"
    died = field_words(game, state, "died", {"owner": 1, "at": Pos(2, 3)})
    assert died == [f"owner {game.players[1]}", "at (2,3)"]


def test_elemental_duel_characters_show_energy_pips_and_their_aura() -> None:
    """Each character has as many pips as its energy's maximum, as many filled as it has;
    a character with an aura is ringed."""
    game = stratagem.load("elemental_duel")
    state = game.new_state(seed=1)
    char = next(e for e in state.iter_entities() if e.pos is not None)
    top = next(p.max for p in game.entity_types[char.type].params if p.name == "energy")
    charged = Entity(char.id, char.type, char.owner, char.pos,
                     {**char.params, "energy": 1, "aura": 2}, char.statuses)
    svg = _token(game, charged, 0)
    assert svg.count('class="pip"') == top
    assert svg.count('fill="#f1c40f"') == 1
    assert 'class="aura"' in svg and 'class="aura"' not in _token(game, char, 0)


def test_an_action_without_a_text_reads_its_type_as_words() -> None:
    """Outpost's `end_turn` has no text: a unit's end of turn reads "end turn"."""
    game = stratagem.load("outpost")
    state = game.new_state(seed=1)
    end = next((a for a in game.legal_actions(state) if a.type == "end_turn"), None)
    assert end is not None and end.actor is not None
    said = game.describe_action(state, state.decision.player, end)
    assert said.endswith(" end turn") and "_" not in said.split("#")[-1]


COURTIERS = Path(__file__).parent / "outsider" / "courtiers" / "courtiers.yaml"


@pytest.mark.parametrize("rules", ["court_letters", str(COURTIERS)])
def test_a_game_that_tracks_card_knowledge_is_drawn_without_a_face_it_hides(rules: str) -> None:
    """A game with card knowledge (a table zone, or a `look`) leaves an unseen card in its
    zone without its type: the page draws it as a back, the entity list sends it as one, and
    the table's own zones are drawn as the table's. No hidden face is in the snapshot."""
    game = stratagem.load(rules)
    session = Session(game, ["human"] + ["random"] * (len(game.players) - 1), seed=3)
    snap = session.snapshot()
    state = session.state
    theirs = [state.entities[i] for i in state.players[1].zones["hand"]]
    assert theirs, "the other player should hold a card"
    zones = {(z["player"], z["zone"]): z for z in snap["zones"]}
    hand = zones[(game.players[1], "hand")]["svg"]
    assert hand.count("a card you cannot see") == len(theirs)
    sent = [e for e in snap["entities"] if e["zone"] == "?"]
    assert len(sent) >= len(theirs) and all(e["id"] is None and e["type"] is None for e in sent)
    assert all(e["type"] != "?" for e in snap["entities"])
    if state.cards.table:
        assert {z for (whose, z) in zones if whose == "the table"} == {
            z for z, ids in state.cards.table.items() if ids}


def test_a_face_down_pile_on_the_table_is_counted_not_drawn_card_by_card() -> None:
    """Market Row's supply, 49 cards no one sees, is shown by its count (it was drawn as 49
    backs); its market row of five face-up cards is drawn card by card."""
    game = stratagem.load(Path(__file__).parent / "outsider" / "market" / "market2.yaml")
    zones = {(z["player"], z["zone"]): z
             for z in Session(game, ["human", "random"], seed=0).snapshot()["zones"]}
    supply, market = zones[("the table", "supply")], zones[("the table", "market")]
    assert supply["count"] > 8 and supply["svg"] == ""
    assert market["svg"].count("data-id=") == 5
