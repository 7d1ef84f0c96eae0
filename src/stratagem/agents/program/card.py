"""The program card: what a solo player follows at the table.

``render_markdown`` and ``render_html`` lay a program out the way a printed opponent
card reads, in words only: the header, how to use the card, the memory to keep on a
scrap of paper and the terms the steps use, a state diagram, then one section per
state — its note and description, its numbered triggers, what to do on entering and
leaving it, and its steps grouped as the game's turn runs (the orders, the
activation, the reactions), each step a sentence from its ``say:`` with its
tie-break ladder in words and its footnotes (``why:``) below, as the seed prints
them. Raw values are put in words through the program's ``words:`` glossary (else a
name such as ``eye_of_the_eagle`` reads "Eye of the Eagle"); the expressions
themselves are printed only in an appendix, for the program's author.

The HTML is one self-contained page whose print layout puts each state on a page of
its own; the state diagram is inline SVG (Mermaid text in the Markdown).
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field
from typing import Any

from ...rules.errors import Loc, Problem
from .model import ANY, REACTIONS, Expr, Prefer, Program, ProgramState, Rule, Step

_SMALL = frozenset({"of", "the", "to", "and", "a", "an", "in", "on", "at", "or", "for"})


def humanize(name: str) -> str:
    """``eye_of_the_eagle`` → ``Eye of the Eagle`` (a name put in words)."""
    words = [w for w in str(name).split("_") if w]
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:]
                    for i, w in enumerate(words))


def _plain(name: str) -> str:
    """``last_target`` → ``last target`` (a name in running text)."""
    return str(name).replace("_", " ")


def value_words(program: Program, value: Expr, of: Expr | None = None) -> str:
    """One value of an allocation order in words: the glossary's (``param=value`` or the
    value itself), else the name put in words."""
    raw = value.value if value.const else value.text
    param = of.text.rsplit(".", 1)[-1] if of is not None else ""
    for key in (f"{param}={raw}", str(raw)):
        if key in program.words:
            return program.words[key]
    return humanize(str(raw)) if isinstance(raw, str) else str(raw)


def action_words(program: Program, name: str) -> str:
    """An action's name in words (the glossary's, else the name spelt out)."""
    if name in program.words:
        return program.words[name]
    return _BUILT_IN_WORDS.get(name) or _plain(name)


_BUILT_IN_WORDS = {ANY: "any action", "pass": "let the moment pass",
                   "end_turn": "end the turn", "choose": "choose"}
"""The words of the names every game may use, which a card reads well without a glossary."""


_SIMPLE = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)?$")


def prefer_words(program: Program, p: Prefer) -> str:
    """A tie-break in words: its ``say:``, or words made from a plain name."""
    if p.say:
        return p.say
    if p.kind == "remembered":
        return "the one involving " + (program.memory_say.get(p.slot) or
                                       f"the remembered {_plain(p.slot)}")
    text = p.expr.text.strip() if p.expr is not None else ""
    if _SIMPLE.match(text):
        what = _plain(text.rsplit(".", 1)[-1])
        owner = _plain(text.split(".")[0]) if "." in text else ""
        return {"most": f"the most {what}" + (f" (of the {owner})" if owner else ""),
                "least": f"the least {what}" + (f" (of the {owner})" if owner else ""),
                "nearest": f"the nearest {what}",
                "farthest": f"the farthest {what}"}[p.kind]
    return {"most": "the highest", "least": "the lowest", "nearest": "the nearest",
            "farthest": "the farthest"}[p.kind] + " by the measure in the appendix"


def _lowered(program: Program, text: str) -> str:
    """A sentence put after other words ("If …", "… or …"): its first letter small, unless
    its first word is a player's name ("Blue has been pushed back") or written in capitals."""
    first = text.split(" ", 1)[0].rstrip(".,:;")
    first = first[:-2] if first.endswith("'s") else first
    if first.lower() in (p.lower() for p in program.players) or first[1:2].isupper():
        return text
    return text[:1].lower() + text[1:]


