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

from collections.abc import Iterable, Mapping
from typing import Any

from towerplay.core.events import Event, Param, Seq, Term
from towerplay.games.blueprints.dice import (
    CELL_TEXT,
    MATERIALS,
    NUM_DICE_CODES,
    row_and_column,
)
from towerplay.games.blueprints.moves import (
    DISCARD,
    DISCARDS,
    PLACE,
    PLACES,
    REMOVE,
    REMOVE_MOVE,
    TAKE,
    TAKES,
    Move,
)
from towerplay.games.blueprints.rounds import ORDINALS

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


def cell(c: int) -> Term:
    """Cell ``c``, a term (``r2c1`` in the notation; words name it as the board does:
    *row 2, column 1* where people read English, *rząd 2, kolumna 1* in Polish)."""
    return Term(CELL_TEXT[c])


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
        row, col = row_and_column(action[1])  # (what people read: a board's words)
        return Event.of("blueprints.place", cell=cell(action[1]), row=row, col=col)
    if kind == DISCARD:
        return Event.of("blueprints.discard", die=die(action[1]))
    assert kind == REMOVE
    return REMOVE_EVENT



LOG_EVENTS = {action: _log_event(action) for action in (*TAKES, *PLACES, REMOVE_MOVE, *DISCARDS)}
"""The log entry of each move, built once."""


def score_labels(view: Mapping[str, Any]) -> list[list[Param]]:
    """The labels of a finished view's score breakdown, each seat's rows in the order of
    :meth:`~towerplay.games.blueprints.state.BlueprintsState.breakdown`, from the rounds'
    results the view carries: per round, each seat's Award (or none) with its building's
    points and place, then the Prizes.

    >>> score_labels({"breakdown": [[], []], "results": [{"round": 1, "ranking": [1, 0],
    ...     "awards": {"1": "silver"}, "prizes": {"geometer": 0},
    ...     "seats": [{"score": {"total": 9}}, {"score": {"total": 12}}]}]})[0]
    [Event(key='blueprints.round_no_award', params=(('n', 1), ('points', 9), ('place', '2nd'))), \
Event(key='blueprints.round_geometer', params=(('n', 1),))]
    """
    labels: list[list[Param]] = [[] for _ in view.get("breakdown") or []]
    if not labels:
        return labels
    for result in view["results"]:
        number, awards = result["round"], result["awards"]
        for place, seat in enumerate(result["ranking"]):
            award = awards.get(str(seat), "no_award")
            labels[seat].append(Event.of(
                f"blueprints.round_{award}", n=number,
                points=result["seats"][seat]["score"]["total"], place=Term(ORDINALS[place])))
        for prize, seat in result["prizes"].items():
            labels[seat].append(Event.of(f"blueprints.round_{prize}", n=number))
    return labels
