"""How strong a bot is against ``greedy``: seat-rotated games, game × player count.

    .venv/bin/python benchmarks/bench_strength.py [--spec ismcts:iterations=1000]
        [--game five_towers] [--players 2] [--deals 20] [--seed 29000] [--workers 2]
        [--out strength.jsonl] [--sees-all | --sees-secrets]
    .venv/bin/python benchmarks/bench_strength.py --summary strength.jsonl [more.jsonl ...]

At every table one seat holds the bot (``--spec``) and the others ``greedy``; each deal is
played once from every seat (so seat order and the deal's luck cancel out). Deals come from
``--seed`` (the search was tuned on seeds below 29,000, so the default ones are new to it).
The table shows the bot's win rate (a shared win counts as a fraction) with a 95% Wilson
interval, what an even chance would be (1 / players), the mean score of the bot and of the
greedy seats, and the bot's effort: CPU seconds per searched move (its own, whatever the
machine's load) and search iterations per CPU second, which relate an iteration budget to
``ismcts:seconds=S`` on a machine (S seconds give about S × that rate).

``--sees-all`` measures a ceiling, not a bot: the rated bot is handed the true state
instead of a guess, every hidden card and the order of every pile (its searches sample
the one true world), so it plays as if it could see through the cards. No bot of the
product can do that; how much better such a bot does is what hidden information costs a
search of that budget, and bounds what a fair search of it may hope for.

``--sees-secrets`` splits that cost in two: the bot is handed what the other seats hold
and it cannot see (in Blueprints, their blueprints and buildings; :data:`SECRETS`), while
every chance still to come (the bag's draws) stays a guess. Only Blueprints has such
secrets: in the other games nobody knows more than anyone else (face-down cards and
draw piles are hidden from every seat alike), so ``--sees-all`` there is foresight alone.

Every finished game is appended to ``--out`` (one JSON line); a second run with the same
arguments skips the games already there, so a long run can stop and go on later.
"""
from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table as RichTable

from towerplay import games
from towerplay.arena.table import Table
from towerplay.core.rng import derive_seed
from towerplay.sim.ladder import wilson
from towerplay.sim.provenance import command_line, versions


@dataclass(frozen=True)
class Job:
    """One game: the bot in ``seat``, ``greedy`` everywhere else, on deal ``deal``."""

    spec: str
    game: str
    players: int
    deal: int
    seat: int
    seed: int
    sees_all: bool = False
    sees_secrets: bool = False

    @property
    def key(self) -> str:
        base = f"{self.spec}|{self.game}|{self.players}|{self.seed}|{self.seat}"
        return base + ("|sees-all" if self.sees_all else "") + (
            "|sees-secrets" if self.sees_secrets else "")

    @property
    def label(self) -> str:
        return label(asdict(self))


def label(row: dict[str, Any]) -> str:
    """The spec a result row rates, marked where the bot saw every hidden card or the
    other seats' secrets."""
    return row["spec"] + (" seeing all" if row.get("sees_all") else "") + (
        " seeing secrets" if row.get("sees_secrets") else "")


def jobs(spec: str, names: list[str], counts: list[int] | None, deals: int,
         seed: int, sees_all: bool = False, sees_secrets: bool = False) -> list[Job]:
    """Every game of the run, deal by deal, and each deal in every cell (game × player
    count) before the next: a stopped run has whole deals done in every cell."""
    cells = []
    for name in names:
        cls = games.game_class(name)
        cells += [(name, players) for players in counts or [2, cls.max_players]
                  if cls.min_players <= players <= cls.max_players]
    found = []
    for deal in range(deals):
        for name, players in cells:
            deal_seed = derive_seed(seed, "strength", name, players, deal)
            found += [Job(spec, name, players, deal, seat, deal_seed, sees_all, sees_secrets)
                      for seat in range(players)]
    return found


def play(job: Job) -> dict[str, Any]:
    """Play one game (in a worker); its result and the bot's effort."""
    specs = ["greedy"] * job.players
    specs[job.seat] = job.spec
    table = Table(games.load(job.game).start(players=job.players, seed=job.seed), specs)
    state = table.state
    bot = table.bots[job.seat]
    if job.sees_all:
        bot.perceive = see_all  # type: ignore[method-assign]
    elif job.sees_secrets:
        bot.perceive = see_secrets  # type: ignore[method-assign]
    cpu = 0.0
    searched = iterations = 0
    while not state.is_over:
        mover = state.to_move
        started = time.process_time()
        table.step_bot()
        if mover == job.seat:
            cpu += time.process_time() - started
            done = getattr(getattr(bot, "last", None), "iterations", 0)
            if done:
                searched += 1
                iterations += done
    scores = [float(x) for x in state.scores()]
    winners = state.winners()
    share = 1 / len(winners) if job.seat in winners else 0.0
    return {**asdict(job), "key": job.key, "win": share, "score": scores[job.seat],
            "others": (sum(scores) - scores[job.seat]) / (job.players - 1),
            "cpu": cpu, "searched": searched, "iterations": iterations}


def see_all(state: Any, seat: int) -> Any:
    """The true ``state``, whose every determinization is the true state again (a
    bench-only cheat for ``--sees-all``)."""
    return _guessing(state, "Seeing", lambda kind: lambda self, *args, **kwargs: self.copy())


SECRETS = {"blueprints": ("cards", "layouts", "buildings", "removed", "history")}
"""By game, the state's fields that hold what other seats know and the bot does not (the
history holds their hidden placements); ``--sees-secrets`` keeps them true."""


