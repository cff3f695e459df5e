"""Skytopia core rules: setup, the Chronometer, rounds, completion, activation, Phase 2/3,
the end of the game, final scoring and tie-breaks — with the rulebook's worked examples."""
from __future__ import annotations

import random

import pytest

from towerplay.core import IllegalAction
from towerplay.games.skytopia.state import PH_OVER, PH_PLACE

from tests.games.skytopia.helpers import card, legal, play, scenario, slot, start, value_at


# ----------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    s = start(players, seed=11)
    assert s.round == 1 and s.to_move == s.first and s.phase == PH_PLACE
    assert s.coins == [5] * players and s.prestige == [0] * players  # setup golems do not activate
    for colour in range(4):  # Market: as many cards per column as players
        column = [s.market[colour * 4 + row] for row in range(4)]
        assert sum(k >= 0 for k in column) == players
    everywhere = [k for k in s.market if k >= 0] + [k for d in s.decks for k in d]
    assert len(everywhere) == len(set(everywhere))
    if players == 2:  # the 3+ cards are back in the box
        assert len(everywhere) == 36
        assert all(s.comp.cards[k].min_players == 2 for k in everywhere)
    else:
        assert len(everywhere) == 48
    assert len(s.guilds) == 3 and [s.comp.guilds[g].stack for g in s.guilds] == [1, 2, 3]
    assert len(set(s.tile)) == players


def test_maciek_setup_golem_goes_on_row_1_of_his_tile_colour() -> None:
    """Maciek has the gold Ability tile: his golem goes on the first gold card, showing 5."""
    for seed in range(40):
        s = start(3, seed=seed)
        gold_tile = [t for t, (ident, colour) in enumerate(s.comp.tiles) if colour == 1][0]
        if gold_tile in s.tile:
            break
    maciek = s.tile.index(gold_tile)
    assert maciek * 8 + 5 in s.dice[slot("g1")]
    assert s.distance(5) == 5            # the setup value sits at the free-build position
    for p in range(3):
        assert s.board[p] == 4
        colour = s.comp.tiles[s.tile[p]][1]
        assert [d >> 3 for d in s.dice[colour * 4]] == [p]


# ----------------------------------------------------------------------------- Chronometer
def test_costs_and_forbidden_values() -> None:
    s = start(2, seed=1)
    assert s.comp.dial[s.build] == 6  # the build value
    costs = {v: s.comp.cost[s.distance(v)] for v in range(1, 6)}
    assert costs == {1: 6, 2: 4, 3: 2, 4: 1, 5: 0}
    options = legal(s)
    empty = next(name for name in ("b2", "r2", "p2", "g2")
                 if not s.dice[slot(name)])
    # 5 coins: 6 is at the build symbol, 1 costs 6 coins
    assert {o for o in options if o.startswith(f"place {empty}:")} == {
        f"place {empty}:{v}" for v in (2, 3, 4, 5)}
    # a value already on the card is forbidden
    occupied = next(name for name in ("b1", "g1", "r1", "p1") if s.dice[slot(name)])
    assert f"place {occupied}:5" not in options
    with pytest.raises(IllegalAction):
        s.apply(f"place {empty}:6")
    seat = s.to_move
    assert seat is not None
    s.apply(f"place {empty}:2")
    assert s.coins[seat] == 1


def test_one_step_per_round_and_the_marker_passes_counter_clockwise() -> None:
    s = start(3, seed=4)
    rng = random.Random(0)
    turns: list[tuple[int, int, int]] = []  # (round, seat, build index)
    while s.round <= 3:
        key = (s.round, s.current, s.build)
        if not turns or turns[-1] != key:
            turns.append(key)
        s.apply(rng.choice(s.legal_actions()))
    by_round = {r: [seat for rr, seat, _ in turns if rr == r] for r in (1, 2, 3)}
    first = by_round[1][0]
    assert by_round[1] == [first, (first + 1) % 3, (first + 2) % 3]   # clockwise
    assert by_round[2][0] == (first - 1) % 3 == by_round[1][-1]       # plays twice in a row
    assert by_round[3][0] == (first - 2) % 3
    builds = {r: {b for rr, _, b in turns if rr == r} for r in (1, 2, 3)}
    assert all(len(b) == 1 for b in builds.values())
    assert builds[2] == {(next(iter(builds[1])) + 1) % 6}


