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

Colours are never the only cue: cards show their column letter and ident, golems their
owner as ``s<N>``.

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

from towerplay.core.svg import button as shared_button
from towerplay.core.svg import clickable, fit_size, lines, panel, panels, text
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.events import score_labels
from towerplay.games.skytopia.views import CardInfo, MarketSlot, SkytopiaView, side_text, slot_card
from towerplay.i18n import Translator, seat_label

WIDTH = 380
FILL = {"blue": "#d3e3fa", "gold": "#f8e7a6", "red": "#f6c9bd", "purple": "#e2cff3"}
INK = {"blue": "#1a3f80", "gold": "#6b5400", "red": "#8a2a10", "purple": "#4b2a80"}
SEAT_FILL = ("#2f7fd0", "#2e9e4f", "#d2452f", "#7a7a7a")
COL_W, CARD_W, CARD_H = 92, 88, 126
"""A Market column and its cards: four columns fill the 380-wide panel."""
GOLEMS = 5


def draw(view: SkytopiaView, tr: Translator | None = None) -> str:
    """The board of ``view`` (a Skytopia view of any seat or a spectator) as HTML with
    inline SVG parts: Chronometer, Market, the pending decision, the cities."""
    tr = tr or Translator("skytopia", "en")
    legal = set(view.get("legal", ()))
    seat = view.get("seat")
    order = list(range(view["players"]))
    if isinstance(seat, int) and 0 <= seat < len(order):
        order = order[seat:] + order[:seat]
    parts = [chronometer_panel(view, tr), market_panel(view, legal, tr)]
    decision = decision_panel(view, legal, tr)
    if decision:
        parts.append(decision)
    parts += [city_panel(view, legal, p, tr) for p in order]
    return panels("skytopia", "sky", parts)


# ----------------------------------------------------------------- pieces
def svg(height: float, body: str, label: str) -> str:
    """One panel: an SVG scaled to its container's width."""
    return panel("sky", height, body, label)


def button(x: float, y: float, w: float, caption: str, action: str, label: str,
           h: float = 26) -> str:
    """A rounded blue button."""
    return shared_button(x, y, w, caption, action, label, h, 12)


def buttons(x0: float, y: float, items: list[tuple[str, str, str]], w: float = 56
            ) -> tuple[float, str]:
    """A wrapping row of buttons ``(caption, action, label)``; the y below them."""
    out, x = [], x0
    for caption, action, label in items:
        if x + w > WIDTH - 6:
            x, y = x0, y + 32
        out.append(button(x, y, w, caption, action, label))
        x += w + 6
    return (y + 32 if items else y), "".join(out)



def card_info(view: SkytopiaView, ident: str) -> CardInfo:
    """The glossary entry of a card (name, colour, crest) the view names."""
    info = view.get("cards", {}).get(ident)
    return info or {"name": ident, "colour": "blue", "crest": None}


def card_words(view: SkytopiaView, ident: str, tr: Translator) -> str:
    """``"BLU-05 Gain 3 PP (crest B)"`` for labels."""
    info = card_info(view, ident)
    name = tr.term(info["name"])
    if info.get("crest"):
        return tr("card_crest", name=name, crest=info["crest"])
    return tr("card", name=name)


def effect_words(effect: str, tr: Translator) -> str:
    """A pending effect as the view names it (``BLU-05 Gain 3 PP (E4)``, ``ability T1A:
    …``), the card's name or the ability's text translated."""
    if effect.startswith("ability "):
        tile, _, words = effect.removeprefix("ability ").partition(": ")
        return tr("ability_effect", text=tr.term(words))
    ident, _, name = effect.partition(" ")
    return tr("card", name=tr.term(name))


def rounds_of(view: SkytopiaView) -> dict[int, int]:
    """Each die value's rounds to completion (0: the build symbol)."""
    return {value: d for d, value in enumerate(view["chronometer"])}


