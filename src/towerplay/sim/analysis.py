"""Numbers from simulation rows: win rates by place in the turn order, by seat and by bot
with 95% Wilson intervals and Holm-corrected tests, OpenSkill ratings, score and length
distributions, and each game's own statistics as the game declares them (per game or per
seat; integers and numbers summarised, labels and seats counted, never averaged) — per
player count and option set. Plain JSON-ready data; :mod:`report` draws it, and
:func:`document` is the ``--json`` output (its shape: docs/report.md).

Seats and places are counted as people count them, from 1.

>>> rows = [{"index": i, "sweep": "", "players": 2, "first": i % 2, "bot_0": "a",
...          "bot_1": "b", "score_0": 3, "score_1": 1, "rank_0": 1, "rank_1": 2,
...          "winners": "0", "length": 10} for i in range(40)]
>>> group = analyse(rows)[0]
>>> group["games"], group["by_seat"][0]["rate"], group["by_seat"][0]["beyond_noise"]
(40, 1.0, True)
>>> group["by_turn_order"][0]["rate"]   # seat 1 moved first in half of the games
0.5
"""
from __future__ import annotations

import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any

from towerplay.core.statistics import Kind, Ratio, Scope, Statistic
from towerplay.i18n import Translator
from towerplay.sim.ladder import GameResult, openskill_ratings, wilson
from towerplay.sim.play import stats_module
from towerplay.sim.significance import adjust, detectable_mean, paired, rate_p, unpaired

Row = Mapping[str, Any]
FORMAT = "towerplay-report/1"
"""The ``format`` of :func:`document`'s output (docs/report.md)."""
BASE_COLUMNS = {
    "game": "the game's id",
    "index": "the game's number in the run (names it for good)",
    "seed": "the deal's seed (the same deal in every option set of a sweep)",
    "sweep": "the swept options of this game as name=value pairs (empty without a sweep)",
    "options": "every option of the game, as JSON",
    "players": "seats at the table",
    "first": "the seat that started round 1 (its first player), from 0",
    "winners": "the winning seats, from 0, separated by spaces (several: a shared win)",
    "length": "actions in the game",
}
SEAT_COLUMNS = {"bot": "the bot playing seat {seat} (seats from 0)",
                "score": "the final score of seat {seat} (seats from 0)",
                "rank": "the place of seat {seat}, seats from 0 (1 = best: winners first, "
                        "then by score)"}
PER_SEAT = re.compile(r"^(.*)_(\d+)$")
Z95 = 1.959963984540054


def winners_of(row: Row) -> list[int]:
    """The winning seats of a row (CSV turns a single ``"0"`` into the number 0)."""
    return [int(w) for w in str(row.get("winners", "")).split()]


def players_of(row: Row) -> int:
    return int(row["players"])


def position_of(row: Row, seat: int) -> int:
    """The place of ``seat`` in the row's turn order, from 0 (0 = the first player)."""
    return (seat - int(row.get("first", 0) or 0)) % players_of(row)


def rate(wins: float, games: int, expected: float | None = None) -> dict[str, Any]:
    """A win rate with its 95% Wilson interval; against an ``expected`` rate also the
    effect (the difference), the score test's ``p`` and ``within_noise`` (the interval
    holds the expected rate: no evidence of a difference before any correction).

    >>> r = rate(52, 100, expected=0.5)
    >>> r["rate"], [round(x, 3) for x in r["ci"]], r["within_noise"], round(r["effect"], 2)
    (0.52, [0.423, 0.615], True, 0.02)
    """
    low, high = wilson(wins, games)
    value = wins / games if games else 0.0
    out: dict[str, Any] = {"wins": wins, "games": games, "rate": value, "ci": [low, high]}
    if expected is not None:
        out.update(expected=expected, effect=value - expected,
                   p=rate_p(wins, games, expected), within_noise=low <= expected <= high)
    return out


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


