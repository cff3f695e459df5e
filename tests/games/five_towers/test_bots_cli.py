"""The greedy bot, the rollout policy, the render and the scoring assistant."""
from __future__ import annotations

import json
import random

import typer
from typer.testing import CliRunner

from towerplay import games
from towerplay.arena.match import play_match
from towerplay.core import InvalidOptions
from towerplay.games.five_towers.cards import parse_card
from towerplay.games.five_towers.cli import parse_towers, score_command
from towerplay.games.five_towers.state import FiveTowersState

from tests.games.five_towers.util import position


def test_greedy_beats_random_clearly() -> None:
    game = games.load("five_towers")
    wins = 0.0
    for seed in range(16):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        final = play_match(game, specs, seed=seed)
        me = specs.index("greedy")
        if me in final.winners():
            wins += 1 / len(final.winners())
    assert wins >= 14


def greedy_round(state) -> None:
    """Let the greedy bot play every seat until the round is over."""
    game, rng, start = state.game, random.Random(0), state.round
    while state.round == start and not state.is_over:
        state.apply(game.heuristics.greedy_action(state, rng))


def test_greedy_extends_its_tower_in_small_steps() -> None:
    # seat 0's sand tower ends 13, 10: the sand 9 and 7 fit; the low cards would start
    # poor new towers, so seat 0 bids exactly 2 (seat 1's towers are all capped)
    capped = {suit: (4, 0) for suit in ("candy", "tree", "scrap", "sand")}
    state = position(2, ["sand9", "sand7", "candy1", "tree2", "scrap3"],
                     towers={0: {"sand": (15, 13, 10)}, 1: capped})
    assert str(state.game.heuristics.greedy_action(state, random.Random(0))) == "bid 2"
    greedy_round(state)
    assert state.seat_towers(0)[4] == (15, 13, 10, 7, 9)  # the 9 on top keeps 0-8 open


def test_greedy_caps_a_long_tower_in_the_last_round() -> None:
    state = games.load("five_towers").start(players=2, seed=3)
    state.towers[4] = (12, 9, 5, 3)  # seat 0: sand
    state.reshuffled = True
    state.draw = [parse_card(c) for c in ("candy14", "tree13", "sand0")]
    state.opener = 0
    state._start_round()
    state._legal = None
    greedy_round(state)
    assert state.is_over and state.seat_towers(0)[4] == (12, 9, 5, 3, 0)


def test_greedy_tears_down_rarely() -> None:
    game = games.load("five_towers")
    finals = [play_match(game, ["greedy", "random"], seed=s) for s in range(6)]
    states = [f for f in finals if isinstance(f, FiveTowersState)]
    assert len(states) == len(finals)
    greedy, random_ = sum(f.torn[0] for f in states), sum(f.torn[1] for f in states)
    assert greedy <= 9 and greedy * 3 < random_


def test_render_shows_display_bids_towers_and_piles() -> None:
    state = position(3, ["sand7", "candy3", "candy5", "tree1", "scrap9"],
                     towers={1: {"sand": (12, 8, 0)}}, opener=1)
    state.apply("bid 2")
    text = games.render_text(state, 0)
    for word in ("sand7", "Seat 2 (opens)", "bid 2", "draw pile 75", "▲0", "Seat 1 (you)",
                 "round 1"):
        assert word in text, word


runner = CliRunner()
app = typer.Typer()
app.command()(score_command)


