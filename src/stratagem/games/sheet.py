"""A game's rules sheet and header, read from its files without compiling it.

``read_header`` reads only what `stratagem games` lists: the name, the description,
the players, the scenarios with their descriptions and which one is played by
default. ``rules_sheet`` adds what `stratagem rules GAME` and `?` at a prompt show:
the game's README (its rules in words), its units and its actions with the
descriptions the rules file gives them. The files are read as YAML data (the rules'
own safe reader): nothing in them runs.

One module because every part of the sheet is a short reading of the same compiled game
and files (the README, the words the rules give, the board's terrain and sides, the fog,
the order of play, the ending), and ``rules_sheet`` gathers them into one ``Sheet``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Game, plural
from ..rules import RulesError
from ..rules.source import Node, parse_yaml, read_yaml
from . import load, rules_path


@dataclass(frozen=True)
class Header:
    """What a game says of itself in its rules file's first lines."""

    name: str
    description: str
    players: tuple[str, ...]
    scenarios: tuple[tuple[str, str], ...]
    """Each named scenario with its description (``""`` when it gives none)."""
    default: str
    """The scenario played when none is named: ``""`` for the rules' own set-up."""
    folder: Path | None


def _text(node: Node | None) -> str:
    if node is None or node.value is None or isinstance(node.value, dict | list):
        return ""
    return " ".join(str(node.value).split())


def _get(node: Node | None, key: str) -> Node | None:
    if node is None or not isinstance(node.value, dict):
        return None
    found = node.value.get(key)
    return found if isinstance(found, Node) else None


def _scenario_node(folder: Path, node: Node) -> Node | None:
    """A scenario given as a file of the game's folder, read (``None`` if it is not one)."""
    if not isinstance(node.value, str):
        return node
    target = (folder / node.value).resolve()
    if not target.is_relative_to(folder.resolve()) or not target.is_file():
        return None
    return read_yaml(target)


HEADER_KEYS = ("game", "description", "players", "board", "setup", "scenarios")
"""The top-level sections a header is read from (the board for the anchors that
scenarios name)."""


def _top_sections(path: Path) -> Node:
    """The rules file's ``HEADER_KEYS`` sections only, parsed: a rules file's actions and
    flow, most of its length, are not read. A file whose sections cannot be cut apart
    this way (an alias into another section) is read whole."""
    text = path.read_text(encoding="utf-8-sig")
    kept: list[str] = []
    keep = False
    for line in text.splitlines():
        if line[:1] not in ("", " ", "#", "\t", "-"):
            keep = line.split(":", 1)[0].strip() in HEADER_KEYS
        kept.append(line if keep else "")
    try:
        return parse_yaml("\n".join(kept) + "\n", str(path))
    except RulesError:
        return read_yaml(path)


def header_of(path: Path) -> Header:
    """The header of the rules file at ``path`` (``RulesError`` if it is not YAML)."""
    root = _top_sections(path)
    folder = path.parent
    scenarios: list[tuple[str, str]] = []
    named = _get(root, "scenarios")
    book = False  # whether the first scenario places its own pieces (then it is the default)
    seated = False  # whether some scenario seats fewer players: then each says how many
    counts: list[int | None] = []
    start_words: list[str] = []
    if named is not None and isinstance(named.value, dict):
        for name, node in named.value.items():
            spec = _scenario_node(folder, node)
            if not scenarios:
                book = _get(spec, "entities") is not None or _get(spec, "board") is not None
            seats = _get(spec, "players")
            if seats is not None and type(seats.value) is int:
                seated = True
            about = _text(_get(spec, "description"))
            starts = _get(spec, "state")  # where the game's own numbers start (a turn limit)
            start_words.append("starts with " + ", ".join(
                f"{k} {_text(v)}" for k, v in starts.value.items())
                if starts is not None and isinstance(starts.value, dict) and starts.value
                else "")
            fog = _get(spec, "visibility")
            if fog is not None and (fog.value in (False, None, "none")):
                about = f"(no fog of war) {about}".strip()
            count = seats.value if seats is not None and type(seats.value) is int else None
            scenarios.append((str(name), about))
            counts.append(count)
    setup = _get(root, "setup")
    own = _get(setup, "entities")
    has_own = own is not None and isinstance(own.value, list) and bool(own.value)
    default = scenarios[0][0] if scenarios and book and not has_own else ""
    players = _get(root, "players")
    names = tuple(_text(p) for p in players.value) if players is not None and \
        isinstance(players.value, list) else ()
    # how many each scenario seats (the rules' number where it says none), and where the
    # game's numbers start in it
    scenarios = [(name, (f"({'; '.join(w for w in (seats, starts) if w)}) " if seats or starts
                         else "") + about)
                 for (name, about), n, starts in zip(scenarios, counts, start_words, strict=True)
                 for seats in (plural(n if n is not None else len(names), "player")
                               if seated else "",)]
    return Header(_text(_get(root, "game")) or folder.name,
                  _text(_get(root, "description")), names, tuple(scenarios), default, folder)


