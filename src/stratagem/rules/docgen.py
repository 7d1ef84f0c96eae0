"""The rules reference, ``docs/rules.md``, generated from the code.

Effects come from ``EFFECT_TABLE``, functions from ``FUNCTIONS`` and events
from ``BUILTIN_EVENTS``; only what the registries cannot say is written here:
the sections of a rules file and their keys (``SECTIONS``, one entry per
mapping the compiler reads, checked against it by ``tests/test_docs.py``),
the expression language, and a sentence for each built-in event.

    python -m stratagem.rules.docgen > docs/rules.md     # write the reference
    python -m stratagem.rules.docgen --check docs/rules.md  # exit 1 if it is stale

One module because most of it is the reference's own prose (a sentence for each
section, key and event), data rather than logic: it runs past 500 lines on purpose.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine.dice import MAX_DICE, MAX_OUTCOMES, MAX_POOL
from . import dice_sums as _dice_sums
from . import expr as _expr
from . import source as _source
from .compiler import BUILTIN_EVENTS, TOP_KEYS
from .effect_table import EFFECT_TABLE
from .library import FUNCTIONS, Function

REGENERATE = "python -m stratagem.rules.docgen > docs/rules.md"
"""The command that rewrites the reference."""


@dataclass(frozen=True)
class Key:
    """One key of a mapping in a rules file."""

    name: str
    doc: str
    required: bool = False


@dataclass(frozen=True)
class Part:
    """A mapping of the rules file: where it sits, what it is for, its keys.

    ``keys`` lists exactly what the compiler accepts there (an empty tuple:
    the part is not a mapping of fixed keys; ``doc`` says what it holds).
    """

    title: str
    where: str
    doc: str
    keys: tuple[Key, ...] = ()
    example: str = ""


# --------------------------------------------------------------- sections
TOP: dict[str, tuple[bool, str]] = {
    "game": (True, "The game's name, one word (`border_skirmish`)."),
    "description": (False, "One line saying what the game is."),
    "players": (True, "The players' names, in seat order: `[red, blue]`. The first is "
                "player 0. A game for two to four players names all four and gives a "
                "scenario for each smaller table (`players: 2` in *scenario*)."),
    "teams": (False, "Sides of several players: `[[north, south], [east, west]]`. A team "
              "wins, draws and loses together (a win rule that holds for one player is "
              "won by the player's team; the game ends when the players still in are of "
              "one team; at the round limit a team's score is the sum of its players'); "
              "`enemy` and `ally` (in `entities(owner: …)`, an entity target, `is_enemy`, "
              "`is_ally`, `blocked_by: enemies`) are said of teams; and team-mates share "
              "their sight under fog (unless `visibility: teams` says otherwise). A "
              "player no team names is a side of their own. One team of every player "
              "makes a cooperative game, played against the game itself: a win rule won "
              "by any of them is won by all, and a lose rule (or `lose`, or `stuck: lose`) "
              "that holds for any of them ends the game lost by all (\"lost by diver and "
              "pilot\": no winner, everyone ranked below first, each agent's result -1, "
              "counted as a loss by the arena, not as a draw), and reaching the round "
              "limit or an `end_game` without a loss is a win for all (they held out); a "
              "solitaire game (one player) ends the same ways, and `stratagem arena` gives "
              "each agent's win rate against the game (no rating). The agents' own rules of "
              "thumb count each player's units and score against the others' (search agents "
              "read the outcome, which is the team's); in a game played against the game "
              "itself, the side's score and units, against the units no player owns."),
    "shape": (False, "The game's nature, declared for agents and readers: `{chance: true, "
              "hidden: false, dynamics: sequential}`. Each given key must agree with the rules "
              "(a game that rolls dice has chance), or loading fails. It may also declare "
              "sizes, for the bridges that number actions (OpenSpiel, PettingZoo, "
              "Gymnasium): `max_options` (the most options of any decision), "
              "`max_chance_options` (of any roll or random draw) and `max_length` (the most "
              "decisions in a game, rolls included); sizes left out are measured. And "
              "`observation: {cell: 4, params: [hp]}` sets what the bridges' observation "
              "vectors hold: the board read in squares of `cell` cells, and planes of the "
              "named parameters only (by default: squares that keep a board within 1,024 "
              "of them, and the parameters that change in play)."),
    "board": (False, "The grid: its size or layout, and its tile types."),
    "entities": (False, "The entity types (units, pieces, cards): their parameters, actions "
                 "and reactions."),
    "player": (False, "Parameters every player has (gold, score, …)."),
    "zones": (False, "Card zones every player has (hand) or the table holds (a shared "
              "deck), with who may see them."),
    "statuses": (False, "Statuses an entity can carry (poisoned, shielded), with duration, "
                 "uses and hooks."),
    "actions": (False, "What units or players may do: conditions, targets, effects."),
    "reactions": (False, "Answers to events: opportunity attacks, parries, counter-spells."),
    "triggers": (False, "Effects that run by themselves after an event has happened."),
    "flow": (True, "Rounds, phases, turn order and which actions each phase offers."),
    "end": (False, "How the game ends: win, lose and draw conditions, a round limit, a "
            "score."),
    "setup": (False, "What is on the board when the game starts, and effects run before the "
              "first turn."),
    "scenarios": (False, "Other starting set-ups (and boards) the same rules can be played "
                  "from."),
    "narration": (False, "Sentences that narrate events in game logs: `{died: \"{entity} "
                  "falls\"}`. `{field}` is replaced by the event's field (an entity reads as "
                  "its type and id: `soldier #4 falls`); `moved_cancelled` narrates a move that "
                  "never happened. A player reads as its name: one taken from `players()`, "
                  "`opponents()` or `in_hand()` (or a `filter` or `sorted` list of them) by "
                  "`for_each`, `highest`, `lowest`, `find` or an index too; a player bound "
                  "from a list held in a `let` reads as its seat number (give `p.name`)."),
    "display": (False, "How the game is drawn for people: colours, glyphs, labels, the "
                "health bar and which parameters players see."),
    "show_rolls": (False, "Whether the account of a played game (`stratagem play`, the web "
                   "page) shows the raw dice of each decision beside it (`true`, the "
                   "default). Say `false` when the narration tells what every roll shows "
                   "(`rolls 4, misses`), so that the numbers are not told twice; a game that "
                   "narrates no roll keeps its numbers as the only account of its dice. A card "
                   "game says `false` too: a random `draw` is a roll, and its number (which "
                   "card of the deck was dealt) means nothing to a reader. Dice rolled as "
                   "a turn begins (a step's `on_start`) are told as that turn's, under its "
                   "player's name (`black rolls 3, 6`), not beside the move that ended the "
                   "turn before; the set-up's are told under *set-up*. In a game with a `private` "
                   "parameter the default is `false`: a roll may become a private value (the "
                   "dice under a cup, ranks dealt at random), which its number would tell "
                   "every player."),
    "state": (False, "Parameters of the game as a whole (a pot, a tide level), read as "
              "`game.NAME` and written by `set` and `modify`: `{pot: {default: 0, min: 0}}`."),
    "define": (False, "Functions of the game's own, written as expressions: "
               "`{has_card(p, kind): \"count(zone(p, 'hand', type: kind)) > 0\"}`."),
    "visibility": (False, "Fog of war: how far each entity type sees, which players share "
                   "their sight, and which entity types are always seen."),
    "buffs": (False, "Named parameter modifiers (additions and factors) that effects give "
              "to units or players for some rounds, with a stacking rule."),
    "technologies": (False, "Technology trees: what each technology costs, requires and "
                     "takes to research; `researched(player, 'tech')` reads them."),
    "items": (False, "Item types: things on the board that units with an `inventory` pick "
              "up, carry, use and drop."),
}
"""Every top-level section (the compiler's ``TOP_KEYS``): required, and what it holds."""

_PARAM_KEYS = (
    Key("default", "The starting value (if left out: `max`, else `min`, else 0)."),
    Key("min", "The lowest value; changes are clamped to it."),
    Key("max", "The highest value; changes are clamped to it."),
    Key("private", "Only its holder's owner sees it (a block's strength, a hidden role, "
        "a reserve the other side cannot count): an entity's owner, or the player itself; "
        "the game's and the tiles' parameters cannot be private. A view for anyone else "
        "withholds the value and a person is shown `?`. `true`, or how an AI that cannot "
        "see it imagines it (`determinize`): `deal` (the default for an entity type) "
        "deals the values it has not seen of one owner's entities of one type among "
        "them at random, so a view tells which values a side's units have but never "
        "which unit has which, as with cards (of a player's parameter: the other players' "
        "values dealt among them, a hidden role at a table of three or more); `any` (the "
        "default for a player, and it "
        "needs `min` and `max`) imagines any whole number between them. A mapping "
        "`{guess: deal, unless: shown}` also names a public parameter of the same holder "
        "that reveals the value to every player while it is not 0 (`set: {what: foe.shown, "
        "to: 1}` in a battle that turns the blocks face up), or a keyed parameter keyed by "
        "the players' names that reveals it to each player whose key is not 0 (`set: "
        "{what: \"foe.peeked[player.name]\", to: 1}`: a scout's look at one block, for that "
        "player alone). The mapping's `known` is a condition of the holder (`it`) that "
        "every player knows its value meets, and the AIs imagine only such values: `known: "
        "\"it.moved == 0 or (it.rank != 0 and it.rank != 11)\"` (a piece that moved is no "
        "flag or bomb). An `any` value that few numbers meet (one: `known: \"it.secret == "
        "it.hint\"`) is found by testing every whole number within its bounds when random "
        "draws miss, for bounds of up to 100,000 numbers. What a player may do is "
        "worked out on the true state, so a condition on another side's private value "
        "(`foe.strength < 3`) tells it by which options there are; an event field that "
        "reads one tells every player (`validate` warns of both, unless the parameter has "
        "`unless`). Read on a view, a withheld value is the default (`any`) or one of the "
        "side's values in order of id (`deal`): a program should not rely on it."),
)

_WHEN = ("One condition, a mapping `{label: condition}`, or a list of either. The label "
         "is what an error names when someone tries the action anyway.")

_REACTION_KEYS = (
    Key("on", "The event reacted to: a built-in event or one the rules `emit`.", True),
    Key("stage", "`pending` (the default: before the event's change happens, so fields can "
        "be changed or the event cancelled) or `done` (after it happened)."),
    Key("when", "A condition; the reaction is offered (or fires) only when it holds."),
    Key("needs", "A condition on what only the reacting player knows (a card in their "
        "hand): the window opens whenever `when` holds, and offers the reaction only when "
        "`needs` holds too; otherwise the player can only pass. Whether the window opens "
        "then tells the others nothing. A `when` that reads a hidden zone is warned about: "
        "it gives the card away. Not for automatic reactions."),
    Key("effects", "The effects of reacting."),
    Key("limit", "How often: `{per: round|turn|game, count: N, group: NAME}`; reactions "
        "sharing a group share the count (\"one reaction a round\")."),
    Key("once_per", "Short for `limit: {per: …, count: 1}`: `round`, `turn` or `game`."),
    Key("automatic", "`true`: it fires by itself whenever `when` holds, without asking. "
        "Reactions are optional by default (the owner may pass); status hooks are automatic."),
    Key("source", "Who reacts: `entity` (the default: each entity whose type lists the "
        "reaction, named `reactor`), `player` (each player still in the game) or `game` "
        "(no one: it always fires by itself)."),
    Key("description", "A note for readers; not used by the game."),
)

_STEP_FLOW_KEYS = (
    Key("max_actions", "The step ends after this many actions (otherwise when an action ends "
        "the turn, `end_when` holds, or nothing is left to do)."),
    Key("on_start", "Effects run as each turn's step begins."),
    Key("on_end", "Effects run as each turn's step ends."),
    Key("end_when", "A condition checked before each action; when it holds the step ends."),
    Key("stuck", "What a player with no legal action as the step begins does: `pass` (the "
        "default: the step is skipped without a word), `lose` (the player is out, as by a "
        "`lose` rule, with the reason \"NAME has no move\"; the last player standing "
        "wins: draughts) or `draw` (the game ends drawn: a stalemate); or "
        "`{if: TEST, then: lose, else: draw}`, the test read for the stuck player (and "
        "its unit), so that having no move can be a loss in one case and a draw in "
        "another: chess's `{if: \"game.in_check == 1\", then: lose, else: draw}` is mate "
        "and stalemate (`else` defaults to `pass`)."),
)

SECTIONS: tuple[Part, ...] = (
    Part("board", "board:",
         "The grid. Positions are `(x, y)`: `x` counts columns from 0 at the left, `y` rows "
         "from 0 at the top. Give either `layout` or `size`.",
         (Key("layout", "The board drawn as text: one row per line, one symbol per tile, "
              "symbols separated by spaces."),
          Key("tiles", "What each layout symbol stands for: `{\".\": grass, \"#\": wall}`. "
              "With no `tiles`, `.` is a plain `floor`. A name `tile_types` does not "
              "declare is a tile type with no properties (`grass` above), unless it looks "
              "like a misspelling of one it does (`walls` beside `wall`): that is an "
              "error (`floor`, the plain tile's own name, is never taken for one)."),
          Key("tile_types", "The properties of each tile type (see the next part)."),
          Key("tile_params", "Parameters every tile of the board has, whatever its type "
              "(see *parameter*): `{ctrl: {default: 0, min: 0, max: 2}}` for who holds each "
              "area of a map, declared once instead of on every tile type. A tile type's "
              "own `params` of the same name (another default) come first."),
          Key("metric", "How distance is counted: `chebyshev` (the default: diagonal steps "
              "count 1), `manhattan` (no diagonals; the default with `neighbours: 4`) or "
              "`euclidean` (as the crow flies). Square boards only."),
          Key("size", "`[width, height]` of a board whose tiles are all the first tile type "
              "declared (or `floor`), when there is no `layout`."),
          Key("topology", "`square` (the default) or `hex`. On a hex board positions stay "
              "`(x, y)` = (column, row) as the layout is written; `distance` counts hex "
              "steps, each hex has 6 neighbours, and `reachable`, `path_distance`, "
              "`paths`, `line_of_sight`, `positions` and `line` work on hexes. So `x` is "
              "the column, not how far east a hex is drawn: on `pointy-odd`, `(7,3)` sits "
              "half a hex east of `(7,4)` though both have `x` 7. `east(p)` and `south(p)` "
              "give where a cell's centre is drawn, in steps that make \"farthest east\" "
              "exact (`most: \"east(dest)\"` in a program)."),
          Key("hex", "How a hex board's columns and rows sit: `pointy-odd` (the default: "
              "pointy-topped hexes, odd rows pushed half a hex right), `pointy-even`, "
              "`flat-odd` (flat-topped, odd columns pushed half a hex down), `flat-even`, "
              "`pointy-axial` or `flat-axial` (axial coordinates: each row, or column, "
              "starts half a hex further along). The layout's indentation is free, so a "
              "pointy map may indent its pushed rows to look like the board."),
          Key("neighbours", "On a square board, the steps of movement: `8` (the default, "
              "diagonals too) or `4` (whose distance is then `manhattan` unless `metric` "
              "says otherwise); `reachable`, `path_distance` and `paths` take these unless "
              "given `diagonal`. `metric` alone leaves them at 8."),
          Key("capacity", "How much a square holds (default 1: one entity a square): a "
              "count (`capacity: 3`), or a size parameter of the entities and the most a "
              "square holds of it (`capacity: {param: size, max: 4}`). A tile type may "
              "give its own. Entities on one square form a stack in the order they "
              "arrived, first at the bottom (`entities_at`, `count_at`, `has_room`); "
              "`occupant` is the bottom one, and a position target `empty` means a square "
              "with room for the actor."),
          Key("places", "Names for squares: `{rome: [0, 0], ostia: [2, 0]}` (a word each). "
              "`place('rome')` is its position and `place_name(pos)` its name; a placement "
              "may say `at: rome`, a person may type `to=rome` for a square, and the "
              "terminal and the web page show the names."),
          Key("links", "A point-to-point map (areas joined by roads, spaces by lines): "
              "pairs of places, `[rome - ostia, rome - tibur]` (or `[rome, ostia]`), each "
              "joining both ways. With links a unit steps only along them (`reachable`, "
              "`path_distance`, `paths`, `move_along`, each place's tile cost), `distance` "
              "counts the fewest links (none: infinite), the shapes are the places so many "
              "links away, and nothing blocks sight (`line_of_sight` is true; a sight range "
              "under `visibility` counts links too). Draw the map "
              "on the layout, a place on a square of its own, and fill the squares between "
              "with a tile type no one enters (`cost: null`); `metric` and `neighbours` have "
              "no say. The web page draws the links as roads."),
          Key("side_types", "The kinds of terrain on the edges between cells — rivers, "
              "walls, hedges — each with its properties (see *side type*): `{river: {cost: "
              "2}, wall: {cost: null, blocks_sight: true}}`."),
          Key("sides", "Where the sides lie: a list, each entry one side between two cells "
              "or a run of them along two rows of cells, such as a river's banks (see "
              "*side*). Not on a map of `links`.")),
         "board:\n  tiles: {\".\": grass, \"#\": wall}\n  tile_types:\n"
         "    wall: {cost: null, blocks_sight: true}\n  layout: |\n    . . # .\n    . . . ."),
    Part("tile type", "board: tile_types: NAME:",
         "The properties of a tile type. A tile type with none costs 1 to enter and does not "
         "block sight.",
         (Key("cost", "Movement points to enter a tile of this type (default 1); `null` or a "
              "negative number: no one can enter it. By kind of unit, a mapping: "
              "`{armor: 3, infantry: 2, other: 1}` — each key an entity type or a tag of "
              "entity types, `other` (default 1) for every unit no key names; a unit pays "
              "under the first key that names its type or one of its tags, and `null` "
              "keeps that kind out. Ways from an entity (`reachable`, `path_distance`, "
              "`paths`, `move_along`) pay its kind's costs; from a position, `other`."),
          Key("blocks_sight", "`true`: nothing can be seen through it (`line_of_sight`)."),
          Key("params", "Parameters every tile of this type has (see *parameter*), read as "
              "`tile(POS).NAME` and written by `set`/`modify`: `{fertility: {default: 2, "
              "max: 5}}`. A written value stays with its position, whatever the tile type "
              "becomes; a position whose tile type lacks the parameter reads 0 and is not "
              "written (`stratagem validate` warns of a `set` that may land there: "
              "declare the parameter for every tile with the board's `tile_params`)."),
          Key("capacity", "How much a square of this type holds, instead of the board's "
              "`capacity`: a count, or `{param: size, max: 4}` (one size parameter for the "
              "whole board).")),
         "board:\n  size: [8, 8]\n  tile_types:\n    field: {params: {fertility: "
         "{default: 2, min: 0, max: 5}}}"),
    Part("side type", "board: side_types: NAME:",
         "A kind of terrain on the edge between two neighbouring cells: a river or a wall "
         "along a hexside, a wall between two squares of a dungeon. A side type with no "
         "properties costs nothing to cross and does not block sight; sides are part of the "
         "rules, and nothing changes them during a game.\n\n"
         "**Moving.** A step from one cell to the next pays the cost to enter the next cell "
         "plus the `cost` of the side between them (the step never costs less than 0); a "
         "side that costs `null` cannot be crossed. Every way a unit is moved or measured "
         "pays them: `reachable`, `path_distance`, `paths`, `move_along`. On a square board "
         "a side lies between two squares side by side, never two that meet only at a "
         "corner: a diagonal step passes the corner between two ways round it (through "
         "either square beside both) and pays the cheaper way's sides, so it is stopped only "
         "when both ways are (a unit slips past the end of a wall, not through the corner "
         "of two walls).\n\n"
         "**Seeing.** A side that `blocks_sight` blocks the straight line between the "
         "centres of two cells when the line crosses its edge (`line_of_sight`, `sees`, fog "
         "of war); a side of the very cell a unit stands in counts too. A line through a "
         "corner, or along an edge, is drawn once to each side, and sight passes if either "
         "way is clear, as for tiles.\n\n"
         "**Reading.** `side_between(a, b)` is the type of the side between two cells (of "
         "entities or positions), none when there is none, and `side_between(a, b).NAME` "
         "one of its `params` (0 when there is no side or it lacks the parameter). The "
         "terminal board draws a side in the gap between its cells (a river `~`, a bridge "
         "`=`, a wall as a line), the web page as a thick line along the edge in the colour "
         "`display: tiles:` gives its name (or one picked from its name), and `stratagem "
         "rules` lists the kinds with what crossing them costs.\n\n"
         "**A worked example** (the map below): a river runs along every hexside between "
         "column 3 and column 4, and a bridge replaces it between (3,2) and (4,2). A unit on "
         "(3,1) wading to (4,1) pays 1 for the clear hex and 2 for the river: 3. By the "
         "bridge, (3,1) → (3,2) → (4,2) → (4,1), it pays 1 + 1 + 1: 3 as well. A tank "
         "(`tags: [armor]`) may not wade (`armor: null`), so `reachable(actor, 4)` from "
         "(3,1) reaches column 4 only over the bridge. A unit attacked from across the river "
         "takes one damage less: `side_between(actor, target).cover` is 1 there, and 0 "
         "across the bridge or on dry land.",
         (Key("cost", "Movement points a step across it adds (default 0; a negative number "
              "makes the step cheaper, a road, but never below 0); `null`: no one crosses "
              "it. By kind of unit, a mapping, as for a tile type: `{armor: null, other: "
              "2}`, `other` for every unit no key names."),
          Key("blocks_sight", "`true`: a line of sight crossing it is blocked."),
          Key("blocks_zoc", "Whether a zone of control stops at it: a cell across it from "
              "a unit is not next to the unit for `stop_near` (`reachable`, "
              "`path_distance`, `paths`, `move_along`). By default a side no unit crosses "
              "(`cost: null` for every kind) stops it and any other lets it through; "
              "`blocks_zoc: true` makes a river stop it too, `false` lets it through a "
              "wall. On a square board a diagonal neighbour is cut off only when both ways "
              "round the corner are, as a step is."),
          Key("params", "Fixed numbers the rules read, `{cover: 1}`, as "
              "`side_between(a, b).cover`: how much an attack across a river loses, how "
              "much a wall shelters. Sides never change, so these have no bounds.")),
         "board:\n  topology: hex\n  size: [7, 5]\n  side_types:\n"
         "    river: {cost: {armor: null, other: 2}, params: {cover: 1}}\n"
         "    bridge: {cost: 0}\n  sides:\n    - type: river       # every hexside between "
         "column 3 and column 4\n      between: [[3, 0], [3, 1], [3, 2], [3, 3], [3, 4]]\n"
         "      and: [[4, 0], [4, 1], [4, 2], [4, 3], [4, 4]]\n"
         "    - {type: bridge, between: [3, 2], and: [4, 2]}   # replaces the river there\n"
         "entities:\n  tank:\n    tags: [armor]\n    params: {hp: {max: 4}, attack: 3}\n"
         "    actions: [move, assault]\nactions:\n  assault:\n    targets:\n"
         "      target: {entity: enemy, where: \"distance(actor, target) == 1\"}\n"
         "    effects:\n      - damage: {to: target, amount: \"max([0, actor.attack - "
         "side_between(actor, target).cover])\"}"),
    Part("side", "board: sides: - ",
         "One side, or a run of sides, on the board. `between` and `and` are each a cell "
         "(`[x, y]` or a place's name) or a list of cells. With one cell each, the two must "
         "share an edge, and the side lies on it. With lists, a side lies on every edge "
         "between a cell of one list and a cell of the other — the two banks of a river, "
         "the squares on either side of a wall — and each cell of either list must touch "
         "the other list. Entries are read in order: a later side on the same edge replaces "
         "an earlier one (a bridge over a river, a door in a wall). A cell off the board, "
         "two cells that share no edge, or an unknown type is an error at its line and "
         "column.",
         (Key("type", "The side's type, one of `side_types`.", True),
          Key("between", "A cell, or a list of cells: one bank.", True),
          Key("and", "A cell, or a list of cells: the other bank.", True)),
         "board:\n  size: [6, 4]\n  side_types:\n    wall: {cost: null, blocks_sight: true}\n"
         "    door: {cost: 1}\n  sides:\n"
         "    - {type: wall, between: [[2, 0], [2, 1], [2, 2], [2, 3]], "
         "and: [[3, 0], [3, 1], [3, 2], [3, 3]]}\n"
         "    - {type: door, between: [2, 1], and: [3, 1]}"),
    Part("entity type", "entities: NAME:",
         "A kind of unit, piece or card.",
         (Key("params", "Its parameters: `{hp: {max: 8}, attack: 3}` (see *parameter*)."),
          Key("actions", "The actions an entity of this type may take: `[move, melee]`."),
          Key("reactions", "The reactions it may make: `[opportunity_attack]`."),
          Key("tags", "Words for grouping types: `[undead, flying]` (`has_tag`, "
              "`entities(tag: …)`)."),
          Key("statuses", "Statuses every new entity of this type starts with."),
          Key("symbol", "The character (one or two) that shows it on the text board "
              "(default: the first letter of its name)."),
          Key("hints", "Numbers for AIs, such as `{cost: 50}` (a unit's value)."),
          Key("inventory", "How many items (see *item*) it can carry: a whole number, "
              "default 0."),
          Key("description", "What it is or does, in words for players: a card's rules text, "
              "shown on the card by `stratagem show` and the web page; the rules never "
              "read it.")),
         "entities:\n  soldier:\n    symbol: S\n    params: {hp: {max: 8}, attack: 3}\n"
         "    actions: [move, melee]"),
    Part("parameter", "entities: NAME: params: PARAM:  and  player: PARAM:",
         "A number an entity or a player carries. Write a plain number (`attack: 3`, the "
         "starting value, no bounds) or a mapping with these keys.",
         _PARAM_KEYS, "entities:\n  block:\n    params:\n"
         "      strength: {default: 1, min: 0, max: 4, private: {guess: deal, unless: shown}}\n"
         "      shown: {default: 0, min: 0, max: 1}\nplayer:\n"
         "  reserve: {default: 2, min: 0, max: 3, private: true}"),
    Part("keyed parameter", "PARAM: {keys: […], …}  (under `player:`, an entity's "
         "`params:` or `state:`)",
         "A parameter with a number for each of a fixed set of keys (whole numbers or "
         "names), read and written with a key worked out in play: `player.columns[a + b]`, "
         "`game.marks['x']`. Besides `keys`, it takes `default`, `min` and `max` as a "
         "parameter does, each a number for every key or a mapping of key to number, and "
         "`private` (every key alike: a player's five dice under a cup). A key "
         "written in the rules that is not declared is reported at load; one worked out in "
         "play stops the game with an error naming the parameter and its keys. Each key is "
         "saved as a parameter of its own (`columns[7]`). On a line of the terminal's "
         "table, a keyed parameter of more than four keys is said short: the keys away from "
         "their default, then what the others hold (`columns[7] 2 (others 0)`), or "
         "`columns all 0` while none has moved.",
         (), "player:\n  columns:\n    keys: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\n"
         "    default: 0\n    max: {2: 3, 3: 5, 4: 7, 5: 9, 6: 11, 7: 13, 8: 11, 9: 9, "
         "10: 7, 11: 5, 12: 3}"),
    Part("state", "state: NAME:",
         "Game-state parameters: numbers of the game as a whole, each declared as a "
         "*parameter* (a number, or `default`/`min`/`max`) or a *keyed parameter*. Read "
         "them as `game.NAME`, write them with `set: {what: game.NAME, to: …}` and `modify`. "
         "Every player sees them; they are saved with the state (only those that changed). "
         "`round`, `turn` and `phase` are the game's own and cannot be declared.",
         (), "state:\n  pot: {default: 0, min: 0, max: 50}\n  tide: 3"),
    Part("define", "define: NAME(PARAMETERS):",
         "Functions of the game's own. Each key is a name and its parameters in brackets "
         "(no brackets: none, and it reads like a name); a parameter may give its type, "
         "`p: player` (then quote the key: `\"best(p: player)\": …`), so that `text(p)` "
         "reads as the player's name. Each value is an expression of the parameters, checked "
         "at load like any other and compiled once. A call gives the arguments in order or "
         "by name: `has_card(player, 'prince')`, `has_card(kind: 'prince', p: player)`. A define "
         "sees only its parameters (pass `player` or `actor` to it). Defines call one another "
         "in any order, but none may call itself, directly or through others (a load "
         "error): recursion cannot be written, and a call goes at most as deep as the list "
         "is long.",
         (), "define:\n  hand_of(p): \"zone(p, 'hand')\"\n"
         "  has_card(p, kind): \"any(hand_of(p), where: it.type == kind)\"\n"
         "  richest: \"highest(players(), by: it.gold)\""),
    Part("zones", "zones: NAME:",
         "Each zone is given its visibility: `public` or `everyone` (everyone sees its "
         "cards), `owner` (only its owner does), `hidden` or `nobody` (no one does, like a "
         "deck), or a list of players (only they do). Every player has every zone, unless "
         "it is given as a mapping `{owner: table, visibility: ...}` (`owner` is `player` "
         "by default; `visibility` is `public` by default, and never `owner` on the "
         "table): then there is one zone, shared, "
         "that belongs to no player (a common draw pile, a discard pile, a market row); "
         "`draw`, `move_card` and `zone()` (or `table()`) name it like any other. In a game "
         "with a table zone, or one that uses `look`, `show`, `reveal` or `rule_out`, the "
         "engine keeps track of who knows each card: a player knows "
         "a card once it is in a zone they see, or after `look`, `show` or `reveal`, and "
         "never forgets it (until a `shuffle`); `rule_out` records what a card is known "
         "not to be. A player also knows which cards a pile holds without knowing its "
         "order: what each zone holds at the set-up (the rules say it), and what a "
         "`shuffle` mixed that they had seen (a discard pile turned over into a deck); the "
         "cards they then see leave that knowledge one by one. A view (what an AI or a "
         "player is shown) gives every other card without its type, and a random draw "
         "takes the zone's top card and deals it a random face, so card ids say nothing "
         "about faces; for the same reason the ids of the cards the set-up places in a "
         "zone some players see and others do not (a hand) are dealt at random among them, "
         "each place keeping its face (a zone no one sees, a deck, keeps the rules' order "
         "until it is shuffled). `determinize` deals the faces a view withholds back so that each "
         "pile holds what its viewer knows it holds. What a view hides is where a card is "
         "and which card is which, never which faces there are: every player knows the faces "
         "(type, parameters and statuses) of the cards in the game, as they would a deck "
         "whose list is printed in the rules. So a card that `spawn` puts into a zone some "
         "players do not see, or an id written on a hidden card, is known to their views "
         "(the AIs read it, though a person's screen shows `?`). A number one player must "
         "keep secret is a `private` parameter (see *parameter*); a secret face drawn at "
         "random is a card drawn from a shared pile no one sees (a bag: `{owner: "
         "table, visibility: nobody}`), and a hidden card is tied to a unit by writing the "
         "card's id on the unit (`u.card = c.id`), not the unit's on the card; `validate` "
         "warns of both. A card that players do not see (in a zone they do not see, or "
         "with a face they do not know) is never named to them as another player's target: "
         "their log reads `lay card=-`. So a secret choice, made one player after another as "
         "every choice is, is a card laid from a hand into a zone only its owner sees (shown "
         "when a later effect moves it to the table), or an action target declared "
         "`private: true` and written into a `private` parameter (a sealed bid; see "
         "*target*). A card laid from a hand that another player has seen — a hand passed "
         "round the table, as in a drafting game, or looked at — is no secret to that "
         "player: they know each of its cards by its id, so they know which one was laid. "
         "There the choice is a `private` target (the card's place in the hand, written "
         "into a `private` parameter), or the hand is shuffled as it is passed (then its "
         "new holder's face-down card is hidden, but the one who passed it knows only "
         "which cards the hand holds, not which is which).",
         (),
         "zones:\n  deck: {owner: table, visibility: nobody}\n"
         "  discard: {owner: table, visibility: everyone}\n  hand: owner"),
    Part("status", "statuses: NAME:",
         "A condition an entity can carry. Durations count down at the end of each round.",
         (Key("duration", "How many rounds it lasts (whole number from 1; default: until "
              "removed)."),
          Key("usages", "How many uses it has (`use_status` spends one; it ends at 0)."),
          Key("negative", "`true` marks a harmful status (kept for AIs and display; "
              "nothing in the rules reads it yet)."),
          Key("hooks", "A list of reactions (same keys as *reaction*), automatic unless they "
              "say otherwise, with the bearer as `reactor`."),
          Key("description", "A note for readers; not used by the game.")),
         "statuses:\n  shielded:\n    usages: 1\n    hooks:\n      - on: damaged\n"
         "        when: event.target == reactor\n"
         "        effects: [{set_event: {field: amount, to: 0}}, "
         "{use_status: {to: reactor, status: shielded}}]"),
    Part("action", "actions: NAME:",
         "Something a unit or a player may do. Listed in an entity type's `actions`, it is "
         "that unit's action (with `actor`); otherwise it is a player's. Two names are the "
         "engine's own and cannot name an action: `roll` (a chance decision's options) and "
         "`choose` (an answer to `choose` mid-effect).",
         (Key("source", "`entity` or `player`. Default: `entity` if some entity type lists "
              "the action, else `player`."),
          Key("when", "When the action is allowed. " + _WHEN + " For speed, a unit's "
              "action is looked for only on the unit a condition such as "
              "`player.selected == actor.id` names, and a condition that does not read "
              "`actor` is tested once for all the units."),
          Key("targets", "What the action is done to, chosen in order (see *target*)."),
          Key("effects", "The list of effects it has (see *Effects*)."),
          Key("ends_turn", "`true`: the turn ends once the action has resolved."),
          Key("passes", "`true`: taking it means passing; an `alternate` phase ends once "
              "every player has passed."),
          Key("keeps_turn", "`true`: a fast action. In an `alternate` phase, where any "
              "other action hands the turn to the next player, the player acts again."),
          Key("text", "How the action reads in a game's log and in the list of options, with "
              "`{actor}`, `{player}`, each target and each of its `text_values` in braces: "
              "`\"{actor} attacks {target}\"`."),
          Key("text_values", "Values the action's `text` shows, each an expression of "
              "`player`, `actor` and the targets, worked out for each option as it is shown "
              "(never while options are listed, and no dice: nothing is rolled to say an "
              "option): `text: \"{actor} attacks {target} at {odds}\"` with `text_values: "
              "{odds: \"odds_of(actor, target)\"}` reads \"armour #12 attacks infantry "
              "#16 at 3:1\" at the terminal's prompt (beside the option, and in `list`), in "
              "`stratagem show`, on the web page's buttons and in the log. Each name "
              "must appear in `text` or `text_without_target`, and may not be a target's."),
          Key("cooldown", "Once taken, the action may not be taken again for a while, "
              "counted per acting entity (per player for a player action). `cooldown: 2` or "
              "`{turns: 2}`: two turns of the acting player later (1: not again this turn, "
              "usable next turn; a turn counts as the player begins it, every turn of one of "
              "their units under `initiative`, so there a unit's `{turns: 2}` passes sooner "
              "the more units its player has: for a unit's own pace write rounds). "
              "`{rounds: 1}`: not again this round. Read "
              "with `cooldown(actor, 'heal')`; kept in the state and saved with it. Example: "
              "`heal: {cooldown: 2, targets: ..., effects: [...]}`."),
          Key("play_without_target", "`true`: when no choice of targets is valid, the "
              "action is still offered, once, with every target none (a card played for "
              "nothing); effects test it with `is_none(target)` or `target == none`. Every "
              "target is none then, the card played too: when only one target can fail "
              "(where to lay a tile that fits nowhere), make that one `optional: true` "
              "instead (see *target*), and the others keep their values. "
              "Example: `guard: {play_without_target: true, targets: {target: {player: "
              "opponent, where: \"not target.protected\"}}, effects: [...]}`."),
          Key("text_without_target", "How the action reads when a target is none: "
              "`\"{player} plays a Guard, with no one to target\"`. Without it, `text` "
              "is used with `no one` for the missing target (and with no `text`, the log "
              "says the action was played with no one to target)."),
          Key("description", "A note for readers; not used by the game."),
          Key("duration", "Makes it a multi-turn action (see *multi-turn action*, as do the "
              "keys below): the rounds it takes, a number or an expression of its targets "
              "(`tech_turns(tech)`) worked out when it starts."),
          Key("on_tick", "Effects run each round it is in progress, as the round ends."),
          Key("on_complete", "Effects run when it completes."),
          Key("on_abort", "Effects run when it is aborted (by `abort` or `keep_while`)."),
          Key("keep_while", "A condition checked as each round ends; when it fails, the "
              "action is aborted."),
          Key("complete_when", "A condition checked as each round ends (after `elapsed` "
              "counts the round); when it holds, the action completes.")),
         "actions:\n  melee:\n    when: {has not attacked: \"actor.has_attacked == 0\"}\n"
         "    targets:\n      target: {entity: enemy, where: \"distance(actor, target) <= 1\"}\n"
         "    effects:\n      - damage: {to: target, amount: 2}"),
    Part("target", "actions: NAME: targets: TARGET:",
         "One thing the action is done to, named for the conditions and effects after it. "
         "Targets are chosen in order, so a target may depend on the ones before it.",
         (Key("kind", "`entity`, `position`, `player`, `card`, `number`, `entity_type` or "
              "`value`."),
          Key("from", "The candidates: a list expression. Default by kind: every entity on "
              "the board, every position, every player, every entity type; `number`, "
              "`value` and `card` need it (`zone(player, 'hand')`)."),
          Key("where", "Conditions each candidate must meet, with the candidate named by the "
              "target's name. " + _WHEN + " For speed, with a condition such as "
              "`distance(actor, target) <= actor.range`, the entities standing farther are "
              "skipped before any condition is tested."),
          Key("entity", "Short for an entity target: `enemy`, `ally` or `any`."),
          Key("position", "Short for a position target: `empty` or `any`."),
          Key("player", "Short for a player target: `opponent` or `any`."),
          Key("on_board", "For a `number` target that names a board `column` or `row` "
              "(connect four's drop): interfaces such as `stratagem serve` let any square "
              "of that line pick it. The rules do not read it."),
          Key("optional", "`true`: when no candidate meets the conditions, the target is "
              "none and the action is still offered (\"play for nothing\"); when some do, "
              "only they are offered. Effects and later targets test it with "
              "`is_none(target)`. Example: `target: {player: opponent, optional: true, "
              "where: \"not knocked_out(target)\"}`."),
          Key("private", "`true`: only the acting player is told what was chosen. The other "
              "players see that the action was played, with this target as none (`bid "
              "amount=-`): in their log, their views (what the AIs are given) and the "
              "OpenSpiel information state; the account told to a person at the terminal "
              "or on the web page says it as `?` (`ann bids ?`, with the text's "
              "`text_values` as `?` too), and the rules reveal it as they do (a parameter "
              "shown). For a sealed bid: `amount: {kind: number, from: "
              "\"[1, 2, 3]\", private: true}` written into a `private` parameter, shown when "
              "the bids are revealed (`validate` warns of a target written into a private "
              "parameter without it). A card target needs no `private`: a card the other "
              "players cannot see (in a zone they do not see, or with a face they do not "
              "know) is never named in their log, since a card's id would tell its face, "
              "and a person is told it as \"a card\" (`ann lays a card face down`)."),
          Key("prompt", "How a person is asked for this target when the terminal builds "
              "the action a part at a time (`choose …:`), with `{player}`, `{actor}` and "
              "the targets chosen before it filled in: `k0: {kind: value, from: \"['keep', "
              "'roll']\", prompt: \"the highest die\"}`. Without it, the target's name.")),
         "actions:\n  move:\n    targets:\n"
         "      to: {kind: position, from: \"reachable(actor, actor.speed)\"}"),
    Part("reaction", "reactions: NAME:",
         "An answer to an event, offered to the owner of each entity that can make it (who "
         "may pass) unless it is automatic.",
         _REACTION_KEYS,
         "reactions:\n  opportunity_attack:\n    on: moved\n    when: \"is_enemy(event.mover) "
         "and distance(reactor, event.from) <= 1\"\n    once_per: round\n    effects:\n"
         "      - damage: {to: event.mover, amount: 1}"),
    Part("limit", "reactions: NAME: limit:",
         "How often a reaction may be made, per reactor.",
         (Key("per", "`round`, `turn` or `game`.", True),
          Key("count", "How many times per period (default 1)."),
          Key("group", "A name shared by reactions that share one count.")),
         ),
    Part("trigger", "triggers: NAME:",
         "Effects that run by themselves once an event is done.",
         (Key("on", "The event: a built-in event or one the rules `emit`.", True),
          Key("when", "A condition; the trigger fires only when it holds."),
          Key("effects", "The effects to run."),
          Key("description", "A note for readers; not used by the game.")),
         "triggers:\n  rise_again:\n    on: died\n    when: event.type == 'soldier'\n"
         "    effects:\n      - spawn: {type: zombie, at: event.at}"),
    Part("flow", "flow:",
         "The order of play. Each round runs the phases in order; in each phase, each player "
         "(or unit) in the phase's order takes a turn. Two limits stop a game that would "
         "run for ever: `stratagem play`, the arena and the web page end a game after "
         "100,000 decisions with no result, and a flow that passes 1,000 rounds without "
         "offering anyone a decision (every player stuck, and passing) is an error that "
         "names the game. `stratagem validate` warns of a step whose turn nothing ends.",
         (Key("phases", "The phases of a round, in order (see *phase*).", True),
          Key("round_limit", "The game ends after this many rounds (the players are then "
              "ranked by `end: score`)."),
          Key("hand", "The game's own rounds inside the engine's, such as the hands of a "
              "card game (see *hand*).")),
         ),
    Part("hand", "flow: hand:",
         "A game played in hands: each hand is dealt, played over as many rounds as it takes, "
         "scored, and the next one dealt. The first hand begins right after the setup. `end_when` "
         "is checked whenever a player is about to be offered actions (after every action, as "
         "every turn begins); when it holds, the turn in progress ends, `end` runs, the next hand "
         "begins (`start`), and play goes on with the next turn in the order. It is checked too "
         "just before each turn begins, so a hand that ends between turns — in a phase's `on_end` "
         "that turns up the last cards, or a round's effects — ends there, and the turn about to "
         "begin is the new hand's first (no one's turn is spent on it). The game's end rules are "
         "checked after that, once the next hand is dealt (between hands every hand is empty, "
         "which a rule such as \"no cards left\" would read): the hand that decides a game is "
         "followed by a deal no one plays. `hand_number()` says which hand it is. A player knocked "
         "out (`knock_out`) sits out the rest of the hand and is back for the next; `lose` (an end "
         "rule) is for the whole game. Cards stay where the last hand left them: `start` gathers "
         "them back before it deals (`move_card` each card of the discard pile and of every hand "
         "to the deck, then `shuffle` it, as the example does with `deck` and `discard` zones of "
         "the table), or the next hand is dealt from what is left of the deck. As a turn begins, "
         "`end_when` is checked after its step's `on_start`: a player who draws the deck's last "
         "card there is not offered the turn when `end_when` reads `count(table('deck')) == 0`; "
         "add `all(in_hand(), test: count(zone(it, 'hand')) == 1)` to let them play it.",
         (Key("start", "Effects run as each hand begins (deal); no player is acting."),
          Key("end_when", "The condition that ends a hand.", True),
          Key("end", "Effects run as each hand ends, before the next one's `start`.")),
         "zones:\n  deck: {owner: table, visibility: hidden}\n  discard: {owner: table}\n"
         "flow:\n  hand:\n    start:\n"
         "      - for_each: {as: c, in: \"table('discard')\", do: [{move_card: {card: c, "
         "to: deck}}]}\n"
         "      - for_each:\n          as: p\n          in: \"players()\"\n"
         "          do: [{for_each: {as: c, in: \"zone(p, 'hand')\", do: [{move_card: "
         "{card: c, to: deck}}]}}]\n"
         "      - shuffle: {zone: deck}\n"
         "      - for_each: {as: p, in: \"players()\", do: [{draw: {player: p, from: deck, "
         "to: hand}}]}\n"
         "    end_when: \"count(in_hand()) <= 1\"\n"
         "    end: [{for_each: {as: p, in: \"in_hand()\", do: []}}]"),
    Part("phase", "flow: phases: - ",
         "A part of the round. Without `steps`, a turn in this phase offers `actions` until "
         "the turn ends.",
         (Key("name", "The phase's name.", True),
          Key("order", "Who takes turns (see *order*); default `players`."),
          Key("steps", "Parts of each turn, in order (see *step*); then `actions` goes in "
              "each step."),
          Key("actions", "The actions a turn in this phase offers (without `steps`)."),
          Key("max_actions", "A turn ends after this many actions (without `steps`)."),
          Key("on_start", "Effects run once as the phase begins."),
          Key("on_end", "Effects run once as the phase ends."),
          Key("end_when", "A condition checked before each action, and before each turn "
              "begins; when it holds the phase ends (and no turn begins that no one would "
              "play: an `alternate` phase ended when the last worker is placed)."),
          Key("stuck", "`pass`, `lose`, `draw` or `{if: …, then: …, else: …}`, for each "
              "step of the phase that does not "
              "say (see *step*): what a player with no legal action as the step begins "
              "does."),
          Key("repeat", "The phase runs again, whole, before the round goes on: "
              "`{until: TEST, most: N}`. After each run (its turns played, its `on_end` "
              "done) `until` is read, with no player; when it holds, or the phase has run "
              "`most` times this round, play goes on to the next phase; otherwise the phase "
              "begins again, with its `on_start`, its turn order worked out afresh and its "
              "`end_when` checked as before. So the phase runs at least once a round. Give "
              "`until`, `most` or both (`most` alone: that many runs). `game.repetition` "
              "says which run it is (from 1); each run is told under its own heading "
              "(`round 2, activation 3`). A chit-pull turn: `repeat: {until: "
              "\"game.turn_over == 1\"}` with the chit drawn in `on_start`. Without `most`, "
              "a phase that runs 1,000 times in one round stops the game with an error "
              "naming it (a test that never comes true); `validate` refuses an `until` that "
              "can never hold, and warns of one that reads only `state:` parameters no "
              "effect writes.")),
         "flow:\n  phases:\n    - name: battle\n      actions: [move, melee, end_turn]"),
    Part("step", "flow: phases: - steps: - ",
         "A part of each turn in a phase (draw, then play, then discard).",
         (Key("name", "The step's name.", True),
          Key("actions", "The actions this step offers.", True),
          *_STEP_FLOW_KEYS)),
    Part("order", "flow: phases: - order:",
         "Who takes turns in a phase. A word: `players` (each player in seat order, the "
         "default) or `alternate` (players take one action each in turn until all have "
         "passed; a player with no legal action as their turn comes round has passed). Or a "
         "mapping with one of these keys.",
         (Key("players", "Each player in turn, with options `{first: NAME, rotate: true}` "
              "(`rotate` moves the first player on by one each round)."),
          Key("player", "Only the named player takes a turn: `{player: red}`."),
          Key("initiative", "Every unit takes its own turn, highest value first, by an "
              "expression of `it` (the unit): `{initiative: it.speed}`; ties go to the "
              "older unit."),
          Key("alternate", "Alternate, with options `{first: NAME, rotate: true}`. "
              "In both, `first` may also be an expression giving a player, worked out as "
              "the phase begins: `{first: \"highest(players(), by: it.initiative)\"}`.")),
         ),
    Part("end", "end:",
         "How the game ends. The conditions are checked after every action that resolves, "
         "each `win` and `lose` condition for each player in turn: there `player` is the "
         "player being checked, and `enemy` and `ally` (`entities(owner: enemy)`) are said "
         "from that player's side, whoever has just moved. A game that ends on a "
         "condition and is won on points ends with the `end_game` effect.",
         (Key("win", "Named conditions: when one holds for a player, that player wins and "
              "the game ends."),
          Key("lose", "Named conditions: when one holds for a player, that player is out; "
              "the last player standing wins."),
          Key("draw", "Named conditions about the game as a whole (there is no `player`): "
              "when one holds, the game is a draw."),
          Key("round_limit", "The game ends after this many rounds (overrides "
              "`flow: round_limit`)."),
          Key("score", "A number for `player`: at the round limit, the highest score wins; "
              "when a player wins by a condition, it ranks the others (highest first)."),
          Key("tiebreak", "A second number for `player` that ranks players of equal score "
              "(the highest first): `player.wood + player.stone + player.gold` for \"ties "
              "go to the most leftover resources\". Players equal in both share a place. "
              "Needs a `score`."),
          Key("guide", "A number for `player` that tells the search agents (`mcts`, "
              "`osla`, `rhea`) how well that player stands, where the game's score does not "
              "say (a game won by conditions): `player.geese_taken - 2 * player.den_lost`. "
              "It decides nothing, and no result or rules sheet prints it; their value "
              "function reads it instead of the score."),
          Key("repetition", "The game is drawn when one position comes up this many times "
              "(`3`: chess's threefold repetition), each time a player is to act. A "
              "position is every unit's type, owner, square, zone, parameters and "
              "statuses (not its number), the tiles, the players' parameters, the game's "
              "`state:` and tile parameters, and who is to act; `{times: 3, ignore: "
              "[halfmove, ep_file]}` reads it without those parameters (a move clock that "
              "would make every position new). The counts are kept in the state "
              "(`rep:…` counters) and saved with it (in a game that hides anything, "
              "views leave them out: a position's digest covers what a player cannot "
              "see); the result's reason is \"the same position came up 3 times\".")),
         "end:\n  lose:\n    \"{player} lost every unit\": "
         "\"count(entities(owner: player)) == 0\"\n"
         "  round_limit: 12"),
    Part("end condition", "end: win|lose|draw: LABEL:",
         "The label names the condition in the result. `{player}` in it is replaced by the "
         "name of the player it held for (`won by red — blue lost every unit`); a `lose` "
         "label without it follows the loser's name (`won by red — blue: army destroyed`), "
         "and a `draw` label cannot use it. Give the condition itself, or a mapping with "
         "these keys.",
         (Key("when", "The condition.", True),
          Key("check", "`each` (the default: every player still in) or `active` (only the "
              "player whose turn it was when the action resolved: the one who has just "
              "moved, even when that action ended the turn — \"three in a row\" is checked "
              "for the player who made it). A condition about the player to move next "
              "(who has no move left) is written for `each`, or with `stuck:` on the "
              "step.")),
         ),
    Part("display", "display:",
         "How people see the game: in the terminal, in pictures (`show --svg`) and on the web "
         "page. Everything is optional; what is left out has a default (seat colours from "
         "the player's name or a palette, tile colours from a word of the tile type's name "
         "such as wall, water, forest, castle or village, glyphs from the layout symbols).",
         (Key("players", "A colour per player: `{red: \"#c0392b\", blue: navy}`, or "
              "`{colour, glyph, label}`."),
          Key("tiles", "A look per tile type: `{wall: {colour: grey, glyph: \"#\"}}`; a side "
              "type's name too, for the sides between cells (one character of its glyph)."),
          Key("entities", "A look per entity type: `{knight: {glyph: K, label: Knight}}` "
              "(the colour of a unit is its owner's)."),
          Key("health", "The parameter drawn as a health bar (default: `hp` or `health` when "
              "it has a `max`)."),
          Key("count", "A unit parameter written on the board after the unit's glyph, at "
              "the terminal, in pictures and on the web page: `count: seeds` draws a "
              "mancala pit holding four as `P4`, a counter's strength beside its mark."),
          Key("round", "What the game calls a round, in lower-case words (default "
              "`round`): `round: game turn` heads the narration `game turn 3, "
              "activation`, and the rules sheet and the round limit's outcome say it "
              "(`game turn limit (6) reached`). Expressions and programs still read "
              "`game.round`."),
          Key("show", "When given, the only parameters players see on a unit; a card "
              "listed in a hand or pile is written with those of its own (`flood card "
              "#46 (col 2, row 3)`), so a card's face can be told by its numbers. "
              "Players' own parameters are all shown whatever `show` says (`hide` "
              "leaves some out), and so are a unit's on the rules sheet (`stratagem "
              "rules`: its full statistics)."),
          Key("hide", "Parameters players never see (bookkeeping such as `castle_x`): of "
              "units, players, tiles or the game (`state:`). A keyed parameter is hidden "
              "by its name (`memo`: every key) or key by key (`\"memo[0]\"`).")),
         "display:\n  players: {red: \"#c0392b\", blue: \"#2e6fd8\"}\n"
         "  tiles: {wall: {colour: grey, glyph: \"#\"}}\n"
         "  entities: {soldier: {glyph: S, label: Foot soldier}}\n  health: hp\n"
         "  hide: [has_attacked]"),
    Part("visibility", "visibility:",
         "Fog of war. Each player sees the squares within sight of its side's units — its "
         "own, and its team-mates' — along a line of sight that no tile with "
         "`blocks_sight: true` cuts (the ends may be such tiles). Its side's units, cards "
         "and the `always_seen` types are always in view; any other unit is in a player's "
         "view (`state.view`) only while the player sees its square. Each player remembers, "
         "in the state: every square it has ever seen (explored), the last-seen record of "
         "each unit it saw and sees no more (where, what it was — type, owner, parameters "
         "— and the round), and the units it saw leave the game. A view holds only the "
         "viewer's memory, and the log of a view says only that other players moved, not "
         "what they did. The account told to a person (`stratagem play`, the web page) "
         "tells another side's move in full when their side saw it — every unit it names, "
         "before or after it, and every square it targets — and otherwise only that that "
         "side \"moves, unseen\"; an agent's reason for its move is never told to "
         "another side under fog. Nor does a view name or count a hidden unit anywhere "
         "else: not as "
         "the other player's deciding unit, in the initiative order, in a counter kept for "
         "it (a cooldown, reactions used), in the stack of a reaction window, or in the "
         "next entity id. An entity target offers only the units its player sees (so "
         "options never name a hidden unit); add `sees(actor, target)` to a target's "
         "conditions when the acting unit itself must see it, not just its side. Other "
         "targets — where to move — are worked out on the board as the acting side sees "
         "it (`moves: sighted`): a square held by a hidden unit is offered like a free one, "
         "so options tell nothing. A `move_along` walk into or through such a square stops "
         "on the last square with room before it, and the unit in the way is revealed "
         "(remembered where it stands); a `move` onto it does not happen. "
         "`determinize` fills the fog: a unit last seen stays on the square it was last "
         "seen on when that square is free and out of sight, else goes to the nearest free "
         "square out of sight; a unit never seen stands on its set-up square (or a free "
         "square out of sight, at random); the units it puts back take their places in the "
         "initiative order.",
         (Key("sight", "How far entities see (by the board's metric): one number for all, "
              "a parameter name read on each entity (`sight: eyes`), or a range per entity "
              "type with `default` for the rest (`{default: 2, scout: eyes}`); a type with "
              "no range sees only its own square.", True),
          Key("teams", "Players who share their sight: `[[red, green], [blue, yellow]]`. "
              "Without it, the teams of the rules' `teams:` do."),
          Key("always_seen", "Entity types never hidden (castles, villages)."),
          Key("moves", "`sighted` (the default): position and value targets are worked "
              "out on the board as the acting side sees it, and a walk stops before a "
              "hidden unit in its way; `exact`: on the whole board, hidden units and all "
              "(the options then tell, by leaving a square out, that someone stands "
              "there).")),
         "visibility:\n  sight: {default: 1, soldier: range}\n  teams: [[red], [blue]]\n"
         "  always_seen: [zombie]\n  moves: sighted"),
    Part("setup", "setup:",
         "The starting position.",
         (Key("entities", "Entities placed before the game starts (see *placement*)."),
          Key("effects", "Effects run once before the first round (there is no `player` "
              "here).")),
         ),
    Part("placement", "setup: entities: -   and  scenarios: NAME: entities: - ",
         "One entity at the start.",
         (Key("type", "Its entity type.", True),
          Key("owner", "Its player, by name or seat number (none: it belongs to no one)."),
          Key("at", "`[x, y]` on the board."),
          Key("zone", "A zone of its owner (or a table zone, and then no owner) instead of a board "
              "position (for cards)."),
          Key("params", "Starting values that differ from its type's: `{hp: 3}`."),
          Key("count", "How many identical cards to put in the zone (1 to 1000).")),
         "setup:\n  entities:\n    - {type: soldier, owner: red, at: [0, 2]}"),
    Part("scenario", "scenarios: NAME:",
         "Another starting set-up, chosen with `--scenario NAME`. Give a mapping with these "
         "keys, or the name of a YAML file with them in the game's folder. Without "
         "`setup: entities`, the first scenario is the default when it places pieces of its own "
         "(`entities` or `board`: a scenario book); otherwise the rules' own set-up, with "
         "every player seated, is played when no scenario is named.",
         (Key("entities", "Its placements (see *placement*). Without `entities`, the "
              "placements of `setup:` (on its own board, when it has one)."),
          Key("players", "How many players sit at its table: the first ones of `players:`, "
              "in seat order (`players: 3` of four seats red, blue and green). The set-up "
              "places no piece of a player not seated, deals them nothing and gives them no "
              "turn; a turn order that names a player not seated is an error at load. The "
              "set-up's `effects` deal to `players()`, the seated ones. Without it, every "
              "player plays."),
          Key("board", "Its board, given over the rules' own (same keys as *board*): the "
              "keys it gives replace the rules' (a `layout` or a `size` replaces both of "
              "the rules', `places` or `links` both of theirs, and `topology`, `hex` or "
              "`neighbours` all three); the others — tile types and their symbols, metric, "
              "capacity — are the rules'. A scenario "
              "played on a smaller hex board gives only `size: [5, 5]`."),
          Key("round_limit", "Its own length: the game ends after this many rounds, "
              "whatever `end: round_limit` says (a scenario may be short or long, as in "
              "a wargame's scenario book). Without it the rules' round limit holds."),
          Key("visibility", "Its own fog of war: `none` plays it in the open (for the "
              "`tactical` agent, which refuses hidden information, or a first game taught "
              "in the open), a mapping replaces the rules' `visibility:` section (same "
              "keys). The rules sheet marks a scenario played in the open. Without it the "
              "rules' fog holds."),
          Key("state", "Where game-state parameters start in it: a mapping of names "
              "declared under the rules' `state:` to numbers within their bounds "
              "(`state: {seeds_per_pit: 3}`), set before the set-up's `effects` run, so "
              "one tunable number serves every scenario (a variant, a handicap). The "
              "others start at their defaults."),
          Key("description", "A note for readers; not used by the game.")),
         "players: [red, blue, green, yellow]\nscenarios:\n  two: {players: 2}\n"
         "  three: {players: 3}"),
    Part("random option", "- random: options: - ",
         "One branch of the `random` effect.",
         (Key("weight", "Its weight, a whole number from 1: weights 2 and 1 mean two chances "
              "in three and one in three.", True),
          Key("do", "The effects of this branch.")),
         ),
    Part("multi-turn action", "actions: NAME:",
         "An action with any of the keys `duration`, `on_tick`, `on_complete`, `on_abort`, "
         "`keep_while` or `complete_when` (see *action*) takes several rounds. Its `effects` "
         "run when it "
         "is chosen (its start: pay here); then it is *in progress* on its source (the unit, "
         "or the player for a player action), which cannot start it again until it ends. "
         "When each round ends, it counts one more round `elapsed`: if `keep_while` no "
         "longer holds it is aborted (`on_abort` runs); otherwise `on_tick` runs, and once "
         "`elapsed` reaches `duration` (or `complete_when` holds) `on_complete` runs and it "
         "ends. The `abort` effect ends it early. Its hooks see its targets, `actor`, "
         "`player` and `elapsed`; `busy`, `progress`, `player_busy` and `player_progress` "
         "show it in expressions. A unit that leaves the game drops its actions in progress.",
         (),
         "actions:\n  research:\n    source: player\n    targets:\n"
         "      tech: {kind: value, from: \"researchable(player)\"}\n"
         "    effects: [{pay_research: {tech: tech}}]\n    duration: tech_turns(tech)\n"
         "    on_complete: [{research: {tech: tech}}]"),
    Part("buff", "buffs: NAME:",
         "A parameter modifier that `apply_buff` gives a unit or a player and `remove_buff` "
         "takes away. A buffed parameter reads as `(base + additions) * factors`, clamped to "
         "its bounds, everywhere (expressions, views, agents); `base(unit, 'param')` reads "
         "it without buffs. Each stack counts: two stacks of `add: {attack: 2}` add 4. An "
         "effect that changes a buffed parameter changes its base by as much; when a buff "
         "ends, the value goes back to the base with the buffs left. Rounds left go down by "
         "one as each round ends; a buff with none left is removed.",
         (Key("add", "Amounts added to parameters: `{attack: 2}`."),
          Key("multiply", "Factors applied after the additions: `{defence: 1.5}`."),
          Key("duration", "Rounds it lasts when `apply_buff` gives no `turns` (whole number "
              "from 1; default: until removed)."),
          Key("stacking", "What applying it again to a holder that has it does: `refresh` "
              "(the default: its rounds left start again), `stack` (one more stack, each "
              "with its own rounds) or `ignore`."),
          Key("max_stacks", "With `stacking: stack`, the most stacks; at the limit the "
              "stack closest to running out is renewed."),
          Key("description", "A note for readers; not used by the game.")),
         "buffs:\n  rage:\n    add: {attack: 2}\n    multiply: {armour: 0.5}\n"
         "    duration: 2\n    stacking: stack\n    max_stacks: 3"),
    Part("technology", "technologies: TREE: NAME:",
         "A technology in a tree. Names are shared by every tree. `researched(player, 'NAME')`"
         " holds once the `research` effect has marked it; `can_research` and "
         "`researchable` say what a player may start now (not researched, prerequisites "
         "researched, cost affordable). Research that takes rounds is a multi-turn action.",
         (Key("cost", "Player parameters it costs: `{gold: 5}` (`pay_research` takes it)."),
          Key("requires", "Technologies that must be researched first: `[mining]`."),
          Key("turns", "Its research time in rounds (`tech_turns`); default 0."),
          Key("description", "A note for readers; not used by the game.")),
         "technologies:\n  economy:\n    mining: {cost: {gold: 3}, turns: 2}\n"
         "    banking: {cost: {gold: 4}, requires: [mining], turns: 1}"),
    Part("item", "items: NAME:",
         "An item type: an entity type (placed on the board like any other, tagged `item`) "
         "that a unit with free `inventory` slots takes off the board with `pick_up`, uses "
         "with `use_item`, puts back with `drop_item`. A carried item is out of "
         "`entities()`; `inventory(unit)` and `holds(unit, 'NAME')` see it, and the unit's "
         "line on the screen says what it carries. Items carried by a unit that leaves the "
         "game (killed or removed) leave with it, unless their type `drops`.",
         (Key("params", "Its parameters, as for an entity type (kept while carried)."),
          Key("symbol", "Its character on the text board (default: its first letter)."),
          Key("tags", "Words for grouping types; `item` is always one."),
          Key("on_use", "Effects of using it, with `holder` (and `actor`) the unit using it."),
          Key("consumed", "`true` (the default): using it uses it up."),
          Key("drops", "`true`: when its holder leaves the game, it falls on the square "
              "where the holder stood (or, if that square cannot take it, the nearest one "
              "that can; ties go to the lowest row, then column), as it was, under its id: "
              "a treasure a fallen hero carried. `false` (the default): it leaves with "
              "the holder."),
          Key("description", "A note for readers; not used by the game.")),
         "items:\n  potion:\n    symbol: \"!\"\n"
         "    on_use: [{modify: {what: holder.hp, by: 4}}]\n"
         "  treasure: {symbol: \"$\", drops: true}"),
)
"""Every mapping of the rules format with the keys the compiler accepts there."""


# ------------------------------------------------------------- expressions
LITERALS: tuple[tuple[str, str, str], ...] = (
    ("`3`, `-2`, `2.5`", "number", "Whole or decimal."),
    ("`'forest'`, `\"forest\"`", "str", "Text, in single or double quotes."),
    ("`true`, `false`", "bool", "Yes and no."),
    ("`none`", "any", "Nothing: no entity, no value."),
    ("`(2, 3)`", "pos", "A board position, `(x, y)`."),
    ("`[1, 2, 3]`", "list", "A list of any values. `+` joins two lists: `xs + [item]`."),
    ("`2d6`, `d20`, `4d6kh3`", "dice", "Dice (see *Dice*)."),
    ("`soldier`", "str", "An entity type's name stands for itself, unless a `let` or loop of that "
     "name is in force (then write it as a text, `'soldier'`; `validate` warns, and "
     "`spawn`'s `type` always means the type)."),
    ("`raiders`", "player", "A player's name, as `players:` gives it, is that player "
     "(`owner: raiders`, `player == raiders`); `seat('Red Army')` for a name that is not "
     "a word. A name the rules give to something else (a parameter, an entity type) is "
     "that thing: `seat` is then the way."),
    ("`enemy`, `ally`, `neutral`, `any`", "str", "Only as the `owner:` of `entities(…)`."),
)

OPERATORS: tuple[tuple[str, str], ...] = (
    ("`let a = x, b = y; body`",
     "Names values for the expression after `;`, each binding seeing the ones before it: "
     "`let h = zone(player, 'hand'); count(h) > 0 and h[0].value > 3`."),
    ("`a if test else b`", "`a` when `test` holds, else `b`."),
    ("`or`", "Either holds (`b` is not looked at when `a` holds)."),
    ("`and`", "Both hold (`b` is not looked at when `a` fails)."),
    ("`not`", "The opposite."),
    ("`==` `!=` `<` `<=` `>` `>=` `in`",
     "Compare two values; `x in list` tests membership. One comparison at a time: write "
     "`a < b and b < c`, not `a < b < c`."),
    ("`+` `-`", "Add, subtract (also dice: `1d6 + actor.attack`, `2d6 - 1d6`). `+` also "
     "joins lists (`[1] + [2, 3]`) and texts (`'score: ' + text(n)`: a number joins a text "
     "through `text`, or the file is refused)."),
    ("`*` `/` `//` `%`",
     "Multiply, divide (`7 / 2` is 3.5), divide rounding down (`7 // 2` is 3), remainder. "
     "Dividing by zero during play gives 0."),
    ("`-x`", "Negative."),
    ("`a.name`, `f(…)`, `a[i]`", "Attribute, function call (of the library or a `define`), "
     "list item (from 0), or one key of a keyed parameter (`player.columns[c]`)."),
)
"""Operators from the loosest to the tightest binding; brackets `( )` group."""

ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("an entity", "`.owner` (a player), `.type` (its type's name), `.pos` or `.position`, "
     "`.x` and `.y` (its square's: `.pos.x`), `.id`, and every parameter declared by any "
     "entity type (`target.hp`). A parameter its type lacks reads 0, and so does every "
     "parameter of an entity no longer in the game."),
    ("a player", "`.name` and every parameter declared under `player:` (`player.gold`)."),
    ("a keyed parameter", "`[KEY]`: the number of one key (`player.columns[a + b]`)."),
    ("`tile(POS)`", "`.NAME`: a parameter of the tile type at that position, as written "
     "there or the tile type's default (`tile(cell).fertility`)."),
    ("`side_between(A, B)`", "`.NAME`: a parameter of the type of the side between two "
     "cells (0 with no side there, or a type without it): `side_between(actor, "
     "target).cover`."),
    ("a position", "`.x` and `.y`: `actor.pos.x`. On a hex board `x` is the column and `y` "
     "the row as the map is written, not where the cell is drawn: `east(p)` and `south(p)` "
     "give that."),
    ("`event`", "`event.FIELD`: a field of the event being answered (see *Events*)."),
    ("`game`", "`game.round` (from 1), `game.turn` (turns taken so far, counting this one), "
     "`game.phase` (the current phase's name), `game.repetition` (which run of a phase "
     "that repeats this is, from 1: see *phase* `repeat`; 1 in any other phase), and each "
     "parameter of `state:` (`game.pot`)."),
)