def rule_words(program: Program, rule: Rule) -> str:
    """One step of the card, as a sentence (or a few) a player reads at the table."""
    if rule.say:
        text = rule.say.strip().rstrip(".")
    else:
        text = "Take " + " or ".join(action_words(program, t) for t in rule.types)
        text = text.replace("Take let", "Let").replace("Take end", "End")
        if rule.when is not None or rule.actor is not None or rule.where is not None:
            text += ", when its conditions hold (see the appendix)"
    if rule.order is not None:
        values = [value_words(program, v, rule.order.of) for v in rule.order.values]
        text += ": " + ", ".join(values)
    parts = [text + "."]
    ladder = [prefer_words(program, p) for p in rule.prefer if p.kind != "random"]
    if ladder:
        first, *rest = ladder
        sentence = f"Choose {first}" + "".join(f"; if tied, {w}" for w in rest)
        parts.append(sentence + "; if still tied, roll a die.")
    if rule.remember:
        for slot, _ in rule.remember:
            held = program.memory_say.get(slot) or f"the {_plain(slot)}"
            parts.append(f"Note it down as {held}.")
    return " ".join(parts)


def step_words(program: Program, s: Step) -> str:
    """An enter or exit step in words."""
    if s.rule is not None:
        return rule_words(program, s.rule)
    if s.say:
        return s.say
    held = program.memory_say.get(s.slot) or f"the {_plain(s.slot)}"
    if s.value is None:
        return f"Forget {held}."
    return f"Note down {held} afresh."


def part_title(part: str) -> str:
    """The heading of one list of a state's rules."""
    if part == REACTIONS:
        return "Reactions — when the game asks you to answer"
    if part == ANY:
        return "Steps — at every decision"
    return humanize(part)


# ------------------------------------------------------------------ the document
@dataclass
class _Doc:
    """The card as blocks both renderers share."""

    blocks: list[tuple[str, Any]] = field(default_factory=list)

    def add(self, kind: str, payload: Any = "") -> None:
        self.blocks.append((kind, payload))


@dataclass
class _Notes:
    """A state's footnotes, numbered in order of first mention."""

    texts: list[str] = field(default_factory=list)

    def mark(self, why: str) -> str:
        if not why:
            return ""
        why = " ".join(why.split())
        if why not in self.texts:
            self.texts.append(why)
        return f" [{self.texts.index(why) + 1}]"


def _fallback_words(program: Program) -> str:
    fb = program.fallback
    if fb is None:
        return "take any action the rules allow, at random"
    if fb.number == "fallback" and fb.types == (ANY,):
        return ("take the first action the rules allow, in the order `stratagem show` "
                "lists the options")
    return rule_words(program, fb).rstrip(".")


def _how_to(program: Program) -> list[str]:
    out = ["At the start of each of your turns (where units act one at a time by "
           "initiative, each time one of your units is to act), read the current state's "
           "triggers in order: the first that holds moves you to the state it names (do the old "
           "state's leaving steps, then the new state's entering steps). A trigger "
           "marked *also mid-turn* is read before every decision.",
           "Then, whenever you must act, go down the list for the part of the turn you "
           "are in: the first step that fits is what you do. Do it, then start the list "
           "again.",
           "When the game asks you to answer (a shot, a fight, the enemy's move), go down "
           "the state's reactions the same way.",
           "Where a step still leaves a choice, follow its tie-breaks in order; if still "
           "tied, pick at random among the choices left: number them in reading order "
           "(by row, then from the left) and roll a die, rolling again on a number no "
           "choice has (two dice read as tens and units for more than six).",
           f"When no step fits: {_fallback_words(program)}."]
    return out


