"""The terminal picture of a Skytopia position (rich markup), drawn from a seat's view: the
Chronometer with its costs, the Market with its golems, every city's Towers, coins and PP,
and the pending decision.

Every word comes from the ``skytopia`` catalogue in the translator's language (the web
board's keys and its glossary of cards, Guild Masters, Foundations and Ability tiles,
``render.*`` for the terminal's own lines): cards and tiles by name, never by code;
seats numbered from 1, as people count.

Symbols: ``✱`` marks the build value of the Chronometer (a golem showing it completes its
card now); ``seat 2:5 (2 rd)`` is seat 2's golem showing 5, two rounds from completing;
``⚙`` introduces the golems on a card; ``g1: 2 (4 coins, 2 rd)`` offers a golem on the
Market's g1 showing 2 for 4 coins, completing in 2 rounds.

>>> from towerplay import games
>>> view = games.load("skytopia").start(players=2, seed=1).view(0)
>>> "Chronometer" in draw(view) and "seat 1 (you)" in draw(view)
True
>>> "GLD-" in draw(view, Translator("skytopia", "pl"))
False
"""
from __future__ import annotations

from rich.markup import escape

from towerplay.games.skytopia.board import card_info, effect_words
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.views import SkytopiaView, side_text
from towerplay.i18n import Translator, seat_label

STYLE = {"blue": "bold blue", "gold": "bold yellow", "red": "bold dark_orange",
         "purple": "bold magenta"}
SEAT_STYLE = ("cyan", "green", "red", "white")
GOLEMS = 5


def _seat(view: SkytopiaView, p: int, tr: Translator) -> str:
    return f"[{SEAT_STYLE[p % 4]}]{escape(seat_label(view, p, tr))}[/]"


def _card(view: SkytopiaView, ident: str, tr: Translator) -> str:
    """A card by its name (and crest), in its colour."""
    info = card_info(view, ident)
    name = tr.term(info["name"])
    words = tr("card_crest", name=name, crest=info["crest"]) if info.get("crest") else \
        tr("card", name=name)
    return f"[{STYLE.get(info['colour'], 'default')}]{escape(words)}[/]"


def _when(rounds: int, tr: Translator) -> str:
    return tr("completes_now") if rounds == 0 else tr("rounds_short", count=rounds)


def chronometer(view: SkytopiaView, tr: Translator) -> list[str]:
    """The dial from the build symbol: value, cost in coins, rounds to complete."""
    heads = [tr("render.value"), tr("render.cost"), tr("render.rounds")]
    width = max(len(head) for head in heads)
    values, costs, rounds = ([head.ljust(width)] for head in heads)
    for distance, value in enumerate(view["chronometer"]):
        cost = view["costs"][str(value)]
        values.append(f"{value:>4}")
        costs.append("   ✱" if cost is None else f"{cost:>4}")
        rounds.append("   -" if distance == 0 else f"{distance:>4}")
    return [f"[bold]{escape(tr('render.chronometer'))}[/]",
            "  " + "".join(values), "  " + "".join(costs), "  " + "".join(rounds)]


def market(view: SkytopiaView, tr: Translator) -> list[str]:
    """Each Market space: its card and the golems on it."""
    decks = ", ".join(tr("deck", colour=tr.term(c), n=n)
                      for c, n in zip(COLOURS, view["deck_sizes"], strict=True))
    lines = [f"[bold]{escape(tr('render.market', decks=decks))}[/]"]
    for name, slot in view["market"].items():
        text = _card(view, slot["card"], tr) if slot["card"] else f"[dim]{tr('empty')}[/]"
        golems = ", ".join(f"{_seat(view, owner, tr)}:{value}[dim]({_when(rounds, tr)})[/]"
                           for (owner, value), rounds
                           in zip(slot["golems"], slot["rounds"], strict=True))
        lines.append(f"  {name}  {text}" + (f"  ⚙ {golems}" if golems else ""))
    return lines


def cities(view: SkytopiaView, tr: Translator) -> list[str]:
    """Every city: coins, PP, golems at home, its ability and its four Towers."""
    lines = []
    for p, city in enumerate(view["cities"]):
        head = tr("city_head", seat="\0", coins=tr("coins", count=city["coins"]),
                  pp=city["pp"], golems=city["golems_on_board"], total=GOLEMS, marks="")
        lines.append(escape(head).replace("\0", _seat(view, p, tr)))
        ability_text = city["ability_text"]
        if city["ability"] is not None and ability_text is not None:
            ability = tr("ability_line", text=tr.term(ability_text))
            lines.append(f"    {escape(ability)}")
        for colour, tower in city["towers"].items():
            cards = " | ".join(_card(view, ident, tr) for ident in tower) or "[dim]-[/]"
            lines.append(f"    [{STYLE[colour]}]{escape(tr.term(colour)):>9}[/]: "
                         f"{escape(tr('foundation_short'))} | {cards}")
    return lines