CONTEXTS: tuple[tuple[str, str], ...] = (
    ("anywhere", "`game`, entity type names, and the functions below."),
    ("action (`when`, `targets`, `effects`)",
     "`player` (the acting player); `actor` (the acting unit; not in player actions); each "
     "target by its name once chosen (a target's own `where` sees it, later targets and "
     "the effects see it); names bound by earlier effects (`roll`, `let`, `spawn`, "
     "`choose`, `draw` with `as`)."),
    ("`for_each`", "Its `as` name inside `do`."),
    ("reaction, `source: entity`",
     "`reactor` (the reacting unit; `actor` is the same unit), `player` (its owner), "
     "`event`."),
    ("reaction, `source: player`", "`player` (the reacting player), `event`."),
    ("reaction, `source: game`; trigger", "`event`. There is no deciding player here."),
    ("status hook", "`reactor` and `actor` (the bearer), `player` (its owner), `event`."),
    ("step `on_start` / `on_end` / `end_when`; phase `end_when`",
     "`player` (whose turn it is); `actor` (the unit whose turn it is, under `initiative` "
     "order only)."),
    ("phase `on_start` / `on_end`; `setup: effects`", "No deciding player: use `game` and "
     "functions, not `player`."),
    ("`order: {initiative: …}`", "`it`: each unit in turn."),
    ("`end`: `win`, `lose`, `score`", "`player`: the player being checked or scored."),
    ("`end`: `draw`", "No `player`."),
    ("function arguments written as an expression of `it`",
     "`it`: each item in turn, in `where:`, `by:`, `test:`, `of:`, `to:`. An `it` inside "
     "another call's argument is the inner list's item, and hides the outer one: pass the "
     "outer item to a `define` that names it (`roads_of(tile): \"count(filter(range(0, 4), "
     "where: tile.edge[it] == 1))\"`). Over numbers (`range(0, 4)`, `[1, 2, 3]`) `it` "
     "is a number, and `it.hp` there is an error at load."),
    ("`define:`", "Its parameters only (and `game`, entity type names, the functions, the "
     "other defines)."),
    ("after `let NAME = …;`", "`NAME`, in the bindings after it and the body."),
)

