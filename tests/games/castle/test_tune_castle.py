"""The greedy-boldness benchmark (``benchmarks/tune_castle.py``) behind docs/games/castle.md's
ALPHA table: each seat really plays with its own value, and the module's is put back."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from towerplay import games
from towerplay.arena.match import play_match
from towerplay.games.castle import heuristics

SCRIPT = Path(__file__).parents[3] / "benchmarks" / "tune_castle.py"


def _script():
    spec = importlib.util.spec_from_file_location("tune_castle", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_equal_values_play_the_plain_greedy_game_and_alpha_is_put_back() -> None:
    script = _script()
    for seed in range(3):
        plain = play_match(games.load("castle"), ["greedy", "greedy"], seed=seed)
        same = script.play(2, [heuristics.ALPHA] * 2, seed, {})
        assert same == list(plain.winners())
    kept = heuristics.ALPHA
    script.play(2, [-1.0, 9.0], 0, {})
    assert heuristics.ALPHA == kept


def test_a_seat_plays_with_its_own_value() -> None:
    script = _script()
    # equal values play each deal's game twice, once with the counted seat in each chair:
    # exactly one win a deal between them
    assert script.share(2, alpha=1.5, against=1.5, deals=30, seed=5, options={}) == 30
    # a seat at -1 skips almost no card to keep room for later ones: 1.5 beats it
    assert script.share(2, alpha=1.5, against=-1.0, deals=30, seed=5, options={}) > 33
