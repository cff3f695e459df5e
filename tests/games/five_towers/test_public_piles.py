"""What the rulebook makes public is in every view and on the screen: the face-up discard
pile, the torn-down cards, the draw pile's cards (never their order); and the end screen's
score breakdown adds up to the score."""
from __future__ import annotations

import random
from collections import Counter

from towerplay import games
from towerplay.arena.match import play_match
from towerplay.games.five_towers.cards import SUITS, deck, parse_card
from towerplay.games.five_towers.state import FiveTowersState

from tests.games.five_towers.util import play, position

DISPLAY = ["sand7", "candy3", "candy5", "tree1", "scrap9"]


def unseen_from_view(view: dict, players: int) -> Counter:
    """The cards a careful player knows are in the draw pile: the deck less every card
    the view shows (discard, display, hand, towers, torn-down cards)."""
    seen = Counter(parse_card(n) for n in view["discard"] + view["display"] + view["hand"])
    for seat in range(players):
        seen.update(parse_card(n) for n in view["torn_cards"][seat])
        for suit, values in view["towers"][seat].items():
            seen.update(SUITS.index(suit) * 16 + v for v in values)
    return Counter(deck(players)) - seen


def cards_of(draw_cards: dict[str, list[int]]) -> Counter:
    return Counter(SUITS.index(suit) * 16 + v for suit, vs in draw_cards.items() for v in vs)


def test_torn_down_cards_are_named_in_every_view_and_on_screen() -> None:
    state = position(4, DISPLAY, towers={2: {"sand": (6,)}})
    play(state, "bid 3", "pass", "bid 5", *(f"take {c}" for c in DISPLAY), "teardown sand")
    for seat in (None, 0, 2):
        assert state.view(seat)["torn_cards"] == [[], [], ["sand6"], []]
    assert "torn down 1 card (costs 1): [yellow]sand6[/]" in games.render_text(state, 0)


def test_physical_rebid_puts_the_torn_card_back() -> None:
    state = position(4, DISPLAY, towers={2: {"sand": (6, 4)}}, rebid="physical")
    play(state, "bid 3", "pass", "bid 5", *(f"take {c}" for c in DISPLAY), "teardown sand")
    assert state.torn_cards[2] == (parse_card("sand4"),)
    play(state, "place candy5", "place candy3", "place tree1", "place scrap9")
    assert state.phase == 0 and state.torn_cards[2] == () and state.torn[2] == 0
    assert state.view(None)["torn_cards"][2] == []


def reshuffled_game(seed: int, players: int) -> FiveTowersState:
    state = games.load("five_towers").start(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.reshuffled:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_second_draw_pile_is_known_as_a_multiset() -> None:
    for seed, players in ((1, 2), (2, 4)):
        state = reshuffled_game(seed, players)
        rng = random.Random(seed)
        for _ in range(30):  # a few positions of the second pile
            if state.is_over:
                break
            for seat in (None, 0, 1):
                view = state.view(seat)
                shown = cards_of(view["draw_cards"])
                assert shown == Counter(state.draw) == unseen_from_view(view, players)
            text = games.render_text(state, 0)
            assert "Draw pile holds (order unknown)" in text
            state.apply(rng.choice(state.legal_actions()))


def test_the_first_draw_pile_is_the_unseen_cards() -> None:
    state = games.load("five_towers").start(players=3, seed=5)
    rng = random.Random(5)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    assert cards_of(view["draw_cards"]) == unseen_from_view(view, 3) == Counter(state.draw)
    assert "Draw pile holds" not in games.render_text(state, None)  # the first pile


def test_a_bot_world_keeps_the_public_piles() -> None:
    state = reshuffled_game(3, 3)
    world = state.determinize(0, random.Random(1))
    for key in ("draw_cards", "discard", "torn_cards", "display", "towers"):
        assert world.view(0)[key] == state.view(0)[key], key


def test_positions_with_torn_cards_round_trip() -> None:
    final = play_match(games.load("five_towers"), ["random", "random", "random"], seed=2)
    assert isinstance(final, FiveTowersState)
    assert any(final.torn_cards)
    again = final.game.from_json(final.to_json())
    assert again.torn_cards == final.torn_cards and again.view(None) == final.view(None)


def test_breakdown_adds_up_to_each_score() -> None:
    for seed in range(4):
        final = play_match(games.load("five_towers"), ["greedy", "random", "random"],
                           seed=seed)
        assert isinstance(final, FiveTowersState)
        view = final.view(None)
        assert "breakdown" in view and len(view["breakdown"]) == 3
        for seat, rows in enumerate(view["breakdown"]):
            assert all(type(points) is int for _, points in rows)
            assert sum(points for _, points in rows) == final.scores()[seat]
            labels = " ".join(label for label, _ in rows)
            assert "tallest tower" in labels
            if final.torn[seat]:
                assert rows[-1][1] == -final.torn[seat] * (final.torn[seat] + 1) // 2
        text = games.render_text(final, None)
        assert "Final score" in text and "winner" in text and "tallest tower (" in text


def test_breakdown_doubles_capped_towers() -> None:
    state = position(2, DISPLAY, towers={0: {"candy": (15, 12, 9, 0), "sand": (7, 6)}})
    assert state.breakdown(0) == [["candy tower: 4 cards, capped ×2", 8],
                                  ["sand tower: 2 cards", 2],
                                  ["tallest tower (candy): +1 per card", 4]]
    assert state.breakdown(1) == []
    assert "breakdown" not in state.view(None)  # only when the game is over
