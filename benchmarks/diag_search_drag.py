"""Does exploration drag down a move whose card is unknown? (issue 29's second cause)

    PYTHONPATH=src nice -n 10 python3 benchmarks/diag_search_drag.py [--iterations 3000]
        [--rollout random] [--moves 15 21 31] [--seed 12345]

A greedy castle game is played from ``--seed``; at the given move numbers (those where the
mover weighs at least three choices) our ISMCTS searches with the fair match's settings
(every legal move, full playouts with ``--rollout``, win shares, a fresh tree). For the five
most visited root choices it prints the visits, the mean reward the search backs up, and two
values of the move followed well: for each outcome the seat saw after it (a revealed card:
one per card; else the move alone), the mean of the *most visited* next move, and the *best
mean* among the next moves, each weighted by the visits below that outcome. If the backed-up
mean lay far below the most visited follow-up, exploring the moves below would be dragging
the move's value down (more for an unknown card: one thinly searched subtree per card). The
best-mean column is optimistic where the visits are few (the largest of several noisy
means), as it is below an unknown card's many outcomes: it is printed to show by how much.
"""
from __future__ import annotations

import argparse
import random
from typing import Any

from towerplay import bots, games
from towerplay.bots.ismcts import ISMCTSBot, Node
from towerplay.core.state import State


def follow_up_value(child: Node, seat: int, best_mean: bool = False) -> float:
    """``seat``'s mean reward after ``child`` when each outcome below it is followed by its
    most visited next move (``best_mean``: the next move of the best mean), weighted by the
    visits below each outcome."""
    groups = list(child.outcomes.values()) if child.outcomes else [child]
    total = weight = 0.0
    for group in groups:
        below = [node for node in group.children.values() if node.visits]
        if not below:
            continue
        top = max(below, key=(lambda node: node.total[seat] / node.visits) if best_mean
                  else (lambda node: node.visits))
        visits = sum(node.visits for node in below)
        total += visits * top.total[seat] / top.visits
        weight += visits
    return total / weight if weight else child.total[seat] / child.visits


def positions(seed: int) -> dict[int, State[Any]]:
    """The positions of a greedy castle game, by move number, where the mover weighs at
    least three choices."""
    state = games.load("castle").start(players=2, seed=seed)
    greedy = bots.load("greedy", seed=1)
    found: dict[int, State[Any]] = {}
    while state.to_move is not None:
        if len(state.action_classes(state.legal_actions(), state.to_move)) >= 3:
            found[len(state.history)] = state.copy()
        state.apply(greedy.act(state))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--rollout", choices=("random", "game"), default="random")
    parser.add_argument("--moves", type=int, nargs="+", default=[15, 21, 31])
    parser.add_argument("--seed", type=int, default=12345)
    args = parser.parse_args()
    found = positions(args.seed)
    print(f"searched positions: {sorted(found)}")
    for move in args.moves:
        state = found.get(move)
        if state is None:
            print(f"move {move}: no choice of three or more there")
            continue
        seat = state.to_move
        assert seat is not None
        bot = ISMCTSBot(seed=3, iterations=args.iterations, rollout=args.rollout,
                        narrow=False, depth=None, score_weight=0.0, reuse=False)
        root = Node(state.players + 1)
        bot._run(root, state.determinize(seat, random.Random(3)), seat, 0.0,
                 args.iterations, None)
        print(f"move {move} (seat {seat}): choice, visits, mean, most visited follow-up, "
              "best-mean follow-up, outcomes")
        ranked = sorted(root.children.items(), key=lambda item: -item[1].visits)[:5]
        for key, child in ranked:
            name = "an unknown card" if not hasattr(key, "verb") else str(key)
            print(f"  {name:16s} {child.visits:6d}  {child.total[seat] / child.visits:.3f}"
                  f"  {follow_up_value(child, seat):.3f}"
                  f"  {follow_up_value(child, seat, best_mean=True):.3f}"
                  f"  {len(child.outcomes or {1: 1})}")


if __name__ == "__main__":
    main()
