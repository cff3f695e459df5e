"""Blueprints' position value, which judges search playouts cut short."""
from __future__ import annotations

import random

from towerplay import bots, games

from tests.games.blueprints.util import set_seat, start


def test_values_rank_a_better_building_and_won_cards_higher() -> None:
    state = start(players=2, seed=4)
    game = state.game
    set_seat(state, 0, "X1 31 1X", ". , W3 / G5+R5+S6 , W4 / R1 , .")
    set_seat(state, 1, "X1 31 1X", ". , . / R1 , . / . , .")
    mine, theirs = game.heuristics.evaluate(state)
    assert mine > theirs > 0
    state.won = [(), ("silver", "skyscraper", "integrity", "geometer")]  # 8 VP outweigh it
    mine, theirs = game.heuristics.evaluate(state)
    assert theirs > mine


def test_a_finished_game_is_valued_by_its_scores() -> None:
    game = games.load("blueprints")
    state = game.start(players=3, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        assert len(game.heuristics.evaluate(state)) == 3
        state.apply(game.heuristics.greedy_action(state, rng))
    assert game.heuristics.evaluate(state) == state.scores()


def test_a_move_is_concealed_exactly_when_the_log_hides_it() -> None:
    game = games.load("blueprints")
    for players in (2, 3):
        state = game.start(players=players, seed=players)
        rng = random.Random(players)
        while not state.is_over:
            mover = state.to_move
            hidden = {seat: state._conceals_move(seat) for seat in range(players)}
            action = rng.choice(state.legal_actions())
            state.apply(action)
            index = len(state.history) - 1
            for seat in range(players):
                if seat == mover:
                    assert not hidden[seat]
                elif not state.is_over:  # a finished game shows every build
                    assert hidden[seat] == (state.log_line(index, seat) != str(action))


def test_the_search_does_not_branch_on_the_other_seats_hidden_builds() -> None:
    """Below the opponent's take comes its discard: where it built is unseen, so no
    tree level holds its placements (they would split what the searching seat knows)."""
    from towerplay.games.blueprints.state import DISCARD, PLACE, REMOVE, TAKE

    kinds = _tree_levels("ismcts:iterations=600,opponents=tree")
    assert kinds[:3] == [{TAKE}, {PLACE}, {DISCARD}]  # the searching seat's own turn
    assert kinds[3] == {TAKE}  # the opponent's take is public
    assert kinds[4] == {DISCARD}  # ... its build is not: no PLACE or REMOVE level
    assert not kinds[4] & {PLACE, REMOVE}


def test_by_default_the_greedy_bot_makes_the_other_seats_moves() -> None:
    """Blueprints' search default: the tree holds the searching seat's own decisions only
    (the greedy bot moves for the other seat, knowing its own sampled blueprint)."""
    from towerplay.games.blueprints.state import DISCARD, PLACE, TAKE

    kinds = _tree_levels("ismcts:iterations=600")
    assert kinds[:5] == [{TAKE}, {PLACE}, {DISCARD}, {TAKE}, {PLACE}]


def _tree_levels(spec: str) -> list[set[int]]:
    """The kinds of move at each of the first six levels of the tree a search grew from the
    start of a 2-player game."""
    state = start(players=2, seed=6)
    seat = state.to_move
    bot = bots.load(spec, seed=1)
    bot.analyse(state.determinize(seat, random.Random(1)), seat)
    levels = [[bot._tree[3]]]  # type: ignore[index]
    for _ in range(5):
        levels.append([child for node in levels[-1] for child in node.children.values()])
    return [{action[0] for node in level for action in node.children} for level in levels]


def test_playouts_take_a_die_that_fits_when_one_does() -> None:
    from towerplay.games.blueprints.dice import parse_die
    from towerplay.games.blueprints.heuristics import rollout_action

    state = start(2, seed=1)
    set_seat(state, state.to_move, "XX 33 XX", ". , . / S4 , G6 / . , .")
    state.pool = sorted(parse_die(t) for t in ["G1", "R2", "G3", "W5"])
    state._legal = None
    assert len(state.legal_actions()) == 4  # every die may be taken (unplaceable=literal)
    taken = {str(rollout_action(state, random.Random(seed))) for seed in range(40)}
    assert taken == {"take W5"}
    set_seat(state, state.to_move, "XX 33 XX", ". , . / S6 , G6 / . , .")
    state._legal = None
    taken = {str(rollout_action(state, random.Random(seed))) for seed in range(40)}
    assert len(taken) == 4  # none fits: any of them


def test_searches_weigh_only_the_dice_that_fit_when_one_does() -> None:
    from towerplay.games.blueprints.dice import parse_die

    game = games.load("blueprints")
    state = start(2, seed=1)
    set_seat(state, state.to_move, "XX 33 XX", ". , . / S4 , G6 / . , .")
    state.pool = sorted(parse_die(t) for t in ["G1", "R2", "G3", "W5", "S6"])
    state._legal = None
    rng = random.Random(0)
    assert [str(m) for m in game.heuristics.search_actions(state, rng)] == ["take W5",
                                                                           "take S6"]
    set_seat(state, state.to_move, "XX 33 XX", ". , . / S6 , G6 / . , .")
    state.pool = sorted(parse_die(t) for t in ["G1", "R2"])
    state._legal = None
    assert game.heuristics.search_actions(state, rng) == state.legal_actions()
    state.apply("take R2")  # other steps: every legal action
    assert game.heuristics.search_actions(state, rng) == state.legal_actions()
