"""Events: what an engine says (a log entry, a refusal) as a key and typed parameters.

An engine never writes a sentence. It says ``Event.of("five_towers.bid", count=3)`` and
the catalogues (:mod:`towerplay.i18n`: the kernel's ``core`` and ``web``, each game's
own, English among them) word it: the key is the message id, in the domain its first
part names (``cli.*`` and ``env.*``, the command line's and the learning
environments', in ``web``), and each ``{name}`` field of the text is filled by a
parameter:

- ``int`` (or ``float``): a number; the one named ``count`` picks the plural form;
- ``str``: verbatim text (the action a user sent, a notation to type);
- :class:`Seat`: a seat, 0-based as the engines and the protocol count them, shown as
  people count them: from 1 (``Seat(0)`` is worded ``1``);
- :class:`Notation`: an action's notation, worded as its button says it (the
  catalogue's ``action.*`` templates; in English quoted as it is typed);
- :class:`Term`: a glossary word, worded by the catalogue's ``term.<word>``;
- :class:`Event`: a nested phrase worded by its own key (a card: its suit and value);
- :class:`Seq`: a list of the above, each worded, joined by a separator.

A field may ask for a grammatical form, ``{card@acc}``: a nested event or a term is then
worded by ``<key>@acc`` (``term.sand@acc``: Polish *piaskową*) where the catalogue has
it, else by its plain key; so the engine stays free of any language's grammar. A
parameter named ``fallback`` words an event whose key no catalogue has (an option's
label, a game's title, which a game from outside may not have).

Events are cheap immutable tuples, built only when a log entry or a refusal is asked
for (never while applying actions), compared and hashed by value.

>>> bid = Event.of("five_towers.bid", count=3)
>>> bid.key, bid.get("count"), bid == Event.of("five_towers.bid", count=3)
('five_towers.bid', 3, True)
"""
from __future__ import annotations

from typing import NamedTuple


class Term(str):
    """A glossary word (``Term("sand")``), worded by the catalogue's ``term.sand``."""

    __slots__ = ()


class Seat(int):
    """A seat as the engines count it, from 0 (``Seat(0)``), worded as people count it,
    from 1: an engine passes seats as ``Seat`` so that no text shows the protocol's
    numbers.

    >>> from towerplay.i18n import word
    >>> word(Event.of("core.not_legal", action="x", seat=Seat(0), legal=Seq(())), "en")
    "'x' is not legal now for seat 1; legal: "
    """

    __slots__ = ()


class Notation(str):
    """An action's notation (``Notation("take sand7")``), worded as its button says it."""

    __slots__ = ()


class Seq(NamedTuple):
    """A list parameter: each item worded, joined by the separator the catalogue's
    ``core.sep.<sep>`` gives (``comma``: ``", "``, ``space``: ``" "`` in English); ``more``
    adds ``…`` (the list was cut); ``empty`` is worded in its place when there are no
    items."""

    items: tuple[Param, ...]
    sep: str = "comma"
    more: bool = False
    empty: Param = ""


class Event(NamedTuple):
    """A key (``<domain>.<name>``) and its parameters, as ``(name, value)`` pairs."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, key: str, /, **params: Param) -> Event:
        """The event ``key`` with ``params`` (the usual way to make one)."""
        return cls(key, tuple(params.items()))

    @property
    def domain(self) -> str:
        """The catalogue the key lives in: its first part (``cli`` and ``env`` keys, the
        command line's and the learning environments', in ``web``)."""
        head = self.key.split(".", 1)[0]
        return "web" if head in ("cli", "env") else head

    def kwargs(self) -> dict[str, Param]:
        """The parameters as a dict."""
        return dict(self.params)

    def get(self, name: str) -> Param | None:
        """The parameter ``name`` (``None`` if the event has none)."""
        for key, value in self.params:
            if key == name:
                return value
        return None


Param = int | float | str | Seat | Notation | Term | Event | Seq
"""What an event's parameter may be."""

LEGACY = "core.line"
"""The key of an English text that is no event (a reason given as text, by code outside
the project): parameter ``text``, shown as it is in every language."""


def legacy(text: str, domain: str | None = None) -> Event:
    """An English text that is no event, as an event (shown as it is; ``domain``, the
    game that said it, where known)."""
    if domain is None:
        return Event(LEGACY, (("text", text),))
    return Event(LEGACY, (("text", text), ("domain", domain)))
