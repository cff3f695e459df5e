"""Hidden information: only the order of the face-down decks. Views, renders, logs and
legal actions must not depend on it; determinize must re-guess it."""
from __future__ import annotations

import json
import random

from towerplay import games
from towerplay.core import IllegalAction

from tests.games.skytopia.helpers import start


def midgame(seed: int = 50, steps: int = 60):  # noqa: ANN201
    s = start(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_views_do_not_depend_on_the_deck_order() -> None:
    s = midgame()
    other = s.copy()
    for deck in other.decks:
        deck.reverse()
    assert other.decks != s.decks
    for seat in (None, 0, 1, 2):
        assert s.view(seat) == other.view(seat)
        assert games.render_text(s, seat) == games.render_text(other, seat)
    assert s.legal_actions() == other.legal_actions()


def test_no_deck_card_is_named_anywhere_a_seat_can_read() -> None:
    s = midgame()
    for seat in (None, 0, 1, 2):
        text = json.dumps(s.view(seat)) + games.render_text(s, seat)
        for deck in s.decks:
            for key in deck:
                assert s.comp.cards[key].ident not in text
    try:
        s.apply("place z9:9")
    except IllegalAction as error:
        assert not any(s.comp.cards[k].ident in str(error) for d in s.decks for k in d)


def test_determinize_reguesses_the_decks_and_keeps_the_view() -> None:
    s = midgame()
    changed = 0
    for i in range(5):
        world = s.determinize(0, random.Random(i))
        assert sorted(map(sorted, world.decks)) == sorted(map(sorted, s.decks))
        assert world.view(0) == s.view(0)
        changed += world.decks != s.decks
    assert changed == 5


def test_logs_and_refusals_do_not_depend_on_the_deck_order() -> None:
    s = midgame()
    other = s.copy()
    for deck in other.decks:
        deck.reverse()
    for seat in (None, 0, 1, 2):
        assert s.log(seat) == other.log(seat)
        assert [s.log_line(i, seat) for i in range(len(s.history))] == \
            [other.log_line(i, seat) for i in range(len(other.history))]
    messages = []
    for state in (s, other):
        try:
            state.apply("take p4")  # well formed, not legal now
        except IllegalAction as error:
            messages.append(str(error))
    assert len(messages) == 2 and messages[0] == messages[1]


def test_a_bot_only_sees_a_determinized_copy_with_other_decks() -> None:
    s = midgame()
    world = s.determinize(1, random.Random(7))
    assert world.seed != s.seed
    assert [len(d) for d in world.decks] == [len(d) for d in s.decks]
    assert world.market == s.market and world.dice == s.dice and world.towers == s.towers
