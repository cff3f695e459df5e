"""The web app's Skytopia board, drawn from a seat's view alone: SVG panels in one
``<div>`` (side by side on a desktop, stacked on a phone; each panel's viewBox is 380 wide
and scales to the screen).

Panels: the Chronometer (each value with its cost and the rounds to complete; ``✱`` marks
the build symbol), the Guild Masters and Foundations; the Market (four columns, each card
with its golems — owner and value — and the placements the mover may make on it); the
decision now pending (the effect, ``use`` / ``skip`` / ``done``, golem turns and moves,
cards to stack, Ability tiles and sides); one panel per city (coins, PP, golems on the
board, the ability, the four Towers from their Foundations).

Every word comes from the ``skytopia`` catalogue through the :class:`Translator` given
(English without one). The view's own texts (card names, Guild Masters, abilities,
phases) are terms keyed by their English text, so the cards of a components file of
one's own show as that file words them.

Every legal action has a piece. Clickable pieces carry ``data-action`` (the notation),
``role=button``, ``tabindex=0``, an ``aria-label`` and a ``<title>``; only the seat to move
gets any:

- a Market card: ``put <slot>`` / ``take <slot>``; its value chips ``place <slot>:<v>``
  (one per legal placement, the cost and rounds in the label); a column's heading
  ``row <colour>`` when a Market card activates its row (Phase 2);
- a golem on a card: ``back`` / ``recall <slot>:<v>``; ``turn`` and ``move`` have no
  single natural piece (a golem has several), so the decision panel lists them as
  buttons by golem: ``turn`` by steps, ``move`` by target card;
- a Tower of the mover's city: ``tower <colour>`` / ``top <colour>``, and ``row
  <colour>`` when a Tower card activates its row (Phase 1: the card at its height);
- the decision panel: ``use``, ``skip``, ``done``, completed cards (``stack <slot>``),
  Ability tiles (``draft t<n>``) and sides (``side a`` / ``side b``).

Names and icons, never codes: a card shows its name and its effect's icons (drawn by the
kernel's kit), a golem is a figure in its owner's colour with its value, and every
tooltip names a place in words (``blue column, row 1``). Clickable pieces are at least
44 × 44 (CSS px on a phone, where a panel shows at about 1:1).

>>> from towerplay import games
>>> state = games.load("skytopia").start(players=2, seed=1)
>>> "data-action" in draw(state.view(state.to_move))
True
>>> "data-action" in draw(state.view(1 - state.to_move))
False
>>> "Rynek" in draw(state.view(0), Translator("skytopia", "pl"))
True
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from html import escape

from towerplay.core.svg import (
    TAP,
    Exhibit,
    clickable,
    figure,
    fit_size,
    icon,
    in_row,
    lines,
    panel,
    panels,
    seat_colour,
    showcase,
    text,
)
from towerplay.core.svg import button as shared_button
from towerplay.core.svg import card as kit_card
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.events import score_labels
from towerplay.games.skytopia.views import CardInfo, MarketSlot, SkytopiaView, side_text, slot_card
from towerplay.games.skytopia.words import COLUMN
from towerplay.i18n import SAID, Translator, seat_label, translator

WIDTH = 380
FILL = {"blue": "#d3e3fa", "gold": "#f8e7a6", "red": "#f6c9bd", "purple": "#e2cff3"}
INK = {"blue": "#1a3f80", "gold": "#6b5400", "red": "#8a2a10", "purple": "#4b2a80"}
COL_W, CARD_W, CARD_H = 92, 88, 126
"""A Market column and its cards: four columns fill the 380-wide panel."""
GOLEMS = 5
ICONS = {1: ("golem", "coin"), 2: ("coin",), 3: ("coin",), 4: ("star",), 5: ("coin", "star"),
         6: ("golem", "coin"), 7: ("coin",), 8: ("star",), 9: ("golem", "star"),
         10: ("turn",), 11: ("turn",), 12: ("arrow",), 13: ("golem",), 14: ("golem", "arrow"),
         15: ("bolt",), 16: ("flag", "star"), 17: ("bolt",)}
"""The icons of each effect (by its number in the rules spec)."""


def draw(view: SkytopiaView, tr: Translator | None = None) -> str:
    """The board of ``view`` (a Skytopia view of any seat or a spectator) as HTML with
    inline SVG parts: Chronometer, Market, the pending decision, the cities."""
    tr = tr or translator("skytopia", "en")  # shared: caches key on it
    legal = set(view.get("legal", ()))
    seat = view.get("seat")
    order = list(range(view["players"]))
    if isinstance(seat, int) and 0 <= seat < len(order):
        order = order[seat:] + order[:seat]
    decision = decision_panel(view, legal, tr)  # first: the decision at hand, on a phone too
    parts = ([decision] if decision else []) + [market_panel(view, legal, tr),
                                                chronometer_panel(view, tr)]
    parts += [city_panel(view, legal, p, tr) for p in order]
    return panels("skytopia", "sky", parts)


# ----------------------------------------------------------------- pieces
def svg(height: float, body: str, label: str) -> str:
    """One panel: an SVG scaled to its container's width."""
    return panel("sky", height, body, label)


