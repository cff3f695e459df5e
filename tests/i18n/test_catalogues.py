"""The catalogues: every key in all three languages, the same fields in each, plural
forms where a language needs them, and every key the pages use defined."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from towerplay import games, i18n
from towerplay.core import Event, Term
from towerplay.i18n import PLURAL_FORMS

from tests.i18n.english import problems
from tests.i18n.events import EventCheck
from tests.i18n.wording import Wording

STATIC = Path(i18n.__file__).parent / "server" / "static"
CHECK = EventCheck()
NEEDED_FORMS = {"en": {"one", "other"}, "pl": {"one", "few", "many"}, "hu": {"one", "other"}}


def fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)(?:@\w+)?\}", text))


def grammatical(key: str) -> bool:
    """A key of a grammatical form (``term.sand@acc``): only the languages that inflect
    the word have it."""
    return "@" in key


@pytest.mark.parametrize("domain", i18n.domains())
@pytest.mark.parametrize("lang", i18n.LANGUAGES[1:])
def test_every_key_in_every_language(domain: str, lang: str) -> None:
    english, other = i18n.catalogue(domain, "en"), i18n.catalogue(domain, lang)

    def bases(texts: dict[str, str]) -> set[str]:
        return {k.rsplit(".", 1)[0] if k.endswith(PLURAL_FORMS) else k for k in texts
                if not grammatical(k)}

    assert bases(english) - bases(other) == set(), f"{lang}/{domain}.po lacks these keys"
    assert bases(other) - bases(english) == set(), f"{lang}/{domain}.po has unknown keys"
    assert all(text.strip() for text in other.values())


@pytest.mark.parametrize("domain", i18n.domains())
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_plural_forms_the_language_needs(domain: str, lang: str) -> None:
    texts = i18n.catalogue(domain, lang)
    plural = {k.rsplit(".", 1)[0] for k in texts if k.endswith(PLURAL_FORMS)}
    for base in plural:
        forms = {k.rsplit(".", 1)[1] for k in texts if k.rsplit(".", 1)[0] == base
                 and k.endswith(PLURAL_FORMS)}
        assert NEEDED_FORMS[lang] <= forms | ({"many"} if "other" in forms and lang != "pl"
                                              else set()), (lang, domain, base, forms)


@pytest.mark.parametrize("domain", i18n.domains())
@pytest.mark.parametrize("lang", i18n.LANGUAGES[1:])
def test_translations_keep_the_fields(domain: str, lang: str) -> None:
    english, other = i18n.catalogue(domain, "en"), i18n.catalogue(domain, lang)
    for key, text in other.items():
        if grammatical(key):  # a form of a word or a phrase: the word's own fields
            base = key.split("@", 1)[0]
            source = english.get(base) or english.get(base + ".other", "")
            assert fields(text) <= fields(source) | {"count"}, (lang, key)
        elif key.startswith(f"{domain}."):  # an event's text: its fields are the event's
            continue  # parameters (tests/i18n/events.py checks them), a language uses some
        elif key.endswith(PLURAL_FORMS):  # "one" may say the number in words
            source = english.get(key) or english.get(key.rsplit(".", 1)[0] + ".other", "")
            assert fields(text) <= fields(source) | {"count"}, (lang, key)
        else:
            assert fields(text) == fields(english[key]), (lang, domain, key)


def page_keys() -> set[str]:
    """Every key the pages ask for: t("key"…), data-i18n="key", status("key"…)."""
    keys: set[str] = set()
    pads = [games.folder(name) / "pad.js" for name in games.names()]  # the scoring pads too
    for path in [*STATIC.rglob("*.*"), *(pad for pad in pads if pad.is_file())]:
        source = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r'\bt\(\s*"([\w.]+)"', source))
        keys |= set(re.findall(r'data-i18n="([\w.]+)"', source))
    return keys


def test_every_key_the_pages_use_is_defined() -> None:
    defined = {k.rsplit(".", 1)[0] if k.endswith(PLURAL_FORMS) else k
               for d in i18n.domains() for k in i18n.catalogue(d, "en")}
    assert page_keys(), "the pages ask for no key: the pattern is wrong"
    assert page_keys() - defined == set()


def test_a_translator_fills_templates() -> None:
    tr = i18n.Translator("web", "pl")
    assert tr("seat", n=3) == "Miejsce 3"
    assert tr("no_such_key") == "no_such_key"  # shown as itself, caught by the tests above


def test_the_language_of_a_request() -> None:
    assert i18n.language("pl-PL,pl;q=0.9") == "pl"
    assert i18n.language("fr-FR, hu;q=0.5") == "hu"
    assert i18n.language("xx") == i18n.language("") == "en"


@pytest.mark.parametrize("name", list(games.BUILT_IN))
def test_every_score_breakdown_label_is_translated(name: str) -> None:
    game = games.load(name)
    for variant in game.variants:
        each = games.load(name, **variant)
        for players in range(each.min_players, each.max_players + 1):
            view = Wording(name).random_game(variant, players, seed=players)[-1].view(None)
            labels = [label for seat in each.score_labels(view) for label in seat]
            english = [label for rows in view["breakdown"] for label, _ in rows]
            assert [i18n.translator(name, "en").param(label) for label in labels] == english
            for label in labels:  # each a defined event or term, its words not English
                if isinstance(label, Event):
                    CHECK.assert_worded([label])
                else:
                    assert isinstance(label, Term) and all(
                        f"term.{label}" in {**i18n.catalogue("web", lang), **i18n.catalogue(
                            name, lang)} for lang in i18n.LANGUAGES), (name, label)
            for lang in i18n.LANGUAGES[1:]:  # as the pages and the terminal word them
                for rows in i18n.localized_breakdown(view, lang)["breakdown"]:
                    for label, _ in rows:
                        assert problems(label, lang) == [], (lang, label)


def test_an_action_is_worded_by_its_action_template() -> None:
    assert i18n.Translator("five_towers", "en").action("take sand7") == "take sand 7"
    assert i18n.Translator("five_towers", "en").action("bid 2") == "bid 2"  # (no said form)
    assert i18n.Translator("five_towers", "pl").action("take sand7") == "weź piaskową 7"
    assert i18n.Translator("web", "pl").action("no template at all") == "no template at all"
