"""What a seat sees of a Skytopia position, as JSON (:meth:`.SkytopiaState.view`).

Everything on the table is public, so every seat and spectator gets the same view; only the
order of the face-down decks is hidden (the view gives their sizes). Cards are named by
their ids, and every card the view names is described in its ``cards`` glossary.

>>> from towerplay import games
>>> state = games.load("skytopia").start(players=2, seed=1)
>>> v = view(state, None)
>>> v["round"], v["phase"], len(v["cities"]), v["deck_sizes"] == [len(d) for d in state.decks]
(1, 'phase 2: assign a golem', 2, True)
"""
from __future__ import annotations

from typing import Any

from towerplay.games.skytopia import state as rules  # (a cycle: state imports this module)
from towerplay.games.skytopia.actions import SLOTS, slot_name
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.effects import EffectFrame
from towerplay.games.skytopia.scoring import describe_guild


def view(state: rules.SkytopiaState, seat: int | None) -> dict[str, Any]:
    """The position as every seat sees it (``seat`` changes nothing: all is public)."""
    c = state.comp
    cards = c.cards
    shown: set[int] = set()  # the cards the view names: described in its glossary
    market = _market(state, shown)
    cities = _cities(state, shown)
    pending = None
    frame = state.stack[-1] if state.stack else None
    if type(frame) is EffectFrame:
        pending = {"effect": effect_name(state, frame.key), "step": frame.step}
    shown.update(k for _, k in state.completed)
    shown.discard(-1)
    result: dict[str, Any] = {
        "round": state.round, "final_round": state.last_round or None,
        "first_player": state.first, "phase": rules.PHASE_NAMES[state.phase],
        "build_value": c.dial[state.build],
        "costs": {str(v): (None if state.distance(v) == 0 else c.cost[state.distance(v)])
                  for v in range(1, 7)},
        "chronometer": [c.dial[(state.build + d) % 6] for d in range(6)],
        "rows": state.rows,
        "market": market, "deck_sizes": [len(d) for d in state.decks],
        "guild_masters": [c.guilds[g].ident for g in state.guilds],
        "guild_texts": [describe_guild(c.guilds[g]) for g in state.guilds],
        "foundations": [cards[c.foundation(col)].name for col in range(4)],
        "foundation_crests": [c.crests[cards[c.foundation(col)].crest] for col in range(4)],
        "cities": cities, "pending": pending,
        "completed": [cards[k].ident for _, k in state.completed],
        "cards": {cards[k].ident: {"name": cards[k].name, "colour": COLOURS[cards[k].colour],
                                   "crest": c.crests[cards[k].crest]
                                   if cards[k].crest >= 0 else None}
                  for k in sorted(shown)},
        "draft_pool": ([c.tiles[t][0] for t in state.pool]
                       if state.phase <= rules.PH_SIDE else None),
        "provisional": c.provisional,
    }
    if state.phase <= rules.PH_SIDE:  # what each tile and side does, for the choices
        result["ability_tiles"] = {
            ident: {"colour": COLOURS[colour], "A": c.abilities[t][0].text,
                    "B": c.abilities[t][1].text}
            for t, (ident, colour) in enumerate(c.tiles)}
    if state.phase == rules.PH_OVER:
        result["breakdown"] = [state.breakdown(p) for p in range(state.players)]
    return result


def _market(state: rules.SkytopiaState, shown: set[int]) -> dict[str, Any]:
    """The Market's occupied slots: card and golems (with their rounds to completion)."""
    cards = state.comp.cards
    market = {}
    for slot in range(SLOTS):
        if state.market[slot] >= 0 or state.dice[slot]:
            card = state.market[slot]
            shown.add(card)
            market[slot_name(slot)] = {
                "card": cards[card].ident if card >= 0 else None,
                "golems": [[d >> 3, d & 7] for d in state.dice[slot]],
                "rounds": [state.distance(d & 7) for d in state.dice[slot]]}
    return market


def _cities(state: rules.SkytopiaState, shown: set[int]) -> list[dict[str, Any]]:
    """Each seat's city: coins, PP, golems at home, Towers and ability."""
    c = state.comp
    cards = c.cards
    cities = []
    for p in range(state.players):
        tile = state.tile[p]
        towers = {}
        for col in range(4):
            keys = state.towers[p * 4 + col]
            shown.update(keys)
            towers[COLOURS[col]] = [cards[k].ident for k in keys]
        ability = None if tile < 0 else c.abilities[tile][state.side[p]]
        cities.append({
            "coins": state.coins[p], "pp": state.prestige[p], "golems_on_board": state.board[p],
            "towers": towers,
            "ability": None if tile < 0 else f"{c.tiles[tile][0]}{'AB'[state.side[p]]}",
            "ability_text": None if ability is None else ability.text})
    return cities


def effect_name(state: rules.SkytopiaState, key: int) -> str:
    """The effect ``key`` in words: a Tower card's id and name, or an ability's tile, side
    and text."""
    c = state.comp
    if key < len(c.cards):
        return state.card_text(key)
    for tile, sides in enumerate(c.abilities):
        for side, ability in enumerate(sides):
            if ability.key == key:
                return f"ability {c.tiles[tile][0]}{'AB'[side]}: {ability.text}"
    return str(key)  # pragma: no cover
