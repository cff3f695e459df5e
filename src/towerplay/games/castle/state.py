"""The rules of Budowa Zamku: one position, its legal actions and their effects.

A turn is one ``reveal <pos>``; if the revealed card leaves a choice, the same seat then
decides ``build``, ``return``, ``wizard <n>`` or (declining the Wizard) ``remove``. A
card that leaves no choice is resolved by the reveal itself: put back if the mover cannot
build it, removed if it is lower than every castle's last card. The game ends on a castle of
10 elements, or once the last face-down card was revealed and resolved (option ``end``).
Beside this module: the log's events (:mod:`.events`), refusals (:mod:`.refusals`) and
saved positions (:mod:`.loading`).

>>> from towerplay import games
>>> state = games.load("castle").start(players=2, seed=1)
>>> len(state.legal_actions()), str(state.legal_actions()[0])
(45, 'reveal a1')
"""
from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from towerplay.core.events import Event
from towerplay.core.rng import shuffle
from towerplay.core.state import State
from towerplay.games.castle import events, loading, refusals
from towerplay.games.castle.cards import (
    BUILD,
    GOAL,
    POSITIONS,
    REMOVE,
    RETURN,
    REVEAL,
    WIZARD,
    Act,
    Reveal,
    position_name,
)
from towerplay.games.castle.cards import RESULTS as RESULTS  # (observers import it here)
from towerplay.games.castle.scoring import base_ranking, points, score_breakdown, variant_ranking
from towerplay.games.castle.views import CastlePart, CastleView, Recall, RevealRecord

if TYPE_CHECKING:
    from towerplay.games.castle.game import Castle

UNSEEN = "reveal ?"
"""The class of every reveal of a card whose number is not known (see ``action_class``)."""
PASS = "reveal a known card to put back"
"""The class of every reveal of a known card the mover would have to put back: each only
passes the turn (see ``action_class``)."""


