"""People count seats from 1: every event of random games of each game that names a seat
passes it as a :class:`~towerplay.core.events.Seat`, and worded in English, Polish and
Hungarian it shows seat 0 as 1 (the records, the protocol and the views keep counting from
0)."""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import pytest

from towerplay import games
from towerplay.core import Event, Record, Seat
from towerplay.core.errors import BadRecord
from towerplay.i18n import LANGUAGES, word

from tests.i18n.events import log_events, nested, refusal_events, texts_of
from tests.i18n.wording import Wording

SEAT_FIELD = {"en": re.compile(r"\bseat \{(\w+)\}"),
              "pl": re.compile(r"\bmiejsc\w* \{(\w+)\}"),
              "hu": re.compile(r"\{(\w+)\}\. hely")}
"""Where a catalogue's text puts a seat's number (the field after *seat*, *miejsce*,
before *. hely*)."""
MARK = "⟦seat⟧"


def unarticled(text: str) -> str:
    """``text`` with each Hungarian *az* written *a* (the words choose by the next word)."""
    return re.sub(r"\b([Aa])z\b", r"\1", text)


def every_event(found: Iterable[Event]) -> Iterator[Event]:
    """``found`` and every event nested in them."""
    for event in found:
        yield event
        for _, value in event.params:
            yield from every_event(nested(value))


def seat_events(name: str) -> set[Event]:
    """The log events and refusals (sampled positions) of a random game of ``name`` at
    each player count, and the events nested in them."""
    found: set[Event] = set()
    game = games.load(name)
    for players in range(game.min_players, game.max_players + 1):
        states = Wording(name).random_game({}, players, seed=players)
        found |= log_events(states[-1])
        for state in states[::max(1, len(states) // 4)]:
            if not state.is_over:
                found.update(refusal_events(state))
                found.add(state._kernel_refusal(  # the kernel's own words, with the seat
                    state.game.action_space[0], state.legal_actions()))
    return set(every_event(found))


def assert_counted_from_one(event: Event) -> None:
    """``event`` passes each seat its texts name as a ``Seat``, and shows it plus one."""
    params = dict(event.params)
    for lang in LANGUAGES:
        for text in texts_of(event.domain, event.key, lang):
            for field in SEAT_FIELD[lang].findall(text):
                assert isinstance(params.get(field), Seat), (lang, event.key, field)
    for name, seat in params.items():
        if not isinstance(seat, Seat):
            continue
        marked = Event.of(event.key, **{**params, name: MARK})
        for lang in LANGUAGES:
            shown = word(marked, lang)
            assert MARK in shown, (lang, event.key, shown)
            expected = shown.replace(MARK, str(seat + 1))
            # Hungarian's article follows the number (az 1., a 2.), not the mark
            assert unarticled(word(event, lang)) == unarticled(expected), (lang, event)


@pytest.mark.parametrize("name", list(games.BUILT_IN))
def test_every_seat_an_event_names_is_counted_from_one(name: str) -> None:
    found = seat_events(name)
    for event in found:
        assert_counted_from_one(event)
    named = [e for e in found if any(isinstance(v, Seat) for _, v in e.params)]
    assert named, f"{name}: no event of its games names a seat"
    assert any(Seat(0) in dict(e.params).values() for e in named), name


def test_the_first_seat_is_seat_one_in_every_language() -> None:
    state = games.load("five_towers").start(players=2, seed=1)
    assert state.to_move is not None
    reason = state.refusal(state.game.parse_notation("no-teardown"))
    why = None if reason is None else reason.get("why")
    assert isinstance(why, Event) and why.get("seat") == Seat(state.to_move) == 0
    shown = {lang: word(reason, lang) for lang in LANGUAGES}
    number = state.to_move + 1
    assert f"seat {number} must" in shown["en"]
    assert f"miejsce {number} musi" in shown["pl"]
    assert f"({number}. hely)" in shown["hu"]
    

def test_a_record_cut_short_names_the_seat_to_move_from_one() -> None:
    state = games.load("five_towers").start(players=2, seed=3)
    state.apply(state.legal_actions()[0])
    record = Record.from_state(state).model_copy(
        update={"result": {"scores": [0, 0], "winners": [0]}})
    with pytest.raises(BadRecord) as raised:
        record.replay()
    event = raised.value.event
    assert event.key == "core.record_cut_short" and event.get("seat") == Seat(state.to_move or 0)
    assert_counted_from_one(event)