def read_header(name: str) -> Header:
    """The header of a bundled game, read from its rules file (a game defined in Python,
    which has no file, is built: those are small)."""
    path = rules_path(name)
    if path is not None:
        return header_of(path)
    game = load(name)
    return Header(game.name, game.description, tuple(game.players), (), "", None)


def _readme(game: Game) -> str:
    """The rules in words beside the game's rules file: a game folder's `README.md`; for a
    loose rules file, the Markdown file of its name (`caravans.md` beside `caravans.yaml`),
    or the folder's `README.md` when that file is the folder's only rules file (a folder
    of several games says nothing of which one its README is about)."""
    if game.rules_file is None:
        return ""
    rules = Path(game.rules_file)
    found = [rules.parent / "README.md"] if rules.name == "rules.yaml" else [
        rules.with_suffix(".md")]
    try:
        if rules.name != "rules.yaml" and [p.name for p in rules.parent.glob("*.y*ml")
                                           if p == rules or _is_rules(p)] == [rules.name]:
            found.append(rules.parent / "README.md")
        for readme in found:
            if readme.is_file():
                return readme.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    return ""


def _is_rules(path: Path) -> bool:
    """Whether a YAML file is a game's rules (a top-level `game:`), not a programmed
    opponent (which names its game too, beside `program:`) or a scenario kept beside
    them."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return (re.search(r"^game\s*:", text, re.M) is not None
            and re.search(r"^program\s*:", text, re.M) is None)


def _descriptions(game: Game, section: str) -> dict[str, str]:
    """The ``description`` each entry of a rules file's section gives (actions,
    reactions, entities), by name."""
    if game.rules_file is None:
        return {}
    try:
        root = read_yaml(Path(game.rules_file))
    except Exception:
        return {}
    part = _get(root, section)
    if part is None or not isinstance(part.value, dict):
        return {}
    found: dict[str, str] = {}
    for name, node in part.value.items():
        found[str(name)] = _text(_get(node, "description"))
    return found


def _template(text: str) -> str:
    """An action's sentence template as a description: ``drops into column …``."""
    return re.sub(r"\{[^}]*\}", "…", text).strip()


@dataclass(frozen=True)
class Sheet:
    """A game's rules at hand: its README, units, actions and reactions in words."""

    title: str
    description: str
    readme: str
    units: tuple[tuple[str, str, str], ...]
    """(name, symbol, description) of each unit type."""
    actions: tuple[tuple[str, str], ...]
    reactions: tuple[tuple[str, str], ...]
    scenarios: tuple[str, ...]
    terrain: tuple[tuple[str, str, str], ...] = ()
    """(tile type, cost to enter, what else it does) of each tile type, when the board's
    tiles differ at all (``terrain``)."""
    ending: tuple[tuple[str, str], ...] = ()
    """How the game ends (``ending``): (what happens, when), a row per end rule, for a
    player with no move, and for the round limit."""
    fog: tuple[str, ...] = ()
    """What each side sees under fog of war (``fog_lines``): nothing without fog."""
    sides: tuple[tuple[str, str, str], ...] = ()
    """(side type, cost to cross, what else it does) of each kind of side between cells
    that the board has (``side_rows``)."""
    turns: tuple[str, ...] = ()
    """The order of play (``turn_lines``): each phase of a round, who takes turns, and the
    steps of a turn; a step's line is indented by two spaces."""


