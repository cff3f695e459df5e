"""Fit 5 Towers' learned position value (``games/five_towers/learned_eval.json``).

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/train_five_towers_eval.py \
        [--games 400] [--seed 1] [--workers 2] [--players N] [--out FILE] [--search SPEC]

Plays ``--games`` games at 2 players (and 2/n of that at n players, whose games give n
seats' positions each) of self-play: in each game every seat follows the same policy (the
greedy bot in two games of three, the playout policy in the third), and a quarter of the
bids are made at random. Every seat plays alike, so what a seat holds is not the mark of a
stronger player: mixing policies by seat taught an earlier model that having towers at all
is worth points, and the search, asking what a card would add, believed it. About one
position in six is noted with every seat's features
(:mod:`towerplay.games.five_towers.learned`, public information only) and the scores the
game ended with. With ``--search SPEC`` every seat is that bot instead (the search's own
games: ``ismcts:iterations=300``, say), a quarter of the bids still random. Per player
count it fits a ridge regression of the final score on the features and the scale
``a + b·√rounds left`` of the logistic curve that turns a predicted lead into a win chance
(maximum likelihood on a grid, as ``calibrate_five_towers.py`` does), then prints how well
the learned value and the hand-made ``heuristics.evaluate`` (with its ``LEAD_SCALE``)
predict the games held out (the last fifth): R² of the final score margin and the
log-likelihood of the winner.

Deals are ``derive_seed(--seed, "train", players, game)``, never those of
``bench_strength.py``; the same arguments give the same file (bit for bit). The file is
written after each player count; with ``--players``, the other counts' models already in
``--out`` (same features, seed and games) are kept.
"""
from __future__ import annotations

import argparse
import json
import math
import random
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import numpy.typing as npt
from rich.progress import track

from towerplay import bots, games
from towerplay.core.errors import TowerplayError
from towerplay.core.rng import derive_seed
from towerplay.core.state import Action
from towerplay.games.five_towers import heuristics, learned
from towerplay.games.five_towers.state import BIDDING, FiveTowersState

PLAYERS = (2, 3, 4, 5)
SAMPLE = 1 / 6
"""The share of positions noted."""
EXPLORE = 0.25
"""The share of bids made at random (so who wins which cards is not the mark of a
stronger player: every seat plays alike)."""
RIDGE = 1.0
"""The ridge penalty (the bias is not penalised)."""
DEFAULT_OUT = Path(learned.__file__).with_name(learned.WEIGHTS)

Row = tuple[list[list[float]], list[float], float, list[float]]
"""(every seat's features, its heuristic values, rounds left, final scores)."""


def play(job: tuple[int, int, int, str | None]) -> list[Row]:
    """One self-play game; the positions noted, with the final scores."""
    seed, players, index, search = job
    deal = derive_seed(seed, "train", players, index)
    rng = random.Random(deal)
    game = games.load("five_towers")
    state = game.start(players=players, seed=deal)
    policy = heuristics.rollout_action if index % 3 == 2 else heuristics.greedy_action
    if search is not None:  # every seat the search (one bot: it keeps no seat's secrets)
        bot = bots.load(search, seed=deal)

        def policy(s: FiveTowersState, _rng: random.Random) -> Action:
            assert s.to_move is not None
            return bot.choose(s, s.to_move)
    noted: list[tuple[list[list[float]], list[float], float]] = []
    while not state.is_over:
        if rng.random() < SAMPLE:
            noted.append((learned.features(state), heuristics.evaluate(state),
                          heuristics.rounds_left(state)))
        if state.phase == BIDDING and rng.random() < EXPLORE:
            action = rng.choice(state.legal_actions())
        else:
            action = policy(state, rng)
        state.apply(action)
    final = [float(x) for x in state.scores()]
    return [(feats, values, left, final) for feats, values, left in noted]


def collect(seed: int, players: int, count: int, workers: int,
            search: str | None = None) -> list[Row]:
    """Every noted position of ``count`` games, in game order (so runs are reproducible)."""
    jobs = [(seed, players, index, search) for index in range(count)]
    games = f"{players}-player games" + (f" of {search}" if search else "")
    if workers == 1:
        return [row for job in track(jobs, description=games) for row in play(job)]
    with Pool(workers) as pool:  # (imap keeps the games' order)
        return [row for rows in track(pool.imap(play, jobs, chunksize=1 if search else 8),
                                      total=len(jobs), description=games) for row in rows]