DICE_EXAMPLE = """\
- roll: {as: hit, dice: 1d6 + actor.attack}
- if:
    test: hit > target.armour
    then:
      - damage: {to: target, amount: hit - target.armour}"""
"""Effects that roll dice and use the result (shown under *Dice*)."""

TYPES: tuple[tuple[str, str], ...] = (
    ("number", "whole or decimal"),
    ("bool", "true or false (any value can be a condition: 0, none and empty lists fail)"),
    ("str", "text"),
    ("entity", "a unit, piece or card"),
    ("player", "a player"),
    ("pos", "a board position"),
    ("list", "a list"),
    ("dice", "dice not yet rolled: roll them with the `roll` effect, then use the name"),
    ("faces", "dice kept die by die, not yet rolled (`faces(5, 6)`): `roll` names the list "
     "of their faces, highest first"),
    ("any", "not known until play"),
)

EVENT_DOCS: dict[str, str] = {
    "moved": "An entity moves (the `move` effect). While it is pending the mover has not "
             "moved yet; it then moves only if it is still in the game and `to` is free (on a "
             "board with `capacity`: has room for it).",
    "stepped": "An entity walking with `move_along` takes one step, `from` one square `to` "
               "the next; `path_left` lists the squares still ahead. While it is pending "
               "the mover still stands on `from` (`cancel_event` keeps it there and ends the "
               "walk); once done it stands on `to`, where a trigger may shoot it, kill it or "
               "`stop_move` it.",
    "walk_halted": "Under fog of war, a `move_along` walk runs into a unit its side did not "
              "see: the mover stops `at` the last square with room before it, short of "
              "`to` (where it was going), and `by` (the unit in the way) is revealed to its "
              "side. Always told in the log (\"scout #1 halts at veii: warband #4 is in the "
              "way\"), in the rules' own words when `narration:` gives some; reactions and "
              "triggers may answer it (an ambush).",
    "damaged": "An entity takes damage (the `damage` effect). While pending, `amount` can "
               "be changed; at 0 HP the target dies.",
    "healed": "An entity is healed (the `heal` effect).",
    "died": "An entity dies (the `kill` effect, or damage to 0). `by` is the source of the "
            "damage, if any.",
    "game_started": "Once, before the first round.",
    "round_started": "At the start of each round.",
    "round_ended": "At the end of each round.",
    "phase_started": "At the start of each phase.",
    "phase_ended": "At the end of each phase.",
    "turn_started": "At the start of each turn; `actor` is the unit whose turn it is under "
                    "`initiative` order, else none.",
    "turn_ended": "At the end of each turn.",
    "action_done": "After every action a player takes at an action decision (and every "
                   "queued action carried out), once its effects have resolved: Stratega's "
                   "OnAdvance. `action` is the action type's name; `actor` the acting "
                   "entity, or none for a player action. Example: "
                   "`triggers: {tally: {on: action_done, when: \"event.action == 'attack'\", "
                   "effects: [...]}}`.",
    "spawned": "After the `spawn` effect puts an entity into the game (not the entities a "
               "scenario places at the start), before the effects after the spawn: Stratega's "
               "OnSpawn. Its fields say what entered, where and whose it is; its parameters "
               "are read as `event.entity.hp`. Example: "
               "`triggers: {rally: {on: spawned, when: \"event.type == 'hero'\", "
               "effects: [...]}}`.",
}
"""When each built-in event happens (its fields come from ``BUILTIN_EVENTS``)."""

