"""Game records: everything needed to replay a game exactly.

A record holds the game id, rules version, options, seat count, seed and the actions as
text (plus who sat where, for people). Replaying it rebuilds the identical state.

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=3)
>>> state.apply(state.legal_actions()[0])
>>> record = Record.from_state(state, seats=["ann", "random"])
>>> Record.from_json(record.to_json()).replay().to_json() == state.to_json()
True
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from towerplay.core.errors import BadRecord, TowerplayError
from towerplay.core.game import describe_validation_error
from towerplay.core.state import State


class Record(BaseModel):
    """A replayable game record (the JSON file written by ``towerplay play --record``)."""

    model_config = ConfigDict(extra="forbid")

    game: str
    rules_version: str = "1"
    options: dict[str, Any] = Field(default_factory=dict)
    players: int
    seed: int = Field(ge=0)
    actions: list[str] = Field(default_factory=list)
    seats: list[str] = Field(default_factory=list, description="who sat in each seat")
    result: dict[str, Any] | None = None

    @classmethod
    def from_state(cls, state: State, seats: list[str] | None = None) -> Record:
        result = ({"scores": state.scores(), "winners": state.winners()}
                  if state.is_over else None)
        return cls(game=state.game.name, rules_version=state.game.rules_version,
                   options=state.game.options_dict(), players=state.players,
                   seed=state.seed, actions=[str(a) for a in state.history],
                   seats=list(seats or []), result=result)

    # ----------------------------------------------------------------- reading
    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate parsed JSON; :class:`BadRecord` names what is wrong."""
        try:
            return cls.model_validate(data)
        except ValidationError as error:
            raise BadRecord(describe_validation_error("record", error)) from None

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise BadRecord(f"a record must be JSON: {error}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise BadRecord(f"cannot read record {path}: {error.strerror}") from None
        return cls.loads(text)

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    # ----------------------------------------------------------------- replaying
    def start(self) -> State:
        """The initial state of this record's game."""
        from towerplay import games

        game = games.load(self.game, **self.options)
        if self.rules_version != game.rules_version:
            raise BadRecord(f"record uses {self.game} rules version {self.rules_version}, "
                            f"this towerplay has version {game.rules_version}")
        try:
            return game.start(players=self.players, seed=self.seed)
        except TowerplayError as error:
            raise BadRecord(f"record cannot start: {error}") from None

    def states(self):  # noqa: ANN201 - a generator of State
        """Yield the initial state and a copy after each action (for stepping through)."""
        state = self.start()
        yield state.copy()
        for index, text in enumerate(self.actions):
            self._step(state, index, text)
            yield state.copy()

    def replay(self, until: int | None = None) -> State:
        """The state after the first ``until`` actions (all of them by default)."""
        state = self.start()
        for index, text in enumerate(self.actions[:until]):
            self._step(state, index, text)
        if until is None and self.result is not None and state.is_over:
            expected = {"scores": state.scores(), "winners": state.winners()}
            if json.loads(json.dumps(expected)) != self.result:
                raise BadRecord(f"record's result {self.result} differs from the replay's "
                                f"{expected}")
        return state

    @staticmethod
    def _step(state: State, index: int, text: str) -> None:
        try:
            state.apply(text)
        except TowerplayError as error:
            raise BadRecord(f"action {index + 1} ('{text}'): {error}") from None
