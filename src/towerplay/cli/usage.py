"""The command line's usage errors (a missing option, an unknown one, a value of the wrong
type) in our words: typer's parser says them in English, so each known kind becomes an
event that the catalogues word in the reader's language (``cli.usage_*``)."""
from __future__ import annotations

import re
from collections.abc import Sequence

from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    ClickException,
    MissingParameter,
    NoSuchOption,
    UsageError,
)

from towerplay.core.events import Event

EXPECTED = {"int": "whole", "float": "number", "bool": "bool", "str": "text"}
"""What a parameter of each type takes (the catalogue's ``core.expect.<name>``)."""
PARSER_WORDS = (
    (re.compile(r"Got unexpected extra arguments?(?:\(s\))? \((?P<got>.*)\)"), "cli.usage_extra"),
    (re.compile(r"No such command '(?P<got>.*)'\."), "cli.usage_no_command"),
    (re.compile(r"Missing command\."), "cli.usage_missing_command"),
    (re.compile(r"Option '(?P<got>.*)' requires .*"), "cli.usage_needs_value"),
    (re.compile(r"Option '(?P<got>.*)' does not take a value\."), "cli.usage_no_value"),
)
"""The parser's other messages (it says them in English only), by their wording."""


def usage_event(error: ClickException) -> Event | None:
    """``error`` as an event in our words; ``None`` for one we do not know (its English
    message is shown as it is)."""
    if isinstance(error, MissingParameter):
        kind = error.param_type or getattr(error.param, "param_type_name", "option")
        return Event.of("cli.usage_missing_argument" if kind == "argument"
                        else "cli.usage_missing_option", name=hint(error))
    if isinstance(error, NoSuchOption):
        if error.possibilities:
            return Event.of("cli.usage_no_such_option_like", got=error.option_name,
                            known=", ".join(sorted(error.possibilities)))
        return Event.of("cli.usage_no_such_option", got=error.option_name)
    if isinstance(error, BadParameter) and error.param is not None:
        bare = getattr(error.param, "bare_type", lambda: "")()
        kind = EXPECTED.get(str(bare).removeprefix("list[").removesuffix("]"), "valid")
        return Event.of("cli.usage_bad_value", name=hint(error),
                        expected=Event.of(f"core.expect.{kind}"))
    if isinstance(error, UsageError | BadOptionUsage):
        for pattern, key in PARSER_WORDS:
            found = pattern.fullmatch(" ".join(error.message.split()))
            if found is not None:
                said = found.groupdict()
                extra = {"count": len(said["got"].split())} if key == "cli.usage_extra" else {}
                return Event.of(key, **said, **extra)  # (extra arguments: how many)
    return None


def hint(error: MissingParameter | BadParameter) -> str:
    """The parameter as the user types it: ``'--bots'``, ``'GAME'``."""
    names: Sequence[str] | str | None = error.param_hint
    if names is None and error.param is not None:
        names = error.param.get_error_hint()
    if isinstance(names, str) or names is None:
        return names or "?"
    return " / ".join(f"'{name}'" for name in names)


