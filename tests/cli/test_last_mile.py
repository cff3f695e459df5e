"""The words' last mile at the command line (issue #43): seats typed and shown from 1 in
every option, one-line start-up errors, commands that run as their hints write them."""
from __future__ import annotations

import re
import shlex
import socket
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towerplay import games
from towerplay.cli import app
from towerplay.cli.helptexts import DOMAIN
from towerplay.i18n import catalogue


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_first_player_is_a_seat_as_people_count_it() -> None:
    code, out = run("play", "castle", "--seats", "greedy,greedy", "-o", "first_player=2",
                    "--seed", "3", "--no-record", "--lang", "pl")
    assert code == 0, out
    moves = [line.strip() for line in out.splitlines() if line.strip().startswith("miejsce ")]
    assert moves[0].startswith("miejsce 2 ")


@pytest.mark.parametrize(("game", "lang", "said"), [
    ("castle", "pl", "oczekiwano: numer miejsca od 1 do 2 (podano 3)"),
    ("blueprints", "hu", "egy hely sorszáma 1 és 2 között (kapott: 3)"),
    ("castle", "en", "expected a seat from 1 to 2 (got 3)")])
def test_a_seat_the_table_lacks_is_refused_from_1(game: str, lang: str, said: str) -> None:
    code, out = run("play", game, "--seats", "greedy,greedy", "-o", "first_player=3",
                    "--no-record", "--lang", lang)
    assert code == 2 and said in " ".join(out.split()), out
    assert "0–" not in out and "0-1" not in out


def test_seat_zero_is_refused() -> None:
    code, out = run("play", "castle", "--seats", "greedy,greedy", "-o", "first_player=0",
                    "--no-record", "--lang", "en")
    assert code == 2 and "expected a seat from 1 to 4 (got 0)" in " ".join(out.split())


def test_the_games_list_shows_seats_in_words() -> None:
    code, out = run("games", "--lang", "pl")
    assert code == 0
    assert "int | None" not in out
    assert "-o first_player=…  numer miejsca, 1–4 (domyślnie losowo)" in out


README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_play_commands_name_a_game() -> None:
    commands = re.findall(r"towerplay play ([^`\n]*)", README.read_text())
    assert commands
    for words in commands:
        assert words.split()[0] in games.names(), words


def test_the_readmes_board_picture_counts_seats_from_1() -> None:
    picture = README.parent / "docs" / "images" / "board.svg"
    assert "Seat 0" not in picture.read_text() and "seat 0" not in README.read_text()


def test_sims_help_names_a_report_command_that_runs(tmp_path: Path) -> None:
    env: dict[str, str | None] = {"LC_ALL": None, "LANG": "C.UTF-8"}
    help_text = " ".join(CliRunner().invoke(app, ["sim", "--help"], env=env).output.split())
    hint = re.search(r"`towerplay (report [^`]+)`", help_text)
    assert hint is not None, help_text
    rows = tmp_path / "rows.jsonl"
    code, out = run("sim", "castle", "--bots", "random,random", "-n", "2", "--out", str(rows))
    assert code == 0, out
    args = [str(rows) if word == "FILE" else str(tmp_path / word) if word.endswith(".html")
            else word for word in hint.group(1).split()]
    code, out = run(*args)
    assert code == 0, out
    assert (tmp_path / "report.html").is_file()


def test_every_languages_sim_hint_is_the_same_command() -> None:
    """The same command in every language; only its placeholder is the language's word,
    as ``towerplay report --help`` names it."""
    for lang, locale in (("en", "C.UTF-8"), ("pl", "pl_PL.UTF-8"), ("hu", "hu_HU.UTF-8")):
        text = CliRunner().invoke(app, ["sim", "--help"], env={"LC_ALL": None, "LANG": locale})
        hints = set(re.findall(r"`towerplay (report [^`]+)`", " ".join(text.output.split())))
        placeholder = catalogue(DOMAIN, lang).get("FILE", "FILE")
        assert hints == {f"report {placeholder} --html report.html"}
        usage = CliRunner().invoke(app, ["report", "--help"],
                                   env={"LC_ALL": None, "LANG": locale}).output
        assert f"{placeholder}..." in usage


