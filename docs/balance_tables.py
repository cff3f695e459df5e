"""The tables of docs/balance.md from rows files of one game (``towerplay sim``'s output):

    python docs/balance_tables.py castle_2p.jsonl castle_3p.jsonl castle_4p.jsonl

Prints Markdown: the win rate by place in the turn order (the report's ``by_turn_order``:
every cell tested against the even share, Holm-corrected across the whole table, with the
smallest departure the table could detect), the score margins (the winner's lead over the
runner-up; the first player's score minus the mean of the others', tested game by game
with a paired t-test, Holm across the table, effect size d_z) and, for files with several
option sets of one player count, the sweep's first-player line and every line beyond noise
(paired when the sets played the same deals); then the win rate by each per-player label and
the game's ratios.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from towerplay.sim import analysis
from towerplay.sim.store import read_rows


def count(n: int, thing: str) -> str:
    """``3 cells``, ``1 cell``."""
    return f"{n} {thing}" + ("" if n == 1 else "s")


def pct(x: float) -> str:
    return f"{100 * x:.1f}"


def rate_cell(cell: dict[str, Any]) -> str:
    text = f"{pct(cell['rate'])}% [{pct(cell['ci'][0])}, {pct(cell['ci'][1])}]"
    return f"**{text}**" if cell["beyond_noise"] else text


def turn_order(doc: dict[str, Any]) -> str:
    cells = doc["by_turn_order"]
    width = max(c["position"] for c in cells)
    keys = list(dict.fromkeys((c["players"], c["sweep"]) for c in cells))
    lines = ["| players | options | games | " + " | ".join(f"place {i}" for i in
                                                       range(1, width + 1))
             + " | detectable (±points) | smallest Holm p |",
             "|---|---|---|" + "---|" * width + "---|---|"]
    for players, sweep in keys:
        row = sorted((c for c in cells if (c["players"], c["sweep"]) == (players, sweep)),
                     key=lambda c: c["position"])
        shown = [rate_cell(c) for c in row] + [""] * (width - len(row))
        lines.append(f"| {players} | {sweep or '–'} | {row[0]['games']} | "
                     + " | ".join(shown)
                     + f" | {pct(row[0]['detectable'])} | "
                     f"{min(c['p_holm'] for c in row):.2g} |")
    lines.append(f"\nHolm's correction covers this table's {count(len(cells), 'cell')} "
                 "together.")
    return "\n".join(lines)


def margins(doc: dict[str, Any]) -> str:
    lines = [("| players | options | games | winner's lead over the runner-up: mean (sd) "
              "| first player's score − others' mean [95% CI] | d_z | Holm p | detectable |"),
             "|---|---|---|---|---|---|---|---|"]
    for group in doc["groups"]:
        lead, test = group["margins"]["lead"], group["margins"]["first_player"]
        mean, half = test["mean"], test["half"]
        text = f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"
        if test["beyond_noise"]:
            text = f"**{text}**"
        effect = "–" if test["effect_size"] is None else f"{test['effect_size']:+.3f}"
        lines.append(f"| {group['players']} | {group['sweep'] or '–'} | {group['games']} | "
                     f"{lead['mean']:.2f} ({lead['sd']:.2f}) | {text} | {effect} | "
                     f"{test['p_holm']:.2g} | ±{test['detectable']:.2f} |")
    lines.append(f"\nHolm's correction covers this table's {count(len(doc['groups']), 'row')} "
                 "together.")
    return "\n".join(lines)


def bots_table(doc: dict[str, Any]) -> str:
    """Win rate by bot, for runs with several bots at a table (no test: a bot's seats
    share their games with the others')."""
    groups = [g for g in doc["groups"] if len(g["bots"]) > 1]
    if not groups:
        return ""
    lines = ["| players | options | bot | seats | win rate |", "|---|---|---|---|---|"]
    for group in groups:
        for bot in group["bots"]:
            low, high = bot["ci"]
            lines.append(f"| {group['players']} | {group['sweep'] or '–'} | {bot['bot']} | "
                         f"{bot['games']} | {pct(bot['rate'])}% [{pct(low)}, {pct(high)}] |")
    return "\n".join(lines)


def sweep_lines(doc: dict[str, Any]) -> str:
    out = []
    for sweep in doc["sweeps"]:
        out.append(f"\n{sweep['players']} players, {' against '.join(sweep['sets'][1:])} "
                   f"against {sweep['reference']} "
                   f"({'paired, same deals' if sweep['paired'] else 'Welch, other deals'}):\n")
        out.append("| statistic | " + " | ".join(sweep["sets"])
                   + " | difference | d | Holm p | detectable |")
        out.append("|---|" + "---|" * len(sweep["sets"]) + "---|---|---|---|")
        for line in sweep["lines"]:
            test = line["tests"][0]
            if line["id"] != "first_player" and not test["beyond_noise"]:
                continue
            scale = 100 if line["unit"] == "rate" else 1
            values = " | ".join(f"{scale * v['mean']:.3g}" for v in line["values"])
            effect = "–" if test["effect_size"] is None else f"{test['effect_size']:+.3f}"
            mark = "**" if test["beyond_noise"] else ""
            out.append(f"| {line['name']} | {values} | {mark}{scale * test['difference']:+.3g}"
                       f"{mark} | {effect} | {test['p_holm']:.2g} | "
                       f"±{scale * test['detectable']:.3g} |")
        tests = sum(len(line["tests"]) for line in sweep["lines"])
        out.append(f"\nHolm's correction covers the sweep's {tests} tests together (every "
                   "statistic, shown or not).")
    return "\n".join(out)


def label_tables(doc: dict[str, Any]) -> str:
    """Win rate by each per-player label (an Ability tile, a main material), one column per
    player count and option set (the report's Holm family: one label table per group)."""
    groups = doc["groups"]
    out = []
    stems = dict.fromkeys(key for g in groups for key, stat in g["stats"]["per_seat"].items()
                          if stat.get("win_rate"))
    for stem in stems:
        stats = [g["stats"]["per_seat"].get(stem) for g in groups]
        name = next(s["name"] for s in stats if s)
        labels = sorted({label for s in stats if s for label in s["win_rate"]})
        out.append(f"\nWin rate by {name} (seats holding it; bold: beyond noise after Holm):\n")
        out.append("| " + name + " | " + " | ".join(g["label"] for g in groups) + " |")
        out.append("|---|" + "---|" * len(groups))
        for label in labels:
            cells = []
            for s in stats:
                cell = s["win_rate"].get(label) if s else None
                cells.append("" if cell is None else f"{rate_cell(cell)} ({cell['games']})")
            out.append(f"| {label} | " + " | ".join(cells) + " |")
        out.append("\nHolm's correction covers the values of one column together, each "
                   "column on its own.")
    return "\n".join(out)


def ratio_table(doc: dict[str, Any]) -> str:
    groups = doc["groups"]
    ids = dict.fromkeys(key for g in groups for key in g["stats"]["ratios"])
    if not ids:
        return ""
    out = ["\nRatios (sum over sum):\n",
           "| ratio | " + " | ".join(g["label"] for g in groups) + " |",
           "|---|" + "---|" * len(groups)]
    for key in ids:
        found = [g["stats"]["ratios"].get(key) for g in groups]
        name = next(r["name"] for r in found if r)
        out.append(f"| {name} | " + " | ".join("" if r is None else f"{r['value']:.2f}"
                                               for r in found) + " |")
    return "\n".join(out)


def tables(files: list[Path]) -> list[str]:
    """Every table of the rows in ``files``, each with its Holm family, in the order
    docs/balance.md shows them (a table not there is an empty text)."""
    rows = [row for path in files for row in read_rows(path)]
    doc = analysis.document(rows, [str(p) for p in files])
    return [turn_order(doc), margins(doc), bots_table(doc), sweep_lines(doc).strip(),
            label_tables(doc).strip(), ratio_table(doc).strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    order, margin, by_bot, sweeps, labels, ratios = tables(args.files)
    print("Win rate by place in the turn order (bold: beyond noise after Holm):\n")
    print(order)
    print("\nScore margins (bold: beyond noise after Holm):\n")
    print(margin)
    if by_bot:
        print("\nWin rate by bot:\n")
        print(by_bot)
    for text in (sweeps, labels, ratios):
        if text:
            print("\n" + text)


if __name__ == "__main__":
    main()
