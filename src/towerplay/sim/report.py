"""The balance report: one self-contained HTML page (plots inline as SVG, no outside
links) drawn with matplotlib from simulation rows, and the same plots as PNG files.

Every figure says how many games it rests on; win rates carry 95% Wilson intervals, and a
difference whose intervals overlap is marked "within noise". Sweeps are drawn side by
side.
"""
from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from towerplay.sim.analysis import analyse, compare

Figure = Any  # matplotlib.figure.Figure (matplotlib is imported only when drawing)
COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3")
STYLE = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.25em .6em;
text-align:right}th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}
.noise{color:#888}.clear{color:#b00;font-weight:600}figure{margin:1em 0}figcaption{color:#555}
svg{max-width:100%;height:auto}"""


def _pyplot() -> Any:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "towerplay",
                         "figure.dpi": 100, "font.size": 9})
    return plt


def _label(group: dict[str, Any]) -> str:
    return group["sweep"] or "all games"


# ----------------------------------------------------------------- figures
def rate_figure(groups: Sequence[dict[str, Any]], key: str, title: str,
                names: Sequence[str]) -> Figure:
    """Grouped bars of win rates with 95% intervals, a set per colour, the even share as
    a dashed line."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / len(groups)
    for k, group in enumerate(groups):
        rates = group[key]
        xs = [i + (k - (len(groups) - 1) / 2) * width for i in range(len(rates))]
        ys = [r["rate"] for r in rates]
        errors = _errors(rates)
        ax.bar(xs, ys, width * 0.9, yerr=errors, capsize=3, color=COLOURS[k % len(COLOURS)],
               label=f"{_label(group)} (n={group['games']})")
    ax.axhline(1 / groups[0]["players"], color="#555", linestyle="--", linewidth=1,
               label="even share")
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel("win rate")
    ax.set_title(title)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig


def _errors(entries: Sequence[dict[str, Any] | None]) -> list[list[float]]:
    """Error bar lengths below and above each rate (never negative: rounding)."""
    return [[max(0.0, e["rate"] - e["ci"][0]) if e else 0.0 for e in entries],
            [max(0.0, e["ci"][1] - e["rate"]) if e else 0.0 for e in entries]]


def bot_figure(groups: Sequence[dict[str, Any]]) -> Figure:
    """Win rate (with intervals) and OpenSkill μ ± σ per bot, per set."""
    plt = _pyplot()
    bots = list(dict.fromkeys(b["bot"] for g in groups for b in g["bots"]))
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.2))
    width = 0.8 / len(groups)
    for k, group in enumerate(groups):
        found = {b["bot"]: b for b in group["bots"]}
        xs = [i + (k - (len(groups) - 1) / 2) * width for i in range(len(bots))]
        entries = [found.get(b) for b in bots]
        rates = [e["rate"] if e else 0.0 for e in entries]
        errors = _errors(entries)
        colour = COLOURS[k % len(COLOURS)]
        left.bar(xs, rates, width * 0.9, yerr=errors, capsize=3, color=colour,
                 label=f"{_label(group)} (n={group['games']})")
        mus = [e["rating"]["mu"] if e else 0.0 for e in entries]
        sigmas = [e["rating"]["sigma"] if e else 0.0 for e in entries]
        right.bar(xs, mus, width * 0.9, yerr=sigmas, capsize=3, color=colour)
    for ax, title in ((left, "win rate by bot (95% CI)"), (right, "OpenSkill μ ± σ")):
        ax.set_xticks(range(len(bots)), bots, rotation=15, fontsize=7)
        ax.set_title(title)
    left.legend(fontsize=7)
    fig.tight_layout()
    return fig