def test_the_resume_hint_runs_where_the_virtualenv_is_not_active(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from towerplay.cli import terminal
    monkeypatch.setenv("PATH", str(tmp_path))  # no towerplay on it
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    hint = terminal.resume_hint(tmp_path / "my game.json", "pl")
    executable = Path(sys.executable).parent / "towerplay"
    assert shlex.split(hint) == [str(executable), "resume", str(tmp_path / "my game.json"),
                                 "--lang", "pl"]
    assert executable.is_file()
    assert shlex.split(terminal.resume_hint(tmp_path / "g.json", "en"))[-1].endswith("g.json")


def test_a_port_out_of_range_is_refused_before_anything_is_said() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "80000"],
                                env={"LC_ALL": None, "LANG": "pl_PL.UTF-8"})
    assert result.exit_code == 2
    assert result.output.strip() == "błąd: --port 80000: oczekiwano portu od 1 do 65535"


def test_a_port_in_use_is_one_line_naming_the_address() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port)],
                                    env={"LC_ALL": None, "LANG": "C.UTF-8"})
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: cannot listen on 127.0.0.1:{port}: another program uses that address "
        f"(choose another --port)"]


def test_no_suffix_grammar_in_any_worded_text() -> None:
    from towerplay.core.events import Event, Seat
    from towerplay.i18n import Translator, word
    assert Translator("web", "hu")("cli.to_move", n=1).startswith("az 1. hely")
    assert Translator("web", "hu")("cli.to_move", n=2).startswith("a 2. hely")
    refusal = word(Event.of("core.table.not_your_turn", seat=Seat(4)), "hu")
    assert refusal == "nem az 5. hely következik"
    seats = word(Event.of("core.seat_count", seats=3, got=2), "pl")
    assert seats == "liczba miejsc w grze: 3; podaj po jednym opisie na miejsce (podano 2)"


def test_castles_previous_round_is_not_five_towers_final_round() -> None:
    from towerplay.i18n import translator
    for lang in ("pl", "hu"):
        castle = translator("castle", lang)
        final = translator("five_towers", lang)("final_round").lower()
        for key in ("last_round", "render.last_round"):
            assert final not in castle(key, moves="").lower(), (lang, key)
    assert translator("castle", "pl")("last_round") == "Poprzednia runda:"


@pytest.mark.parametrize(("lang", "said"), [
    ("C.UTF-8", "towerplay: cannot reach the database 127.0.0.1:{port}/towerplay yet "),
    ("pl_PL.UTF-8", "towerplay: nie można jeszcze połączyć się z bazą danych "
                    "127.0.0.1:{port}/towerplay ")])
def test_an_unreachable_database_is_one_line_naming_it(tmp_path: Path, lang: str,
                                                       said: str) -> None:
    """A PostgreSQL URL to a closed loopback port: serve says in one line that it waits
    for that database (no password, no traceback), and SIGTERM ends the wait at once (it
    used to print two tracebacks, and to wait deaf to SIGTERM)."""
    import os
    import signal
    import subprocess

    from tests.waiting import PATIENCE, wait_for
    with socket.socket() as closed:  # bound, never listening: connections are refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        env = {**os.environ, "LANG": lang, "TOWERPLAY_HOME": str(tmp_path),
               "TOWERPLAY_DATABASE_URL": f"postgresql://tp:secret@127.0.0.1:{port}/towerplay"}
        env.pop("LC_ALL", None)
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            listen = free.getsockname()[1]
        out = tmp_path / "serve.out"
        with out.open("w") as sink:
            child = subprocess.Popen([sys.executable, "-m", "towerplay", "serve", "--port",
                                      str(listen)], env=env, stdout=sink,
                                     stderr=subprocess.STDOUT, text=True)
        try:
            wait_for(lambda: out.read_text().strip(), "serve to say it waits")
            child.send_signal(signal.SIGTERM)
            child.wait(timeout=PATIENCE)
        finally:
            child.kill()
            child.wait()
    lines = out.read_text().strip().splitlines()
    assert child.returncode == -signal.SIGTERM and len(lines) == 1, lines
    assert lines[0].startswith(said.format(port=port)) and "secret" not in lines[0]
