"""A fair match: our ISMCTS against OpenSpiel's ``ISMCTSBot`` at the same budget.

    PYTHONPATH=src nice -n 10 python3 benchmarks/bench_vs_openspiel.py --out match.jsonl \\
        --iterations 100 1000 [--seconds 0.5 2] --games 50 [--game castle] \\
        [--playouts random game] [--players 2] [--workers 16] [--c 0.7] [--seed 2026] \\
        [--deadline 500] [--grace 60]
    python3 benchmarks/bench_vs_openspiel.py --summary match.jsonl [more.jsonl ...] [--json]

Both searches get the same evaluator and the same moves; only the tree search differs:

- **evaluator**: one playout to the end of the game, judged by its win shares (rewards in
  [0, 1] on both sides), with the same policy: ``random`` (uniform over the legal moves) or
  ``game`` (the game's own playout policy, ``rollout_action``). OpenSpiel's bot gets it as
  :class:`Playout`, an OpenSpiel ``Evaluator`` calling the policy our search calls; ours gets
  ``rollout=<policy>`` with no depth cut (so no ``evaluate()``) and no score margins;
- **moves**: every legal move on both sides (ours with ``narrow=false``: the game's
  candidate-move narrowing is off); ours still weighs moves its mover cannot tell apart as
  one (``State.action_class``), which changes no choice it can make;
- **tree**: a fresh tree each move on both sides (ours with ``reuse=false``); ours searches
  the other seats' moves in its tree (``opponents=tree``), as OpenSpiel's does;
- **budget**, one of two kinds, the same on both sides, with the same ``uct_c`` (``--c``):
  ``--iterations N``: N iterations (OpenSpiel's simulations) a decision; ``--seconds S``:
  equal wall time, S seconds a decision: ours with ``seconds=S``, OpenSpiel's as
  :class:`TimedISMCTSBot` (its own search, simulating until S seconds have passed and
  counting its simulations); both check the clock after each iteration, so each runs at
  least one (OpenSpiel's two: its first only expands the root). OpenSpiel's resampler
  draws from its seeded generator (``set_resampler``) and its chance draws from the same
  seeded generator, so an iterations run is reproducible (a timed one is not: the clock
  decides). Decisions with one legal action are not searched by either and not counted.

Games rotate our seat (game ``i``: seat ``i % players``) on deals fixed by ``--seed``. Each
cell (game, playout policy, budget) is reported beside a baseline on the same deals: our
*greedy* bot (no search at all) against the same OpenSpiel bot. Win rates count shared
wins as fractions, with 95% Wilson intervals; iterations and seconds per decision and
iterations per second are over each side's searched decisions (OpenSpiel's over both
matches of a cell); a row ``all`` pools each budget's cells. Each game's record also has
its wall and CPU seconds: CPU well below wall says the machine was oversubscribed.

**Running**: every single game (cell, side, deal) is one job for a pool of ``--workers``
processes (default: every core). Jobs go out round by round (deal 0 of every cell, then
deal 1, ...), cheap budgets first within a round, ours and the greedy baseline on a deal
one after the other, so a run cut off early still has games in every cell. Each finished
game is appended at once to ``--out`` as one JSON line (flushed); a rerun with the same
file skips the games in it, so a run can be resumed or extended (more ``--games``).
``--deadline S``: no game starts after S seconds, nor any that the games of its cell so
far (or, before its first, those of the next smaller budget, scaled) say would not end
by ``S + --grace``, so a budget runs only where a game's time allows (a larger budget
waits for a smaller one's first game to tell); games still running at ``S + --grace`` are
stopped and not recorded, the workers ended, and the table printed (also on Ctrl-C or
SIGTERM). ``--summary FILE...`` prints the table of one or more such files (a game found
twice counts once), as Markdown or, with ``--json``, one JSON object a cell.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import queue
import random
import signal
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from towerplay import bots, games
from towerplay.bots.ismcts import ISMCTSBot
from towerplay.core.rng import derive_seed
from towerplay.core.state import State
from towerplay.envs import openspiel
from towerplay.lifeline import die_with_parent
from towerplay.sim.ladder import wilson
from towerplay.sim.provenance import command_line, versions

POLICIES = ("random", "game")
"""Playout policies both searches can share (our ``rollout`` option's values)."""
SIDES = ("ismcts", "greedy")
"""What plays OpenSpiel's bot: our search, or the greedy baseline (no search)."""
CELL = ("game", "playouts", "iterations", "seconds", "c", "players", "search")
"""The fields of a record naming its cell (a table row); ``search`` is the options our
search ran with beyond the fair settings (``--search``; "" in lines from before it)."""
SEARCH = "root=halving,outcomes=pooled"
"""Our search's own options in a match unless ``--search`` says otherwise: sequential
halving at the root and outcomes pooled where the game says they are alike (castle's near
numbers); see docs/rl.md, "Castle at equal iterations"."""
KEY = (*CELL, "seed", "side", "index")
"""The fields of a record naming its game: a rerun skips a game whose key is done."""
ALL = "all"
"""The game and playouts of a table's row pooling a budget's cells."""


def policy_function(game: Any, policy: str) -> Callable[[State[Any], random.Random], Any]:
    """The playout policy ``policy`` of ``game``, as our search picks it (``rollout``)."""
    if policy == "random":
        return lambda state, rng: rng.choice(state.legal_actions())
    if policy == "game":
        return game.heuristics.rollout_action
    raise ValueError(f"playout policy {policy!r}: expected one of {', '.join(POLICIES)}")


class Playout(mcts.Evaluator):
    """OpenSpiel's evaluator for a fair match: one playout to the end with ``policy`` on the
    engine state inside the adapter's state, returning every seat's win share (what our
    search's ``rollout=<policy>``, with no depth cut, backs up); a uniform prior."""

    def __init__(self, policy: str, rng: random.Random) -> None:
        if policy not in POLICIES:
            raise ValueError(f"playout policy {policy!r}: expected one of "
                             f"{', '.join(POLICIES)}")
        self.policy = policy
        self.rng = rng

    def evaluate(self, state: openspiel.TowerplayState) -> np.ndarray:
        inner = state.inner.copy()
        step = policy_function(inner.game, self.policy)
        while inner.to_move is not None:
            inner.apply(step(inner, self.rng))
        return np.array(inner.rewards(), dtype=float)

    def prior(self, state: openspiel.TowerplayState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ``ISMCTSBot`` searching for ``seconds`` of wall time a decision instead
    of a count of simulations: its own ``run_search`` with the loop timed as ours is (the
    clock read after each simulation). Its first simulation only expands the root, so at
    least two run: one that visits a move. ``simulations`` is how many the last search
    ran (0 when it had one legal action and did not search)."""

    def __init__(self, game: pyspiel.Game, evaluator: mcts.Evaluator, uct_c: float,
                 seconds: float, **options: Any) -> None:
        super().__init__(game, evaluator, uct_c, sys.maxsize, **options)
        self.seconds = seconds
        self.simulations = 0

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        self.simulations = 0
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self.reset()
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        while self.simulations < self._max_simulations:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
            if time.perf_counter() >= deadline and self._root_node.total_visits > 0:
                break
        node = self._root_node
        if self._allow_inconsistent_action_sets:
            node = self.filter_illegals(node, state.legal_actions())
        return self.get_final_policy(state, node)


@dataclass(frozen=True)
class Duel:
    """One game of the match: ``ours`` (``ismcts`` or the ``greedy`` baseline) against
    OpenSpiel's bot on deal ``index``, with a budget of ``iterations`` or ``seconds`` a
    decision (exactly one of them) on both sides."""

    game: str
    index: int
    ours: str           # "ismcts" or "greedy" (the baseline)
    policy: str         # the shared playout policy
    iterations: int | None
    c: float
    players: int = 2
    seed: int = 2026
    seconds: float | None = None
    search: str = ""    # our search's options beyond the fair settings ("root=halving,...")

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise ValueError("a duel needs a budget of iterations or seconds (one of them)")

    @property
    def budget(self) -> str:
        return (f"{self.iterations:,} iterations" if self.seconds is None
                else f"{self.seconds:g} s")

    def key(self) -> tuple[Any, ...]:
        """The game's identity in a results file (see :data:`KEY`)."""
        return (self.game, self.policy, self.iterations, self.seconds, self.c, self.players,
                self.search, self.seed, self.ours, self.index)


@dataclass(frozen=True)
class Outcome:
    share: float        # our share of the win
    decisions: int      # our decisions with more than one legal action
    forced: int         # our decisions with one legal action (not searched, not counted)
    our_iterations: int
    our_seconds: float
    their_decisions: int
    their_iterations: int
    their_seconds: float


def bots_for(duel: Duel, game: pyspiel.Game, seed: int) -> tuple[Any, ismcts.ISMCTSBot]:
    """Our bot and OpenSpiel's for one game, set up alike (see the module's docstring)."""
    if duel.ours == "greedy":
        ours: Any = bots.load("greedy", seed=seed)
    else:
        options = dict(item.split("=", 1) for item in duel.search.split(",") if item)
        ours = ISMCTSBot(seed=seed, iterations=duel.iterations, seconds=duel.seconds,
                         c=duel.c, rollout=duel.policy, narrow=False, depth=None,
                         score_weight=0.0, opponents="tree", reuse=False, **options)
    rng = np.random.RandomState(seed % 2**32)
    evaluator = Playout(duel.policy, random.Random(seed + 1))
    final = ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
    theirs: ismcts.ISMCTSBot
    if duel.seconds is None:
        theirs = ismcts.ISMCTSBot(game, evaluator, duel.c, duel.iterations, random_state=rng,
                                  final_policy_type=final)
    else:
        theirs = TimedISMCTSBot(game, evaluator, duel.c, duel.seconds, random_state=rng,
                                final_policy_type=final)
    theirs.set_resampler(
        lambda state, player: state.resample_from_infostate(player, rng.uniform))
    return ours, theirs


def play(duel: Duel) -> Outcome:
    """One game: we sit at seat ``index % players``, OpenSpiel's bot in the others."""
    openspiel.register_all()
    seed = derive_seed(duel.seed, "vs-openspiel", duel.game, duel.players, duel.index)
    game = pyspiel.load_game(openspiel.short_name(duel.game),
                             {"players": duel.players, "seed": seed % 2**31})
    ours, theirs = bots_for(duel, game, seed)
    action_id = games.load(duel.game).action_id
    me = duel.index % duel.players
    state = game.new_initial_state()
    for byte in (seed % 2**32).to_bytes(openspiel.SEED_BYTES, "big"):  # the chance nodes
        state.apply_action(byte)
    n = {"decisions": 0, "forced": 0, "ours": 0, "theirs": 0, "their_d": 0}
    spent = {"ours": 0.0, "theirs": 0.0}
    while not state.is_terminal():
        forced = len(state.legal_actions()) == 1
        start = time.perf_counter()
        if state.current_player() == me:
            action = action_id(ours.act(state.inner))
            if forced:
                n["forced"] += 1
            else:
                n["decisions"] += 1
                spent["ours"] += time.perf_counter() - start
                last = getattr(ours, "last", None)
                n["ours"] += last.iterations if last is not None else 0
        else:
            action = theirs.step(state)
            if not forced:
                n["their_d"] += 1
                n["theirs"] += getattr(theirs, "simulations", duel.iterations or 0)
                spent["theirs"] += time.perf_counter() - start
        state.apply_action(action)
    return Outcome(state.returns()[me], n["decisions"], n["forced"], n["ours"],
                   spent["ours"], n["their_d"], n["theirs"], spent["theirs"])


def record(duel: Duel, command: str = "") -> dict[str, Any]:
    """Play ``duel`` and return its line for the results file: the key, the outcome, the
    game's wall and CPU time (less CPU than wall: the machine was busy), the machine, the
    versions it ran (towerplay's commit, OpenSpiel, Python) and the run's ``command``
    (run in a worker)."""
    started, cpu = time.perf_counter(), time.process_time()
    outcome = play(duel)
    return {**dict(zip(KEY, duel.key(), strict=True)), "seat": duel.index % duel.players,
            **asdict(outcome), "wall_seconds": round(time.perf_counter() - started, 3),
            "cpu_seconds": round(time.process_time() - cpu, 3),
            "finished": datetime.now(UTC).isoformat(timespec="seconds"),
            "host": platform.node(), "cpus": os.cpu_count(),
            "python": platform.python_version(), "versions": versions("open_spiel"),
            "command": command}


def record_key(line: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(line.get(name, "" if name == "search" else None) for name in KEY)


def cell_key(line: Mapping[str, Any]) -> tuple[Any, ...]:
    return record_key(line)[:len(CELL)]


# --------------------------------------------------------------------------- the schedule
def duels(names: list[str], policies: list[str], iterations: list[int],
          seconds: list[float], count: int, c: float, players: int,
          seed: int, sides: tuple[str, ...] = SIDES, search: str = "") -> list[Duel]:
    """Every game of a run in the order it is handed out: round by round (deal ``i`` of
    every cell in round ``i``), cheap budgets first within a round (iterations, then
    seconds, each ascending), ours and the greedy baseline on a deal side by side (or
    only the ``sides`` asked for)."""
    budgets = ([(n, None) for n in sorted(set(iterations))]
               + [(None, s) for s in sorted(set(seconds))])
    return [Duel(name, index, side, policy, n, c, players, seed, s, search)
            for index in range(count) for n, s in budgets
            for policy in policies for name in names for side in sides]


def read_records(paths: Iterable[str | Path], warn: TextIO | None = None) -> list[dict[str, Any]]:
    """The games in results files, each once (the first line of a key wins); a line that
    is not a whole JSON object (a run killed mid-write) is skipped with a warning."""
    seen: set[tuple[Any, ...]] = set()
    lines: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for number, text in enumerate(handle, 1):
                if not text.strip():
                    continue
                try:
                    line = json.loads(text)
                except json.JSONDecodeError:
                    line = None
                if not isinstance(line, dict) or "share" not in line:
                    if warn is not None:
                        print(f"{path}:{number}: not a game's record, skipped", file=warn)
                    continue
                key = record_key(line)
                if key not in seen:
                    seen.add(key)
                    lines.append(line)
    return lines


@dataclass
class Progress:
    """What a run did: games played now, found done, stopped, never started."""

    played: int = 0
    skipped: int = 0
    failed: int = 0
    stopped: int = 0
    not_started: int = 0
    walls: dict[tuple[Any, ...], list[float]] = field(default_factory=dict)
    firsts: set[tuple[Any, ...]] = field(default_factory=set)
    """The cells and sides with the smallest budget of their kind in the run."""

    def plan(self, todo: Iterable[Duel]) -> None:
        """Note which cell and side of each family (game, playouts, side, kind of budget)
        has the run's smallest budget: the one whose games go first."""
        smallest: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        for duel in todo:
            kind = self._kind(duel.key())
            family = self._family(kind)
            if family not in smallest or self._budget(kind) < self._budget(smallest[family]):
                smallest[family] = kind
        self.firsts = set(smallest.values())

    def estimate(self, duel: Duel) -> float | None:
        """How long ``duel`` should take: the mean wall time of its cell and side's games so
        far, or else that of the largest smaller budget of its family with games, scaled
        by the budgets' ratio (the search's time grows with its budget); None: no idea."""
        kind = self._kind(duel.key())
        walls = self.walls.get(kind, [])
        if walls:
            return sum(walls) / len(walls)
        smaller = [(self._budget(other), times) for other, times in self.walls.items()
                   if self._family(other) == self._family(kind)
                   and self._budget(other) < self._budget(kind)]
        if not smaller:
            return None
        below, times = max(smaller, key=lambda pair: pair[0])
        return sum(times) / len(times) * self._budget(kind) / below

    def may_start(self, duel: Duel, now: float, kill_at: float) -> bool:
        """Whether ``duel`` should end before ``kill_at`` if it starts ``now``. With no
        estimate yet, only a family's smallest budget starts (its games tell the others'
        length); with no limit, anything."""
        if kill_at == math.inf:
            return True
        guess = self.estimate(duel)
        if guess is None:
            return self._kind(duel.key()) in self.firsts
        return now + guess < kill_at

    def took(self, key: tuple[Any, ...], seconds: float) -> None:
        self.walls.setdefault(self._kind(key), []).append(seconds)

    @staticmethod
    def _kind(key: tuple[Any, ...]) -> tuple[Any, ...]:
        """A cell and side: (game, playouts, iterations, seconds, c, players, search,
        side)."""
        return key[:len(CELL)] + key[len(CELL) + 1:-1]

    @staticmethod
    def _family(kind: tuple[Any, ...]) -> tuple[Any, ...]:
        return (*kind[:2], *kind[4:], kind[2] is None)

    @staticmethod
    def _budget(kind: tuple[Any, ...]) -> float:
        return float(kind[2] if kind[2] is not None else kind[3])


class Stop(Exception):
    """SIGTERM (or SIGINT) reached the parent: end the run, keeping what is recorded."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


SIGNALLED: list[int] = []
"""The signals that asked the run to stop, noted by :func:`_stop_on_signal` and acted on
by :func:`run` where it waits (:func:`_stop_if_signalled`): an exception raised by the
handler itself could land anywhere, half-way through starting the pool, and once left
a run that never ended."""


def _stop_on_signal(signum: int, _frame: Any) -> None:
    SIGNALLED.append(signum)


def _stop_if_signalled() -> None:
    if SIGNALLED:
        raise Stop(SIGNALLED[0])


def _worker_start(parent: int) -> None:
    """A worker's first act: end with ``parent`` (even under ``kill -9``); leave Ctrl-C
    and SIGTERM's handling to it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


def run(todo: list[Duel], out: str | Path, workers: int, deadline: float = math.inf,
        grace: float = 60.0, log: TextIO | None = None, command: str = "") -> Progress:
    """Play the games of ``todo`` not yet in ``out`` on ``workers`` processes, appending
    each game's record to ``out`` as it ends (see the module's docstring for the deadline).
    The pool is ended (its workers killed) before this returns, whatever happens. Progress
    and errors go to ``log`` (default: standard error)."""
    log = sys.stderr if log is None else log
    progress = Progress()
    done = set()
    for old in read_records([out], warn=log) if Path(out).exists() else []:
        done.add(record_key(old))
        progress.took(record_key(old), float(old.get("wall_seconds", 0.0)))
    pending = [duel for duel in todo if duel.key() not in done]
    progress.skipped, total = len(todo) - len(pending), len(pending)
    progress.plan(todo)
    print(f"{total} games to play, {progress.skipped} already in {out}; {workers} workers"
          + (f", none started after {deadline:g} s" if deadline < math.inf else ""),
          file=log, flush=True)
    finished: Finished = queue.Queue()
    running: set[tuple[Any, ...]] = set()
    with open(out, "a", encoding="utf-8") as handle:
        pool = multiprocessing.Pool(workers, initializer=_worker_start,
                                    initargs=(os.getpid(),))
        # The clock starts with the pool: on a busy machine its start alone may take longer
        # than a short deadline, which must not keep the first games from starting.
        began = time.monotonic()
        last_start, kill_at = began + deadline, began + deadline + grace
        try:
            while True:
                _stop_if_signalled()
                while len(running) < workers and (duel := _next(pending, progress,
                                                                last_start, kill_at)):
                    running.add(duel.key())
                    _submit(pool, duel, finished, command)
                if not running:
                    break
                try:
                    ended, line, error = finished.get(timeout=1.0)
                except queue.Empty:
                    _stop_if_signalled()
                    if time.monotonic() >= kill_at:
                        break
                    continue
                running.discard(ended.key())
                _note(ended, line, error, handle, progress, f"{progress.played + 1}/{total}, "
                      f"{time.monotonic() - began:.0f} s", log)
        finally:
            _end(pool)
            progress.stopped, progress.not_started = len(running), len(pending)
    return progress


def _note(duel: Duel, line: dict[str, Any] | None, error: BaseException | None,
          handle: TextIO, progress: Progress, where: str, log: TextIO) -> None:
    """Append a finished game's record to the results file at once, or report its error."""
    if line is None:
        progress.failed += 1
        print(f"{_name(duel)}: failed: {error!r}", file=log, flush=True)
        return
    handle.write(json.dumps(line) + "\n")
    handle.flush()
    progress.played += 1
    progress.took(duel.key(), line["wall_seconds"])
    print(f"[{where}] {_name(duel)}: ours {line['share']:g} in {line['wall_seconds']:.0f} s",
          file=log, flush=True)


def _end(pool: Any) -> None:
    """Kill the pool's workers and wait for them; a SIGTERM or Ctrl-C arriving meanwhile
    waits until they are gone (it would leave them running otherwise)."""
    blocked = {signal.SIGINT, signal.SIGTERM}
    main = threading.current_thread() is threading.main_thread()
    if main:
        signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
    try:
        pool.terminate()
        pool.join()
    finally:
        if main:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, blocked)


Finished = queue.Queue[tuple[Duel, dict[str, Any] | None, BaseException | None]]
"""Games that ended, as the pool's result thread hands them over: the record or the error."""


def _submit(pool: Any, duel: Duel, finished: Finished, command: str) -> None:
    """Hand ``duel`` to a worker; its record (or error) goes to ``finished``."""
    def done(line: dict[str, Any]) -> None:
        finished.put((duel, line, None))

    def failed(error: BaseException) -> None:
        finished.put((duel, None, error))

    pool.apply_async(record, (duel, command), callback=done, error_callback=failed)


def _next(pending: list[Duel], progress: Progress, last_start: float,
          kill_at: float) -> Duel | None:
    """The first pending game that may start now: none after the deadline, nor one that
    would still run when the grace ends (:meth:`Progress.may_start`)."""
    now = time.monotonic()
    if now >= last_start:
        return None
    for position, duel in enumerate(pending):
        if progress.may_start(duel, now, kill_at):
            return pending.pop(position)
    return None


def _name(duel: Duel) -> str:
    return f"{duel.game} {duel.policy} {duel.budget} {duel.ours} #{duel.index}"


# --------------------------------------------------------------------------- the table
def summary(results: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """One side's games in a cell: wins (shared ones as fractions), the win rate with its
    95% Wilson interval, searched decisions, iterations per decision and per second on
    each side, the games' total wall and CPU time and their mean wall time."""
    results = list(results)
    wins = sum(r["share"] for r in results)
    games_played = len(results)
    low, high = wilson(wins, games_played)
    decisions = sum(r["decisions"] for r in results)
    their_decisions = sum(r["their_decisions"] for r in results)

    def total(name: str) -> float:
        return float(sum(r[name] for r in results))

    return {"games": games_played, "wins": wins,
            "win_rate": wins / games_played if games_played else math.nan,
            "ci": [low, high], "decisions": decisions, "forced": sum(r["forced"] for r in results),
            "our_iterations_per_decision": total("our_iterations") / max(1, decisions),
            "our_seconds_per_decision": total("our_seconds") / max(1, decisions),
            "our_iterations_per_s": total("our_iterations") / max(1e-9, total("our_seconds")),
            "their_decisions": their_decisions,
            "their_iterations_per_decision": total("their_iterations") / max(1, their_decisions),
            "their_seconds_per_decision": total("their_seconds") / max(1, their_decisions),
            "their_iterations_per_s": total("their_iterations")
            / max(1e-9, total("their_seconds")),
            "minutes": sum(r.get("wall_seconds", 0.0) for r in results) / 60,
            "cpu_minutes": sum(r.get("cpu_seconds", 0.0) for r in results) / 60,
            "seconds_per_game": sum(r.get("wall_seconds", 0.0) for r in results)
            / max(1, games_played)}


def cells(records: Iterable[Mapping[str, Any]], pooled: bool = True) -> list[dict[str, Any]]:
    """One summary a cell, cheap budgets first: ours (``ismcts``) and the greedy baseline
    apart, OpenSpiel's search speed over both sides' games. ``pooled``: after each budget's
    cells (when there are several), a row ``all`` pooling their games (game ``*``)."""
    grouped: dict[tuple[Any, ...], dict[str, list[Mapping[str, Any]]]] = defaultdict(
        lambda: {side: [] for side in SIDES})
    for line in records:
        key = cell_key(line)
        grouped[key].setdefault(line["side"], []).append(line)
    if pooled:
        budgets = defaultdict(set)
        for key in list(grouped):
            budgets[key[2:]].add(key)
        for budget, keys in budgets.items():
            if len(keys) > 1:
                grouped[(ALL, ALL, *budget)] = {side: [line for key in keys
                                                       for line in grouped[key][side]]
                                                for side in SIDES}

    def order(key: tuple[Any, ...]) -> tuple[Any, ...]:
        name, policy, iterations, seconds, c, players, _ = key
        rank = POLICIES.index(policy) if policy in POLICIES else len(POLICIES)
        return (iterations is None, iterations or seconds, players, c, policy == ALL, rank,
                policy, name)

    out = []
    for key in sorted(grouped, key=order):
        sides = grouped[key]
        both = summary([*sides["ismcts"], *sides["greedy"]])
        out.append({**dict(zip(CELL, key, strict=True)),
                    **{side: summary(sides[side]) for side in SIDES},
                    "their_iterations_per_decision": both["their_iterations_per_decision"],
                    "their_iterations_per_s": both["their_iterations_per_s"],
                    "their_seconds_per_decision": both["their_seconds_per_decision"],
                    "minutes": both["minutes"], "cpu_minutes": both["cpu_minutes"]})
    return out


HEADER = ("| game | playouts | budget | games | ours: wins, rate [95% CI] "
          "| greedy (no search): wins, rate [95% CI] | our iterations/decision "
          "| OpenSpiel's iterations/decision | our iterations/s | OpenSpiel's iterations/s "
          "| seconds/decision: ours, OpenSpiel's | our searched decisions (forced) "
          "| seconds a game: ours, greedy | worker minutes: wall (CPU) |")


def table(rows: list[dict[str, Any]]) -> str:
    """The cells as a Markdown table (docs/rl.md's), one line a cell; "–" where a side has
    no game yet."""
    lines = [HEADER, "|" + "---|" * HEADER.count(" | ") + "---|"]
    for row in rows:
        ours, greedy = row["ismcts"], row["greedy"]
        budget = (f"{row['iterations']:,} iterations" if row["seconds"] is None
                  else f"{row['seconds']:g} s")
        mine = _shown(ours)
        lines.append(
            f"| {_code(row['game'])}{_search(row)} | {row['playouts']} | {budget} "
            f"| {ours['games']} "
            f"| {_rate(ours)} | {_rate(greedy)} "
            f"| {mine('our_iterations_per_decision', ',.0f')} "
            f"| {row['their_iterations_per_decision']:,.0f} "
            f"| {mine('our_iterations_per_s', ',.0f')} | {row['their_iterations_per_s']:,.0f} "
            f"| {mine('our_seconds_per_decision', '.3g')}, "
            f"{row['their_seconds_per_decision']:.3g} "
            f"| {mine('decisions', 'd')} ({mine('forced', 'd')}) "
            f"| {mine('seconds_per_game', ',.0f')}, "
            f"{_shown(greedy)('seconds_per_game', ',.0f')} "
            f"| {row['minutes']:.1f} ({row['cpu_minutes']:.1f}) |")
    return "\n".join(lines)


def _shown(side: Mapping[str, Any]) -> Callable[[str, str], str]:
    """A side's figure formatted, or "–" when the side has no game."""
    def shown(name: str, spec: str) -> str:
        return format(side[name], spec) if side["games"] else "–"
    return shown


def _search(row: Mapping[str, Any]) -> str:
    """The row's search options beyond the fair settings, if any, after its game."""
    return f" ({row['search']})" if row.get("search") else ""


def _code(name: str) -> str:
    return "**all**" if name == ALL else f"`{name}`"


def _rate(side: Mapping[str, Any]) -> str:
    if not side["games"]:
        return "–"
    low, high = side["ci"]
    return (f"{side['wins']:g} of {side['games']}: {100 * side['win_rate']:.0f}% "
            f"[{100 * low:.0f}, {100 * high:.0f}]")


# --------------------------------------------------------------------------- the command
def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", metavar="FILE", help="results file: one JSON line a game, "
                                                 "appended as it ends; games in it are skipped")
    p.add_argument("--summary", nargs="+", metavar="FILE",
                   help="print the table of these results files and play nothing")
    p.add_argument("--json", action="store_true",
                   help="the table as one JSON object a cell instead of Markdown")
    p.add_argument("--game", action="append", choices=games.names(),
                   help="a game (default: all)")
    p.add_argument("--games", type=_positive(int), default=4, metavar="N",
                   help="deals per cell, each played by ours and by the greedy baseline")
    p.add_argument("--iterations", type=_positive(int), nargs="+", metavar="N",
                   help="iteration budgets (e.g. 100 1000 10000; default 100 1000 "
                        "unless --seconds is given)")
    p.add_argument("--seconds", type=_positive(float), nargs="+", default=[], metavar="S",
                   help="equal wall time: seconds a decision on both sides (e.g. 0.5 2)")
    p.add_argument("--playouts", nargs="+", choices=POLICIES, default=list(POLICIES),
                   help="shared playout policies: random, game")
    p.add_argument("--c", type=_positive(float), default=0.7, help="uct_c of both searches")
    p.add_argument("--players", type=int, default=2, help="seats (ours is one)")
    p.add_argument("--search", default=SEARCH, metavar="OPTIONS",
                   help="our search's options beyond the fair settings, as in a bot spec "
                   f"(default {SEARCH!r}; '' for none)")
    p.add_argument("--sides", nargs="+", choices=SIDES, default=list(SIDES),
                   help="what plays OpenSpiel's bot: our search (ismcts), the greedy "
                        "baseline, or both (the default)")
    p.add_argument("--seed", type=int, default=2026, help="fixes the deals")
    p.add_argument("--workers", type=_positive(int), default=os.cpu_count() or 1, metavar="N",
                   help="processes, one game each (default: every core)")
    p.add_argument("--deadline", type=_positive(float), default=math.inf, metavar="S",
                   help="start no game after S seconds of wall time, nor one whose cell's "
                        "games say it would not end by S + grace")
    p.add_argument("--grace", type=_non_negative, default=60.0, metavar="S",
                   help="seconds after --deadline that running games may take to end "
                        "(then they are stopped, unrecorded; default 60)")
    return p


def _positive(kind: type) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not value > 0:
            raise argparse.ArgumentTypeError(f"expected a number above 0, got {text!r}")
        return value
    return parse


def _non_negative(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, 0 or more, "
                                         f"got {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.summary:
        missing = [path for path in args.summary if not Path(path).is_file()]
        if missing:
            p.error(f"--summary: no such results file: {', '.join(missing)}")
        show(read_records(args.summary, warn=sys.stderr), args.json)
        return 0
    if not args.out:
        p.error("--out FILE is needed to play (or --summary FILE... to print a table)")
    if not Path(args.out).parent.is_dir() or Path(args.out).is_dir():
        p.error(f"--out {args.out}: expected a file in an existing folder")
    names = args.game or games.names()
    openspiel.register_all()  # before the workers fork: each has it
    for name in names:  # refuse a player count a game does not take before playing
        try:
            pyspiel.load_game(openspiel.short_name(name), {"players": args.players})
        except (ValueError, pyspiel.SpielError) as error:  # the game says what it takes
            p.error(f"--players {args.players}: {name}: {error}")
    iterations = args.iterations or ([] if args.seconds else [100, 1000])
    todo = duels(names, args.playouts, iterations, args.seconds, args.games, args.c,
                 args.players, args.seed, tuple(args.sides), args.search)
    SIGNALLED.clear()
    previous = {signum: signal.signal(signum, _stop_on_signal)
                for signum in (signal.SIGTERM, signal.SIGINT)}
    status = 0
    try:
        progress = run(todo, args.out, args.workers, args.deadline, args.grace,
                       command=command_line([sys.argv[0], *(sys.argv[1:] if argv is None
                                                            else argv)]))
    except Stop as stop:
        print(f"stopped by {stop}: the games recorded so far follow", file=sys.stderr)
        progress, status = None, 128 + stop.signum  # as a shell reports a signal
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if progress is not None:
        print(f"{progress.played} games played, {progress.skipped} already in {args.out}, "
              f"{progress.failed} failed, {progress.stopped} stopped at the deadline, "
              f"{progress.not_started} not started", file=sys.stderr)
    wanted = {duel.key()[:len(CELL)] for duel in todo}
    if Path(args.out).exists():
        show([line for line in read_records([args.out]) if cell_key(line) in wanted], args.json)
    return status


def show(records: list[dict[str, Any]], as_json: bool) -> None:
    rows = cells(records)
    if as_json:
        for row in rows:
            print(json.dumps(row))
    else:
        print(table(rows))


if __name__ == "__main__":
    sys.exit(main())
