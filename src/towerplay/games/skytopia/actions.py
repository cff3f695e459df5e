"""Skytopia actions: one small immutable value per decision, with an exact text notation.

A Market card is named by its column letter (b blue, g gold, r red, p purple) and row
(1 = nearest the deck): ``g1``. A golem on the Market is named by its card and die value:
``g1:5``. Every action that can ever be legal is built once, so legal-action lists are made
of shared objects and dense ids are table look-ups.

>>> str(Act(PLACE, 4, 5)), parse("place g1:5") == Act(PLACE, 4, 5)
('place g1:5', True)
>>> str(Act(MOVE, 0, 3, 9)), str(Act(TOWER, 2)), str(Act(DRAFT, 1)), str(Act(SIDE, 1))
('move b1:3 r2', 'tower red', 'draft t2', 'side b')
>>> action_from_id(action_id(parse("turn r4:6 2"))) == parse("turn r4:6 2")
True
"""
from __future__ import annotations

from typing import Any, NamedTuple

from towerplay.core.errors import IllegalAction
from towerplay.core.events import Event, Term
from towerplay.games.skytopia.components import COLOURS, LETTERS

ROWS = 4
SLOTS = 4 * ROWS  # slot = colour * ROWS + row
MAX_TURN = 4

(PLACE, BACK, RECALL, TURN, MOVE, PUT, TAKE, STACK, TOWER, TOP, ROW, USE, SKIP, DONE,
 DRAFT, SIDE) = range(16)


def slot_name(slot: int) -> str:
    """``slot_name(4) == 'g1'``: colour letter and row (1-based)."""
    return f"{LETTERS[slot // ROWS]}{slot % ROWS + 1}"


def slot_term(slot: int) -> Term:
    """``slot``'s place as a glossary term: a log line or refusal words it for people
    (``skytopia.words.term``: *the gold column, row 1* in Polish and Hungarian)."""
    return Term(slot_name(slot))


class Act(NamedTuple):
    """A decision: ``kind`` and up to three small int arguments (see the module notes)."""

    kind: int
    a: int = 0
    b: int = 0
    c: int = 0

    def __str__(self) -> str:
        k, a, b, c = self
        if k in (PLACE, BACK, RECALL):
            return f"{('place', 'back', 'recall')[k]} {slot_name(a)}:{b}"
        if k == TURN:
            return f"turn {slot_name(a)}:{b} {c}"
        if k == MOVE:
            return f"move {slot_name(a)}:{b} {slot_name(c)}"
        if k in (PUT, TAKE, STACK):
            return f"{('put', 'take', 'stack')[k - PUT]} {slot_name(a)}"
        if k in (TOWER, TOP, ROW):
            return f"{('tower', 'top', 'row')[k - TOWER]} {COLOURS[a]}"
        if k in (USE, SKIP, DONE):
            return ("use", "skip", "done")[k - USE]
        if k == DRAFT:
            return f"draft t{a + 1}"
        return f"side {'ab'[a]}"


def _all_actions() -> list[Act]:
    out: list[Act] = []
    for kind in (PLACE, BACK, RECALL):
        out += [Act(kind, s, v) for s in range(SLOTS) for v in range(1, 7)]
    out += [Act(TURN, s, v, k) for s in range(SLOTS) for v in range(1, 7)
            for k in range(1, MAX_TURN + 1)]
    out += [Act(MOVE, s, v, t) for s in range(SLOTS) for v in range(1, 7) for t in range(SLOTS)
            if t != s]
    for kind in (PUT, TAKE, STACK):
        out += [Act(kind, s) for s in range(SLOTS)]
    for kind in (TOWER, TOP, ROW):
        out += [Act(kind, c) for c in range(4)]
    out += [Act(USE), Act(SKIP), Act(DONE)]
    out += [Act(DRAFT, t) for t in range(4)] + [Act(SIDE, 0), Act(SIDE, 1)]
    return out


ACTIONS: tuple[Act, ...] = tuple(_all_actions())
_IDS: dict[Act, int] = {a: i for i, a in enumerate(ACTIONS)}
_BY_TEXT: dict[str, Act] = {str(a): a for a in ACTIONS}
NUM_ACTIONS = len(ACTIONS)
# the shared objects, for building legal lists quickly (None where no such action exists)
Grid = list[list[Any]]
A_PLACE: Grid = [[_BY_TEXT.get(f"place {slot_name(s)}:{v}") for v in range(7)]
                 for s in range(SLOTS)]