def button(x: float, y: float, w: float, caption: str, action: str, label: str,
           h: float = TAP) -> str:
    """A rounded blue button, a finger's size."""
    return shared_button(x, y, w, caption, action, label, h, 12)


def buttons(x0: float, y: float, items: list[tuple[str, str, str]], w: float = 56,
            glyph: str = "") -> tuple[float, str]:
    """A wrapping row of buttons ``(caption, action, label)``, each with the icon
    ``glyph`` if given; the y below them."""
    out, x = [], x0
    for caption, action, label in items:
        if x + w > WIDTH - 6:
            x, y = x0, y + TAP + 6
        size = fit_size(caption, 12, w - (30 if glyph else 8))
        out.append(shared_button(x, y, w, caption, action, label, TAP, size, glyph=glyph))
        x += w + 6
    return (y + TAP + 6 if items else y), "".join(out)


@lru_cache(maxsize=1024)  # (a board names the same places move after move)
def card_name(name: str, tr: Translator) -> str:
    """A card's name in the reader's language, without its effect's number."""
    return tr.term(f"{name}@{SAID}")


@lru_cache(maxsize=256)
def effect_icons(name: str) -> tuple[str, ...]:
    """The icons of the effect a card's (English) name numbers: ``(E4)`` -> a star."""
    found = re.search(r"\(E(\d+)\)$", name)
    return ICONS.get(int(found.group(1)), ()) if found else ()


@lru_cache(maxsize=1024)
def slot_words(slot: str, tr: Translator) -> str:
    """``"b1"`` -> ``"blue column, row 1"``."""
    colour = COLUMN.get(slot[:1], slot[:1])
    return tr("slot_name", colour=tr.term(colour), row=slot[1:])


@lru_cache(maxsize=1024)
def golem_words(golem: str, tr: Translator, key: str = "golem_name") -> str:
    """``"b1:3"`` -> ``"golem on the blue column, row 1 showing 3"``; with ``key``
    ``"golem_at"`` without the word golem (for phrases that say it already)."""
    slot, _, value = golem.partition(":")
    return tr(key, slot=slot_words(slot, tr), value=value)



def card_info(view: SkytopiaView, ident: str) -> CardInfo:
    """The glossary entry of a card (name, colour, crest) the view names."""
    info = view.get("cards", {}).get(ident)
    return info or {"name": ident, "colour": "blue", "crest": None}


def card_words(view: SkytopiaView, ident: str, tr: Translator) -> str:
    """``"BLU-05 Gain 3 PP (crest B)"`` for labels."""
    info = card_info(view, ident)
    return named_card_words(info["name"], info.get("crest"), tr)


def named_card_words(name: str, crest: str | None, tr: Translator) -> str:
    """:func:`card_words` of a card by its name and crest."""
    if crest:
        return tr("card_crest", name=card_name(name, tr), crest=crest)
    return tr("card", name=card_name(name, tr))


def effect_words(effect: str, tr: Translator) -> str:
    """A pending effect as the view names it (``BLU-05 Gain 3 PP (E4)``, ``ability T1A:
    …``), the card's name or the ability's text translated."""
    if effect.startswith("ability "):
        tile, _, words = effect.removeprefix("ability ").partition(": ")
        return tr("ability_effect", text=tr.term(words))
    ident, _, name = effect.partition(" ")
    return tr("card", name=card_name(name, tr))


