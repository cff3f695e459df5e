"""The search hooks of 5 Towers: the playout policy and the position value."""
from __future__ import annotations

import random

import pytest

from towerplay import bots, games
from towerplay.bots.ismcts import ISMCTSBot
from towerplay.games.five_towers.cards import NO_TEARDOWN, TEARDOWN_K, Action
from towerplay.games.five_towers.state import BIDDING, PLACING, TAKING, TEARING, FiveTowersState

from tests.games.five_towers.util import play, position


def test_evaluate_values_each_seat_and_prefers_a_capped_tall_tower() -> None:
    game = games.load("five_towers")
    state = position(2, ["scary5", "tree12", "tree13", "sand3", "candy1"],
                     towers={0: {"scary": (15, 12, 11, 9, 7, 5, 0)}, 1: {"scary": (15, 12)}})
    values = game.heuristics.evaluate(state)
    assert len(values) == 2 and all(isinstance(v, float) for v in values)
    assert values[0] > values[1]
    swapped = position(2, ["scary5", "tree12", "tree13", "sand3", "candy1"],
                       towers={1: {"scary": (15, 12, 11, 9, 7, 5, 0)}, 0: {"scary": (15, 12)}})
    assert game.heuristics.evaluate(swapped)[1] > game.heuristics.evaluate(swapped)[0]


def test_evaluate_counts_the_builders_cards_in_hand_mid_round() -> None:
    game = games.load("five_towers")
    state = position(2, ["scary5", "tree12", "tree13", "sand3", "candy1"], opener=0)
    before = game.heuristics.evaluate(state)[0]
    play(state, "bid 2", "pass", "take tree13", "take tree12")
    assert state.phase == TEARING
    during = game.heuristics.evaluate(state)
    play(state, "no-teardown")
    assert state.phase == PLACING and state.hand
    placing = game.heuristics.evaluate(state)
    assert during[0] == placing[0] > before  # 13, 12 start a good tower
    play(state, "place tree13", "place tree12")
    assert game.heuristics.evaluate(state)[0] == pytest.approx(placing[0])  # placed as valued


def test_rollout_policy_is_legal_never_tears_down_by_choice_and_games_end() -> None:
    game = games.load("five_towers")
    rng = random.Random(7)
    for seed in range(12):
        state = game.start(players=2 + seed % 4, seed=seed)
        steps = 0
        while state.to_move is not None:
            legal = state.legal_actions()
            action = game.heuristics.rollout_action(state, rng)
            assert action in legal
            if action.kind == TEARDOWN_K:
                assert NO_TEARDOWN not in legal  # only a forced tear-down
            state.apply(action)
            steps += 1
            assert steps < 2000
        assert state.is_over


def test_rollout_policy_bids_for_cards_that_fit_and_takes_the_best_fit() -> None:
    game = games.load("five_towers")
    rng = random.Random(1)
    state = position(2, ["scary14", "scary13", "scary12", "tree1", "sand2"],
                     towers={0: {"scary": (15,)}}, opener=0)
    bid = game.heuristics.rollout_action(state, rng)
    assert bid.arg >= 2  # the three small steps below 15 are worth a bid
    play(state, "bid 1", "pass")
    assert state.phase == TAKING
    assert str(game.heuristics.rollout_action(state, rng)) == "take scary14"


def test_evaluate_of_a_finished_game_is_its_scores() -> None:
    game = games.load("five_towers")
    rng = random.Random(3)
    state = game.start(players=3, seed=2)
    while state.to_move is not None:
        state.apply(game.heuristics.rollout_action(state, rng))
    assert game.heuristics.evaluate(state) == list(state.scores())


def test_search_weighs_every_bid_but_builds_by_the_greedy_plan() -> None:
    game = games.load("five_towers")
    rng = random.Random(2)
    state = position(2, ["scary14", "scary13", "scary12", "tree1", "sand2"],
                     towers={0: {"scary": (15,)}}, opener=0)
    assert game.heuristics.search_actions(state, rng) == state.legal_actions()
    play(state, "bid 3", "pass")
    while not state.is_over and state.builder == 0:
        candidates = game.heuristics.search_actions(state, rng)
        if len(state.legal_actions()) > 1:
            assert candidates == [game.heuristics.greedy_action(state, random.Random(0))]
        state.apply(candidates[0])
    assert state.seat_towers(0)[1] == (15, 14, 13, 12)


