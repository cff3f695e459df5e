"""Variant vs baseline self-play in one game, seat-rotated, fair-match settings."""

import json
import sys
import time

sys.path.insert(0, "/tmp/exp")
import ismcts_exp as X

from towerplay import games
from towerplay.bots.ismcts import ISMCTSBot as Base


def main(game_name, flags, iters, deals, seed0, out):
    game = games.load(game_name)
    kw = {
        "iterations": iters,
        "c": 0.7,
        "rollout": "random",
        "narrow": False,
        "depth": None,
        "score_weight": 0.0,
        "opponents": "tree",
        "reuse": False,
    }
    done = set()
    try:
        with open(out) as rows:
            for line in rows:
                r = json.loads(line)
                done.add((r["deal"], r["seat"]))
    except FileNotFoundError:
        pass
    for deal in range(deals):
        for seat in range(2):
            if (deal, seat) in done:
                continue
            t = time.process_time()
            state = game.start(players=2, seed=seed0 + deal)
            X.FLAGS.clear()
            bots = [None, None]
            bots[seat] = ("exp", X.ISMCTSBot(seed=deal * 7 + 1, **kw))
            bots[1 - seat] = ("base", Base(seed=deal * 7 + 2, **kw))
            while not state.is_over:
                mover = state.to_move
                kind, bot = bots[mover]
                X.FLAGS.clear()
                if kind == "exp":
                    X.FLAGS.update(flags)
                action = bot.act(state)
                state.apply(action)
            share = state.rewards()[seat]
            sc = state.scores()
            with open(out, "a") as f:
                f.write(
                    json.dumps(
                        {
                            "deal": deal,
                            "seat": seat,
                            "share": share,
                            "margin": sc[seat] - sc[1 - seat],
                            "cpu": time.process_time() - t,
                        }
                    )
                    + "\n"
                )


if __name__ == "__main__":
    g, fl, it, deals, seed0, out = (
        sys.argv[1],
        sys.argv[2],
        int(sys.argv[3]),
        int(sys.argv[4]),
        int(sys.argv[5]),
        sys.argv[6],
    )
    flags = {k: True for k in fl.split(",") if k and k != "none"}
    main(g, flags, it, deals, seed0, out)
