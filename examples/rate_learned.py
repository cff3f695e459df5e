"""How often the ``learned`` bot wins: seat-rotated 2-player games on new deals, per game.

    python examples/rate_learned.py --game castle --opponent random --games 100 \\
        --seed 48 --out docs/rl/learned-castle-random.json

The games are the ladder's (``towerplay.sim.ladder``): each deal is played from both seat
orders, bots seeded from the deal. Deals come from ``--seed`` through the ladder's
``derive_seed``: the training games drew theirs from the run's own generator, so these
deals are new to the policy. The file holds every game (who sat where, the scores, the
winners) and the SHA-256 of the policy file that played, so the figure can be recomputed
(tests/bots/test_learned.py does) and tied to the policy shipped.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shlex
import sys
from dataclasses import asdict
from importlib import resources
from pathlib import Path
from typing import Any

from towerplay import games
from towerplay.bots.policy import SHIPPED, shipped_name
from towerplay.sim.ladder import run_jobs, schedule, wilson

LEARNED = "learned"


def policy_digest(game: str, players: int) -> str:
    data = (resources.files(SHIPPED) / shipped_name(game, players)).read_bytes()
    return hashlib.sha256(data).hexdigest()


def share_won(record: dict[str, Any]) -> float:
    """The learned bot's share of one game's win (entrant 0 is the learned bot)."""
    seat = record["entrants"].index(0)
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def rate(game: str, opponent: str, games_: int, seed: int, workers: int) -> dict[str, Any]:
    jobs = schedule([LEARNED, opponent], players=2, games=games_, seed=seed,
                    game=games.load(game))
    results = run_jobs(jobs, workers=workers)
    records = [{**asdict(result), "deal": job.seed, "specs": list(job.specs)}
               for job, result in zip(jobs, results, strict=True)]
    won = sum(share_won(record) for record in records)
    low, high = wilson(won, len(records))
    return {"game": game, "players": 2, "opponent": opponent, "seed": seed,
            "policy_sha256": policy_digest(game, 2), "games": len(records),
            "win_rate": won / len(records), "ci95": [low, high], "records": records}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    report = rate(args.game, args.opponent, args.games, args.seed, args.workers)
    report["command"] = shlex.join(["python", "examples/rate_learned.py", *sys.argv[1:]])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    low, high = report["ci95"]
    print(f"learned won {report['win_rate']:.1%} of {report['games']} games against "
          f"{args.opponent} in {args.game} (95% CI {low:.1%}-{high:.1%})")


if __name__ == "__main__":
    main()
