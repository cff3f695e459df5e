"""Scoring (spec §3.8): pure functions shared by the engine and the scoring assistant.

The rulebooks' examples: a capped 3-card tower scores 6, a capped 6-card tower 12, an
uncapped 4-card tower 4, and two torn-down cards cost 3.

>>> tower_points((7, 3, 0)), tower_points((15, 12, 10, 5, 2, 0)), tower_points((9, 6, 4, 1))
(6, 12, 4)
>>> teardown_penalty(2), tallest_bonus([(7, 3, 0), (9, 6, 4, 1)])
(3, 4)
>>> total([(15, 12, 10, 5, 2, 0)], torn=2)   # 12 + 6 bonus - 3
15
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from towerplay.core.events import Event, Param, Term

Tower = Sequence[int]


def is_capped(tower: Tower) -> bool:
    """A tower with a tower top (a 0, always its last card)."""
    return bool(tower) and tower[-1] == 0


def tower_points(tower: Tower) -> int:
    """1 point per card, 2 per card in a capped tower (the 0 included)."""
    return len(tower) * (2 if is_capped(tower) else 1)


def tallest_bonus(towers: Sequence[Tower]) -> int:
    """+1 per card of the player's tallest tower (0 without towers)."""
    return max((len(t) for t in towers), default=0)


def teardown_penalty(torn: int) -> int:
    """1 + 2 + … + n for n torn-down cards."""
    return torn * (torn + 1) // 2


def total(towers: Sequence[Tower], torn: int) -> int:
    """A player's score: :func:`tower_points` of each tower, :func:`tallest_bonus` and
    less :func:`teardown_penalty` (in one pass: observers score a seat whenever its towers
    change, at about every other step of a game)."""
    points = tallest = 0
    for tower in towers:
        size = len(tower)
        points += size + size if size and tower[-1] == 0 else size
        tallest = max(tallest, size)
    return points + tallest - teardown_penalty(torn)


def rows(towers: Mapping[str, Tower], torn: int) -> list[tuple[Event, int]]:
    """The score as ``(label, points)`` rows that add up to :func:`total`: each tower
    (capped ones doubled), the tallest-tower bonus, the tear-down cost; each label an
    event the catalogues word.

    >>> from towerplay.i18n import word
    >>> [(word(label, "en"), points)  # doctest: +NORMALIZE_WHITESPACE
    ...  for label, points in rows({"candy": (15, 12, 9, 0), "sand": (7, 6)}, torn=2)]
    [('candy tower: 4 cards, capped ×2', 8), ('sand tower: 2 cards', 2),
     ('tallest tower (candy): +1 per card', 4), ('torn down: 2 cards (1+2)', -3)]
    """
    out = []
    for name, tower in towers.items():
        key = "five_towers.score.capped" if is_capped(tower) else "five_towers.score.tower"
        out.append((Event.of(key, suit=Term(name), count=len(tower)), tower_points(tower)))
    tallest = max(towers, key=lambda n: len(towers[n]), default=None)
    if tallest is not None:
        bonus = tallest_bonus(list(towers.values()))
        out.append((Event.of("five_towers.score.tallest", suit=Term(tallest)), bonus))
    if torn:
        steps = "+".join(map(str, range(1, torn + 1))) if torn <= 5 else f"1+2+…+{torn}"
        out.append((Event.of("five_towers.score.torn", count=torn, steps=steps),
                    -teardown_penalty(torn)))
    return out


def labels(view: Mapping[str, Any]) -> list[list[Param]]:
    """The labels of a finished game's score breakdown (``view["breakdown"]``), from the
    view's towers and tear-down counts: the game's ``score_labels``."""
    return [[label for label, _ in rows({suit: cards for suit, cards in towers.items()
                                         if cards}, torn)]
            for towers, torn in zip(view["towers"], view["torn"], strict=True)]


def breakdown(towers: Mapping[str, Tower], torn: int) -> dict[str, Any]:
    """The score broken down per tower (JSON-ready), as the scoring assistant prints it.

    >>> breakdown({"candy": (15, 12, 9, 0), "sand": (7, 6)}, torn=2)["total"]
    11
    """
    rows: dict[str, dict[str, Any]] = {
        name: {"cards": list(t), "capped": is_capped(t), "points": tower_points(t)}
        for name, t in towers.items()}
    tallest = max(towers, key=lambda n: len(towers[n]), default=None)
    bonus = tallest_bonus(list(towers.values()))
    penalty = teardown_penalty(torn)
    return {"total": sum(r["points"] for r in rows.values()) + bonus - penalty,
            "towers": rows, "tallest": tallest, "bonus": bonus, "torn": torn,
            "penalty": -penalty}
