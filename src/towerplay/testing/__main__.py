"""``python -m towerplay.testing GAME``: run the contract's checks against a registered
game; exit status 0 when it passes them all, 1 when one fails, 2 for an unknown game
(the refusal names the known ones)."""
from __future__ import annotations

import argparse
import os
import sys

from towerplay import games
from towerplay.core.errors import UnknownGame
from towerplay.games.summaries import default_language
from towerplay.i18n import word
from towerplay.testing.runner import run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m towerplay.testing",
                                     description="Check that a game keeps the contract.")
    parser.add_argument("game", help="a registered game's id (towerplay games lists them)")
    parser.add_argument("--seeds", type=int, default=2,
                        help="random games per player count (default 2)")
    args = parser.parse_args(argv)
    try:
        games.game_class(args.game)
    except UnknownGame as error:
        print(word(error.event, default_language(os.environ)), file=sys.stderr)
        return 2
    print(f"towerplay.testing {args.game}")
    outcomes = run(args.game, seeds=max(args.seeds, 1))
    failed = sum(not outcome.passed for outcome in outcomes)
    print(f"{len(outcomes) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