def integer_valued(values: Iterable[float]) -> bool:
    return all(float(v).is_integer() for v in values)


def histogram(values: Sequence[float], integer: bool | None = None) -> dict[str, list[float]]:
    """Bin edges and counts; whole numbers get one bin per value (edges at the
    half-integers), other numbers numpy's automatic bins.

    >>> histogram([2, 4, 4])
    {'edges': [1.5, 2.5, 3.5, 4.5], 'counts': [1, 0, 2]}
    """
    import numpy as np

    if not values:
        return {"edges": [], "counts": []}
    if integer is None:
        integer = integer_valued(values)
    if integer:
        low, high = int(min(values)), int(max(values))
        counts = Counter(int(v) for v in values)
        return {"edges": [v - 0.5 for v in range(low, high + 2)],
                "counts": [counts[v] for v in range(low, high + 1)]}
    found, edges = np.histogram(np.asarray(values, dtype=float), bins="auto")
    return {"edges": [float(e) for e in edges], "counts": [int(c) for c in found]}


def distribution(values: Sequence[float], integer: bool | None = None) -> dict[str, Any]:
    """:func:`mean_sd` with the range and the :func:`histogram`."""
    out: dict[str, Any] = dict(mean_sd(values))
    if values:
        out.update(min=min(values), max=max(values))
    out["histogram"] = histogram(values, integer)
    return out


# ----------------------------------------------------------------- win rates
def seat_rates(rows: Sequence[Row], position: bool) -> list[dict[str, Any]]:
    """Win rate per seat, or per place in the turn order (``position``), against the
    even share; ``seat`` / ``position`` counted from 1. Not yet corrected (:func:`adjust`)."""
    players = players_of(rows[0])
    wins = [0.0] * players
    for row in rows:
        won = winners_of(row)
        for seat in won:
            wins[position_of(row, seat) if position else seat] += 1 / len(won)
    key = "position" if position else "seat"
    return [{key: k + 1, **rate(wins[k], len(rows), expected=1 / players)}
            for k in range(players)]


