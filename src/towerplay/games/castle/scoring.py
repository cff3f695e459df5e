"""Pure scoring of finished castles, shared by the engine and ``towerplay score castle``.

A castle is the list of its elements from the left: the start tile ``1``, then its wall
cards in ascending order.

>>> base_winners([[1, 2, 5, 9], [1, 3, 8, 20]])
[1]
>>> deck = default_characters()
>>> points_breakdown([1, 5, 8, 26, 35, 44], deck)["total"]
14
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event, Param, Seat
from towerplay.games.castle.cards import (
    GOAL,
    HIGHEST,
    KING,
    KNIGHT,
    LOWEST,
    PRINCESS,
    QUEEN,
    WIZARD_FLAG,
    Characters,
    default_characters,
)

BOTH = KNIGHT | PRINCESS

__all__ = ["base_ranking", "base_winners", "check_castles", "default_characters", "points",
           "points_breakdown", "score_breakdown", "variant_ranking", "variant_winners"]

LABELS = (("cards", "wall cards"), ("king", "King"), ("queen", "Queen"),
          ("knights", "knights"), ("princesses", "princesses"),
          ("pairs", "knight-princess pairs"))
"""The variant's parts of :func:`points_breakdown` and their labels on the end screen."""


def base_ranking(castle: Sequence[int]) -> tuple[int, int]:
    """The base game's ranking key: most elements, then the highest last card."""
    return len(castle), castle[-1]


def base_winners(castles: Sequence[Sequence[int]]) -> list[int]:
    """Most elements wins; a tie goes to the highest last card (a full tie only
    between bare start tiles, which is a draw).

    >>> base_winners([[1, 30], [1, 2, 3], [1, 4, 46]])
    [2]
    >>> base_winners([[1], [1]])
    [0, 1]
    """
    return best_of([base_ranking(c) for c in castles])


def best_of(keys: Sequence[Any]) -> list[int]:
    """The seats with the highest ranking key."""
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


def points_breakdown(castle: Sequence[int], deck: Characters,
                     pair_cards: bool = False) -> dict[str, int]:
    """The character variant's points: 1 per wall card, King 3, Queen 3, each Knight 1,
    each Princess 1, and 1 per knight-and-princess pair.

    Pairs are collected by default (rules/castle.md B2): the smaller of the knight and
    princess counts, so a card showing both figures alone is worth 1 + 1 + 1 + 1 = 4 with
    its card point. With ``pair_cards`` (the spec's alternative) such a card is one
    "pair card" worth 1 point in all, and is neither a knight nor a princess.

    >>> points_breakdown([1, 35], default_characters())
    {'cards': 1, 'king': 0, 'queen': 0, 'knights': 1, 'princesses': 1, 'pairs': 1, 'total': 4}
    >>> points_breakdown([1, 5, 8, 35], default_characters(), pair_cards=True)["pairs"]
    1
    """
    flags = deck.flags
    wall = castle[1:]
    king = 3 * sum(1 for c in wall if flags[c] & KING)
    queen = 3 * sum(1 for c in wall if flags[c] & QUEEN)
    if pair_cards:
        knights = sum(1 for c in wall if flags[c] & BOTH == KNIGHT)
        princesses = sum(1 for c in wall if flags[c] & BOTH == PRINCESS)
        pairs = sum(1 for c in wall if flags[c] & BOTH == BOTH)
    else:
        knights = sum(1 for c in wall if flags[c] & KNIGHT)
        princesses = sum(1 for c in wall if flags[c] & PRINCESS)
        pairs = min(knights, princesses)
    parts = {"cards": len(wall), "king": king, "queen": queen, "knights": knights,
             "princesses": princesses, "pairs": pairs}
    parts["total"] = sum(parts.values())
    return parts


def score_breakdown(castle: Sequence[int], deck: Characters | None,
                    pair_cards: bool = False) -> list[list[Any]]:
    """``[label, points]`` pairs adding up to the castle's score: its elements in the base
    game (``deck`` None), its points in the character variant.

    >>> score_breakdown([1, 5, 9], None)
    [['start tile', 1], ['wall cards', 2]]
    >>> score_breakdown([1, 5, 44], default_characters())[:3]
    [['wall cards', 2], ['King', 3], ['Queen', 0]]
    """
    if deck is None:
        return [["start tile", 1], ["wall cards", len(castle) - 1]]
    parts = points_breakdown(castle, deck, pair_cards)
    return [[label, parts[key]] for key, label in LABELS]


def points(castle: Sequence[int], deck: Characters, pair_cards: bool = False) -> int:
    """The character variant's total for one castle (see :func:`points_breakdown`)."""
    return points_breakdown(castle, deck, pair_cards)["total"]


def variant_winners(castles: Sequence[Sequence[int]], deck: Characters,
                    pair_cards: bool = False) -> list[int]:
    """Most points wins; among the tied, whoever holds the King, else the Queen, else
    the Wizard; else all the tied share a draw.

    >>> deck = default_characters()
    >>> variant_winners([[1, 42], [1, 3, 4, 6, 7]], deck)  # 4 points each: Queen wins
    [0]
    """
    return best_of([variant_ranking(c, deck, pair_cards) for c in castles])


def variant_ranking(castle: Sequence[int], deck: Characters,
                    pair_cards: bool = False) -> tuple[int, bool, bool, bool]:
    """The variant's ranking key: points, then holding the King, the Queen, the Wizard
    (each is on one card only, so among tied players at most one holds it)."""
    holds = [any(deck.flags[c] & bit for c in castle[1:]) for bit in (KING, QUEEN, WIZARD_FLAG)]
    return points(castle, deck, pair_cards), holds[0], holds[1], holds[2]


def check_castles(castles: Sequence[Sequence[int]]) -> None:
    """Raise :class:`InvalidOptions` (a :class:`ValueError`) naming the problem unless the
    castles could end a game.

    >>> check_castles([[1, 5, 3]])
    Traceback (most recent call last):
    ...
    towerplay.core.errors.InvalidOptions: the castle of seat 1 is not increasing: 5 then 3
    """
    owner: dict[int, int] = {}
    full = 0
    for seat, castle in enumerate(castles):
        if not castle or castle[0] != 1:
            raise impossible("no_start", seat=Seat(seat))
        for card in castle[1:]:
            if not LOWEST <= card <= HIGHEST:
                raise impossible("out_of_range", seat=Seat(seat), card=card, low=LOWEST,
                                 high=HIGHEST)
        for low, high in pairwise(castle):
            if high <= low:
                raise impossible("not_increasing", seat=Seat(seat), low=low, high=high)
        for card in castle[1:]:
            if card in owner:
                raise impossible("twice", card=card, first=Seat(owner[card]),
                                 seat=Seat(seat))
            owner[card] = seat
        if len(castle) > GOAL:
            raise impossible("too_long", seat=Seat(seat), count=len(castle), goal=GOAL,
                             walls=GOAL - 1)
        full += len(castle) == GOAL
    if full > 1:
        raise impossible("two_full", goal=GOAL)


def impossible(key: str, /, **params: Param) -> InvalidOptions:
    """Castles that cannot end a game, ``castle.castles_<key>`` (an :class:`InvalidOptions`,
    so a :class:`ValueError`, worded by the catalogues in the reader's language)."""
    return InvalidOptions(Event.of(f"castle.castles_{key}", **params))
