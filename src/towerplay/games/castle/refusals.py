"""Why a Budowa Zamku action is refused, in the game's terms (one event, to the seat to move).

A refusal speaks only of public facts: the revealed card, the castles, the character file.
It never names a face-down card. Its English wording is the catalogue's:

>>> from towerplay import games
>>> from towerplay.i18n import english
>>> state = games.load("castle").start(players=2, seed=1)
>>> english(refusal(state, state.game.parse_notation("build"), state.legal_actions()))
"'build' is not legal: no card is revealed yet: a turn starts with 'reveal <pos>' (a1 … e9)"
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from towerplay.core.events import Event, Notation, Seat, Seq
from towerplay.games.castle.cards import WIZARD, Act, position_name

if TYPE_CHECKING:
    from towerplay.games.castle.state import CastleState


def refusal(state: CastleState, action: Act, legal: list[Act]) -> Event:
    """Why ``action`` is refused in ``state`` (a game going on), whose legal actions are
    ``legal``: before the turn's card is revealed, or while it awaits a decision."""
    if state.pending < 0:
        why = _why_not_now(state, action)
    else:
        why = _why_not_for_card(state, action, legal)
    return Event.of("castle.not_legal", action=str(action), why=why)


def _why_not_now(state: CastleState, action: Act) -> Event:
    """A refusal before the turn's card is revealed."""
    if action.verb == "reveal":
        return Event.of("castle.empty", pos=position_name(action.arg), n=len(state.down))
    return Event.of("castle.not_revealed")


def _why_not_for_card(state: CastleState, action: Act, legal: list[Act]) -> Event:
    """A refusal while the revealed card awaits its player's decision."""
    card = state.grid[state.pending]
    last = state.castles[state.to_move or 0][-1]
    options = Seq(tuple(Event.of("castle.quoted", action=Notation(a)) for a in legal),
                  "or")
    verb = action.verb
    if verb == "reveal":
        return Event.of("castle.already", card=card, pos=position_name(state.pending),
                        options=options)
    if verb == "build":
        return Event.of("castle.too_low", card=card, last=last, options=options)
    if verb == "return":
        return Event.of("castle.leaves", card=card, options=options)
    if verb == "remove":
        low = min(range(state.players), key=lambda s: state.castles[s][-1])
        return Event.of("castle.stays", card=card, seat=Seat(low),
                        last=state.castles[low][-1], options=options)
    return _why_no_wizard(state, action.arg, card)


def _why_no_wizard(state: CastleState, after: int, card: int) -> Event:
    """Why the Wizard cannot put ``card`` after castle card ``after``."""
    game, seat = state.game, state.to_move or 0
    castle = state.castles[seat]
    if not game.wizard_card:
        return Event.of("castle.no_wizard_variant")
    if game.wizard_card not in castle:
        return Event.of("castle.no_wizard", card=game.wizard_card)
    if state.wizard_used[seat]:
        return Event.of("castle.wizard_used")
    if card > castle[-1]:
        return Event.of("castle.wizard_fits", card=card)
    if after not in castle:
        return Event.of("castle.wizard_not_in_castle", after=after,
                        cards=Seq(tuple(castle), "space"))
    gap = state.wizard_gap(seat, card)
    assert gap  # a card awaiting a decision that cannot go at the end has a gap
    upper = castle[castle.index(gap) + 1]
    return Event.of("castle.wizard_gap", card=card, gap=gap, upper=upper,
                    fix=Notation(WIZARD[gap]))
