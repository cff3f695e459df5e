"""Every figure README.md and docs/ publish from a results file, recomputed from that file.

    PYTHONPATH=src python3 benchmarks/figures.py           # every figure, page by page
    PYTHONPATH=src python3 benchmarks/figures.py --check   # and which pages do not show it

A :class:`Figure` is a piece of text as its page prints it (a table, the numbers of a
sentence) and the results files it is computed from. ``tests/test_figures.py`` checks every
one: the page shows the text word for word and names each of its files. A figure whose
numbers moved (a results file grew, a bug in a count was fixed) fails until the page says
what the file says.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from towerplay.sim.ladder import wilson
from towerplay.sim.significance import holm

ROOT = Path(__file__).resolve().parents[1]
RESULTS = "benchmarks/results"
STRENGTH = f"{RESULTS}/strength-2026-11-28"
BALANCE = f"{RESULTS}/balance-2026-12-02"
TITLES = {"five_towers": "5 Towers", "castle": "castle", "blueprints": "Blueprints",
          "skytopia": "Skytopia"}


@dataclass(frozen=True)
class Figure:
    """A published figure: where it is shown, what it is computed from and how."""

    page: str
    """The page showing it, from the repository's root (``docs/bots.md``)."""
    files: tuple[str, ...]
    """Its results files, from the repository's root; the page names each."""
    make: Callable[..., str]
    """The figure's text from the files' paths (in the order of :attr:`files`)."""
    name: str

    def text(self) -> str:
        return self.make(*(ROOT / file for file in self.files))


def script(name: str) -> ModuleType:
    """A script beside this one (``bench_strength``) or under docs/, loaded as a module."""
    path = ROOT / "benchmarks" / f"{name}.py"
    if not path.exists():
        path = ROOT / "docs" / f"{name}.py"
    found = sys.modules.get(name)
    if found is None:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        found = importlib.util.module_from_spec(spec)
        sys.modules[name] = found  # (its dataclasses look their module up)
        spec.loader.exec_module(found)
    return found


# --------------------------------------------------------------------------- helpers
def rate(wins: float, games: int) -> str:
    """``74.0% (68–80%)``: a win rate with its 95% Wilson interval."""
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.1f}% ({100 * low:.0f}–{100 * high:.0f}%)"


def won_at(shares: list[float], iterations: int, percent: bool = False) -> str:
    """``52 of 100 at 300 iterations [42, 62]``: a cell's wins with its 95% Wilson interval
    (``percent``: ``… (52.0%, [42, 62])``)."""
    wins, games = sum(shares), len(shares)
    low, high = wilson(wins, games)
    interval = f"[{100 * low:.0f}, {100 * high:.0f}]"
    shown = f"({100 * wins / games:.1f}%, {interval})" if percent else interval
    return f"{wins:g} of {games} at {iterations:,} iterations {shown}"


def sign_test(better: int, worse: int) -> float:
    """The exact two-sided sign test's p-value (ties left out).

    >>> round(sign_test(21, 8), 3), sign_test(3, 3)
    (0.024, 1.0)
    """
    n = better + worse
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(better, worse) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def strength_rows(path: Path, spec: str | None = None, game: str | None = None,
                  players: int | None = None, seeing: bool = False,
                  secrets: bool = False) -> list[dict[str, Any]]:
    """The games of a ``bench_strength.py`` file (each once) matching the filters."""
    return [row for row in script("bench_strength").load(path).values()
            if (spec is None or row["spec"] == spec) and (game is None or row["game"] == game)
            and (players is None or row["players"] == players)
            and bool(row.get("sees_all")) == seeing
            and bool(row.get("sees_secrets")) == secrets]


def by_deal(rows: Iterable[dict[str, Any]]) -> dict[tuple[Any, ...], dict[str, Any]]:
    """Games by what makes them the same game for another bot: game, size, deal, seat."""
    return {(row["game"], row["players"], row["seed"], row["seat"]): row for row in rows}


