"""What Skytopia says, as events (:mod:`towerplay.core.events`): each move of the log, the
effects it names (a Tower card or a Foundation by its name, an ability by its text) and
the round's news; the refusals are in :mod:`~towerplay.games.skytopia.refusals`. The
catalogues word them (``skytopia.*`` keys); the kernel's English keeps the old log lines
and refusals (the notation, the card's ident before its name), while the pages' English
(``@said`` keys: *places golem 5 on gold 1*), Polish and Hungarian name cards, places,
Foundations and tiles by their rulebook words, never by code.

>>> from towerplay import games
>>> from towerplay.i18n import word
>>> from towerplay.games.skytopia.actions import parse
>>> comp = games.load("skytopia").start(players=2, seed=1).comp
>>> [word(move(parse("tower gold"), comp), lang) for lang in ("en", "pl", "hu")]
['tower gold', 'aktywuje złotą Wieżę', 'aktiválja az arany Tornyát']
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from towerplay.core.events import Event, Param, Term
from towerplay.games.skytopia import actions as A
from towerplay.games.skytopia.actions import ACTIONS, Act, slot_term
from towerplay.games.skytopia.components import COLOURS, Components

COLOUR_TERMS = tuple(Term(colour) for colour in COLOURS)
"""The glossary term of each colour (``term.blue``), in the order of :data:`COLOURS`."""
AB = "AB"


def _move(act: Act) -> Event:
    """The log entry of ``act`` alone (no effect, no news)."""
    kind, a, b, c = act
    if kind in (A.PLACE, A.BACK, A.RECALL):
        verb = ("place", "back", "recall")[kind - A.PLACE]
        return Event.of(f"skytopia.{verb}", slot=slot_term(a), value=b)
    if kind == A.TURN:
        return Event.of("skytopia.turn", slot=slot_term(a), value=b, count=c)
    if kind == A.MOVE:
        return Event.of("skytopia.move", slot=slot_term(a), value=b, target=slot_term(c))
    if kind in (A.PUT, A.TAKE, A.STACK):
        return Event.of(f"skytopia.{('put', 'take', 'stack')[kind - A.PUT]}",
                        slot=slot_term(a))
    if kind in (A.TOWER, A.TOP, A.ROW):
        return Event.of(f"skytopia.{('tower', 'top', 'row')[kind - A.TOWER]}",
                        colour=COLOUR_TERMS[a])
    if kind in (A.USE, A.SKIP, A.DONE):
        return Event.of(f"skytopia.{('use', 'skip', 'done')[kind - A.USE]}")
    assert kind == A.SIDE
    return Event.of(f"skytopia.side_{'ab'[a]}")


MOVES = {act: _move(act) for act in ACTIONS if act[0] != A.DRAFT}
"""Each action's log entry, built once (a draft's depends on the components)."""


def move(act: Act, comp: Components) -> Event:
    """The log entry of ``act``: a draft names the tile by its colour too."""
    found = MOVES.get(act)
    return found if found is not None else tile_event("skytopia.draft", comp, act[1])


def tile_event(key: str, comp: Components, tile: int) -> Event:
    """``key`` of Ability tile ``tile``: its number (the notation's ``t<n>``) and its
    colour (how the other languages name it)."""
    return Event.of(key, n=tile + 1, colour=COLOUR_TERMS[comp.tiles[tile][1]])


def card(comp: Components, key: int) -> Event:
    """Tower card (or Foundation) ``key``: its ident (English only) and its name."""
    found = comp.cards[key]
    return Event.of("skytopia.card", ident=found.ident, name=Term(found.name))


def effect(comp: Components, key: int) -> Event:
    """The effect ``key``: a card's or a Foundation's, or an ability's (its tile and side
    in English, its text)."""
    if key < len(comp.cards):
        return card(comp, key)
    for tile, sides in enumerate(comp.abilities):
        for side, ability in enumerate(sides):
            if ability.key == key:
                return Event.of("skytopia.ability", tile=f"{comp.tiles[tile][0]}{AB[side]}",
                                text=Term(ability.text))
    return Event.of("skytopia.card", ident=str(key), name="")  # pragma: no cover


def with_effect(entry: Event, used: Event) -> Event:
    """A ``use`` and the effect it used."""
    return Event.of("skytopia.used", move=entry, effect=used)


def then(first: Event, news: Event) -> Event:
    """A log entry followed by what everyone saw happen after it."""
    return Event.of("skytopia.then", first=first, then=news)


def score_labels(view: Mapping[str, Any]) -> list[list[Param]]:
    """The labels of a finished view's score breakdown (see
    :meth:`~towerplay.games.skytopia.state.SkytopiaState.breakdown`): terms, but the coins'
    row, which names the seat's coins, second to last."""
    labels: list[list[Param]] = []
    for seat, rows in enumerate(view.get("breakdown") or []):
        words: list[Param] = [Term(str(label)) for label, _ in rows]
        if len(words) >= 2:
            words[-2] = Event.of("skytopia.coins_source", coins=view["cities"][seat]["coins"])
        labels.append(words)
    return labels
