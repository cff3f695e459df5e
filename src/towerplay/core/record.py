"""Game records: everything needed to replay a game exactly.

A record holds the game id, rules version, options, seat count, seed and the actions as
text (plus who sat where, for people). Replaying it rebuilds the identical state. The seed
rebuilds every hidden card and every bot's future choice: a record is its owner's full file,
never to be handed to a player before the game is over.

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=3)
>>> state.apply(state.legal_actions()[0])
>>> record = Record.from_state(state, seats=["ann", "random"])
>>> Record.from_json(record.to_json()).replay().to_json() == state.to_json()
True
>>> Record.loads('[1, 2]')
Traceback (most recent call last):
...
towerplay.core.errors.BadRecord: a record must be a JSON object, not a list
"""
from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from towerplay.core import registry
from towerplay.core.errors import BadRecord, InvalidOptions, TowerplayError
from towerplay.core.events import Event, Param, Seat, Seq, Term, legacy
from towerplay.core.files import read_text_limited
from towerplay.core.game import EXPECTED, cut
from towerplay.core.state import State

MAX_ACTION_CHARS = 200
"""The longest action text a record may hold (real notations are a few words)."""

JSON_TYPES = {dict: Term("json_object"), list: Term("json_list"), str: Term("json_string"),
              int: Term("json_number"), float: Term("json_number"), bool: Term("json_bool"),
              type(None): Term("json_null")}
"""What a JSON value is, as the catalogues word it (``term.json_list``: *a list*)."""


class RecordOptionsError(BadRecord, InvalidOptions):
    """A record whose options do not fit its game (both a bad record and bad options)."""


