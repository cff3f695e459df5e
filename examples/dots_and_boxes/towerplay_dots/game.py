"""*Dots and Boxes* (Édouard Lucas, 1889; public domain): a game from outside towerplay,
installed beside it as a plugin (docs/adding-a-game.md walks through it).

A square grid of dots, ``size`` boxes a side. In turn, players draw one line between two
neighbouring dots. A player who completes the fourth side of a box takes it and must draw
again; otherwise the turn passes on. When every line is drawn, the most boxes win
(players tied for the most share the win).

A line is ``h R C`` (horizontal, from dot row R, column C to column C+1) or ``v R C``
(vertical, from dot row R to row R+1 in column C); rows and columns count from 0.

>>> game = DotsAndBoxes(size=2)
>>> state = game.start(players=2, seed=1)
>>> len(state.legal_actions())  # 3 rows of 2 lines, 3 columns of 2 lines
12
>>> for line in ("h 0 0", "v 0 0", "h 1 0"):
...     state.apply(line)
>>> state.to_move
1
>>> state.apply("v 0 1")  # the fourth side: seat 1 takes the box and draws again
>>> state.view(None)["boxes"][0], state.to_move
([1, None], 1)
"""
from __future__ import annotations

from typing import Any, NamedTuple, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from towerplay.core import Event, Game, IllegalAction, Notation, Options, State
from towerplay.core.positions import check_int
from towerplay.core.views import View

LARGEST = 5
"""The largest grid (boxes a side): the action space holds every line of it."""


class Line(NamedTuple):
    """A line between two neighbouring dots: ``h 1 2`` or ``v 0 3``."""

    vertical: bool
    row: int
    col: int

    def __str__(self) -> str:
        return f"{'v' if self.vertical else 'h'} {self.row} {self.col}"

    def fits(self, size: int) -> bool:
        """Whether the line is on a grid of ``size`` boxes a side."""
        rows, cols = (size, size + 1) if self.vertical else (size + 1, size)
        return self.row < rows and self.col < cols

    def boxes(self, size: int) -> list[tuple[int, int]]:
        """The boxes (row, column) this line is a side of: one or two."""
        r, c = self.row, self.col
        beside = [(r, c - 1), (r, c)] if self.vertical else [(r - 1, c), (r, c)]
        return [(br, bc) for br, bc in beside if 0 <= br < size and 0 <= bc < size]


LINES = tuple(Line(vertical, row, col) for vertical in (False, True)
              for row in range(LARGEST + 1) for col in range(LARGEST + 1)
              if Line(vertical, row, col).fits(LARGEST))
"""Every line of the largest grid, horizontal ones first: the action space."""
INDEX = {line: index for index, line in enumerate(LINES)}


def sides(row: int, col: int) -> tuple[int, int, int, int]:
    """The line ids of box (row, col): top, bottom, left, right."""
    return (INDEX[Line(False, row, col)], INDEX[Line(False, row + 1, col)],
            INDEX[Line(True, row, col)], INDEX[Line(True, row, col + 1)])


class DotsOptions(Options):
    """The size of the grid."""

    size: int = Field(3, ge=2, le=LARGEST, description="boxes a side (2 to 5)")


class DotsPart(TypedDict):
    """The game's own keys of a view: the grid, the lines drawn, who took each box."""

    size: int
    lines: list[str]
    boxes: list[list[int | None]]
    taken: list[int]
    breakdown: NotRequired[list[list[list[Any]]]]


class DotsView(View, DotsPart):
    """A Dots and Boxes view: the kernel's keys and the game's."""