def ridge(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Ridge regression weights (features scaled for the penalty, the bias column free)."""
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    scale[0] = 1.0
    z = x / scale
    penalty = np.full(x.shape[1], RIDGE)
    penalty[0] = 0.0
    weights = np.linalg.solve(z.T @ z + np.diag(penalty), z.T @ y)
    return np.asarray(weights / scale, dtype=np.float64)


def leads(values: list[float]) -> float:
    """Seat 0's lead over the best other seat."""
    return values[0] - max(values[1:])


def win_share(final: list[float]) -> float:
    """Seat 0's share of the win."""
    best = max(final)
    return 1 / final.count(best) if final[0] == best else 0.0


def likelihood(samples: list[tuple[float, float, float]], a: float, b: float) -> float:
    """Mean log-likelihood of (rounds left, lead, win share) under scale a + b·√left."""
    left, lead, win = np.array(samples, dtype=np.float64).T
    z = np.clip(lead / (a + b * np.sqrt(left)), -50.0, 50.0)
    p = np.clip(1 / (1 + np.exp(-z)), 1e-9, 1 - 1e-9)
    return float(np.mean(win * np.log(p) + (1 - win) * np.log(1 - p)))


def fit_scale(samples: list[tuple[float, float, float]]) -> tuple[float, float]:
    """The (a, b) of the grid with the best likelihood."""
    best = (-math.inf, 0.0, 0.0)
    for a10 in range(5, 81, 5):
        for b10 in range(31):
            best = max(best, (likelihood(samples, a10 / 10, b10 / 10), a10 / 10, b10 / 10))
    return best[1], best[2]


def r2(predicted: list[float], actual: list[float]) -> float:
    """The share of the variance of ``actual`` that ``predicted`` explains."""
    p, y = np.array(predicted), np.array(actual)
    return float(1 - ((y - p) ** 2).sum() / ((y - y.mean()) ** 2).sum())


def train(rows: list[Row]) -> tuple[dict[str, object], str]:
    """The model of one player count, fitted on the first four fifths of ``rows``, and a
    line comparing it with the hand-made value on the rest."""
    cut = len(rows) * 4 // 5
    fit, held = rows[:cut], rows[cut:]
    x = np.array([seat for feats, _, _, _ in fit for seat in feats], dtype=np.float64)
    y = np.array([score for _, _, _, final in fit for score in final], dtype=np.float64)
    weights = ridge(x, y)

    def predict(feats: list[list[float]]) -> list[float]:
        return [float(v) for v in np.array(feats) @ weights]

    scale = fit_scale([(left, leads(predict(feats)), win_share(final))
                       for feats, _, left, final in fit])
    mine = [leads(predict(feats)) for feats, _, _, _ in held]
    hand = [leads(values) for _, values, _, _ in held]
    truth = [leads(final) for _, _, _, final in held]
    # the hand-made value is in other units: rescaled by a line fitted on the same games
    hand_fit = np.polyfit([leads(values) for _, values, _, _ in fit],
                          [leads(final) for _, _, _, final in fit], 1)
    a, b = heuristics.LEAD_SCALE
    wins = [win_share(final) for _, _, _, final in held]
    lefts = [left for _, _, left, _ in held]
    note = (f"R² of the final margin {r2(mine, truth):.3f} (hand-made, rescaled: "
            f"{r2(list(np.polyval(hand_fit, hand)), truth):.3f}); winner log-likelihood "
            f"{likelihood(list(zip(lefts, mine, wins, strict=True)), *scale):.4f} (hand-made: "
            f"{likelihood(list(zip(lefts, hand, wins, strict=True)), a, b):.4f}); "
            f"{len(held)} held-out positions")
    model = {"weights": [round(float(w), 6) for w in weights], "scale": list(scale)}
    return model, note


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400,
                        help="games at 2 players (2/n of it at n)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, action="append",
                        help="player counts (repeatable; default 2 to 5)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--search", default=None,
                        help="a bot spec every seat plays (the search's own games)")
    args = parser.parse_args()
    if args.games < 10 or args.workers < 1:
        parser.error("--games must be at least 10 and --workers at least 1")
    if args.search is not None:
        try:
            bots.load(args.search)
        except TowerplayError as error:
            parser.error(f"--search: {error}")
    counts = args.players or list(PLAYERS)
    if not set(counts) <= set(PLAYERS):
        parser.error("--players must be 2 to 5")
    models = kept(args.out, args.seed, args.games)
    for players in counts:
        count = args.games * 2 // players
        model, note = train(collect(args.seed, players, count, args.workers, args.search))
        models[str(players)] = model
        print(f"{players} players: {note}")
        data = {"features": list(learned.FEATURES), "seed": args.seed, "games": args.games,
                **({"search": args.search} if args.search else {}),
                "models": dict(sorted(models.items()))}
        args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")


def kept(path: Path, seed: int, games: int) -> dict[str, object]:
    """The models of ``path`` fitted with the same features, seed and games (so one
    player count can be refitted, or a stopped run go on, without redoing the others)."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    same = (data.get("features") == list(learned.FEATURES) and data.get("seed") == seed
            and data.get("games") == games)
    return dict(data["models"]) if same else {}


if __name__ == "__main__":
    main()
