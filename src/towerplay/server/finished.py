"""Answers about finished games (records, replay positions, move lists): a finished game
never changes, so each answer is computed once, off the event loop, and kept in a bounded
cache shared by every request of the app (issue #25: replaying whole games on the loop at
every request slowed every other table).

Only answers about finished games may be kept: callers check ``is_over`` first.
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from starlette.requests import Request

T = TypeVar("T")

KEPT = 512
"""Answers kept (the least recently asked goes first): a replayed position with its board
is a few KB, so the cache stays within a few MB."""


class Memo:
    """A bounded LRU cache of computed answers. Each is computed once, in a thread;
    requests asking while it runs wait for the same computation. A failure is not
    kept."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self.kept: OrderedDict[Hashable, asyncio.Future[Any]] = OrderedDict()

    async def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The answer of ``key``, computed by ``compute()`` in a thread if not kept."""
        found = self.kept.get(key)
        if found is None:
            found = asyncio.ensure_future(asyncio.to_thread(compute))
            self.kept[key] = found
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        else:
            self.kept.move_to_end(key)
        try:
            return cast(T, await asyncio.shield(found))  # one leaving request stops nothing
        except Exception:
            if self.kept.get(key) is found:
                del self.kept[key]
            raise


def memo(request: Request) -> Memo:
    """The app's cache of finished games' answers."""
    state = request.app.state
    if not hasattr(state, "finished"):
        state.finished = Memo()
    found: Memo = state.finished
    return found