class Record(BaseModel):
    """A replayable game record (the JSON file written by ``towerplay play``)."""

    model_config = ConfigDict(extra="forbid")

    game: str
    rules_version: str = "1"
    options: dict[str, Any] = Field(default_factory=dict)
    players: int
    seed: int = Field(ge=0)
    actions: list[str] = Field(default_factory=list)
    seats: list[str] = Field(default_factory=list, description="who sat in each seat")
    result: dict[str, Any] | None = None
    names: list[str | None] = Field(
        default_factory=list, description="the people's names per seat (null: none), as "
        "data: a front end shows them as text; left out when nobody was named")
    lang: str | None = Field(
        default=None, description="the language a terminal game was played in (``resume`` "
        "speaks it unless told otherwise); left out when none was recorded")

    @classmethod
    def from_state(cls, state: State[Any], seats: list[str] | None = None,
                   lang: str | None = None) -> Record:
        """The record of ``state`` (its result too when the game is over), played in
        ``lang`` where a front end says so."""
        result = ({"scores": [whole(s) for s in state.scores()], "winners": state.winners()}
                  if state.is_over else None)
        return cls(game=state.game.name, rules_version=state.game.rules_version,
                   options=state.game.options_dict(), players=state.players,
                   seed=state.seed, actions=[str(a) for a in state.history],
                   seats=list(seats or []), result=result, lang=lang)

    # ----------------------------------------------------------------- reading
    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate parsed JSON; :class:`BadRecord` names the field that is wrong."""
        if not isinstance(data, dict):
            raise BadRecord(Event.of("core.record_not_object", kind=JSON_TYPES.get(
                    type(data), Term(type(data).__name__))))
        try:
            record = cls.model_validate(data)
        except ValidationError as error:
            raise BadRecord(describe_fields(error)) from None
        if "actions" not in data:  # else a record of a finished game would start afresh
            raise BadRecord(Event.of("core.record_no_actions"))
        for index, text in enumerate(record.actions):
            if len(text) > MAX_ACTION_CHARS:
                raise BadRecord(Event.of("core.record_long_action", n=index + 1,
                                         length=len(text), most=MAX_ACTION_CHARS,
                                         action=repr(cut(text))))
        return record

    @classmethod
    def loads(cls, text: str) -> Record:
        """A record from JSON text (a leading UTF-8 byte-order mark is allowed)."""
        try:
            data = json.loads(text.removeprefix("\ufeff"))
        except json.JSONDecodeError as error:
            raise BadRecord(Event.of("core.record_not_json", problem=json_problem(error),
                                     line=error.lineno, column=error.colno)) from None
        except RecursionError:
            raise BadRecord(Event.of("core.record_too_deep")) from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """A record from a file; anything but a small UTF-8 JSON record is refused."""
        return cls.loads(read_text_limited(path, what="record", error=BadRecord))

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data (without ``names`` when nobody was named, nor
        ``lang`` when none was recorded)."""
        left_out = {name for name in ("names", "lang") if not getattr(self, name)}
        return self.model_dump(mode="json", exclude=left_out or None)

    def save(self, path: str | Path) -> None:
        """Write the record atomically: a temporary file beside ``path``, then a rename,
        so a kill or crash mid-write leaves the previous record whole."""
        target = Path(path)
        text = json.dumps(self.to_json(), indent=1) + "\n"
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                             dir=target.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    # ----------------------------------------------------------------- replaying
    def start(self) -> State[Any]:
        """The initial state of this record's game."""
        try:
            game = registry.load(self.game, **self.options)
        except InvalidOptions as error:
            raise RecordOptionsError(self._options_problem(error.event)) from None
        if self.rules_version != game.rules_version:
            raise BadRecord(Event.of("core.record_rules_version", game=self.game,
                                     version=self.rules_version,
                                     current=game.rules_version))
        try:
            state: State[Any] = game.start(players=self.players, seed=self.seed)
        except TowerplayError as error:
            raise BadRecord(Event.of("core.record_cannot_start", problem=error.event)) from None
        return state

    def _options_problem(self, problem: Event) -> Event:
        """Why the options are refused, naming the game they seem to belong to."""
        names = set(self.options)
        owners = [name for name in registry.names() if name != self.game and names
                  and names <= set(registry.game_class(name).options_type.model_fields)]
        if owners:
            return Event.of("core.record_options_of_other", game=self.game,
                            owners=Seq(tuple(owners), "or"), names=", ".join(sorted(names)),
                            problem=problem)
        return Event.of("core.record_options", game=self.game, problem=problem)

    def states(self) -> Iterator[State[Any]]:
        """Yield the initial state and a copy after each action (for stepping through)."""
        state = self.start()
        yield state.copy()
        for index, text in enumerate(self.actions):
            self._step(state, index, text)
            yield state.copy()

    def replay(self, until: int | None = None) -> State[Any]:
        """The state after the first ``until`` actions (all of them by default); the whole
        replay must agree with the record's ``result``."""
        state = self.start()
        for index, text in enumerate(self.actions[:until]):
            self._step(state, index, text)
        if until is None:
            self._check_result(state)
        return state

    def _check_result(self, state: State[Any]) -> None:
        """A record's ``result`` must be the replay's: a record cut short is refused."""
        if self.result is None:
            return
        if not state.is_over:  # so a seat is to move
            raise BadRecord(Event.of("core.record_cut_short", n=len(self.actions),
                                     seat=Seat(state.to_move or 0)))
        expected = {"scores": [whole(s) for s in state.scores()], "winners": state.winners()}
        if json.loads(json.dumps(expected)) != self.result:
            raise BadRecord(Event.of("core.record_wrong_result", result=said_result(self.result),
                                     expected=said_result(expected)))

    @staticmethod
    def _step(state: State[Any], index: int, text: str) -> None:
        try:
            state.apply(text)
        except TowerplayError as error:
            reason = error.event if len(str(error)) <= MAX_REASON else legacy(
                cut(str(error), MAX_REASON))  # a reason echoing a long action: cut, English
            raise BadRecord(Event.of("core.record_bad_action", n=index + 1,
                                     action=repr(cut(text)), reason=reason)) from None


