"""The rulebooks' languages — English, Polish and Hungarian — as message catalogues.

Catalogues are gettext ``.po`` files read with Babel, one per domain and language:
``core`` for the kernel's events, ``web`` for the pages and the server's replies (and
the terminal's), and one domain per game (its board's words, its log lines, its
refusals and its terms). The kernel's are in ``towerplay/locale/<lang>/LC_MESSAGES/``,
a game's in its own package, ``<package>/locale/<lang>/LC_MESSAGES/``, found through
the registry (:func:`towerplay.core.registry.folder`): so a game installed from outside
the project brings its words. A game may add to the shared domains too (``web``: its
title; ``options``, ``score``, ``stats``, ``cli_help``: its options' labels, its pad's
and its statistics' words, its command's help): a domain's catalogue is the kernel's
file and every game's of that name together. A message id is a key, its text a template
with ``{name}`` fields:

- ``key.one`` / ``key.few`` / ``key.many`` / ``key.other``: the plural forms of
  ``key``, picked by Unicode CLDR's rule for the language (the same rule the pages use
  through ``Intl.PluralRules``), e.g. Polish says 1 *karta*, 2 *karty*, 5 *kart*;
- ``term.<word>``: a game term as the published rulebook names it (``term.sand``);
- ``<domain>.<name>``: an event an engine says (a log entry, a refusal: see
  :mod:`towerplay.core.events`), worded by :meth:`Translator.event` — in English too
  (the kernel's English, :mod:`towerplay.core.words`, is :func:`english`);
- ``action.<name>``: a template of an action's notation as a button says it (an
  imperative): :meth:`Translator.action` recognises the notation by these templates.

A missing text falls back to English, then to the key itself; the tests check that no
key is missing in any language and that every event the engines say has a text.

>>> tr = Translator("web", "pl")
>>> tr("seat", n=2)
'Miejsce 2'
>>> Translator("web", "en")("seat", n=2)
'Seat 2'
>>> language("hu-HU,hu;q=0.9,en;q=0.8"), language("de"), language(None)
('hu', 'en', 'en')
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from towerplay.core import registry
from towerplay.core.events import LEGACY, Event, Notation, Param, Seat, Seq, Term
from towerplay.core.game import choices

if TYPE_CHECKING:
    from towerplay.core.game import Game
    from towerplay.core.state import State

LANGUAGES: tuple[str, ...] = ("en", "pl", "hu")
"""The languages every catalogue has, English (the engines' own) first."""
NAMES = {"en": "English", "pl": "polski", "hu": "magyar"}
"""Each language in its own words (the switch on every page)."""
LOCALE = Path(__file__).parent / "locale"
"""The kernel's catalogues (``core``, ``web``, the pads' and the report's own words)."""
PLURAL_FORMS = (".zero", ".one", ".two", ".few", ".many", ".other")
"""The suffixes of a key's plural forms (CLDR's categories)."""
SEGMENT = " · "
"""What joins the parts of a line on a board."""
ACTION = "action"
"""The kind of templates that word an action's notation as a button says it."""
SAID = "said"
"""The form of a text as people read it (``five_towers.take@said``: *takes sand 7*), where
the plain key's English is the notation's (*take sand7*): the words of records, the
kernel's log lines and OpenSpiel's strings. The pages, the terminal, replays and hints
word moves and buttons in it; a language whose words are people's words anyway needs
none (a key without it is its own)."""


def language(wanted: str | None) -> str:
    """The language to use for ``wanted``: a code (``pl``) or an HTTP Accept-Language
    header (the first language we have wins); English when none fits."""
    for part in (wanted or "").split(","):
        code = part.split(";")[0].strip()[:2].lower()
        if code in LANGUAGES:
            return code
    return LANGUAGES[0]


def folders() -> tuple[Path, ...]:
    """Where the catalogues are: the kernel's :data:`LOCALE`, then each registered
    game's ``locale`` folder in its package (a game installed from outside too)."""
    return _folders(tuple(registry.names()))


@cache
def _folders(games: tuple[str, ...]) -> tuple[Path, ...]:
    return (LOCALE, *(registry.folder(name) / "locale" for name in games))


def catalogue(domain: str, lang: str) -> Mapping[str, str]:
    """The texts of ``domain`` in ``lang`` by key: its files in every folder of
    :func:`folders` together (empty when there is none)."""
    return _catalogue(domain, lang, folders())


@cache
def _catalogue(domain: str, lang: str, where: tuple[Path, ...]) -> Mapping[str, str]:
    from babel.messages.pofile import read_po  # (Babel loads only when words are read)

    texts: dict[str, str] = {}
    for folder in where:
        path = folder / lang / "LC_MESSAGES" / f"{domain}.po"
        if path.is_file():
            with path.open("rb") as file:
                messages = read_po(file, locale=lang, domain=domain)
            texts.update((str(m.id), str(m.string)) for m in messages if m.id and m.string)
    return MappingProxyType(texts)


def domains() -> list[str]:
    """Every domain that has an English catalogue."""
    return sorted({path.stem for folder in folders()
                   for path in (folder / LANGUAGES[0] / "LC_MESSAGES").glob("*.po")})


WORDED_KEPT = 16384
"""Worded texts a translator keeps (then it starts afresh): a board words the same texts
in every seat's view, move after move."""


@cache
def plural_category(lang: str, count: float) -> str:
    """CLDR's plural category of ``count`` in ``lang`` (``one``, ``few``, ``many``,
    ``other``).

    >>> [plural_category("pl", n) for n in (1, 2, 5, 22)]
    ['one', 'few', 'many', 'few']
    """
    from babel import Locale  # (Babel loads only when words are read)

    return str(Locale.parse(lang).plural_form(count))


def _kept_key(key: str, count: float | None, params: dict[str, object]) -> object:
    """A worded text's key in :attr:`Translator._kept`: built without unpacking for the
    common calls (no count, at most one parameter: a board words some 40 texts), each
    shape apart from the others (a text, a 4-tuple whose second item is a name, or the
    general tuple whose second item is a type).

    >>> _kept_key("a", None, {}), _kept_key("a", None, {"n": 2})
    ('a', ('a', 'n', 2, <class 'int'>))
    """
    if count is None:
        if not params:
            return key
        if len(params) == 1:
            ((name, value),) = params.items()
            return (key, name, value, type(value))
    return (key, type(count), count, *params.items(), *map(type, params.values()))


class Translator:
    """The texts of one domain in one language (falling back to the ``web`` domain's
    common words and the kernel's ``core``, then to English, then to the key)."""

    def __init__(self, domain: str, lang: str) -> None:
        self.domain = domain
        self.lang = language(lang)
        self._domains = tuple(dict.fromkeys((domain, "web", "core")))
        self._chain = [catalogue(d, code) for code in (self.lang, LANGUAGES[0])
                       for d in self._domains]
        self._kept: dict[object, str] = {}
        """Worded texts by key, count and parameters (:meth:`__call__`)."""

    def has(self, key: str) -> bool:
        """Whether some catalogue of the chain has ``key``."""
        return any(key in texts for texts in self._chain)

    def raw(self, key: str) -> str:
        """The template of ``key`` (the key itself when no catalogue has it)."""
        for texts in self._chain:
            if key in texts:
                return texts[key]
        return key

    def __call__(self, key: str, /, count: float | None = None, **params: object) -> str:
        """The text ``key`` with its ``{name}`` fields filled; with ``count``, the
        plural form ``key.<category>`` that the count needs (``{count}`` is filled).

        Kept per (translator, key, count, parameters): boards word the same texts in
        every seat's view, move after move.

        >>> tr = Translator("web", "en")
        >>> tr("seat", n=2), tr("seat", n=2.0), tr("seat", n=True)  # typed, not alike
        ('Seat 2', 'Seat 2.0', 'Seat True')
        >>> tr("seat", n=[2])  # (not kept: a list has no hash)
        'Seat [2]'
        """
        try:  # kept by the types too: 2 and 2.0 hash alike
            kept = _kept_key(key, count, params)
            return self._kept[kept]
        except KeyError:
            text = self.fill_in(key, count, **params)
        except TypeError:  # an unhashable parameter: worded each time
            return self.fill_in(key, count, **params)
        if len(self._kept) >= WORDED_KEPT:
            self._kept.clear()
        self._kept[kept] = text
        return text

    def fill_in(self, key: str, count: float | None = None, **params: object) -> str:
        """What :meth:`__call__` says, worded anew."""
        if count is not None:
            params["count"] = count
            key = self.plural(key, count)
        return self.grammar(fill(self.raw(key), params))

    def grammar(self, text: str) -> str:
        """A filled text with what its language's grammar decides by the words filled
        in (Hungarian's *a*/*az*)."""
        return hungarian_articles(text) if self.lang == "hu" else text

    def term(self, word: str) -> str:
        """A game term (a suit, a colour, a card's name) in this language (kept: see
        :meth:`find_term`)."""
        return _term(self, word)

    def find_term(self, word: str) -> str:
        """A game term (a suit, a colour, a card's name) in this language: its catalogue
        text, or what the game's ``words`` module (``term(word, tr)``) makes of a term
        with many values (a Skytopia Market card's place, ``g1``), or the word itself;
        ``word@form`` (a grammatical form) is the word's plain term where neither has
        that form."""
        key = f"term.{word}"
        if self.has(key):
            return self.raw(key)
        named = _game_term(self.domain)
        found = named(word, self) if named else None
        if found:
            return found
        bare, _, form = word.partition("@")
        return self.term(bare) if form else word

    def event(self, event: Event, form: str | None = None) -> str:
        """An engine's event in this language, by the catalogue text of its key (in the
        event's own domain) in grammatical ``form`` where there is one (``key@form``),
        each ``{field}`` (or ``{field@form}``) filled by its parameter worded too; a
        ``count`` picks the plural form. A key no catalogue has is worded by the event's
        ``fallback`` parameter where it has one (an option's label, a game's title: words
        a game from outside may not have). A legacy English text (a reason given as
        text) is shown as it is."""
        if event.key == LEGACY:
            return str(event.get("text"))
        if event.domain not in self._domains:
            return translator(event.domain, self.lang).event(event, form)
        key = event.key
        bare = key.removeprefix(f"{self.domain}.")
        if bare != key and not self.has(key) and self.has(bare):
            key = bare  # the lobby's options catalogue names no domain in its keys
        if not self.has(key) and (fallback := event.get("fallback")) is not None:
            return self.param(fallback, form)
        if form is not None and self.has(f"{key}@{form}"):
            key = f"{key}@{form}"
        params = dict(event.params)
        count = params.get("count")
        if isinstance(count, int | float):
            key = self.plural(key, count)

        def field(found: re.Match[str]) -> str:
            value = params.get(found.group(1))
            return "" if value is None else self.param(value, found.group(2))
        return self.grammar(FIELD.sub(field, self.raw(key)))

    def param(self, value: Param, form: str | None = None) -> str:
        """One parameter of an event in this language (see :mod:`towerplay.core.events`),
        in grammatical ``form`` where the catalogue has it."""
        if isinstance(value, Event | Seq):  # a phrase (a card, a pool): worded once
            return _phrase(self.domain, self.lang, value, form)
        if isinstance(value, Term):
            return self.term(f"{value}@{form}" if form else value)
        if isinstance(value, Notation):  # (quoted in English as typed: the notation)
            return str(value) if self.lang == LANGUAGES[0] else self.action(value)
        if isinstance(value, Seat):  # people count seats from 1
            return str(value + 1)
        return str(value)

    def labels(self, labels: Sequence[Sequence[Param]]) -> list[list[str]]:
        """A score breakdown's labels (per seat, as its game's ``score_labels`` gives
        them) in this language."""
        return [[self.param(label) for label in seat] for seat in labels]

    def plural(self, key: str, count: float) -> str:
        """The key of ``key``'s plural form for ``count`` (``key`` if it has none)."""
        form = f"{key}.{plural_category(self.lang, count)}"
        return form if self.has(form) else f"{key}.other" if self.has(f"{key}.other") else key

    def logged(self, state: State[Any], index: int, seat: int | None) -> str | None:
        """What ``seat`` sees of ``state``'s history entry ``index``, in this language
        (``None``: nothing): its log event worded as people read it (:data:`SAID`; the
        terminal, the pages, replays)."""
        event = state.log_event(index, seat)
        said = SAID if self.lang == LANGUAGES[0] else None  # (the others' keys are said)
        return None if event is None else self.event(event, said)

    def action(self, notation: str) -> str:
        """An action's notation as a button's label in this language: by its
        ``action.*`` template (an imperative: *weź piaskową 7*), the template's fields that
        are terms translated too; a notation no template matches stays as it is. In
        English the templates are the notation itself: a template's :data:`SAID` form
        words it (*take sand 7*), else the notation stays.

        >>> Translator("five_towers", "en").action("take sand7")
        'take sand 7'
        >>> Translator("five_towers", "en").action("bid 2")
        'bid 2'
        """
        english = self.lang == LANGUAGES[0]
        found = match(self.domain, notation) or match("web", notation)
        if found is None:
            return notation if english else self.term(notation)  # a notation may be a term
        key, values = found
        form = f"@{SAID}" if english else ""  # (English's plain templates are notation)
        key = f"{key}{form}"
        if english and not self.has(key):
            return notation
        params = {name: self.term(f"{value}{form}") for name, value in values.items()}
        count = params.pop("count", None)  # a {count} field picks the plural form
        if count is not None and count.isdigit():
            return self(key, count=int(count), **params)
        return fill(self.raw(key), {**params, "count": count})


HUNGARIAN_ARTICLE = re.compile(r"\b([Aa])\(z\)( [^\w\s]*)(\w+)")
"""A Hungarian template's ``a(z)`` and the word after it (past quotes)."""
VOWELS = frozenset("aáeéiíoóöőuúüű")


def hungarian_articles(text: str) -> str:
    """Each ``a(z)`` of a filled Hungarian text as the word after it needs it: *az*
    before a vowel (and before numbers read with one: 1, 5, 1000…), else *a*.

    >>> hungarian_articles("a(z) 1. hely lép; a(z) 2. hely; A(z) 5; a(z) 10; a(z) 'ismcts'")
    "az 1. hely lép; a 2. hely; Az 5; a 10; az 'ismcts'"
    """
    def article(found: re.Match[str]) -> str:
        word = found.group(3).lower()
        vowel = (word[0] in VOWELS if not word[0].isdigit() else
                 word[0] == "5" or (word[0] == "1" and _digits(word) % 3 == 1))
        return f"{found.group(1)}{'z' if vowel else ''}{found.group(2)}{found.group(3)}"
    return HUNGARIAN_ARTICLE.sub(article, text)


def _digits(word: str) -> int:
    """How many digits ``word`` starts with (a number's length says how it is read)."""
    return len(word) - len(word.lstrip("0123456789"))


FIELD = re.compile(r"\{(\w+)(?:@(\w+))?\}")
"""A field of an event's text: ``{name}``, or ``{name@form}`` (a grammatical form)."""


def translator(domain: str, lang: str) -> Translator:
    """The (shared) translator of ``domain`` in ``lang`` (a new one once another game is
    registered: it may bring words)."""
    return _translator(domain, lang, folders())


@lru_cache(maxsize=64)
def _translator(domain: str, lang: str, where: tuple[Path, ...]) -> Translator:
    return Translator(domain, lang)


@lru_cache(maxsize=16384)
def _term(tr: Translator, word: str) -> str:
    return tr.find_term(word)


@lru_cache(maxsize=4096)
def _phrase(domain: str, lang: str, value: Event | Seq, form: str | None) -> str:
    """A nested event or list worded by ``domain``'s translator (cached: refusals word
    the same cards and dice again and again)."""
    words = translator(domain, lang)
    if isinstance(value, Event):
        return words.event(value, form)
    if not value.items:
        return words.param(value.empty, form)
    texts = [words.param(item, form) for item in value.items]
    return words.raw(f"core.sep.{value.sep}").join(texts + ["…"] if value.more else texts)


def localized_breakdown(view: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``view`` with the labels of its score breakdown in ``lang`` (the game says them,
    ``Game.score_labels``): the pages and the terminal alike."""
    rows = view.get("breakdown")
    name = str(view.get("game"))
    if lang == LANGUAGES[0] or not isinstance(rows, list) or name not in registry.names():
        return dict(view)
    labels = translator(name, lang).labels(registry.game_class(name).score_labels(view))
    return {**view, "breakdown": [
        [[label, points] for label, (_, points) in zip(names, seat, strict=True)]
        for names, seat in zip(labels, rows, strict=True)]}


def seat_label(view: Mapping[str, Any], p: int | None, tr: Translator) -> str:
    """How a board names seat ``p`` in ``tr``'s language: the name its person chose where
    the view carries ``names`` (a web table's), else the catalogue's ``seat_name`` (seats
    counted from 1); the viewer's own seat marked (``seat_you``, ``named_you``);
    ``nobody`` for no seat.

    >>> tr = Translator("castle", "pl")
    >>> view = {"seat": 0, "names": ["Ala", None]}
    >>> seat_label(view, 0, tr), seat_label(view, 1, tr), seat_label({}, 0, tr)
    ('Ala (ty)', 'miejsce 2', 'miejsce 1')
    """
    if p is None:
        return tr("nobody")
    names = view.get("names") or ()
    name = names[p] if p < len(names) else None
    mine = p == view.get("seat")
    if name:
        return tr("named_you", name=name) if mine else str(name)
    return tr("seat_you" if mine else "seat_name", n=p + 1)  # people count from 1


def bot_name(spec: str, lang: str) -> str:
    """A bot, by its spec (the protocol's id: ``medium``, ``ismcts:seconds=1``), as a
    person reads it in ``lang``: its kind's name (the lobby's seat kinds, ``web.kind.*``),
    then the spec's options as typed; a kind with no name stays as its id.

    >>> bot_name("medium", "pl"), bot_name("greedy:recall=0.5", "hu"), bot_name("x", "pl")
    ('średni bot', 'mohó bot (recall=0.5)', 'x')
    """
    words = translator("web", lang)
    kind, _, options = spec.partition(":")
    key = f"web.kind.{kind}"
    name = words.raw(key) if words.has(key) else kind
    return words("web.bot_options", name=name, options=options) if options else name


def seat_kind(spec: str, kinds: Sequence[str]) -> str:
    """The protocol id among ``kinds`` of a seat spec typed in any case, or by a kind's
    name in any of our languages (``HUMAN``, ``człowiek``, ``bot zachłanny``); other
    specs as typed.

    >>> seat_kind("Człowiek", ("human", "greedy")), seat_kind("ismcts", ("human",))
    ('human', 'ismcts')
    """
    return typed_choice(spec, kinds, "web", "web.kind.{}") or spec.strip()


def typed_choice(typed: str, ids: Iterable[str], domain: str, key: str) -> str | None:
    """The id among ``ids`` that a person typed (case and spacing aside): the id itself,
    or its words in any of our languages, the ``domain`` catalogue's text of
    ``key.format(id)`` in any grammatical form (``@acc``), or that text's words before a
    parenthesis (*fizyczna* for ``fizyczna (ponowna licytacja…)``); ``None``: none.

    >>> typed_choice("Fizyczna", ("feasible", "physical"), "options", "five_towers.rebid.{}")
    'physical'
    >>> typed_choice("édesség", ("candy", "sand"), "five_towers", "term.{}")
    'candy'
    >>> typed_choice("tak", ("true", "false"), "core", "core.word.{}")
    'true'
    """
    wanted = folded(typed)
    return next((choice for choice in ids
                 if wanted == folded(choice) or wanted in names(domain, key.format(choice))),
                None)


def folded(text: str) -> str:
    """``text`` as it is compared with what people type: case and spacing aside."""
    return " ".join(text.split()).casefold()


@cache
def names(domain: str, key: str) -> frozenset[str]:
    """What ``key`` of ``domain`` says in every language and grammatical form, each
    also without its parenthesis, case-folded (what a person may type for it)."""
    found: set[str] = set()
    for lang in LANGUAGES:
        for name, text in catalogue(domain, lang).items():
            if name == key or name.startswith(f"{key}@"):
                found |= {folded(text), folded(text.partition(" (")[0])}
    return frozenset(found)


def options_from_words(game: type[Game[Any, Any]], texts: Mapping[str, str]) -> dict[str, Any]:
    """Typed option values from ``name=value`` texts as a person types them: a choice or
    yes/no by its id or by its words in any of our languages (``rebid=fizyczna``,
    ``pair_cards=igen``), then typed as :meth:`Game.options_from_text` does.

    >>> from towerplay import games
    >>> options_from_words(games.game_class("five_towers"), {"rebid": "fizyczna"})
    {'rebid': 'physical'}
    >>> options_from_words(games.game_class("castle"), {"pair_cards": "nie"})
    {'pair_cards': False}
    """
    fields = game.options_type.model_fields
    meant = {}
    for name, text in texts.items():
        field = fields.get(name)
        values = [str(v) for v in choices(game.options_type, name) if isinstance(v, str)]
        said = (typed_choice(text, values, "options", f"{game.name}.{name}.{{}}") if values
                else typed_choice(text, ("true", "false"), "core", "core.word.{}")
                if field is not None and field.annotation is bool else None)
        meant[name] = text if said is None else said
    return game.options_from_text(meant)


def game_title(game: str, lang: str) -> str:
    """A game's title as published in ``lang`` (the ``web`` catalogue's ``title.<game>``),
    else its own.

    >>> game_title("five_towers", "pl"), game_title("castle", "en")
    ('5 Wież', 'Budowa Zamku (Castle Building)')
    """
    words = translator("web", lang)
    key = f"title.{game}"
    return words.raw(key) if words.has(key) else registry.game_class(game).title


def word(event: Event, lang: str) -> str:
    """``event`` in ``lang`` (its own domain's catalogue, then ``web``'s).

    >>> word(Event.of("core.over", action="pass"), "en")
    "'pass' is not legal: the game is over"
    """
    return translator(event.domain, lang).event(event)


@lru_cache(maxsize=65536)
def english(event: Event) -> str:
    """``event`` in English: the words of the old log lines and refusals, which records,
    goldens and the terminal keep (cached: searches ask again and again)."""
    return translator(event.domain, LANGUAGES[0]).event(event)


def fill(template: str, params: Mapping[str, object]) -> str:
    """``template`` with ``{name}`` fields from ``params`` (missing ones left empty).

    >>> fill("{a} and {b}", {"a": 1})
    '1 and '
    """
    if "{" not in template:  # most texts have no field: the server words many a second
        return template
    return NAMED_FIELD.sub(lambda m: str(params.get(m.group(1), "")), template)


NAMED_FIELD = re.compile(r"\{(\w+)\}")
"""A plain ``{name}`` field of a template (compiled once: :func:`fill` runs often)."""


@cache
def templates(domain: str, kind: str = ACTION) -> Sequence[tuple[re.Pattern[str], str]]:
    """The English ``<kind>.*`` templates of ``domain`` as patterns, the most specific
    (most fixed words) first, so ``take {card}`` does not swallow a longer notation."""
    found = []
    for key, text in catalogue(domain, LANGUAGES[0]).items():
        if key.startswith(f"{kind}.") and "@" not in key:  # (a form is no notation)
            base = key.rsplit(".", 1)[0] if key.endswith(PLURAL_FORMS) else key
            found.append((pattern(text), base, len(re.sub(r"\{\w+\}", "", text))))
    found.sort(key=lambda item: -item[2])
    return tuple((compiled, key) for compiled, key, _ in found)


def pattern(template: str) -> re.Pattern[str]:
    """A template as a pattern matching the whole line, each ``{name}`` field as a
    group (other braces are literal, as :func:`fill` leaves them).

    >>> pattern("{who} bids {n}").fullmatch("Seat 1 bids 3").groupdict()
    {'who': 'Seat 1', 'n': '3'}
    """
    pieces = re.split(r"\{(\w+)\}", template)  # literal, field, literal, …
    return re.compile("".join(re.escape(piece) if i % 2 == 0 else f"(?P<{piece}>.+?)"
                              for i, piece in enumerate(pieces)))


@lru_cache(maxsize=8192)
def match(domain: str, part: str, kind: str = ACTION) -> tuple[str, dict[str, str]] | None:
    """The ``<kind>.*`` key whose template matches ``part``, and the fields' values."""
    for compiled, key in templates(domain, kind):
        found = compiled.fullmatch(part)
        if found is not None:
            return key, found.groupdict()
    return None


def named_term(domain: str, word: str, lang: str) -> str | None:
    """``word`` as the game's ``words`` module words it in ``lang`` (``None``: the game
    has no such module, or ``word`` is not one of its terms with many values).

    >>> named_term("skytopia", "b2", "hu"), named_term("castle", "b2", "hu")
    ('kék, 2. sor', None)
    """
    named = _game_term(domain)
    return named(word, translator(domain, lang)) if named else None


@cache
def _game_term(domain: str) -> Callable[[str, Translator], str | None] | None:
    """The ``term`` function of a game's ``words`` module (``None``: it has none)."""
    from towerplay.core.errors import UnknownGame
    from towerplay.core.registry import companion  # (the registry imports the games)
    try:
        module = companion(domain, "words")
    except UnknownGame:  # not a game's domain (core, web, cli_help...)
        return None
    return getattr(module, "term", None)
