"""The check that a text meant for a Polish or Hungarian reader holds no English sentence
and no internal code (issue #26 item 3): a list of common English words (two of them in a
row make a phrase) and patterns of the codes people must never see (catalogue keys,
snake_case ids, unfilled ``{fields}``, component codes).

What the protocol keeps in English on purpose is left out before the check: quoted text
(what a user typed, an action's notation, a JSON field's name: ``'bid 9'``, ``"act"``)
and, on pages, ``<code>`` elements.

>>> problems("Ruch „pass” jest niedozwolony: zagraj 'bid 3'", "pl")
[]
>>> problems("Brak dostępu: no table has this id", "pl")
['English: no table has this id']
>>> problems("hely 0 (te) · five_towers · {seat}", "hu")
["code: '{seat}'", "code: 'five_towers'"]
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

COMMON = frozenset("""
the an of and or not is are was were be been has have had this that these those with
without for from by at your you it its can cannot could must should will would may
once over unknown known whole number give given got expected option options table
tables seat seats game games move moves moved page rules new score scores error found
turn player players round card cards more less than least most only here there
which what when where who why how all any every each some other one two three four
five six seven eight nine ten first last next previous yet still just also very
action actions legal illegal request record file spectators spectator token scoring
link's seat's table's game's version view message messages server try again later
please wait while being been reached nothing changed hint hints review reviewed
replay replayed bid bids pass passes takes take build builds place places player's
won wins winner winners points point left right up down into out about after before
too many much such own per value values text true false none null yes id name
""".split())
"""Common English words (the function words, and the words of this project's texts)."""
AMBIGUOUS = frozenset("a az i to on no is most be van ten pass pad link".split())
"""Words that are also Polish or Hungarian (*to*, *on*, *i*; *a*, *az*, *is*, *most*,
*be*): they count only next to an unambiguous English word."""
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
"""A word: letters of any alphabet (so *elért* is one word, not *el* and *rt*)."""
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|\{\"[^}]*\}")
"""Text the protocol keeps in English: what was typed, notations, JSON fields."""
SUFFIX = re.compile(r"(?<=[\dA-Z])-[^\W\d_]+")
"""A suffix after a number or an abbreviation (Hungarian *23-at*, *PP-t*)."""
CODES = (
    re.compile(r"\{\w+(?:@\w+)?\}"),                       # an unfilled field
    re.compile(r"\b(?:line|web|core|term|action|title|level|kind|pad|options)"
               r"\.[a-z_][\w.]*"),                          # a catalogue key
    re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),               # a snake_case id
    re.compile(r"\b(?!UTF-)[A-Z]{2,4}-\d{1,3}\b"),            # a card's code (GLD-06)
    re.compile(r"\b[FT]-[a-z]+\b"),                         # a Foundation's (F-blue)
)
"""Internal codes a person must never read."""


def problems(text: str, lang: str) -> list[str]:
    """What in ``text`` (meant for a reader of ``lang``) is English or a code."""
    found = []
    plain = QUOTED.sub(" ", text)
    for pattern in CODES:
        found += [f"code: {m.group(0)!r}" for m in pattern.finditer(plain)]
    if lang != "en":  # (a number's suffix is Hungarian: 23-at, PP-t)
        found += [f"English: {phrase}" for phrase in english_phrases(SUFFIX.sub("0", plain))]
    return found


def english_phrases(text: str) -> list[str]:
    """The runs of two or more common English words in ``text`` (at least one of them
    English only)."""
    runs: list[list[str]] = [[]]
    for match in WORD.finditer(text):
        word = match.group(0).lower()
        gap = text[match.start() - 1] if match.start() else " "
        if word in COMMON or word in AMBIGUOUS:
            if runs[-1] and gap not in " ,":
                runs.append([])
            runs[-1].append(match.group(0))
        else:
            runs.append([])
    return [" ".join(run) for run in runs if len(run) >= 2
            and any(w.lower() not in AMBIGUOUS for w in run)]


class _Texts(HTMLParser):
    """The texts a person reads on an HTML page: text (not in ``<code>``, scripts or
    styles), titles, labels, alternatives, placeholders."""

    SKIP = frozenset({"code", "script", "style"})
    SHOWN = ("title", "aria-label", "alt", "placeholder")

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skipping += 1
        self.texts += [value for name, value in attrs if name in self.SHOWN and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.texts.append(data.strip())


def page_texts(html: str) -> list[str]:
    """Every text a person reads on ``html`` (a page, a board)."""
    parser = _Texts()
    parser.feed(html)
    return parser.texts


def page_problems(html: str, lang: str) -> list[str]:
    """:func:`problems` of every text of an HTML page or board."""
    return [f"{problem} in {text[:80]!r}" for text in page_texts(html)
            for problem in problems(text, lang)]
