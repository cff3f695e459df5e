"""Multiplayer information-set MCTS: the single-observer kind with availability counts.

After Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree Search". The
tree belongs to the searching seat's information set and is keyed by actions from its
root. Every iteration samples one world with ``state.determinize(seat, rng)`` (so the bot
only ever guesses what it cannot see), walks the tree choosing among the children that are
legal in that world (UCB1 with *availability* counts instead of parent visits; only the
game's candidate moves, ``Game.search_actions``, where it narrows a decision), adds one
node (the playout policy's choice first), plays out with the game's own rollout policy and
backs up one reward per seat (max-n: each seat picks the child best for itself). Where the
game's log tells the searching seat more than an action (a card turned up), the tree
branches below that action on what the seat saw; where it tells less (another seat's move
the searching seat will not see, ``State.conceals_move``), the tree does not branch at all
and the playout policy makes that move. Actions the mover cannot tell apart
(``State.action_class``: revealing one unseen card or another) share one node, so the
search weighs a choice once, not once per indistinguishable action, and does not spread
its visits over them; in each sampled world the class's first action stands for it. The
class is explored as its k members would be one by one (UCB's exploration term takes its
visits divided by k): pooling alike actions sharpens their statistics, and must not cut
their share of exploration to one action's, which starved the class that branches on the
most outcomes (castle's unseen cards: the search took known cards instead of revealing).
Where a class stands beside single actions at the root, the move is the best mean less
two standard errors (:data:`CLASS_CHOICE_Z`), not the most visits: a single action's
visits are noisy where the class's per-member share is not, so counting visits let a
lucky single action win. With
``opponents="greedy"`` (or ``"game"``, or ``"model"``) every
other seat's move is made that way, by the game's greedy (or playout, or model) policy in the
sampled world: the tree then holds the searching seat's decisions only, and each opponent plays
knowing its own sampled hidden cards, where the max-n tree would average its choices over
all of them. The tree is kept between moves and re-rooted when the new position is still
in it (not in games that group actions: a past action's class would need the position
it was made in).

Rewards are the game's win shares (``State.rewards``), optionally blended with score
margins; playouts cut at ``depth`` are judged by the game's optional ``evaluate(state)``
hook (heuristic values per seat), else by its running scores (see :func:`margins`), or by
another value the game offers (``evaluation="learned"``: 5 Towers' model of final scores).

Steadier choices among near-equal moves (issue 29, measured in docs/bots.md): ``paired``
tries every root move in each sampled world with the same random choices (common random
numbers; ``prune`` races the moves), ``trees`` sums an ensemble of independent trees,
``anchor="greedy"`` keeps the greedy move unless the search beats it by more than its own
noise, and ``lead_scale`` widens the cut value's logistic curve.

A chance-aware value (``continuations=K``): a new node is played out in K worlds, the
iteration's and K - 1 guessed afresh there from the searching seat's view, and valued by
their mean, so one imagined future (a draw pile's order) does not decide it.

Budgets: ``iterations`` (reproducible: the same seed gives the same move) or ``seconds``
(interactive); with both, whichever runs out first.

>>> from towerplay import bots
>>> bots.load("ismcts:iterations=200,c=0.5", seed=3).spec
'ismcts:iterations=200,c=0.5'
"""
from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Hashable
from typing import Any, Literal, NamedTuple, cast

from pydantic import Field, ValidationInfo, field_validator

from towerplay.bots.base import Bot, BotOptions
from towerplay.core.game import Game
from towerplay.core.heuristics import Heuristics
from towerplay.core.state import A, Action, State

DEFAULT_ITERATIONS = 1000
"""The budget when neither ``iterations`` nor ``seconds`` is given."""
CLASS_CHOICE_Z = 2.0
"""Where a class of alike actions stands beside single actions at the root, the choice is
the best mean less this many standard errors: the class's pooled mean is precise, a single
action's few visits are not, and counting visits (per member) let a single action win by
its luck (docs/rl.md, "The root's choice beside a class")."""


