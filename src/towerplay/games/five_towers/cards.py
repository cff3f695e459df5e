"""Cards and actions of 5 Towers, as small ints and interned NamedTuples.

A card is the int ``suit * 16 + value`` (duplicates of the 110-card deck share the id:
they are interchangeable). Its notation is suit name + value:

>>> card_name(parse_card("sand7")), parse_card("candy0"), value_of(parse_card("scary15"))
('sand7', 0, 15)
>>> str(PLACE[parse_card("tree8")]), parse_action_text("bid 3") is BID[3]
('place tree8', True)
"""
from __future__ import annotations

from typing import NamedTuple

from towerplay.core.errors import IllegalAction
from towerplay.core.events import Event

SUITS: tuple[str, ...] = ("candy", "scary", "tree", "scrap", "sand")
SUIT_INDEX = {name: i for i, name in enumerate(SUITS)}
VALUES = range(16)
EXTRA_VALUES = (0, 2, 5, 7, 10, 12)
"""Values of which the 4–5 player deck holds a second copy per suit."""
NO_TOWER = 16
"""The 'top' of a tower that does not exist yet: any value may start it."""


def card(suit: int, value: int) -> int:
    """The card id of ``value`` in suit number ``suit``."""
    return suit * 16 + value


def suit_of(c: int) -> int:
    """The suit number (index into :data:`SUITS`) of card ``c``."""
    return c >> 4


def value_of(c: int) -> int:
    """The value 0-15 of card ``c``."""
    return c & 15


CARD_NAMES: tuple[str, ...] = tuple(f"{SUITS[c >> 4]}{c & 15}" for c in range(80))
_CARD_BY_NAME = {name: c for c, name in enumerate(CARD_NAMES)}


def card_name(c: int) -> str:
    """The notation of card ``c``, e.g. ``sand7``."""
    return CARD_NAMES[c]


def parse_card(text: str) -> int:
    """``"sand7"`` → its card id; :class:`IllegalAction` naming the notation otherwise."""
    c = _CARD_BY_NAME.get(text.strip().lower())
    if c is None:
        raise IllegalAction(Event.of("five_towers.unknown_card", card=repr(text)))
    return c


def deck(players: int) -> list[int]:
    """The sorted deck: 80 cards for 2–3 players, 110 for 4–5.

    >>> len(deck(3)), len(deck(4)), deck(5).count(parse_card("sand12"))
    (80, 110, 2)
    """
    cards = [card(s, v) for s in range(5) for v in VALUES]
    if players >= 4:
        cards += [card(s, v) for s in range(5) for v in EXTRA_VALUES]
    return sorted(cards)


def copies_in_deck(players: int | None, value: int) -> int:
    """How often one suit's ``value`` is in the deck (``None``: the 110-card deck)."""
    return 2 if (players is None or players >= 4) and value in EXTRA_VALUES else 1


# ---------------------------------------------------------------------------- actions
BID_K, PASS_K, TAKE_K, TEARDOWN_K, NO_TEARDOWN_K, PLACE_K = range(6)
_OFFSETS = (0, 6, 7, 88, 87, 93)
"""The first dense id of each kind: bids, pass, takes, no-teardown, teardowns, places (so
every phase lists its legal actions in id order, as OpenSpiel requires)."""
NUM_ACTIONS = 173


class Action(NamedTuple):
    """One atomic decision: ``kind`` (BID_K … PLACE_K) and its argument (a number, card
    id or suit). Every action is interned, so identity equals equality in the hot loop."""

    kind: int
    arg: int

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Action({_TEXT[self]!r})"

    @property
    def id(self) -> int:
        """The dense action id (its index in :data:`ALL_ACTIONS`)."""
        return _OFFSETS[self.kind] + self.arg


BID = tuple(Action(BID_K, n) for n in range(6))
PASS = Action(PASS_K, 0)
TAKE = tuple(Action(TAKE_K, c) for c in range(80))
TEARDOWN = tuple(Action(TEARDOWN_K, s) for s in range(5))
NO_TEARDOWN = Action(NO_TEARDOWN_K, 0)
PLACE = tuple(Action(PLACE_K, c) for c in range(80))
ALL_ACTIONS: tuple[Action, ...] = (*BID, PASS, *TAKE, NO_TEARDOWN, *TEARDOWN, *PLACE)
assert len(ALL_ACTIONS) == NUM_ACTIONS and all(a.id == i for i, a in enumerate(ALL_ACTIONS))

_TEXT: dict[Action, str] = {}
for _n in range(6):
    _TEXT[BID[_n]] = f"bid {_n}"
_TEXT[PASS] = "pass"
_TEXT[NO_TEARDOWN] = "no-teardown"
for _c in range(80):
    _TEXT[TAKE[_c]] = f"take {CARD_NAMES[_c]}"
    _TEXT[PLACE[_c]] = f"place {CARD_NAMES[_c]}"
for _s in range(5):
    _TEXT[TEARDOWN[_s]] = f"teardown {SUITS[_s]}"
_BY_TEXT = {text: action for action, text in _TEXT.items()}

NOTATION = ("Actions: 'bid N' (0-5) or 'pass' in the auction; the winner then plays "
            "'take <card>' once per card bid, 'teardown <suit>' or 'no-teardown', and "
            "'place <card>' once per taken card, in any order. A card is suit + value, "
            "e.g. sand7, candy0, scary15, tree8, scrap12 (suits: candy, scary, tree, scrap, "
            "sand).")


def parse_action_text(text: str) -> Action:
    """The action written as ``text``; :class:`IllegalAction` naming the notation if garbled."""
    normal = " ".join(str(text).lower().split())
    action = _BY_TEXT.get(normal)
    if action is not None:
        return action
    word, _, rest = normal.partition(" ")
    if word in ("take", "place") and rest:
        parse_card(rest)  # raises with the card notation
    if word == "teardown" and rest:
        raise IllegalAction(Event.of("five_towers.unknown_suit", text=repr(rest)))
    if word == "bid" and rest:
        raise IllegalAction(Event.of("five_towers.bad_bid", text=repr(rest)))
    raise IllegalAction(Event.of("five_towers.unreadable", text=repr(text),
                                 notation=Event.of("five_towers.notation")))
