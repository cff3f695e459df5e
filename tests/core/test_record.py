"""Record files: every bad file is refused in one line naming what was expected."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from towerplay import games
from towerplay.arena import play_match
from towerplay.core import BadRecord, InvalidOptions, Record
from towerplay.core.files import MAX_FILE_BYTES
from towerplay.core.record import MAX_ACTION_CHARS, check_writable


def good_record() -> dict[str, Any]:
    state = games.load("five_towers").start(players=2, seed=5)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    return Record.from_state(state, seats=["human", "random"]).to_json()


def refused(path: Path, *words: str) -> str:
    with pytest.raises(BadRecord) as info:
        Record.load(path)
    message = str(info.value)
    assert "\n" not in message and len(message) < 400, message
    for word in words:
        assert word in message, message
    return message


def test_binary_garbage_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "garbage.json"
    path.write_bytes(bytes(range(256)) * 4)
    refused(path, "not UTF-8")


def test_utf16_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "utf16.json"
    path.write_text(json.dumps(good_record()), encoding="utf-16")
    refused(path, "record")


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + json.dumps(good_record()), encoding="utf-8")
    assert len(Record.load(path).actions) == 3
    assert len(Record.loads("\ufeff" + json.dumps(good_record())).actions) == 3


def test_deeply_nested_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    refused(path, "nested")


def test_a_top_level_list_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(json.dumps([good_record()]))
    refused(path, "JSON object", "list")


def test_a_record_without_actions_is_refused(tmp_path: Path) -> None:
    data = good_record()
    del data["actions"]
    path = tmp_path / "no-actions.json"
    path.write_text(json.dumps(data))
    refused(path, "field 'actions'")


def test_a_record_cut_short_that_carries_a_result_is_refused() -> None:
    final = play_match(games.load("five_towers"), ["random", "random"], seed=2)
    data = Record.from_state(final).to_json()
    assert Record.from_json(data).replay().is_over
    data["actions"] = data["actions"][:-5]
    with pytest.raises(BadRecord, match="field 'result'.*cut short"):
        Record.from_json(data).replay()
    assert not Record.from_json(data).replay(until=3).is_over  # a partial replay is fine


def test_a_record_of_another_game_names_that_game() -> None:
    data = {**good_record(), "game": "castle"}
    with pytest.raises(BadRecord, match="five_towers") as info:
        Record.from_json(data).replay()
    assert isinstance(info.value, InvalidOptions)  # still an options error to its callers
    assert "field" in str(info.value) or "another game" in str(info.value)


def test_errors_name_fields_not_options() -> None:
    for data, field in [({**good_record(), "seed": "abc"}, "field 'seed'"),
                        ({**good_record(), "colour": 1}, "unknown field 'colour'"),
                        ({k: v for k, v in good_record().items() if k != "players"},
                         "field 'players' is missing")]:
        with pytest.raises(BadRecord) as info:
            Record.from_json(data)
        assert field in str(info.value) and "option" not in str(info.value)


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as out:  # sparse: nothing is written, the size alone is large
        out.truncate(MAX_FILE_BYTES + 1)
    refused(path, "too large")


def test_special_files_and_directories_are_refused(tmp_path: Path) -> None:
    refused(tmp_path, "directory")
    if os.path.exists("/dev/zero"):
        refused(Path("/dev/zero"), "not a regular file")
    refused(tmp_path / "missing.json", "cannot read")


def test_an_over_long_action_is_refused_early_and_not_echoed_whole() -> None:
    data = {**good_record(), "actions": ["bid " + "9" * 100_000]}
    with pytest.raises(BadRecord) as info:
        Record.from_json(data)
    assert f"at most {MAX_ACTION_CHARS}" in str(info.value) and len(str(info.value)) < 200


def test_a_bad_action_is_echoed_cut_short() -> None:
    data = {**good_record(), "actions": ["x" * MAX_ACTION_CHARS]}
    with pytest.raises(BadRecord, match="action 1") as info:
        Record.from_json(data).replay()
    assert len(str(info.value)) < 500


def test_save_is_atomic_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = Record.from_json(good_record())
    record.save(path)
    record.actions.append("bid 5")
    record.save(path)
    assert json.loads(path.read_text())["actions"][-1] == "bid 5"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_scores_of_a_finished_record_are_ints_when_whole() -> None:
    final = play_match(games.load("castle"), ["random", "random"], seed=4)
    scores = Record.from_state(final).to_json()["result"]["scores"]
    assert all(isinstance(s, int) for s in scores), scores


def test_unwritable_record_paths_are_refused_before_a_game(tmp_path: Path) -> None:
    check_writable(tmp_path / "new.json")  # a new file in a directory is fine
    for path, words in [(tmp_path / "no" / "dir.json", "does not exist"),
                        (tmp_path, "is a directory")]:
        with pytest.raises(BadRecord, match=words):
            check_writable(path)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if not os.access(locked, os.W_OK):  # root may write anywhere
            with pytest.raises(BadRecord, match="permission"):
                check_writable(locked / "game.json")
    finally:
        locked.chmod(0o700)
