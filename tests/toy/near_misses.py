"""Action texts almost right for the toy game: the contract's
bad-input checks (:mod:`towerplay.testing`) refuse each."""
NEAR_MISSES = ["play 0", "play 10", "play", "play five", "play 5 5", "pass"]
