"""The rulebook's defaults and their options: memory, the end of the game, the first
player, the character file held as data; turns counted as the rulebook counts them; the
score breakdown."""
from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from towerplay import games
from towerplay.arena import play_match
from towerplay.core import InvalidOptions, Record, chance
from towerplay.games.castle.game import Castle

from tests.games.castle.positions import position


def plain(markup: str) -> str:
    out = io.StringIO()
    Console(width=120, file=out, color_system=None).print(markup)
    return out.getvalue()


# ----------------------------------------------------------------- memory
def test_memory_is_hidden_by_default_as_cards_go_back_picture_down() -> None:
    state = position([[1, 30], [1, 20]], {"b2": 25})
    assert state.game.options.memory == "hidden"
    state.apply("reveal b2")  # 25: seat 0 cannot use it; back picture down
    view = state.view(0)
    assert view["table"]["b2"] == "?" and view["revealed"] is None
    row_b = next(line for line in plain(games.render_text(state, 0)).splitlines()
                 if line.startswith("  b "))
    assert "25" not in row_b and row_b.split()[2] == "▒▒▒"


# ----------------------------------------------------------------- the end
def test_the_game_ends_when_the_last_card_is_revealed_and_put_back() -> None:
    """Rulebook: the game ends "when the last card in the middle of the table is
    revealed" — even if its player puts it back."""
    state = position([[1, 20], [1, 30]], {"a1": 25}, rest="removed")
    assert state.game.options.end == "last_revealed"
    state.apply("reveal a1")  # seat 0 may build 25 ...
    assert not state.is_over and [str(a) for a in state.legal_actions()] == ["build",
                                                                             "return"]
    state.apply("return")  # ... but puts it back: the last card was revealed
    assert state.is_over and state.winners() == [1]


def test_the_last_card_may_still_be_built_or_inserted() -> None:
    state = position([[1, 20], [1, 30]], {"a1": 25}, rest="removed")
    state.apply("reveal a1")
    state.apply("build")
    assert state.is_over and state.castles[0] == [1, 20, 25] and state.winners() == [0]
    wizard = position([[1, 9, 17, 26], [1, 5]], {"a1": 23}, rest="removed",
                      variant="characters")
    wizard.apply("reveal a1")
    wizard.apply("wizard 17")
    assert wizard.is_over and wizard.castles[0] == [1, 9, 17, 23, 26]


def test_a_last_card_nobody_can_use_ends_the_game_by_itself() -> None:
    state = position([[1, 20], [1, 30]], {"a1": 25}, rest="removed", to_move=1)
    state.apply("reveal a1")  # 25 < 30, not below 20: back by itself, and the end
    assert state.is_over and state.reveals[-1][4] == "returned"


def test_table_empty_keeps_playing_after_a_put_back_last_card() -> None:
    state = position([[1, 20], [1, 10]], {"a1": 25}, rest="removed", end="table_empty")
    state.apply("reveal a1")
    state.apply("return")
    assert not state.is_over and state.to_move == 1
    state.apply("reveal a1")
    state.apply("build")
    assert state.is_over and state.castles[1] == [1, 10, 25]


def test_a_put_back_card_is_no_end_while_others_are_down() -> None:
    state = position([[1, 20], [1, 30]], {"a1": 25, "a2": 40}, rest="removed")
    state.apply("reveal a1")
    state.apply("return")
    assert not state.is_over


# ----------------------------------------------------------------- the first player
def test_the_first_player_is_drawn_from_the_seed_by_default() -> None:
    game = games.load("castle")
    firsts = {seed: game.start(players=4, seed=seed).to_move for seed in range(12)}
    assert firsts == {seed: chance(seed, "start").randrange(4) for seed in range(12)}
    assert len(set(firsts.values())) > 1


def test_the_first_player_option_names_a_seat() -> None:
    state = games.load("castle", first_player=2).start(players=3, seed=5)
    assert state.to_move == 2
    state.apply(state.legal_actions()[0])
    assert state.movers == [2]
    from towerplay.games.castle.stats import first_player
    assert first_player(state) == 2


@pytest.mark.parametrize("value,problem", [(3, r"a seat from 1 to 3 \(got 4\)"),
                                           (4, "first_player"), (-1, "first_player"),
                                           (True, "first_player"), ("1", "first_player")])
