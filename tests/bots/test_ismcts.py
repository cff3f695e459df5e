"""The ISMCTS bot on the toy hidden-card game: budgets, reproducibility, no peeking, strength."""
from __future__ import annotations

import math
import random
import time
from typing import Any

import pytest

from towerplay import bots
from towerplay.arena.match import play_match
from towerplay.bots.ismcts import ISMCTSBot
from towerplay.core import InvalidOptions, State

from tests.bots.toy import (
    PoisonError,
    RevealGame,
    ToyGame,
    ToyHeuristics,
    ToyState,
    poisoned,
    position,
)

WIN_NOW = dict(hands=[[6, 2, 1], [3, 4, 8]], total=9, played=[4, 5])
"""Seat 0 wins at once with 'play 6'; the other cards leave the opponent chances."""


def start(players: int = 2, seed: int = 1, moves: int = 0) -> State:
    """A game after ``moves`` moves, each playing the smallest card (so it goes on)."""
    state = ToyGame().start(players=players, seed=seed)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state


def test_spec_options_are_typed() -> None:
    bot = bots.load("ismcts:iterations=500,c=0.5,rollout=random,depth=20", seed=1)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.options.iterations, bot.options.c, bot.options.depth) == (500, 0.5, 20)
    assert bot.spec == "ismcts:iterations=500,c=0.5,rollout=random,depth=20"
    for bad in ("ismcts:iterations=0", "ismcts:seconds=-1", "ismcts:rollout=smart",
                "ismcts:speed=3", "ismcts:root=halving,paired=true", "ismcts:outcomes=some"):
        with pytest.raises(InvalidOptions):
            bots.load(bad)


@pytest.mark.parametrize("players", [2, 3])
def test_iteration_budget_is_exact(players: int) -> None:
    state = start(players)
    bot = ISMCTSBot(seed=2, iterations=321, reuse=False)
    analysis = bot.analyse(state, state.to_move)
    assert analysis.iterations == 321
    assert sum(stat.visits for stat in analysis.stats) == 321
    assert {stat.action for stat in analysis.stats} == set(state.legal_actions())


def test_time_budget_is_roughly_honoured() -> None:
    state = start(3)
    bot = ISMCTSBot(seed=2, seconds=0.2)
    started = time.perf_counter()
    analysis = bot.analyse(state, state.to_move)
    elapsed = time.perf_counter() - started
    assert 0.2 <= elapsed < 1.0  # generous: CI machines are shared
    assert analysis.iterations > 100


def test_both_budgets_stop_at_the_first_spent() -> None:
    state = start(2)
    assert ISMCTSBot(seed=1, iterations=50, seconds=10).analyse(state, 0).iterations == 50


def test_same_seed_and_iterations_give_the_same_move() -> None:
    state = start(3, seed=4, moves=2)
    runs = [ISMCTSBot(seed=9, iterations=400).analyse(state, state.to_move) for _ in range(2)]
    assert runs[0].stats == runs[1].stats
    # whole games too: the bots' decisions depend only on the match seed
    specs = ["ismcts:iterations=60", "greedy", "ismcts:iterations=60,rollout=random"]
    first = play_match(ToyGame(), specs, seed=11)
    assert first.to_json() == play_match(ToyGame(), specs, seed=11).to_json()


def test_finds_the_winning_move_with_a_small_budget() -> None:
    for seed in range(5):
        state = position(**WIN_NOW)
        bot = ISMCTSBot(seed=seed, iterations=60)
        assert str(bot.act(state)) == "play 6"
        best = bot.last.stats[0]
        assert best.win == 1.0


def test_never_reads_hidden_information() -> None:
    truth = position(**WIN_NOW)
    state = poisoned(truth, seat=0)
    # The poison bites: reading the opponent's hand or the deck raises.
    with pytest.raises(PoisonError):
        cheat = state.copy()
        while not cheat.is_over:
            cheat.apply(cheat.legal_actions()[0])
    # The bot searches straight from the poisoned state (no determinize by act() first).
    bot = ISMCTSBot(seed=3, iterations=300)
    assert str(bot.choose(state, 0)) == "play 6"
    for seat, moves in ((0, 3), (1, 4), (2, 2)):
        game_state = poisoned(start(3, seed=5, moves=moves), seat)
        assert game_state.to_move == seat
        ISMCTSBot(seed=1, iterations=200, depth=3).choose(game_state, seat)


def test_a_search_of_the_true_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # The poison test can fail: with determinize reduced to a plain copy, the search
    # plays out the opponent's (poisoned) hand and is caught.
    monkeypatch.setattr(ToyState, "determinize", lambda self, seat, rng, recall=1.0: self.copy())
    with pytest.raises(PoisonError):
        ISMCTSBot(seed=1, iterations=50).choose(poisoned(position(**WIN_NOW), 0), 0)


