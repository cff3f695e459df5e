"""The balance report: one self-contained HTML page (plots inline as SVG, no outside
links) drawn with matplotlib from the numbers of :mod:`analysis`, and the same plots as
PNG or SVG files.

Every figure says how many games it rests on; win rates carry 95% Wilson intervals and a
table's cells are tested together (Holm), with the smallest difference the sample could
detect beside them. Player counts and option sets are drawn side by side; seats and
places are counted from 1. Legends sit beside the plots, never over the bars. Every word
of the page and the plots comes from the ``stats`` catalogue (``report.*``) in the
report's language.
"""
from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from towerplay.i18n import Translator, game_title, translator
from towerplay.sim.analysis import analyse, sweeps

Figure = Any  # matplotlib.figure.Figure (matplotlib is imported only when drawing)
Group = dict[str, Any]
COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3",
           "#8c8c8c", "#ccb974", "#64b5cd")
STYLE = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.25em .6em;
text-align:right}th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}
.noise{color:#888}.clear{color:#b00;font-weight:600}figure{margin:1em 0}figcaption{color:#555}
svg{max-width:100%;height:auto}.stats{display:flex;flex-wrap:wrap;gap:1em}
.stats figure{flex:1 1 480px;margin:0}dfn{font-style:normal;color:#555}"""


def _matplotlib() -> Any:
    import matplotlib
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "towerplay",
                                "figure.dpi": 100, "font.size": 9})
    return matplotlib


def _colour(k: int) -> str:
    return COLOURS[k % len(COLOURS)]


def _figure(width: float = 7.5, height: float = 3.2, columns: int = 1) -> tuple[Figure, Any]:
    """A figure laid out so a legend placed outside the axes is never cut or over bars."""
    _matplotlib()
    from matplotlib.figure import Figure as MplFigure

    # a Figure outside pyplot: no global registry to close it from, freed with the page
    fig = MplFigure(figsize=(width, height), layout="constrained")
    return fig, fig.subplots(1, columns)


def _legend(fig: Figure) -> None:
    handles, labels = fig.axes[0].get_legend_handles_labels()
    if handles:
        fig.legend(handles, labels, loc="outside right upper", fontsize=7, frameon=False)


def _offsets(count: int) -> tuple[list[float], float]:
    width = 0.8 / count
    return [(k - (count - 1) / 2) * width for k in range(count)], width


# ----------------------------------------------------------------- figures
def rate_figure(groups: Sequence[Group], key: str, title: str, axis: str,
                tr: Translator | None = None) -> Figure:
    """Grouped bars of win rates with 95% intervals, one colour per player count and
    option set, each set's even share as a dashed segment over its bars; ``axis`` is the
    cells' key (``position`` or ``seat``)."""
    tr = tr or translator("stats", "en")
    fig, ax = _figure()
    offsets, width = _offsets(len(groups))
    for k, group in enumerate(groups):
        cells = group[key]
        xs = [cell[axis] + offsets[k] for cell in cells]
        ax.bar(xs, [c["rate"] for c in cells], width * 0.9, yerr=_errors(cells), capsize=3,
               color=_colour(k), label=f"{group['label']} (n={group['games']})")
        ax.hlines([1 / group["players"]] * len(xs), [x - width / 2 for x in xs],
                  [x + width / 2 for x in xs], colors="#333", linestyles="--", linewidth=1)
    most = max(g["players"] for g in groups)
    ax.set_xticks(range(1, most + 1), [str(k) for k in range(1, most + 1)])
    ax.set_xlabel(tr("report.x_turn_order" if axis == "position" else "report.x_seat"))
    ax.set_ylabel(tr("report.y_rate"))
    ax.set_title(title)
    _legend(fig)
    return fig


def _errors(entries: Sequence[dict[str, Any] | None]) -> list[list[float]]:
    """Error bar lengths below and above each rate (never negative: rounding)."""
    return [[max(0.0, e["rate"] - e["ci"][0]) if e else 0.0 for e in entries],
            [max(0.0, e["ci"][1] - e["rate"]) if e else 0.0 for e in entries]]


