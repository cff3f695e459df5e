"""The checks of an engine's events (:mod:`towerplay.core.events`), for any game that
speaks them: every event's key (nested ones too) has a text in all three catalogues,
every field of those texts has a parameter, and worded in Polish and Hungarian it shows
no English word and no internal code.

A game's test makes one :class:`EventCheck` and feeds it the events of its games
(:func:`log_events`, :func:`refusal_events`).
"""
from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from functools import cache
from typing import Any

from towerplay.core import State
from towerplay.core.errors import IllegalAction
from towerplay.core.events import LEGACY, Event, Param, Seq, Term
from towerplay.i18n import FIELD, LANGUAGES, PLURAL_FORMS, catalogue, word

from tests.i18n.wording import LANGS, seats

ENGLISH = re.compile(r"\b(the|not|legal|your|you|cards?|tower|display|hand|seat|must|"
                     r"could|with|first|more|only|and|of|game|over|none|bid for)\b")
"""English words a Polish or Hungarian text never needs (notation aside: ``bid``,
``pass``, ``take``, … are the same in every language)."""
CODE = re.compile(r"\{|\}|\bterm\.|\bcore\.|@|Event\(|Notation\(|Term\(|\bNone\b|"
                  r"\b[a-z_]+\.[a-z_]+\b")
"""Internal code: a field left unfilled, a key (``five_towers.bid``), a repr."""
QUOTED = re.compile(r"„[^”]*”|'[^']*'")
"""Quoted notation (the action a seat sent), in place in any language."""


def log_events(state: State[Any]) -> set[Event]:
    """Every log event any seat or a spectator sees of the game so far."""
    return {event for index in range(len(state.history)) for seat in seats(state)
            if (event := state.log_event(index, seat)) is not None}


def refusal_events(state: State[Any], near_misses: Iterable[str] = ()) -> list[Event]:
    """Why each action of the action space that is not legal now is refused, and what
    each near miss of the notation gets (its reading error, or the refusal)."""
    legal = set(state.legal_actions())
    found = [event for action in state.game.action_space if action not in legal
             and (event := state.refusal(action)) is not None]
    for text in near_misses:
        try:
            action = state.game.parse_action(state, text)
        except IllegalAction as error:
            found.append(error.event)
        else:
            if (event := state.refusal(action)) is not None:
                found.append(event)
    return found


@cache
def texts_of(domain: str, key: str, lang: str) -> list[str]:
    """The texts of ``key`` in ``lang``'s ``domain`` catalogue: its plural forms and
    grammatical forms."""
    base = re.compile(rf"{re.escape(key)}(@\w+)?({'|'.join(map(re.escape, PLURAL_FORMS))})?")
    return [text for name, text in catalogue(domain, lang).items() if base.fullmatch(name)]


def nested(value: Param) -> Iterable[Event]:
    """The events within a parameter (a nested phrase, a list's items)."""
    if isinstance(value, Event):
        yield value
    elif isinstance(value, Seq):
        for item in (*value.items, value.empty):
            yield from nested(item)


def shape(value: Param) -> Hashable:
    """What of a parameter the wording depends on beyond its numbers and text: the keys of
    events, the parameters' names, the terms (their forms differ) and counts (they pick
    the plural form): two refusals naming other cards or values read alike."""
    if isinstance(value, Event):
        return (value.key, tuple((name, inner if name == "count" else shape(inner))
                                 for name, inner in value.params))
    if isinstance(value, Seq):
        return (value.sep, value.more, tuple(shape(item) for item in value.items))
    if isinstance(value, Term):
        return value
    return type(value)


def keys(found: Iterable[Event]) -> set[str]:
    """The keys of ``found`` and of the events nested in them."""
    out = set()
    for event in found:
        out.add(event.key)
        for _, value in event.params:
            out |= keys(nested(value))
    return out


class EventCheck:
    """The checks of a game's events. ``codes`` is the game's own internal-code pattern
    (a card's notation where a phrase belongs); ``notation_keys`` the events that explain
    or quote the notation (a reading error), where it is in place."""

    def __init__(self, codes: re.Pattern[str] | None = None,
                 notation_keys: Iterable[str] = ()) -> None:
        self.codes = codes
        self.notation_keys = frozenset(notation_keys)
        self.defined: set[Event] = set()
        """Events already found defined (the sweeps meet the same ones many times)."""

    def texts(self, event: Event, lang: str) -> list[str]:
        """The texts of ``event``'s key in ``lang`` (its plural forms, its grammatical
        forms), from the event's own catalogue (whose keys may leave out its name: the
        lobby's ``options``)."""
        return (texts_of(event.domain, event.key, lang)
                or texts_of(event.domain, event.key.removeprefix(f"{event.domain}."), lang))

    def assert_defined(self, event: Event) -> None:
        """``event`` and the events nested in it have a text in every language, and each
        text's fields are parameters the event has."""
        if event in self.defined:
            return
        assert event.key != LEGACY, f"a legacy English line: {event}"
        names = {name for name, _ in event.params}
        for lang in LANGUAGES:
            texts = self.texts(event, lang)
            if not texts and event.get("fallback") is not None:
                continue  # a label no catalogue has (a file option): worded by its fallback
            assert texts, f"{lang}/{event.domain}.po has no {event.key}"
            for text in texts:
                fields = {m.group(1) for m in FIELD.finditer(text)}
                assert fields <= names, (lang, event.key, fields - names)
        for _, value in event.params:
            for inner in nested(value):
                self.assert_defined(inner)
        self.defined.add(event)

    def assert_worded(self, events: Iterable[Event], langs: Iterable[str] = LANGS) -> None:
        """Each event is defined, and worded in ``langs`` it shows no English word and no
        internal code (the game's own codes only outside the notation's events)."""
        events = set(events)
        assert events, "no event to check"
        for event in events:
            self.assert_defined(event)
        for lang in langs:
            for event in events:
                text = word(event, lang)
                assert not ENGLISH.search(QUOTED.sub("", text)), (lang, event, text)
                assert not CODE.search(text), (lang, event, text)
                if self.codes is not None and event.key not in self.notation_keys:
                    bare = QUOTED.sub("", text)  # the action the seat sent, as sent
                    assert not self.codes.search(bare), (lang, event, text)

    @staticmethod
    def unmet(domain: str, found: Iterable[Event]) -> set[str]:
        """The event keys of ``domain``'s catalogue (plural and grammatical forms aside)
        that no event of ``found`` uses: those left untested. The catalogue must have no
        ``line.*`` template left (the game speaks events)."""
        english = catalogue(domain, LANGUAGES[0])
        assert not [key for key in english if key.startswith("line.")], domain
        defined = {re.sub(r"(@\w+)?(\.(zero|one|two|few|many|other))?$", "", key)
                   for key in english if key.startswith(f"{domain}.")
                   and key != f"{domain}.notation"  # the rules page's text, no event
                   and not ASSISTANT.match(key.removeprefix(f"{domain}."))}
        return defined - keys(found)


ASSISTANT = re.compile(r"(score|castles|cards|card|building|components|file)_")
"""Keys of a game's catalogue that its engine never says: the scoring assistant's
(``towerplay score``) and its data files' refusals and words, which
``tests/cli/test_cli_errors_i18n.py`` words in every language."""