# ----------------------------------------------------------------- the Chronometer
def chronometer_panel(view: SkytopiaView, tr: Translator) -> str:
    """Headline, the Chronometer, the decks, the Guild Masters, the Foundations."""
    head, turn, title = headline(view, tr), turn_line(view, tr), tr("chronometer_title")
    parts = [text(10, 18, head, size=fit_size(head, 14, WIDTH - 20), weight="bold"),
             text(10, 35, turn, size=fit_size(turn, 12, WIDTH - 20))]
    y = 44.0
    parts.append(text(10, y + 12, title, size=fit_size(title, 11, WIDTH - 20), weight="bold"))
    y += 18
    for d, value in enumerate(view["chronometer"]):
        x = 10 + d * 60
        cost = view["costs"].get(str(value))
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
                      for c, n in zip(COLOURS, view["deck_sizes"], strict=True))
    parts.append(text(10, y + 12, tr("decks", decks=decks), size=11))
    y += 18
    parts.append(text(10, y + 12, tr("guild_masters"), size=12, weight="bold"))
    y += 16
    for guild in view["guild_texts"]:
        y, piece = lines(14, y, tr.term(guild), 62, 10)
        parts.append(piece)
    parts.append(text(10, y + 14, tr("foundations_title"), size=12, weight="bold"))
    y += 18
    for name, crest in zip(view["foundations"], view["foundation_crests"], strict=True):
        y, piece = lines(14, y, tr("with_crest", name=tr.term(name), crest=crest), 62, 10)
        parts.append(piece)
    if view.get("provisional"):
        y, piece = lines(10, y + 2, tr("provisional"), 66, 9, "#777")
        parts.append(piece)
    return svg(y + 8, "".join(parts), tr("chronometer_panel"))


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
    for col, colour in enumerate(COLOURS):
        x = 4 + col * COL_W
        parts.append(column_head(x, top, colour, legal, in_market(view), tr))
        for row in range(rows):
            slot = f"{colour[0]}{row + 1}"
            parts.append(market_card(view, legal, slot, x, top + 26 + row * (CARD_H + 6),
                                     tr))
    height = top + 26 + rows * (CARD_H + 6) + 4
    return svg(height, "".join(parts), tr("market_panel"))


def in_market(view: SkytopiaView) -> bool:
    """Whether a ``row`` choice names a Market row (Phase 2), not a row of the mover's
    Towers (Phase 1: the card at the same height)."""
    return not str(view.get("phase", "")).startswith("phase 1")


def column_head(x: float, y: float, colour: str, legal: set[str], market: bool,
                tr: Translator) -> str:
    """A column's heading; clickable as ``row <colour>`` when that is legal and names a
    Market row."""
    head = tr.term(colour)
    body = (f'<rect class="card" x="{x:g}" y="{y:g}" width="{CARD_W}" height="22" rx="4" '
            f'fill="{FILL[colour]}" stroke="{INK[colour]}"/>'
            + text(x + CARD_W / 2, y + 15, head, "middle", fit_size(head, 12, CARD_W - 6), "bold",
                   INK[colour]))
    action = f"row {colour}"
    if action in legal and market:
        return clickable(action, tr("row_label", action=action, colour=tr.term(colour)),
                         body)
    return clickable(None, tr("column", colour=tr.term(colour)), body)


