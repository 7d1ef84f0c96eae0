"""The balance report: one self-contained HTML page for a game's designer.

It answers the questions a play-test asks, with the figures of ``arena.balance``:
how many distinct games there are (repeats count once; too few give no interval),
whether one side wins more often (from seat-rotated pairs, with the test named, and
claimed only when the interval supports it), the same split by agent and side, each
two entrants head to head, which unit types and actions get used and how often their
users win, which unit types die and which do the killing (both may be left out:
``OMIT``), the designer's own measures, and how long games run. Plots are inline SVG,
so the page needs nothing but a browser.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .balance import (
    MIN_DISTINCT,
    UNITS,
    WILSON,
    Balance,
    Rate,
    Usage,
    analyse,
    distinct_rows,
    sign_test_words,
)
from .head_to_head import HEAD_TO_HEAD_TEST, Pairing
from .measure_figures import MeasureFigure, measure_figures
from .stats import Summary
from .tournament import PLAYER_ACTION, GameRow

CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}
h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .7em;text-align:right}
th{background:#eee}td:first-child,th:first-child{text-align:left}
.note{color:#555;font-size:.9em}.warn{color:#a40;font-weight:bold}
svg text{font-size:12px;font-family:system-ui,sans-serif}
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



def _span(start: int, size: int) -> str:
    """A histogram bin's decisions: ``97`` for a bin of one, else ``90–99``."""
    return str(start) if size == 1 else f"{start}–{start + size - 1}"


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _a(word: str) -> str:
    """The article before ``word``: ``an action``, ``a card``."""
    return "an" if word[:1].lower() in "aeiou" else "a"

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
                   f'height="{h:.1f}" fill="#72b7b2"><title>{_span(lo + i * size, size)}: '
                   f'{_games(counts.get(i, 0))}</title></rect>')
    out.append(f'<text x="{left}" y="{height - 10}">{lo}</text>')
    out.append(f'<text x="{width - 10}" y="{height - 10}" text-anchor="end">{hi}</text>')
    out.append(f'<text x="{left - 4}" y="16" text-anchor="end">{top}</text>')
    out.append("</svg>")
    return "".join(out)


def _table(head: list[str], body: Sequence[Sequence[object]]) -> str:
    rows = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in r) + "</tr>" for r in body)
    return ("<table><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>"
            + rows + "</table>")


def _interval(r: Rate) -> str:
    if r.n == 0:
        return "–"
    if r.interval is None:
        return "too few distinct games"
    return f"{_pct(r.interval[0])} – {_pct(r.interval[1])}"


def _bar(label: str, r: Rate) -> Bar:
    low, high = r.interval if r.interval is not None else (None, None)
    return Bar(label, r.value, low, high)


def _claims(b: Balance) -> str:
    warn = "".join(f"<p class='note'>{_e(x)}</p>" for x in b.notes)
    warn += "".join(f"<p class='warn'>{_e(w)}</p>" for w in b.warnings)
    claims = "".join(f"<li>{_e(c)}</li>" for c in b.claims)
    return (f"<h2>Distinct games and claims</h2><p>{b.games} games, <b>{b.distinct} "
            f"distinct</b> (two games are the same when their moves and dice are); every "
            f"figure below counts each distinct game once, and gives an interval only from "
            f"{MIN_DISTINCT} distinct games on.</p>{warn}"
            + (f"<ul>{claims}</ul>" if claims else "<p>No claim is made.</p>"))


def _sides(b: Balance) -> str:
    fair = 1 / len(b.players)
    body = [[side, r.n, int(r.successes), _pct(r.value), _interval(r)]
            for side, r in zip(b.players, b.sides, strict=True)]
    bars = [_bar(p, r) for p, r in zip(b.players, b.sides, strict=True)]
    out = (f"<h2>Win rate by side</h2>{bar_chart(bars, reference=fair)}"
           + _table(["side", "distinct games", "wins", "win rate", f"{WILSON}"], body)
           + f"<p class='note'>{b.draws} distinct games drawn. Over all agents: when the "
           "agents differ in strength, read the pairs and the split by agent below.</p>")
    t = b.pairs
    if t is not None:
        first, second = b.players
        share = _pct(t.first / t.decided) if t.decided else "–"
        interval = (f"too few distinct {t.unit}" if t.interval is None
                    else f"{_pct(t.interval[0])} – {_pct(t.interval[1])}")
        how = ("Each deal is played twice with the same agents in swapped seats. A pair "
               "whose one side won both games (or one and a draw) favours that side; a pair "
               "the same agent won twice says nothing about sides.")
        if t.unit != "pairs":
            how = ("A line-up of one agent in every seat plays each deal once: a game won "
                   "by one side favours it, a drawn game neither." + (
                       f" {how}" if t.unit == "deals" else ""))
        out += (f"<h2>Side effect from {_e(UNITS[t.unit])}</h2><p>{how}</p>"
                + _table([f"distinct {t.unit}", f"favour {first}", f"favour {second}",
                          "neither", f"{first}'s share", "exact 95% interval", "p (sign test)"],
                         [[t.pairs, t.first, t.second, t.pairs - t.decided, share, interval,
                           f"{t.p_value:.3g}"]])
                + f"<p class='note'>Test: {_e(sign_test_words(t.unit))}.</p>")
    return out


