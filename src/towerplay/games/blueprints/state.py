"""The Blueprints rules engine: rounds of take-place-refill turns.

Actions are :class:`~towerplay.games.blueprints.moves.Move` values: ``take G5``, ``place
r2c1``, ``remove`` (the taken die cannot be placed and leaves the game) and, with two
players, ``discard R3``. Dice and cells are small ints (:mod:`~towerplay.games.blueprints.dice`).
The rest lives beside this module: where a die may go (:mod:`.placement`), scoring a round
(:mod:`.rounds`), refusals (:mod:`.refusals`), determinization (:mod:`.guesses`) and saved
positions (:mod:`.loading`).

>>> from towerplay import games
>>> state = games.load("blueprints").start(players=3, seed=1)
>>> state.view(0)["pool"]
['R1', 'G1', 'R3', 'G3', 'R4', 'G4', 'R5', 'R5', 'G6']
>>> state.apply(state.legal_actions()[0]); state.step
'place'
"""
from __future__ import annotations

import random
from bisect import bisect_left, insort
from typing import TYPE_CHECKING, Any

from towerplay.core.events import Event
from towerplay.core.rng import chance
from towerplay.core.state import State
from towerplay.games.blueprints import events, guesses, loading, refusals
from towerplay.games.blueprints.cards import Layout, blueprint_text
from towerplay.games.blueprints.dice import (
    DICE_PER_COLOUR,
    DIE_TEXT,
    MATERIALS,
    NO_DIE,
    POOL_SIZE,
    WOOD,
    dice_texts,
    die_code,
    draw_material,
    shuffled_rolls,
)
from towerplay.games.blueprints.moves import (
    DISCARD,
    DISCARDS,
    PLACE,
    PLACES,
    REMOVE,
    REMOVE_MOVE,
    STEP_NAMES,
    TAKE,
    TAKES,
    Move,
)
from towerplay.games.blueprints.placement import min_top, stacked, usable_cells
from towerplay.games.blueprints.rounds import (
    AWARDS,
    ROUNDS,
    TAKES_PER_ROUND,
    VP,
    RoundResult,
    next_first,
    score_round,
)
from towerplay.games.blueprints.scoring import EMPTY, PRIZES, Building, building_text
from towerplay.games.blueprints.views import BlueprintsPart, BlueprintsView, SeatView

if TYPE_CHECKING:
    from towerplay.games.blueprints.game import Blueprints

__all__ = ["AWARDS", "DISCARD", "DISCARDS", "HIDDEN_BUILD", "PLACE", "PLACES", "POOL_SIZE",
           "REMOVE", "REMOVE_MOVE", "ROUNDS", "STEP_NAMES", "TAKE", "TAKES",
           "TAKES_PER_ROUND", "VP", "BlueprintsState", "Move", "RoundResult"]
"""The state and the names its users have long imported from here."""

HIDDEN_BUILD = "builds (hidden)"
"""What other seats see in the log for a placement before the round is scored, in English
(the event :data:`.events.HIDDEN_BUILD` worded)."""


