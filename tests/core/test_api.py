"""The generic API test: the contract of :mod:`towerplay.testing` (the checks
``python -m towerplay.testing GAME`` runs), over every registered game, player count and
variant, so a new game gets all of these checks for free (docs/adding-a-game.md)."""
from __future__ import annotations

from typing import Any

import pytest

from towerplay import games, testing

from tests.conftest import game_variant_cases

CASES = game_variant_cases()
FEWER = game_variant_cases(default_seeds=1, variant_seeds=1)
NAMES = games.names()


@pytest.mark.slow
@pytest.mark.parametrize("name,players,options,seed", CASES)
def test_random_games_keep_the_rules_contract(name: str, players: int,
                                              options: dict[str, Any], seed: int) -> None:
    testing.check_rules(games.load(name, **options), players, seed, testing.near_misses(name))


@pytest.mark.parametrize("name,players,options,seed", FEWER)
def test_a_seat_learns_nothing_it_may_not_know(name: str, players: int,
                                              options: dict[str, Any], seed: int) -> None:
    testing.check_hidden(games.load(name, **options), players, seed)


@pytest.mark.parametrize("name,players,options,seed", FEWER)
def test_determinizations_are_whole_positions(name: str, players: int,
                                              options: dict[str, Any], seed: int) -> None:
    testing.check_determinize(games.load(name, **options), players, seed)


@pytest.mark.parametrize("name,players,options,seed", FEWER)
def test_records_replay_the_game(name: str, players: int, options: dict[str, Any],
                                 seed: int) -> None:
    testing.check_records(games.load(name, **options), players, seed)


@pytest.mark.parametrize("name,players,options,seed", FEWER)
def test_every_event_is_worded_in_every_language(name: str, players: int,
                                                 options: dict[str, Any], seed: int) -> None:
    game = games.load(name, **options)
    testing.check_events_worded(game, players, seed, testing.near_misses(name))


@pytest.mark.slow
@pytest.mark.parametrize("name,players,options,seed", FEWER)
def test_every_view_has_a_board(name: str, players: int, options: dict[str, Any],
                                seed: int) -> None:
    testing.check_board(games.load(name, **options), players, seed)


@pytest.mark.parametrize("name", NAMES)
def test_bad_records_are_refused_with_a_reason(name: str) -> None:
    testing.check_bad_records(name)


@pytest.mark.parametrize("name", NAMES)
def test_unknown_options_and_player_counts_are_refused(name: str) -> None:
    testing.check_bad_options(name)


@pytest.mark.parametrize("name", NAMES)
def test_each_game_has_its_words_in_three_languages(name: str) -> None:
    testing.check_words(name)


@pytest.mark.parametrize("name", NAMES)
def test_each_game_offers_near_misses(name: str) -> None:
    """Without them the bad-input checks would try only text no game reads."""
    assert testing.near_misses(name), f"{name} has no near_misses.py with NEAR_MISSES"
