"""Every page and every server text in Polish and Hungarian holds no English sentence and
no internal code (issue #26 item 3), checked over HTTP (fast: no browser) with the word
list and code patterns of :mod:`tests.i18n.english`: the pages as their texts fill them,
page titles, rules pages, the 404 page, one error body per code, each game's table at the
start for a seat and a spectator, a finished game's replay, its review's wording, the
scoring pads, and a whole terminal game.
"""
from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from towerplay import games, i18n
from towerplay.cli import app as cli
from towerplay.server.guards import INTERNAL
from towerplay.server.live import unavailable_body
from towerplay.server.protocol import worded
from towerplay.server.review import labelled

from tests.i18n.english import page_problems, problems
from tests.server.conftest import TIMEOUT, Server, create, token, wait_over

LANGS = ("pl", "hu")
GAMES = tuple(games.BUILT_IN)  # the games that ship with towerplay
PAGES = {"/": "lobby.html", "/tables/x": "table.html", "/replay/x": "replay.html",
         "/score/": "score.html"}
FIELD = re.compile(r"\{\w+(?:@\w+)?\}")
"""A catalogue text's field, filled by the page."""
DATA_I18N = re.compile(r'(data-i18n="([\w.]+)"[^>]*>)([^<]*)')


@pytest.fixture(scope="module")
def http(sqlite_server: Server) -> Any:
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as client:
        yield client


def filled(page: str, texts: dict[str, str]) -> str:
    """A static page with its ``data-i18n`` elements filled as the page's script does."""
    return DATA_I18N.sub(lambda m: m.group(1) + texts.get(m.group(2), m.group(2)), page)


def assert_clean(texts: list[str], lang: str, where: str) -> None:
    found = [(text[:100], p) for text in texts for p in problems(text, lang)]
    assert not found, (lang, where, found)


def test_the_check_bites_on_what_the_issue_found() -> None:
    """The texts people met before (issue #26) fail the check."""
    for text in ("Brak dostępu: no table has this id",
                 ("Błędna wiadomość: castle: option 'first_player' must be a seat 0-1 "
                  "for 2 players (got 3)"), "Input should be a valid integer",
                 "towerplay — new table",
                 "F-blue niebieski Fundament", "RED-12 (E13)"):
        assert problems(text, "pl"), text
    assert page_problems("<title>towerplay — scoring pad</title>", "hu")


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_and_title(http: httpx.Client, lang: str) -> None:
    """The lobby, table, replay and pad pages as their texts fill them (titles too),
    every text of the catalogues they use, each game's rules page and the 404 page."""
    texts = http.get(f"/api/i18n/{lang}", params={"domains": "web,options,score"}).json()
    for path in PAGES:
        page = filled(http.get(path).text, texts["texts"])
        assert "<title data-i18n=" in page, path
        assert not page_problems(page, lang), (path, page_problems(page, lang))
    for domain in ("web", "options", "score"):
        mine = {key: FIELD.sub("7", text) for key, text in i18n.catalogue(domain, lang).items()}
        assert_clean(list(mine.values()), lang, domain)
    for game in GAMES:
        page = http.get(f"/rules/{game}", params={"lang": lang}).text
        assert not page_problems(page, lang), (game, page_problems(page, lang))
    missing = http.get("/no/such/page", params={"lang": lang}, headers={"Accept": "text/html"})
    assert missing.status_code == 404 and "<title>towerplay" in missing.text
    assert not page_problems(missing.text, lang)


