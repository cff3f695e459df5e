"""``towerplay rules GAME --lang``: the summary in Polish or Hungarian."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from towerplay.cli.app import app


def test_rules_in_polish() -> None:
    result = CliRunner().invoke(app, ["rules", "five_towers", "--lang", "pl"])
    assert result.exit_code == 0
    assert "Licytacja" in result.output and "bid 3" in result.output


def test_rules_language_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "pl_PL.UTF-8")
    result = CliRunner().invoke(app, ["rules", "five_towers"])
    assert result.exit_code == 0 and "Licytacja" in result.output


def test_unknown_language_is_one_line() -> None:
    result = CliRunner().invoke(app, ["rules", "five_towers", "--lang", "xx"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: unknown language 'xx': expected en, pl or hu"]