def ending(game: Game) -> tuple[tuple[str, str], ...]:
    """How a game ends, in rows of (what happens, when): each end rule by its label
    (``{player}`` read as the players' names joined by "or"), a player left with no move
    (``stuck:``), and the round limit with the score that ranks the players then (the
    rules' own text, from the file)."""
    rows = []
    anyone = _any_player(game)
    for rule in game.end_rules:
        label = rule.reason.replace("{player}", anyone)
        if rule.kind != "draw" and "{player}" not in rule.reason:
            label = f"{anyone}: {label}"
        whose = " (checked for the player who has just moved)" if rule.who == "active" else ""
        rows.append((rule.kind, label + whose))
    rows.extend(_ending_effects(game))
    def outcome(how: str) -> str:
        return {"lose": " is out", "draw": ": the game is drawn",
                "pass": ": the step is passed"}[how]

    steps = [st for ph in game.phases for st in ph.steps]
    stuck = {st.stuck for st in steps if st.stuck_when is None} - {"pass"}
    rows.extend((how, "a player with no legal move as their turn begins" + outcome(how))
                for how in sorted(stuck))
    told = set()
    for st in steps:  # `stuck: {if: …, then: …, else: …}`: both outcomes, with the test
        key = (st.stuck_said, st.stuck, st.stuck_else)
        if st.stuck_when is None or key in told:
            continue
        told.add(key)
        rows.append((st.stuck, "a player with no legal move as their turn begins, when "
                     f"{st.stuck_said}" + outcome(st.stuck)))
        if st.stuck_else != "pass":
            rows.append((st.stuck_else, "a player with no legal move as their turn begins, "
                         "otherwise" + outcome(st.stuck_else)))
    if game.repetition is not None:
        times, ignore = game.repetition
        rows.append(("draw", f"the same position comes up {times} times" + (
            f" (read without {', '.join(sorted(ignore))})" if ignore else "")))
    if game.round_limit is not None:
        score = _end_score(game)
        ties = _end_score(game, "tiebreak") if game.tiebreak is not None else ""
        word = game.display.round
        rounds = plural(game.round_limit, word)
        if game.against_the_game:  # held out against the game: a win
            who = "the player wins" if len(game.players) == 1 else "the players win together"
            rows.append((f"{word} limit", f"after {rounds}, {who}" + (
                f" (score: {score})" if score else "")))
            return tuple(rows)
        rows.append((f"{word} limit", f"after {rounds}, " + (
            f"the highest score wins (score: {score}" + (f"; ties: {ties})" if ties else ")")
            if score else
            "the highest score wins" if game.score is not None else "the game is drawn")))
    return tuple(rows)


def _any_player(game: Game) -> str:
    """Who ``{player}`` in an ending's label may be, as the sheet reads it: the players'
    names joined by "or" (``heroes or monsters``), which reads right whether the label's
    verb is written for one (``reaches``) or for a side's plural name (``escape``)."""
    names = list(game.players)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


_LINE = re.compile(r":(\d+):\d+: effect `")
_END_EFFECTS = {"Win": "win", "Lose": "lose", "Draw": "draw", "EndByScore": "end"}
"""The engine's effects that end a game or put a player out, by class name."""


def _ending_effects(game: Game) -> list[tuple[str, str]]:
    """The effects that end the game or put a player out (`win`, `lose`, `draw_game`,
    `end_game` in an action or a trigger), each by its reason and its line."""
    rows = []
    for effect, where in game.sources.values():
        kind = _END_EFFECTS.get(type(effect).__name__)
        if kind is None:
            continue
        line = _LINE.search(where)
        at = f" (an effect, line {line.group(1)})" if line else " (an effect)"
        reason = effect.reason.replace("{player}", _any_player(game))
        if kind == "end" and game.against_the_game:  # held out: a win
            reason += ": the player wins" if len(game.players) == 1 else \
                ": the players win together"
        elif kind == "end":
            reason += ": the highest score wins" if game.score is not None else ""
        rows.append((kind, reason + at))
    return rows


def _end_score(game: Game, key: str = "score") -> str:
    """The text of the rules' ``end: score`` (or ``tiebreak``), when the game's rules file
    gives one."""
    if game.rules_file is None or game.score is None:
        return ""
    try:
        root = read_yaml(Path(game.rules_file))
    except Exception:
        return ""
    return _text(_get(_get(root, "end"), key))