def bot_figure(groups: Sequence[Group], tr: Translator | None = None) -> Figure:
    """Win rate (with intervals) and OpenSkill μ ± σ per bot, per set."""
    tr = tr or translator("stats", "en")
    fig, (left, right) = _figure(10, 3.2, columns=2)
    bots = list(dict.fromkeys(b["bot"] for g in groups for b in g["bots"]))
    offsets, width = _offsets(len(groups))
    for k, group in enumerate(groups):
        found = {b["bot"]: b for b in group["bots"]}
        xs = [i + offsets[k] for i in range(len(bots))]
        entries = [found.get(b) for b in bots]
        left.bar(xs, [e["rate"] if e else 0.0 for e in entries], width * 0.9,
                 yerr=_errors(entries), capsize=3, color=_colour(k),
                 label=f"{group['label']} (n={group['games']})")
        right.bar(xs, [e["rating"]["mu"] if e else 0.0 for e in entries], width * 0.9,
                  yerr=[e["rating"]["sigma"] if e else 0.0 for e in entries], capsize=3,
                  color=_colour(k))
    for ax, title in ((left, tr("report.t_bot_rate")), (right, tr("report.openskill"))):
        ax.set_xticks(range(len(bots)), bots, rotation=15, fontsize=7)
        ax.set_title(title)
    _legend(fig)
    return fig


def histogram_figure(series: Sequence[tuple[str, dict[str, Any]]], title: str,
                     xlabel: str, tr: Translator | None = None) -> Figure:
    """Step histograms from :func:`analysis.histogram` bins (whole numbers: one bin per
    value), one colour per series."""
    tr = tr or translator("stats", "en")
    fig, ax = _figure()
    for k, (name, summary) in enumerate(series):
        hist = summary["histogram"]
        if hist["counts"]:
            ax.stairs(hist["counts"], hist["edges"], color=_colour(k), linewidth=1.5,
                      label=tr("report.legend_values", name=name, n=summary["n"]))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(tr("report.count"))
    _legend(fig)
    return fig


def count_figure(series: Sequence[tuple[str, dict[str, int]]], title: str,
                 xlabel: str, tr: Translator | None = None) -> Figure:
    """Shares of each label (or seat, or place), one colour per series, the counts
    normalised within each series so sets of different sizes compare."""
    tr = tr or translator("stats", "en")
    fig, ax = _figure()
    labels = sorted(dict.fromkeys(c for _name, counts in series for c in counts),
                    key=lambda c: (0, int(c), "") if c.isdigit() else (1, 0, c))
    offsets, width = _offsets(len(series))
    for k, (name, counts) in enumerate(series):
        total = sum(counts.values()) or 1
        xs = [i + offsets[k] for i, c in enumerate(labels) if c in counts]
        ax.bar(xs, [counts[c] / total for c in labels if c in counts], width * 0.9,
               color=_colour(k), label=f"{name} (n={total})")
    ax.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 8 else 0,
                  fontsize=7)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(tr("report.share"))
    _legend(fig)
    return fig


def category_figure(groups: Sequence[Group], stat_id: str, name: str,
                    tr: Translator | None = None) -> Figure:
    """Win rate by a per-seat label (e.g. Skytopia's Ability tile and side)."""
    tr = tr or translator("stats", "en")
    fig, ax = _figure()
    cats = sorted({c for g in groups for c in g["stats"]["per_seat"][stat_id]["win_rate"]})
    offsets, width = _offsets(len(groups))
    for k, group in enumerate(groups):
        found = group["stats"]["per_seat"][stat_id]["win_rate"]
        present = [i for i, c in enumerate(cats) if c in found]  # a set may lack some
        entries = [found[cats[i]] for i in present]
        xs = [i + offsets[k] for i in present]
        ax.bar(xs, [e["rate"] for e in entries], width * 0.9,
               yerr=_errors(entries), capsize=3, color=_colour(k),
               label=tr("report.legend_games", label=group["label"], n=group["games"]))
        ax.hlines([1 / group["players"]] * len(xs), [x - width / 2 for x in xs],
                  [x + width / 2 for x in xs], colors="#333", linestyles="--", linewidth=1)
    ax.set_ylabel(tr("report.y_rate"))
    ax.set_xticks(range(len(cats)), cats, rotation=30 if len(cats) > 8 else 0, fontsize=7)
    ax.set_title(tr("report.t_by_label", name=name))
    _legend(fig)
    return fig


def stat_figure(groups: Sequence[Group], stat: dict[str, Any], scope: str,
                tr: Translator | None = None) -> Figure | None:
    """The plot of one of the game's statistics by its kind, every set side by side."""
    tr = tr or translator("stats", "en")
    found = [(g["label"], g["stats"][scope][stat["id"]]) for g in groups
             if stat["id"] in g["stats"][scope]]
    title = (tr("report.each_player", name=stat["name"]) if scope == "per_seat"
             else stat["name"])
    kind = stat["kind"]
    if kind in ("integer", "numeric"):
        return histogram_figure(found, title, tr("report.value"), tr)
    if kind == "categorical":
        return count_figure([(n, s["counts"]) for n, s in found], title, "", tr)
    if kind == "seat":
        return count_figure([(n, s["by_turn_order"]) for n, s in found], title,
                            tr("report.x_seat_stat"), tr)
    if kind == "boolean":
        yes, no = tr("report.yes"), tr("report.no")
        return count_figure([(n, {yes: round(s["wins"]), no: s["games"] - round(s["wins"])})
                             for n, s in found], title, "", tr)
    return None