def histogram_figure(groups: Sequence[dict[str, Any]], title: str, pick: str) -> Figure:
    """Distributions: scores per bot (``pick="scores"``) or game lengths per set."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    series: list[tuple[str, list[float]]] = []
    for group in groups:
        prefix = f"{group['sweep']}: " if len(groups) > 1 else ""
        if pick == "scores":
            series += [(f"{prefix}{bot}", values) for bot, values in group["scores"].items()]
        else:
            series.append((f"{_label(group)} (n={group['games']})", group["lengths"]))
    low = min(min(v) for _, v in series)
    high = max(max(v) for _, v in series)
    bins = min(40, max(5, int(high - low) + 1))
    for k, (name, values) in enumerate(series):
        ax.hist(values, bins=bins, range=(low, high + 1e-9), histtype="step", linewidth=1.5,
                color=COLOURS[k % len(COLOURS)], label=f"{name} ({len(values)} values)")
    ax.set_title(title)
    ax.set_ylabel("count")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig


def category_figure(groups: Sequence[dict[str, Any]], label: str) -> Figure:
    """Win rate by a per-seat category (e.g. Skytopia's Ability tile and side)."""
    plt = _pyplot()
    cats = sorted({c for g in groups for c in g["stats"]["categories"][label]})
    fig, ax = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / len(groups)
    for k, group in enumerate(groups):
        found = group["stats"]["categories"][label]
        present = [i for i, c in enumerate(cats) if c in found]  # a set may lack some
        xs = [i + (k - (len(groups) - 1) / 2) * width for i in present]
        entries = [found[cats[i]] for i in present]
        ax.bar(xs, [e["rate"] for e in entries], width * 0.9, yerr=_errors(entries),
               capsize=3, color=COLOURS[k % len(COLOURS)],
               label=f"{_label(group)} (n={group['games']} games)")
    ax.axhline(1 / groups[0]["players"], color="#555", linestyle="--", linewidth=1,
               label="even share")
    ax.set_xticks(range(len(cats)), cats)
    ax.set_title(f"win rate by {label} (95% CI)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig


def figures(groups: Sequence[dict[str, Any]]) -> list[tuple[str, str, Figure]]:
    """(file name, caption, figure) for every plot of the report."""
    players = groups[0]["players"]
    total = sum(g["games"] for g in groups)
    out = [("win_by_position", f"Win rate by place in the turn order (1st = the first "
            f"player); {total} games.",
            rate_figure(groups, "by_position", "win rate by turn order (95% CI)",
                        [f"{k + 1}{_ordinal(k + 1)}" for k in range(players)])),
           ("win_by_seat", f"Win rate by seat; {total} games.",
            rate_figure(groups, "by_seat", "win rate by seat (95% CI)",
                        [f"seat {k}" for k in range(players)])),
           ("bots", f"Win rate and OpenSkill rating by bot; {total} games.",
            bot_figure(groups)),
           ("scores", f"Score distribution per bot; {total} games.",
            histogram_figure(groups, "scores", "scores")),
           ("lengths", f"Game length (actions); {total} games.",
            histogram_figure(groups, "game length (actions)", "lengths"))]
    for k, label in enumerate(groups[0]["stats"]["categories"]):
        out.append((f"category_{k}", f"Win rate by {label}; {total} games.",
                    category_figure(groups, label)))
    return out


def _ordinal(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n, "th")


# ----------------------------------------------------------------- the page
def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _noise(flag: bool, noisy: str = "within noise", clear: str = "beyond noise") -> str:
    return f'<span class="noise">{noisy}</span>' if flag else f'<span class="clear">{clear}</span>'


def _ci(r: dict[str, Any]) -> str:
    return f"{r['rate']:.1%} ({r['ci'][0]:.1%}–{r['ci'][1]:.1%})"


def set_section(group: dict[str, Any]) -> str:
    """Tables of one option set: seats, bots, the game's statistics."""
    esc = html.escape
    parts = [f"<h3>{esc(_label(group))} — {group['games']} games</h3>"]
    if group["options"]:
        parts.append(f"<p>options: <code>{esc(str(group['options']))}</code></p>")
    parts.append(_table(["place in turn order", "win rate (95% CI)", "vs even share"],
                        [[f"{k + 1}{_ordinal(k + 1)}", _ci(r), _noise(r["within_noise"])]
                         for k, r in enumerate(group["by_position"])]))
    parts.append(_table(["bot", "seats", "win rate (95% CI)", "mean score", "OpenSkill μ ± σ",
                         "ordinal", "vs next"],
                        [[esc(b["bot"]), str(b["games"]), _ci(b),
                          f"{b['score']['mean']:.1f}",
                          f"{b['rating']['mu']:.1f} ± {b['rating']['sigma']:.1f}",
                          f"{b['rating']['ordinal']:.1f}",
                          _noise(b["within_noise_of_next"]) if i + 1 < len(group["bots"])
                          else ""]
                         for i, b in enumerate(group["bots"])]))
    stats = group["stats"]
    if stats["means"]:
        parts.append(_table(["statistic", "mean (per seat where per seat)", "sd",
                             "95% ± of the mean", "values"],
                            [[esc(name), f"{m['mean']:.2f}", f"{m['sd']:.2f}",
                              f"{m['half']:.2f}", str(m["n"])]
                             for name, m in stats["means"].items()]))
    if stats["ratios"]:
        parts.append(_table(["rate over all games", "value", "from"],
                            [[esc(name), f"{r['value']:.3f}",
                              f"{r['numerator']:g} / {r['denominator']:g}"]
                             for name, r in stats["ratios"].items()]))
    for label, cats in stats["categories"].items():
        parts.append(_table([esc(label), "seats", "win rate (95% CI)", "vs even share"],
                            [[esc(c), str(r["games"]), _ci(r), _noise(r["within_noise"])]
                             for c, r in cats.items()]))
    return "\n".join(parts)


def render_html(rows: Sequence[dict[str, Any]], source: str = "") -> tuple[str, list[tuple[str, Figure]]]:
    """The page, and the figures (name, figure) to also write as PNG."""
    groups = analyse(rows)
    if not groups:
        raise ValueError("no rows")
    first = rows[0]
    esc = html.escape
    title = f"{first.get('game', 'game')}: {len(rows)} games, {groups[0]['players']} players"
    body = [f"<h1>Balance report — {esc(title)}</h1>",
            f"<p>From <code>{esc(source)}</code>. Win rates count a shared win as a "
            "fraction and carry 95% Wilson intervals; <span class=noise>within noise</span> "
            "means the interval holds the value compared with (no evidence of a "
            "difference).</p>"]
    drawn = figures(groups)
    body.append("<h2>Figures</h2>")
    for _name, caption, figure in drawn:
        body.append(f"<figure>{svg(figure)}<figcaption>{esc(caption)}</figcaption>"
                    "</figure>")
    lines = compare(groups)
    if lines:
        body.append(f"<h2>Sweep: {len(groups)} option sets side by side</h2>")
        body.append(_table(["", *[esc(_label(g)) + f" (n={g['games']})" for g in groups],
                            "difference"],
                           [[esc(line["what"]), *line["values"],
                             _noise(line["within_noise"])] for line in lines]))
    body.append("<h2>Tables</h2>")
    body += [set_section(group) for group in groups]
    page = ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
            f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>"
            + "\n".join(body) + "</body></html>\n")
    return page, [(name, figure) for name, _caption, figure in drawn]


def svg(figure: Figure) -> str:
    """The figure as inline SVG: no XML prolog, no metadata, no namespace URLs (the figure
    stays open: it may still be written as PNG)."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)
    return re.sub(r'\s+xmlns(:xlink)?="[^"]*"', "", text)


def write_report(rows: Sequence[dict[str, Any]], html_path: Path | None,
                 png_dir: Path | None, source: str = "") -> list[Path]:
    """Write the page and/or the PNGs; the paths written."""
    plt = _pyplot()
    page, drawn = render_html(rows, source)
    written = []
    try:
        if html_path is not None:
            html_path.parent.mkdir(parents=True, exist_ok=True)
            html_path.write_text(page, encoding="utf-8")
            written.append(html_path)
        if png_dir is not None:
            png_dir.mkdir(parents=True, exist_ok=True)
            for name, figure in drawn:
                path = png_dir / f"{name}.png"
                figure.savefig(path, format="png", dpi=120)
                written.append(path)
    finally:
        for _name, figure in drawn:
            plt.close(figure)
    return written
