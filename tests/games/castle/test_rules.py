"""Budowa Zamku rules: every rulebook example, building, returning, removal, the Wizard,
the end conditions, the stall guard, winners and tie-breaks of both variants."""
from __future__ import annotations

import pytest

from towerplay import games
from towerplay.core import IllegalAction, InvalidOptions
from towerplay.games.castle.cards import (
    BUILD,
    REMOVE,
    RETURN,
    REVEAL,
    WIZARD,
    Act,
    default_characters,
    parse_position,
)
from towerplay.games.castle.scoring import base_winners, points, points_breakdown, variant_winners

from tests.games.castle.positions import position, where


def legal_text(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


# ----------------------------------------------------------------- setup
def test_setup_lays_45_cards_face_down_and_gives_start_tiles() -> None:
    state = games.load("castle").start(players=4, seed=11)
    assert sorted(state.grid) == list(range(2, 47))
    assert state.castles == [[1], [1], [1], [1]]
    assert state.pending == -1
    assert legal_text(state) == [f"reveal {r}{c}" for r in "abcde" for c in range(1, 10)]
    view = state.view(0)
    assert set(view["table"].values()) == {"?"} and len(view["table"]) == 45


def test_the_deal_follows_the_seed() -> None:
    game = games.load("castle")
    assert game.start(2, seed=5).grid == game.start(2, seed=5).grid
    assert game.start(2, seed=5).grid != game.start(2, seed=6).grid


# ----------------------------------------------------------------- rulebook examples
def test_zosia_cannot_build_33_on_41() -> None:
    """Rulebook: Zosia reveals 33; her last card is 41, so she cannot add it."""
    state = position([[1, 20, 41], [1, 10]], {"b3": 33}, memory="open")
    state.apply("reveal b3")
    assert state.castles[0] == [1, 20, 41]
    # no choice left: the card went back, face down in the same place, and is known
    assert state.grid[parse_position("b3")] == 33 and state.known[parse_position("b3")] == 33
    assert state.pending == -1 and state.to_move == 1
    assert state.view(1)["table"]["b3"] == 33
    assert state.log(None)[-1] == "0: reveal b3: 33 → returned"


def test_33_on_41_build_is_refused_while_deciding() -> None:
    """With the Wizard in hand the card waits for a decision, but 'build' stays illegal."""
    state = position([[1, 20, 26, 41], [1, 10]], {"b3": 33}, variant="characters")
    state.apply("reveal b3")
    assert legal_text(state) == ["wizard 26", "return"]
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply("build")
    assert state.castles[0] == [1, 20, 26, 41]


def test_michal_builds_32_on_30() -> None:
    """Rulebook: Michał reveals 32 with 30 as his last card and may add it."""
    state = position([[1, 5], [1, 12, 30]], {"c4": 32}, to_move=1)
    state.apply("reveal c4")
    assert legal_text(state) == ["build", "return"]
    state.apply("build")
    assert state.castles[1] == [1, 12, 30, 32]
    assert "c4" not in state.view(0)["table"] and state.to_move == 0


def test_michal_may_also_put_32_back() -> None:
    state = position([[1, 5], [1, 12, 30]], {"c4": 32}, to_move=1)
    state.apply("reveal c4")
    state.apply("return")
    assert state.castles[1] == [1, 12, 30]
    assert state.grid[parse_position("c4")] == 32 and state.known[parse_position("c4")] == 32
    assert state.to_move == 0 and REVEAL[parse_position("c4")] in state.legal_actions()


def test_zosia_17_is_removed_when_lower_than_every_last_card() -> None:
    """Rulebook: 17 is lower than every castle's last card: to the box, turn over."""
    state = position([[1, 20], [1, 25], [1, 30]], {"a1": 17}, memory="open")
    state.apply("reveal a1")
    assert state.removed == [17] and "a1" not in state.view(0)["table"]
    assert state.to_move == 1 and all(17 not in c for c in state.castles)
    assert state.view(2)["removed"] == [17]
    assert state.log(1)[-1] == "0: reveal a1: 17 → removed"


def test_no_removal_while_someone_has_a_bare_start_tile() -> None:
    state = position([[1, 20], [1]], {"a1": 17})
    state.apply("reveal a1")
    assert state.removed == [] and state.known[0] == 17  # put back: seat 0 cannot use it


def test_wizard_places_23_between_17_and_26() -> None:
    """Rulebook: Zosia added the Wizard (26) last turn; now she inserts 23 after 17."""
    state = position([[1, 9, 17], [1, 5]],
                     {"a1": 26, "a2": 23, "a3": 20, "a4": 2, "a5": 3},
                     variant="characters")
    state.apply("reveal a1")
    assert legal_text(state) == ["build", "return"]
    state.apply("build")
    assert state.castles[0] == [1, 9, 17, 26]
    state.apply("reveal a4")  # Michał: 2 is below 5 and 26, removed
    assert state.removed == [2] and state.to_move == 0
    state.apply("reveal a2")
    assert legal_text(state) == ["wizard 17", "return"]
    state.apply("wizard 17")
    assert state.castles[0] == [1, 9, 17, 23, 26]
    assert state.wizard_used == [True, False]
    assert state.view(1)["wizard_used"] == [True, False]
    assert state.log(None)[-1] == "0: wizard 17"
    state.apply("reveal a5")
    # once per game: 20 fits between 17 and 23, but the Wizard is spent
    state.apply("reveal a3")
    assert state.pending == -1 and state.known[parse_position("a3")] == 20
    assert state.castles[0] == [1, 9, 17, 23, 26]


def test_wizard_is_an_ordinary_card_in_the_base_game() -> None:
    state = position([[1, 9, 17, 26], [1, 5]], {"a2": 23})
    state.apply("reveal a2")
    assert state.pending == -1 and state.castles[0] == [1, 9, 17, 26]


def test_wizard_before_the_removal_check() -> None:
    state = position([[1, 9, 17, 26], [1, 30]], {"a2": 23}, variant="characters")
    state.apply("reveal a2")
    assert legal_text(state) == ["wizard 17", "remove"]
    with pytest.raises(IllegalAction):
        state.apply("return")
    state.apply("remove")
    assert state.removed == [23] and state.wizard_used == [False, False]


def test_wizard_gap_after_the_start_tile_is_an_option_and_off_by_default() -> None:
    """Seed: the Wizard puts a card "between two other cards added earlier to the castle";
    the start tile is a tile laid out at setup, not an added card, so by default its gap
    does not count. The option ``wizard_tile_gap`` allows it."""
    assert games.load("castle").options.wizard_tile_gap is False
    on = position([[1, 26], [1, 3]], {"a2": 5}, variant="characters", wizard_tile_gap=True)
    on.apply("reveal a2")
    assert legal_text(on) == ["wizard 1", "return"]
    on.apply("wizard 1")
    assert on.castles[0] == [1, 5, 26]
    off = position([[1, 26], [1, 3]], {"a2": 5}, variant="characters")
    off.apply("reveal a2")
    assert off.pending == -1 and off.castles[0] == [1, 26]


def test_only_the_wizard_holder_may_insert() -> None:
    state = position([[1, 9, 21], [1, 3, 26]], {"a2": 23}, variant="characters",
                     to_move=1)
    state.apply("reveal a2")
    assert legal_text(state) == ["wizard 3", "return"]  # seat 1 holds 26
    state = position([[1, 9, 21], [1, 3, 26]], {"a2": 15}, variant="characters")
    state.apply("reveal a2")
    assert state.pending == -1 and state.removed == [15]  # seat 0 has no Wizard


# ----------------------------------------------------------------- end of the game
def test_tenth_element_ends_the_game_at_once() -> None:
    castle = [1, 3, 5, 7, 9, 11, 13, 15, 17]
    state = position([castle, [1, 2, 4, 6, 8, 10, 12, 14, 16]], {"e9": 40})
    state.apply("reveal e9")
    state.apply("build")
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    assert state.scores() == [10.0, 9.0] and state.winners() == [0]


def test_tenth_element_by_the_wizard_ends_the_game() -> None:
    castle = [1, 3, 5, 7, 9, 11, 13, 26, 40]
    state = position([castle, [1, 2]], {"e9": 20}, variant="characters")
    state.apply("reveal e9")
    state.apply("wizard 13")
    assert state.is_over and len(state.castles[0]) == 10 and state.winners() == [0]


def test_game_ends_when_no_face_down_card_is_left() -> None:
    state = position([[1, 2, 3], [1, 4]], {"a1": 44}, rest="removed")
    assert state.view(0)["face_down"] == 1
    state.apply("reveal a1")
    state.apply("build")
    assert state.is_over and state.winners() == [0]


def test_last_card_removed_ends_the_game() -> None:
    state = position([[1, 20], [1, 30]], {"a1": 5}, rest="removed")
    state.apply("reveal a1")
    assert state.is_over and state.removed[-1] == 5
    assert state.winners() == [1]  # 2 elements each: the highest card (30) wins


def test_stall_guard_ends_a_game_of_put_backs() -> None:
    """Every player keeps putting cards back: the game stops after players × face-down
    turns without a card built or removed."""
    state = position([[1, 10], [1, 20]], {"a1": 30, "a2": 31, "a3": 32}, rest="removed")
    turns = 0
    while not state.is_over:
        state.apply(f"reveal a{turns % 3 + 1}")
        state.apply("return")
        turns += 1
    assert turns == 2 * 3 and state.idle == 6
    assert state.winners() == [1]


def test_stall_guard_counter_resets_on_progress() -> None:
    state = position([[1, 10], [1, 20]], {"a1": 30, "a2": 31, "a3": 5}, rest="removed")
    state.apply("reveal a1")
    state.apply("return")
    assert state.idle == 1
    state.apply("reveal a3")  # 5 is lower than 10 and 20: removed
    assert state.idle == 0 and not state.is_over
    assert state.view(0)["stall_limit"] == 2 * 2


def test_max_turns_is_a_hard_cap() -> None:
    state = games.load("castle", max_turns=3).start(players=2, seed=4)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(RETURN if RETURN in legal else (REMOVE if REMOVE in legal else legal[0]))
    assert len(state.reveals) == 3
    with pytest.raises(InvalidOptions, match="max_turns"):
        games.load("castle", max_turns=0)


# ----------------------------------------------------------------- winners
def test_base_winner_most_elements_then_highest_card_then_draw() -> None:
    assert base_winners([[1, 2, 3, 4], [1, 40, 46]]) == [0]
    assert base_winners([[1, 2, 45], [1, 30, 46]]) == [1]
    assert base_winners([[1], [1], [1]]) == [0, 1, 2]
    assert base_winners([[1], [1, 2]]) == [1]


def test_variant_points_follow_the_rulebook() -> None:
    deck = default_characters()
    # 5 knight, 8 princess, 35 knight+princess, 44 king, 42 queen
    parts = points_breakdown([1, 5, 8, 35, 42, 44], deck)
    assert parts == {"cards": 5, "king": 3, "queen": 3, "knights": 2, "princesses": 2,
                     "pairs": 2, "total": 17}
    assert points([1, 5, 12, 19], deck) == 3 + 3 + 0  # three knights, no princess
    assert points([1, 2, 3], deck) == 2


def test_variant_tie_break_king_queen_wizard_draw() -> None:
    deck = default_characters()
    # 4 points each
    assert variant_winners([[1, 44], [1, 42], [1, 2, 3, 4, 6]], deck) == [0]      # King
    assert variant_winners([[1, 2, 3, 4, 6], [1, 42]], deck) == [1]               # Queen
    assert variant_winners([[1, 2, 3, 26], [1, 4, 6, 7]], deck) == [0]            # Wizard
    assert variant_winners([[1, 2, 3, 4], [1, 6, 7, 9]], deck) == [0, 1]          # draw
    # the King of a player who is not tied does not count
    assert variant_winners([[1, 44, 45, 46], [1, 42], [1, 2, 26, 27, 28]], deck) == [0]
    assert variant_winners([[1, 44], [1, 42, 43], [1, 3, 4, 6, 7, 9]], deck) == [1]


def test_finished_variant_game_scores_points() -> None:
    state = position([[1, 2, 3], [1, 4]], {"a1": 44}, rest="removed", variant="characters",
                     to_move=1)
    state.apply("reveal a1")
    state.apply("build")
    assert state.is_over and state.scores() == [2.0, 5.0] and state.winners() == [1]
    assert state.view(0)["points"] == [2, 5]


# ----------------------------------------------------------------- notation and ids
def test_notation_round_trips_and_ids_are_dense() -> None:
    game = games.load("castle")
    for action_id in range(game.num_actions):
        action = game.action_from_id(action_id)
        assert game.parse_notation(str(action)) == action
        assert game.action_id(action) == action_id
    assert game.parse_notation("Reveal  C4") == Act("reveal", parse_position("c4"))
    assert game.parse_notation("wizard 17") == WIZARD[17]
    assert {game.parse_notation(t) for t in ("build", "return", "remove")} == {
        BUILD, RETURN, REMOVE}


@pytest.mark.parametrize("text", ["reveal", "reveal f1", "reveal a0", "reveal a10",
                                  "wizard", "wizard 0", "wizard 46", "wizard x", "take",
                                  "build 3", ""])
def test_garbage_names_the_notation(text: str) -> None:
    with pytest.raises(IllegalAction, match="expected 'reveal <pos>'"):
        games.load("castle").parse_notation(text)


def refusal(state, text: str) -> str:
    """The one-line reason ``text`` is refused; the state must not change."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(text)
    assert state.to_json() == before and "\n" not in str(info.value)
    assert state.check(state.game.parse_notation(text)) == str(info.value)
    return str(info.value)


def test_a_decision_before_a_reveal_says_a_turn_starts_with_reveal() -> None:
    state = position([[1, 20], [1, 25]], {"a1": 30})
    for text in ("build", "return", "wizard 20", "remove"):
        assert "no card is revealed yet: a turn starts with 'reveal <pos>'" in refusal(
            state, text)


def test_revealing_an_empty_position_says_it_is_empty() -> None:
    state = position([[1, 20], [1, 25]], {"a1": 30})
    state.apply("reveal a1")
    state.apply("build")
    assert refusal(state, "reveal a1") == (
        "'reveal a1' is not legal: a1 is empty (its card was built or removed); reveal "
        f"one of the {len(state.down)} face-down cards")


def test_a_second_reveal_in_one_turn_is_refused() -> None:
    state = position([[1, 20], [1, 25]], {"a1": 30})
    state.apply("reveal a1")
    assert refusal(state, "reveal a2") == (
        "'reveal a2' is not legal: 30 is already revealed at a1 (one card a turn); decide "
        "'build' or 'return'")


def test_building_a_lower_card_names_the_ascending_rule() -> None:
    """Rulebook: Zosia's 33 cannot go on her 41 (here she may still use the Wizard)."""
    state = position([[1, 20, 26, 41], [1, 10]], {"b3": 33}, variant="characters")
    state.apply("reveal b3")
    assert refusal(state, "build") == (
        "'build' is not legal: 33 is lower than your castle's last card 41: each card "
        "added must be higher than the one before; 'wizard 26' or 'return'")


def test_returning_a_card_lower_than_every_castle_is_refused() -> None:
    state = position([[1, 9, 17, 26], [1, 30]], {"a2": 23}, variant="characters")
    state.apply("reveal a2")
    assert "23 is lower than the last card of every castle, so it leaves the game; " \
           "'wizard 17' or 'remove'" in refusal(state, "return")


def test_removing_a_card_some_castle_could_take_is_refused() -> None:
    state = position([[1, 9, 17, 26], [1, 5]], {"a2": 23}, variant="characters")
    state.apply("reveal a2")
    assert "23 is higher than the last card of seat 2 (5)" in refusal(state, "remove")


@pytest.mark.parametrize("castle,card,options,text,reason", [
    ([1, 9, 17, 26], 30, {}, "wizard 17", "belongs to the characters variant"),
    ([1, 9, 17, 25], 30, {"variant": "characters"}, "wizard 17",
     "you have no Wizard (card 26) in your castle"),
    ([1, 9, 17, 26], 30, {"variant": "characters"}, "wizard 17",
     "30 fits at the end of your castle ('build')"),
    ([1, 9, 17, 26], 23, {"variant": "characters"}, "wizard 12", "12 is not in your castle"),
    ([1, 9, 17, 26], 23, {"variant": "characters"}, "wizard 9",
     "23 must go right after 17 (between 17 and 26)"),
])
def test_wizard_refusals_say_why(castle: list[int], card: int, options: dict, text: str,
                                 reason: str) -> None:
    state = position([castle, [1, 2]], {"a2": card}, **options)
    state.apply("reveal a2")
    assert state.pending >= 0  # the card awaits a decision
    assert reason in refusal(state, text)


def test_a_spent_wizard_says_once_per_game() -> None:
    state = position([[1, 9, 17, 23, 26], [1, 2]], {"a3": 30}, variant="characters",
                     wizard_used=[True, False])
    state.apply("reveal a3")  # 30 may be built: the card waits for a decision
    assert "you have used your Wizard already (once per game)" in refusal(state, "wizard 17")


def test_refusals_name_no_unseen_card() -> None:
    """A refusal speaks of the revealed card and the castles only."""
    state = position([[1, 20], [1, 25]], {"a1": 30, "a2": 44})
    state.apply("reveal a1")
    for text in ("reveal a2", "remove", "wizard 20"):
        assert "44" not in refusal(state, text)


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidOptions, match="variant"):
        games.load("castle", variant="kings")
    with pytest.raises(InvalidOptions, match="memory"):
        games.load("castle", memory="forgetful")


