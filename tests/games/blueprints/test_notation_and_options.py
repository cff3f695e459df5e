"""Action notation, dense ids, options, and user blueprint decks."""
from __future__ import annotations

import pytest

from towerplay import games
from towerplay.core import IllegalAction, InvalidOptions
from towerplay.games.blueprints.cards import PROVISIONAL_NOTE, default_deck, load_deck

from tests.games.blueprints.util import play_random, start


def test_actions_round_trip_through_text_and_ids() -> None:
    game = games.load("blueprints")
    ids = set()
    for action_id in range(game.num_actions):
        action = game.action_from_id(action_id)
        assert game.action_id(action) == action_id
        assert game.parse_notation(str(action)) == action
        ids.add(str(action))
    assert len(ids) == game.num_actions == 55
    assert {"take G5", "place r2c1", "remove", "discard R3"} <= ids


@pytest.mark.parametrize("text,expected", [("take G5", "take G5"), ("TAKE g5", "take G5"),
                                           ("place R2C1", "place r2c1"), ("Remove", "remove"),
                                           ("discard r3", "discard R3")])
def test_notation_is_case_insensitive(text: str, expected: str) -> None:
    assert str(games.load("blueprints").parse_notation(text)) == expected


@pytest.mark.parametrize("text,hint", [("take", "expected 'take <die>'"),
                                       ("take X5", "material letter"),
                                       ("take G7", "value 1-6"), ("place r4c1", "row 1-3"),
                                       ("place 3", "r<row>c<col>"), ("remove G5", "expected"),
                                       ("build r1c1", "expected")])
def test_garbage_names_the_notation(text: str, hint: str) -> None:
    with pytest.raises(IllegalAction, match=hint):
        games.load("blueprints").parse_notation(text)
    with pytest.raises(IllegalAction):
        games.load("blueprints").action_from_id(55)


def test_every_ambiguous_rule_is_an_option_with_its_default() -> None:
    # unplaceable: the rulebook's literal reading is the default (the spec's is 'strict')
    options = games.load("blueprints").options_dict()
    assert options == {"blueprints": None, "first_player": None,
                       "unplaceable": "literal", "wood_only_counts_wood": False,
                       "prize_compare_magnitude": False, "awards_public": True,
                       "last_turn_tiebreak": "round_scored", "lowest_tie": "ranked_last"}


def test_wood_only_counts_wood_option_changes_round_scores() -> None:
    a = play_random(start(2, seed=3), 1)
    b = play_random(start(2, seed=3, wood_only_counts_wood=True), 1)
    wood = [[s["score"]["wood"] for s in r["seats"]] for r in a.view(None)["results"]]
    wood_only = [[s["score"]["wood"] for s in r["seats"]] for r in b.view(None)["results"]]
    assert wood != wood_only or all(w == 0 for r in wood for w in r)


def test_the_default_deck_is_the_provisional_24() -> None:
    deck = default_deck()
    assert len(deck) == 24 and len({layout for _, layout in deck}) == 24
    assert ("BP16", (0, 1, 3, 1, 1, 0)) in deck and ("BP23", (0, 0, 3, 3, 0, 0)) in deck
    assert "PROVISIONAL" in PROVISIONAL_NOTE


