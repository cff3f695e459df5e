"""The command itself: one-line errors, readable help, a games list that fits 80 columns."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from towerplay.cli import app

from tests.waiting import PATIENCE

runner = CliRunner()


@pytest.mark.parametrize("args, words", [
    (["play", "five_towers", "--seed", "abc"], "--seed"),
    (["play", "five_towers", "--bogus"], "--bogus"),
    (["replay"], "RECORD"),
    (["ladder", "castle", "--games", "many"], "--games"),
    (["serve", "--limits", "bogus=1"], "--limits"),
    (["serve", "--limits", "sockets_per_address=many"], "sockets_per_address"),
])
def test_usage_errors_are_one_line_with_status_2(args: list[str], words: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert words in result.output and "╭" not in result.output


def test_serve_limits_override_only_the_named_fields() -> None:
    from towerplay.cli.serve import parse_limits
    from towerplay.server.limits import Limits

    raised = parse_limits("actions_per_second=500, sockets_per_address=2000")
    assert raised == Limits(actions_per_second=500.0, sockets_per_address=2000)
    assert parse_limits("") == Limits()


def test_usage_errors_are_one_line_from_the_installed_command_too() -> None:
    done = subprocess.run([sys.executable, "-m", "towerplay", "play", "five_towers",
                           "--seed", "abc"], capture_output=True, text=True, timeout=PATIENCE,
                          env={**os.environ, "COLUMNS": "40"})
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_long_error_is_not_wrapped_when_stderr_is_a_pipe() -> None:
    done = subprocess.run([sys.executable, "-m", "towerplay", "play", "x" * 150],
                          capture_output=True, text=True, timeout=PATIENCE,
                          env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "x" * 150 in done.stderr


def test_games_fits_80_columns_with_each_option_on_its_own_line() -> None:
    result = runner.invoke(app, ["games"], terminal_width=80)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    assert any(line.strip().startswith("-o rebid=") for line in lines)
    assert any(line.strip().startswith("-o max_turns=") for line in lines)


@pytest.mark.parametrize("command", ["play", "resume", "replay", "ladder", "hint", "review",
                                     "rules"])
def test_help_shows_readable_metavars(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    for typer_type in ("<list[str]>", "<str>", "<int>", "<bool>", "<path>", "<float>"):
        assert typer_type not in result.output, (typer_type, result.output)


def test_new_flags_are_documented_in_help() -> None:
    text = runner.invoke(app, ["play", "--help"]).output
    for flag in ("--record PATH", "--no-record", "--quiet", "-o, --option NAME=VALUE"):
        assert flag in text, flag
    assert "--self-play" in runner.invoke(app, ["ladder", "--help"]).output
