"""benchmarks/levels_ladder.py: each level against the one below, resumable, and the levels'
ratings from its games and from bench_strength's."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from towerplay import bots

from tests.scripts import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "levels_ladder.py"


@pytest.fixture(scope="module")
def ladder() -> Any:
    return load_script(SCRIPT)


def line(pair: str, index: int, upper_wins: bool, upper_seat: int = 1,
         game: str = "castle") -> dict[str, Any]:
    lower, upper = bots.LEVELS[bots_below(pair)], bots.LEVELS[pair]
    specs = [lower, upper] if upper_seat == 1 else [upper, lower]
    winner = upper_seat if upper_wins else 1 - upper_seat
    return {"game": game, "pair": pair, "index": index, "seed": 1, "specs": specs,
            "scores": [1.0 if s == winner else 0.0 for s in range(2)], "winners": [winner],
            "think": [0.0, 0.0], "moves": [1, 1]}


def bots_below(level: str) -> str:
    order = list(bots.LEVELS)
    return order[order.index(level) - 1]


def test_each_pair_is_counted_for_its_upper_level_in_either_seat(ladder: Any) -> None:
    lines = [line("hard", i, upper_wins=i % 4 != 0, upper_seat=i % 2) for i in range(120)]
    report = ladder.summary(lines)
    cell = report["games"]["castle"]["pairs"]["hard"]
    assert (cell["games"], cell["wins"], cell["against"]) == (120, 90, "medium")
    assert cell["rate"] == 0.75 and cell["ci"][0] < 0.75 < cell["ci"][1]
    ratings = report["games"]["castle"]["ratings"]
    assert ratings["hard"]["mu"] > ratings["medium"]["mu"]
    assert ratings["hard"]["games"] == 120 and ratings["easy"]["games"] == 0
    assert not report["ordered"]  # two pairs never played


def test_strength_rows_count_as_the_search_against_greedy(ladder: Any) -> None:
    search = bots.LEVELS["expert"]
    rows = [{"spec": search, "game": "skytopia", "players": 2, "seat": seat, "win": win,
             "score": 50.0, "others": 40.0}
            for seat, win in ((0, 1.0), (1, 0.5), (0, 0.0))]
    stale = {**rows[0], "spec": "expert"}  # a level's name: the search of that time
    seeing = {**rows[0], "sees_all": True}  # a ceiling, not a bot
    larger = {**rows[0], "players": 3}
    report = ladder.summary([*rows, stale, seeing, larger])
    cell = report["games"]["skytopia"]["pairs"]["expert"]
    assert (cell["games"], cell["wins"], cell["against"]) == (3, 1.5, "hard")


def test_games_of_levels_that_changed_are_left_out(ladder: Any) -> None:
    old = {**line("hard", 0, True), "specs": ["greedy", "ismcts:iterations=250"]}
    far = {**line("hard", 1, True), "specs": ["random", "greedy"]}  # not adjacent now
    assert ladder.summary([old, far])["games"] == {}


def test_the_bar_needs_every_pair_of_every_game(ladder: Any) -> None:
    lines = [line(pair, i, upper_wins=i % 3 != 0) for pair in ("medium", "hard", "expert")
             for i in range(100)]
    assert ladder.summary(lines)["ordered"]  # 67% of 100 each
    short = [entry for entry in lines if not (entry["pair"] == "expert" and entry["index"] < 2)]
    assert not ladder.summary(short)["ordered"]  # 98 games
    weak = [{**entry, "winners": [1 - entry["winners"][0]]} if entry["pair"] == "medium"
            and entry["index"] < 40 else entry for entry in lines]
    assert not ladder.summary(weak)["ordered"]  # medium: 55 of 100


def test_a_run_records_each_game_and_resumes(ladder: Any, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "levels.jsonl"
    argv = ["--out", str(out), "--game", "castle", "--pair", "medium", "--games", "2"]
    assert ladder.main(argv) == 0
    lines = [json.loads(text) for text in out.read_text().splitlines()]
    assert sorted(entry["specs"][0] for entry in lines) == sorted(
        [bots.LEVELS["easy"], bots.LEVELS["medium"]])  # each deal from both seats
    assert all(entry["command"].endswith("--games 2") and entry["versions"]["python"]
               for entry in lines)
    assert ladder.main([*argv[:-1], "3"]) == 0  # one more deal: two games, not four
    assert len(out.read_text().splitlines()) == 4
    published = tmp_path / "ratings.json"
    assert ladder.main(["--summary", str(out), "--publish", str(published)]) == 0
    shipped = json.loads(published.read_text())
    assert shipped["sources"] == [out.as_posix()] and shipped["levels"] == bots.LEVELS
    assert set(shipped["games"]["castle"]) == set(bots.LEVELS)
    assert "| castle | `medium` | `easy` | 4 |" in capsys.readouterr().out
