"""Action texts almost right for Dots and Boxes: the contract's bad-input checks
(:mod:`towerplay.testing`) refuse each."""
NEAR_MISSES = ["h 6 0", "v 0 6", "h -1 0", "h 0", "h", "d 0 0", "h 0 0 0", "h a b", "line 1"]
