"""A game is at home in its own package: its words (its catalogues), its pad and its
rules pages live there and are found through the registry, so the kernel's catalogues
and the server's pages name no game, and a game installed from outside the project (an
entry point of the ``towerplay.games`` group) shows its own words, never raw keys."""
from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from towerplay import games, i18n
from towerplay.core import registry
from towerplay.core.errors import InvalidOptions, UnknownGame
from towerplay.games.summaries import rules_text
from towerplay.server import scoring

PACKAGE = Path(i18n.__file__).parent
SHARED = (PACKAGE / "locale", PACKAGE / "server" / "static")
"""The kernel's catalogues and the server's pages: they serve every game alike."""


def names_of(game: str) -> set[str]:
    """How a text would name ``game``: its id, and its title as the class and every
    language give it (whole, and without a parenthesised gloss)."""
    titles = {games.game_class(game).title} | {i18n.game_title(game, lang)
                                                for lang in i18n.LANGUAGES}
    return {game} | titles | {title.split(" (")[0] for title in titles}


def naming(text: str, names: set[str]) -> list[str]:
    """The names of ``names`` that ``text`` says (as whole words, in any case)."""
    return [name for name in sorted(names)
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE)]


def shared_files() -> Iterator[Path]:
    for folder in SHARED:
        yield from (path for path in sorted(folder.rglob("*")) if path.is_file())


def test_the_kernels_words_and_the_pages_name_no_game() -> None:
    found = [f"{path.relative_to(PACKAGE)} names {', '.join(said)}"
             for path in shared_files() for game in games.names()
             if (said := naming(path.read_text(encoding="utf-8"), names_of(game)))]
    assert not found, "\n".join(found)


def test_the_check_finds_a_name() -> None:
    assert naming("score a 5 Wież game", names_of("five_towers")) == ["5 Wież"]
    assert naming("budowa zamku (Castle Building)", names_of("castle")) == [
        "Budowa Zamku", "Budowa Zamku (Castle Building)", "castle"]
    assert naming("skytopian, five_towers_x, #castle-wall", names_of("skytopia")) == []
    assert naming("#castle-wall", names_of("castle")) == ["castle"]


def test_each_game_keeps_its_words_at_home() -> None:
    """A built-in game's catalogues are in its package, found through the registry."""
    for game in games.BUILT_IN:
        home = registry.folder(game) / "locale"
        assert home in i18n.folders()
        for lang in i18n.LANGUAGES:
            assert (home / lang / "LC_MESSAGES" / f"{game}.po").is_file()
            assert f"title.{game}" in i18n.catalogue("web", lang)
        assert not list((PACKAGE / "locale").rglob(f"{game}.po"))


def test_no_key_is_defined_in_two_homes() -> None:
    """The kernel's and the games' files of one domain join into one catalogue: no key
    may be said twice (one would silently hide the other)."""
    from babel.messages.pofile import read_po

    for domain in i18n.domains():
        for lang in i18n.LANGUAGES:
            owners: dict[str, Path] = {}
            for folder in i18n.folders():
                path = folder / lang / "LC_MESSAGES" / f"{domain}.po"
                if not path.is_file():
                    continue
                with path.open("rb") as file:
                    for message in read_po(file):
                        key = str(message.id)
                        if message.id:
                            assert key not in owners, (key, owners.get(key), path)
                            owners[key] = path


# ----------------------------------------------------------------- a game from outside
PLUGIN = "pebbles"
"""A game installed from outside the project, made here in a temporary folder."""
MADE = iter(range(1_000_000))
"""(each test's package has its own name: the registry remembers where packages are)"""

GAME_PY = '''
from typing import NamedTuple
from towerplay.core import Event, Game, State


class Take(NamedTuple):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


TAKES = (Take(1), Take(2))


class PebblesState(State):
    __slots__ = ("left",)

    def _legal_actions(self):
        return [take for take in TAKES if take.n <= self.left]

    def _apply(self, action):
        self.left -= action.n
        self.to_move = None if self.left == 0 else 1 - self.to_move

    def _log_event(self, index, seat):
        return Event.of("pebbles.took", count=self.history[index].n)

    def _view(self, seat):
        return {"left": self.left}

    def scores(self):
        loser = self.movers[-1] if self.history else 0
        return [0.0 if seat == loser else 1.0 for seat in range(self.players)]


class Pebbles(Game[PebblesState, Take]):
    name = "pebbles"
    title = "Pebbles"
    min_players = max_players = 2
    state_type = PebblesState
    action_space = TAKES
    notation = "take N: take 1 or 2 pebbles."

    def _setup(self, state):
        state.left, state.to_move = 5, 0

    def max_game_length(self, players):
        return 5
'''

