"""The program card as a player reads it: every bundled program's card is in words
(expressions only in the appendix), has one section per state and per part of the
turn, and prints each state on a page of its own — checked by printing the HTML card
with Chromium and comparing the pages with the PNGs kept in ``tests/card_pages``.

Set ``STRATAGEM_UPDATE_CARD_PAGES=1`` to rewrite the kept pages after a deliberate
change of the card (and look at them before committing).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import stratagem
from stratagem.agents.program import (
    Program,
    bundled_programs,
    card_gaps,
    load_program,
    render_html,
    render_markdown,
)
from stratagem.agents.program.card import part_title

PAGES = Path(__file__).with_name("card_pages")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PDFTOPPM = shutil.which("pdftoppm")
PDFTOTEXT = shutil.which("pdftotext")
MEAN_DIFFERENCE = 0.1
"""The largest mean grey-level difference (0-255) between a printed page and its kept
PNG. The same Chromium prints identical pages (0.0); a few pixels of anti-aliasing
stay under 0.1, while one sentence reworded on a page measured 0.3."""


def _main_text(md: str) -> str:
    main = md.split("## Appendix", maxsplit=1)[0]
    return re.sub(r"```mermaid.*?```", "", main, flags=re.S)


def _expressions(program: Program) -> list[str]:
    out = [d.expr.text for d in program.defines.values()]
    for st in program.states.values():
        out += [t.test.text for t in st.triggers]
        for r in st.all_rules():
            out += [e.text for e in (r.when, r.actor, r.where) if e is not None]
            out += [p.expr.text for p in r.prefer if p.expr is not None]
            if r.order is not None:
                out.append(r.order.of.text)
    return [e.strip() for e in out if not e.strip().isidentifier()]


def _game_names(program: Program) -> set[str]:
    game = stratagem.load(program.game)
    names = set(game.action_types) | set(game.reactions) | set(game.entity_types)
    names |= {p.name for t in game.entity_types.values() for p in t.params}
    names |= {p.name for p in game.player_params}
    return names | set(program.memory) | set(program.defines)


@pytest.mark.parametrize("name", sorted(bundled_programs()))
def test_every_bundled_card_is_in_words(name: str) -> None:
    """No raw expression, backquoted code, engine name (``pick_up``, ``weary_aim``) or
    class code (``2, then 3``) outside the appendix; the appendix has them all."""
    program = load_program(bundled_programs()[name])
    md = render_markdown(program)
    main = _main_text(md)
    appendix = md.split("## Appendix")[1]
    assert "`" not in main
    for e in _expressions(program):
        assert e not in main, e
        assert " ".join(e.split()) in appendix, e
    for n in _game_names(program):
        if "_" in n:
            assert not re.search(rf"\b{re.escape(n)}\b", main), n
    assert not re.search(r"\b\d, then \d|: \d(, \d)+\b", main)
    assert card_gaps(program) == []


@pytest.mark.parametrize("name", sorted(bundled_programs()))
def test_every_bundled_card_has_a_section_per_state_and_part(name: str) -> None:
    """One section per state, and in it one heading per part of the turn (the steps,
    the reactions), in the order the state lists them; each state is a printed page."""
    program = load_program(bundled_programs()[name])
    md = render_markdown(program)
    sections = re.split(r"^## ", _main_text(md), flags=re.M)
    states = [s for s in sections if s.startswith("State: ")]
    assert [s.split("\n", 1)[0] for s in states] == [f"State: {n}" for n in program.states]
    for text, st in zip(states, program.states.values(), strict=True):
        heads = re.findall(r"^### (.*)$", text, flags=re.M)
        parts = [part_title(p) for p, _ in st.parts()]
        assert [h for h in heads if h in parts] == parts
    page = render_html(program)
    assert page.count('<section class="page"') == len(program.states) + 1  # + appendix


def test_the_flower_war_cards_follow_the_seed_layout() -> None:
    """The Tlaxcaltec card reads like the seed's sheet: a note and a description per
    state, triggers, the orders with footnotes, then the activation in sections
    (rest, movement, shooting, charges) and the reactions (shooting, melee, the Aztec
    turn), with ability and unit names in words."""
    program = load_program(bundled_programs("flower_war")["tlaxcaltec"])
    md = render_markdown(program)
    close = md.split("## State: close")[1].split("\n## ")[0]
    for words in ("*Note:*", "### Triggers", "### Orders", "### Activation", "#### Rest",
                  "#### Movement", "#### Shooting", "#### Charges", "### Reactions",
                  "#### Melee", "#### The Aztec turn", "Heavy Arrows, Eye of the Eagle, "
                  "Loose Arrows!, Activation Pool, Attack Pool",
                  "Zoomorphic Warriors, Warriors, Levy, the Warlord",
                  "Choose the Aztec unit the most bow figures can reach; if tied, the closest "
                  "one; if tied, the one shot at last; if still tied, roll a die",
                  "\\[1\\] "):
        assert words in close, words
    assert "roll a die" not in close.split("End the turn")[1].split("\n")[0]


def _print(program: Program, out: Path) -> list[Path]:
    html = out / "card.html"
    html.write_text(render_html(program), encoding="utf-8")
    pdf = out / "card.pdf"
    subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu",
                    "--no-pdf-header-footer", f"--print-to-pdf={pdf}", html.as_uri()],
                   check=True, capture_output=True, timeout=120)
    subprocess.run([str(PDFTOPPM), "-r", "40", "-gray", "-png", str(pdf),
                    str(out / "page")], check=True, timeout=60)
    return sorted(out.glob("page-*.png"))


@pytest.mark.skipif(CHROMIUM is None or PDFTOPPM is None or PDFTOTEXT is None,
                    reason="printing the card needs chromium and poppler-utils "
                    "(pdftoppm, pdftotext); install them to run this test")
@pytest.mark.parametrize(("game", "name"), [("flower_war", "tlaxcaltec"),
                                            ("skirmish", "goblins")])
def test_the_printed_card_puts_each_state_on_its_own_page(game: str, name: str,
                                                          tmp_path: Path) -> None:
    """Printed to PDF by Chromium, the card has a cover page, then each state starts a
    page of its own and fits on it, then the appendix; the pages look as kept."""
    image = pytest.importorskip("PIL.Image")
    chops = pytest.importorskip("PIL.ImageChops")
    stat = pytest.importorskip("PIL.ImageStat")
    program = load_program(bundled_programs(game)[name])
    pages = _print(program, tmp_path)
    texts = [subprocess.run([str(PDFTOTEXT), "-f", str(i), "-l", str(i), "-layout",
                             str(tmp_path / "card.pdf"), "-"], check=True,
                            capture_output=True, text=True).stdout
             for i in range(1, len(pages) + 1)]
    assert "How to use this card" in texts[0]
    for i, st in enumerate(program.states, 1):
        assert f"State: {st}" in texts[i], (st, i)
        for other in program.states:
            assert other == st or f"State: {other}" not in texts[i]
    assert "Appendix" in texts[len(program.states) + 1]
    kept = sorted(PAGES.glob(f"{name}-*.png"))
    if os.environ.get("STRATAGEM_UPDATE_CARD_PAGES"):
        for old in kept:
            old.unlink()
        for i, page in enumerate(pages, 1):
            shutil.copy(page, PAGES / f"{name}-{i}.png")
        return
    assert len(pages) == len(kept), "the printed card has a different number of pages"
    for page, want in zip(pages, kept, strict=True):
        a = image.open(page).convert("L")
        b = image.open(want).convert("L")
        assert a.size == b.size, page.name
        mean = stat.Stat(chops.difference(a, b)).mean[0]
        assert mean <= MEAN_DIFFERENCE, f"{want.name} changed: mean difference {mean:.2f}"
