"""A grid whose squares all have names (chess's a1 to h8) and no links: the board and the
rules sheet say the names in one line, not one by one (the chess writer's finding 6: a
line of 900 characters under every board, a 64-line table in the rules sheet); a few
named places, or a map's places with links, are still listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_cli import run

NAMED = (Path(__file__).parent / "outsider" / "chess" / "repro"
         / "06_places_listing.yaml").read_text(encoding="utf-8")


def _grid(side: int) -> str:
    names = ", ".join(f"{'abcdefgh'[x]}{side - y}: [{x}, {y}]"
                      for y in range(side) for x in range(side))
    return (NAMED.replace("size: [3, 3]", f"size: [{side}, {side}]")
            .replace(NAMED.split("places: ")[1].split("\n")[0], "{" + names + "}"))


@pytest.mark.parametrize(("side", "listed"), [(3, True), (4, False)])
def test_many_named_squares_are_said_in_one_line(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path, side: int,
                                                 listed: bool) -> None:
    rules = tmp_path / "named.yaml"
    rules.write_text(_grid(side), encoding="utf-8")
    code, out, err = run(capsys, "new", str(rules), "--out", str(tmp_path / "g.json"))
    assert code == 0, err
    places = [line for line in out.splitlines() if line.startswith("places:")]
    code, sheet, _ = run(capsys, "rules", str(rules))
    assert code == 0
    if listed:
        assert places == ["places: a3 (0,0); b3 (1,0); c3 (2,0); a2 (0,1); b2 (1,1); "
                          "c2 (2,1); a1 (0,2); b1 (1,2); c1 (2,2)"]
        assert "  c1 (2,2) floor" in sheet.splitlines()
    else:
        short = "16 named squares, a4 (0,0) to d1 (3,3): type a name where a square is asked"
        assert places == [f"places: {short}"]
        assert f"Places: {short}" in sheet.splitlines()