class DotsState(State[Line, DotsView]):
    __slots__ = ("drawn", "owners")

    log_is_notation = True  # every line is drawn in the open

    @property
    def size(self) -> int:
        """Boxes a side."""
        game: DotsAndBoxes = self.game  # type: ignore[assignment]
        return game.options.size

    def _legal_actions(self) -> list[Line]:
        return [line for index, line in enumerate(LINES)
                if not self.drawn[index] and line.fits(self.size)]

    def _apply(self, action: Line) -> None:
        seat = self.to_move
        assert seat is not None  # (the kernel applies only a legal action: someone moves)
        self.drawn[INDEX[action]] = True
        closed = [box for box in action.boxes(self.size)
                  if all(self.drawn[side] for side in sides(*box))]
        for row, col in closed:
            self.owners[row][col] = seat
        if all(self.drawn[INDEX[line]] for line in LINES if line.fits(self.size)):
            self.to_move = None
        elif not closed:
            self.to_move = (seat + 1) % self.players

    def _refusal(self, action: Line, legal: list[Line]) -> Event:
        if not action.fits(self.size):
            return Event.of("dots.off_grid", line=Notation(str(action)), size=self.size)
        if self.drawn[INDEX[action]]:
            return Event.of("dots.drawn", line=Notation(str(action)))
        return self._kernel_refusal(action, legal)

    def _copy(self) -> DotsState:
        new = self._copy_base()
        new.drawn = self.drawn.copy()
        new.owners = [row.copy() for row in self.owners]
        return new

    def taken(self) -> list[int]:
        """How many boxes each seat has taken."""
        return [sum(row.count(seat) for row in self.owners) for seat in range(self.players)]

    def _view(self, seat: int | None) -> DotsPart:
        view: DotsPart = {"size": self.size, "taken": self.taken(),
                          "lines": [str(line) for index, line in enumerate(LINES)
                                    if self.drawn[index]],
                          "boxes": [row.copy() for row in self.owners]}
        if self.to_move is None:
            view["breakdown"] = [[["boxes", count]] for count in self.taken()]
        return view

    def _to_json(self) -> dict[str, Any]:
        return {"lines": [str(line) for index, line in enumerate(LINES) if self.drawn[index]],
                "boxes": [row.copy() for row in self.owners]}

    def _load_json(self, data: dict[str, Any]) -> None:
        texts = data["lines"]
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise ValueError("lines: a list of lines such as 'h 0 1' expected")
        try:
            drawn = {self.game.parse_notation(text) for text in texts}
        except IllegalAction:
            raise ValueError("lines: a list of lines such as 'h 0 1' expected") from None
        if not all(line.fits(self.size) for line in drawn):
            raise ValueError("lines: every line must be on the grid")
        self.drawn = [line in drawn for line in LINES]
        owners = data["boxes"]
        if not isinstance(owners, list) or not all(isinstance(row, list) for row in owners) \
                or len(owners) != self.size or any(len(row) != self.size for row in owners):
            raise ValueError(f"boxes: {self.size} rows of {self.size} boxes expected")
        for r, row in enumerate(owners):
            for c, owner in enumerate(row):
                if owner is not None:
                    check_int("boxes", owner, 0, self.players - 1)
                closed = all(self.drawn[side] for side in sides(r, c))
                if closed != (owner is not None):
                    raise ValueError("boxes: exactly the closed boxes must have an owner")
        self.owners = [list(row) for row in owners]

    def scores(self) -> list[float]:
        """The boxes each seat took."""
        return [float(count) for count in self.taken()]


class DotsAndBoxes(Game[DotsState, Line]):
    """*Dots and Boxes* for 2 to 4 players on a grid of 2 to 5 boxes a side."""

    name = "dots"
    title = "Dots and Boxes"
    min_players = 2
    max_players = 4
    options: DotsOptions
    options_type = DotsOptions
    state_type = DotsState
    action_space = LINES
    notation = ("h R C: the line from dot (R, C) to (R, C+1); v R C: from (R, C) to "
                "(R+1, C); rows and columns from 0.")
    hidden_information = False
    chance = False
    variants = ({}, {"size": 2})

    def max_game_length(self, players: int) -> int:
        """Each action draws one of the grid's lines, and no line is rubbed out."""
        size = self.options.size
        return 2 * size * (size + 1)

    def _setup(self, state: DotsState) -> None:
        state.drawn = [False] * len(LINES)
        state.owners = [[None] * state.size for _ in range(state.size)]
        state.to_move = 0
