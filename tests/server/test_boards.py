"""Boards of the web app (``towerplay.server.boards.draw``) and the replay route.

The generic board (every game without its own ``board.py``) is the view as escaped HTML
with no buttons: the page offers a button per ``view["legal"]`` entry, on every board."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from html import escape
from typing import Any

import httpx
import pytest

from towerplay import games
from towerplay.i18n import Translator
from towerplay.server.boards import MAX_DEPTH, draw, generic

from tests.server.conftest import TIMEOUT, Server, create, wait_over

SHIPPED = list(games.BUILT_IN)
"""The games that ship with towerplay; ``towerplay.testing.check_board`` draws every view
of every registered game (tests/core/test_api.py)."""


def walk(game: str, players: int, seed: int, every: int = 7) -> list[Any]:
    """Some positions of a random game (every ``every``-th, and the end)."""
    state = games.load(game).start(players=players, seed=seed)
    rng = random.Random(seed)
    found = [state.copy()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        if len(state.history) % every == 0 or state.is_over:
            found.append(state.copy())
    return found


@pytest.mark.parametrize("game", games.names())
def test_the_game_board_is_used_when_the_game_has_one(game: str) -> None:
    view = games.load(game).start(players=2, seed=1).view(0)
    module = games.companion(game, "board")
    assert draw(view) == (module.draw(view) if module is not None else generic(view))
    if game == "five_towers":
        assert draw(view).startswith('<div class="ft-board"')


@pytest.mark.parametrize("game", SHIPPED)
def test_a_board_names_the_seats_as_their_people_chose_escaped(game: str) -> None:
    """A web table's view carries the names people chose: the board says them where it
    said "seat N" (mid-game and at the end), escaped; a seat without a name keeps its
    number, counted from 1."""
    name = '<b class="x">Bob & co</b>'
    for state in walk(game, 2, seed=3, every=5)[2::8]:
        view = state.view(0) | {"names": [None, name]}
        for lang in ("pl", "en"):
            board = draw(view, lang)
            assert "<b" not in board and 'class="x"' not in board
            assert escape(name) in board
            assert Translator(game, lang)("seat_you", n=1) in board  # no name: numbered
        unnamed = draw(state.view(0), "en")
        assert escape(name) not in unnamed and ("Seat 2" in unnamed
                                                              or "seat 2" in unnamed)


def test_a_failing_game_board_falls_back_to_the_generic_board(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    class Broken:
        @staticmethod
        def draw(view: dict[str, Any]) -> str:
            raise KeyError("variant")

    monkeypatch.setattr(games, "companion", lambda name, part: Broken)
    view = games.load("castle").start(players=2, seed=1).view(0)
    assert draw(view) == generic(view)
    assert "castle board cannot draw" in caplog.text


def test_an_unknown_or_missing_game_gets_the_generic_board() -> None:
    assert 'class="generic-board"' in draw({"game": "chess", "a": 1})
    assert 'class="generic-board"' in draw({"a": 1})


def test_the_generic_board_escapes_every_text_keys_included() -> None:
    view = {"game": "castle", "<img src=x onerror=alert(1)>": "<script>x</script>",
            "list": ["a&b", {"k<": "v>"}], "rows": [{"name": '"q"'}, {"other": "'"}]}
    board = generic(view)
    assert "<script>" not in board and "<img" not in board
    root = ET.fromstring(board)  # well-formed: every text and attribute escaped
    text = "".join(root.itertext())
    assert "<script>x</script>" in text and "<img src=x onerror=alert(1)>" in text
    assert "a&b" in text and '"q"' in text


def test_the_generic_board_shows_nested_values_readably_without_buttons() -> None:
    view = {"game": "castle", "legal": ["build"], "log": ["1: reveal a1"],
            "castles": [[1, 5], [1]], "seats": [{"vp": 2.0, "cards": []}, {"vp": 0.5}],
            "market": {"b1": {"card": "BLU-08"}}, "over": False, "note": None}
    root = ET.fromstring(generic(view))
    assert not [e for e in root.iter() if "data-action" in e.attrib or e.tag == "button"]
    text = " ".join(root.itertext())
    assert "1 · 5" in text and "BLU-08" in text and "no" in text and "—" in text
    assert "2.0" not in text and "0.5" in text  # whole numbers as ints
    assert "reveal a1" not in text and "build" not in text  # log and legal: the page's
    assert root.find(".//table") is not None and root.find(".//dl") is not None


def test_the_generic_board_does_not_recurse_without_end() -> None:
    deep: dict[str, Any] = {"game": "castle"}
    node = deep
    for _ in range(200):
        node["x"] = {}
        node = node["x"]
    root = ET.fromstring(generic(deep))
    nested = "/".join(["dl/dd"] * (MAX_DEPTH + 1))  # one list a level, down to the cut
    assert root.find(nested) is not None and root.find(nested + "/dl") is None
    cut = root.findall(".//code")
    assert len(cut) == 1 and cut[0].text is not None and cut[0].text.startswith("{'x': {'x'")


@pytest.mark.parametrize("game", games.names())
def test_only_the_seat_to_move_is_offered_the_legal_actions(game: str) -> None:
    for state in walk(game, 2, seed=3):
        for seat in (None, 0, 1):
            view = state.view(seat)
            if seat is not None and seat == state.to_move:
                assert view["legal"] == [str(a) for a in state.legal_actions()]
            else:
                assert "legal" not in view


# ----------------------------------------------------------------- the replay route
def finished_table(http: httpx.Client) -> dict[str, Any]:
    """A castle table played by two bots to its end."""
    table = create(http, "castle", ["random", "greedy"], seed=12)
    wait_over(http, table["table"])
    return table


def test_replay_steps_through_a_finished_table(sqlite_server: Server) -> None:
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as http:
        table = finished_table(http)["table"]
        record = http.get(f"/api/tables/{table}/record").json()
        start = http.get(f"/api/tables/{table}/replay", params={"at": 0}).json()
        assert start["at"] == 0 and start["total"] == len(record["actions"])
        assert start["line"] is None and start["view"]["turn"] <= 1
        end = http.get(f"/api/tables/{table}/replay",
                       params={"at": start["total"]}).json()
        assert end["view"]["is_over"] and end["view"]["scores"] == record["result"]["scores"]
        assert end["board"] == draw(end["view"])
        one = http.get(f"/api/tables/{table}/replay", params={"at": 1}).json()
        assert one["mover"] == 0 or one["mover"] == 1
        verb, place = record["actions"][0].split()  # castle's first move reveals a card
        said = one["line"].split()  # as people read it: "reveals e7: 28"
        assert verb == "reveal" and said[:2] in (["reveals", place], ["reveals", f"{place}:"])
        for bad in ("-1", "x", str(start["total"] + 1)):
            answer = http.get(f"/api/tables/{table}/replay", params={"at": bad})
            assert answer.status_code == 422 and answer.json()["code"] == "bad_message"


def test_replay_is_refused_before_the_end_and_for_unknown_tables(sqlite_server: Server,
                                                                ) -> None:
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as http:
        table = create(http, "five_towers", ["human", "greedy"])["table"]
        answer = http.get(f"/api/tables/{table}/replay", params={"at": 0})
        assert answer.status_code == 403 and "seed" not in answer.text
        assert http.get("/api/tables/nope/replay").status_code == 404
