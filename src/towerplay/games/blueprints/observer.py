"""What a seat of Blueprints may know, as a fixed-size vector (for learning agents).

It reads the seat's view alone: the pool, the In-Demand colours, the bag's counts, the
die in hand, every seat's taken dice and won cards, and the blueprints and buildings the
seat may see (its own; everyone's once they are scored).
"""
from __future__ import annotations

from typing import Any

from towerplay.core.observer import Observer, Vector
from towerplay.games.blueprints.cards import parse_blueprint
from towerplay.games.blueprints.dice import CELLS, MATERIALS, NUM_DICE_CODES, parse_die
from towerplay.games.blueprints.game import Blueprints
from towerplay.games.blueprints.scoring import parse_building
from towerplay.games.blueprints.moves import STEP_NAMES
from towerplay.games.blueprints.rounds import AWARDS, ROUNDS, VP
from towerplay.games.blueprints.state import BlueprintsState

STEPS = tuple(dict.fromkeys(STEP_NAMES))
CARDS = (*AWARDS[4], *(name for name in VP if name not in AWARDS[4]))
STACK = 4  # a stack's features: height, top value, top material, bottom material


class BlueprintsObserver(Observer[BlueprintsState]):
    def encode(self, view: dict[str, Any], vector: Vector) -> None:
        n = self.players
        for key in ("seat", "to_move", "first_player"):
            vector.name(key)
            vector.one_hot(view[key], n)
        vector.name("round")
        vector.one_hot(view["round"] - 1, ROUNDS)
        vector.name("step")
        vector.one_hot(None if view["is_over"] else STEPS.index(view["step"]), len(STEPS))
        vector.name("demand")
        vector.counts([float(m in view["demand"]) for m in MATERIALS])
        vector.name("bag")
        vector.counts([view["bag"][m] / 8 for m in MATERIALS])
        vector.name("pool")  # how many dice of each of the 24 kinds (material and value)
        vector.tally(map(parse_die, view["pool"]), NUM_DICE_CODES)
        vector.name("hand")
        vector.one_hot(parse_die(view["hand"]) if view["hand"] else None, NUM_DICE_CODES)
        vector.name("discards")
        vector.tally(map(parse_die, view["discards"]), NUM_DICE_CODES)
        for index, seat in enumerate(view["seats"]):
            vector.name("taken", index)
            vector.tally(map(parse_die, seat["taken"]), NUM_DICE_CODES)
            vector.name("removed", index)
            vector.tally(map(parse_die, seat["removed"] or []), NUM_DICE_CODES)
            vector.name("cards", index)
            vector.counts([float((seat["cards"] or []).count(card)) for card in CARDS])
            vector.name("vp", index)
            vector.scalar((seat["vp"] or 0) / 20)
            vector.name("building", index)
            self.building(seat["blueprint"], seat["building"], vector)

    @staticmethod
    def building(blueprint: str | None, building: str | None, vector: Vector) -> None:
        """Target heights (0: hatched) and each stack, or zeros when the seat may not see:
        shown, 9 heights, then per cell height, top value, top material, bottom material."""
        vector.scalar(float(blueprint is not None))
        layout = parse_blueprint(blueprint) if blueprint else (0,) * CELLS
        vector.counts([height / 6 for height in layout])
        stacks = parse_building(building) if building else ((),) * CELLS
        values: list[float] = []
        for stack in stacks:
            if stack:
                values += (len(stack) / 6, (stack[-1] >> 2) / 6,
                           ((stack[-1] & 3) + 1) / 4, ((stack[0] & 3) + 1) / 4)
            else:
                values += (0.0,) * STACK
        vector.counts(values)


def make_observer(game: Blueprints, players: int) -> BlueprintsObserver:
    return BlueprintsObserver(game, players)