def _by_agent(b: Balance) -> str:
    body = []
    for (agent, side), r in b.agent_sides.items():
        body.append([agent, side, r.n, int(r.successes), _pct(r.value), _interval(r)])
    return ("<h2>By agent and side</h2>"
            + _table(["agent", "side", "distinct games", "wins", "win rate", WILSON], body))


def _agents(summary: Summary) -> str:
    body = [[a.agent, a.games, a.wins, a.draws, a.losses, _pct(a.win_rate),
             f"{_pct(a.interval[0])} – {_pct(a.interval[1])}",
             f"{a.rating:.1f}" if len(summary.players) > 1 else "—",  # (solitaire: unrated)
             f"{a.mean_length:.1f}", f"{a.ms_per_decision:.1f}"] for a in summary.agents]
    bars = [Bar(a.agent, a.win_rate, *a.interval) for a in summary.agents]
    return ("<h2>Agents</h2>" + bar_chart(bars)
            + _table(["agent", "games", "wins", "draws", "losses", "win rate",
                      "95% interval", "rating", "mean length", "ms / decision"], body)
            + "<p class='note'>All games played, repeats included (the tournament's "
            "results table).</p>")


def _head_to_head(pairings: list[Pairing]) -> str:
    if not pairings:
        return ""
    body = [[p.agent, p.opponent, p.games, p.wins, p.draws, p.losses,
             f"{p.deals_won}–{p.deals_lost} of {p.deals}",
             "too few deals" if p.interval is None
             else f"{_pct(p.interval[0])} – {_pct(p.interval[1])}",
             f"{p.p_value:.3g}", f"{p.adjusted:.3g}", p.ahead or "—"] for p in pairings]
    return ("<h2>Head to head</h2>"
            + _table(["agent", "opponent", "games", "won", "drawn", "lost",
                      "deals won–lost", "exact 95% interval", "p", "Holm p", "ahead"], body)
            + "<p class='note'>Each two entrants against each other, over distinct games: "
            "won is the games the agent finished above the opponent (in a solitaire game: "
            "the deals it won and the opponent lost). A deal (the games of one seed and "
            "line-up) favours the one above in more of its games. Test: "
            f"{_e(HEAD_TO_HEAD_TEST)}; an agent is named ahead only from {MIN_DISTINCT} "
            "deals on, when the adjusted p is below 0.05.</p>")


def _measures(figures: list[MeasureFigure]) -> str:
    out = []
    for f in figures:
        if f.action is not None:
            head = ["", "held per game", f"{f.action} per game", "share"]
            body = [[r.who, f"{r.per_game:.2f}", f"{r.times_per_game:.2f}",
                     "–" if r.share is None else _pct(r.share)] for r in f.sides + f.agents]
        else:
            head = ["", "per game", "games won", "per game won"]
            body = [[r.who, f"{r.mean:.2f}", str(r.won),
                     "–" if r.mean_won is None else f"{r.mean_won:.2f}"]
                    for r in f.sides + f.agents]
        out.append(f"<h2>Measure: {_e(f.heading)}</h2>" + _table(head, body)
                   + f"<p class='note'>Over {_games(f.games)}, each distinct game once; "
                   "sides first, then agents.</p>")
    return "".join(out)


def _usage(title: str, what: str, rows: list[Usage]) -> str:
    if not rows:
        return ""
    body = [[u.name, u.agent, _pct(u.used.value), u.used.n, f"{u.per_game:.1f}",
             _pct(u.won_when_used.value), _interval(u.won_when_used), u.won_when_used.n,
             _pct(u.won_otherwise.value) if u.won_otherwise.n else "–",
             _interval(u.won_otherwise), u.won_otherwise.n] for u in rows]
    bars = [_bar(f"{u.name} ({u.agent})", u.won_when_used) for u in rows]
    return (f"<h2>{_e(title)}</h2>" + bar_chart(bars)
            + _table([what, "agent", "used in", "of games", "uses / game",
                      "win rate when used", WILSON, "games", "win rate otherwise", WILSON,
                      "games"], body)
            + f"<p class='note'>A player uses {_a(what)} {_e(what)} in a game when it acts "
            "at least "
            "once with it; figures are per agent, over player-games of distinct games. A "
            "win rate when used far above the rate otherwise deserves a look, if the "
            "intervals do not overlap.</p>")


def _unit_figures(players: tuple[str, ...], rows: list[GameRow]
                  ) -> list[tuple[str, list[float] | None, list[float]]]:
    """Per game, for each unit type (and each player action that removed a unit), the units
    each side lost (``None`` for a player action) and the kills each side made with it."""
    losses: dict[str, list[int]] = {}
    kills: dict[str, list[int]] = {}
    for row in rows:
        for table, key in ((losses, "losses"), (kills, "kills")):
            for kind, per_seat in row.stats.get(key, {}).items():
                acc = table.setdefault(kind, [0] * len(players))
                for p, v in enumerate(per_seat):
                    acc[p] += v
    n = max(1, len(rows))
    out: list[tuple[str, list[float] | None, list[float]]] = []
    for kind in sorted(set(losses) | set(kills)):
        lost = losses.get(kind)
        made = kills.get(kind, [0] * len(players))
        out.append((kind, None if lost is None and kind.endswith(PLAYER_ACTION)
                    else [v / n for v in lost or [0] * len(players)],
                    [v / n for v in made]))
    return out