def test_setup_golems_complete_in_round_6() -> None:
    s = start(2, seed=2)
    setup_cards = {p: s.market[s.comp.tiles[s.tile[p]][1] * 4] for p in range(2)}
    setup_slots = {s.comp.tiles[s.tile[p]][1] * 4 for p in range(2)}
    while s.round < 6 or (s.round == 6 and s.turn_index == 0 and s.phase < 6):
        options = legal(s)
        if "skip" in options:
            s.apply("skip")
            continue
        free = [o for o in options if o.startswith(("place", "back"))
                and slot(o[5:7] if o[0] == "b" else o[6:8]) not in setup_slots
                and (o[0] == "b" or int(o[-1]) == value_at(s, 5))]
        s.apply(free[0] if free else options[0])
        assert all(k in s.market for k in setup_cards.values()) or s.round == 6
    # round 6: every player's setup card has been completed (in their own Phase 1)
    while s.round == 6:
        s.apply("skip" if "skip" in legal(s) else legal(s)[0])
    for p, k in setup_cards.items():
        assert k in s.towers[p * 4 + s.comp.cards[k].colour]


# ----------------------------------------------------------------------------- Phase 1
def test_magda_three_completed_cards_and_the_activation_order() -> None:
    """Magda completes 2 blue cards and 1 red card; she activates the blue Tower first
    (Foundation, then bottom to top, skipping some), then the red Tower."""
    s = start(2, seed=3)
    s = scenario(s, seat=0, market={"b1": "BLU-01", "b2": "BLU-03", "r1": "RED-01",
                                    "g2": "GLD-01"},
                 dice={"b1": [(0, 0)], "b2": [(0, 0), (1, 3)], "r1": [(0, 0)],
                       "g2": [(0, 4)]})
    # the other player's golem on b2 comes home with 3 coins
    assert s.coins == [5, 8] and s.board == [4, 5]
    # two blue cards: Magda decides the order of stacking
    assert legal(s) == ["stack b1", "stack b2"]
    play(s, "stack b2")
    assert s.towers[0] == (card(s, "BLU-03"), card(s, "BLU-01"))
    assert s.towers[2] == (card(s, "RED-01"),)
    assert legal(s) == ["tower blue", "tower red"]
    play(s, "tower blue")
    order = []
    order.append(s.view(0)["pending"]["effect"])
    play(s, "use")                         # blue Foundation: +1 PP
    order.append(s.view(0)["pending"]["effect"])
    play(s, "skip")                        # BLU-03 (bottom): skipped
    order.append(s.view(0)["pending"]["effect"])
    play(s, "use")                         # BLU-01 (top): +1 PP
    assert [o.split()[0] for o in order] == ["F-blue", "BLU-03", "BLU-01"]
    assert s.prestige[0] == 2
    # the red Tower is next by itself: Foundation (place a golem), then RED-01
    assert s.view(0)["pending"]["effect"].startswith("F-red")
    play(s, "skip")
    assert s.view(0)["pending"]["effect"].startswith("RED-01")
    play(s, "use")
    v = value_at(s, 4)
    assert legal(s) == [f"turn g2:{v} 1", f"turn g2:{v} 2"]
    play(s, f"turn g2:{v} 2")
    assert s.dice[slot("g2")] == (value_at(s, 2),)
    assert s.phase == PH_PLACE


def test_jerzy_and_magda_on_one_card_with_compensation() -> None:
    """Jerzy places for free and activates; Magda pays 6 on the same card and activates;
    her golem completes first: she takes the card, Jerzy gets his golem and 3 coins back."""
    s = start(2, seed=5)
    jerzy, magda = 0, 1
    s = scenario(s, seat=jerzy, market={"g1": "GLD-03"}, coins=[5, 10])
    free = value_at(s, 5)
    play(s, f"place g1:{free}", "use")
    assert s.coins[jerzy] == 5 + 0 + 2
    fast = value_at(s, 1)
    assert s.current == magda
    play(s, f"place g1:{fast}", "use")
    assert s.coins[magda] == 10 - 6 + 2
    # the round ends: the dial turns, Magda (counter-clockwise) starts the next round
    assert s.round == 2 and s.current == magda
    assert s.towers[magda * 4 + 1] == (card(s, "GLD-03"),)
    assert s.coins[jerzy] == 7 + 3 and s.board[jerzy] == 5
    assert s.market[slot("g1")] == -1  # refilled only in Phase 3
    # Magda's gold Tower activates: Foundation (1 coin per golem on her board), then the card
    assert s.view(magda)["pending"]["effect"].startswith("F-gold")
    play(s, "use", "use")
    assert s.coins[magda] == 6 + 5 + 2