CATEGORIES: dict[str, str] = {
    "geometry": "Distance, movement and sight",
    "board": "The board",
    "query": "Entities, lists and numbers",
    "cards": "Cards and zones",
    "dice": "Dice pools",
    "strategy": "Buffs, technologies, multi-turn actions and items",
    "flow": "Turns, hands and cooldowns",
}
"""Function categories in the order shown, with their titles."""


# --------------------------------------------------------------- rendering
def _code(text: str) -> str:
    """``text`` as an inline code span, even when it holds backticks."""
    if "`" not in text:
        return f"`{text}`"
    return f"`` {text} ``"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return [*out, ""]


def _yaml(text: str) -> list[str]:
    return ["```yaml", *text.splitlines(), "```", ""]


def _intro() -> list[str]:
    required = ", ".join(f"`{k}`" for k in TOP_KEYS if TOP.get(k, (False, ""))[0])
    return [
        "# Rules reference",
        "",
        "<!-- Generated by `python -m stratagem.rules.docgen` from the code: do not edit by "
        "hand. -->",
        "",
        "A Stratagem game is one YAML file: a mapping of sections. This page lists every "
        "section and key the rules compiler accepts, the expression language, the built-in "
        "events, every effect and every function. It is generated from the code, so it "
        "says what the code does. For a guided start, read [the tutorial](tutorial.md).",
        "",
        "Check a file with `stratagem validate FILE.yaml`: it reports every problem with "
        f"its line and column. The required sections are {required}. Some mistakes show "
        "only in play (an index off a list, a unit spawned on a taken square): the error "
        "then names the effect that failed at its line and column, and the arena names the "
        "game (line-up and seed) it happened in.",
        "",
        "A game may also be a folder: its rules in `rules.yaml`, the rules in words (what "
        "`stratagem rules` and the `?` of a game at the terminal print) in `README.md`, "
        "and any file its rules name (a scenario's layout) beside them. Every command that "
        "takes a rules file takes the folder. A loose rules file's words are the Markdown "
        "file of its name beside it (`caravans.md` for `caravans.yaml`), or the folder's "
        "`README.md` when the file is the folder's only rules file.",
        "",
        "- [Sections](#sections)",
        "- [Keys of each part](#keys-of-each-part)",
        "- [Expressions](#expressions)",
        "- [Events](#events)",
        "- [Effects](#effects)",
        "- [Functions](#functions)",
        "",
    ]