def test_tree_is_reused_when_the_new_root_is_in_it() -> None:
    state = start(2, seed=3)
    bot = ISMCTSBot(seed=1, iterations=500)
    state.apply(bot.act(state))
    state.apply(state.legal_actions()[0])
    seen = state.determinize(0, random.Random(1))
    kept = bot._root(seen, 0)
    assert kept.visits > 0
    assert bot._root(seen, 1).visits == 0  # another seat's tree is never used
    fresh = ISMCTSBot(seed=1, iterations=500, reuse=False)
    fresh.act(start(2, seed=3))
    assert fresh._root(seen, 0).visits == 0


def test_beats_random_and_greedy_on_the_toy_game() -> None:
    results = {"random": 0.0, "greedy": 0.0}
    games = 40
    for opponent in results:
        for index in range(games):
            specs = ["ismcts:iterations=150", opponent]
            if index % 2:
                specs.reverse()
            final = play_match(ToyGame(), specs, seed=index)
            me = specs.index("ismcts:iterations=150")
            winners = final.winners()
            results[opponent] += (me in winners) / len(winners)
    assert results["random"] / games >= 0.6
    assert results["greedy"] / games >= 0.5


def test_modelled_opponents_move_by_the_games_policy_outside_the_tree(monkeypatch) -> None:
    moved_by_model = []
    greedy = ToyHeuristics.greedy_action

    def spy(self, state, rng):
        moved_by_model.append(state.to_move)
        return greedy(self, state, rng)

    monkeypatch.setattr(ToyHeuristics, "greedy_action", spy)
    state = start(2, seed=3)
    bot = ISMCTSBot(seed=1, iterations=300, opponents="greedy")
    mine = bot.act(state)
    assert moved_by_model and set(moved_by_model) == {1}  # only the other seat, in-tree
    root = bot._tree[3]
    below = root.children[mine]
    # the tree holds the seat's own decisions only: after the opponent's reply the kept
    # tree goes on right below the seat's own move (no level for the reply)
    assert below.children
    state.apply(mine)
    state.apply(state.legal_actions()[0])
    assert bot._root(state.determinize(0, random.Random(2)), 0) is below
    assert str(ISMCTSBot(seed=2, iterations=60, opponents="greedy").act(
        position(**WIN_NOW))) == "play 6"
    # the modelled opponent moves in the sampled world only, never the true one
    for seat, moves in ((0, 2), (1, 3)):
        game_state = poisoned(start(2, seed=5, moves=moves), seat)
        assert game_state.to_move == seat
        ISMCTSBot(seed=1, iterations=200, opponents="greedy").choose(game_state, seat)


def test_the_tree_splits_by_what_the_seat_saw() -> None:
    state = RevealGame().start(players=2, seed=6)
    bot = ISMCTSBot(seed=1, iterations=600)
    state.apply(bot.act(state))
    root = bot._tree[3]
    mine = [child for child in root.children.values() if child.visits > 20]
    # below each of its own plays the tree branches on the card the seat drew
    assert mine and all(child.outcomes and len(child.outcomes) > 1 for child in mine)
    # after the move, the kept tree is found through the branch of the card really drawn
    state.apply(state.legal_actions()[0])
    seen = state.determinize(0, random.Random(2))
    drew = seen.log_line(0, 0)
    assert drew.startswith(str(seen.history[0]) + ", drew ")
    below = root.children[seen.history[0]].outcomes[drew]
    expected = below.children.get(seen.history[1])
    assert expected is not None and bot._root(seen, 0) is expected


def test_game_search_defaults_apply_unless_the_spec_overrides_them(monkeypatch) -> None:
    from towerplay import bots, games

    game = games.load("castle")
    monkeypatch.setattr(game.heuristics, "search_defaults", {"depth": 7, "c": 1.5})
    bot = bots.load("ismcts:iterations=10,c=0.3", seed=1)
    settings = bot.settings(game, 2)
    assert settings.depth == 7 and settings.c == 0.3 and settings.iterations == 10
    state = game.start(players=2, seed=1)
    assert bot.act(state) in state.legal_actions()


