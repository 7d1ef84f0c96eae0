"""Flower War: placing dice on the battle board. A box takes a die showing at least its
symbol; an ability box holds only as many as it needs, an activation box any number.
Before the roll a side may pick dice up off its board to roll them again; at the end of
its orders the dice it did not place are lost, and placed dice stay until used."""

from __future__ import annotations

from flower_war_helpers import (
    AZTECS,
    TLAXCALTECS,
    act,
    arena,
    box,
    named,
    options,
    orders,
    pass_turn,
    player,
    roll,
    start,
)

UNITS = (("aztec_warlord", "aztecs", (4, 4)), ("jaguar_warriors", "aztecs", (4, 8)),
         ("aztec_warriors", "aztecs", (4, 12)), ("tlaxcaltec_warlord", "tlaxcaltecs", (40, 30)),
         ("zoomorphic_warriors", "tlaxcaltecs", (40, 26)),
         ("tlaxcaltec_warriors", "tlaxcaltecs", (40, 22)))


def placements(state, symbol: str) -> set[str]:
    return {o.split("box=")[1] for o in options(state) if o.startswith(f"place symbol={symbol} ")}


def test_each_side_places_only_on_its_own_board_and_by_symbol() -> None:
    """A common die fits the common boxes, never the elites' activation box or a rare box."""
    game = arena(*UNITS)
    s = orders(game, start(game), 1, 1, end=False)
    assert placements(s, "common") == {"activate_warlord", "activate_warriors", "activate_levy",
                                       "obsidian_edge", "war_drums", "attack_pool"}
    assert placements(s, "uncommon") == placements(s, "common") | {
        "activate_elites", "fearsome_cry", "jaguar_pounce"}
    assert placements(s, "rare") == placements(s, "uncommon") | {"take_captives",
                                                                   "activation_pool"}
    assert "heavy_arrows" not in placements(s, "rare"), "a Tlaxcaltec box"


def test_the_tlaxcaltec_board_takes_its_own_boxes() -> None:
    """The Tlaxcaltecs' rare die may go to any of their twelve abilities or four activations."""
    game = arena(*UNITS)
    s = act(game, pass_turn(game, start(game)), "roll_dice")
    s = roll(game, s, 3, 0)
    assert placements(s, "rare") == {
        "activate_warlord", "activate_elites", "activate_warriors", "activate_levy",
        "harassing_fire", "heavy_arrows", "aimed_volley", "shoulder_to_shoulder",
        "shielded_volley", "common_efforts", "eye_of_the_eagle", "loose_arrows",
        "massed_volley", "attack_pool", "activation_pool", "show_of_strength"}
    assert "activation_pool" not in placements(s, "common")


def test_an_ability_box_holds_what_it_needs_and_an_activation_box_any_number() -> None:
    """Obsidian Edge is full at two dice; the Warriors' box takes all three commons."""
    game = arena(*UNITS)
    s = orders(game, start(game), 0, 0, ["common obsidian_edge", "common obsidian_edge"],
               end=False)
    assert box(s, AZTECS, "obsidian_edge") == {"common": 2, "uncommon": 0, "rare": 0, "dice": 2,
                                               "need": 2, "least": 1}
    assert "obsidian_edge" not in placements(s, "common")
    s = act(game, s, "place symbol=common box=activate_warriors")
    assert box(s, AZTECS, "activate_warriors")["dice"] == 1
    assert player(s, AZTECS, "hand_common") == 1


def test_unplaced_dice_are_lost_and_placed_ones_stay() -> None:
    """Ending the orders with two dice in hand loses them; the placed die is still there
    two turns later."""
    game = arena(*UNITS)
    s = orders(game, start(game), 1, 0, ["rare take_captives"], end=False)
    s = act(game, s, "end_orders")
    assert named(s, "orders_given") == [{"side": "aztecs", "lost": 3}]
    assert player(s, AZTECS, "hand_common") == 0
    s = pass_turn(game, act(game, s, "end_turn"))
    assert box(s, AZTECS, "take_captives")["rare"] == 1


def test_dice_can_be_picked_up_before_the_roll_and_rolled_again() -> None:
    """A common die picked up off Obsidian Edge is rolled with the others: four dice, not three."""
    game = arena(*UNITS)
    s = orders(game, start(game), 0, 0, ["common obsidian_edge", "common war_drums"])
    s = pass_turn(game, act(game, s, "end_turn"))
    assert options(s) == ["pick_up box=obsidian_edge symbol=common",
                          "pick_up box=war_drums symbol=common", "roll_dice"]
    s = act(game, s, "pick_up box=obsidian_edge symbol=common")
    assert box(s, AZTECS, "obsidian_edge")["dice"] == 0
    s = act(game, s, "roll_dice")
    assert max(s.decision.actions[i].targets[0][1] for i in range(len(s.decision.actions))) == 3
    s = roll(game, s, 0, 0)
    assert named(s, "dice_rolled")[-1]["count"] == 3 and named(s, "dice_rolled")[-1]["kept"] == 1
    assert "pick_up" not in " ".join(options(s)), "no picking up after the roll"


def test_the_opponent_cannot_place_during_your_orders() -> None:
    """Only the side giving orders acts in its orders step."""
    game = arena(*UNITS)
    s = orders(game, start(game), 0, 0, end=False)
    assert s.decision.player == AZTECS
    s = act(game, act(game, s, "end_orders"), "end_turn")
    assert s.decision.player == TLAXCALTECS and options(s) == ["roll_dice"]
