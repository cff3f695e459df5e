"""The score breakdown of a finished game: per round, the Award (with the building's round
points and place) and the Prizes, adding up to each seat's VP; drawn on the end screen."""
from __future__ import annotations

import pytest

from towerplay.games.blueprints.render import draw

from tests.games.blueprints.util import play_random, score_round, start


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"awards_public": False}])
def test_the_breakdown_adds_up_to_each_score(players: int, options: dict) -> None:
    for seed in range(4):
        state = play_random(start(players, seed, **options), seed)
        for seat in [None, *range(players)]:
            parts = state.view(seat)["breakdown"]
            assert len(parts) == players
            for s, lines in enumerate(parts):
                assert all(isinstance(label, str) and type(points) is int
                           for label, points in lines)
                assert sum(points for _, points in lines) == state.scores()[s]
                # one Award line (maybe "no Award") per round and seat
                assert sum("Award" in label for label, _ in lines) == 3


def test_scores_are_whole_numbers() -> None:
    state = play_random(start(3, seed=2), 2)
    assert all(type(score) is int for score in state.scores())
    assert all(type(vp) is int for vp in (s["vp"] for s in state.view(0)["seats"]))


def test_there_is_no_breakdown_before_the_end() -> None:
    state = play_random(start(2, seed=1), 1, until=lambda s: s.round == 2)
    assert "breakdown" not in state.view(None) and "breakdown" not in state.view(0)


def test_the_breakdown_names_each_award_and_prize_with_the_round_points() -> None:
    state = start(3, seed=1)
    # round 1 by hand: seat 1 builds highest and (5 stacked) wins the Skyscraper
    score_round(state, [("11 11 11", "G1 , . / . , . / . , ."),                    # 1
                        ("11 11 11", "G6+G6+G6+G6+G6 , . / . , . / . , ."),        # 30
                        ("11 11 11", "G3 , . / . , . / . , .")])                   # 3
    state.results = state.results[-1:]
    state.won = [tuple(state.results[0].won(s)) for s in range(3)]
    state.round, state.to_move = 2, None  # as if the last round
    parts = state.breakdown()
    assert parts[1] == [["round 1: Gold Award (building 30 pts, 1st)", 3],
                        ["round 1: Skyscraper Prize", 2],
                        ["round 1: Structural Integrity Prize", 2],
                        ["round 1: Material Usage Prize", 2]]
    assert parts[2] == [["round 1: Silver Award (building 3 pts, 2nd)", 2]]
    assert parts[0] == [["round 1: no Award (building 1 pts, 3rd)", 0]]


def test_the_end_screen_shows_the_breakdown() -> None:
    state = play_random(start(2, seed=6), 3)
    text = draw(state.view(None))
    assert "Final score" in text
    for seat, lines in enumerate(state.view(None)["breakdown"]):
        assert f"[bold]seat {seat + 1}: {state.scores()[seat]} VP[/]" in text
        for label, _ in lines:
            assert label in text
    assert "Final score" not in draw(start(2, seed=6).view(0))
