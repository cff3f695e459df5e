"""The fair match against OpenSpiel (``benchmarks/bench_vs_openspiel.py``) sets both sides up
alike: the same playout evaluator, budget, exploration constant and move set, a seeded
resampler, and games that replay the same from their seed."""
from __future__ import annotations

import importlib.metadata
import importlib.util
import io
import json
import math
import multiprocessing
import os
import platform
import random
import signal
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

from towerplay.bots.ismcts import ISMCTSBot
from towerplay.envs import openspiel
from towerplay.lifeline import alive, descendants
from towerplay.sim.ladder import wilson

from tests.waiting import PATIENCE, wait_for

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "bench_vs_openspiel.py"


@pytest.fixture(scope="module")
def bench() -> Any:
    spec = importlib.util.spec_from_file_location("bench_vs_openspiel", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    openspiel.register_all()
    return module


def dealt(name: str, seed: int = 5) -> pyspiel.State:
    game = pyspiel.load_game(openspiel.short_name(name), {"players": 2, "seed": seed})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(7)
    return state


@pytest.mark.parametrize("policy", ["random", "game"])
@pytest.mark.parametrize("iterations", [100, 1000])
def test_both_sides_get_the_same_evaluator_budget_c_and_moves(bench: Any, policy: str,
                                                              iterations: int) -> None:
    state = dealt("castle")
    duel = bench.Duel("castle", 0, "ismcts", policy, iterations, 0.7)
    ours, theirs = bench.bots_for(duel, state.get_game(), seed=11)
    settings = ours.settings(state.inner.game, 2)  # after the game's search defaults
    assert type(theirs) is ismcts.ISMCTSBot  # OpenSpiel's own bot, unchanged
    assert settings.iterations == theirs._max_simulations == iterations
    assert settings.seconds is None
    assert_alike(bench, ours, theirs, settings, policy)


@pytest.mark.parametrize("policy", ["random", "game"])
def test_at_equal_time_both_sides_get_the_same_seconds_and_settings(bench: Any,
                                                                    policy: str) -> None:
    state = dealt("castle")
    duel = bench.Duel("castle", 0, "ismcts", policy, None, 0.7, seconds=0.5)
    ours, theirs = bench.bots_for(duel, state.get_game(), seed=11)
    settings = ours.settings(state.inner.game, 2)
    assert type(theirs) is bench.TimedISMCTSBot and isinstance(theirs, ismcts.ISMCTSBot)
    assert settings.seconds == theirs.seconds == 0.5
    assert settings.iterations is None  # no cap from a default: the clock alone
    assert_alike(bench, ours, theirs, settings, policy)
    with pytest.raises(ValueError, match="iterations or seconds"):
        bench.Duel("castle", 0, "ismcts", policy, 100, 0.7, seconds=0.5)


def assert_alike(bench: Any, ours: Any, theirs: Any, settings: Any, policy: str) -> None:
    """The same evaluator, exploration constant and moves on both sides."""
    evaluator = theirs._evaluator
    assert isinstance(ours, ISMCTSBot) and type(evaluator) is bench.Playout
    assert settings.rollout == evaluator.policy == policy  # one playout policy
    assert settings.c == theirs._uct_c == 0.7
    # ours: every legal move, playouts to the end judged by win shares, a fresh tree
    assert (settings.narrow, settings.depth, settings.score_weight) == (False, None, 0.0)
    assert (settings.reuse, settings.opponents) == (False, "tree")
    assert theirs._resampler_cb is not None


def test_the_evaluator_plays_out_with_the_policy_our_search_uses(bench: Any) -> None:
    state = dealt("castle")
    inner = state.inner
    assert bench.policy_function(inner.game, "game") == inner.game.heuristics.rollout_action
    for policy in ("random", "game"):
        values = bench.Playout(policy, random.Random(3)).evaluate(state)
        step, rng, copy = bench.policy_function(inner.game, policy), random.Random(3), inner.copy()
        while copy.to_move is not None:
            copy.apply(step(copy, rng))
        assert list(values) == copy.rewards() and 0 <= min(values) <= max(values) <= 1
    assert state.inner is inner and not inner.is_over  # the state searched is untouched
    with pytest.raises(ValueError, match="expected one of random, game"):
        bench.Playout("greedy", random.Random(1))


def test_openspiels_resampler_is_seeded(bench: Any) -> None:
    state = dealt("castle")
    duel = bench.Duel("castle", 0, "ismcts", "random", 10, 0.7)
    guesses = []
    for _ in range(2):
        _ours, theirs = bench.bots_for(duel, state.get_game(), seed=11)
        guesses.append([str(theirs.resample_from_infostate(state)) for _ in range(3)])
    assert guesses[0] == guesses[1]


def test_a_game_is_reproducible_and_counts_only_searched_decisions(bench: Any) -> None:
    duel = bench.Duel("castle", 1, "ismcts", "game", 3, 0.7)
    first, again = bench.play(duel), bench.play(duel)
    assert first.share == again.share and first.decisions == again.decisions
    assert 0 <= first.share <= 1 and first.decisions > 0
    assert first.our_iterations <= 3 * first.decisions
    assert first.their_iterations == 3 * first.their_decisions
    summary = bench.summary([asdict(first), asdict(again)])
    assert summary["games"] == 2 and summary["ci"][0] <= summary["win_rate"] <= summary["ci"][1]


def test_a_timed_game_counts_each_sides_iterations(bench: Any) -> None:
    duel = bench.Duel("castle", 0, "ismcts", "random", None, 0.7, seconds=0.001)
    outcome = bench.play(duel)
    assert outcome.decisions > 0 and outcome.their_decisions > 0
    # OpenSpiel's first simulation only expands the root: at least two a searched decision
    assert outcome.their_iterations >= 2 * outcome.their_decisions
    assert outcome.our_iterations >= 1


def test_games_go_out_round_by_round_cheap_budgets_first(bench: Any) -> None:
    todo = bench.duels(["castle", "skytopia"], ["random", "game"], [1000, 100], [0.5], 3,
                       0.7, 2, 2026)
    cells = 2 * 2 * 3
    assert len(todo) == 3 * cells * 2 and len({d.key() for d in todo}) == len(todo)
    first_round = todo[:2 * cells]
    assert {d.index for d in first_round} == {0}  # every cell and side gets deal 0 first
    assert len({(d.game, d.policy, d.iterations, d.seconds, d.ours)
                for d in first_round}) == 2 * cells
    assert [d.iterations or d.seconds for d in first_round[::8]] == [100, 1000, 0.5]
    assert [d.ours for d in todo[:2]] == ["ismcts", "greedy"]  # the same deal side by side
    assert todo[0].key()[:-3] == todo[1].key()[:-3] and todo[0].index == todo[1].index
    ours_only = bench.duels(["castle"], ["random"], [300], [], 3, 0.7, 2, 2026, ("ismcts",))
    assert [(d.ours, d.index) for d in ours_only] == [("ismcts", 0), ("ismcts", 1),
                                                       ("ismcts", 2)]


def test_a_rerun_skips_the_games_already_recorded(bench: Any, tmp_path: Path) -> None:
    out = tmp_path / "match.jsonl"
    before = set(multiprocessing.active_children())  # other tests' processes in this worker
    todo = bench.duels(["castle"], ["random"], [2], [], 1, 0.7, 2, 2026)
    first = bench.run(todo, out, workers=2, log=io.StringIO())
    lines = out.read_text().splitlines()
    assert (first.played, first.skipped) == (2, 0) and len(lines) == 2
    assert {json.loads(line)["side"] for line in lines} == {"ismcts", "greedy"}
    again = bench.run(todo, out, workers=2, log=io.StringIO())
    assert (again.played, again.skipped) == (0, 2) and out.read_text().splitlines() == lines
    more = bench.duels(["castle"], ["random"], [2], [], 2, 0.7, 2, 2026)  # one deal more
    extended = bench.run(more, out, workers=2, log=io.StringIO())
    assert (extended.played, extended.skipped) == (2, 2)
    assert [json.loads(line)["index"] for line in out.read_text().splitlines()[2:]] == [1, 1]
    assert not set(multiprocessing.active_children()) - before


def test_the_deadline_stops_the_games_and_ends_the_workers(bench: Any,
                                                           tmp_path: Path) -> None:
    out = tmp_path / "match.jsonl"
    before = set(multiprocessing.active_children())  # other tests' processes in this worker
    todo = bench.duels(["castle"], ["random"], [], [5.0], 3, 0.7, 2, 2026)  # minutes a game
    progress = bench.run(todo, out, workers=2, deadline=2.0, grace=0.0, log=io.StringIO())
    assert (progress.played, progress.stopped, progress.not_started) == (0, 2, 4)
    assert out.read_text() == ""  # a game stopped is not recorded
    assert not set(multiprocessing.active_children()) - before


RECORD = {"game": "castle", "playouts": "random", "iterations": 100, "seconds": None,
          "c": 0.7, "players": 2, "seed": 2026, "side": "ismcts", "index": 0, "share": 1.0,
          "decisions": 30, "forced": 2, "our_iterations": 3000, "our_seconds": 2.0,
          "their_decisions": 31, "their_iterations": 3100, "their_seconds": 10.0,
          "wall_seconds": 12.0, "cpu_seconds": 9.0}


def test_the_summary_of_results_files(bench: Any, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    lines = [RECORD, {**RECORD, "index": 1, "share": 0.5, "our_seconds": 4.0},
             {**RECORD, "index": 2, "share": 0.0},
             {**RECORD, "side": "greedy", "share": 1.0, "decisions": 29, "our_iterations": 0,
              "their_iterations": 3000, "their_decisions": 30, "their_seconds": 20.0,
              "wall_seconds": 24.0, "cpu_seconds": 15.0}]
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    one.write_text("".join(json.dumps(line) + "\n" for line in lines[:2]) + '{"game": "cas')
    two.write_text("".join(json.dumps(line) + "\n" for line in lines[1:]))  # 1 twice
    warnings = io.StringIO()
    records = bench.read_records([one, two], warn=warnings)
    assert len(records) == 4 and "one.jsonl:3: not a game's record" in warnings.getvalue()
    [cell] = bench.cells(records)
    ours, greedy = cell["ismcts"], cell["greedy"]
    assert (ours["games"], ours["wins"], greedy["games"], greedy["wins"]) == (3, 1.5, 1, 1.0)
    assert ours["ci"] == pytest.approx(list(wilson(1.5, 3)))
    assert ours["our_iterations_per_decision"] == pytest.approx(9000 / 90)
    assert ours["our_iterations_per_s"] == pytest.approx(9000 / 8.0)
    assert ours["decisions"] == 90 and ours["forced"] == 6
    # OpenSpiel's speed over both sides' games, the minutes of both
    assert cell["their_iterations_per_decision"] == pytest.approx(12300 / 123)
    assert cell["their_iterations_per_s"] == pytest.approx(12300 / 50.0)
    assert cell["minutes"] == pytest.approx(60 / 60)
    assert cell["cpu_minutes"] == pytest.approx(42 / 60)
    assert ours["our_seconds_per_decision"] == pytest.approx(8.0 / 90)
    assert cell["their_seconds_per_decision"] == pytest.approx(50.0 / 123)
    assert bench.main(["--summary", str(one), str(two)]) == 0
    row = capsys.readouterr().out.splitlines()[2]
    assert row == ("| `castle` | random | 100 iterations | 3 | 1.5 of 3: 50% [13, 87] "
                   "| 1 of 1: 100% [21, 100] | 100 | 100 | 1,125 | 246 | 0.0889, 0.407 | 90 (6) "
                   "| 12, 24 | 1.0 (0.7) |")
    skytopia = {**RECORD, "game": "skytopia", "share": 0.0}
    rows = bench.cells([*records, skytopia])  # a budget's cells pooled after them
    assert [(row["game"], row["ismcts"]["games"]) for row in rows] == [
        ("castle", 3), ("skytopia", 1), ("all", 4)]
    assert rows[2]["ismcts"]["wins"] == 1.5 and rows[2]["greedy"]["games"] == 1
    assert len(bench.cells([*records, skytopia], pooled=False)) == 2
    [greedy_only] = bench.table(bench.cells([lines[3]])).splitlines()[2:]
    assert greedy_only.startswith("| `castle` | random | 100 iterations | 0 | – | 1 of 1: ")
    # no figure of ours; OpenSpiel's from the baseline's game
    assert "| – | 100 | – | 150 | –, 0.667 | – (–) | –, 24 |" in greedy_only
    bench.main(["--summary", str(two), "--json"])
    assert json.loads(capsys.readouterr().out)["ismcts"]["games"] == 2


@pytest.mark.parametrize("argv, expected", [
    (["--summary", "no-such.jsonl"], "no such results file: no-such.jsonl"),
    (["--games", "4"], "--out FILE is needed"),
    (["--out", "x.jsonl", "--games", "0"], "expected a number above 0, got '0'"),
    (["--out", "x.jsonl", "--seconds", "fast"], "expected a number above 0, got 'fast'"),
    (["--out", "x.jsonl", "--grace", "-1"], "0 or more, got '-1'"),
    (["--out", "x.jsonl", "--game", "chess"], "invalid choice: 'chess'"),
    (["--out", "x.jsonl", "--game", "castle", "--players", "5"],
     "--players 5: castle: the game is for 2 to 4 players (got 5)"),
    (["--out", "no-such-folder/x.jsonl"], "expected a file in an existing folder"),
])
def test_bad_options_get_a_one_line_error(bench: Any, argv: list[str], expected: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        bench.main(argv)
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert expected in error and "Traceback" not in error


def test_the_command_plays_records_and_prints_the_runs_cells(
        bench: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "match.jsonl"
    out.write_text(json.dumps({**RECORD, "game": "skytopia"}) + "\n")  # another run's cell
    argv = ["--out", str(out), "--game", "castle", "--playouts", "random", "--games", "1",
            "--seconds", "0.001", "--workers", "1"]
    assert bench.main(argv) == 0
    captured = capsys.readouterr()
    assert "2 games to play, 0 already in" in captured.err
    assert "2 games played, 0 already in" in captured.err
    [row] = captured.out.splitlines()[2:]  # this run's cell only
    assert row.startswith(f"| `castle` ({bench.SEARCH}) | random | 0.001 s | 1 | ")
    records = bench.read_records([out])
    assert [(r["game"], r["seconds"], r["iterations"]) for r in records[1:]] == [
        ("castle", 0.001, None)] * 2
    assert {r["side"] for r in records[1:]} == {"ismcts", "greedy"}
    assert records[1]["cpu_seconds"] > 0 and records[1]["their_iterations"] >= 2
    ran_on = records[1]["versions"]  # what the figures rest on
    assert ran_on["open_spiel"] == importlib.metadata.version("open_spiel")
    assert ran_on["python"] == platform.python_version() and ran_on["towerplay"]
    assert "--playouts random" in records[1]["command"]


def test_near_the_deadline_only_games_that_should_end_in_time_start(bench: Any) -> None:
    progress = bench.Progress()
    cheap, dear = (bench.Duel("castle", 0, "ismcts", "random", n, 0.7) for n in (100, 1000))
    timed = bench.Duel("castle", 0, "ismcts", "random", None, 0.7, seconds=5.0)
    progress.plan([dear, cheap, timed])
    now = time.monotonic()
    assert progress.estimate(cheap) is None and progress.may_start(cheap, now, now + 9)
    assert progress.may_start(timed, now, now + 9)  # the smallest of its kind of budget
    assert not progress.may_start(dear, now, now + 9)  # waits for the 100's to say
    assert progress.may_start(dear, now, math.inf)  # no deadline: anything goes
    progress.took(cheap.key(), 10.0)
    progress.took(bench.Duel("castle", 1, "ismcts", "random", 100, 0.7).key(), 20.0)
    assert progress.estimate(cheap) == 15.0
    assert progress.estimate(dear) == 150.0  # no game at 1,000 yet: 100's, scaled
    for other in (bench.Duel("castle", 0, "greedy", "random", 1000, 0.7),
                  bench.Duel("skytopia", 0, "ismcts", "random", 1000, 0.7), timed):
        assert progress.estimate(other) is None  # another side, game or kind of budget
    pending = [dear, cheap]
    assert bench._next(pending, progress, now + 50, now + 100) is cheap  # dear: 150 s
    assert bench._next(pending, progress, now + 50, now + 100) is None
    assert pending == [dear]
    assert bench._next(pending, progress, now + 50, now + 200) is dear
    assert bench._next([cheap], progress, now - 1, now + 200) is None  # past the deadline


def test_sigterm_ends_the_workers_and_prints_the_games_recorded(bench: Any, tmp_path: Path) -> None:
    out = tmp_path / "match.jsonl"
    # a game recorded before, by a run with the default search options
    out.write_text(json.dumps({**RECORD, "search": bench.SEARCH}) + "\n")
    command = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--out", str(out), "--game", "castle", "--playouts",
         "random", "--iterations", "100", "--games", "3", "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(SCRIPT.parents[1] / "src")})
    assert command.stderr is not None
    assert "games to play" in command.stderr.readline()  # the pool starts next
    workers = wait_for(lambda: found if len(found := descendants(command.pid)) >= 2 else None,
                       "the benchmark's two workers to start")
    command.send_signal(signal.SIGTERM)
    stdout, stderr = command.communicate(timeout=PATIENCE)
    assert command.returncode == 128 + signal.SIGTERM, stderr
    assert "stopped by SIGTERM" in stderr and "Traceback" not in stderr
    assert f"| `castle` ({bench.SEARCH}) | random | 100 iterations | 1 | 1 of 1: " in stdout
    assert len(workers) == 2 and not any(alive(pid) for pid in workers)
