"""5 Towers' learned position value (games/five_towers/learned.py): loaded from its file,
blind to the draw pile's cards, reproducibly trained, and used by the search on request."""
from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

from towerplay import bots, games
from towerplay.bots.ismcts import ISMCTSBot
from towerplay.games.five_towers import learned
from towerplay.games.five_towers.state import BIDDING, FiveTowersState

from tests.bots.toy import Poison, PoisonError
from tests.games.five_towers.util import play, position

SCRIPT = Path(__file__).parents[3] / "benchmarks" / "train_five_towers_eval.py"


def _script():
    spec = importlib.util.spec_from_file_location("train_five_towers_eval", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script  # its worker processes look it up
    spec.loader.exec_module(script)
    return script


def _midgame(seed: int, players: int = 2, steps: int = 60) -> FiveTowersState:
    """A position after ``steps`` playout moves, at the next bid (or the game's end)."""
    game = games.load("five_towers")
    state = game.start(players=players, seed=seed)
    rng = random.Random(seed)
    done = 0
    while not state.is_over and (done < steps or state.phase != BIDDING):
        state.apply(game.heuristics.rollout_action(state, rng))
        done += 1
    return state


def test_the_shipped_model_is_read_from_its_file_for_every_player_count() -> None:
    path = Path(learned.__file__).with_name(learned.WEIGHTS)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert learned.models() == learned.parse(data)
    assert sorted(learned.models()) == [2, 3, 4, 5]
    for model in learned.models().values():
        assert len(model.weights) == len(learned.FEATURES)
    with pytest.raises(ValueError, match="retrain"):
        learned.parse({**data, "features": data["features"][:-1]})


def test_the_value_is_the_models_prediction_of_each_seats_final_score() -> None:
    state = position(2, ["scary5", "tree12", "tree13", "sand3", "candy1"],
                     towers={0: {"scary": (15, 12, 11, 9, 7, 5, 0)}, 1: {"scary": (15, 12)}})
    values = learned.evaluate(state)
    weights = learned.models()[2].weights
    expected = [sum(w * x for w, x in zip(weights, row, strict=True))
                for row in learned.features(state)]
    assert values == pytest.approx(expected)
    assert values[0] != values[1]  # the towers differ (which is ahead: docs/bots.md)
    finished = _midgame(3, steps=2000)
    assert finished.is_over and learned.evaluate(finished) == finished.scores()


def test_the_builders_cards_in_hand_count_as_placed() -> None:
    state = position(2, ["scary5", "tree12", "tree13", "sand3", "candy1"], opener=0)
    before = learned.evaluate(state)
    play(state, "bid 2", "pass", "take tree13")
    taking = learned.settled(state, 0)  # the best card still to take counts too
    play(state, "take tree12", "no-teardown")
    assert learned.settled(state, 0) == taking
    assert taking[0][2] == (13, 12) and taking[1] == 0
    assert learned.evaluate(state)[0] > before[0]  # 13, 12 start a good tower
    assert learned.settled(state, 1) == (state.seat_towers(1), 0)  # not the builder
    play(state, "place tree13", "place tree12")
    assert state.seat_towers(0) == taking[0]  # placed as valued


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_value_never_reads_the_draw_piles_cards(seed: int) -> None:
    state = _midgame(seed, players=2 + seed % 4, steps=40 * seed)
    before = learned.evaluate(state)
    poisoned = state.copy()
    poisoned.draw = Poison(state.draw)  # its size may be read, nothing else
    with pytest.raises(PoisonError):  # the poison bites
        sum(poisoned.draw)
    assert learned.evaluate(poisoned) == before
    assert learned.value_scale(poisoned) == learned.value_scale(state)


def test_another_order_of_the_draw_pile_gives_the_same_search() -> None:
    state = _midgame(5)
    other = state.copy()
    random.Random(9).shuffle(other.draw)
    assert other.draw != state.draw
    spec = "ismcts:iterations=60,evaluation=learned"
    assert (bots.load(spec, seed=4).choose(state, state.to_move)
            == bots.load(spec, seed=4).choose(other, other.to_move))


def test_the_search_judges_cut_playouts_by_the_learned_value(monkeypatch) -> None:
    state = _midgame(6)
    calls = []

    def counted(s: FiveTowersState) -> list[float]:
        calls.append(s.round)
        return [0.0] * s.players

    monkeypatch.setattr(learned, "evaluate", counted)
    ISMCTSBot(seed=1, iterations=30).choose(state, state.to_move)
    assert not calls  # the hand-made value is the default
    ISMCTSBot(seed=1, iterations=30, evaluation="learned").choose(state, state.to_move)
    assert len(calls) >= 25  # nearly every playout is cut at depth 8


def test_a_game_without_a_learned_value_refuses_it_in_one_line() -> None:
    state = games.load("skytopia").start(players=2, seed=1)
    bot = ISMCTSBot(seed=1, iterations=10, evaluation="learned")
    with pytest.raises(ValueError, match="skytopia has no 'learned' evaluation"):
        bot.choose(state, state.to_move)


def test_training_is_reproducible_from_its_seed() -> None:
    script = _script()
    first = script.train(script.collect(seed=3, players=2, count=12, workers=1))
    again = script.train(script.collect(seed=3, players=2, count=12, workers=1))
    other = script.train(script.collect(seed=4, players=2, count=12, workers=1))
    assert first[0] == again[0]
    assert first[0]["weights"] != other[0]["weights"]
    assert len(first[0]["weights"]) == len(learned.FEATURES)


def test_the_searchs_own_games_are_played_by_the_search_and_reproducible() -> None:
    """``--search SPEC``: every seat is that bot (the games the fitted value of docs/bots.md,
    "A value fitted on the search's own games", learned from), seeded by the deal."""
    script = _script()
    searched = script.play((3, 2, 0, "ismcts:iterations=20"))
    assert searched == script.play((3, 2, 0, "ismcts:iterations=20"))
    assert searched != script.play((3, 2, 0, None))  # not the greedy bot's game
    assert searched and all(len(feats) == 2 and len(final) == 2
                            for feats, _, _, final in searched)
