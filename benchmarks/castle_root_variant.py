"""The fair match (``bench_vs_openspiel.py``) with ours choosing at the root by another rule:
a scratch experiment for castle's root choice (docs/rl.md), not a bot of the product.

    PYTHONPATH=src nice -n 10 python3 benchmarks/castle_root_variant.py RULE \\
        [bench_vs_openspiel.py's arguments]

``RULE``: ``class2`` (most visits, a class of alike actions counting twice its visits per
member: about how often OpenSpiel's bot, whose unseen cards are one arm each, plays one of
them) or ``lcb`` (the mean less two standard errors at every root, not only beside a class).
The results file's lines carry ``"variant": RULE``.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_vs_openspiel as bench  # the benchmark beside this file

from towerplay.bots.ismcts import CLASS_CHOICE_Z, ActionStat, ISMCTSBot, Node, _error


def order(rule: str, root: Node, classes: dict[Any, list[Any]], seat: int) -> list[ActionStat]:
    """The root's choices best first by ``rule``."""
    scored = []
    for index, (key, actions) in enumerate(classes.items()):
        child = root.children.get(key)
        if child is None or child.visits == 0:
            stat, score = ActionStat(actions[0], 0, 0.0, 0.0, len(actions)), (-math.inf, 0.0)
        else:
            mean = child.total[seat] / child.visits
            stat = ActionStat(actions[0], child.visits, child.total[-1] / child.visits, mean,
                              len(actions))
            if rule == "class2":
                weight = 2.0 if child.members > 1 else 1.0
                score = (child.visits / child.members * weight, mean)
            else:  # lcb
                error = _error(child, seat) if child.visits > 1 else math.inf
                score = (mean - CLASS_CHOICE_Z * error, mean)
        scored.append((score, -index, stat))
    return [stat for _, _, stat in sorted(scored, key=lambda item: item[:2], reverse=True)]


class Variant(ISMCTSBot):
    rule = "class2"

    @staticmethod
    def _stats(root: Node, classes: dict[Any, list[Any]], seat: int,
               by_value: bool = False) -> list[ActionStat]:
        return order(Variant.rule, root, classes, seat)


PLAIN_RECORD = bench.record


def marked(duel: Any, command: str = "") -> dict[str, Any]:
    """A game's record, marked with the variant that played it."""
    return {**PLAIN_RECORD(duel, command), "variant": Variant.rule}


def main() -> int:
    rule, argv = sys.argv[1], sys.argv[2:]
    if rule not in ("class2", "lcb"):
        sys.exit(f"expected a rule, class2 or lcb, got {rule!r}")
    Variant.rule = rule
    bench.ISMCTSBot = Variant  # type: ignore[misc]  # the workers fork after this
    bench.record = marked
    return int(bench.main(argv))


if __name__ == "__main__":
    sys.exit(main())