def test_a_bad_first_player_is_refused_in_one_line(value: object, problem: str) -> None:
    with pytest.raises(InvalidOptions, match=problem) as info:
        games.load("castle", first_player=value).start(players=3, seed=1)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("options", [{"end": "soon"}, {"memory": "closed"},
                                     {"end": True}])
def test_bad_end_and_memory_values_are_refused(options: dict) -> None:
    with pytest.raises(InvalidOptions, match=next(iter(options))):
        games.load("castle", **options)


# ----------------------------------------------------------------- the character file
GOOD: dict[str, Any] = {"king": 40, "queen": 41, "wizard": 10, "knights": [3, 4, 20],
                        "princesses": [5, 20]}


@pytest.mark.parametrize("role,key", [("king", "knights"), ("queen", "princesses"),
                                      ("wizard", "knights")])
def test_a_single_figure_card_named_again_is_refused(tmp_path: Path, role: str,
                                                     key: str) -> None:
    data = {**GOOD, key: [*GOOD[key], GOOD[role]]}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InvalidOptions) as info:
        games.load("castle", variant="characters", cards=str(path))
    message = str(info.value)
    assert f"card {GOOD[role]} is the {role} and is also in '{key}'" in message
    assert "deck.json" in message and "\n" not in message


def test_the_cards_option_holds_the_data_and_records_replay_without_the_file(
        tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text("king = 40\nqueen = 41\nwizard = 10\nknights = [3, 4]\n",
                    encoding="utf-8")
    game = games.load("castle", variant="characters", cards=str(path))
    assert game.options_dict()["cards"] == {"king": 40, "queen": 41, "wizard": 10,
                                            "knights": [3, 4]}
    final = play_match(game, ["greedy", "random"], seed=6)
    text = json.dumps(Record.from_state(final).to_json())
    path.unlink()
    again = Record.loads(text).replay()
    assert again.to_json() == final.to_json()
    assert isinstance(again.game, Castle) and again.game.characters.king == 40


def test_bad_cards_data_is_refused_in_one_line() -> None:
    with pytest.raises(InvalidOptions, match="king") as info:
        games.load("castle", variant="characters", cards={**GOOD, "king": 99})
    assert "\n" not in str(info.value)
    with pytest.raises(InvalidOptions, match="cards"):
        games.load("castle", cards=[1, 2])


# ----------------------------------------------------------------- turns and the end screen
def test_turns_count_reveals_not_actions() -> None:
    state = position([[1, 20], [1, 30]], {"a1": 25, "a2": 40, "a3": 2})
    assert state.view(0)["turn"] == 1
    state.apply("reveal a1")
    assert state.view(0)["turn"] == 1  # deciding is part of the same turn
    state.apply("build")
    state.apply("reveal a3")  # seat 1: 2 is removed by the reveal itself
    assert len(state.history) == 3 and state.view(1)["turn"] == 3
    assert "turn 3" in plain(games.render_text(state, 0)).splitlines()[0]


@pytest.mark.parametrize("options", [{}, {"variant": "characters"},
                                     {"variant": "characters", "pair_cards": True}])
def test_the_breakdown_adds_up_to_each_score(options: dict) -> None:
    final = play_match(games.load("castle", **options), ["greedy"] * 3, seed=2)
    view = final.view(None)
    assert len(view["breakdown"]) == 3
    for seat, parts in enumerate(view["breakdown"]):
        assert all(isinstance(label, str) and type(points) is int for label, points in parts)
        assert sum(points for _, points in parts) == final.scores()[seat]
        assert type(final.scores()[seat]) is int
    assert "breakdown" not in games.load("castle").start(players=2, seed=1).view(0)


def test_the_end_screen_shows_the_breakdown() -> None:
    state = position([[1, 5, 8, 35], [1, 44]], {"a1": 40}, rest="removed",
                     variant="characters", to_move=1)
    state.apply("reveal a1")  # seat 1 cannot use 40 on 44; the last card: the end
    assert state.is_over and state.scores() == [9, 4]
    text = plain(games.render_text(state, None))
    assert "game over — winner: seat 1" in text
    assert ("seat 1: wall cards 3 + knights 2 + princesses 2 + knight-princess pairs 2 "
            "= 9 points ★") in text
    assert "seat 2: wall cards 1 + King 3 = 4 points" in text
    base = position([[1, 2, 3], [1, 4]], {"a1": 44}, rest="removed")
    base.apply("reveal a1")
    base.apply("build")
    assert "seat 1 (you): start tile 1 + wall cards 3 = 4 elements ★" in plain(
        games.render_text(base, 0))
