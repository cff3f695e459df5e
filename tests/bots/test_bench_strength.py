"""The strength benchmark (``benchmarks/bench_strength.py``): seat rotation, resuming, the
table's figures."""
from __future__ import annotations

import importlib.util
import json
import platform
import random
import sys
from pathlib import Path

from towerplay import games

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "bench_strength.py"


def _script():
    spec = importlib.util.spec_from_file_location("bench_strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script  # its dataclass and worker processes look it up
    spec.loader.exec_module(script)
    return script


def test_every_deal_is_played_from_every_seat_and_runs_resume(tmp_path: Path) -> None:
    script = _script()
    jobs = script.jobs("random", ["five_towers"], [2, 3], deals=2, seed=7)
    # each deal in every cell before the next deal: a stopped run covers every cell
    assert [(j.players, j.deal, j.seat) for j in jobs] == [
        (2, 0, 0), (2, 0, 1), (3, 0, 0), (3, 0, 1), (3, 0, 2),
        (2, 1, 0), (2, 1, 1), (3, 1, 0), (3, 1, 1), (3, 1, 2)]
    assert len({j.seed for j in jobs}) == 4  # one deal per (count, deal), all seats alike
    assert len({j.key for j in jobs}) == len(jobs)
    out = tmp_path / "runs.jsonl"
    rows = list(script.run(jobs[:2], 1, out, command="bench_strength.py --deals 2"))
    assert {row["seat"] for row in rows} == {0, 1} and all(r["iterations"] == 0 for r in rows)
    assert all(row["command"] == "bench_strength.py --deals 2" for row in rows)
    assert all(row["versions"]["python"] == platform.python_version() for row in rows)
    # random never beats greedy here; its seat and score are the bot's, not greedy's
    assert all(row["win"] == 0.0 and row["score"] < row["others"] for row in rows)
    assert set(script.load(out)) == {jobs[0].key, jobs[1].key}
    with out.open("a") as sink:  # a run stopped mid-line leaves what it finished
        sink.write(json.dumps(rows[0]) + "\n")
    assert len(script.load(out)) == 2
    (table,) = script.summarise([out, out])  # a game in two files counts once
    assert [column._cells[0] for column in table.columns][:5] == [
        "five_towers", "2", "2", "0.0% (0%–66%)", "50%"]


def test_the_table_counts_shared_wins_and_iterations_per_cpu_second() -> None:
    script = _script()
    rows = [{"game": "castle", "players": 2, "win": w, "score": 10.0, "others": 8.0,
             "cpu": 2.0, "searched": 4, "iterations": 4000} for w in (1.0, 0.5, 0.0, 1.0)]
    table = script.report(rows, "ismcts:iterations=1000")
    cells = [column._cells[0] for column in table.columns]
    assert cells[:4] == ["castle", "2", "4", "62.5% (22%–91%)"]
    assert cells[-2:] == ["0.50", "2,000"]


def test_seeing_all_hands_the_bot_the_true_draw_pile_and_keeps_its_own_rows() -> None:
    script = _script()
    state = games.load("five_towers").start(players=2, seed=11)
    rng = random.Random(0)
    fair = state.determinize(0, rng)
    assert fair.draw != state.draw  # a fair bot guesses the pile's order
    seen = script.see_all(state, 0)
    world = seen.determinize(0, rng)
    assert world.draw == state.draw and world.seed == state.seed
    world.apply(world.legal_actions()[0])  # the worlds are full states of the game
    assert state.history == [] and seen.history == []
    fair_jobs = script.jobs("random", ["castle"], [2], deals=1, seed=3)
    cheat_jobs = script.jobs("random", ["castle"], [2], deals=1, seed=3, sees_all=True)
    assert {j.key for j in fair_jobs}.isdisjoint(j.key for j in cheat_jobs)
    assert cheat_jobs[0].label == "random seeing all" and fair_jobs[0].label == "random"
    row = script.play(cheat_jobs[0])
    assert row["sees_all"] is True and script.label(row) == "random seeing all"


def test_seeing_secrets_keeps_the_other_blueprint_and_building_but_guesses_the_bag() -> None:
    script = _script()
    state = games.load("blueprints").start(players=2, seed=4)
    rng = random.Random(1)
    while len(state.history) < 8:  # both seats have taken and placed dice
        state.apply(state.legal_actions()[-1])
    seat = state.to_move
    other = 1 - seat
    assert any(state.buildings[other])
    fair = [state.determinize(seat, rng) for _ in range(6)]
    assert any(w.cards[other] != state.cards[other] for w in fair)  # a fair bot guesses
    knowing = script.see_secrets(state, seat)
    worlds = [knowing.determinize(seat, rng) for _ in range(6)]
    for world in worlds:
        assert (world.cards, world.layouts, world.buildings, world.history) == (
            state.cards, state.layouts, state.buildings, state.history)
        assert type(world) is type(state)
    drawn = state.drawn
    assert any(w.queue[drawn:] != state.queue[drawn:] for w in worlds)  # the bag: a guess
    worlds[0].apply(worlds[0].legal_actions()[0])  # a world is a full state of its own
    assert knowing.history == state.history
    jobs = script.jobs("random", ["blueprints"], [2], deals=1, seed=3, sees_secrets=True)
    assert jobs[0].key.endswith("|sees-secrets") and jobs[0].label == "random seeing secrets"
