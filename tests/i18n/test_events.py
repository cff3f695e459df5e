"""Events and their wording: a key and typed parameters, worded by the catalogues in every
language (English among them), plural and grammatical forms, lists, nested phrases; the
legacy path for games that still write English lines; and the checks of
``tests/i18n/events.py`` fail where they should."""
from __future__ import annotations

import pytest

from towerplay import bots, games
from towerplay.arena import play_match
from towerplay.core import Event, IllegalAction, InvalidOptions, Notation, Seq, Term
from towerplay.core.events import LEGACY, legacy
from towerplay.i18n import Translator, english, word

from tests.i18n.events import EventCheck

CARD = Event.of("five_towers.card", suit=Term("sand"), value=7)


def test_an_event_is_a_small_value() -> None:
    event = Event.of("five_towers.take", card=CARD)
    assert event == Event.of("five_towers.take", card=CARD) and hash(event)
    assert event.get("card") == CARD and event.get("nothing") is None
    assert event.kwargs() == {"card": CARD} and event.domain == "five_towers"
    assert Event.of("core.over", action="x").domain == "core"
    assert Event.of("cli.seat", n=1).domain == "web"


def test_a_count_picks_the_plural_form_in_each_language() -> None:
    bids = [Event.of("five_towers.bid", count=n) for n in (1, 2, 5)]
    assert [word(e, "en") for e in bids] == ["bid 1", "bid 2", "bid 5"]
    assert [word(e, "pl") for e in bids] == [
        "licytuje 1 kartę", "licytuje 2 karty", "licytuje 5 kart"]


def test_a_field_asks_for_a_grammatical_form() -> None:
    """``{card@acc}``: Polish inflects the suit; English and Hungarian have no such form
    and use the plain one."""
    take = Event.of("five_towers.take", card=CARD)
    assert word(take, "en") == "take sand7"
    assert word(take, "pl") == "bierze piaskową 7"
    assert word(take, "hu") == "elvesz egy kártyát: homok 7"


def test_lists_notation_and_empty_lists() -> None:
    pl = Translator("five_towers", "pl")
    cards = Seq((CARD, Event.of("five_towers.card", suit=Term("candy"), value=3)), "space")
    assert Translator("five_towers", "en").param(cards) == "sand7 candy3"
    assert pl.param(cards) == "piaskowa 7, cukierkowa 3"
    assert pl.param(Seq((), "space", empty=Event.of("five_towers.none"))) == "(brak)"
    assert pl.param(Seq((Notation("pass"), Notation("bid 2")), "comma", True)) == (
        "spasuj, zalicytuj 2 karty, …")
    assert english(Event.of("core.not_legal", action="x", seat=1, legal=Seq(
        (Notation("pass"),), "comma", True))) == "'x' is not legal now for seat 1; legal: pass, …"


def test_every_game_speaks_events() -> None:
    """No game writes English lines: its log entries, refusals and notation errors are
    events (the toy game's, which says no more of a move than its notation, the
    kernel's)."""
    for name in games.names():
        game = games.load(name)
        state = game.start(players=game.min_players, seed=1)
        state.apply(state.legal_actions()[0])
        event = state.log_event(0, None)
        assert event is not None and event.key != LEGACY, name
        with pytest.raises(IllegalAction) as raised:
            game.parse_notation("nonsense at all")
        assert raised.value.event.key != LEGACY, name


def test_refusals_carry_events_and_stay_english() -> None:
    state = games.load("five_towers").start(players=2, seed=1)
    reason = state.refusal(state.game.parse_notation("pass"))
    assert reason is not None and reason.key == "five_towers.not_legal"
    assert state.check(state.game.parse_notation("pass")) == english(reason)
    assert state.refusal(state.legal_actions()[0]) is None
    with pytest.raises(IllegalAction) as raised:
        state.game.parse_notation(17)
    assert raised.value.event == Event.of("core.not_text", type="int")
    assert str(raised.value) == "an action must be text, got int"


def test_the_checks_bite() -> None:
    """The event checks fail on a key no catalogue has, on a field without a parameter,
    on a legacy line, and on a Polish wording with English in it."""
    check = EventCheck()
    for bad in (Event.of("five_towers.no_such_key"), Event.of("five_towers.take"),
                legacy("take sand7"), Event.of("five_towers.not_legal", action="x",
                                                 why=Event.of("five_towers.unknown"))):
        with pytest.raises(AssertionError):
            check.assert_worded({bad})
    english_in_polish = Event.of("five_towers.bid", count=Notation("your cards"))
    with pytest.raises(AssertionError):
        check.assert_worded({english_in_polish})
    check.assert_worded({Event.of("five_towers.take", card=CARD)})


def test_a_bots_errors_are_events_in_every_language() -> None:
    """A bad spec and a move asked of a finished game: events, not English sentences."""
    final = play_match(games.load("five_towers"), ["random", "random"], seed=2)
    raised = []
    for make in (lambda: bots.load("greedy:recall"), lambda: bots.load(" "),
                 lambda: bots.load("random").act(final)):
        with pytest.raises(InvalidOptions) as error:
            make()
        raised.append(error.value.event)
    assert [e.key for e in raised] == ["core.bot_option_shape", "core.bot_spec_shape",
                                       "core.bot_no_move"]
    assert str(InvalidOptions(raised[2])) == "the game is over: there is no move to make"
    EventCheck().assert_worded(raised)


def test_the_learning_environments_refusals_are_events_in_every_language() -> None:
    """A program's mistakes with the RL adapters read in each language too (their words
    name Python's values, None and reset(), as the API spells them)."""
    from towerplay.envs.gymnasium import TowerplayGymEnv
    from towerplay.envs.vector import VectorEnv

    raised = []
    for make in (lambda: VectorEnv("castle", num_envs=0),
                 lambda: VectorEnv("castle", num_envs=2).step([0, 0]),
                 lambda: TowerplayGymEnv("castle", players=2, seat=5),
                 lambda: TowerplayGymEnv("castle", players=2, render_mode="human")):
        with pytest.raises((InvalidOptions, IllegalAction)) as error:
            make()
        raised.append(error.value.event)
    assert [e.key for e in raised] == ["env.num_envs", "env.reset_first", "env.seat",
                                       "env.render_mode"]
    assert str(InvalidOptions(raised[2])) == "seat must be 0 to 1 or None (got 5)"
    check = EventCheck()
    for event in raised:
        check.assert_defined(event)
        assert word(event, "pl") != english(event)