def _document(program: Program) -> _Doc:
    doc = _Doc()
    side = humanize(program.side_name) if program.side_name else "either side"
    doc.add("h1", program.name)
    doc.add("p", f"A program for **{humanize(program.game)}**, playing **{side}**"
            + (f", by {program.author}" if program.author else "")
            + (f", version {program.version}" if program.version else "") + ".")
    if program.description:
        doc.add("p", " ".join(program.description.split()))
    doc.add("h2", "How to use this card")
    doc.add("bullets", _how_to(program))
    if program.memory:
        doc.add("p", "**Keep a note of:** " + "; ".join(
            program.memory_say.get(k) or _plain(k) for k in program.memory) + ".")
    notes = _Notes()
    if program.defines:
        doc.add("h3", "Terms used below")
        doc.add("bullets", [f"*{_plain(d.name)}*: {d.say or 'see the appendix'}"
                            + notes.mark(d.why) for d in program.defines.values()])
        if notes.texts:
            doc.add("notes", list(notes.texts))
    doc.add("p", f"**Start in:** {program.start}.")
    doc.add("diagram", program)
    for st in program.states.values():
        _state(doc, program, st)
    _appendix(doc, program)
    return doc


def _state(doc: _Doc, program: Program, st: ProgramState) -> None:
    notes = _Notes()
    doc.add("page", st.name)
    doc.add("h2", f"State: {st.name}")
    if st.note:
        doc.add("p", f"*Note:* {' '.join(st.note.split())}")
    if st.description:
        doc.add("p", " ".join(st.description.split()))
    if st.triggers:
        doc.add("h3", "Triggers — at the start of your turn, in order")
        lines = []
        for t in st.triggers:
            test = t.say.strip().rstrip(".") if t.say else "its test holds (see the appendix)"
            when = " *(also mid-turn)*" if t.always else ""
            lines.append((str(t.number), f"If {_lowered(program, test)}: go to "
                          f"**{t.go}**.{when}{notes.mark(t.why)}"))
        doc.add("items", lines)
    for title, steps in (("On entering", st.enter), ("On leaving", st.exit)):
        if steps:
            doc.add("h3", title)
            doc.add("items", [(str(i), step_words(program, s)
                               + notes.mark(s.rule.why if s.rule else ""))
                              for i, s in enumerate(steps, 1)])
    for part, rules in st.parts():
        title = part_title(part)
        doc.add("h3", title)
        items: list[tuple[str, str]] = []
        section = title  # a section named as its part's heading is not headed twice
        for r in rules:
            if r.section and r.section.casefold() != section.casefold():
                if items:
                    doc.add("items", items)
                    items = []
                section = r.section
                doc.add("h4", section)
            items.append((r.number, rule_words(program, r) + notes.mark(r.why)))
        if items:
            doc.add("items", items)
    if st.final:
        doc.add("p", "*The program stays in this state.*")
    if notes.texts:
        doc.add("notes", list(notes.texts))
    doc.add("end", st.name)


def _appendix(doc: _Doc, program: Program) -> None:
    doc.add("page", "appendix")
    doc.add("h2", "Appendix: the expressions, for the program's author")
    doc.add("p", "What each step and trigger tests, in the rules language, by state "
            "and number. A player at the table never needs this page.")
    if program.defines:
        doc.add("h3", "Terms")
        doc.add("bullets", [f"*{_plain(d.name)}*: `{d.expr.text.strip()}`"
                            for d in program.defines.values()])
    for st in program.states.values():
        lines = [f"trigger {t.number}: `{t.test.text.strip()}`" for t in st.triggers]
        for rule in st.all_rules():
            bits = [f"do `{', '.join(rule.types)}`"]
            for what, e in (("if", rule.when), ("actor", rule.actor), ("where", rule.where)):
                if e is not None:
                    bits.append(f"{what} `{' '.join(e.text.split())}`")
            if rule.order is not None:
                bits.append(f"order by `{rule.order.of.text}`: "
                            + ", ".join(f"`{v.text}`" for v in rule.order.values))
            for p in rule.prefer:
                if p.kind == "remembered":
                    bits.append(f"prefer remembered `{p.slot}`")
                elif p.expr is not None:
                    bits.append(f"prefer {p.kind} `{' '.join(p.expr.text.split())}`")
            for slot, e in rule.remember:
                bits.append(f"remember `{slot}` = `{e.text}`")
            lines.append(f"{rule.label}: " + "; ".join(bits))
        if lines:
            doc.add("h3", f"State {st.name}")
            doc.add("bullets", lines)
    doc.add("end", "appendix")


def _edges(program: Program) -> list[tuple[str, str, str]]:
    return [(st.name, t.go, str(t.number)) for st in program.states.values()
            for t in st.triggers]