class ISMCTSOptions(BotOptions):
    """Options of the ISMCTS bot (all can be given in a spec: ``ismcts:iterations=500``)."""

    iterations: int | None = Field(None, ge=1, description="iterations per move")
    seconds: float | None = Field(None, gt=0, description="thinking time per move")
    c: float = Field(0.7, ge=0, description="UCB exploration constant")
    rollout: Literal["game", "greedy", "random"] = Field(
        "game", description="playout policy: the game's rollout_action, its greedy_action, "
        "or uniform random")
    depth: int | None = Field(
        None, ge=0, description="cut playouts after this many actions and judge the "
        "position by the game's evaluate() if it has one, else its running scores "
        "(None: play to the end)")
    evaluation: Literal["game", "learned"] = Field(
        "game", description="what judges a playout cut at depth: the game's hand-made "
        "evaluate(), or a value it learned from simulated games (5 Towers)")
    score_weight: float = Field(
        0.0, ge=0, le=1, description="share of the final reward taken from the score "
        "margins (see margins()) instead of win/loss")
    narrow: bool = Field(True, description="weigh only the game's search_actions "
                         "(its candidate moves) instead of every legal action")
    opponents: Literal["tree", "game", "greedy", "model"] = Field(
        "tree", description="the other seats' moves: searched in the tree (max-n), or "
        "made in each sampled world by the game's rollout_action, its greedy_action or "
        "its model_action (a cheap stand-in for greedy; an opponent that knows its own "
        "sampled hidden cards)")
    reuse: bool = Field(True, description="keep the tree between moves (never with "
                        "trees above 1)")
    trees: int = Field(1, ge=1, le=64, description="root-parallel ensemble: search this "
                       "many independent trees, each with its share of the budget, and "
                       "choose by their summed root statistics")
    worlds: Literal["each", "tree"] = Field(
        "each", description="where the hidden and the chance to come are guessed: afresh "
        "at each iteration (information-set search), or once for each tree of the "
        "ensemble (trees), which then searches that world as if it were the truth "
        "(determinized search, 'perfect information Monte Carlo'); the trees' root "
        "statistics are summed")
    paired: bool = Field(
        False, description="each iteration samples one world and tries every root move "
        "in it, each followed by the same random choices (common random numbers), so the "
        "moves are compared on the same futures; the best mean value is chosen")
    skip_forced: bool = Field(
        False, description="below the root, make a move the game narrows to one "
        "candidate without a tree node, so every expansion falls on a real choice and the "
        "tree reaches later decisions sooner (not in games whose log tells more than the "
        "move)")
    prune: float = Field(
        0.0, ge=0, le=10, description="with paired: stop trying a root move once its "
        "paired difference from the best lies this many standard errors below zero "
        "(0: never)")
    anchor: Literal["none", "greedy"] = Field(
        "none", description="play the game's greedy move unless the search's best beats "
        "it by more than anchor_z standard errors of their mean rewards")
    anchor_z: float = Field(1.0, ge=0, le=10, description="how many standard errors the "
                            "search's best must beat the anchor's move by")
    lead_scale: float = Field(
        1.0, gt=0, le=100, description="stretch the lead that makes a clear favourite at "
        "the depth cut by this factor (above 1: the cut value tends towards the expected "
        "margin rather than the chance to be ahead)")
    root: Literal["ucb", "halving"] = Field(
        "ucb", description="how the root's iterations are shared: by UCB like every "
        "node, or (with a budget of iterations) by sequential halving: rounds that give "
        "the moves still in the race equal shares and drop the worse half by mean, the "
        "move the best mean of the last round")
    outcomes: Literal["exact", "pooled"] = Field(
        "exact", description="below a move that shows a seat something (a card turned "
        "up), file every outcome apart, or pool those the game calls alike "
        "(Heuristics.search_outcome: castle's near numbers)")
    alike: Literal["merged", "apart"] = Field(
        "merged", description="actions alike to their mover (State.action_class: revealing "
        "one unseen card or another) weighed as one node, or each apart, as OpenSpiel's "
        "search weighs them")
    counts: Literal["availability", "parent"] = Field(
        "availability", description="UCB's count of chances to choose a move: the "
        "iterations in which it was legal since it joined the tree (Cowling et al.'s "
        "availability), or the visits of the node it hangs from (as OpenSpiel's search "
        "counts), which explores a move that joined the tree late as much as the others")
    continuations: int = Field(
        1, ge=1, le=64, description="playouts from each new node, each but the first in a "
        "world sampled afresh there from the searching seat's view (the chance still to "
        "come drawn anew: a draw pile's order), their rewards averaged: a node is valued "
        "over several futures instead of the one its iteration's world holds")
    forced: bool = Field(False, description="weigh every legal action at the root, "
                         "even where the game narrows the choice to one (for hints and "
                         "reviews); a decision with one legal action, or one class of "
                         "alike actions, is never searched")

    @field_validator("root")
    @classmethod
    def _one_way_to_share_the_root(cls, value: str, info: ValidationInfo) -> str:
        if value == "halving" and info.data.get("paired"):
            raise ValueError("root=halving and paired=true each share the root's budget "
                             "their own way: choose one")
        return value

    @field_validator("prune")
    @classmethod
    def _prune_needs_pairs(cls, value: float, info: ValidationInfo) -> float:
        if value and not info.data.get("paired"):
            raise ValueError("prune works only with paired=true")
        return value