def refusals(http: httpx.Client, lang: str) -> dict[str, dict[str, Any]]:
    """One error body per code, provoked as a person (or a page) would."""
    asked = {"params": {"lang": lang}}
    made = create(http, "five_towers", ["human", "human"], seed=5)
    table, mover = made["table"], 0
    view = http.get(f"/api/tables/{table}").json()["view"]
    mover = view["to_move"]
    act = f"/api/tables/{table}/actions"
    over = create(http, "five_towers", ["greedy", "greedy"], seed=6)["table"]
    wait_over(http, over)
    record = http.get(f"/api/tables/{over}/record").json()
    record["actions"][1] = "bid ninety"
    return {
        "bad_message": http.post("/api/tables", json={
            "game": "castle", "seats": ["human", "robot"]}, **asked).json(),
        "bad_message (option)": http.post("/api/tables", json={
            "game": "castle", "seats": ["człowiek", "greedy"],
            "options": {"first_player": 3}}, **asked).json(),
        "bad_message (type)": http.post("/api/tables", json={
            "game": "castle", "seats": ["human", "greedy"],
            "options": {"first_player": "x", "variant": "z"}}, **asked).json(),
        "not_found": http.get("/api/tables/nosuch", **asked).json(),
        "forbidden": http.get(f"/api/tables/{table}", params={"lang": lang,
                                                              "token": "forged"}).json(),
        "stale": http.post(act, json={"token": token(made, mover), "version": 9,
                                      "action": "bid 1"}, **asked).json(),
        "illegal": http.post(act, json={"token": token(made, mover), "version": 0,
                                        "action": "bid 9"}, **asked).json(),
        "forbidden (turn)": http.post(act, json={"token": token(made, 1 - mover),
                                                 "version": 0, "action": "bid 1"},
                                      **asked).json(),
        "over": http.post(f"/api/tables/{over}/hint", json={"token": "x", "version": 0},
                          **asked).json(),
        "bad_record": http.post("/api/uploads", json=record, **asked).json(),
        "unavailable": worded(unavailable_body(), lang),
        "internal": worded(INTERNAL, lang),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_each_error_codes_body(http: httpx.Client, lang: str) -> None:
    bodies = refusals(http, lang)
    for name, body in bodies.items():
        assert body["type"] == "error", (name, body)
        assert_clean([body["message"]], lang, name)
    assert "(got" not in bodies["bad_record"]["message"]
    assert ("pierwszy gracz" if lang == "pl" else "kezdőjátékos") in \
        bodies["bad_message (option)"]["message"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_each_games_table_at_the_start(http: httpx.Client, game: str, lang: str) -> None:
    """The board, the log and the buttons' labels, for the seat to move and a spectator."""
    made = create(http, game, ["human", "human"], seed=7)
    table = made["table"]
    mover = http.get(f"/api/tables/{table}").json()["view"]["to_move"]
    for seat_token in (token(made, mover), None):
        params = {"lang": lang, **({"token": seat_token} if seat_token else {})}
        answer = http.get(f"/api/tables/{table}", params=params).json()
        assert answer["board"]
        assert not page_problems(answer["board"], lang), page_problems(answer["board"], lang)
        assert_clean([e["line"] for e in answer["events"] if e.get("line")], lang, "log")
        assert_clean(list(answer["labels"].values()), lang, "labels")


@pytest.mark.parametrize("lang", LANGS)
def test_a_finished_games_replay_and_review_words(http: httpx.Client, lang: str) -> None:
    table = create(http, "castle", ["greedy", "greedy"], seed=8)["table"]
    wait_over(http, table)
    moves = http.get(f"/api/tables/{table}/moves", params={"lang": lang}).json()
    lines = [m["line"] for m in moves["moves"] if m.get("line")]
    assert lines
    assert_clean(lines, lang, "moves")
    for at in (0, len(lines) // 2, len(lines)):
        step = http.get(f"/api/tables/{table}/replay", params={"lang": lang, "at": at}).json()
        assert not page_problems(step["board"], lang), (at, page_problems(step["board"], lang))
    record = http.get(f"/api/tables/{table}/record").json()
    played = record["actions"]
    review = labelled({"seats": [0, 1], "decisions": [
        {"seat": 0, "index": i, "played": played[i], "best": played[i + 1]}
        for i in range(0, 6, 2)]}, "castle", lang)
    assert_clean([d[k] for d in review["decisions"] for k in ("played_label", "best_label")],
                 lang, "review")


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_terminal_game(lang: str) -> None:
    """Every line the terminal prints over a game of bots, its end screen drawn by the
    game's ``render.draw`` too (tests/cli/test_terminal_i18n.py sees every screen)."""
    result = CliRunner().invoke(cli, ["play", "castle", "--seats", "greedy,random",
                                              "--seed", "3", "--no-record", "--lang", lang])
    assert result.exit_code == 0, result.output
    lines = [line.strip(" │┃┏┓┗┛━─┡┩└┘╇┳┻╋") for line in result.output.splitlines()]
    assert len(lines) > 20
    assert_clean([line for line in lines if line], lang, "terminal")
    refused = CliRunner().invoke(cli, ["play", "castle", "-o", "first_player=x",
                                               "--lang", lang])
    assert refused.exit_code == 2
    assert_clean([refused.output], lang, "terminal error")
