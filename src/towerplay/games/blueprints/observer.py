"""What a seat of Blueprints may know, as a fixed-size vector (for learning agents).

It reads what the seat's view shows (straight from the state's fields): the pool, the
In-Demand colours, the bag's counts, the die in hand, every seat's taken dice and won cards,
and the blueprints and buildings the seat may see (its own; everyone's once they are scored).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from towerplay.core.memo import Memo
from towerplay.core.observer import Cells, Observer, Vector, moved_cells, recount
from towerplay.games.blueprints.dice import CELLS, MATERIALS, NO_DIE, NUM_DICE_CODES
from towerplay.games.blueprints.game import Blueprints
from towerplay.games.blueprints.moves import DISCARD, PLACE, STEP_NAMES, TAKE
from towerplay.games.blueprints.rounds import AWARDS, ROUNDS, VP
from towerplay.games.blueprints.state import BlueprintsState

STEPS = tuple(dict.fromkeys(STEP_NAMES))
STEP_INDEX = {step: index for index, step in enumerate(STEPS)}
CARDS = (*AWARDS[4], *(name for name in VP if name not in AWARDS[4]))
STACK = 4  # a stack's features: height, top value, top material, bottom material
BuildingKey = tuple[tuple[int, ...] | None, tuple[tuple[int, ...], ...] | None]


SUPPLY_NAMES = [("demand", 0), ("bag", len(MATERIALS))]


def supply_block(state: BlueprintsState) -> npt.NDArray[np.float32]:
    """The In-Demand materials (flags) and the bag's dice of each material (scaled)."""
    vector = Vector(np.zeros(len(MATERIALS) + 4, np.float32))
    vector.counts([float(m in state.demand) for m in range(len(MATERIALS))])
    vector.counts([count / 8 for count in state.bag])
    return vector.buffer


def cards_block(won: tuple[str, ...]) -> tuple[npt.NDArray[np.float32], float]:
    """How many of each card a seat won, and their VP (scaled)."""
    vector = Vector(np.zeros(len(CARDS), np.float32))
    vector.counts([float(won.count(card)) for card in CARDS])
    return vector.buffer, sum(VP[card] for card in won) / 20


