"""Every effect kind of the effect language, on the Market (placing) and in the city."""
from __future__ import annotations

from tests.games.skytopia.helpers import (
    add_cards,
    card,
    legal,
    play,
    scenario,
    slot,
    start,
    value_at,
)


def placed(market: dict, dice: dict | None = None, coins=None, target: str = "b1",
           seed: int = 20):  # noqa: ANN001, ANN201
    """Seat 0 to move in Phase 2; it places a free golem on ``target``."""
    s = scenario(start(2, seed=seed), seat=0, market=market, dice=dice or {}, coins=coins,
                 ability="T3A")
    play(s, f"place {target}:{value_at(s, 5)}")
    return s


def test_gain_and_skip() -> None:
    s = placed({"b1": "BLU-05"})
    assert legal(s) == ["use", "skip"]
    play(s, "use")
    assert s.prestige[0] == 3 and s.current == 1
    s = placed({"b1": "BLU-05"})
    play(s, "skip")
    assert s.prestige[0] == 0


def test_gain_per_golem_on_board() -> None:
    s = placed({"b1": "BLU-10"})
    play(s, "use")
    assert s.prestige[0] == 4  # 5 golems, one just placed


def test_others_gain() -> None:
    s = placed({"b1": "BLU-08"})
    play(s, "use")
    assert s.prestige == [3, 0] and s.coins == [5, 6]


def test_pay_is_a_cost() -> None:
    s = placed({"b1": "BLU-06"}, coins=[0, 5])
    assert s.current == 1 and s.prestige[0] == 0  # cannot pay: the effect is not offered
    s = placed({"b1": "BLU-06"})
    play(s, "use")
    assert s.coins[0] == 4 and s.prestige[0] == 2


def test_recall_never_touches_the_golems_on_its_own_card() -> None:
    s = placed({"g1": "GLD-09", "b1": "BLU-01"}, dice={"b1": [(0, 3)]}, target="g1")
    play(s, "use")
    v = value_at(s, 3)
    assert legal(s) == [f"recall b1:{v}"]
    play(s, f"recall b1:{v}")
    assert s.coins[0] == 8 and s.board[0] == 4 and not s.dice[slot("b1")]
    s = placed({"g1": "GLD-09"}, target="g1")
    assert s.current == 1  # only the golem on this card: nothing to recall, no 'use'


def test_turn_up_to_two_steps() -> None:
    s = placed({"r1": "RED-01"}, dice={"b1": [(0, 4), (1, 3)], "b2": [(0, 2)]}, target="r1")
    play(s, "use")
    assert legal(s) == [f"turn b1:{value_at(s, 4)} 2", f"turn b2:{value_at(s, 2)} 1"]
    play(s, f"turn b1:{value_at(s, 4)} 2")
    assert set(s.dice[slot("b1")]) == {value_at(s, 2), 8 + value_at(s, 3)}


def test_turn_each_golem_one_step() -> None:
    s = placed({"r1": "RED-02"}, dice={"b1": [(0, 3)], "g1": [(0, 4)]}, target="r1")
    play(s, "use")
    assert legal(s) == [f"turn b1:{value_at(s, 3)} 1", f"turn g1:{value_at(s, 4)} 1", "done"]
    play(s, f"turn b1:{value_at(s, 3)} 1")
    assert legal(s) == [f"turn g1:{value_at(s, 4)} 1", "done"]  # each golem once
    play(s, f"turn g1:{value_at(s, 4)} 1")
    assert s.current == 1
    assert s.dice[slot("b1")] == (value_at(s, 2),) and s.dice[slot("g1")] == (value_at(s, 3),)


def test_move_keeps_the_value_and_does_not_activate() -> None:
    s = placed({"r1": "RED-03", "g2": "GLD-05"}, dice={"b1": [(0, 3)], "g1": [(1, 3)]},
               target="r1")
    play(s, "use")
    v = value_at(s, 3)
    options = legal(s)
    assert f"move b1:{v} g2" in options
    assert f"move b1:{v} g1" not in options           # that value is taken there
    assert not any(o.startswith("move r1") for o in options)  # not the card's own golem
    coins = s.coins[0]
    play(s, f"move b1:{v} g2")
    assert s.dice[slot("g2")] == (v,) and not s.dice[slot("b1")]
    assert s.coins[0] == coins  # GLD-05 was not activated