# ------------------------------------------------------------------ Markdown
def render_markdown(program: Program) -> str:
    """The card as Markdown (a Mermaid block draws the state diagram)."""
    lines: list[str] = []
    for kind, payload in _document(program).blocks:
        if kind in ("h1", "h2", "h3", "h4"):
            lines += ["#" * int(kind[1]) + f" {payload}", ""]
        elif kind == "p":
            lines += [str(payload), ""]
        elif kind == "bullets":
            lines += [f"- {b}" for b in payload] + [""]
        elif kind == "items":
            # A bullet each: a number such as 2.1 is no Markdown list marker, so without
            # one the steps would run together into a single paragraph.
            lines += [f"- **{n}.** {t}" for n, t in payload] + [""]
        elif kind == "notes":
            lines += [f"\\[{i}\\] {t}" + "\n" for i, t in enumerate(payload, 1)]
        elif kind == "diagram":
            lines += ["```mermaid", "stateDiagram-v2", f"    [*] --> {program.start}"]
            lines += [f"    {a} --> {b}: {n}" for a, b, n in _edges(program)]
            lines += ["```", ""]
    return "\n".join(lines).rstrip() + "\n"


# ------------------------------------------------------------------ HTML
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
           f'viewBox="0 0 {size} {size}" role="img"><defs><marker id="arrow" '
           'viewBox="0 0 10 10" refX="10" refY="5" '
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


def _inline(text: str) -> str:
    """The card's inline marks (bold, italic, code, footnote marks) as HTML."""
    out = html.escape(text)
    for mark, tag in (("**", "strong"), ("`", "code"), ("*", "em")):
        parts = out.split(mark)
        if len(parts) % 2 == 1:
            out = "".join(p if i % 2 == 0 else f"<{tag}>{p}</{tag}>"
                          for i, p in enumerate(parts))
    return re.sub(r" \[(\d+)\]", r"<sup>[\1]</sup>", out)


_CSS = ("body{font-family:Georgia,'DejaVu Serif',serif;max-width:46em;margin:1.5em auto;"
        "color:#111;line-height:1.35}"
        "h1{margin-bottom:.2em}h2{border-bottom:1px solid #999;margin-top:1.2em}"
        "h3{margin:1em 0 .3em;font-size:1.05em}h4{margin:.6em 0 .2em;font-style:italic;"
        "font-weight:normal}"
        "ol.steps{list-style:none;padding-left:0;margin:.2em 0}"
        "ol.steps li{margin:.3em 0 .3em 2.2em;text-indent:-2.2em}"
        "ol.steps b.n{display:inline-block;min-width:2.2em;text-indent:0}"
        "p.note{font-size:.9em;margin:.2em 0 .2em 1em}"
        "code{font-size:.85em;background:#f2f2f2;padding:0 .2em;word-break:break-word}"
        "figure{text-align:center;margin:.5em 0}sup{font-size:.7em}"
        "section.page{break-before:page}"
        "@media print{body{margin:0;max-width:none;font-size:7.9pt;line-height:1.2}"
        "@page{size:A4;margin:10mm}section.page{columns:2;column-gap:6mm}"
        "section.page h2{column-span:all;margin-top:0}h2,h3,h4{break-after:avoid}"
        "h3{margin:.6em 0 .2em}ol.steps li{margin:.15em 0 .15em 2.2em}p{margin:.4em 0}"
        "li,p.note{break-inside:avoid}figure svg{width:70mm;height:70mm}}")


