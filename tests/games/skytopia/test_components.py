"""The component file: the shipped provisional data, user files, and refusals that name
the record and the field."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from towerplay import games
from towerplay.core import InvalidOptions
from towerplay.games.skytopia.components import DEFAULT_PATH, load_components

from tests.games.skytopia.helpers import add_cards, play, scenario, start, value_at


def raw() -> dict:
    return tomllib.loads(DEFAULT_PATH.read_text())


def write(tmp_path: Path, data: dict) -> str:
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_shipped_data_is_marked_provisional() -> None:
    comp = load_components()
    assert comp.provisional and "PROVISIONAL" in DEFAULT_PATH.read_text()
    assert len(comp.cards) == 48 + 4 and len(comp.guilds) == 12 and len(comp.tiles) == 4
    assert comp.cost == (99, 6, 4, 2, 1, 0)


@pytest.mark.parametrize("edit,words", [
    (lambda d: d["tower_cards"][3]["effect"][0].update(op="explode"),
     ["'tower_cards[3]' (id 'BLU-04')", "effect[0]"]),
    (lambda d: d["tower_cards"][14].update(colour="green"),
     ["'tower_cards[14]' (id 'GLD-03')", "colour"]),
    (lambda d: d["tower_cards"][30]["effect"][0].update(steps_max=9),
     ["'tower_cards[30]' (id 'RED-07')", "steps_max"]),
    (lambda d: d["guild_masters"][5]["scoring"].pop("pp_per_card"),
     ["'guild_masters[5]' (id 'masons')", "scoring", "pp_per_card"]),
    (lambda d: d["ability_tiles"][1]["B"].pop("trigger"),
     ["'ability_tiles[1]' (id 'T2')", "B", "trigger"]),
    (lambda d: d["chronometer"].update(dial_order=[1, 2, 3, 4, 5, 5]),
     ["chronometer", "dial_order"]),
    (lambda d: d["tower_cards"][0].update(id="BLU-02"), ["duplicate id 'BLU-02'"]),
    (lambda d: d["tower_cards"][27]["effect"][0].update(cost=3),
     ["'place_from_board' cost 3"]),
    (lambda d: d["foundations"]["red"]["effect"][0].pop("distance"),
     ["foundations.red", "effect[0]", "distance"]),
    (lambda d: d["foundations"]["blue"].update(effect=[{"op": "endgame_pp", "n": 5}]),
     ["foundations.blue", "'endgame_pp' is for Tower cards only"]),
])
def test_bad_files_are_refused_naming_record_and_field(tmp_path: Path, edit, words) -> None:
    data = raw()
    edit(data)
    with pytest.raises(InvalidOptions) as info:
        games.load("skytopia", components=write(tmp_path, data))
    for word in words:
        assert word in str(info.value)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(InvalidOptions, match="cannot read"):
        games.load("skytopia", components=str(tmp_path / "missing.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("this is = = not toml")
    with pytest.raises(InvalidOptions, match="not valid TOML"):
        games.load("skytopia", components=str(bad))


def test_a_new_card_is_data_not_code(tmp_path: Path) -> None:
    data = raw()
    add_cards(data, {
        "id": "GLD-13", "colour": "gold", "crest": "E", "name": "Rich forge",
        "effect": [{"op": "pay", "n": 2}, {"op": "gain", "res": "pp", "n": 4},
                   {"op": "others_gain", "res": "pp", "n": 1}]})
    data["chronometer"]["cost_by_distance"] = [5, 3, 2, 1, 0]
    path = write(tmp_path, data)
    game = games.load("skytopia", components=path)
    assert game.comp.cost == (99, 5, 3, 2, 1, 0)
    s = scenario(game.start(players=2, seed=1), seat=0, market={"g1": "GLD-13"},
                 ability="T3A")
    play(s, f"place g1:{value_at(s, 5)}", "use")
    assert (s.coins[0], s.prestige) == (3, [4, 1])
    # the option travels with records and saved positions
    again = game.from_json(json.loads(json.dumps(s.to_json())))
    assert any(c.ident == "GLD-13" for c in again.game.comp.cards)


def test_default_game_uses_the_shipped_file() -> None:
    assert start().game.comp is load_components()


def test_move_and_place_with_activation_and_payment_are_data(tmp_path: Path) -> None:
    data = raw()
    add_cards(data,
        {"id": "RED-13", "colour": "red", "crest": "A",
         "effect": [{"op": "move_own_golem", "activate": True}]},
        {"id": "RED-14", "colour": "red", "crest": "B",
         "effect": [{"op": "place_from_board", "distance": 2, "pay": True, "activate": True}]})
    game = games.load("skytopia", components=write(tmp_path, data))
    s = scenario(game.start(players=2, seed=2), seat=0, ability="T3A",
                 market={"r1": "RED-13", "b1": "BLU-05", "b2": "BLU-03"}, dice={"b1": [(0, 3)]})
    play(s, f"place r1:{value_at(s, 5)}", "use", f"move b1:{value_at(s, 3)} b2", "use")
    assert s.prestige[0] == 2                        # BLU-03 activated by the move
    s = scenario(game.start(players=2, seed=2), seat=0, ability="T3A",
                 market={"r1": "RED-14", "b1": "BLU-05"})
    play(s, f"place r1:{value_at(s, 5)}", "use", "put b1", "use")
    assert s.coins[0] == 5 - 4 and s.prestige[0] == 3  # paid the distance-2 cost, then activated
    assert s.dice[0] == (value_at(s, 2),)


def test_use_is_offered_exactly_when_the_costs_can_be_met(tmp_path: Path) -> None:
    """Gains before a payment count toward it, and a paid placement after a payment must
    still be affordable: 'use' never leads to paying for nothing."""
    data = raw()
    add_cards(data,
        {"id": "GLD-13", "colour": "gold", "crest": "A",
         "effect": [{"op": "gain", "res": "coins", "n": 2}, {"op": "pay", "n": 2},
                    {"op": "gain", "res": "pp", "n": 3}]},
        {"id": "RED-13", "colour": "red", "crest": "A",
         "effect": [{"op": "pay", "n": 2},
                    {"op": "place_from_board", "distance": 2, "pay": True}]})
    game = games.load("skytopia", components=write(tmp_path, data))
    s = scenario(game.start(players=2, seed=3), seat=0, ability="T3A",
                 market={"g1": "GLD-13"}, coins=[0, 5])
    play(s, f"place g1:{value_at(s, 5)}", "use")
    assert (s.coins[0], s.prestige[0]) == (0, 3)
    s = scenario(game.start(players=2, seed=3), seat=0, ability="T3A",
                 market={"r1": "RED-13"}, coins=[5, 5])
    play(s, f"place r1:{value_at(s, 5)}")
    assert s.current == 1 and s.coins[0] == 5   # 5 - 2 < 4: not offered
    s = scenario(game.start(players=2, seed=3), seat=0, ability="T3A",
                 market={"r1": "RED-13"}, coins=[6, 5])
    play(s, f"place r1:{value_at(s, 5)}", "use", "put b1")
    assert s.coins[0] == 0 and s.dice[0] == (value_at(s, 2),)


@pytest.mark.parametrize("edit,words", [
    (lambda d: d["tower_cards"].pop(), "the purple deck has 11 cards; the game has 12"),
    (lambda d: d["tower_cards"].append(dict(d["tower_cards"][0], id="BLU-13")),
     "the blue deck has 13 cards"),
    (lambda d: d.pop("provisional"), "'provisional': Field required"),
    (lambda d: d["foundations"]["gold"].pop("crest"), "'foundations.gold', field 'crest'"),
])
def test_wrong_card_counts_and_missing_fields_are_refused_in_one_line(
        tmp_path: Path, edit, words: str) -> None:  # noqa: ANN001
    data = raw()
    edit(data)
    with pytest.raises(InvalidOptions) as info:
        games.load("skytopia", components=write(tmp_path, data))
    assert words in str(info.value) and "\n" not in str(info.value)


def test_special_files_are_refused_in_one_line(tmp_path: Path) -> None:
    for path, words in (("/dev/zero", "not a regular file"), (str(tmp_path), "directory")):
        with pytest.raises(InvalidOptions) as info:
            games.load("skytopia", components=path)
        assert words in str(info.value) and "\n" not in str(info.value)
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]")
    with pytest.raises(InvalidOptions, match="expected a table of records"):
        games.load("skytopia", components=str(listed))


def test_a_record_keeps_the_component_data_and_replays_without_the_file(
        tmp_path: Path) -> None:
    import random

    from towerplay.core.record import Record

    data = raw()
    data["chronometer"]["cost_by_distance"] = [5, 3, 2, 1, 0]
    path = tmp_path / "mine.toml"
    path.write_text(DEFAULT_PATH.read_text().replace("[6, 4, 2, 1, 0]", "[5, 3, 2, 1, 0]"))
    game = games.load("skytopia", components=str(path))
    assert game.options_dict()["components"]["chronometer"]["cost_by_distance"] == [5, 3, 2,
                                                                                    1, 0]
    s = game.start(players=2, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    text = json.dumps(Record.from_state(s, seats=["random", "random"]).to_json())
    path.unlink()
    again = Record.from_json(json.loads(text)).replay()
    assert again.to_json() == s.to_json() and again.game.comp.cost[1] == 5
    # older records stored "" for the shipped file
    assert games.load("skytopia", components="").comp is load_components()
