"""Skytopia final scoring: pure functions shared by the engine and the scoring assistant.

The rulebook's example (Magda): 45 PP on the track; Mechanics (2 blue+gold pairs) 6,
Builders (tallest Tower of 4 incl. the Foundation) 4, Merchants (2 crests in gold) 6;
1 Laboratory 5; 22 coins 4; 2 golems on the Market 2; total 72.

>>> from towerplay.games.skytopia.components import load_components
>>> comp = load_components()
>>> guilds = [guild_index(comp, g) for g in ("mechanics", "builders", "merchants")]
>>> tally = final_tally(comp, guilds, track=45, cards=(1, 3, 0, 1), crest_types=(1, 2, 0, 1),
...                     laboratory_pp=5, coins=22, golems_on_market=2)
>>> tally["guilds"], tally["total"]
({'mechanics': 6, 'builders': 4, 'merchants': 6}, 72)
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.games.skytopia.components import Components, Guild


def guild_index(comp: Components, ident: str) -> int:
    """The index of the Guild Master with id ``ident``; :class:`InvalidOptions` if unknown."""
    for i, guild in enumerate(comp.guilds):
        if guild.ident == ident:
            return i
    raise InvalidOptions(Event.of("skytopia.score_guild", got=repr(ident)[:40],
                                  known=", ".join(g.ident for g in comp.guilds)))


def guild_points(guild: Guild, cards: Sequence[int], crest_types: Sequence[int]) -> int:
    """PP one Guild Master gives a city with ``cards[c]`` Tower cards in colour ``c``
    (Foundations not included) and ``crest_types[c]`` different crests in that Tower
    (the Foundation's crest included when it has one)."""
    base = 1 if guild.include_foundations else 0
    heights = [n + base for n in cards]
    kind = guild.kind
    if kind == "pairs":
        return min(heights[c] for c in guild.colours) * guild.pp
    if kind == "tallest_tower":
        return max(heights) * guild.pp
    if kind == "shortest_tower":
        return min(heights) * guild.pp
    if kind == "nth_tallest":
        return sorted(heights, reverse=True)[guild.n - 1] * guild.pp
    if kind == "towers_at_least":
        return sum(h >= guild.height for h in heights) * guild.pp
    if kind == "crest_types":
        return crest_types[guild.tower] * guild.pp
    if kind == "cards_in_tower":
        return heights[guild.tower] * guild.pp
    raise AssertionError(kind)  # pragma: no cover


def describe_guild(guild: Guild) -> str:
    """A one-line description of a Guild Master's scoring.

    >>> from towerplay.games.skytopia.components import load_components
    >>> describe_guild(load_components().guilds[0])
    "Mechanics' Guild: 3 PP per set of blue+gold cards (Foundations count)"
    """
    from towerplay.games.skytopia.components import COLOURS

    kind, pp = guild.kind, guild.pp
    text = {
        "pairs": f"{pp} PP per set of {'+'.join(COLOURS[c] for c in guild.colours)} cards",
        "tallest_tower": f"{pp} PP per card in your tallest Tower",
        "shortest_tower": f"{pp} PP per card in your shortest Tower",
        "nth_tallest": f"{pp} PP per card in your Tower number {guild.n} by height",
        "towers_at_least": f"{pp} PP per Tower of {guild.height}+ cards",
        "crest_types": f"{pp} PP per crest kind in your "
                       f"{COLOURS[guild.tower] if guild.tower >= 0 else ''} Tower",
        "cards_in_tower": f"{pp} PP per card in your "
                          f"{COLOURS[guild.tower] if guild.tower >= 0 else ''} Tower",
    }[kind]
    return f"{guild.name}: {text}" + (" (Foundations count)" if guild.include_foundations
                                      else "")


def final_tally(comp: Components, guilds: Sequence[int], track: int, cards: Sequence[int],
                crest_types: Sequence[int], laboratory_pp: int, coins: int,
                golems_on_market: int) -> dict[str, Any]:
    """The final score of one city, with its breakdown (a JSON-ready dict)."""
    per_guild = {comp.guilds[g].ident: guild_points(comp.guilds[g], cards, crest_types)
                 for g in guilds}
    parts = {"track": track, "guilds": per_guild, "laboratories": laboratory_pp,
             "coins": coins // 5, "golems": golems_on_market}
    parts["total"] = track + sum(per_guild.values()) + laboratory_pp + coins // 5 \
        + golems_on_market
    return parts


def city_summary(comp: Components, towers: Sequence[Sequence[int]]) -> tuple[list[int],
                                                                              list[int], int]:
    """(cards per colour, crest types per colour incl. the Foundation's, Laboratory PP)."""
    cards = [len(t) for t in towers]
    crest_types = []
    for colour, tower in enumerate(towers):
        crests = {comp.cards[k].crest for k in tower}
        crests.add(comp.cards[comp.foundation(colour)].crest)
        crests.discard(-1)
        crest_types.append(len(crests))
    labs = sum(comp.cards[k].endgame for t in towers for k in t)
    return cards, crest_types, labs