def market_card(view: SkytopiaView, legal: set[str], slot: str, x: float,
                y: float, tr: Translator) -> str:
    """A Market card: ident, crest and name; its golems; the placements on it."""
    entry = view["market"].get(slot)
    ident = entry["card"] if entry else None
    colour = card_info(view, ident)["colour"] if ident else "blue"
    dash = "" if ident else ' stroke-dasharray="3 3"'
    frame = (f'<rect class="card" x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" '
             f'rx="6" '
             f'fill="{FILL.get(colour, "#fff") if ident else "#fafafa"}" '
             f'stroke="{INK.get(colour, "#000") if ident else "#bbb"}"{dash}/>')
    body = [frame, text(x + 4, y + 12, slot, size=10, weight="bold", fill="#333")]
    if ident:
        info = card_info(view, ident)
        if info.get("crest"):  # (no code: the card's ident names it only in the data)
            body.append(text(x + CARD_W - 4, y + 12, f"◆{info['crest']}", "end", 9, "bold",
                             INK.get(colour, "#000")))
        body.append(lines(x + 4, y + 14, tr.term(info["name"]), 15, 10, "#222", 12)[1])
    else:
        body.append(text(x + CARD_W / 2, y + 40, tr("empty"), "middle", 10, fill="#888"))
    action = next((a for a in (f"put {slot}", f"take {slot}") if a in legal), None)
    what = card_words(view, ident, tr) if ident else tr("empty_space")
    if action:
        key = "put_label" if action.startswith("put") else "take_label"
        card = clickable(action, tr(key, slot=slot, what=what), "".join(body),
                         f' data-slot="{slot}"')
    else:
        card = clickable(None, tr("card_label", slot=slot, what=what), "".join(body),
                         f' data-slot="{slot}"')
    golem_row = golems(view, legal, slot, entry, x + 4, y + 78, tr)
    return card + golem_row + placements(view, legal, slot, x + 3, y + CARD_H - 18, tr)


def golem_actions(legal: set[str], slot: str, value: int) -> str | None:
    """What a click on the golem ``slot:value`` does: ``back`` or ``recall``."""
    for verb in ("back", "recall"):
        if f"{verb} {slot}:{value}" in legal:
            return f"{verb} {slot}:{value}"
    return None


