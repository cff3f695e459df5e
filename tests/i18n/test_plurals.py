"""Grammar through Babel's plural rules, never by a suffix in brackets (issue #43): no
text of any catalogue says "card(s)", "raz(y)" or "kulcs(ok)"; Hungarian's "a(z)" is
decided by the word filled in (``i18n.hungarian_articles``, and ``t()`` on the pages)."""
from __future__ import annotations

import re

import pytest

from towerplay.core.events import Event
from towerplay.i18n import LANGUAGES, catalogue, domains, word

HEDGED = re.compile(r"(?<=[^\W\d_])\((?!z\))[^\W\d_]{1,3}\)")
"""A word's ending in brackets: ``card(s)``, ``raz(y)``, ``kulcs(ok)`` (not ``a(z)``)."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_hedges_a_plural_by_a_suffix(lang: str) -> None:
    hedged = [f"{domain}: {key}: {text}" for domain in domains()
              for key, text in catalogue(domain, lang).items()
              if domain != "cli_help" and HEDGED.search(text)]
    assert not hedged, "\n".join(hedged)


@pytest.mark.parametrize(("event", "lang", "said"), [
    (Event.of("five_towers.take_first", count=1, display=""), "en", "take 1 more card "),
    (Event.of("five_towers.take_first", count=2, display=""), "en", "take 2 more cards "),
    (Event.of("five_towers.score_torn_player", count=1, n=2), "pl", "--torn podano 1 raz "),
    (Event.of("five_towers.score_torn_player", count=3, n=2), "pl", "--torn podano 3 razy "),
    (Event.of("castle.cards_unknown_keys", count=1, got="'x'", keys=""), "hu",
     "ismeretlen kulcs: 'x'"),
    (Event.of("castle.cards_unknown_keys", count=2, got="'x', 'y'", keys=""), "hu",
     "ismeretlen kulcsok: 'x', 'y'"),
    (Event.of("cli.usage_extra", count=1, got="a"), "pl", "nadmiarowy argument: (a)")])
def test_counts_pick_the_plural_form(event: Event, lang: str, said: str) -> None:
    assert word(event, lang).startswith(said)


@pytest.mark.parametrize(("lang", "one", "several"), [
    ("en", "Won by Ala", "Won by Ala and Bob"),
    ("pl", "Wygrywa: Ala", "Wygrywają: Ala i Bob"),
    ("hu", "Nyertes: Ala", "Nyertesek: Ala és Bob")])
def test_a_shared_win_is_worded_for_its_winners(lang: str, one: str, several: str) -> None:
    """The table page's end line (``won_by``, by the count of winners as ``t()`` picks
    it): a win shared by tied players says so in the verb (issue #43's rule: grammar by
    the count)."""
    from towerplay.i18n import Translator

    said = Translator("web", lang)
    both = said("and").join(["Ala", "Bob"])
    assert said("won_by", count=1, names="Ala") == one
    assert said("won_by", count=2, names=both) == several
    assert said("won_by", count=5, names=both) == several


@pytest.mark.parametrize(("lang", "one", "several"), [
    ("en", "Winner: Ala", "Winners: Ala, Bob"),
    ("pl", "Wygrywa: Ala", "Wygrywają: Ala, Bob"),
    ("hu", "Győztes: Ala", "Győztesek: Ala, Bob")])
def test_the_scoring_pad_words_its_winners_by_their_count(
        lang: str, one: str, several: str) -> None:
    """The pad's line (``pad.winners``): by the count of winners, and in Polish with the
    table page's verb, which fits a winner of any gender (the masculine noun *Zwycięzca:
    Zuza* did not)."""
    from towerplay.i18n import Translator

    said = Translator("score", lang)
    assert said("pad.winners", count=1, names="Ala") == one
    assert said("pad.winners", count=2, names="Ala, Bob") == several
    assert said("pad.winners", count=5, names="Ala, Bob") == several