def see_secrets(state: Any, seat: int) -> Any:
    """The true ``state``, whose determinizations guess the chance to come as a fair
    bot's do but keep the other seats' secrets (:data:`SECRETS`) true (``--sees-secrets``)."""
    fields = SECRETS[state.game.name]

    def guesses(kind: type) -> Any:
        def determinize(self: Any, *args: Any, **kwargs: Any) -> Any:
            world = kind.determinize(self, *args, **kwargs)
            world.__class__ = kind
            for field in fields:
                setattr(world, field, list(getattr(self, field)))
            return world
        return determinize

    return _guessing(state, "Knowing", guesses)


def _guessing(state: Any, prefix: str, guesses: Any) -> Any:
    """A copy of the true ``state`` in a subclass of its own class whose ``determinize``
    is ``guesses(the class)`` (one subclass per class and prefix, made once)."""
    true = state.copy()
    kind = type(true)
    if (kind, prefix) not in _GUESSING:
        _GUESSING[kind, prefix] = type(f"{prefix}{kind.__name__}", (kind,), {
            "__slots__": (), "determinize": guesses(kind)})
    true.__class__ = _GUESSING[kind, prefix]
    return true


_GUESSING: dict[tuple[type, str], type] = {}


def load(path: Path) -> dict[str, dict[str, Any]]:
    """The games already played in ``path`` (by key)."""
    if not path.exists():
        return {}
    rows = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {row["key"]: row for row in rows}


def run(todo: list[Job], workers: int, out: Path,
        command: str = "") -> Iterator[dict[str, Any]]:
    """Play ``todo`` on ``workers`` processes, appending each result to ``out`` with the
    versions it ran (towerplay's commit, Python) and the run's ``command``."""
    ran_on = versions()
    with out.open("a") as sink, Pool(workers) as pool:
        for played in pool.imap_unordered(play, todo):
            row = {**played, "versions": ran_on, "command": command}
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            yield row


def report(rows: list[dict[str, Any]], spec: str) -> RichTable:
    """The win rate table by game and player count."""
    table = RichTable(title=f"{spec} against greedy (seat-rotated)")
    for column in ("game", "players", "games", "win rate (95% CI)", "even", "score",
                   "greedy score", "CPU s/move", "iterations/CPU s"):
        table.add_column(column, justify="left" if column == "game" else "right")
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["game"], row["players"]), []).append(row)
    for (name, players), group in sorted(groups.items()):
        n = len(group)
        wins = sum(r["win"] for r in group)
        low, high = wilson(wins, n)
        searched = sum(r["searched"] for r in group)
        cpu = sum(r["cpu"] for r in group)
        iterations = sum(r["iterations"] for r in group)
        table.add_row(name, str(players), str(n),
                      f"{wins / n:.1%} ({low:.0%}–{high:.0%})", f"{1 / players:.0%}",
                      f"{sum(r['score'] for r in group) / n:.1f}",
                      f"{sum(r['others'] for r in group) / n:.1f}",
                      f"{cpu / searched:.2f}" if searched else "–",
                      f"{iterations / cpu:,.0f}" if cpu else "–")
    return table


def summarise(paths: list[Path]) -> list[RichTable]:
    """One table per spec found in ``paths`` (a game in two files counts once)."""
    rows: dict[str, dict[str, Any]] = {}
    for path in paths:
        rows.update(load(path))
    return [report([r for r in rows.values() if label(r) == name], name)
            for name in sorted({label(row) for row in rows.values()})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="ismcts:iterations=1000", help="the bot to rate")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, action="append",
                        help="player counts (repeatable; default: 2 and each game's most)")
    parser.add_argument("--deals", type=int, default=20, help="deals per game and count")
    parser.add_argument("--seed", type=int, default=29_000, help="the deals' seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("strength.jsonl"),
                        help="results, one JSON line a game (resumed if present)")
    parser.add_argument("--summary", type=Path, nargs="+", metavar="FILE",
                        help="only print the table of these results files (by spec)")
    parser.add_argument("--sees-all", action="store_true",
                        help="hand the bot the true state, hidden cards and all: a "
                        "ceiling for what its search could do, not a fair bot")
    parser.add_argument("--sees-secrets", action="store_true",
                        help="hand the bot the other seats' secrets (their blueprints "
                        "and buildings in Blueprints) but not the chance to come")
    args = parser.parse_args()
    if args.summary:
        missing = [str(path) for path in args.summary if not path.is_file()]
        if missing:
            parser.error(f"no such results file: {', '.join(missing)}")
        for table in summarise(args.summary):
            Console(width=140).print(table)
        return
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    unknown = set(args.game or []) - set(games.names())
    if unknown:
        parser.error(f"unknown game {min(unknown)!r}; known: {', '.join(games.names())}")
    if args.sees_secrets:
        if args.sees_all:
            parser.error("--sees-all already sees the secrets: give one of the two")
        others = set(args.game or games.names()) - set(SECRETS)
        if others:
            parser.error(f"--sees-secrets: {', '.join(sorted(others))} hides nothing that "
                         f"one seat knows and another does not (only {', '.join(SECRETS)} "
                         "does); --sees-all is the ceiling there")
    wanted = jobs(args.spec, args.game or games.names(), args.players, args.deals, args.seed,
                  args.sees_all, args.sees_secrets)
    done = load(args.out)
    todo = [job for job in wanted if job.key not in done]
    rows = [done[job.key] for job in wanted if job.key in done]
    with Progress() as progress:
        task = progress.add_task(f"{len(rows)} done already", total=len(wanted),
                                 completed=len(rows))
        for row in run(todo, args.workers, args.out, command_line()):
            rows.append(row)
            progress.update(task, advance=1, description=f"{row['game']} {row['players']}p")
    Console(width=140).print(report(rows, wanted[0].label))


if __name__ == "__main__":
    main()
