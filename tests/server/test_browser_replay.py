"""Browser tests of issue #18's hints and replays (Debian's chromium under Playwright,
against a real ``towerplay serve``): the hint list at a person's turn (and no button
where the table was created without hints), a finished table's replay stepped to its end
and back, and an uploaded record replayed in Polish and jumped through by its move list.
Screenshots (desktop and 360 px) go to ``test-artifacts/``."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from towerplay import games
from towerplay.arena.match import play_match
from towerplay.core.record import Record

from tests.server.browser import (
    DESKTOP,
    PHONE,
    ServeProcess,
    create_in_lobby,
    localized_page,
    screenshots,
    wait_my_turn,
)
from tests.server.conftest import TIMEOUT, create, wait_over

SAME = """([selector, html]) => {
  const shown = document.querySelector(selector).cloneNode(true);
  for (const e of shown.querySelectorAll('.changed')) {
    e.classList.remove('changed');
    if (!e.classList.length) e.removeAttribute('class');
  }
  const wanted = shown.cloneNode(false);
  wanted.innerHTML = html;
  return shown.isEqualNode(wanted);
}"""
"""Whether an element shows ``html``, without the marks of what changed (the last move):
equal as the DOM says, attributes in any order (a piece's morph may add one at the end)."""


def same_html(page: Any, selector: str, html: str) -> bool:
    """Whether the element shows exactly ``html`` (both parsed by the browser), the marks
    of the last move aside."""
    return bool(page.evaluate(SAME, [selector, html]))


def test_hints_at_my_turn_and_none_where_they_are_off(browser: Any, web: ServeProcess) -> None:
    with localized_page(browser) as page:
        # (5 Towers' bids: several choices to weigh; castle's first reveal is one choice,
        # which test_browser_axe's hint test covers)
        links = create_in_lobby(page, web.base, "five_towers", ["human", "greedy"])
        page.goto(links["seat-0"])
        assert wait_my_turn(page)
        page.wait_for_selector("#hint-box:not([hidden])")
        legal = sorted(page.locator("#actions [data-action]").evaluate_all(
            "buttons => buttons.map(b => b.dataset.action)"))
        page.click("#hint-button")
        assert page.inner_text("#hint-state") == "thinking…"
        page.wait_for_selector("#hints li")
        entries = page.locator("#hints li")
        hinted = entries.locator("button").evaluate_all(
            "buttons => buttons.map(b => b.dataset.action)")
        # one entry per choice the seat can tell apart
        assert hinted and set(hinted) <= set(legal) and len(hinted) == len(set(hinted))
        percents = [int(text.rstrip("%")) for text in entries.locator(".win").all_inner_texts()]
        assert percents == sorted(percents, reverse=True) and all(0 <= p <= 100 for p in percents)
        assert "best" in entries.first.inner_text() and page.locator(".best-mark").count() == 1
        screenshots(page, "hints-five_towers")
        version = page.evaluate("document.body.dataset.version")
        entries.first.locator("button").click()  # a hint entry plays its move
        page.wait_for_function(f"() => document.body.dataset.version !== {version!r}")
        assert page.locator("#hints li").count() == 0
        page.goto(f"{web.base}/")
        page.wait_for_selector("#seats select")
        page.uncheck("#hints")
        with page.expect_request("**/api/tables") as sent:
            page.click("#create")
        assert sent.value.post_data_json["hints"] is False
        page.wait_for_selector("#created:not([hidden])")
        page.click("#take-seat")
        assert wait_my_turn(page)
        page.wait_for_selector("body[data-hints='off']")  # the page asked: hints are off
        assert page.locator("#hint-box").is_hidden()
        assert page.locator("#actions [data-action]").count() >= 1


def finished(base: str) -> tuple[str, int]:
    """A castle table two bots played to its end: its id and number of actions."""
    with httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        made = create(http, "castle", ["random", "greedy"], seed=12)
        return made["table"], wait_over(http, made["table"])["version"]


def check_position(page: Any, api: str, at: int) -> None:
    """The page shows position ``at``: the server's board, the move's line, the move
    list's entry highlighted."""
    page.wait_for_selector(f"body[data-at='{at}']")
    step = httpx.get(f"{api}/replay", params={"at": at}, timeout=TIMEOUT,
                     headers={"Accept-Language": page.evaluate("navigator.language")}).json()
    assert same_html(page, "#board", step["board"])
    current = page.locator("#moves [aria-current]")
    assert current.count() == 1 and current.get_attribute("data-at") == str(at)
    if at == 0:
        assert page.inner_text("#move") == current.inner_text()
    else:
        assert page.inner_text("#move").endswith(f": {step['line']}")
        assert current.inner_text() == page.inner_text("#move")


def test_a_finished_tables_replay_to_the_end_and_back(browser: Any, web: ServeProcess) -> None:
    with localized_page(browser) as page:
        table, total = finished(web.base)
        api = f"{web.base}/api/tables/{table}"
        page.goto(f"{web.base}/replay/{table}")
        check_position(page, api, 0)
        assert page.inner_text("#move") == "The start."
        page.wait_for_selector(f"#moves li[data-at='{total}']")
        assert page.locator("#moves li").count() == total + 1
        page.click("#last")
        check_position(page, api, total)
        assert page.locator("#forward").is_disabled()
        assert page.locator("#board").inner_text() != ""
        screenshots(page, "replay-end")
        page.click("#first")
        check_position(page, api, 0)
        assert page.locator("#back").is_disabled()


MARKED = "() => [...document.querySelectorAll('#board .changed')].map((e) => e.outerHTML)"
"""What the board marks as changed (the last move)."""


def record_file(tmp_path: Path) -> Path:
    """A whole 5 Towers game of three bots, saved as ``towerplay play`` saves it."""
    final = play_match(games.load("five_towers"), ["greedy", "random", "greedy"], seed=6)
    path = tmp_path / "five_towers.json"
    Record.from_state(final, seats=["ann", "random", "greedy"]).save(path)
    return path


def test_an_uploaded_record_in_polish_jumped_by_its_move_list(
        browser: Any, web: ServeProcess, tmp_path: Path) -> None:
    with localized_page(browser, "pl-PL") as page:
        page.goto(f"{web.base}/")
        page.wait_for_selector("html[lang='pl']")
        bad = tmp_path / "bad.json"
        bad.write_bytes(bytes(range(256)))
        page.set_input_files("#upload-file", str(bad))
        page.wait_for_selector("#upload-error:not([hidden])")
        assert page.inner_text("#upload-error") == ("Tego pliku zapisu nie da się odtworzyć: "
                                                    "plik zapisu nie jest tekstem UTF-8 "
                                                    "(plik binarny?)")
        screenshots(page, "lobby-pl-upload-refused")
        path = record_file(tmp_path)
        total = len(json.loads(path.read_text())["actions"])
        page.set_input_files("#upload-file", str(path))
        page.wait_for_url("**/replay/upload/*")
        upload = page.url.rsplit("/", 1)[1]
        api = f"{web.base}/api/uploads/{upload}"
        check_position(page, api, 0)
        assert page.inner_text("#move") == "Początek."
        assert page.locator("#review").is_hidden()
        page.wait_for_selector(f"#moves li[data-at='{total}']")
        screenshots(page, "replay-pl-start")
        middle = total // 2
        page.click(f"#moves li[data-at='{middle - 1}'] button")
        check_position(page, api, middle - 1)
        page.keyboard.press("ArrowRight")  # a step: the move marked on the board
        check_position(page, api, middle)
        stepped = page.evaluate(MARKED)
        page.click(f"#moves li[data-at='{total}'] button")
        check_position(page, api, total)
        page.click(f"#moves li[data-at='{middle}'] button")  # a jump marks the same
        check_position(page, api, middle)
        assert 0 < len(stepped) and page.evaluate(MARKED) == stepped
        assert page.inner_text("#move").startswith("Miejsce ")
        screenshots(page, "replay-pl-middle")
        page.click(f"#moves li[data-at='{total}'] button")
        check_position(page, api, total)
        page.keyboard.press("ArrowLeft")
        check_position(page, api, total - 1)
        screenshots(page, "replay-pl-end")


KEYED = "() => [...document.querySelectorAll('#board [data-key]')]"


def test_the_replay_patches_its_board_in_place(browser: Any, web: ServeProcess) -> None:
    """Stepping on keeps the board's pieces (their transitions run, unless the reader asks
    for less motion) and marks the move, as the table does."""
    with localized_page(browser, "pl-PL") as page:
        page.emulate_media(reduced_motion="no-preference")  # a reader who lets it move
        table, _ = finished(web.base)
        api = f"{web.base}/api/tables/{table}"
        page.goto(f"{web.base}/replay/{table}")
        check_position(page, api, 0)
        page.evaluate(f"() => {{ for (const e of ({KEYED})()) e.kept = true; }}")
        page.click("#forward")
        check_position(page, api, 1)
        assert page.evaluate(f"() => ({KEYED})().filter((e) => e.kept).length") > 40
        assert page.locator("#board .changed").count() >= 1
        duration = "() => getComputedStyle(document.querySelector('#board rect.card'))" \
                   ".transitionDuration"
        assert page.evaluate(duration) != "0s"
        page.emulate_media(reduced_motion="reduce")
        assert page.evaluate(duration) == "0s"


AXIS = """() => [...document.querySelectorAll('#review-graph .axis text:not(.axis-name)')]
  .map((e) => Number(e.textContent))"""
"""The numbers of the review graph's axis of moves."""
KEYS = """() => [...document.querySelectorAll('.review-legend .mark-key')]
  .map((e) => e.dataset.mark)"""
"""The kinds of mark the review graph's legend names."""


def test_the_review_graph_numbers_its_moves_and_keys_only_the_marks_it_draws(
        browser: Any, web: ServeProcess) -> None:
    with localized_page(browser, "pl-PL") as page:
        table, total = finished(web.base)
        page.goto(f"{web.base}/replay/{table}")
        page.wait_for_selector("body[data-at='0']")  # (its scripts run: the button listens)
        page.click("#review-start")
        page.wait_for_selector("#review-graph svg")
        review = httpx.get(f"{web.base}/api/tables/{table}/review", timeout=TIMEOUT).json()
        marks = [d["mark"] for d in review["review"]["decisions"] if d["mark"]]
        assert page.evaluate(KEYS) == [m for m in ("inaccuracy", "mistake", "blunder")
                                       if m in marks]
        numbers = page.evaluate(AXIS)
        step = int(page.get_attribute("#review-graph .axis", "data-step"))
        assert numbers == [1, *range(step, total + 1, step)][:len(numbers)]
        assert len(numbers) <= 9 and numbers[-1] + step > total
        assert page.text_content("#review-graph .axis-name") == "ruch"
        screenshots(page, "review")
        page.set_viewport_size(PHONE)  # its words shrink with it, but stay readable
        heights = page.eval_on_selector_all(
            "#review-graph .axis text", "es => es.map((e) => e.getBoundingClientRect().height)")
        assert min(heights) >= 9, heights
        labels_end = page.eval_on_selector_all(  # "100%" and "0%" end before the graph
            "#review-graph svg > text", "es => Math.max(...es.filter((e) => "
            "e.textContent.endsWith('%')).map((e) => e.getBoundingClientRect().right))")
        graph_start = page.eval_on_selector(
            "#review-graph .axis line", "e => e.getBoundingClientRect().left")
        assert labels_end < graph_start, (labels_end, graph_start)
        page.set_viewport_size(DESKTOP)
        # a review with one kind of mark: the legend keys it alone
        one_kind = {"state": "done", "review": {"seats": [0, 1], "decisions": [
            {"index": 3, "seat": 0, "best_chance": 0.6, "mark": "mistake", "loss": 0.2,
             "played": "a", "best": "b"},
            {"index": 4, "seat": 1, "best_chance": 0.4, "mark": None, "loss": 0,
             "played": "c", "best": "c"}]}}
        page.route(f"**/api/tables/{table}/review", lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(one_kind)))
        page.reload()
        page.wait_for_selector("#review-graph .mark")
        assert page.evaluate(KEYS) == ["mistake"]