def test_score_command_prints_a_breakdown_and_json() -> None:
    result = runner.invoke(app, ["candy: 15 12 9 0", "sand: 7 6", "--torn", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == 8 + 2 + 4 - 3 and data["bonus"] == 4 and data["penalty"] == -3
    assert data["towers"]["candy"] == {"cards": [15, 12, 9, 0], "capped": True, "points": 8}
    table = runner.invoke(app, ["candy: 15 12 9 0", "sand: 7 6", "--torn", "2"])
    assert table.exit_code == 0 and "11" in table.output and "candy" in table.output


def test_score_rulebook_examples() -> None:
    result = runner.invoke(app, ["tree: 9 5 0", "scary: 15 12 10 6 3 0", "scrap: 11 7 4 2",
                                 "--torn", "2", "--json"])
    assert json.loads(result.output)["total"] == 6 + 12 + 4 + 6 - 3


def test_score_refuses_impossible_towers() -> None:
    cases = {"candy: 3 7": "cannot go on", "candy: 5 0 1": "nothing may go on a 0",
             "pink: 3": "unknown suit", "sand: 17": "not a card value",
             "sand: 12 8 12 8": "only", "": "empty", "tree": "no cards"}
    for text, words in cases.items():
        try:
            parse_towers([text])
        except InvalidOptions as error:
            assert words in str(error), (text, str(error))
        else:
            raise AssertionError(f"{text!r} was accepted")
    try:
        parse_towers(["sand: 9", "sand: 3"])
    except InvalidOptions as error:
        assert "two sand towers" in str(error)
    else:
        raise AssertionError("duplicate suit accepted")
    assert parse_towers(["sand: 12 8 12"]) == {"sand": (12, 8, 12)}  # 110-card deck
    result = runner.invoke(app, ["sand: 12 8 12", "--players", "3"])
    assert isinstance(result.exception, InvalidOptions)
    result = runner.invoke(app, ["sand: 5", "--torn", "-1"])
    assert isinstance(result.exception, InvalidOptions)


def test_score_assistant_agrees_with_the_engine_on_real_games() -> None:
    from towerplay.games.five_towers.cards import SUITS

    for seed in range(5):
        final = play_match(games.load("five_towers"), ["greedy", "random", "random"], seed=seed)
        assert isinstance(final, FiveTowersState)
        for seat in range(3):
            towers = final.seat_towers(seat)
            args = [f"{SUITS[s]}: " + " ".join(map(str, t)) for s, t in enumerate(towers) if t]
            result = runner.invoke(app, [*args, "--torn", str(final.torn[seat]), "--players",
                                         "3", "--json"])
            assert result.exit_code == 0, result.output
            assert json.loads(result.output)["total"] == final.scores()[seat]


# ----------------------------------------------------------------- a whole table
def table(*args: str) -> dict:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_score_a_whole_table_with_its_winner() -> None:
    data = table("--player", "candy: 15 12 9 0; sand: 7 6", "--torn", "2",
                 "--player", "tree: 9 5 0; scary: 15 12 10 6 3 0; scrap: 11 7 4 2", "--torn", "2",
                 "--player", "", "--torn", "0")
    totals = [p["total"] for p in data["players"]]
    assert totals == [8 + 2 + 4 - 3, 6 + 12 + 4 + 6 - 3, 0]
    assert data["winners"] == [1] and not data["tie"]
    assert data["players"][2] == {"seat": 2, "total": 0, "towers": {}, "tallest": None,
                                  "bonus": 0, "torn": 0, "penalty": 0}
    text = runner.invoke(app, ["--player", "candy: 15 12 9 0; sand: 7 6", "--torn", "2",
                               "--player", "tree: 9 5 0", "--torn", "0"])
    assert text.exit_code == 0, text.output
    assert "Seat 1" in text.output and "Seat 2" in text.output
    assert "seat 1 wins with 11" in text.output


def test_a_tie_shares_the_win() -> None:
    # 4+4 = 8 each: the rulebook has no tie-break
    data = table("--player", "candy: 15 12 9 7", "--player", "sand: 9 8 7 6; torn 0")
    assert data["winners"] == [0, 1] and data["tie"]
    assert "tied players all share the win" in data["tie_rule"]
    text = runner.invoke(app, ["--player", "candy: 15 12 9 7", "--player", "sand: 9 8 7 6"])
    assert "seat 1 and seat 2 share the win with 8" in text.output


def test_torn_inside_the_player_text_or_once_per_player() -> None:
    inline = table("--player", "candy: 15 12; torn 2", "--player", "sand: 3; torn: 1")
    flagged = table("--player", "candy: 15 12", "--torn", "2", "--player", "sand: 3",
                    "--torn", "1")
    assert inline == flagged and [p["penalty"] for p in inline["players"]] == [-3, -1]


def test_table_refusals_name_the_problem() -> None:
    cases = [
        (["--player", "candy: 9", "--player", "sand: 3", "--torn", "1"], "once per --player"),
        (["--player", "candy: 9; torn 1", "--player", "sand: 3", "--torn", "1", "--torn", "0"],
         "not both"),
        (["--player", "candy: 9; torn x", "--player", "sand: 3"], "'torn N'"),
        (["--player", "candy: 3 7", "--player", "sand: 3"], "seat 1: candy tower 3 7"),
        # a 3-player table uses the 80-card deck: one candy12 only
        (["--player", "candy: 12", "--player", "candy: 15 12", "--player", ""],
         "hold 2 candy12, but the 80-card deck has only 1"),
        (["--player", "a: 1"] * 3 + ["--players", "2"], "--players 2 but 3"),
        (["--player", ""] * 6, "2 to 5 players"),
        (["--player", "sand: 3", "--player", "", "--torn", "0", "--torn", "99"],
         "exceed the 80-card deck"),
    ]
    for args, words in cases:
        result = runner.invoke(app, args)
        assert isinstance(result.exception, InvalidOptions), (args, result.output)
        assert words in str(result.exception), (args, str(result.exception))


def test_single_player_without_towers() -> None:
    data = table("--torn", "1")
    assert data["total"] == -1 and data["towers"] == {}