def figures(groups: Sequence[Group], lang: str = "en") -> list[tuple[str, str, Figure]]:
    """(file name, caption, figure) for every plot of the report, worded in ``lang``."""
    tr = translator("stats", lang)
    games = tr("report.games", count=sum(g["games"] for g in groups))
    out = [("win_by_turn_order", tr("report.cap_turn_order", games=games),
            rate_figure(groups, "by_turn_order", tr("report.t_turn_order"), "position", tr)),
           ("win_by_seat", tr("report.cap_seat", games=games),
            rate_figure(groups, "by_seat", tr("report.t_seat"), "seat", tr)),
           ("bots", tr("report.cap_bots", games=games), bot_figure(groups, tr)),
           ("scores", tr("report.cap_scores", games=games),
            histogram_figure([(f"{g['label']}: {b['bot']}", b["score"]) for g in groups
                              for b in g["bots"]], tr("report.t_scores"),
                             tr("report.x_score"), tr)),
           ("lengths", tr("report.cap_lengths", games=games),
            histogram_figure([(g["label"], g["length"])
                              for g in groups], tr("report.t_length"),
                             tr("report.x_actions"), tr))]
    return out


def stat_figures(groups: Sequence[Group], lang: str = "en") -> list[tuple[str, str, Figure]]:
    """A plot for each of the game's statistics, and win rates by each per-seat label."""
    tr = translator("stats", lang)
    out = []
    for scope in ("per_game", "per_seat"):
        stats = {i: s for g in groups for i, s in g["stats"][scope].items()}
        for ident, stat in stats.items():
            figure = stat_figure(groups, stat, scope, tr)
            if figure is not None:
                out.append((f"stat_{scope}_{_safe(ident)}",
                            f"{stat['name']}: {stat['definition']}.", figure))
            if scope == "per_seat" and stat["kind"] == "categorical":
                out.append((f"win_by_{_safe(ident)}",
                            tr("report.cap_by_label", name=stat["name"]),
                            category_figure([g for g in groups
                                             if ident in g["stats"]["per_seat"]],
                                            ident, stat["name"], tr)))
    return out


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


# ----------------------------------------------------------------- tables
def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _noise(beyond: bool, tr: Translator) -> str:
    return (f'<span class="clear">{html.escape(tr("report.beyond_noise"))}</span>' if beyond
            else f'<span class="noise">{html.escape(tr("report.within_noise"))}</span>')


def _ci(r: dict[str, Any]) -> str:
    return f"{r['rate']:.1%} ({r['ci'][0]:.1%}–{r['ci'][1]:.1%})"


def _cell(r: dict[str, Any]) -> str:
    text = _ci(r)
    return f'<span class="clear">{text}</span>' if r.get("beyond_noise") else text


def rate_table(groups: Sequence[Group], key: str, axis: str, lang: str = "en") -> str:
    """One table across player counts and sets: a cell per place (or seat), marked when
    beyond noise after Holm's correction across the whole table, and the smallest
    difference from the even share each row could detect (``axis``: ``place`` or
    ``seat``)."""
    tr = translator("stats", lang)
    most = max(g["players"] for g in groups)
    cells = sum(len(g[key]) for g in groups)
    header = [tr("report.axis", axis=tr(f"report.{axis}")),
              *[str(k) for k in range(1, most + 1)], tr("report.col_games"),
              tr("report.col_detectable", cells=cells)]
    rows = []
    for group in groups:
        found = [_cell(c) for c in group[key]] + [""] * (most - group["players"])
        rows.append([html.escape(group["label"]), *found, str(group["games"]),
                     f"{group[key][0]['detectable']:.1%}"])
    return _table(header, rows)


