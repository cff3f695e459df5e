"""The terminal picture of a 5 Towers position (rich markup), drawn from a seat's view.

Symbols: each tower is a column, bottom card at the bottom; ``▲0`` is a tower top (a 0:
the tower is capped and scores double); the discard pile is face up; after the reshuffle
the second draw pile's cards are known (not their order) and listed per suit; torn-down
cards are named after each seat's count.

Every word comes from the ``five_towers`` catalogue in the translator's language (the web
board's keys where the board says the same thing, ``render.*`` for the terminal's own
lines); seats are numbered from 1, as people count.

>>> from towerplay import games
>>> view = games.load("five_towers").start(players=2, seed=1).view(0)
>>> "Seat 1 (you)" in draw(view)
True
>>> "Miejsce 1 (ty)" in draw(view, Translator("five_towers", "pl"))
True
"""
from __future__ import annotations

from towerplay.games.five_towers import scoring
from towerplay.games.five_towers.cards import SUITS
from towerplay.games.five_towers.views import FiveTowersView
from towerplay.i18n import Translator, seat_label

COLOURS = {"candy": "hot_pink", "scary": "medium_purple1", "tree": "green3",
           "scrap": "grey62", "sand": "yellow"}


def card_markup(name: str, tr: Translator) -> str:
    """A card as coloured text, e.g. ``[yellow]sand7[/]`` (its suit and value as the
    board names them)."""
    suit = name.rstrip("0123456789")
    text = tr("card", suit=tr.term(suit), value=name[len(suit):])
    return f"[{COLOURS.get(suit, 'default')}]{text}[/]"


def cards_line(names: list[str], tr: Translator) -> str:
    """Cards as coloured text in one line (``(empty)`` if none)."""
    return " ".join(card_markup(name, tr) for name in names) or f"[dim]{tr('empty_display')}[/]"


def towers_block(towers: dict[str, list[int]], tr: Translator) -> list[str]:
    """One player's towers as five columns, bottom card at the bottom, caps marked ▲."""
    width = max(7, *(len(tr.term(s)) + 1 for s in SUITS))
    lines = ["  " + "".join(f"[{COLOURS[s]}]{tr.term(s):^{width}}[/]" for s in SUITS)]
    height = max((len(t) for t in towers.values()), default=0)
    for row in range(height - 1, -1, -1):
        cells = []
        for suit in SUITS:
            tower = towers.get(suit, [])
            if row < len(tower):
                text = f"▲{tower[row]}" if tower[row] == 0 else str(tower[row])
                cells.append(f"[{COLOURS[suit]}]{text:^{width}}[/]")
            else:
                cells.append(" " * width)
        lines.append("  " + "".join(cells))
    if not height:
        lines.append(f"  [dim]{tr('render.no_towers')}[/]")
    return lines


def bids_line(view: FiveTowersView, tr: Translator) -> str:
    """This round's bids in bidding order, from the start player."""
    players, opener = view["players"], view["opener"]
    parts = []
    for i in range(players):
        seat = (opener + i) % players
        bid = view["bids"][seat]
        text = ("—" if bid is None else tr("passed") if bid == "pass"
                else tr("bid_made", n=bid))
        mark = f" ({tr('note.opens')})" if seat == opener else ""
        parts.append(f"{seat_label(view, seat, tr)}{mark}: [bold]{text}[/]")
    return tr("render.bids", bids=" · ".join(parts))


def doing(view: FiveTowersView, tr: Translator) -> str:
    """What the auction's winner does now."""
    if view["phase"] == "take":
        return tr("doing.take", count=view["to_take"])
    return tr(f"doing.{view['phase']}")


def draw(view: FiveTowersView, tr: Translator | None = None) -> str:
    """What the view shows, in ``tr``'s language: round, piles, display, bids, the
    builder's hand, all towers."""
    tr = tr or Translator("five_towers", "en")
    over = view["is_over"]
    pile = tr("second_pile" if view["pile"] == 2 else "first_pile")
    head = "[bold]" + tr("render.headline", round=view["round"], pile=pile,
                         draw=view["draw_size"], discard=len(view["discard"])) + "[/]"
    if view["final_round"] and not over:
        head += f" — [bold red]{tr('final_round')}[/]"
    lines = [head, tr("render.discard", cards=cards_line(view["discard"], tr))]
    if view["pile"] == 2 and not over:
        lines.append(tr("render.draw_holds", cards=suits_line(view["draw_cards"], tr)))
    if not over:
        lines.append(f"{tr('display_heading', n=len(view['display']))}: "
                     f"{cards_line(view['display'], tr)}")
        lines.append(bids_line(view, tr))
    if view["phase"] in ("take", "teardown", "place"):
        lines.append(tr("render.builder", seat=seat_label(view, view["builder"], tr),
                        doing=doing(view, tr), cards=cards_line(view["hand"], tr)))
    to_move = view["to_move"]
    caps = view["rebid_caps"]
    if view["phase"] == "bid" and to_move is not None and caps[to_move] is not None:
        lines.append("[red]" + tr("render.rebid", seat=seat_label(view, to_move, tr),
                                  cap=caps[to_move]) + "[/]")
    if view.get("unbuildable_bids"):
        lines.append(unbuildable_line(view["unbuildable_bids"], tr))
    for p in range(view["players"]):
        torn = view["torn"][p]
        parts = [tr("score", score=f"{view['score'][p]:g}"),
                 tr("torn_down", count=torn, cost=scoring.teardown_penalty(torn))]
        names = f": {cards_line(view['torn_cards'][p], tr)}" if torn else ""
        turn = f" ← {tr('mark_to_move')}" if p == to_move else ""
        lines.append(f"[bold]{seat_label(view, p, tr)}[/] — {', '.join(parts)}{names}{turn}")
        lines += towers_block(view["towers"][p], tr)
    if over and "breakdown" in view:
        lines += final_scores(view, tr)
    return "\n".join(lines)


def suits_line(cards: dict[str, list[int]], tr: Translator) -> str:
    """A multiset of cards per suit, e.g. ``sand 3 7 7 · tree 1``."""
    parts = [f"[{COLOURS[suit]}]{tr.term(suit)} {' '.join(map(str, values))}[/]"
             for suit, values in cards.items()]
    return " · ".join(parts) or f"[dim]{tr('empty_display')}[/]"


def unbuildable_line(bids: list[int], tr: Translator) -> str:
    """Why the highest bids are missing from the legal list (``rebid=feasible``)."""
    if len(bids) == 1:
        shown = tr("render.unbuildable", n=bids[0])
    else:
        shown = tr("render.unbuildable_range", low=bids[0], high=bids[-1])
    return f"[yellow]{shown}[/]"


def final_scores(view: FiveTowersView, tr: Translator) -> list[str]:
    """The end screen's score sheet: each seat's rows as the rulebook adds them up."""
    scores, winners = view["scores"], view["winners"]
    lines = ["", f"[bold]{tr('render.final')}[/]"]
    for seat, parts in enumerate(view["breakdown"]):
        won = f" — [bold green]{tr('winner')}[/]" if seat in winners else ""
        lines.append(f"  {seat_label(view, seat, tr)}: [bold]{scores[seat]:g}[/]{won}")
        width = max((len(label) for label, _ in parts), default=0)
        lines += [f"    {label.ljust(width)} {points:>3}" for label, points in parts]
    return lines


DRAWS_BREAKDOWN = True
"""The end screen above shows the score breakdown (the terminal need not add it)."""
