"""How a game is drawn for people: colours, glyphs, labels and which parameters players see.

A rules file may give these hints in its ``display:`` section; everything it leaves out
has a sensible default, so a game with no hints is still drawn legibly. The terminal
board, the pictures (``show --svg``) and the web page all read the one ``Display`` a
game carries (``game.display``), so a hint given once shows the same everywhere.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Set
from dataclasses import dataclass, field
from typing import Any

COLOURS: dict[str, str] = {
    "red": "#c0392b", "blue": "#2e6fd8", "green": "#2e8b57", "yellow": "#d4ac0d",
    "orange": "#e67e22", "purple": "#8e44ad", "black": "#222222", "white": "#f4f4f4",
    "grey": "#808080", "gray": "#808080", "brown": "#8b5a2b", "pink": "#e86aa6",
    "cyan": "#17a2b8", "teal": "#138d75", "gold": "#c9a227", "silver": "#b0b0b0",
    "navy": "#1f3a93", "maroon": "#800000", "olive": "#808000", "tan": "#d2b48c",
}
"""The colour names a rules file may use instead of ``#rrggbb``."""

PLAYER_PALETTE = ("#c0392b", "#2e6fd8", "#2e8b57", "#e67e22", "#8e44ad", "#17a2b8",
                  "#d4ac0d", "#e86aa6")
"""Seat colours when the rules give none (a player named after a colour gets that one)."""

# Default tile colours by a word in the tile type's name, first match wins.
_TILE_WORDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("wall", "rock", "mountain", "cliff", "stone", "block"), "#6b6b6b"),
    (("water", "river", "lake", "sea", "ocean", "swamp", "marsh"), "#5b8fd6"),
    (("forest", "wood", "tree", "jungle"), "#3f7d3f"),
    (("castle", "keep", "fort", "tower", "base", "throne"), "#9b87c9"),
    (("village", "town", "house", "city", "farm"), "#d9b44a"),
    (("hill", "ridge", "rough", "dune"), "#b59a6d"),
    (("road", "path", "bridge", "sand", "desert"), "#dbcb9c"),
    (("lava", "fire"), "#d35400"),
    (("grass", "plain", "field", "floor", "ground", "open", "meadow", "empty"), "#e9e6d3"),
)


def colour(text: str) -> str | None:
    """``#rgb``, ``#rrggbb`` or a name of ``COLOURS`` as ``#rrggbb``; ``None`` otherwise."""
    t = text.strip().lower()
    if t in COLOURS:
        return COLOURS[t]
    if t.startswith("#") and len(t) in (4, 7) and all(ch in "0123456789abcdef" for ch in t[1:]):
        return t if len(t) == 7 else "#" + "".join(ch * 2 for ch in t[1:])
    return None


