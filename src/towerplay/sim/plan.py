"""What a simulation plays: option sweeps, seat rotations and per-game seeds.

A game is a :class:`SimJob`; its ``index`` names it for good (rows are matched to jobs
by index when a run resumes), so indices run game-major over the sweep's option sets:
asking for more games later extends a run without renumbering what it already played.
Every option set plays the same deals (paired comparisons: less noise between sweeps).

>>> plan = Plan.build("five_towers", players=2, bots=["greedy", "random"], games=4,
...                   options={"rebid": ["feasible", "physical"]}, seed=1)
>>> [(j.index, j.sweep, j.specs) for j in plan.jobs[:3]]  # doctest: +NORMALIZE_WHITESPACE
[(0, 'rebid=feasible', ('greedy', 'random')), (1, 'rebid=physical', ('greedy', 'random')),
 (2, 'rebid=feasible', ('random', 'greedy'))]
>>> plan.jobs[0].seed == plan.jobs[1].seed == plan.jobs[2].seed   # one deal, every rotation
True
"""
from __future__ import annotations

import bisect
import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, overload

from towerplay import bots as bot_registry
from towerplay import games
from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.core.rng import derive_seed
from towerplay.i18n import options_from_words


@dataclass(frozen=True)
class SimJob:
    """One game to play: everything a worker needs, as plain picklable data."""

    index: int
    game: str
    options: str
    """The game's options as canonical JSON text (as the rows carry them)."""
    sweep: str
    """The swept options of this game as ``name=value`` pairs (empty without a sweep)."""
    players: int
    specs: tuple[str, ...]
    """The bot spec in each seat."""
    names: tuple[str, ...]
    """The bot's unique label in each seat (a repeated spec gets ``#2``...)."""
    seed: int
    entrants: tuple[int, ...] = ()
    """The index of each seat's bot in the run's list of bots (a ladder ranks them)."""


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """The bot combinations that meet at a table (by index).

    With at least as many bots as seats each table has distinct bots; with fewer, bots sit
    more than once, and every table mixes at least two bots.

    >>> lineups(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    >>> lineups(2, 3)
    [(0, 0, 1), (0, 1, 1)]
    """
    if bots < 1:
        raise InvalidOptions(Event.of("cli.no_bots"))
    if bots >= players:
        return list(itertools.combinations(range(bots), players))
    if bots == 1:
        return [(0,) * players]
    return [c for c in itertools.combinations_with_replacement(range(bots), players)
            if len(set(c)) > 1]


def bot_labels(bots: Sequence[str]) -> list[str]:
    """Unique names for the bots (a repeated spec gets ``#2``, ``#3``...).

    >>> bot_labels(["random", "greedy", "random"])
    ['random', 'greedy', 'random#2']
    """
    seen: dict[str, int] = {}
    out = []
    for spec in bots:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return out


def parse_sweep(game_name: str, pairs: Sequence[str]) -> dict[str, list[Any]]:
    """``["rebid=feasible,physical", "x=1"]`` -> ``{"rebid": ["feasible", "physical"],
    "x": [1]}``, each value typed by the game's options (strict types), a choice also by
    its words in any of our languages (``rebid=wykonalna,fizyczna``).

    >>> parse_sweep("castle", ["max_turns=50,60", "memory=open"])
    {'max_turns': [50, 60], 'memory': ['open']}
    >>> parse_sweep("castle", ["max_turns"])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    towerplay.core.errors.InvalidOptions: an option must look like name=value or name=v1,v2
    (got 'max_turns')
    """
    cls = games.game_class(game_name)
    sweep: dict[str, list[Any]] = {}
    for pair in pairs:
        key, eq, values = pair.partition("=")
        key = key.strip()
        if not eq or not key or not values.strip():
            raise InvalidOptions(Event.of("cli.sweep_form", got=repr(pair)))
        texts = [v.strip() for v in values.split(",")]
        if any(not t for t in texts) or len(set(texts)) != len(texts):
            raise InvalidOptions(Event.of("cli.sweep_values", option=repr(key),
                                          got=repr(values)))
        sweep[key] = [options_from_words(cls, {key: t})[key] for t in texts]
    return sweep


def option_sets(sweep: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """The grid of a sweep, in a fixed order (the last option varies fastest).

    >>> option_sets({"a": [1, 2], "b": ["x"]})
    [{'a': 1, 'b': 'x'}, {'a': 2, 'b': 'x'}]
    """
    names = list(sweep)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*sweep.values())]