def _cost_words(cost: Any) -> str:
    """A tile cost in words: ``2``, or ``no entry``."""
    if cost is None or not isinstance(cost, int | float) or cost < 0:
        return "no entry"
    return f"{cost:g}"


def terrain(game: Game) -> tuple[tuple[str, str, str], ...]:
    """The terrain effects of a board, a row per tile type: its name, what entering it
    costs (with the costs of the kinds of unit that pay otherwise: ``2; armor 3, truck no
    entry``) and what else it does (blocks sight, how much it holds). Nothing when every
    tile of the board is alike."""
    b = game.board
    if not b.width or not b.height:
        return ()
    names = list(dict.fromkeys((*b.tile_types, *b.tiles)))
    if len(set(b.tiles)) < 2 and not any(b.tile_types.get(n) for n in names):
        return ()
    rows = []
    for name in names:
        props = b.tile_types.get(name, {})
        cost = _cost_words(props.get("cost", 1))
        by = props.get("cost_by")
        if isinstance(by, dict) and by:
            cost += "; " + ", ".join(f"{k} {_cost_words(v)}" for k, v in by.items())
        notes = []
        if props.get("blocks_sight"):
            notes.append("blocks sight")
        room = props.get("capacity")
        if room is not None:
            notes.append(f"holds {room:g}" if isinstance(room, int | float) else "")
        rows.append((name, cost, ", ".join(n for n in notes if n)))
    return tuple(rows)


def _crossing_words(cost: Any) -> str:
    """What crossing a side adds, in words: ``+2``, ``-1`` (a road), or ``no crossing``."""
    if cost is None or not isinstance(cost, int | float):
        return "no crossing"
    return f"{cost:+g}"


def side_rows(game: Game) -> tuple[tuple[str, str, str], ...]:
    """The sides between cells, a row per kind the board has: its name, what a step across
    it adds (with the costs of the kinds of unit that pay otherwise: ``+2; armor no
    crossing``) and what else it does (blocks sight, its parameters)."""
    b = game.board
    rows = []
    for name in dict.fromkeys(kind for _, _, kind in b.sides):
        props = b.side_types.get(name, {})
        cost = _crossing_words(props.get("cost", 0))
        by = props.get("cost_by")
        if isinstance(by, dict) and by:
            cost += "; " + ", ".join(f"{k} {_crossing_words(v)}" for k, v in by.items())
        notes = ["blocks sight"] if props.get("blocks_sight") else []
        if "blocks_zoc" in props:  # said by the rules (a wall stops a zone unsaid)
            notes.append("stops zones of control" if props["blocks_zoc"]
                         else "zones of control reach across")
        params = props.get("params")
        if isinstance(params, dict):
            notes += [f"{k.replace('_', ' ')} {v:g}" for k, v in params.items()]
        rows.append((name, cost, ", ".join(notes)))
    return tuple(rows)


def _reach_words(reach: Any, step: str) -> str:
    """A sight range in words: ``2 squares``, ``1 link``, or a parameter's name."""
    if isinstance(reach, str):
        return f"as far as its {reach.replace('_', ' ')}"
    if reach == math.inf:
        return "the whole board"
    return f"{reach:g} {step}{'' if reach == 1 else 's'}"


def fog_lines(game: Game) -> tuple[str, ...]:
    """Fog of war in sentences: how far units see (by type where they differ), who shares
    sight, what is always seen, and what happens to a move into a unit not seen."""
    fog = game.fog
    if fog is None:
        return ()
    step = "link" if game.board.links else "square"
    lines = [f"Each side sees only what its units see: {_reach_words(fog.default, step)}"
             + (", line of sight blocked by terrain" if any(
                 p.get("blocks_sight") for p in (*game.board.tile_types.values(),
                                                 *game.board.side_types.values())) else "")]
    lines += [f"  {name.replace('_', ' ')}: {_reach_words(reach, step)}"
              for name, reach in fog.sight.items()]
    shared = [t for t in fog.teams if len(t) > 1]
    if shared:
        lines.append("Sight is shared by " + "; ".join(
            " and ".join(game.players[p] for p in team if p < len(game.players))
            for team in shared))
    if fog.always_seen:
        lines.append("Always seen: " + ", ".join(sorted(n.replace("_", " ")
                                                        for n in fog.always_seen)))
    lines.append("Moves are offered on the board as the side sees it: a walk into an "
                 "unseen unit halts before it, and the unit is revealed"
                 if fog.sighted_moves else
                 "Moves are worked out on the whole board: a square left out of the "
                 "moves is one where someone stands")
    return tuple(lines)


