"""The program card: what a solo player follows at the table.

``render_markdown`` and ``render_html`` lay a program out the way a printed
opponent card reads: the header, the memory to keep on a scrap of paper, then one
section per state with its numbered triggers (checked at the start of the side's
turn), what to do on entering and leaving it, and its numbered steps, each with its
tie-break ladder in plain words ending in a die roll. A state diagram shows how the
states connect: Mermaid text in Markdown, an inline SVG drawing in the HTML, which
is one self-contained printable page.
"""

from __future__ import annotations

import html
import math
import re

from .spec import ANY, Prefer, Program, ProgramState, Rule, Step


def _code(text: str) -> str:
    return f"`{text}`"


def rule_words(rule: Rule) -> str:
    """One step of the card, in words."""
    doing = "any action" if ANY in rule.types else " or ".join(_code(t) for t in rule.types)
    parts = [f"**{rule.say}** — take {doing}" if rule.say else f"Take {doing}"]
    if rule.when is not None:
        parts.append(f", only if {_code(rule.when.text)}")
    if rule.actor is not None:
        parts.append(f", with a unit for which {_code(rule.actor.text)}")
    if rule.where is not None:
        parts.append(f", where {_code(rule.where.text)}")
    if rule.order is not None:
        values = ", then ".join(v.text for v in rule.order.values)
        parts.append(f"; by {_code(rule.order.of.text)}, in this order: {values} "
                     "(skip any not available)")
    ladder = [_prefer_words(p) for p in rule.prefer if p.kind != "random"]
    if ladder:
        parts.append(". Choose the " + "; if tied, the ".join(ladder)
                     + "; if still tied, roll a die")
    elif rule.types:
        parts.append(". If several fit, roll a die")
    if rule.remember:
        parts.append(". Note " + ", ".join(f"{slot} = {_code(e.text)}"
                                           for slot, e in rule.remember))
    if rule.block:
        parts.append(f" *(block {rule.block})*")
    return "".join(parts) + "."


def _prefer_words(p: Prefer) -> str:
    if p.kind == "remembered":
        return f"one involving the remembered {p.slot}"
    text = _code(p.expr.text) if p.expr is not None else ""
    return {"most": f"one with the most {text}", "least": f"one with the least {text}",
            "nearest": f"nearest {text}", "farthest": f"farthest {text}"}[p.kind]


def _steps_words(steps: tuple[Step, ...]) -> list[str]:
    out = []
    for s in steps:
        if s.say:
            out.append(s.say)
        elif s.value is None:
            out.append(f"forget {s.slot}")
        else:
            out.append(f"note {s.slot} = {_code(s.value.text)}")
    return out


def _state_md(st: ProgramState) -> list[str]:
    lines = [f"## State: {st.name}", ""]
    if st.description:
        lines += [st.description, ""]
    if st.triggers:
        lines += ["**Check in order at the start of your turn** (the first that holds "
                  "changes state):", ""]
        for t in st.triggers:
            when = " (check before every decision)" if t.always else ""
            say = f" — {t.say}" if t.say else ""
            lines.append(f"{t.number}. If {_code(t.test.text)}: go to **{t.go}**{when}{say}.")
        lines.append("")
    for title, steps in (("On entering", st.enter), ("On leaving", st.exit)):
        words = _steps_words(steps)
        if words:
            lines += [f"**{title}:** " + "; ".join(words) + ".", ""]
    for phase, rules in st.phases.items():
        label = "every phase" if phase == ANY else f"the {phase} phase"
        lines += [f"**Steps in {label}** (the first that applies acts):", ""]
        # A bullet each: a number such as 2.1 is no Markdown list marker, so without one
        # the steps would run together into a single paragraph.
        lines += [f"- **{r.number}.** {rule_words(r)}" for r in rules]
        lines.append("")
    if st.final:
        lines += ["*The program stays in this state.*", ""]
    return lines


def _edges(program: Program) -> list[tuple[str, str, str]]:
    return [(st.name, t.go, str(t.number)) for st in program.states.values()
            for t in st.triggers]


def render_markdown(program: Program) -> str:
    """The card as Markdown (a Mermaid block draws the state diagram)."""
    side = program.side_name or "either side"
    lines = [f"# {program.name}", "",
             f"A program for **{program.game}**, playing **{side}**"
             + (f", by {program.author}" if program.author else "")
             + (f", version {program.version}" if program.version else "") + ".", ""]
    if program.description:
        lines += [program.description.strip(), ""]
    if program.memory:
        lines += ["**Memory** (keep a note of): " + ", ".join(
            f"{k} ({v})" for k, v in program.memory.items()) + ".", ""]
    if program.defines:
        lines += ["**Words used below:**", ""]
        lines += [f"- *{d.name}*: {d.say} ({_code(d.expr.text)})" if d.say
                  else f"- *{d.name}*: {_code(d.expr.text)}" for d in program.defines.values()]
        lines += [""]
    fb = program.fallback
    fallback = ("take any legal action, at random" if fb is None
                else rule_words(fb) if fb.number != "fallback" or fb.types != (ANY,)
                else "take the first legal action")
    lines += [f"**Start in** {program.start}. **When no step applies:** {fallback}", ""]
    lines += ["```mermaid", "stateDiagram-v2", f"    [*] --> {program.start}"]
    lines += [f"    {a} --> {b}: {n}" for a, b, n in _edges(program)]
    lines += ["```", ""]
    for st in program.states.values():
        lines += _state_md(st)
    return "\n".join(lines).rstrip() + "\n"


