"""Game review: where did a seat lose? Each decision searched again from what that seat
knew at that moment, as a chess site reviews a game.

For every decision of the chosen seats (forced moves skipped), the search (the ISMCTS bot,
weighing every legal move) estimates the win chance of the action played and of the best
one, from a determinization of the seat's knowledge: never the true state. The difference
is the decision's *loss*, marked as an inaccuracy, a mistake or a blunder by
:data:`THRESHOLDS`.

>>> from towerplay import games
>>> from towerplay.arena.match import play_match
>>> from towerplay.core import Record
>>> final = play_match(games.load("castle"), ["greedy", "random"], seed=1)
>>> report = review(Record.from_state(final), seats=[1], iterations=20, seed=1)
>>> {d.seat for d in report.decisions}
{1}
>>> report.to_json() == review(Record.from_state(final), seats=[1], iterations=20,
...                            seed=1).to_json()
True
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from towerplay.bots.ismcts import ISMCTSBot
from towerplay.core.errors import InvalidOptions
from towerplay.core.record import Record
from towerplay.core.rng import derive_seed
from towerplay.core.state import State

THRESHOLDS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""A decision whose loss (best win chance less the played one's) reaches 20 points of win
chance is a blunder; 10 a mistake; 5 an inaccuracy."""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision."""

    index: int            # its place in the game's history
    seat: int
    played: str
    best: str
    played_chance: float  # estimated win chance after the action played
    best_chance: float    # … and after the best action
    loss: float           # best_chance - played_chance, never below 0
    mark: str | None      # "inaccuracy", "mistake", "blunder" or None
    iterations: int


@dataclass
class Review:
    """The decisions reviewed, in game order, and what they add up to."""

    game: str
    seats: list[int]
    decisions: list[Decision] = field(default_factory=list)
    complete: bool = True

    def costliest(self, count: int = 3) -> list[Decision]:
        """The decisions that lost the most win chance, worst first."""
        return sorted((d for d in self.decisions if d.loss > 0),
                      key=lambda d: (-d.loss, d.index))[:count]

    def accuracy(self) -> dict[int, float]:
        """Per seat: the mean loss per decision (0 is perfect play, as the search sees it)."""
        out = {}
        for seat in self.seats:
            losses = [d.loss for d in self.decisions if d.seat == seat]
            out[seat] = sum(losses) / len(losses) if losses else 0.0
        return out

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "complete": self.complete,
                "thresholds": dict((name, limit) for name, limit in THRESHOLDS),
                "accuracy": {str(seat): loss for seat, loss in self.accuracy().items()},
                "decisions": [asdict(d) for d in self.decisions]}


def mark(loss: float) -> str | None:
    """The mark of a loss of win chance.

    >>> mark(0.25), mark(0.12), mark(0.05), mark(0.049)
    ('blunder', 'mistake', 'inaccuracy', None)
    """
    for name, limit in THRESHOLDS:
        if loss >= limit - 1e-12:
            return name
    return None


def review_decision(state: State[Any], played: Any, index: int, *,
                    iterations: int | None, seconds: float | None, seed: int) -> Decision:
    """Review the decision of ``state.to_move`` who played ``played`` in ``state``.

    The search starts from ``state.determinize(seat)``: it sees what the seat saw."""
    seat = state.to_move
    if seat is None:
        raise InvalidOptions("the game is over: there is no decision to review")
    bot = ISMCTSBot(seed=seed, iterations=iterations, seconds=seconds, forced=True)
    seen = state.determinize(seat, bot.rng)
    analysis = bot.analyse(seen, seat)
    by_action = {str(stat.action): stat for stat in analysis.stats}
    best = analysis.stats[0]
    mine = by_action[str(played)]
    loss = max(0.0, best.win - mine.win)
    return Decision(index, seat, str(played), str(best.action), mine.win, best.win, loss,
                    mark(loss), analysis.iterations)


def review(record: Record, seats: Iterable[int] | None = None, *,
           iterations: int | None = None, seconds: float | None = None, seed: int = 0,
           on_decision: Callable[[int, int], None] | None = None) -> Review:
    """Review the decisions of ``seats`` (all by default) in ``record``.

    ``on_decision(done, total)`` reports progress. Ctrl-C stops the review and returns what
    is done (``complete`` is then False). With ``iterations`` and ``seed`` the review of a
    record is the same on every run."""
    if iterations is None and seconds is None:
        seconds = 1.0
    final = record.replay()
    if not final.is_over:
        raise InvalidOptions("a review is of a finished game: this record's game goes on "
                             "(its other seats' hidden moves would show)")
    chosen = sorted(set(range(final.players) if seats is None else seats))
    if any(not 0 <= seat < final.players for seat in chosen):
        raise InvalidOptions(f"seats are 0 to {final.players - 1} (got {chosen})")
    states = list(record.states())
    todo = [index for index, mover in enumerate(final.movers)
            if mover in chosen and len(states[index].legal_actions()) > 1]
    result = Review(final.game.name, chosen)
    try:
        for done, index in enumerate(todo):
            result.decisions.append(review_decision(
                states[index], final.history[index], index, iterations=iterations,
                seconds=seconds, seed=derive_seed(seed, "review", index)))
            if on_decision is not None:
                on_decision(done + 1, len(todo))
    except KeyboardInterrupt:
        result.complete = False
    return result