class Node:
    """Statistics of one action in the information-set tree.

    ``total[seat]`` sums the rewards of ``seat`` over the ``visits`` iterations that went
    through this node; the extra last slot sums the searching seat's pure win share (for
    win-chance estimates). ``square`` sums the squares of the searching seat's rewards (for
    the spread of its mean). ``avail`` counts the iterations in which the action was legal.
    """

    __slots__ = ("avail", "children", "members", "outcomes", "square", "total", "visits")

    def __init__(self, width: int) -> None:
        self.children: dict[Hashable, Node] = {}  # by action class (State.action_class)
        self.visits = 0
        self.avail = 1
        self.members = 1
        """How many alike actions (one class, ``State.action_class``) this node stands for
        among the moves weighed where it was last reached: it is explored, and chosen at
        the root, as that many actions would be one by one."""
        self.total = [0.0] * width
        self.square = 0.0
        self.outcomes: dict[Hashable, Node] | None = None
        """Where the searching seat sees more than the action (a card turned up, as its log
        entry tells), the decisions that follow hang below one node per observation."""

    def after(self, seen: Hashable) -> Node:
        """The node below this action for what the searching seat saw it reveal."""
        outcomes = self.outcomes
        if outcomes is None:
            outcomes = self.outcomes = {}
        node = outcomes.get(seen)
        if node is None:
            node = outcomes[seen] = Node(len(self.total))
        return node


class ActionStat(NamedTuple):
    """Search statistics of one root action."""

    action: Action
    visits: int
    win: float
    """Estimated chance that the searching seat wins after this action (shared wins split)."""
    value: float
    """Mean search reward of the searching seat (equals ``win`` when ``score_weight`` is 0)."""
    alike: int = 1
    """How many legal actions share this one's class (``State.action_class``): they are one
    choice, searched and reported as one, ``action`` standing for them all."""

    def spread(self) -> float:
        """The standard error of :attr:`win`, from the visits alone: a win share lies in
        [0, 1], so its variance is at most p(1 - p); p is taken with one win and one loss
        added (so 0 or 1 from a few visits is not mistaken for certainty). Infinite
        without visits."""
        if self.visits <= 0:
            return math.inf
        p = (self.win * self.visits + 1) / (self.visits + 2)
        return math.sqrt(p * (1 - p) / (self.visits + 2))


class Analysis(NamedTuple):
    """The result of one search: root actions best first, and the effort spent."""

    stats: list[ActionStat]
    iterations: int
    seconds: float

    @property
    def best(self) -> Action:
        return self.stats[0].action


