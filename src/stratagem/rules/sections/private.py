"""Private parameters in the rules: `private:` on a player's or an entity type's parameter
(``ParamSpec.private``), checked where the parameters compile."""

from __future__ import annotations

from functools import partial
from typing import Any

from ...engine.spec import ParamSpec
from ..core import CompileState
from ..errors import did_you_mean
from ..source import Node

PRIVATE_WORDS = ("deal", "any")
"""How a view's determinization imagines a private parameter's withheld values."""


def private_word(c: CompileState, owner: str, name: str, node: Node | None, usual: str,
                 lo: float | None, hi: float | None) -> tuple[str, str]:
    """The engine's word for a parameter's `private:` (empty: public), and its `unless`."""
    if node is None:
        return "", ""
    what = f"`private` of `{owner}.{name}`"
    if not usual:
        c.fail(node.loc, f"{what}: only a player's or an entity type's parameter may be "
               "private", "the game's and the tiles' parameters are seen by every player")
        return "", ""
    unless = ""
    word_node = node
    if node.is_map:
        m = c.keys(node, ("guess", "unless", "known"), what)
        if "unless" in m:
            unless = c.need_str(m["unless"], f"`unless` of {what}")
        if "known" in m:  # compiled once every name is declared (``compile_known``)
            c.private_known_nodes.append((None if usual == "any" else owner, name, m["known"]))
        if "guess" not in m:
            word = usual
        else:
            word_node = m["guess"]
            word = word_node.value
            if word not in PRIVATE_WORDS:
                c.fail(word_node.loc, f"`guess` of {what} is `deal` or `any`, not `{word}`",
                       GUESSES)
                return "", ""
    else:
        v = node.value
        if v is False:
            return "", ""
        word = usual if v is True else v
        if word not in PRIVATE_WORDS:
            c.fail(node.loc, f"{what} is `true`, `false`, `deal`, `any` or a mapping "
                   f"(`guess`, `unless`, `known`), not `{v}`", GUESSES)
            return "", ""
    if word == "any" and (lo is None or hi is None):
        c.fail(word_node.loc, f"{what}: `any` needs both `min` and `max`: an AI that "
               "cannot see the value imagines one between them",
               "give the bounds, or `private: deal`" if usual == "deal" else
               "give the bounds")
        return "", ""
    if word == "any" and hi - lo > MAX_GUESSED:  # type: ignore[operator]
        c.fail(word_node.loc, f"{what}: `any` between {lo} and {hi} is more than "
               f"{MAX_GUESSED} values to imagine", "narrow the bounds")
        return "", ""
    return str(word), unless


GUESSES = ("`deal`: the values a player cannot see are dealt among their holders; "
           "`any`: any whole number from `min` to `max`")


MAX_GUESSED = 1_000_000
"""The widest range of values `private: any` draws from."""


def check_unless(c: CompileState, node: Node | None, owner: str,
                 params: list[ParamSpec]) -> None:
    """Each private parameter's `unless` names a public parameter of the same holder, or
    one keyed by the players' names (each player's key shows the value to that player)."""
    by_name = {p.name: p for p in params}
    for p in params:
        if not p.unless or node is None:
            continue
        spec = node.get(p.name.partition("[")[0])
        where = spec.loc if spec is not None else node.loc
        keys = c.keyed.get(p.unless)
        if keys is not None and f"{p.unless}[{keys[0]}]" in by_name:
            if set(keys) != set(c.players):
                c.fail(where, f"`unless: {p.unless}` of `{owner}.{p.name}` is keyed by "
                       f"{', '.join(map(str, keys))}, not by the players' names",
                       f"key it by {', '.join(c.players)}: each player's key shows the value "
                       "to that player")
            elif any(by_name[f"{p.unless}[{k}]"].private for k in keys):
                c.fail(where, f"`unless: {p.unless}` of `{owner}.{p.name}` is private itself",
                       "name a parameter every player sees")
            continue
        other = by_name.get(p.unless)
        if other is None:
            c.fail(where, f"`unless: {p.unless}` of `{owner}.{p.name}` names no parameter of "
                   f"{owner}", did_you_mean(p.unless, list(by_name)) or
                   "it names a parameter of the same holder, which shows the value when not 0")
        elif other.private:
            c.fail(where, f"`unless: {p.unless}` of `{owner}.{p.name}` is private itself",
                   "name a parameter every player sees")


def compile_known(c: CompileState) -> dict[tuple[str | None, str], Any]:
    """Each private parameter's `known`: a condition of its holder (`it`: a unit, or a
    player) that every player knows its value meets, so that ``determinize`` imagines only
    such values (a piece that moved is no bomb). By (entity type, or none for a player's,
    parameter name)."""
    out: dict[tuple[str | None, str], Any] = {}
    for holder, name, node in c.private_known_nodes:
        kind = "player" if holder is None else "entity"
        scope = c.base_scope().child(it=(kind, lambda ctx: ctx.vars["it"]))
        compiled = c.attempt(partial(c.expr, node, scope, "bool"))
        if compiled is not None:
            out[(holder, name)] = compiled.fn
    return out