def paired(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> dict[str, Any]:
    """Two bots' games on the same deals and seats: how many, each one's win share, the
    games where ``after`` took a larger / smaller share, and the sign test."""
    old, new = by_deal(before), by_deal(after)
    same = sorted(set(old) & set(new))
    better = sum(new[k]["win"] > old[k]["win"] for k in same)
    worse = sum(new[k]["win"] < old[k]["win"] for k in same)
    return {"games": len(same), "before": sum(old[k]["win"] for k in same),
            "after": sum(new[k]["win"] for k in same), "better": better, "worse": worse,
            "p": sign_test(better, worse),
            "difference": difference([new[k]["win"] - old[k]["win"] for k in same]),
            "margin_before": _mean(old[k]["score"] - old[k]["others"] for k in same),
            "margin_after": _mean(new[k]["score"] - new[k]["others"] for k in same)}


def difference(changes: Sequence[float]) -> tuple[float, float, float]:
    """The mean of paired changes in a win share, in points, with its 95% interval (normal
    approximation: the mean ± 1.96 standard errors of the changes).

    >>> difference([1.0, 0.0, -1.0, 1.0])
    (25.0, -68.8, 118.8)
    """
    n = len(changes)
    if n < 2:
        return (math.nan, math.nan, math.nan)
    mean = sum(changes) / n
    spread = 1.96 * math.sqrt(sum((c - mean) ** 2 for c in changes) / (n - 1) / n)
    return (round(100 * mean, 1), round(100 * (mean - spread), 1),
            round(100 * (mean + spread), 1))


def speed(rows: list[dict[str, Any]]) -> float:
    """A search's iterations a CPU second over its games of a ``bench_strength.py`` file."""
    return sum(r["iterations"] for r in rows) / sum(r["cpu"] for r in rows)


def paired_cells(pair: dict[str, Any], speeds: Sequence[float]) -> str:
    """A paired comparison's cells of a strength table (:func:`paired`): games, each
    bot's win rate, games better / worse, margins, iterations a CPU second."""
    n = pair["games"]
    return (f"{n} | {rate(pair['before'], n)} | {rate(pair['after'], n)} "
            f"| {pair['better']} / {pair['worse']} (p = {pair['p']:.2g}) "
            f"| {pair['margin_before']:+.1f} → {pair['margin_after']:+.1f} "
            f"| {speeds[0]:,.0f} → {speeds[1]:,.0f} |")


def paired_by_files(cells: Sequence[tuple[str, str, str]], files: Sequence[Path]
                    ) -> list[tuple[dict[str, Any], list[float]]]:
    """Each cell (game, spec before, spec after) at 2 players, its games read from
    ``files`` two by two (before, after): their pairing (:func:`paired`) and the two
    searches' iterations a CPU second."""
    found = []
    for (game, spec_before, spec_after), before_file, after_file in zip(
            cells, files[::2], files[1::2], strict=True):
        before = strength_rows(before_file, spec_before, game, 2)
        after = strength_rows(after_file, spec_after, game, 2)
        found.append((paired(before, after), [speed(before), speed(after)]))
    return found


def _mean(values: Iterable[float]) -> float:
    found = list(values)
    return sum(found) / len(found) if found else math.nan


def _pct(wins: float, games: int) -> str:
    return f"{100 * wins / games:.1f}%"


# --------------------------------------------------------------------------- strength
def two_player_table(rows_file: Path, expert_file: Path) -> str:
    """docs/bots.md: the search at 2,500 iterations against greedy at 2 players, beside
    the 1,000-iteration search on the games both played."""
    lines = ["| game | games | win rate (95% CI) | score (greedy) | CPU s / searched move "
             "| iterations / CPU s | 1,000 iterations → 2,500 on the same games |",
             "|---|---|---|---|---|---|---|"]
    for game in sorted(TITLES):
        rows = strength_rows(rows_file, "ismcts:iterations=2500", game, 2)
        n = len(rows)
        wins = sum(r["win"] for r in rows)
        cpu, searched = sum(r["cpu"] for r in rows), sum(r["searched"] for r in rows)
        iterations = sum(r["iterations"] for r in rows)
        pair = paired(strength_rows(expert_file, "expert", game, 2), rows)
        lines.append(
            f"| {game} | {n} | {rate(wins, n)} "
            f"| {_mean(r['score'] for r in rows):.1f} ({_mean(r['others'] for r in rows):.1f}) "
            f"| {cpu / searched:.2f} | {iterations / cpu:,.0f} "
            f"| {pair['games']} games: {_pct(pair['before'], pair['games'])} → "
            f"{_pct(pair['after'], pair['games'])}, {pair['better']} better / "
            f"{pair['worse']} worse (p = {pair['p']:.2g}) |")
    return "\n".join(lines)


def two_player_sentence(rows_file: Path) -> str:
    """README.md: the same table in one sentence, best first."""
    cells = []
    for game in TITLES:
        rows = strength_rows(rows_file, "ismcts:iterations=2500", game, 2)
        wins = sum(r["win"] for r in rows)
        cells.append((wins / len(rows), f"{TITLES[game]} {rate(wins, len(rows))} of {len(rows)}"))
    return ", ".join(text for _, text in sorted(cells, reverse=True))


def ceiling_table(fair_file: Path, seeing_file: Path) -> str:
    """docs/bots.md: the fair search against the one seeing every card, same games."""
    lines = ["| game | games | fair search (2,500 iterations) | seeing every card (2,500) "
             "| games better / worse (sign test) | margin over greedy a game: fair → seeing |",
             "|---|---|---|---|---|---|"]
    for game in ("five_towers", "blueprints", "castle"):
        pair = paired(strength_rows(fair_file, "ismcts:iterations=2500", game, 2),
                      strength_rows(seeing_file, "ismcts:iterations=2500", game, 2,
                                    seeing=True))
        n = pair["games"]
        lines.append(f"| {game} | {n} | {rate(pair['before'], n)} | {rate(pair['after'], n)} "
                     f"| {pair['better']} / {pair['worse']} (p = {pair['p']:.2g}) "
                     f"| {pair['margin_before']:+.1f} → {pair['margin_after']:+.1f} |")
    return "\n".join(lines)


def seeing_sentence(fair_file: Path, seeing_file: Path) -> str:
    """README.md: the seeing search's rate in 5 Towers and Blueprints, beside the fair."""
    parts = []
    for game in ("five_towers", "blueprints"):
        pair = paired(strength_rows(fair_file, "ismcts:iterations=2500", game, 2),
                      strength_rows(seeing_file, "ismcts:iterations=2500", game, 2,
                                    seeing=True))
        n = pair["games"]
        parts.append(f"{rate(pair['after'], n)} of the {n} {TITLES[game]} games where the "
                     f"fair one won {_pct(pair['before'], n)}")
    return " and ".join(parts)


def secrets_sentence(fair_file: Path, secrets_file: Path) -> str:
    """docs/bots.md and README.md: Blueprints' search handed the other seat's secrets."""
    pair = paired(strength_rows(fair_file, "ismcts:iterations=2500", "blueprints", 2),
                  strength_rows(secrets_file, "ismcts:iterations=2500", "blueprints", 2,
                                secrets=True))
    n = pair["games"]
    return (f"{rate(pair['after'], n)} of {n} games where the fair search won "
            f"{_pct(pair['before'], n)}: {pair['better']} games better and {pair['worse']} "
            f"worse (sign test p = {pair['p']:.2g}; margin over greedy a game "
            f"{pair['margin_before']:+.1f} → {pair['margin_after']:+.1f})")


LARGER = (
    ("blueprints", 2, "`ismcts:iterations=1000`", "expert.jsonl", "expert"),
    ("blueprints", 2, "`ismcts:iterations=1000`, expected-VP cut value (tried)",
     "blueprints_expected_vp.jsonl", "expert, expected-VP cut value (tried, not kept)"),
    ("blueprints", 3, "`ismcts:iterations=1000`", "expert.jsonl", "expert"),
    ("blueprints", 4, "`ismcts:iterations=1000`", "expert.jsonl", "expert"),
    ("castle", 2, "`ismcts:iterations=1000`", "expert.jsonl", "expert"),
    ("castle", 2, "`ismcts:iterations=1000,opponents=greedy` (tried)",
     "castle_opponents_greedy.jsonl", "ismcts:iterations=1000,opponents=greedy"),
    ("castle", 3, "`ismcts:iterations=1000`", "expert.jsonl", "expert"),
    ("castle", 3, "`ismcts:iterations=1000,opponents=greedy` (tried)",
     "castle_opponents_greedy.jsonl", "ismcts:iterations=1000,opponents=greedy"),
    ("castle", 4, "`ismcts:iterations=1000`", "expert.jsonl", "expert"),
    ("castle", 4, "`ismcts:iterations=1000,opponents=greedy` (tried)",
     "castle_opponents_greedy.jsonl", "ismcts:iterations=1000,opponents=greedy"),
    ("five_towers", 2, "`ismcts:iterations=1000`", "expert.jsonl", "expert"),
    *((("five_towers", n, f"`ismcts:iterations=1000,opponents={kind}` ({when})", file,
        f"ismcts:iterations=1000,opponents={kind}")
       for n in (3, 4, 5)
       for kind, when, file in (("tree", "before", "five_towers_before.jsonl"),
                                ("model", "shipped", "five_towers_model.jsonl")))),
    ("skytopia", 2, "`ismcts:iterations=1000`", "expert.jsonl", "expert"),
    ("skytopia", 2, "`ismcts:iterations=1000,opponents=game` (tried)",
     "skytopia_opponents_game.jsonl", "ismcts:iterations=1000,opponents=game"),
    ("skytopia", 3, "`ismcts:iterations=1000,opponents=tree` (before)",
     "skytopia_before.jsonl", "ismcts:iterations=1000,opponents=tree"),
    ("skytopia", 3, "`ismcts:iterations=1000,opponents=game` (shipped)",
     "skytopia_opponents_game.jsonl", "ismcts:iterations=1000,opponents=game"),
    ("skytopia", 4, "`ismcts:iterations=1000,opponents=tree` (before)",
     "skytopia_before.jsonl", "ismcts:iterations=1000,opponents=tree"),
    ("skytopia", 4, "`ismcts:iterations=3300,opponents=tree` (≈ `seconds=1` before)",
     "skytopia_3300.jsonl", "ismcts:iterations=3300,opponents=tree"),
    ("skytopia", 4, "`ismcts:iterations=1000,opponents=game` (shipped)",
     "skytopia_opponents_game.jsonl", "ismcts:iterations=1000,opponents=game"),
)
"""docs/bots.md's table of the 1,000-iteration search by game and size: each row's game,
size, label, file (in :data:`STRENGTH`) and the spec its lines carry."""
LARGER_FILES = tuple(dict.fromkeys(f"{STRENGTH}/{row[3]}" for row in LARGER))


def larger_table(*files: Path) -> str:
    """docs/bots.md: the search against greedy at every size (:data:`LARGER`)."""
    paths = {path.name: path for path in files}
    lines = ["| game | players | bot | games | win rate (95% CI) | even | score (greedy) "
             "| CPU s / searched move | iterations / CPU s |",
             "|---|---|---|---|---|---|---|---|---|"]
    for game, players, label, file, spec in LARGER:
        rows = strength_rows(paths[file], spec, game, players)
        n, cpu = len(rows), sum(r["cpu"] for r in rows)
        searched = sum(r["searched"] for r in rows)
        lines.append(
            f"| {game} | {players} | {label} | {n} | {rate(sum(r['win'] for r in rows), n)} "
            f"| {100 / players:.0f}% | {_mean(r['score'] for r in rows):.1f} "
            f"({_mean(r['others'] for r in rows):.1f}) | {cpu / searched:.2f} "
            f"| {sum(r['iterations'] for r in rows) / cpu:,.0f} |")
    return "\n".join(lines)


# --------------------------------------------------------------------------- balance
KINDS = ("turn order", "margins", "bots", "sweep", "labels", "ratios")
"""The tables ``docs/balance_tables.py`` prints, in order."""
BALANCE_RUNS = {
    "five_towers": (("five_towers_2p", "five_towers_3p", "five_towers_4p", "five_towers_5p"),
                    ("turn order", "margins")),
    "castle": (("castle_2p", "castle_3p", "castle_4p"),
               ("turn order", "margins", "sweep", "ratios")),
    "blueprints": (("blueprints_2p", "blueprints_3p", "blueprints_4p"),
                   ("turn order", "margins", "labels", "ratios")),
    "skytopia": (("skytopia_2p", "skytopia_3p_sides", "skytopia_4p"),
                 ("turn order", "margins", "sweep", "labels")),
    "rebid, greedy": (("five_towers_rebid",), ("sweep",)),
    "rebid, random": (("five_towers_rebid_random",), ("sweep",)),
    "rebid, greedy against random": (("five_towers_rebid_mixed",), ("bots", "sweep")),
}
"""docs/balance.md's runs: the rows files behind each command, and the tables it shows."""


def balance_table(index: int) -> Callable[..., str]:
    """The ``index``-th table ``docs/balance_tables.py`` prints for the files."""
    def make(*files: Path) -> str:
        return _balance_tables(files)[index]
    return make


@cache
def _balance_tables(files: tuple[Path, ...]) -> tuple[str, ...]:
    return tuple(script("balance_tables").tables(list(files)))


def balance_figures() -> list[Figure]:
    found = []
    for run, (stems, shown) in BALANCE_RUNS.items():
        files = tuple(f"{BALANCE}/{stem}.parquet" for stem in stems)
        for kind in shown:
            found.append(Figure("docs/balance.md", files, balance_table(KINDS.index(kind)),
                                f"{run}: {kind}"))
    return found


# --------------------------------------------------------------------------- OpenSpiel
OPENSPIEL = f"{RESULTS}/vs_openspiel-2026-12-02"


OPENSPIEL_FILES = tuple(f"{OPENSPIEL}/{name}.jsonl" for name in (
    "reused_100", "reused_1000", "castle_shipped"))
"""The fair match's games: castle's since 2026-12-02 (the search as shipped), the other
games' from 2026-11-27 (copied; their searches have not changed since, replayed
identically)."""


def openspiel_records(*files: Path) -> list[dict[str, Any]]:
    return list(script("bench_vs_openspiel").read_records([f for f in files if f.exists()]))


def openspiel_table(*files: Path) -> str:
    """docs/rl.md: every cell of the fair match, cheap budgets first."""
    bench = script("bench_vs_openspiel")
    return str(bench.table(bench.cells(openspiel_records(*files))))


def openspiel_sentence(*files: Path) -> str:
    """README.md: ours and greedy against OpenSpiel's bot, each budget's games pooled, with
    the games each budget covers."""
    bench = script("bench_vs_openspiel")
    rows = bench.cells(openspiel_records(*files))
    parts = []
    for budget in dict.fromkeys((row["iterations"], row["seconds"]) for row in rows):
        mine = [row for row in rows if (row["iterations"], row["seconds"]) == budget]
        pooled = next(row for row in reversed(mine))  # the "all" row, or the only cell
        names = ", ".join(TITLES[game] for game in sorted(
            {row["game"] for row in mine if row["game"] != bench.ALL}))
        iterations, seconds = budget
        said = f"{iterations:,} iterations" if seconds is None else f"{seconds:g} s"
        greedy = (f"greedy {bench._rate(pooled['greedy'])}" if pooled["greedy"]["games"]
                  else "greedy not played yet")
        parts.append(f"at {said} ({names}) ours won {bench._rate(pooled['ismcts'])}, "
                     f"{greedy}")
    return "; ".join(parts)


def openspiel_commands(*files: Path) -> str:
    """docs/rl.md: the commands that played the fair match's games, as their lines record
    them, each once (lines copied from an older file name that file instead)."""
    said: dict[str, None] = {}
    for line in openspiel_records(*files):
        command = line.get("command")
        said[f"PYTHONPATH=src python3 {command}" if command
             else f"# copied from {line['copied_from']}"] = None
    return "\n".join(said)


CASTLE_HALVING = (f"{RESULTS}/vs_openspiel-2026-12-02b/castle_halving.jsonl",)
"""Castle's fair match with ours searching by sequential halving at the root and pooled
outcomes (``--search root=halving,outcomes=pooled``, the match's default since then)."""


def match_shares(path: Path, iterations: int,
                 search: str | None = None) -> dict[tuple[str, int], float]:
    """Ours' share of each game of the fair match at ``iterations`` in ``path``, by
    playout policy and deal (of one ``search`` where given)."""
    return {(line["playouts"], line["index"]): line["share"]
            for line in openspiel_records(path)
            if line["side"] == "ismcts" and line["iterations"] == iterations
            and search in (None, line.get("search", ""))}


def openspiel_paired(before: Path, after: Path, iterations: int = 300,
                     policies: tuple[str, ...] = ("game", "random"),
                     searches: tuple[str | None, str | None] = (None, None),
                     called: str = "the search before") -> str:
    """docs/rl.md: castle's games of ours on the deals both files played at
    ``iterations``, playout policy by policy: the search of ``after`` against the search
    of ``before`` (``called`` in the text; each file's lines of one ``search`` where
    given)."""
    old = match_shares(before, iterations, searches[0])
    new = match_shares(after, iterations, searches[1])
    said = []
    names = {"game": "the game's playouts", "random": "random playouts"}
    for policy in policies:
        common = sorted(key for key in old.keys() & new.keys() if key[0] == policy)
        better = sum(new[key] > old[key] for key in common)
        worse = sum(new[key] < old[key] for key in common)
        said.append(f"with {names[policy]}, on the {len(common)} deals both played at "
                    f"{iterations:,} iterations, ours won {sum(new[key] for key in common):g}, "
                    f"{called} {sum(old[key] for key in common):g}: {better} games "
                    f"better, {worse} worse (sign test p = {sign_test(better, worse):.2f})")
    return "; ".join(said)


APART_FILES = {name: f"{RESULTS}/vs_openspiel-2026-12-03/castle_{name}.jsonl"
               for name in ("apart", "exact", "apart_game")}
"""Castle's fair match with ours weighing every unseen card apart (``alike=apart``, UCB at
the root): with random playouts at 300 and 1,000 iterations, beside the unseen cards merged
at 300 (``apart``); every outcome below a reveal kept apart too, at 1,000 (``exact``); with
the game's playouts at 300 (``apart_game``)."""
CASTLE_APART = tuple(APART_FILES.values())
APART, MERGED = "root=ucb,outcomes=pooled,alike=apart", "root=ucb,outcomes=pooled"
EXACT = "root=ucb,outcomes=exact,alike=apart"


def apart_against_halving(halving: Path, apart: Path, game: Path) -> str:
    """docs/rl.md: unseen cards apart against the match's search (halving, merged), with
    random playouts at 300 and at 1,000 iterations, with the game's at 300."""
    return "; ".join([
        *(openspiel_paired(halving, apart, iterations, policies=("random",),
                           searches=(None, APART), called="the match's search")
          for iterations in (300, 1000)),
        openspiel_paired(halving, game, 300, policies=("game",), searches=(None, APART),
                         called="the match's search")])


def apart_against_merged(apart: Path) -> str:
    """docs/rl.md: unseen cards apart against merged, both with UCB at the root."""
    return openspiel_paired(apart, apart, policies=("random",), searches=(MERGED, APART),
                            called="merged")


def exact_against_pooled(apart: Path, exact: Path) -> str:
    """docs/rl.md: unseen cards apart with every outcome below a reveal kept apart against
    pooled outcomes, random playouts at 1,000 iterations."""
    return openspiel_paired(apart, exact, 1000, policies=("random",),
                            searches=(APART, EXACT), called="pooled")


CASTLE_TIME = (f"{RESULTS}/vs_openspiel-2026-12-03/castle_time.jsonl",)
"""Castle's fair match at equal time (0.25 s a decision on each side) with the adapter's
memo, ours with the match's search options (halving falls back to UCB with ``seconds``)."""


CASTLE_PAIRED = (f"{RESULTS}/vs_openspiel-2026-12-04/castle_paired.jsonl",)
"""Castle's fair match with ours trying every root move in each sampled world on common
random numbers (``paired=true``, UCB below the root, outcomes pooled, unseen cards merged),
random playouts at 1,000 iterations; stopped after 47 deals."""


def paired_against_apart_and_halving(halving: Path, apart: Path, paired: Path) -> str:
    """docs/rl.md: paired root moves against unseen cards apart and against the match's
    search (halving, merged), random playouts at 1,000 iterations, on the same deals."""
    return "; ".join([
        openspiel_paired(apart, paired, 1000, policies=("random",), searches=(APART, None),
                         called="apart"),
        openspiel_paired(halving, paired, 1000, policies=("random",),
                         called="the match's search")])


CASTLE_PARENT = (f"{RESULTS}/vs_openspiel-2026-12-04/castle_parent.jsonl",)
"""Castle's fair match with ours counting UCB's chances by the parent's visits
(``counts=parent``, as OpenSpiel's search counts), every unseen card its own arm, UCB at
the root, outcomes pooled: random playouts at 300 and 1,000 iterations, the game's at 300."""


def parent_against_availability(apart: Path, apart_game: Path, parent: Path) -> str:
    """docs/rl.md: the parent's visits against availability counts, both with every
    unseen card apart, deal by deal."""
    return "; ".join([
        *(openspiel_paired(apart, parent, iterations, policies=("random",),
                           searches=(APART, None), called="availability")
          for iterations in (300, 1000)),
        openspiel_paired(apart_game, parent, 300, policies=("game",), called="availability")])


def parent_sentence(apart: Path, parent: Path) -> str:
    """README.md: counting by the parent with random playouts at 1,000 iterations, beside
    availability on the same deals, and with the game's playouts at 300."""
    def wins(path: Path, policy: str, iterations: int, search: str | None) -> dict[int, float]:
        return {index: share for (played, index), share
                in match_shares(path, iterations, search).items() if played == policy}

    new, old = wins(parent, "random", 1000, None), wins(apart, "random", 1000, APART)
    game = wins(parent, "game", 300, None)
    common = new.keys() & old.keys()
    return (f"won {sum(new.values()):g} of {len(new)}, half by the letter, where "
            f"availability counts won {sum(old[i] for i in common):g} of the same deals: no "
            f"difference the games show, and the same setting won {sum(game.values()):g} of "
            f"{len(game)} with the game's playouts")


CASTLE_APART_GAME_1000 = (f"{RESULTS}/vs_openspiel-2026-12-04b/castle_apart_game_1000.jsonl",)
"""Castle's fair match with every unseen card its own arm (``alike=apart``, UCB at the
root, outcomes pooled) with the game's playouts at 1,000 iterations: the one cell of that
setting "Unseen cards apart" had not played."""


def apart_game_against_halving(halving: Path, apart_game_1000: Path) -> str:
    """docs/rl.md: unseen cards apart against the match's search (halving, merged), the
    game's playouts at 1,000 iterations, on the same deals."""
    return openspiel_paired(halving, apart_game_1000, 1000, policies=("game",),
                            searches=(None, APART), called="the match's search")


def apart_both_policies(apart: Path, apart_game: Path, apart_game_1000: Path) -> str:
    """docs/rl.md and README.md: unseen cards apart (UCB at the root, outcomes pooled),
    each budget's games of both playout policies pooled, with 95% Wilson intervals."""
    said = []
    for iterations, game_file in ((300, apart_game), (1000, apart_game_1000)):
        shares = [*match_shares(apart, iterations, APART).values(),
                  *match_shares(game_file, iterations, APART).values()]
        said.append(won_at(shares, iterations, percent=True))
    return " and ".join(said)


CASTLE_FRESH = (f"{RESULTS}/vs_openspiel-2026-12-04c/castle_apart_fresh.jsonl",
                f"{RESULTS}/vs_openspiel-2026-12-04c/castle_halving_game_fresh.jsonl")
"""Castle's fair match on fresh deals (``--seed 2027``), each playout policy with the root
rule written down for it before the games: random playouts with every unseen card apart
and UCB at the root (outcomes pooled), the game's playouts with sequential halving and the
unseen cards merged, at 300 and 1,000 iterations."""


def by_evaluator(apart: Path, halving: Path) -> str:
    """docs/rl.md and README.md: castle on the fresh deals, each playout policy with its
    root rule, each cell with a 95% Wilson interval."""
    said = []
    for policy, path, search, called in (
            ("game", halving, None, "with the game's playouts, halving with the unseen "
                                    "cards merged"),
            ("random", apart, APART, "with random playouts, every unseen card apart with "
                                     "UCB")):
        cells = [won_at([share for (played, _), share
                         in match_shares(path, iterations, search).items() if played == policy],
                        iterations) for iterations in (300, 1000)]
        said.append(f"{called} won {' and '.join(cells)}")
    return "; ".join(said)


ROOT_CHOICE = (f"{RESULTS}/root-choice-2026-12-02/root_choice_game_300.json",
               f"{RESULTS}/root-choice-2026-12-02/root_choice_random_300.json")


def root_choice_table(*files: Path) -> str:
    """docs/rl.md: each root rule's regret at 300 iterations in castle."""
    return str(script("diag_root_choice").regret_table(
        list(files), ["the game's playouts (240 searches)", "random playouts (128)"],
        ["per_member", "pooled", "max_mean", "lcb2", "openspiel"]))


def root_choice_sentence(game_file: Path, random_file: Path) -> str:
    """docs/rl.md: how often each side revealed an unseen card, and repeated itself."""
    diag = script("diag_root_choice")
    (ours_g, ours_gr), (ours_r, ours_rr) = (diag.choices(f, "lcb2")
                                            for f in (game_file, random_file))
    (os_g, os_gr), (os_r, os_rr) = (diag.choices(f, "openspiel")
                                    for f in (game_file, random_file))
    return (f"it revealed an unseen card in {ours_g:.0%} of the searches with the game's "
            f"playouts and {ours_r:.0%} with random ones, where OpenSpiel's bot did in "
            f"{os_g:.0%} and {os_r:.0%}, and it repeated its most frequent choice at a "
            f"position in {ours_gr:.0%} and {ours_rr:.0%} of the searches, OpenSpiel's bot in "
            f"{os_gr:.0%} and {os_rr:.0%}")


def adapter_sentence(path: Path) -> str:
    """docs/rl.md: OpenSpiel's search time without → with the adapter's memo, by game."""
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    seconds = {(line["game"], line["memo"]): line["cpu_seconds"] for line in lines}
    return ", ".join(f"{TITLES[game]} {seconds[game, False]:.3f} → {seconds[game, True]:.3f} s"
                     for game in sorted(TITLES) if (game, True) in seconds)


# --------------------------------------------------------------------------- levels
LEVELS = f"{RESULTS}/levels-2026-12-02/levels.jsonl"
LEVEL_FILES = (LEVELS, f"{STRENGTH}/two_players_2500.jsonl")
"""The levels' games: the cheap pairs' own file, and the search at 2,500 iterations against
greedy (``expert`` against ``hard``)."""


EXPERT_TIMES = f"{RESULTS}/levels-2026-12-02/expert_move_times.txt"


def expert_times_table(path: Path) -> str:
    """docs/bots.md: ``bench_levels.py --level expert``'s rows (its printed lines)."""
    lines = ["| game | players | expert's moves | slowest move, CPU s "
             "| slowest move, wall s (load) |", "|---|---|---|---|---|"]
    for text in path.read_text(encoding="utf-8").splitlines():
        cells = text.split()
        if len(cells) == 8 and cells[1].isdigit():
            game, players, _, moves, _, wall, cpu, load = cells
            lines.append(f"| {game} | {players} | {moves} | {cpu} | {wall} ({load}) |")
    return "\n".join(lines)


def levels_report(*files: Path) -> dict[str, Any]:
    ladder = script("levels_ladder")
    report: dict[str, Any] = ladder.summary(ladder.read_lines(list(files)))
    return report


def levels_table(*files: Path) -> str:
    """docs/bots.md: each level against the one below, by game."""
    return str(script("levels_ladder").table(levels_report(*files)))


def ratings_table(*files: Path) -> str:
    """README.md and docs/bots.md: the levels' ratings, one column a game."""
    return str(script("levels_ladder").ratings_table(levels_report(*files)))


# --------------------------------------------------------------------------- all
CHANCE = f"{RESULTS}/strength-2026-12-03"
CHANCE_FILES = tuple(f"{CHANCE}/{name}_1s.jsonl" for name in (
    "fair", "continuations4", "castle_fair", "castle_continuations4"))
"""The search at one second a move against greedy, as shipped and valuing each new node
over four futures (``continuations=4``): issue #47, item 6."""


CHANCE_SPECS = ("ismcts:seconds=1", "ismcts:seconds=1,continuations=4")


def continuations_pairs(*files: Path) -> dict[str, tuple[dict[str, Any], list[float]]]:
    """Each game played by both :data:`CHANCE_SPECS` at 2 players: their pairing and each
    one's iterations a CPU second."""
    pairs = {}
    for game in TITLES:
        fair, chance = ([row for path in files for row in strength_rows(path, spec, game, 2)]
                        for spec in CHANCE_SPECS)
        pair = paired(fair, chance)
        if pair["games"]:
            pairs[game] = pair, [speed(fair), speed(chance)]
    return pairs


def continuations_table(*files: Path) -> str:
    """docs/bots.md: the fair search at one second a move against the same search valuing
    each new node over four futures, on the same games against greedy."""
    lines = ["| game | games | `ismcts:seconds=1` | `ismcts:seconds=1,continuations=4` "
             "| games better / worse (sign test) | margin over greedy a game "
             "| iterations / CPU s |",
             "|---|---|---|---|---|---|---|"]
    for game, (pair, speeds) in continuations_pairs(*files).items():
        lines.append(f"| {game} | {paired_cells(pair, speeds)}")
    return "\n".join(lines)


def continuations_sentence(*files: Path) -> str:
    """README.md: what valuing each node over four futures won, game by game."""
    return "; ".join(
        f"{_pct(pair['after'], pair['games'])} of {pair['games']} {TITLES[game]} games where "
        f"the search as shipped won {_pct(pair['before'], pair['games'])} "
        f"({pair['better']} better, {pair['worse']} worse, p = {pair['p']:.2g})"
        for game, (pair, _) in continuations_pairs(*files).items())


FITTED = f"{RESULTS}/strength-2026-12-04"
FITTED_FILES = (f"{FITTED}/handmade_300.jsonl", f"{FITTED}/learned_search_300.jsonl")
"""5 Towers' search at 300 iterations against greedy, its cut playouts judged by the
hand-made value and by a value fitted on the search's own games (issue #47, item 6)."""


WORLDS = f"{RESULTS}/strength-2026-12-04b"
WORLDS_SPECS = ("ismcts:iterations=2500", "ismcts:iterations=2500,trees=10,worlds=tree")
WORLDS_CELLS = (("five_towers", *WORLDS_SPECS),)
WORLDS_FILES = (f"{WORLDS}/fair_2500.jsonl", f"{WORLDS}/worlds_per_tree_2500.jsonl")
"""The search at 2,500 iterations against greedy, as shipped (a world guessed at every
iteration) and as ten trees that each search one guessed world (issue #47, item 6): each
cell of :data:`WORLDS_CELLS` from two files, before and after."""


def worlds_table(*files: Path) -> str:
    """docs/bots.md: the information-set search against the determinized one (a world for
    each tree), on the same games against greedy."""
    rows = [f"| {game} | {paired_cells(pair, speeds)}" for (game, _, _), (pair, speeds)
            in zip(WORLDS_CELLS, paired_by_files(WORLDS_CELLS, files), strict=True)]
    return "\n".join([
        "| game | games | a world each iteration (as shipped) | ten trees, a world each "
        "| games better / worse (sign test) | margin over greedy a game | iterations / CPU s |",
        "|---|---|---|---|---|---|---|", *rows])


def fitted_value_table(handmade: Path, learned: Path) -> str:
    """docs/bots.md: the hand-made value against the value fitted on the search's own
    games, on the same 5 Towers games against greedy (at 300 iterations, or at one second
    a move where the files hold those)."""
    rows = []
    for budget in ("iterations=300", "seconds=1"):
        before = strength_rows(handmade, f"ismcts:{budget}", "five_towers", 2)
        after = strength_rows(learned, f"ismcts:{budget},evaluation=learned", "five_towers", 2)
        pair = paired(before, after)
        if pair["games"]:
            rows.append(f"| five_towers | `{budget}` | "
                        f"{paired_cells(pair, [speed(before), speed(after)])}")
    return "\n".join([
        "| game | budget | games | hand-made value | value fitted on the search's own games "
        "| games better / worse (sign test) | margin over greedy a game | iterations / CPU s |",
        "|---|---|---|---|---|---|---|---|", *rows])


EQUAL_COST = f"{RESULTS}/strength-2026-12-05"
EQUAL_COST_FILES = (f"{EQUAL_COST}/handmade_5000.jsonl", f"{EQUAL_COST}/learned_search_4500.jsonl",
                    f"{STRENGTH}/two_players_2500.jsonl",
                    f"{EQUAL_COST}/blueprints_continuations4_1100.jsonl")
"""Chance-aware means against the search as shipped at equal CPU time (issue #47, item 6),
in iteration budgets so that a rerun plays the same games: 5 Towers' value fitted on the
search's own games, and Blueprints' nodes valued over four futures; each
pair of :data:`EQUAL_COST_PAIRS` from two files, before and after."""
EQUAL_COST_PAIRS = (
    ("five_towers", "a value fitted on the search's own games",
     "ismcts:iterations=5000", "ismcts:iterations=4500,evaluation=learned"),
    ("blueprints", "each new node valued over four futures",
     "ismcts:iterations=2500", "ismcts:iterations=1100,continuations=4"))


def equal_cost_pairs(*files: Path) -> list[tuple[str, str, str, str, dict[str, Any],
                                                 list[float]]]:
    """Each of :data:`EQUAL_COST_PAIRS` with its pairing (:func:`paired`) and speeds."""
    cells = [(game, shipped, chance) for game, _, shipped, chance in EQUAL_COST_PAIRS]
    return [(*names, pair, speeds) for names, (pair, speeds)
            in zip(EQUAL_COST_PAIRS, paired_by_files(cells, files), strict=True)]


def equal_cost_table(*files: Path) -> str:
    """docs/bots.md: each chance-aware means against the search as shipped, given the
    iterations that cost the same CPU time, on the same games against greedy."""
    rows = [f"| {game} | {means}: `{shipped}` → `{chance}` | {paired_cells(pair, speeds)}"
            for game, means, shipped, chance, pair, speeds in equal_cost_pairs(*files)]
    return "\n".join([
        "| game | means: as shipped → with it | games | as shipped | with it "
        "| games better / worse (sign test) | margin over greedy a game | iterations / CPU s |",
        "|---|---|---|---|---|---|---|---|", *rows])


def equal_cost_sentence(*files: Path) -> str:
    """README.md: what each chance-aware means won at equal cost."""
    return "; ".join(
        f"{means}, {_pct(pair['after'], pair['games'])} of {pair['games']} {TITLES[game]} "
        f"games where the search as shipped won {_pct(pair['before'], pair['games'])} "
        f"({pair['better']} better, {pair['worse']} worse, p = {pair['p']:.2g})"
        for game, means, _, _, pair, _ in equal_cost_pairs(*files))


def budget_sentence(fewer: Path, more: Path) -> str:
    """docs/bots.md: 5 Towers' search as shipped at 2,500 and at 5,000 iterations, on the
    same games against greedy."""
    pair = paired(strength_rows(fewer, "ismcts:iterations=2500", "five_towers", 2),
                  strength_rows(more, "ismcts:iterations=5000", "five_towers", 2))
    return (f"won {_pct(pair['after'], pair['games'])} of the {pair['games']} games where "
            f"2,500 iterations won {_pct(pair['before'], pair['games'])} ({pair['better']} "
            f"better, {pair['worse']} worse, p = {pair['p']:.2g})")


SPEED_FILES = tuple(f"{EQUAL_COST}/speed_{name}.jsonl" for name in (
    "handmade_4900", "learned_4900", "blueprints_2500", "blueprints_continuations4_2500"))
"""Each pair of :data:`EQUAL_COST_PAIRS` at one budget, side by side, for its speeds."""


def speed_ratios(*files: Path) -> str:
    """docs/bots.md: each chance-aware means' iterations a CPU second against the search
    as shipped, measured side by side: what turns one budget into the other."""
    parts = []
    for (game, *_), before, after in zip(EQUAL_COST_PAIRS, files[::2], files[1::2],
                                         strict=True):
        shipped, chance = strength_rows(before), strength_rows(after)
        fast, slow = speed(shipped), speed(chance)
        parts.append(f"{TITLES[game]} {fast:,.0f} and {slow:,.0f} (ratio {slow / fast:.2f}; "
                     f"{len(shipped)} games each)")
    return "; ".join(parts)


SKYTOPIA_FILES = (f"{STRENGTH}/two_players_2500.jsonl", f"{EQUAL_COST}/speed_skytopia_2500.jsonl",
                  f"{EQUAL_COST}/skytopia_seeing_2500.jsonl",
                  f"{EQUAL_COST}/skytopia_continuations4_950.jsonl",
                  f"{EQUAL_COST}/skytopia_worlds_per_tree_2500.jsonl")
"""Skytopia at 2 players against greedy (issue #47, item 6): the search as shipped at 2,500
iterations (the 2026-11-28 games, and deal 0 replayed on 2026-12-05 for its speed that
day), its ceiling (seeing every card) and two chance-aware means (:data:`SKYTOPIA_CELLS`)."""
SKYTOPIA_SPEEDS = (SKYTOPIA_FILES[1], f"{EQUAL_COST}/speed_skytopia_continuations4_2500.jsonl")
"""Skytopia's search as shipped and valued over four futures at 2,500 iterations, side by
side on deal 0: their speeds set the four futures' budget at equal cost."""
SKYTOPIA_SHIPPED = "ismcts:iterations=2500"
"""Skytopia's search as shipped at 2,500 iterations: the baseline, and the ceiling's search."""
SKYTOPIA_CELLS = (
    ("seeing every card (the ceiling)", SKYTOPIA_SHIPPED),
    ("each new node valued over four futures, at equal cost",
     "ismcts:iterations=950,continuations=4"),
    ("ten trees, a world each", "ismcts:iterations=2500,trees=10,worlds=tree"))


def skytopia_pairs(fair: Path, fair_today: Path, *files: Path
                   ) -> list[tuple[str, str, dict[str, Any], list[float]]]:
    """Each of :data:`SKYTOPIA_CELLS` (its games in ``files``, in that order) against the
    search as shipped on the same games, with both speeds (the shipped search's from its
    replay beside the cells, ``fair_today``, not from a run on another day)."""
    fast = speed(strength_rows(fair_today))
    found = []
    for (means, spec), path, seeing in zip(SKYTOPIA_CELLS, files, (True, False, False),
                                          strict=True):
        pair, after = skytopia_against_shipped(fair, path, spec, seeing)
        found.append((means, spec, pair, [fast, speed(after)]))
    return found


def skytopia_against_shipped(fair: Path, path: Path, spec: str, seeing: bool = False
                             ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The games of ``spec`` in ``path`` paired with the search as shipped's in ``fair``
    (:func:`paired`), and those games."""
    after = strength_rows(path, spec, "skytopia", 2, seeing=seeing)
    return paired(strength_rows(fair, SKYTOPIA_SHIPPED, "skytopia", 2), after), after


def skytopia_table(*files: Path) -> str:
    """docs/bots.md: Skytopia's search as shipped against its ceiling and two means."""
    rows = []
    cells = skytopia_pairs(*files)
    corrected = holm([pair["p"] for _, _, pair, _ in cells])
    for (means, spec, pair, speeds), p_holm in zip(cells, corrected, strict=True):
        n, (change, low, high) = pair["games"], pair["difference"]
        rows.append(f"| {means}: `{spec}` | {n} | {rate(pair['before'], n)} "
                    f"| {rate(pair['after'], n)} "
                    f"| {pair['better']} / {pair['worse']} (p = {pair['p']:.2g}; "
                    f"Holm {p_holm:.2g}) "
                    f"| {change:+.1f} ({low:+.1f}, {high:+.1f}) "
                    f"| {pair['margin_before']:+.1f} → {pair['margin_after']:+.1f} "
                    f"| {speeds[0]:,.0f} → {speeds[1]:,.0f} |")
    return "\n".join([
        f"| against the search as shipped (`{SKYTOPIA_SHIPPED}`) | games | as shipped "
        "| with it | games better / worse (sign test; Holm over the table's three) "
        "| paired difference, points (95%) "
        "| margin over greedy a game | iterations / CPU s |",
        "|---|---|---|---|---|---|---|---|", *rows])


def skytopia_gap_sentence(fair: Path, seeing: Path) -> str:
    """docs/bots.md: what item 6's aim means in Skytopia: half the gap to the ceiling."""
    pair, _ = skytopia_against_shipped(fair, seeing, SKYTOPIA_SHIPPED, seeing=True)
    n = pair["games"]
    half = 50 * (pair["before"] + pair["after"]) / n
    return (f"the seeing search won {_pct(pair['after'], n)} of the {n} games where the fair "
            f"one won {_pct(pair['before'], n)}: half that gap is {half:.1f}%")


def skytopia_speed_sentence(shipped: Path, futures: Path) -> str:
    """docs/bots.md: the speeds that set the four futures' budget (2,500 x their ratio)."""
    fast, slow = (speed(strength_rows(path)) for path in (shipped, futures))
    return (f"{fast:,.0f} and {slow:,.0f} iterations a CPU second (ratio {slow / fast:.3f}; "
            f"{len(strength_rows(shipped))} games each)")


def skytopia_sentence(*files: Path) -> str:
    """README.md: Skytopia's ceiling and means in one sentence."""
    return "; ".join(
        f"{means}, {_pct(pair['after'], pair['games'])} of {pair['games']} games where the "
        f"search as shipped won {_pct(pair['before'], pair['games'])} ({pair['better']} "
        f"better, {pair['worse']} worse, p = {pair['p']:.2g})"
        for means, _, pair, _ in skytopia_pairs(*files))


def figures() -> list[Figure]:
    """Every published figure."""
    two = f"{STRENGTH}/two_players_2500.jsonl"
    expert = f"{STRENGTH}/expert.jsonl"
    seeing = f"{STRENGTH}/seeing_2500.jsonl"
    secrets = f"{STRENGTH}/blueprints_secrets_2500.jsonl"
    return [
        Figure("docs/bots.md", (two, expert), two_player_table, "2 players, 2,500 iterations"),
        Figure("README.md", (two,), two_player_sentence, "2 players, 2,500 iterations"),
        Figure("docs/bots.md", (two, seeing), ceiling_table, "the seeing search"),
        Figure("docs/bots.md", LARGER_FILES, larger_table, "at every size"),
        Figure("README.md", (two, seeing), seeing_sentence, "the seeing search"),
        Figure("docs/bots.md", (two, secrets), secrets_sentence, "Blueprints' secrets"),
        Figure("README.md", (two, secrets), secrets_sentence, "Blueprints' secrets"),
        Figure("docs/rl.md", (f"{OPENSPIEL}/adapter_search.jsonl",), adapter_sentence,
               "the adapter's memo"),
        Figure("docs/rl.md", ROOT_CHOICE, root_choice_table, "the root's rules at 300"),
        Figure("docs/rl.md", ROOT_CHOICE, root_choice_sentence, "the root's choices at 300"),
        Figure("docs/rl.md", OPENSPIEL_FILES, openspiel_table, "the fair match"),
        Figure("docs/rl.md", OPENSPIEL_FILES, openspiel_commands, "the fair match's commands"),
        Figure("README.md", OPENSPIEL_FILES, openspiel_sentence, "the fair match"),
        Figure("docs/rl.md", CASTLE_HALVING, openspiel_table, "castle by halving"),
        Figure("docs/rl.md", CASTLE_HALVING, openspiel_commands, "castle by halving: commands"),
        Figure("README.md", CASTLE_HALVING, openspiel_sentence, "castle by halving"),
        Figure("docs/rl.md", (f"{OPENSPIEL}/castle_shipped.jsonl", *CASTLE_HALVING),
               openspiel_paired, "castle by halving against the search before"),
        Figure("docs/rl.md", CASTLE_APART, openspiel_table, "castle with reveals apart"),
        Figure("docs/rl.md", CASTLE_APART, openspiel_commands,
               "castle with reveals apart: commands"),
        Figure("docs/rl.md", (*CASTLE_HALVING, APART_FILES["apart"], APART_FILES["apart_game"]),
               apart_against_halving, "castle with reveals apart against halving"),
        Figure("docs/rl.md", (APART_FILES["apart"],), apart_against_merged,
               "castle with reveals apart against merged"),
        Figure("docs/rl.md", (APART_FILES["apart"], APART_FILES["exact"]),
               exact_against_pooled, "castle with reveals apart, every outcome apart"),
        Figure("docs/rl.md", CASTLE_TIME, openspiel_table, "castle at equal time"),
        Figure("docs/rl.md", CASTLE_TIME, openspiel_commands, "castle at equal time: commands"),
        Figure("README.md", CASTLE_TIME, openspiel_sentence, "castle at equal time"),
        Figure("docs/rl.md", CASTLE_PAIRED, openspiel_table, "castle with paired root moves"),
        Figure("docs/rl.md", CASTLE_PAIRED, openspiel_commands,
               "castle with paired root moves: commands"),
        Figure("docs/rl.md", (*CASTLE_HALVING, APART_FILES["apart"], *CASTLE_PAIRED),
               paired_against_apart_and_halving,
               "castle with paired root moves against apart and halving"),
        Figure("docs/rl.md", CASTLE_PARENT, openspiel_table, "castle counting by the parent"),
        Figure("docs/rl.md", CASTLE_PARENT, openspiel_commands,
               "castle counting by the parent: commands"),
        Figure("docs/rl.md", (APART_FILES["apart"], APART_FILES["apart_game"], *CASTLE_PARENT),
               parent_against_availability,
               "castle counting by the parent against availability"),
        Figure("README.md", (APART_FILES["apart"], *CASTLE_PARENT), parent_sentence,
               "castle counting by the parent"),
        Figure("docs/rl.md", CASTLE_APART_GAME_1000, openspiel_table,
               "castle apart, the game's playouts at 1,000"),
        Figure("docs/rl.md", CASTLE_APART_GAME_1000, openspiel_commands,
               "castle apart, the game's playouts at 1,000: commands"),
        Figure("docs/rl.md", (*CASTLE_HALVING, *CASTLE_APART_GAME_1000),
               apart_game_against_halving,
               "castle apart, the game's playouts at 1,000, against halving"),
        *(Figure(page, (APART_FILES["apart"], APART_FILES["apart_game"],
                        *CASTLE_APART_GAME_1000), apart_both_policies,
                 "castle apart, both playout policies pooled")
          for page in ("docs/rl.md", "README.md")),
        Figure("docs/rl.md", CASTLE_FRESH, openspiel_table, "castle on fresh deals"),
        Figure("docs/rl.md", CASTLE_FRESH, openspiel_commands,
               "castle on fresh deals: commands"),
        *(Figure(page, CASTLE_FRESH, by_evaluator,
                 "castle, each playout policy's root rule")
          for page in ("docs/rl.md", "README.md")),
        Figure("docs/bots.md", LEVEL_FILES, levels_table, "each level against the one below"),
        Figure("docs/bots.md", (EXPERT_TIMES,), expert_times_table, "how long expert thinks"),
        Figure("docs/bots.md", LEVEL_FILES, ratings_table, "the levels' ratings"),
        Figure("README.md", LEVEL_FILES, ratings_table, "the levels' ratings"),
        Figure("docs/bots.md", CHANCE_FILES, continuations_table,
               "a node valued over several futures"),
        Figure("README.md", CHANCE_FILES, continuations_sentence,
               "a node valued over several futures"),
        Figure("docs/bots.md", FITTED_FILES, fitted_value_table,
               "a value fitted on the search's own games"),
        Figure("docs/bots.md", WORLDS_FILES, worlds_table, "a world for each tree"),
        Figure("docs/bots.md", EQUAL_COST_FILES, equal_cost_table,
               "chance-aware means at equal cost"),
        Figure("README.md", EQUAL_COST_FILES, equal_cost_sentence,
               "chance-aware means at equal cost"),
        Figure("docs/bots.md", (f"{STRENGTH}/two_players_2500.jsonl", EQUAL_COST_FILES[0]),
               budget_sentence, "5 Towers at 2,500 and 5,000 iterations"),
        Figure("docs/bots.md", SPEED_FILES, speed_ratios, "the chance-aware means' speeds"),
        Figure("docs/bots.md", SKYTOPIA_FILES, skytopia_table, "Skytopia's ceiling and means"),
        Figure("README.md", SKYTOPIA_FILES, skytopia_sentence, "Skytopia's ceiling and means"),
        Figure("docs/bots.md", (SKYTOPIA_FILES[0], SKYTOPIA_FILES[2]), skytopia_gap_sentence,
               "Skytopia's gap"),
        Figure("docs/bots.md", SKYTOPIA_SPEEDS, skytopia_speed_sentence,
               "Skytopia's four futures' budget"),
        *balance_figures(),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="say which pages do not show a figure word for word")
    args = parser.parse_args(argv)
    missing = 0
    for figure in figures():
        text = figure.text()
        if not text:
            continue
        shown = text in (ROOT / figure.page).read_text(encoding="utf-8")
        missing += not shown
        mark = "" if not args.check else (" (shown)" if shown else " (NOT SHOWN)")
        print(f"## {figure.page}: {figure.name}{mark}\n\n{text}\n")
    return 1 if args.check and missing else 0


if __name__ == "__main__":
    sys.exit(main())
