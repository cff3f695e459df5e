"""What a player sees: log lines naming the effect used and the end of each round,
refusals in the game's terms, the score breakdown, and the terminal picture."""
from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

from towerplay import games
from towerplay.core import IllegalAction
from towerplay.games.skytopia.state import SkytopiaState

from tests.games.skytopia.helpers import play, scenario, start, value_at


def finished(players: int = 2, seed: int = 3, **options: object) -> SkytopiaState:
    s = start(players, seed=seed, **options)
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    return s


# ----------------------------------------------------------------------------- the log
def test_use_names_the_effect_in_everyones_log() -> None:
    s = scenario(start(2, seed=70), seat=0, market={"b1": "BLU-05"}, ability="T3A")
    play(s, f"place b1:{value_at(s, 5)}", "use")
    index = len(s.history) - 1
    for seat in (0, 1, None):
        assert s.log_line(index, seat) == "use — BLU-05 Gain 3 PP (E4)"
    assert s.log_line(index - 1, 1) == f"place b1:{value_at(s, 5)}"


def test_the_end_of_each_round_and_the_chronometer_turn_are_announced() -> None:
    s = finished()
    lines = s.log(None)
    ends = [line for line in lines if "end of round" in line]
    assert len(ends) == s.round                       # every round, the last one too
    dial = s.comp.dial
    for rnd, line in enumerate(ends[:-1], start=1):
        build = dial[(s.comp.pos[s.comp.setup_value] - s.comp.setup_distance + rnd) % 6]
        assert f"end of round {rnd}: the Chronometer turns, ✱ now shows {build}; " \
               f"seat " in line and f"starts round {rnd + 1}" in line
    assert ends[-1].endswith(f"end of round {s.round}: the game is over")
    assert sum("a deck is empty: round" in line for line in lines) == 1
    assert s.log(0) == s.log(1) == lines              # nothing in it is hidden


def test_the_log_survives_a_saved_position_and_bad_notes_are_refused() -> None:
    from towerplay.core import BadRecord

    s = finished(seed=4)
    data = json.loads(json.dumps(s.to_json()))
    assert s.game.from_json(data).log(None) == s.log(None)
    data["state"]["notes"][0][1] = 10**6
    with pytest.raises(BadRecord, match="'notes'"):
        s.game.from_json(data)



@pytest.mark.parametrize("players", [2, 4])
def test_a_saved_position_notes_each_use_as_it_was_played(players: int) -> None:
    # the state keeps a 'use' cheaply (index, effect, round) and fills in the Chronometer
    # and the first player when saving: compare with what they were at the time
    s = start(players, seed=5)
    rng, seen = random.Random(5), {}
    while not s.is_over:
        action = rng.choice(s.legal_actions())
        key = s.stack[-1][0] if str(action) == "use" else -1
        s.apply(action)
        if key >= 0:
            seen[len(s.history) - 1] = [key, s.round, s.comp.dial[s.build], s.first]
    notes = {n[0]: n for n in s.to_json()["state"]["notes"]}
    assert len(seen) > 20 and set(seen) <= set(notes)
    for index, (key, rnd, build, first) in seen.items():
        assert [notes[index][i] for i in (1, 2, 4, 5)] == [key, rnd, build, first]
    assert set(notes) == set(seen) | {n[0] for n in s.notes}  # rounds' ends and the like
    assert all(notes[n[0]] == list(n) for n in s.notes)


def test_a_copy_keeps_its_own_log() -> None:
    s = start(3, seed=6)
    rng = random.Random(6)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    before, copy = s.log(None), s.copy()
    while not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert s.log(None) == before and copy.log(None)[:len(before)] == before
    uses = [line for line in copy.log(None)[len(before):] if ": use" in line]
    assert uses and all(" — " in line for line in uses)


# ----------------------------------------------------------------------------- refusals
@pytest.mark.parametrize("text,words", [
    ("place b1:{build}", "is the build value (✱)"),
    ("place b4:{free}", "there is no card on b4"),
    ("place b1:{fast}", "costs 6 coins; you have 5"),
    ("place g1:{taken}", "a golem showing {taken} is already on g1"),
    ("use", "no effect is offered now; assign a golem: 'place <card>:<value>'"),
    ("back g1:{taken}", "you still have a golem on your board"),
    ("tower red", "that is not what is asked now; assign a golem"),
])
def test_refusals_say_why_in_the_games_terms(text: str, words: str) -> None:
    s = scenario(start(2, seed=71), seat=0, dice={"g1": [(1, 3)]}, ability="T3A")
    values = {"build": s.comp.dial[s.build], "free": value_at(s, 5), "fast": value_at(s, 1),
              "taken": value_at(s, 3)}
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction) as info:
        s.apply(text.format(**values))
    message = str(info.value)
    assert words.format(**values) in message and "\n" not in message
    assert json.dumps(s.to_json()) == before


def test_refusals_inside_an_effect_name_it() -> None:
    s = scenario(start(2, seed=72), seat=0, market={"r1": "RED-01"},
                 dice={"b1": [(0, 4)]}, ability="T3A")
    play(s, f"place r1:{value_at(s, 5)}")
    with pytest.raises(IllegalAction, match="'use' or 'skip' RED-01 Turn a golem"):
        s.apply("done")
    play(s, "use")
    with pytest.raises(IllegalAction, match="cannot turn 4 step"):
        s.apply(f"turn b1:{value_at(s, 4)} 4")
    with pytest.raises(IllegalAction, match="no golem showing"):
        s.apply(f"turn b2:{value_at(s, 4)} 1")
    s = finished()
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply("use")