WORDS = {
    "en": {"pebbles.took": ("took {count} pebble", "took {count} pebbles"),
           "pebbles.notation": "take N: take 1 or 2 pebbles."},
    "pl": {"pebbles.took": ("wziął {count} kamyk", "wziął {count} kamyki",
                            "wziął {count} kamyków"),
           "pebbles.notation": "take N: weź 1 lub 2 kamyki."},
    "hu": {"pebbles.took": ("elvett {count} kavicsot", "elvett {count} kavicsot"),
           "pebbles.notation": "take N: vegyél el 1 vagy 2 kavicsot."},
}
FORMS = {"en": ("one", "other"), "pl": ("one", "few", "many"), "hu": ("one", "other")}
TITLES = {"en": "Pebbles", "pl": "Kamyki", "hu": "Kavicsok"}
RULES = {"en": "# Pebbles\n", "pl": "# Kamyki\n", "hu": "# Kavicsok\n"}


def po(lang: str, texts: dict[str, str]) -> str:
    entries = "".join(f'\nmsgid "{key}"\nmsgstr "{text}"\n' for key, text in texts.items())
    return f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n{entries}'


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The game *Pebbles*, installed from outside: its package (game, catalogues, rules
    pages, pad) and a distribution declaring it under the ``towerplay.games`` entry
    points, on the path; found by the registry as any installed plugin is."""
    name = f"pebbles_game_{next(MADE)}"
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text(GAME_PY, encoding="utf-8")
    (package / "pad.js").write_text("export default {players: [2, 2], options: [], "
                                    "fields: [], score() {}};\n", encoding="utf-8")
    for lang, texts in WORDS.items():
        folder = package / "locale" / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        took, *forms = texts["pebbles.took"]
        own = {f"pebbles.took.{form}": text
               for form, text in zip(FORMS[lang], [took, *forms], strict=True)}
        own["pebbles.notation"] = texts["pebbles.notation"]
        (folder / "pebbles.po").write_text(po(lang, own), encoding="utf-8")
        (folder / "web.po").write_text(po(lang, {"title.pebbles": TITLES[lang]}),
                                       encoding="utf-8")
        (package / ("rules.md" if lang == "en" else f"rules.{lang}.md")).write_text(
            RULES[lang], encoding="utf-8")
    dist = tmp_path / "pebbles_game-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: pebbles-game\nVersion: 1.0\n",
                                   encoding="utf-8")
    (dist / "entry_points.txt").write_text(
        f"[towerplay.games]\n{PLUGIN} = {name}:Pebbles\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    known = dict(registry._REGISTRY)
    forget()
    yield package
    registry._REGISTRY.clear()
    registry._REGISTRY.update(known)
    forget()
    sys.modules.pop(name, None)


def forget() -> None:
    """Let the registry look for plugins again, and the words for their folders (the
    same name, another package: each test installs its own)."""
    registry._plugins.cache_clear()
    registry._names.cache_clear()
    i18n._folders.cache_clear()


def test_a_game_from_outside_shows_its_own_words(plugin: Path) -> None:
    assert PLUGIN in games.names() and registry.folder(PLUGIN) == plugin
    state = games.load(PLUGIN).start(players=2, seed=1)
    state.apply("take 2")
    assert state.log_line(0, None) == "took 2 pebbles"
    worded = {lang: i18n.translator(PLUGIN, lang).logged(state, 0, 1) for lang in i18n.LANGUAGES}
    assert worded == {"en": "took 2 pebbles", "pl": "wziął 2 kamyki", "hu": "elvett 2 kavicsot"}
    assert [i18n.game_title(PLUGIN, lang) for lang in i18n.LANGUAGES] == [
        "Pebbles", "Kamyki", "Kavicsok"]
    assert rules_text(PLUGIN, "pl") == "# Kamyki\n"
    assert scoring.built(PLUGIN)
    with pytest.raises(InvalidOptions) as refused:
        games.load(PLUGIN, colour="red")
    assert "colour" in i18n.word(refused.value.event, "pl")  # an option with no label: its name


def test_a_game_from_outside_that_brings_no_title_shows_its_own(plugin: Path) -> None:
    for path in (plugin / "locale").rglob("web.po"):
        path.unlink()
    assert i18n.game_title(PLUGIN, "hu") == "Pebbles"
    with pytest.raises(UnknownGame) as unknown:
        games.load("chess")
    assert "Pebbles ('pebbles')" in i18n.word(unknown.value.event, "pl")