A_BACK: Grid = [[_BY_TEXT.get(f"back {slot_name(s)}:{v}") for v in range(7)]
                for s in range(SLOTS)]
A_RECALL: Grid = [[_BY_TEXT.get(f"recall {slot_name(s)}:{v}") for v in range(7)]
                  for s in range(SLOTS)]
A_TURN: list[Grid] = [[[ACTIONS[_IDS[Act(TURN, s, v, k)]] if v and k else None
                        for k in range(MAX_TURN + 1)]
                       for v in range(7)] for s in range(SLOTS)]
A_MOVE: list[Grid] = [[[ACTIONS[_IDS[Act(MOVE, s, v, t)]] if v and t != s else None
                        for t in range(SLOTS)]
                       for v in range(7)] for s in range(SLOTS)]
A_PUT = [ACTIONS[_IDS[Act(PUT, s)]] for s in range(SLOTS)]
A_TAKE = [ACTIONS[_IDS[Act(TAKE, s)]] for s in range(SLOTS)]
A_STACK = [ACTIONS[_IDS[Act(STACK, s)]] for s in range(SLOTS)]
A_TOWER = [ACTIONS[_IDS[Act(TOWER, c)]] for c in range(4)]
A_TOP = [ACTIONS[_IDS[Act(TOP, c)]] for c in range(4)]
A_ROW = [ACTIONS[_IDS[Act(ROW, c)]] for c in range(4)]
A_USE, A_SKIP, A_DONE = (ACTIONS[_IDS[Act(k)]] for k in (USE, SKIP, DONE))
A_DRAFT = [ACTIONS[_IDS[Act(DRAFT, t)]] for t in range(4)]
A_SIDE = [ACTIONS[_IDS[Act(SIDE, s)]] for s in range(2)]
A_PLACE_VALUES: list[list[tuple[Act, ...]]] = [
    [tuple(A_PLACE[s][v] for v in range(1, 7) if mask >> v & 1) for mask in range(128)]
    for s in range(SLOTS)]
"""``A_PLACE_VALUES[slot][mask]``: the ``place`` actions on ``slot`` for the die values in the
bit set ``mask`` (bit v: value v), in id order. Phase 2's options are built from it once a
turn, slot by slot, without a loop over values (a playout's hottest list)."""

NOTATION = (
    "Market cards are named by column letter (b blue, g gold, r red, p purple) and row "
    "(1 = nearest the deck), e.g. g1; a golem on the Market by its card and die value, "
    "e.g. g1:5. Actions: 'place g1:5' (Phase 2: put a golem from your board on g1 showing 5, "
    "paying the Chronometer cost), 'back g1:5' (Phase 2 with no free golem: take that golem "
    "back first), 'use' / 'skip' (use or skip the effect now offered), 'tower blue' (activate "
    "that Tower next), 'stack b1' (stack that completed card next), 'recall g1:5', "
    "'turn g1:5 2' (turn 2 steps toward the build symbol), 'done' (stop turning), "
    "'move g1:5 r2', 'put r2' (place a golem with the effect's fixed value; also the "
    "Preliminary Turn), 'take p3' (add that unoccupied card to your city), 'top red', "
    "'row gold' (activate a card in the same row), 'draft t2', 'side a'.")


def parse(text: str) -> Act:
    """The action written as ``text``; :class:`IllegalAction` names the notation if garbled."""
    if isinstance(text, str):
        action = _BY_TEXT.get(" ".join(text.lower().split()))
        if action is not None:
            return action
    raise IllegalAction(Event.of("skytopia.unreadable", text=repr(text)))


def action_id(action: Act) -> int:
    """The dense id of ``action``; :class:`IllegalAction` if it is not a skytopia action."""
    try:
        return _IDS[action]
    except (KeyError, TypeError):
        raise IllegalAction(Event.of("skytopia.not_an_action", text=repr(action))) from None


def action_from_id(ident: int) -> Act:
    """The action with dense id ``ident`` (the inverse of :func:`action_id`)."""
    if not isinstance(ident, int) or not 0 <= ident < NUM_ACTIONS:
        raise IllegalAction(Event.of("skytopia.bad_id", high=NUM_ACTIONS - 1,
                                     text=repr(ident)))
    return ACTIONS[ident]
