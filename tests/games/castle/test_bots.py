"""Bots on Budowa Zamku: greedy beats random, the rollout policy plays legal games."""
from __future__ import annotations

import random

import pytest

from towerplay import games
from towerplay.arena import play_match

from tests.games.castle.positions import position

GAMES = 200


@pytest.mark.parametrize("variant", ["base", "characters"])
def test_greedy_beats_random_at_two_players(variant: str) -> None:
    game = games.load("castle", variant=variant)
    won = 0.0
    for seed in range(GAMES):
        seats = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        final = play_match(game, seats, seed=seed)
        won += final.rewards()[seats.index("greedy")]
    rate = won / GAMES
    print(f"greedy vs random ({variant}): {rate:.1%} of {GAMES} games")
    assert rate >= 0.7


def test_perfect_memory_beats_forgetting() -> None:
    game = games.load("castle")
    won = 0.0
    for seed in range(60):
        seats = ["greedy", "greedy:recall=0.2"][:: 1 if seed % 2 == 0 else -1]
        won += play_match(game, seats, seed=seed).rewards()[seats.index("greedy")]
    assert won / 60 >= 0.6


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["base", "characters"])
def test_rollout_and_greedy_play_whole_games(players: int, variant: str) -> None:
    game = games.load("castle", variant=variant)
    for policy in (game.heuristics.rollout_action, game.heuristics.greedy_action):
        for seed in range(5):
            state = game.start(players=players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                action = policy(state, rng)
                assert action in state.legal_actions()
                state.apply(action)
            assert state.winners()


def test_bots_are_reproducible() -> None:
    game = games.load("castle", variant="characters")
    one = play_match(game, ["greedy", "greedy:recall=0.5", "random"], seed=3)
    two = play_match(game, ["greedy", "greedy:recall=0.5", "random"], seed=3)
    assert one.to_json() == two.to_json()


def _revealed(actions: list) -> list[int]:
    return sorted(a.arg for a in actions)


def test_search_weighs_one_unknown_card_and_one_of_each_useless_kind() -> None:
    table = {"a1": 25, "a2": 30, "a3": 12, "a4": 15, "a5": 5, "b1": 8}
    state = position([[1, 20], [1, 10]], table, known=table)
    game = state.game
    picks = game.heuristics.search_actions(state, random.Random(0))
    cards = sorted(state.grid[a.arg] for a in picks)
    unknown = [c for c in cards if c not in table.values()]
    assert len(unknown) == 1  # every unseen card is alike: one stands for them all
    assert 25 in cards and 30 in cards  # cards the mover can build all stay
    assert len([c for c in cards if c in (12, 15)]) == 1  # a pass: the card goes back
    assert len([c for c in cards if c in (5, 8)]) == 1  # below every castle: to the box
    assert set(picks) <= set(state.legal_actions())


def test_search_weighs_every_answer_to_a_revealed_card_and_wizard_targets() -> None:
    state = position([[1, 20], [1, 10]], {"a1": 25}, known={"a1": 25})
    state.apply(state.game.parse_action(state, "reveal a1"))
    assert len(state.legal_actions()) == 2
    assert state.game.heuristics.search_actions(state, random.Random(0)) == state.legal_actions()
    wizard = position([[1, 26, 30], [1, 10]], {"a1": 28, "a2": 12}, known={"a1": 28, "a2": 12},
                      variant="characters")
    assert wizard.game.wizard_card == 26
    searched = wizard.game.heuristics.search_actions(wizard, random.Random(0))
    cards = {wizard.grid[a.arg] for a in searched}
    assert 28 in cards  # the Wizard could slip it between 26 and 30


def test_a_card_that_completes_the_castle_is_built_without_a_search() -> None:
    """The 10th element wins the base game at once: putting the card back is never
    weighed. With characters it need not win (points decide), so both answers stay."""
    castle = [1, *range(30, 38)]
    state = position([castle, [1, 10]], {"b3": 38}, known={"b3": 38})
    state.apply(state.game.parse_action(state, "reveal b3"))
    assert len(state.legal_actions()) == 2
    assert [str(a) for a in state.game.heuristics.search_actions(state, random.Random(0))] == [
        "build"]
    characters = position([castle, [1, 10]], {"b3": 38}, known={"b3": 38},
                          variant="characters")
    characters.apply(characters.game.parse_action(characters, "reveal b3"))
    answers = characters.game.heuristics.search_actions(characters, random.Random(0))
    assert answers == characters.legal_actions() and len(answers) > 1