def test_place_from_board_at_the_one_coin_value() -> None:
    s = placed({"r1": "RED-04", "g2": "GLD-05"}, target="r1")
    play(s, "use")
    assert "put g2" in legal(s) and "put r1" not in legal(s)
    play(s, "put g2")
    assert s.dice[slot("g2")] == (value_at(s, 4),)   # cost 1 on the Chronometer
    assert s.coins[0] == 5 and s.board[0] == 3        # free, and not activated


def test_take_an_unoccupied_card_without_activation() -> None:
    s = placed({"p1": "PUR-01", "b1": "BLU-05"}, dice={"b1": [(0, 3)], "g1": [(1, 2)]},
               target="p1")
    play(s, "use", f"recall b1:{value_at(s, 3)}")
    options = legal(s)
    assert "take b1" in options and "take g1" not in options and "take p1" not in options
    play(s, "take b1")
    assert s.towers[0] == (card(s, "BLU-05"),) and s.prestige[0] == 0
    assert s.market[slot("b1")] >= 0  # refilled in Phase 3


def test_take_adds_to_a_pending_tower_which_then_activates_every_card() -> None:
    s = scenario(start(2, seed=21), seat=0,
                 market={"p1": "PUR-01", "b1": "BLU-01", "b2": "BLU-03", "g1": "GLD-01"},
                 dice={"p1": [(0, 0)], "b1": [(0, 0)], "g1": [(0, 3)]})
    play(s, "tower purple", "skip", "use", f"recall g1:{value_at(s, 3)}", "take b2")
    assert s.towers[0] == (card(s, "BLU-01"), card(s, "BLU-03"))
    seen = []
    while s.current == 0 and s.view(0)["pending"]:
        seen.append(s.view(0)["pending"]["effect"].split()[0])
        play(s, "use")
    assert seen == ["F-blue", "BLU-01", "BLU-03"]
    assert s.prestige[0] == 1 + 1 + 2


def test_activate_top_card_or_foundation() -> None:
    s = placed({"p1": "PUR-02"}, target="p1")
    play(s, "use")
    assert legal(s) == ["top blue", "top gold", "top red", "top purple"]  # Foundations
    play(s, "top blue", "use")
    assert s.prestige[0] == 1
    s = scenario(start(2, seed=22), seat=0, market={"p1": "PUR-02"},
                 towers={(0, "blue"): ["BLU-01", "BLU-05"], (0, "purple"): ["PUR-03"]})
    play(s, f"place p1:{value_at(s, 5)}", "use")
    assert "top purple" not in legal(s)  # a Laboratory cannot be activated
    play(s, "top blue", "use")
    assert s.prestige[0] == 3


def test_activate_top_never_activates_itself() -> None:
    s = scenario(start(2, seed=23), seat=0, market={"p1": "PUR-02"},
                 dice={"p1": [(0, 0)]}, towers={(0, "blue"): ["BLU-05"]})
    play(s, "skip", "use")  # purple Foundation skipped; PUR-02 used
    assert legal(s) == ["top blue", "top gold", "top red"]


def test_activate_same_row_on_the_market() -> None:
    s = placed({"p1": "PUR-04", "b1": "BLU-05", "g1": "GLD-01", "r1": "RED-01"},
               dice={"b1": [(1, 3)]}, target="p1")
    play(s, "use")
    assert s.coins[1] == 6  # others gain 1 coin first
    assert legal(s) == ["row blue", "row gold", "row red"]  # not itself (purple)
    play(s, "row blue", "use")
    assert s.prestige[0] == 3


def test_activate_same_height_in_the_city() -> None:
    s = scenario(start(2, seed=24), seat=0, market={"p1": "PUR-04"},
                 dice={"p1": [(0, 0)]}, towers={(0, "blue"): ["BLU-05", "BLU-01"]})
    play(s, "skip", "use")  # purple Foundation, then PUR-04 (height 1)
    assert legal(s) == ["row blue"]  # BLU-05 is at height 1 too
    play(s, "row blue", "use")
    assert s.prestige[0] == 3


def test_laboratory_is_not_activated_but_its_tower_is() -> None:
    s = scenario(start(2, seed=25), seat=0, market={"p1": "PUR-03"}, dice={"p1": [(0, 0)]})
    assert s.view(0)["pending"]["effect"].startswith("F-purple")
    play(s, "use")
    assert s.coins[0] == 6 and s.view(0)["phase"] == "phase 2: assign a golem"
    assert s.tally(0)["laboratories"] == 5