def sweep_table(sweep: dict[str, Any], lang: str = "en") -> str:
    """Option sets side by side, each against the first, tested game by game where they
    played the same deals; Holm over the table."""
    tr = translator("stats", lang)
    esc = html.escape
    cells = sum(len(line["tests"]) for line in sweep["lines"])
    how = tr("report.paired" if sweep["paired"] else "report.welch")
    header = ["", *sweep["sets"]] + [f"{s} − {sweep['reference']}" for s in sweep["sets"][1:]]
    rows = []
    for line in sweep["lines"]:
        values = [(_ci({"rate": v["mean"], "ci": v["ci"]}) if line["unit"] == "rate"
                   else f"{v['mean']:.2f} ± {v['half']:.2f}") for v in line["values"]]
        tests = [_difference(t, line["unit"], tr) for t in line["tests"]]
        name = esc(tr("report.mean_per_player", name=line["name"]) if line["scope"] == "seat"
                   else line["name"])
        rows.append([name, *values, *tests])
    return (f"<p>{esc(tr('report.sweep_note', how=how, cells=cells))}</p>"
            + _table(header, rows))


def _difference(test: dict[str, Any], unit: str, tr: Translator) -> str:
    def fmt(value: float) -> str:
        return (tr("report.points", value=f"{value * 100:+.1f}") if unit == "rate"
                else f"{value:+.2f}")
    size = test["effect_size"]
    detect = test["detectable"]
    parts = [fmt(test["difference"]), f"p={test['p_holm']:.3g}",
             f"d={size:.2f}" if size is not None else "d=–",
             tr("report.detectable", value=fmt(detect).lstrip("+")) if detect else ""]
    return f"{html.escape(' · '.join(p for p in parts if p))} {_noise(test['beyond_noise'], tr)}"


def stats_tables(group: Group, lang: str = "en") -> str:
    """The game's statistics of one set: per game and per seat apart, labels and seats
    counted, the declared ratios."""
    tr = translator("stats", lang)
    esc = html.escape
    stats = group["stats"]
    parts = []
    for scope in ("per_game", "per_seat"):
        title = tr(f"report.{scope}")
        numbers = [s for s in stats[scope].values() if s["kind"] in ("integer", "numeric")]
        if numbers:
            parts.append(_table([tr("report.col_statistic", scope=title),
                                 tr("report.col_mean"), tr("report.col_sd"),
                                 tr("report.col_range"), tr("report.col_values"),
                                 tr("report.col_by_turn_order")
                                 if scope == "per_seat" else ""],
                                [[_named(s), f"{s['mean']:.2f} ± {s['half']:.2f}",
                                  f"{s['sd']:.2f}",
                                  f"{s.get('min', 0):g}–{s.get('max', 0):g}",
                                  str(s["n"]), " / ".join(f"{p['mean']:.2f}" for p in
                                                          s.get("by_turn_order", []))]
                                 for s in numbers]))
        for s in stats[scope].values():
            scoped = tr("report.scoped", name=s["name"], scope=title)
            if s["kind"] == "boolean":
                parts.append(_table([scoped, tr("report.col_rate_ci")], [[_named(s), _ci(s)]]))
            elif s["kind"] == "categorical":
                total = sum(s["counts"].values()) or 1
                parts.append(_table([scoped, tr("report.count"), tr("report.share")],
                                    [[esc(c), str(n), f"{n / total:.1%}"]
                                     for c, n in s["counts"].items()]))
                if "win_rate" in s:
                    parts.append(_table([tr("report.win_rate_by", name=s["name"]),
                                         tr("report.col_seats"), tr("report.col_win_rate"),
                                         tr("report.col_p_holm")],
                                        [[esc(c), str(r["games"]), _cell(r),
                                          f"{r['p_holm']:.3g}"]
                                         for c, r in s["win_rate"].items()]))
            elif s["kind"] == "seat":
                keys = list(s["by_seat"])
                parts.append(_table([s["name"], *keys],
                                    [[esc(tr("report.by_seat")),
                                      *map(str, s["by_seat"].values())],
                                     [esc(tr("report.by_turn_order")),
                                      *map(str, s["by_turn_order"].values())]]))
    if stats["ratios"]:
        parts.append(_table([tr("report.col_ratio"), tr("report.value"), tr("report.col_from")],
                            [[_named(r), f"{r['value']:.3f}",
                              f"{r['numerator']:g} / {r['denominator']:g}"]
                             for r in stats["ratios"].values()]))
    return "\n".join(parts)


def _named(stat: dict[str, Any]) -> str:
    return (f"{html.escape(stat['name'])}<br><dfn>{html.escape(stat['definition'])}"
            "</dfn>")


