"""Our search at budget A against itself at budget B (castle, fair settings), seat-rotated."""

import json
import sys
import time

from towerplay import games
from towerplay.bots.ismcts import ISMCTSBot

g, A, B, deals, seed0, rollout, out = (
    sys.argv[1],
    int(sys.argv[2]),
    int(sys.argv[3]),
    int(sys.argv[4]),
    int(sys.argv[5]),
    sys.argv[6],
    sys.argv[7],
)
game = games.load(g)
kw = {
    "c": 0.7,
    "rollout": rollout,
    "narrow": False,
    "depth": None,
    "score_weight": 0.0,
    "opponents": "tree",
    "reuse": False,
}
for deal in range(deals):
    for seat in range(2):
        t = time.process_time()
        s = game.start(players=2, seed=seed0 + deal)
        bots = {
            seat: ISMCTSBot(seed=deal * 7 + 1, iterations=A, **kw),
            1 - seat: ISMCTSBot(seed=deal * 7 + 2, iterations=B, **kw),
        }
        while not s.is_over:
            s.apply(bots[s.to_move].act(s))
        sc = s.scores()
        with open(out, "a") as f:
            f.write(
                json.dumps(
                    {
                        "deal": deal,
                        "seat": seat,
                        "share": s.rewards()[seat],
                        "margin": sc[seat] - sc[1 - seat],
                        "cpu": time.process_time() - t,
                    }
                )
                + "\n"
            )
