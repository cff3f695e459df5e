"""Skytopia rules: the Chronometer, golems on the Market, Tower activation, abilities, scoring.

Position data is plain ints, lists and tuples. The Market has 16 slots (``colour * 4 + row``);
``market[slot]`` is a card id or -1 and ``dice[slot]`` a tuple of packed golems
``seat * 8 + value``. Dice keep their face value; the Chronometer is the index ``b`` of the
value at the build symbol in the dial order, and a value's distance is
``(pos[value] - b) % 6`` (0 = at the build symbol = completes now).

Effects run on a stack of frames so chained activations nest (the interpreter and its
frames are in :mod:`towerplay.games.skytopia.effects`). Everything a player decides is an
action; the engine runs automatically until the next decision (``_advance``).
Beside this module: the events it says (:mod:`.events`), refusals (:mod:`.refusals`), the
view (:mod:`.views`) and saved positions (:mod:`.loading`).
"""
from __future__ import annotations

import random
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from towerplay.core.events import Event, Seat
from towerplay.games.skytopia import actions as A
from towerplay.games.skytopia import events, loading, views
from towerplay.games.skytopia.actions import ROWS, SLOTS, Act
from towerplay.games.skytopia.components import (
    ANY_TIME,
    END_P1,
    END_P2,
    GAIN,
    Components,
    Condition,
)
from towerplay.games.skytopia.effects import (
    GOLEMS,
    TRIG_JOINS,
    TRIG_RETURNED,
    EffectInterpreter,
    Frame,
    effect_frame,
    tower_frame,
)

if TYPE_CHECKING:
    from towerplay.games.skytopia.game import Skytopia
from towerplay.core import State, chance
from towerplay.core.rng import shuffle
from towerplay.games.skytopia.refusals import why_illegal
from towerplay.games.skytopia.scoring import city_summary, final_tally

START_COINS = 5
COMPENSATION = 3
(PH_DRAFT, PH_SIDE, PH_PRE, PH_STACK, PH_TOWERS, PH_ABIL1, PH_BACK, PH_PLACE, PH_POST,
 PH_ABIL2, PH_OVER) = range(11)
ALWAYS, COINS_EQ, CARDS_ADDED_GE, ALL_GOLEMS_ON_BOARD, PAID_COST_EQ = map(int, list(Condition)[:5])
"""The :class:`Condition` values as plain ints (compared in the hot loop)."""
PHASE_NAMES = ("ability draft", "ability side", "preliminary turn", "phase 1: stack cards",
               "phase 1: activate towers", "phase 1: abilities", "phase 2: take a golem back",
               "phase 2: assign a golem", "phase 2: activate the card", "phase 2: abilities",
               "game over")
Uses = tuple[int, int, int, "Uses"] | tuple[()]
"""A chain of ``use`` announcements (see :attr:`SkytopiaState.uses`)."""
MAX_ACTIONS = 4000
"""The game ends once this many actions were played: a guard that makes the game length
provably finite (random games at any player count take less than a tenth of it)."""