def golems(view: SkytopiaView, legal: set[str], slot: str, entry: MarketSlot | None,
           x: float, y: float, tr: Translator) -> str:
    """The golems on a card: a disc per golem with its value and owner."""
    if not entry:
        return ""
    out = []
    placed = zip(entry["golems"], entry["rounds"], strict=True)
    for i, ((owner, value), rounds) in enumerate(placed):
        gx, gy = x + (i % 4) * 21, y + (i // 4) * 22
        body = (f'<circle cx="{gx + 9:g}" cy="{gy + 9:g}" r="9.5" '
                f'fill="{SEAT_FILL[owner % 4]}" stroke="#111"/>'
                + text(gx + 9, gy + 13, str(value), "middle", 11, "bold", "#fff")
                + text(gx + 9, gy + 26, f"s{owner + 1}", "middle", 8, "bold", "#222"))
        when = tr("completes_now") if rounds == 0 else tr("to_complete", count=rounds)
        label = tr("golem_label", seat=seat_label(view, owner, tr), slot=slot, value=value,
                   when=when)
        action = golem_actions(legal, slot, value)
        if action:
            label = tr(f"golem_{action.split()[0]}", label=label)
        out.append(clickable(action, label, body))
    return "".join(out)


def placements(view: SkytopiaView, legal: set[str], slot: str, x: float,
               y: float, tr: Translator) -> str:
    """The mover's placements on ``slot``: a chip per legal value."""
    values = [v for v in range(1, 7) if f"place {slot}:{v}" in legal]
    rounds = rounds_of(view)
    out = []
    pitch = min(28.0, (CARD_W - 6) / max(len(values), 1))  # wide chips: easy to tap
    for i, v in enumerate(values):
        cx = x + i * pitch
        body = (f'<rect class="btn" x="{cx:g}" y="{y - 1:g}" width="{pitch - 1.5:g}" '
                f'height="17" rx="3" fill="#2d6cdf"/>'
                + text(cx + (pitch - 1.5) / 2, y + 11.5, str(v), "middle", 11, "bold",
                       "#fff"))
        out.append(clickable(f"place {slot}:{v}",
                             tr("place_label", slot=slot, value=v,
                                cost=view["costs"].get(str(v)), rounds=rounds.get(v, "?")),
                             body))
    return "".join(out)


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
    """``turn`` and ``move`` choices, golem by golem (a golem has several of them)."""
    by_golem: dict[str, list[tuple[str, str, str]]] = {}
    for action in sorted(legal):
        verb, _, rest = action.partition(" ")
        if verb not in ("turn", "move"):
            continue
        golem, _, arg = rest.partition(" ")
        caption = f"+{arg}" if verb == "turn" else f"→{arg}"
        label = (tr("turn_label", count=int(arg), golem=golem) if verb == "turn"
                 else tr("move_label", golem=golem, target=arg))
        by_golem.setdefault(f"{verb} {golem}", []).append((caption, action, label))
    out = []
    for key, items in by_golem.items():
        verb, golem = key.split()
        out.append(text(10, y + 14, tr(f"{verb}_heading", golem=golem), size=11,
                        weight="bold"))
        y, piece = buttons(10, y + 20, items, 40)
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
        body = (f'<rect class="card" x="10" y="{y:g}" width="360" height="22" rx="4" '
                f'fill="{"#dfe9fb" if action else "#f2f2f2"}" stroke="#555"/>'
                + text(16, y + 15, words[:60], size=10))
        out.append(clickable(action, tr("stack_label", slot=slot, words=words) if action
                             else words, body))
        y += 26
    for slot in slots:  # a completed card the view lists under another name
        if not any(slot_card(view, slot) == i for i in completed):
            y, piece = buttons(10, y, [(tr("stack_caption", slot=slot), f"stack {slot}",
                                        tr("stack_other", slot=slot))], 100)
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
                             tr("draft_label", action=action, a=a, b=b,
                                colour=tr.term(tile["colour"])), body))
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
    out = [text(10, y + 14, tr("sides_title", seat=seat_label(view, mover, tr),
                               tile=ability[:-1]), size=12, weight="bold")]
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
    parts = [f'<circle cx="16" cy="13" r="7" fill="{SEAT_FILL[p % 4]}" stroke="#111"/>',
             text(28, 18, head, size=fit_size(head, 12, WIDTH - 34), weight="bold")]
    y = 24.0
    ability_text = city["ability_text"]
    if city["ability"] and ability_text is not None:
        y, piece = lines(10, y, tr("ability_line", text=tr.term(ability_text)), 62, 10, "#333")
        parts.append(piece)
    tallest = max((len(t) for t in city["towers"].values()), default=0)
    base = y + 8 + (tallest + 1) * 30
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
    body = [f'<rect class="card" x="{x:g}" y="{base - 28:g}" width="{CARD_W}" height="26" '
            f'rx="4" '
            f'fill="{FILL[colour]}" stroke="{INK[colour]}" stroke-width="2"/>',
            text(x + CARD_W / 2, base - 11, tr("foundation_short"),
                 "middle", 10, "bold", INK[colour])]
    for i, ident in enumerate(tower):
        cy = base - 28 - (i + 1) * 30
        info = card_info(view, ident)
        name = tr.term(info["name"])
        body.append(f'<rect x="{x:g}" y="{cy:g}" width="{CARD_W}" height="28" rx="4" '
                    f'fill="{FILL[colour]}" stroke="{INK[colour]}"/>')
        head = f"◆{info['crest']}" if info.get("crest") else ""
        body.append(text(x + 3, cy + 11, head, size=9, weight="bold", fill=INK[colour]))
        short = name if len(name) <= 20 else name[:19] + "…"  # the title has it whole
        body.append(text(x + 3, cy + 23, short, size=8, fill="#222"))
    mine = p == view.get("seat")
    verbs = ["tower", "top"] + ([] if in_market(view) else ["row"])
    action = next((a for a in (f"{v} {colour}" for v in verbs) if a in legal), None)
    cards = ", ".join(card_words(view, i, tr) for i in tower) or tr("only_foundation")
    label = tr("tower_label", seat=seat_label(view, p, tr), colour=tr.term(colour),
               cards=cards)
    if mine and action:
        verb = tr(f"tower_{action.split()[0]}")
        return clickable(action, tr("tower_action", action=action, verb=verb, label=label),
                         "".join(body))
    return clickable(None, label, "".join(body))