def _sections() -> list[str]:
    rows = []
    for k in TOP_KEYS:
        required, doc = TOP.get(k, (False, ""))
        rows.append([f"`{k}`", "yes" if required else "", doc])
    out = ["## Sections", "", "The top level of a rules file. Sections may come in any order.",
           ""]
    out += _table(["section", "required", "what it holds"], rows)
    out += ["## Keys of each part", "",
            "Every mapping the compiler reads, with the keys it accepts there; any other key "
            "is an error. `NAME` stands for a name you choose; `- ` for an item of a list.",
            ""]
    for part in SECTIONS:
        out += [f"### {part.title}", "", f"Where: `{part.where.strip()}`", "", part.doc, ""]
        if part.keys:
            out += _table(["key", "required", "meaning"],
                          [[f"`{k.name}`", "yes" if k.required else "", k.doc]
                           for k in part.keys])
        if part.example:
            out += _yaml(part.example)
    return out


def _expressions() -> list[str]:
    out = [
        "## Expressions",
        "",
        "Conditions, amounts and queries are expressions: `distance(actor, target) <= 1`, "
        "`hit - target.armour`, `entities(owner: enemy, near: actor, within: 2)`. They are "
        "checked when the file is loaded: a misspelt name, an unknown parameter or a "
        "number where a position is needed is reported with its place before any game is "
        "played.",
        "",
        "In YAML, put an expression in double quotes when it contains `: ` or `#`, starts "
        "with `[`, `{`, `'` or `\"`, or holds a comma inside a `{…}` mapping: "
        "`when: \"count(entities(owner: player)) == 0\"`. When in doubt, quote it.",
        "",
        "### Values",
        "",
    ]
    out += _table(["write", "type", "meaning"], [list(r) for r in LITERALS])
    out += ["### Types", ""]
    out += _table(["type", "meaning"], [[f"`{t}`", d] for t, d in TYPES])
    out += ["### Operators", "",
            "From the loosest to the tightest binding: `a or b and c` is `a or (b and c)`, "
            "`1 + 2 * 3` is 7. Brackets group: `(1 + 2) * 3`.", ""]
    out += _table(["operator", "meaning"], [list(r) for r in OPERATORS])
    out += [
        "### Dice",
        "",
        "- `NdS`: N dice of S sides, added up (`3d6`). See *Limits* for how large a pool "
        "may be.",
        "- `dS`: one die (`d20` is `1d20`).",
        "- `NdSkhK`: roll N, keep the highest K (`4d6kh3`); `NdSklK` keeps the lowest K "
        "(`2d20kl1`: disadvantage).",
        "- Dice add to and subtract from numbers and other dice: `1d20 + actor.attack`, "
        "`1d8 + 1d6`. Nothing else: no `*`, no comparison.",
        "- `dice(count, sides)` builds a pool whose size is computed, e.g. one die per "
        "figure.",
        "- `faces(count, sides)` is a pool kept die by die: `roll: {as: got, dice: "
        "\"faces(5, 6)\"}` names the list of its faces, highest first (`[6, 5, 5, 2, 1]`), "
        "for rules that read each die — place dice on a board, keep the best two, count "
        "pairs (`count(filter(got, where: it == 6))`, `got[0]`, `for_each` over it). The "
        "account of the game shows each die (`rolls 6, 5, 5, 2, 1`). Its outcomes are the "
        "different rolls, so five d6 are 252 outcomes where five rolls one after another "
        "are 7,776, and a search weighs them exactly.",
        "- A plain number where dice are expected is a roll that always gives that number.",
        "",
        "Dice are only rolled by the `roll` effect, which names the result for the effects "
        "after it. Rolls are exact: AIs can count every outcome and its chance. The exact "
        "outcomes of an action list each distinct result once, its chance the sum of the "
        "ways to reach it: results are the same when they differ only in what the game "
        "cannot go on from — the dice rolled and how the log tells them (a miss on a 2 or "
        "on a 3), which of identical cards is which, and the order of a zone no one sees. "
        "The result listed keeps the log of one of its ways (the first).",
        "",
        *_yaml(DICE_EXAMPLE),
        "### Limits",
        "",
        "A rules file is data from anyone, so loading it is bounded. Past any of these "
        "bounds the file is refused with a located error, never a hang:",
        "",
        f"- the file is at most {_source.MAX_BYTES:,} bytes and expands to at most "
        f"{_source.MAX_NODES:,} values, aliases included; mappings and lists nest at most "
        f"{_source.MAX_DEPTH} deep; an alias (`*stats`) repeats a whole value, but merge "
        "keys (`<<: *stats`) are refused: write the shared keys out, or share them as an "
        "alias of a whole mapping;",
        f"- a number's magnitude is at most {_source.MAX_NUMBER:.0e} (`.inf` and `.nan` are "
        "refused: rules numbers are finite); quote digits meant as text;",
        f"- an expression nests at most {_expr.MAX_EXPR_DEPTH} operators, calls or "
        "attributes deep (brackets do not count);",
        f"- a dice pool has at most {MAX_DICE} dice and at most "
        f"{MAX_OUTCOMES:,} possible totals; building its exact distribution is "
        "bounded too, which allows for instance `100d1000`, `316d100` and `1000d10`; adding "
        f"two rolls may combine at most {_dice_sums.MAX_COMBINE:,} pairs of outcomes; a pool "
        f"kept die by die (`faces`) has at most {MAX_POOL:,} different rolls (`20d6`, "
        "`10d10`).",
        "",
        "### Attributes",
        "",
    ]
    out += _table(["of", "attributes"], [list(r) for r in ATTRIBUTES])
    out += ["### Names in each context", "",
            "Which names an expression may use depends on where it is written. A name that "
            "is not known there is an error when the file is loaded.", ""]
    out += _table(["where", "names"], [list(r) for r in CONTEXTS])
    out += ["### Calling functions", "",
            "Arguments are given in order or by name: `distance(actor, target)`, "
            "`entities(owner: enemy, within: 2, near: actor)`. An argument shown as an "
            "*expression of `it`* is worked out once per item, with the item named `it`: "
            "`highest(entities(owner: enemy), by: it.hp)`. For speed, a condition "
            "`it.type == kind` (or `it.type == kind and …`, `kind` not reading `it`) works "
            "`kind` out once and compares each item's type with it, testing the rest only on "
            "the items of that type; `count(…)` and `any(…)` of `entities(…)` or `zone(…)` "
            "count the items without listing them.", ""]
    return out


