"""Every Ability tile, on both sides, at its timing."""
from __future__ import annotations

from tests.games.skytopia.helpers import legal, play, scenario, start, value_at


def test_t1a_three_coins_when_you_have_none() -> None:
    s = scenario(start(2, seed=30), seat=0, coins=[0, 5], ability="T1A")
    assert s.view(0)["pending"]["effect"].startswith("ability T1A")
    play(s, "use")
    assert s.coins[0] == 3 and s.view(0)["phase"] == "phase 2: assign a golem"
    s = scenario(start(2, seed=30), seat=0, coins=[1, 5], ability="T1A")
    assert s.view(0)["pending"] is None


def test_t1b_point_when_a_golem_comes_home_by_others_or_by_an_effect() -> None:
    s = scenario(start(2, seed=31), seat=0, market={"b1": "BLU-01"},
                 dice={"b1": [(0, 0), (1, 2)]}, ability="T1B")
    assert s.prestige[1] == 1 and s.coins[1] == 8   # compensation and the ability
    assert s.prestige[0] == 0                       # your own completion does not count
    s = scenario(start(2, seed=31), seat=0, market={"g1": "GLD-09"},
                 dice={"b1": [(0, 3)]}, ability="T1B")
    play(s, f"place g1:{value_at(s, 5)}", "use", f"recall b1:{value_at(s, 3)}")
    assert s.prestige[0] == 1                       # a card effect, even your own


def test_t1b_forced_take_back_does_not_count() -> None:
    s = scenario(start(2, seed=32), seat=0, ability="T1B",
                 dice={n: [(0, 3)] for n in ("b1", "b2", "g1", "g2", "r1")})
    play(s, f"back b1:{value_at(s, 3)}")
    assert s.prestige[0] == 0


def test_t2a_three_cards_with_the_same_crest() -> None:
    s = scenario(start(2, seed=33), seat=0, ability="T2A",
                 market={"b1": "BLU-01", "g1": "GLD-01", "r1": "RED-01"},
                 dice={"b1": [(0, 3)], "g1": [(0, 3)]})
    play(s, f"place r1:{value_at(s, 5)}")   # crest A on three cards
    play(s, "skip")                          # RED-01's own effect
    assert s.view(0)["pending"]["effect"].startswith("ability T2A")
    play(s, "use")
    assert s.prestige[0] == 1


def test_t2b_coins_when_another_player_joins_your_card() -> None:
    s = scenario(start(2, seed=34), seat=1, ability="T2B", market={"b1": "BLU-01"},
                 dice={"b1": [(0, 3)]})
    play(s, f"place b1:{value_at(s, 5)}")
    assert s.coins[0] == 7


def test_t3a_two_cards_added_this_turn() -> None:
    s = scenario(start(2, seed=35), seat=0, ability="T3A",
                 market={"b1": "BLU-01", "g1": "GLD-01"},
                 dice={"b1": [(0, 0)], "g1": [(0, 0)]})
    play(s, "tower blue", "skip", "skip")
    play(s, "skip", "skip")  # gold Tower
    assert s.view(0)["pending"]["effect"].startswith("ability T3A")
    play(s, "use")
    assert s.prestige[0] == 1


def test_t3b_five_coins_when_all_golems_are_home() -> None:
    s = scenario(start(2, seed=36), seat=0, ability="T3B")
    play(s, "use")
    assert s.coins[0] == 10
    s = scenario(start(2, seed=36), seat=0, ability="T3B", dice={"b1": [(0, 3)]})
    assert s.view(0)["pending"] is None


def test_t4a_point_when_paying_six() -> None:
    s = scenario(start(2, seed=37), seat=0, ability="T4A", market={"b1": "BLU-06"},
                 coins=[8, 5])
    play(s, f"place b1:{value_at(s, 1)}", "skip")
    assert s.view(0)["pending"]["effect"].startswith("ability T4A")
    play(s, "use")
    assert s.prestige[0] == 1 and s.coins[0] == 2


def test_t4b_pay_one_coin_to_turn_a_golem() -> None:
    s = scenario(start(2, seed=38), seat=0, ability="T4B", dice={"b1": [(0, 3)]})
    assert legal(s) == ["use", "skip"]
    play(s, "use")
    assert s.coins[0] == 4
    play(s, f"turn b1:{value_at(s, 3)} 1")
    assert s.dice[2 * 0] == (value_at(s, 2),)
    s = scenario(start(2, seed=38), seat=0, ability="T4B")
    assert s.view(0)["pending"] is None       # no golem to turn: not offered
