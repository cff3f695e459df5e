"""What a seat of Blueprints may know, as a fixed-size vector (for learning agents).

It reads what the seat's view shows (straight from the state's fields): the pool, the
In-Demand colours, the bag's counts, the die in hand, every seat's taken dice and won cards,
and the blueprints and buildings the seat may see (its own; everyone's once they are scored).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from towerplay.core.memo import Memo
from towerplay.core.observer import Cells, Observer, Vector
from towerplay.games.blueprints.dice import CELLS, MATERIALS, NO_DIE, NUM_DICE_CODES
from towerplay.games.blueprints.game import Blueprints
from towerplay.games.blueprints.moves import DISCARD, PLACE, STEP_NAMES, TAKE
from towerplay.games.blueprints.rounds import AWARDS, ROUNDS, VP
from towerplay.games.blueprints.state import BlueprintsState

STEPS = tuple(dict.fromkeys(STEP_NAMES))
STEP_INDEX = {step: index for index, step in enumerate(STEPS)}
KIND_STEP = tuple(STEP_INDEX[name] for name in STEP_NAMES)
"""The step one-hot's index of each kind of move due (``step_kind``)."""
CARDS = (*AWARDS[4], *(name for name in VP if name not in AWARDS[4]))
STACK = 4  # a stack's features: height, top value, top material, bottom material
BuildingKey = tuple[tuple[int, ...] | None, tuple[tuple[int, ...], ...] | None]
HeadKey = tuple[int | None, int | None, int, int, int | None]


SUPPLY_NAMES = [("demand", 0), ("bag", len(MATERIALS))]


MATERIAL_OF = bytes(die & 3 for die in range(256))
"""A die code's material (``bytes.translate``'s table: the bag counted in C)."""


def bag_counts(state: BlueprintsState) -> tuple[int, int, int, int]:
    """How many dice of each material are in the bag (``state.bag``, counted in C)."""
    left = bytes(state.queue[state.drawn:]).translate(MATERIAL_OF)
    return left.count(0), left.count(1), left.count(2), left.count(3)


def supply_block(demand: tuple[int, int], bag: tuple[int, ...]) -> npt.NDArray[np.float32]:
    """The In-Demand materials (flags) and the bag's dice of each material (scaled)."""
    vector = Vector(np.zeros(len(MATERIALS) + 4, np.float32))
    vector.counts([float(m in demand) for m in range(len(MATERIALS))])
    vector.counts([count / 8 for count in bag])
    return vector.buffer


def cards_block(won: tuple[str, ...]) -> tuple[npt.NDArray[np.float32], float]:
    """How many of each card a seat won, and their VP (scaled)."""
    vector = Vector(np.zeros(len(CARDS), np.float32))
    vector.counts([float(won.count(card)) for card in CARDS])
    return vector.buffer, sum(VP[card] for card in won) / 20


def count_pile(vector: Vector, pile: Sequence[int]) -> None:
    """How many dice of each of the 24 kinds ``pile`` holds (:meth:`Vector.tally`, without
    its range check: a die code is always in range)."""
    cells, base = vector.cells, vector.size
    for die in pile:
        cells[base + die] += 1.0
    vector.size = base + NUM_DICE_CODES