def set_section(group: Group, lang: str = "en") -> str:
    """The tables of one set: bots and the game's statistics."""
    tr = translator("stats", lang)
    esc = html.escape
    games = tr("report.games", count=group["games"])
    parts = [f"<h3>{esc(tr('report.set_heading', label=group['label'], games=games))}</h3>"]
    if group["options"]:
        parts.append(f"<p>{esc(tr('report.options'))} "
                     f"<code>{esc(str(group['options']))}</code></p>")
    parts.append(_table([tr("report.col_bot"), tr("report.col_seats"),
                         tr("report.col_win_rate"), tr("report.col_mean_score"),
                         tr("report.openskill"), tr("report.col_ordinal")],
                        [[esc(b["bot"]), str(b["games"]), _ci(b),
                          f"{b['score']['mean']:.1f}",
                          f"{b['rating']['mu']:.1f} ± {b['rating']['sigma']:.1f}",
                          f"{b['rating']['ordinal']:.1f}"] for b in group["bots"]]))
    parts.append(stats_tables(group, lang))
    return "\n".join(parts)


# ----------------------------------------------------------------- the page
def render_html(rows: Sequence[dict[str, Any]], source: str = "",
                lang: str = "en") -> tuple[str, list[tuple[str, Figure]]]:
    """The page in ``lang``, and the figures (name, figure) to also write as files."""
    groups = analyse(rows, lang)
    if not groups:
        raise ValueError("no rows")
    tr = translator("stats", lang)
    esc = html.escape
    counts = sorted({g["players"] for g in groups})
    title = tr("report.title", game=game_title(groups[0]["game"], lang),
               games=tr("report.games", count=len(rows)), counts=", ".join(map(str, counts)))
    # the intro's markup (<span>, <em>) is the catalogue's own
    intro = f"{tr('report.source', source=f'<code>{esc(source)}</code>')} {tr('report.intro')}"
    body = [f"<h1>{esc(tr('report.heading', title=title))}</h1>", f"<p>{intro}</p>"]
    drawn = figures(groups, lang)
    own = stat_figures(groups, lang)
    for (_n, caption, figure), (key, axis) in zip(drawn[:2], (("by_turn_order", "place"),
                                                            ("by_seat", "seat")), strict=False):
        body.append(f"<h2>{esc(tr(f'report.h_{key}'))}</h2>")
        body.append(_figure_html(figure, caption))
        body.append(rate_table(groups, key, axis, lang))
    body.append(f"<h2>{esc(tr('report.h_bots'))}</h2>")
    body += [_figure_html(figure, caption) for _n, caption, figure in drawn[2:]]
    for sweep in sweeps(rows, lang):
        heading = tr("report.h_sweep", players=sweep["players"], sets=len(sweep["sets"]))
        body.append(f"<h2>{esc(heading)}</h2>")
        body.append(sweep_table(sweep, lang))
    if own:
        body.append(f"<h2>{esc(tr('report.h_stats'))}</h2><div class=stats>")
        body += [_figure_html(figure, caption) for _n, caption, figure in own]
        body.append("</div>")
    body.append(f"<h2>{esc(tr('report.h_tables'))}</h2>")
    body += [set_section(group, lang) for group in groups]
    page = (f"<!DOCTYPE html><html lang={tr.lang}><head><meta charset=utf-8>"
            f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>"
            + "\n".join(body) + "</body></html>\n")
    return page, [(name, figure) for name, _caption, figure in drawn + own]


def _figure_html(figure: Figure, caption: str) -> str:
    return f"<figure>{svg(figure)}<figcaption>{html.escape(caption)}</figcaption></figure>"


def svg(figure: Figure) -> str:
    """The figure as inline SVG: no XML prolog, no metadata, no namespace URLs (the figure
    stays open: it may still be written as a file)."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)
    return re.sub(r'\s+xmlns(:xlink)?="[^"]*"', "", text)


def write_report(rows: Sequence[dict[str, Any]], html_path: Path | None,
                 plot_dir: Path | None, source: str = "", lang: str = "en",
                 plot_format: str = "png") -> list[Path]:
    """Write the page and/or each plot as a ``plot_format`` file; the paths written."""
    page, drawn = render_html(rows, source, lang)
    written = []
    if html_path is not None:
        html_path.parent.mkdir(parents=True, exist_ok=True)
        html_path.write_text(page, encoding="utf-8")
        written.append(html_path)
    if plot_dir is not None:
        plot_dir.mkdir(parents=True, exist_ok=True)
        for name, figure in drawn:
            path = plot_dir / f"{name}.{plot_format}"
            figure.savefig(path, format=plot_format, dpi=120,
                           metadata={"Date": None} if plot_format == "svg" else None)
            written.append(path)
    return written
