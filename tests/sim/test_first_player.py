"""The rows' ``first`` column names the seat that started round 1, in every registered game:
the turn-order tables (docs/balance.md, ``towerplay report``'s ``by_turn_order``) rest on it.

Skytopia's ``first`` used to be the final state's, the *last* round's starter (its first
player passes one seat back every round), so a turn-order table read it by the wrong seat
(issue #47). A value that rotates cannot stay the same over a game: each test walks whole
games and reads the column's function at every state.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from towerplay import games
from towerplay.games.skytopia.state import PH_PRE
from towerplay.sim.plan import Plan
from towerplay.sim.play import configured, first_player, play_row

from tests.conftest import game_variant_cases

CASES = game_variant_cases(default_seeds=3, variant_seeds=1)


def walk(name: str, players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """Every state of one game of random moves, the start included (copies)."""
    state = games.load(name, **options).start(players=players, seed=seed)
    rng = random.Random(seed)
    states = [state.copy()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.copy())
    return states


@pytest.mark.parametrize("name,players,options,seed", CASES)
def test_the_first_player_is_the_same_in_every_state_of_a_game(
        name: str, players: int, options: dict[str, Any], seed: int) -> None:
    states = walk(name, players, options, seed)
    firsts = {first_player(name, state) for state in states}
    assert len(firsts) == 1, f"the first player changed during the game: {sorted(firsts)}"
    assert firsts <= set(range(players))


@pytest.mark.parametrize("name", games.names())
def test_a_rows_first_column_is_the_first_player_of_its_deal(name: str) -> None:
    plan = Plan.build(name, players=2, bots=["random"], games=4, seed=7)
    for job in plan.jobs:
        start = configured(name, job.options).start(players=2, seed=job.seed)
        assert play_row(job)["first"] == first_player(name, start)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"abilities": "draft", "sides": "choose",
                                          "preliminary_turn": True}])
def test_skytopias_first_column_is_the_seat_that_opens_round_one(
        players: int, options: dict[str, Any]) -> None:
    """Round 1 opens once the setup (draft, sides, Preliminary Turn) is over; by then its
    first player has not moved yet. The game runs several rounds, so a rotating value
    would differ at the end."""
    for seed in range(3):
        states = walk("skytopia", players, options, seed)
        opening = next(s for s in states if s.phase > PH_PRE)
        assert (opening.round, opening.turn_index) == (1, 0)
        assert states[-1].round > players  # every seat has started a round since
        assert first_player("skytopia", states[-1]) == opening.current