def render_html(program: Program) -> str:
    """The card as one self-contained, printable HTML page: each state on its own page
    when printed, the appendix last."""
    body: list[str] = []
    for kind, payload in _document(program).blocks:
        if kind in ("h1", "h2", "h3", "h4"):
            body.append(f"<{kind}>{_inline(str(payload))}</{kind}>")
        elif kind == "p":
            body.append(f"<p>{_inline(str(payload))}</p>")
        elif kind == "bullets":
            body.append("<ul>" + "".join(f"<li>{_inline(b)}</li>"
                                         for b in payload) + "</ul>")
        elif kind == "items":
            body.append('<ol class="steps">' + "".join(
                f'<li><b class="n">{html.escape(n)}.</b>{_inline(t)}</li>'
                for n, t in payload) + "</ol>")
        elif kind == "notes":
            body += [f'<p class="note">[{i}] {_inline(t)}</p>'
                     for i, t in enumerate(payload, 1)]
        elif kind == "diagram":
            body.append(f"<figure>{state_diagram_svg(program)}</figure>")
        elif kind == "page":
            body.append(f'<section class="page" id="{html.escape(str(payload))}">')
        elif kind == "end":
            body.append("</section>")
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(program.name)}</title><style>{_CSS}</style></head><body>"
            + "\n".join(body) + "</body></html>\n")


def card_gaps(program: Program) -> list[Problem]:
    """What the card cannot put in words, each at its place: a step with a condition
    and no ``say:``, a tie-break on a worked-out measure with no ``say:``, a trigger
    with no ``say:`` (the card then points to the appendix instead), the fallback
    ``first`` (an order only the engine knows)."""
    out: list[Problem] = _unused_slots(program)
    fb = program.fallback
    if fb is not None and fb.number == "fallback" and fb.types == (ANY,):
        out.append(Problem(fb.loc, "the fallback `first` takes the first option in the order "
                           "the game lists them, which a person at the table cannot know: "
                           "write a rule with a `say:` as the fallback, or `random`"))
    seen: set[object] = set()
    for st in program.states.values():
        out += [Problem(t.loc, f"trigger {t.number} of `{st.name}` has no `say:`: the card "
                        "cannot word its test")
                for t in st.triggers if not t.say and not t.test.const]
        for rule in st.all_rules():
            if rule.loc in seen:
                continue
            seen.add(rule.loc)
            if not rule.say and (rule.when or rule.actor or rule.where):
                out.append(Problem(rule.loc, f"rule {rule.label} of `{st.name}` has a "
                                   "condition and no `say:`: the card cannot word it"))
            elif not rule.say and all(t not in program.words and t not in _BUILT_IN_WORDS
                                      for t in rule.types):
                out.append(Problem(rule.loc, f"rule {rule.label} of `{st.name}` has no "
                                   "`say:`: the card names its action by the rules' word "
                                   f"(`{rule_words(program, rule)}`)"))
            for p in rule.prefer:
                if p.kind in ("nearest", "farthest") and not p.say and p.loc not in seen:
                    seen.add(p.loc)
                    out.append(Problem(p.loc or rule.loc, f"a `{p.kind}` tie-break of rule "
                                       f"{rule.label} of `{st.name}` has no `say:`: the "
                                       f"card reads it as \"the {p.kind} to\""))
                if (p.expr is not None and not p.say and p.loc not in seen
                        and not _SIMPLE.match(p.expr.text.strip())):
                    seen.add(p.loc)
                    out.append(Problem(p.loc or rule.loc, f"a tie-break of rule {rule.label} "
                                       f"of `{st.name}` has no `say:`: the card cannot "
                                       "word its measure"))
    return out


def _unused_slots(program: Program) -> list[Problem]:
    """Memory slots no rule reads or writes: the card would still tell the player to keep a
    note of them."""
    texts: list[str] = [d.expr.text for d in program.defines.values()]
    written: set[str] = set()
    for st in program.states.values():
        texts += [t.test.text for t in st.triggers]
        for rule in st.all_rules():
            texts += [e.text for e in (rule.when, rule.actor, rule.where) if e is not None]
            texts += [p.expr.text for p in rule.prefer if p.expr is not None]
            texts += [e.text for _, e in rule.remember]
            written.update(slot for slot, _ in rule.remember)
            written.update(p.slot for p in rule.prefer if p.slot)
    read = set(re.findall(r"[A-Za-z_]\w*", " ".join(texts)))
    loc = program.locs.get("memory", Loc(program.file, 1, 1))
    return [Problem(loc, f"memory slot `{slot}` is never read or written: the card would ask "
                    "the player to keep a note of it")
            for slot in program.memory if slot not in read and slot not in written]
