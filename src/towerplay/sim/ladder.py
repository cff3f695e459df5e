"""A bot ladder: seat-rotated games between bot specs, with statistics and ratings.

The work is split at clean function boundaries so that another backend (a Ray cluster)
can run the same jobs: :func:`schedule` lists the games as the simulation's own jobs
(:class:`towerplay.sim.plan.SimJob`, picklable plain data), :func:`play_job` plays one (a
top-level function, no shared state), :func:`run_jobs` runs them through the simulation's
backends, and :func:`summarize` turns the results into a JSON-ready report that
:func:`report_tables` draws.

Every lineup of bots (each combination of ``players`` bots) plays the same deal from every
seat rotation, so seat order and luck of the deal cancel out.

>>> from towerplay import games
>>> jobs = schedule(["random", "greedy"], players=2, games=4, seed=1, game=games.load("castle"))
>>> [job.specs for job in jobs], jobs[0].game, jobs[0].entrants  # doctest: +NORMALIZE_WHITESPACE
([('random', 'greedy'), ('greedy', 'random'), ('random', 'greedy'), ('greedy', 'random')],
 'castle', (0, 1))
"""
from __future__ import annotations

import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.core.game import Game
from towerplay.core.rng import derive_seed
from towerplay.sim.plan import SimJob, bot_labels, lineups
from towerplay.sim.play import configured, play_game, ranks

Z95 = 1.959963984540054


