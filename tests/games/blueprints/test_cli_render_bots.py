"""The scoring assistant, the terminal picture, and the bots."""
from __future__ import annotations

import json
import random

import pytest
import typer
from typer.testing import CliRunner

from towerplay import games
from towerplay.arena.match import play_match
from towerplay.core import InvalidOptions
from towerplay.games.blueprints.cli import score_command
from towerplay.games.blueprints.render import draw

from tests.games.blueprints.util import play_random, start

app = typer.Typer()
app.command()(score_command)
EXAMPLE = ["--blueprint", "X1 31 1X", "--building", ". , W3 / G5+R5+S6 , W4 / R1 , ."]


def test_score_json() -> None:
    result = CliRunner().invoke(app, [*EXAMPLE, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == 27 and data["bonus"] == 6 and data["wood"] == 6
    assert data["prizes"] == []


def test_score_table_shows_each_material_and_the_bonus() -> None:
    result = CliRunner().invoke(app, EXAMPLE)
    assert result.exit_code == 0
    for word in ("blueprint bonus", "wood", "recycled", "stone", "glass", "total", "27"):
        assert word in result.output


def test_score_house_rule_flag() -> None:
    result = CliRunner().invoke(app, [*EXAMPLE, "--json", "--wood-only-counts-wood"])
    assert json.loads(result.output)["wood"] == 4


@pytest.mark.parametrize("building,reason", [(". , . / S6+W5 , . / . , .", "cannot stand on"),
                                             ("W1 , . / . , . / . , .", "hatched")])
def test_score_refuses_an_impossible_building(building: str, reason: str) -> None:
    result = CliRunner().invoke(app, ["--blueprint", "X1 31 1X", "--building", building])
    assert isinstance(result.exception, InvalidOptions)
    assert reason in str(result.exception)


def test_the_game_offers_the_score_command() -> None:
    assert games.companion("blueprints", "cli").score_command is score_command


def test_render_shows_the_whole_situation_for_a_seat() -> None:
    state = start(3, seed=6)
    play_random(state, 3, until=lambda s: s.round == 1 and s.turns == 4)
    seat = state.to_move
    text = draw(state.view(seat))
    for part in ("Pool (", "In-Demand", "round 2/3", "Your blueprint", "column 1", "row 3",
                 "dice", "VP", "Round 1 scored"):
        assert part in text, part
    assert text.count("blueprint") == 1  # only the seat's own card is drawn
    assert "Your blueprint" not in draw(state.view(None))


def test_render_at_the_end_shows_every_building() -> None:
    state = play_random(start(2, seed=6), 3)
    text = draw(state.view(0))
    assert "game over" in text and "seat 2's blueprint" in text


def test_greedy_beats_random_at_two_players() -> None:
    """At least 70% of 200 games (seats alternate); docs/games/blueprints.md gives the
    measurement."""
    game = games.load("blueprints")
    wins = 0.0
    for seed in range(200):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        final = play_match(game, specs, seed=seed)
        winners = final.winners()
        if specs.index("greedy") in winners:
            wins += 1 / len(winners)
    assert wins / 200 >= 0.7


@pytest.mark.parametrize("players", [3, 4])
def test_greedy_beats_random_at_more_players(players: int) -> None:
    game = games.load("blueprints")
    wins = sum(0 in play_match(game, ["greedy"] + ["random"] * (players - 1), seed=s).winners()
               for s in range(30))
    assert wins >= 15


def test_rollout_policy_plays_legal_games() -> None:
    game = games.load("blueprints")
    for players in (2, 3, 4):
        state = game.start(players=players, seed=players)
        rng = random.Random(0)
        while not state.is_over:
            state.apply(game.heuristics.rollout_action(state, rng))
        assert state.winners()
