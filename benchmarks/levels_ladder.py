"""Are the levels ordered? Each level against the level below it, in seat-rotated 2-player
games of every game, and the levels' OpenSkill ratings from the same games.

    PYTHONPATH=src nice -n 10 python3 benchmarks/levels_ladder.py --out levels.jsonl \\
        --games 200 [--game castle] [--pair medium --pair hard] [--seed 4700] [--workers 1]
    python3 benchmarks/levels_ladder.py --summary levels.jsonl [strength.jsonl ...] [--json]
    python3 benchmarks/levels_ladder.py --summary FILES... --publish level_ratings.json

A *pair* is named by its upper level: ``medium`` plays ``easy``, ``hard`` plays ``medium``,
``expert`` plays ``hard`` (``towerplay.bots.LEVELS`` says what each level is). Every pair
plays ``--games`` games a game on the ladder's deals (``towerplay.sim.ladder.schedule``:
each deal from both seats). Each game is appended to ``--out`` as one JSON line as it ends,
with the specs that played, the versions (towerplay's commit, Python) and the command; a
rerun with the same file plays only the games missing from it.

``--summary`` also reads ``benchmarks/bench_strength.py`` files: a game of theirs at 2
players whose spec is a level and whose opponent, ``greedy``, the level below it, counts as
a game of that pair (the bot's seat and result are in the line). Only games whose specs are
the levels' specs now count, so a file outlives a change of the levels. The summary gives,
per game and pair, the upper level's win share (a shared win counts half) with its 95%
Wilson interval, and each level's OpenSkill rating (Plackett-Luce, rated in the order the
pairs go up the levels, then game by game; ``ordinal`` is μ − 3σ); ``--publish`` writes the
ratings for the lobby (``towerplay/bots/level_ratings.json``).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from rich.progress import Progress

from towerplay import bots, games
from towerplay.core.rng import derive_seed
from towerplay.sim.ladder import GameResult, openskill_ratings, play_job, ranks, schedule, wilson
from towerplay.sim.provenance import command_line, versions

PLAYERS = 2
ORDER = list(bots.LEVELS)
"""The levels, weakest first."""
PAIRS = ORDER[1:]
"""Each pair by its upper level (it plays the level below)."""
BAR = 0.6
"""The share of the games each level should win against the one below."""


def below(level: str) -> str:
    return ORDER[ORDER.index(level) - 1]


def play_pairs(names: list[str], pairs: list[str], count: int, seed: int) -> Iterator[Any]:
    """The ladder's jobs of every game and pair (lower level's spec first), tagged."""
    for name in names:
        game = games.load(name)
        for pair in pairs:
            specs = [bots.LEVELS[below(pair)], bots.LEVELS[pair]]
            for job in schedule(specs, PLAYERS, count, derive_seed(seed, "levels", name, pair),
                                game):
                yield pair, job


def line_of(pair: str, job: Any, result: GameResult) -> dict[str, Any]:
    """A finished game as a results line: the pair, the specs by seat, the outcome."""
    return {"game": job.game, "pair": pair, "index": job.index, "seed": job.seed,
            "specs": list(job.specs), "scores": list(result.scores),
            "winners": list(result.winners), "think": list(result.think),
            "moves": list(result.moves)}


def play(item: tuple[str, Any]) -> dict[str, Any]:
    """Play one pair's game (in a worker) and return its results line."""
    pair, job = item
    return line_of(pair, job, play_job(job))


def key_of(line: dict[str, Any]) -> tuple[Any, ...]:
    return (line["game"], line["pair"], line["index"], tuple(line["specs"]))


def read_lines(paths: Iterable[Path]) -> list[dict[str, Any]]:
    """Every whole JSON line of the files (a torn last line is left out), each game once."""
    seen: set[tuple[Any, ...]] = set()
    found = []
    for path in paths:
        for text in path.read_text(encoding="utf-8").splitlines():
            try:
                line = json.loads(text)
            except json.JSONDecodeError:
                continue
            key = (path.name, text) if "pair" not in line else key_of(line)
            if key not in seen:
                seen.add(key)
                found.append(line)
    return found


def meetings(lines: Iterable[dict[str, Any]]) -> list[tuple[str, str, GameResult]]:
    """(game, pair, result) of every line that is a game between two adjacent levels as
    the levels are now: the result's entrants are level indices (0 = easy), by seat."""
    spec_level = {spec: level for level, spec in bots.LEVELS.items()}
    found = []
    for line in lines:
        if "pair" in line:  # this script's own
            levels = [spec_level.get(spec) for spec in line["specs"]]
            scores, winners = line["scores"], line["winners"]
        elif line.get("players") == PLAYERS and not line.get("sees_all") and not line.get(
                "sees_secrets"):  # bench_strength's: the bot against greedy
            seat = line["seat"]
            levels = [spec_level.get(line["spec"] if s == seat else "greedy")
                      for s in range(PLAYERS)]
            scores = [line["score"] if s == seat else line["others"] for s in range(PLAYERS)]
            winners = ([0, 1] if line["win"] == 0.5 else
                       [seat] if line["win"] == 1 else [1 - seat])
        else:
            continue
        if None in levels:
            continue
        upper = max(levels, key=ORDER.index)  # type: ignore[arg-type]
        if ORDER.index(upper) - ORDER.index(min(levels, key=ORDER.index)) != 1:  # type: ignore[arg-type]
            continue
        entrants = tuple(ORDER.index(level) for level in levels)  # type: ignore[arg-type]
        result = GameResult(len(found), entrants, tuple(scores), tuple(winners),
                            ranks(scores, winners), (0.0,) * PLAYERS, (0,) * PLAYERS)
        found.append((line["game"], upper, result))
    return found


