"""The checks of :mod:`towerplay.testing`: each plays seeded random games of one game and
raises :class:`ContractError` naming the first thing that breaks the contract
(docs/adding-a-game.md, docs/api.md)."""
from __future__ import annotations

import importlib
import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from towerplay.core import BadRecord, Event, IllegalAction, Record, Seq, State, Term
from towerplay.core.errors import InvalidOptions, UnknownGame
from towerplay.core.events import LEGACY
from towerplay.core.game import Game
from towerplay.core.registry import companion, folder, game_class, load, package
from towerplay.i18n import LANGUAGES, PLURAL_FORMS, catalogue, named_term, translator

GARBAGE = ("", "   ", "xyzzy", "🐉", "12 34 56", "pass pass", "x" * 10_000)
"""Text no game reads; a game adds its own near misses (:func:`near_misses`)."""


class ContractError(AssertionError):
    """A game broke the contract: the message says where and how."""


def expect(condition: object, message: str) -> None:
    """Raise :class:`ContractError` with ``message`` unless ``condition`` holds (an
    ``assert`` would vanish under ``python -O``)."""
    if not condition:
        raise ContractError(message)


@dataclass(frozen=True)
class Case:
    """One seeded game a check plays: the options, the number of seats, the seed.

    >>> str(Case(3, {"variant": "characters"}, 1))
    '3 players, variant=characters, seed 1'
    """

    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0

    def __str__(self) -> str:
        label = ", ".join(f"{k}={v}" for k, v in self.options.items()) or "default options"
        return f"{self.players} players, {label}, seed {self.seed}"


def cases(name: str, seeds: int = 2, variant_seeds: int = 1) -> list[Case]:
    """Every player count of game ``name`` with every variant it declares
    (``Game.variants``): ``seeds`` seeds for the default options, ``variant_seeds`` for
    each other variant.

    >>> [str(case) for case in cases("castle", seeds=1, variant_seeds=0)]
    ['2 players, default options, seed 0', '3 players, default options, seed 0', \
'4 players, default options, seed 0']
    """
    cls = game_class(name)
    return [Case(players, options, seed)
            for players in range(cls.min_players, cls.max_players + 1)
            for index, options in enumerate(cls.variants)
            for seed in range(seeds if index == 0 else variant_seeds)]


