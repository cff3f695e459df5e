"""The kernel's English without its catalogues: where ``str()`` of an error and a log
line get their words.

The kernel says events and words none of them itself: the English text of an event
(``str(IllegalAction)``, :meth:`State.log_line`, a view's log) is whatever wording the
words layer installs here with :func:`use` — :mod:`towerplay.i18n`, the catalogues, which
the ``towerplay`` package installs as it is imported. So the kernel imports no
catalogue, and the layers above it choose how events read. Until a wording is
installed, an event reads as its key and parameters.

>>> from towerplay.core.events import Event
>>> english(Event.of("core.over", action="pass"))   # the catalogues' words
"'pass' is not legal: the game is over"
>>> plain(Event.of("core.over", action="pass"))
"core.over(action='pass')"
"""
from __future__ import annotations

from collections.abc import Callable

from towerplay.core.events import Event

Wording = Callable[[Event], str]
"""Words an event in English."""


def plain(event: Event) -> str:
    """``event`` as its key and parameters (no catalogue at hand)."""
    return f"{event.key}({', '.join(f'{name}={value!r}' for name, value in event.params)})"


english: Wording = plain
"""``event`` in English, by the installed wording (call it as ``words.english(event)``:
:func:`use` replaces it, and the search asks it in its inner loop)."""


def use(wording: Wording) -> None:
    """Word every event the kernel shows as text by ``wording`` from now on."""
    global english
    english = wording