def test_a_game_may_suggest_other_defaults_by_player_count() -> None:
    """5 Towers models the other bidders by the greedy move from 3 players on (searched
    with max-n they get too few visits); a spec still overrides it, and one bot keeps
    apart the settings of tables of different sizes."""
    from towerplay import bots, games

    game = games.load("five_towers")
    bot = bots.load("ismcts:iterations=10", seed=1)
    assert bot.settings(game, 2).opponents == "tree"
    assert bot.settings(game, 3).opponents == bot.settings(game, 5).opponents == "model"
    assert bot.settings(game, 2).opponents == "tree"  # not the cached 3-player settings
    assert bots.load("ismcts:opponents=tree", seed=1).settings(game, 4).opponents == "tree"
    skytopia = games.load("skytopia")  # plays the other seats by its playout policy
    assert bot.settings(skytopia, 2).opponents == "tree"
    assert bot.settings(skytopia, 3).opponents == bot.settings(skytopia, 4).opponents == "game"
    assert bot.settings(games.load("castle"), 4).opponents == "tree"  # no suggestion there
    state = game.start(players=3, seed=2)
    assert bot.act(state) in state.legal_actions()


def test_the_search_weighs_only_the_games_candidate_moves(monkeypatch) -> None:
    state = start()
    legal = state.legal_actions()
    assert len(legal) > 1
    chosen = legal[-1]
    # the game settles every decision itself: the bot plays it without searching
    monkeypatch.setattr(ToyHeuristics, "search_actions",
                        lambda self, s, rng: [s.legal_actions()[-1]])
    bot = bots.load("ismcts:iterations=50", seed=1)
    assert bot.act(state) == chosen and bot.last.iterations == 0
    # a forced search (a hint) still weighs every legal move at the root
    bot = bots.load("ismcts:iterations=200,forced=true", seed=1)
    bot.act(state)
    assert sum(1 for s in bot.last.stats if s.visits) == len(legal)

    # the game narrows only seat 1's decisions (to its highest card, which differs from
    # world to world): seat 0's moves are all weighed, seat 1's replies are fewer
    def narrow(self, s, rng):
        return s.legal_actions()[-1:] if s.to_move == 1 else s.legal_actions()

    def replies(spec: str) -> int:
        bot = bots.load(spec, seed=1)
        bot.act(state)
        mine = bot._tree[3].children
        assert len(mine) == len(legal)
        return sum(len(node.children) for node in mine.values())

    monkeypatch.setattr(ToyHeuristics, "search_actions", narrow)
    assert replies("ismcts:iterations=300") < replies("ismcts:iterations=300,narrow=false")


@pytest.mark.parametrize("scale, chance", [(None, 1 / (1 + math.exp(-1 / 2.625))),
                                           (0.1, 1 / (1 + math.exp(-10)))])
def test_cut_playouts_are_judged_on_the_games_value_scale(monkeypatch, scale, chance) -> None:
    # every position is worth a one-point lead to seat 0; without a scale of its own the
    # game's values are judged on a quarter of their mean size (10.5 / 4)
    monkeypatch.setattr(ToyHeuristics, "evaluate", lambda self, s: [11.0, 10.0])
    monkeypatch.setattr(ToyHeuristics, "value_scale", lambda self, s: scale)
    bot = bots.load("ismcts:iterations=3,depth=0,forced=true", seed=1)
    bot.act(start())  # each of the three moves is tried once and judged at once
    assert [stat.visits for stat in bot.last.stats] == [1, 1, 1]
    assert all(stat.value == pytest.approx(chance) for stat in bot.last.stats)


def test_a_class_of_alike_actions_is_explored_as_its_members_would_be(monkeypatch) -> None:
    """One node for the actions a mover cannot tell apart pools their statistics but keeps
    their share of exploration. With every outcome worth the same, UCB only explores: the
    class of castle's unseen cards (dozens of reveals) gets about as many visits as its
    members would get one by one, not one known card's share. Explored as one action, the
    class that branches on the most outcomes got the fewest visits, its follow-ups stayed
    barely searched and its value too low, so the search passed instead of revealing."""
    from towerplay.games.castle.state import UNSEEN, CastleState

    from tests.games.castle.positions import position as castle_position

    table = {"a1": 25, "a2": 30, "a3": 12}
    state = castle_position([[1, 20], [1, 10]], table, known=table)
    monkeypatch.setattr(CastleState, "rewards", lambda self: [0.5] * self.players)
    iterations = 400
    bot = ISMCTSBot(seed=1, iterations=iterations, rollout="random", narrow=False,
                    reuse=False)
    stats = bot.analyse(state, 0).stats
    unseen = [s for s in stats if state.action_class(s.action, 0) == UNSEEN]
    assert len(stats) == 4 and len(unseen) == 1
    members = unseen[0].alike
    assert members == len(state.legal_actions()) - 3 > 30
    share = members / (members + 3)
    assert unseen[0].visits >= 0.8 * share * iterations  # explored as one action: 1 / 4


