"""Every command's ``--help`` in Polish and Hungarian (issue #26): each command and
subcommand, in the environment's language and by ``--lang``, holds no English sentence
and no internal code (the checker of :mod:`tests.i18n.english`) and says its own help in
the language; English help is what the code says; every help text has a translation."""
from __future__ import annotations

import re
import sys
from functools import cache

import pytest
import typer
import typer.main
from typer._click.core import Command
from typer.core import TyperArgument, TyperGroup, TyperOption
from typer.testing import CliRunner

from towerplay.cli import app
from towerplay.cli.app import command_line_language, readable_metavars
from towerplay.cli.helptexts import (
    DOMAIN,
    FIXED,
    help_texts,
    metavars,
    paragraphs,
    untranslated,
    worded_metavars,
)
from towerplay.i18n import catalogue

from tests.i18n.english import problems

runner = CliRunner()
LANGS = ("pl", "hu")
ENV = {"pl": "pl_PL.UTF-8", "hu": "hu_HU.UTF-8", "en": "C.UTF-8"}
NAMES = re.compile(r"(?<![\w-])--?[a-z][\w-]*|\{[^}\s]*\}|\b[A-Z][A-Z_=|.]+\b")
"""What the help shows by its real name, in English on purpose: options (``--players``)
and command names; and the metavars (``GRA``, ``NAZWA=WARTOŚĆ``), which the English
checker cannot read (they are checked against the catalogue instead)."""

CLICK_WORDS = ("Usage:", "Options:", "Arguments:", "Commands:", "[default:", "; default:",
               "required]", "Show this message")


@cache
def tree() -> Command:
    """The command as ``towerplay`` builds it (English, its metavars readable)."""
    command = typer.main.get_command(app)
    readable_metavars(command)
    return command


def walk(command: Command, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The path of ``command`` and of every command under it."""
    subs = command.commands.items() if isinstance(command, TyperGroup) else []
    return [path] + [p for name, sub in subs if not sub.hidden for p in walk(sub, (*path, name))]


def command_at(path: tuple[str, ...]) -> Command:
    command = tree()
    for name in path:
        assert isinstance(command, TyperGroup)
        command = command.commands[name]
    return command


PATHS = walk(tree())
COMMAND_NAMES = re.compile("|".join(rf"\b{re.escape(p[-1])}\b" for p in PATHS if p))
WITH_LANG = [p for p in PATHS if any("--lang" in q.opts for q in command_at(p).params)]


def show_help(path: tuple[str, ...], env_lang: str, *flags: str) -> str:
    result = runner.invoke(app, [*path, *flags, "--help"],
                           env={"LC_ALL": None, "LANG": ENV[env_lang]})
    assert result.exit_code == 0, result.output
    return result.output


def squeezed(text: str) -> str:
    """``text`` without whitespace (click wraps lines and may break at a hyphen)."""
    return "".join(text.split())


def own_texts(path: tuple[str, ...]) -> list[str]:
    """The help texts that ``towerplay PATH --help`` shows in full: the command's own and
    its parameters' (a group lists its subcommands by a shortened help)."""
    command = command_at(path)
    return paragraphs(command.help or "") + [
        param.help for param in command.params
        if isinstance(param, TyperOption | TyperArgument) and param.help and not param.hidden]


def assert_in(output: str, lang: str, path: tuple[str, ...]) -> None:
    words = catalogue(DOMAIN, lang)
    plain = COMMAND_NAMES.sub(" ", NAMES.sub(" ", output))
    found = [f"{problem} in {line.strip()!r}" for line in plain.splitlines()
             for problem in problems(line, lang)]
    assert found == [], "\n".join(found)
    clicks = [w for w in CLICK_WORDS if w in output]  # single words the checker lets by
    assert clicks == [], f"click's English words {clicks} in\n{output}"
    expected = [words[text] for text in own_texts(path)] + [
        words["Usage: "].strip(), words["Show this message and exit."], words["[OPTIONS]"]]
    missing = [text for text in expected if squeezed(text) not in squeezed(output)]
    assert missing == [], f"not shown: {missing}\n{output}"
    shown = {str(param.metavar) for param in worded_metavars(command_at(path))} | {
        "[OPTIONS]", "COMMAND [ARGS]..."}
    english = [mv for mv in shown if re.search(rf"(?<![\w-]){re.escape(mv)}(?![\w-])", output)]
    assert english == [], f"metavars in English: {english}\n{output}"
    unshown = [words[mv] for mv in shown - {"COMMAND [ARGS]..."} if words[mv] not in output]
    assert unshown == [], f"metavars not shown: {unshown}\n{output}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "towerplay")
def test_help_in_the_environments_language(path: tuple[str, ...], lang: str) -> None:
    assert_in(show_help(path, lang), lang, path)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", WITH_LANG, ids=" ".join)
def test_help_in_the_language_of_lang(path: tuple[str, ...], lang: str) -> None:
    other = {"pl": "hu", "hu": "pl"}[lang]  # --lang wins over the environment
    assert_in(show_help(path, other, "--lang", lang), lang, path)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "towerplay")
def test_english_help_is_the_codes(path: tuple[str, ...],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    english = show_help(path, "en")
    assert all(squeezed(text) in squeezed(english) for text in own_texts(path))
    assert english.startswith("Usage: ") and "Show this message and exit." in english
    if path in WITH_LANG:
        assert english == show_help(path, "pl", "--lang", "en")
    monkeypatch.setattr(sys.modules["towerplay.cli.app"], "localise", lambda command, lang: None)
    assert english == show_help(path, "en")  # as click says it, untouched


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_text_has_a_translation(lang: str) -> None:
    missing = untranslated(tree(), lang)
    assert missing == [], (f"src/towerplay/locale/{lang}/LC_MESSAGES/{DOMAIN}.po lacks the "
                           "help of:\n" + "\n".join(missing))
    used = set(FIXED) | {text for _, text in [*help_texts(tree()), *metavars(tree())]}
    unused = sorted(set(catalogue(DOMAIN, lang)) - used)
    assert unused == [], f"{lang}/{DOMAIN}.po translates help that no command has: {unused}"


def test_a_new_option_without_translation_is_named() -> None:
    toy = typer.Typer(add_completion=False)

    @toy.command()
    def toss(times: int = typer.Option(1, help="how many coins to toss")) -> None:
        """Toss coins."""

    assert untranslated(typer.main.get_command(toy), "pl") == [
        "towerplay: 'Toss coins.'", "towerplay --times: 'how many coins to toss'"]


@pytest.mark.parametrize("args, env, lang", [
    (["play", "--lang", "hu", "--help"], "pl", "hu"),
    (["play", "--lang=hu", "--help"], "pl", "hu"),
    (["play", "--lang", "xx", "--help"], "pl", "pl"),  # the command refuses it itself
    (["play", "--help", "--lang"], "hu", "hu"),
    (["--help"], "en", "en"),
])
def test_the_language_of_the_help(args: list[str], env: str, lang: str,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", ENV[env])
    assert command_line_language(args) == lang