def test_forced_take_back_when_no_golem_is_free() -> None:
    s = start(2, seed=6)
    s = scenario(s, seat=0, dice={"b1": [(0, 2)], "b2": [(0, 3)], "g1": [(0, 4)],
                                  "g2": [(0, 5)], "r1": [(0, 1)]})
    assert s.board[0] == 0
    assert all(o.startswith("back ") for o in legal(s)) and len(legal(s)) == 5
    coins = s.coins[0]
    v = value_at(s, 2)
    play(s, f"back b1:{v}")
    assert s.coins[0] == coins and s.board[0] == 1  # no compensation
    assert f"place b1:{v}" in legal(s)               # it may return to the same card



def test_two_golems_on_one_card_are_offered_in_id_order() -> None:
    s = start(2, seed=6)
    # the higher value came first: a card keeps its golems in the order they came
    high, low = sorted((2, 3), key=lambda d: value_at(s, d), reverse=True)
    s = scenario(s, seat=0, dice={"b1": [(0, high), (0, low)], "b2": [(0, 4)],
                                  "g1": [(0, 5)], "r1": [(0, 1)]})
    ids = [s.game.action_id(a) for a in s.legal_actions()]
    assert ids == sorted(ids)
    assert legal(s)[:2] == [f"back b1:{value_at(s, low)}", f"back b1:{value_at(s, high)}"]

def test_phase_3_refills_every_empty_slot() -> None:
    s = start(2, seed=7)
    s = scenario(s, seat=0, market={"g1": "GLD-03"}, dice={"g1": [(0, 0)]})
    assert s.market[slot("g1")] == -1
    size = len(s.decks[1])
    while s.current == 0:
        s.apply("skip" if "skip" in legal(s) else legal(s)[-1])
    assert s.market[slot("g1")] >= 0 and len(s.decks[1]) == size - 1


# ----------------------------------------------------------------------------- game end
def test_end_trigger_and_the_extra_round() -> None:
    s = start(3, seed=8)
    rng = random.Random(3)
    turns = [0, 0, 0]
    trigger_round = None
    while not s.is_over:
        seat, tpos, rnd = s.current, s.turn_index, s.round
        s.apply(rng.choice(s.legal_actions()))
        if s.is_over or (s.current, s.turn_index) != (seat, tpos):
            turns[seat] += 1
        if trigger_round is None and s.last_round:
            trigger_round = rnd
            assert not all(s.decks)
            assert s.last_round == rnd + 1
    assert trigger_round is not None and s.round == trigger_round + 1
    assert turns[0] == turns[1] == turns[2] == s.round
    assert s.phase == PH_OVER and s.legal_actions() == []


def test_final_scoring_magda_72() -> None:
    s = start(2, seed=9)
    ids = [g.ident for g in s.comp.guilds]
    s.guilds = tuple(ids.index(g) for g in ("mechanics", "builders", "merchants"))
    s = scenario(s, seat=1, dice={"b2": [(0, 3)], "r2": [(0, 2)]},
                 towers={(0, "blue"): ["BLU-01"], (0, "gold"): ["GLD-01", "GLD-02", "GLD-05"],
                         (0, "purple"): ["PUR-03"]}, coins=[22, 5], pp=[45, 0])
    tally = s.tally(0)
    assert tally["guilds"] == {"mechanics": 6, "builders": 4, "merchants": 6}
    assert (tally["laboratories"], tally["coins"], tally["golems"]) == (5, 4, 2)
    assert tally["total"] == 72 and s.scores()[0] == 72


def _finished(s):  # noqa: ANN001, ANN202
    s.phase, s.to_move = PH_OVER, None
    return s


def test_tie_breaks() -> None:
    s = scenario(start(3, seed=10), seat=0)
    ids = [g.ident for g in s.comp.guilds]
    s.guilds = tuple(ids.index(g) for g in ("mechanics", "builders", "merchants"))
    s.dice = [()] * 16
    s.board = [5, 5, 5]
    _finished(s)
    s.coins, s.prestige = [7, 12, 3], [10, 9, 11]
    assert s.scores() == [18, 18, 18]  # bare cities: 3 + 1 + 3 (the gold Foundation's crest)
    assert s.winners() == [2]            # coins left after conversion: 2, 2, 3
    s.coins = [7, 12, 2]
    assert s.winners() == [0, 1, 2]      # still tied: a shared victory
    s.towers[0 * 4 + 2] = (card(s, "RED-01"),)   # one more card (and +1 Builders PP)
    s.prestige[0] -= 1
    assert s.scores() == [18, 18, 18]  # bare cities: 3 + 1 + 3 (the gold Foundation's crest)
    assert s.winners() == [1, 2]         # fewer Tower cards wins first