def test_a_user_deck_from_a_text_file(tmp_path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("# my cards\nA 11 11 11\nB XX 33 XX\nX1 31 1X\n6X XX XX  # tall\n")
    deck = load_deck(str(path))
    assert [name for name, _ in deck] == ["A", "B", "card3", "card4"]
    game = games.load("blueprints", blueprints=str(path))
    state = play_random(game.start(players=4, seed=1), 2)
    assert state.is_over
    assert {s["card"] for r in state.view(None)["results"] for s in r["seats"]} == {
        "A", "B", "card3", "card4"}


def test_a_user_deck_from_toml(tmp_path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('cards = ["11 11 11", ["tall", "6X XX XX"], "XX 33 XX", "X1 31 1X"]\n')
    assert load_deck(str(path))[1] == ("tall", (6, 0, 0, 0, 0, 0))


@pytest.mark.parametrize("content,reason", [
    ("11 11 11\nXX 33 XX\nX1 31 1X\n", "at least 4"),
    ("11 11 11\nXX 33 XX\nX1 31 1X\n11 11 11\n", "repeats"),
    ("11 11 11\nXX 33 XX\nX1 31 1X\n12 11 11\n", "card 4.*add up to 6"),
    ("11 11 11\nXX 33 XX\nX1 31 1X\n3X X3 XX\n", "connected"),
])
def test_bad_user_decks_are_refused_clearly(tmp_path, content: str, reason: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(content)
    with pytest.raises(InvalidOptions, match=reason):
        games.load("blueprints", blueprints=str(path))


def test_unreadable_or_malformed_deck_files(tmp_path) -> None:
    with pytest.raises(InvalidOptions, match="cannot read"):
        games.load("blueprints", blueprints=str(tmp_path / "missing.txt"))
    bad = tmp_path / "deck.toml"
    bad.write_text("cards = [")
    with pytest.raises(InvalidOptions, match="not valid TOML"):
        games.load("blueprints", blueprints=str(bad))
    bad.write_text("layouts = []")
    with pytest.raises(InvalidOptions, match="'cards'"):
        games.load("blueprints", blueprints=str(bad))
    bad.write_text("cards = [1, 2, 3, 4]")
    with pytest.raises(InvalidOptions, match="card 1"):
        games.load("blueprints", blueprints=str(bad))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_record_with_sorted_keys_loads(players: int) -> None:
    # JSON tools may reorder an object's keys; the awards of a scored round are a
    # {seat: award} object, and a seat ranked lower can have the smaller number
    import json

    for seed in range(6):
        state = start(players=players, seed=seed)
        while not state.results:
            state.apply(state.legal_actions()[0])
        data = json.dumps(state.to_json(), sort_keys=True)
        loaded = state.game.from_json(json.loads(data))
        assert json.dumps(loaded.to_json(), sort_keys=True) == data


@pytest.mark.parametrize("value", [True, False])
def test_the_replaced_boolean_option_is_refused_naming_the_new_one(value: bool) -> None:
    with pytest.raises(InvalidOptions) as info:
        games.load("blueprints", allow_deliberate_discard=value)
    message = str(info.value)
    assert "unplaceable" in message and "\n" not in message


def test_an_old_record_with_the_replaced_option_is_refused_in_one_line() -> None:
    from towerplay.core import BadRecord
    from towerplay.core.record import Record

    data = Record.from_state(play_random(start(2, seed=2), 2)).to_json()
    data["options"] = {**data["options"], "allow_deliberate_discard": True}
    data["options"].pop("unplaceable")
    with pytest.raises(BadRecord, match="unplaceable='deliberate'"):
        Record.from_json(data).replay()


@pytest.mark.parametrize("value", ["yes", True, 1, "Literal"])
def test_unplaceable_takes_one_of_its_words(value: object) -> None:
    with pytest.raises(InvalidOptions, match="unplaceable"):
        games.load("blueprints", unplaceable=value)


def test_a_record_keeps_the_deck_data_and_replays_after_the_file_is_gone(tmp_path) -> None:
    from towerplay.core.record import Record

    path = tmp_path / "deck.txt"
    path.write_text("tall 6X XX XX\n11 11 11\nXX 33 XX\nX1 31 1X\nX2 X2 X2\n")
    game = games.load("blueprints", blueprints=str(path))
    assert game.options_dict()["blueprints"] == {
        "cards": [["tall", "6X XX XX"], "11 11 11", "XX 33 XX", "X1 31 1X", "X2 X2 X2"]}
    state = play_random(game.start(players=4, seed=5), 5)
    text = Record.from_state(state).to_json()
    path.unlink()
    replayed = Record.from_json(text).replay()
    assert replayed.to_json() == state.to_json()
    assert replayed.game.deck[0] == ("tall", (6, 0, 0, 0, 0, 0))


def test_command_line_texts_give_the_new_options(tmp_path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("11 11 11\nXX 33 XX\nX1 31 1X\nX2 X2 X2\n")
    cls = games.game_class("blueprints")
    options = cls.options_from_text({"unplaceable": "strict", "blueprints": str(path)})
    assert options == {"unplaceable": "strict", "blueprints": str(path)}
    game = games.load("blueprints", **options)
    assert game.options.unplaceable == "strict" and len(game.deck) == 4