def _events() -> list[str]:
    out = ["## Events", "",
           "Every event passes two stages. While it is *pending*, reactions may change its "
           "fields (`set_event`) or cancel it (`cancel_event`); then its change happens; "
           "once it is *done*, triggers and `stage: done` reactions answer it.", "",
           "### Built-in events", ""]
    rows = []
    for name, fields in BUILTIN_EVENTS.items():
        shown = ", ".join(f"`{f}` ({t})" for f, t in fields.items()) or "none"
        rows.append([f"`{name}`", shown, EVENT_DOCS.get(name, "")])
    out += _table(["event", "fields", "when"], rows)
    out += ["### Custom events", "",
            "The `emit` effect sends an event of any name with the fields it lists; "
            "reactions and triggers may answer it like a built-in one. Its fields can be "
            "anything (type `any`). In the `emit`'s own `do`, `event` is the event just sent, "
            "with its fields as the reactions left them; in a narration, a field that every "
            "`emit` of the event fills with an entity reads as its type and id.", ""]
    return out


def _effects() -> list[str]:
    out = ["## Effects", "",
           "Actions, reactions, triggers, statuses and the flow list effects, run in order. "
           "Each effect is a mapping with one key, its name: "
           "`- damage: {to: target, amount: 2}`. In the examples, `[...]` stands for a list "
           "of effects.", ""]
    for d in EFFECT_TABLE.values():
        out += [f"### {d.name}", "", d.doc, ""]
        if d.keys:
            keys = ", ".join(f"`{k}` (required)" if k in d.required else f"`{k}`"
                             for k in d.keys)
            out += [f"Keys: {keys}.", ""]
        else:
            out += ["No keys.", ""]
        if d.shorthand:
            out += [f"Short form: `{d.name}: X` means `{d.name}: {{{d.shorthand}: X}}`.", ""]
        out += _yaml(f"- {d.example}")
    return out


