"""Game review: where did a seat lose? Each decision searched again from what that seat
knew at that moment, as a chess site reviews a game.

For every decision of the chosen seats, the search (the ISMCTS bot, weighing every legal
move) estimates the win chance of the action played and of the best one, from a
determinization of the seat's knowledge: never the true state. The difference is the
decision's *loss*, marked as an inaccuracy, a mistake or a blunder by :data:`THRESHOLDS`
only where each of :data:`SEARCHES` independent searches finds it above its own
uncertainty (:func:`noise`). See docs/review.md.

- Actions the seat cannot tell apart (``State.action_class``: revealing one unseen card
  or another) are one choice: searched as one, never compared with each other. A
  decision with one legal action, or one class of them, is not searched nor listed.
- The seat's memory is the game's (``Game.recall``, e.g. castle under ``memory=hidden``
  assumes nothing older than the log shows), unless ``recall`` says otherwise.
- The budget is :data:`DEFAULT_ITERATIONS` per search and the seed is fixed, so a record
  reviews the same on every run (``seconds`` is the exception).

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

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from towerplay.bots.ismcts import ActionStat, ISMCTSBot
from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event, Seat, Seq
from towerplay.core.record import Record
from towerplay.core.rng import derive_seed
from towerplay.core.state import State

THRESHOLDS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""A decision whose loss (best win chance less the played one's) reaches 20 points of win
chance is a blunder; 10 a mistake; 5 an inaccuracy (if the loss exceeds its noise)."""
DEFAULT_ITERATIONS = 500
"""Iterations of each of a decision's searches when neither iterations nor seconds are
given (:data:`SEARCHES` of them: 1,000 a decision)."""
SEARCHES = 2
"""Independent searches per decision: a mark needs all of them to find the loss."""
Z = 2.0
"""How many standard errors of the difference a loss must exceed to be marked."""


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
    noise: float = 0.0    # the loss a mark needs to exceed (see noise())
    best_alike: int = 1   # legal actions alike to ``best`` (one choice: any of them)


@dataclass
class Review:
    """The decisions reviewed, in game order, and what they add up to."""

    game: str
    seats: list[int]
    decisions: list[Decision] = field(default_factory=list)
    complete: bool = True

    def add(self, decision: Decision) -> None:
        """Keep a reviewed decision (one with a single class of alike actions, nothing
        to choose, is not listed)."""
        if decision.iterations:
            self.decisions.append(decision)

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


def noise(best: ActionStat, played: ActionStat) -> float:
    """The loss a mark needs: :data:`Z` standard errors of the difference of the two win
    chances, each from its visits (:meth:`ActionStat.spread`, a bound on a win share's
    variance; the two estimates taken as independent). Infinite when either was never
    visited, so an untried action is never marked.

    >>> from towerplay.bots.ismcts import ActionStat
    >>> round(noise(ActionStat("a", 400, 0.6, 0.6), ActionStat("b", 100, 0.4, 0.4)), 3)
    0.109
    """
    return Z * math.hypot(best.spread(), played.spread())


def best_class(keys: list[Hashable], runs: list[dict[Hashable, ActionStat]]) -> Hashable:
    """The best of the root's classes ``keys`` over the searches ``runs``: the most
    visited, as the bot chooses; but where a class of several alike actions stands among
    them (castle's unseen cards), the highest lower bound of the pooled win chance (less
    :data:`Z` spreads), as the bot then chooses (``ismcts.CLASS_CHOICE_Z``). A class is
    explored as all its members would be, so it draws most visits even where a single
    action beside it is better: by visits, a reveal of an unseen card could never be
    found worse than a known card.

    >>> from towerplay.bots.ismcts import ActionStat
    >>> runs = [{"?": ActionStat("a1", 450, 0.80, 0.80, 30),
    ...          "b3": ActionStat("b3", 50, 0.97, 0.97)}] * 2
    >>> best_class(["?", "b3"], runs)
    'b3'
    >>> best_class(["?", "b3"], [{k: s._replace(alike=1) for k, s in r.items()} for r in runs])
    '?'
    """
    if not any(r[k].alike > 1 for r in runs for k in keys):
        return max(keys, key=lambda k: (sum(r[k].visits for r in runs),
                                        sum(r[k].win for r in runs)))

    def lower_bound(key: Hashable) -> float:
        visits = sum(r[key].visits for r in runs)
        if not visits:
            return -math.inf
        win = sum(r[key].win * r[key].visits for r in runs) / visits
        pooled = runs[0][key]._replace(visits=visits, win=win)
        return pooled.win - Z * pooled.spread()

    return max(keys, key=lower_bound)