UNITS_NOTE = ("A kill is credited to the type of the unit whose action removed an enemy unit "
              "from the board, or to the player action that did when no unit acted (a whole "
              "stack's attack).")


def unit_lines(players: tuple[str, ...], rows: list[GameRow]) -> list[str]:
    """The units each side lost and the kills each made, per game and unit type, as lines
    for a terminal (the report's losses-and-kills table)."""
    figures = _unit_figures(players, rows)
    if not rows or not figures:
        return []
    def per(values: list[float], how: str) -> str:
        return ", ".join(f"{v:.2f} {how} {p}" for p, v in zip(players, values, strict=True))
    lines = [f"losses and kills per game, over {len(rows)} distinct games:"]
    for kind, lost, made in figures:  # whose units were lost, and whose units made kills
        lines.append(f"  {kind}: " + (f"lost {per(lost, 'of')}; " if lost is not None else "")
                     + f"killed {per(made, 'by')}")
    return lines


def _units(summary: Summary, rows: list[GameRow]) -> str:
    players = summary.players
    figures = _unit_figures(players, rows)
    if not figures:
        return ("<h2>Unit types: losses and kills</h2><p class='note'>No unit left the "
                "board in these games.</p>")
    body = [[kind, *(("—",) * len(players) if lost is None else (f"{v:.2f}" for v in lost)),
             *(f"{v:.2f}" for v in made)] for kind, lost, made in figures]
    head = ["unit type", *(f"{p}'s lost / game" for p in players),
            *(f"killed by {p} / game" for p in players)]
    return ("<h2>Unit types: losses and kills</h2>" + _table(head, body)
            + f"<p class='note'>Over {len(rows)} distinct games. {UNITS_NOTE}</p>")


def _length_figures(rows: list[GameRow]) -> tuple[float, float, list[tuple[str, int]]]:
    """Decisions and rounds a game on average, and how many games ended for each reason
    (most first)."""
    n = len(rows) or 1
    return (sum(r.decisions for r in rows) / n, sum(r.rounds for r in rows) / n,
            Counter(r.reason for r in rows).most_common())


def length_lines(rows: list[GameRow]) -> list[str]:
    """Game length and how games ended, as lines for a terminal (the report's last two
    sections)."""
    if not rows:
        return []
    mean, mean_rounds, reasons = _length_figures(rows)
    decisions = [r.decisions for r in rows]
    return [f"game length: {mean:.1f} decisions and {mean_rounds:.1f} rounds on average "
            f"({min(decisions)}–{max(decisions)} decisions, over {_games(len(rows))})",
            *(f"ended: {reason}: {_games(k)}" for reason, k in reasons)]


def _lengths(rows: list[GameRow]) -> str:
    mean, mean_rounds, reasons = _length_figures(rows)
    return ("<h2>Game length</h2>"
            f"<p>{mean:.1f} decisions and {mean_rounds:.1f} rounds on average.</p>"
            + histogram([r.decisions for r in rows])
            + "<h2>How games ended</h2>"
            + _table(["reason", "games"], [[k, v] for k, v in reasons]))


def render_report(summary: Summary, rows: list[GameRow], omit: Sequence[str] = ()) -> str:
    """The balance report of a tournament's finished games, as one HTML page; ``omit``
    leaves out the figures of ``units`` and of ``actions`` (``balance.OMIT``)."""
    t = summary.tournament
    scenario = f" — scenario {t.scenario}" if t.scenario else ""
    title = f"Balance report: {t.game}{scenario}"
    partial = ("" if summary.played == summary.total else
               f" (of {summary.total} scheduled: the tournament is not finished)")
    intro = (f"<p>{summary.played} games{partial}, agents {', '.join(t.labels)}, "
             f"{t.mode}, seed {t.seed}, tournament {t.key}.</p>")
    if rows:
        b = analyse(t, summary.players, rows)
        unique = distinct_rows(rows)
        units = "units" not in omit
        body = "".join([intro, _claims(b), _sides(b), _by_agent(b), _agents(summary),
                        _head_to_head(summary.head_to_head),
                        _usage("Unit types: use and win rates", "unit type", b.units)
                        if units else "",
                        _units(summary, unique) if units else "",
                        _usage("Actions and abilities", "action", b.actions)
                        if "actions" not in omit else "",
                        _measures(measure_figures(t, summary.players, rows)),
                        _lengths(unique)])
    else:
        body = intro + "<p>No finished games yet.</p>"
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{_e(title)}</title><style>{CSS}</style></head><body>"
            f"<h1>{_e(title)}</h1>{body}</body></html>\n")