def summary(lines: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Per game: each pair's games and the upper level's win share with its interval, and
    each level's rating; plus whether every pair of every game clears :data:`BAR`."""
    by_game: dict[str, list[tuple[str, GameResult]]] = {}
    for name, pair, result in meetings(lines):
        by_game.setdefault(name, []).append((pair, result))
    out: dict[str, Any] = {"levels": dict(bots.LEVELS), "bar": BAR, "games": {}}
    for name in sorted(by_game):
        played = sorted(by_game[name], key=lambda item: PAIRS.index(item[0]))
        pairs = {}
        for pair in PAIRS:
            results = [r for p, r in played if p == pair]
            if not results:
                continue
            upper = ORDER.index(pair)
            wins = sum(1 / len(r.winners) for r in results
                       if any(r.entrants[s] == upper for s in r.winners))
            low, high = wilson(wins, len(results))
            pairs[pair] = {"against": below(pair), "games": len(results), "wins": wins,
                           "rate": wins / len(results), "ci": [low, high]}
        rated = openskill_ratings(len(ORDER), [r for _, r in played])
        counts = {level: sum(ORDER.index(level) in r.entrants for _, r in played)
                  for level in ORDER}
        out["games"][name] = {"pairs": pairs, "ratings": {
            level: {**{k: round(v, 2) for k, v in rated[i].items()}, "games": counts[level]}
            for i, level in enumerate(ORDER)}}
    out["ordered"] = bool(out["games"]) and all(
        len(entry["pairs"]) == len(PAIRS) and all(p["rate"] >= BAR and p["games"] >= 100
                                                   for p in entry["pairs"].values())
        for entry in out["games"].values())
    return out


def table(report: dict[str, Any]) -> str:
    """The summary as docs/bots.md's Markdown table: one line a game and pair."""
    lines = ["| game | level | against | games | wins, rate [95% CI] "
             "| OpenSkill μ ± σ (ordinal) of the level |",
             "|---|---|---|---|---|---|"]
    for name, entry in report["games"].items():
        for pair, cell in entry["pairs"].items():
            low, high = cell["ci"]
            rating = entry["ratings"][pair]
            lines.append(f"| {name} | `{pair}` | `{cell['against']}` | {cell['games']} "
                         f"| {cell['wins']:g}: {100 * cell['rate']:.1f}% "
                         f"[{100 * low:.0f}, {100 * high:.0f}] "
                         f"| {rating['mu']:.1f} ± {rating['sigma']:.1f} "
                         f"({rating['ordinal']:.1f}) |")
    return "\n".join(lines)


def ratings_table(report: dict[str, Any]) -> str:
    """The levels' ratings side by side, one column a game (README.md's table)."""
    names = list(report["games"])
    lines = ["| level | spec | " + " | ".join(f"{name}: μ ± σ" for name in names) + " |",
             "|---|---|" + "---|" * len(names)]
    for level in reversed(ORDER):
        cells = [report["games"][name]["ratings"][level] for name in names]
        lines.append(f"| `{level}` | `{report['levels'][level]}` | "
                     + " | ".join(f"{c['mu']:.1f} ± {c['sigma']:.1f}" for c in cells) + " |")
    return "\n".join(lines)


def ratings_file(report: dict[str, Any], sources: list[str]) -> dict[str, Any]:
    """What the lobby shows beside each level: its rating in each game, and where from."""
    return {"sources": sources, "players": PLAYERS, "levels": report["levels"],
            "games": {name: entry["ratings"] for name, entry in report["games"].items()}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, help="results file (resumed if present)")
    p.add_argument("--summary", type=Path, nargs="+", metavar="FILE",
                   help="print the table of these files (this script's and bench_strength's)")
    p.add_argument("--json", action="store_true", help="the summary as JSON")
    p.add_argument("--publish", type=Path, metavar="FILE",
                   help="with --summary: write the levels' ratings for the lobby")
    p.add_argument("--game", action="append", choices=games.names())
    p.add_argument("--pair", action="append", choices=PAIRS,
                   help="pairs by their upper level (default: all)")
    p.add_argument("--games", type=int, default=200, help="games a game and pair")
    p.add_argument("--seed", type=int, default=4700)
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args(argv)
    if args.summary:
        missing = [str(path) for path in args.summary if not path.is_file()]
        if missing:
            p.error(f"no such results file: {', '.join(missing)}")
        report = summary(read_lines(args.summary))
        if args.publish:
            args.publish.write_text(json.dumps(ratings_file(
                report, [path.as_posix() for path in args.summary]), indent=1) + "\n")
        print(json.dumps(report, indent=1) if args.json else table(report))
        return 0
    if args.out is None:
        p.error("--out FILE is needed to play (or --summary FILE...)")
    if args.games < 1 or args.workers < 1:
        p.error("--games and --workers must be at least 1")
    done = ({key_of(line) for line in read_lines([args.out]) if "pair" in line}
            if args.out.exists() else set())
    todo = [(pair, job) for pair, job in play_pairs(args.game or games.names(),
                                                    args.pair or PAIRS, args.games, args.seed)
            if (job.game, pair, job.index, job.specs) not in done]
    extra = {"versions": versions(), "command": command_line(
        [sys.argv[0], *(sys.argv[1:] if argv is None else argv)])}
    with args.out.open("a", encoding="utf-8") as sink, Progress() as progress, \
            Pool(args.workers) as pool:
        task = progress.add_task("levels", total=len(todo))
        for line in pool.imap_unordered(play, todo):
            sink.write(json.dumps({**line, **extra}) + "\n")
            sink.flush()
            progress.update(task, advance=1, description=f"{line['game']} {line['pair']}")
    print(table(summary(read_lines([args.out]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