def test_the_value_scale_shrinks_as_the_game_runs_out() -> None:
    game = games.load("five_towers")
    rng = random.Random(4)
    state = game.start(players=2, seed=3)
    scales: dict[int, float] = {}
    while state.to_move is not None:
        scale = game.heuristics.value_scale(state)
        assert scale is not None  # 5 Towers offers one
        scales.setdefault(state.round, scale)
        state.apply(game.heuristics.rollout_action(state, rng))
    by_round = [scales[r] for r in sorted(scales)]
    assert by_round[0] > 8 > by_round[len(by_round) // 2] > 4.5 > by_round[-1] >= 3.5


def test_a_guessed_round_is_built_by_the_playout_policy() -> None:
    game = games.load("five_towers")

    def builder_choices(state: FiveTowersState) -> list[tuple[list[Action], ...]]:
        """(search candidates, greedy move, playout move) at each builder decision of
        rounds 2 and later where the greedy plan and the playout policy disagree."""
        found: list[tuple[list[Action], ...]] = []
        rng = random.Random(5)
        while not state.is_over:
            if (state.round > 1 and state.phase != BIDDING
                    and len(state.legal_actions()) > 1):
                greedy = game.heuristics.greedy_action(state, random.Random(9))
                playout = game.heuristics.rollout_action(state, random.Random(9))
                if greedy != playout:
                    found.append((game.heuristics.search_actions(state, random.Random(9)),
                                  [greedy], [playout]))
            state.apply(game.heuristics.rollout_action(state, rng))
        return found

    truth = game.start(players=2, seed=6)
    world = truth.determinize(0, random.Random(1))  # round 1 is seen, later ones guessed
    guessed = builder_choices(world)
    assert guessed and all(search == playout for search, _, playout in guessed)
    # the true state has no guessed rounds: the greedy plan throughout
    seen = builder_choices(truth.copy())
    assert seen and all(search == greedy for search, greedy, _ in seen)
    # and in the round it has seen, a determinized copy follows the greedy plan too
    world = truth.determinize(0, random.Random(1))
    while world.phase == BIDDING:
        world.apply(game.heuristics.rollout_action(world, random.Random(2)))
    assert game.heuristics.search_actions(world, random.Random(0)) == [
        game.heuristics.greedy_action(world, random.Random(0))]


def test_a_hint_weighs_every_take_though_the_search_narrows_them() -> None:
    from towerplay.cli.hint import analyse

    state = position(2, ["scary14", "scary13", "scary12", "tree1", "sand2"],
                     towers={0: {"scary": (15,)}}, opener=0)
    play(state, "bid 2", "pass")
    legal = state.legal_actions()
    assert len(legal) > 1 and len(games.load("five_towers").heuristics.search_actions(
        state, random.Random(0))) == 1
    result = analyse(state, iterations=200, seed=1)
    assert sorted(map(str, (s.action for s in result.stats))) == sorted(map(str, legal))
    assert all(s.visits > 0 for s in result.stats)


def test_each_bid_is_searched_afresh() -> None:
    # A seat's next searched move is always its bid in a later round, after a display the
    # kept tree only guessed: the game's search defaults start a new tree instead.
    game = games.load("five_towers")
    state = game.start(players=2, seed=4)
    searcher = bots.load("ismcts:iterations=60", seed=1)
    keeper = bots.load("ismcts:iterations=60,reuse=true", seed=1)
    seat = state.to_move
    assert isinstance(searcher, ISMCTSBot) and isinstance(keeper, ISMCTSBot)
    for bot in (searcher, keeper):
        bot.act(state.copy())
    later = state.copy()
    later.apply(later.legal_actions()[0])
    seen = later.determinize(seat, random.Random(1))
    assert searcher._root(seen, seat).visits == 0
    assert keeper._root(seen, seat).visits > 0  # the option still works when asked for


def test_best_plan_is_the_best_build_of_every_hand_and_tear_down() -> None:
    """best_plan works suit by suit; it must still pick exactly what trying every hand
    with every tear-down through best_build picks (value, hand and tear-down)."""
    from itertools import combinations

    from towerplay.games.five_towers import heuristics, rules

    game = games.load("five_towers")
    checked = 0
    for seed in range(12):
        state = game.start(players=2 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == TAKING and state.plans:
                seat = state.builder
                towers, torn = state.seat_towers(seat), state.torn[seat]
                hands = [tuple(sorted(state.hand + list(plan))) for plan in state.plans]
                for horizon in (1.0, 0.3, 0.0):
                    expected: tuple = (heuristics.NEG, (), None)
                    for hand in hands:
                        for teardown in heuristics.teardown_options(towers):
                            value = heuristics.best_build(towers, torn, hand, teardown,
                                                          horizon)[0]
                            if value > expected[0]:
                                expected = (value, hand, teardown)
                    assert heuristics.best_plan(towers, torn, hands, horizon) == expected
                    checked += 1
                # the remembered buildable hands are those hand_buildable accepts
                display = sorted(state.display + state.hand)
                need = len(state.hand) + state.need
                assert rules.buildable_hands(list(towers), display, need) == [
                    hand for hand in dict.fromkeys(combinations(display, need))
                    if rules.hand_buildable(towers, hand)]
            moves = state.legal_actions()
            state.apply(game.heuristics.greedy_action(state, rng) if rng.random() < 0.7
                        else rng.choice(moves))
    assert checked > 100
