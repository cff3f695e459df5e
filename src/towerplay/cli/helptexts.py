"""Every command's ``--help`` in the reader's language (issue #26).

The English help stays in the code (docstrings, ``help=``) and is its own message id, as
in gettext: the ``cli_help`` catalogue of each other language maps an English text to its
translation (so there is no English ``cli_help.po``). A command's help is translated
paragraph by paragraph, each paragraph's whitespace collapsed to single spaces (click
wraps it again). Click's and typer's own fixed words ("Usage: ", "Options",
"[default: …]", "Show this message and exit.") have entries under their gettext ids too.

The language is ``--lang X`` when the command line has a known one, else the
environment's (LC_ALL, LANG), as for everything else the terminal says. A text with no
translation stays English; the tests check that every help text has one.
"""
from __future__ import annotations

import inspect
import re
from collections.abc import Iterator, Sequence
from functools import cache

from typer._click.core import Command, Context
from typer._click.formatting import HelpFormatter
from typer.core import TyperArgument, TyperGroup, TyperOption

from towerplay.i18n import LANGUAGES, catalogue

DOMAIN = "cli_help"
FIXED = ("Usage: ", "Options", "Arguments", "Commands", "Show this message and exit.",
         "default: {default}", "required", "[OPTIONS]", "COMMAND [ARGS]...")
"""Click's and typer's own words in the help (their gettext ids, and the usage line's
placeholders)."""
WORDED_METAVAR = re.compile(r".*[A-Z]{2,}.*")
"""A metavar that is a word (``GAME``, ``NAME=VALUE``) is translated; ``N`` and
``en|pl|hu`` read the same in every language."""
PARAGRAPH = re.compile(r"\n\s*\n")
EXTRAS = re.compile(r"(?P<help>.*?)(?:  )?\[(?P<extras>[^\[]*)\]$", re.DOTALL)
"""A parameter's help row: its text, then typer's ``[default: …; required]``."""


def paragraphs(text: str) -> list[str]:
    r"""The paragraphs of a command's help as message ids (what click shows: the part
    before a form feed, each paragraph on one line).

    >>> paragraphs("Play a game.\n\n    Recorded after every\n    move.\f(internal)")
    ['Play a game.', 'Recorded after every move.']
    """
    shown = inspect.cleandoc(text).partition("\f")[0]
    return [" ".join(part.split()) for part in PARAGRAPH.split(shown) if part.strip()]


def help_texts(command: Command, path: str = "towerplay") -> Iterator[tuple[str, str]]:
    """Every help text of ``command`` and its subcommands that a reader can see, with
    where it is (``towerplay play --seed``), the message ids of the catalogue."""
    for text in (command.help, command.short_help, command.epilog):
        for paragraph in paragraphs(text or ""):
            yield path, paragraph
    for param in command.params:
        if isinstance(param, TyperOption | TyperArgument) and param.help and not param.hidden:
            name = (max(param.opts, key=len) if isinstance(param, TyperOption)
                    else param.metavar or param.name)
            yield f"{path} {name}", param.help
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            yield from help_texts(sub, f"{path} {name}")


def metavars(command: Command, path: str = "towerplay") -> Iterator[tuple[str, str]]:
    """Every worded metavar of ``command`` and its subcommands, with where it is shown
    (``towerplay play --seats``: ``SEATS``), as message ids of the catalogue."""
    for param in worded_metavars(command):
        yield f"{path} {param.opts[0]}", str(param.metavar)
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            yield from metavars(sub, f"{path} {name}")


def worded_metavars(command: Command) -> list[TyperOption | TyperArgument]:
    """The parameters of ``command`` itself whose metavar is a word."""
    return [param for param in command.params
            if isinstance(param, TyperOption | TyperArgument) and not param.hidden
            and param.metavar and WORDED_METAVAR.fullmatch(param.metavar)]


def untranslated(command: Command, lang: str) -> list[str]:
    """The help texts and metavars of ``command`` (and click's own words) that the
    ``lang`` catalogue lacks, each with where it is shown: what a new option needs before
    it ships."""
    words = catalogue(DOMAIN, lang)
    texts = [("click", word) for word in FIXED] + list(help_texts(command)) + list(
        metavars(command))
    return [f"{where}: {text!r}" for where, text in texts if text not in words]


def translate(text: str | None, lang: str) -> str | None:
    """``text`` (a command's help, paragraph by paragraph) in ``lang``; English where a
    paragraph has no translation."""
    if not text:
        return text
    words = catalogue(DOMAIN, lang)
    return "\n\n".join(words.get(part, part) for part in paragraphs(text))


def localise(command: Command, lang: str) -> None:
    """Put the help texts of ``command`` and its subcommands, and click's own words in
    their help, in ``lang`` (English: nothing to do)."""
    if lang == LANGUAGES[0]:
        return
    command.help = translate(command.help, lang)
    command.short_help = translate(command.short_help, lang)
    command.epilog = translate(command.epilog, lang)
    command.context_class = localised_context(lang)
    words = catalogue(DOMAIN, lang)
    command.options_metavar = words.get(command.options_metavar or "", command.options_metavar)
    if isinstance(command, TyperGroup):
        command.subcommand_metavar = words.get(command.subcommand_metavar,
                                               command.subcommand_metavar)
    for param in command.params:
        if isinstance(param, TyperOption | TyperArgument):
            param.help = words.get(param.help, param.help) if param.help else param.help
            param.metavar = words.get(param.metavar, param.metavar) if param.metavar else None
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            localise(sub, lang)


class Words(HelpFormatter):
    """A help formatter that says click's and typer's own words in a language."""

    def __init__(self, lang: str, width: int | None = None, max_width: int | None = None):
        super().__init__(width=width, max_width=max_width)
        self.words = catalogue(DOMAIN, lang)

    def word(self, text: str) -> str:
        return self.words.get(text, text)

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, self.word("Usage: ") if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(self.word(heading))

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl([(name, self.row(text)) for name, text in rows], col_max, col_spacing)

    def row(self, text: str) -> str:
        """A parameter's help with typer's ``[default: X; required]`` worded."""
        match = EXTRAS.fullmatch(text)
        if match is None:
            return self.word(text)
        default = self.word("default: {default}").removesuffix("{default}")
        extras = [default + part.removeprefix("default: ") if part.startswith("default: ")
                  else self.word(part) for part in match["extras"].split("; ")]
        body = self.word(match["help"])
        return f"{body}  [{'; '.join(extras)}]" if body else f"[{'; '.join(extras)}]"


@cache
def localised_context(lang: str) -> type[Context]:
    """A click context whose help is formatted by :class:`Words` in ``lang``."""
    class Localised(Context):
        def make_formatter(self) -> HelpFormatter:
            return Words(lang, width=self.terminal_width, max_width=self.max_content_width)
    return Localised