def bot_table(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """Per bot: seats played, win rate with interval, score distribution, OpenSkill
    rating (best first)."""
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
    table = [{"bot": name, **rate(wins[bot], seats[bot]), "score": distribution(scores[bot]),
              "rating": ratings[bot]} for name, bot in names.items()]
    table.sort(key=lambda entry: -entry["rating"]["ordinal"])
    return table


# ----------------------------------------------------------------- the game's statistics
def declarations(game: str) -> tuple[tuple[Statistic, ...], tuple[Ratio, ...]]:
    """The statistics and ratios the game declares (none for a game this process does
    not know)."""
    module: ModuleType | None = stats_module(game)
    return (tuple(getattr(module, "STATISTICS", ())), tuple(getattr(module, "RATIOS", ())))


def _not_stat(column: str) -> bool:
    return column in BASE_COLUMNS or column.split("_")[0] in SEAT_COLUMNS


def statistics_of(rows: Sequence[Row]) -> list[Statistic]:
    """The statistics of the rows: those the game declares that the rows hold, then any
    other column under its raw id (per seat when every seat has one, kind from the
    values), so an undeclared column is still shown, never merged with another."""
    players = players_of(rows[0])
    declared, _ratios = declarations(str(rows[0].get("game", "")))
    present = [s for s in declared if all(c in rows[0] for c in s.columns(players))]
    covered = {c for s in present for c in s.columns(players)}
    rest = [c for c in rows[0] if c not in covered and not _not_stat(c)]
    stems: dict[str, list[str]] = {}
    for column in rest:
        match = PER_SEAT.match(column)
        if match and int(match.group(2)) < players:
            stems.setdefault(match.group(1), []).append(column)
    # a stem without a column for every seat is no per-seat statistic
    stems = {stem: columns for stem, columns in stems.items() if len(columns) == players}
    per_seat = {c for columns in stems.values() for c in columns}
    found: list[tuple[str, Scope]] = [(stem, "seat") for stem in stems]
    found += [(c, "game") for c in rest if c not in per_seat]
    for key, scope in found:
        values = _values(rows, Statistic(key, key, "", scope=scope))
        present.append(Statistic(key, key, "not declared by the game", scope=scope,
                                 kind=_kind_of(values)))
    return present


def _kind_of(values: Sequence[Any]) -> Kind:
    if values and all(isinstance(v, bool) for v in values):
        return "boolean"
    if not all(_number(v) for v in values):
        return "categorical"
    return "integer" if integer_valued(values) else "numeric"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _values(rows: Sequence[Row], stat: Statistic) -> list[Any]:
    """Every value of ``stat`` (each seat's, per seat), empty cells left out."""
    columns = stat.columns(players_of(rows[0]))
    return [row[c] for row in rows for c in columns if row.get(c) not in (None, "")]


def names(game: str, stat: Statistic | Ratio, lang: str) -> dict[str, str]:
    """The readable name and definition of a statistic in ``lang`` (the ``stats``
    catalogue's ``<game>.<id>`` and ``.help``; the declaration's English without one)."""
    tr = Translator("stats", lang)
    key = f"{game}.{stat.id}"
    return {"name": tr(key) if tr.has(key) else stat.name,
            "definition": tr(f"{key}.help") if tr.has(f"{key}.help") else stat.definition}


def summarise(rows: Sequence[Row], stat: Statistic, lang: str = "en") -> dict[str, Any]:
    """One statistic over the rows, by its kind: numbers as a distribution (per seat also
    by place in the turn order), yes/no as a rate, labels and seats as counts."""
    game = str(rows[0].get("game", ""))
    out: dict[str, Any] = {"id": stat.id, "key": stat.key, **names(game, stat, lang),
                           "scope": stat.scope, "kind": stat.kind,
                           "columns": stat.columns(players_of(rows[0]))}
    values = _values(rows, stat)
    if stat.kind in ("integer", "numeric"):
        numbers = [float(v) for v in values]
        out.update(distribution(numbers, integer=stat.kind == "integer"))
        if stat.scope == "seat":
            # a game's seats are not independent: the mean's interval comes from the games
            means = [m for row in rows if (m := _per_game(row, stat)) is not None]
            out["half"] = mean_sd(means)["half"]
            out["by_turn_order"] = _by_position(rows, stat)
    elif stat.kind == "boolean":
        out.update(rate(sum(_truth(v) for v in values), len(values)))
    elif stat.kind == "seat":
        out.update(seat_counts(rows, stat.key))
    else:
        out["counts"] = dict(sorted(Counter(str(v) for v in values).items()))
        if stat.scope == "seat":
            out["win_rate"] = category_rates(rows, stat.key)
    return out


def _truth(value: Any) -> bool:
    return str(value).lower() in ("1", "true", "yes")


def _by_position(rows: Sequence[Row], stat: Statistic) -> list[dict[str, Any]]:
    """A per-seat number's mean at each place in the turn order (from 1)."""
    players = players_of(rows[0])
    found: list[list[float]] = [[] for _ in range(players)]
    for row in rows:
        for seat, column in enumerate(stat.columns(players)):
            if _number(row.get(column)):
                found[position_of(row, seat)].append(float(row[column]))
    return [{"position": k + 1, **mean_sd(values)} for k, values in enumerate(found)]


def seat_counts(rows: Sequence[Row], column: str) -> dict[str, Any]:
    """How often each seat (from 1), and each place in the turn order, is the value of a
    seat column (-1: nobody, counted as ``none``); never an average of seat numbers."""
    players = players_of(rows[0])
    by_seat: Counter[str] = Counter()
    by_position: Counter[str] = Counter()
    for row in rows:
        seat = int(row[column])
        if seat < 0:
            by_seat["none"] += 1
            by_position["none"] += 1
            continue
        by_seat[str(seat + 1)] += 1
        by_position[str(position_of(row, seat) + 1)] += 1
    order = [*map(str, range(1, players + 1)), "none"]
    return {"games": len(rows), "by_seat": {k: by_seat[k] for k in order},
            "by_turn_order": {k: by_position[k] for k in order}}


def category_rates(rows: Sequence[Row], stem: str) -> dict[str, dict[str, Any]]:
    """Win rate of the seats in each category of the per-seat column ``stem_{seat}``
    against the even share, corrected together (Holm)."""
    players = players_of(rows[0])
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    for row in rows:
        won = winners_of(row)
        for seat in range(players):
            category = str(row.get(f"{stem}_{seat}", ""))
            seats[category] += 1
            wins[category] += 1 / len(won) if seat in won else 0.0
    out = {c: rate(wins[c], seats[c], expected=1 / players) for c in sorted(seats)}
    adjust(list(out.values()))
    return out


def ratios_of(rows: Sequence[Row], lang: str) -> dict[str, dict[str, Any]]:
    """The game's declared rates over all games (sum over sum)."""
    game = str(rows[0].get("game", ""))
    out = {}
    for ratio in declarations(game)[1]:
        if ratio.numerator not in rows[0] or ratio.denominator not in rows[0]:
            continue
        above = sum(float(row.get(ratio.numerator) or 0) for row in rows)
        below = sum(float(row.get(ratio.denominator) or 0) for row in rows)
        out[ratio.id] = {**names(game, ratio, lang), "value": above / below if below else 0.0,
                         "numerator": above, "denominator": below, "games": len(rows)}
    return out


def game_stats(rows: Sequence[Row], lang: str = "en") -> dict[str, Any]:
    """The game's statistics, per game and per seat kept apart, and its ratios."""
    found = [summarise(rows, stat, lang) for stat in statistics_of(rows)]
    return {"per_game": {s["id"]: s for s in found if s["scope"] == "game"},
            "per_seat": {s["id"]: s for s in found if s["scope"] == "seat"},
            "ratios": ratios_of(rows, lang)}


# ----------------------------------------------------------------- sets and sweeps
def labels(sets: Sequence[Sequence[Row]], lang: str = "en") -> list[str]:
    """Each set's name: its player count and swept options, and where that leaves two
    sets alike (files of separate runs), the options they differ in.

    >>> labels([[{"players": 3, "sweep": "", "options": '{"variant":"base","x":1}'}],
    ...         [{"players": 3, "sweep": "", "options": '{"variant":"characters","x":1}'}]])
    ['3 players, variant=base', '3 players, variant=characters']
    """
    tr = Translator("stats", lang)
    plain = [tr("report.n_players", count=players_of(rows[0]))
             + (f", {rows[0]['sweep']}" if rows[0].get("sweep") else "") for rows in sets]
    options = [_options(rows[0]) for rows in sets]
    out = []
    for k, name in enumerate(plain):
        alike = [options[j] for j, other in enumerate(plain) if other == name]
        differ = sorted({key for o in alike for key in o if any(o.get(key) != p.get(key)
                                                                 for p in alike)})
        out.append(", ".join([name, *(f"{key}={options[k].get(key)}" for key in differ)]))
    return out


def _options(row: Row) -> dict[str, Any]:
    try:
        found = json.loads(str(row.get("options") or "{}"))
    except ValueError:
        return {"options": row.get("options")}
    return found if isinstance(found, dict) else {"options": found}


def analyse_set(rows: Sequence[Row], lang: str = "en") -> dict[str, Any]:
    """Every number of the report for one player count and option set (the tables of
    win rates still to be corrected across the report: :func:`analyse` does it)."""
    players = players_of(rows[0])
    group: dict[str, Any] = {
        "game": str(rows[0].get("game", "")), "players": players,
        "sweep": str(rows[0].get("sweep", "") or ""), "options": rows[0].get("options", ""),
        "games": len(rows),
        "by_turn_order": seat_rates(rows, position=True),
        "by_seat": seat_rates(rows, position=False),
        "bots": bot_table(rows),
        "length": distribution([float(row["length"]) for row in rows]),
        "margins": margins(rows),
        "stats": game_stats(rows, lang)}
    return group


def margins(rows: Sequence[Row]) -> dict[str, Any]:
    """Score margins: the winner's lead over the runner-up (a distribution), and the first
    player's score against the mean of the others' in the same game (a paired test, to be
    corrected across the report with the other groups' by :func:`analyse`)."""
    leads, first, others = [], [], []
    for row in rows:
        players = players_of(row)
        scores = [float(row[f"score_{s}"]) for s in range(players)]
        top = sorted(scores, reverse=True)
        leads.append(top[0] - top[1] if players > 1 else 0.0)
        seat = int(row.get("first", 0) or 0)
        first.append(scores[seat])
        others.append((sum(scores) - scores[seat]) / max(1, players - 1))
    return {"lead": distribution(leads),
            "first_player": {**mean_sd([f - o for f, o in zip(first, others, strict=True)]),
                             **paired(others, first)}}


def split(rows: Iterable[Row]) -> list[list[Row]]:
    """The rows by player count, then option set (in order of appearance within each)."""
    sets: dict[tuple[int, str, str], list[Row]] = {}
    for row in rows:
        key = (players_of(row), str(row.get("sweep", "") or ""), str(row.get("options", "")))
        sets.setdefault(key, []).append(row)
    return [sets[key] for key in sorted(sets, key=lambda k: k[0])]


def analyse(rows: Iterable[Row], lang: str = "en") -> list[dict[str, Any]]:
    """:func:`analyse_set` for each player count and option set; the turn-order table,
    the seat table and the first players' score margins are each corrected across all their
    cells (Holm)."""
    parts = split(rows)
    groups = [analyse_set(part, lang) for part in parts]
    for group, name in zip(groups, labels(parts, lang), strict=True):
        group["label"] = name
    for key in ("by_turn_order", "by_seat"):
        adjust([cell for group in groups for cell in group[key]])
    tests = [group["margins"]["first_player"] for group in groups]
    for test in tests:  # judged at the table's strictest threshold, like its p-values
        test["detectable"] = detectable_mean(test["sd"], test["n"], len(tests))
    adjust(tests)
    return groups


def _first_won(row: Row) -> float:
    won = winners_of(row)
    return 1 / len(won) if int(row.get("first", 0) or 0) in won else 0.0


def _per_game(row: Row, stat: Statistic) -> float | None:
    """A numeric statistic's value in one game (a per-seat one: the mean over seats)."""
    values = [float(row[c]) for c in stat.columns(players_of(row)) if _number(row.get(c))]
    return sum(values) / len(values) if values else None


def _deal(row: Row) -> tuple[Any, ...]:
    """What makes games of different option sets the same deal: seed and seating."""
    players = players_of(row)
    return (row.get("seed"), *(str(row.get(f"bot_{s}")) for s in range(players)))


def compare(sets: Sequence[Sequence[Row]], lang: str = "en") -> dict[str, Any] | None:
    """Option sets of one player count side by side against the first: the first player's
    win rate, game length and every numeric statistic; paired tests game by game when
    every set played the same deals, Welch's otherwise; Holm across the table."""
    if len(sets) < 2:
        return None
    keys = [[_deal(row) for row in rows] for rows in sets]
    same = all(len(set(k)) == len(k) and set(k) == set(keys[0]) for k in keys)
    ordered = [sorted(rows, key=_deal) if same else list(rows) for rows in sets]
    tr = Translator("stats", lang)
    lines: list[dict[str, Any]] = [
        _line("first_player", tr("report.first_player_rate"), "game", "rate",
              [[_first_won(r) for r in rows] for rows in ordered]),
        _line("length", tr("report.length_actions"), "game", "mean",
              [[float(r["length"]) for r in rows] for rows in ordered])]
    game = str(sets[0][0].get("game", ""))
    for stat in statistics_of(sets[0]):
        if stat.kind not in ("integer", "numeric", "boolean"):
            continue
        if stat.kind == "boolean":
            values = [[float(_truth(r[stat.key])) for r in rows] for rows in ordered]
        else:
            found = [[_per_game(r, stat) for r in rows] for rows in ordered]
            if any(v is None for part in found for v in part):
                continue
            values = [[float(v) for v in part if v is not None] for part in found]
        title = names(game, stat, lang)["name"]
        lines.append(_line(stat.id, title, stat.scope, "mean", values))
    cells = [test for line in lines for test in line["tests"]]
    test_of = paired if same else unpaired
    for test in cells:
        test.update(test_of(test.pop("_a"), test.pop("_b"), len(cells)))
    adjust(cells)
    names_ = [name.partition(", ")[2] for name in labels(sets, lang)]  # without "N players"
    return {"players": players_of(sets[0][0]), "sets": names_, "reference": names_[0],
            "paired": same, "lines": lines}


def _line(ident: str, title: str, scope: str, unit: str,
          values: Sequence[Sequence[float]]) -> dict[str, Any]:
    summary: list[dict[str, Any]] = [dict(mean_sd(v)) for v in values]
    if unit == "rate":
        for s, v in zip(summary, values, strict=True):
            s["ci"] = list(wilson(sum(v), len(v)))
    tests = [{"_a": values[0], "_b": v} for v in values[1:]]
    return {"id": ident, "name": title, "scope": scope, "unit": unit, "values": summary,
            "tests": tests}


def sweeps(rows: Sequence[Row], lang: str = "en") -> list[dict[str, Any]]:
    """:func:`compare` for each player count with several option sets."""
    by_players: dict[int, list[list[Row]]] = defaultdict(list)
    for part in split(rows):
        by_players[players_of(part[0])].append(part)
    return [found for parts in by_players.values() if (found := compare(parts, lang))]


# ----------------------------------------------------------------- documents
def document(rows: Sequence[Row], sources: Sequence[str] = (),
             lang: str = "en") -> dict[str, Any]:
    """The whole report as one JSON-ready document (docs/report.md describes its shape)."""
    groups = analyse(rows, lang)
    return {"format": FORMAT, "game": groups[0]["game"] if groups else "",
            "sources": list(sources), "language": lang,
            "games": sum(g["games"] for g in groups),
            "by_turn_order": [{"players": g["players"], "sweep": g["sweep"], **cell}
                              for g in groups for cell in g["by_turn_order"]],
            "groups": groups, "sweeps": sweeps(rows, lang)}


def column_descriptions(game: str, players: int) -> dict[str, str]:
    """Every column of a row of ``game`` at ``players`` seats, with what it holds (for a
    rows file's metadata)."""
    out = dict(BASE_COLUMNS)
    for seat in range(players):
        for stem, text in SEAT_COLUMNS.items():
            out[f"{stem}_{seat}"] = text.format(seat=seat)
    for stat in declarations(game)[0]:
        for seat, column in enumerate(stat.columns(players)):
            where = f" (seat {seat}, from 0)" if stat.scope == "seat" else ""
            out[column] = f"{stat.name}: {stat.definition}{where}; {stat.kind}"
    return out


def file_metadata(game: str, players: int, command: str, seed: int) -> dict[str, str]:
    """The key-value metadata a rows file carries: the command that made it, the run's
    seed, towerplay's version, the versions it ran on (towerplay's commit, Python; as
    JSON text) and the columns' descriptions (as JSON text)."""
    from towerplay import __version__
    from towerplay.sim.provenance import versions

    return {"towerplay.command": command, "towerplay.seed": str(seed),
            "towerplay.version": __version__, "towerplay.versions": json.dumps(versions()),
            "towerplay.game": game,
            "towerplay.columns": json.dumps(column_descriptions(game, players))}

