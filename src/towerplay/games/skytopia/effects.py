"""Skytopia's effect interpreter: Tower activations and card and ability effects, run on a
stack of frames so that chained activations nest (a purple "same row" card activating a red
one, which turns a golem, …).

A :class:`TowerFrame` activates one Tower: its Foundation, then its cards bottom to top. An
:class:`EffectFrame` runs one effect step by step; it first asks its player to ``use`` or
``skip`` it, and stops at every step that needs a choice. :class:`EffectInterpreter` is the
part of :class:`~towerplay.games.skytopia.state.SkytopiaState` that runs them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, final

from towerplay.games.skytopia import actions as A
from towerplay.games.skytopia.actions import ROWS, SLOTS, Act
from towerplay.games.skytopia.components import (
    GAIN,
    GAIN_PER,
    MOVE,
    OTHERS,
    PAY,
    PLACE,
    RECALL,
    ROW,
    TAKE,
    TOP,
    TURN,
    Components,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

GOLEMS = 5
TRIG_RETURNED, TRIG_JOINS = 0, 1
"""The any-time ability triggers: one's golem came back; another golem joined one's card."""


@final  # (so that ``type(frame) is TowerFrame`` tells mypy the other case is an EffectFrame)
class TowerFrame(NamedTuple):
    """Activating the current seat's Tower of ``colour``."""

    colour: int
    position: int  # the next to activate: 0 the Foundation, k the k-th card from the bottom


@final
class EffectFrame(NamedTuple):
    """One effect being run."""

    key: int       # the effect: a card's, a Foundation's or an ability side's
    step: int      # the index of its next step
    used: bool     # its player chose to use it (asked once, before the first step)
    excluded: int  # bit set of Market slots it may not target: its own card's
    row: int       # the Market row of its card (for "same row"), or -1
    height: int    # the height of its card in a Tower (for "same height"), or -1
    chain: int     # bit set of the effects activated in this chain: none runs twice
    turned: int    # bit set of dice (slot * 8 + value) already turned by an "each" step


Frame = TowerFrame | EffectFrame

_new = tuple.__new__
"""``_new(EffectFrame, (fields…))`` builds a frame without the Python-level ``__new__`` of
a NamedTuple: frames are made in the hot loop of every playout."""


def tower_frame(colour: int) -> TowerFrame:
    """A fresh frame activating the current seat's Tower of ``colour``."""
    return _new(TowerFrame, (colour, 0))


def effect_frame(key: int, excluded: int = 0, row: int = -1, height: int = -1,
                 chain: int = 0) -> EffectFrame:
    """A fresh frame for effect ``key``, not yet used."""
    return _new(EffectFrame, (key, 0, False, excluded, row, height, chain, 0))


def frame_from_json(data: Sequence[Any], effects: int) -> Frame:
    """A frame from its JSON list (two items: a Tower; eight: an effect); ValueError names
    what is wrong."""
    numbers = [v for i, v in enumerate(data) if not (len(data) == 8 and i == 2)]
    if not all(type(v) is int and v >= -1 for v in numbers):
        raise ValueError("'stack' frames hold whole numbers (and 'used': true or false)")
    if len(data) == 2 and 0 <= data[0] < 4:
        return TowerFrame(*data)
    if len(data) == 8 and type(data[2]) is bool and 0 <= data[0] < effects:
        return EffectFrame(*data)
    raise ValueError("a frame in 'stack' is a Tower [colour 0-3, position] or an effect "
                     "[key, step, used, excluded, row, height, chain, turned]")


