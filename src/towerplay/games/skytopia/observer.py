"""What a seat of Skytopia may know, as a fixed-size vector (for learning agents).

It reads the seat's view alone: the Chronometer, the Market's cards and golems, every
city (Towers by colour and crest, coins, PP, golems, ability), the Guild Masters, the
pending decision and the draft.
"""
from __future__ import annotations

from typing import Any

from towerplay.core.observer import Observer, Vector
from towerplay.games.skytopia.actions import ROWS, SLOTS, slot_name
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.game import Skytopia
from towerplay.games.skytopia.state import GOLEMS, PHASE_NAMES, SkytopiaState


class SkytopiaObserver(Observer[SkytopiaState]):
    def __init__(self, game: Skytopia, players: int) -> None:
        comp = game.comp
        self.crests = comp.crests
        self.guilds = [guild.ident for guild in comp.guilds]
        self.abilities = [f"{tile}{side}" for tile, _ in comp.tiles for side in "AB"]
        self.tiles = [tile for tile, _ in comp.tiles]
        super().__init__(game, players)

    def encode(self, view: dict[str, Any], vector: Vector) -> None:
        n = self.players
        for key in ("seat", "to_move", "first_player"):
            vector.name(key)
            vector.one_hot(view[key], n)
        vector.name("phase")
        vector.one_hot(PHASE_NAMES.index(view["phase"]), len(PHASE_NAMES))
        vector.name("round_final")
        vector.counts([view["round"] / 10, float(view["final_round"] is not None)])
        vector.name("build_value")
        vector.one_hot(view["build_value"] - 1, 6)
        vector.name("costs")
        vector.counts([-1.0 if cost is None else cost / 6 for cost in view["costs"].values()])
        cards = view["cards"]
        for slot in range(SLOTS):
            entry = view["market"].get(slot_name(slot))
            card = cards.get(entry["card"]) if entry and entry["card"] else None
            vector.name("market_card", slot)
            vector.scalar(float(card is not None))
            self.crest(card, vector)
            golems = [0.0] * n
            soonest = [1.0] * n
            for (owner, _), rounds in zip(entry["golems"], entry["rounds"]) if entry else ():
                golems[owner] += 1
                soonest[owner] = min(soonest[owner], rounds / 6)
            vector.name("market_golems", slot)
            vector.counts(golems)
            vector.name("market_soonest", slot)
            vector.counts(soonest)
        for seat, city in enumerate(view["cities"]):
            vector.name("city", seat)  # coins, PP, golems on the board
            vector.counts([city["coins"] / 20, city["pp"] / 50,
                           city["golems_on_board"] / GOLEMS])
            vector.name("ability", seat)
            vector.one_hot(self.abilities.index(city["ability"]) if city["ability"] else None,
                           len(self.abilities))
            for colour in COLOURS:
                tower = city["towers"][colour]
                vector.name(f"tower_{colour}", seat)  # height, then crests
                vector.scalar(len(tower) / 8)
                crests = [0.0] * len(self.crests)
                for ident in tower:
                    crest = cards[ident]["crest"]
                    if crest is not None:
                        crests[self.crests.index(crest)] += 1
                vector.counts(crests)
        vector.name("guild_masters")
        vector.counts([float(g in view["guild_masters"]) for g in self.guilds])
        vector.name("deck_sizes")
        vector.counts([size / 10 for size in view["deck_sizes"]])
        pending = view["pending"]
        vector.name("pending")
        vector.counts([float(pending is not None), pending["step"] / 5 if pending else 0.0,
                       len(view["completed"]) / ROWS])
        pool = view["draft_pool"] or []
        vector.name("draft_pool")
        vector.counts([float(tile in pool) for tile in self.tiles])

    def crest(self, card: dict[str, Any] | None, vector: Vector) -> None:
        crest = card["crest"] if card else None
        vector.one_hot(self.crests.index(crest) if crest is not None else None,
                       len(self.crests))


def make_observer(game: Skytopia, players: int) -> SkytopiaObserver:
    return SkytopiaObserver(game, players)