class CastleState(State[Act, CastleView]):
    """A position. Fields (plain data, copied by hand):

    ``grid[p]`` the card at position p (0: none left there); ``known[p]`` the card at p if
    it was revealed and put back (public from then on), else 0; ``down`` the positions
    still holding a card, ascending, and ``moves`` their reveal actions; ``pending`` the
    position of the card revealed and awaiting a decision, or -1; ``castles[s]`` seat s's
    elements from the start tile 1; ``removed`` the cards sent to the box;
    ``wizard_used[s]``; ``idle`` consecutive turns without a card built or removed (the
    stall guard); ``reveals`` one record per turn.
    """

    __slots__ = ("grid", "known", "down", "moves", "pending", "castles", "removed",
                 "wizard_used", "idle", "reveals")

    game: Castle

    def __init__(self, game: Castle, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.grid: list[int] = [0] * POSITIONS
        self.known: list[int] = [0] * POSITIONS
        self.down: list[int] = []
        self.moves: list[Act] = []  # REVEAL[p] for p in down: the pick-phase legal list
        self.pending = -1
        self.castles: list[list[int]] = [[1] for _ in range(players)]
        self.removed: list[int] = []
        self.wizard_used: list[bool] = [False] * players
        self.idle = 0
        self.reveals: list[Reveal] = []

    # ----------------------------------------------------------------- rules
    def wizard_gap(self, seat: int, card: int) -> int:
        """The castle card after which ``seat`` may insert ``card`` with the Wizard, or 0.

        Only in the character variant, once per game, for the holder of the Wizard card,
        and only between two wall cards of the castle (the gap after the start tile
        counts only with the option ``wizard_tile_gap``).
        """
        game = self.game
        if not game.wizard_card or self.wizard_used[seat]:
            return 0
        castle = self.castles[seat]
        if card > castle[-1] or game.wizard_card not in castle:
            return 0
        below = 0
        for element in castle:  # castles are short: a scan beats bisect's overhead
            if element > card:
                break
            below = element
        if below == 1 and not game.wizard_tile_gap:
            return 0
        return below

    def _legal_actions(self) -> list[Act]:
        pending = self.pending
        if pending < 0:
            return self.moves.copy()
        card = self.grid[pending]
        seat = self.to_move
        assert seat is not None  # (rules run only while the game goes on)
        castle = self.castles[seat]
        legal = [BUILD] if card > castle[-1] else []
        gap = self.wizard_gap(seat, card)
        if gap:
            legal.append(WIZARD[gap])
        if card < min(c[-1] for c in self.castles):
            legal.append(REMOVE)  # declining the Wizard: the removal rule applies
        else:
            legal.append(RETURN)
        return legal

    def legal_ids(self) -> list[int] | None:
        """While a card is to be picked, the face-down positions (``REVEAL[p]``'s dense id
        is ``p``); the few answers to a revealed card are mapped as usual."""
        if self.pending < 0 and self.to_move is not None:
            return self.down.copy()
        return None

    def _apply(self, action: Act) -> None:
        verb = action.verb
        if verb == "reveal":
            self._reveal(action.arg)
            return
        pos = self.pending
        card = self.grid[pos]
        seat = self.to_move
        assert seat is not None  # (rules run only while the game goes on)
        if verb == "build":
            self.castles[seat].append(card)
            self._take(pos, "built")
        elif verb == "return":
            self._resolve("returned", False)
            self._end_turn(False)
        elif verb == "remove":
            self.removed.append(card)
            self._take(pos, "removed")
        else:  # wizard
            castle = self.castles[seat]
            castle.insert(castle.index(action.arg) + 1, card)
            self.wizard_used[seat] = True
            self._take(pos, "inserted")

    def _reveal(self, pos: int) -> None:
        """Turn up the card at ``pos``; resolve it at once if it leaves no choice."""
        card = self.grid[pos]
        seat = self.to_move
        assert seat is not None  # (rules run only while the game goes on)
        self.pending = pos
        self.known[pos] = card
        self.reveals.append((len(self.history), seat, pos, card, "revealed", False))
        if card > self.castles[seat][-1] or self.wizard_gap(seat, card):
            return  # a choice: build or return, or the Wizard
        if card < min(castle[-1] for castle in self.castles):
            self.removed.append(card)
            self._take(pos, "removed", True)
        else:  # the mover cannot build it: back face down, seen by all
            self._resolve("returned", True)
            self._end_turn(False)

    def _resolve(self, result: str, automatic: bool) -> None:
        index, seat, pos, card, _, _ = self.reveals[-1]
        self.reveals[-1] = (index, seat, pos, card, result, automatic)
        self.pending = -1

    def _take(self, pos: int, result: str, automatic: bool = False) -> None:
        """The card at ``pos`` leaves the table (built, inserted or removed)."""
        self.grid[pos] = 0
        self.known[pos] = 0
        self.down.remove(pos)
        self.moves.remove(REVEAL[pos])
        self._resolve(result, automatic)
        self._end_turn(True)

    def _end_turn(self, progress: bool) -> None:
        """Pass the turn, or end the game: a castle of 10, the last card revealed (or an
        empty table, by the option ``end``), the stall guard or the turn cap."""
        self.idle = 0 if progress else self.idle + 1
        left = len(self.down)
        seat = self.to_move
        assert seat is not None
        # a put-back card is still down: one left means it was the last one revealed
        last_revealed = not progress and left == 1 and self.game.end_on_last_reveal
        if (len(self.castles[seat]) >= GOAL or not left or last_revealed
                or self.idle >= self.players * left
                or len(self.reveals) >= self.game.max_turns):
            self.to_move = None
        else:
            self.to_move = (seat + 1) % self.players

    # ----------------------------------------------------------------- refusals
    def _refusal(self, action: Act, legal: list[Act]) -> Event:
        """Why ``action`` is refused, in the game's terms (:mod:`.refusals`)."""
        if self.to_move is None or not isinstance(action, Act):
            return self._kernel_refusal(action, legal)
        return refusals.refusal(self, action, legal)

    # ----------------------------------------------------------------- copies and guesses
    def _copy(self) -> CastleState:
        new = self._copy_base()
        new.grid = self.grid.copy()
        new.known = self.known.copy()
        new.down = self.down.copy()
        new.moves = self.moves.copy()
        new.pending = self.pending
        new.castles = [c.copy() for c in self.castles]
        new.removed = self.removed.copy()
        new.wizard_used = self.wizard_used.copy()
        new.idle = self.idle
        new.reveals = self.reveals.copy()
        return new

    def unknown_positions(self) -> list[int]:
        """Face-down positions whose card is not known (never seen, or forgotten)."""
        known = self.known
        return [p for p in self.down if not known[p] and p != self.pending]

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        """Shuffle the cards nobody has seen among their positions. Everything else is
        public, so every seat knows the same. With ``recall`` < 1 under ``memory=hidden``
        each card seen and put back before the last round (older than the log shows) is
        forgotten with probability ``1 - recall`` (drawn afresh on every call): it joins
        the shuffled unknowns and its ``known`` entry and reveal records are blanked in
        the copy. Under ``memory=open`` the table shows every such card: none is
        forgotten."""
        unknown = self.unknown_positions()
        if recall < 1.0 and self.game.options.memory == "hidden":
            known = self.known
            shown = {r[2] for r in self.reveals[-self.players:]}  # the log still shows them
            forgotten = {p for p in self.down if known[p] and p != self.pending
                         and p not in shown and rng.random() >= recall}
            if forgotten:
                for p in forgotten:
                    known[p] = 0
                self.reveals = [(i, s, p, 0 if p in forgotten else c, r, a)
                                for i, s, p, c, r, a in self.reveals]
                unknown = sorted([*unknown, *forgotten])
        # sorted first, so the guess depends on the public multiset only, never on
        # where the true cards lie (a twin position gets the same guess)
        cards = sorted([self.grid[p] for p in unknown])
        shuffle(cards, rng)
        for p, card in zip(unknown, cards, strict=True):
            self.grid[p] = card

    def _action_class(self, action: Act, seat: int) -> Hashable:
        """Revealing one card nobody knows is like revealing any other: one class
        (everything else about a position is public, so the class is every seat's). So is
        revealing one known card the mover would have to put back or another: each only
        passes the turn."""
        if action.verb != "reveal":
            return action
        card = self.known[action.arg]
        if not card:
            return UNSEEN
        if (card < self.castles[seat][-1] and not self.wizard_gap(seat, card)
                and card >= min(castle[-1] for castle in self.castles)):
            return PASS
        return action

    # ----------------------------------------------------------------- views
    def _view(self, seat: int | None) -> CastlePart:
        game = self.game
        shown = game.options.memory == "open"
        grid, known, pending = self.grid, self.known, self.pending
        table: dict[str, int | str] = {}
        for p in self.down:
            if p == pending:
                table[position_name(p)] = grid[p]
            elif shown and known[p]:
                table[position_name(p)] = known[p]
            else:
                table[position_name(p)] = "?"
        view: CastlePart = {
            "turn": self.turn_number(),  # the rulebook's turns, not the kernel's actions
            "variant": game.options.variant,
            "memory": game.options.memory,
            "end": game.options.end,
            "table": table,
            "face_down": len(self.down) - (pending >= 0),
            "revealed": ({"pos": position_name(pending), "card": grid[pending]}
                         if pending >= 0 else None),
            "castles": [c.copy() for c in self.castles],
            "elements": [len(c) for c in self.castles],
            "recent": [self._reveal_json(r) for r in self.reveals[-self.players:]],
            "idle_turns": self.idle,
            "stall_limit": self.players * len(self.down),
        }
        if shown:
            view["removed"] = sorted(self.removed)
        else:
            view["removed_count"] = len(self.removed)
        if game.wizard_card:
            deck = game.characters
            view["wizard_used"] = self.wizard_used.copy()
            view["points"] = [points(c, deck, game.pair_cards) for c in self.castles]
            visible = [c for castle in self.castles for c in castle[1:]]
            visible += [v for v in table.values() if isinstance(v, int)]
            view["figures"] = {str(c): deck.figures(c) for c in sorted(visible)
                               if deck.flags[c]}
            view["provisional"] = deck.provisional
        if self.to_move is None:
            view["breakdown"] = self.breakdown()
        return view

    def recall(self) -> Recall:
        """What a seat that forgets nothing knows beyond its view under hidden memory (the
        same for every seat: every reveal is public): the table with every number seen
        and put back, and the removed cards. Under open memory the view shows them."""
        grid, known, pending = self.grid, self.known, self.pending
        table = {position_name(p): grid[p] if p == pending else known[p] or "?"
                 for p in self.down}
        return {"table": table, "removed": sorted(self.removed)}

    @staticmethod
    def _reveal_json(record: Reveal) -> RevealRecord:
        _, seat, pos, card, result, automatic = record
        return {"seat": seat, "pos": position_name(pos), "card": card, "result": result,
                "automatic": automatic}

    def _log_event(self, index: int, seat: int | None) -> Event:
        return events.log_event(self, index)

    # ----------------------------------------------------------------- JSON
    def _to_json(self) -> dict[str, Any]:
        return loading.to_json(self)

    def _load_json(self, data: dict[str, Any]) -> None:
        loading.load_json(self, data)

    # ----------------------------------------------------------------- results
    def scores(self) -> list[float]:
        """Elements per castle (base game) or points (character variant), as ints."""
        game = self.game
        if game.options.variant == "characters":
            return [points(c, game.characters, game.pair_cards) for c in self.castles]
        return [len(c) for c in self.castles]

    def breakdown(self) -> list[list[list[Any]]]:
        """Per seat, ``[label, points]`` pairs that add up to its score."""
        game = self.game
        deck = game.characters if game.options.variant == "characters" else None
        return [score_breakdown(c, deck, game.pair_cards) for c in self.castles]

    def turn_number(self) -> int:
        """The rulebook's turn (a reveal and what follows), from 1: the turn in progress,
        or the number of turns played once the game is over."""
        done = len(self.reveals)
        return done if self.pending >= 0 or self.to_move is None else done + 1

    def ranking(self) -> list[Any]:
        """Base game: elements, then the highest last card. Variant: points, then the
        King, the Queen, the Wizard."""
        game = self.game
        if game.options.variant == "characters":
            return [variant_ranking(c, game.characters, game.pair_cards) for c in self.castles]
        return [base_ranking(c) for c in self.castles]