class BlueprintsState(State[Move, BlueprintsView]):
    """A Blueprints position. Public: the pool, the In-Demand colours, the dice each seat
    took, the results of scored rounds. Hidden until the round is scored: each seat's
    blueprint, building and removed dice."""

    __slots__ = ("round", "step_kind", "hand", "first", "turns", "round_start", "pool",
                 "demand", "queue", "drawn", "cards", "layouts", "used", "buildings", "taken",
                 "removed", "discards", "won", "results")
    game: Blueprints
    round: int                      # 0-based
    step_kind: int                  # the kind of move due: TAKE, PLACE or DISCARD
    hand: int                       # the die taken and not yet placed (or NO_DIE)
    first: int                      # the seat that started this round
    turns: int                      # turns finished this round
    round_start: int                # the history index where this round began
    pool: list[int]                 # the dice on offer, sorted (so by value)
    demand: tuple[int, int]         # the primary and secondary In-Demand materials
    queue: tuple[int, ...]          # this round's bag in draw order, rolled (see start_round)
    drawn: int                      # how many of ``queue`` came out of the bag
    cards: list[int]                # each seat's blueprint, as a deck index
    layouts: list[Layout]           # each seat's blueprint layout (from ``cards``)
    used: tuple[int, ...]           # the blueprints of earlier rounds (not dealt again)
    buildings: list[Building]       # each seat's building this round
    taken: list[tuple[int, ...]]    # the dice each seat took this round, in order
    removed: list[tuple[int, ...]]  # the dice each seat had to remove this round
    discards: tuple[int, ...]       # the dice discarded this round (two players)
    won: list[tuple[str, ...]]      # each seat's Award and Prize cards so far
    results: tuple[RoundResult, ...]  # the scored rounds

    def __init__(self, game: Blueprints, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.round = 0
        self.step_kind = TAKE
        self.hand = NO_DIE
        self.first = 0
        self.turns = 0
        self.round_start = 0
        self.queue = ()
        self.drawn = 0
        self.pool = []
        self.demand = (0, 1)
        self.cards = [0] * players
        self.layouts = [game.deck[0][1]] * players
        self.used = ()
        self.buildings = [EMPTY] * players
        self.taken = [()] * players
        self.removed = [()] * players
        self.discards = ()
        self.won = [()] * players
        self.results = ()

    # ----------------------------------------------------------------- helpers
    @property
    def step(self) -> str:
        """``take``, ``place``, ``discard``, or ``over``."""
        return "over" if self.to_move is None else STEP_NAMES[self.step_kind]

    def position(self, seat: int) -> int:
        """``seat``'s place in this round's turn order (0 = first player)."""
        return (seat - self.first) % self.players

    def last_turn_rank(self, seat: int) -> int:
        """The third tie-break (§9): higher for a seat whose turn came later, in the round
        being scored (default) or, with ``last_turn_tiebreak="previous_round"``, in the
        round before it (round 1 has none, so it uses its own order)."""
        first = self.first
        if self.game.options.last_turn_tiebreak == "previous_round" and self.results:
            first = self.results[-1].first
        return (seat - first) % self.players

    @property
    def bag(self) -> list[int]:
        """How many dice of each material are in the bag (public: all others are in sight)."""
        counts = [0] * 4
        for die in self.queue[self.drawn:]:
            counts[die & 3] += 1  # its material
        return counts

    # ----------------------------------------------------------------- rounds
    def start_round(self, number: int, first: int, history_index: int) -> None:
        """Get ready (§4): all dice back in the bag, In-Demand colours, blueprints, pool.

        The bag is shuffled once per round and its dice rolled as they come out: ``queue``
        holds the bag in draw order (with the values they will be rolled to), ``drawn`` how
        many of them came out. That is the same chance as drawing at each refill, costs one
        generator per round, and determinize reshuffles the part not yet drawn."""
        n = self.players
        self.round, self.first, self.turns = number, first, 0
        self.round_start = history_index
        rng = chance(self.seed, "round", number)
        bag = [DICE_PER_COLOUR] * 4
        primary = draw_material(bag, rng)
        # a die of the primary colour drawn second goes back: so draw among the others
        others = [0 if m == primary else bag[m] for m in range(4)]
        secondary = draw_material(others, rng)
        bag[secondary] -= 1
        self.demand = (primary, secondary)
        queue = shuffled_rolls([m for m in range(4) for _ in range(bag[m])], rng)
        size = POOL_SIZE[n]
        self.pool = sorted(queue[:size])
        self.queue = tuple(queue)
        self.drawn = size
        self._deal_blueprints(rng)
        self.buildings = [EMPTY] * n
        self.taken = [()] * n
        self.removed = [()] * n
        self.discards = ()
        self.hand = NO_DIE
        self.step_kind = TAKE
        self.to_move = first

    def _deal_blueprints(self, rng: random.Random) -> None:
        deck_size = len(self.game.deck)
        available = [i for i in range(deck_size) if i not in self.used]
        if len(available) < self.players:  # a small user deck: reshuffle the used cards
            self.used, available = (), list(range(deck_size))
        self.cards = rng.sample(available, self.players)
        self.layouts = [self.game.deck[card][1] for card in self.cards]

    def _refill(self) -> None:
        """Draw one die from the bag into the pool (two with two players), if any is left."""
        queue, drawn = self.queue, self.drawn
        for _ in range(2 if self.players == 2 else 1):
            if drawn < len(queue):
                insort(self.pool, queue[drawn])
                drawn += 1
        self.drawn = drawn

    def _end_turn(self) -> None:
        self.turns += 1
        if self.turns == TAKES_PER_ROUND * self.players:
            self._score_round()
            return
        self._refill()
        self.to_move = (self.first + self.turns) % self.players  # clockwise from the first
        self.step_kind = TAKE

    def _score_round(self) -> None:
        """Scoring (§6-§9), then the next round or the end of the game."""
        result, totals = score_round(self)
        self.won = [cards + tuple(result.won(seat)) for seat, cards in enumerate(self.won)]
        self.results += (result,)
        self.used += tuple(self.cards)
        if self.round + 1 == ROUNDS:
            self.to_move = None
            return
        self.start_round(self.round + 1, next_first(self, totals, result.ranking),
                         len(self.history) + 1)

    # ----------------------------------------------------------------- kernel hooks
    def _legal_actions(self) -> list[Move]:
        kind = self.step_kind
        pool = self.pool
        if kind == TAKE:
            if self.game.strict_takes:
                seat = self.to_move
                assert seat is not None
                # the pool is sorted by value: the dice that fit are a suffix of it (if none
                # fits, the player may take any die: it will be removed)
                start = bisect_left(pool, die_code(WOOD, min_top(self.buildings[seat],
                                                                 self.layouts[seat])))
                if 0 < start < len(pool):
                    pool = pool[start:]
            return [TAKES[d] for d in dict.fromkeys(pool)]
        if kind == PLACE:
            seat = self.to_move
            assert seat is not None
            building, value = self.buildings[seat], self.hand >> 2  # value indices, inline
            moves: list[Move] = [PLACES[c] for c in usable_cells(self.layouts[seat])
                                   if not building[c] or building[c][-1] >> 2 <= value]
            if not moves or self.game.deliberate:
                moves.append(REMOVE_MOVE)
            return moves
        return [DISCARDS[d] for d in dict.fromkeys(pool)]

    def _apply(self, action: Move) -> None:
        kind, arg = action
        seat = self.to_move
        assert seat is not None
        if kind == TAKE:
            self.pool.remove(arg)
            self.hand = arg
            self.taken[seat] += (arg,)
            self.step_kind = PLACE
            return
        if kind == DISCARD:
            self.pool.remove(arg)
            self.discards += (arg,)
            self._end_turn()
            return
        if kind == PLACE:
            self.buildings[seat] = stacked(self.buildings[seat], arg, self.hand)
        else:
            self.removed[seat] += (self.hand,)
        self.hand = NO_DIE
        if self.players == 2 and self.turns + 1 < TAKES_PER_ROUND * 2:
            self.step_kind = DISCARD  # the last turn of a round has nothing to discard for
        else:
            self._end_turn()

    def _refusal(self, action: Move, legal: list[Move]) -> Event:
        return refusals.why_illegal(self, action)

    def _copy(self) -> BlueprintsState:
        new = self._copy_base()
        new.round = self.round
        new.step_kind = self.step_kind
        new.hand = self.hand
        new.first = self.first
        new.turns = self.turns
        new.round_start = self.round_start
        new.queue = self.queue
        new.drawn = self.drawn
        new.pool = self.pool[:]
        new.demand = self.demand
        new.cards = self.cards[:]
        new.layouts = self.layouts[:]
        new.used = self.used
        new.buildings = self.buildings[:]
        new.taken = self.taken[:]
        new.removed = self.removed[:]
        new.discards = self.discards
        new.won = self.won[:]
        new.results = self.results
        return new

    # ----------------------------------------------------------------- scores
    def scores(self) -> list[float]:
        """Victory points from Award and Prize cards won so far."""
        return [sum(VP[card] for card in cards) for cards in self.won]

    def tiebreak_key(self, seat: int) -> tuple[int, int, int, int, int]:
        """§12: VP, then Prizes, then Gold, Silver, Bronze Awards."""
        cards = self.won[seat]
        return (sum(VP[c] for c in cards), sum(1 for c in cards if c in PRIZES),
                cards.count("gold"), cards.count("silver"), cards.count("bronze"))

    def ranking(self) -> list[Any]:
        """VP, then Prizes, then Gold, Silver, Bronze Awards (§12)."""
        return [self.tiebreak_key(s) for s in range(self.players)]

    def breakdown(self) -> list[list[list[Any]]]:
        """Per seat, ``[label, VP]`` pairs adding up to its score (§12): each round's
        Award (or none) with the building's round points and place, then its Prizes.

        >>> from towerplay import games
        >>> state = games.load("blueprints").start(players=2, seed=1)
        >>> while not state.is_over:
        ...     state.apply(state.legal_actions()[0])
        >>> state.breakdown()[0][0]
        ['round 1: Silver Award (building 19 pts, 1st)', 2]
        """
        parts: list[list[list[Any]]] = [[] for _ in range(self.players)]
        for result in self.results:
            for seat, line in result.breakdown_lines(self.game):
                parts[seat].append(line)
        return parts

    # ----------------------------------------------------------------- hidden information
    def sees_building(self, viewer: int | None, seat: int) -> bool:
        """Whether ``viewer`` may see ``seat``'s blueprint and building now."""
        return viewer == seat or self.is_over

    def _view(self, seat: int | None) -> BlueprintsPart:
        public_cards = self.game.options.awards_public or self.is_over
        results = [r.to_json(self.game) for r in self.results]
        if not public_cards:
            results = [{**r, "awards": {k: v for k, v in r["awards"].items() if k == str(seat)},
                        "prizes": {k: v for k, v in r["prizes"].items() if v == seat}}
                       for r in results]
        view: BlueprintsPart = {
            "round": self.round + 1,
            "step": self.step,
            "first_player": self.first,
            "demand": [MATERIALS[m] for m in self.demand],
            "pool": dice_texts(self.pool),
            "bag": dict(zip(MATERIALS, self.bag, strict=True)),
            "hand": DIE_TEXT[self.hand] if self.hand != NO_DIE else None,
            "discards": dice_texts(self.discards),
            "seats": [self._seat_view(seat, s, public_cards) for s in range(self.players)],
            "results": results,
        }
        if self.is_over:
            view["breakdown"] = self.breakdown()
        return view

    def _seat_view(self, viewer: int | None, seat: int, public_cards: bool) -> SeatView:
        """What ``viewer`` sees of ``seat``: its dice taken, and its blueprint, building,
        removed dice and cards where they are shown to ``viewer``."""
        shown = self.sees_building(viewer, seat)
        cards_shown = public_cards or seat == viewer
        return {
            "taken": dice_texts(self.taken[seat]),
            "blueprint": blueprint_text(self.layouts[seat]) if shown else None,
            "building": building_text(self.buildings[seat]) if shown else None,
            "removed": dice_texts(self.removed[seat]) if shown else None,
            "cards": list(self.won[seat]) if cards_shown else None,
            "vp": self.scores()[seat] if cards_shown else None,
        }

    def _log_event(self, index: int, seat: int | None) -> Event:
        action = self.history[index]
        if (action[0] in (PLACE, REMOVE) and index >= self.round_start
                and self.movers[index] != seat and not self.is_over):
            return events.HIDDEN_BUILD
        return events.log_event(action)

    def _conceals_move(self, seat: int) -> bool:
        # a build (or a removal) stays hidden, unless it ends the round: scoring shows it
        return (self.step_kind == PLACE and self.to_move != seat
                and self.turns + 1 < TAKES_PER_ROUND * self.players)

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        # everything a seat sees stays in its view, so ``recall`` changes nothing
        guesses.redeal(self, seat, rng)

    # ----------------------------------------------------------------- JSON
    def _to_json(self) -> dict[str, Any]:
        return loading.to_json(self)

    def _load_json(self, data: dict[str, Any]) -> None:
        loading.load_json(self, data)
