"""The ISMCTS options for steadier decisions (issue 29): an ensemble of trees (``trees``),
the greedy move kept unless the search clearly beats it (``anchor``), and a wider lead
scale at the depth cut (``lead_scale``)."""
from __future__ import annotations

import math
import random

import pytest

from towerplay import bots, games
from towerplay.bots.ismcts import ISMCTSBot, Node
from towerplay.core import InvalidOptions

from tests.bots.test_ismcts import WIN_NOW, start
from tests.bots.toy import Poison, ToyGame, ToyHeuristics, ToyState, poisoned, position


@pytest.mark.parametrize("spec, named", [
    ("ismcts:trees=0", "trees"), ("ismcts:trees=x", "trees"), ("ismcts:trees=65", "trees"),
    ("ismcts:anchor=smart", "anchor"), ("ismcts:anchor_z=-1", "anchor_z"),
    ("ismcts:lead_scale=0", "lead_scale"), ("ismcts:lead_scale=-2", "lead_scale"),
    ("ismcts:continuations=0", "continuations"), ("ismcts:continuations=65", "continuations"),
    ("ismcts:worlds=all", "worlds")])
def test_bad_values_are_refused_in_one_line(spec: str, named: str) -> None:
    with pytest.raises(InvalidOptions) as error:
        bots.load(spec)
    message = str(error.value)
    assert "\n" not in message and f"“{named}”" in message and "expected" in message


def test_the_options_round_trip_through_the_spec() -> None:
    spec = "ismcts:iterations=90,trees=3,anchor=greedy,anchor_z=2.0,lead_scale=1.5"
    bot = bots.load(spec, seed=1)
    assert bot.spec == spec
    assert bots.load(bot.spec, seed=1).options == bot.options


@pytest.mark.parametrize("iterations, trees", [(301, 3), (40, 7), (5, 8)])
def test_an_ensemble_spends_exactly_the_budget(iterations: int, trees: int) -> None:
    state = start(2, seed=2)
    analysis = ISMCTSBot(seed=1, iterations=iterations, trees=trees).analyse(state, 0)
    assert analysis.iterations == iterations
    assert sum(stat.visits for stat in analysis.stats) == iterations
    assert {stat.action for stat in analysis.stats} <= set(state.legal_actions())


def test_an_ensemble_keeps_no_tree_and_still_finds_the_win() -> None:
    bot = ISMCTSBot(seed=2, iterations=120, trees=4)
    assert str(bot.act(position(**WIN_NOW))) == "play 6"
    assert bot.last.stats[0].win == 1.0
    assert bot._tree is None


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=200,trees=4", "ismcts:iterations=200,anchor=greedy",
    "ismcts:iterations=200,lead_scale=3,depth=2", "ismcts:iterations=200,continuations=3",
    "ismcts:iterations=200,trees=3,worlds=tree"])
def test_each_option_is_deterministic_for_a_seed(spec: str) -> None:
    state = start(3, seed=4, moves=2)
    runs = [bots.load(spec, seed=9).analyse(state, state.to_move) for _ in range(2)]
    assert runs[0].stats == runs[1].stats


def _worst(self: ToyHeuristics, state, rng):
    return state.legal_actions()[0]


def test_the_anchor_keeps_the_greedy_move_unless_the_search_clearly_beats_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = start(2, seed=3)
    monkeypatch.setattr(ToyHeuristics, "greedy_action", _worst)
    plain = ISMCTSBot(seed=1, iterations=300).analyse(state, 0)
    assert plain.best != state.legal_actions()[0]  # the search alone prefers another card
    # told to trust the greedy move unless beaten by ten standard errors, it plays it
    anchored = ISMCTSBot(seed=1, iterations=300, anchor="greedy", anchor_z=10)
    analysis = anchored.analyse(state, 0)
    assert analysis.best == state.legal_actions()[0]
    # the statistics are the same search's, only the chosen move comes first
    assert sorted(analysis.stats) == sorted(plain.stats) and analysis.stats != plain.stats
    # a sure win beats any anchor: its rewards do not spread at all
    assert str(ISMCTSBot(seed=2, iterations=200, anchor="greedy").act(
        position(**WIN_NOW))) == "play 6"


