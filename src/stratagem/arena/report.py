"""The balance report: one self-contained HTML page for a game's designer.

It answers the questions a play-test asks: does one side win more often (with 95%
intervals), how much is moving first worth, which unit types die and which do the
killing, which actions get used and how often their users win, and how long games
run. Plots are inline SVG, so the page needs nothing but a browser.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .stats import Summary, result_of, wilson
from .tournament import GameRow

CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}
h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .7em;text-align:right}
th{background:#eee}td:first-child,th:first-child{text-align:left}
.note{color:#555;font-size:.9em}svg text{font-size:12px;font-family:system-ui,sans-serif}
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


@dataclass
class Bar:
    """One bar of a chart: a proportion with an optional interval."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None


def bar_chart(bars: list[Bar], *, reference: float | None = None, width: int = 560) -> str:
    """Horizontal bars of proportions in [0, 1] with interval whiskers, as SVG."""
    row, left, right = 26, 170, 60
    height = row * len(bars) + 24
    scale = width - left - right
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'role="img">']
    for i, b in enumerate(bars):
        y = 8 + i * row
        out.append(f'<text x="{left - 6}" y="{y + 14}" text-anchor="end">{_e(b.label)}</text>')
        out.append(f'<rect x="{left}" y="{y + 3}" width="{b.value * scale:.1f}" height="16" '
                   f'fill="#4c78a8"/>')
        if b.low is not None and b.high is not None:
            x1, x2 = left + b.low * scale, left + b.high * scale
            out.append(f'<line x1="{x1:.1f}" x2="{x2:.1f}" y1="{y + 11}" y2="{y + 11}" '
                       f'stroke="#222" stroke-width="1.5"/>')
            out.extend(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{y + 6}" y2="{y + 16}" '
                       f'stroke="#222" stroke-width="1.5"/>' for x in (x1, x2))
        out.append(f'<text x="{left + scale + 6}" y="{y + 14}">{_pct(b.value)}</text>')
    if reference is not None:
        x = left + reference * scale
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="4" y2="{height - 16}" '
                   f'stroke="#c33" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{x:.1f}" y="{height - 4}" text-anchor="middle" '
                   f'fill="#c33">{_pct(reference)}</text>')
    out.append("</svg>")
    return "".join(out)


def histogram(values: list[int], *, bins: int = 20, width: int = 560,
              height: int = 180) -> str:
    """A histogram of whole numbers, as SVG."""
    if not values:
        return "<p class='note'>no games</p>"
    lo, hi = min(values), max(values)
    size = max(1, -(-(hi - lo + 1) // bins))
    counts = Counter((v - lo) // size for v in values)
    n = (hi - lo) // size + 1
    top = max(counts.values())
    left, bottom = 40, 30
    bw = (width - left - 10) / n
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'role="img">']
    for i in range(n):
        h = (height - bottom - 10) * counts.get(i, 0) / top
        x = left + i * bw
        out.append(f'<rect x="{x:.1f}" y="{height - bottom - h:.1f}" width="{bw - 1:.1f}" '
                   f'height="{h:.1f}" fill="#72b7b2"><title>{lo + i * size}–'
                   f'{lo + (i + 1) * size - 1}: {counts.get(i, 0)} games</title></rect>')
    out.append(f'<text x="{left}" y="{height - 10}">{lo}</text>')
    out.append(f'<text x="{width - 10}" y="{height - 10}" text-anchor="end">{hi}</text>')
    out.append(f'<text x="{left - 4}" y="16" text-anchor="end">{top}</text>')
    out.append("</svg>")
    return "".join(out)


def _table(head: list[str], body: Sequence[Sequence[object]]) -> str:
    rows = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in r) + "</tr>" for r in body)
    return ("<table><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>"
            + rows + "</table>")


def _sides(summary: Summary, rows: list[GameRow]) -> str:
    players = summary.players
    bars, body = [], []
    for p, name in enumerate(players):
        wins = sum(result_of(r, p) == "win" for r in rows)
        draws = sum(result_of(r, p) == "draw" for r in rows)
        low, high = wilson(wins, len(rows))
        rate = wins / len(rows) if rows else 0.0
        bars.append(Bar(name, rate, low, high))
        body.append([name, len(rows), wins, draws, len(rows) - wins - draws, _pct(rate),
                     f"{_pct(low)} – {_pct(high)}"])
    fair = 1 / len(players)
    first = bars[0]
    verdict = ("no clear advantage either way" if first.low is not None
               and first.high is not None and first.low <= fair <= first.high
               else "a clear advantage" if (first.low or 0) > fair else "a clear disadvantage")
    return (f"<h2>Win rate by side</h2>{bar_chart(bars, reference=fair)}"
            + _table(["side", "games", "wins", "draws", "losses", "win rate", "95% interval"],
                     body)
            + f"<h2>First-player advantage</h2><p>{_e(players[0])}, who moves first, wins "
            f"{_pct(first.value)} of games (95% interval {_pct(first.low or 0)} – "
            f"{_pct(first.high or 0)}) against an even share of {_pct(fair)}: "
            f"{verdict} at this sample size.</p>")


