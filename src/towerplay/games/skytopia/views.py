"""What a seat sees of a Skytopia position, as JSON (:meth:`.SkytopiaState.view`): the
view's types and the function that builds it.

Everything on the table is public, so every seat and spectator gets the same view; only the
order of the face-down decks is hidden (the view gives their sizes). Cards are named by
their ids, and every card the view names is described in its ``cards`` glossary.

>>> from towerplay import games
>>> state = games.load("skytopia").start(players=2, seed=1)
>>> v = view(state, None)
>>> v["round"], v["phase"], len(v["cities"]), v["deck_sizes"] == [len(d) for d in state.decks]
(1, 'phase 2: assign a golem', 2, True)
"""
from typing import NotRequired

from typing_extensions import TypedDict

from towerplay.core.views import Breakdown, View
from towerplay.games.skytopia import state as rules  # (a cycle: state imports this module,

# so its names are quoted in annotations)
from towerplay.games.skytopia.actions import SLOTS, slot_name
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.effects import EffectFrame
from towerplay.games.skytopia.scoring import describe_guild


class MarketSlot(TypedDict):
    """An occupied Market slot: its card (``None``: taken) and the golems on it."""

    card: str | None
    golems: list[list[int]]
    """``[seat, value]`` of each golem on the slot."""
    rounds: list[int]
    """Each golem's rounds until the chronometer completes it."""


class City(TypedDict):
    """A seat's city: coins, Prestige Points, golems at home, Towers and ability."""

    coins: int
    pp: int
    golems_on_board: int
    towers: dict[str, list[str]]
    """Card ids by colour, bottom to top."""
    ability: str | None
    """The ability tile and side (``"T3A"``), once chosen (``None`` before, as its text)."""
    ability_text: str | None


class Pending(TypedDict):
    """The effect being run, and the index of its next step."""

    effect: str
    step: int


class CardInfo(TypedDict):
    """A card named by the view, in its glossary."""

    name: str
    colour: str
    crest: str | None


class TileInfo(TypedDict):
    """An ability tile on offer: its colour and what each side does."""

    colour: str
    A: str
    B: str


class SkytopiaPart(TypedDict):
    """The game's own keys (:func:`view`)."""

    round: int
    final_round: int | None
    first_player: int
    phase: str
    build_value: int
    costs: dict[str, int | None]
    """The cost of placing a golem of each value (``None``: it may not be placed)."""
    chronometer: list[int]
    rows: int
    market: dict[str, MarketSlot]
    deck_sizes: list[int]
    guild_masters: list[str]
    guild_texts: list[str]
    foundations: list[str]
    foundation_crests: list[str]
    cities: list[City]
    pending: Pending | None
    completed: list[str]
    cards: dict[str, CardInfo]
    draft_pool: list[str] | None
    provisional: bool
    ability_tiles: NotRequired[dict[str, TileInfo]]
    """While tiles and sides are chosen: what each does."""
    breakdown: NotRequired[Breakdown]


class SkytopiaView(View, SkytopiaPart):
    """A Skytopia view: the kernel's keys and the game's."""


def side_text(tile: TileInfo, side: str) -> str:
    """What side ``"a"`` (or ``"b"``) of an ability ``tile`` does.

    >>> side_text({"colour": "red", "A": "gain 1 coin", "B": "gain 1 PP"}, "b")
    'gain 1 PP'
    """
    return tile["A"] if side == "a" else tile["B"]


def slot_card(view: SkytopiaView, slot: str) -> str | None:
    """The id of the card on Market ``slot`` (``None``: no card there)."""
    entry = view["market"].get(slot)
    return None if entry is None else entry["card"]


def view(state: "rules.SkytopiaState", seat: int | None) -> SkytopiaPart:
    """The position as every seat sees it (``seat`` changes nothing: all is public)."""
    c = state.comp
    cards = c.cards
    shown: set[int] = set()  # the cards the view names: described in its glossary
    market = _market(state, shown)
    cities = _cities(state, shown)
    pending: Pending | None = None
    frame = state.stack[-1] if state.stack else None
    if type(frame) is EffectFrame:
        pending = {"effect": effect_name(state, frame.key), "step": frame.step}
    shown.update(k for _, k in state.completed)
    shown.discard(-1)
    result: SkytopiaPart = {
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


def _market(state: "rules.SkytopiaState", shown: set[int]) -> dict[str, MarketSlot]:
    """The Market's occupied slots: card and golems (with their rounds to completion)."""
    cards = state.comp.cards
    market: dict[str, MarketSlot] = {}
    for slot in range(SLOTS):
        if state.market[slot] >= 0 or state.dice[slot]:
            card = state.market[slot]
            shown.add(card)
            market[slot_name(slot)] = {
                "card": cards[card].ident if card >= 0 else None,
                "golems": [[d >> 3, d & 7] for d in state.dice[slot]],
                "rounds": [state.distance(d & 7) for d in state.dice[slot]]}
    return market


def _cities(state: "rules.SkytopiaState", shown: set[int]) -> list[City]:
    """Each seat's city: coins, PP, golems at home, Towers and ability."""
    c = state.comp
    cards = c.cards
    cities: list[City] = []
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


def effect_name(state: "rules.SkytopiaState", key: int) -> str:
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