def _hashed(name: str) -> str:
    """A pale colour chosen by a name, the same on every machine."""
    h = hashlib.sha1(name.encode()).digest()
    r, g, b = (150 + v % 90 for v in h[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def label_of(name: str) -> str:
    """A type name as players read it: ``heavy_knight`` → ``Heavy knight``."""
    words = name.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:] if words else name


@dataclass(frozen=True)
class Look:
    """How one thing is drawn: a colour (``#rrggbb``), a glyph (a short mark, one or two
    characters for the terminal) and a label (the name players read)."""

    colour: str
    glyph: str
    label: str


@dataclass(frozen=True)
class Display:
    """A game's drawing hints, with defaults for what the rules leave out.

    ``players``, ``tiles`` and ``entities`` hold what the rules gave (missing fields as
    ``""``); the methods fill in defaults. ``health``: the parameter drawn as a bar (by
    default ``hp`` or ``health``, when the entity has it with a maximum). ``show``: when
    given, the only parameters players see on a unit; ``hide``: parameters never shown
    (bookkeeping such as ``castle_x``)."""

    players: Mapping[str, Look] = field(default_factory=dict)
    tiles: Mapping[str, Look] = field(default_factory=dict)
    entities: Mapping[str, Look] = field(default_factory=dict)
    health: str = ""
    show: tuple[str, ...] | None = None
    hide: frozenset[str] = frozenset()
    count: str = ""
    """A unit parameter written on the board after the unit's glyph (the seeds in a pit,
    a counter's strength), by every display; ``""``: none."""
    round: str = "round"
    """What the game calls a round in words (``game turn``, ``year``): headings, the
    narration, the rules sheet and the round limit's outcome say it."""

    def counted(self, params: Mapping[str, Any]) -> str:
        """What a unit with ``params`` shows of the ``count`` parameter ("" without)."""
        if not self.count or self.count not in params:
            return ""
        value = params[self.count]
        return str(int(value)) if isinstance(value, float) and value.is_integer() \
            else str(value)

    def player(self, seat: int, name: str) -> Look:
        """The look of a seat: its declared colour, the colour it is named after, or the
        palette's colour for its place."""
        given = self.players.get(name)
        c = (given.colour if given else "") or COLOURS.get(name.lower()) or \
            PLAYER_PALETTE[seat % len(PLAYER_PALETTE)]
        return Look(c, (given.glyph if given else "") or name[:1].upper(),
                    (given.label if given else "") or label_of(name))

    def tile(self, name: str, symbol: str = "") -> Look:
        """The look of a tile type: declared, else chosen by a word of its name, else a
        pale colour of its own; its glyph defaults to its layout symbol."""
        given = self.tiles.get(name)
        c = given.colour if given else ""
        if not c:
            low = name.lower()
            c = next((col for words, col in _TILE_WORDS if any(w in low for w in words)),
                     "") or _hashed(name)
        g = (given.glyph if given else "") or symbol or name[:1]
        return Look(c, g, (given.label if given else "") or label_of(name))

    def entity(self, type_name: str, symbol: str = "") -> Look:
        """The look of an entity type (its colour is its owner's, so ``colour`` here is
        only a declared one, else ``""``): glyph from the hints, the type's own symbol, or
        its first letter."""
        given = self.entities.get(type_name)
        g = (given.glyph if given else "") or symbol or type_name[:1].upper()
        return Look(given.colour if given else "", g,
                    (given.label if given else "") or label_of(type_name))

    def health_param(self, params: Iterable[str], maxima: Mapping[str, object]) -> str | None:
        """The parameter drawn as a health bar among ``params`` (``maxima``: those that
        have a maximum), or ``None``."""
        names = set(params)
        if self.health:
            return self.health if self.health in names else None
        for p in ("hp", "health", "hit_points", "life", "wounds"):
            if p in names and p in maxima:
                return p
        return None

    def shown(self, params: Iterable[str]) -> list[str]:
        """The parameters players see on a unit or card, of ``params``, in the given order
        (a keyed parameter's key, ``memo[1]``, is named by itself or by ``memo``)."""
        if self.show is not None:
            keep = set(self.show)
            return [p for p in params if _named(p, keep) and not _named(p, self.hide)]
        return [p for p in params if not _named(p, self.hide)]

    def shown_of_player(self, params: Iterable[str]) -> list[str]:
        """The parameters players see of a player (their resources, points) or of the game:
        every one ``hide`` does not name (``show`` is said of units and cards)."""
        return [p for p in params if not _named(p, self.hide)]


def plural(n: int, noun: str) -> str:
    """A count with its noun, singular for one: ``1 player``, ``3 players``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def a_or_an(word: str) -> str:
    """``word`` after its indefinite article: ``an entity``, ``a number``."""
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


KEYS_LISTED = 4
"""A keyed parameter of at most this many keys is listed key by key, whatever its values."""


def params_words(pairs: Iterable[tuple[str, Any]], defaults: Mapping[str, Any],
                 say: Callable[[Any], str], sep: str = ", ") -> str:
    """Parameters as a line says them, ``name value, ...``, a keyed parameter of many keys
    kept short: only its keys away from their default, then what the others hold
    (``climb[7] 1, climb[9] 2 (others 0)``), or ``climb all 0`` while none has moved."""
    groups: dict[str, list[tuple[str, Any]]] = {}
    for name, value in pairs:
        base, bracket, _ = name.partition("[")
        groups.setdefault(base if bracket else name, []).append((name, value))
    words: list[str] = []
    for base, group in groups.items():
        rest = {defaults.get(k) for k, v in group if v == defaults.get(k)}
        if len(group) <= KEYS_LISTED or "[" not in group[0][0] or len(rest) != 1:
            words.extend(f"{k} {say(v)}" for k, v in group)
            continue
        (held,) = rest
        moved = [(k, v) for k, v in group if v != defaults.get(k)]
        if not moved:
            words.append(f"{base} all {say(held)}")
        else:
            words.extend(f"{k} {say(v)}" for k, v in moved)
            words[-1] += f" (others {say(held)})"
    return sep.join(words)


def _named(param: str, names: Set[str]) -> bool:
    """Whether a list of parameter names names ``param``: itself, or, for one key of a
    keyed parameter (``memo[1]``), the parameter (``memo``)."""
    return param in names or ("[" in param and param.partition("[")[0] in names)


NO_HINTS = Display()
"""The display of a game that gives no hints: every default."""
