"""Numbers from simulation rows: win rates by seat, by turn position and by bot with 95%
Wilson intervals, OpenSkill ratings, score and length summaries, and each game's own
statistics — per option set of a sweep. Plain JSON-ready data; :mod:`report` draws it.

>>> rows = [{"index": i, "sweep": "", "players": 2, "first": i % 2, "bot_0": "a",
...          "bot_1": "b", "score_0": 3, "score_1": 1, "rank_0": 1, "rank_1": 2,
...          "winners": "0", "length": 10} for i in range(40)]
>>> group = analyse(rows)[0]
>>> group["games"], group["by_seat"][0]["rate"], group["by_seat"][0]["within_noise"]
(40, 1.0, False)
>>> group["by_position"][0]["rate"]   # seat 0 moved first in half of the games
0.5
"""
from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any

from towerplay.arena.ladder import GameResult, openskill_ratings, wilson
from towerplay.sim.play import stats_module

Row = Mapping[str, Any]
BASE_COLUMNS = frozenset({"game", "index", "seed", "sweep", "options", "players", "first",
                          "winners", "length"})
PER_SEAT = re.compile(r"^(.*)_(\d+)$")
Z95 = 1.959963984540054


def winners_of(row: Row) -> list[int]:
    """The winning seats of a row (CSV turns a single ``"0"`` into the number 0)."""
    return [int(w) for w in str(row.get("winners", "")).split()]


def players_of(row: Row) -> int:
    return int(row["players"])


def rate(wins: float, games: int, expected: float | None = None) -> dict[str, Any]:
    """A win rate with its 95% Wilson interval; ``within_noise`` when the interval holds
    the ``expected`` rate (no evidence of a difference).

    >>> r = rate(52, 100, expected=0.5)
    >>> r["rate"], [round(x, 3) for x in r["ci"]], r["within_noise"]
    (0.52, [0.423, 0.615], True)
    """
    low, high = wilson(wins, games)
    out: dict[str, Any] = {"wins": wins, "games": games,
                           "rate": wins / games if games else 0.0, "ci": [low, high]}
    if expected is not None:
        out["expected"] = expected
        out["within_noise"] = low <= expected <= high
    return out


