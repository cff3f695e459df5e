"""Action texts almost right for 5 Towers: the contract's
bad-input checks (:mod:`towerplay.testing`) refuse each."""
NEAR_MISSES = ["take sand16", "take sandy7", "place tree 8", "bid 6", "bid -1", "bid",
               "teardown wood", "teardown", "no teardown", "passs", "take", "place candy"]