def _agents(summary: Summary) -> str:
    body = [[a.agent, a.games, a.wins, a.draws, a.losses, _pct(a.win_rate),
             f"{_pct(a.interval[0])} – {_pct(a.interval[1])}", f"{a.rating:.1f}",
             f"{a.mean_length:.1f}", f"{a.ms_per_decision:.1f}"] for a in summary.agents]
    bars = [Bar(a.agent, a.win_rate, *a.interval) for a in summary.agents]
    return ("<h2>Agents</h2>" + bar_chart(bars)
            + _table(["agent", "games", "wins", "draws", "losses", "win rate",
                      "95% interval", "rating", "mean length", "ms / decision"], body))


def _units(summary: Summary, rows: list[GameRow]) -> str:
    players = summary.players
    losses: dict[str, list[int]] = {}
    kills: dict[str, list[int]] = {}
    for row in rows:
        for table, key in ((losses, "losses"), (kills, "kills")):
            for kind, per_seat in row.stats.get(key, {}).items():
                acc = table.setdefault(kind, [0] * len(players))
                for p, v in enumerate(per_seat):
                    acc[p] += v
    kinds = sorted(set(losses) | set(kills))
    if not kinds:
        return ("<h2>Unit types</h2><p class='note'>No unit left the board in these "
                "games.</p>")
    n = max(1, len(rows))
    body = []
    for kind in kinds:
        lost = losses.get(kind, [0] * len(players))
        made = kills.get(kind, [0] * len(players))
        body.append([kind, *(f"{v / n:.2f}" for v in lost), *(f"{v / n:.2f}" for v in made)])
    head = ["unit type", *(f"lost by {p} / game" for p in players),
            *(f"kills by {p} / game" for p in players)]
    return ("<h2>Unit types: losses and kills</h2>" + _table(head, body)
            + "<p class='note'>A kill is credited to the type of the unit whose action "
            "removed an enemy unit from the board.</p>")


def _abilities(summary: Summary, rows: list[GameRow]) -> str:
    players = summary.players
    used_games: Counter[str] = Counter()
    used_wins: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    seats = len(rows) * len(players)
    for row in rows:
        for kind, per_seat in row.stats.get("uses", {}).items():
            for p, v in enumerate(per_seat):
                if v:
                    uses[kind] += v
                    used_games[kind] += 1
                    used_wins[kind] += result_of(row, p) == "win"
    if not uses:
        return ""
    body = []
    bars = []
    for kind, total in uses.most_common():
        g = used_games[kind]
        low, high = wilson(used_wins[kind], g)
        rate = used_wins[kind] / g
        bars.append(Bar(kind, rate, low, high))
        body.append([kind, total, f"{total / max(1, len(rows)):.1f}",
                     _pct(g / max(1, seats)), _pct(rate), f"{_pct(low)} – {_pct(high)}"])
    return ("<h2>Actions and abilities</h2>" + bar_chart(bars)
            + _table(["action", "uses", "per game", "players using it",
                      "win rate when used", "95% interval"], body)
            + "<p class='note'>A player \"uses\" an action in a game when it takes it at "
            "least once; the win rate is over those players.</p>")


def _lengths(rows: list[GameRow]) -> str:
    decisions = [r.decisions for r in rows]
    rounds = [r.rounds for r in rows]
    reasons = Counter(r.reason for r in rows)
    mean = sum(decisions) / len(decisions) if decisions else 0.0
    mean_rounds = sum(rounds) / len(rounds) if rounds else 0.0
    return ("<h2>Game length</h2>"
            f"<p>{mean:.1f} decisions and {mean_rounds:.1f} rounds on average.</p>"
            + histogram(decisions)
            + "<h2>How games ended</h2>"
            + _table(["reason", "games"], [[k, v] for k, v in reasons.most_common()]))


def render_report(summary: Summary, rows: list[GameRow]) -> str:
    """The balance report of a tournament's finished games, as one HTML page."""
    t = summary.tournament
    scenario = f" — scenario {t.scenario}" if t.scenario else ""
    title = f"Balance report: {t.game}{scenario}"
    partial = ("" if summary.played == summary.total else
               f" (of {summary.total} scheduled: the tournament is not finished)")
    intro = (f"<p>{summary.played} games{partial}, agents {', '.join(t.labels)}, "
             f"{t.mode}, seed {t.seed}, tournament {t.key}.</p>")
    body = "".join([intro, _sides(summary, rows), _agents(summary), _units(summary, rows),
                    _abilities(summary, rows), _lengths(rows)]) if rows else (
        intro + "<p>No finished games yet.</p>")
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{_e(title)}</title><style>{CSS}</style></head><body>"
            f"<h1>{_e(title)}</h1>{body}</body></html>\n")