def test_where_helper() -> None:
    state = position([[1], [1]], {"e9": 7})
    assert where(state, 7) == "e9"


# ----------------------------------------------------------------- records and saved positions
@pytest.mark.parametrize("options", [{"variant": "characters", "memory": "hidden"},
                                     {"max_turns": 40, "wizard_tile_gap": True}])
def test_records_and_positions_round_trip_with_options(options: dict) -> None:
    import json

    from towerplay.arena import play_match
    from towerplay.core import Record

    game = games.load("castle", **options)
    final = play_match(game, ["greedy", "greedy:recall=0.5", "random"], seed=8)
    record = Record.loads(json.dumps(Record.from_state(final).to_json()))
    assert record.replay().to_json() == final.to_json()
    middle = record.replay(until=len(final.history) // 2)
    again = game.from_json(json.loads(json.dumps(middle.to_json())))
    assert again.to_json() == middle.to_json() and again.view(1) == middle.view(1)


def test_broken_positions_are_refused() -> None:
    from towerplay.core import BadRecord

    game = games.load("castle")
    state = game.start(players=2, seed=2)
    state.apply("reveal a1")
    good = state.to_json()
    broken = [
        {**good, "state": {**good["state"], "reveals": []}},
        {**good, "state": {**good["state"], "grid": good["state"]["grid"][:-1]}},
        {**good, "state": {**good["state"], "castles": [[1, 5, 3], [1]]}},
        {**good, "state": {**good["state"], "known": [99] * 45}},
        {**good, "state": {**good["state"], "pending": "z9"}},
    ]
    for data in broken:
        with pytest.raises(BadRecord):
            game.from_json(data)


# ----------------------------------------------------------------- more rule edges
def test_pair_rule_collected_by_default_or_pair_cards() -> None:
    """Spec B2: pairs are collected (min of knights and princesses; 35 shows both); the
    alternative flag makes 35 one pair card worth 1 point in all."""
    deck = default_characters()
    castle = [1, 5, 8, 12, 35]  # knights 5, 12; princess 8; 35 shows both
    assert points_breakdown(castle, deck) == {
        "cards": 4, "king": 0, "queen": 0, "knights": 3, "princesses": 2, "pairs": 2,
        "total": 11}
    assert points_breakdown(castle, deck, pair_cards=True) == {
        "cards": 4, "king": 0, "queen": 0, "knights": 2, "princesses": 1, "pairs": 1,
        "total": 8}
    assert points([1, 35], deck) == 4 and points([1, 35], deck, pair_cards=True) == 2
    # a knight and a princess on separate cards make no pair card
    assert points([1, 5, 8], deck, pair_cards=True) == 2 + 1 + 1


def test_pair_cards_option_changes_the_game_score() -> None:
    def final(**options: object) -> list[float]:
        state = position([[1, 5, 8, 12], [1, 20, 21, 22, 23]], {"a1": 35},
                         rest="removed", variant="characters", **options)
        state.apply("reveal a1")
        state.apply("build")
        assert state.is_over
        return state.scores()

    # seat 0: 4 cards + knights 5, 12, 35 + princesses 8, 35 + 2 pairs; seat 1: 4 + 22
    assert final() == [11.0, 5.0]
    assert final(pair_cards=True) == [8.0, 5.0]


def test_variant_winner_need_not_have_ten_elements() -> None:
    """The 10th element ends the game in the variant too, but points decide it."""
    ten = [1, 2, 3, 4, 6, 7, 9, 10, 11]  # no character: 9 cards, 9 points once 13 joins
    rich = [1, 5, 8, 35, 42, 44]  # 5 cards + king 3 + queen 3 + 2 knights, 2 princesses,
    state = position([ten, rich], {"a1": 13}, variant="characters")  # 2 pairs = 17
    state.apply("reveal a1")
    state.apply("build")
    assert state.is_over and len(state.castles[0]) == 10
    assert state.scores() == [9.0, 17.0] and state.winners() == [1]


def test_the_wizard_is_not_offered_for_a_card_that_can_go_at_the_end() -> None:
    state = position([[1, 9, 17, 26], [1, 5]], {"a2": 30}, variant="characters")
    state.apply("reveal a2")
    assert legal_text(state) == ["build", "return"]


def test_the_wizard_cannot_be_used_on_the_turn_it_is_built() -> None:
    """Seed example: the Wizard is built on one turn and used on the next; a turn holds
    one card, so after building it the turn passes."""
    state = position([[1, 9, 17], [1, 5]], {"a1": 26}, variant="characters")
    state.apply("reveal a1")
    state.apply("build")
    assert state.to_move == 1 and state.pending == -1


def test_no_tile_gap_means_a_low_card_is_removed_despite_the_wizard() -> None:
    state = position([[1, 26], [1, 30]], {"a2": 5}, variant="characters")
    state.apply("reveal a2")
    assert state.removed == [5] and state.pending == -1


def test_stall_guard_scales_with_players_and_cards_left() -> None:
    """4 players, 2 face-down cards: the game stops after 4 × 2 idle turns."""
    state = position([[1, 10], [1, 11], [1, 12], [1, 13]], {"a1": 30, "a2": 31},
                     rest="removed")
    assert state.view(0)["stall_limit"] == 8
    turns = 0
    while not state.is_over:
        state.apply(f"reveal a{turns % 2 + 1}")
        state.apply("return")
        turns += 1
    assert turns == 8 and state.winners() == [3]  # 2 elements each: 13 is highest


def test_removal_compares_with_every_castle_not_only_the_movers() -> None:
    """17 is lower than the mover's 20 but not than seat 2's 15: it goes back."""
    state = position([[1, 20], [1, 25], [1, 15]], {"a1": 17})
    state.apply("reveal a1")
    assert state.removed == [] and state.known[0] == 17 and state.to_move == 1
    state.apply("reveal a1")  # seat 1 (last 25) cannot use it either
    assert state.removed == [] and state.to_move == 2
    state.apply("reveal a1")  # seat 2 (last 15) may build it
    assert legal_text(state) == ["build", "return"]
