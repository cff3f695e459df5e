"""What Blueprints says, as events (:mod:`towerplay.core.events`): each move of the log
and the pieces its refusals share (a die, the pool). The catalogues word them
(``blueprints.*`` keys): a die by its material's glossary term and its value (English
writes the notation, ``W3``, through the ``term.<material>@letter`` form).

>>> from towerplay.i18n import word
>>> from towerplay.games.blueprints.dice import parse_die
>>> word(die(parse_die("W3")), "en"), word(die(parse_die("W3")), "pl")
('W3', 'drewno 3')
"""
from __future__ import annotations

from collections.abc import Iterable

from towerplay.core.events import Event, Seq, Term
from towerplay.games.blueprints.dice import CELL_TEXT, MATERIALS, NUM_DICE_CODES
from towerplay.games.blueprints.moves import (DISCARD, DISCARDS, PLACE, PLACES, REMOVE,
                                              REMOVE_MOVE, TAKE, TAKES, Move)

MATERIAL_TERMS = tuple(Term(name) for name in ("wood", "recycled", "stone", "glass"))
"""The glossary term of each material, in the order of :data:`MATERIALS`."""
assert len(MATERIAL_TERMS) == len(MATERIALS)

HIDDEN_BUILD = Event.of("blueprints.hidden_build")
"""What other seats see of a placement (or a removal) before the round is scored."""
REMOVE_EVENT = Event.of("blueprints.remove")


DIE_EVENTS = tuple(Event.of("blueprints.die", material=MATERIAL_TERMS[d & 3],
                            value=(d >> 2) + 1) for d in range(NUM_DICE_CODES))
"""Each die code's phrase, built once (a refusal lists the pool's dice)."""


def die(d: int) -> Event:
    """Die code ``d`` as a phrase: its material's term and its value."""
    return DIE_EVENTS[d]


def dice(codes: Iterable[int]) -> Seq:
    """Dice as a list (``W3 G5`` in English, ``drewno 3, szkło 5`` in Polish)."""
    return Seq(tuple(map(DIE_EVENTS.__getitem__, codes)), "space")


def cell(c: int) -> str:
    """Cell ``c`` as the board names it (``r2c1``)."""
    return CELL_TEXT[c]


def log_event(action: Move) -> Event:
    """The log entry of ``action`` as its own seat (and, once scored, everyone) sees it
    (built once per move of the action space)."""
    event = LOG_EVENTS.get(action)
    return _log_event(action) if event is None else event


def _log_event(action: Move) -> Event:
    kind = action[0]
    if kind == TAKE:
        return Event.of("blueprints.take", die=die(action[1]))
    if kind == PLACE:
        return Event.of("blueprints.place", cell=cell(action[1]))
    if kind == DISCARD:
        return Event.of("blueprints.discard", die=die(action[1]))
    assert kind == REMOVE
    return REMOVE_EVENT



LOG_EVENTS = {action: _log_event(action) for action in (*TAKES, *PLACES, REMOVE_MOVE, *DISCARDS)}
"""The log entry of each move, built once."""
