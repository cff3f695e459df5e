"""What 5 Towers says, as events (:mod:`towerplay.core.events`): each move of the log,
and the pieces its refusals share. The catalogues word them (``five_towers.*`` keys).

Every seat sees every move as played (only the draw pile's order is hidden, and no move
reveals it), so a log entry is the action itself.

>>> from towerplay.i18n import word
>>> from towerplay.games.five_towers.cards import BID, PLACE, parse_card
>>> word(log_event(PLACE[parse_card("sand7")]), "en"), word(log_event(BID[2]), "pl")
('place sand7', 'licytuje 2 karty')
"""
from __future__ import annotations

from collections.abc import Iterable

from towerplay.core.events import Event, Notation, Seq, Term
from towerplay.games.five_towers.cards import (
    BID_K,
    PASS_K,
    PLACE_K,
    SUITS,
    TAKE_K,
    TEARDOWN_K,
    Action,
)

NONE = Event.of("five_towers.none")
"""An empty list of cards: ``(none)``."""


def suit(s: int) -> Term:
    """Suit number ``s`` as a glossary term."""
    return Term(SUITS[s])


def card(c: int) -> Event:
    """Card id ``c`` as a phrase: its suit's term and its value (``sand7``,
    *piaskowa 7*)."""
    return Event.of("five_towers.card", suit=Term(SUITS[c >> 4]), value=c & 15)


def cards(ids: Iterable[int]) -> Seq:
    """Card ids as a list (``sand7 candy3`` in English; ``(none)`` if empty)."""
    return Seq(tuple(card(c) for c in ids), "space", empty=NONE)


def legal(actions: list[Action]) -> Seq:
    """The first legal actions, for a hint (``…`` when there are more than 12)."""
    return Seq(tuple(Notation(a) for a in actions[:12]), "comma", len(actions) > 12)


def log_event(action: Action) -> Event:
    """The log entry of ``action``, the same for every seat."""
    kind = action.kind
    if kind == BID_K:
        return Event.of("five_towers.bid", count=action.arg)
    if kind == PASS_K:
        return Event.of("five_towers.pass")
    if kind == TAKE_K:
        return Event.of("five_towers.take", card=card(action.arg))
    if kind == TEARDOWN_K:
        return Event.of("five_towers.teardown", suit=suit(action.arg))
    if kind == PLACE_K:
        return Event.of("five_towers.place", card=card(action.arg))
    return Event.of("five_towers.no_teardown")