@dataclass(frozen=True)
class GameResult:
    """What one game produced, per seat."""

    index: int
    entrants: tuple[int, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    """1 = best; winners share rank 1, the others follow by score (ties share a rank)."""
    think: tuple[float, ...]
    """Seconds each seat spent choosing moves."""
    moves: tuple[int, ...]
    """Moves each seat made."""


# ----------------------------------------------------------------- scheduling
def schedule(bots: Sequence[str], players: int, games: int, seed: int,
             game: Game[Any, Any]) -> list[SimJob]:
    """The ladder's games as the simulation's jobs: lineups in turn, each played from
    every seat rotation on one deal.

    ``games`` is rounded up to a whole number of rotations (a multiple of ``players``).
    """
    if games < 1:
        raise InvalidOptions(Event.of("cli.games_positive", got=repr(games)))
    tables = lineups(len(bots), players)
    names = bot_labels(bots)
    options = json.dumps(game.options_dict(), sort_keys=True, separators=(",", ":"))
    total = math.ceil(games / players) * players
    jobs: list[SimJob] = []
    for round_ in itertools.count():
        for number, lineup in enumerate(tables):
            deal = derive_seed(seed, "ladder", round_, number)
            for turn in range(players):
                entrants = lineup[turn:] + lineup[:turn]
                jobs.append(SimJob(len(jobs), game.name, options, "", players,
                                   tuple(bots[i] for i in entrants),
                                   tuple(names[i] for i in entrants), deal, entrants))
                if len(jobs) == total:
                    return jobs
    raise AssertionError("unreachable")  # pragma: no cover


# ----------------------------------------------------------------- playing
def play_job(job: SimJob) -> GameResult:
    """Play one scheduled game (runs in a worker process; needs nothing but the job).

    The game is played by the simulation's loop (:func:`towerplay.sim.play.play_game`):
    ladders and simulations are one way of playing many games, with one job type."""
    played = play_game(configured(job.game, job.options), job.specs, job.seed)
    state = played.state
    scores = tuple(float(x) for x in state.scores())
    winners = tuple(state.winners())
    return GameResult(job.index, job.entrants, scores, winners, ranks(scores, winners),
                      tuple(played.think), tuple(played.moves))


def play_jobs(jobs: list[SimJob]) -> list[GameResult]:
    """Play a batch of jobs (what a simulation backend hands a worker)."""
    return [play_job(job) for job in jobs]


def run_jobs(jobs: Sequence[SimJob], workers: int = 1,
             on_result: Callable[[GameResult], None] | None = None,
             start_method: str | None = None, backend: str = "processes",
             address: str | None = None) -> list[GameResult]:
    """Play the jobs on ``workers`` local processes (1: in this process) or on Ray, through
    the simulation's backends (:func:`towerplay.sim.backends.execute`); in index order.

    ``start_method`` is the multiprocessing start method (default: the platform's).
    Workers need only the pickled jobs, so any start method works ("spawn" or
    "forkserver" need the caller's script to guard its main code).
    """
    from towerplay.sim.backends import execute

    results: list[GameResult] = []
    for result in execute(jobs, play_jobs, workers=workers, backend=backend,
                          address=address, start_method=start_method):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return sorted(results, key=lambda r: r.index)


# ----------------------------------------------------------------- statistics
def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (shared wins count fractionally).

    >>> [round(x, 3) for x in wilson(7, 10)]
    [0.397, 0.892]
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    return (max(0.0, centre - half), min(1.0, centre + half))


def openskill_ratings(bots: int, results: Iterable[GameResult]) -> list[dict[str, float]]:
    """PlackettLuce ratings (multiplayer) from the results, rated in game order.

    A bot sitting in several seats of one game gets the mean of its seats' updates.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating() for _ in range(bots)]
    for result in results:
        teams = [[model.rating(mu=ratings[b].mu, sigma=ratings[b].sigma)]
                 for b in result.entrants]
        rated = model.rate(teams, ranks=list(result.ranks))
        for bot in set(result.entrants):
            seats = [s for s, b in enumerate(result.entrants) if b == bot]
            mu = sum(rated[s][0].mu for s in seats) / len(seats)
            sigma = sum(rated[s][0].sigma for s in seats) / len(seats)
            ratings[bot] = model.rating(mu=mu, sigma=sigma)
    return [{"mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma} for r in ratings]


def summarize(bots: Sequence[str], results: Sequence[GameResult],
              **info: Any) -> dict[str, Any]:
    """The JSON-ready ladder report: per bot, and head to head (row bot against column bot).

    Head to head, a bot scores 1 for each table where it finished ahead of the other bot,
    ½ where they tied; win rates count a shared win as a fraction.
    """
    names = bot_labels(bots)
    k = len(bots)
    seats = [0] * k
    wins = [0.0] * k
    score_sum = [0.0] * k
    think = [0.0] * k
    moves = [0] * k
    points = [[0.0] * k for _ in range(k)]
    meetings = [[0] * k for _ in range(k)]
    for result in results:
        share = 1.0 / len(result.winners) if result.winners else 0.0
        for seat, bot in enumerate(result.entrants):
            seats[bot] += 1
            wins[bot] += share if seat in result.winners else 0.0
            score_sum[bot] += result.scores[seat]
            think[bot] += result.think[seat]
            moves[bot] += result.moves[seat]
            for other_seat, other in enumerate(result.entrants):
                if other == bot:
                    continue
                meetings[bot][other] += 1
                mine, theirs = result.ranks[seat], result.ranks[other_seat]
                points[bot][other] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    ratings = openskill_ratings(k, results)
    rows: list[dict[str, Any]] = []
    for bot in range(k):
        rate = wins[bot] / seats[bot] if seats[bot] else 0.0
        rows.append({
            "bot": names[bot], "spec": bots[bot], "games": seats[bot],
            "win_rate": rate, "win_ci": list(wilson(wins[bot], seats[bot])),
            "mean_score": score_sum[bot] / seats[bot] if seats[bot] else 0.0,
            "rating": ratings[bot],
            "ms_per_move": 1000 * think[bot] / moves[bot] if moves[bot] else 0.0,
            "moves": moves[bot],
        })
    head_to_head = {
        names[a]: {names[b]: {"score": points[a][b] / meetings[a][b],
                              "ci": list(wilson(points[a][b], meetings[a][b])),
                              "n": meetings[a][b]}
                   for b in range(k) if b != a and meetings[a][b]}
        for a in range(k)}
    rows.sort(key=lambda row: -row["rating"]["ordinal"])
    return {**info, "games": len(results), "bots": rows, "head_to_head": head_to_head}


# ----------------------------------------------------------------- the whole ladder
def run_ladder(game: Game[Any, Any], players: int, bots: Sequence[str], games: int, seed: int = 0,
               workers: int | None = None,
               on_result: Callable[[GameResult], None] | None = None,
               backend: str = "processes", address: str | None = None) -> dict[str, Any]:
    """Check the specs, play the ladder (on local processes or Ray: ``backend``,
    ``address``) and return :func:`summarize`'s report."""
    from towerplay import bots as bot_registry

    game.check_players(players)
    for spec in bots:
        bot_registry.load(spec, seed=0)  # refuse bad specs before starting workers
    workers = workers or os.cpu_count() or 1
    jobs = schedule(bots, players, games, seed, game=game)
    started = time.perf_counter()
    results = run_jobs(jobs, min(workers, len(jobs)), on_result, backend=backend,
                       address=address)
    elapsed = time.perf_counter() - started
    return summarize(bots, results, game=game.name, options=game.options_dict(),
                     players=players, seed=seed, workers=workers,
                     elapsed_s=round(elapsed, 3))


def report_tables(report: dict[str, Any], lang: str = "en") -> list[Any]:
    """Rich tables of a report in ``lang``: the standings, then head to head (bots named
    by their specs, as typed)."""
    from rich.markup import escape
    from rich.table import Table

    from towerplay.i18n import translator

    words = translator("web", lang)
    game = report["game"]
    title = words.raw(f"title.{game}") if words.has(f"title.{game}") else game
    standings = Table(title=escape(words("cli.ladder_title", game=title,
                                         players=report["players"], games=report["games"],
                                         seconds=f"{report['elapsed_s']:.1f}")))
    for column in ("place", "bot", "games", "win_rate", "mean_score", "rating", "ordinal",
                   "ms_per_move"):
        label = words(f"cli.ladder_column_{column}")
        if column == "bot":  # a bot spec is never cut: it says which bot this is
            standings.add_column(label, no_wrap=True, overflow="fold")
        else:
            standings.add_column(label, justify="right")
    for place, row in enumerate(report["bots"], 1):
        low, high = row["win_ci"]
        rating = row["rating"]
        standings.add_row(str(place), escape(row["bot"]), str(row["games"]),
                          f"{row['win_rate']:.0%} ({low:.0%}–{high:.0%})",
                          f"{row['mean_score']:.1f}",
                          f"{rating['mu']:.1f} ± {rating['sigma']:.1f}",
                          f"{rating['ordinal']:.1f}", f"{row['ms_per_move']:.1f}")
    order = [row["bot"] for row in report["bots"]]
    matrix = Table(title=words("cli.ladder_head_to_head"))
    matrix.add_column(words("cli.ladder_column_bot"), no_wrap=True, overflow="fold")
    for name in order:
        matrix.add_column(escape(name), justify="right")
    for name in order:
        cells = []
        for other in order:
            cell = report["head_to_head"].get(name, {}).get(other)
            if cell is None:
                cells.append("—")
            else:
                low, high = cell["ci"]
                cells.append(f"{cell['score']:.0%} ({low:.0%}–{high:.0%})")
        matrix.add_row(escape(name), *cells)
    return [standings, matrix]
