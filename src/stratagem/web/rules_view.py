"""A game's rules as the web page shows them: the rules sheet (``games.sheet``: the
README, the order of play, units, actions, reactions, terrain, sides, fog of war and how
the game ends) as data for the page's *Rules* panel.

The README's Markdown is rendered to HTML by markdown-it (CommonMark and tables): raw HTML
in it is escaped, never passed through, links that run code (``javascript:``) are left as
text by markdown-it's own check, a link to a file beside the README (``rules.yaml``, which
the page does not serve) is kept as its text, a web link opens in a new tab, and an image
is written as its description in brackets, so a README never makes the page fetch
anything. Every other field is plain text, which the page puts in through ``textContent``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ..engine import Game
from ..games.sheet import rules_sheet


@cache
def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")

    def image(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
        alt = "".join(t.content for t in tokens[idx].children or ())
        return f"[{escape(alt)}]" if alt else ""

    md.add_render_rule("image", image)
    return md


_WEB = ("http://", "https://", "mailto:")


def readme_html(markdown: str) -> str:
    """A README's Markdown as HTML safe to put in the page (see the module's notes)."""
    if not markdown.strip():
        return ""
    md = _markdown()
    tokens = md.parse(markdown)
    for block in tokens:
        if block.children:
            block.children = _web_links_only(block.children)
    return str(md.renderer.render(tokens, md.options, {}))


def _web_links_only(children: list[Token]) -> list[Token]:
    """An inline run with the links to files beside the README unwrapped (their text
    kept), and each web link marked to open in a new tab."""
    out: list[Token] = []
    dropped: list[bool] = []  # for each open link: whether it was unwrapped
    for tok in children:
        if tok.type == "link_open":
            href = str(tok.attrGet("href") or "")
            web = href.lower().startswith(_WEB)
            dropped.append(not web)
            if web:
                tok.attrSet("target", "_blank")
                tok.attrSet("rel", "noopener noreferrer")
                out.append(tok)
        elif tok.type == "link_close":
            if not (dropped.pop() if dropped else False):
                out.append(tok)
        else:
            out.append(tok)
    return out


def rules_view(game: Game) -> dict[str, Any]:
    """The rules sheet of ``game`` (as compiled: its scenario's set-up and limits) as the
    page's Rules panel reads it."""
    sheet = rules_sheet(game)
    phases: list[dict[str, Any]] = []
    for line in sheet.turns:  # a step's line is indented under its phase's
        if line.startswith("  ") and phases:
            phases[-1]["steps"].append(line.strip())
        else:
            phases.append({"phase": line, "steps": []})
    return {
        "title": sheet.title, "description": sheet.description,
        "scenario": game.scenario, "players": list(game.players),
        "readme": readme_html(sheet.readme),
        "round": game.display.round,
        "turns": phases,
        "units": [{"name": n, "description": d} for n, _, d in sheet.units],
        "actions": [{"name": n, "description": d} for n, d in sheet.actions],
        "reactions": [{"name": n, "description": d} for n, d in sheet.reactions],
        "terrain": [{"name": n, "cost": c, "notes": x} for n, c, x in sheet.terrain],
        "sides": [{"name": n, "cost": c, "notes": x} for n, c, x in sheet.sides],
        "fog": list(sheet.fog),
        "ending": [{"what": w, "when": t} for w, t in sheet.ending],
    }


__all__ = ["readme_html", "rules_view"]
