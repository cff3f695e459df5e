"""The typer application every ``towerplay`` command registers on."""
from __future__ import annotations

import importlib
import shlex
import shutil
import sys
from collections.abc import Callable, Sequence
from functools import wraps
from pathlib import Path
from typing import Any, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperArgument, TyperGroup, TyperOption

from towerplay.cli.helptexts import localise
from towerplay.core.errors import InvalidOptions, TowerplayError
from towerplay.core.events import Event
from towerplay.i18n import LANGUAGES, translator, word


class OneLineErrors(TyperGroup):
    """The command group: its own usage errors (``--seed abc``, an unknown flag) are one
    line on stderr and status 2, like every towerplay error (no boxed panel)."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        readable_metavars(self)
        lang = command_line_language(sys.argv[1:] if args is None else args)
        localise(self, lang)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False,
                                   windows_expand_args=windows_expand_args, **extra)
        except NoArgsIsHelpError as error:  # its message is the help (click prints it so)
            error.show()
            sys.exit(error.exit_code)
        except ClickException as error:
            usage_error(error, lang)
            sys.exit(error.exit_code)
        except typer.Abort:
            errors.print("[yellow]aborted[/yellow]")
            sys.exit(1)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)


def command_line_language(args: Sequence[str]) -> str:
    """The language of a command line's help and usage errors: its ``--lang X`` (or
    ``--lang=X``) when X is one we have, else the environment's (a bad ``--lang`` is
    refused by the command itself).

    >>> command_line_language(["play", "castle", "--lang=hu"])
    'hu'
    """
    for index, arg in enumerate(args):
        wanted = (arg.partition("=")[2] if arg.startswith("--lang=")
                  else args[index + 1] if arg == "--lang" and index + 1 < len(args) else None)
        if wanted in LANGUAGES:
            return wanted
    return language()


def usage_error(error: ClickException, lang: str) -> None:
    """Print a usage error as one line, in our words (:mod:`towerplay.cli.usage`), in
    ``lang``."""
    from towerplay.cli.usage import usage_event

    words = translator("web", lang)
    event = usage_event(error)
    message = " ".join(error.format_message().split()) if event is None else word(event, lang)
    if isinstance(error, UsageError) and error.ctx is not None:
        message += words("cli.usage_see", command=f"{error.ctx.command_path} --help")
    errors.print(f"[red]{escape(words('cli.error'))}[/red] {escape(message)}")


METAVARS = {"int": "N", "float": "NUMBER", "str": "TEXT", "Path": "PATH"}


def readable_metavars(command: Any) -> None:
    """Help shows ``--torn N`` and ``GAME``, not typer's ``<int>``, ``GAME <str>`` or
    ``<list[str]>``: options without a metavar get one from their type; arguments are
    named by their metavar alone."""
    for param in getattr(command, "params", []):
        if isinstance(param, TyperArgument):
            param.display_type_rich = lambda ctx: None  # type: ignore[method-assign]
        elif isinstance(param, TyperOption) and param.metavar is None and not param.is_flag:
            label = param.bare_type().removeprefix("list[").removesuffix("]")
            param.metavar = METAVARS.get(label, "VALUE")
    for sub in getattr(command, "commands", {}).values():
        readable_metavars(sub)


app = typer.Typer(
    cls=OneLineErrors, rich_markup_mode=None,
    help="towerplay: tower-building board games — play, score, study.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
console = Console(highlight=False)
errors = Console(stderr=True, highlight=False, soft_wrap=True)
"""Errors are one line, never wrapped at the terminal's width (scripts read them)."""

P = ParamSpec("P")
R = TypeVar("R")


def friendly(command: Callable[P, R]) -> Callable[P, R]:
    """Print towerplay errors as one red line and exit 2, instead of a traceback; worded
    in the command's ``--lang`` where it has one, else in the environment's language."""
    @wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except TowerplayError as error:
            wanted = kwargs.get("lang")
            lang = wanted if wanted in LANGUAGES else language()
            if lang == "en":
                fail(str(error))
            fail(word(error.event, lang), translator("web", lang)("cli.error"))
    return run


def language(wanted: object = None) -> str:
    """The terminal's language: ``wanted`` (``--lang``), else the environment's
    (LC_ALL, LANG), else English."""
    from towerplay.games.summaries import default_language
    if not isinstance(wanted, str):
        return default_language()
    if wanted not in LANGUAGES:
        raise InvalidOptions(Event.of("cli.unknown_language", got=repr(wanted)))
    return wanted


def require(extra: str, command: str, *modules: str, lang: str | None = None) -> None:
    """Import ``modules``, the packages of the install extra ``extra`` that ``command``
    needs (a base install has none of them), or exit with one error line naming the
    extra to install, never a traceback. Each front end imports them only here, when run.
    """
    try:
        for module in modules:
            importlib.import_module(module)
    except ImportError:
        words = translator("web", lang if lang in LANGUAGES else language())
        fail(words("cli.needs_extra", command=command, extra=extra,
                   install=f"pip install 'towerplay[{extra}]'"), words("cli.error"))


def program(environ_path: str | None = None) -> str:
    """How to type this ``towerplay`` in a hint: its name where the shell finds this very
    program by it, else its full path (a virtualenv that is not active).

    >>> program(environ_path="") == shlex.quote(str(Path(sys.executable).parent / "towerplay"))
    True
    """
    here = Path(sys.executable).parent / "towerplay"
    found = shutil.which("towerplay", path=environ_path)
    if found is not None and Path(found).resolve() == here.resolve():
        return "towerplay"
    return shlex.quote(str(here))


def fail(message: str, label: str = "error:") -> NoReturn:
    """Print ``message`` as one error line (never wrapped) and exit with status 2."""
    errors.print(f"[red]{escape(label)}[/red] {escape(' '.join(message.split()))}")
    sys.exit(2)


def number(value: float) -> str:
    """A score as people write it: ``6`` (not ``6.0``), ``2.5``.

    >>> number(6.0), number(2.5), number(-3)
    ('6', '2.5', '-3')
    """
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