def turn_lines(game: Game) -> tuple[str, ...]:
    """The order of play in lines: each phase of a round with who takes turns in it, when
    it ends and whether it runs again before the round goes on; under it, indented by two
    spaces, the steps of a turn with the actions each offers and when each ends. Tests are
    quoted as the rules write them."""
    lines = []
    many = len(game.phases) > 1
    for n, ph in enumerate(game.phases, 1):
        ends = [f"it ends when {ph.end_said}"] if ph.end_said else []
        rep = ph.repeat
        if rep is not None and rep.said:
            ends.append(f"it runs again until {rep.said}" + (
                f", at most {plural(rep.most, 'time')} a {game.display.round}"
                if rep.most else ""))
        elif rep is not None and rep.most:
            ends.append(f"it runs {plural(rep.most, 'time')} a {game.display.round}")
        lines.append((f"{n}. " if many else "") + f"{ph.name}: {_who(game, ph.order)}"
                     + "".join(f"; {e}" for e in ends))
        for st in ph.steps:
            offered = "any action" if st.actions is None else ", ".join(st.actions)
            limit = ("" if st.max_actions is None else " (one action)"
                     if st.max_actions == 1 else f" (up to {st.max_actions} actions)")
            until = f"; until {st.end_said}" if st.end_said else ""
            name = "actions: " if len(ph.steps) == 1 else f"{st.name}: "
            lines.append(f"  {name}{offered}{limit}{until}")
    return tuple(lines)


def _who(game: Game, order: Any) -> str:
    """Who takes turns under an order, in words: the seat order from the first player."""
    names = list(game.players)
    first = order.first if order.first < len(names) else 0
    if order.kind == "player":
        return f"{names[first]} alone takes a turn"
    if order.kind == "initiative":
        return "each unit takes a turn, played by its owner, highest first" + (
            f" by {order.said}" if order.said else "")
    if order.first_of is not None:
        seats = "in seat order from the player " + (order.said or "the rules pick") + \
            ", worked out as the phase begins"
    else:
        ring = names[first:] + names[:first]
        seats = ("in seat order: " + ", ".join(ring[:-1]) + " then " + ring[-1]) + (
            f"; who starts moves on one seat each {game.display.round}" if order.rotate
            else "")
    if order.kind == "alternate":
        return ("the players take one action each in turn until every one has passed"
                + ("" if len(names) == 1 else f", {seats}"))
    if len(names) == 1:
        return f"{names[0]} takes a turn"
    return f"each player takes a turn {seats}"


def rules_sheet(game: Game) -> Sheet:
    """The rules sheet of a compiled game."""
    acts = _descriptions(game, "actions")
    reacts = _descriptions(game, "reactions")
    units = {**_descriptions(game, "entities"), **_descriptions(game, "items")}
    steps = [st.actions for ph in game.phases for st in ph.steps]
    offered = (None if any(listed is None for listed in steps)
               else {a for listed in steps for a in listed or ()})
    return Sheet(
        game.name, game.description, _readme(game),
        tuple((t.name, game.display.entity(t.name, t.symbol).glyph, units.get(t.name, ""))
              for t in game.entity_types.values()),
        # An action no step offers and no words describe is the rules' own helper (one
        # that `perform` runs): not a player's action to list.
        tuple((a, acts.get(a, "") or _template(t.text)) for a, t in game.action_types.items()
              if offered is None or a in offered or acts.get(a) or t.text),
        tuple((r, reacts.get(r, "")) for r in game.reactions
              if not game.reactions[r].automatic),
        tuple(game.scenarios),
        terrain(game), ending(game), fog_lines(game), side_rows(game), turn_lines(game))
