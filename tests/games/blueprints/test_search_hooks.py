"""Blueprints' position value, which judges search playouts cut short."""
from __future__ import annotations

import random

from towerplay import games

from tests.games.blueprints.util import set_seat, start


def test_values_rank_a_better_building_and_won_cards_higher() -> None:
    state = start(players=2, seed=4)
    game = state.game
    set_seat(state, 0, "X1 31 1X", ". , W3 / G5+R5+S6 , W4 / R1 , .")
    set_seat(state, 1, "X1 31 1X", ". , . / R1 , . / . , .")
    mine, theirs = game.evaluate(state)
    assert mine > theirs > 0
    state.won = [(), ("silver", "skyscraper", "integrity", "geometer")]  # 8 VP outweigh it
    mine, theirs = game.evaluate(state)
    assert theirs > mine


def test_a_finished_game_is_valued_by_its_scores() -> None:
    game = games.load("blueprints")
    state = game.start(players=3, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        assert len(game.evaluate(state)) == 3
        state.apply(game.greedy_action(state, rng))
    assert game.evaluate(state) == state.scores()