def placements(view: SkytopiaView, tr: Translator) -> list[str]:
    """The seat to move's placement choices, Market space by space: value (cost,
    rounds)."""
    chosen: dict[str, list[int]] = {}
    for action in view.get("legal", []):
        if action.startswith("place "):
            name, value = action[6:].split(":")
            chosen.setdefault(name, []).append(int(value))
    if not chosen:
        return []
    rounds = {value: distance for distance, value in enumerate(view["chronometer"])}
    lines = [f"[bold]{escape(tr('render.placements'))}[/]"]
    for name, values in chosen.items():
        lines.append(f"  {name}: " + "  ".join(
            f"{v} ({tr('coins', count=view['costs'][str(v)])}, "
            f"{tr('rounds_short', count=rounds[v])})" for v in values))
    return lines


def abilities(view: SkytopiaView, tr: Translator) -> list[str]:
    """What each Ability tile and side does, while tiles or sides are being chosen."""
    tiles = view.get("ability_tiles")
    if not tiles:
        return []
    mover = view["to_move"]
    if view["phase"] == "ability draft":
        title = tr("draft_title")
        shown = [(f"draft t{list(tiles).index(t) + 1}", t) for t in view["draft_pool"] or []]
    else:  # the side choice: the tile of the seat choosing
        title = tr("sides_title", seat=seat_label(view, mover, tr))
        chosen = view["cities"][mover]["ability"] if mover is not None else None
        tile = chosen[:-1] if chosen is not None else None
        shown = [("", tile)] if tile in tiles else []  # (its sides are the actions)
    lines = [f"[bold]{escape(title)}[/]"]
    for label, ident in shown:
        info = tiles[ident]
        colour = f"[{STYLE[info['colour']]}]{escape(tr.term(info['colour']))}[/]"
        heading = escape(tr("tile_title", colour="\0")).replace("\0", colour)
        lines.append(f"  {label}: {heading}" if label else f"  {heading}")
        sides = [tr("side_label", side=side, words=tr.term(side_text(info, side)))
                 for side in ("a", "b")]
        lines += [f"      {escape(side)}" for side in sides]
    return lines


def breakdown(view: SkytopiaView, tr: Translator) -> list[str]:
    """The end screen: every seat's final score by source."""
    lines = [f"[bold]{escape(tr('render.by_source'))}[/]"]
    for p, parts in enumerate(view.get("breakdown", [])):
        text = " + ".join(f"{escape(str(label))} {points}" for label, points in parts)
        lines.append(f"  {_seat(view, p, tr)}: {text} = [bold]{view['scores'][p]}[/]")
    return lines


def headline(view: SkytopiaView, tr: Translator) -> str:
    """The round, its first player, and who moves in which phase (or the winners)."""
    final = tr("final_round", n=view["final_round"]) if view["final_round"] else ""
    head = tr("headline", round=view["round"], final=final, first=view["first_player"] + 1)
    if view["is_over"]:
        names = ", ".join(seat_label(view, w, tr) for w in view["winners"])
        turn = tr("game_over", names=names)
    else:
        turn = tr("turn_line", who=seat_label(view, view["to_move"], tr),
                  phase=tr.term(view["phase"]))
    return f"[bold]{escape(head)}[/] · {escape(turn)}"


def draw(view: SkytopiaView, tr: Translator | None = None) -> str:
    """Everything the view shows, in ``tr``'s language; the face-down decks show only
    their sizes."""
    tr = tr or Translator("skytopia", "en")
    lines = [headline(view, tr)]
    if view["provisional"]:
        lines.append(f"[dim]{escape(tr('render.provisional'))}[/]")
    lines += chronometer(view, tr)
    lines += market(view, tr)
    lines.append(f"[bold]{escape(tr('guild_masters'))}[/]:")
    lines += [f"  {escape(tr.term(text))}" for text in view["guild_texts"]]
    lines.append(f"[bold]{escape(tr('foundations_title'))}[/]: " + "; ".join(
        escape(tr("with_crest", name=tr.term(name), crest=crest))
        for name, crest in zip(view["foundations"], view["foundation_crests"], strict=True)))
    lines += cities(view, tr)
    if view["pending"]:
        now = tr("now_effect", effect=effect_words(view["pending"]["effect"], tr))
        lines.append(f"[bold]{escape(now)}[/]")
    if view["completed"]:
        lines.append(f"[bold]{escape(tr('render.completed'))}[/]: "
                     + ", ".join(_card(view, ident, tr) for ident in view["completed"]))
    lines += abilities(view, tr)
    lines += placements(view, tr)
    if view["is_over"]:
        lines += breakdown(view, tr)
        scores = ", ".join(f"{_seat(view, p, tr)} {score:g}"
                           for p, score in enumerate(view["scores"]))
        lines.append(f"[bold]{escape(tr('render.final_scores'))}[/]: {scores}")
    return "\n".join(lines)


DRAWS_BREAKDOWN = True
"""The end screen above shows the score breakdown (the terminal need not add it)."""
