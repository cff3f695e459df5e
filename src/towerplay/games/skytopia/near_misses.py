"""Action texts almost right for Skytopia: the contract's
bad-input checks (:mod:`towerplay.testing`) refuse each."""
NEAR_MISSES = ["place g5:5", "place x1:5", "place g1:7", "place g1", "turn g1:5 5",
               "move g1:5 g1", "tower green", "draft t5", "side c", "row", "stack b9",
               "use now"]
