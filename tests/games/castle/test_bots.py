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


def test_a_search_pools_near_numbers_a_castle_takes_alike() -> None:
    """Castle files a revealed number under its band of four and which castles could take
    it: beside a castle ending in 21, 22 and 23 share a key (the band 20-23); 24 (the next
    band) and 20 (in the band, but not above 21) do not; the character variant and lines
    that are no reveal keep their words."""
    heuristics = games.load("castle").heuristics

    def key(card: int, **options: str) -> object:
        state = position([[1, 21], [1, 10]], {"a1": card}, **options)
        state.apply(state.game.parse_action(state, "reveal a1"))
        return heuristics.search_outcome(state, state.log_line(0, 0))

    assert key(22) == key(23) != key(24)
    assert key(20) != key(22)  # seat 0 may build 22, not 20
    assert key(22, variant="characters") == "reveal a1: 22"
    state = position([[1, 21], [1, 10]], {"a1": 25}, known={"a1": 25})
    state.apply(state.game.parse_action(state, "reveal a1"))
    state.apply(state.game.parse_action(state, "build"))
    assert heuristics.search_outcome(state, "build") == "build"


def test_pooled_outcomes_give_each_subtree_more_visits() -> None:
    """Below the unseen cards' class the tree splits by what was seen: one subtree per
    number, or with ``outcomes=pooled`` one per band, each with more of the visits."""
    from towerplay.bots.ismcts import ISMCTSBot
    from towerplay.games.castle.state import UNSEEN

    table = {"a1": 25}
    state = position([[1, 20], [1, 10]], table, known=table)
    splits = {}
    for outcomes in ("exact", "pooled"):
        bot = ISMCTSBot(seed=4, iterations=600, narrow=False, depth=None, rollout="random",
                        outcomes=outcomes)
        bot.analyse(state, 0)
        assert bot._tree is not None
        unseen = bot._tree[3].children[UNSEEN]
        splits[outcomes] = unseen.outcomes
    assert all(isinstance(key, str) for key in splits["exact"])
    assert all(isinstance(key, tuple) for key in splits["pooled"])
    assert 2 * len(splits["pooled"]) < len(splits["exact"])


def test_alike_reveals_kept_apart_are_weighed_one_by_one() -> None:
    """``alike=apart`` gives every unseen card its own arm, as OpenSpiel's bot does: the
    first move (45 unseen cards, one class) is searched and reported card by card, where
    the merged search has one choice and does not search."""
    from towerplay.bots.ismcts import ISMCTSBot

    state = games.load("castle").start(players=2, seed=1)
    merged = ISMCTSBot(seed=4, iterations=200, narrow=False).analyse(state, 0)
    apart = ISMCTSBot(seed=4, iterations=200, narrow=False, alike="apart").analyse(state, 0)
    assert [(stat.alike, merged.iterations) for stat in merged.stats] == [(45, 0)]
    assert len(apart.stats) == 45 and {stat.alike for stat in apart.stats} == {1}
    assert apart.iterations == 200 and sum(stat.visits for stat in apart.stats) == 200
