"""The server speaks the page's language: its catalogues over HTTP, refusals over HTTP
and the websocket, boards and log lines per client."""
from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from towerplay import bots
from towerplay.i18n import bot_name, translator
from towerplay.server.tables import SEAT_KINDS

from tests.i18n.english import problems
from tests.server.conftest import TIMEOUT, Server, connect, create, receive, token, wait_over

POLISH = {"Accept-Language": "pl-PL,pl;q=0.9"}
CREATE_REFUSALS: list[Any] = [
    {"game": "chess", "seats": ["human", "human"]},
    {"game": "five_towers", "seats": ["human", "alphazero"]},
    {"game": "five_towers", "seats": ["human", "ismcts:seconds=9999"]},
    {"game": "five_towers", "seats": ["human", "greedy:recall"]},
    {"game": "five_towers", "seats": ["human"]},
    {"game": "five_towers", "seats": ["human", "greedy"], "players": 3},
    {"game": "five_towers", "seats": ["human", "greedy"], "options": {"nope": 1}},
    {"game": "castle", "seats": ["human", "greedy"], "options": {"cards": "/etc/passwd"}},
    {"game": "five_towers", "seats": ["human", "greedy"], "seed": "7"},
    {"game": "five_towers", "seats": "human,greedy"},
    {"game": "five_towers", "seats": ["human", "greedy"], "colour": 1},
    [1, 2],
]


def test_the_catalogue_of_a_language(http: httpx.Client) -> None:
    polish = http.get("/api/i18n/pl", params={"domains": "web"}).json()
    english = http.get("/api/i18n/en").json()
    assert polish["texts"]["new_table"] == "Nowy stół"
    assert english["texts"]["new_table"] == "New table"
    assert set(polish["texts"]) == set(english["texts"])
    assert polish["languages"] == {"en": "English", "pl": "polski", "hu": "magyar"}
    unknown = http.get("/api/i18n/de")
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"


@pytest.mark.parametrize("body", CREATE_REFUSALS)
def test_create_refusals_in_polish(http: httpx.Client, body: Any) -> None:
    english = http.post("/api/tables", json=body).json()
    polish = http.post("/api/tables", json=body, headers=POLISH).json()
    assert problems(polish["message"], "pl") == [], polish["message"]
    assert polish["message"] != english["message"]
    assert {k: v for k, v in polish.items() if k != "message"} == \
        {k: v for k, v in english.items() if k != "message"}


def test_move_refusals_and_unknown_tables_in_hungarian(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "human"], seed=11)
    table = made["table"]
    mover = http.get(f"/api/tables/{table}").json()["view"]["to_move"]
    stale = {"token": token(made, mover), "version": 3, "action": "bid 1"}
    answer = http.post(f"/api/tables/{table}/actions", json=stale, params={"lang": "hu"})
    assert answer.status_code == 409
    assert answer.json()["message"] == "a 3. változat nem az asztal jelenlegi változata (0)"
    missing = http.get("/api/tables/nosuch", headers={"Accept-Language": "hu"})
    assert missing.json()["message"] == "nincs ilyen azonosítójú asztal"
    assert http.get("/api/tables/nosuch").json()["message"] == "no table has this id"


def test_a_polish_websocket_client_gets_polish_refusals(sqlite_server: Server) -> None:
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human"], seed=3)
        table = made["table"]
        mover = http.get(f"/api/tables/{table}").json()["view"]["to_move"]
    other = token(made, 1 - mover)

    async def scenario() -> dict[str, Any]:
        async with connect(sqlite_server, table, other, lang="pl") as ws:
            await receive(ws)  # the view
            await ws.send('{"type": "act", "version": 0, "action": "bid 1"}')
            return await receive(ws)

    refusal = asyncio.run(scenario())
    assert refusal["code"] == "forbidden"
    assert refusal["message"] == f"to nie jest ruch miejsca {2 - mover}"  # people count from 1


def test_rules_pages_in_the_asked_language(http: httpx.Client) -> None:
    polish = http.get("/rules/castle", params={"lang": "pl"})
    assert polish.status_code == 200 and "<html lang=pl>" in polish.text
    assert "Zapis ruchów" in polish.text and "Budowa Zamku" in polish.text
    hungarian = http.get("/rules/five_towers", headers={"Accept-Language": "hu"}).text
    assert "Lépésjelölés" in hungarian
    assert "Notation" in http.get("/rules/five_towers").text
    unknown = http.get("/rules/chess", params={"lang": "pl"}, headers={"Accept": "text/html"})
    assert unknown.status_code == 404
    assert "<title>towerplay — błąd 404</title>" in unknown.text
    assert "nie ma gry o tej nazwie" in unknown.text