class ISMCTSBot(Bot):
    """Single-observer multiplayer ISMCTS with availability counts and tree reuse.

    ``choose`` keeps the search behind the move in :attr:`last`; :meth:`analyse` returns it
    without moving (for hints).
    """

    name = "ismcts"
    options_type = ISMCTSOptions
    options: ISMCTSOptions

    def __init__(self, seed: int | None = None, **options: object) -> None:
        super().__init__(seed=seed, **options)
        self._tree: tuple[Game[Any, Any], int, list[Action], Node] | None = None
        self._settings: dict[tuple[str, int], ISMCTSOptions] = {}
        self.last: Analysis | None = None
        """The analysis behind the last move (for hints and debugging)."""
        self._finalists: list[Hashable] = []
        """The root moves still in the race of the last search by sequential halving."""

    def settings(self, game: Game[Any, Any], players: int) -> ISMCTSOptions:
        """The options in force for ``game`` at a table of ``players``: the game's search
        defaults for that table (``Heuristics.search_defaults_for``: its own knowledge of
        good playout depths and rewards), overridden by the bot's spec."""
        settings = self._settings.get((game.name, players))
        if settings is None:
            given = self.options.model_dump(exclude_unset=True)
            defaults = game.heuristics.search_defaults_for(players)
            settings = self.options_type(**{**defaults, **given})
            offered = game.heuristics.evaluations()
            if settings.evaluation not in offered:
                raise ValueError(f"{game.name} has no {settings.evaluation!r} evaluation "
                                 f"(it has: {', '.join(offered)})")
            self._settings[game.name, players] = settings
        return settings

    # ----------------------------------------------------------------- the Bot API
    def choose(self, state: State[A], seat: int) -> A:
        self.last = self.analyse(state, seat)
        return cast(A, self.last.best)  # one of state's own legal actions

    def forget(self) -> None:
        self._tree = None
        self.last = None

    def analyse(self, state: State[Any], seat: int, *, seconds: float | None = None,
                iterations: int | None = None, resume: bool = False) -> Analysis:
        """Search from ``state`` (already a guess of what ``seat`` knows) within the budget
        (``seconds``/``iterations``: this search's instead of the options'). With
        ``resume`` the search goes on with the tree of the last one if that searched this
        very position (a slice of a longer search, as a server gives its thinking to
        several tables in turn; the tree grows as if searched at once), whether or not
        the options keep trees between moves.

        Each iteration re-determinizes ``state`` from ``seat``'s point of view, so nothing
        hidden from ``seat`` in ``state`` is ever read.

        >>> from towerplay import games
        >>> state = games.load("five_towers").start(players=2, seed=3)
        >>> bot = ISMCTSBot(seed=1, iterations=400, reuse=False)
        >>> first = bot.analyse(state, 0, iterations=150, resume=True)
        >>> then = bot.analyse(state, 0, iterations=250, resume=True)
        >>> sum(s.visits for s in first.stats) < sum(s.visits for s in then.stats)
        True
        """
        legal = state.legal_actions()
        if not legal:
            raise ValueError("analyse needs a position with a move to make")
        opts = self.settings(state.game, state.players)
        classes = (state.action_classes(legal, seat) if _merges_alike(state, opts)
                   else {action: [action] for action in legal})
        if len(classes) == 1:  # one choice, however many actions: nothing to weigh
            return Analysis([ActionStat(legal[0], 0, math.nan, math.nan, len(legal))],
                            0, 0.0)
        if opts.narrow and not opts.forced:
            candidates = state.game.heuristics.search_actions(state, self.rng)
            if len(candidates) == 1:  # a routine decision the game settles itself
                return Analysis([ActionStat(candidates[0], 0, math.nan, math.nan)], 0, 0.0)
        started = time.perf_counter()
        if seconds is not None or iterations is not None:
            opts = opts.model_copy(update={"seconds": seconds, "iterations": iterations})
        one_tree = opts.trees == 1 and opts.worlds == "each"  # (else an ensemble)
        if one_tree:
            root = self._resumed(state, seat) if resume else None
            root = root or self._root(state, seat)
            done = self._run(root, state, seat, started, opts.iterations, opts.seconds)
            if opts.reuse or resume:
                self._tree = (state.game, seat, list(state.history), root)
        else:
            root, done = self._ensemble(state, seat, opts)
        elapsed = time.perf_counter() - started
        finalists = self._finalists if one_tree else []
        stats = self._stats(root, classes, seat, opts.paired, finalists)
        if opts.anchor == "greedy":
            stats = self._anchored(stats, root, state, seat, classes, opts.anchor_z)
        return Analysis(stats, done, elapsed)

    def _ensemble(self, state: State[Any], seat: int,
                  opts: ISMCTSOptions) -> tuple[Node, int]:
        """Search ``opts.trees`` fresh trees one after another, each with an equal share
        of the budget; return their root statistics summed into one root, and the
        iterations run. Independent trees make independent errors (a guessed world that
        misleads one tree misleads only its share), so their sum is steadier. With
        ``worlds=tree`` each tree searches one world, sampled at its start."""
        count = opts.trees
        width = state.players + 1
        limit = opts.iterations
        if limit is None and opts.seconds is None:
            limit = DEFAULT_ITERATIONS
        merged = Node(width)
        done = 0
        for index in range(count):
            share = None if limit is None else limit // count + (index < limit % count)
            seconds = None if opts.seconds is None else opts.seconds / count
            if share == 0:
                continue
            root = Node(width)
            world = (state.determinize(seat, self.rng, opts.recall)
                     if opts.worlds == "tree" else None)
            done += self._run(root, state, seat, time.perf_counter(), share, seconds, world)
            for key, child in root.children.items():
                into = merged.children.get(key)
                if into is None:
                    into = merged.children[key] = Node(width)
                into.visits += child.visits
                into.members = child.members
                into.square += child.square
                into.total = [a + b for a, b in zip(into.total, child.total, strict=True)]
        self._tree = None
        return merged, done

    def _anchored(self, stats: list[ActionStat], root: Node, state: State[Any], seat: int,
                  classes: dict[Hashable, list[Any]], z: float) -> list[ActionStat]:
        """``stats`` with the greedy move first unless the search's best beats it by more
        than ``z`` standard errors of the two mean rewards (measured from the rewards'
        own spread). The greedy move is chosen in a world sampled from the seat's view,
        as the greedy bot chooses."""
        recall = self.settings(state.game, state.players).recall
        world = state.determinize(seat, self.rng, recall)
        wanted = state.game.heuristics.greedy_action(world, self.rng)
        key = next((k for k, actions in classes.items() if wanted in actions), None)
        best = stats[0]
        if key is None or wanted in classes.get(_key_of(best, classes), ()):
            return stats
        mine, theirs = root.children.get(_key_of(best, classes)), root.children.get(key)
        if mine is None or theirs is None or theirs.visits < 2 or mine.visits < 2:
            return stats
        gap = mine.total[seat] / mine.visits - theirs.total[seat] / theirs.visits
        if gap > z * math.hypot(_error(mine, seat), _error(theirs, seat)):
            return stats
        index = next(i for i, stat in enumerate(stats) if stat.action in classes[key])
        return [stats[index], *stats[:index], *stats[index + 1:]]

    # ----------------------------------------------------------------- tree reuse
    def _resumed(self, state: State[Any], seat: int) -> Node | None:
        """The kept tree's root if it was searched from this very position."""
        if self._tree is None:
            return None
        game, old_seat, old_history, node = self._tree
        if game is state.game and old_seat == seat and state.history == old_history:
            return node
        return None

    def _root(self, state: State[Any], seat: int) -> Node:
        """The node for ``state`` in the kept tree, or a fresh root."""
        width = state.players + 1
        settings = self.settings(state.game, state.players)
        if (self._tree is None or not settings.reuse or state.groups_actions
                or (settings.outcomes == "pooled" and _pools_outcomes(state.game))):
            return Node(width)  # (a past outcome's pooled key needs the position it showed)
        game, old_seat, old_history, node = self._tree
        history = state.history
        start = len(old_history)
        if (game is not state.game or old_seat != seat or len(history) < start
                or history[:start] != old_history):
            return Node(width)
        modeled = settings.opponents != "tree"
        for index in range(start, len(history)):
            if modeled and state.movers[index] != seat:
                continue  # the tree holds only this seat's decisions
            action = history[index]
            seen = state.log_line(index, seat)
            text = str(action)
            # An action the seat did not see (its log entry does not name it) is only a
            # guess here: it cannot pick a branch of the tree.
            if seen is None or not seen.startswith(text):
                return Node(width)
            child = node.children.get(action)
            if child is None:
                return Node(width)
            private = seen != text and not state.log_is_public
            node = child.after(seen) if private else child
        return node

    # ----------------------------------------------------------------- the search
    def _run(self, root: Node, state: State[Any], seat: int, started: float,
             iterations: int | None, seconds: float | None,
             world: State[Any] | None = None) -> int:
        """Run iterations until the budget is spent; return how many ran (``world``:
        every iteration in a copy of it instead of a world sampled afresh)."""
        limit = iterations
        if limit is None:
            limit = sys.maxsize if seconds is not None else DEFAULT_ITERATIONS
        deadline = started + seconds if seconds is not None else math.inf
        clock = time.perf_counter
        iterate = self._iteration_function(state, seat, counted=iterations is not None,
                                           world=world)
        done = 0
        while done < limit:
            done += iterate(root, limit - done)
            if deadline != math.inf and clock() >= deadline:
                break
        return done

    def _iteration_function(self, state: State[Any], seat: int, counted: bool = False,
                            world: State[Any] | None = None) -> Callable[[Node, int], int]:
        """One ISMCTS iteration as a closure over everything constant during a search: it
        runs at most the given number of descents and returns how many it ran (one, or
        with ``paired`` one per root move legal in the sampled world). ``counted``: the
        budget is a count of iterations (what sequential halving plans by)."""
        opts = self.settings(state.game, state.players)
        rng: random.Random = self.rng  # samples the worlds
        # makes the choices within a world; paired descents replay the same choices
        play = random.Random(0) if opts.paired else rng
        prune = opts.prune
        worlds: list[dict[Hashable, float]] = []  # a paired search's rewards by world
        dropped: set[Hashable] = set()  # root moves a paired search stopped trying
        recall = opts.recall
        c = opts.c
        players = state.players
        width = players + 1
        slots = range(width)
        weight = opts.score_weight
        max_depth = sys.maxsize if opts.depth is None else opts.depth
        game = state.game.heuristics
        policy = {"game": game.rollout_action, "greedy": game.greedy_action,
                  "random": _random_action}[opts.rollout]
        # the values of cut playouts, and the lead that makes a clear favourite
        judge, judge_scale = game.evaluations()[opts.evaluation]
        stretch = opts.lead_scale
        log, sqrt = math.log, math.sqrt
        determinize: Callable[[int, random.Random, float], State[Any]] = (
            state.determinize if world is None
            else lambda _seat, _rng, _recall: world.copy())
        candidates: Callable[[State[Any]], list[Action]] = (
            (lambda s: game.search_actions(s, play)) if opts.narrow
            else type(state).legal_actions)
        # a forced search (a hint) weighs every legal move at the root, narrowed below it
        wide_root = opts.forced
        # Games whose log tells a seat more than the action (what a reveal showed) split
        # the tree by what the searching seat saw; others skip the look-up.
        observes = state.filters_log and not state.log_is_public
        outcome = (game.search_outcome if opts.outcomes == "pooled"
                   else lambda s, seen: seen)
        # a forced move needs no node where the log shows nothing but the move itself
        skip = opts.skip_forced and not observes
        # Another seat's move that the searching seat will not see (a build on a hidden
        # board) cannot branch its tree: the playout policy makes it in the sampled world
        # and the path goes on at the same node, as Cowling et al. treat partially
        # observable moves.
        conceals = type(state).conceals_move if state.conceals_moves else None
        model = {"tree": None, "game": game.rollout_action, "greedy": game.greedy_action,
                 "model": game.model_action}[opts.opponents]
        # Games where some actions are alike to their mover key the tree by class.
        klass = type(state)._action_class if _merges_alike(state, opts) else None
        by_parent = opts.counts == "parent"

        futures = opts.continuations

        def playout(s: State[Any]) -> list[float]:
            """Play ``s`` out with the playout policy (to the end, or ``depth`` actions)
            and judge it (:func:`evaluate`)."""
            depth = 0
            while s.to_move is not None and depth < max_depth:
                s.apply(policy(s, play))
                depth += 1
            return evaluate(s)

        def evaluate(s: State[Any]) -> list[float]:
            """Rewards per seat, plus the searching seat's win share in the last slot."""
            if s.to_move is None:
                win = s.rewards()
                if weight:
                    soft = margins(s.scores())
                    reward = [(1 - weight) * w + weight * x for w, x in zip(win, soft, strict=True)]
                else:
                    reward = list(win)
                reward.append(win[seat])
            else:  # a cut playout: judge the position (the game's evaluate, or scores)
                reward = margins(judge(s), judge_scale(s), stretch)
                reward.append(reward[seat])
            return reward

        def root_moves(s: State[Any]) -> tuple[list[Any], list[Action]]:
            """The keys and actions of the root's choices in world ``s``."""
            legal = s.legal_actions() if wide_root else candidates(s)
            if klass is None:
                return legal, legal
            by_key: dict[Hashable, Action] = {}
            for action in legal:
                by_key.setdefault(klass(s, action, seat), action)
            return list(by_key), list(by_key.values())

        def iterate(root: Node, room: int) -> int:
            descend(determinize(seat, rng, recall), root, [root], True)
            return 1

        def through(s: State[Any], root: Node, key: Hashable, action: Action,
                    path: list[Node]) -> float:
            """Play the root move ``action`` (its class ``key``) in world ``s``, then
            select, expand and play out below it; return the searching seat's reward."""
            child = root.children.get(key)
            fresh = child is None
            if child is None:
                child = root.children[key] = Node(width)
            else:
                child.avail += 1
            s.apply(action)
            node = child
            if observes and not fresh:
                seen = s.log_line(len(s.history) - 1, seat)
                if seen is not None and seen != str(action):
                    node = child.after(outcome(s, seen))
            path.append(child)
            return descend(s, node, path, not fresh)

        def iterate_paired(root: Node, room: int) -> int:
            """Every root move in one sampled world, each followed by the same random
            choices (common random numbers), so the moves are compared on the same
            futures."""
            world = determinize(seat, rng, recall)
            seed = rng.getrandbits(64)
            keys, legal = root_moves(world)
            done = 0
            results: dict[Hashable, float] = {}
            live = [(key, action) for key, action in zip(keys, legal, strict=True)
                    if key not in dropped]
            for key, action in live or list(zip(keys, legal, strict=True)):
                if done >= room:
                    break
                play.seed(seed)
                results[key] = through(world.copy(), root, key, action, [root])
                done += 1
            if prune:
                race(results)
            return done

        schedule: list[Hashable] = []  # the root moves still to try this round, in turn
        rounds = [0]  # the rounds of halving left

        def iterate_halving(root: Node, room: int) -> int:
            """One iteration through the root move the schedule of sequential halving
            names (:data:`ISMCTSOptions.root`): each round gives the moves still in the
            race an equal share, then the worse half (by mean) drops out."""
            world = determinize(seat, rng, recall)
            keys, legal = root_moves(world)
            if not schedule:
                plan(root, keys, room)
            key = schedule.pop()
            if key in keys:
                through(world, root, key, legal[keys.index(key)], [root])
            else:  # not a move in this world: an ordinary descent
                descend(world, root, [root], True)
            return 1

        def plan(root: Node, keys: list[Hashable], room: int) -> None:
            """The next round's schedule: the first round races every root move, each
            later one the better half of the last (by mean reward); the last round takes
            what is left of the budget."""
            if not finalists:
                finalists.extend(keys)
                rounds[0] = max(1, math.ceil(math.log2(len(keys))))
            elif len(finalists) > 1:
                finalists.sort(key=lambda k: -_mean(root.children.get(k), seat))
                del finalists[(len(finalists) + 1) // 2:]
            budget = room // rounds[0] if rounds[0] > 1 else room
            rounds[0] = max(1, rounds[0] - 1)
            share, extra = divmod(budget, len(finalists))
            leaders = sorted(finalists, key=lambda k: -_mean(root.children.get(k), seat))
            schedule.extend(leaders[:extra])
            schedule.extend(finalists * share)
            schedule.reverse()  # popped from the end: the extra visits go last

        def race(results: dict[Hashable, float]) -> None:
            """Record one world's rewards per root move; every 16 worlds, drop the moves
            whose paired difference from the best mean lies more than ``prune`` standard
            errors below it (the rest of the budget goes to the contenders)."""
            worlds.append(results)
            if len(worlds) % 16 or len(worlds) < 32:
                return
            sums: dict[Hashable, list[float]] = {}
            for world in worlds:
                for key, value in world.items():
                    sums.setdefault(key, [0.0, 0.0])
                    sums[key][0] += value
                    sums[key][1] += 1
            leader = max(sums, key=lambda k: sums[k][0] / sums[k][1])
            for key in sums:
                if key == leader or key in dropped:
                    continue
                diffs = [w[key] - w[leader] for w in worlds if key in w and leader in w]
                if len(diffs) < 16:
                    continue
                mean = sum(diffs) / len(diffs)
                spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
                if mean + prune * spread / math.sqrt(len(diffs)) < 0:
                    dropped.add(key)

        def descend(s: State[Any], node: Node, path: list[Node], walk: bool) -> float:
            """From ``node`` (world ``s``): select down the tree and expand one node (if
            ``walk``), play out, and back the reward up ``path``; return the searching
            seat's reward."""
            # Selection and expansion: only children legal in this world take part.
            while walk:
                mover = s.to_move
                if mover is None:
                    break
                if mover != seat:
                    if model is not None:
                        s.apply(model(s, play))
                        continue
                    if conceals is not None and conceals(s, seat):
                        s.apply(policy(s, play))
                        continue
                legal = s.legal_actions() if wide_root and node is path[0] else candidates(s)
                if skip and len(legal) == 1 and node is not path[0]:
                    s.apply(legal[0])  # no choice: no node, the walk goes on
                    continue
                if klass is None:
                    keys: list[Any] = legal
                else:  # one action per class (the first), keyed by the class
                    by_key: dict[Hashable, Action] = {}
                    members: dict[Hashable, int] = {}  # how many actions each one stands for
                    for action in legal:
                        key = klass(s, action, mover)
                        if key in by_key:
                            members[key] += 1
                        else:
                            by_key[key], members[key] = action, 1
                    keys, legal = list(by_key), list(by_key.values())
                children = node.children
                untried = None
                best = None
                best_child = node
                best_score = -1.0
                # the parent's count: the visits of the moves below it (an outcome's
                # node counts none of its own)
                chances = (log(max(1, sum(ch.visits for ch in children.values())))
                           if by_parent else 0.0)
                for index, key in enumerate(keys):
                    child = children.get(key)
                    if child is None:
                        if untried is None:
                            untried = [index]
                        else:
                            untried.append(index)
                    else:
                        child.avail += 1
                        if klass is not None:
                            child.members = members[key]
                        if untried is None:
                            visits = child.visits
                            # a class is explored as its members would be, one by one
                            chosen = chances if by_parent else log(child.avail)
                            score = (child.total[mover] / visits
                                     + c * sqrt(chosen * child.members / visits))
                            if score > best_score:
                                best_score, best, best_child = score, legal[index], child
                if untried is not None:
                    if len(untried) == 1:
                        pick = untried[0]
                    else:  # first the move the playout policy would make, then the others
                        pick = -1
                        if len(untried) == len(legal):
                            wanted = policy(s, play)
                            wanted_key = wanted if klass is None else klass(s, wanted, mover)
                            if wanted_key in keys:
                                pick = keys.index(wanted_key)
                        if pick < 0:
                            pick = play.choice(untried)
                    child = children[keys[pick]] = Node(width)
                    if klass is not None:
                        child.members = members[keys[pick]]
                    s.apply(legal[pick])
                    path.append(child)
                    break
                s.apply(best)
                path.append(best_child)
                node = best_child
                if observes:
                    seen = s.log_line(len(s.history) - 1, seat)
                    if seen is not None and seen != str(best):
                        node = best_child.after(outcome(s, seen))
            # Playout with the game's light policy (in more futures: continuations)
            others = ([s.determinize(seat, play, recall) for _ in range(futures - 1)]
                      if futures > 1 and s.to_move is not None else ())
            reward = playout(s)
            if others:
                for world in others:
                    reward = [a + b for a, b in zip(reward, playout(world), strict=True)]
                reward = [total / futures for total in reward]
            square = reward[seat] * reward[seat]
            for node in path:
                node.visits += 1
                node.square += square
                total = node.total
                for i in slots:
                    total[i] += reward[i]
            return reward[seat]

        finalists = self._finalists = []  # the root moves still in a halving race
        if opts.paired:
            return iterate_paired
        return iterate_halving if opts.root == "halving" and counted else iterate

    @staticmethod
    def _stats(root: Node, classes: dict[Hashable, list[Any]], seat: int,
               by_value: bool = False,
               finalists: list[Hashable] | None = None) -> list[ActionStat]:
        """Root action classes (each by its first action) with their statistics, most
        visited (then best valued) first; where a class of several alike actions is among
        them, by the lower confidence bound of their means (mean less
        :data:`CLASS_CHOICE_Z` standard errors); or, ``by_value``, best valued first (a
        paired search visits every move alike); or, after sequential halving, the
        ``finalists`` (the last round's moves) best valued first, then the others by
        visits (how long each stayed in the race)."""
        stats = []
        shares = []
        bounds = []
        for key, actions in classes.items():
            child = root.children.get(key)
            action, alike = actions[0], len(actions)
            if child is None or child.visits == 0:
                stats.append(ActionStat(action, 0, 0.0, 0.0, alike))
                shares.append(0.0)
                bounds.append(-math.inf)
            else:
                value = child.total[seat] / child.visits
                stats.append(ActionStat(action, child.visits, child.total[-1] / child.visits,
                                        value, alike))
                shares.append(child.visits / child.members)
                bounds.append(value - CLASS_CHOICE_Z * _error(child, seat)
                              if child.visits > 1 else -math.inf)
        pooled = any(child.members > 1 for child in root.children.values())
        if finalists:
            last = [key in finalists for key in classes]
            order = sorted(range(len(stats)), key=lambda i: (
                not last[i], 0 if last[i] else -stats[i].visits, -stats[i].value, i))
        elif by_value:
            order = sorted(range(len(stats)),
                           key=lambda i: (not stats[i].visits, -stats[i].value, i))
        elif pooled:
            order = sorted(range(len(stats)), key=lambda i: (-bounds[i], -shares[i], i))
        else:
            order = sorted(range(len(stats)),
                           key=lambda i: (-shares[i], -stats[i].value, i))
        return [stats[i] for i in order]


def _key_of(stat: ActionStat, classes: dict[Hashable, list[Any]]) -> Hashable:
    """The class key of a root statistic's action."""
    return next(k for k, actions in classes.items() if stat.action in actions)


def _merges_alike(state: State[Any], opts: ISMCTSOptions) -> bool:
    """Whether the search weighs ``state``'s alike actions as one (the game groups some,
    and ``alike=merged``)."""
    return state.groups_actions and opts.alike == "merged"


def _pools_outcomes(game: Game[Any, Any]) -> bool:
    """Whether ``game`` files some outcomes under a pooled key (its own
    ``Heuristics.search_outcome``)."""
    return type(game.heuristics).search_outcome is not Heuristics.search_outcome


def _mean(node: Node | None, seat: int) -> float:
    """``seat``'s mean reward through ``node`` (minus infinity without visits)."""
    if node is None or not node.visits:
        return -math.inf
    return node.total[seat] / node.visits


def _error(node: Node, seat: int) -> float:
    """The standard error of ``seat``'s mean reward through ``node`` (the searching seat's,
    whose squares the node sums). Rewards lie in [0, 1]: the spread is taken with one
    reward of 0 and one of 1 added, so a few visits that all won (or all lost) are not
    mistaken for a sure value (their own spread is 0; a pass that won its 16 visits had
    been played over a class of 280 visits at 0.93).

    >>> node = Node(2)
    >>> node.visits, node.total, node.square = 16, [16.0, 0.0, 16.0], 16.0
    >>> round(_error(node, 0), 3)
    0.056
    """
    visits = node.visits + 2
    mean = (node.total[seat] + 1) / visits
    variance = max(0.0, (node.square + 1) / visits - mean * mean)
    return math.sqrt(variance / (visits - 1))


def _random_action(state: State[A], rng: random.Random) -> A:
    legal: list[A] = state.legal_actions()
    return rng.choice(legal)


def margins(values: list[float], scale: float | None = None,
            stretch: float = 1.0) -> list[float]:
    """Each seat's lead over the best other seat, squashed into (0, 1) by a logistic curve
    (a graded "chance to be ahead") of the given ``scale``; by default a quarter of the
    values' mean absolute size; either times ``stretch``.

    >>> [round(x, 2) for x in margins([40.0, 30.0])]
    [0.76, 0.24]
    >>> [round(x, 2) for x in margins([40.0, 30.0], scale=5.0)]
    [0.88, 0.12]
    >>> margins([5, 5, 5])
    [0.5, 0.5, 0.5]
    >>> [round(x, 2) for x in margins([40.0, 30.0], scale=5.0, stretch=2.0)]
    [0.73, 0.27]
    """
    count = len(values)
    if not scale:
        scale = 0.25 * sum(abs(v) for v in values) / count or 1.0
    scale *= stretch
    order = sorted(range(count), key=values.__getitem__, reverse=True)
    first, second = values[order[0]], values[order[1]] if count > 1 else values[order[0]]
    out = []
    for index, value in enumerate(values):
        other = second if index == order[0] else first
        out.append(1.0 / (1.0 + math.exp((other - value) / scale)))
    return out