class BlueprintsObserver(Observer[BlueprintsState]):
    """Reads the state's fields directly (the view writes every die as text, which the
    encoding would parse back), each only where the view shows it to the seat: another
    seat's blueprint, building and removed dice once the game is over, its cards and VP when
    the awards are public or the game is over (:meth:`BlueprintsState.sees_building`).
    Buildings, won cards, the head and the supply are written from blocks kept in a
    :class:`Memo`; a kept vector follows the actions applied since it was last brought up to
    date (:meth:`refresh`)."""

    def __init__(self, game: Blueprints, players: int) -> None:
        self._buildings = Memo[BuildingKey, npt.NDArray[np.float32]](1 << 10)
        self._supply = Memo[tuple[tuple[int, int], tuple[int, ...]],
                            npt.NDArray[np.float32]](1 << 10)
        self._cards = Memo[tuple[str, ...], tuple[npt.NDArray[np.float32], float]](1 << 8)
        self._heads = Memo[HeadKey, npt.NDArray[np.float32]](1 << 10)
        self._head_names = [(label, index * players) for index, label in
                            enumerate(("seat", "to_move", "first_player", "round"))]
        self._head_names.append(("step", 3 * players + ROUNDS))
        self._seat_names = [[f"{label}[{index}]" for label in
                             ("taken", "removed", "cards", "vp", "building")]
                            for index in range(players)]
        self._head_at = (3 * players, 3 * players + ROUNDS)  # (refresh's: round, step)
        super().__init__(game, players)
        if self._head_at != (self.offsets["round"], self.offsets["step"]):
            raise AssertionError("blueprints observer: the head's layout moved")
        at = self.offsets  # (where refresh writes)
        self._pool_at, self._discards_at, self._hand_at = at["pool"], at["discards"], at["hand"]
        self._bag_at = at["bag"]
        self._taken_at = [at[names[0]] for names in self._seat_names]
        self._removed_at = [at[names[1]] for names in self._seat_names]
        self._cards_at = [at[names[2]] for names in self._seat_names]
        if any(at[names[3]] != at[names[2]] + len(CARDS) for names in self._seat_names):
            raise AssertionError("blueprints observer: vp no longer follows cards")
        self._building_at = [at[names[4]] for names in self._seat_names]
        self._stacks_at = [base + 1 + CELLS for base in self._building_at]
        self._step_cells = [self._head_at[1] + step for step in KIND_STEP]

    def encode_state(self, state: BlueprintsState, seat: int | None, vector: Vector,
                     recall: bool = False) -> None:
        self._write_head(state, seat, vector)
        vector.copy(self._supply_block(state), SUPPLY_NAMES)
        vector.name("pool")  # how many dice of each of the 24 kinds (material and value)
        count_pile(vector, state.pool)
        vector.name("hand")
        vector.one_hot(state.hand if state.hand != NO_DIE else None, NUM_DICE_CODES)
        vector.name("discards")
        count_pile(vector, state.discards)
        for index in range(self.players):
            taken, removed, won, building = self._seat_key(state, seat, index)
            vector.name("taken", index)
            count_pile(vector, taken)
            vector.name("removed", index)
            count_pile(vector, removed)
            kept = self._cards_block(won)
            vector.name("cards", index)
            vector.copy(kept[0])
            vector.name("vp", index)
            vector.scalar(kept[1])
            vector.name("building", index)
            vector.copy(self._building_block(building))

    def _write_head(self, state: BlueprintsState, seat: int | None, vector: Vector) -> None:
        """Who is who, the round and the step (from a block kept by their values)."""
        to_move = state.to_move
        key = (seat, to_move, state.first, state.round,
               None if to_move is None else KIND_STEP[state.step_kind])
        vector.copy(self._head_block(key), self._head_names)

    def _head_block(self, key: HeadKey) -> npt.NDArray[np.float32]:
        block = self._heads.get(key)
        if block is None:
            block = self._heads.put(key, self.head_block(*key))
        return block

    def head_block(self, seat: int | None, to_move: int | None, first: int, round_: int,
                   step: int | None) -> npt.NDArray[np.float32]:
        """The seat, seat to move, first player, round and step one-hots (all 0 for
        ``None``), in a block of their own."""
        n = self.players
        vector = Vector(np.zeros(3 * n + ROUNDS + len(STEPS), np.float32))
        for value in (seat, to_move, first):
            vector.one_hot(value, n)
        vector.one_hot(round_, ROUNDS)
        vector.one_hot(step, len(STEPS))
        return vector.buffer

    def _supply_block(self, state: BlueprintsState) -> npt.NDArray[np.float32]:
        supply = (state.demand, bag_counts(state))
        block = self._supply.get(supply)
        if block is None:
            block = self._supply.put(supply, supply_block(*supply))
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
        """The vector afresh, and what :meth:`refresh` follows: where the history stood
        (its length, its last action, the round's start), the die in hand, the cells of
        the seat-to-move and step one-hots, and how many dice were drawn."""
        self.encode_state(state, seat, vector)
        history, to_move = state.history, state.to_move
        return [len(history), history[-1] if history else None, state.round_start,
                state.hand, -1 if to_move is None else self.players + to_move,
                -1 if to_move is None else self._step_cells[state.step_kind], state.drawn]

    def refresh(self, state: BlueprintsState, seat: int | None,
                buffer: npt.NDArray[np.float32], cells: Cells,
                kept: list[Any]) -> None:
        """Brings the kept vector up to date from the actions applied since it was last
        (``state.history``, which the engine keeps anyway): a die taken or discarded is
        counted off the pool and onto the taker's dice or the discards, the seat's own
        placement rewrites its stack and a removal counts the die on, a refill counts the
        drawn dice onto the pool and off the bag; then the die in hand and the head, and at
        the end what the end shows (:meth:`_write_end`). Where the actions cannot tell (a
        round scored since, a history that is not the one seen), the vector is written
        afresh."""
        history = state.history
        done, now = kept[0], len(history)
        if (now <= done or state.round_start != kept[2]
                or (done and history[done - 1] is not kept[1])):
            if now != done or (now and history[-1] is not kept[1]):  # (else: no change)
                buffer.fill(0.0)
                kept[:] = self.keep(state, seat, Vector(buffer))
            return
        pool, held, movers = self._pool_at, kept[3], state.movers
        for index in range(done, now):
            kind, arg = history[index]
            if kind == TAKE:
                cells[pool + arg] -= 1.0  # (exact: small whole numbers, and 1 - 1 is +0)
                cells[self._taken_at[movers[index]] + arg] += 1.0
                held = arg
            elif kind == DISCARD:
                cells[pool + arg] -= 1.0
                cells[self._discards_at + arg] += 1.0
            elif movers[index] != seat:
                continue  # (another seat's placement or removal: hidden from seat)
            elif kind == PLACE:  # (the stack's features, as building() writes them)
                stack, at = state.buildings[seat][arg], self._stacks_at[seat] + arg * STACK
                top = stack[-1]  # (never empty: a die was just placed)
                cells[at] = len(stack) / 6
                cells[at + 1] = (top >> 2) / 6
                cells[at + 2] = ((top & 3) + 1) / 4
                cells[at + 3] = ((stack[0] & 3) + 1) / 4
            else:  # REMOVE: the die in hand
                cells[self._removed_at[seat] + held] += 1.0
        kept[0], kept[1] = now, history[-1]
        if state.drawn != kept[6]:  # (a refill: the dice drawn onto the pool, off the bag)
            bag = self._bag_at
            for die in state.queue[kept[6]:state.drawn]:
                cells[pool + die] += 1.0
                cells[bag + (die & 3)] -= 0.125  # (its material's count / 8: exact)
            kept[6] = state.drawn
        hand = state.hand  # the die in hand and the head's one-hots that move in a round
        if hand != kept[3]:
            if kept[3] != NO_DIE:
                cells[self._hand_at + kept[3]] = 0.0
            if hand != NO_DIE:
                cells[self._hand_at + hand] = 1.0
            kept[3] = hand
        if state.to_move is None:  # (the last round scored: the game is over)
            self._write_end(state, seat, cells)
            kept[4] = kept[5] = -1
            return
        to_move = self.players + state.to_move
        if to_move != kept[4]:
            cells[kept[4]] = 0.0
            cells[to_move] = 1.0
            kept[4] = to_move
        step = self._step_cells[state.step_kind]
        if step != kept[5]:
            cells[kept[5]] = 0.0
            cells[step] = 1.0
            kept[5] = step

    def _write_end(self, state: BlueprintsState, seat: int | None, cells: Cells) -> None:
        """What the end shows beyond the last actions: the head without a seat to move or
        a step, every seat's cards and VP, the other seats' removed dice and buildings."""
        head = self._head_block((seat, None, state.first, state.round, None))
        cells[:len(head)] = head
        for index in range(self.players):
            cards, vp = self._cards_block(state.won[index])
            base = self._cards_at[index]
            cells[base:base + len(cards)] = cards
            cells[base + len(cards)] = vp  # (vp[index] follows cards[index])
            if index != seat:  # (hidden until now: zero there)
                for die in state.removed[index]:
                    cells[self._removed_at[index] + die] += 1.0
                block = self._building_block((state.layouts[index], state.buildings[index]))
                base = self._building_at[index]
                cells[base:base + len(block)] = block

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