class EffectInterpreter:
    """Running the frames on ``stack``; mixed into the Skytopia state, whose fields and
    small rules (gains, triggers, golems joining) it uses."""

    __slots__ = ()
    comp: Components
    stack: list[Frame]
    current: int
    players: int
    build: int
    market: list[int]
    dice: list[tuple[int, ...]]
    towers: list[tuple[int, ...]]
    coins: list[int]
    board: list[int]

    if TYPE_CHECKING:  # the state's small rules, which effects use
        def _gain(self, seat: int, res: int, n: int) -> None: ...
        def _trigger(self, seat: int, trigger: int) -> None: ...
        def _joins(self, seat: int, slot: int) -> None: ...
        def _add_card(self, seat: int, card: int) -> None: ...
        def _remove_die(self, slot: int, die: int) -> None: ...
        def _value_at(self, distance: int) -> int: ...
        def distance(self, value: int) -> int: ...

    # ----------------------------------------------------------------- running
    def _run_frame(self) -> list[Act] | None:
        """Advance the top frame; return the options if a decision is needed."""
        frame = self.stack[-1]
        if type(frame) is TowerFrame:  # the Foundation, then the cards bottom to top
            colour, position = frame
            tower = self.towers[self.current * 4 + colour]
            if position > len(tower):
                self.stack.pop()
                return None
            self.stack[-1] = _new(TowerFrame, (colour, position + 1))
            key = self.comp.foundation(colour) if position == 0 else tower[position - 1]
            if self.comp.effects[key]:
                self.stack.append(_new(EffectFrame, (key, 0, False, 0, -1, position,
                                                     1 << key, 0)))
            return None
        key, i, used, excluded, row, height, chain, turned = frame
        steps = self.comp.effects[key]
        seat = self.current
        if not used:
            if self._usable(steps, excluded, row, height, chain):
                return [A.A_USE, A.A_SKIP]
            self.stack.pop()
            return None
        while i < len(steps):
            step = steps[i]
            op = step[0]
            if op == GAIN:
                self._gain(seat, step[1], step[2])
            elif op == GAIN_PER:
                self._gain(seat, step[1], step[2] * self._per(seat, step[3]))
            elif op == OTHERS:
                for other in range(self.players):
                    if other != seat:
                        self._gain(other, step[1], step[2])
            elif op == PAY:
                if self.coins[seat] < step[2]:
                    break
                self.coins[seat] -= step[2]
            else:
                opts = self._choice_options(step, excluded, row, height, chain, turned)
                if opts:
                    self.stack[-1] = _new(EffectFrame, (key, i, used, excluded, row, height,
                                                        chain,
                                                 turned))
                    if op == TURN and step[2]:
                        opts.append(A.A_DONE)
                    return opts
                if not (op == TURN and step[2]):
                    break  # a step that cannot be done ends the effect
                turned = 0
            i += 1
        self.stack.pop()
        return None

    def _per(self, seat: int, per: int) -> int:
        """How many of ``per`` (golems on the board, on the Market, cards in the city)."""
        if per == 0:
            return self.board[seat]
        if per == 1:
            return GOLEMS - self.board[seat]
        return sum(len(self.towers[seat * 4 + c]) for c in range(4))

    def _usable(self, steps: tuple[Any, ...], excluded: int, row: int, height: int,
                chain: int) -> bool:
        """An effect can be used if its costs before the first choice can be paid (coins
        gained before a cost count) and that choice has an option, so 'use' never leads to
        a dead end."""
        if not steps:
            return False
        seat = self.current
        coins = self.coins[seat]
        for step in steps:
            op = step[0]
            if op == PAY:
                coins -= step[2]
                if coins < 0:
                    return False
            elif op == GAIN or op == GAIN_PER:
                if not step[1]:  # coins
                    coins += step[2] * (self._per(seat, step[3]) if op == GAIN_PER else 1)
            elif op != OTHERS:
                if op == PLACE and step[2] and coins < self.comp.cost[step[1]]:
                    return False
                return bool(self._choice_options(step, excluded, row, height, chain, 0))
        return True

    def _own_dice(self, excluded: int) -> list[tuple[int, int]]:
        """(slot, value) of the current seat's golems outside the ``excluded`` slots, in
        ascending order: the options built from them are then in dense-id order."""
        seat = self.current
        dice = [(s, d & 7) for s in range(SLOTS) if not excluded >> s & 1
                for d in self.dice[s] if d >> 3 == seat]
        dice.sort()  # a card's golems are kept in the order they came
        return dice

    def _room_for(self, value: int, excluded: int) -> list[int]:
        """The Market slots outside ``excluded`` with a card that no golem showing
        ``value`` is on yet (a golem showing it may go there), in ascending order."""
        dice = self.dice
        out = []
        for slot, card in enumerate(self.market):
            if card < 0 or excluded >> slot & 1:
                continue
            for die in dice[slot]:  # (a plain loop: all() over a generator is slower)
                if die & 7 == value:
                    break
            else:
                out.append(slot)
        return out

    def _choice_options(self, step: tuple[Any, ...], ex: int, row: int, height: int,
                        chain: int, turned: int) -> list[Act]:
        """The actions that carry out ``step`` in a frame with those fields (empty: it
        cannot be done)."""
        op = step[0]
        pos, build, dice, market = self.comp.pos, self.build, self.dice, self.market
        if op == RECALL:
            return [A.A_RECALL[s][v] for s, v in self._own_dice(ex)]
        if op == TURN:
            dial = self.comp.dial
            out = []
            for s, v in self._own_dice(ex):
                if turned >> (s * 8 + v) & 1:
                    continue  # already turned by this effect
                d = (pos[v] - build) % 6
                used = {x & 7 for x in dice[s]}
                for k in range(1, min(step[1], d - 1) + 1):
                    if dial[(build + d - k) % 6] not in used:
                        out.append(A.A_TURN[s][v][k])
            return out
        if op == MOVE:
            out = []
            for s, v in self._own_dice(ex):
                moves = A.A_MOVE[s][v]
                out += [moves[t] for t in self._room_for(v, ex | 1 << s)]
            return out
        if op == PLACE:
            seat = self.current
            if not self.board[seat] or (step[2] and self.coins[seat] < self.comp.cost[step[1]]):
                return []
            return [A.A_PUT[t] for t in self._room_for(self._value_at(step[1]), ex)]
        if op == TAKE:
            return [A.A_TAKE[t] for t in range(SLOTS)
                    if market[t] >= 0 and not dice[t] and not ex >> t & 1]
        if op == TOP:
            return [A.A_TOP[colour] for colour in range(4)
                    if self._chains(self._top_key(colour), chain)]
        if op == ROW:
            return [A.A_ROW[colour] for colour in range(4)
                    if self._chains(self._row_key(colour, row, height), chain)]
        raise AssertionError(op)  # pragma: no cover

    def _chains(self, key: int, chain: int) -> bool:
        """Whether activating effect ``key`` may go on the chain: it has an effect and has
        not run in this chain yet."""
        return key >= 0 and bool(self.comp.effects[key]) and not chain >> key & 1

    def _top_key(self, colour: int) -> int:
        tower = self.towers[self.current * 4 + colour]
        return tower[-1] if tower else self.comp.foundation(colour)

    def _row_key(self, colour: int, row: int, height: int) -> int:
        """The card of ``colour`` in Market ``row``, or at ``height`` in the current seat's
        Tower (-1: none)."""
        if row >= 0:
            return self.market[colour * ROWS + row]
        if height < 0:
            return -1
        if height == 0:
            return self.comp.foundation(colour)
        tower = self.towers[self.current * 4 + colour]
        return tower[height - 1] if len(tower) >= height else -1

    # ----------------------------------------------------------------- deciding
    def _apply_frame(self, act: Act) -> None:
        """The current seat's decision inside the top effect frame."""
        kind = act[0]
        if kind == A.SKIP:  # (first: a skip is a quarter of all actions)
            self.stack.pop()
            return
        frame = self.stack[-1]
        assert type(frame) is EffectFrame  # a Tower frame never waits on a decision
        key, i, _, excluded, row, height, chain, turned = frame
        if kind == A.USE:
            self.stack[-1] = _new(EffectFrame, (key, 0, True, excluded, row, height, chain,
                                                turned))
            return
        if kind == A.DONE:
            self.stack[-1] = _new(EffectFrame, (key, i + 1, True, excluded, row, height,
                                                chain, 0))
            return
        seat = self.current
        step = self.comp.effects[key][i]
        following = _new(EffectFrame, (key, i + 1, True, excluded, row, height, chain,
                                       turned))
        push: EffectFrame | None = None
        if kind == A.RECALL:
            self._remove_die(act[1], seat * 8 + act[2])
            self.board[seat] += 1
            self._trigger(seat, TRIG_RETURNED)
        elif kind == A.TURN:
            s, v, k = act[1], act[2], act[3]
            new = self.comp.dial[(self.build + self.distance(v) - k) % 6]
            self._remove_die(s, seat * 8 + v)
            self.dice[s] += (seat * 8 + new,)
            if step[2]:  # each: stay on this step, remember the die
                following = _new(EffectFrame, (key, i, True, excluded, row, height, chain,
                                        turned | 1 << (s * 8 + new)))
        elif kind == A.MOVE:
            s, v, t = act[1], act[2], act[3]
            self._remove_die(s, seat * 8 + v)
            self._joins(seat, t)
            self.dice[t] += (seat * 8 + v,)
            if step[1]:
                push = self._market_frame(t, chain)
        elif kind == A.PUT:
            t = act[1]
            distance = step[1]
            if step[2]:
                self.coins[seat] -= self.comp.cost[distance]
            self.board[seat] -= 1
            self._joins(seat, t)
            self.dice[t] += (seat * 8 + self._value_at(distance),)
            if step[3]:
                push = self._market_frame(t, chain)
        elif kind == A.TAKE:
            card = self.market[act[1]]
            self.market[act[1]] = -1
            self._add_card(seat, card)
        elif kind == A.TOP:  # the top card of a Tower, at the Tower's height
            colour = act[1]
            top = self._top_key(colour)
            push = _new(EffectFrame, (top, 0, False, 0, -1,
                               len(self.towers[seat * 4 + colour]), chain | 1 << top, 0))
        elif kind == A.ROW:  # the same row of the Market or the same height in the city
            colour = act[1]
            other = self._row_key(colour, row, height)
            # only the golems on the activated card itself are protected from its effect
            # (rulebook: no card's effect touches the golems on that card), not those on
            # the card whose effect activated it
            own = 1 << (colour * ROWS + row) if row >= 0 else 0
            push = _new(EffectFrame, (other, 0, False, own, row, height,
                                      chain | 1 << other, 0))
        self.stack[-1] = following
        if push is not None and self.comp.effects[push.key]:
            self.stack.append(push)

    def _market_frame(self, slot: int, chain: int) -> EffectFrame:
        """The frame activating the card on ``slot`` within a chain: its effect may not
        touch the golems on its own card (only those)."""
        card = self.market[slot]
        return _new(EffectFrame, (card, 0, False, 1 << slot, slot % ROWS, -1,
                           chain | 1 << card, 0))