def _root_of(stats_by_key: list[tuple[Any, int, int, float]]) -> Any:
    """A root whose children won a 0/1 reward ``value`` of their ``visits`` (seat 0)."""
    from towerplay.bots.ismcts import Node

    root = Node(3)
    for key, visits, members, value in stats_by_key:
        child = root.children[key] = Node(3)
        child.visits, child.members = visits, members
        child.total = [value * visits, (1 - value) * visits, value * visits]
        child.square = value * visits  # rewards of 0 or 1: each square is the reward
    return root


def test_beside_a_class_the_root_chooses_by_a_lower_confidence_bound() -> None:
    """A known card that drew more visits than each unseen card's share, and a slightly
    better mean from few of them, is luck: the unseen cards' class, whose pooled mean is
    precise, stays the choice (counting visits per member took the known card). A known
    card clearly better than the class is chosen."""
    from towerplay.games.castle.state import UNSEEN

    from tests.games.castle.positions import position as castle_position

    table = {"a1": 25}
    state = castle_position([[1, 20], [1, 10]], table, known=table)
    classes = state.action_classes(state.legal_actions(), 0)
    known = state.game.parse_action(state, "reveal a1")
    members = len(classes[UNSEEN])
    assert members > 20
    lucky = _root_of([(UNSEEN, 30 * members, members, 0.55), (known, 40, 1, 0.6)])
    stats = ISMCTSBot._stats(lucky, classes, 0)
    assert [s.action for s in stats] == [classes[UNSEEN][0], known]
    assert stats[0].visits == 30 * members and stats[0].alike == members
    better = _root_of([(UNSEEN, 30 * members, members, 0.55), (known, 120, 1, 0.75)])
    assert ISMCTSBot._stats(better, classes, 0)[0].action == known


def test_a_perfect_record_from_few_visits_is_not_a_sure_value() -> None:
    """A pass that won each of its 16 visits has no spread of its own; the bound still
    counts its few visits, so the class of unseen cards, 0.93 over 280 visits, stays the
    choice (a spread of 0 had made the pass's bound 1.0, and the search passed when
    ahead). A pass that won 120 of 120 is credibly better and is chosen."""
    from towerplay.games.castle.state import PASS, UNSEEN

    from tests.games.castle.positions import position as castle_position

    table = {"a1": 15}  # below seat 0's castle, not below seat 1's: a pass
    state = castle_position([[1, 20], [1, 10]], table, known=table)
    classes = state.action_classes(state.legal_actions(), 0)
    assert set(classes) == {PASS, UNSEEN}
    members = len(classes[UNSEEN])
    few = _root_of([(UNSEEN, 280, members, 0.93), (PASS, 16, 1, 1.0)])
    assert ISMCTSBot._stats(few, classes, 0)[0].action == classes[UNSEEN][0]
    many = _root_of([(UNSEEN, 280, members, 0.93), (PASS, 120, 1, 1.0)])
    assert ISMCTSBot._stats(many, classes, 0)[0].action == classes[PASS][0]


def test_sequential_halving_races_the_root_moves_in_rounds() -> None:
    """``root=halving`` spends exactly the budget: three moves make two rounds of half the
    budget each, the first shared by all three (50 each of 300), the second by the better
    two by mean (75 more each); the move is the better mean of that last pair."""
    state = start(2)
    bot = ISMCTSBot(seed=3, iterations=300, reuse=False, root="halving")
    analysis = bot.analyse(state, state.to_move)
    assert analysis.iterations == 300
    visits = {stat.action: stat.visits for stat in analysis.stats}
    assert sorted(visits.values()) == [50, 125, 125]
    first, second, dropped = analysis.stats
    assert visits[dropped.action] == 50 and first.value >= second.value
    assert set(bot._finalists) == {first.action, second.action}


def test_sequential_halving_finds_the_winning_move_and_needs_a_count() -> None:
    for seed in range(3):
        bot = ISMCTSBot(seed=seed, iterations=60, root="halving")
        assert str(bot.act(position(**WIN_NOW))) == "play 6"
    timed = ISMCTSBot(seed=1, seconds=0.05, root="halving")  # no count to plan by: UCB
    timed.analyse(start(2), 0)
    assert timed._finalists == []


def test_without_classes_the_root_chooses_by_visits() -> None:
    """Where every root child is one action, the most visited is chosen (robust child),
    even beside a better mean from fewer visits."""
    from tests.games.castle.positions import position as castle_position

    table = {"a1": 25, "a2": 30}
    state = castle_position([[1, 20], [1, 10]], table, known=table)
    classes = state.action_classes(state.legal_actions(), 0)
    first = state.game.parse_action(state, "reveal a1")
    second = state.game.parse_action(state, "reveal a2")
    root = _root_of([(first, 50, 1, 0.5), (second, 40, 1, 0.7)])
    assert ISMCTSBot._stats(root, classes, 0)[0].action == first