def test_a_finished_tables_score_breakdown_in_polish(http: httpx.Client) -> None:
    made = create(http, "castle", ["greedy", "greedy"], seed=4)
    table = made["table"]
    wait_over(http, table)
    english = http.get(f"/api/tables/{table}").json()["view"]["breakdown"]
    polish = http.get(f"/api/tables/{table}", params={"lang": "pl"}).json()["view"]["breakdown"]
    assert [label for label, _ in english[0]] == ["start tile", "wall cards"]
    assert [label for label, _ in polish[0]] == ["płytka startowa", "karty muru"]
    assert [points for _, points in polish[0]] == [points for _, points in english[0]]


def test_a_views_log_is_its_events_worded_for_the_page(http: httpx.Client) -> None:
    """The view sent to a page holds no log in English (it grew with every move and was
    rebuilt for every seat at every move): the log reaches the page as events, in its
    language."""
    made = create(http, "castle", ["greedy", "greedy"], seed=4)
    table = made["table"]
    wait_over(http, table)
    polish = http.get(f"/api/tables/{table}", params={"lang": "pl"}).json()
    assert "log" not in polish["view"]
    english_lines = {event["line"] for event in http.get(f"/api/tables/{table}").json()["events"]}
    polish_lines = {event["line"] for event in polish["events"]}
    assert polish_lines and not polish_lines & english_lines


def test_game_titles_as_published_in_each_language(http: httpx.Client) -> None:
    titles = {lang: {g["id"]: g["title"] for g in http.get(
        "/api/games", headers={"Accept-Language": lang}).json()} for lang in ("en", "pl")}
    assert titles["en"]["castle"] == "Budowa Zamku (Castle Building)"
    assert titles["pl"]["castle"] == "Budowa Zamku"
    assert titles["pl"]["five_towers"] == "5 Wież" and titles["en"]["five_towers"] == "5 Towers"


def test_the_rules_page_switches_language(http: httpx.Client) -> None:
    page = http.get("/rules/skytopia", params={"lang": "hu"}).text
    assert '<a href="/rules/skytopia?lang=pl" hreflang="pl">polski</a>' in page
    assert "<strong>magyar</strong>" in page and 'aria-label="Nyelv"' in page


def test_a_games_refusal_is_worded_by_its_event(http: httpx.Client) -> None:
    """A 5 Towers refusal (a garbled action, an illegal one) reaches a Polish page worded
    from the game's event, not by recognising its English sentence; English unchanged."""
    made = create(http, "five_towers", ["human", "human"], seed=11)
    table = made["table"]
    mover = http.get(f"/api/tables/{table}").json()["view"]["to_move"]
    for action, polish in (("bid 9", "oferta to liczba od 0 do 5 (podano '9')"),
                           ("pass", "Ruch „pass” jest niedozwolony: gracz rozpoczynający "
                                    "otwiera licytację i nie może spasować: zalicytuj od 0 "
                                    "do 5")):
        move = {"token": token(made, mover), "version": 0, "action": action}
        english = http.post(f"/api/tables/{table}/actions", json=move).json()
        worded = http.post(f"/api/tables/{table}/actions", json=move, headers=POLISH).json()
        assert english["code"] == worded["code"] == "illegal"
        assert worded["message"] == polish, english["message"]
        assert english["message"].startswith(("a bid is", "'pass' is not legal"))


@pytest.mark.parametrize("lang", ["pl", "hu"])
def test_a_bot_is_named_for_people_not_by_its_id(lang: str) -> None:
    """The seat strip, the away mark and the clock's log line name a bot by its kind's
    name in the reader's language (the lobby's seat kinds), the spec's options kept."""
    ids = [kind for kind in SEAT_KINDS if kind != "human"] + ["ismcts"]
    assert set(bots.names()) | set(bots.LEVELS) <= set(ids)  # every bot has a name
    for spec in ids:
        name = bot_name(spec, lang)
        assert name == translator("web", lang)(f"web.kind.{spec}") != spec
        assert spec not in name.split(), (lang, spec, name)  # ISMCTS: its name
    assert bot_name("medium", lang) != bot_name("medium", "en")
    assert bot_name("greedy:recall=0.5", lang) == f"{bot_name('greedy', lang)} (recall=0.5)"
    assert bot_name("medium", "en") == "medium bot" and bot_name("mystery", lang) == "mystery"