@pytest.mark.parametrize("rule,winner", [("total", 1), ("mod5", 0)])
def test_tie_break_coin_rule_option(rule: str, winner: int) -> None:
    s = scenario(start(2, seed=12, tiebreak_coins=rule), seat=0, coins=[4, 5], pp=[10, 9])
    s.dice = [()] * 16
    s.board = [5, 5]
    _finished(s)
    assert s.scores()[0] == s.scores()[1]
    assert s.winners() == [winner]     # 4 coins (4 left after conversion) vs 5 (0 left)


def test_the_build_value_is_forbidden_however_rich_you_are() -> None:
    """The ✱ value may never be chosen (seed, Phase 2: 'Nie możesz wybrać wartości
    odpowiadającej wartości ✱'), not even by a player who could pay any cost."""
    s = scenario(start(2, seed=13), seat=0, coins=[500, 5], ability="T3A")
    build = s.comp.dial[s.build]
    assert not [o for o in legal(s) if o.endswith(f":{build}")]
    with pytest.raises(IllegalAction):
        s.apply(f"place b1:{build}")
    assert s.coins[0] == 500


def test_maciek_completes_a_card_magda_and_lukasz_get_3_coins_each() -> None:
    """Seed, Phase 1 example: Maciek's golem shows the ✱ value; he takes the card and his
    golem comes home without coins; Magda and Łukasz, also on that card, take their golems
    back and get 3 coins each from the Bank."""
    maciek, magda, lukasz = 0, 1, 2
    s = scenario(start(3, seed=14), seat=maciek, market={"b1": "BLU-05"},
                 dice={"b1": [(maciek, 0), (magda, 2), (lukasz, 4)], "g1": [(magda, 3)]},
                 coins=[5, 5, 5])
    assert s.towers[maciek * 4] == (card(s, "BLU-05"),)
    assert s.board == [5, 4, 5] and s.coins == [5, 8, 8]
    assert not s.dice[slot("b1")] and s.dice[slot("g1")] == (magda * 8 + value_at(s, 3),)


def test_every_guild_scoring_kind() -> None:
    """Foundations count as a card of their Tower (seed: 'wliczając Fundamenty')."""
    from towerplay.games.skytopia.scoring import guild_points

    c = start(2, seed=15).comp
    guild = {g.ident: g for g in c.guilds}
    cards, crests = (2, 0, 3, 1), (2, 0, 3, 1)   # heights with Foundations: 3, 1, 4, 2
    expected = {"mechanics": 3, "alchemists": 6, "navigators": 9, "jewellers": 3,
                "builders": 4, "masons": 2, "architects": 6, "engineers": 3,
                "merchants": 0, "heralds": 6, "armourers": 9, "mystics": 3}
    assert {ident: guild_points(g, cards, crests) for ident, g in guild.items()} == expected
    in_tower = guild["builders"]._replace(kind="cards_in_tower", tower=2, pp=2)
    assert guild_points(in_tower, cards, crests) == 8
    assert guild_points(guild["builders"]._replace(include_foundations=False), cards,
                        crests) == 3


def test_foundations_carry_a_crest_that_the_merchants_count() -> None:
    """Spec A11: the Merchants' tile scores the kinds of crests in the gold Tower "including
    Foundations", so the gold Foundation's crest counts: two gold cards of one crest make
    two kinds with the Foundation's (which crest a Foundation shows is provisional data)."""
    s = scenario(start(2, seed=16), seat=0,
                 towers={(0, "gold"): ["GLD-01", "GLD-05"]})   # both crest A
    ids = [g.ident for g in s.comp.guilds]
    s.guilds = tuple(ids.index(g) for g in ("mechanics", "builders", "merchants"))
    foundation = s.comp.cards[s.comp.foundation(1)]
    assert foundation.crest >= 0 and s.comp.crests[foundation.crest] != "A"
    assert s.tally(0)["guilds"]["merchants"] == 2 * 3
    assert s.tally(1)["guilds"]["merchants"] == 1 * 3   # a bare Foundation: its crest


def test_a_market_larger_than_the_player_count_is_refused() -> None:
    from towerplay.core import InvalidOptions

    game = games_load(market_size=3)
    assert game.start(players=4, seed=1).rows == 3      # the harder 4-player game
    assert game.start(players=3, seed=1).rows == 3
    with pytest.raises(InvalidOptions, match="market_size' is 3, more than the 2 players"):
        game.start(players=2, seed=1)


def games_load(**options):  # noqa: ANN003, ANN201
    from towerplay import games

    return games.load("skytopia", **options)
