"""What a seat of Skytopia may know, as a fixed-size vector (for learning agents).

It reads what the view shows every seat (straight from the state's fields; only the decks'
order is hidden, and it reads their sizes alone): the Chronometer, the Market's cards and
golems, every city (Towers by colour and crest, coins, PP, golems, ability), the Guild
Masters, the pending decision and the draft.
"""
from __future__ import annotations

from operator import ne
from typing import Any

import numpy as np
import numpy.typing as npt

from towerplay.core.memo import Memo
from towerplay.core.observer import Cells, Observer, Vector
from towerplay.games.skytopia.actions import ROWS, SLOTS
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.effects import GOLEMS, EffectFrame
from towerplay.games.skytopia.game import Skytopia
from towerplay.games.skytopia.state import PH_SIDE, PHASE_NAMES, SkytopiaState

TOWER_NAMES = [f"tower_{colour}" for colour in COLOURS]
Block = npt.NDArray[np.float32]


class SkytopiaObserver(Observer[SkytopiaState]):
    """Reads the state's fields directly: the view's card glossary and texts cost ten times
    the encoding. The Market's cards and each city's Towers are written from blocks kept
    in a :class:`Memo` (they change a few times a round), the golems over them."""

    seat_blind = True  # (all it encodes is public: only the seat one-hot differs)

    def __init__(self, game: Skytopia, players: int) -> None:
        comp = game.comp
        self.crests = comp.crests
        self.guilds = [guild.ident for guild in comp.guilds]
        self.abilities = [f"{tile}{side}" for tile, _ in comp.tiles for side in "AB"]
        self.tiles = [tile for tile, _ in comp.tiles]
        self._costs = Memo[int, Block](8)  # by the dial's position (6 of them)
        self._markets = Memo[tuple[int, ...], Block](1 << 8)
        self._cards = Memo[int, Block](1 << 8)  # (a few dozen cards)
        self._guilds = Memo[tuple[int, ...], Block](1 << 6)
        self._cities = Memo[tuple[tuple[int, ...], ...], Block](1 << 10)
        self._golem_stores = Memo[tuple[tuple[int, ...], int],
                                  list[tuple[int, float]]](1 << 12)
        tower = 1 + len(self.crests)
        self._slot = market = 1 + len(self.crests) + 2 * players  # a Market slot's floats
        self._market_names = [(name, slot * market + offset) for slot in range(SLOTS)
                              for name, offset in ((f"market_card[{slot}]", 0),
                                                   (f"market_golems[{slot}]", tower),
                                                   (f"market_soonest[{slot}]",
                                                    tower + players))]
        self._tower_names = [[(f"{label}[{index}]", col * tower)
                              for col, label in enumerate(TOWER_NAMES)]
                             for index in range(players)]
        super().__init__(game, players)
        self._who_at = [(self.offsets["to_move"], players),
                        (self.offsets["first_player"], players),
                        (self.offsets["phase"], len(PHASE_NAMES))]  # (refresh's head[:3])
        starts = [self.offsets[f"city[{index}]"] for index in range(players)]
        self._tower_at = [[self.offsets[f"{label}[{index}]"] for label in TOWER_NAMES]
                          for index in range(players)]  # (a tower's height, then crests)
        ends = [*starts[1:], self.offsets["guild_masters"]]
        self._city_spans = list(zip(starts, ends, strict=True))

    def market_block(self, state: SkytopiaState, cards: tuple[int, ...]) -> Block:
        """The Market's cards as the observation writes them, with no golems there (per
        slot: card there or not, its crest; no golems, the soonest at distance 1)."""
        slots = self._cards
        blocks = []
        for card in cards:  # (a card's slot is worked out once a game)
            block = slots.get(card)
            if block is None:
                block = slots.put(card, self.slot_block(state, card))
            blocks.append(block)
        return np.concatenate(blocks)

    def slot_block(self, state: SkytopiaState, card: int) -> Block:
        """A Market slot holding ``card`` (-1: none) and no golems."""
        n = self.players
        vector = Vector(np.zeros(self._slot, np.float32))
        vector.scalar(float(card >= 0))
        vector.one_hot(state.comp.cards[card].crest if card >= 0 else None, len(self.crests))
        vector.counts([0.0] * n)
        vector.counts([1.0] * n)
        return vector.buffer

    def golems(self, state: SkytopiaState, at: int, buffer: Block | Cells) -> None:
        """Each seat's golems in the Market's slots (how many, the soonest one's distance),
        over :meth:`market_block`'s zeros and ones at ``buffer[at:]`` (a few slots hold
        golems: the other slots stay as they are)."""
        width = self._slot
        for slot, dice in enumerate(state.dice[:SLOTS]):
            if dice:
                self._slot_golems(state, at + slot * width, dice, buffer)

    def _slot_golems(self, state: SkytopiaState, at: int, dice: tuple[int, ...],
                     buffer: Block | Cells) -> None:
        """The golems on one Market slot, whose block starts at ``buffer[at]`` (the stores
        are worked out once for each slot's dice at each Chronometer position)."""
        key = (dice, state.build)
        stores = self._golem_stores.get(key)
        if stores is None:
            stores = self._golem_stores.put(key, self._golem_cells(state, dice))
        for offset, value in stores:
            buffer[at + offset] = value

    def _golem_cells(self, state: SkytopiaState, dice: tuple[int, ...]
                     ) -> list[tuple[int, float]]:
        """Where in a slot's block its golems are written, and what."""
        n, distance = self.players, state.distance
        golems = [0] * n
        soonest = [1.0] * n
        for die in dice:
            owner = die >> 3
            golems[owner] += 1
            soonest[owner] = min(soonest[owner], distance(die & 7) / 6)
        base = 1 + len(self.crests)
        return [store for owner in range(n) if golems[owner]
                for store in ((base + owner, float(golems[owner])),
                              (base + n + owner, soonest[owner]))]

    def city_block(self, state: SkytopiaState, towers: tuple[tuple[int, ...], ...]) -> Block:
        """A city's Towers as the observation writes them: per colour height, crests."""
        cards = state.comp.cards
        vector = Vector(np.zeros(len(TOWER_NAMES) * (1 + len(self.crests)), np.float32))
        for tower in towers:
            vector.scalar(len(tower) / 8)
            vector.tally([cards[key].crest for key in tower], len(self.crests))
        return vector.buffer

    def encode_state(self, state: SkytopiaState, seat: int | None, vector: Vector,
                     recall: bool = False) -> None:
        self._write_head(state, seat, vector)
        cards = tuple(state.market[:SLOTS])
        at = vector.size
        vector.copy(self._market(state, cards), self._market_names)
        self.golems(state, at, vector.buffer)  # (they move at every turn)
        for index in range(self.players):
            self._write_city(state, index, vector)
        vector.name("guild_masters")
        vector.copy(self._guild_block(state.guilds))
        self._write_tail(state, vector)

    def _write_head(self, state: SkytopiaState, seat: int | None, vector: Vector) -> None:
        """Who is who, the phase, the round, the Chronometer and the costs."""
        n, comp = self.players, state.comp
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
        vector.copy(self._cost_block(state))

    def _cost_block(self, state: SkytopiaState) -> Block:
        """What a die of each value costs (-1: at the build symbol), by the dial."""
        block = self._costs.get(state.build)
        if block is None:
            distance, cost = state.distance, state.comp.cost
            block = self._costs.put(state.build, np.array(
                [-1.0 if distance(v) == 0 else cost[distance(v)] / 6 for v in range(1, 7)],
                np.float32))
        return block

    def _market(self, state: SkytopiaState, cards: tuple[int, ...]) -> Block:
        """The Market's cards without golems (the cards change a few times a round)."""
        block = self._markets.get(cards)
        if block is None:
            block = self._markets.put(cards, self.market_block(state, cards))
        return block

    def _write_city(self, state: SkytopiaState, index: int, vector: Vector) -> None:
        """Seat ``index``'s coins, PP, golems on the board, ability and Towers."""
        vector.name("city", index)
        vector.counts([state.coins[index] / 20, state.prestige[index] / 50,
                       state.board[index] / GOLEMS])
        tile = state.tile[index]
        vector.name("ability", index)
        vector.one_hot(2 * tile + state.side[index] if tile >= 0 else None,
                       len(self.abilities))
        towers = tuple(state.towers[index * 4:index * 4 + 4])
        block = self._cities.get(towers)
        if block is None:
            block = self._cities.put(towers, self.city_block(state, towers))
        vector.copy(block, self._tower_names[index])  # per colour: height, crests

    def _guild_block(self, guilds: tuple[int, ...]) -> Block:
        """The Guild Masters in play, a flag each (the same all game)."""
        block = self._guilds.get(guilds)
        if block is None:
            vector = Vector(np.zeros(len(self.guilds), np.float32))
            vector.tally(set(guilds), len(self.guilds))
            block = self._guilds.put(guilds, vector.buffer)
        return block

    def _write_tail(self, state: SkytopiaState, vector: Vector) -> None:
        """The decks' sizes, the pending decision and the draft."""
        vector.name("deck_sizes")
        vector.counts([len(deck) / 10 for deck in state.decks])
        frame = state.stack[-1] if state.stack else None
        step = frame.step if type(frame) is EffectFrame else None
        vector.name("pending")
        vector.counts([float(step is not None), step / 5 if step is not None else 0.0,
                       len(state.completed) / ROWS])
        vector.name("draft_pool")
        vector.tally(set(state.pool) if state.phase <= PH_SIDE else (), len(self.tiles))

    def keep(self, state: SkytopiaState, seat: int | None, vector: Vector) -> list[Any]:
        """The vector afresh, and the fields :meth:`refresh` compares: the Market (its
        cards, golems and the Chronometer, by which their distances count), each city and
        the Guild Masters."""
        self.encode_state(state, seat, vector)
        return [state.market.copy(), state.dice.copy(), state.build,
                self._city_keys(state), state.guilds,
                (state.to_move, state.first, state.phase, state.round, state.last_round,
                 state.build), self._tail_key(state)]

    @staticmethod
    def _city_keys(state: SkytopiaState) -> list[Any]:
        """What the cities are written from: every seat's coins, PP, golems on the board
        (lists: one of them changes at most turns), abilities and Towers (rarely)."""
        return [state.coins.copy(), state.prestige.copy(), state.board.copy(),
                (state.tile.copy(), state.side.copy(), state.towers.copy())]

    def refresh(self, state: SkytopiaState, seat: int | None, buffer: Block,
                cells: Cells, kept: list[Any]) -> None:
        """Rewrites what changed: the head (but the seat: a kept vector's own), the
        Market's slots whose golems moved (all of it when its cards or the Chronometer
        did), the cities, the Guild Masters and the tail."""
        at = self.offsets
        head = (state.to_move, state.first, state.phase, state.round, state.last_round,
                state.build)
        if head != kept[5]:
            self._refresh_head(state, head, kept[5], cells)
            kept[5] = head
        self._refresh_market(state, cells, kept)
        cities = kept[3]  # (whole lists compared: cheaper than a key per seat)
        coins, prestige, board = state.coins, state.prestige, state.board
        if coins != cities[0] or prestige != cities[1] or board != cities[2]:
            for index, (base, _) in enumerate(self._city_spans):  # (at most turns)
                cells[base] = coins[index] / 20
                cells[base + 1] = prestige[index] / 50
                cells[base + 2] = board[index] / GOLEMS
            cities[0], cities[1], cities[2] = coins.copy(), prestige.copy(), board.copy()
        tile, side, towers = state.tile, state.side, state.towers
        was = cities[3]
        if tile != was[0] or side != was[1] or towers != was[2]:
            for index, (base, end) in enumerate(self._city_spans):
                if (tile[index] != was[0][index] or side[index] != was[1][index]
                        or not self._grow_towers(state, index, was[2], cells)):
                    buffer[base:end] = 0.0
                    self._write_city(state, index, Vector.at(buffer, base))
            cities[3] = (tile.copy(), side.copy(), towers.copy())
        if state.guilds != kept[4]:
            kept[4] = state.guilds
            base = at["guild_masters"]
            cells[base:base + len(self.guilds)] = self._guild_block(state.guilds)
        tail = self._tail_key(state)
        if tail != kept[6]:
            self._refresh_tail(tail, kept[6], buffer, cells)
            kept[6] = tail

    def _grow_towers(self, state: SkytopiaState, index: int, old: list[tuple[int, ...]],
                     cells: Cells) -> bool:
        """Seat ``index``'s Towers brought up from ``old`` (every seat's, as last written)
        where each changed one only grew (a card laid on top: its height and crest counted
        on); ``False``, some maybe written, where one did not (the city is then rewritten)."""
        towers, cards, crests = state.towers, state.comp.cards, len(self.crests)
        for colour, at in enumerate(self._tower_at[index]):
            tower, was = towers[index * 4 + colour], old[index * 4 + colour]
            if tower == was:
                continue
            if len(tower) <= len(was) or tower[:len(was)] != was:
                return False
            cells[at] = len(tower) / 8  # (as city_block writes them)
            for key in tower[len(was):]:
                crest = cards[key].crest
                if 0 <= crest < crests:
                    cells[at + 1 + crest] += 1.0
        return True

    def _refresh_tail(self, tail: tuple[Any, ...], old: tuple[Any, ...], buffer: Block,
                      cells: Cells) -> None:
        """What changed of :meth:`_write_tail`, by direct stores, from :meth:`_tail_key`
        (``old``: the key it was written from)."""
        at = self.offsets
        sizes, step, completed, pool = tail
        if sizes != old[0]:  # (a card drawn: a few times a round)
            for index, size in enumerate(sizes, at["deck_sizes"]):
                cells[index] = size / 10
        base = at["pending"]
        cells[base] = float(step is not None)
        cells[base + 1] = step / 5 if step is not None else 0.0
        cells[base + 2] = completed / ROWS
        if pool != old[3]:  # (the draft's pool: the first turns only)
            base = at["draft_pool"]
            buffer[base:] = 0.0
            for tile in set(pool):
                if 0 <= tile < len(self.tiles):
                    cells[base + tile] = 1.0

    @staticmethod
    def _tail_key(state: SkytopiaState) -> tuple[Any, ...]:
        """What :meth:`_write_tail` reads."""
        frame = state.stack[-1] if state.stack else None
        return (tuple(map(len, state.decks)),
                frame.step if type(frame) is EffectFrame else None, len(state.completed),
                state.pool if state.phase <= PH_SIDE else ())

    def _refresh_market(self, state: SkytopiaState, cells: Cells,
                        kept: list[Any]) -> None:
        """The Market's slots whose card or golems changed (every slot's golems when the
        Chronometer turned: their distances count from it)."""
        cards, dice, build = state.market, state.dice, state.build
        if cards == kept[0] and build == kept[2]:
            if dice != kept[1]:  # (golems moved: at about every other step)
                moved = list(map(ne, dice, kept[1]))  # (the slots that changed, found in C)
                slot = -1
                for _ in range(moved.count(True)):
                    slot = moved.index(True, slot + 1)
                    self._refresh_slot(state, slot, cards[slot], dice[slot], cells)
                kept[1] = dice.copy()
            return
        every = build != kept[2]  # (else a card or two taken, or the Market refilled)
        for slot, (card, now, was_card, was) in enumerate(zip(cards, dice, kept[0],
                                                                kept[1], strict=True)):
            if every or card != was_card or now != was:
                self._refresh_slot(state, slot, card, now, cells)
        kept[0], kept[1], kept[2] = cards.copy(), dice.copy(), build

    def _refresh_slot(self, state: SkytopiaState, slot: int, card: int,
                      dice: tuple[int, ...], cells: Cells) -> None:
        """One Market slot afresh: its card's block, its golems over it."""
        width = self._slot
        base = self.offsets["market_card[0]"] + slot * width
        block = self._cards.get(card)
        if block is None:
            block = self._cards.put(card, self.slot_block(state, card))
        cells[base:base + width] = block
        if dice:
            self._slot_golems(state, base, dice, cells)

    def _refresh_head(self, state: SkytopiaState, head: tuple[Any, ...],
                      old: tuple[Any, ...], cells: Cells) -> None:
        """What changed of :meth:`_write_head` but the seat, by direct stores, from
        ``head`` (``refresh``'s) and ``old``, the head it was written from: a one-hot
        that moved has its old cell turned off and its new one on."""
        at = self.offsets
        # (the first three of the head: _who_at's)
        for (base, size), was, now in zip(self._who_at, old, head, strict=False):
            if was != now:
                if was is not None and 0 <= was < size:
                    cells[base + was] = 0.0
                if now is not None and 0 <= now < size:
                    cells[base + now] = 1.0
        if head[3] != old[3] or head[4] != old[4]:  # (the round: rarely)
            base = at["round_final"]
            cells[base] = state.round / 10
            cells[base + 1] = float(bool(state.last_round))
        if head[5] != old[5]:  # the Chronometer turned
            dial, base = state.comp.dial, at["build_value"]
            was, now = dial[old[5]] - 1, dial[head[5]] - 1
            if 0 <= was < 6:
                cells[base + was] = 0.0
            if 0 <= now < 6:
                cells[base + now] = 1.0
            base = at["costs"]
            cells[base:base + 6] = self._cost_block(state)


def make_observer(game: Skytopia, players: int) -> SkytopiaObserver:
    return SkytopiaObserver(game, players)