class BlueprintsObserver(Observer[BlueprintsState]):
    """Reads the state's fields directly (the view writes every die as text, which the
    encoding would parse back), each only where the view shows it to the seat: another
    seat's blueprint, building and removed dice once the game is over, its cards and VP when
    the awards are public or the game is over (:meth:`BlueprintsState.sees_building`).
    Buildings and won cards (tuples) are written from blocks kept in a :class:`Memo`."""

    def __init__(self, game: Blueprints, players: int) -> None:
        self._buildings = Memo[BuildingKey, npt.NDArray[np.float32]](1 << 10)
        self._supply = Memo[tuple[tuple[int, int], tuple[int, ...], int],
                            npt.NDArray[np.float32]](1 << 8)
        self._cards = Memo[tuple[str, ...], tuple[npt.NDArray[np.float32], float]](1 << 8)
        self._head_stores = Memo[tuple[tuple[int, ...], tuple[int, ...]],
                                 tuple[tuple[int, float], ...]](1 << 10)
        self._seat_names = [[f"{label}[{index}]" for label in
                             ("taken", "removed", "cards", "vp", "building")]
                            for index in range(players)]
        self._head_at = (3 * players, 3 * players + ROUNDS)  # (refresh's: round, step)
        super().__init__(game, players)
        if self._head_at != (self.offsets["round"], self.offsets["step"]):
            raise AssertionError("blueprints observer: the head's layout moved")
        at = self.offsets  # (where _replay writes each seat's dice and stacks)
        self._taken_at = [at[names[0]] for names in self._seat_names]
        self._removed_at = [at[names[1]] for names in self._seat_names]
        self._stacks_at = [at[names[4]] + 1 + CELLS for names in self._seat_names]
        self._step_cells = [self._head_at[1] + STEP_INDEX[name] for name in STEP_NAMES]

    def encode_state(self, state: BlueprintsState, seat: int | None, vector: Vector,
                     recall: bool = False) -> None:
        self._write_head(state, seat, vector)
        vector.copy(self._supply_block(state), SUPPLY_NAMES)
        vector.name("pool")  # how many dice of each of the 24 kinds (material and value)
        vector.tally(state.pool, NUM_DICE_CODES)
        vector.name("hand")
        vector.one_hot(state.hand if state.hand != NO_DIE else None, NUM_DICE_CODES)
        vector.name("discards")
        vector.tally(state.discards, NUM_DICE_CODES)
        for index in range(self.players):
            taken, removed, won, building = self._seat_key(state, seat, index)
            vector.name("taken", index)
            vector.tally(taken, NUM_DICE_CODES)
            vector.name("removed", index)
            vector.tally(removed, NUM_DICE_CODES)
            kept = self._cards_block(won)
            vector.name("cards", index)
            vector.copy(kept[0])
            vector.name("vp", index)
            vector.scalar(kept[1])
            vector.name("building", index)
            vector.copy(self._building_block(building))

    def _write_head(self, state: BlueprintsState, seat: int | None, vector: Vector) -> None:
        """Who is who, the round and the step."""
        n = self.players
        for key, value in (("seat", seat), ("to_move", state.to_move),
                           ("first_player", state.first)):
            vector.name(key)
            vector.one_hot(value, n)
        vector.name("round")
        vector.one_hot(state.round, ROUNDS)
        vector.name("step")
        vector.one_hot(None if state.is_over else STEP_INDEX[state.step], len(STEPS))

    def _supply_block(self, state: BlueprintsState) -> npt.NDArray[np.float32]:
        supply = (state.demand, state.queue, state.drawn)  # (changes once a turn)
        block = self._supply.get(supply)
        if block is None:
            block = self._supply.put(supply, supply_block(state))
        return block

    def _cards_block(self, won: tuple[str, ...]) -> tuple[npt.NDArray[np.float32], float]:
        kept = self._cards.get(won)
        if kept is None:
            kept = self._cards.put(won, cards_block(won))
        return kept

    def _building_block(self, building: BuildingKey) -> npt.NDArray[np.float32]:
        block = self._buildings.get(building)
        if block is None:
            block = self._buildings.put(building, self.building_block(*building))
        return block

    @staticmethod
    def _seat_key(state: BlueprintsState, seat: int | None,
                  index: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...],
                                       BuildingKey]:
        """What ``seat`` sees of seat ``index``: its taken dice, removed dice, won cards
        and building (blanks where it may not see them)."""
        shown = state.sees_building(seat, index)
        cards_shown = state.game.options.awards_public or state.is_over or index == seat
        return (state.taken[index], state.removed[index] if shown else (),
                state.won[index] if cards_shown else (),
                (state.layouts[index], state.buildings[index]) if shown else (None, None))

    def keep(self, state: BlueprintsState, seat: int | None, vector: Vector) -> list[Any]:
        """The vector afresh, and the fields :meth:`refresh` compares (indices: see
        :meth:`refresh`) and where the history stood."""
        self.encode_state(state, seat, vector)
        history = state.history
        return [(state.demand, state.queue, state.drawn), state.pool.copy(), state.hand,
                state.discards, [self._seat_key(state, seat, index)
                                 for index in range(self.players)], self._head_cells(state),
                state.bag, len(history), state.round_start,
                history[-1] if history else None]

    def _head_cells(self, state: BlueprintsState) -> tuple[int, ...]:
        """Where the head's one-hots but the seat's have their 1 (-1: all zero there)."""
        n, (round_at, step_at) = self.players, self._head_at
        to_move, first, round_ = state.to_move, state.first, state.round
        return (n + to_move if to_move is not None and 0 <= to_move < n else -1,
                2 * n + first if 0 <= first < n else -1,
                round_at + round_ if 0 <= round_ < ROUNDS else -1,
                -1 if to_move is None else step_at + STEP_INDEX[state.step])

    def refresh(self, state: BlueprintsState, seat: int | None,
                buffer: npt.NDArray[np.float32], cells: Cells,
                kept: list[Any]) -> None:
        """Brings the kept vector up to date from the actions applied since it was last
        (``state.history``, which the engine keeps anyway): a die taken or discarded is
        counted off the pool and onto the taker's dice or the discards, the seat's own
        placement rewrites its stack, a refill counts the drawn dice onto the pool and off
        the bag. Where the actions cannot tell (a round scored since, the game over, a
        history that is not the one seen), the fields are compared (:meth:`_compare`)."""
        history = state.history
        done, now = kept[7], len(history)
        if (now < done or state.round_start != kept[8] or state.to_move is None
                or (done and history[done - 1] is not kept[9])):
            self._compare(state, seat, buffer, cells, kept)
        elif now > done:
            self._replay(state, seat, cells, kept, done, now)
        kept[7], kept[8], kept[9] = now, state.round_start, history[-1] if now else None

    def _replay(self, state: BlueprintsState, seat: int | None, cells: Cells,
                kept: list[Any], done: int, now: int) -> None:
        """The actions ``history[done:now]`` written onto the vector (all of one round, the
        game not over), and the compared fields brought along."""
        history, movers, at = state.history, state.movers, self.offsets
        pool, discards = at["pool"], at["discards"]
        taken_at, seats, own = self._taken_at, kept[4], False
        for index in range(done, now):
            kind, arg = history[index]
            mover = movers[index]
            if kind == TAKE:
                cells[pool + arg] -= 1.0  # (exact: small whole numbers, and 1 - 1 is +0)
                cells[taken_at[mover] + arg] += 1.0
                if mover != seat:  # (what else seat sees of another stays as it was)
                    seats[mover] = (state.taken[mover], *seats[mover][1:])
                else:
                    own = True
            elif kind == DISCARD:
                cells[pool + arg] -= 1.0
                cells[discards + arg] += 1.0
            elif mover != seat:
                continue  # (another seat's placement or removal: hidden from seat)
            elif kind == PLACE:
                self._write_stack(state.buildings[mover][arg],
                                  self._stacks_at[mover] + arg * STACK, cells)
                own = True
            else:  # REMOVE: the die in hand, taken by the action before
                cells[self._removed_at[mover] + history[index - 1][1]] += 1.0
                own = True
        if own:  # (seat's own: everything shown, its cards unchanged within a round)
            seats[seat] = (state.taken[seat], state.removed[seat], seats[seat][2],
                           (state.layouts[seat], state.buildings[seat]))
        drawn = state.drawn
        if drawn != kept[0][2]:  # (a refill: the dice drawn onto the pool, off the bag)
            bag, base = kept[6], at["bag"]
            for die in state.queue[kept[0][2]:drawn]:
                cells[pool + die] += 1.0
                bag[die & 3] -= 1  # (its material's count, as supply_block scales it)
                cells[base + (die & 3)] = bag[die & 3] / 8
            kept[0] = (state.demand, state.queue, drawn)
        kept[1] = state.pool.copy()
        kept[3] = state.discards
        hand = state.hand
        if hand != kept[2]:
            base = at["hand"]
            if kept[2] != NO_DIE:
                cells[base + kept[2]] = 0.0
            if hand != NO_DIE:
                cells[base + hand] = 1.0
            kept[2] = hand
        head, to_move, step = kept[5], self.players + state.to_move, \
            self._step_cells[state.step_kind]  # (the round and first player stay)
        if to_move != head[0] or step != head[3]:
            if to_move != head[0]:
                cells[head[0]] = 0.0
                cells[to_move] = 1.0
            if step != head[3]:
                cells[head[3]] = 0.0
                cells[step] = 1.0
            kept[5] = (to_move, head[1], head[2], step)

    def _move_head(self, state: BlueprintsState, cells: Cells, kept: list[Any]) -> None:
        """The head's one-hots moved to where they are now (the stores of each change
        worked out once)."""
        head = self._head_cells(state)
        if head != kept[5]:
            moved = (kept[5], head)
            stores = self._head_stores.get(moved)
            if stores is None:
                stores = self._head_stores.put(moved, moved_cells(*moved))
            for index, value in stores:
                cells[index] = value
            kept[5] = head

    def _compare(self, state: BlueprintsState, seat: int | None,
                 buffer: npt.NDArray[np.float32], cells: Cells, kept: list[Any]) -> None:
        """Rewrites the head and what changed of the rest, compared field by field with
        what the vector was written from: the supply, pool, hand and discards, and each
        seat's dice, cards and building."""
        at = self.offsets
        self._move_head(state, cells, kept)
        supply = (state.demand, state.queue, state.drawn)
        if supply != kept[0]:
            was, kept[0] = kept[0], supply
            if supply[:2] == was[:2] and supply[2] > was[2]:  # (dice drawn: a refill)
                bag, base = kept[6], at["bag"]
                for die in state.queue[was[2]:state.drawn]:
                    bag[die & 3] -= 1  # (its material's count, as supply_block scales it)
                    cells[base + (die & 3)] = bag[die & 3] / 8
            else:  # (a new round: the In-Demand colours and a new bag)
                kept[6] = state.bag
                cells[at["demand"]:at["pool"]] = self._supply_block(state)
        if state.pool != kept[1]:
            recount(buffer, cells, at["pool"], NUM_DICE_CODES, kept[1], state.pool)
            kept[1] = state.pool.copy()
        if state.hand != kept[2]:
            base = at["hand"]
            if kept[2] != NO_DIE and 0 <= kept[2] < NUM_DICE_CODES:
                cells[base + kept[2]] = 0.0
            if state.hand != NO_DIE and 0 <= state.hand < NUM_DICE_CODES:
                cells[base + state.hand] = 1.0
            kept[2] = state.hand
        if state.discards != kept[3]:
            recount(buffer, cells, at["discards"], NUM_DICE_CODES, kept[3], state.discards)
            kept[3] = state.discards
        seats = kept[4]
        over = state.to_move is None  # (what _seat_key reads, worked out once for all seats)
        public = over or state.game.options.awards_public
        taken, removed, won = state.taken, state.removed, state.won
        layouts, buildings = state.layouts, state.buildings
        for index, old in enumerate(seats):
            shown = over or index == seat
            if (taken[index] == old[0] and (removed[index] if shown else ()) == old[1]
                    and (won[index] if public or index == seat else ()) == old[2]
                    and ((layouts[index], buildings[index]) if shown else (None, None))
                    == old[3]):
                continue
            key = self._seat_key(state, seat, index)
            seats[index] = key
            names = self._seat_names[index]
            if key[0] != old[0]:
                recount(buffer, cells, at[names[0]], NUM_DICE_CODES, old[0], key[0])
            if key[1] != old[1]:
                recount(buffer, cells, at[names[1]], NUM_DICE_CODES, old[1], key[1])
            if key[2] != old[2]:
                block, vp = self._cards_block(key[2])
                base = at[names[2]]
                cells[base:base + len(block)] = block
                cells[at[names[3]]] = vp
            if key[3] != old[3]:
                self._refresh_building(key[3], old[3], at[names[4]], cells)

    def _refresh_building(self, building: BuildingKey, old: BuildingKey, base: int,
                          cells: Cells) -> None:
        """The stacks that changed (a die placed changes one) when the blueprint is the
        same and shown before and after; else the whole building's block."""
        layout, stacks = building
        if layout is None or stacks is None or layout != old[0] or old[1] is None:
            block = self._building_block(building)
            cells[base:base + len(block)] = block
            return
        base += 1 + CELLS
        for cell, (stack, was) in enumerate(zip(stacks, old[1])):
            if stack != was:
                self._write_stack(stack, base + cell * STACK, cells)

    @staticmethod
    def _write_stack(stack: tuple[int, ...], at: int, cells: Cells) -> None:
        """A stack's features at ``cells[at:at + STACK]``, as :meth:`building` writes them."""
        if stack:
            top = stack[-1]
            cells[at] = len(stack) / 6
            cells[at + 1] = (top >> 2) / 6
            cells[at + 2] = ((top & 3) + 1) / 4
            cells[at + 3] = ((stack[0] & 3) + 1) / 4
        else:
            for offset in range(STACK):
                cells[at + offset] = 0.0

    @classmethod
    def building_block(cls, layout: tuple[int, ...] | None,
                       stacks: tuple[tuple[int, ...], ...] | None) -> npt.NDArray[np.float32]:
        """:meth:`building` written into a block of its own."""
        vector = Vector(np.zeros(1 + CELLS * (1 + STACK), np.float32))
        cls.building(layout, stacks, vector)
        return vector.buffer

    @staticmethod
    def building(layout: tuple[int, ...] | None, stacks: tuple[tuple[int, ...], ...] | None,
                 vector: Vector) -> None:
        """Target heights (0: hatched) and each stack, or zeros when the seat may not see:
        shown, the heights, then per cell height, top value, top material, bottom material."""
        vector.scalar(float(layout is not None))
        vector.counts([height / 6 for height in layout or (0,) * CELLS])
        values: list[float] = []
        for stack in stacks or ((),) * CELLS:
            if stack:
                values += (len(stack) / 6, (stack[-1] >> 2) / 6,
                           ((stack[-1] & 3) + 1) / 4, ((stack[0] & 3) + 1) / 4)
            else:
                values += (0.0,) * STACK
        vector.counts(values)


def make_observer(game: Blueprints, players: int) -> BlueprintsObserver:
    return BlueprintsObserver(game, players)
