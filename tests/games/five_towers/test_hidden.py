"""Hidden information: only the order of the draw pile (and so every future reshuffle)
is secret. Everything a seat is shown — view, log, render, legal actions, error messages
— must be the same in every world that differs only in that order, and ``determinize``
must re-sample it."""
from __future__ import annotations

import json
import random

import pytest

from towerplay import games
from towerplay.core import IllegalAction
from towerplay.games.five_towers.cards import CARD_NAMES, NOTATION, SUITS

from tests.games.five_towers.util import cards


def positions(rebid: str, count: int = 24):
    """Mid-game positions of random games, every player count, every phase."""
    game = games.load("five_towers", rebid=rebid)
    rng = random.Random(rebid)
    for i in range(count):
        state = game.start(players=2 + i % 4, seed=i)
        for _ in range(rng.randrange(400)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        yield state


def shown_to(state, seat: int | None) -> str:
    """Everything ``seat`` is told about ``state``, as one text."""
    parts = [json.dumps(state.view(seat), sort_keys=True), games.render_text(state, seat),
             "\n".join(state.log(seat))]
    if not state.is_over and seat == state.to_move:
        parts.append(" ".join(map(str, state.legal_actions())))
        try:
            state.apply("place sand15" if state.phase != 3 else "bid 5")
        except IllegalAction as error:
            parts.append(str(error))
        else:  # pragma: no cover - the probe is never legal in its phase
            raise AssertionError("probe action was legal")
    return "\n".join(parts)


@pytest.mark.parametrize("rebid", ["feasible", "physical"])
def test_everything_shown_is_independent_of_the_draw_order(rebid: str) -> None:
    rng = random.Random(7)
    resampled = 0
    for state in positions(rebid):
        for seat in [None, *range(state.players)]:
            world = state.determinize(seat, rng)
            assert sorted(world.draw) == sorted(state.draw)
            resampled += world.draw != state.draw
            assert world.seed != state.seed
            assert shown_to(world, seat) == shown_to(state, seat)
            assert world.legal_actions() == state.legal_actions()
    assert resampled > 50


def test_views_name_no_card_of_the_draw_pile_order() -> None:
    # the draw pile's composition is public (deck minus seen cards); its order is not:
    # no view or render may carry it, nor the seed every future shuffle flows from
    state = games.load("five_towers").start(players=4, seed=987_654_321)
    order = " ".join(CARD_NAMES[c] for c in state.draw)
    by_suit = {suit: sorted(c & 15 for c in state.draw if c >> 4 == s)
               for s, suit in enumerate(SUITS)}
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert "draw" not in view and "seed" not in view and "plans" not in view
        text = json.dumps(view) + games.render_text(state, seat)
        assert order not in text and str(state.seed) not in text
        assert view["draw_size"] == len(state.draw)
        assert view["draw_cards"] == by_suit  # the multiset is public, in no telling order


def test_determinize_resamples_the_future_reshuffle() -> None:
    # shortly before the first pile runs out: the reshuffled second pile must differ
    # between the true game and a bot's world, while holding the same cards
    game = games.load("five_towers")
    differs = 0
    for seed in range(5):
        state = game.start(players=3, seed=seed)
        state.draw = state.draw[:5]
        state.discard = sorted(set(range(80)) - set(state.draw) - set(state.display))
        world = state.determinize(0, random.Random(seed))
        rng = random.Random(seed)
        while not state.reshuffled:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            world.apply(str(action))
        assert world.reshuffled and world.round == state.round
        assert sorted(world.draw + world.display) == sorted(state.draw + state.display)
        differs += (world.draw, world.display) != (state.draw, state.display)
    assert differs == 5


def test_error_messages_list_only_the_movers_own_public_options() -> None:
    state = games.load("five_towers").start(players=3, seed=2)
    with pytest.raises(IllegalAction) as error:
        state.apply("take sand7")
    text = str(error.value)
    assert f"seat {state.to_move + 1}" in text and "legal: bid 0" in text
    with pytest.raises(IllegalAction, match="cannot read") as error:
        state.apply("draw")
    assert NOTATION in str(error.value)
    top = cards(CARD_NAMES[state.draw[-1]])[0]
    assert CARD_NAMES[top] not in str(error.value).replace(NOTATION, "")