# ----------------------------------------------------------------------------- breakdown
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_breakdown_adds_up_to_each_score(players: int) -> None:
    s = finished(players, seed=players)
    view = s.view(None)
    assert len(view["breakdown"]) == players
    for seat, parts in enumerate(view["breakdown"]):
        assert all(isinstance(label, str) and type(points) is int for label, points in parts)
        assert sum(points for _, points in parts) == s.scores()[seat]
        assert type(s.scores()[seat]) is int
        assert parts[0][0] == "score track" and parts[0][1] == s.prestige[seat]
    assert "breakdown" not in start(2).view(None)


def test_the_breakdown_of_magda_72() -> None:
    s = start(2, seed=9)
    ids = [g.ident for g in s.comp.guilds]
    s.guilds = tuple(ids.index(g) for g in ("mechanics", "builders", "merchants"))
    s = scenario(s, seat=1, dice={"b2": [(0, 3)], "r2": [(0, 2)]},
                 towers={(0, "blue"): ["BLU-01"], (0, "gold"): ["GLD-01", "GLD-02", "GLD-05"],
                         (0, "purple"): ["PUR-03"]}, coins=[22, 5], pp=[45, 0])
    assert s.breakdown(0) == [["score track", 45], ["Mechanics' Guild", 6],
                              ["Builders' Guild", 4], ["Merchants' Guild", 6],
                              ["Laboratories", 5], ["coins (22 // 5)", 4],
                              ["golems on the Market", 2]]


# ----------------------------------------------------------------------------- the picture
def text_of(view: dict) -> str:
    out = io.StringIO()
    render = games.companion("skytopia", "render")
    assert render is not None
    Console(file=out, width=200, color_system=None).print(render.draw(view))
    return out.getvalue()


def test_the_picture_shows_placements_with_cost_and_rounds() -> None:
    s = scenario(start(2, seed=73), seat=0, dice={"g1": [(1, 3)]}, ability="T3A")
    text = text_of(s.view(0))
    free, fast = value_at(s, 5), value_at(s, 4)
    assert "Your placements" in text
    assert "b1: " in text and f"{free} (0 coins, 5 rd)" in text
    assert f"{fast} (1 coin, 4 rd)" in text
    g1 = next(line for line in text.splitlines() if line.strip().startswith("g1: "))
    assert f"{value_at(s, 3)} (" not in g1             # that value is taken on g1
    assert "Your placements" not in text_of(s.view(1))  # not the seat to move


def test_the_picture_shows_what_tiles_and_sides_do() -> None:
    s = start(3, seed=74, abilities="draft", sides="choose")
    text = text_of(s.view(s.to_move))
    assert "Ability tiles to draft" in text
    for tile in s.comp.abilities:
        assert tile[0].text in text and tile[1].text in text
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    seat = s.to_move
    assert seat is not None
    text = text_of(s.view(seat))
    tile = s.comp.abilities[s.tile[seat]]
    assert f"Sides of seat {seat + 1} (you)'s tile" in text
    assert f"side a: {tile[0].text}" in text and f"side b: {tile[1].text}" in text


def test_the_end_screen_shows_the_breakdown_and_the_provisional_flag() -> None:
    s = finished()
    text = text_of(s.view(None))
    assert "Final scores by source" in text and "score track" in text
    assert f"= {s.scores()[0]}" in text and ".0" not in text.split("Final scores")[-1]
    assert "PROVISIONAL" in text and s.view(None)["provisional"] is True
    crest = s.comp.crests[s.comp.cards[s.comp.foundation(1)].crest]
    assert s.view(None)["foundation_crests"][1] == crest
    assert f"gold Foundation: gain 1 coin per own golems on board (crest {crest})" in text


def test_a_file_that_is_not_provisional_is_not_flagged(tmp_path) -> None:  # noqa: ANN001
    import tomllib

    from towerplay.games.skytopia.components import DEFAULT_PATH

    data = tomllib.loads(DEFAULT_PATH.read_text())
    data["provisional"] = False
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(data))
    s = games.load("skytopia", components=str(path)).start(players=2, seed=1)
    assert s.view(0)["provisional"] is False and "PROVISIONAL" not in text_of(s.view(0))


def test_seats_are_called_seat_n_everywhere() -> None:
    s = finished(4, seed=5)
    texts = [text_of(s.view(p)) for p in (0, None)] + s.log(None)
    for text in texts:
        assert " P0" not in text and "player 0" not in text.lower()
    assert "seat 1 (you)" in texts[0] and "seat 0" not in texts[0]  # people count from 1


def test_the_rules_summary_ships_with_every_option_and_action() -> None:
    from importlib.resources import files

    from towerplay.games.skytopia import SkytopiaOptions
    from towerplay.games.skytopia.actions import ACTIONS

    text = (files("towerplay.games.skytopia") / "rules.md").read_text(encoding="utf-8")
    assert 60 <= len(text.splitlines()) <= 150
    for option in SkytopiaOptions.model_fields:
        assert f"`{option}`" in text
    for word in {str(a).split()[0] for a in ACTIONS}:
        assert f"`{word}" in text or f"`{word} " in text or f", `{word}" in text, word
