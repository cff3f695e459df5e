"""A bounded memo for the hot loop: remembers results by key, forgets the oldest when full.

For pure functions of hashable arguments use ``functools.lru_cache(maxsize=...)``; a
:class:`Memo` is for answers keyed by what a position shows (a key the caller builds), and
for the hottest look-ups, where reading is a plain ``dict.get``.

>>> memo = Memo[str, int](maxsize=2)
>>> memo.get("a") is None
True
>>> memo.put("a", 1), memo.put("b", 2), memo.put("c", 3)
(1, 2, 3)
>>> memo.get("a"), memo.get("c"), len(memo)
(None, 3, 2)
"""
from __future__ import annotations

from itertools import islice
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict of at most ``maxsize`` entries, written only through :meth:`put`: when full,
    the older half is forgotten at once (cheaper than a strict least-recently-used order)."""

    __slots__ = ("maxsize",)

    def __init__(self, maxsize: int) -> None:
        super().__init__()
        if maxsize < 1:
            raise ValueError("a memo holds at least one entry")
        self.maxsize = maxsize

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` and return it."""
        if len(self) >= self.maxsize and key not in self:
            for old in list(islice(self, (self.maxsize + 1) // 2)):
                del self[old]
        self[key] = value
        return value
