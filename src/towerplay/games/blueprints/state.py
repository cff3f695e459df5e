"""The Blueprints rules engine: rounds of take-place-refill turns, scoring, awards, prizes.

Actions are :class:`Move` values: ``take G5``, ``place r2c1``, ``remove`` (the taken die
cannot be placed and leaves the game) and, with two players, ``discard R3``.

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
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from towerplay.core.errors import IllegalAction, InvalidOptions
from towerplay.core.rng import chance, shuffle
from towerplay.core.state import State
from towerplay.games.blueprints.cards import Layout, blueprint_text
from towerplay.games.blueprints.dice import (CELL_TEXT, CELLS, DIE_TEXT, MATERIALS,
                                             NUM_DICE_CODES, parse_die)
from towerplay.games.blueprints.scoring import (EMPTY, PRIZE_TITLES, PRIZES, Building,
                                                breakdown, building_text, check_building,
                                                facts, parse_building)

if TYPE_CHECKING:
    from towerplay.games.blueprints.game import Blueprints

TAKE, PLACE, REMOVE, DISCARD = range(4)
STEP_NAMES = ("take", "place", "place", "discard")
"""The name of each step (``to_move`` holds a die during ``place``)."""
ROUNDS = 3
TAKES_PER_ROUND = 6
DICE_PER_COLOUR = 8
POOL_SIZE = {2: 8, 3: 9, 4: 7}
AWARDS = {2: ("silver",), 3: ("gold", "silver"), 4: ("gold", "silver", "bronze")}
AWARD_ORDER = {award: rank for rank, award in enumerate(AWARDS[4])}
VP = {"gold": 3, "silver": 2, "bronze": 1, **{prize: 2 for prize in PRIZES}}
DIE_RANGE, CELL_RANGE = range(NUM_DICE_CODES), range(CELLS)
ORDINALS = ("1st", "2nd", "3rd", "4th")
HIDDEN_BUILD = "builds (hidden)"
"""What other seats see in the log for a placement before the round is scored."""


class Move(NamedTuple):
    """One decision: ``kind`` (TAKE, PLACE, REMOVE, DISCARD) and its die or cell."""

    kind: int
    arg: int = 0

    def __str__(self) -> str:
        kind, arg = self
        if kind == PLACE:
            if arg in CELL_RANGE:
                return "place " + CELL_TEXT[arg]
        elif kind == REMOVE:
            return "remove"
        elif arg in DIE_RANGE and (kind == TAKE or kind == DISCARD):
            return ("take " if kind == TAKE else "discard ") + DIE_TEXT[arg]
        return f"Move({kind!r}, {arg!r}) (not an action)"


TAKES = tuple(Move(TAKE, d) for d in range(NUM_DICE_CODES))
PLACES = tuple(Move(PLACE, c) for c in range(CELLS))
REMOVE_MOVE = Move(REMOVE, 0)
DISCARDS = tuple(Move(DISCARD, d) for d in range(NUM_DICE_CODES))


def draw_material(bag: list[int], rng: random.Random) -> int:
    """Take one die out of the bag (counts per material), each die equally likely."""
    x = rng.randrange(sum(bag))
    for material in range(4):
        x -= bag[material]
        if x < 0:
            bag[material] -= 1
            return material
    raise AssertionError("unreachable")  # pragma: no cover


@lru_cache(maxsize=256)
def usable_cells(layout: Layout) -> tuple[int, ...]:
    """The cells of ``layout`` that are not hatched (remembered: decks are small).

    >>> usable_cells((0, 1, 3, 1, 1, 0))
    (1, 2, 3, 4)
    """
    return tuple(c for c in range(CELLS) if layout[c])


def min_top(building: Building, layout: Layout) -> int:
    """The lowest value index (0-5) a die needs to be placeable: 0 if a usable cell is
    empty, else the lowest value index on top of a usable cell (a 6 always fits)."""
    best = 6
    for cell in usable_cells(layout):
        stack = building[cell]
        if not stack:
            return 0
        top = stack[-1] >> 2
        if top < best:
            best = top
    return best


def place_cells(building: Building, layout: Layout, die: int) -> list[int]:
    """The cells where ``die`` may go: usable and empty, or topped by an equal/lower value."""
    value = die >> 2
    return [cell for cell in usable_cells(layout)
            if not building[cell] or building[cell][-1] >> 2 <= value]


def stacked(building: Building, cell: int, die: int) -> Building:
    """The building with ``die`` put on top of ``cell``."""
    return building[:cell] + (building[cell] + (die,),) + building[cell + 1:]


def shuffled_rolls(materials: list[int], rng: random.Random) -> list[int]:
    """The dice of ``materials`` in a uniformly random order, each rolled (the rolls
    decoded from one big random integer: one call instead of one per die).

    >>> sorted(d & 3 for d in shuffled_rolls([0, 0, 1, 3], random.Random(1)))
    [0, 0, 1, 3]
    """
    dice = materials[:]
    shuffle(dice, rng)
    rolls = rng.randrange(6 ** len(dice))
    out = []
    for material in dice:
        rolls, value = divmod(rolls, 6)
        out.append((value << 2) | material)
    return out


class RoundResult(NamedTuple):
    """A scored round, kept as plain data (formatted only when someone looks at it)."""

    number: int                      # 0-based
    first: int                       # who started it
    demand: tuple[int, int]
    cards: tuple[int, ...]           # deck indices, per seat
    buildings: tuple[Building, ...]
    removed: tuple[tuple[int, ...], ...]
    ranking: tuple[int, ...]
    awards: tuple[tuple[int, str], ...]   # (seat, award)
    prizes: tuple[tuple[str, int], ...]   # (prize, seat)

    def to_json(self, game: Blueprints) -> dict[str, Any]:
        """The public record of the round (what every seat sees once it is scored)."""
        wood_only = game.options.wood_only_counts_wood
        seats = []
        for seat, card in enumerate(self.cards):
            name, layout = game.deck[card]
            seats.append({"blueprint": blueprint_text(layout), "card": name, "card_id": card,
                          "building": building_text(self.buildings[seat]),
                          "removed": _texts(self.removed[seat]),
                          "score": breakdown(self.buildings[seat], layout, wood_only)})
        return {"round": self.number + 1, "first_player": self.first,
                "demand": [MATERIALS[m] for m in self.demand], "seats": seats,
                "ranking": list(self.ranking), "awards": {str(s): a for s, a in self.awards},
                "prizes": {p: s for p, s in self.prizes}}

    def won(self, seat: int) -> list[str]:
        """The Award and Prizes ``seat`` won in this round."""
        return ([a for s, a in self.awards if s == seat]
                + [p for p, s in self.prizes if s == seat])

    def check(self, number: int, players: int, deck: int) -> None:
        """ValueError unless this is a well-formed record of round ``number``."""
        if (self.number != number or not 0 <= self.first < players
                or len(set(self.demand)) != 2 or not all(0 <= m < 4 for m in self.demand)
                or len(self.cards) != players or len(set(self.cards)) != players
                or not all(0 <= c < deck for c in self.cards)
                or not len(self.buildings) == len(self.removed) == players
                or sorted(self.ranking) != list(range(players))
                or self.awards != tuple(zip(self.ranking, AWARDS[players]))
                or not all(p in PRIZES and 0 <= s < players for p, s in self.prizes)):
            raise ValueError(f"the record of round {number + 1} is malformed")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundResult:
        seats = data["seats"]
        return cls(int(data["round"]) - 1, int(data["first_player"]),
                   _demand(data["demand"], MATERIALS.index),
                   tuple(int(s["card_id"]) for s in seats),
                   tuple(parse_building(s["building"]) for s in seats),
                   tuple(_dice(s["removed"]) for s in seats),
                   tuple(int(s) for s in data["ranking"]),
                   # in ranking order: a JSON object's key order is not kept everywhere
                   tuple(sorted(((int(s), str(a)) for s, a in data["awards"].items()),
                                key=lambda award: AWARD_ORDER.get(award[1], len(AWARD_ORDER)))),
                   tuple((str(p), int(s)) for p, s in data["prizes"].items()))


class BlueprintsState(State[Move]):
    """A Blueprints position. Public: the pool, the In-Demand colours, the dice each seat
    took, the results of scored rounds. Hidden until the round is scored: each seat's
    blueprint, building and removed dice."""

    __slots__ = ("round", "step_kind", "hand", "first", "turns", "round_start", "pool",
                 "demand", "queue", "drawn", "cards", "layouts", "used", "buildings", "taken",
                 "removed", "discards", "won", "results")
    game: Blueprints

    def __init__(self, game: Blueprints, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.round = 0
        self.step_kind = TAKE
        self.hand = -1
        self.first = 0
        self.turns = 0
        self.round_start = 0
        self.queue: tuple[int, ...] = ()
        self.drawn = 0
        self.pool: list[int] = []
        self.demand = (0, 1)
        self.cards = [0] * players
        self.layouts: list[Layout] = [game.deck[0][1]] * players
        self.used: tuple[int, ...] = ()
        self.buildings: list[Building] = [EMPTY] * players
        self.taken: list[tuple[int, ...]] = [()] * players
        self.removed: list[tuple[int, ...]] = [()] * players
        self.discards: tuple[int, ...] = ()
        self.won: list[tuple[str, ...]] = [()] * players
        self.results: tuple[RoundResult, ...] = ()

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
        self.hand = -1
        self.step_kind = TAKE
        self.to_move = first

    @property
    def bag(self) -> list[int]:
        """How many dice of each material are in the bag (public: all others are in sight)."""
        counts = [0] * 4
        for die in self.queue[self.drawn:]:
            counts[die & 3] += 1
        return counts

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
        n, options = self.players, self.game.options
        wood_only, primary, secondary = options.wood_only_counts_wood, *self.demand
        totals, keys, magnitudes = [], [], []
        for s in range(n):
            total, colours, sizes = facts(self.buildings[s], self.layouts[s], wood_only)
            totals.append(total)
            magnitudes.append(sizes)
            keys.append((colours[primary], colours[secondary], self.last_turn_rank(s)))
        ranking = sorted(range(n), key=lambda s: (totals[s], *keys[s]), reverse=True)
        won = [list(cards) for cards in self.won]
        awards = tuple(zip(ranking, AWARDS[n]))
        for seat, award in awards:
            won[seat].append(award)
        prizes = []
        compare = options.prize_compare_magnitude
        for index, prize in enumerate(PRIZES):
            entrants = [s for s in range(n) if magnitudes[s][index]]
            if entrants:
                winner = max(entrants, key=lambda s: (
                    magnitudes[s][index] if compare else 0, *keys[s]))
                won[winner].append(prize)
                prizes.append((prize, winner))
        self.won = [tuple(cards) for cards in won]
        self.results += (RoundResult(self.round, self.first, self.demand, tuple(self.cards),
                                     tuple(self.buildings), tuple(self.removed),
                                     tuple(ranking), awards, tuple(prizes)),)
        self.used += tuple(self.cards)
        if self.round + 1 == ROUNDS:
            self.to_move = None
            return
        self.start_round(self.round + 1, self._next_first(totals, ranking),
                         len(self.history) + 1)

    def _next_first(self, totals: list[int], ranking: list[int]) -> int:
        """The lowest building starts the next round; a tie goes to the one ranked last by
        the §9 tie-breaks (default) or, with ``lowest_tie="random"``, to a random one."""
        if self.game.options.lowest_tie == "random":
            low = totals[ranking[-1]]
            tied = sorted(s for s in ranking if totals[s] == low)
            return chance(self.seed, "lowest tie", self.round).choice(tied)
        return ranking[-1]

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
                start = bisect_left(pool, min_top(self.buildings[seat], self.layouts[seat]) << 2)
                if 0 < start < len(pool):
                    pool = pool[start:]
            return [TAKES[d] for d in dict.fromkeys(pool)]
        if kind == PLACE:
            seat = self.to_move
            assert seat is not None
            building, value = self.buildings[seat], self.hand >> 2
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
        self.hand = -1
        if self.players == 2 and self.turns + 1 < TAKES_PER_ROUND * 2:
            self.step_kind = DISCARD  # the last turn of a round has nothing to discard for
        else:
            self._end_turn()

    def _why_illegal(self, action: Move, legal: list[Move]) -> str:
        # it goes to the seat to move only: it may speak of that seat's own blueprint and
        # building, never of another seat's (so it never lists where a die could go)
        if self.to_move is None:
            return f"'{action}' is not legal: the game is over"
        kind = action[0] if _is_move(action) else -1
        step = self.step_kind
        if kind == TAKE and step == TAKE:
            return f"'{action}' is not legal: {self._why_not_take(action[1])}"
        if kind in (PLACE, REMOVE) and step == PLACE:
            why = (self._why_not_place(action[1]) if kind == PLACE
                   else f"the {DIE_TEXT[self.hand]} fits on your blueprint; a die is "
                        f"removed only when it fits nowhere")
            return f"'{action}' is not legal: {why}"
        if kind == DISCARD and step == DISCARD:
            return (f"'{action}' is not legal: there is no {DIE_TEXT[action[1]]} in the "
                    f"pool; pool: {self._pool_text()}")
        return f"'{action}' is not legal now: {self._what_now()}"

    def _pool_text(self) -> str:
        return " ".join(DIE_TEXT[d] for d in self.pool)

    def _what_now(self) -> str:
        """What the seat to move must do at this step."""
        seat, step = self.to_move, self.step_kind
        if step == TAKE:
            return f"seat {seat} must take a die from the pool ('take <die>'): {self._pool_text()}"
        if step == PLACE:
            return (f"seat {seat} must place the {DIE_TEXT[self.hand]} it took on its "
                    f"blueprint ('place r<row>c<col>'), or 'remove' it if it fits nowhere")
        return (f"seat {seat} must discard a second die from the pool ('discard <die>'): "
                f"{self._pool_text()}")

    def _why_not_take(self, die: int) -> str:
        """Why taking ``die`` is refused: not in the pool, or (``unplaceable="strict"``)
        it fits nowhere while another pool die fits."""
        if die not in self.pool:
            return f"there is no {DIE_TEXT[die]} in the pool; pool: {self._pool_text()}"
        return (f"the {DIE_TEXT[die]} fits nowhere on your blueprint and another pool die "
                f"does: take a die that fits (unplaceable=strict)")

    def _why_not_place(self, cell: int) -> str:
        """Why the held die may not go on ``cell``: hatched, or its top die is higher."""
        seat, die = self.to_move, self.hand
        assert seat is not None
        where = CELL_TEXT[cell]
        if not self.layouts[seat][cell]:
            return f"the cell {where} is hatched on your blueprint: no die may go there"
        top = self.buildings[seat][cell][-1]
        return (f"the {DIE_TEXT[die]} cannot go on the {DIE_TEXT[top]} at {where}: a die "
                f"goes only on an equal or lower value")

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
        wood_only = self.game.options.wood_only_counts_wood
        parts: list[list[list[Any]]] = [[] for _ in range(self.players)]
        for result in self.results:
            number = result.number + 1
            awards = dict(result.awards)
            for place, seat in enumerate(result.ranking):
                total = breakdown(result.buildings[seat], self.game.deck[result.cards[seat]][1],
                                  wood_only)["total"]
                where = f"building {total} pts, {ORDINALS[place]}"
                award = awards.get(seat)
                parts[seat].append(
                    [f"round {number}: {award.capitalize()} Award ({where})", VP[award]]
                    if award else [f"round {number}: no Award ({where})", 0])
            for prize, seat in result.prizes:
                parts[seat].append([f"round {number}: {PRIZE_TITLES[prize]} Prize",
                                    VP[prize]])
        return parts

    # ----------------------------------------------------------------- hidden information
    def sees_building(self, viewer: int | None, seat: int) -> bool:
        """Whether ``viewer`` may see ``seat``'s blueprint and building now."""
        return viewer == seat or self.is_over

    def _view(self, seat: int | None) -> dict[str, Any]:
        public_cards = self.game.options.awards_public or self.is_over
        seats = []
        for s in range(self.players):
            shown = self.sees_building(seat, s)
            cards_shown = public_cards or s == seat
            seats.append({
                "taken": [DIE_TEXT[d] for d in self.taken[s]],
                "blueprint": blueprint_text(self.layouts[s]) if shown else None,
                "building": building_text(self.buildings[s]) if shown else None,
                "removed": [DIE_TEXT[d] for d in self.removed[s]] if shown else None,
                "cards": list(self.won[s]) if cards_shown else None,
                "vp": self.scores()[s] if cards_shown else None,
            })
        results = [r.to_json(self.game) for r in self.results]
        if not public_cards:
            results = [{**r, "awards": {k: v for k, v in r["awards"].items() if k == str(seat)},
                        "prizes": {k: v for k, v in r["prizes"].items() if v == seat}}
                       for r in results]
        return {
            "round": self.round + 1,
            "step": self.step,
            "first_player": self.first,
            "demand": [MATERIALS[m] for m in self.demand],
            "pool": [DIE_TEXT[d] for d in self.pool],
            "bag": dict(zip(MATERIALS, self.bag)),
            "hand": DIE_TEXT[self.hand] if self.hand >= 0 else None,
            "discards": [DIE_TEXT[d] for d in self.discards],
            "seats": seats,
            "results": results,
            **({"breakdown": self.breakdown()} if self.is_over else {}),
        }

    def _log_entry(self, index: int, seat: int | None) -> str | None:
        action = self.history[index]
        if (action[0] in (PLACE, REMOVE) and index >= self.round_start
                and self.movers[index] != seat and not self.is_over):
            return HIDDEN_BUILD
        return str(action)

    def _conceals_move(self, seat: int) -> bool:
        # a build (or a removal) stays hidden, unless it ends the round: scoring shows it
        return (self.step_kind == PLACE and self.to_move != seat
                and self.turns + 1 < TAKES_PER_ROUND * self.players)

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        """Re-deal the other seats' blueprints from the unseen cards and re-guess their
        placements this round, consistent with the public dice they took. The bag holds
        exactly the dice not in sight, so its contents need no guess; future draws are
        hidden by the new seed and a reshuffle of the bag's draw order (with new rolls).
        Everything a seat sees stays in its view, so ``recall`` changes nothing."""
        if self.is_over:
            return
        drawn = self.drawn
        future = shuffled_rolls([die & 3 for die in self.queue[drawn:]], rng)
        self.queue = self.queue[:drawn] + tuple(future)
        others = [s for s in range(self.players) if s != seat]
        unseen = [i for i in range(len(self.game.deck))
                  if i not in self.used and (seat is None or i != self.cards[seat])]
        for s, card in zip(others, rng.sample(unseen, len(others))):
            self.cards[s] = card
            self.layouts[s] = self.game.deck[card][1]
            self._guess_building(s, rng)

    def _guess_building(self, seat: int, rng: random.Random) -> None:
        """Rebuild ``seat``'s building by placing its taken dice at random on its (guessed)
        blueprint, preferring cells below their target height; rewrite its hidden moves."""
        layout = self.layouts[seat]
        building, held = EMPTY, -1
        removed: tuple[int, ...] = ()
        history, movers = self.history, self.movers
        for index in range(self.round_start, len(history)):
            if movers[index] != seat:
                continue
            kind, arg = history[index]
            if kind == TAKE:
                held = arg
            elif kind in (PLACE, REMOVE):
                cells = place_cells(building, layout, held)
                if not cells:
                    move = REMOVE_MOVE
                    removed += (held,)
                else:
                    short = [c for c in cells if len(building[c]) < layout[c]]
                    cell = rng.choice(short if short and rng.random() < 0.85 else cells)
                    move = PLACES[cell]
                    building = stacked(building, cell, held)
                history[index] = move
        self.buildings[seat] = building
        self.removed[seat] = removed

    # ----------------------------------------------------------------- JSON
    def _to_json(self) -> dict[str, Any]:
        texts = _texts
        return {
            "round": self.round, "step": self.step_kind, "hand": self.hand,
            "first": self.first, "turns": self.turns, "round_start": self.round_start,
            "queue": texts(self.queue), "drawn": self.drawn, "pool": texts(self.pool),
            "demand": list(self.demand),
            "cards": list(self.cards), "used": list(self.used),
            "buildings": [building_text(b) for b in self.buildings],
            "taken": [texts(t) for t in self.taken],
            "removed": [texts(r) for r in self.removed],
            "discards": texts(self.discards),
            "won": [list(w) for w in self.won],
            "results": [r.to_json(self.game) for r in self.results],
        }

    def _load_json(self, data: dict[str, Any]) -> None:
        n = self.players
        self.round, self.step_kind = int(data["round"]), int(data["step"])
        self.hand, self.first = int(data["hand"]), int(data["first"])
        self.turns, self.round_start = int(data["turns"]), int(data["round_start"])
        self.queue = _dice(data["queue"])
        self.drawn = int(data["drawn"])
        self.pool = sorted(_dice(data["pool"]))
        self.demand = _demand(data["demand"], int)
        self.cards = [int(c) for c in data["cards"]]
        self.layouts = [self.game.deck[c][1] for c in self.cards]
        self.used = tuple(int(c) for c in data["used"])
        self.buildings = [parse_building(b) for b in data["buildings"]]
        self.taken = [_dice(t) for t in data["taken"]]
        self.removed = [_dice(r) for r in data["removed"]]
        self.discards = _dice(data["discards"])
        self.won = [tuple(str(c) for c in w) for w in data["won"]]
        self.results = tuple(RoundResult.from_json(r) for r in data["results"])
        self._check_loaded()

    def _check_loaded(self) -> None:
        """Refuse (ValueError, turned into BadRecord by the kernel) a loaded position that
        play could never reach: every later step relies on these invariants."""
        n, deck, over = self.players, len(self.game.deck), self.to_move is None
        if not (len(self.cards) == len(self.buildings) == len(self.taken) == len(self.won)
                == len(self.removed) == n):
            raise ValueError(f"cards, buildings, taken, removed and won need {n} entries")
        if not 0 <= self.round < ROUNDS or len(self.results) != self.round + over:
            raise ValueError("the round number does not match the scored rounds")
        if not over and (not isinstance(self.to_move, int) or not 0 <= self.to_move < n):
            raise ValueError(f"to_move must be a seat 0-{n - 1} or null (game over)")
        if len(self.movers) != len(self.history) or any(
                not 0 <= m < n for m in self.movers):
            raise ValueError("movers must name a seat for every history entry")
        if not 0 <= self.first < n or not 0 <= self.round_start <= len(self.history):
            raise ValueError("first or round_start is out of range")
        if len(self.demand) != 2 or len(set(self.demand)) != 2 or not all(
                0 <= m < 4 for m in self.demand):
            raise ValueError("demand must be two different materials 0-3")
        bag = [m for m in range(4) for _ in range(DICE_PER_COLOUR - self.demand.count(m))]
        if sorted(d & 3 for d in self.queue) != bag:
            raise ValueError("the bag (queue) must hold the 30 dice not In-Demand")
        cards = set(self.cards)
        used = set(self.used)
        if (len(cards) != n or len(used) != len(self.used)
                or not all(0 <= c < deck for c in cards | used) or (not over and cards & used)):
            raise ValueError("blueprint cards must be distinct deck indices, unused this game")
        kind = self.step_kind
        if (kind not in (TAKE, PLACE, DISCARD) or kind == DISCARD
                and (over or n != 2 or self.turns == TAKES_PER_ROUND * 2 - 1)):
            raise ValueError("step must be 0 (take), 1 (place) or 3 (discard, 2 players)")
        if not (0 <= self.hand < NUM_DICE_CODES if kind == PLACE and not over
                else self.hand == -1):
            raise ValueError("hand holds a die exactly when the seat to move must place it")
        started = self.turns + (kind != TAKE and not over)
        taken = [d for dice in self.taken for d in dice]
        if (started > TAKES_PER_ROUND * n or len(taken) != started
                or (over and started != TAKES_PER_ROUND * n)
                or (not over and self.to_move != (self.first + self.turns) % n)):
            raise ValueError("the turn count does not match the dice taken and the turn order")
        for seat in range(n):
            if len(self.taken[seat]) != (started - self.position(seat) + n - 1) // n:
                raise ValueError(f"seat {seat} took a wrong number of dice for the turn order")
            held = [self.hand] if seat == self.to_move and kind == PLACE else []
            building = [d for stack in self.buildings[seat] for d in stack]
            if sorted(building + [*self.removed[seat], *held]) != sorted(self.taken[seat]):
                raise ValueError(f"seat {seat}: building, removed dice and hand must be "
                                 f"the dice it took")
            try:
                check_building(self.buildings[seat], self.layouts[seat])
            except InvalidOptions as error:
                raise ValueError(f"seat {seat}: {error}") from None
        if len(self.discards) != (min(self.turns, TAKES_PER_ROUND * 2 - 1) if n == 2 else 0):
            raise ValueError("one discard per finished two-player turn (none otherwise)")
        refills = min(self.turns, TAKES_PER_ROUND * n - 1) * (2 if n == 2 else 1)
        if (self.drawn != min(POOL_SIZE[n] + refills, len(self.queue))
                or sorted(self.pool + taken + list(self.discards))
                != sorted(self.queue[:self.drawn])):
            raise ValueError("the pool, taken and discarded dice must be the dice drawn")
        for number, result in enumerate(self.results):
            result.check(number, n, deck)
        if [sorted(w) for w in self.won] != [sorted(c for r in self.results for c in r.won(s))
                                               for s in range(n)]:
            raise ValueError("won cards must be the awards and prizes of the scored rounds")


def _demand(values: Any, read: Callable[[Any], int]) -> tuple[int, int]:
    """The two In-Demand materials read from a saved position (ValueError unless two)."""
    if not isinstance(values, (list, tuple)) or len(values) != 2:
        raise ValueError("demand must be two different materials")
    return read(values[0]), read(values[1])


def _is_move(action: object) -> bool:
    """Whether ``action`` is a well-formed move (any step's), so it can be named."""
    if not isinstance(action, tuple) or len(action) != 2:
        return False
    kind, arg = action
    if kind in (TAKE, DISCARD):
        return arg in DIE_RANGE
    return arg in CELL_RANGE if kind == PLACE else kind == REMOVE and arg == 0


def _texts(dice: Iterable[int]) -> list[str]:
    return [DIE_TEXT[d] for d in dice]


def _dice(texts: list[str]) -> tuple[int, ...]:
    try:
        return tuple(parse_die(t) for t in texts)
    except IllegalAction as error:
        raise ValueError(str(error)) from None