def state_diagram_svg(program: Program, size: int = 420) -> str:
    """The states on a circle with an arrow per trigger, as inline SVG."""
    names = list(program.states)
    n = len(names)
    r = size / 2 - 60 if n > 1 else 0
    cx = cy = size / 2
    at = {name: (cx + r * math.cos(2 * math.pi * i / n - math.pi / 2),
                 cy + r * math.sin(2 * math.pi * i / n - math.pi / 2))
          for i, name in enumerate(names)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
           'role="img"><defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" '
           'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
           '<path d="M 0 0 L 10 5 L 0 10 z"/></marker></defs>']
    for a, b, num in _edges(program):
        if b not in at:
            continue
        (x1, y1), (x2, y2) = at[a], at[b]
        if a == b:
            out.append(f'<path d="M {x1 - 10:.0f} {y1 - 22:.0f} c -30 -40 50 -40 20 0" '
                       'fill="none" stroke="#555" marker-end="url(#arrow)"/>')
            continue
        dx, dy = x2 - x1, y2 - y1
        d = math.hypot(dx, dy) or 1
        sx, sy = x1 + dx / d * 40, y1 + dy / d * 24
        ex, ey = x2 - dx / d * 40, y2 - dy / d * 24
        mx, my = (sx + ex) / 2 - dy / d * 14, (sy + ey) / 2 + dx / d * 14
        out.append(f'<path d="M {sx:.0f} {sy:.0f} Q {mx:.0f} {my:.0f} {ex:.0f} {ey:.0f}" '
                   'fill="none" stroke="#555" marker-end="url(#arrow)"/>')
        out.append(f'<text x="{mx:.0f}" y="{my:.0f}" font-size="11">{num}</text>')
    for name, (x, y) in at.items():
        start = name == program.start
        out.append(f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="44" ry="22" fill="'
                   f'{"#dbe9f6" if start else "#f3f3f3"}" stroke="#333" '
                   f'stroke-width="{2 if start else 1}"/>')
        out.append(f'<text x="{x:.0f}" y="{y + 4:.0f}" text-anchor="middle" '
                   f'font-size="12">{html.escape(name)}</text>')
    out.append("</svg>")
    return "".join(out)


_STEP = re.compile(r"- \*\*([0-9][0-9.]*)\.\*\* (.*)")
"""A step of the Markdown card: its number (``2.1``) and its words."""


def _inline(text: str) -> str:
    """Markdown's inline code and bold, as HTML (the card uses nothing else)."""
    out = html.escape(text)
    for mark, tag in (("**", "strong"), ("`", "code"), ("*", "em")):
        parts = out.split(mark)
        if len(parts) % 2 == 1:
            out = "".join(p if i % 2 == 0 else f"<{tag}>{p}</{tag}>"
                          for i, p in enumerate(parts))
    return out


def render_html(program: Program) -> str:
    """The card as one self-contained, printable HTML page."""
    md = render_markdown(program).splitlines()
    body: list[str] = []
    in_list = False
    skip = False
    for line in md:
        if line.startswith("```"):
            skip = not skip
            if not skip:
                body.append(f'<figure>{state_diagram_svg(program)}</figure>')
            continue
        if skip:
            continue
        step = _STEP.match(line)
        if step is not None:
            line = f"{step[1]}. {step[2]}"
        numbered = line[:1].isdigit() and ". " in line[:8]
        if in_list and not numbered:
            body.append("</ol>")
            in_list = False
        if line.startswith("# "):
            body.append(f"<h1>{_inline(line[2:])}</h1>")
        elif line.startswith("## "):
            body.append(f'<h2>{_inline(line[3:])}</h2>')
        elif numbered:
            num, _, rest = line.partition(". ")
            if not in_list:
                body.append("<ol>")
                in_list = True
            body.append(f'<li value="{html.escape(num.split(".")[0])}"><b>{html.escape(num)}'
                        f'</b> {_inline(rest)}</li>')
        elif line.strip():
            body.append(f"<p>{_inline(line)}</p>")
    if in_list:
        body.append("</ol>")
    css = ("body{font-family:Georgia,serif;max-width:46em;margin:1.5em auto;color:#111}"
           "h2{border-bottom:1px solid #999;margin-top:1.6em;page-break-after:avoid}"
           "ol{list-style:none;padding-left:0}li{margin:.35em 0}code{font-size:.9em;"
           "background:#f2f2f2;padding:0 .2em}figure{text-align:center}"
           "@media print{body{margin:0}h2{page-break-before:auto}}")
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(program.name)}</title><style>{css}</style></head><body>"
            + "\n".join(body) + "</body></html>\n")