class SkytopiaState(EffectInterpreter, State[Act, "views.SkytopiaView"]):
    """One Skytopia position (see the module notes for the encoding)."""

    log_is_public = True  # the log's announcements (effects used, rounds ending) are public

    __slots__ = ("comp", "round", "last_round", "first", "turn_index", "build", "market", "dice",
                 "decks", "towers", "coins", "prestige", "board", "tile", "side", "guilds",
                 "phase", "stack", "pending_towers", "completed", "added", "paid", "pool",
                 "pick", "rows", "current", "notes", "uses", "_choices")
    game: Skytopia
    comp: Components
    round: int              # 1, 2, …
    last_round: int         # the round the game ends with (0: not known yet)
    first: int              # this round's first player
    turn_index: int         # whose turn in the round: (first + turn_index) % players
    build: int              # the index on the dial of the value at the build symbol
    market: list[int]       # card key per slot (-1: empty)
    dice: list[tuple[int, ...]]   # golems per slot, packed seat * 8 + value
    decks: list[list[int]]  # the four face-down decks, drawn from the end
    towers: list[tuple[int, ...]]  # seat * 4 + colour -> card keys, bottom to top
    coins: list[int]
    prestige: list[int]     # PP
    board: list[int]        # golems on each player's board
    tile: list[int]         # each seat's Ability tile (-1: not chosen yet)
    side: list[int]         # 0: side A, 1: side B
    guilds: tuple[int, ...]  # the three Guild Masters in play
    phase: int
    stack: list[Frame]      # the effects being run (see effects.py)
    pending_towers: int     # bit set of colours whose Towers still activate this turn
    completed: tuple[tuple[int, int], ...]  # (slot, card) completed, still to stack
    added: int              # cards added to the city this turn
    paid: int               # the Chronometer cost paid this turn (-1: none)
    pool: tuple[int, ...]   # Ability tiles left in the draft
    pick: int               # how many seats chose in the draft / side choice / prelim.
    rows: int               # Market rows in play
    current: int            # the seat whose turn it is
    notes: tuple[tuple[int, ...], ...]
    """What the log tells besides an action's notation, by history index (ascending):
    ``(index, effect used or -1, round after it, rounds it ended, build value, first
    player, last round newly known or 0, game over 0/1)``, for the actions that ended a
    round, made the last round known or ended the game, and for every note of a loaded
    position. An immutable tuple, shared by copies (it grows only on such events)."""
    uses: Uses
    """The effects that ``use`` actions used since the game began or was loaded, newest
    first: a chain ``(index, effect, round, older uses)`` ending in ``()``. A ``use`` is a
    third of all actions: linking a 4-tuple costs a fraction of growing ``notes`` (copies
    share the chain too). The log and the saved position merge it into ``notes``'s form."""
    _choices: list[Act]     # the decision now awaited

    # ----------------------------------------------------------------- setup
    def setup(self) -> None:
        """Deal the initial position (called once by :meth:`Skytopia._setup`)."""
        c: Components = self.game.comp
        opts = self.game.options
        n = self.players
        self.comp = c
        self.rows = opts.market_size or n
        seed = self.seed
        self.decks = [[], [], [], []]
        for key, card in enumerate(c.cards[:c.n_cards]):  # one pass, not one per colour
            if card.min_players <= n:
                self.decks[card.colour].append(key)
        for colour, deck in enumerate(self.decks):
            chance(seed, "deck", colour).shuffle(deck)
        self.market = [-1] * SLOTS
        self.dice = [()] * SLOTS
        for colour in range(4):
            for row in range(self.rows):
                if self.decks[colour]:
                    self.market[colour * ROWS + row] = self.decks[colour].pop()
        stacks: dict[int, list[int]] = {}
        for i, g in enumerate(c.guilds):
            stacks.setdefault(g.stack, []).append(i)
        rng = chance(seed, "guilds")
        self.guilds = tuple(rng.choice(stacks[s]) for s in sorted(stacks))
        self.first = chance(seed, "first").randrange(n)
        self.build = (c.pos[c.setup_value] - c.setup_distance) % 6
        self.round, self.last_round, self.turn_index = 1, 0, 0
        self.current = self.first  # the seat whose turn it is (first + tpos)
        self.towers = [()] * (4 * n)
        self.coins = [START_COINS] * n
        self.prestige = [0] * n
        self.board = [GOLEMS] * n
        self.side = [{"a": 0, "b": 1}.get(opts.sides, 0)] * n
        self.tile = [-1] * n
        self.stack = []
        self.pending_towers, self.completed, self.added, self.paid = 0, (), 0, -1
        self.pool = (0, 1, 2, 3)
        self.pick = 0
        self.notes, self.uses = (), ()
        self._choices = []
        if opts.abilities == "draft":
            self.phase = PH_DRAFT
        else:
            tiles = [0, 1, 2, 3]
            chance(seed, "abilities").shuffle(tiles)
            self.tile = tiles[:n]
            if opts.sides == "choose":
                self.phase = PH_SIDE
            else:
                self._abilities_fixed()
        self._advance()

    def _picker(self) -> int:
        """The seat choosing in the draft / side choice / Preliminary Turn: counter-clockwise
        from the last player of round 1."""
        return (self.first - 1 - self.pick) % self.players

    def _abilities_fixed(self) -> None:
        """Tiles and sides are known: the Preliminary Turn, or the setup golems (step 12)."""
        self.pick = 0
        if self.game.options.preliminary_turn:
            self.phase = PH_PRE
            return
        value = self._value_at(self.comp.setup_distance)
        for seat in range(self.players):
            slot = self.comp.tiles[self.tile[seat]][1] * ROWS
            self.dice[slot] += (seat * 8 + value,)
            self.board[seat] -= 1
        self._begin_turn()

    # ----------------------------------------------------------------- small helpers
    def _value_at(self, distance: int) -> int:
        return self.comp.dial[(self.build + distance) % 6]

    def distance(self, value: int) -> int:
        """The Chronometer distance of a die value (0: at the build symbol)."""
        return (self.comp.pos[value] - self.build) % 6

    def _gain(self, seat: int, res: int, n: int) -> None:
        if res:
            self.prestige[seat] += n
        else:
            self.coins[seat] += n

    def _trigger(self, seat: int, trigger: int) -> None:
        """Apply ``seat``'s any-time ability if it has this trigger (gains only)."""
        tile = self.tile[seat]
        if tile < 0:
            return
        ability = self.comp.abilities[tile][self.side[seat]]
        if ability.timing == ANY_TIME and ability.trigger == trigger:
            for step in self.comp.effects[ability.key]:
                if step[0] == GAIN:
                    self._gain(seat, step[1], step[2])
                else:  # OTHERS
                    for other in range(self.players):
                        if other != seat:
                            self._gain(other, step[1], step[2])

    def _joins(self, seat: int, slot: int) -> None:
        """``seat`` places or moves a golem onto ``slot``: owners already there may gain."""
        dice = self.dice[slot]
        if not dice:  # the common case: a free card
            return
        owners = {d >> 3 for d in dice}
        owners.discard(seat)
        for owner in sorted(owners):
            self._trigger(owner, TRIG_JOINS)

    def _add_card(self, seat: int, card: int) -> None:
        colour = self.comp.cards[card].colour
        self.towers[seat * 4 + colour] += (card,)
        self.added += 1

    # ----------------------------------------------------------------- turn flow
    def _begin_turn(self) -> None:
        """Phase 1 begins: complete every project of the current seat whose die is at ✱."""
        seat = self.current = (self.first + self.turn_index) % self.players
        self.added, self.paid, self.pending_towers = 0, -1, 0
        finished = seat * 8 + self.comp.dial[self.build]  # this seat's die showing the ✱ value
        done = []
        for slot, dice in enumerate(self.dice):
            if finished in dice:
                done.append((slot, self.market[slot]))
                self.market[slot] = -1
                self.dice[slot] = ()
                for d in dice:
                    owner = d >> 3
                    self.board[owner] += 1
                    if owner != seat:
                        self.coins[owner] += COMPENSATION
                        self._trigger(owner, TRIG_RETURNED)
        self.completed = tuple(done)
        self.phase = PH_STACK

    def _stack_auto(self) -> None:
        """Stack every completed card that is alone in its colour (no order to choose)."""
        if not self.completed:  # most turns
            return
        colours = [self.comp.cards[card].colour for _, card in self.completed]
        keep = []
        for (slot, card), colour in zip(self.completed, colours, strict=True):
            if colours.count(colour) == 1:
                self._add_card(self.current, card)
                self.pending_towers |= 1 << colour
            else:
                keep.append((slot, card))
        self.completed = tuple(keep)

    def _end_turn(self) -> None:
        """Phase 3 (refill every empty slot), the end trigger, then the next turn."""
        market = self.market
        for colour, deck in enumerate(self.decks):
            for slot in range(colour * ROWS, colour * ROWS + self.rows):
                if market[slot] < 0 and deck:
                    market[slot] = deck.pop()
        if not self.last_round and not all(self.decks):
            self.last_round = self.round + 1
        self.turn_index += 1
        if self.turn_index == self.players:
            if self.last_round and self.round >= self.last_round:
                self.phase = PH_OVER
                return
            self.build = (self.build + 1) % 6
            self.first = (self.first - 1) % self.players
            self.round += 1
            self.turn_index = 0
        self._begin_turn()

    def _ability_frame(self, timing: int) -> None:
        seat = self.current
        tile = self.tile[seat]
        ability = self.comp.abilities[tile][self.side[seat]]
        if ability.timing == timing and self._condition(seat, ability.condition, ability.n):
            self.stack.append(effect_frame(ability.key))

    def _condition(self, seat: int, kind: int, n: int) -> bool:
        """Whether ``seat``'s ability condition holds now (see :class:`Condition`)."""
        if kind == ALWAYS:
            return True
        if kind == COINS_EQ:
            return self.coins[seat] == n
        if kind == CARDS_ADDED_GE:
            return self.added >= n
        if kind == ALL_GOLEMS_ON_BOARD:
            return self.board[seat] == GOLEMS
        if kind == PAID_COST_EQ:
            return self.paid == n
        counts: dict[int, int] = {}  # SAME_CREST_CARDS_GE: own golems on cards of one crest
        for slot, dice in enumerate(self.dice):
            if dice and any(d >> 3 == seat for d in dice):  # (most slots are empty)
                crest = self.comp.cards[self.market[slot]].crest
                counts[crest] = counts.get(crest, 0) + 1
        return max(counts.values(), default=0) >= n

    # ----------------------------------------------------------------- the automaton
    def _advance(self) -> None:
        """Run everything automatic until a decision is needed (or the game is over).

        A turn's phases are tested in their order by plain ``if``s, not ``elif``s: a phase
        that needs no decision falls through to the next one in the same pass (a turn takes
        two passes of the loop, not eight: this runs after every action of every playout).
        A phase that pushes an effect goes round the loop to run it first. Every list of
        options comes out in dense-id order (no sort)."""
        stack = self.stack
        while True:
            if stack:
                opts = self._run_frame()
                if opts:
                    break
                continue
            phase = self.phase
            if phase <= PH_PRE:
                opts = self._setup_options()
                if opts:
                    break
                continue
            if phase == PH_STACK:
                self._stack_auto()
                if self.completed:
                    opts = [A.A_STACK[slot] for slot, _ in self.completed]
                    break
                phase = self.phase = PH_TOWERS
            if phase == PH_TOWERS:
                pend = self.pending_towers
                if pend & (pend - 1):
                    opts = [A.A_TOWER[c] for c in range(4) if pend >> c & 1]
                    break
                if pend:
                    self.pending_towers = 0
                    stack.append(tower_frame(pend.bit_length() - 1))
                    continue
                phase = self.phase = PH_ABIL1
                self._ability_frame(END_P1)
                if stack:
                    continue
            if phase == PH_ABIL1:
                phase = self.phase = PH_BACK
            if phase == PH_BACK:
                seat = self.current
                if self.board[seat] == 0:
                    opts = [A.A_BACK[s][v] for s, v in self._own_dice(0)]
                    if opts:
                        break
                phase = self.phase = PH_PLACE
            if phase == PH_PLACE:
                opts = self._place_options()
                if opts:
                    break
                phase = self.phase = PH_POST
            if phase == PH_POST:
                phase = self.phase = PH_ABIL2
                self._ability_frame(END_P2)
                if stack:
                    continue
            if phase == PH_ABIL2:
                self._end_turn()  # the next turn begins at PH_STACK, or the game is over
                continue
            self._stop()  # PH_OVER
            return
        self._choices = opts
        self.to_move = self._picker() if self.phase <= PH_PRE else self.current

    def _setup_options(self) -> list[Act]:
        """The choice of the draft, the side choice or the Preliminary Turn (empty: the
        picker has no card to put a golem on and is passed over)."""
        if self.phase == PH_DRAFT:
            return [A.A_DRAFT[t] for t in self.pool]
        if self.phase == PH_SIDE:
            return list(A.A_SIDE)
        opts = [A.A_PUT[s] for s in range(SLOTS) if self.market[s] >= 0 and not self.dice[s]]
        if not opts:
            self._next_pick()
        return opts

    def _next_pick(self) -> None:
        self.pick += 1
        if self.pick < self.players:
            return
        self.pick = 0
        if self.phase == PH_DRAFT and self.game.options.sides == "choose":
            self.phase = PH_SIDE
        elif self.phase in (PH_DRAFT, PH_SIDE):
            self._abilities_fixed()
        else:  # the Preliminary Turn is over; the Chronometer is not turned
            self._begin_turn()

    def _place_options(self) -> list[Act]:
        """Phase 2: every affordable value on every card, but no value twice on a card."""
        seat = self.current
        if not self.board[seat]:
            return []
        coins = self.coins[seat]
        cost, dial, b = self.comp.cost, self.comp.dial, self.build
        allowed = 0  # bit set of the values the seat can pay for
        for distance in range(1, 6):  # distance 0 (the ✱ value) is never allowed
            if cost[distance] <= coins:
                allowed |= 1 << dial[(b + distance) % 6]
        out: list[Act] = []
        by_values = A.A_PLACE_VALUES
        dice = self.dice
        for slot, card in enumerate(self.market):
            if card >= 0:
                free = allowed
                for die in dice[slot]:
                    free &= ~(1 << (die & 7))
                out += by_values[slot][free]
        return out

    # ----------------------------------------------------------------- applying decisions
    def _legal_actions(self) -> list[Act]:
        return self._choices

    def _apply(self, act: Act) -> None:
        kind = act[0]
        seat = self.current
        rounds, last = self.round, self.last_round  # the log announces a round's end
        if self.stack:
            if kind == A.USE:  # the log names the effect offered (see ``uses``)
                self.uses = (len(self.history), self.stack[-1][0], rounds, self.uses)
            self._apply_frame(act)
        elif kind == A.PLACE:
            slot, value = act[1], act[2]
            cost = self.comp.cost[self.distance(value)]
            self.board[seat] -= 1
            self.coins[seat] -= cost
            self.paid = cost
            self._joins(seat, slot)
            self.dice[slot] += (seat * 8 + value,)
            self.phase = PH_POST
            card = self.market[slot]
            if self.comp.effects[card]:  # the card may be activated at once
                self.stack.append(effect_frame(card, 1 << slot, row=slot % ROWS,
                                               chain=1 << card))
        elif kind == A.BACK:
            self._remove_die(act[1], seat * 8 + act[2])
            self.board[seat] += 1
            self.phase = PH_PLACE
        elif kind == A.STACK:
            for i, (slot, card) in enumerate(self.completed):
                if slot == act[1]:
                    self._add_card(seat, card)
                    self.pending_towers |= 1 << self.comp.cards[card].colour
                    self.completed = self.completed[:i] + self.completed[i + 1:]
                    break
        elif kind == A.TOWER:
            self.pending_towers &= ~(1 << act[1])
            self.stack.append(tower_frame(act[1]))
        elif kind == A.DRAFT:
            picker = self._picker()
            self.tile[picker] = act[1]
            self.pool = tuple(t for t in self.pool if t != act[1])
            self._next_pick()
        elif kind == A.SIDE:
            self.side[self._picker()] = act[1]
            self._next_pick()
        elif kind == A.PUT:  # Preliminary Turn
            picker = self._picker()
            self.dice[act[1]] += (picker * 8 + self._value_at(self.comp.setup_distance),)
            self.board[picker] -= 1
            self._next_pick()
        self._advance()
        if len(self.history) >= MAX_ACTIONS - 1:
            self._stop()  # the length guard (see MAX_ACTIONS)
        if self.round != rounds or self.last_round != last or self.phase == PH_OVER:
            self._note(rounds, last)

    def _refusal(self, action: Act, legal: list[Act]) -> Event:
        """A refusal in the game's terms (see :mod:`~towerplay.games.skytopia.refusals`)."""
        return why_illegal(self, action, legal)

    def _note(self, rounds: int, last: int) -> None:
        """Remember what the log says of the action being applied (see ``notes``): the
        round was ``rounds`` and the last round ``last`` before it."""
        index, uses = len(self.history), self.uses
        used = uses[1] if uses and uses[0] == index else -1
        self.notes += ((index, used, self.round, self.round - rounds,
                        self.comp.dial[self.build], self.first,
                        self.last_round if self.last_round != last else 0,
                        int(self.phase == PH_OVER)),)

    def _log_event(self, index: int, seat: int | None) -> Event:
        """The action, then what everyone saw it do: the effect a ``use`` used, a deck
        running out, the end of a round (the Chronometer's turn) and of the game."""
        act = self.history[index]
        entry = events.move(act, self.comp)
        notes = self.notes
        at = bisect_left(notes, (index,))
        if at == len(notes) or notes[at][0] != index:
            used = self._used_at(index)
            return entry if used < 0 else events.with_effect(entry, self.effect_event(used))
        _, used, rnd, ended, build, first, last, over = notes[at]
        if used >= 0:
            entry = events.with_effect(entry, self.effect_event(used))
        if last:
            entry = events.then(entry, Event.of("skytopia.deck_empty", n=last))
        if over:
            return events.then(entry, Event.of("skytopia.game_end", n=rnd))
        if ended:
            return events.then(entry, Event.of("skytopia.round_end", n=rnd - 1, value=build,
                                               first=Seat(first), next=rnd))
        return entry

    def effect_event(self, key: int) -> Event:
        """The effect ``key`` (a card's, a Foundation's, an ability's) as an event."""
        return events.effect(self.comp, key)

    def _used_at(self, index: int) -> int:
        """The effect the ``use`` at history ``index`` used, from ``uses`` (-1: none). The
        walk starts at the newest: the log line asked for is mostly the latest."""
        node = self.uses
        while node:
            at, key, _, node = node
            if at <= index:
                return key if at == index else -1
        return -1

    def _all_notes(self) -> list[tuple[int, ...]]:
        """``notes`` with ``uses`` merged in, in ascending order (the saved form). A ``use``
        that ended no round is not in ``notes``: its build value and first player follow
        from its round, since every round since then turned the Chronometer one step and
        passed the first player one seat back (see :meth:`_end_turn`)."""
        merged = {note[0]: note for note in self.notes}
        node = self.uses
        while node:
            index, key, rnd, node = node
            if index not in merged:  # (else its note, which names the effect, is there)
                back = self.round - rnd
                merged[index] = (index, key, rnd, 0, self.comp.dial[(self.build - back) % 6],
                                 (self.first + back) % self.players, 0, 0)
        return [merged[index] for index in sorted(merged)]

    def _stop(self) -> None:
        """End the game where it stands (scored as it is)."""
        self.phase = PH_OVER
        self.to_move = None
        self._choices = []

    def _remove_die(self, slot: int, die: int) -> None:
        dice = list(self.dice[slot])
        dice.remove(die)
        self.dice[slot] = tuple(dice)

    # ----------------------------------------------------------------- copying, views, JSON
    def _copy(self) -> SkytopiaState:
        new = self._copy_base()
        new.comp = self.comp
        new.round, new.last_round, new.first, new.turn_index = (
            self.round, self.last_round, self.first, self.turn_index)
        new.build, new.phase, new.pending_towers, new.completed = (
            self.build, self.phase, self.pending_towers, self.completed)
        new.added, new.paid, new.pool, new.pick = self.added, self.paid, self.pool, self.pick
        new.rows, new.guilds, new.current = self.rows, self.guilds, self.current
        new.market = self.market[:]
        new.dice = self.dice[:]
        new.decks = [d[:] for d in self.decks]
        new.towers = self.towers[:]
        new.coins = self.coins[:]
        new.prestige = self.prestige[:]
        new.board = self.board[:]
        new.tile = self.tile[:]
        new.side = self.side[:]
        new.stack = self.stack[:]
        new.notes, new.uses = self.notes, self.uses
        new._choices = self._choices
        return new

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        # The only hidden information is the order of the four face-down decks.
        for deck in self.decks:
            shuffle(deck, rng)

    def card_text(self, key: int) -> str:
        """'BLU-05 Gain 3 PP (E4)': the id and name of a Tower card or Foundation."""
        card = self.comp.cards[key]
        return f"{card.ident} {card.name}"

    def _view(self, seat: int | None) -> views.SkytopiaPart:
        return views.view(self, seat)

    def _to_json(self) -> dict[str, Any]:
        return loading.to_json(self)

    def _load_json(self, data: dict[str, Any]) -> None:
        loading.load_json(self, data)

    # ----------------------------------------------------------------- scoring
    def tally(self, seat: int) -> dict[str, Any]:
        """The final-score breakdown of ``seat`` (as if the game ended now)."""
        towers = [self.towers[seat * 4 + col] for col in range(4)]
        cards, crests, labs = city_summary(self.comp, towers)
        return final_tally(self.comp, self.guilds, self.prestige[seat], cards, crests, labs,
                           self.coins[seat], GOLEMS - self.board[seat])

    def breakdown(self, seat: int) -> list[list[Any]]:
        """``seat``'s final score by source, ``[label, points]`` pairs that add up to it."""
        t = self.tally(seat)
        guilds = {g.ident: g.name for g in self.comp.guilds}
        return ([["score track", t["track"]]]
                + [[guilds[ident], points] for ident, points in t["guilds"].items()]
                + [["Laboratories", t["laboratories"]],
                   [f"coins ({self.coins[seat]} // 5)", t["coins"]],
                   ["golems on the Market", t["golems"]]])

    def scores(self) -> list[float]:
        """Each seat's final score, a whole number of PP (as if the game ended now while
        it is running)."""
        return [self.tally(p)["total"] for p in range(self.players)]

    def ranking(self) -> list[tuple[int, int, int]]:
        """The score, then the tie-breaks (see :meth:`tiebreak_key`): seats with equal
        keys share their place and the victory."""
        return [(self.tally(p)["total"], *self.tiebreak_key(p)) for p in range(self.players)]

    def tiebreak_key(self, seat: int) -> tuple[int, int]:
        """Larger is better among tied seats: fewer Tower cards, then more coins (by default
        only the coins left after converting 5 to a PP)."""
        cards = sum(len(self.towers[seat * 4 + col]) for col in range(4))
        coins = self.coins[seat]
        if self.game.options.tiebreak_coins == "mod5":
            coins %= 5
        return (-cards, coins)
