"""Budowa Zamku's greedy boldness ``ALPHA`` in greedy self-play (docs/games/castle.md, Bots).

    .venv/bin/python benchmarks/tune_castle.py [--players 2] [--alpha 1.5]
        [--against -1 0 0.5 2.5] [--deals 1000] [--seed 2800] [-o variant=characters]

One greedy seat plays with ``--alpha``, every other seat with the value it is compared
against; each deal is played once from every seat (seat and deal luck cancel out). The
table gives the ``--alpha`` seat's win rate (a shared win counts as a fraction) with a 95%
Wilson interval beside an even share (1 / players). ``ALPHA`` is a module constant read at
every decision, so it is set before each seat's move.
"""
from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table as RichTable

from towerplay import games
from towerplay.arena.table import Table
from towerplay.core.rng import derive_seed
from towerplay.games.castle import heuristics
from towerplay.sim.ladder import wilson


def play(players: int, alphas: list[float], seed: int, options: dict[str, str]) -> list[int]:
    """The winners of one greedy game in which seat ``i`` plays with ``alphas[i]`` (the
    module's ``ALPHA`` is put back afterwards)."""
    state = games.load("castle", **options).start(players=players, seed=seed)
    table = Table(state, ["greedy"] * players)
    kept = heuristics.ALPHA
    try:
        while not state.is_over:
            heuristics.ALPHA = alphas[state.to_move or 0]
            table.step_bot()
    finally:
        heuristics.ALPHA = kept
    return list(state.winners())


def share(players: int, alpha: float, against: float, deals: int, seed: int,
          options: dict[str, str]) -> float:
    """Wins of the ``alpha`` seat over every deal and seat (shared wins as fractions)."""
    wins = 0.0
    for deal in range(deals):
        deal_seed = derive_seed(seed, "tune_castle", players, deal)
        for seat in range(players):
            alphas = [against] * players
            alphas[seat] = alpha
            winners = play(players, alphas, deal_seed, options)
            wins += (seat in winners) / len(winners)
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--alpha", type=float, default=heuristics.ALPHA)
    parser.add_argument("--against", type=float, nargs="+", default=[-1.0, 0.0, 0.5, 2.5])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2800)
    parser.add_argument("-o", dest="options", action="append", default=[],
                        help="a game option, name=value")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.options)
    table = RichTable(title=f"castle, {args.players} players, {options or 'rulebook options'}")
    for column in ("ALPHA", "against", "games", "win rate (95% CI)", "even"):
        table.add_column(column, justify="right")
    for against in args.against:
        games_played = args.deals * args.players
        wins = share(args.players, args.alpha, against, args.deals, args.seed, options)
        low, high = wilson(wins, games_played)
        table.add_row(f"{args.alpha:g}", f"{against:g}", str(games_played),
                      f"{wins / games_played:.1%} ({low:.1%}–{high:.1%})",
                      f"{1 / args.players:.0%}")
    Console().print(table)


if __name__ == "__main__":
    main()
