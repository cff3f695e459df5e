"""Action texts almost right for the toy game: the generic bad-input test refuses each."""
NEAR_MISSES = ["play 0", "play 10", "play", "play five", "play 5 5", "pass"]