def rounds_of(view: SkytopiaView) -> dict[int, int]:
    """Each die value's rounds to completion (0: the build symbol)."""
    return {value: d for d, value in enumerate(view["chronometer"])}


# ----------------------------------------------------------------- the Chronometer
def chronometer_panel(view: SkytopiaView, tr: Translator) -> str:
    """Headline, the Chronometer, the decks, the Guild Masters, the Foundations."""
    head, turn = headline(view, tr), turn_line(view, tr)
    parts = [text(10, 18, head, size=fit_size(head, 14, WIDTH - 20), weight="bold"),
             text(10, 35, turn, size=fit_size(turn, 12, WIDTH - 20))]
    costs = tuple(view["costs"].get(str(value)) for value in view["chronometer"])
    y, piece = chronometer_drawing(
        tuple(view["chronometer"]), costs, tuple(view["deck_sizes"]),
        tuple(view["guild_texts"]), tuple(view["foundations"]),
        tuple(view["foundation_crests"]), tr)
    return svg(y + 8, "".join(parts) + piece, tr("chronometer_panel"))


@lru_cache(maxsize=256)
def chronometer_drawing(dice: tuple[int, ...], costs: tuple[int | None, ...],
                        deck_sizes: tuple[int, ...], guilds: tuple[str, ...],
                        foundations: tuple[str, ...], crests: tuple[str, ...],
                        tr: Translator) -> tuple[float, str]:
    """:func:`chronometer_panel` below its turn line, and the y below it (kept: it changes
    once a round or when a deck shrinks); ``costs``: each die value's cost in coins
    (``None``: the build symbol's)."""
    title = tr("chronometer_title")
    y = 44.0
    parts = [text(10, y + 12, title, size=fit_size(title, 11, WIDTH - 20), weight="bold")]
    y += 18
    for d, (value, cost) in enumerate(zip(dice, costs, strict=True)):
        x = 10 + d * 60
        build = d == 0
        parts.append(f'<rect x="{x}" y="{y:g}" width="56" height="50" rx="6" '
                     f'fill="{"#ffe680" if build else "#f2f2f2"}" stroke="#555"/>')
        parts.append(text(x + 28, y + 20, f"✱ {value}" if build else str(value), "middle",
                          16, "bold"))
        price = tr("build") if cost is None else tr("coins", count=cost)
        parts.append(text(x + 28, y + 34, price, "middle", 10))
        parts.append(text(x + 28, y + 46, tr("now") if build else tr("rounds_short", count=d),
                          "middle", 10, fill="#555"))
    y += 58
    decks = ", ".join(tr("deck", colour=tr.term(c), n=n)
                      for c, n in zip(COLOURS, deck_sizes, strict=True))
    parts.append(text(10, y + 12, tr("decks", decks=decks), size=11))
    y += 18
    parts.append(text(10, y + 12, tr("guild_masters"), size=12, weight="bold"))
    y += 16
    for guild in guilds:
        y, piece = lines(14, y, tr.term(guild), 62, 10)
        parts.append(piece)
    parts.append(text(10, y + 14, tr("foundations_title"), size=12, weight="bold"))
    y += 18
    for name, crest in zip(foundations, crests, strict=True):
        y, piece = lines(14, y, tr("with_crest", name=tr.term(name), crest=crest), 62, 10)
        parts.append(piece)
    return y, "".join(parts)


def headline(view: SkytopiaView, tr: Translator) -> str:
    """The round (and the last one, once known) and its first player."""
    final = tr("final_round", n=view["final_round"]) if view.get("final_round") else ""
    return tr("headline", round=view["round"], final=final, first=view["first_player"] + 1)


def turn_line(view: SkytopiaView, tr: Translator) -> str:
    """Who moves and in which phase; at the end, the winners."""
    if view["is_over"]:
        names = ", ".join(seat_label(view, w, tr) for w in view.get("winners") or [])
        return tr("game_over", names=names or tr("nobody"))
    return tr("turn_line", who=seat_label(view, view["to_move"], tr),
              phase=tr.term(view["phase"]))