def sweep_label(options: Mapping[str, Any], swept: Sequence[str]) -> str:
    """The swept options as ``name=value`` pairs (JSON text for non-text values).

    >>> sweep_label({"rebid": "physical", "max_turns": 9}, ["max_turns", "rebid"])
    'max_turns=9 rebid=physical'
    """
    return " ".join(f"{name}={_text(options[name])}" for name in swept)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


class Jobs(Sequence[SimJob]):
    """A plan's games in index order, each made when asked for: a million-game plan holds
    a few numbers, not a million jobs (and starts at once).

    >>> jobs = Plan.build("castle", players=2, bots=["greedy", "random"], games=3).jobs
    >>> len(jobs), [job.specs for job in jobs[1:3]]
    (4, [('random', 'greedy'), ('greedy', 'random')])
    """

    def __init__(self, game: str, players: int, bots: Sequence[str], sets: Sequence[str],
                 labels: Sequence[str], games: int, seed: int) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.bots, self.sets, self.labels = tuple(bots), tuple(sets), tuple(labels)
        self.names = tuple(bot_labels(bots))
        self.tables = lineups(len(bots), players)
        # a lineup of one bot plays one game a round, others one per seat rotation
        self.sizes = [1 if len(set(t)) == 1 else players for t in self.tables]
        self.starts = list(itertools.accumulate(self.sizes, initial=0))[:-1]
        self.deals = _deal_count(self.sizes, games)

    def __len__(self) -> int:
        return self.deals * len(self.sets)

    @overload
    def __getitem__(self, index: int) -> SimJob: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[SimJob, ...]: ...

    def __getitem__(self, index: int | slice) -> SimJob | tuple[SimJob, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"no game {index} in a plan of {len(self)}")
        number, k = divmod(index, len(self.sets))
        deal, lineup = self.deal(number)
        return SimJob(index, self.game, self.sets[k], self.labels[k], self.players,
                      tuple(self.bots[b] for b in lineup),
                      tuple(self.names[b] for b in lineup), deal, tuple(lineup))

    def deal(self, number: int) -> tuple[int, tuple[int, ...]]:
        """Game ``number`` of an option set: its deal seed and lineup, seat rotations in
        turn (the same for every set: paired comparisons)."""
        round_, offset = divmod(number, sum(self.sizes))
        table = bisect.bisect_right(self.starts, offset) - 1
        lineup = self.tables[table]
        turn = offset - self.starts[table]
        return (derive_seed(self.seed, "sim", round_, table), lineup[turn:] + lineup[:turn])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash((self.game, self.players, self.bots, self.sets, self.deals, self.seed))

    def __repr__(self) -> str:
        return f"Jobs({self.game!r}, {len(self)} games)"


def _deal_count(sizes: Sequence[int], games: int) -> int:
    """Games per option set: ``games`` rounded up to the end of a seat rotation.

    >>> _deal_count([2, 2, 1], 3), _deal_count([2, 2, 1], 5), _deal_count([2, 2, 1], 6)
    (4, 5, 7)
    """
    rounds, left = divmod(games, sum(sizes))
    count = rounds * sum(sizes)
    for size in sizes:
        if count >= games:
            break
        count += size
    return count


@dataclass(frozen=True)
class Plan:
    """The whole run: its jobs in index order, and what they were made from."""

    game: str
    players: int
    bots: tuple[str, ...]
    sets: tuple[str, ...]
    """Each option set's canonical JSON text."""
    jobs: Jobs

    @classmethod
    def build(cls, game: str, players: int, bots: Sequence[str], games: int,
              options: Mapping[str, Sequence[Any]] | None = None, seed: int = 0) -> Plan:
        """Check everything (refused with :class:`InvalidOptions` and friends, one line) and
        list the jobs: ``games`` per option set, seat-rotated.

        A lineup of different bots plays one deal from every seat rotation (``games`` is
        then rounded up to whole rotations); a lineup of one bot gets a fresh deal each game.
        """
        cls_ = _game_class(game)
        if not isinstance(games, int) or games < 1:
            raise InvalidOptions(Event.of("cli.games_positive", got=repr(games)))
        if not bots:
            raise InvalidOptions(Event.of("cli.name_bots"))
        for spec in bots:
            bot_registry.load(spec, seed=0)
        sweep = dict(options or {})
        configured = [cls_(**values) for values in option_sets(sweep)]
        configured[0].check_players(players)
        texts = tuple(_canonical(g.options_dict()) for g in configured)
        swept = [name for name, values in sweep.items() if len(values) > 1]
        labels_ = [sweep_label(g.options_dict(), swept) for g in configured]
        jobs = Jobs(game, players, bots, texts, labels_, games, seed)
        return cls(game, players, tuple(bots), texts, jobs)


def _game_class(name: str) -> Any:
    return games.game_class(name)


def _canonical(options: Mapping[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