def review_decision(state: State[Any], played: Any, index: int, *,
                    iterations: int | None, seconds: float | None, seed: int,
                    recall: float | None = None) -> Decision:
    """Review the decision of ``state.to_move`` who played ``played`` in ``state``.

    :data:`SEARCHES` independent searches (seeds derived from ``seed``), each with the
    budget, start from ``state.determinize(seat, recall=...)``: they see what the seat saw
    and remembers (``recall``, default the game's). ``played`` is judged as its class: the
    alike actions (``State.action_class``) are one choice. The best class is
    :func:`best_class` over all searches; a mark needs every search to find a loss above
    its own :func:`noise`, and is the mark of the smallest of those losses. A decision with one
    class is not searched (``iterations`` 0, no mark)."""
    seat = state.to_move
    if seat is None:
        raise InvalidOptions(Event.of("cli.review_over"))
    if isinstance(played, str):
        played = state.game.parse_action(state, played)
    memory = state.game.recall() if recall is None else recall
    runs: list[dict[Hashable, ActionStat]] = []
    mine: list[Hashable] = []
    done = 0
    for run in range(SEARCHES):
        bot = ISMCTSBot(seed=derive_seed(seed, "search", run), iterations=iterations,
                        seconds=seconds, forced=True)
        seen = state.determinize(seat, bot.rng, recall=memory)
        analysis = bot.analyse(seen, seat)
        if analysis.iterations == 0:  # one choice: nothing to weigh
            return Decision(index, seat, str(played), str(played), math.nan, math.nan, 0.0,
                            None, 0, 0.0, analysis.stats[0].alike)
        done += analysis.iterations
        runs.append({seen.action_class(stat.action, seat): stat for stat in analysis.stats})
        mine.append(seen.action_class(played, seat))
    # in the first search's order (never a set's: string hashes differ between processes)
    keys = [k for k in runs[0] if all(k in r for r in runs[1:])]
    best = best_class(keys, runs)
    losses = [max(0.0, r[best].win - r[m].win) for r, m in zip(runs, mine, strict=True)]
    margins = [min(noise(r[best], r[m]), 1.0) for r, m in zip(runs, mine, strict=True)]
    agreed = all(loss > margin for loss, margin in zip(losses, margins, strict=True))
    chance = sum(r[m].win for r, m in zip(runs, mine, strict=True)) / len(runs)
    best_chance = sum(r[best].win for r in runs) / len(runs)
    return Decision(index, seat, str(played), str(runs[0][best].action), chance, best_chance,
                    sum(losses) / len(losses), mark(min(losses)) if agreed else None, done,
                    max(margins), runs[0][best].alike)


@dataclass(frozen=True)
class Step:
    """One decision to review: its place in the game, the position before it, the
    action played there."""

    index: int
    state: State[Any]
    played: Any


def steps(record: Record, seats: Iterable[int] | None = None,
          recall: float | None = None) -> tuple[Review, list[Step]]:
    """An empty review of ``seats`` (all by default) in ``record`` and the decisions to
    review for it, in game order (a decision with one legal action is none): each
    reviewed by :func:`review_decision` and added (:meth:`Review.add`), here or in
    another process, one at a time."""
    if recall is not None and not 0.0 <= recall <= 1.0:
        raise InvalidOptions(Event.of("cli.recall_range", got=recall))
    final = record.replay()
    if not final.is_over:
        raise InvalidOptions(Event.of("cli.review_unfinished"))
    chosen = sorted(set(range(final.players) if seats is None else seats))
    if any(not 0 <= seat < final.players for seat in chosen):
        raise InvalidOptions(Event.of("cli.review_seats", low=Seat(0),
                                      high=Seat(final.players - 1),
                                      got=Seq(tuple(Seat(seat) for seat in chosen))))
    states = list(record.states())
    todo = [Step(index, states[index], final.history[index])
            for index, mover in enumerate(final.movers)
            if mover in chosen and len(states[index].legal_actions()) > 1]
    return Review(final.game.name, chosen), todo


def review(record: Record, seats: Iterable[int] | None = None, *,
           iterations: int | None = None, seconds: float | None = None, seed: int = 0,
           recall: float | None = None,
           on_decision: Callable[[int, int], None] | None = None) -> Review:
    """Review the decisions of ``seats`` (all by default) in ``record``.

    ``on_decision(done, total)`` reports progress. Ctrl-C stops the review and returns what
    is done (``complete`` is then False). Without ``seconds`` (the default budget is
    :data:`DEFAULT_ITERATIONS`) the review of a record is the same on every run. ``recall``
    (default the game's, ``Game.recall``) is how much of what it saw a seat remembers."""
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    result, todo = steps(record, seats, recall)
    try:
        for done, step in enumerate(todo):
            result.add(review_decision(
                step.state, step.played, step.index, iterations=iterations,
                seconds=seconds, seed=derive_seed(seed, "review", step.index),
                recall=recall))
            if on_decision is not None:
                on_decision(done + 1, len(todo))
    except KeyboardInterrupt:
        result.complete = False
    return result