MAX_REASON = 300
"""The longest reason a record's refusal quotes whole (longer ones echo an action)."""


def whole(number: float) -> float:
    """``6.0`` → ``6``: integral scores are ints (printed ``6``, stored ``6``).

    >>> whole(6.0), whole(2.5)
    (6, 2.5)
    """
    return int(number) if float(number).is_integer() else number


def describe_fields(error: ValidationError) -> Event:
    """An event naming each record field that is wrong and what was expected (in our
    words, never pydantic's)."""
    problems: list[Param] = []
    for problem in error.errors():
        where = ".".join(str(part) for part in problem["loc"]) or "record"
        if problem["type"] == "extra_forbidden":
            problems.append(Event.of("core.record_unknown_field", field=where))
        elif problem["type"] == "missing":
            problems.append(Event.of("core.record_missing_field", field=where))
        else:
            limits = [v for k, v in (problem.get("ctx") or {}).items()
                      if k in ("ge", "le", "gt", "lt") and isinstance(v, int | float)]
            expected = Event.of(f"core.expect.{EXPECTED.get(problem['type'], 'valid')}",
                                limit=limits[0] if limits else 0)
            problems.append(Event.of("core.record_bad_field", field=where, expected=expected,
                                     got=cut(repr(problem.get("input")))))
    return Event.of("core.record_fields", problems=Seq(tuple(problems), "semicolon"))


JSON_PROBLEMS = {"Expecting value": "value", "Expecting ':' delimiter": "colon",
                 "Expecting ',' delimiter": "comma", "Extra data": "extra",
                 "Expecting property name enclosed in double quotes": "name",
                 "Unterminated string starting at": "string"}
"""The JSON decoder's messages (English only) by the catalogue's ``core.json.<name>``."""


def json_problem(error: json.JSONDecodeError) -> Event:
    """What the JSON decoder found wrong, in our words (``core.json.*``).

    >>> from towerplay.core.words import english
    >>> try:
    ...     json.loads('{"game": ')
    ... except json.JSONDecodeError as error:
    ...     english(json_problem(error))
    'a value was expected'
    """
    return Event.of(f"core.json.{JSON_PROBLEMS.get(error.msg, 'unknown')}")


def said_result(result: Any) -> Param:
    """A record's result as a sentence: its scores and its winners, seats counted from 1
    (a result of another shape: its JSON text, cut).

    >>> from towerplay.core.words import english
    >>> english(said_result({"scores": [3, 5], "winners": [1]}))
    'scores 3, 5; seat 2 wins'
    """
    scores, winners = (result.get(part) if isinstance(result, dict) else None
                       for part in ("scores", "winners"))
    if not (isinstance(scores, list) and isinstance(winners, list) and all(
            isinstance(n, int | float) and not isinstance(n, bool) for n in scores) and all(
            isinstance(w, int) and not isinstance(w, bool) and w >= 0 for w in winners)):
        return cut(json.dumps(result))
    return Event.of("core.record_result", scores=Seq(tuple(str(whole(n)) for n in scores)),
                    winners=Seq(tuple(Seat(w) for w in winners)), count=len(winners))


def check_writable(path: str | Path) -> None:
    """Refuse, before a game starts, a record path that could not be written: a missing
    directory, a directory, a special file or an unwritable place."""
    target = Path(path)
    parent = target.parent
    if target.is_dir():
        raise BadRecord(Event.of("core.record_path_directory", path=str(target)))
    if target.exists() and not target.is_file():
        raise BadRecord(Event.of("core.record_path_special", path=str(target)))
    if not parent.is_dir():
        raise BadRecord(Event.of("core.record_no_directory", path=str(target),
                                 directory=str(parent)))
    if not os.access(parent, os.W_OK | os.X_OK) or (target.exists()
                                                    and not os.access(target, os.W_OK)):
        raise BadRecord(Event.of("core.record_denied", path=str(target)))