def overlap(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether two intervals overlap (a difference between them is within noise)."""
    return a[0] <= b[1] and b[0] <= a[1]


def mean_sd(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation and the 95% half-width of the mean.

    >>> mean_sd([1, 2, 3])["mean"]
    2.0
    """
    n = len(values)
    if not n:
        return {"mean": 0.0, "sd": 0.0, "half": 0.0, "n": 0}
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return {"mean": mean, "sd": sd, "half": Z95 * sd / math.sqrt(n), "n": n}


# ----------------------------------------------------------------- one option set
def seat_rates(rows: Sequence[Row], position: bool) -> list[dict[str, Any]]:
    """Win rate per seat (``position``: per place in the turn order, 0 = first player)."""
    players = players_of(rows[0])
    wins = [0.0] * players
    for row in rows:
        won = winners_of(row)
        for seat in won:
            key = (seat - int(row.get("first", 0))) % players if position else seat
            wins[key] += 1 / len(won)
    return [rate(wins[k], len(rows), expected=1 / players) for k in range(players)]


def bot_table(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """Per bot: seats played, win rate with interval, mean score, OpenSkill rating."""
    players = players_of(rows[0])
    names: dict[str, int] = {}
    for row in rows:
        for seat in range(players):
            names.setdefault(str(row[f"bot_{seat}"]), len(names))
    seats = [0] * len(names)
    wins = [0.0] * len(names)
    scores: list[list[float]] = [[] for _ in names]
    results = []
    for row in rows:
        entrants = tuple(names[str(row[f"bot_{s}"])] for s in range(players))
        won = winners_of(row)
        for seat, bot in enumerate(entrants):
            seats[bot] += 1
            wins[bot] += 1 / len(won) if seat in won else 0.0
            scores[bot].append(float(row[f"score_{seat}"]))
        results.append(GameResult(int(row["index"]), entrants,
                                  tuple(float(row[f"score_{s}"]) for s in range(players)),
                                  tuple(won), tuple(int(row[f"rank_{s}"]) for s in range(players)),
                                  (0.0,) * players, (0,) * players))
    ratings = openskill_ratings(len(names), results)
    table = []
    for name, bot in names.items():
        table.append({"bot": name, **rate(wins[bot], seats[bot]),
                      "score": mean_sd(scores[bot]), "rating": ratings[bot]})
    table.sort(key=lambda entry: -entry["rating"]["ordinal"])
    for entry in table:  # a bot whose interval overlaps the next one's is not clearly ahead
        entry["within_noise_of_next"] = False
    for entry, after in zip(table, table[1:]):
        entry["within_noise_of_next"] = overlap(entry["ci"], after["ci"])
    return table


def stat_columns(rows: Sequence[Row]) -> dict[str, list[str]]:
    """The game's own numeric columns, per-seat ones (``x_0``, ``x_1``...) grouped under
    their base name."""
    players = players_of(rows[0])
    groups: dict[str, list[str]] = {}
    for column, value in rows[0].items():
        if column in BASE_COLUMNS or column.split("_")[0] in ("bot", "score", "rank"):
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        match = PER_SEAT.match(column)
        base = match.group(1) if match and int(match.group(2)) < players else column
        groups.setdefault(base, []).append(column)
    return groups


def game_stats(rows: Sequence[Row], module: ModuleType | None) -> dict[str, Any]:
    """Means of the game's statistics (per seat where they are per seat), its declared
    rates, and win rates by each declared per-seat category."""
    means = {}
    for base, columns in stat_columns(rows).items():
        values = [float(row[c]) for row in rows for c in columns if _number(row.get(c))]
        means[base] = {**mean_sd(values), "per_seat": len(columns) > 1 or base != columns[0]}
    ratios = {}
    for label, (top, bottom) in getattr(module, "RATIOS", {}).items():
        above = sum(float(row.get(top, 0) or 0) for row in rows)
        below = sum(float(row.get(bottom, 0) or 0) for row in rows)
        ratios[label] = {"value": above / below if below else 0.0, "numerator": above,
                         "denominator": below, "games": len(rows)}
    categories = {label: category_rates(rows, base)
                  for base, label in getattr(module, "WIN_RATE_BY", {}).items()}
    return {"means": means, "ratios": ratios, "categories": categories}


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def category_rates(rows: Sequence[Row], base: str) -> dict[str, dict[str, Any]]:
    """Win rate of the seats in each category of the per-seat column ``base_{seat}``,
    against the rate of all seats (1 / players)."""
    players = players_of(rows[0])
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    for row in rows:
        won = winners_of(row)
        for seat in range(players):
            category = str(row.get(f"{base}_{seat}", ""))
            seats[category] += 1
            wins[category] += 1 / len(won) if seat in won else 0.0
    return {c: rate(wins[c], seats[c], expected=1 / players) for c in sorted(seats)}


def analyse_set(rows: Sequence[Row]) -> dict[str, Any]:
    """Every number of the report for one option set."""
    players = players_of(rows[0])
    module = stats_module(str(rows[0].get("game", "")))
    lengths = [float(row["length"]) for row in rows]
    return {"sweep": str(rows[0].get("sweep", "")), "options": rows[0].get("options", ""),
            "games": len(rows), "players": players,
            "by_position": seat_rates(rows, position=True),
            "by_seat": seat_rates(rows, position=False),
            "bots": bot_table(rows), "length": mean_sd(lengths),
            "lengths": lengths,
            "scores": {entry: values for entry, values in _scores_by_bot(rows).items()},
            "stats": game_stats(rows, module)}


def _scores_by_bot(rows: Sequence[Row]) -> dict[str, list[float]]:
    players = players_of(rows[0])
    out: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for seat in range(players):
            out[str(row[f"bot_{seat}"])].append(float(row[f"score_{seat}"]))
    return dict(out)


def analyse(rows: Iterable[Row]) -> list[dict[str, Any]]:
    """:func:`analyse_set` for each option set of the rows (in order of appearance)."""
    sets: dict[str, list[Row]] = {}
    for row in rows:
        sets.setdefault(str(row.get("sweep", "")), []).append(row)
    return [analyse_set(group) for group in sets.values()]


def compare(groups: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Side by side across option sets: the first player's win rate, mean length and each
    statistic's mean, with whether the sets differ beyond noise."""
    if len(groups) < 2:
        return []
    lines: list[dict[str, Any]] = []
    first = [g["by_position"][0] for g in groups]
    lines.append({"what": "first player's win rate",
                  "values": [f"{r['rate']:.1%} ({r['ci'][0]:.1%}–{r['ci'][1]:.1%})"
                             for r in first],
                  "within_noise": _all_overlap([r["ci"] for r in first])})
    lines.append(_mean_line("game length (actions)", [g["length"] for g in groups]))
    names = [n for n in groups[0]["stats"]["means"] if all(n in g["stats"]["means"]
                                                            for g in groups)]
    for name in names:
        lines.append(_mean_line(name, [g["stats"]["means"][name] for g in groups]))
    return lines


def _mean_line(what: str, stats: Sequence[dict[str, float]]) -> dict[str, Any]:
    intervals = [[s["mean"] - s["half"], s["mean"] + s["half"]] for s in stats]
    return {"what": what, "values": [f"{s['mean']:.2f} ± {s['half']:.2f}" for s in stats],
            "within_noise": _all_overlap(intervals)}


def _all_overlap(intervals: Sequence[Sequence[float]]) -> bool:
    return all(overlap(a, b) for i, a in enumerate(intervals) for b in intervals[i + 1:])