def random_states(game: Game[Any, Any], players: int, seed: int) -> Iterator[State[Any]]:
    """Every position of one seeded random game (the same object, mutated), the end
    included.

    >>> from towerplay import games
    >>> final = list(random_states(games.load("castle"), 2, seed=1))[-1]
    >>> final.is_over
    True
    """
    state = game.start(players=players, seed=seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        yield state


def snapshot(state: State[Any]) -> str:
    """The whole position, hidden parts included, as comparable text."""
    return json.dumps(state.to_json(), sort_keys=True)


def near_misses(name: str) -> list[str]:
    """The almost-right action texts a game offers for the bad-input checks: ``NEAR_MISSES``
    of its package's ``near_misses.py`` (none if it has none)."""
    try:
        module = importlib.import_module(f"{package(name)}.near_misses")
    except ModuleNotFoundError:
        return []
    return list(module.NEAR_MISSES)


def seats_and_spectator(state: State[Any]) -> list[int | None]:
    return [None, *range(state.players)]


# ----------------------------------------------------------------- the rules contract
def check_rules(game: Game[Any, Any], players: int, seed: int,
                near_misses: Iterable[str] = (), every: int = 7) -> None:
    """A random game keeps the rules contract at every step: legal actions distinct, in
    ascending id order and matching the mask; notation and ids round-trip; and every
    ``every``-th position is checked deeper (:func:`check_position`); at the end, scores,
    winners and rewards hold and nothing more is accepted."""
    misses = [*GARBAGE, *near_misses]
    info = game.info(players)
    for step, state in enumerate(random_states(game, players, seed)):
        expect(len(state.history) <= info.max_game_length,
               f"the game ran past max_game_length ({info.max_game_length})")
        if state.is_over:
            break
        check_legal(game, state)
        if step % every == 0:
            check_position(game, state, misses)
    check_finished(state)


def check_legal(game: Game[Any, Any], state: State[Any]) -> None:
    """The legal actions of one unfinished position."""
    legal = state.legal_actions()
    expect(legal, "legal actions may be empty only when the game is over")
    expect(state.to_move is not None and 0 <= state.to_move < state.players,
           f"to_move {state.to_move!r} is no seat of an unfinished game")
    expect(len(set(legal)) == len(legal), "legal actions must be distinct")
    ids = [game.action_id(action) for action in legal]
    expect(ids == sorted(ids), "legal actions must come in ascending id order")
    mask = game.action_mask(state)
    expect(len(mask) == game.num_actions and [i for i, bit in enumerate(mask) if bit] == ids,
           "the action mask must mark exactly the legal actions")
    for action, action_id in zip(legal, ids, strict=True):
        text = str(action)
        expect(game.parse_action(state, text) == action, f"{text!r} does not parse back")
        expect(game.parse_notation(text) == action, f"{text!r} does not parse back as notation")
        expect(0 <= action_id < game.num_actions and game.action_from_id(action_id) == action,
               f"the id of {text!r} does not round-trip")


def check_position(game: Game[Any, Any], state: State[Any], misses: Iterable[str]) -> None:
    """Copies are independent; illegal actions and bad text are refused with a reason,
    changing nothing; the position round-trips through JSON."""
    before = snapshot(state)
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        expect(len(child.history) == len(state.history) + 1, "apply must add to the history")
    expect(snapshot(state) == before, "copy() must be independent of the original")
    legal_ids = {game.action_id(action) for action in state.legal_actions()}
    own = state.legal_ids()
    expect(own is None or own == sorted(legal_ids), "legal_ids() must be the legal actions' ids")
    rng = random.Random(len(state.history))
    illegal = [i for i in rng.sample(range(game.num_actions), min(40, game.num_actions))
               if i not in legal_ids][:10]
    for attempt in [game.action_from_id(i) for i in illegal] + list(misses):
        refused_with_a_reason(state, attempt)
    expect(snapshot(state) == before, "a refused action must not change the state")
    again = game.from_json(json.loads(json.dumps(state.to_json())))
    expect(snapshot(again) == before, "the position must round-trip through to_json/from_json")
    expect(again.legal_actions() == state.legal_actions(),
           "a position loaded from JSON must offer the same actions")


def refused_with_a_reason(state: State[Any], attempt: object) -> None:
    try:
        state.apply(attempt)
    except IllegalAction as error:
        expect(str(error), f"the refusal of {str(attempt)[:40]!r} must say what was expected")
    else:
        raise ContractError(f"{str(attempt)[:40]!r} was accepted: it is not legal")


def check_finished(state: State[Any]) -> None:
    """A finished game: no legal action, scores and winners for its seats, rewards that
    add up to 1, nothing more accepted."""
    expect(state.is_over and state.legal_actions() == [] and state.to_move is None,
           "a finished game has no seat to move and no legal action")
    scores, winners = state.scores(), state.winners()
    expect(len(scores) == state.players, "scores() must give a score per seat")
    expect(winners and all(0 <= seat < state.players for seat in winners),
           f"winners() must name some seats, not {winners!r}")
    expect(abs(sum(state.rewards()) - 1.0) < 1e-9, "the rewards must add up to 1")
    for seat in seats_and_spectator(state):
        json.dumps(state.view(seat))
    refused_with_a_reason(state, "pass")


def check_bad_options(name: str) -> None:
    """Unknown options and player counts outside the game's range are refused, naming
    what is wrong."""
    cls = game_class(name)
    try:
        load(name, no_such_option=1)
    except InvalidOptions as error:
        expect("no_such_option" in str(error), "the refusal must name the unknown option")
    else:
        raise ContractError("an unknown option was accepted")
    for players in (cls.min_players - 1, cls.max_players + 1, "three"):
        try:
            load(name).start(players=players, seed=1)  # type: ignore[arg-type]
        except InvalidOptions as error:
            expect("players" in str(error), "the refusal of a player count must say players")
        else:
            raise ContractError(f"a game of {players!r} players was started")


# ----------------------------------------------------------------- hidden information
def check_hidden(game: Game[Any, Any], players: int, seed: int, every: int = 7) -> None:
    """What each seat (and a spectator) gets — its view with its log, its observation —
    is the same in a state it cannot tell apart (a determinization for it); a game with
    hidden information really re-deals hidden parts in most positions (else the first
    check would prove nothing)."""
    observer = game.observer(players) if companion(game.name, "observer") else None
    resampled: list[bool] = []
    for step, state in enumerate(random_states(game, players, seed)):
        if step % every or state.is_over:
            continue
        before = snapshot(state)
        for seat in seats_and_spectator(state):
            view = state.view(seat)
            json.dumps(view)
            world = state.determinize(seat, random.Random(f"{seed}-{step}-{seat}"))
            expect(world.view(seat) == view, f"seat {seat} at step {step} sees a difference "
                   "between the state and one it cannot tell apart: the view leaks")
            if observer is not None:
                expect((observer.observation(world, seat)
                        == observer.observation(state, seat)).all(),
                       f"the observation of seat {seat} at step {step} leaks")
        expect(snapshot(state) == before, "determinize must not touch the original")
        resampled.append(hidden_parts_resampled(state))
    if game.hidden_information:
        expect(sum(resampled) >= len(resampled) / 2,
               "determinize must re-deal the hidden parts (the game declares "
               "hidden_information)")


def hidden_parts_resampled(state: State[Any]) -> bool:
    """Whether a determinization for the seat to move differs from the truth."""
    truth = json.dumps(state.to_json()["state"], sort_keys=True)
    guesses = (state.determinize(state.to_move, random.Random(k)) for k in range(3))
    return any(json.dumps(g.to_json()["state"], sort_keys=True) != truth for g in guesses)


def check_determinize(game: Game[Any, Any], players: int, seed: int, every: int = 11) -> None:
    """A determinization is a full position: the same for the same generator, valid as
    a saved position, offering its seat the same actions, and playable to the end."""
    for step, state in enumerate(random_states(game, players, seed)):
        if step % every or state.is_over:
            continue
        seat = state.to_move
        world = state.determinize(seat, random.Random(step))
        expect(snapshot(world) == snapshot(state.determinize(seat, random.Random(step))),
               "determinize must depend only on the generator it is given")
        expect(snapshot(game.from_json(json.loads(snapshot(world)))) == snapshot(world),
               f"a determinization at step {step} is no valid position")
        expect(world.legal_actions() == state.legal_actions(),
               "a determinization must offer the seat to move the same actions")
        rng = random.Random(step)
        while not world.is_over:
            expect(len(world.history) <= game.max_game_length(players),
                   "a determinization played on does not end")
            world.apply(rng.choice(world.legal_actions()))
        check_finished(world)


# ----------------------------------------------------------------- records
def check_records(game: Game[Any, Any], players: int, seed: int) -> None:
    """A record, saved as JSON text and read back, replays to the same position: half-way
    and at the end, with the same scores and winners."""
    positions = [snapshot(state) for state in random_states(game, players, seed)]
    final = game.from_json(json.loads(positions[-1]))
    record = Record.loads(json.dumps(Record.from_state(final, ["random"] * players).to_json()))
    middle = len(positions) // 2
    expect(snapshot(replay(record, until=middle)) == positions[middle],
           f"the record replayed to action {middle} differs from the game")
    replayed = replay(record)
    expect(snapshot(replayed) == positions[-1], "the record replays to another end")
    expect(replayed.scores() == final.scores() and replayed.winners() == final.winners(),
           "the replayed game scores differently")


def replay(record: Record, until: int | None = None) -> State[Any]:
    """``record`` replayed (to action ``until``): a game whose replay meets an action it
    refuses (its deal not rebuilt from the seed, say) breaks the contract as one that
    replays to another position does."""
    try:
        return record.replay(until=until)
    except BadRecord as refused:
        raise ContractError(f"the record does not replay: {refused}") from None


def check_bad_records(name: str) -> None:
    """Broken records are refused with a reason, naming what was expected."""
    state = load(name).start(players=game_class(name).min_players, seed=1)
    good = Record.from_state(state).to_json()
    broken: list[tuple[dict[str, Any] | str, type[Exception]]] = [
        ({**good, "actions": ["this is not an action"]}, BadRecord),
        ({**good, "players": 99}, BadRecord),
        ({**good, "seed": -3}, BadRecord),
        ({**good, "game": "chess"}, UnknownGame),
        ({**good, "options": {"no_such_option": 1}}, InvalidOptions),
        ({k: v for k, v in good.items() if k != "seed"}, BadRecord),
        ("{not json", BadRecord),
    ]
    for data, error in broken:
        try:
            Record.loads(data) if isinstance(data, str) else Record.from_json(data).replay()
        except error as refusal:
            expect(str(refusal), "a refused record must say why")
        else:
            raise ContractError(f"a broken record was replayed: {str(data)[:80]}")
    try:
        load(name).from_json({"game": name, "players": 2})
    except BadRecord:
        pass
    else:
        raise ContractError("a position without its state was loaded")


# ----------------------------------------------------------------- words
def check_words(name: str) -> None:
    """The game's own catalogues have every key in every language, with the plural forms
    each needs; it has its title and its rules page (if it has one) in every language."""
    home = folder(name) / "locale"
    for english in sorted((home / LANGUAGES[0] / "LC_MESSAGES").glob("*.po")):
        keys = bases(catalogue_file(english))
        for lang in LANGUAGES[1:]:
            path = home / lang / "LC_MESSAGES" / english.name
            other = bases(catalogue_file(path)) if path.is_file() else set()
            expect(keys == other, f"{lang}/{english.name}: lacks {sorted(keys - other)[:5]}, "
                   f"has unknown {sorted(other - keys)[:5]}")
    for lang in LANGUAGES:
        expect(f"title.{name}" in catalogue("web", lang),
               f"no title in {lang}: the key title.{name} of its web.po")
    has_rules = (folder(name) / "rules.md").is_file()
    for lang in LANGUAGES[1:] if has_rules else ():
        expect((folder(name) / f"rules.{lang}.md").is_file(), f"no rules page rules.{lang}.md")


def catalogue_file(path: Any) -> dict[str, str]:
    from babel.messages.pofile import read_po  # (Babel loads only when words are read)

    with path.open("rb") as file:
        return {str(m.id): str(m.string) for m in read_po(file) if m.id and m.string}


def bases(texts: Iterable[str]) -> set[str]:
    """The keys without their plural form, grammatical forms left out (only the languages
    that inflect a word have them)."""
    return {k.rsplit(".", 1)[0] if k.endswith(PLURAL_FORMS) else k for k in texts
            if "@" not in k}


def check_events_worded(game: Game[Any, Any], players: int, seed: int,
                        near_misses: Iterable[str] = (), every: int = 9) -> None:
    """Every event of a random game — each seat's log, the refusals of illegal actions
    and of near misses — has its words in every language."""
    misses = [*GARBAGE[2:4], *near_misses]
    events: set[Event] = set()
    for step, state in enumerate(random_states(game, players, seed)):
        if step % every == 0 and not state.is_over:
            events |= set(refusals(game, state, misses))
    events |= {event for index in range(len(state.history))
               for seat in seats_and_spectator(state)
               if (event := state.log_event(index, seat)) is not None}
    for event in events:
        for inner in nested(event):
            for lang in LANGUAGES:
                expect(worded(inner, lang), f"{inner.key} has no words in {lang}")


def refusals(game: Game[Any, Any], state: State[Any], misses: Iterable[str]) -> Iterator[Event]:
    legal = set(state.legal_actions())
    illegal = [action for action in game.action_space if action not in legal]
    for action in random.Random(len(state.history)).sample(illegal, min(20, len(illegal))):
        if (event := state.refusal(action)) is not None:
            yield event
    for text in misses:
        try:
            action = game.parse_action(state, text)
        except IllegalAction as error:
            yield error.event
        else:
            if (event := state.refusal(action)) is not None:
                yield event


def nested(value: object) -> Iterator[Event]:
    """An event and the events within its parameters."""
    if isinstance(value, Event):
        yield value
        for _, param in value.params:
            yield from nested(param)
    elif isinstance(value, Seq):
        for item in (*value.items, value.empty):
            yield from nested(item)


def worded(event: Event, lang: str) -> bool:
    """Whether ``event`` (and each term it names) has a text in ``lang`` itself, in its
    domain's catalogue or the common ones (a translator would fall back to English: this
    check does not).

    >>> worded(Event.of("core.over", action="pass"), "hu")
    True
    >>> worded(Event.of("castle.no_such_event"), "pl")
    False
    """
    if event.key == LEGACY:
        return False  # English text that is no event: no language can word it
    texts = [catalogue(domain, lang) for domain in dict.fromkeys((event.domain, "web", "core"))]

    def has(key: str) -> bool:
        return any(key in own or any(key + form in own for form in PLURAL_FORMS)
                   for own in texts)

    keys = (event.key, event.key.removeprefix(f"{event.domain}."))  # (options name none)
    terms = [param for _, param in event.params if isinstance(param, Term)]
    return (any(map(has, keys)) or event.get("fallback") is not None) and all(
        has(f"term.{term}") or named_term(event.domain, term, lang) for term in terms)


# ----------------------------------------------------------------- boards
def check_board(game: Game[Any, Any], players: int, seed: int, every: int = 5) -> None:
    """The game's board (``board.draw(view, tr)``, if it has one) draws every seat's and
    the spectator's view in every language as well-formed markup whose clickable pieces
    are labelled buttons for legal actions only, and draws the same in every state the
    seat cannot tell apart."""
    board = companion(game.name, "board")
    if board is None:
        return
    # the shared translators: boards keep what they draw per translator
    translators = [translator(game.name, lang) for lang in LANGUAGES]
    for step, state in enumerate(random_states(game, players, seed)):
        if step % every and not state.is_over:
            continue
        for seat in seats_and_spectator(state):
            view = state.view(seat, log=False, legal=True)  # (no board draws the log)
            drawn = {tr.lang: board.draw(view, tr)
                     for tr in (translators if step % (3 * every) == 0 else translators[:1])}
            for lang, drawing in drawn.items():
                check_drawing(drawing, view, f"seat {seat}, step {step}, {lang}")
            world = state.determinize(seat, random.Random(step))
            expect(board.draw(world.view(seat, log=False, legal=True)) == drawn[LANGUAGES[0]],
                   f"the board of seat {seat} at step {step} shows what it may not know")


def check_drawing(drawing: str, view: Any, where: str) -> None:
    try:
        root = ET.fromstring(drawing)
    except ET.ParseError as error:
        raise ContractError(f"the board ({where}) is not well-formed: {error}") from None
    legal = set(view.get("legal", ()))
    for piece in (e for e in root.iter() if "data-action" in e.attrib):
        action = piece.get("data-action")
        expect(action in legal, f"the board ({where}) offers {action!r}, which is not legal")
        expect(piece.get("role") == "button" and piece.get("tabindex") == "0"
               and piece.get("aria-label"),
               f"the piece {action!r} ({where}) is no labelled, focusable button")


# ----------------------------------------------------------------- the list
CaseCheck = Callable[..., None]


@dataclass(frozen=True)
class Check:
    """A named part of the contract: what it checks once per game, and per :class:`Case`.
    A per-case check that takes ``near_misses`` gets the game's (:func:`near_misses`)."""

    title: str
    per_game: tuple[Callable[[str], None], ...] = ()
    per_case: tuple[CaseCheck, ...] = ()


CHECKS = (
    Check("rules contract", (check_bad_options,), (check_rules,)),
    Check("hidden information", (), (check_hidden,)),
    Check("determinize", (), (check_determinize,)),
    Check("records round trip", (check_bad_records,), (check_records,)),
    Check("words in three languages", (check_words,), (check_events_worded,)),
    Check("a board for every view", (), (check_board,)),
)
"""The checks ``python -m towerplay.testing`` runs, in order."""
