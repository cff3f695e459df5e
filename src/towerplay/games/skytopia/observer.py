"""What a seat of Skytopia may know, as a fixed-size vector (for learning agents).

It reads what the view shows every seat (straight from the state's fields; only the decks'
order is hidden, and it reads their sizes alone): the Chronometer, the Market's cards and
golems, every city (Towers by colour and crest, coins, PP, golems, ability), the Guild
Masters, the pending decision and the draft.
"""
from __future__ import annotations

from towerplay.core.observer import Observer, Vector
from towerplay.games.skytopia.actions import ROWS, SLOTS
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.effects import EffectFrame
from towerplay.games.skytopia.game import Skytopia
from towerplay.games.skytopia.state import GOLEMS, PH_SIDE, PHASE_NAMES, SkytopiaState

TOWER_NAMES = [f"tower_{colour}" for colour in COLOURS]


class SkytopiaObserver(Observer[SkytopiaState]):
    """Reads the state's fields directly: the view's card glossary and texts cost ten times
    the encoding."""

    def __init__(self, game: Skytopia, players: int) -> None:
        comp = game.comp
        self.crests = comp.crests
        self.guilds = [guild.ident for guild in comp.guilds]
        self.abilities = [f"{tile}{side}" for tile, _ in comp.tiles for side in "AB"]
        self.tiles = [tile for tile, _ in comp.tiles]
        super().__init__(game, players)

    def encode_state(self, state: SkytopiaState, seat: int | None, vector: Vector,
                     recall: bool = False) -> None:
        n, comp = self.players, state.comp
        cards, distance = comp.cards, state.distance
        for key, value in (("seat", seat), ("to_move", state.to_move),
                           ("first_player", state.first)):
            vector.name(key)
            vector.one_hot(value, n)
        vector.name("phase")
        vector.one_hot(state.phase, len(PHASE_NAMES))
        vector.name("round_final")
        vector.counts([state.round / 10, float(bool(state.last_round))])
        vector.name("build_value")
        vector.one_hot(comp.dial[state.build] - 1, 6)
        vector.name("costs")
        vector.counts([-1.0 if distance(v) == 0 else comp.cost[distance(v)] / 6
                       for v in range(1, 7)])
        for slot in range(SLOTS):
            card = state.market[slot]
            vector.name("market_card", slot)
            vector.scalar(float(card >= 0))
            vector.one_hot(cards[card].crest if card >= 0 else None, len(self.crests))
            golems = [0.0] * n
            soonest = [1.0] * n
            for die in state.dice[slot]:
                owner = die >> 3
                golems[owner] += 1
                soonest[owner] = min(soonest[owner], distance(die & 7) / 6)
            vector.name("market_golems", slot)
            vector.counts(golems)
            vector.name("market_soonest", slot)
            vector.counts(soonest)
        for index in range(n):
            vector.name("city", index)  # coins, PP, golems on the board
            vector.counts([state.coins[index] / 20, state.prestige[index] / 50,
                           state.board[index] / GOLEMS])
            tile = state.tile[index]
            vector.name("ability", index)
            vector.one_hot(2 * tile + state.side[index] if tile >= 0 else None,
                           len(self.abilities))
            for col, label in enumerate(TOWER_NAMES):
                tower = state.towers[index * 4 + col]
                vector.name(label, index)  # height, then crests
                vector.scalar(len(tower) / 8)
                vector.tally([cards[key].crest for key in tower], len(self.crests))
        vector.name("guild_masters")
        vector.counts([float(g in state.guilds) for g in range(len(self.guilds))])
        vector.name("deck_sizes")
        vector.counts([len(deck) / 10 for deck in state.decks])
        frame = state.stack[-1] if state.stack else None
        step = frame.step if type(frame) is EffectFrame else None
        vector.name("pending")
        vector.counts([float(step is not None), step / 5 if step is not None else 0.0,
                       len(state.completed) / ROWS])
        vector.name("draft_pool")
        vector.counts([float(state.phase <= PH_SIDE and t in state.pool)
                       for t in range(len(self.tiles))])


def make_observer(game: Skytopia, players: int) -> SkytopiaObserver:
    return SkytopiaObserver(game, players)