def _function(f: Function) -> list[str]:
    out = [f"#### {f.name}", "", _code(f.signature), "", f.doc, ""]
    notes = [f"`{p.name}`: {p.doc}" for p in f.params if p.doc]
    if notes:
        out += ["; ".join(notes) + ".", ""]
    return [*out, f"Example: {_code(f.example)}", ""]


def _functions() -> list[str]:
    out = ["## Functions", "",
           "The functions an expression may call. A signature gives each argument's type "
           "and default; `-> type` is what the function gives back.", ""]
    groups: dict[str, list[Function]] = {c: [] for c in CATEGORIES}
    for f in FUNCTIONS.values():
        groups.setdefault(f.category, []).append(f)
    for cat, fns in groups.items():
        if not fns:
            continue
        out += [f"### {CATEGORIES.get(cat, cat.capitalize())}", ""]
        for f in fns:
            out += _function(f)
    return out


def generate() -> str:
    """The complete rules reference as Markdown."""
    lines = [*_intro(), *_sections(), *_expressions(), *_events(), *_effects(),
             *_functions()]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Print the reference, or with ``--check PATH`` compare it with a file."""
    parser = argparse.ArgumentParser(
        prog="python -m stratagem.rules.docgen",
        description="Print the rules reference (Markdown) generated from the code.")
    parser.add_argument("--check", metavar="PATH", type=Path,
                        help="compare with this file; exit 1 if it differs")
    args = parser.parse_args(argv)
    text = generate()
    if args.check is None:
        sys.stdout.write(text)
        return 0
    path: Path = args.check
    try:
        current = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"{path}: cannot read ({exc.strerror or exc}); run `{REGENERATE}`",
              file=sys.stderr)
        return 1
    if current != text:
        print(f"{path} is out of date with the code; run `{REGENERATE}`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["DICE_EXAMPLE", "SECTIONS", "TOP", "Key", "Part", "generate", "main"]
