"""Action texts almost right for Blueprints: the contract's
bad-input checks (:mod:`towerplay.testing`) refuse each."""
NEAR_MISSES = ["take G7", "take G0", "take X5", "take g", "place r4c1", "place r1c3",
               "place r0c0", "place", "discard W9", "removed", "take G5 G6", "r2c1"]
