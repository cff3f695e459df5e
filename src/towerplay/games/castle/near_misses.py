"""Action texts almost right for Budowa Zamku: the contract's
bad-input checks (:mod:`towerplay.testing`) refuse each."""
NEAR_MISSES = ["reveal z9", "reveal a0", "reveal a10", "reveal", "reveal f1", "wizard 0",
               "wizard 46", "wizard -1", "wizard", "built", "returns", "remove a1"]