def test_the_anchor_asks_the_greedy_move_of_a_sampled_world_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []

    def spy(self: ToyHeuristics, state, rng):
        seen.append(isinstance(state.deck, Poison)
                    or any(isinstance(hand, Poison) for hand in state.hands))
        return state.legal_actions()[0]

    monkeypatch.setattr(ToyHeuristics, "greedy_action", spy)
    for seat, moves in ((0, 2), (1, 3)):
        hidden = poisoned(start(2, seed=5, moves=moves), seat)
        ISMCTSBot(seed=1, iterations=100, anchor="greedy", trees=2).choose(hidden, seat)
    assert seen == [False, False]


def test_the_new_options_never_read_hidden_information() -> None:
    state = poisoned(position(**WIN_NOW), seat=0)
    spec = "ismcts:iterations=150,trees=3,anchor=greedy,lead_scale=2,continuations=2"
    for each in ("", ",worlds=tree"):
        assert str(bots.load(spec + each, seed=3).choose(state, 0)) == "play 6"
        for seat, moves in ((0, 3), (1, 4), (2, 2)):
            hidden = poisoned(start(3, seed=5, moves=moves), seat)
            bots.load(spec + each + ",depth=3", seed=1).choose(hidden, seat)


def test_five_towers_searches_with_every_option_from_the_seats_view() -> None:
    game = games.load("five_towers")
    state = game.start(players=2, seed=7)
    seen = state.determinize(0, random.Random(1))
    spec = "ismcts:iterations=60,trees=2,anchor=greedy,lead_scale=2"
    moves = {bots.load(spec, seed=4).choose(seen.copy(), 0) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(seen.legal_actions())


@pytest.mark.parametrize("stretch", [1.0, 2.0, 4.0])
def test_the_lead_scale_widens_the_cut_value(monkeypatch, stretch: float) -> None:
    # every position is worth a one-point lead to seat 0 on a scale of 0.5
    monkeypatch.setattr(ToyHeuristics, "evaluate", lambda self, s: [11.0, 10.0])
    monkeypatch.setattr(ToyHeuristics, "value_scale", lambda self, s: 0.5)
    bot = bots.load(f"ismcts:iterations=3,depth=0,forced=true,lead_scale={stretch}", seed=1)
    bot.act(start())
    chance = 1 / (1 + math.exp(-1 / (0.5 * stretch)))
    assert all(stat.value == pytest.approx(chance) for stat in bot.last.stats)


def test_whole_games_with_the_options_replay_identically() -> None:
    from towerplay.arena.match import play_match

    specs = ["ismcts:iterations=40,trees=2,anchor=greedy", "greedy"]
    first = play_match(ToyGame(), specs, seed=3)
    assert first.to_json() == play_match(ToyGame(), specs, seed=3).to_json()


def test_modelled_opponents_move_by_the_games_model_which_defaults_to_greedy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    greedy = ToyHeuristics.greedy_action

    def spy(self: ToyHeuristics, state, rng):
        asked.append(state.to_move)
        return greedy(self, state, rng)

    monkeypatch.setattr(ToyHeuristics, "greedy_action", spy)
    bot = bots.load("ismcts:iterations=200,opponents=model", seed=1)
    assert bot.act(start(2, seed=3)) in start(2, seed=3).legal_actions()
    assert asked and set(asked) == {1}  # only the other seat, through model_action
    for seat, moves in ((0, 2), (1, 3)):
        hidden = poisoned(start(2, seed=5, moves=moves), seat)
        bots.load("ismcts:iterations=100,opponents=model", seed=1).choose(hidden, seat)


@pytest.mark.parametrize("iterations", [301, 7, 1])
def test_a_paired_search_tries_every_root_move_in_each_world_within_the_budget(
        iterations: int) -> None:
    state = start(2, seed=2)
    analysis = ISMCTSBot(seed=1, iterations=iterations, paired=True).analyse(state, 0)
    assert analysis.iterations == iterations
    visits = [stat.visits for stat in analysis.stats]
    assert sum(visits) == iterations
    # the toy seat's moves are legal in every world: each world tries them all
    assert max(visits) - min(visits) <= 1
    # the choice is the best valued move (the visits cannot tell them apart)
    tried = [stat for stat in analysis.stats if stat.visits]
    assert analysis.stats[0].value == max(stat.value for stat in tried)


def test_paired_moves_share_each_sampled_world_and_its_random_choices(
        monkeypatch: pytest.MonkeyPatch) -> None:
    worlds = []
    draws = []
    determinize = ToyState.determinize

    def counted(self, seat, rng, recall=1.0):
        worlds.append(seat)
        return determinize(self, seat, rng, recall)

    def recorded(self: ToyHeuristics, s, rng):
        draws.append((len(worlds), rng.random()))
        return s.legal_actions()[0]

    monkeypatch.setattr(ToyState, "determinize", counted)
    monkeypatch.setattr(ToyHeuristics, "rollout_action", recorded)
    state = start(2, seed=2)
    moves = len(state.legal_actions())
    ISMCTSBot(seed=1, iterations=moves * 40, paired=True, depth=1).analyse(state, 0)
    assert len(worlds) == 40  # one world for every root move
    # in each world, every move's playout begins with the same random number
    first: dict[int, set[float]] = {}
    for world, draw in draws:
        first.setdefault(world, set()).add(round(draw, 12))
    assert all(len(numbers) <= 2 for numbers in first.values())
    # ... and most worlds drew for several moves (a game over draws nothing)
    assert len(draws) >= 2 * sum(len(numbers) for numbers in first.values())
    worlds.clear()
    ISMCTSBot(seed=1, iterations=moves * 40, depth=1).analyse(state, 0)
    assert len(worlds) == moves * 40


def test_a_paired_search_is_seeded_finds_the_win_and_reads_no_hidden_card() -> None:
    state = start(3, seed=4, moves=2)
    runs = [ISMCTSBot(seed=9, iterations=200, paired=True).analyse(state, state.to_move)
            for _ in range(2)]
    assert runs[0].stats == runs[1].stats
    assert str(ISMCTSBot(seed=2, iterations=60, paired=True).choose(
        poisoned(position(**WIN_NOW), 0), 0)) == "play 6"
    for seat, moves in ((0, 3), (1, 4), (2, 2)):
        hidden = poisoned(start(3, seed=5, moves=moves), seat)
        ISMCTSBot(seed=1, iterations=100, paired=True, depth=3).choose(hidden, seat)


def test_a_pruned_paired_search_spends_the_budget_on_the_contenders() -> None:
    state = start(2, seed=2)
    plain = ISMCTSBot(seed=1, iterations=600, paired=True).analyse(state, 0)
    pruned = ISMCTSBot(seed=1, iterations=600, paired=True, prune=2).analyse(state, 0)
    assert pruned.iterations == 600 and sum(s.visits for s in pruned.stats) == 600
    # the plain paired search tries every move alike; pruning stops trying the clearly
    # worse ones, so the leader gets more of the budget
    assert max(s.visits for s in plain.stats) - min(s.visits for s in plain.stats) <= 1
    assert pruned.stats[0].visits > plain.stats[0].visits
    assert min(s.visits for s in pruned.stats) >= 32  # nothing is dropped before 32 worlds
    again = ISMCTSBot(seed=1, iterations=600, paired=True, prune=2).analyse(state, 0)
    assert again.stats == pruned.stats


@pytest.mark.parametrize("spec", ["ismcts:prune=2", "ismcts:prune=1,paired=false",
                                  "ismcts:paired=true,prune=-1", "ismcts:paired=maybe"])
def test_prune_is_refused_in_one_line_without_pairs_or_below_zero(spec: str) -> None:
    with pytest.raises(InvalidOptions) as error:
        bots.load(spec)
    message = str(error.value)
    assert "\n" not in message
    assert "“prune”" in message or "“paired”" in message
    assert "expected" in message or "only with paired=true" in message


def test_forced_moves_below_the_root_can_take_no_node(monkeypatch: pytest.MonkeyPatch) -> None:
    from towerplay.bots import ismcts

    # the game narrows seat 1's every decision to one move; the spy notes whose decision
    # was asked last, and each node made notes it (a node follows its decision's ask)
    asked = [None]

    def narrow(self, s, rng):
        asked[0] = s.to_move
        return s.legal_actions()[:1] if s.to_move == 1 else s.legal_actions()

    made: list[object] = []

    class Noted(ismcts.Node):
        __slots__ = ()

        def __init__(self, width: int) -> None:
            super().__init__(width)
            made.append(asked[0])

    monkeypatch.setattr(ToyHeuristics, "search_actions", narrow)
    monkeypatch.setattr(ismcts, "Node", Noted)
    state = start(2, seed=3)
    bots.load("ismcts:iterations=300", seed=1).act(state)
    assert made.count(1) > 50  # seat 1's forced replies took nodes
    made.clear()
    skipping = bots.load("ismcts:iterations=300,skip_forced=true", seed=1)
    skipping.act(state)
    assert made and made.count(1) == 0  # none now: every node is seat 0's choice
    assert skipping.last.iterations == 300
    again = bots.load("ismcts:iterations=300,skip_forced=true", seed=1)
    again.act(state)
    assert again.last.stats == skipping.last.stats
    for seat, moves in ((0, 2), (1, 3)):
        hidden = poisoned(start(2, seed=5, moves=moves), seat)
        bots.load("ismcts:iterations=100,skip_forced=true", seed=1).choose(hidden, seat)


def test_continuations_value_each_new_node_over_fresh_worlds_from_the_seats_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``continuations=K``: each iteration still backs up once (the budget is iterations),
    but a new node that is not the game's end is played out in K worlds: the iteration's,
    and K - 1 sampled afresh there, each from the searching seat's view."""
    asked: list[tuple[int | None, int]] = []
    real = ToyState.determinize

    def spy(self: ToyState, seat: int | None, rng: random.Random,
            recall: float = 1.0) -> ToyState:
        asked.append((seat, len(self.history)))
        return real(self, seat, rng, recall)

    monkeypatch.setattr(ToyState, "determinize", spy)
    state = start(3, seed=4)
    analysis = ISMCTSBot(seed=2, iterations=120, continuations=3).analyse(state, 0)
    assert sum(stat.visits for stat in analysis.stats) == 120
    roots = [a for a in asked if a[1] == len(state.history)]
    deeper = [a for a in asked if a[1] > len(state.history)]
    assert len(roots) == 120  # one world an iteration at the root, as ever
    assert deeper and len(deeper) % 2 == 0 and len(deeper) <= 2 * 120
    assert {seat for seat, _ in asked} == {0}  # always the searching seat's view


@pytest.mark.parametrize("counts, chosen", [("parent", 0), ("availability", 2)])
def test_ucb_counts_a_moves_chances_by_the_parent_or_by_its_availability(
        counts: str, chosen: int) -> None:
    """Three root moves alike in visits and mean, the third available in far more
    iterations (as a move legal in every sampled world beside moves legal in few): by
    availability its exploration term is the largest, so it is tried next; counted by
    the parent's visits, as OpenSpiel's search counts, all three terms are equal and the
    first move is tried."""
    state = start(2, seed=2)
    moves = state.legal_actions()[:3]
    bot = ISMCTSBot(seed=1, iterations=1, c=1000.0, narrow=False, counts=counts)
    root = Node(state.players + 1)
    for move, avail in zip(moves, (10, 10, 10_000), strict=True):
        child = root.children[move] = Node(state.players + 1)
        child.visits, child.avail, child.total[state.to_move] = 10, avail, 5.0
    root.visits = 30
    bot._tree = (state.game, state.to_move, list(state.history), root)
    bot.analyse(state, state.to_move, iterations=1, resume=True)
    grown = [move for move in moves if root.children[move].visits == 11]
    assert grown == [moves[chosen]]


@pytest.mark.parametrize("trees", [1, 4])
def test_worlds_per_tree_guess_once_for_each_tree_from_the_seats_view(
        monkeypatch: pytest.MonkeyPatch, trees: int) -> None:
    """``worlds=tree``: each tree of the ensemble searches one world, guessed at its start
    from the searching seat's view, and every iteration plays in a copy of it; the
    budget is spent as ever, the trees' root statistics summed."""
    asked: list[int | None] = []
    real = ToyState.determinize

    def spy(self: ToyState, seat: int | None, rng: random.Random,
            recall: float = 1.0) -> ToyState:
        asked.append(seat)
        return real(self, seat, rng, recall)

    monkeypatch.setattr(ToyState, "determinize", spy)
    state = start(3, seed=4)
    analysis = ISMCTSBot(seed=2, iterations=120, trees=trees,
                         worlds="tree").analyse(state, 0)
    assert analysis.iterations == sum(stat.visits for stat in analysis.stats) == 120
    assert asked == [0] * trees
    asked.clear()
    ISMCTSBot(seed=2, iterations=120, trees=trees).analyse(state, 0)
    assert asked == [0] * 120  # (information-set search: a world an iteration)
