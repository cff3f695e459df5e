"""A record's problems in the reader's language under replay, resume and review (issue
#43): pydantic's and the JSON decoder's words reworded, a bad option named by its label,
a result that differs said as sentences with seats from 1; resume speaks the language
the game was played in."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towerplay.cli import app

from tests.i18n.english import problems


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin,
                                env={"LC_ALL": None, "LANG": "C.UTF-8"})
    return result.exit_code, " ".join(result.output.split())


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    path = tmp_path_factory.mktemp("records") / "done.json"
    code, out = run("play", "castle", "--seats", "greedy,greedy", "--seed", "3", "-q",
                    "--record", str(path))
    assert code == 0, out
    record: dict[str, object] = json.loads(path.read_text())
    return record


def broken(finished: dict[str, object], kind: str) -> str:
    record = json.loads(json.dumps(finished))
    if kind == "result":
        record["result"]["winners"] = [1 - record["result"]["winners"][0]]
    elif kind == "option":
        record["options"]["memory"] = "xyz"
    elif kind == "seed":
        record["seed"] = "abc"
    else:
        return '{"game": '
    return json.dumps(record)


SAID = {
    ("pl", "result"): "wynik z pliku (wyniki {scores}; wygrywa miejsce {bad}) różni się od "
                      "wyniku odtworzenia (wyniki {scores}; wygrywa miejsce {good})",
    ("hu", "result"): "(pontszámok: {scores}; nyertes hely: {bad}) eltér a visszajátszás "
                      "eredményétől (pontszámok: {scores}; nyertes hely: {good})",
    ("pl", "option"): "opcja „pamięć” ('memory'): oczekiwano: jedno z: ukryta",
    ("hu", "option"): "„emlékezet” opció ('memory'): elvárt érték: ezek egyike: rejtett",
    ("pl", "seed"): "pole 'seed': oczekiwano: liczba całkowita (podano 'abc')",
    ("hu", "seed"): "'seed' mező: elvárt érték: egész szám (kapott érték: 'abc')",
    ("pl", "json"): "musi być w formacie JSON: oczekiwano wartości (wiersz 1, kolumna 10)",
    ("hu", "json"): "JSON-nak kell lennie: itt egy értéknek kellene állnia (1. sor, 10. oszlop)",
}


@pytest.mark.parametrize("command", ["replay", "resume", "review"])
@pytest.mark.parametrize(("lang", "kind"), sorted(SAID))
def test_a_bad_record_is_refused_in_the_readers_words(
        finished: dict[str, object], tmp_path: Path, command: str, lang: str, kind: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(broken(finished, kind))
    code, out = run(command, str(path), "--lang", lang)
    result = finished["result"]
    assert isinstance(result, dict)
    good = result["winners"][0] + 1
    said = SAID[lang, kind].format(scores=", ".join(map(str, result["scores"])), good=good,
                                   bad=3 - good)
    assert code == 2 and said in out, out
    assert not problems(out, lang), out
    assert "{" not in out


def test_resume_speaks_the_language_the_game_was_played_in(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = run("play", "castle", "--seats", "human,greedy", "--seed", "3", "--record",
                    str(path), "--lang", "hu")
    assert code == 0 and "hely" in out, out
    code, out = run("resume", str(path))  # (the environment says English)
    assert code == 0 and "1. hely" in out and "Seat 1" not in out, out
    code, out = run("resume", str(path), "--lang", "pl")
    assert code == 0 and "miejsce 1" in out, out