def test_a_chain_never_activates_a_card_twice() -> None:
    s = scenario(start(2, seed=26), seat=0, market={"p1": "PUR-06"}, dice={"p1": [(0, 0)]},
                 towers={(0, "purple"): ["PUR-02"], (0, "blue"): ["BLU-05"]})
    play(s, "skip", "use")            # purple Foundation; PUR-02 (bottom) activates the top
    assert "top purple" in legal(s)   # the top is PUR-06
    play(s, "top purple", "use")
    assert legal(s) == ["top blue", "top gold", "top red"]  # PUR-06 is already in the chain
    play(s, "top blue", "use")
    assert s.prestige[0] == 3
    play(s, "use")                    # then PUR-06 itself, in the Tower's own order
    assert "top purple" not in legal(s)


def test_t2b_also_counts_moves() -> None:
    s = scenario(start(2, seed=27), seat=0, ability=["T1A", "T2B"],
                 market={"r1": "RED-03", "g1": "GLD-01"},
                 dice={"b1": [(0, 3)], "g1": [(1, 2)]})
    play(s, f"place r1:{value_at(s, 5)}", "use", f"move b1:{value_at(s, 3)} g1")
    assert s.coins[1] == 7


def test_gain_per_golems_on_the_market_and_cards_in_the_city(tmp_path) -> None:  # noqa: ANN001
    import json
    import tomllib

    from towerplay import games
    from towerplay.games.skytopia.components import DEFAULT_PATH

    data = tomllib.loads(DEFAULT_PATH.read_text())
    add_cards(data,
        {"id": "BLU-13", "colour": "blue", "crest": "A",
         "effect": [{"op": "gain_per", "res": "pp", "n": 2, "per": "own_golems_on_market"}]},
        {"id": "GLD-13", "colour": "gold", "crest": "A",
         "effect": [{"op": "gain_per", "res": "coins", "n": 1, "per": "cards_in_city"},
                    {"op": "others_gain", "res": "pp", "n": 1}]})
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data))
    game = games.load("skytopia", components=str(path))
    s = scenario(game.start(players=2, seed=28), seat=0, ability="T3A",
                 market={"b1": "BLU-13", "g1": "GLD-13"}, dice={"r1": [(0, 3)]},
                 towers={(0, "red"): ["RED-01", "RED-02"], (0, "purple"): ["PUR-03"]})
    play(s, f"place b1:{value_at(s, 5)}", "use")
    assert s.prestige[0] == 2 * 2                   # two golems on the Market, the new one too
    s = scenario(game.start(players=2, seed=28), seat=0, ability="T3A",
                 market={"g1": "GLD-13"},
                 towers={(0, "red"): ["RED-01", "RED-02"], (0, "purple"): ["PUR-03"]})
    play(s, f"place g1:{value_at(s, 5)}", "use")
    assert s.coins[0] == 5 + 3 and s.prestige == [0, 1]   # 3 Tower cards (no Foundations)


def test_a_chained_card_may_turn_the_golem_on_the_card_that_activated_it() -> None:
    """Only the golems on the card whose effect it is are protected: a purple "same row"
    card activating a red "turn a golem" card lets the red effect turn the golem just placed
    on the purple card, never the golems on the red card itself."""
    s = placed({"p1": "PUR-04", "r1": "RED-01"}, dice={"r1": [(0, 3)]}, target="p1")
    play(s, "use", "row red", "use")
    v = value_at(s, 5)
    assert legal(s) == [f"turn p1:{v} 1", f"turn p1:{v} 2"]   # r1's own golem: protected
    play(s, f"turn p1:{v} 2")
    assert s.dice[slot("p1")] == (value_at(s, 3),)


def test_a_card_activated_by_a_move_may_recall_from_the_card_the_effect_came_from() -> None:
    """A red "move and activate" card moves a golem onto a gold "recall" card: the recall
    may take back the golem on the red card (only the gold card's own golems are safe)."""
    import json
    import tomllib
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from towerplay import games
    from towerplay.games.skytopia.components import DEFAULT_PATH

    data = tomllib.loads(DEFAULT_PATH.read_text())
    add_cards(data, {"id": "RED-13", "colour": "red", "crest": "A",
                     "effect": [{"op": "move_own_golem", "activate": True}]})
    with TemporaryDirectory() as folder:
        path = Path(folder) / "c.json"
        path.write_text(json.dumps(data))
        game = games.load("skytopia", components=str(path))
    s = scenario(game.start(players=2, seed=29), seat=0, ability="T3A",
                 market={"r1": "RED-13", "g1": "GLD-09"}, dice={"b1": [(0, 3)]})
    free, v = value_at(s, 5), value_at(s, 3)
    play(s, f"place r1:{free}", "use", f"move b1:{v} g1", "use")
    assert legal(s) == [f"recall r1:{free}"]          # not the golem just moved onto g1