# ----------------------------------------------------------------- the Market
def market_panel(view: SkytopiaView, legal: set[str], tr: Translator) -> str:
    """Four columns of cards (row 1 at the top, nearest the deck)."""
    rows = int(view["rows"])
    title = tr("market_title")
    if any(a.startswith("place ") for a in legal):
        title = tr("market_title_place")
    parts = [text(10, 16, title, size=fit_size(title, 12, WIDTH - 20), weight="bold")]
    top = 24
    head = TAP if in_market(view) and any(a.startswith("row ") for a in legal) else 22
    placeable = places(legal)
    chips = max((len(placeable.get(slot, ())) for slot in view["market"]), default=0)
    card_h = CARD_H + ((chips + 1) // 2 * (TAP + 1) + 3 if chips else 0)
    for col, colour in enumerate(COLOURS):
        x = 4 + col * COL_W
        parts.append(column_head(x, top, head, colour, legal, in_market(view), tr))
        for row in range(rows):
            slot = f"{colour[0]}{row + 1}"
            parts.append(market_card(view, legal, placeable, slot, x, top + head + 4
                                     + row * (card_h + 6), card_h, tr))
    height = top + head + 4 + rows * (card_h + 6) + 4
    return svg(height, "".join(parts), tr("market_panel"))


def in_market(view: SkytopiaView) -> bool:
    """Whether a ``row`` choice names a Market row (Phase 2), not a row of the mover's
    Towers (Phase 1: the card at the same height)."""
    return not str(view.get("phase", "")).startswith("phase 1")


def column_head(x: float, y: float, h: float, colour: str, legal: set[str], market: bool,
                tr: Translator) -> str:
    """A column's heading ``h`` high; clickable as ``row <colour>`` when that is legal and
    names a Market row."""
    head = tr.term(colour)
    body = (f'<rect class="card" x="{x:g}" y="{y:g}" width="{CARD_W}" height="{h:g}" rx="4" '
            f'fill="{FILL[colour]}" stroke="{INK[colour]}"/>'
            + text(x + CARD_W / 2, y + h / 2 + 4, head, "middle",
                   fit_size(head, 12, CARD_W - 6), "bold", INK[colour]))
    action = f"row {colour}"
    if action in legal and market:
        return clickable(action, tr("row_label", colour=tr.term(colour)), body)
    return clickable(None, tr("column", colour=tr.term(colour)), body)


def market_card(view: SkytopiaView, legal: set[str], placeable: Mapping[str, tuple[int, ...]],
                slot: str, x: float, y: float, card_h: float, tr: Translator) -> str:
    """A Market card ``card_h`` high: its effect's icons, crest and name; its golems;
    the placements on it (``placeable``: :func:`places`)."""
    entry = view["market"].get(slot)
    ident = entry["card"] if entry else None
    info = card_info(view, ident) if ident else None
    action = next((a for a in (f"put {slot}", f"take {slot}") if a in legal), None)
    what = card_words(view, ident, tr) if ident else tr("empty_space")
    shown = None if info is None else (info["name"], info["colour"], info.get("crest"))
    card = market_card_drawing(slot, x, y, card_h, shown, action, what, tr)
    where = slot_words(slot, tr)
    golem_row = golems(view, slot, where, entry, x + 4, y + 100, tr)
    chips = placeable.get(slot, ())
    return card + golem_row + placements(view, chips, slot, where, x - 1, y + CARD_H, tr)


@lru_cache(maxsize=1024)
def market_card_drawing(slot: str, x: float, y: float, card_h: float,
                        card: tuple[str, str, str | None] | None, action: str | None,
                        what: str, tr: Translator) -> str:
    """:func:`market_card`'s card itself, drawn at (0, 0) and set at (``x``, ``y``) in the
    Market (kept: a Market card stays where it lies move after move, alike in every
    seat's view; it only slides down when the placements shown on the cards above make
    them taller, which is no move); ``card``: its name, colour and crest (``None``: an
    empty space); ``action``: a click on it (``put``, ``take``); ``what``: the card in
    words."""
    name, colour, crest = card or ("", "blue", None)
    dash = "" if card else ' stroke-dasharray="3 3"'
    frame = (f'<rect class="card" x="0" y="0" width="{CARD_W}" height="{card_h:g}" '
             f'rx="6" '
             f'fill="{FILL.get(colour, "#fff") if card else "#fafafa"}" '
             f'stroke="{INK.get(colour, "#000") if card else "#bbb"}"{dash}/>')
    body = [frame]
    if card:
        body += [icon(effect, 4 + i * 16, 3, 13, INK.get(colour, "#000"))
                 for i, effect in enumerate(effect_icons(name))]
        if crest:  # (no code: the card's ident names it only in the data)
            body.append(text(CARD_W - 4, 12, f"◆{crest}", "end", 9, "bold",
                             INK.get(colour, "#000")))
        body.append(lines(4, 16, card_name(name, tr), 15, 10, "#222", 12)[1])
    else:
        body.append(text(CARD_W / 2, 40, tr("empty"), "middle", 10, fill="#888"))
    where = slot_words(slot, tr)
    extra = f' data-slot="{slot}" data-key="card-{slot}"{in_row("market", x, y)}'
    if action:
        key = "put_label" if action.startswith("put") else "take_label"
        return clickable(action, tr(key, slot=where, what=what), "".join(body), extra)
    return clickable(None, tr("card_label", slot=where, what=what), "".join(body), extra)


def golems(view: SkytopiaView, slot: str, where: str, entry: MarketSlot | None, x: float,
           y: float, tr: Translator) -> str:
    """The golems on a card: a figure per golem in its owner's colour, with its value
    (taking one back is a choice of the decision panel, a finger's size)."""
    if not entry:
        return ""
    placed = tuple((owner, seat_label(view, owner, tr), value, rounds) for (owner, value), rounds
                   in zip(entry["golems"], entry["rounds"], strict=True))
    return golems_drawing(slot, where, placed, x, y, tr)


@lru_cache(maxsize=1024)
def golems_drawing(slot: str, where: str, placed: tuple[tuple[int, str, int, int], ...],
                   x: float, y: float, tr: Translator) -> str:
    """:func:`golems`' drawing (kept: golems stay on their cards for rounds, and alike in
    every seat's view); ``placed``: each golem's owner, the owner as the board names it,
    its value and its rounds to completion."""
    out = []
    for i, (owner, who, value, rounds) in enumerate(placed):
        body = figure(0, 0, 22, seat_colour(owner), str(value))
        when = tr("completes_now") if rounds == 0 else tr("to_complete", count=rounds)
        label = tr("golem_label", seat=who, slot=where, value=value, when=when)
        place = in_row("market", x + (i % 5) * 16, y + (i // 5) * 12)  # slides with its card
        # keyed by who and what it is, not its place on the card: one leaving ahead of it
        # leaves its key (and so its mark) alone
        alike = sum(golem[0] == owner and golem[2] == value for golem in placed[:i])
        key = f"golem-{slot}-{owner}-{value}-{alike}"
        out.append(f'<g data-key="{key}"{place}><title>{escape(label)}</title>{body}</g>')
    return "".join(out)


def placements(view: SkytopiaView, chips: tuple[int, ...], slot: str, where: str, x: float,
               y: float, tr: Translator) -> str:
    """The mover's placements on ``slot`` (``where``, in words): a chip per value in
    ``chips``."""
    if not chips:
        return ""
    rounds = rounds_of(view)
    out = []
    for i, v in enumerate(chips):  # two a row, a finger's size each
        cost = view["costs"].get(str(v))
        label = tr("place_label", slot=where, value=v,
                   cost=tr("build") if cost is None else cost, rounds=rounds.get(v, "?"))
        out.append(shared_button(x + (i % 2) * (TAP + 1), y + (i // 2) * (TAP + 1), TAP,
                                 str(v), f"place {slot}:{v}", label, TAP, 15, "#fff"))
    return "".join(out)


def places(legal: set[str]) -> dict[str, tuple[int, ...]]:
    """The values 1-6 the mover may place a golem at, by Market slot.

    >>> places({"place b2:4", "place b2:1", "place g1:6", "pass"})
    {'b2': (1, 4), 'g1': (6,)}
    """
    found: dict[str, list[int]] = {}
    for action in legal:
        slot, _, value = action.removeprefix("place ").partition(":")
        if action.startswith("place ") and value in DIE_FACES:
            found.setdefault(slot, []).append(int(value))
    return {slot: tuple(sorted(values)) for slot, values in sorted(found.items())}


DIE_FACES = frozenset("123456")
"""A die's values as a placement names them."""


# ----------------------------------------------------------------- the decision
def decision_panel(view: SkytopiaView, legal: set[str], tr: Translator) -> str:
    """The effect now pending and every choice without a piece elsewhere; empty when
    there is nothing to show."""
    parts: list[str] = []
    y = 6.0
    pending = view.get("pending")
    if pending:
        y, piece = lines(10, y, tr("now_effect", effect=effect_words(pending["effect"], tr)),
                         58, 12, "#222", 16)
        parts.append(piece)
    y, piece = buttons(10, y + 4, [(tr(v), v, tr(f"{v}_label"))
                                   for v in ("use", "skip", "done") if v in legal], 80)
    parts.append(piece)
    for builder in (golem_choices, stack_choices, draft_choices, side_choices):
        y, piece = builder(view, legal, y, tr)
        parts.append(piece)
    if not "".join(parts):
        return ""
    return svg(y + 6, "".join(parts), tr("decision_panel"))


def golem_choices(view: SkytopiaView, legal: set[str], y: float, tr: Translator
                  ) -> tuple[float, str]:
    """``turn`` and ``move`` choices, golem by golem (a golem has several of them), and
    the golems to take ``back`` or ``recall``."""
    by_golem: dict[str, list[tuple[str, str, str]]] = {}
    for action in sorted(legal):
        verb, _, rest = action.partition(" ")
        if verb not in ("turn", "move", "back", "recall"):
            continue
        golem, _, arg = rest.partition(" ")
        if verb in ("back", "recall"):  # (two golems may show one value: say where)
            slot, _, value = golem.partition(":")
            place = tr("move_caption", colour=tr.term(COLUMN.get(slot[:1], slot[:1])),
                       row=slot[1:])
            by_golem.setdefault(verb, []).append(
                (tr("golem_caption", value=value, place=place), action,
                 tr(f"golem_{verb}", label=golem_words(golem, tr))))
            continue
        if verb == "turn":
            caption = tr("turn_caption", count=int(arg))
            label = tr("turn_label", count=int(arg), golem=golem_words(golem, tr, "golem_at"))
        else:
            caption = tr("move_caption", colour=tr.term(COLUMN.get(arg[:1], arg[:1])),
                         row=arg[1:])
            label = tr("move_label", golem=golem_words(golem, tr, "golem_at"),
                       target=slot_words(arg, tr))
        by_golem.setdefault(f"{verb} {golem}", []).append((caption, action, label))
    out = []
    for key, items in by_golem.items():
        verb, _, golem = key.partition(" ")
        if golem:
            heading = tr(f"{verb}_heading", golem=golem_words(golem, tr, "golem_at"))
            y, piece = lines(10, y + 2, heading, 60, 11, "#222")
            out.append(piece)
            y -= 14
        y, piece = buttons(10, y + 20, items, 114 if golem else 176,  # (two a row: a place)
                           {"turn": "turn", "move": "arrow"}.get(verb, ""))
        out.append(piece)
    return y, "".join(out)


def stack_choices(view: SkytopiaView, legal: set[str], y: float, tr: Translator
                  ) -> tuple[float, str]:
    """The completed cards, in the order the view lists them: each to stack next."""
    completed = view.get("completed") or []
    if not completed:
        return y, ""
    out = [text(10, y + 14, tr("stack_title"), size=11, weight="bold")]
    y += 20
    slots = [a.split()[1] for a in sorted(legal) if a.startswith("stack ")]
    for ident in completed:
        slot = next((s for s in slots if slot_card(view, s) == ident), None)
        action = f"stack {slot}" if slot else None
        words = card_words(view, ident, tr)
        body = (f'<rect class="card" x="10" y="{y:g}" width="360" height="{TAP}" rx="4" '
                f'fill="{"#dfe9fb" if action else "#f2f2f2"}" stroke="#555"/>'
                + text(16, y + 26, words[:60], size=11))
        out.append(clickable(action, tr("stack_label", slot=slot_words(slot, tr), words=words)
                             if action and slot else words, body))
        y += TAP + 4
    for slot in slots:  # a completed card the view lists under another name
        if not any(slot_card(view, slot) == i for i in completed):
            where = slot_words(slot, tr)
            y, piece = buttons(10, y, [(tr("stack_caption", slot=where), f"stack {slot}",
                                        tr("stack_other", slot=where))], 360)
            out.append(piece)
    return y, "".join(out)


def draft_choices(view: SkytopiaView, legal: set[str], y: float, tr: Translator
                  ) -> tuple[float, str]:
    """The Ability tiles to draft, each with both sides' texts."""
    tiles = view.get("ability_tiles") or {}
    pool = view.get("draft_pool") or []
    if view["phase"] != "ability draft" or not pool:
        return y, ""
    out = [text(10, y + 14, tr("draft_title"), size=12, weight="bold")]
    y += 20
    for ident in pool:
        tile = tiles.get(ident)
        if tile is None:
            continue
        action = f"draft t{list(tiles).index(ident) + 1}"
        a, b = tr.term(tile["A"]), tr.term(tile["B"])
        body, h = tile_card(y, tr("tile_title", colour=tr.term(tile["colour"])),
                            [f"A: {a}", f"B: {b}"], tile["colour"])
        out.append(clickable(action if action in legal else None,
                             tr("draft_label", a=a, b=b, colour=tr.term(tile["colour"])), body))
        y += h + 6
    return y, "".join(out)


def side_choices(view: SkytopiaView, legal: set[str], y: float, tr: Translator
                 ) -> tuple[float, str]:
    """The two sides of the mover's Ability tile."""
    tiles = view.get("ability_tiles") or {}
    mover = view.get("to_move")
    if view["phase"] != "ability side" or mover is None:
        return y, ""
    ability = view["cities"][mover]["ability"] or ""
    tile = tiles.get(ability[:-1])
    if tile is None:
        return y, ""
    out = [text(10, y + 14, tr("sides_title", seat=seat_label(view, mover, tr)), size=12,
                weight="bold")]
    y += 20
    for side in "ab":
        action = f"side {side}"
        words = tr.term(side_text(tile, side))
        body, h = tile_card(y, tr("side_title", side=side.upper()), [words], tile["colour"])
        out.append(clickable(action if action in legal else None,
                             tr("side_label", side=side, words=words), body))
        y += h + 6
    return y, "".join(out)


def tile_card(y: float, title: str, texts: list[str], colour: str) -> tuple[str, float]:
    """A wide card with a title and wrapped texts; its drawing and height."""
    inner = [text(16, y + 15, title, size=11, weight="bold", fill=INK.get(colour, "#000"))]
    ty = y + 18
    for line in texts:
        ty, piece = lines(16, ty, line, 60, 10)
        inner.append(piece)
    h = ty - y + 4
    frame = (f'<rect class="card" x="10" y="{y:g}" width="360" height="{h:g}" rx="6" '
             f'fill="{FILL.get(colour, "#fff")}" stroke="{INK.get(colour, "#000")}"/>')
    return frame + "".join(inner), h


# ----------------------------------------------------------------- the cities
def city_panel(view: SkytopiaView, legal: set[str], p: int, tr: Translator) -> str:
    """Seat ``p``'s coins, PP, golems, ability and four Towers (Foundation at the
    bottom); the mover's Towers are clickable for ``tower`` / ``top``."""
    city = view["cities"][p]
    marks = ""
    if view["is_over"] and p in (view.get("winners") or []):
        marks = tr("winner_mark")
    elif view["to_move"] == p and not view["is_over"]:
        marks = tr("to_move_mark")
    head = tr("city_head", seat=seat_label(view, p, tr), coins=tr("coins", count=city["coins"]),
              pp=city["pp"], golems=city["golems_on_board"], total=GOLEMS, marks=marks)
    parts = [figure(9, 21, 18, seat_colour(p)),
             text(28, 18, head, size=fit_size(head, 12, WIDTH - 34), weight="bold")]
    y = 24.0
    ability_text = city["ability_text"]
    if city["ability"] and ability_text is not None:
        y, piece = lines(10, y, tr("ability_line", text=tr.term(ability_text)), 62, 10, "#333")
        parts.append(piece)
    tallest = max((len(t) for t in city["towers"].values()), default=0)
    base = y + 8 + tallest * 30 + TAP
    for col, colour in enumerate(COLOURS):
        tower = city["towers"].get(colour, [])
        parts.append(tower_column(view, legal, p, colour, tower, 4 + col * COL_W, base, tr))
    y = base + 8
    if view["is_over"] and view.get("breakdown"):
        labels = tr.labels(score_labels(view))[p]
        shown = " + ".join(f"{label} {pts}"
                           for label, (_, pts) in zip(labels, view["breakdown"][p], strict=True))
        y, piece = lines(10, y, tr("score_line", shown=shown, total=view["scores"][p]),
                         62, 10)
        parts.append(piece)
    return svg(y + 6, "".join(parts), tr("city_panel", seat=seat_label(view, p, tr)))


def tower_column(view: SkytopiaView, legal: set[str], p: int, colour: str,
                 tower: list[str], x: float, base: float, tr: Translator) -> str:
    """One Tower: the Foundation at ``base``, its cards above it (the top one last)."""
    verbs = ["tower", "top"] + ([] if in_market(view) else ["row"])
    action = next((a for a in (f"{v} {colour}" for v in verbs) if a in legal), None)
    cards = tuple((info["name"], info.get("crest"))
                  for info in (card_info(view, ident) for ident in tower))
    return tower_drawing(seat_label(view, p, tr), colour, cards, x, base,
                         action if p == view.get("seat") else None, tr)


@lru_cache(maxsize=1024)
def tower_drawing(who: str, colour: str, cards: tuple[tuple[str, str | None], ...], x: float,
                  base: float, action: str | None, tr: Translator) -> str:
    """:func:`tower_column`'s drawing (kept: a Tower stays as it was from move to move, and
    alike in every seat's view); ``who``: its seat as the board names it; ``cards``: each
    card's name and crest, bottom first; ``action``: a click on it (the viewer's own)."""
    body = [f'<rect class="card" x="{x:g}" y="{base - TAP:g}" width="{CARD_W}" '
            f'height="{TAP}" rx="4" '
            f'fill="{FILL[colour]}" stroke="{INK[colour]}" stroke-width="2"/>',
            text(x + CARD_W / 2, base - TAP / 2 + 2, tr("foundation_short"),
                 "middle", 10, "bold", INK[colour])]
    for i, (card, crest) in enumerate(cards):
        cy = base - TAP - (i + 1) * 30
        name = card_name(card, tr)
        body.append(f'<rect x="{x:g}" y="{cy:g}" width="{CARD_W}" height="28" rx="4" '
                    f'fill="{FILL[colour]}" stroke="{INK[colour]}"/>')
        body.append(text(x + 3, cy + 11, f"◆{crest}" if crest else "", size=9, weight="bold",
                         fill=INK[colour]))
        short = name if len(name) <= 20 else name[:19] + "…"  # the title has it whole
        body.append(text(x + 3, cy + 23, short, size=8, fill="#222"))
    named = ", ".join(named_card_words(card, crest, tr) for card, crest in cards)
    label = tr("tower_label", seat=who, colour=tr.term(colour),
               cards=named or tr("only_foundation"))
    if action:
        verb = tr(f"tower_{action.split()[0]}")
        return clickable(action, tr("tower_action", verb=verb, label=label), "".join(body))
    return clickable(None, label, "".join(body))


# ----------------------------------------------------------------- the rules page
def components(tr: Translator | None = None) -> str:
    """The components for the rules page, drawn as on the board: a golem in its owner's
    colour showing its value, a coin, a prestige point and a Market card's colours.

    >>> shown = components(Translator("skytopia", "hu"))
    >>> shown.count("<title>"), "<path" in shown
    (7, True)
    """
    tr = tr or translator("skytopia", "en")  # shared: caches key on it
    exhibits = [Exhibit(28, 40, lambda x, y: figure(x, y + 40, 40, seat_colour(2), "4"),
                        tr("component.golem")),
                Exhibit(30, 30, lambda x, y: icon("coin", x, y, 30), tr("component.coin")),
                Exhibit(30, 30, lambda x, y: icon("star", x, y, 30), tr("component.prestige"))]
    for colour in COLOURS:
        exhibits.append(Exhibit(44, 60, card_back(colour),
                                tr("component.card", colour=tr.term(colour))))
    return showcase("sky", exhibits, tr("components_label"))


def card_back(colour: str) -> Callable[[float, float], str]:
    """A small Market card of ``colour`` (its colour and a crest), drawn at ``x, y``."""
    def drawn(x: float, y: float) -> str:
        return kit_card(x, y, 44, 60, FILL[colour], INK[colour],
                        icon("crest", x + 12, y + 18, 20, INK[colour]))
    return drawn
